//! Per-seat hash chains: each seat commits to its whole sequence of dice
//! contributions before the game starts.
//!
//! `e[N] = seed`, `e[j-1] = H_chain(game_nonce || seat:u8 || j:u32be || e[j])`;
//! the anchor `e[0]` goes into the genesis and roll `k` uses link `e[k]`.
//! Each step is bound to the game, the seat and the index, so a link can
//! neither be copied from another seat nor replayed in another game.

use super::hash::{Digest, TAG_CHAIN, tagged};
use crate::rules::Seat;
use zeroize::Zeroize;

/// Links in the chains the table makes: far more rolls than the longest
/// game (a four-player game takes a few hundred).
pub const CHAIN_LEN: u32 = 8192;
/// The longest chain a genesis may declare, so building one stays cheap.
pub const MAX_CHAIN_LEN: u32 = 1 << 16;
/// Every this many elements the secret chain keeps a checkpoint, so a link
/// costs at most this many hashes to recompute.
const CHECKPOINT_EVERY: u32 = 64;

/// One step down the chain: the element at `j - 1` from the one at `j`.
pub fn step(game_nonce: &Digest, seat: Seat, j: u32, element: &Digest) -> Digest {
    tagged(TAG_CHAIN, &[game_nonce.as_bytes(), &[u8::from(seat)], &j.to_be_bytes(), element.as_bytes()])
}

/// Whether `element` is link `k` of `seat`'s chain, given link `k - 1`
/// (the anchor for `k = 1`).
pub fn verify_link(game_nonce: &Digest, seat: Seat, k: u32, element: &Digest, previous: &Digest) -> bool {
    k >= 1 && step(game_nonce, seat, k, element) == *previous
}

/// Whether `element` is link `k` of the chain that ends in `anchor`, by
/// walking all `k` steps: for checking a lone reveal (evidence).
pub fn verify_from_anchor(
    game_nonce: &Digest,
    seat: Seat,
    k: u32,
    element: &Digest,
    anchor: &Digest,
) -> bool {
    if k == 0 {
        return false;
    }
    let mut e = *element;
    for j in (1..=k).rev() {
        e = step(game_nonce, seat, j, &e);
    }
    e == *anchor
}

/// A seat's own secret chain. Keeps every 64th element so any link is at
/// most 63 hashes away; all of it is zeroized on drop.
pub struct Chain {
    game_nonce: Digest,
    seat: Seat,
    len: u32,
    /// `checkpoints[i] = e[i * CHECKPOINT_EVERY]`, and the last one is `e[len]`.
    checkpoints: Vec<Digest>,
}

impl Chain {
    /// Builds the chain from a 32-byte secret seed (`len` hashes).
    /// `len` is clamped to `1..=MAX_CHAIN_LEN`.
    pub fn new(game_nonce: Digest, seat: Seat, seed: &[u8; 32], len: u32) -> Chain {
        let len = len.clamp(1, MAX_CHAIN_LEN);
        let mut checkpoints = vec![Digest::default(); ((len - 1) / CHECKPOINT_EVERY + 2) as usize];
        let mut e = Digest(*seed);
        let last = checkpoints.len() - 1;
        checkpoints[last] = e;
        for j in (1..=len).rev() {
            e = step(&game_nonce, seat, j, &e);
            if (j - 1) % CHECKPOINT_EVERY == 0 {
                checkpoints[((j - 1) / CHECKPOINT_EVERY) as usize] = e;
            }
        }
        e.0.zeroize();
        Chain { game_nonce, seat, len, checkpoints }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn chain_len(&self) -> u32 {
        self.len
    }

    /// `e[0]`, published in the genesis.
    pub fn anchor(&self) -> Digest {
        self.checkpoints[0]
    }

    /// `e[k]`, the link revealed for roll `k` (1-based); `None` past the end.
    pub fn link(&self, k: u32) -> Option<Digest> {
        if k == 0 || k > self.len {
            return None;
        }
        // Start from the nearest element at or above k: a checkpoint, or
        // the seed at `len`.
        let (mut j, mut e) = match k.div_ceil(CHECKPOINT_EVERY) * CHECKPOINT_EVERY {
            above if above < self.len => (above, self.checkpoints[(above / CHECKPOINT_EVERY) as usize]),
            _ => (self.len, self.checkpoints[self.checkpoints.len() - 1]),
        };
        while j > k {
            e = step(&self.game_nonce, self.seat, j, &e);
            j -= 1;
        }
        Some(e)
    }
}

impl Drop for Chain {
    fn drop(&mut self) {
        for c in &mut self.checkpoints {
            c.0.zeroize();
        }
    }
}

impl std::fmt::Debug for Chain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Chain({}, {} links, anchor {})", self.seat, self.len, self.anchor())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(i: u8) -> Seat {
        Seat::ALL[usize::from(i)]
    }

    #[test]
    fn every_link_chains_to_the_previous_one() {
        let nonce = Digest([9; 32]);
        for len in [1, 8, 63, 64, 65, 200] {
            let chain = Chain::new(nonce, seat(2), &[5; 32], len);
            let mut previous = chain.anchor();
            for k in 1..=len {
                let link = chain.link(k).unwrap_or_default();
                assert!(verify_link(&nonce, seat(2), k, &link, &previous), "len {len} k {k}");
                previous = link;
            }
            assert_eq!(previous, Digest([5; 32]), "the last link is the seed");
            assert_eq!(chain.link(len + 1), None);
            assert_eq!(chain.link(0), None);
        }
    }

    #[test]
    fn a_link_for_another_seat_index_or_game_is_rejected() {
        let nonce = Digest([9; 32]);
        let chain = Chain::new(nonce, seat(1), &[5; 32], 16);
        let (anchor, l1, l2) =
            (chain.anchor(), chain.link(1).unwrap_or_default(), chain.link(2).unwrap_or_default());
        assert!(verify_link(&nonce, seat(1), 1, &l1, &anchor));
        assert!(!verify_link(&nonce, seat(0), 1, &l1, &anchor), "wrong seat");
        assert!(!verify_link(&nonce, seat(1), 2, &l1, &anchor), "wrong index");
        assert!(!verify_link(&nonce, seat(1), 0, &anchor, &anchor), "index 0");
        assert!(!verify_link(&Digest([8; 32]), seat(1), 1, &l1, &anchor), "wrong game");
        assert!(!verify_link(&nonce, seat(1), 1, &l2, &anchor), "skipped link");
        assert!(verify_from_anchor(&nonce, seat(1), 2, &l2, &anchor));
        assert!(!verify_from_anchor(&nonce, seat(1), 3, &l2, &anchor));
        assert!(!verify_from_anchor(&nonce, seat(2), 2, &l2, &anchor));
    }
}
