//! One roll: the seed from every active seat's link, the face by rejection
//! sampling, and the signed reveal a seat sends for it.

use super::canonical::{self, Canonical, CanonicalError};
use super::chain;
use super::genesis::VerifiedGenesis;
use super::hash::{Digest, TAG_DIE, TAG_ROLL, tagged};
use super::sign::{Context, Identity, Signature, SignatureError};
use crate::rules::{Face, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollError {
    /// The roller is not among the active seats.
    RollerNotActive(Seat),
    /// An active seat has no link for this roll.
    MissingReveal(Seat),
    /// A seat outside the active set has a link for this roll.
    UnexpectedReveal(Seat),
}

impl fmt::Display for RollError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RollError::RollerNotActive(s) => write!(f, "the roller, {s}, is not active"),
            RollError::MissingReveal(s) => write!(f, "{s} is active but has no reveal"),
            RollError::UnexpectedReveal(s) => write!(f, "{s} is not active but has a reveal"),
        }
    }
}

impl std::error::Error for RollError {}

/// `H_roll(game_id || k:u32be || roller:u8 || active_mask:u8 || links)`,
/// the links of exactly the active seats, in seat order, 32 bytes each.
pub fn roll_seed(
    game_id: &Digest,
    k: u32,
    roller: Seat,
    active: SeatSet,
    reveals: &[Option<Digest>; 4],
) -> Result<Digest, RollError> {
    if !active.contains(roller) {
        return Err(RollError::RollerNotActive(roller));
    }
    roll_seed_by(game_id, k, u8::from(roller), active, reveals)
}

/// The roller byte of the first-player draw, which no seat rolls.
pub const DRAW_ROLLER: u8 = 0xff;

/// [`roll_seed`] with the roller as a byte that need not contribute a link:
/// the first-player draw ([`DRAW_ROLLER`]), or a seat whose peer is away
/// while a stand-in rolls for it.
pub fn roll_seed_by(
    game_id: &Digest,
    k: u32,
    roller: u8,
    active: SeatSet,
    reveals: &[Option<Digest>; 4],
) -> Result<Digest, RollError> {
    let mut links: Vec<&[u8]> = Vec::with_capacity(4);
    for (seat, reveal) in Seat::ALL.into_iter().zip(reveals) {
        match (active.contains(seat), reveal) {
            (true, Some(link)) => links.push(link.as_bytes()),
            (true, None) => return Err(RollError::MissingReveal(seat)),
            (false, Some(_)) => return Err(RollError::UnexpectedReveal(seat)),
            (false, None) => {}
        }
    }
    let k = k.to_be_bytes();
    let head = [roller, active.bits()];
    let mut parts: Vec<&[u8]> = vec![game_id.as_bytes(), &k, &head];
    parts.extend(links);
    Ok(tagged(TAG_ROLL, &parts))
}

/// The face 1..=6 of a roll seed: the first byte below 252 (= 6 * 42) of
/// `H_die(seed || ctr:u32be)` for ctr = 0, 1, ..., as `1 + b % 6`. Exactly
/// uniform; a whole block is rejected with probability about 1.6e-58.
pub fn die_face(seed: &Digest) -> Face {
    Face::from_draw(uniform(TAG_DIE, seed, 6))
}

/// A uniform number below `n` (1..=255) from a seed: the first byte below
/// the largest multiple of `n` of `H_tag(seed || ctr:u32be)`, ctr = 0, 1, ...,
/// modulo `n`. The die is `n = 6`; the first-player draw uses its own tag.
pub fn uniform(tag: &str, seed: &Digest, n: u8) -> u8 {
    let n = n.max(1);
    let limit = 256 - 256 % u16::from(n);
    let mut ctr = 0u32;
    loop {
        let block = tagged(tag, &[seed.as_bytes(), &ctr.to_be_bytes()]);
        if let Some(b) = block.0.into_iter().find(|&b| u16::from(b) < limit) {
            return b % n;
        }
        ctr = ctr.wrapping_add(1);
    }
}

/// A seat's reveal of its link for roll `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub game_id: Digest,
    pub seat: Seat,
    pub k: u32,
    pub link: Digest,
}

/// A reveal signed by its seat (context `sig/reveal`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedReveal {
    pub body: Canonical<Reveal>,
    pub sig: Signature,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RevealError {
    NotCanonical(CanonicalError),
    WrongGame,
    SeatNotPlaying(Seat),
    BadSignature(SignatureError),
    /// The link does not chain to the seat's anchor at index `k`.
    BadLink {
        seat: Seat,
        k: u32,
    },
}

impl fmt::Display for RevealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RevealError::NotCanonical(e) => write!(f, "reveal: {e}"),
            RevealError::WrongGame => f.write_str("reveal for another game"),
            RevealError::SeatNotPlaying(s) => write!(f, "reveal from {s}, which is not playing"),
            RevealError::BadSignature(e) => write!(f, "reveal signature: {e}"),
            RevealError::BadLink { seat, k } => {
                write!(f, "{seat}'s link for roll {k} does not chain to its anchor")
            }
        }
    }
}

impl std::error::Error for RevealError {}

impl SignedReveal {
    pub fn new(identity: &Identity, reveal: &Reveal) -> SignedReveal {
        let body = Canonical::new(reveal);
        let sig = identity.sign(Context::Reveal, body.bytes());
        SignedReveal { body, sig }
    }

    /// Checks the reveal on its own: canonical, this game, signed by the
    /// seat's key and chained all the way to the seat's anchor. A live
    /// table checks the link against the seat's current head instead
    /// ([`chain::verify_link`]), which costs one hash.
    pub fn verify(&self, genesis: &VerifiedGenesis) -> Result<Reveal, RevealError> {
        let reveal: Reveal = canonical::decode(self.body.bytes()).map_err(RevealError::NotCanonical)?;
        if reveal.game_id != genesis.game_id() {
            return Err(RevealError::WrongGame);
        }
        let seat = genesis.genesis().seat(reveal.seat).ok_or(RevealError::SeatNotPlaying(reveal.seat))?;
        seat.key.verify(Context::Reveal, self.body.bytes(), &self.sig).map_err(RevealError::BadSignature)?;
        let fits = reveal.k <= genesis.genesis().chain_len
            && chain::verify_from_anchor(
                &genesis.genesis().game_nonce,
                reveal.seat,
                reveal.k,
                &reveal.link,
                &seat.anchor,
            );
        if !fits {
            return Err(RevealError::BadLink { seat: reveal.seat, k: reveal.k });
        }
        Ok(reveal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reveals_must_match_the_active_seats() {
        let id = Digest([1; 32]);
        let l = Some(Digest([2; 32]));
        let s = Seat::ALL;
        let two = SeatSet::EMPTY.with(s[0]).with(s[2]);
        assert!(roll_seed(&id, 1, s[0], two, &[l, None, l, None]).is_ok());
        assert_eq!(roll_seed(&id, 1, s[1], two, &[l, None, l, None]), Err(RollError::RollerNotActive(s[1])));
        assert_eq!(roll_seed(&id, 1, s[0], two, &[l, None, None, None]), Err(RollError::MissingReveal(s[2])));
        assert_eq!(roll_seed(&id, 1, s[0], two, &[l, l, l, None]), Err(RollError::UnexpectedReveal(s[1])));
    }

    #[test]
    fn the_seed_binds_roll_number_roller_and_seats() {
        let id = Digest([1; 32]);
        let l = Some(Digest([2; 32]));
        let s = Seat::ALL;
        let all = [l, l, l, l];
        let base = roll_seed(&id, 1, s[0], SeatSet::FULL, &all);
        assert_ne!(base, roll_seed(&id, 2, s[0], SeatSet::FULL, &all));
        assert_ne!(base, roll_seed(&id, 1, s[1], SeatSet::FULL, &all));
        assert_ne!(base, roll_seed(&Digest([3; 32]), 1, s[0], SeatSet::FULL, &all));
    }
}
