//! The host-signed, hash-chained game log, and the checker every replica
//! runs over it.
//!
//! Entry `seq` (1, 2, ...) names the game, the hash of entry `seq - 1` (the
//! game id for entry 1), what happened (`content`, the table's type) and the
//! hash of the state after it. The host signs `H_entry(body bytes)`.

use super::canonical::{self, Canonical, CanonicalError};
use super::genesis::VerifiedGenesis;
use super::hash::Digest;
use super::sign::{Batch, Context, Identity, Signature, SignatureError, Verifier};
use crate::rules::Seat;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Body<C> {
    pub game_id: Digest,
    pub seq: u64,
    pub prev: Digest,
    pub content: C,
    /// `H_state` of the state after applying `content`.
    pub state_hash: Digest,
}

/// Derives would demand `C: Clone + PartialEq + Debug`; an entry only
/// holds bytes, so these impls do not.
#[derive(Serialize, Deserialize)]
#[serde(bound = "C: Serialize + DeserializeOwned")]
pub struct SignedEntry<C> {
    pub body: Canonical<Body<C>>,
    pub sig: Signature,
}

impl<C> Clone for SignedEntry<C> {
    fn clone(&self) -> Self {
        SignedEntry { body: self.body.clone(), sig: self.sig }
    }
}

impl<C> PartialEq for SignedEntry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.body == other.body && self.sig == other.sig
    }
}

impl<C> Eq for SignedEntry<C> {}

impl<C> fmt::Debug for SignedEntry<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SignedEntry").field("body", &self.body).field("sig", &self.sig).finish()
    }
}

impl<C: Serialize + DeserializeOwned> SignedEntry<C> {
    /// The host's signing of a body.
    pub fn sign(host: &Identity, body: &Body<C>) -> SignedEntry<C> {
        let body = Canonical::new(body);
        let sig = host.sign(Context::Entry, body.bytes());
        SignedEntry { body, sig }
    }

    /// `H_entry(body bytes)`: what the next entry's `prev` names.
    pub fn hash(&self) -> Digest {
        Context::Entry.body_hash(self.body.bytes())
    }
}

/// Why an entry is not the next one of this log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryError {
    NotCanonical(CanonicalError),
    WrongGame {
        found: Digest,
    },
    /// The very entry already held: harmless, to be ignored.
    Duplicate {
        seq: u64,
    },
    /// An older sequence number than the head, with other bytes.
    Replayed {
        seq: u64,
        head: u64,
    },
    /// Not the next sequence number.
    OutOfOrder {
        expected: u64,
        found: u64,
    },
    /// `prev` is not the hash of the previous entry.
    WrongPrev {
        expected: Digest,
        found: Digest,
    },
    BadSignature(SignatureError),
    /// The entry hands the log to a seat with no key in the genesis.
    NoSigner(Seat),
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::NotCanonical(e) => write!(f, "entry bytes: {e}"),
            EntryError::WrongGame { found } => write!(f, "entry for another game ({found})"),
            EntryError::Duplicate { seq } => write!(f, "entry {seq} again"),
            EntryError::Replayed { seq, head } => {
                write!(f, "entry {seq} replayed after entry {head}")
            }
            EntryError::OutOfOrder { expected, found } => {
                write!(f, "entry {found} where entry {expected} was due")
            }
            EntryError::WrongPrev { expected, found } => {
                write!(f, "previous-entry hash {found} is not {expected}")
            }
            EntryError::BadSignature(e) => write!(f, "host signature: {e}"),
            EntryError::NoSigner(seat) => write!(f, "the log is handed to {seat}, which has no key"),
        }
    }
}

impl std::error::Error for EntryError {}

/// Why [`LogVerifier::append`] refused an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppendError<C, E> {
    Entry(EntryError),
    /// The host signed two different entries with this sequence number.
    Equivocation(Box<Equivocation<C>>),
    /// The caller's transition check failed.
    Transition(E),
}

impl<C: Serialize + DeserializeOwned, E: fmt::Display> fmt::Display for AppendError<C, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppendError::Entry(e) => e.fmt(f),
            AppendError::Equivocation(e) => {
                write!(f, "the host signed two different entries {}", e.seq_hint())
            }
            AppendError::Transition(e) => write!(f, "transition: {e}"),
        }
    }
}

impl<C: Serialize + DeserializeOwned + fmt::Debug, E: fmt::Debug + fmt::Display> std::error::Error
    for AppendError<C, E>
{
}

/// A replica's copy of the log: checks each entry against its head and
/// keeps the accepted ones (for equivocation evidence and snapshots).
#[derive(Clone, Debug)]
pub struct LogVerifier<C> {
    game_id: Digest,
    /// The key that signs now: the genesis host's until a hand-over.
    host: Verifier,
    /// Every seat's genesis key: who a hand-over may name.
    seats: [Option<Verifier>; 4],
    /// Sequence number and hash of the last entry not held (the genesis,
    /// or the snapshot this replica started from).
    base: (u64, Digest),
    /// Sequence number and hash of the newest entry (`base` when none).
    head: (u64, Digest),
    entries: Vec<SignedEntry<C>>,
    /// From which entry on each key signed (a hand-over changes it).
    signers: Vec<(u64, Verifier)>,
    /// Entry signatures left for [`LogVerifier::settle`], with the sequence
    /// number of the first: a whole proof's are checked as one batch.
    deferred: Option<(u64, Batch)>,
}

impl<C: Serialize + DeserializeOwned> LogVerifier<C> {
    /// An empty log, right after the genesis.
    pub fn new(genesis: &VerifiedGenesis) -> LogVerifier<C> {
        LogVerifier::resume(genesis, 0, genesis.game_id())
    }

    /// A log that starts after entry `seq`, whose hash is `hash` (a verified
    /// snapshot's `version` and `after`).
    pub fn resume(genesis: &VerifiedGenesis, seq: u64, hash: Digest) -> LogVerifier<C> {
        LogVerifier {
            game_id: genesis.game_id(),
            host: *genesis.host(),
            seats: Seat::ALL.map(|s| genesis.genesis().seat(s).and_then(|c| c.key.verifier().ok())),
            base: (seq, hash),
            head: (seq, hash),
            entries: Vec::new(),
            signers: vec![(seq + 1, *genesis.host())],
            deferred: None,
        }
    }

    /// This log with its entries' signatures left unchecked until
    /// [`LogVerifier::settle`], for a verifier that reads a whole log at
    /// once (a proof). Entries are taken, and their transitions run, before
    /// their signatures are known good: only for logs whose outcome waits
    /// for the settlement.
    pub fn deferring(mut self) -> LogVerifier<C> {
        self.deferred = Some((self.head.0 + 1, Batch::default()));
        self
    }

    /// Checks the signatures left since [`LogVerifier::deferring`], and
    /// checks later ones at once again. The error names the first entry
    /// whose signature fails, as checking them one by one would have.
    pub fn settle(&mut self) -> Result<(), (u64, EntryError)> {
        let Some((first, batch)) = self.deferred.take() else { return Ok(()) };
        batch.verify().map_err(|i| (first + i as u64, EntryError::BadSignature(SignatureError::BadSignature)))
    }

    pub fn game_id(&self) -> Digest {
        self.game_id
    }

    pub fn host(&self) -> &Verifier {
        &self.host
    }

    /// Sequence number and hash of the newest entry (0 and the game id
    /// before any).
    pub fn head(&self) -> (u64, Digest) {
        self.head
    }

    /// The base's sequence number and hash.
    pub fn base(&self) -> (u64, Digest) {
        self.base
    }

    /// The entries held, from `base + 1` to the head.
    pub fn entries(&self) -> &[SignedEntry<C>] {
        &self.entries
    }

    /// The key that signed entry `seq` (or signs it next, past the head).
    pub fn signer_of(&self, seq: u64) -> Option<Verifier> {
        self.signers.iter().rev().find(|&&(from, _)| from <= seq).map(|&(_, key)| key)
    }

    /// The held entry `seq`, if any.
    pub fn entry(&self, seq: u64) -> Option<&SignedEntry<C>> {
        let index = seq.checked_sub(self.base.0 + 1)?;
        self.entries.get(usize::try_from(index).ok()?)
    }

    /// Checks that `entry` is the next one, without taking it: canonical
    /// bytes, game id, `seq == head + 1`, `prev == head hash`, strict host
    /// signature. Returns the decoded body.
    pub fn check(&self, entry: &SignedEntry<C>) -> Result<Body<C>, EntryError> {
        let (body, hash, signer) = self.check_unsigned(entry, |_| None)?;
        signer.verify_hash(Context::Entry, &hash, &entry.sig).map_err(EntryError::BadSignature)?;
        Ok(body)
    }

    /// [`LogVerifier::check`] but for the signature, also returning the
    /// entry hash it computed and the key that must have signed it: the seat
    /// `hands_over` names for this body (a new host takes the log over from
    /// this entry on), else the current host's.
    fn check_unsigned(
        &self,
        entry: &SignedEntry<C>,
        hands_over: impl FnOnce(&Body<C>) -> Option<Seat>,
    ) -> Result<(Body<C>, Digest, Verifier), EntryError> {
        let body: Body<C> = canonical::decode(entry.body.bytes()).map_err(EntryError::NotCanonical)?;
        if body.game_id != self.game_id {
            return Err(EntryError::WrongGame { found: body.game_id });
        }
        let (head, head_hash) = self.head();
        if body.seq <= head {
            return Err(match self.entry(body.seq) {
                Some(held) if held.body == entry.body => EntryError::Duplicate { seq: body.seq },
                _ => EntryError::Replayed { seq: body.seq, head },
            });
        }
        if body.seq != head + 1 {
            return Err(EntryError::OutOfOrder { expected: head + 1, found: body.seq });
        }
        if body.prev != head_hash {
            return Err(EntryError::WrongPrev { expected: head_hash, found: body.prev });
        }
        let signer = match hands_over(&body) {
            Some(seat) => self.seats[seat.index()].ok_or(EntryError::NoSigner(seat))?,
            None => self.host,
        };
        Ok((body, entry.hash(), signer))
    }

    /// Checks `entry`, then the transition with `transition` (the caller
    /// re-runs the reducer and compares `state_hash`), and only if both
    /// pass takes the entry as the new head. An older entry with other
    /// bytes and a valid signature comes back as equivocation evidence.
    pub fn append<T, E>(
        &mut self,
        entry: SignedEntry<C>,
        transition: impl FnOnce(&Body<C>) -> Result<T, E>,
    ) -> Result<T, AppendError<C, E>> {
        self.append_handing_over(entry, |_| None, transition)
    }

    /// [`LogVerifier::append`] for content that may hand the log to another
    /// seat's key: `hands_over` names that seat for a body; the hand-over
    /// entry itself and every later one must then carry its signature.
    pub fn append_handing_over<T, E>(
        &mut self,
        entry: SignedEntry<C>,
        hands_over: impl FnOnce(&Body<C>) -> Option<Seat>,
        transition: impl FnOnce(&Body<C>) -> Result<T, E>,
    ) -> Result<T, AppendError<C, E>> {
        let (body, hash, signer) = match self.check_unsigned(&entry, hands_over) {
            Ok(checked) => checked,
            Err(EntryError::Replayed { seq, head }) => {
                return Err(match (self.entry(seq), self.signer_of(seq)) {
                    (Some(held), Some(signer)) => {
                        let evidence = Equivocation { a: held.clone(), b: entry };
                        match evidence.verify_by(&self.game_id, &signer) {
                            Ok(_) => AppendError::Equivocation(Box::new(evidence)),
                            Err(_) => AppendError::Entry(EntryError::Replayed { seq, head }),
                        }
                    }
                    _ => AppendError::Entry(EntryError::Replayed { seq, head }),
                });
            }
            Err(e) => return Err(AppendError::Entry(e)),
        };
        match &mut self.deferred {
            Some((_, batch)) => batch.push(&signer, Context::Entry, &hash, &entry.sig),
            None => signer
                .verify_hash(Context::Entry, &hash, &entry.sig)
                .map_err(|e| AppendError::Entry(EntryError::BadSignature(e)))?,
        }
        let out = transition(&body).map_err(AppendError::Transition)?;
        if signer != self.host {
            self.signers.push((body.seq, signer));
        }
        self.host = signer;
        self.head = (body.seq, hash);
        self.entries.push(entry);
        Ok(out)
    }
}

/// Two entries the host signed for the same game and sequence number with
/// different bytes: proof on its own that the host showed two histories.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "C: Serialize + DeserializeOwned")]
pub struct Equivocation<C> {
    pub a: SignedEntry<C>,
    pub b: SignedEntry<C>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvidenceError {
    SameBytes,
    /// Entry `a` (false) or `b` (true) is not a host-signed entry of this game.
    NotAnEntry {
        second: bool,
        reason: EntryError,
    },
    DifferentSeq {
        a: u64,
        b: u64,
    },
}

impl fmt::Display for EvidenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvidenceError::SameBytes => f.write_str("the two entries are the same"),
            EvidenceError::NotAnEntry { second, reason } => {
                let which = if *second { "second" } else { "first" };
                write!(f, "the {which} entry: {reason}")
            }
            EvidenceError::DifferentSeq { a, b } => {
                write!(f, "the entries have different numbers ({a} and {b})")
            }
        }
    }
}

impl std::error::Error for EvidenceError {}

impl<C: Serialize + DeserializeOwned> Equivocation<C> {
    /// Checks the evidence against the genesis; returns the sequence number
    /// the host equivocated on.
    pub fn verify(&self, genesis: &VerifiedGenesis) -> Result<u64, EvidenceError> {
        self.verify_by(&genesis.game_id(), genesis.host())
    }

    /// Checks the evidence against the key of the host that signed the
    /// place (the genesis host's, or a later host's after a hand-over).
    pub fn verify_by(&self, game_id: &Digest, host: &Verifier) -> Result<u64, EvidenceError> {
        if self.a.body == self.b.body {
            return Err(EvidenceError::SameBytes);
        }
        let seq = |entry: &SignedEntry<C>, second: bool| {
            let not_entry = |reason| EvidenceError::NotAnEntry { second, reason };
            let body: Body<C> =
                canonical::decode(entry.body.bytes()).map_err(|e| not_entry(EntryError::NotCanonical(e)))?;
            if body.game_id != *game_id {
                return Err(not_entry(EntryError::WrongGame { found: body.game_id }));
            }
            host.verify(Context::Entry, entry.body.bytes(), &entry.sig)
                .map_err(|e| not_entry(EntryError::BadSignature(e)))?;
            Ok(body.seq)
        };
        let (a, b) = (seq(&self.a, false)?, seq(&self.b, true)?);
        if a != b {
            return Err(EvidenceError::DifferentSeq { a, b });
        }
        Ok(a)
    }

    /// "at entry N", for messages, when the first entry decodes.
    fn seq_hint(&self) -> String {
        match canonical::decode::<Body<C>>(self.a.body.bytes()) {
            Ok(body) => format!("at entry {}", body.seq),
            Err(_) => String::new(),
        }
    }
}
