//! The connection guard: keeps one process from locking a table out. It
//! counts connections per peer and per address as well as in all, closes
//! incoming connections that do nothing for the table well before the
//! swarm's idle timeout, makes room for a newcomer by closing the oldest
//! idle stranger rather than refusing, and keeps one direct connection
//! per pair of peers (the one the lower peer id dialed) when both dialed.
//!
//! Loopback addresses are not limited per address: every process on this
//! computer shares them, and a local process can hurt the player anyway.

use std::{
    collections::{HashMap, HashSet, VecDeque},
    net::IpAddr,
    task::{Context, Poll},
    time::{Duration, Instant},
};

use libp2p::{
    Multiaddr, PeerId,
    core::{Endpoint, transport::PortUse},
    multiaddr::Protocol,
    swarm::{
        CloseConnection, ConnectionClosed, ConnectionDenied, ConnectionId, DialFailure, FromSwarm,
        ListenFailure, NetworkBehaviour, THandler, THandlerInEvent, THandlerOutEvent, ToSwarm, dummy,
    },
};

use super::route::{circuit_of, is_circuit};

/// Incoming connections still in their handshake, in all and per address.
pub const MAX_PENDING: usize = 256;
pub const MAX_PENDING_PER_ADDRESS: usize = 32;
/// Incoming connections established, in all and per address.
pub const MAX_INCOMING: usize = 128;
pub const MAX_INCOMING_PER_ADDRESS: usize = 16;
/// Connections to one peer (a direct one, a relayed one, a redial).
pub const MAX_PER_PEER: usize = 3;
/// An incoming connection that carries nothing for the table for this long
/// is closed (the swarm's own idle timeout is two minutes).
pub const IDLE_GRACE: Duration = Duration::from_secs(10);
/// A second connection to a peer closes this long after it is found
/// surplus, so that requests already on it finish.
const DRAIN: Duration = Duration::from_secs(2);
const SWEEP: Duration = Duration::from_millis(500);

#[derive(Debug)]
struct Conn {
    peer: PeerId,
    /// The remote address, for incoming connections not on loopback.
    address: Option<IpAddr>,
    inbound: bool,
    relayed: bool,
    since: Instant,
}

/// The guard's state; a behaviour with no protocol of its own.
pub struct Guard {
    me: PeerId,
    pending: HashMap<ConnectionId, Option<IpAddr>>,
    conns: HashMap<ConnectionId, Conn>,
    /// Peers the table needs (its members, relays): never closed as idle.
    kept: HashSet<PeerId>,
    /// Relays we reserve on: a second direct connection to one (its AutoNAT
    /// dial-back, say) never costs the connection our reservation rides on.
    relays: HashSet<PeerId>,
    /// The last time each peer did something for the table.
    touched: HashMap<PeerId, Instant>,
    closing: VecDeque<(PeerId, ConnectionId)>,
    later: Vec<(Instant, PeerId, ConnectionId)>,
    sweep: tokio::time::Interval,
}

impl Guard {
    pub fn new(me: PeerId) -> Guard {
        let mut sweep = tokio::time::interval(SWEEP);
        sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Guard {
            me,
            pending: HashMap::new(),
            conns: HashMap::new(),
            kept: HashSet::new(),
            relays: HashSet::new(),
            touched: HashMap::new(),
            closing: VecDeque::new(),
            later: Vec::new(),
            sweep,
        }
    }

    /// The table needs this peer: its connections are never idle.
    pub fn keep(&mut self, peer: PeerId) {
        self.kept.insert(peer);
    }

    /// We reserve a slot on this relay: its connections are left alone.
    pub fn relay(&mut self, peer: PeerId) {
        self.relays.insert(peer);
    }

    pub fn release(&mut self, peer: &PeerId) {
        self.kept.remove(peer);
    }

    /// The peer did something for the table just now.
    pub fn touch(&mut self, peer: PeerId) {
        self.touched.insert(peer, Instant::now());
    }

    fn idle(&self, conn: &Conn, now: Instant) -> bool {
        if !conn.inbound || self.kept.contains(&conn.peer) {
            return false;
        }
        let last = self.touched.get(&conn.peer).copied().unwrap_or(conn.since).max(conn.since);
        now.saturating_duration_since(last) >= IDLE_GRACE
    }

    fn incoming_from(&self, address: IpAddr) -> usize {
        self.conns.values().filter(|c| c.address == Some(address)).count()
    }

    /// Room for one more incoming connection: when full, the oldest
    /// incoming stranger that did nothing for the table lately goes.
    fn make_room(&mut self) -> Result<(), ConnectionDenied> {
        let incoming = self.conns.values().filter(|c| c.inbound).count();
        if incoming < MAX_INCOMING {
            return Ok(());
        }
        let now = Instant::now();
        let victim = self
            .conns
            .iter()
            .filter(|(_, c)| c.inbound && !self.kept.contains(&c.peer))
            .filter(|(_, c)| {
                let last = self.touched.get(&c.peer).copied().unwrap_or(c.since);
                now.saturating_duration_since(last) >= Duration::from_secs(1)
            })
            .min_by_key(|(_, c)| c.since)
            .map(|(&id, c)| (c.peer, id));
        match victim {
            Some((peer, id)) => {
                self.conns.remove(&id);
                self.closing.push_back((peer, id));
                Ok(())
            }
            None => Err(denied("too many incoming connections")),
        }
    }

    /// Both peers dialed: keep the direct connection the lower peer id
    /// dialed, and close the other after a moment (both ends agree).
    fn one_per_pair(&mut self, new: ConnectionId) {
        let Some(conn) = self.conns.get(&new) else { return };
        if conn.relayed || self.relays.contains(&conn.peer) {
            return;
        }
        let peer = conn.peer;
        let dialer = |c: &Conn| if c.inbound { c.peer } else { self.me };
        let keeper = peer.min(self.me);
        let direct: Vec<(ConnectionId, PeerId)> = self
            .conns
            .iter()
            .filter(|(_, c)| c.peer == peer && !c.relayed)
            .map(|(&id, c)| (id, dialer(c)))
            .collect();
        if direct.len() < 2 || !direct.iter().any(|&(_, d)| d == keeper) {
            return;
        }
        let due = Instant::now() + DRAIN;
        for (id, _) in direct.into_iter().filter(|&(_, d)| d != keeper) {
            tracing::debug!(%peer, ?id, "a second direct connection to a peer: it closes after the drain");
            self.later.push((due, peer, id));
        }
    }

    fn sweep(&mut self) {
        let now = Instant::now();
        let idle: Vec<(PeerId, ConnectionId)> =
            self.conns.iter().filter(|(_, c)| self.idle(c, now)).map(|(&id, c)| (c.peer, id)).collect();
        for (peer, id) in idle {
            tracing::debug!(%peer, "closing a connection that did nothing for the table");
            self.conns.remove(&id);
            self.closing.push_back((peer, id));
        }
        let (due, later): (Vec<_>, Vec<_>) = self.later.drain(..).partition(|&(t, _, _)| t <= now);
        self.later = later;
        self.closing.extend(due.into_iter().map(|(_, peer, id)| (peer, id)));
        let peers: HashSet<PeerId> = self.conns.values().map(|c| c.peer).collect();
        self.touched.retain(|p, _| peers.contains(p));
    }
}

fn denied(why: &'static str) -> ConnectionDenied {
    ConnectionDenied::new(std::io::Error::other(why))
}

/// The IP address an incoming connection came from, unless it is loopback
/// (or relayed: the relay's address says nothing of the peer).
fn limited_address(addr: &Multiaddr) -> Option<IpAddr> {
    if is_circuit(addr) {
        return None;
    }
    let ip = addr.iter().find_map(|p| match p {
        Protocol::Ip4(ip) => Some(IpAddr::V4(ip)),
        Protocol::Ip6(ip) => Some(IpAddr::V6(ip)),
        _ => None,
    })?;
    (!ip.is_loopback()).then_some(ip)
}

impl NetworkBehaviour for Guard {
    type ConnectionHandler = dummy::ConnectionHandler;
    type ToSwarm = std::convert::Infallible;

    fn handle_pending_inbound_connection(
        &mut self,
        id: ConnectionId,
        _local: &Multiaddr,
        remote: &Multiaddr,
    ) -> Result<(), ConnectionDenied> {
        if self.pending.len() >= MAX_PENDING {
            return Err(denied("too many incoming handshakes"));
        }
        let address = limited_address(remote);
        if let Some(ip) = address
            && self.pending.values().filter(|a| **a == Some(ip)).count() >= MAX_PENDING_PER_ADDRESS
        {
            return Err(denied("too many incoming handshakes from one address"));
        }
        self.pending.insert(id, address);
        Ok(())
    }

    fn handle_established_inbound_connection(
        &mut self,
        id: ConnectionId,
        peer: PeerId,
        local: &Multiaddr,
        remote: &Multiaddr,
    ) -> Result<THandler<Self>, ConnectionDenied> {
        self.pending.remove(&id);
        let address = limited_address(remote);
        if self.conns.values().filter(|c| c.peer == peer).count() >= MAX_PER_PEER {
            return Err(denied("too many connections from one peer"));
        }
        if address.is_some_and(|ip| self.incoming_from(ip) >= MAX_INCOMING_PER_ADDRESS) {
            return Err(denied("too many connections from one address"));
        }
        self.make_room()?;
        let relayed = circuit_of(Some(local), remote).is_some();
        self.conns.insert(id, Conn { peer, address, inbound: true, relayed, since: Instant::now() });
        Ok(dummy::ConnectionHandler)
    }

    fn handle_established_outbound_connection(
        &mut self,
        id: ConnectionId,
        peer: PeerId,
        addr: &Multiaddr,
        _role: Endpoint,
        _port_use: PortUse,
    ) -> Result<THandler<Self>, ConnectionDenied> {
        if self.conns.values().filter(|c| c.peer == peer).count() >= MAX_PER_PEER {
            return Err(denied("too many connections to one peer"));
        }
        let relayed = is_circuit(addr);
        self.conns.insert(id, Conn { peer, address: None, inbound: false, relayed, since: Instant::now() });
        Ok(dummy::ConnectionHandler)
    }

    fn on_swarm_event(&mut self, event: FromSwarm) {
        match event {
            FromSwarm::ConnectionEstablished(established) => self.one_per_pair(established.connection_id),
            FromSwarm::ConnectionClosed(ConnectionClosed { connection_id, .. }) => {
                self.conns.remove(&connection_id);
            }
            // A connection another behaviour refused after ours let it in
            // never closes: forget it here, or it counts against its peer.
            FromSwarm::ListenFailure(ListenFailure { connection_id, .. }) => {
                self.pending.remove(&connection_id);
                self.conns.remove(&connection_id);
            }
            FromSwarm::DialFailure(DialFailure { connection_id, .. }) => {
                self.conns.remove(&connection_id);
            }
            _ => {}
        }
    }

    fn on_connection_handler_event(&mut self, _: PeerId, _: ConnectionId, event: THandlerOutEvent<Self>) {
        libp2p::core::util::unreachable(event)
    }

    fn poll(&mut self, cx: &mut Context<'_>) -> Poll<ToSwarm<Self::ToSwarm, THandlerInEvent<Self>>> {
        while self.sweep.poll_tick(cx).is_ready() {
            self.sweep();
        }
        match self.closing.pop_front() {
            Some((peer_id, id)) => {
                Poll::Ready(ToSwarm::CloseConnection { peer_id, connection: CloseConnection::One(id) })
            }
            None => Poll::Pending,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_and_relayed_addresses_are_not_limited_per_address() {
        let lan: Multiaddr = "/ip4/192.0.2.7/tcp/4001".parse().unwrap();
        let local: Multiaddr = "/ip4/127.0.0.1/tcp/4001".parse().unwrap();
        let relayed: Multiaddr =
            "/ip4/192.0.2.9/tcp/4001/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN/p2p-circuit"
                .parse()
                .unwrap();
        assert_eq!(limited_address(&lan), Some("192.0.2.7".parse().unwrap()));
        assert_eq!(limited_address(&local), None);
        assert_eq!(limited_address(&relayed), None);
    }

    #[tokio::test]
    async fn a_full_house_makes_room_by_closing_the_oldest_idle_stranger() {
        let mut guard = Guard::new(PeerId::random());
        let remote: Multiaddr = "/ip4/127.0.0.1/tcp/9".parse().unwrap();
        let member = PeerId::random();
        guard.keep(member);
        let mut first = None;
        for i in 0..MAX_INCOMING {
            let peer = if i == 0 { member } else { PeerId::random() };
            let id = ConnectionId::new_unchecked(i);
            guard.handle_established_inbound_connection(id, peer, &remote, &remote).unwrap();
            if i == 1 {
                first = Some((peer, id));
            }
        }
        // Everyone connected just now: nobody is idle yet, so no room.
        let newcomer = ConnectionId::new_unchecked(MAX_INCOMING);
        assert!(
            guard
                .handle_established_inbound_connection(newcomer, PeerId::random(), &remote, &remote)
                .is_err()
        );
        for conn in guard.conns.values_mut() {
            conn.since -= Duration::from_secs(2);
        }
        guard.handle_established_inbound_connection(newcomer, PeerId::random(), &remote, &remote).unwrap();
        // The oldest stranger went, not the table's member.
        assert_eq!(guard.closing.pop_front(), first);
        assert!(guard.conns.values().any(|c| c.peer == member));
    }

    #[tokio::test]
    async fn strangers_that_do_nothing_are_closed_and_members_are_kept() {
        let mut guard = Guard::new(PeerId::random());
        let remote: Multiaddr = "/ip4/127.0.0.1/tcp/9".parse().unwrap();
        let (member, stranger, busy) = (PeerId::random(), PeerId::random(), PeerId::random());
        guard.keep(member);
        for (i, peer) in [member, stranger, busy].into_iter().enumerate() {
            guard
                .handle_established_inbound_connection(ConnectionId::new_unchecked(i), peer, &remote, &remote)
                .unwrap();
        }
        for conn in guard.conns.values_mut() {
            conn.since -= IDLE_GRACE;
        }
        guard.touch(busy);
        guard.sweep();
        let closed: Vec<PeerId> = guard.closing.iter().map(|&(p, _)| p).collect();
        assert_eq!(closed, vec![stranger]);
    }

    #[tokio::test]
    async fn of_two_direct_connections_one_goes_unless_the_peer_is_our_relay() {
        let me = PeerId::random();
        let addr: Multiaddr = "/ip4/127.0.0.1/tcp/9".parse().unwrap();
        // Peers whose ids sort below ours: the connection they dialed stays.
        let lower = || loop {
            let peer = PeerId::random();
            if peer < me {
                return peer;
            }
        };
        for (peer, relay) in [(lower(), false), (lower(), true)] {
            let mut guard = Guard::new(me);
            if relay {
                guard.relay(peer);
            }
            let (ours, theirs) = (ConnectionId::new_unchecked(1), ConnectionId::new_unchecked(2));
            let dialer = Endpoint::Dialer;
            guard.handle_established_outbound_connection(ours, peer, &addr, dialer, PortUse::New).unwrap();
            guard.one_per_pair(ours);
            guard.handle_established_inbound_connection(theirs, peer, &addr, &addr).unwrap();
            guard.one_per_pair(theirs);
            let dropped: Vec<ConnectionId> = guard.later.iter().map(|&(_, _, id)| id).collect();
            // A relay's dial-back (AutoNAT) must not cost our reservation's connection.
            let expected = if relay { vec![] } else { vec![ours] };
            assert_eq!(dropped, expected, "relay: {relay}");
        }
    }

    #[tokio::test]
    async fn a_circuit_the_peer_dialed_never_costs_the_direct_connection() {
        let me = PeerId::random();
        let peer = loop {
            let peer = PeerId::random();
            if peer < me {
                break peer;
            }
        };
        let mut guard = Guard::new(me);
        // Hole punching: we dialed the direct connection; the peer then
        // dials a fresh circuit, which we accept on our relayed address.
        let direct: Multiaddr = "/ip4/192.0.2.7/tcp/4001".parse().unwrap();
        let ours = ConnectionId::new_unchecked(1);
        guard
            .handle_established_outbound_connection(ours, peer, &direct, Endpoint::Listener, PortUse::Reuse)
            .unwrap();
        guard.one_per_pair(ours);
        let circuit: Multiaddr =
            format!("/ip4/198.51.100.10/tcp/4002/p2p/{}/p2p-circuit", PeerId::random()).parse().unwrap();
        let bare: Multiaddr = format!("/p2p/{peer}").parse().unwrap();
        let theirs = ConnectionId::new_unchecked(2);
        guard.handle_established_inbound_connection(theirs, peer, &circuit, &bare).unwrap();
        guard.one_per_pair(theirs);
        assert!(guard.conns[&theirs].relayed);
        assert!(guard.later.is_empty(), "the direct connection was marked surplus: {:?}", guard.later);
    }

    #[tokio::test]
    async fn a_connection_another_behaviour_refused_is_forgotten() {
        let mut guard = Guard::new(PeerId::random());
        let peer = PeerId::random();
        let addr: Multiaddr = "/ip4/192.0.2.7/tcp/4001".parse().unwrap();
        for i in 0..MAX_PER_PEER {
            let id = ConnectionId::new_unchecked(i);
            guard
                .handle_established_outbound_connection(id, peer, &addr, Endpoint::Dialer, PortUse::New)
                .unwrap();
            let error = libp2p::swarm::DialError::Denied { cause: denied("refused by another behaviour") };
            guard.on_swarm_event(FromSwarm::DialFailure(DialFailure {
                peer_id: Some(peer),
                error: &error,
                connection_id: id,
            }));
        }
        assert!(guard.conns.is_empty());
        let id = ConnectionId::new_unchecked(MAX_PER_PEER);
        assert!(
            guard
                .handle_established_outbound_connection(id, peer, &addr, Endpoint::Dialer, PortUse::New)
                .is_ok()
        );
    }

    #[test]
    fn one_address_cannot_fill_the_handshakes() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
        let _guard = rt.enter();
        let mut guard = Guard::new(PeerId::random());
        let local: Multiaddr = "/ip4/0.0.0.0/tcp/1".parse().unwrap();
        let one: Multiaddr = "/ip4/203.0.113.5/tcp/5555".parse().unwrap();
        let other: Multiaddr = "/ip4/203.0.113.6/tcp/5555".parse().unwrap();
        for i in 0..MAX_PENDING_PER_ADDRESS {
            guard.handle_pending_inbound_connection(ConnectionId::new_unchecked(i), &local, &one).unwrap();
        }
        let n = MAX_PENDING_PER_ADDRESS;
        assert!(
            guard.handle_pending_inbound_connection(ConnectionId::new_unchecked(n), &local, &one).is_err()
        );
        assert!(
            guard
                .handle_pending_inbound_connection(ConnectionId::new_unchecked(n + 1), &local, &other)
                .is_ok()
        );
    }
}
