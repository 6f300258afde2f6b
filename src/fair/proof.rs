//! The proof file: a whole game (genesis, entries, reveals, evidence) that
//! anyone can check offline. Postcard (`LUDOPRF1`, format version, body) or
//! JSON for people; both carry the same signed bytes and verify the same.

use super::canonical::{self, CanonicalError};
use super::genesis::{GenesisError, SignedGenesis, VerifiedGenesis};
use super::hash::Digest;
use super::log::{AppendError, Body, EntryError, Equivocation, EvidenceError, LogVerifier, SignedEntry};
use super::roll::{Reveal, RevealError, SignedReveal};
use crate::rules::Seat;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The first bytes of a postcard proof file, and the JSON file's `magic`.
pub const MAGIC: &str = "LUDOPRF1";
pub const FORMAT_VERSION: u16 = 1;
/// The largest proof file read: a long game is a few hundred kilobytes.
pub const MAX_PROOF_FILE: usize = 64 * 1024 * 1024;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "C: Serialize + DeserializeOwned")]
pub struct Proof<C> {
    pub genesis: SignedGenesis,
    /// The log, entry 1 first.
    pub entries: Vec<SignedEntry<C>>,
    /// Signed reveals the exporter saw directly (dispute context).
    pub reveals: Vec<SignedReveal>,
    pub evidence: Vec<Evidence<C>>,
}

/// What a peer kept of a host's misbehaviour, or of a split table, that
/// anyone can check offline against the proof's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "C: Serialize + DeserializeOwned")]
#[serde(rename_all = "snake_case")]
pub enum Evidence<C> {
    /// The host signed two different entries for one place.
    Equivocation(Equivocation<C>),
    /// An entry the host signed that does not follow from the log before
    /// it (an illegal move, a roll its links do not give, an old roll
    /// replayed): the verifier re-runs it and must find it refused.
    Refused(SignedEntry<C>),
    /// The host's entry `seq` records a seat's dice link as missed, yet
    /// the seat signed that very link (and sent it to every peer).
    Withheld { seq: u64, reveal: SignedReveal },
    /// A branch the table dropped after a split: entries from `from` on,
    /// continuing the log's entry `from - 1` under another host. Kept so
    /// that both branches stay on record.
    Branch { from: u64, entries: Vec<SignedEntry<C>> },
}

/// The JSON file: the same fields under a readable header.
#[derive(Deserialize)]
#[serde(bound = "C: Serialize + DeserializeOwned")]
struct JsonFile<C> {
    magic: String,
    format_version: u16,
    proof: Proof<C>,
}

#[derive(Serialize)]
#[serde(bound = "C: Serialize + DeserializeOwned")]
struct JsonFileRef<'a, C> {
    magic: &'a str,
    format_version: u16,
    proof: &'a Proof<C>,
}

/// Why a file cannot be read as a proof (before any verification).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofFileError {
    TooLarge {
        len: usize,
        max: usize,
    },
    NotAProof,
    UnsupportedVersion(u16),
    Malformed(String),
    /// Writing JSON needs every signed body to decode.
    NotJsonable(String),
}

impl fmt::Display for ProofFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofFileError::TooLarge { len, max } => {
                write!(f, "the file is {len} bytes, more than the {max} a proof may be")
            }
            ProofFileError::NotAProof => f.write_str("not a Ludopia proof file"),
            ProofFileError::UnsupportedVersion(v) => {
                write!(f, "proof format version {v} is not supported (this reads {FORMAT_VERSION})")
            }
            ProofFileError::Malformed(why) => write!(f, "the proof file is damaged: {why}"),
            ProofFileError::NotJsonable(why) => write!(f, "cannot write the proof as JSON: {why}"),
        }
    }
}

impl std::error::Error for ProofFileError {}

/// Where verification stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    Genesis,
    /// The entry in position `n` (1-based, the sequence number it should have).
    Entry(u64),
    Reveal(usize),
    Evidence(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError<E> {
    Genesis(GenesisError),
    /// The caller could not set up its replica from the genesis.
    Setup(E),
    Entry(EntryError),
    /// An entry contradicts an earlier one with the same number.
    Equivocation {
        seq: u64,
    },
    Transition(E),
    Reveal(RevealError),
    Evidence(EvidenceError),
    /// Evidence of a refused entry whose entry the rules accept.
    NotRefused {
        seq: u64,
    },
    /// Evidence that names an entry the log does not hold.
    NotInLog {
        seq: u64,
    },
    /// Evidence of a hidden reveal whose entry records no missed link of it.
    NotWithheld {
        seq: u64,
    },
}

impl<E: fmt::Display> fmt::Display for ProofError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::Genesis(e) => e.fmt(f),
            ProofError::Setup(e) => write!(f, "cannot start the game: {e}"),
            ProofError::Entry(e) => e.fmt(f),
            ProofError::Equivocation { seq } => {
                write!(f, "the host signed two different entries {seq}")
            }
            ProofError::Transition(e) => e.fmt(f),
            ProofError::Reveal(e) => e.fmt(f),
            ProofError::Evidence(e) => e.fmt(f),
            ProofError::NotRefused { seq } => {
                write!(f, "the entry {seq} said to break the rules follows them")
            }
            ProofError::NotInLog { seq } => write!(f, "the log holds no entry {seq}"),
            ProofError::NotWithheld { seq } => {
                write!(f, "entry {seq} records no missed link of the reveal given as evidence")
            }
        }
    }
}

/// "invalid at entry N: reason".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid<E> {
    pub at: At,
    pub reason: ProofError<E>,
}

impl<E: fmt::Display> fmt::Display for Invalid<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            At::Genesis => write!(f, "invalid at the genesis: {}", self.reason),
            At::Entry(n) => write!(f, "invalid at entry {n}: {}", self.reason),
            At::Reveal(i) => write!(f, "invalid reveal #{}: {}", i + 1, self.reason),
            At::Evidence(i) => write!(f, "invalid evidence #{}: {}", i + 1, self.reason),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for Invalid<E> {}

/// "valid through entry N".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Valid {
    pub game_id: Digest,
    /// The number of the last entry (0 for none).
    pub through: u64,
    /// Entry numbers at which the evidence proves the host equivocated.
    pub equivocations: Vec<u64>,
    /// Entry numbers of host-signed entries that the rules refuse, with why.
    pub refused: Vec<(u64, String)>,
    /// Entries that record a missed dice link the seat had revealed, with
    /// the reveal (checked against the entry by the caller: only it reads
    /// the content).
    pub withheld: Vec<(u64, Reveal)>,
    /// Dropped branches: where each began and how many entries it held.
    pub branches: Vec<(u64, usize)>,
}

impl fmt::Display for Valid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "valid through entry {}", self.through)?;
        for seq in &self.equivocations {
            write!(f, "; the host equivocated at entry {seq}")?;
        }
        for (seq, why) in &self.refused {
            write!(f, "; the host signed an invalid entry {seq} ({why})")?;
        }
        for (seq, reveal) in &self.withheld {
            write!(f, "; entry {seq} hides {}'s revealed link for roll {}", reveal.seat, reveal.k)?;
        }
        for (from, len) in &self.branches {
            write!(f, "; a dropped branch of {len} entries from entry {from}")?;
        }
        Ok(())
    }
}

/// The sequence number an entry claims.
fn entry_seq<C: Serialize + DeserializeOwned>(entry: &SignedEntry<C>) -> Result<u64, EntryError> {
    canonical::decode::<Body<C>>(entry.body.bytes()).map(|b| b.seq).map_err(EntryError::NotCanonical)
}

fn append_error<C, E>(e: AppendError<C, E>, seq: u64) -> ProofError<E> {
    match e {
        AppendError::Entry(e) => ProofError::Entry(e),
        AppendError::Equivocation(_) => ProofError::Equivocation { seq },
        AppendError::Transition(e) => ProofError::Transition(e),
    }
}

impl<C: Serialize + DeserializeOwned> Proof<C> {
    /// Reads either form; says clearly why a file is unreadable.
    pub fn read(bytes: &[u8]) -> Result<Proof<C>, ProofFileError> {
        if bytes.len() > MAX_PROOF_FILE {
            return Err(ProofFileError::TooLarge { len: bytes.len(), max: MAX_PROOF_FILE });
        }
        if let Some(rest) = bytes.strip_prefix(MAGIC.as_bytes()) {
            let (version, body) = match rest {
                [hi, lo, body @ ..] => (u16::from_be_bytes([*hi, *lo]), body),
                _ => return Err(ProofFileError::Malformed("no format version".into())),
            };
            if version != FORMAT_VERSION {
                return Err(ProofFileError::UnsupportedVersion(version));
            }
            return canonical::decode_capped(body, MAX_PROOF_FILE)
                .map_err(|e: CanonicalError| ProofFileError::Malformed(e.to_string()));
        }
        if bytes.trim_ascii_start().first() != Some(&b'{') {
            return Err(ProofFileError::NotAProof);
        }
        let file: JsonFile<C> =
            serde_json::from_slice(bytes).map_err(|e| ProofFileError::Malformed(e.to_string()))?;
        if file.magic != MAGIC {
            return Err(ProofFileError::NotAProof);
        }
        if file.format_version != FORMAT_VERSION {
            return Err(ProofFileError::UnsupportedVersion(file.format_version));
        }
        Ok(file.proof)
    }

    pub fn to_postcard(&self) -> Vec<u8> {
        let mut out = MAGIC.as_bytes().to_vec();
        out.extend(FORMAT_VERSION.to_be_bytes());
        out.extend(canonical::encode(self));
        out
    }

    pub fn to_json(&self) -> Result<String, ProofFileError> {
        let file = JsonFileRef { magic: MAGIC, format_version: FORMAT_VERSION, proof: self };
        serde_json::to_string_pretty(&file).map_err(|e| ProofFileError::NotJsonable(e.to_string()))
    }

    /// Checks the genesis, then every entry in order (`start` builds the
    /// caller's transition check from the genesis; it runs once per entry
    /// after the entry's own checks), then each reveal and each piece of
    /// evidence on its own.
    pub fn verify<E: fmt::Display, F>(
        &self,
        start: impl Fn(&VerifiedGenesis) -> Result<F, E>,
    ) -> Result<Valid, Invalid<E>>
    where
        F: FnMut(&Body<C>) -> Result<(), E>,
    {
        self.verify_handing_over(start, |_| None)
    }

    /// [`Proof::verify`] for content that may hand the log to another
    /// seat's key (see [`LogVerifier::append_handing_over`]).
    pub fn verify_handing_over<E: fmt::Display, F>(
        &self,
        start: impl Fn(&VerifiedGenesis) -> Result<F, E>,
        hands_over: impl Fn(&Body<C>) -> Option<Seat>,
    ) -> Result<Valid, Invalid<E>>
    where
        F: FnMut(&Body<C>) -> Result<(), E>,
    {
        let genesis =
            self.genesis.verify().map_err(|e| Invalid { at: At::Genesis, reason: ProofError::Genesis(e) })?;
        let (log, _) = self.replay(&genesis, &start, &hands_over, self.entries.len())?;
        for (i, reveal) in self.reveals.iter().enumerate() {
            reveal
                .verify(&genesis)
                .map_err(|e| Invalid { at: At::Reveal(i), reason: ProofError::Reveal(e) })?;
        }
        let mut valid = Valid {
            game_id: genesis.game_id(),
            through: log.head().0,
            equivocations: Vec::new(),
            refused: Vec::new(),
            withheld: Vec::new(),
            branches: Vec::new(),
        };
        for (i, evidence) in self.evidence.iter().enumerate() {
            let bad = |reason| Invalid { at: At::Evidence(i), reason };
            match evidence {
                Evidence::Equivocation(pair) => {
                    // Checked against the key that signed that place.
                    let seq = entry_seq(&pair.a).map_err(|e| bad(ProofError::Entry(e)))?;
                    let signer = log.signer_of(seq).unwrap_or(*genesis.host());
                    let seq = pair
                        .verify_by(&genesis.game_id(), &signer)
                        .map_err(|e| bad(ProofError::Evidence(e)))?;
                    valid.equivocations.push(seq);
                }
                Evidence::Refused(entry) => {
                    let seq = entry_seq(entry).map_err(|e| bad(ProofError::Entry(e)))?;
                    let before = usize::try_from(seq.saturating_sub(1)).unwrap_or(usize::MAX);
                    let (log, mut transition) = self.replay(&genesis, &start, &hands_over, before)?;
                    // The entry must be the host's, in its place; only its content is wrong.
                    let body = log.check(entry).map_err(|e| bad(ProofError::Entry(e)))?;
                    match transition(&body) {
                        Ok(()) => return Err(bad(ProofError::NotRefused { seq })),
                        Err(why) => valid.refused.push((seq, why.to_string())),
                    }
                }
                Evidence::Withheld { seq, reveal } => {
                    let reveal = reveal.verify(&genesis).map_err(|e| bad(ProofError::Reveal(e)))?;
                    if *seq == 0 || *seq > valid.through {
                        return Err(bad(ProofError::NotInLog { seq: *seq }));
                    }
                    valid.withheld.push((*seq, reveal));
                }
                Evidence::Branch { from, entries } => {
                    let before = usize::try_from(from.saturating_sub(1)).unwrap_or(usize::MAX);
                    if *from == 0 || before > self.entries.len() {
                        return Err(bad(ProofError::NotInLog { seq: *from }));
                    }
                    let (mut log, mut transition) = self.replay(&genesis, &start, &hands_over, before)?;
                    for entry in entries {
                        log.append_handing_over(entry.clone(), &hands_over, &mut transition)
                            .map_err(|e| bad(append_error(e, log.head().0 + 1)))?;
                    }
                    valid.branches.push((*from, entries.len()));
                }
            }
        }
        Ok(valid)
    }

    /// The log's first `n` entries checked from the genesis: the log and
    /// the transition check at its head.
    #[allow(clippy::type_complexity)]
    fn replay<E, F>(
        &self,
        genesis: &VerifiedGenesis,
        start: &impl Fn(&VerifiedGenesis) -> Result<F, E>,
        hands_over: &impl Fn(&Body<C>) -> Option<Seat>,
        n: usize,
    ) -> Result<(LogVerifier<C>, F), Invalid<E>>
    where
        F: FnMut(&Body<C>) -> Result<(), E>,
    {
        let mut transition =
            start(genesis).map_err(|e| Invalid { at: At::Genesis, reason: ProofError::Setup(e) })?;
        // The signatures are checked as one batch; a fault found on the way
        // is reported only if no signature before it fails.
        let mut log = LogVerifier::<C>::new(genesis).deferring();
        let bad_signature = |(seq, e)| Invalid { at: At::Entry(seq), reason: ProofError::Entry(e) };
        for (seq, entry) in (1u64..).zip(self.entries.iter().take(n)) {
            if let Err(e) = log.append_handing_over(entry.clone(), hands_over, &mut transition) {
                log.settle().map_err(bad_signature)?;
                return Err(Invalid { at: At::Entry(seq), reason: append_error(e, seq) });
            }
        }
        log.settle().map_err(bad_signature)?;
        Ok((log, transition))
    }
}
