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

/// `ludopia sim` playing one game of `preset` and writing its proof to `path`.
fn sim_with_proof(preset: &str, path: &str) -> Command {
    let mut sim = Command::new(env!("CARGO_BIN_EXE_ludopia"));
    let seats = ["--seats", "normal,easy,normal", "--games", "1", "--seed", "7"];
    sim.args(["sim", "--preset", preset]).args(seats).args(["--proof", path]);
    sim
}

fn write_proof(path: &Path, preset: &str) {
    let out = sim_with_proof(preset, path.to_str().expect("utf-8 path")).output().expect("run ludopia");
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

/// `seats` among `--rules` chooses the colours that play, as in scripts:
/// red against its neighbour green, not the two opposite seats a table of
/// two takes otherwise (red and yellow).
#[test]
fn seats_in_the_house_rules_choose_the_colours() {
    let dir = scratch();
    let path = dir.path().join("neighbours.json");
    let path = path.to_str().expect("utf-8 path");
    for (rules, playing, not) in
        [(r#"{"seats": ["red", "green"]}"#, "green", "yellow"), ("{}", "yellow", "green")]
    {
        let args = ["sim", "--preset", "race", "--seats", "normal,normal", "--games", "3", "--seed", "5"];
        let out = ludopia(&[&args[..], &["--rules", rules, "--proof", path]].concat());
        assert!(out.status.success(), "{rules}: {}", String::from_utf8_lossy(&out.stderr));
        let (code, verdict) = verify(Path::new(path));
        assert_eq!(code, 0, "{verdict}");
        let over = verdict.lines().find(|l| l.starts_with("over: ")).expect("the game ended");
        assert!(over.contains("red") && over.contains(playing) && !over.contains(not), "{rules}: {over}");
    }
}

/// `--proof` with a bare file name writes it in the working folder (whose
/// path is empty as the name's parent) and succeeds.
#[test]
fn a_proof_named_without_a_folder_lands_in_the_working_folder() {
    let dir = scratch();
    let out = sim_with_proof("classic", "game.json").current_dir(dir.path()).output().expect("run ludopia");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (code, verdict) = verify(&dir.path().join("game.json"));
    assert_eq!(code, 0, "{verdict}");
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

/// A game at a table with a guest's seat, played honestly for a while by
/// the library's table (the guest's signed reveals fed in as its client
/// sends them): the host's key, the table and the guest's chain.
fn table_with_a_guest() -> (ludopia::fair::Identity, ludopia::table::Table) {
    use ludopia::bots::Strategy;
    use ludopia::fair::{Chain, Commitment, Identity, Reveal, SignedReveal};
    use ludopia::rules::{Preset, Seat};
    use ludopia::table::{CHAIN_LEN, Control, Input, Participant, Table, TableConfig, Timing, game_nonce};
    let host = Identity::from_secret(&[1; 32]);
    let guest = Identity::from_secret(&[2; 32]);
    let entropy = [3; 32];
    let seat = Seat::ALL[1];
    let chain = Chain::new(game_nonce(&entropy), seat, &[4; 32], CHAIN_LEN);
    let mut remote = [None; 4];
    remote[1] = Some(Commitment { key: guest.public_key(), anchor: chain.anchor() });
    let config = TableConfig {
        rules: Preset::Race.rules(),
        seats: [
            Control::Bot(Strategy::Normal),
            Control::Person { owner: Participant(1) },
            Control::Empty,
            Control::Empty,
        ],
        host: Participant::LOCAL,
        timing: Timing::INSTANT,
        chain_len: CHAIN_LEN,
    };
    let mut table = Table::new(config, Identity::from_secret(&[1; 32]), entropy, remote, 0).expect("table");
    let sig = table.genesis().sign(&guest);
    table.handle(0, Input::GenesisSigned { from: Participant(1), seat, sig }).expect("signed");
    for now in 1..400u64 {
        let state = *table.state();
        let k = state.next_roll;
        let link = chain.link(k).expect("a link");
        let reveal = SignedReveal::new(&guest, &Reveal { game_id: table.genesis().game_id(), seat, k, link });
        let _ = table.handle(now, Input::Reveal(reveal));
        if state.game.to_act() == Some(seat) {
            let act = match state.game.phase() {
                ludopia::rules::Phase::Roll => ludopia::table::Act::Roll,
                _ => match state.game.legal_moves().iter().next() {
                    Some(m) => ludopia::table::Act::Move { pawn: m.pawn },
                    None => continue,
                },
            };
            let _ = table.handle(now, Input::Intent { from: Participant(1), seat, act });
        }
        if table.entries().len() > 30 {
            break;
        }
    }
    (host, table)
}

#[test]
fn a_roll_that_leaves_a_live_seat_out_is_refused_at_its_entry_with_a_reason() {
    use ludopia::fair::{SignedEntry, log::Body};
    use ludopia::table::{Record, RollProof};
    let (host, table) = table_with_a_guest();
    let mut proof = table.proof();
    // The host re-signs a roll with the guest's link left out: a face it
    // could pick, were the contributors its to choose.
    let at = proof
        .entries
        .iter()
        .position(|e| matches!(e.body.decode().map(|b| b.content), Ok(Record::Roll { .. })))
        .expect("a roll");
    let body: Body<Record> = proof.entries[at].body.decode().expect("body");
    let Record::Roll { seat, face, proof: roll, by } = body.content else { panic!("not a roll") };
    let mut links = roll.links;
    links[1] = None;
    let mask = roll.mask.without(ludopia::rules::Seat::ALL[1]);
    let forged = Record::Roll { seat, face, proof: RollProof { mask, links, ..roll }, by };
    proof.entries[at] = SignedEntry::sign(&host, &Body { content: forged, ..body });
    proof.entries.truncate(at + 1);
    let dir = scratch();
    let path = dir.path().join("left-out.ludoproof");
    std::fs::write(&path, proof.to_postcard()).expect("write");
    let (code, out) = verify(&path);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with(&format!("invalid at entry {}: ", at + 1)), "{out}");
    assert!(out.contains("the live chains are"), "the reason names the live set: {out}");
    // The table's seats 0 and 1 play red and green: the second line says so.
    assert_eq!(out.lines().nth(1), Some("seat 0 is red, seat 1 is green"), "{out}");
}

#[test]
fn two_entries_for_one_place_in_a_proof_are_reported_as_equivocation() {
    use ludopia::fair::{Equivocation, Evidence, SignedEntry, log::Body};
    use ludopia::table::{PauseReason, Record};
    let (host, table) = table_with_a_guest();
    let mut proof = table.proof();
    let last = proof.entries.last().expect("entries").clone();
    let body: Body<Record> = last.body.decode().expect("body");
    let other =
        SignedEntry::sign(&host, &Body { content: Record::Pause { reason: PauseReason::Host }, ..body });
    proof.evidence.push(Evidence::Equivocation(Equivocation { a: last, b: other }));
    let dir = scratch();
    let path = dir.path().join("two-logs.json");
    std::fs::write(&path, proof.to_json().expect("json")).expect("write");
    let (code, out) = verify(&path);
    assert_eq!(code, 0, "the log itself verifies: {out}");
    let seq = proof.entries.len();
    assert!(out.contains(&format!("the host equivocated at entry {seq}")), "{out}");
}
