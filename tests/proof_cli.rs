//! `ludopia sim --proof` and `ludopia verify` through the binary: a signed
//! bots' game verifies; any flipped byte, a lying face or a swapped
//! signature fails with a reason; unreadable files exit 2.

use std::path::Path;
use std::process::{Command, Output};

fn ludopia(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludopia")).args(args).output().expect("run ludopia")
}

/// A folder for one test's files, removed when the test ends.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("ludopia-proof-").tempdir().expect("temp dir")
}

fn write_proof(path: &Path, preset: &str) {
    let out = ludopia(&[
        "sim",
        "--preset",
        preset,
        "--seats",
        "normal,easy,normal",
        "--games",
        "1",
        "--seed",
        "7",
        "--proof",
        path.to_str().expect("utf-8 path"),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

fn verify(path: &Path) -> (i32, String) {
    let out = ludopia(&["verify", path.to_str().expect("utf-8 path")]);
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn a_simulated_game_proof_verifies_in_both_forms() {
    let dir = scratch();
    for preset in ["classic", "palace"] {
        for name in [format!("{preset}.ludoproof"), format!("{preset}.json")] {
            let path = dir.path().join(&name);
            write_proof(&path, preset);
            let (code, out) = verify(&path);
            assert_eq!(code, 0, "{name}: {out}");
            assert!(out.starts_with("valid through entry "), "{out}");
            assert!(out.contains("over: "), "the game ended: {out}");
        }
    }
}

#[test]
fn every_flipped_byte_of_a_binary_proof_fails() {
    let dir = scratch();
    let path = dir.path().join("flip.ludoproof");
    write_proof(&path, "classic");
    let bytes = std::fs::read(&path).expect("proof");
    let flipped = dir.path().join("flipped.ludoproof");
    // A spread of positions through the genesis, entries and signatures.
    let step = (bytes.len() / 97).max(1);
    for at in (0..bytes.len()).step_by(step) {
        let mut copy = bytes.clone();
        copy[at] ^= 0x10;
        std::fs::write(&flipped, &copy).expect("write");
        let (code, out) = verify(&flipped);
        assert!(code == 1 || code == 2, "byte {at} flipped still verifies: {out}");
        if code == 1 {
            assert!(out.starts_with("invalid at "), "byte {at}: {out}");
        }
    }
}

#[test]
fn a_lying_face_in_the_json_proof_is_caught_at_its_entry() {
    let dir = scratch();
    let path = dir.path().join("lie.json");
    write_proof(&path, "plaza");
    let text = std::fs::read_to_string(&path).expect("proof");
    let at = text.find("\"face\": ").expect("a roll");
    let digit = at + "\"face\": ".len();
    let face = &text[digit..digit + 1];
    let other = if face == "1" { "2" } else { "1" };
    let lie = format!("{}{}{}", &text[..digit], other, &text[digit + 1..]);
    let liar = dir.path().join("liar.json");
    std::fs::write(&liar, lie).expect("write");
    let (code, out) = verify(&liar);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("invalid at entry "), "{out}");
}

#[test]
fn unreadable_files_exit_2_with_a_message() {
    let dir = scratch();
    let junk = dir.path().join("junk.ludoproof");
    std::fs::write(&junk, b"not a proof at all").expect("write");
    let out = ludopia(&["verify", junk.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a readable proof"));
    let out = ludopia(&["verify", "/nonexistent/proof"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}
