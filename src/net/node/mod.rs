//! The peer: one task owns the libp2p swarm; a cloneable [`Client`] sends it
//! commands and awaits replies on oneshots; [`NodeEvent`]s come out on a channel
//! (the shape of rust-libp2p's `examples/file-sharing`).

use std::{
    collections::{HashMap, HashSet},
    fmt,
    time::{Duration, Instant},
};

use futures::{FutureExt, StreamExt, future::BoxFuture, stream::FuturesUnordered};
use libp2p::{
    Multiaddr, PeerId, Swarm, autonat, dcutr, identify,
    identity::Keypair,
    kad, mdns,
    multiaddr::Protocol,
    noise, ping, relay, rendezvous,
    request_response::{self, OutboundRequestId, ProtocolSupport, ResponseChannel},
    swarm::{
        ConnectionId, DialError, NetworkBehaviour, SwarmEvent,
        behaviour::toggle::Toggle,
        dial_opts::{DialOpts, PeerCondition},
    },
    tcp, upnp, yamux,
};
use tokio::sync::{mpsc, oneshot};
use tracing::{debug, info, warn};

use super::{
    code::RoomCode,
    guard::Guard,
    limits::RateLimiter,
    route::{Route, Routes, addressed_peer, is_circuit},
    ticket::Ticket,
    wire::{
        self, Declined, FrameCodec, PROTOCOL_VERSION, Request, Response, TABLE_PROTOCOL, TableInfo, WireError,
    },
};
use crate::table::Answer;

mod circuit;
mod client;
mod commands;
mod connections;
pub mod dht;
mod error;
mod lobby;
mod reached;
mod requests;

use circuit::{Circuits, Limits};
pub use error::{NetError, Searched};

/// Identify's protocol string; peers of other games are told apart by it.
pub const IDENTIFY_PROTOCOL: &str = "/ludopia/1";
/// How long a connection may take to be made, handshake included.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(4);
/// How long a request waits for its reply: peers answer at once, and a
/// table judges its peers by heartbeats every second, so a request that
/// waits longer is on a connection that is gone.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// How often the LAN lobby asks known tables for fresh seats and players.
const LOBBY_REFRESH: Duration = Duration::from_secs(3);
/// How long a relayed connection stays open after a direct one joined it,
/// so that requests already on it finish.
const RELAY_DRAIN: Duration = Duration::from_secs(2);
/// How often relays without a reservation are tried again.
const RELAY_RETRY: Duration = Duration::from_secs(20);
/// Public relays a host without relays of its own reserves on at once.
const PUBLIC_RELAYS: usize = 2;
/// How often relayed connections are checked against their relay's limits.
const CIRCUIT_CHECK: Duration = Duration::from_millis(250);
/// How long a renewed circuit stays open after its successor came up, for
/// the requests already on it: short, since it still counts against the
/// relay's limits.
const CIRCUIT_DRAIN: Duration = Duration::from_millis(100);

/// How a peer starts.
#[derive(Clone)]
pub struct NodeConfig {
    /// The player's identity (the profile stores it; it also signs).
    pub keypair: Keypair,
    /// Addresses to listen on; the default is every IPv4 interface over
    /// TCP and QUIC, on ports the system picks.
    pub listen: Vec<Multiaddr>,
    /// Relays (with their `/p2p/` id) to reserve a slot on and to publish
    /// room codes at.
    pub relays: Vec<Multiaddr>,
    /// The DHT's bootstrap peers (with their `/p2p/` id), where room codes
    /// are provided and looked up; none leaves the DHT out.
    pub bootstrap: Vec<Multiaddr>,
    /// Find tables on the LAN with mDNS.
    pub mdns: bool,
    /// Browse for tables: dial the tables found on the LAN and ask them
    /// for their info, and look for public tables at the relays'
    /// rendezvous points (a lobby; players at a table need not).
    pub lobby: bool,
    /// A connection with no traffic is closed after this long.
    pub idle_timeout: Duration,
}

impl NodeConfig {
    pub fn new(keypair: Keypair) -> Self {
        NodeConfig {
            keypair,
            listen: vec![
                Multiaddr::empty()
                    .with(Protocol::Ip4(std::net::Ipv4Addr::UNSPECIFIED))
                    .with(Protocol::Tcp(0)),
                Multiaddr::empty()
                    .with(Protocol::Ip4(std::net::Ipv4Addr::UNSPECIFIED))
                    .with(Protocol::Udp(0))
                    .with(Protocol::QuicV1),
            ],
            relays: Vec::new(),
            bootstrap: dht::default_bootstrap(),
            mdns: true,
            lobby: false,
            // Turn-based play can be quiet for a while; the table sends
            // heartbeats well inside this.
            idle_timeout: Duration::from_secs(120),
        }
    }

    /// Where a room code is looked up besides the local network: at the
    /// relays, if any is given with its `/p2p/` id (others are ignored),
    /// and on the public network, if there are bootstrap peers.
    pub fn searched(&self) -> Searched {
        Searched {
            relays: self.relays.iter().any(|addr| addressed_peer(addr).is_some()),
            public: !self.bootstrap.is_empty(),
        }
    }
}

/// The application's answer to a peer's request. Dropping it unanswered
/// tells the peer [`Declined::Unanswered`].
#[derive(Debug)]
pub struct Responder(oneshot::Sender<Answer>);

impl Responder {
    pub fn reply(self, answer: Answer) {
        // The network stopped, or the request's connection is gone: the
        // peer asks again.
        let _ = self.0.send(answer);
    }
}

/// What the network reports to the application.
// Moved once from producer to consumer; boxing the large variant would
// only add an allocation per message.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum NodeEvent {
    /// We listen on a new address (relayed ones included).
    Listening {
        addr: Multiaddr,
    },
    /// A relay reservation gave us a relayed address: the ticket now holds it.
    NewTicket {
        ticket: Ticket,
    },
    /// A listed table answered (again) with its info: on the LAN, or
    /// published at a relay (`ticket` then says how to reach it).
    TableFound {
        peer: PeerId,
        info: TableInfo,
        ticket: Option<Ticket>,
    },
    /// A listed table went away (mDNS expired, it closed, or a relay no
    /// longer lists it).
    TableGone {
        peer: PeerId,
    },
    /// A peer's request for the application. Answer through `reply`.
    Request {
        peer: PeerId,
        request: Request,
        reply: Responder,
    },
    PeerConnected {
        peer: PeerId,
    },
    /// The last connection to this peer closed.
    PeerDisconnected {
        peer: PeerId,
    },
    /// A relay holds a slot for us: peers can reach us through it.
    RelayReady {
        relay: PeerId,
    },
    /// Our room code is registered at this relay's rendezvous point.
    CodeRegistered {
        code: RoomCode,
        relay: PeerId,
    },
    /// A direct connection replaced a relayed one (hole punching worked);
    /// the relayed one is closed.
    Direct {
        peer: PeerId,
    },
    /// The route to a peer the table keeps changed (or the peer was just
    /// kept: its route then).
    Route {
        peer: PeerId,
        route: Route,
    },
    /// Something went wrong that the player should read, in a sentence.
    Problem(String),
}

/// A table this peer hosts, as the lobby sees it.
struct OpenTable {
    info: TableInfo,
    code: RoomCode,
}

type Reply<T> = oneshot::Sender<Result<T, NetError>>;

/// A table's registrations at a rendezvous point: its peer and addresses.
pub type Sighting = (PeerId, Vec<Multiaddr>);

/// The rendezvous namespace where hosts publish listed tables (room codes
/// have their own, see [`RoomCode::namespace`]).
pub const PUBLIC_TABLES: &str = "ludopia/public";

fn public_namespace() -> rendezvous::Namespace {
    rendezvous::Namespace::from_static(PUBLIC_TABLES)
}

// Moved once from producer to consumer; boxing the large variant would
// only add an allocation per message.
#[allow(clippy::large_enum_variant)]
enum Command {
    Addresses(oneshot::Sender<Vec<Multiaddr>>),
    Connect(Ticket, Reply<()>),
    Request {
        peer: PeerId,
        request: Request,
        reply: Reply<Response>,
    },
    /// The table needs this peer (true) or no longer does (false).
    Keep(PeerId, bool),
    // Acknowledged, so a query sent after the call returns sees the table.
    OpenTable(TableInfo, RoomCode, oneshot::Sender<()>),
    CloseTable(oneshot::Sender<()>),
    LanPeers(oneshot::Sender<Vec<PeerId>>),
    Lookup(RoomCode, Reply<Vec<Sighting>>),
    FindProviders(RoomCode, Reply<Vec<PeerId>>),
    Disconnect(PeerId),
}

/// A cloneable handle on the swarm task.
#[derive(Clone)]
pub struct Client {
    peer_id: PeerId,
    commands: mpsc::Sender<Command>,
}

#[derive(NetworkBehaviour)]
struct Behaviour {
    guard: Guard,
    relay_client: relay::client::Behaviour,
    identify: identify::Behaviour,
    ping: ping::Behaviour,
    dcutr: dcutr::Behaviour,
    autonat: autonat::v2::client::Behaviour,
    /// Asks the home router (UPnP IGD) to forward our listening ports: a
    /// mapped port is a confirmed address that friends dial directly.
    upnp: upnp::tokio::Behaviour,
    rendezvous: rendezvous::client::Behaviour,
    mdns: Toggle<mdns::tokio::Behaviour>,
    kad: Toggle<kad::Behaviour<kad::store::MemoryStore>>,
    table: request_response::Behaviour<FrameCodec>,
}

/// The request-response behaviour of the table protocol.
pub fn table_protocol() -> request_response::Behaviour<FrameCodec> {
    request_response::Behaviour::with_codec(
        FrameCodec,
        [(TABLE_PROTOCOL, ProtocolSupport::Full)],
        request_response::Config::default()
            .with_request_timeout(REQUEST_TIMEOUT)
            .with_max_concurrent_streams(32),
    )
}

/// Starts listening at each of `addrs`. A transport's error says only its
/// kind; its causes say why (the port is in use, say).
pub(super) fn listen<B: NetworkBehaviour>(swarm: &mut Swarm<B>, addrs: &[Multiaddr]) -> Result<(), NetError> {
    for addr in addrs {
        swarm.listen_on(addr.clone()).map_err(|e| {
            let mut why = e.to_string();
            let mut cause = std::error::Error::source(&e);
            while let Some(c) = cause {
                let said = c.to_string();
                if !said.is_empty() && !why.contains(&said) {
                    why = if why.is_empty() { said } else { format!("{why}: {said}") };
                }
                cause = c.source();
            }
            NetError::Setup(format!("cannot listen on {addr}: {why}"))
        })?;
    }
    Ok(())
}

/// Starts a peer on the current tokio runtime: returns its handle and its
/// events. The task stops when every [`Client`] is dropped.
pub fn spawn(config: NodeConfig) -> Result<(Client, mpsc::Receiver<NodeEvent>), NetError> {
    let setup = |e: &dyn fmt::Display| NetError::Setup(e.to_string());
    let peer_id = config.keypair.public().to_peer_id();
    let use_mdns = config.mdns;
    let bootstrap = config.bootstrap.clone();
    let mut swarm = libp2p::SwarmBuilder::with_existing_identity(config.keypair.clone())
        .with_tokio()
        .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
        .map_err(|e| setup(&e))?
        .with_quic()
        .with_dns()
        .map_err(|e| setup(&e))?
        .with_relay_client(noise::Config::new, yamux::Config::default)
        .map_err(|e| setup(&e))?
        .with_behaviour(|key, relay_client| {
            let mdns = if use_mdns {
                let config = mdns::Config { query_interval: Duration::from_secs(30), ..Default::default() };
                Some(mdns::tokio::Behaviour::new(config, peer_id)?)
            } else {
                None
            };
            Ok(Behaviour {
                guard: Guard::new(peer_id),
                relay_client,
                identify: identify::Behaviour::new(
                    identify::Config::new(IDENTIFY_PROTOCOL.into(), key.public())
                        .with_agent_version(format!("ludopia/{}", env!("CARGO_PKG_VERSION")))
                        // A new relay reservation must reach peers quickly.
                        .with_push_listen_addr_updates(true),
                ),
                ping: ping::Behaviour::new(ping::Config::new()),
                dcutr: dcutr::Behaviour::new(peer_id),
                autonat: autonat::v2::client::Behaviour::default(),
                upnp: upnp::tokio::Behaviour::default(),
                rendezvous: rendezvous::client::Behaviour::new(key.clone()),
                mdns: Toggle::from(mdns),
                kad: Toggle::from(
                    (!bootstrap.is_empty()).then(|| dht::behaviour(peer_id, kad::Mode::Client, &bootstrap)),
                ),
                table: table_protocol(),
            })
        })
        .map_err(|e| setup(&e))?
        .with_swarm_config(|c| c.with_idle_connection_timeout(config.idle_timeout))
        // A dial that hangs (a link cut mid-handshake) gives way to a fresh
        // one soon: peers redial every beat while they miss each other.
        .with_connection_timeout(CONNECT_TIMEOUT)
        .build();

    listen(&mut swarm, &config.listen)?;
    let relays = config
        .relays
        .iter()
        .filter_map(|addr| match addressed_peer(addr) {
            Some(relay) => Some((relay, addr.clone())),
            None => {
                warn!(%addr, "relay address without /p2p/ id ignored");
                None
            }
        })
        .collect();

    let (commands, command_rx) = mpsc::channel(64);
    let (event_tx, events) = mpsc::channel(256);
    let event_loop = EventLoop {
        swarm,
        commands: command_rx,
        events: event_tx,
        relays,
        bootstrap: config.bootstrap.clone(),
        public_relays: HashMap::new(),
        reserved: HashSet::new(),
        relay_listeners: HashMap::new(),
        table: None,
        limiter: RateLimiter::default(),
        pending_dials: HashMap::new(),
        reached: Default::default(),
        pending_requests: HashMap::new(),
        pending_lookups: Vec::new(),
        awaiting_relay: Vec::new(),
        provider_lookups: HashMap::new(),
        lobby_queries: HashMap::new(),
        queried: HashSet::new(),
        lan: HashMap::new(),
        lobby: config.lobby,
        public: HashMap::new(),
        relayed: HashMap::new(),
        circuits: Circuits::default(),
        routes: Routes::default(),
        replies: FuturesUnordered::new(),
        closing: FuturesUnordered::new(),
    };
    tokio::spawn(event_loop.run());
    Ok((Client { peer_id, commands }, events))
}

type PendingReply = BoxFuture<'static, (PeerId, Option<Answer>, ResponseChannel<Vec<u8>>)>;

struct EventLoop {
    swarm: Swarm<Behaviour>,
    commands: mpsc::Receiver<Command>,
    events: mpsc::Sender<NodeEvent>,
    /// Configured relays by peer id.
    relays: HashMap<PeerId, Multiaddr>,
    /// The DHT's bootstrap peers, as configured.
    bootstrap: Vec<Multiaddr>,
    /// Bootstrap peers that serve circuit relay v2 (identify says so):
    /// public relays, by peer id.
    public_relays: HashMap<PeerId, Multiaddr>,
    reserved: HashSet<PeerId>,
    relay_listeners: HashMap<libp2p::core::transport::ListenerId, PeerId>,
    table: Option<OpenTable>,
    limiter: RateLimiter<PeerId>,
    pending_dials: HashMap<PeerId, Vec<Reply<()>>>,
    reached: reached::Reached,
    pending_requests: HashMap<OutboundRequestId, Reply<Response>>,
    pending_lookups: Vec<(PeerId, Reply<Vec<Sighting>>)>,
    /// Code lookups waiting for our first relay link, until a deadline.
    awaiting_relay: Vec<(RoomCode, Instant, Reply<Vec<Sighting>>)>,
    /// Room codes looked up on the DHT, answered with the providers found.
    provider_lookups: HashMap<kad::QueryId, Reply<Vec<PeerId>>>,
    /// The lobby's own table queries, answered into events.
    lobby_queries: HashMap<OutboundRequestId, PeerId>,
    /// Peers the lobby has asked once since they connected.
    queried: HashSet<PeerId>,
    /// LAN peers found by mDNS, with their addresses.
    lan: HashMap<PeerId, Vec<Multiaddr>>,
    /// Whether this peer browses for tables.
    lobby: bool,
    /// Public tables by the relays that list them: each relay's sightings.
    public: HashMap<PeerId, Vec<Sighting>>,
    /// Relayed connections, closed once a direct one exists.
    relayed: HashMap<PeerId, Vec<ConnectionId>>,
    /// The circuits we dialed, renewed before their relays cut them.
    circuits: Circuits,
    routes: Routes,
    replies: FuturesUnordered<PendingReply>,
    /// Relayed connections to close once their requests are done.
    closing: FuturesUnordered<BoxFuture<'static, ConnectionId>>,
}

impl EventLoop {
    async fn run(mut self) {
        let relays: Vec<Multiaddr> = self.relays.values().cloned().collect();
        for addr in relays {
            self.reserve(addr);
        }
        let mut lobby = tokio::time::interval(LOBBY_REFRESH);
        let mut relay_retry = tokio::time::interval(RELAY_RETRY);
        let mut circuit_check = tokio::time::interval(CIRCUIT_CHECK);
        loop {
            tokio::select! {
                event = self.swarm.select_next_some() => self.on_swarm(event).await,
                command = self.commands.recv() => match command {
                    Some(command) => self.on_command(command),
                    None => return,
                },
                Some((peer, answer, channel)) = self.replies.next(), if !self.replies.is_empty() => {
                    self.answer(peer, answer, channel);
                }
                Some(conn) = self.closing.next(), if !self.closing.is_empty() => {
                    self.swarm.close_connection(conn);
                }
                _ = lobby.tick() => self.refresh_lobby(),
                _ = relay_retry.tick() => self.retry_relays(),
                _ = circuit_check.tick() => {
                    self.renew_circuits();
                    self.give_up_lookups(Instant::now());
                }
            }
        }
    }

    /// Our addresses: relayed and confirmed external ones first, then the
    /// ones we listen on.
    fn addresses(&self) -> Vec<Multiaddr> {
        let mut addrs: Vec<Multiaddr> = self.swarm.external_addresses().cloned().collect();
        // Relayed addresses first: they work from anywhere.
        addrs.sort_by_key(|a| !is_circuit(a));
        for addr in self.swarm.listeners() {
            if !addrs.contains(addr) {
                addrs.push(addr.clone());
            }
        }
        addrs
    }

    async fn emit(&mut self, event: NodeEvent) {
        if self.events.send(event).await.is_err() {
            debug!("event dropped: the application stopped listening");
        }
    }

    /// Tells the application a kept peer's new route. From a command too,
    /// so it does not wait for room in the channel: a full channel drops it.
    fn route_changed(&mut self, peer: PeerId, route: Route) {
        info!(%peer, kind = ?route.kind, via = %route.via, "route");
        if self.events.try_send(NodeEvent::Route { peer, route }).is_err() {
            debug!(%peer, "route not told: the application is behind");
        }
    }

    async fn on_swarm(&mut self, event: SwarmEvent<BehaviourEvent>) {
        match event {
            SwarmEvent::Behaviour(BehaviourEvent::Table(event)) => self.on_table(event).await,
            SwarmEvent::Behaviour(BehaviourEvent::Mdns(event)) => self.on_mdns(event).await,
            SwarmEvent::Behaviour(BehaviourEvent::RelayClient(
                relay::client::Event::ReservationReqAccepted { relay_peer_id, renewal, .. },
            )) => {
                self.reserved.insert(relay_peer_id);
                if !renewal {
                    info!(relay = %relay_peer_id, "relay reservation accepted");
                    // A public relay is reserved on to be reached, not to
                    // meet: it may have no rendezvous point.
                    if self.relays.contains_key(&relay_peer_id) {
                        self.register_code(relay_peer_id);
                        self.discover_public(relay_peer_id);
                    }
                    self.emit(NodeEvent::RelayReady { relay: relay_peer_id }).await;
                }
            }
            SwarmEvent::Behaviour(BehaviourEvent::RelayClient(
                relay::client::Event::OutboundCircuitEstablished { relay_peer_id, limit },
            )) => {
                // No limit in the relay's answer means none (the protocol's meaning).
                let limits = Limits {
                    duration: limit.as_ref().and_then(|l| l.duration()),
                    bytes: limit.as_ref().and_then(|l| l.data_in_bytes()),
                };
                self.circuits.announced(relay_peer_id, limits);
            }
            SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(event)) => self.on_rendezvous(event).await,
            SwarmEvent::Behaviour(BehaviourEvent::Kad(event)) => self.on_kad(event),
            SwarmEvent::Behaviour(BehaviourEvent::Identify(identify::Event::Received {
                peer_id,
                info,
                ..
            })) => {
                self.circuits.learned(peer_id, &info.listen_addrs);
                self.identified(peer_id, &info);
            }
            SwarmEvent::ExternalAddrConfirmed { address } => {
                info!(%address, "reachable at a confirmed address");
                // The provider record carries our confirmed addresses: a new
                // one (a reservation, a mapped port) is worth telling.
                self.provide();
                // A mapped port: the ticket and the code's registrations
                // (made with the addresses of their time) take it up.
                if !is_circuit(&address) {
                    let relays: Vec<PeerId> = self.reserved.iter().copied().collect();
                    for relay in relays {
                        self.register_code(relay);
                    }
                    let ticket = Ticket::new(*self.swarm.local_peer_id(), self.addresses());
                    self.emit(NodeEvent::NewTicket { ticket }).await;
                }
            }
            SwarmEvent::Behaviour(BehaviourEvent::Upnp(event)) => match event {
                upnp::Event::NewExternalAddr { external_addr, .. } => {
                    info!(%external_addr, "the router forwards a port to us (UPnP)")
                }
                upnp::Event::ExpiredExternalAddr { external_addr, .. } => {
                    info!(%external_addr, "the router's port mapping lapsed (UPnP)")
                }
                upnp::Event::GatewayNotFound => debug!("no UPnP router on this network"),
                upnp::Event::NonRoutableGateway => debug!("the UPnP router is behind another NAT"),
            },
            SwarmEvent::Behaviour(BehaviourEvent::Dcutr(dcutr::Event { remote_peer_id, result })) => {
                match result {
                    Ok(_) => info!(peer = %remote_peer_id, "hole punched: direct connection"),
                    Err(e) => {
                        info!(peer = %remote_peer_id, "hole punching failed, staying relayed: {e}")
                    }
                }
            }
            SwarmEvent::NewListenAddr { address, .. } => {
                let relayed = is_circuit(&address);
                self.emit(NodeEvent::Listening { addr: address }).await;
                if relayed {
                    let ticket = Ticket::new(*self.swarm.local_peer_id(), self.addresses());
                    self.emit(NodeEvent::NewTicket { ticket }).await;
                }
            }
            SwarmEvent::ListenerClosed { listener_id, reason, .. } => {
                if let Some(relay) = self.relay_listeners.remove(&listener_id) {
                    self.reserved.remove(&relay);
                    let why = match reason {
                        Ok(()) => "it closed the reservation".to_owned(),
                        Err(e) => e.to_string(),
                    };
                    self.emit(NodeEvent::Problem(format!("the relay refused the reservation ({why})"))).await;
                }
            }
            SwarmEvent::ConnectionEstablished {
                peer_id, connection_id, endpoint, num_established, ..
            } => self.on_established(peer_id, connection_id, endpoint, num_established.get()).await,
            SwarmEvent::ConnectionClosed { peer_id, connection_id, num_established, cause, .. } => {
                self.on_closed(peer_id, connection_id, num_established, cause).await
            }
            SwarmEvent::OutgoingConnectionError { peer_id: Some(peer), error, .. } => {
                self.circuits.failed(peer);
                if let Some(addr) = self.circuits.due_to(peer, Instant::now()) {
                    self.renew_circuit(peer, addr);
                }
                if !self.swarm.is_connected(&peer) {
                    for tx in self.pending_dials.remove(&peer).unwrap_or_default() {
                        let _ = tx.send(Err(NetError::dial(&error)));
                    }
                }
            }
            SwarmEvent::IncomingConnectionError { send_back_addr, error, .. } => {
                debug!(%send_back_addr, "incoming connection refused: {error}");
            }
            other => debug!(?other, "swarm event"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_looked_up_at_addressed_relays_and_on_the_dht_with_bootstrap_peers() {
        let mut config = NodeConfig::new(Keypair::generate_ed25519());
        config.bootstrap = Vec::new();
        assert_eq!(config.searched(), Searched::default());
        config.relays = vec!["/ip4/198.51.100.1/tcp/4001".parse().unwrap()];
        assert!(!config.searched().relays, "a relay without its /p2p/ id is ignored");
        config.relays.push(format!("/ip4/198.51.100.1/tcp/4001/p2p/{}", PeerId::random()).parse().unwrap());
        config.bootstrap = dht::default_bootstrap();
        assert_eq!(config.searched(), Searched { relays: true, public: true });
    }
}
