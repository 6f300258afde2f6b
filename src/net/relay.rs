//! The headless relay any player can run: a circuit relay v2 server with
//! game-sized limits, a rendezvous point where hosts register their room
//! codes, and a server of the DHT (so any player's relay is a bootstrap
//! peer too).

use std::time::Duration;

use futures::StreamExt;
use libp2p::{
    Multiaddr, PeerId, autonat, connection_limits, identify,
    identity::Keypair,
    kad,
    multiaddr::Protocol,
    noise, ping, relay, rendezvous,
    swarm::{NetworkBehaviour, SwarmEvent},
    tcp, yamux,
};
use serde::Serialize;
use tokio::{sync::mpsc, task::JoinHandle};
use tracing::{debug, info};

use super::node::{self, IDENTIFY_PROTOCOL, NetError, dht};

/// Relay limits sized for games. The library defaults cut a circuit after
/// 2 minutes or 128 KiB (both directions), which ends any relayed game;
/// a Ludo game is under an hour and a few hundred KiB, so these leave a
/// wide margin while still bounding what one peer can cost the relay.
pub fn game_relay_config() -> relay::Config {
    relay::Config {
        max_reservations: 256,
        max_reservations_per_peer: 4,
        reservation_duration: Duration::from_secs(60 * 60),
        max_circuits: 64,
        max_circuits_per_peer: 8,
        max_circuit_duration: Duration::from_secs(4 * 60 * 60),
        max_circuit_bytes: 64 << 20,
        ..relay::Config::default()
    }
}

#[derive(NetworkBehaviour)]
struct RelayBehaviour {
    limits: connection_limits::Behaviour,
    relay: relay::Behaviour,
    rendezvous: rendezvous::server::Behaviour,
    identify: identify::Behaviour,
    ping: ping::Behaviour,
    autonat: autonat::v2::server::Behaviour,
    kad: kad::Behaviour<kad::store::MemoryStore>,
}

/// What the relay reports, one JSON object per line on the command line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum RelayEvent {
    /// A full address (with `/p2p/`) players put in their relay list.
    Listening {
        peer_id: String,
        addr: String,
    },
    Reservation {
        peer: String,
    },
    Circuit {
        src: String,
        dst: String,
    },
    CircuitClosed {
        src: String,
        dst: String,
    },
    CodeRegistered {
        peer: String,
        namespace: String,
    },
    /// A peer looked a code up and `found` registrations answered it.
    Lookup {
        peer: String,
        found: usize,
    },
    /// A DHT server connected (identify says it serves the DHT); told on
    /// each identify exchange.
    DhtPeer {
        peer: String,
    },
    /// A peer provides `key` (hex) on the DHT, with `addrs` addresses.
    Provider {
        peer: String,
        key: String,
        addrs: usize,
    },
    /// A peer looked a DHT key up and `found` providers answered it.
    ProviderLookup {
        found: usize,
    },
}

/// A running relay; dropping it stops the relay.
pub struct Relay {
    pub peer_id: PeerId,
    pub events: mpsc::Receiver<RelayEvent>,
    task: JoinHandle<()>,
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts a relay with `limits` (`ludopia relay` uses [`game_relay_config`])
/// on the current tokio runtime, joining the DHT through the `bootstrap`
/// peers (none: it waits to be found).
pub fn spawn_relay(
    keypair: Keypair,
    limits: relay::Config,
    listen: &[Multiaddr],
    bootstrap: &[Multiaddr],
) -> Result<Relay, NetError> {
    let setup = |e: &dyn std::fmt::Display| NetError::Setup(e.to_string());
    let peer_id = keypair.public().to_peer_id();
    let mut swarm = libp2p::SwarmBuilder::with_existing_identity(keypair)
        .with_tokio()
        .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
        .map_err(|e| setup(&e))?
        .with_quic()
        .with_dns()
        .map_err(|e| setup(&e))?
        .with_behaviour(|key| RelayBehaviour {
            limits: connection_limits::Behaviour::new(
                connection_limits::ConnectionLimits::default()
                    .with_max_pending_incoming(Some(64))
                    .with_max_established_per_peer(Some(4))
                    .with_max_established(Some(1024)),
            ),
            relay: relay::Behaviour::new(peer_id, limits),
            rendezvous: rendezvous::server::Behaviour::new(
                rendezvous::server::Config::default().with_max_registration_per_peer(4),
            ),
            identify: identify::Behaviour::new(
                identify::Config::new(IDENTIFY_PROTOCOL.into(), key.public())
                    .with_agent_version(format!("ludopia-relay/{}", env!("CARGO_PKG_VERSION"))),
            ),
            ping: ping::Behaviour::new(ping::Config::new()),
            autonat: autonat::v2::server::Behaviour::default(),
            kad: dht::behaviour(peer_id, kad::Mode::Server, bootstrap),
        })
        .map_err(|e| setup(&e))?
        // Players hold their reservation open; idle here means gone.
        .with_swarm_config(|c| c.with_idle_connection_timeout(Duration::from_secs(60)))
        .build();
    node::listen(&mut swarm, listen)?;
    let (tx, events) = mpsc::channel(256);
    let task = tokio::spawn(async move {
        loop {
            let event = match swarm.select_next_some().await {
                SwarmEvent::NewListenAddr { address, .. } => {
                    // Since libp2p-relay 0.22 a relay serves reservations only
                    // once it has a confirmed external address; the addresses
                    // it listens on are the ones players are given.
                    swarm.add_external_address(address.clone());
                    Some(RelayEvent::Listening {
                        peer_id: peer_id.to_string(),
                        addr: address.with(Protocol::P2p(peer_id)).to_string(),
                    })
                }
                SwarmEvent::Behaviour(RelayBehaviourEvent::Relay(event)) => match event {
                    relay::Event::ReservationReqAccepted { src_peer_id, renewed: false } => {
                        Some(RelayEvent::Reservation { peer: src_peer_id.to_string() })
                    }
                    relay::Event::CircuitReqAccepted { src_peer_id, dst_peer_id } => {
                        Some(RelayEvent::Circuit {
                            src: src_peer_id.to_string(),
                            dst: dst_peer_id.to_string(),
                        })
                    }
                    relay::Event::CircuitClosed { src_peer_id, dst_peer_id, error } => {
                        info!(%src_peer_id, %dst_peer_id, ?error, "circuit closed");
                        Some(RelayEvent::CircuitClosed {
                            src: src_peer_id.to_string(),
                            dst: dst_peer_id.to_string(),
                        })
                    }
                    other => {
                        debug!(?other, "relay event");
                        None
                    }
                },
                SwarmEvent::Behaviour(RelayBehaviourEvent::Rendezvous(
                    rendezvous::server::Event::PeerRegistered { peer, registration },
                )) => Some(RelayEvent::CodeRegistered {
                    peer: peer.to_string(),
                    namespace: registration.namespace.to_string(),
                }),
                SwarmEvent::Behaviour(RelayBehaviourEvent::Rendezvous(
                    rendezvous::server::Event::DiscoverServed { enquirer, registrations },
                )) => Some(RelayEvent::Lookup { peer: enquirer.to_string(), found: registrations.len() }),
                SwarmEvent::Behaviour(RelayBehaviourEvent::Identify(identify::Event::Received {
                    peer_id,
                    info,
                    ..
                })) => {
                    // A DHT server that dialed us is known by the addresses
                    // it listens on (kad learns only the addresses it dials).
                    let server = info.protocols.contains(&dht::AMINO);
                    if server {
                        for addr in info.listen_addrs {
                            swarm.behaviour_mut().kad.add_address(&peer_id, addr);
                        }
                    }
                    server.then(|| RelayEvent::DhtPeer { peer: peer_id.to_string() })
                }
                SwarmEvent::Behaviour(RelayBehaviourEvent::Kad(kad::Event::InboundRequest { request })) => {
                    match request {
                        kad::InboundRequest::AddProvider { record: Some(record) } => {
                            let line = RelayEvent::Provider {
                                peer: record.provider.to_string(),
                                key: crate::fair::hash::hex::encode(record.key.as_ref()),
                                addrs: record.addresses.len(),
                            };
                            if let Err(e) = kad::store::RecordStore::add_provider(
                                swarm.behaviour_mut().kad.store_mut(),
                                record,
                            ) {
                                info!("provider record not stored: {e}");
                            }
                            Some(line)
                        }
                        kad::InboundRequest::GetProvider { num_provider_peers, .. } => {
                            Some(RelayEvent::ProviderLookup { found: num_provider_peers })
                        }
                        other => {
                            debug!(?other, "DHT request");
                            None
                        }
                    }
                }
                other => {
                    debug!(?other, "relay swarm event");
                    None
                }
            };
            if let Some(event) = event {
                // Nobody reading is fine: the relay keeps serving.
                let _ = tx.try_send(event);
            }
        }
    });
    Ok(Relay { peer_id, events, task })
}
