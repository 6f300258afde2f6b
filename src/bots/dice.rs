//! Seeded die faces and picks for simulations and Hard's rollouts: exactly
//! uniform, and cheap (a simulated game rolls about 500 times, and the
//! stream's draws were a fifth of its cost with a generic range sampler).

use super::Stream;
use crate::rules::Face;
use rand::{RngCore, SeedableRng};

/// A seeded die: two faces from each 64-bit draw of its stream.
#[derive(Clone, Debug)]
pub struct SeededDie {
    stream: Stream,
    spare: Option<u32>,
}

impl SeededDie {
    pub fn new(seed: u64) -> SeededDie {
        SeededDie { stream: Stream::seed_from_u64(seed), spare: None }
    }

    /// The next face, 1..=6.
    #[inline(always)]
    pub fn roll(&mut self) -> Face {
        loop {
            let word = match self.spare.take() {
                Some(word) => word,
                None => {
                    let draw = self.stream.next_u64();
                    self.spare = Some((draw >> 32) as u32);
                    draw as u32
                }
            };
            if let Some(k) = below(word, 6) {
                return Face::from_draw(k as u8);
            }
        }
    }

    /// The stream itself, for the choices a rollout makes besides rolling.
    pub fn stream(&mut self) -> &mut Stream {
        &mut self.stream
    }
}

/// A number in `0..n` (`n` ≥ 1) drawn from `stream`, exactly uniform.
#[inline(always)]
pub(crate) fn pick(stream: &mut Stream, n: u32) -> u32 {
    loop {
        if let Some(k) = below(stream.next_u32(), n) {
            return k;
        }
    }
}

/// `word` mapped onto `0..n` by Lemire's multiply-and-shift, or `None` for
/// the fewer than `n` words that would bias it (draw again then).
#[inline(always)]
fn below(word: u32, n: u32) -> Option<u32> {
    let product = u64::from(word) * u64::from(n);
    let low = product as u32;
    // 2^32 mod n words are rejected: those whose low half falls below it.
    // The division is only needed in the rare case the low half is below n.
    if low < n && low < n.wrapping_neg() % n {
        return None;
    }
    Some((product >> 32) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_takes_every_result_equally_often() {
        // Over all 2^32 words: each result the same number of times, the
        // rest (2^32 mod n) rejected.
        for n in [3u32, 6] {
            let mut counts = [0u64; 6];
            let mut rejected = 0u64;
            for word in 0..=u32::MAX {
                match below(word, n) {
                    Some(k) => counts[k as usize] += 1,
                    None => rejected += 1,
                }
            }
            assert_eq!(rejected, (1u64 << 32) % u64::from(n), "n = {n}");
            assert!(counts[..n as usize].iter().all(|&c| c == (1u64 << 32) / u64::from(n)), "{counts:?}");
        }
    }

    #[test]
    fn faces_are_uniform_and_seeded() {
        let mut dice = SeededDie::new(7);
        let mut counts = [0u32; 7];
        for _ in 0..60_000 {
            counts[usize::from(dice.roll().get())] += 1;
        }
        assert_eq!(counts[0], 0);
        for &c in &counts[1..] {
            // 10,000 expected, standard deviation about 91.
            assert!((9_500..=10_500).contains(&c), "{counts:?}");
        }
        let again: Vec<Face> = (0..20).map(|_| SeededDie::new(7).roll()).collect();
        assert!(again.iter().all(|&f| f == again[0]));
        let mut a = SeededDie::new(7);
        let mut b = SeededDie::new(8);
        assert_ne!(
            (0..20).map(|_| a.roll()).collect::<Vec<_>>(),
            (0..20).map(|_| b.roll()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn picks_cover_the_range() {
        let mut stream = Stream::seed_from_u64(1);
        for n in 1..=4 {
            let mut seen = [0u32; 4];
            for _ in 0..4_000 {
                seen[pick(&mut stream, n) as usize] += 1;
            }
            assert!(seen[..n as usize].iter().all(|&c| c > 4_000 / n / 2), "{n}: {seen:?}");
            assert!(seen[n as usize..].iter().all(|&c| c == 0));
        }
    }
}
