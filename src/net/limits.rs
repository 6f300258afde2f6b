//! Per-peer rate limits: a token bucket per (peer, message kind). Time is
//! passed in, so the arithmetic is tested without a clock.

use std::{
    collections::HashMap,
    hash::Hash,
    time::{Duration, Instant},
};

use super::wire::Kind;

/// A burst and a refill period per token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub burst: u32,
    pub every: Duration,
}

impl Rate {
    /// The rate a peer may send requests of `kind` at. Game traffic is
    /// sized so that bots playing as fast as the table allows (an entry
    /// out, a reveal or an intent back, a few hundred a second on one
    /// computer) are never held back: only a flood is. Chatter is tight.
    pub const fn for_kind(kind: Kind) -> Rate {
        match kind {
            Kind::Intent | Kind::Entry => Rate { burst: 2_000, every: Duration::from_micros(500) },
            // Heads every second or two, a reveal per roll, election votes.
            Kind::Peer => Rate { burst: 500, every: Duration::from_millis(2) },
            // A host passes on the reactions of up to four players, each
            // held to `PLAYER_REACTIONS` where it was sent.
            Kind::Reaction => Rate { burst: 12, every: Duration::from_millis(500) },
            // Lobbies ask on connecting and then every few seconds; a
            // guesser of unlisted codes gets 4 tries a second at most.
            Kind::TableQuery => Rate { burst: 10, every: Duration::from_millis(250) },
        }
    }
}

/// How often one player may react: the host holds each seat to it, and
/// the window holds its own player to it before sending.
pub const PLAYER_REACTIONS: Rate = Rate { burst: 3, every: Duration::from_secs(2) };

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: u32,
    last: Instant,
}

/// Token buckets keyed by sender and kind.
#[derive(Debug)]
pub struct RateLimiter<P> {
    buckets: HashMap<(P, Kind), Bucket>,
}

impl<P> Default for RateLimiter<P> {
    fn default() -> Self {
        RateLimiter { buckets: HashMap::new() }
    }
}

impl<P: Eq + Hash + Clone> RateLimiter<P> {
    /// Takes a token for a message of `kind` from `peer` at `now`; false
    /// when the peer is over its rate.
    pub fn allow(&mut self, peer: &P, kind: Kind, now: Instant) -> bool {
        self.allow_at(peer, kind, Rate::for_kind(kind), now)
    }

    /// Takes a token for a message of `kind` from `peer` held to `rate`.
    pub fn allow_at(&mut self, peer: &P, kind: Kind, rate: Rate, now: Instant) -> bool {
        let bucket =
            self.buckets.entry((peer.clone(), kind)).or_insert(Bucket { tokens: rate.burst, last: now });
        let elapsed = now.saturating_duration_since(bucket.last);
        let earned = (elapsed.as_nanos() / rate.every.as_nanos().max(1)).min(u128::from(u32::MAX));
        if earned > 0 {
            // `earned` fits in u32 by the min above.
            bucket.tokens = bucket.tokens.saturating_add(earned as u32).min(rate.burst);
            bucket.last = now;
        }
        if bucket.tokens == 0 {
            return false;
        }
        bucket.tokens -= 1;
        true
    }

    /// Forgets a peer that disconnected, so the map does not grow.
    pub fn forget(&mut self, peer: &P) {
        self.buckets.retain(|(p, _), _| p != peer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_refill() {
        let mut limiter = RateLimiter::default();
        let t0 = Instant::now();
        let rate = Rate::for_kind(Kind::Reaction);
        for _ in 0..rate.burst {
            assert!(limiter.allow(&1, Kind::Reaction, t0));
        }
        assert!(!limiter.allow(&1, Kind::Reaction, t0));
        // Another peer and another kind have their own buckets.
        assert!(limiter.allow(&2, Kind::Reaction, t0));
        assert!(limiter.allow(&1, Kind::Intent, t0));
        // One period later, exactly one more.
        let t1 = t0 + rate.every;
        assert!(limiter.allow(&1, Kind::Reaction, t1));
        assert!(!limiter.allow(&1, Kind::Reaction, t1));
        limiter.forget(&1);
        assert!(limiter.allow(&1, Kind::Reaction, t1));
    }

    #[test]
    fn a_player_reacts_three_times_in_two_seconds_and_a_host_passes_on_four_players() {
        let mut limiter = RateLimiter::default();
        let t0 = Instant::now();
        let sent = (0..10).filter(|_| limiter.allow_at(&1, Kind::Reaction, PLAYER_REACTIONS, t0)).count();
        assert_eq!(sent, 3);
        assert!(limiter.allow_at(&1, Kind::Reaction, PLAYER_REACTIONS, t0 + Duration::from_secs(2)));
        // What one host passes on from four players at their full rate.
        let mut guest = RateLimiter::default();
        assert!((0..12).all(|_| guest.allow(&"host", Kind::Reaction, t0)));
        assert!(!guest.allow(&"host", Kind::Reaction, t0));
    }

    #[test]
    fn bots_at_full_speed_are_never_held_back() {
        // A guest answering every entry of a fast game: 800 messages a
        // second for ten seconds, evenly spread.
        let mut limiter = RateLimiter::default();
        let t0 = Instant::now();
        let refused = (0..8_000u64)
            .filter(|&i| !limiter.allow(&1, Kind::Intent, t0 + Duration::from_micros(i * 1_250)))
            .count();
        assert_eq!(refused, 0);
        // A flood is held back.
        let flood = (0..10_000).filter(|_| limiter.allow(&2, Kind::Intent, t0)).count();
        assert_eq!(flood, Rate::for_kind(Kind::Intent).burst as usize);
    }
}
