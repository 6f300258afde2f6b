//! The replica a guest (or a spectator, or the offline verifier) keeps: it
//! starts from the signed genesis (or a host-signed snapshot) and checks
//! every log entry: the host's signature and the hash chain (fair), then
//! the transition itself by re-applying the record through the same reducer
//! and comparing state hashes. A host that lies about a roll or a move, or
//! signs two different entries for one place, is caught with evidence.

use super::record::Record;
use super::state::{TableError, TableState};
use crate::fair::log::Body;
use crate::fair::{
    AppendError, At, Digest, GenesisError, Invalid, LogVerifier, Proof, ProofError, SignedEntry,
    SignedGenesis, SignedSnapshot, SnapshotError, SnapshotVerdict, Valid, VerifiedGenesis,
};
use crate::rules::Events;

/// Why an entry was refused.
pub type EntryRefused = AppendError<Record, TableError>;

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

    /// The verified entries held (every one, for a replica from the genesis).
    pub fn entries(&self) -> &[SignedEntry<Record>] {
        self.log.entries()
    }

    /// The newest verified entry's number and hash.
    pub fn head(&self) -> (u64, Digest) {
        self.log.head()
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

/// Checks a whole proof offline: the genesis and its signatures, every
/// entry's signature, chain and transition. The verdict, and the state the
/// valid log leads to.
pub fn verify_proof(proof: &Proof<Record>) -> Result<(Valid, TableState), Invalid<TableError>> {
    let mut last: Option<TableState> = None;
    let valid = proof.verify_handing_over(
        |genesis| {
            let mut state = TableState::genesis(genesis.genesis(), genesis.game_id())?;
            last = Some(state);
            let last = &mut last;
            Ok(move |body: &Body<Record>| {
                state = check_transition(&state, body)?.0;
                *last = Some(state);
                Ok(())
            })
        },
        hands_over,
    )?;
    match last {
        Some(state) => Ok((valid, state)),
        None => Err(Invalid { at: At::Genesis, reason: ProofError::Setup(TableError::NotStarted) }),
    }
}
