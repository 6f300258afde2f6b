//! Finding tables: relay reservations, room codes and the public lobby
//! at the relay (rendezvous), and LAN tables by mDNS.

use super::*;

impl EventLoop {
    pub(super) fn reserve(&mut self, relay_addr: Multiaddr) {
        let Some(relay) = addressed_peer(&relay_addr) else {
            return;
        };
        self.swarm.behaviour_mut().guard.relay(relay);
        match self.swarm.listen_on(relay_addr.clone().with(Protocol::P2pCircuit)) {
            Ok(id) => {
                self.relay_listeners.insert(id, relay);
            }
            Err(e) => warn!(%relay_addr, "cannot reserve on relay: {e}"),
        }
    }

    pub(super) fn retry_relays(&mut self) {
        let waiting: HashSet<PeerId> = self.relay_listeners.values().copied().collect();
        let missing: Vec<Multiaddr> = self
            .relays
            .iter()
            .filter(|(relay, _)| !self.reserved.contains(relay) && !waiting.contains(relay))
            .map(|(_, addr)| addr.clone())
            .collect();
        for addr in missing {
            self.reserve(addr);
        }
        self.use_public_relays();
    }

    /// A bootstrap peer that serves circuit relay v2 is a public relay: a
    /// host with no relay of its own reserves a slot there, so that
    /// players behind other routers reach its table (and hole punch from
    /// the relayed connection).
    pub(super) fn identified(&mut self, peer: PeerId, info: &identify::Info) {
        let hop = info.protocols.contains(&relay::HOP_PROTOCOL_NAME);
        if !hop || self.relays.contains_key(&peer) || self.public_relays.contains_key(&peer) {
            return;
        }
        let Some(addr) = self.bootstrap.iter().find(|a| dht::bootstrap_peer(a) == Some(peer)).cloned() else {
            return;
        };
        info!(relay = %peer, "a bootstrap peer relays: a public relay");
        self.public_relays.insert(peer, addr);
        self.use_public_relays();
    }

    /// Keeps up to [`PUBLIC_RELAYS`] reservations on public relays while
    /// this peer hosts a table and has no relay of its own.
    pub(super) fn use_public_relays(&mut self) {
        if self.table.is_none() || !self.relays.is_empty() {
            return;
        }
        let waiting: HashSet<PeerId> = self.relay_listeners.values().copied().collect();
        let held = |p: &PeerId| self.reserved.contains(p) || waiting.contains(p);
        let holding = self.public_relays.keys().filter(|p| held(p)).count();
        let more: Vec<Multiaddr> = self
            .public_relays
            .iter()
            .filter(|(p, _)| !held(p))
            .map(|(_, addr)| addr.clone())
            .take(PUBLIC_RELAYS.saturating_sub(holding))
            .collect();
        for addr in more {
            self.reserve(addr);
        }
    }

    pub(super) fn refresh_lobby(&mut self) {
        let known = self.lan.keys().chain(self.public.values().flatten().map(|(p, _)| p));
        let peers: HashSet<PeerId> = known.filter(|p| self.swarm.is_connected(p)).copied().collect();
        for peer in peers {
            self.query_lobby(peer);
        }
        let relays: Vec<PeerId> =
            self.relays.keys().filter(|r| self.swarm.is_connected(r)).copied().collect();
        for relay in relays {
            self.discover_public(relay);
        }
    }

    /// Asks a relay for the public tables it lists, if this is a lobby.
    pub(super) fn discover_public(&mut self, relay: PeerId) {
        if self.lobby {
            self.swarm.behaviour_mut().rendezvous.discover(Some(public_namespace()), None, None, relay);
        }
    }

    /// The public tables `relay` lists now: reach the new ones (the lobby
    /// asks each for its info once connected), and say which went away.
    pub(super) async fn published(&mut self, relay: PeerId, sightings: Vec<Sighting>) {
        let me = *self.swarm.local_peer_id();
        let sightings: Vec<Sighting> = sightings.into_iter().filter(|(p, _)| *p != me).collect();
        let seen: HashSet<PeerId> = self.public.get(&relay).into_iter().flatten().map(|(p, _)| *p).collect();
        for (peer, addrs) in sightings.iter().filter(|(p, _)| !seen.contains(p)) {
            if self.swarm.is_connected(peer) {
                self.query_lobby(*peer);
            } else if let Err(e) = self.swarm.dial(DialOpts::peer_id(*peer).addresses(addrs.clone()).build())
            {
                debug!(%peer, "cannot dial a public table: {e}");
            }
        }
        let before = self.public.insert(relay, sightings).unwrap_or_default();
        for (peer, _) in before {
            if self.public_ticket(&peer).is_none() && !self.lan.contains_key(&peer) {
                self.emit(NodeEvent::TableGone { peer }).await;
            }
        }
    }

    /// How to reach a public table: its addresses as a relay lists them.
    pub(super) fn public_ticket(&self, peer: &PeerId) -> Option<Ticket> {
        let (_, addrs) = self.public.values().flatten().find(|(p, _)| p == peer)?;
        Some(Ticket::new(*peer, addrs.clone()))
    }

    pub(super) fn query_lobby(&mut self, peer: PeerId) {
        if self.relays.contains_key(&peer) || self.lobby_queries.values().any(|p| *p == peer) {
            return;
        }
        let bytes = wire::encode(&Request::TableQuery { code: None });
        let id = self.swarm.behaviour_mut().table.send_request(&peer, bytes);
        self.lobby_queries.insert(id, peer);
        self.queried.insert(peer);
    }

    /// Registers our table's code at a relay's rendezvous point, and
    /// publishes it there too if it is listed.
    /// Registers the open table's code (and listing) at one of the
    /// player's own relays.
    pub(super) fn register_code(&mut self, relay: PeerId) {
        let Some(table) = &self.table else { return };
        if !self.relays.contains_key(&relay) {
            return;
        }
        let namespace = match rendezvous::Namespace::new(table.code.namespace()) {
            Ok(ns) => ns,
            Err(e) => {
                warn!("room code namespace refused: {e}");
                return;
            }
        };
        let listed = table.info.listed.then(public_namespace);
        for namespace in std::iter::once(namespace).chain(listed) {
            if let Err(e) = self.swarm.behaviour_mut().rendezvous.register(namespace, relay, None) {
                warn!(%relay, "cannot register the table: {e}");
            }
        }
    }

    pub(super) async fn on_mdns(&mut self, event: mdns::Event) {
        match event {
            mdns::Event::Discovered(found) => {
                let mut new_peers = Vec::new();
                for (peer, addr) in found {
                    let addrs = self.lan.entry(peer).or_default();
                    if !addrs.contains(&addr) {
                        addrs.push(addr.clone());
                    }
                    if !new_peers.contains(&peer) {
                        new_peers.push(peer);
                    }
                }
                // Only a lobby dials what it finds: a table's peers are
                // dialed by those who join them, one connection a pair.
                let lobby = self.lobby;
                for peer in new_peers.into_iter().filter(|_| lobby) {
                    if self.swarm.is_connected(&peer) {
                        self.query_lobby(peer);
                    } else if let Err(e) = self.swarm.dial(peer) {
                        debug!(%peer, "cannot dial a LAN peer: {e}");
                    }
                }
            }
            mdns::Event::Expired(gone) => {
                for (peer, addr) in gone {
                    let empty = self.lan.get_mut(&peer).is_some_and(|addrs| {
                        addrs.retain(|a| *a != addr);
                        addrs.is_empty()
                    });
                    if empty {
                        self.lan.remove(&peer);
                        self.emit(NodeEvent::TableGone { peer }).await;
                    }
                }
            }
        }
    }

    pub(super) async fn on_rendezvous(&mut self, event: rendezvous::client::Event) {
        match event {
            rendezvous::client::Event::Registered { rendezvous_node, namespace, .. } => {
                info!(relay = %rendezvous_node, %namespace, "table registered");
                if let Some(table) = &self.table
                    && namespace.to_string() == table.code.namespace()
                {
                    let code = table.code;
                    self.emit(NodeEvent::CodeRegistered { code, relay: rendezvous_node }).await;
                }
            }
            rendezvous::client::Event::RegisterFailed { rendezvous_node, error, .. } => {
                let why = rendezvous_refusal(error);
                self.emit(NodeEvent::Problem(format!(
                    "the room code is not registered at relay {rendezvous_node}: {why}"
                )))
                .await;
            }
            rendezvous::client::Event::Discovered { rendezvous_node, registrations, cookie } => {
                let sightings = registrations
                    .into_iter()
                    .map(|r| (r.record.peer_id(), r.record.addresses().to_vec()))
                    .collect();
                if cookie.namespace() == Some(&public_namespace()) {
                    self.published(rendezvous_node, sightings).await;
                } else if let Some(i) = self.pending_lookups.iter().position(|(r, _)| *r == rendezvous_node) {
                    let (_, tx) = self.pending_lookups.swap_remove(i);
                    let _ = tx.send(Ok(sightings));
                }
            }
            rendezvous::client::Event::DiscoverFailed { rendezvous_node, namespace, error } => {
                if namespace == Some(public_namespace()) {
                    debug!(relay = %rendezvous_node, "the relay lists no public tables ({error:?})");
                } else if let Some(i) = self.pending_lookups.iter().position(|(r, _)| *r == rendezvous_node) {
                    let (_, tx) = self.pending_lookups.swap_remove(i);
                    let why = rendezvous_refusal(error);
                    let _ = tx.send(Err(NetError::NoReply(format!(
                        "relay {rendezvous_node} could not look the code up: {why}"
                    ))));
                }
            }
            rendezvous::client::Event::Expired { .. } => {}
        }
    }

    /// Looks `code` up at `relay`'s rendezvous point; the answer comes
    /// with its `Discovered` (or `DiscoverFailed`) event.
    pub(super) fn look_up(&mut self, code: RoomCode, relay: PeerId, tx: Reply<Vec<Sighting>>) {
        match rendezvous::Namespace::new(code.namespace()) {
            Ok(namespace) => {
                self.swarm.behaviour_mut().rendezvous.discover(Some(namespace), None, Some(8), relay);
                self.pending_lookups.push((relay, tx));
            }
            Err(e) => {
                let _ = tx.send(Err(NetError::Setup(e.to_string())));
            }
        }
    }

    /// A relay of ours is connected: the lookups that waited for one ask it.
    pub(super) fn relay_linked(&mut self, relay: PeerId) {
        if self.relays.contains_key(&relay) {
            for (code, _, tx) in std::mem::take(&mut self.awaiting_relay) {
                self.look_up(code, relay, tx);
            }
        }
    }

    /// Lookups that waited for a relay link longer than a connection may
    /// take: they searched nothing beyond the LAN.
    pub(super) fn give_up_lookups(&mut self, now: Instant) {
        let (due, waiting) =
            std::mem::take(&mut self.awaiting_relay).into_iter().partition(|(_, by, _)| *by <= now);
        self.awaiting_relay = waiting;
        for (code, _, tx) in due {
            let _ = tx.send(Err(NetError::CodeNotFound { code, searched: Searched::LAN }));
        }
    }
}

/// A rendezvous point's refusal, in words.
fn rendezvous_refusal(error: rendezvous::ErrorCode) -> &'static str {
    use rendezvous::ErrorCode;
    match error {
        // The request found no rendezvous protocol at the other end.
        ErrorCode::Unavailable => "it has no rendezvous point (it is not a Ludopia relay)",
        ErrorCode::InvalidNamespace | ErrorCode::InvalidCookie => "it refused the code's name",
        ErrorCode::InvalidSignedPeerRecord => "it refused our signed address record",
        ErrorCode::InvalidTtl => "it refused the registration's lifetime",
        ErrorCode::NotAuthorized => "it does not let us register",
        ErrorCode::InternalError => "it failed on its side",
    }
}
