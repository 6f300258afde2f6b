//! `ludopia LINK` (as the desktop entry and the Windows installer start it
//! for a `ludopia://` link): a link that cannot be used exits 2 with why,
//! before any window opens; a word that is no command says so; a good
//! link goes to the window already running, and exits 0.

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

#[test]
fn a_link_goes_to_the_running_window_and_a_damaged_one_never_does() {
    use ludopia::net::Ticket;
    use std::time::Duration;
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    // The running window's end of the channel, as ui::run opens it.
    let listener = ludopia::ui::handover::Listener::open(home.data_dir()).expect("listening");
    let (tx, taken) = std::sync::mpsc::channel();
    let _file = listener.serve(move |ticket| tx.send(ticket).is_ok()).expect("serving");
    let ticket =
        Ticket::new(libp2p::PeerId::random(), vec!["/ip4/192.0.2.7/tcp/4001".parse().expect("address")]);
    let link = |arg: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_ludopia"))
            .arg(arg)
            .env("LUDOPIA_HOME", dir.path())
            .output()
            .expect("ludopia runs");
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let (code, stdout) = link("ludopia://join/ludo1damaged");
    assert_eq!(code, Some(2), "{stdout}");
    let (code, stdout) = link(&ticket.link());
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("the running Ludopia took the invite"), "{stdout}");
    assert_eq!(taken.recv_timeout(Duration::from_secs(5)), Ok(ticket), "the window has the link's ticket");
    assert!(taken.try_recv().is_err(), "and only that: the damaged link never reached it");
}
