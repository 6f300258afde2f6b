//! The route to each peer the table needs: direct, or through a relay, and
//! by which address. A peer may hold several connections at once (a
//! relayed one and the direct one hole punching made, a redial); the route
//! is the direct one if there is one, else the oldest, and it is reported
//! when it changes.

use std::collections::{HashMap, HashSet};

use libp2p::{Multiaddr, PeerId, core::ConnectedPoint, multiaddr::Protocol, swarm::ConnectionId};

use super::report::RouteKind;

/// How a connection reaches its peer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub kind: RouteKind,
    /// The peer's address (direct), or the relay's circuit address (relayed).
    pub via: Multiaddr,
}

/// The peer an address names by its last part, `/p2p/` and the id: relays
/// and bootstrap peers are reached and trusted by that id, so their
/// addresses must end with it.
pub fn addressed_peer(addr: &Multiaddr) -> Option<PeerId> {
    match addr.iter().last() {
        Some(Protocol::P2p(peer)) => Some(peer),
        _ => None,
    }
}

/// Whether an address goes through a relay.
pub fn is_circuit(addr: &Multiaddr) -> bool {
    addr.iter().any(|p| p == Protocol::P2pCircuit)
}

/// The circuit a connection goes through, if it is relayed: a dialed
/// circuit is named by the address dialed; an accepted one by the circuit
/// we listen on (`local`), its remote address being the bare peer id.
pub fn circuit_of<'a>(local: Option<&'a Multiaddr>, remote: &'a Multiaddr) -> Option<&'a Multiaddr> {
    local.filter(|l| is_circuit(l)).or(Some(remote).filter(|r| is_circuit(r)))
}

/// The host part of a route's address, for a sentence: its IP address or
/// name (`198.51.100.10`), or the address as written when it has none.
pub fn host_of(via: &str) -> String {
    let Ok(addr) = via.parse::<Multiaddr>() else { return via.to_owned() };
    addr.iter()
        .find_map(|p| match p {
            Protocol::Ip4(ip) => Some(ip.to_string()),
            Protocol::Ip6(ip) => Some(ip.to_string()),
            Protocol::Dns(name) | Protocol::Dns4(name) | Protocol::Dns6(name) | Protocol::Dnsaddr(name) => {
                Some(name.to_string())
            }
            _ => None,
        })
        .unwrap_or_else(|| via.to_owned())
}

impl Route {
    /// The route of a connection, from its endpoint.
    pub fn of(endpoint: &ConnectedPoint) -> Route {
        let (local, remote) = match endpoint {
            ConnectedPoint::Dialer { address, .. } => (None, address),
            ConnectedPoint::Listener { local_addr, send_back_addr } => (Some(local_addr), send_back_addr),
        };
        // A circuit names the relay before `/p2p-circuit`.
        match circuit_of(local, remote) {
            Some(relayed) => {
                let via = relayed.iter().take_while(|p| *p != Protocol::P2pCircuit).collect::<Multiaddr>();
                Route { kind: RouteKind::Relayed, via: via.with(Protocol::P2pCircuit) }
            }
            None => {
                // A dialed address may end with the peer's id: the line names it already.
                let mut via = remote.clone();
                if addressed_peer(&via).is_some() {
                    via.pop();
                }
                Route { kind: RouteKind::Direct, via }
            }
        }
    }
}

/// Every peer's open connections, and the routes reported for the peers the
/// table keeps.
#[derive(Default)]
pub struct Routes {
    /// Open connections per peer, oldest first.
    open: HashMap<PeerId, Vec<(ConnectionId, Route)>>,
    kept: HashSet<PeerId>,
    reported: HashMap<PeerId, Route>,
}

impl Routes {
    /// A connection opened; the peer's new route, if it is kept and its
    /// route changed.
    pub fn opened(&mut self, peer: PeerId, conn: ConnectionId, route: Route) -> Option<Route> {
        self.open.entry(peer).or_default().push((conn, route));
        self.changed(peer)
    }

    /// A connection closed; the peer's new route, as [`Routes::opened`].
    pub fn closed(&mut self, peer: PeerId, conn: ConnectionId) -> Option<Route> {
        if let Some(conns) = self.open.get_mut(&peer) {
            conns.retain(|(c, _)| *c != conn);
            if conns.is_empty() {
                self.open.remove(&peer);
            }
        }
        self.changed(peer)
    }

    /// The table needs this peer (its route is reported from now on, the
    /// current one at once) or no longer does.
    pub fn keep(&mut self, peer: PeerId, keep: bool) -> Option<Route> {
        if keep {
            self.kept.insert(peer);
            self.changed(peer)
        } else {
            self.kept.remove(&peer);
            self.reported.remove(&peer);
            None
        }
    }

    /// Whether a direct connection to `peer` is open.
    pub fn direct(&self, peer: &PeerId) -> bool {
        self.current(peer).is_some_and(|r| r.kind == RouteKind::Direct)
    }

    /// The route now: the direct connection if there is one, else the oldest.
    fn current(&self, peer: &PeerId) -> Option<&Route> {
        let conns = self.open.get(peer)?;
        let direct = conns.iter().find(|(_, r)| r.kind == RouteKind::Direct);
        direct.or(conns.first()).map(|(_, r)| r)
    }

    fn changed(&mut self, peer: PeerId) -> Option<Route> {
        if !self.kept.contains(&peer) {
            return None;
        }
        // Gone altogether: the next connection says how it came back.
        let route = self.current(&peer)?.clone();
        if self.reported.get(&peer) == Some(&route) {
            return None;
        }
        self.reported.insert(peer, route.clone());
        Some(route)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libp2p::core::{Endpoint, transport::PortUse};

    fn relay() -> PeerId {
        PeerId::random()
    }

    fn dialed(addr: &str) -> ConnectedPoint {
        ConnectedPoint::Dialer {
            address: addr.parse().unwrap(),
            role_override: Endpoint::Dialer,
            port_use: PortUse::Reuse,
        }
    }

    #[test]
    fn a_routes_host_is_its_address_or_name() {
        assert_eq!(host_of("/ip4/198.51.100.10/tcp/4001/p2p-circuit"), "198.51.100.10");
        assert_eq!(host_of("/dns4/relay.example/udp/4001/quic-v1"), "relay.example");
        assert_eq!(host_of("/ip6/::1/tcp/9"), "::1");
        assert_eq!(host_of("not an address"), "not an address");
    }

    #[test]
    fn a_route_says_direct_or_names_the_relay_at_either_end() {
        let (r, host) = (relay(), PeerId::random());
        let direct = Route::of(&dialed(&format!("/ip4/192.0.2.7/tcp/4001/p2p/{host}")));
        assert_eq!(
            direct,
            Route { kind: RouteKind::Direct, via: "/ip4/192.0.2.7/tcp/4001".parse().unwrap() }
        );
        let circuit: Multiaddr = format!("/ip4/198.51.100.1/tcp/4001/p2p/{r}/p2p-circuit").parse().unwrap();
        let dialer = Route::of(&dialed(&format!("{circuit}/p2p/{host}")));
        assert_eq!(dialer, Route { kind: RouteKind::Relayed, via: circuit.clone() });
        let listener = Route::of(&ConnectedPoint::Listener {
            local_addr: circuit.clone(),
            send_back_addr: format!("/p2p/{host}").parse().unwrap(),
        });
        assert_eq!(listener, dialer);
    }

    #[test]
    fn the_route_of_a_kept_peer_is_told_when_it_changes() {
        let (peer, r) = (PeerId::random(), relay());
        let relayed = Route::of(&dialed(&format!("/ip4/198.51.100.1/tcp/1/p2p/{r}/p2p-circuit/p2p/{peer}")));
        let direct = Route::of(&dialed("/ip4/192.0.2.7/tcp/4001"));
        let (one, two) = (ConnectionId::new_unchecked(1), ConnectionId::new_unchecked(2));
        let mut routes = Routes::default();
        // Not kept yet: nothing said; kept: the route at once.
        assert_eq!(routes.opened(peer, one, relayed.clone()), None);
        assert_eq!(routes.keep(peer, true), Some(relayed.clone()));
        // Hole punching: direct, and direct it stays when the relayed one goes.
        assert!(!routes.direct(&peer));
        assert_eq!(routes.opened(peer, two, direct.clone()), Some(direct.clone()));
        assert!(routes.direct(&peer));
        assert_eq!(routes.closed(peer, one), None);
        // Lost and back the same way: no change; back through the relay: told.
        assert_eq!(routes.closed(peer, two), None);
        assert_eq!(routes.opened(peer, two, direct.clone()), None);
        assert_eq!(routes.opened(peer, one, relayed.clone()), None);
        assert_eq!(routes.closed(peer, two), Some(relayed));
        routes.keep(peer, false);
        assert_eq!(routes.opened(peer, two, direct), None);
    }
}
