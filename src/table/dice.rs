//! The table's use of the fair dice: roll seeds and faces from the seats'
//! links, the first-player draw, and checking a link against a chain head
//! that may be several rolls old (a peer that was away skips rolls).

use super::record::Link;
use crate::fair::{self, chain};
use crate::rules::{Seat, SeatSet};

pub use crate::fair::Chain;

/// The roll seed of roll `k` from the contributing seats' links.
pub fn seed(game_id: &Link, k: u32, roller: u8, mask: SeatSet, links: &[Option<Link>; 4]) -> Option<Link> {
    fair::roll_seed_by(game_id, k, roller, mask, links).ok()
}

pub fn face(seed: &Link) -> u8 {
    fair::die_face(seed)
}

/// A uniform index below `n` from a seed, by rejection like the die.
pub fn pick(seed: &Link, n: u8) -> u8 {
    fair::uniform("ludo-p2p/v1/draw", seed, n)
}

/// Whether `link` is element `k` of the chain whose element `index` is `head`.
pub fn link_follows(nonce: &Link, seat: Seat, k: u32, link: &Link, index: u32, head: &Link) -> bool {
    if k <= index {
        return false;
    }
    let mut e = *link;
    for j in (index + 1..=k).rev() {
        e = chain::step(nonce, seat, j, &e);
    }
    e == *head
}
