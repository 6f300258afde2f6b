//! The command line through the real binary, one test binary for all of
//! it: `ludopia --version` (`version`), `ludopia LINK` (`invite`), `ludopia
//! sim` (`sim`), `ludopia sim --proof` and `ludopia verify` (`proof`); here,
//! the presets and bot levels every subcommand takes. (`ludopia script` and
//! the engine have `tests/script_cli.rs`, `host` and `join` at play
//! `tests/headless.rs`.)

#[path = "cli/invite.rs"]
mod invite;
#[path = "cli/proof.rs"]
mod proof;
#[path = "cli/sim.rs"]
mod sim;
#[path = "cli/version.rs"]
mod version;

use std::path::Path;
use std::process::Command;

/// Runs `ludopia args` with its profile at `home`, which must exit 2
/// (refused before anything else happens); its standard error.
fn refused(args: &[&str], home: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ludopia"))
        .args(args)
        .env("LUDOPIA_HOME", home)
        .output()
        .expect("ludopia runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    stderr
}

/// A preset or a bot level the command line does not know exits 2 naming
/// it, before anything else happens (no profile opened, no network).
#[test]
fn an_unknown_preset_or_level_exits_2_in_host_and_join() {
    let home = std::env::temp_dir().join(format!("ludopia-cli-{}", std::process::id()));
    let cases: [(&[&str], &str); 4] = [
        (&["host", "--headless", "--preset", "chess"], "chess"),
        (&["host", "--headless", "--preset", "QUICK"], "QUICK"),
        (&["join", "--headless", "ABCDEF", "--bot", "expert"], "expert"),
        (&["join", "--headless", "ABCDEF", "--bot", "Hard"], "Hard"),
    ];
    for (args, says) in cases {
        let stderr = refused(args, &home);
        assert!(stderr.contains(says), "{args:?} should name {says}: {stderr}");
        assert!(stderr.contains("[possible values:"), "{args:?} should list what it takes: {stderr}");
    }
    assert!(!home.exists(), "no profile was made");
}

/// `seats` in `host --rules` sets how many seats the table has: `--bots`
/// beyond them, or too few colours, exit 2 before any network.
#[test]
fn a_host_of_two_colours_has_at_most_one_bot_more() {
    let home = std::env::temp_dir().join(format!("ludopia-cli-seats-{}", std::process::id()));
    let two = r#"{"seats": ["red", "green"]}"#;
    let cases: [(&[&str], &str); 3] = [
        (&["host", "--headless", "--rules", two, "--bots", "2"], "--bots is 0 to 1"),
        (&["host", "--headless", "--rules", r#"{"seats": ["blue"]}"#], "2 to 4 colours"),
        (
            &["host", "--headless", "--rules", r#"{"seats": ["red", "yellow"], "teams": "opposite"}"#],
            "teams = opposite needs all four seats",
        ),
    ];
    for (args, says) in cases {
        let stderr = refused(args, &home);
        assert!(stderr.contains(says), "{args:?} should say {says}: {stderr}");
    }
    assert!(!home.exists(), "no profile was made");
}

/// A relay is reserved with and asked by its peer id: `--relay` without
/// one exits 2 with a message, as `--bootstrap` does, before any network.
#[test]
fn a_relay_address_without_its_peer_id_exits_2() {
    let home = std::env::temp_dir().join(format!("ludopia-cli-relay-{}", std::process::id()));
    for command in [&["host", "--headless"][..], &["join", "--headless", "ABCDEF"]] {
        let args = [command, &["--relay", "/ip4/192.0.2.1/tcp/4001", "--bootstrap", "none"]].concat();
        let stderr = refused(&args, &home);
        assert!(stderr.contains("relay address ends with /p2p/"), "{command:?}: {stderr}");
    }
    assert!(!home.exists(), "no profile was made");
}

/// `--proof` where no file can be written (its folder is a file, or it is
/// a folder) exits 2 before the game, not with a warning after it.
#[test]
fn a_proof_that_cannot_be_written_is_refused_before_the_game() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("afile");
    std::fs::write(&file, b"not a folder").expect("a file");
    let home = dir.path().join("home");
    let under_a_file = file.join("game.ludoproof");
    let cases = [(under_a_file.as_path(), "no folder"), (dir.path(), "is a folder")];
    for command in [&["host", "--headless", "--bots", "3"][..], &["join", "--headless", "ABCDEF"]] {
        for (path, says) in cases {
            let path = path.to_str().expect("a UTF-8 path");
            let args = [command, &["--proof", path, "--bootstrap", "none"]].concat();
            let stderr = refused(&args, &home);
            assert!(stderr.contains("--proof") && stderr.contains(says), "{args:?}: {stderr}");
        }
    }
    assert!(!home.exists(), "no profile was made");
}

/// A port another program holds: the relay and a host exit 1 saying why,
/// not with the transport's bare "cannot listen on ...: ".
#[test]
fn a_port_in_use_is_named_with_its_reason() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let addr = format!("/ip4/127.0.0.1/tcp/{}", taken.local_addr().expect("its address").port());
    let home = tempfile::tempdir().expect("a profile folder");
    for command in [&["relay"][..], &["host", "--headless", "--bots", "3"]] {
        let args = [command, &["--listen", &addr, "--bootstrap", "none"]].concat();
        let out = Command::new(env!("CARGO_BIN_EXE_ludopia"))
            .args(&args)
            .env("LUDOPIA_HOME", home.path())
            .output()
            .expect("ludopia runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(&format!("cannot listen on {addr}: ")), "{args:?}: {stderr}");
        assert!(stderr.contains("in use"), "{args:?} should say why: {stderr}");
    }
}

/// `ludopia` with no display to open its window on says so and exits 1:
/// with none named, before trying; with one named that no server serves,
/// once iced fails to start (no crash, exit 101, either way).
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn no_display_is_an_error_not_a_crash() {
    let home = tempfile::tempdir().expect("a profile folder");
    for display in [None, Some(":87")] {
        let mut ludopia = Command::new(env!("CARGO_BIN_EXE_ludopia"));
        ludopia.env("LUDOPIA_HOME", home.path()).env_remove("WAYLAND_DISPLAY").env_remove("DISPLAY");
        if let Some(display) = display {
            ludopia.env("DISPLAY", display);
        }
        let out = ludopia.output().expect("ludopia runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{display:?}: {stderr}");
        assert!(stderr.contains("ludopia: the window could not"), "{display:?}: {stderr}");
    }
}
