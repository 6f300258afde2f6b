//! The genesis record: everything fixed before the first roll, signed by
//! every seat. Its hash is the game id.

use super::canonical::{self, Canonical, CanonicalError};
use super::chain::MAX_CHAIN_LEN;
use super::hash::Digest;
use super::sign::{Context, Identity, PublicKey, Signature, SignatureError, Verifier};
use crate::rules::{Rules, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The protocol this module speaks (`ludo-p2p/v1` hashes; version 2 of
/// the genesis: it carries the table's timing).
pub const PROTOCOL_VERSION: u16 = 2;

/// Milliseconds, as the table's rules count them.
pub type Millis = u64;

/// How long the table waits for what. Fixed in the genesis, so that every
/// replica can check a record that claims the table waited (a missed dice
/// link) and every guest knows when a bot's or a timer's move is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Timing {
    /// A bot's pause before each decision, so people can follow the game.
    pub bot_delay: Millis,
    /// A person who drops out is replaced by a bot after this long.
    pub drop_grace: Millis,
    /// A table paused with no person connected closes after this long.
    pub expiry: Millis,
    /// How long a pressed roll waits for a peer's dice link before the
    /// table records the link as missed and rolls without it.
    pub reveal_wait: Millis,
}

impl Timing {
    /// The pace people play at.
    pub const PEOPLE: Timing =
        Timing { bot_delay: 700, drop_grace: 15_000, expiry: 120_000, reveal_wait: 5_000 };
    /// Bots act at once: simulations and tests.
    pub const INSTANT: Timing = Timing { bot_delay: 0, ..Timing::PEOPLE };
}

/// What a seat commits to: its signing key and its chain's anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment {
    pub key: PublicKey,
    pub anchor: Digest,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Genesis {
    pub protocol: u16,
    /// Fresh per game (32 random bytes from the host): binds every chain.
    pub game_nonce: Digest,
    pub rules: Rules,
    pub players: SeatSet,
    /// Exactly the players' seats are `Some`.
    pub seats: [Option<Commitment>; 4],
    /// The seat whose key signs the log.
    pub host: Seat,
    /// The seats whose dice chains the host holds (its bots' and its own
    /// persons'); the others' links come from their peers.
    pub held: SeatSet,
    pub chain_len: u32,
    pub timing: Timing,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenesisError {
    NotCanonical(CanonicalError),
    UnsupportedProtocol(u16),
    NoPlayers,
    HostNotPlaying(Seat),
    /// A player without a commitment, or a commitment for an empty seat.
    SeatMismatch(Seat),
    ChainLength(u32),
    Key {
        seat: Seat,
        error: SignatureError,
    },
    DuplicateKey(Seat, Seat),
    DuplicateAnchor(Seat, Seat),
    MissingSignature(Seat),
    UnexpectedSignature(Seat),
    BadSignature(Seat),
}

impl fmt::Display for GenesisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenesisError::NotCanonical(e) => write!(f, "genesis: {e}"),
            GenesisError::UnsupportedProtocol(v) => {
                write!(f, "protocol version {v} is not supported (this is {PROTOCOL_VERSION})")
            }
            GenesisError::NoPlayers => f.write_str("no players"),
            GenesisError::HostNotPlaying(s) => write!(f, "the host, {s}, is not a player"),
            GenesisError::SeatMismatch(s) => {
                write!(f, "{s}: commitments and players disagree")
            }
            GenesisError::ChainLength(n) => {
                write!(f, "chain length {n} is not in 1..={MAX_CHAIN_LEN}")
            }
            GenesisError::Key { seat, error } => write!(f, "{seat}'s key: {error}"),
            GenesisError::DuplicateKey(a, b) => write!(f, "{a} and {b} share a key"),
            GenesisError::DuplicateAnchor(a, b) => write!(f, "{a} and {b} share a chain anchor"),
            GenesisError::MissingSignature(s) => write!(f, "{s} has not signed the genesis"),
            GenesisError::UnexpectedSignature(s) => {
                write!(f, "a genesis signature for {s}, which is not playing")
            }
            GenesisError::BadSignature(s) => write!(f, "{s}'s genesis signature does not verify"),
        }
    }
}

impl std::error::Error for GenesisError {}

impl Genesis {
    /// The commitment of a player's seat.
    pub fn seat(&self, seat: Seat) -> Option<&Commitment> {
        if !self.players.contains(seat) {
            return None;
        }
        self.seats[seat.index()].as_ref()
    }

    /// Checks everything but signatures; returns the host's verifier.
    pub fn check(&self) -> Result<Verifier, GenesisError> {
        if self.protocol != PROTOCOL_VERSION {
            return Err(GenesisError::UnsupportedProtocol(self.protocol));
        }
        if self.players.is_empty() {
            return Err(GenesisError::NoPlayers);
        }
        if !self.players.contains(self.host) {
            return Err(GenesisError::HostNotPlaying(self.host));
        }
        if let Some(seat) = self.held.minus(self.players).iter().next() {
            return Err(GenesisError::SeatMismatch(seat));
        }
        if !(1..=MAX_CHAIN_LEN).contains(&self.chain_len) {
            return Err(GenesisError::ChainLength(self.chain_len));
        }
        let mut seen: Vec<(Seat, &Commitment)> = Vec::with_capacity(4);
        for seat in Seat::ALL {
            let commitment = match (self.players.contains(seat), &self.seats[seat.index()]) {
                (true, Some(c)) => c,
                (false, None) => continue,
                _ => return Err(GenesisError::SeatMismatch(seat)),
            };
            commitment.key.verifier().map_err(|error| GenesisError::Key { seat, error })?;
            for &(other, earlier) in &seen {
                if earlier.key == commitment.key {
                    return Err(GenesisError::DuplicateKey(other, seat));
                }
                if earlier.anchor == commitment.anchor {
                    return Err(GenesisError::DuplicateAnchor(other, seat));
                }
            }
            seen.push((seat, commitment));
        }
        self.seat(self.host)
            .ok_or(GenesisError::SeatMismatch(self.host))?
            .key
            .verifier()
            .map_err(|error| GenesisError::Key { seat: self.host, error })
    }
}

/// The genesis bytes and each player's signature over the game id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedGenesis {
    pub genesis: Canonical<Genesis>,
    pub sigs: [Option<Signature>; 4],
}

impl SignedGenesis {
    /// An unsigned genesis, to collect the seats' signatures.
    pub fn new(genesis: &Genesis) -> SignedGenesis {
        SignedGenesis { genesis: Canonical::new(genesis), sigs: [None; 4] }
    }

    /// `H_game(genesis bytes)`.
    pub fn game_id(&self) -> Digest {
        Context::Genesis.body_hash(self.genesis.bytes())
    }

    /// A seat's signature over the game id, to pass to [`SignedGenesis::add`].
    pub fn sign(&self, identity: &Identity) -> Signature {
        identity.sign_hash(Context::Genesis, &self.game_id())
    }

    pub fn add(&mut self, seat: Seat, sig: Signature) {
        self.sigs[seat.index()] = Some(sig);
    }

    pub fn verify(&self) -> Result<VerifiedGenesis, GenesisError> {
        let genesis: Genesis = canonical::decode(self.genesis.bytes()).map_err(GenesisError::NotCanonical)?;
        let host = genesis.check()?;
        let game_id = self.game_id();
        for seat in Seat::ALL {
            match (genesis.seat(seat), &self.sigs[seat.index()]) {
                (Some(c), Some(sig)) => c
                    .key
                    .verifier()
                    .and_then(|v| v.verify_hash(Context::Genesis, &game_id, sig))
                    .map_err(|_| GenesisError::BadSignature(seat))?,
                (Some(_), None) => return Err(GenesisError::MissingSignature(seat)),
                (None, Some(_)) => return Err(GenesisError::UnexpectedSignature(seat)),
                (None, None) => {}
            }
        }
        Ok(VerifiedGenesis { genesis, game_id, host })
    }
}

/// A genesis whose encoding, contents and signatures all checked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifiedGenesis {
    genesis: Genesis,
    game_id: Digest,
    host: Verifier,
}

impl VerifiedGenesis {
    pub fn genesis(&self) -> &Genesis {
        &self.genesis
    }

    pub fn game_id(&self) -> Digest {
        self.game_id
    }

    /// The host's key, checked, for verifying entries and snapshots.
    pub fn host(&self) -> &Verifier {
        &self.host
    }
}
