//! Every way bytes from outside enter the program (another peer, a file, a
//! paste), one function per fuzz target. The targets in `fuzz/` run these
//! under libFuzzer; `tests/decoders.rs` feeds them the checked-in corpora on
//! stable, so CI checks the same code without a sanitizer build.
//!
//! Each function decodes the bytes as the program does and goes on as it
//! would (a proof is verified, a saved game resumed): refused bytes are an
//! `Err`, never a panic. A value that decodes but does not round-trip is a
//! bug, and is asserted so the fuzzer reports it.
//!
//! A lying host signs whatever it likes, which a fuzzer cannot forge; so
//! the entry, genesis and snapshot targets take the signed *content* and
//! sign it themselves with the keys of a real game ([`Fixture`]): what the
//! replica does with hostile content behind a valid signature is tested too.

use crate::bots::Strategy;
use crate::fair::canonical;
use crate::fair::log::Body;
use crate::fair::{Genesis, Identity, Proof, SignedEntry, SignedGenesis, SignedSnapshot, Snapshot, tagged};
use crate::net::wire;
use crate::net::{RoomCode, Ticket};
use crate::profile::{self, history, network, saves};
use crate::rules::{Preset, Seat};
use crate::table::{CHAIN_LEN, Control, Participant, Record, Replica, TableConfig, TableState, Timing};
use crate::ui::driver::{Driver, host_key};
use std::fmt::Display;
use std::sync::OnceLock;

/// A decoder as a fuzz target runs it.
pub type Target = fn(&[u8]) -> Result<(), String>;

/// Every target by name: the folder names under `fuzz/corpus/`.
pub const TARGETS: &[(&str, Target)] = &[
    ("wire", wire),
    ("entry", entry),
    ("genesis", genesis),
    ("proof_binary", proof),
    ("proof_json", proof),
    ("snapshot", snapshot),
    ("ticket", ticket),
    ("handover", handover),
    ("config_files", config_files),
    ("data_files", data_files),
];

fn why(e: impl Display) -> String {
    e.to_string()
}

/// A frame from a peer, read as a request and as a response.
pub fn wire(bytes: &[u8]) -> Result<(), String> {
    let request = wire::decode_request(bytes).map(|request| {
        assert_eq!(wire::decode_request(&wire::encode(&request)).as_ref(), Ok(&request));
    });
    let response = wire::decode_response(bytes).map(|response| {
        assert_eq!(wire::decode_response(&wire::encode(&response)).as_ref(), Ok(&response));
    });
    request.or(response).map_err(why)
}

/// A proof file in either form, as `ludopia verify` and the history read it.
pub fn proof(bytes: &[u8]) -> Result<(), String> {
    let proof = Proof::<Record>::read(bytes).map_err(why)?;
    assert_eq!(Proof::<Record>::read(&proof.to_postcard()).as_ref(), Ok(&proof));
    crate::table::verify_proof(&proof).map(|_| ()).map_err(why)
}

/// The content of an entry, signed by the fixture's host and taken by a
/// replica at the place its `seq` names (from a snapshot there).
pub fn entry(bytes: &[u8]) -> Result<(), String> {
    let body: Body<Record> = canonical::decode(bytes).map_err(why)?;
    let fixture = Fixture::get();
    let before = usize::try_from(body.seq.saturating_sub(1)).unwrap_or(usize::MAX);
    let mut replica = fixture.replica_after(before.min(fixture.states.len() - 1))?;
    replica.apply(SignedEntry::sign(&fixture.host, &body)).map(|_| ()).map_err(why)
}

/// A genesis, re-keyed to the fixture's identities and signed by every
/// seat, as a replica and the proof verifier start from it.
pub fn genesis(bytes: &[u8]) -> Result<(), String> {
    let mut genesis: Genesis = canonical::decode(bytes).map_err(why)?;
    let ids = &Fixture::get().seats;
    for (commitment, id) in genesis.seats.iter_mut().zip(ids) {
        if let Some(c) = commitment {
            c.key = id.public_key();
        }
    }
    let mut signed = SignedGenesis::new(&genesis);
    for (seat, id) in Seat::ALL.into_iter().zip(ids) {
        if genesis.seats[seat.index()].is_some() {
            let sig = signed.sign(id);
            signed.add(seat, sig);
        }
    }
    Replica::new(&signed).map_err(why)?;
    let proof = Proof { genesis: signed, entries: Vec::new(), reveals: Vec::new(), evidence: Vec::new() };
    crate::table::verify_proof(&proof).map(|_| ()).map_err(why)
}

/// A snapshot signed by the fixture's host: a replica from the genesis
/// considers it, and one that started from it checks the game's next
/// entries against its state.
pub fn snapshot(bytes: &[u8]) -> Result<(), String> {
    let taken: Snapshot<TableState> = canonical::decode(bytes).map_err(why)?;
    let fixture = Fixture::get();
    let signed = SignedSnapshot::sign(&fixture.host, &taken);
    let mut replica = fixture.replica_after(0)?;
    replica.consider(&signed).map_err(why)?;
    let mut late = Replica::from_snapshot(&fixture.proof.genesis, &signed).map_err(why)?;
    let next = usize::try_from(taken.version).unwrap_or(usize::MAX);
    for entry in fixture.proof.entries.iter().skip(next).take(8) {
        // Refusals are expected: a forged state meets the real game's entries.
        let _ = late.apply(entry.clone());
    }
    Ok(())
}

/// A pasted invite: a ticket or a room code.
pub fn ticket(bytes: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(bytes).map_err(why)?;
    let ticket = text.parse::<Ticket>().map(|t| assert_eq!(t.to_string().parse::<Ticket>().as_ref(), Ok(&t)));
    let code =
        text.parse::<RoomCode>().map(|c| assert_eq!(c.to_string().parse::<RoomCode>().as_ref(), Ok(&c)));
    match (ticket, code) {
        (Ok(()), _) | (_, Ok(())) => Ok(()),
        (Err(t), Err(c)) => Err(format!("{t}; {c}")),
    }
}

/// The token the `handover` target's lines are read with (its seeds carry it).
pub const HANDOVER_TOKEN: [u8; 32] = [0x4c; 32];

/// A line on the channel a running window takes invite links by
/// (`ui::handover`): from any program on this computer.
pub fn handover(bytes: &[u8]) -> Result<(), String> {
    use crate::ui::handover::{Token, read_request, request};
    let token = Token(crate::fair::Digest(HANDOVER_TOKEN));
    let ticket = read_request(bytes, &token).map_err(why)?;
    assert_eq!(read_request(request(&token, &ticket).as_bytes(), &token).as_ref(), Ok(&ticket));
    Ok(())
}

/// The files in the config folder and the identity key: the profile, the
/// settings and the key file, each read from the same bytes.
pub fn config_files(bytes: &[u8]) -> Result<(), String> {
    let results = [
        profile::decode_profile(bytes).map(drop),
        profile::decode_settings(bytes).map(drop),
        profile::decode_identity(bytes).map(drop),
    ];
    any_ok(results)
}

/// The files in the data folder: a saved game (its table set up again, as
/// the window resumes it), a saved network game and a history summary.
pub fn data_files(bytes: &[u8]) -> Result<(), String> {
    let meta = saves::decode_meta(bytes).and_then(|meta| {
        let resumed = Driver::resumed(meta.config, meta.entropy.0, &[]);
        resumed.map(drop).map_err(|e| profile::Problem::Damaged(e.to_string()))
    });
    let results = [meta, network::decode_net_game(bytes).map(drop), history::decode_summary(bytes).map(drop)];
    any_ok(results)
}

/// Ok when some reading accepted the bytes, else every reading's reason.
fn any_ok<const N: usize>(results: [Result<(), profile::Problem>; N]) -> Result<(), String> {
    if results.iter().any(Result::is_ok) {
        return Ok(());
    }
    let reasons: Vec<String> =
        results.into_iter().filter_map(Result::err).map(|p| format!("{p:?}")).collect();
    Err(reasons.join("; "))
}

/// A finished game at a local table of four bots, with the keys that
/// signed it: the entry, genesis and snapshot targets sign with them, and
/// the seed corpora come from its log.
pub struct Fixture {
    pub config: TableConfig,
    /// The table's entropy; its host key is the window's [`host_key`] of it.
    pub entropy: [u8; 32],
    pub host: Identity,
    /// Keys for a re-keyed genesis's seats.
    pub seats: [Identity; 4],
    pub proof: Proof<Record>,
    /// The state after each entry (index 0: the start).
    pub states: Vec<TableState>,
}

impl Fixture {
    pub fn get() -> &'static Fixture {
        static FIXTURE: OnceLock<Fixture> = OnceLock::new();
        FIXTURE.get_or_init(Fixture::play)
    }

    fn play() -> Fixture {
        let key = |i: u8| Identity::from_secret(&tagged(crate::fair::hash::TAG_FUZZ_KEY, &[&[i]]).0);
        let config = TableConfig {
            rules: Preset::Classic.rules(),
            seats: [Control::Bot(Strategy::Normal); 4],
            host: Participant::LOCAL,
            timing: Timing::INSTANT,
            chain_len: CHAIN_LEN,
        };
        let entropy = tagged(crate::fair::hash::TAG_FUZZ_ENTROPY, &[]).0;
        // A fixed config of four bots always plays to its end: nothing outside decides it.
        let table = match Driver::here(config.clone(), entropy) {
            Ok(table) => table,
            Err(e) => panic!("the fixture's table: {e}"),
        };
        let mut replica = match Replica::new(table.genesis()) {
            Ok(replica) => replica,
            Err(e) => panic!("the fixture's genesis: {e}"),
        };
        let mut states = vec![*replica.state()];
        for entry in table.logged() {
            if let Err(e) = replica.apply(entry.clone()) {
                panic!("the fixture's log: {e}");
            }
            states.push(*replica.state());
        }
        let host = host_key(&entropy);
        let proof = match table.resumable() {
            Some(kept) => kept.proof,
            None => panic!("the fixture's table runs here"),
        };
        Fixture { config, entropy, host, seats: [0, 1, 2, 3].map(key), proof, states }
    }

    /// A replica that holds the game through entry `n`, from a snapshot there.
    pub fn replica_after(&self, n: usize) -> Result<Replica, String> {
        let after = match n.checked_sub(1).and_then(|i| self.proof.entries.get(i)) {
            Some(entry) => entry.hash(),
            None => self.proof.genesis.game_id(),
        };
        let state = *self.states.get(n).ok_or("no such place in the fixture")?;
        let snapshot = Snapshot { game_id: self.proof.genesis.game_id(), version: n as u64, after, state };
        Replica::from_snapshot(&self.proof.genesis, &SignedSnapshot::sign(&self.host, &snapshot)).map_err(why)
    }
}
