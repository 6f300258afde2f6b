//! A seat's signed head: the newest log entry it verified. Guests exchange
//! heads with each other (and during every election), so a host that shows
//! two of them different logs is caught: two heads of one number with
//! different entry hashes, each signed by the seat that holds it, point at
//! two host-signed entries for one place.

use super::canonical::{self, Canonical, CanonicalError};
use super::genesis::VerifiedGenesis;
use super::hash::Digest;
use super::sign::{Context, Identity, Signature, SignatureError};
use crate::rules::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Entry `seq` of game `game_id`, whose hash is `entry`, is the newest that
/// `seat` verified (`seq` 0 and the game id before any entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Head {
    pub game_id: Digest,
    pub seat: Seat,
    pub seq: u64,
    pub entry: Digest,
}

/// A head signed by its seat's genesis key (context `sig/head`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedHead {
    pub body: Canonical<Head>,
    pub sig: Signature,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeadError {
    NotCanonical(CanonicalError),
    WrongGame,
    SeatNotPlaying(Seat),
    BadSignature(SignatureError),
}

impl fmt::Display for HeadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeadError::NotCanonical(e) => write!(f, "head: {e}"),
            HeadError::WrongGame => f.write_str("head of another game"),
            HeadError::SeatNotPlaying(s) => write!(f, "head from {s}, which is not playing"),
            HeadError::BadSignature(e) => write!(f, "head signature: {e}"),
        }
    }
}

impl std::error::Error for HeadError {}

impl SignedHead {
    pub fn new(identity: &Identity, head: &Head) -> SignedHead {
        let body = Canonical::new(head);
        let sig = identity.sign(Context::Head, body.bytes());
        SignedHead { body, sig }
    }

    /// Checks the head: canonical, this game, signed by its seat's key.
    pub fn verify(&self, genesis: &VerifiedGenesis) -> Result<Head, HeadError> {
        let head: Head = canonical::decode(self.body.bytes()).map_err(HeadError::NotCanonical)?;
        if head.game_id != genesis.game_id() {
            return Err(HeadError::WrongGame);
        }
        let seat = genesis.genesis().seat(head.seat).ok_or(HeadError::SeatNotPlaying(head.seat))?;
        seat.key.verify(Context::Head, self.body.bytes(), &self.sig).map_err(HeadError::BadSignature)?;
        Ok(head)
    }
}
