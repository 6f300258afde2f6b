//! The replica a guest (or a spectator, or the offline verifier) keeps: it
//! starts from the signed genesis (or a host-signed snapshot) and checks
//! every log entry: the host's signature and the hash chain (fair), then
//! the transition itself by re-applying the record through the same reducer
//! and comparing state hashes. A host that lies about a roll or a move, or
//! signs two different entries for one place, is caught with evidence.

use super::message::Position;
use super::record::Record;
use super::state::{TableError, TableState};
use crate::fair::Genesis;
use crate::fair::log::Body;
use crate::fair::{
    AppendError, At, Digest, EntryError, GenesisError, Invalid, LogVerifier, Proof, ProofError, SignedEntry,
    SignedGenesis, SignedSnapshot, SnapshotError, SnapshotVerdict, Valid, VerifiedGenesis,
};
use crate::rules::Events;

/// Why an entry was refused.
pub type EntryRefused = AppendError<Record, TableError>;

/// Why a replica could not be taken back ([`Replica::roll_back`]).
#[derive(Debug)]
pub enum RollBackError {
    Genesis(GenesisError),
    /// A kept entry did not verify from the genesis.
    Entry(Box<EntryRefused>),
}

pub struct Replica {
    genesis: VerifiedGenesis,
    log: LogVerifier<Record>,
    state: TableState,
}

/// The seat an entry hands the log to, if it is a hand-over.
fn hands_over(body: &Body<Record>) -> Option<crate::rules::Seat> {
    body.content.hands_over()
}

/// One entry's transition, as every replica checks it: the record applies
/// to the state, and the result has the hash the host signed.
pub fn check_transition(state: &TableState, body: &Body<Record>) -> Result<(TableState, Events), TableError> {
    let (next, events) = state.apply(&body.content)?;
    if next.hash() != body.state_hash {
        return Err(TableError::StateHash);
    }
    Ok((next, events))
}

impl Replica {
    /// A replica at the start of the game: the genesis must carry every
    /// seat's valid signature.
    pub fn new(genesis: &SignedGenesis) -> Result<Replica, GenesisError> {
        let verified = genesis.verify()?;
        let state = TableState::genesis(verified.genesis(), verified.game_id())
            .map_err(|_| GenesisError::NoPlayers)?;
        Ok(Replica { log: LogVerifier::new(&verified), genesis: verified, state })
    }

    /// A replica that starts from a host-signed snapshot (a late joiner or
    /// a spectator) and verifies forward from there.
    pub fn from_snapshot(
        genesis: &SignedGenesis,
        snapshot: &SignedSnapshot<TableState>,
    ) -> Result<Replica, SnapshotError> {
        let verified = genesis.verify().map_err(|_| SnapshotError::WrongGame { found: Digest::default() })?;
        let taken = snapshot.verify(&verified)?;
        let log = LogVerifier::resume(&verified, taken.version, taken.after);
        Ok(Replica { genesis: verified, log, state: taken.state })
    }

    pub fn state(&self) -> &TableState {
        &self.state
    }

    pub fn genesis(&self) -> &VerifiedGenesis {
        &self.genesis
    }

    /// The seat of the table's creator (the genesis host): first in the
    /// succession.
    pub fn creator(&self) -> crate::rules::Seat {
        self.genesis.genesis().host
    }

    /// The verified entries held (every one, for a replica from the genesis).
    pub fn entries(&self) -> &[SignedEntry<Record>] {
        self.log.entries()
    }

    /// The verified entry `seq`, if held.
    pub fn entry(&self, seq: u64) -> Option<&SignedEntry<Record>> {
        self.log.entry(seq)
    }

    /// The key that signed entry `seq`.
    pub fn signer_of(&self, seq: u64) -> Option<crate::fair::Verifier> {
        self.log.signer_of(seq)
    }

    /// The newest verified entry's number and hash.
    pub fn head(&self) -> (u64, Digest) {
        self.log.head()
    }

    /// [`Replica::head`] as a position, as peers tell each other heads.
    pub fn position(&self) -> Position {
        let (seq, hash) = self.head();
        Position { seq, hash }
    }

    /// Checks the next entry; a bad one changes nothing and comes back with
    /// the reason (or equivocation evidence).
    pub fn apply(&mut self, entry: SignedEntry<Record>) -> Result<Events, EntryRefused> {
        let state = self.state;
        let (next, events) =
            self.log.append_handing_over(entry, hands_over, |body| check_transition(&state, body))?;
        self.state = next;
        Ok(events)
    }

    /// What to make of a snapshot: ignore one older than the head (after
    /// checking it against the log where they overlap), or start over from
    /// a newer one.
    pub fn consider(&mut self, snapshot: &SignedSnapshot<TableState>) -> Result<(), SnapshotError> {
        if let SnapshotVerdict::Newer(taken) = snapshot.against(&self.genesis, &self.log)? {
            self.log = LogVerifier::resume(&self.genesis, taken.version, taken.after);
            self.state = taken.state;
        }
        Ok(())
    }

    /// Takes this replica back to its first `keep` entries and returns the
    /// ones after them. A verified log has no undo, so the kept entries are
    /// verified again from `genesis`; a replica begun at a snapshot cannot
    /// be, and is left as it is.
    pub fn roll_back(
        &mut self,
        genesis: &SignedGenesis,
        keep: usize,
    ) -> Result<Vec<SignedEntry<Record>>, RollBackError> {
        let entries = self.entries();
        if keep >= entries.len() {
            return Ok(Vec::new());
        }
        let mut replica = Replica::new(genesis).map_err(RollBackError::Genesis)?;
        for entry in &entries[..keep] {
            replica.apply(entry.clone()).map_err(|e| RollBackError::Entry(Box::new(e)))?;
        }
        let dropped = entries[keep..].to_vec();
        *self = replica;
        Ok(dropped)
    }

    /// The game as verified so far, as a proof file.
    pub fn proof(&self, genesis: &SignedGenesis) -> Proof<Record> {
        Proof {
            genesis: genesis.clone(),
            entries: self.log.entries().to_vec(),
            reveals: Vec::new(),
            evidence: Vec::new(),
        }
    }
}

/// Which colour each seat of `proof`'s game plays, as `seat 0 is red,
/// seat 1 is green`: a reason [`verify_proof`] gives names seats by number.
/// `None` when the genesis does not verify.
pub fn seat_colours(proof: &Proof<Record>) -> Option<String> {
    let genesis = proof.genesis.verify().ok()?;
    let Genesis { rules, players, .. } = genesis.genesis();
    let seats: Vec<String> = players.iter().map(|s| format!("{s} is {}", rules.colour_of(s))).collect();
    Some(seats.join(", "))
}

/// Checks a whole proof offline: the genesis and its signatures, every
/// entry's signature, chain and transition. The verdict, and the state the
/// valid log leads to.
pub fn verify_proof(proof: &Proof<Record>) -> Result<(Valid, TableState), Invalid<TableError>> {
    let valid = proof.verify_handing_over(
        |genesis| {
            let mut state = TableState::genesis(genesis.genesis(), genesis.game_id())?;
            Ok(move |body: &Body<Record>| {
                state = check_transition(&state, body)?.0;
                Ok(())
            })
        },
        hands_over,
    )?;
    // The log verified: replay it once more for its end state, and check
    // that each hidden-reveal claim names a missed-link record of that link.
    let genesis =
        proof.genesis.verify().map_err(|e| Invalid { at: At::Genesis, reason: ProofError::Genesis(e) })?;
    let setup = |e| Invalid { at: At::Genesis, reason: ProofError::Setup(e) };
    let mut state = TableState::genesis(genesis.genesis(), genesis.game_id()).map_err(setup)?;
    for entry in &proof.entries {
        let body = entry.body.decode().map_err(|e| Invalid {
            at: At::Genesis,
            reason: ProofError::Entry(EntryError::NotCanonical(e)),
        })?;
        state = check_transition(&state, &body).map_err(setup)?.0;
    }
    for (seq, reveal) in &valid.withheld {
        let names = proof
            .entries
            .get(usize::try_from(seq - 1).unwrap_or(usize::MAX))
            .and_then(|e| e.body.decode().ok())
            .is_some_and(|b| matches!(b.content, Record::Missed { seat, k, .. } if seat == reveal.seat && k == reveal.k));
        if !names {
            return Err(Invalid { at: At::Entry(*seq), reason: ProofError::NotWithheld { seq: *seq } });
        }
    }
    Ok((valid, state))
}
