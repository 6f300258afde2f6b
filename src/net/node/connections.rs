//! Connections coming and going: the route each peer is reached by, the
//! circuits this node dialed renewed before their relay's limits, and the
//! relayed connections closed once a direct one carries the table.

use libp2p::{core::ConnectedPoint, swarm::ConnectionError};

use super::*;

impl EventLoop {
    pub(super) async fn on_established(
        &mut self,
        peer_id: PeerId,
        connection_id: ConnectionId,
        endpoint: ConnectedPoint,
        num_established: u32,
    ) {
        if endpoint.is_dialer() {
            self.reached.note(peer_id, endpoint.get_remote_address());
        }
        if let Some(route) = self.routes.opened(peer_id, connection_id, Route::of(&endpoint)) {
            self.route_changed(peer_id, route);
        }
        if endpoint.is_relayed() && endpoint.is_dialer() && self.routes.direct(&peer_id) {
            // A renewed circuit that was on its way when a direct
            // connection came: nothing needs it.
            self.drain(connection_id, RELAY_DRAIN);
        } else if endpoint.is_relayed() {
            self.relayed.entry(peer_id).or_default().push(connection_id);
            if endpoint.is_dialer() {
                let addr = endpoint.get_remote_address().clone();
                if let Some(old) = self.circuits.opened(peer_id, connection_id, addr, Instant::now()) {
                    debug!(peer = %peer_id, "circuit renewed");
                    self.drain(old, CIRCUIT_DRAIN);
                }
            }
        } else {
            // The direct connection carries the table from now on: renewing
            // the circuit would only spend the relay's limits (and punch
            // holes anew each time).
            self.circuits.forget(peer_id);
            if let Some(relayed) = self.relayed.remove(&peer_id) {
                // A direct connection (hole punched, or found on the LAN)
                // joined a relayed one. Behaviours keep using every
                // connection, so the relayed one would still carry traffic
                // and count against the relay's limits: close it, after a
                // moment for the requests already on it.
                for conn in relayed {
                    self.drain(conn, RELAY_DRAIN);
                }
                self.emit(NodeEvent::Direct { peer: peer_id }).await;
            }
        }
        self.relay_linked(peer_id);
        for tx in self.pending_dials.remove(&peer_id).unwrap_or_default() {
            let _ = tx.send(Ok(()));
        }
        if num_established == 1 {
            if self.lobby && !self.relays.contains_key(&peer_id) && !self.queried.contains(&peer_id) {
                self.query_lobby(peer_id);
            }
            self.emit(NodeEvent::PeerConnected { peer: peer_id }).await;
        }
    }

    pub(super) async fn on_closed(
        &mut self,
        peer_id: PeerId,
        connection_id: ConnectionId,
        num_established: u32,
        cause: Option<ConnectionError>,
    ) {
        if let Some(route) = self.routes.closed(peer_id, connection_id) {
            self.route_changed(peer_id, route);
        }
        if let Some(conns) = self.relayed.get_mut(&peer_id) {
            conns.retain(|c| *c != connection_id);
        }
        self.circuits.closed(peer_id, connection_id);
        if num_established == 0 {
            debug!(peer = %peer_id, ?cause, "disconnected");
            self.relayed.remove(&peer_id);
            self.queried.remove(&peer_id);
            self.limiter.forget(&peer_id);
            self.emit(NodeEvent::PeerDisconnected { peer: peer_id }).await;
        }
    }

    /// Closes a connection after `delay`, for the requests already on it.
    pub(super) fn drain(&mut self, conn: ConnectionId, delay: Duration) {
        self.closing.push(tokio::time::sleep(delay).map(move |()| conn).boxed());
    }

    /// Dials a fresh circuit to each peer whose circuit nears its relay's
    /// limits; the old one closes once the new one is up.
    pub(super) fn renew_circuits(&mut self) {
        for (peer, addr) in self.circuits.due(Instant::now()) {
            self.renew_circuit(peer, addr);
        }
    }

    pub(super) fn renew_circuit(&mut self, peer: PeerId, addr: Multiaddr) {
        debug!(%peer, %addr, "renewing a circuit before its relay's limits");
        let opts = DialOpts::peer_id(peer).addresses(vec![addr]).condition(PeerCondition::Always).build();
        if let Err(e) = self.swarm.dial(opts) {
            debug!(%peer, "circuit renewal not dialed: {e}");
        }
    }

    /// Counts a table message to or from `peer` against its circuit, and
    /// renews the circuit if that message brought it near its limit.
    pub(super) fn count(&mut self, peer: PeerId, bytes: usize) {
        self.circuits.counted(peer, bytes);
        if let Some(addr) = self.circuits.due_to(peer, Instant::now()) {
            self.renew_circuit(peer, addr);
        }
    }
}
