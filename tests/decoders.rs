//! The fuzz targets' corpora on stable: every checked-in seed
//! (`fuzz/corpus/<target>/`) and every input a fuzz run once crashed on
//! (`fuzz/regressions/<target>/`) goes through the very function its
//! target calls (`ludopia::untrusted`), with no sanitizer build. Seeds are
//! real files and messages, so each must be accepted; a crash file must
//! come back as a value, whatever it is. Damaged seeds (bytes flipped,
//! cut short) must come back as errors or values, never a panic.
//!
//! `LUDOPIA_WRITE_CORPUS=1 cargo test --test decoders` writes the seeds
//! again from a real game, after a deliberate format change.

use ludopia::untrusted::{Fixture, TARGETS, Target};
use std::path::{Path, PathBuf};

fn dir(kind: &str, target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(kind).join(target)
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let Ok(listing) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<(String, Vec<u8>)> = listing
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), bytes)
        })
        .collect();
    out.sort();
    out
}

fn target(name: &str) -> Target {
    match TARGETS.iter().find(|(n, _)| *n == name) {
        Some((_, target)) => *target,
        None => panic!("no fuzz target {name}"),
    }
}

/// Byte flips and truncations of `bytes` at up to `n` places spread over it.
fn damaged(bytes: &[u8], n: usize) -> impl Iterator<Item = Vec<u8>> + '_ {
    let step = (bytes.len() / n).max(1);
    (0..bytes.len()).step_by(step).flat_map(move |i| {
        let mut flipped = bytes.to_vec();
        flipped[i] ^= 0x5a;
        [flipped, bytes[..i].to_vec()]
    })
}

fn check(name: &str) {
    if std::env::var_os("LUDOPIA_WRITE_CORPUS").is_some() {
        seeds::write(name);
    }
    let decode = target(name);
    let seeds = files(&dir("corpus", name));
    assert!(!seeds.is_empty(), "no seeds for {name} in {}", dir("corpus", name).display());
    for (file, bytes) in &seeds {
        if let Err(why) = decode(bytes) {
            panic!("{name}: the seed {file} is refused: {why}");
        }
        for bytes in damaged(bytes, 24) {
            // A value or an error; a panic fails the test.
            let _ = decode(&bytes);
        }
    }
    for (file, bytes) in files(&dir("regressions", name)) {
        let outcome = std::panic::catch_unwind(|| decode(&bytes));
        assert!(outcome.is_ok(), "{name}: the regression {file} panics again");
    }
    for garbage in [&b""[..], b"\xff\xff\xff\xff", b"{\"version\": 1}x", b"not a message"] {
        assert!(decode(garbage).is_err(), "{name} accepts garbage {garbage:?}");
    }
}

#[test]
fn wire() {
    check("wire");
}

#[test]
fn entry() {
    check("entry");
}

#[test]
fn genesis() {
    check("genesis");
}

#[test]
fn proof_binary() {
    check("proof_binary");
}

#[test]
fn proof_json() {
    check("proof_json");
}

#[test]
fn snapshot() {
    check("snapshot");
}

#[test]
fn ticket() {
    check("ticket");
}

#[test]
fn handover() {
    check("handover");
}

#[test]
fn config_files() {
    check("config_files");
}

#[test]
fn data_files() {
    check("data_files");
}

/// Each target has its test here and its fuzz target in `fuzz/`, which
/// calls into `ludopia::untrusted`.
#[test]
fn every_target_is_checked_here() {
    let here = include_str!("decoders.rs");
    let manifest = include_str!("../fuzz/Cargo.toml");
    for (name, _) in TARGETS {
        assert!(here.contains(&format!("check(\"{name}\")")), "{name} has no test");
        assert!(manifest.contains(&format!("name = \"{name}\"")), "{name} is not in fuzz/Cargo.toml");
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("fuzz/fuzz_targets/{name}.rs"));
        let fuzz = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(fuzz.contains("ludopia::untrusted::"), "{} calls no function of untrusted", path.display());
    }
}

/// The seeds, from the fixture's real game and the profile's own writers.
mod seeds {
    use super::*;
    use ludopia::fair::canonical::encode;
    use ludopia::fair::log::Body;
    use ludopia::fair::{
        Commitment, Digest, Equivocation, Evidence, Head, Proof, Reveal, SignedEntry, SignedHead,
        SignedReveal, SignedSnapshot, Snapshot,
    };
    use ludopia::net::wire::{Request, Response, TableInfo};
    use ludopia::net::{RoomCode, Ticket};
    use ludopia::profile::network::{NetGame, Role};
    use ludopia::profile::saves::GameMeta;
    use ludopia::profile::{Home, Profile, Settings};
    use ludopia::rules::{Preset, Seat};
    use ludopia::table::succession::{Branch, Vote};
    use ludopia::table::{
        Act, Again, Answer, Beat, Denial, Member, Offer, Position, Reach, Reaction, Record, Roster, ToGuest,
        ToHost, ToPeer, Watching,
    };

    pub fn write(name: &str) {
        let out = dir("corpus", name);
        if out.exists() {
            std::fs::remove_dir_all(&out).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
        }
        std::fs::create_dir_all(&out).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
        for (file, bytes) in make(name) {
            let path = out.join(format!("seed-{file}"));
            std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }

    fn make(name: &str) -> Vec<(String, Vec<u8>)> {
        let f = Fixture::get();
        match name {
            "wire" => wire(f),
            "entry" => spread(&f.proof.entries, 24)
                .map(|(i, e)| (format!("entry-{i}"), e.body.bytes().to_vec()))
                .collect(),
            "genesis" => vec![("classic-four-bots".into(), f.proof.genesis.genesis.bytes().to_vec())],
            "proof_binary" => proofs(f, f.proof.entries.len())
                .map(|(n, p)| (format!("{n}.ludoproof"), p.to_postcard()))
                .collect(),
            "proof_json" => proofs(f, 120).map(|(n, p)| (format!("{n}.json"), json(&p))).collect(),
            "snapshot" => spread(&f.states, 12)
                .map(|(i, state)| {
                    let after =
                        if i == 0 { f.proof.genesis.game_id() } else { f.proof.entries[i - 1].hash() };
                    let s = Snapshot {
                        game_id: f.proof.genesis.game_id(),
                        version: i as u64,
                        after,
                        state: *state,
                    };
                    (format!("after-{i}"), encode(&s))
                })
                .collect(),
            "ticket" => vec![
                ("ticket".into(), ticket().to_string().into_bytes()),
                ("room-code".into(), RoomCode::from_seed(7).to_string().into_bytes()),
            ],
            "handover" => {
                let token = ludopia::ui::handover::Token(Digest(ludopia::untrusted::HANDOVER_TOKEN));
                vec![("line".into(), ludopia::ui::handover::request(&token, &ticket()).into_bytes())]
            }
            "config_files" => {
                profile_files(f, &["config/profile.json", "config/settings.json", "data/identity.key"])
            }
            "data_files" => {
                profile_files(f, &["data/saves/game.json", "data/saves/network.json", "data/history"])
            }
            _ => panic!("no seeds for {name}"),
        }
    }

    /// Up to `n` items spread over `items`, with their indices.
    fn spread<T>(items: &[T], n: usize) -> impl Iterator<Item = (usize, &T)> {
        let step = (items.len() / n).max(1);
        items.iter().enumerate().step_by(step)
    }

    fn json(proof: &Proof<Record>) -> Vec<u8> {
        proof.to_json().unwrap_or_else(|e| panic!("{e}")).into_bytes()
    }

    /// The game's first 12 and first `long` entries, and the first 12 with
    /// evidence against the host: another entry 12 it signed, which the
    /// rules refuse (its state hash is wrong).
    fn proofs(f: &Fixture, long: usize) -> impl Iterator<Item = (String, Proof<Record>)> {
        let cut = |n: usize| {
            let mut proof = f.proof.clone();
            proof.entries.truncate(n);
            proof
        };
        let mut caught = cut(12);
        let Ok(body) = caught.entries[11].body.decode() else { panic!("the fixture's entry 12") };
        let other = SignedEntry::sign(&f.host, &Body { state_hash: Digest([0; 32]), ..body });
        caught
            .evidence
            .push(Evidence::Equivocation(Equivocation { a: caught.entries[11].clone(), b: other.clone() }));
        caught.evidence.push(Evidence::Refused(other));
        [
            ("classic-12-entries".to_string(), cut(12)),
            (format!("classic-{long}-entries"), cut(long)),
            ("classic-12-entries-with-evidence".to_string(), caught),
        ]
        .into_iter()
    }

    fn ticket() -> Ticket {
        let key =
            |b: u8| libp2p::identity::Keypair::ed25519_from_bytes([b; 32]).map(|k| k.public().to_peer_id());
        let (Ok(peer), Ok(relay)) = (key(7), key(9)) else { panic!("keys") };
        let addrs = [
            "/ip4/192.0.2.2/tcp/4001".to_string(),
            format!("/ip4/198.51.100.10/udp/4001/quic-v1/p2p/{relay}/p2p-circuit"),
        ];
        Ticket::new(peer, addrs.iter().filter_map(|a| a.parse().ok()))
    }

    fn roster() -> Roster {
        let member = |name: &str| Some(Member { name: name.into(), reach: Reach::from(&ticket()) });
        Roster { seats: [member("Lan"), member("Zahra"), None, member("Tariq")], creator: Some(Seat::ALL[0]) }
    }

    /// A message of every kind a peer sends, carrying the game's real entries.
    fn wire(f: &Fixture) -> Vec<(String, Vec<u8>)> {
        let game_id = f.proof.genesis.game_id();
        let entries = f.proof.entries[..3].to_vec();
        let head = Position { seq: 3, hash: entries[2].hash() };
        let branch = Branch { epoch: 0, host: Seat::ALL[0], since: 0, members: 3, counted: 1 };
        let seat = Seat::ALL[1];
        let reveal = SignedReveal::new(&f.seats[1], &Reveal { game_id, seat, k: 1, link: Digest([5; 32]) });
        let signed_head = SignedHead::new(&f.seats[1], &Head { game_id, seat, seq: 3, entry: head.hash });
        let info = TableInfo {
            host_name: "Lan".into(),
            preset: Preset::Classic,
            rules: Preset::Classic.rules(),
            free: vec![Seat::ALL[2]],
            players: vec!["Lan".into(), "Zahra".into()],
            listed: true,
            watching: 0,
        };
        let requests = [
            ("join", Request::Host(ToHost::Join { name: "Zahra".into(), colour: Some(seat) })),
            (
                "commit",
                Request::Host(ToHost::Commit {
                    seat,
                    commitment: Commitment { key: f.seats[1].public_key(), anchor: Digest([4; 32]) },
                    reach: Reach::from(&ticket()),
                }),
            ),
            ("signed", Request::Host(ToHost::Signed(f.proof.genesis.sign(&f.seats[1])))),
            ("intent", Request::Host(ToHost::Intent { at: 3, act: Act::Roll })),
            ("reveal", Request::Host(ToHost::Reveal(reveal.clone()))),
            ("rejoin", Request::Host(ToHost::Rejoin { head, tail: entries.clone() })),
            ("watch", Request::Host(ToHost::Watch { name: "Omar".into(), head: Some(head) })),
            ("reserve", Request::Host(ToHost::Reserve(seat))),
            ("sign", Request::Guest(ToGuest::Sign(f.proof.genesis.clone()))),
            (
                "sealed",
                Request::Guest(ToGuest::Sealed {
                    genesis: f.proof.genesis.clone(),
                    roster: roster(),
                    again: Again::Planned(1),
                }),
            ),
            (
                "entries",
                Request::Guest(ToGuest::Entries {
                    beat: Beat { branch, head, settled: 2 },
                    entries: entries.clone(),
                }),
            ),
            ("again", Request::Guest(ToGuest::Again(Offer { seat, nonce: Digest([6; 32]), chain_len: 8 }))),
            ("head", Request::Peer(ToPeer::Head { head: signed_head, entry: Some(entries[2].clone()) })),
            ("peer-reveal", Request::Peer(ToPeer::Reveal(reveal))),
            ("lost", Request::Peer(ToPeer::Lost { vote: Vote { epoch: 1, holds: 0 }, tail: entries })),
            ("react", Request::React(Reaction::Laugh)),
            ("query", Request::TableQuery { code: Some(RoomCode::from_seed(7)) }),
        ];
        let responses = [
            (
                "welcome",
                Response::Answer(Answer::Welcome {
                    seat,
                    rules: Preset::Classic.rules(),
                    nonce: Digest([1; 32]),
                    chain_len: 8,
                }),
            ),
            ("holds", Response::Answer(Answer::Holds(head))),
            (
                "watching",
                Response::Answer(Answer::Watching(Box::new(Watching {
                    genesis: f.proof.genesis.clone(),
                    roster: roster(),
                    snapshot: Some(SignedSnapshot::sign(
                        &f.host,
                        &Snapshot { game_id, version: 3, after: head.hash, state: f.states[3] },
                    )),
                }))),
            ),
            ("not-begun", Response::Answer(Answer::NotBegun)),
            ("follows", Response::Answer(Answer::Follows(branch))),
            ("refused", Response::Answer(Answer::Refused(Denial::ColourTaken(seat)))),
            ("table-info", Response::TableInfo(info)),
            ("incompatible", Response::Incompatible(2)),
        ];
        let requests =
            requests.into_iter().map(|(n, r)| (format!("request-{n}"), ludopia::net::wire::encode(&r)));
        let responses =
            responses.into_iter().map(|(n, r)| (format!("response-{n}"), ludopia::net::wire::encode(&r)));
        requests.chain(responses).collect()
    }

    /// The profile's files as its own writers write them, for the fixture's game.
    fn profile_files(f: &Fixture, wanted: &[&str]) -> Vec<(String, Vec<u8>)> {
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let home = Home::at(root.path());
        let game_id = f.proof.genesis.game_id();
        let ok = |r: Result<(), ludopia::profile::ProfileError>| r.unwrap_or_else(|e| panic!("{e}"));
        ok(home.save_profile(&Profile { name: "Lan".into(), colour: [0x4a, 0x90, 0xe2] }));
        ok(home.save_settings(&Settings {
            language: Some("vi".into()),
            pawn_marks: true,
            ..Settings::default()
        }));
        if let Err(e) = home.identity() {
            panic!("{e}");
        }
        let names = ["Lan".into(), "Zahra".into(), "Tariq".into(), "Minh".into()];
        let meta = GameMeta {
            game_id,
            entropy: Digest(f.entropy),
            config: f.config.clone(),
            names,
            started_at: 1_700_000_000,
        };
        // Filing a finished game forgets the saved one: file it first.
        if let Err(e) = home.record_finished(&meta, &f.proof, 1_700_000_600) {
            panic!("{e}");
        }
        ok(home.begin_save(&meta));
        let role = Role::Guest { seat: Seat::ALL[1], secret: Digest([6; 32]), bot: None };
        let net = NetGame {
            game_id,
            role,
            host: ticket().to_string(),
            code: RoomCode::from_seed(7).to_string(),
            roster: roster(),
            name: "Zahra".into(),
            started_at: 1_700_000_000,
        };
        ok(home.save_net_game(&net));
        let mut out = Vec::new();
        for rel in wanted {
            let path = root.path().join(rel);
            let paths: Vec<PathBuf> = if path.is_dir() {
                files(&path)
                    .into_iter()
                    .filter(|(n, _)| n.ends_with(".json"))
                    .map(|(n, _)| path.join(n))
                    .collect()
            } else {
                vec![path]
            };
            for path in paths {
                let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                out.push((name, bytes));
            }
        }
        out
    }
}
