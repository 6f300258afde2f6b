//! `ludopia LINK` (as the desktop entry and the Windows installer start it
//! for a `ludopia://` link): a link that cannot be used exits 2 with why,
//! before any window opens; a word that is no command says so.

use std::process::Command;

fn run(arg: &str) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ludopia")).arg(arg).output().expect("ludopia runs");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_damaged_invite_link_exits_2_saying_why() {
    let (code, stderr) = run("ludopia://join/ludo1damaged");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("this invite link cannot be used: the invite ticket is damaged"), "{stderr}");
    let (code, stderr) = run("ludopia://host/ludo1abc");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("an invite link starts with \"ludopia://join/\""), "{stderr}");
}

#[test]
fn a_word_that_is_neither_a_command_nor_a_link_exits_2() {
    let (code, stderr) = run("verfy");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("'verfy' is neither a command nor an invite link"), "{stderr}");
}
