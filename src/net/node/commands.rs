//! The client's commands to the swarm task: dials, requests, keeping
//! peers, opening and closing the table, and the lookups by room code.

use super::*;

impl EventLoop {
    pub(super) fn on_command(&mut self, command: Command) {
        match command {
            Command::Addresses(tx) => {
                let _ = tx.send(self.addresses());
            }
            Command::Connect(ticket, tx) => {
                if self.swarm.is_connected(&ticket.peer) {
                    let _ = tx.send(Ok(()));
                    return;
                }
                // The ticket's addresses, those we reached the peer at and
                // those the network learned of it (identify), so a peer met
                // before is reached by id.
                let opts = DialOpts::peer_id(ticket.peer)
                    .addresses(self.reached.with(&ticket.peer, ticket.addrs))
                    .extend_addresses_through_behaviour()
                    .build();
                match self.swarm.dial(opts) {
                    // Already dialing: the same connection answers both.
                    Ok(()) | Err(DialError::DialPeerConditionFalse(_)) => {
                        self.pending_dials.entry(ticket.peer).or_default().push(tx);
                    }
                    Err(e) => {
                        let _ = tx.send(Err(NetError::dial(&e)));
                    }
                }
            }
            Command::Request { peer, request, reply } => {
                self.swarm.behaviour_mut().guard.touch(peer);
                let bytes = wire::encode(&request);
                self.count(peer, bytes.len());
                let id = self.swarm.behaviour_mut().table.send_request(&peer, bytes);
                self.pending_requests.insert(id, reply);
            }
            Command::Keep(peer, keep) => {
                if keep {
                    self.swarm.behaviour_mut().guard.keep(peer);
                } else {
                    self.swarm.behaviour_mut().guard.release(&peer);
                }
                if let Some(route) = self.routes.keep(peer, keep) {
                    self.route_changed(peer, route);
                }
            }
            Command::OpenTable(info, code, done) => {
                let new_code = self.table.as_ref().map(|t| t.code) != Some(code);
                self.table = Some(OpenTable { info, code });
                self.use_public_relays();
                if new_code {
                    let relays: Vec<PeerId> = self.reserved.iter().copied().collect();
                    for relay in relays {
                        self.register_code(relay);
                    }
                    self.provide();
                }
                let _ = done.send(());
            }
            Command::CloseTable(done) => {
                self.stop_providing();
                if let Some(table) = self.table.take()
                    && let Ok(namespace) = rendezvous::Namespace::new(table.code.namespace())
                {
                    let relays: Vec<PeerId> =
                        self.reserved.iter().filter(|r| self.relays.contains_key(r)).copied().collect();
                    for relay in relays {
                        for namespace in [namespace.clone(), public_namespace()] {
                            self.swarm.behaviour_mut().rendezvous.unregister(namespace, relay);
                        }
                    }
                }
                let _ = done.send(());
            }
            Command::LanPeers(tx) => {
                let _ = tx.send(self.lan.keys().copied().collect());
            }
            Command::Lookup(code, tx) => {
                let connected = self.relays.keys().find(|r| self.swarm.is_connected(r)).copied();
                match connected {
                    // Ask the first connected relay; more relays are asked
                    // by calling again after a miss.
                    Some(relay) => self.look_up(code, relay, tx),
                    // Our link to the relays is still being made (a joiner
                    // dials them and looks the code up at once): the lookup
                    // waits for it, as long as a connection may take.
                    None if !self.relays.is_empty() => {
                        self.awaiting_relay.push((code, Instant::now() + CONNECT_TIMEOUT, tx));
                    }
                    // No relay to ask: the lookup searched nothing more.
                    None => {
                        let _ = tx.send(Err(NetError::CodeNotFound { code, searched: Searched::LAN }));
                    }
                }
            }
            Command::FindProviders(code, tx) => self.find_providers(code, tx),
            Command::Disconnect(peer) => {
                let _ = self.swarm.disconnect_peer_id(peer);
            }
        }
    }
}
