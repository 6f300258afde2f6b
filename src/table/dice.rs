//! The table's use of the fair dice: local chains, roll seeds, faces.

use super::record::Link;
use crate::fair;
use crate::rules::{Seat, SeatSet};

/// The roll seed of roll `k` from the contributing seats' links, in seat order.
pub fn seed(game_id: &Link, k: u32, roller: u8, mask: SeatSet, links: &[Link]) -> Link {
    fair::roll_seed(game_id, k, roller, mask.bits(), links)
}

pub fn face(seed: &Link) -> u8 {
    fair::die_face(seed)
}

/// A uniform index below `n` from a seed, by rejection like the die.
pub fn pick(seed: &Link, n: u8) -> u8 {
    let n = n.max(1);
    let limit = 256 - 256 % u16::from(n);
    let mut ctr = 0u32;
    loop {
        for b in fair::tagged("ludo-p2p/v1/draw", &[seed, &ctr.to_be_bytes()]) {
            if u16::from(b) < limit {
                return b % n;
            }
        }
        ctr += 1;
    }
}

/// Whether `link` is element `k` of the chain whose element `index` is `head`.
pub fn link_follows(nonce: &Link, seat: Seat, k: u32, link: &Link, index: u32, head: &Link) -> bool {
    if k <= index {
        return false;
    }
    let mut e = *link;
    for j in (index + 1..=k).rev() {
        e = fair::chain_step(nonce, u8::from(seat), j, &e);
    }
    e == *head
}

/// A seat's whole chain, held by the table that holds its secret.
#[derive(Clone, Debug)]
pub struct Chain {
    elements: Vec<Link>,
}

impl Chain {
    pub fn new(nonce: &Link, seat: Seat, secret: &Link, len: u32) -> Chain {
        let mut elements = vec![*secret; len as usize + 1];
        for j in (1..=len as usize).rev() {
            elements[j - 1] = fair::chain_step(nonce, u8::from(seat), j as u32, &elements[j]);
        }
        Chain { elements }
    }

    pub fn anchor(&self) -> Link {
        self.elements[0]
    }

    /// Element `k`, revealed for roll `k`.
    pub fn link(&self, k: u32) -> Option<Link> {
        self.elements.get(k as usize).copied()
    }
}
