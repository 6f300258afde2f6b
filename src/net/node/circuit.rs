//! Relayed connections renewed before their relay cuts them.
//!
//! A circuit relay v2 server ends every circuit at a limit of time and of
//! bytes, counted both ways together; public relays keep the library's
//! defaults, 2 minutes and 128 KiB, which a game at bot speed spends in about
//! a second or two. The peer that dialed a circuit dials a fresh one
//! through the same relay when the old one has used half its time or, by
//! our estimate, 40% of its bytes, and closes the old one once the new one is
//! up, so the table never sees its peer go. A renewal that brings nothing
//! (the relay refuses, or is gone) is tried again through the next relay
//! the peer holds a reservation on, as its identify says.

use std::{
    collections::HashMap,
    time::{Duration, Instant},
};

use crate::net::route::addressed_peer;
use libp2p::{Multiaddr, PeerId, multiaddr::Protocol, swarm::ConnectionId};

/// What a relay allows one circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub duration: Option<Duration>,
    pub bytes: Option<u64>,
}

impl Limits {
    /// The library's defaults, which public relays use: assumed for a
    /// circuit whose relay announced nothing.
    pub const STANDARD: Limits = Limits { duration: Some(Duration::from_secs(120)), bytes: Some(128 << 10) };
}

/// A renewal that brought no new circuit in this long is tried again: a
/// game at bot speed spends a circuit's bytes in a fraction of a second,
/// and a relay at its per-peer circuit limit (4 by default) refuses a dial
/// that it takes once a renewed circuit has closed.
const RETRY: Duration = Duration::from_millis(300);
/// What a table message costs on a relayed connection beyond its own bytes:
/// each request opens a stream (multistream-select's negotiation both ways,
/// yamux's frames, noise's tags and lengths). Counted for the request and
/// again for its answer; table messages are a few hundred bytes, so this is
/// most of what the relay counts.
const MESSAGE_OVERHEAD: u64 = 160;

struct Circuit {
    conn: ConnectionId,
    addr: Multiaddr,
    opened: Instant,
    limits: Limits,
    /// Our estimate of the bytes the relay counted since the circuit opened.
    bytes: u64,
    /// When a fresh circuit was dialed, if one is on its way.
    renewing: Option<Instant>,
    /// Renewals dialed since this circuit opened: the first goes through
    /// its own relay, each retry through the next one the peer is at.
    tries: usize,
}

impl Circuit {
    fn due(&self, now: Instant) -> bool {
        if self.renewing.is_some_and(|since| now.duration_since(since) < RETRY) {
            return false;
        }
        let old = self.limits.duration.is_some_and(|d| now.duration_since(self.opened) >= d / 2);
        let full = self.limits.bytes.is_some_and(|b| self.bytes >= b / 5 * 2);
        old || full
    }
}

/// The circuits this peer dialed, one per remote peer: the newest.
#[derive(Default)]
pub struct Circuits {
    /// The limits each relay announced for the circuit it just made.
    announced: HashMap<PeerId, Limits>,
    dialed: HashMap<PeerId, Circuit>,
    /// The circuit addresses each peer is reachable at (its reservations).
    known: HashMap<PeerId, Vec<Multiaddr>>,
}

/// The relay a circuit address goes through: the `/p2p/` before `/p2p-circuit`.
fn relay_of(addr: &Multiaddr) -> Option<PeerId> {
    let mut relay = None;
    for protocol in addr.iter() {
        match protocol {
            Protocol::P2p(peer) => relay = Some(peer),
            Protocol::P2pCircuit => return relay,
            _ => {}
        }
    }
    None
}

/// The ways to renew `circuit` to `peer`: its own relay first, then each
/// other relay the peer is known at.
fn ways(known: &HashMap<PeerId, Vec<Multiaddr>>, peer: PeerId, circuit: &Circuit) -> Vec<Multiaddr> {
    let own = relay_of(&circuit.addr);
    let others = known.get(&peer).into_iter().flatten().filter(|a| relay_of(a) != own);
    std::iter::once(&circuit.addr).chain(others).cloned().collect()
}

impl Circuits {
    /// A relay made a circuit for us, with these limits; the connection
    /// over it comes next.
    pub fn announced(&mut self, relay: PeerId, limits: Limits) {
        self.announced.insert(relay, limits);
    }

    /// A circuit we dialed to `peer` through `addr` is up. It is the one
    /// to renew from now on; the one it replaces comes back, to be closed.
    pub fn opened(
        &mut self,
        peer: PeerId,
        conn: ConnectionId,
        addr: Multiaddr,
        now: Instant,
    ) -> Option<ConnectionId> {
        let limits =
            relay_of(&addr).and_then(|relay| self.announced.remove(&relay)).unwrap_or(Limits::STANDARD);
        let circuit = Circuit { conn, addr, opened: now, limits, bytes: 0, renewing: None, tries: 0 };
        self.dialed.insert(peer, circuit).map(|old| old.conn).filter(|&old| old != conn)
    }

    pub fn closed(&mut self, peer: PeerId, conn: ConnectionId) {
        if self.dialed.get(&peer).is_some_and(|c| c.conn == conn) {
            self.dialed.remove(&peer);
        }
    }

    /// `peer` is reached directly now: its circuit is no longer renewed.
    pub fn forget(&mut self, peer: PeerId) {
        self.dialed.remove(&peer);
    }

    /// A table message of `bytes` went to or came from `peer`.
    pub fn counted(&mut self, peer: PeerId, bytes: usize) {
        if let Some(circuit) = self.dialed.get_mut(&peer) {
            circuit.bytes = circuit.bytes.saturating_add(bytes as u64).saturating_add(MESSAGE_OVERHEAD);
        }
    }

    /// The circuit addresses `peer` listens on (from its identify): the
    /// relays a renewal may go through. Addresses without a relay are not
    /// circuits and are left out.
    pub fn learned(&mut self, peer: PeerId, addrs: &[Multiaddr]) {
        let circuits: Vec<Multiaddr> = addrs
            .iter()
            .filter(|a| relay_of(a).is_some())
            .map(
                |a| if addressed_peer(a).is_some() { a.clone() } else { a.clone().with(Protocol::P2p(peer)) },
            )
            .collect();
        if !circuits.is_empty() {
            self.known.insert(peer, circuits);
        }
    }

    /// A dial to `peer` failed: a renewal under way (its relay refused
    /// the circuit) goes through the next relay at once, without waiting
    /// out the retry, since the old circuit's bytes keep running out.
    /// Once every relay was tried, the retry waits again.
    pub fn failed(&mut self, peer: PeerId) {
        let Some(circuit) = self.dialed.get(&peer) else { return };
        let relays = ways(&self.known, peer, circuit).len();
        if let Some(circuit) = self.dialed.get_mut(&peer).filter(|c| c.tries % relays != 0) {
            circuit.renewing = None;
        }
    }

    /// The circuits to renew now, with the address to dial each again;
    /// each is marked as renewing.
    pub fn due(&mut self, now: Instant) -> Vec<(PeerId, Multiaddr)> {
        let peers: Vec<PeerId> = self.dialed.keys().copied().collect();
        peers.into_iter().filter_map(|peer| Some((peer, self.due_to(peer, now)?))).collect()
    }

    /// [`Circuits::due`] for the circuit to `peer` alone: checked as its
    /// messages are counted, since a fast game spends a circuit's bytes
    /// between two periodic checks.
    pub fn due_to(&mut self, peer: PeerId, now: Instant) -> Option<Multiaddr> {
        let circuit = self.dialed.get_mut(&peer).filter(|c| c.due(now))?;
        circuit.renewing = Some(now);
        let ways = ways(&self.known, peer, circuit);
        let addr = ways[circuit.tries % ways.len()].clone();
        circuit.tries += 1;
        Some(addr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circuit_to(peer: PeerId, relay: PeerId) -> Multiaddr {
        format!("/ip4/198.51.100.1/tcp/4001/p2p/{relay}/p2p-circuit/p2p/{peer}").parse().expect("an address")
    }

    #[test]
    fn a_circuit_is_renewed_at_half_its_time_or_two_fifths_of_its_bytes_and_the_old_one_closed() {
        let (peer, relay) = (PeerId::random(), PeerId::random());
        let start = Instant::now();
        let mut circuits = Circuits::default();
        let limits = Limits { duration: Some(Duration::from_secs(60)), bytes: Some(30_000) };
        circuits.announced(relay, limits);
        let first = ConnectionId::new_unchecked(1);
        assert_eq!(circuits.opened(peer, first, circuit_to(peer, relay), start), None);
        assert!(circuits.due(start + Duration::from_secs(29)).is_empty());
        // Half its time: renewed once, then again only after the retry wait.
        let at = start + Duration::from_secs(30);
        assert_eq!(circuits.due(at), vec![(peer, circuit_to(peer, relay))]);
        assert!(circuits.due(at + RETRY / 2).is_empty());
        assert_eq!(circuits.due(at + RETRY).len(), 1);
        // The new circuit replaces the old one, which comes back to be closed.
        let second = ConnectionId::new_unchecked(2);
        assert_eq!(circuits.opened(peer, second, circuit_to(peer, relay), at), Some(first));
        // The relay announced nothing this time: the standard limits hold,
        // renewed at 40% of 128 KiB with each message's overhead counted.
        let payload = Limits::STANDARD.bytes.unwrap_or(0) / 5 * 2 - MESSAGE_OVERHEAD;
        circuits.counted(peer, payload as usize - 1);
        assert_eq!(circuits.due_to(peer, at), None);
        circuits.counted(peer, 1);
        assert_eq!(circuits.due_to(peer, at), Some(circuit_to(peer, relay)));
        assert_eq!(circuits.due_to(peer, at), None);
        // The old one's closing leaves the new one; the new one's closing, nothing.
        circuits.closed(peer, first);
        assert_eq!(circuits.due(at + RETRY).len(), 1);
        circuits.closed(peer, second);
        assert!(circuits.due(at + RETRY * 2).is_empty());
    }

    #[test]
    fn a_circuit_to_a_peer_reached_directly_is_not_renewed() {
        let (peer, relay) = (PeerId::random(), PeerId::random());
        let start = Instant::now();
        let mut circuits = Circuits::default();
        circuits.opened(peer, ConnectionId::new_unchecked(1), circuit_to(peer, relay), start);
        circuits.forget(peer);
        // The direct connection carries every message and lasts: neither
        // bytes nor time bring a renewal.
        circuits.counted(peer, 1 << 20);
        assert_eq!(circuits.due_to(peer, start), None);
        assert!(circuits.due(start + Duration::from_secs(3600)).is_empty());
    }

    #[test]
    fn a_renewal_that_brings_nothing_is_tried_through_the_peers_other_relays_in_turn() {
        let (peer, a, b) = (PeerId::random(), PeerId::random(), PeerId::random());
        let start = Instant::now();
        let mut circuits = Circuits::default();
        circuits.opened(peer, ConnectionId::new_unchecked(1), circuit_to(peer, a), start);
        // Its identify: reservations on both relays (one written without
        // the peer's own id, as listen addresses are), and a direct address.
        let at_b: Multiaddr =
            format!("/ip4/198.51.100.1/tcp/4001/p2p/{b}/p2p-circuit").parse().expect("an address");
        let direct: Multiaddr = "/ip4/192.0.2.7/tcp/4001".parse().expect("an address");
        circuits.learned(peer, &[circuit_to(peer, a), at_b, direct]);
        let half = start + Duration::from_secs(60);
        assert_eq!(circuits.due(half), vec![(peer, circuit_to(peer, a))], "its own relay first");
        assert_eq!(circuits.due(half + RETRY), vec![(peer, circuit_to(peer, b))], "then the other");
        assert_eq!(circuits.due(half + RETRY * 2), vec![(peer, circuit_to(peer, a))], "and round again");
        // A refused dial moves on at once, until every relay was tried.
        circuits.failed(peer);
        assert_eq!(circuits.due(half + RETRY * 2), vec![(peer, circuit_to(peer, b))], "refused: the next");
        circuits.failed(peer);
        assert!(circuits.due(half + RETRY * 2).is_empty(), "both refused: the retry waits");
        // A circuit through b is up: renewed through b first from now on.
        circuits.opened(peer, ConnectionId::new_unchecked(2), circuit_to(peer, b), half + RETRY * 2);
        let later = half + RETRY * 2 + Duration::from_secs(60);
        assert_eq!(circuits.due(later), vec![(peer, circuit_to(peer, b))]);
    }

    #[test]
    fn a_relay_without_limits_never_needs_renewing() {
        let (peer, relay) = (PeerId::random(), PeerId::random());
        let start = Instant::now();
        let mut circuits = Circuits::default();
        circuits.announced(relay, Limits { duration: None, bytes: None });
        circuits.opened(peer, ConnectionId::new_unchecked(1), circuit_to(peer, relay), start);
        circuits.counted(peer, usize::MAX);
        assert!(circuits.due(start + Duration::from_secs(24 * 3600)).is_empty());
    }

    #[test]
    fn the_relay_is_read_from_the_circuit_address() {
        let (peer, relay) = (PeerId::random(), PeerId::random());
        assert_eq!(relay_of(&circuit_to(peer, relay)), Some(relay));
        assert_eq!(
            relay_of(&format!("/ip4/198.51.100.1/tcp/1/p2p/{peer}").parse().expect("an address")),
            None
        );
    }
}
