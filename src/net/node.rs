//! The peer: one task owns the libp2p swarm; a cloneable [`Client`] sends it
//! commands and awaits replies on oneshots; [`Event`]s come out on a channel
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
    mdns,
    multiaddr::Protocol,
    noise, ping, relay, rendezvous,
    request_response::{self, OutboundRequestId, ProtocolSupport, ResponseChannel},
    swarm::{
        ConnectionId, DialError, NetworkBehaviour, SwarmEvent, behaviour::toggle::Toggle, dial_opts::DialOpts,
    },
    tcp, yamux,
};
use tokio::sync::{mpsc, oneshot};
use tracing::{debug, info, warn};

use super::{
    code::RoomCode,
    guard::Guard,
    limits::RateLimiter,
    ticket::Ticket,
    wire::{
        self, FrameCodec, PROTOCOL_VERSION, Refusal, Request, Response, TABLE_PROTOCOL, TableInfo, WireError,
    },
};
use crate::table::Answer;

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
            mdns: true,
            lobby: false,
            // Turn-based play can be quiet for a while; the table sends
            // heartbeats well inside this.
            idle_timeout: Duration::from_secs(120),
        }
    }
}

/// A network failure, worded for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The network task has stopped.
    Stopped,
    /// The peer sent something we could not accept, or speaks another version.
    Wire(WireError),
    /// The peer's network layer refused our request.
    Refused(Refusal),
    /// No connection could be made.
    Unreachable(String),
    /// The request was sent but no reply came.
    NoReply(String),
    /// Listening or setting up the transport failed.
    Setup(String),
    /// No table answered to this code.
    CodeNotFound(RoomCode),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Stopped => f.write_str("the network has stopped"),
            NetError::Wire(e) => e.fmt(f),
            NetError::Refused(r) => r.fmt(f),
            NetError::Unreachable(why) => write!(f, "could not reach the table: {why}"),
            NetError::NoReply(why) => write!(f, "the table did not answer: {why}"),
            NetError::Setup(why) => write!(f, "the network could not start: {why}"),
            NetError::CodeNotFound(code) => {
                write!(f, "no table with code {code} was found on the local network or the relays")
            }
        }
    }
}

impl std::error::Error for NetError {}

impl From<WireError> for NetError {
    fn from(e: WireError) -> Self {
        NetError::Wire(e)
    }
}

/// The application's answer to a peer's request. Dropping it unanswered
/// tells the peer [`Refusal::Unanswered`].
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
#[derive(Debug)]
pub enum Event {
    /// We listen on a new address (relayed ones included).
    Listening {
        addr: Multiaddr,
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
    rendezvous: rendezvous::client::Behaviour,
    mdns: Toggle<mdns::tokio::Behaviour>,
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

/// Starts a peer on the current tokio runtime: returns its handle and its
/// events. The task stops when every [`Client`] is dropped.
pub fn spawn(config: NodeConfig) -> Result<(Client, mpsc::Receiver<Event>), NetError> {
    let setup = |e: &dyn fmt::Display| NetError::Setup(e.to_string());
    let peer_id = config.keypair.public().to_peer_id();
    let use_mdns = config.mdns;
    let mut swarm = libp2p::SwarmBuilder::with_existing_identity(config.keypair.clone())
        .with_tokio()
        .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
        .map_err(|e| setup(&e))?
        .with_quic()
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
                rendezvous: rendezvous::client::Behaviour::new(key.clone()),
                mdns: Toggle::from(mdns),
                table: table_protocol(),
            })
        })
        .map_err(|e| setup(&e))?
        .with_swarm_config(|c| c.with_idle_connection_timeout(config.idle_timeout))
        // A dial that hangs (a link cut mid-handshake) gives way to a fresh
        // one soon: peers redial every beat while they miss each other.
        .with_connection_timeout(CONNECT_TIMEOUT)
        .build();

    for addr in &config.listen {
        swarm
            .listen_on(addr.clone())
            .map_err(|e| NetError::Setup(format!("cannot listen on {addr}: {e}")))?;
    }
    let relays = config
        .relays
        .iter()
        .filter_map(|addr| match addr.iter().last() {
            Some(Protocol::P2p(relay)) => Some((relay, addr.clone())),
            _ => {
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
        reserved: HashSet::new(),
        relay_listeners: HashMap::new(),
        table: None,
        limiter: RateLimiter::default(),
        pending_dials: HashMap::new(),
        pending_requests: HashMap::new(),
        pending_lookups: Vec::new(),
        lobby_queries: HashMap::new(),
        queried: HashSet::new(),
        lan: HashMap::new(),
        lobby: config.lobby,
        public: HashMap::new(),
        relayed: HashMap::new(),
        replies: FuturesUnordered::new(),
        closing: FuturesUnordered::new(),
    };
    tokio::spawn(event_loop.run());
    Ok((Client { peer_id, commands }, events))
}

impl Client {
    pub fn peer_id(&self) -> PeerId {
        self.peer_id
    }

    async fn call<T>(&self, command: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, NetError> {
        let (tx, rx) = oneshot::channel();
        self.commands.send(command(tx)).await.map_err(|_| NetError::Stopped)?;
        rx.await.map_err(|_| NetError::Stopped)
    }

    /// Our addresses: relayed and confirmed external ones first, then the
    /// ones we listen on.
    pub async fn addresses(&self) -> Result<Vec<Multiaddr>, NetError> {
        self.call(Command::Addresses).await
    }

    /// An invite ticket for this peer.
    pub async fn ticket(&self) -> Result<Ticket, NetError> {
        Ok(Ticket::new(self.peer_id, self.addresses().await?))
    }

    /// Connects to the peer of a ticket (resolves once connected).
    pub async fn connect(&self, ticket: Ticket) -> Result<(), NetError> {
        self.call(|tx| Command::Connect(ticket, tx)).await?
    }

    /// Closes every connection to `peer` (a muted or banned player).
    pub async fn disconnect(&self, peer: PeerId) -> Result<(), NetError> {
        self.commands.send(Command::Disconnect(peer)).await.map_err(|_| NetError::Stopped)
    }

    async fn exchange(&self, peer: PeerId, request: Request) -> Result<Response, NetError> {
        self.call(|reply| Command::Request { peer, request, reply }).await?
    }

    /// Sends a request to a peer's application and returns its answer.
    pub async fn send(&self, peer: PeerId, request: Request) -> Result<Answer, NetError> {
        match self.exchange(peer, request).await? {
            Response::Answer(answer) => Ok(answer),
            other => Err(unexpected(other)),
        }
    }

    /// The table needs this peer (its connections are never closed as
    /// idle), or no longer does.
    pub async fn keep(&self, peer: PeerId, keep: bool) -> Result<(), NetError> {
        self.commands.send(Command::Keep(peer, keep)).await.map_err(|_| NetError::Stopped)
    }

    /// Asks a peer for its table (an unlisted table answers only its code).
    pub async fn table_info(&self, peer: PeerId, code: Option<RoomCode>) -> Result<TableInfo, NetError> {
        match self.exchange(peer, Request::TableQuery { code }).await? {
            Response::TableInfo(info) => Ok(info),
            other => Err(unexpected(other)),
        }
    }

    /// Opens (or updates) the table this peer hosts: lobbies get `info`,
    /// and `code` is registered at every relay holding a slot for us.
    pub async fn open_table(&self, info: TableInfo, code: RoomCode) -> Result<(), NetError> {
        self.call(|done| Command::OpenTable(info, code, done)).await
    }

    /// Stops answering table queries and unregisters the code.
    pub async fn close_table(&self) -> Result<(), NetError> {
        self.call(Command::CloseTable).await
    }

    /// Finds the table with `code`: first among LAN peers, then at the
    /// relays' rendezvous points; connects to it and returns its peer and info.
    pub async fn find_code(&self, code: RoomCode) -> Result<(PeerId, TableInfo), NetError> {
        let lan = self.call(Command::LanPeers).await?;
        for peer in lan {
            match self.table_info(peer, Some(code)).await {
                Ok(info) => return Ok((peer, info)),
                // The table is there, but speaks another version: say so.
                Err(e @ NetError::Wire(WireError::Incompatible { .. })) => return Err(e),
                Err(e) => debug!(%peer, %code, "LAN peer is not the table: {e}"),
            }
        }
        let sightings = self.call(|tx| Command::Lookup(code, tx)).await??;
        let mut last = NetError::CodeNotFound(code);
        for (peer, addrs) in sightings {
            if let Err(e) = self.connect(Ticket::new(peer, addrs)).await {
                last = e;
                continue;
            }
            // A relayed connection may be replaced by a hole-punched one
            // while the query is on it: ask again once.
            for _ in 0..2 {
                match self.table_info(peer, Some(code)).await {
                    Ok(info) => return Ok((peer, info)),
                    Err(e @ NetError::NoReply(_)) => last = e,
                    Err(e) => {
                        last = e;
                        break;
                    }
                }
            }
        }
        Err(last)
    }
}

/// Turns a response of the wrong kind into the error it stands for.
fn unexpected(response: Response) -> NetError {
    match response {
        Response::Refused(why) => NetError::Refused(why),
        Response::Incompatible(theirs) => WireError::Incompatible { ours: PROTOCOL_VERSION, theirs }.into(),
        other => WireError::Malformed(format!("an unexpected answer: {other:?}")).into(),
    }
}

type PendingReply = BoxFuture<'static, (PeerId, Option<Answer>, ResponseChannel<Vec<u8>>)>;

struct EventLoop {
    swarm: Swarm<Behaviour>,
    commands: mpsc::Receiver<Command>,
    events: mpsc::Sender<Event>,
    /// Configured relays by peer id.
    relays: HashMap<PeerId, Multiaddr>,
    reserved: HashSet<PeerId>,
    relay_listeners: HashMap<libp2p::core::transport::ListenerId, PeerId>,
    table: Option<OpenTable>,
    limiter: RateLimiter<PeerId>,
    pending_dials: HashMap<PeerId, Vec<Reply<()>>>,
    pending_requests: HashMap<OutboundRequestId, Reply<Response>>,
    pending_lookups: Vec<(PeerId, Reply<Vec<Sighting>>)>,
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
            }
        }
    }

    async fn emit(&mut self, event: Event) {
        if self.events.send(event).await.is_err() {
            debug!("event dropped: the application stopped listening");
        }
    }

    fn reserve(&mut self, relay_addr: Multiaddr) {
        let Some(Protocol::P2p(relay)) = relay_addr.iter().last() else {
            return;
        };
        match self.swarm.listen_on(relay_addr.clone().with(Protocol::P2pCircuit)) {
            Ok(id) => {
                self.relay_listeners.insert(id, relay);
            }
            Err(e) => warn!(%relay_addr, "cannot reserve on relay: {e}"),
        }
    }

    fn retry_relays(&mut self) {
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
    }

    fn refresh_lobby(&mut self) {
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
    fn discover_public(&mut self, relay: PeerId) {
        if self.lobby {
            self.swarm.behaviour_mut().rendezvous.discover(Some(public_namespace()), None, None, relay);
        }
    }

    /// The public tables `relay` lists now: reach the new ones (the lobby
    /// asks each for its info once connected), and say which went away.
    async fn published(&mut self, relay: PeerId, sightings: Vec<Sighting>) {
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
                self.emit(Event::TableGone { peer }).await;
            }
        }
    }

    /// How to reach a public table: its addresses as a relay lists them.
    fn public_ticket(&self, peer: &PeerId) -> Option<Ticket> {
        let (_, addrs) = self.public.values().flatten().find(|(p, _)| p == peer)?;
        Some(Ticket::new(*peer, addrs.clone()))
    }

    fn query_lobby(&mut self, peer: PeerId) {
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
    fn register_code(&mut self, relay: PeerId) {
        let Some(table) = &self.table else { return };
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

    fn on_command(&mut self, command: Command) {
        match command {
            Command::Addresses(tx) => {
                let mut addrs: Vec<Multiaddr> = self.swarm.external_addresses().cloned().collect();
                // Relayed addresses first: they work from anywhere.
                addrs.sort_by_key(|a| !a.iter().any(|p| p == Protocol::P2pCircuit));
                for addr in self.swarm.listeners() {
                    if !addrs.contains(addr) {
                        addrs.push(addr.clone());
                    }
                }
                let _ = tx.send(addrs);
            }
            Command::Connect(ticket, tx) => {
                if self.swarm.is_connected(&ticket.peer) {
                    let _ = tx.send(Ok(()));
                    return;
                }
                // The ticket's addresses and those the network learned of
                // the peer (identify), so a peer met before is reached by id.
                let opts = DialOpts::peer_id(ticket.peer)
                    .addresses(ticket.addrs)
                    .extend_addresses_through_behaviour()
                    .build();
                match self.swarm.dial(opts) {
                    // Already dialing: the same connection answers both.
                    Ok(()) | Err(DialError::DialPeerConditionFalse(_)) => {
                        self.pending_dials.entry(ticket.peer).or_default().push(tx);
                    }
                    Err(e) => {
                        let _ = tx.send(Err(NetError::Unreachable(e.to_string())));
                    }
                }
            }
            Command::Request { peer, request, reply } => {
                self.swarm.behaviour_mut().guard.touch(peer);
                let id = self.swarm.behaviour_mut().table.send_request(&peer, wire::encode(&request));
                self.pending_requests.insert(id, reply);
            }
            Command::Keep(peer, true) => self.swarm.behaviour_mut().guard.keep(peer),
            Command::Keep(peer, false) => self.swarm.behaviour_mut().guard.release(&peer),
            Command::OpenTable(info, code, done) => {
                let new_code = self.table.as_ref().map(|t| t.code) != Some(code);
                self.table = Some(OpenTable { info, code });
                if new_code {
                    let relays: Vec<PeerId> = self.reserved.iter().copied().collect();
                    for relay in relays {
                        self.register_code(relay);
                    }
                }
                let _ = done.send(());
            }
            Command::CloseTable(done) => {
                if let Some(table) = self.table.take()
                    && let Ok(namespace) = rendezvous::Namespace::new(table.code.namespace())
                {
                    let relays: Vec<PeerId> = self.reserved.iter().copied().collect();
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
                let namespace = match rendezvous::Namespace::new(code.namespace()) {
                    Ok(ns) => ns,
                    Err(e) => {
                        let _ = tx.send(Err(NetError::Setup(e.to_string())));
                        return;
                    }
                };
                let connected: Vec<PeerId> =
                    self.relays.keys().filter(|r| self.swarm.is_connected(r)).copied().collect();
                // Ask the first connected relay; more relays are asked by
                // calling again after a miss.
                match connected.first() {
                    Some(&relay) => {
                        self.swarm.behaviour_mut().rendezvous.discover(Some(namespace), None, Some(8), relay);
                        self.pending_lookups.push((relay, tx));
                    }
                    None => {
                        let _ = tx.send(Err(NetError::CodeNotFound(code)));
                    }
                }
            }
            Command::Disconnect(peer) => {
                let _ = self.swarm.disconnect_peer_id(peer);
            }
        }
    }

    /// Sends the application's answer (or a refusal if it dropped the
    /// responder) back to the peer.
    fn answer(&mut self, peer: PeerId, answer: Option<Answer>, channel: ResponseChannel<Vec<u8>>) {
        let response = match answer {
            Some(answer) => Response::Answer(answer),
            None => Response::Refused(Refusal::Unanswered),
        };
        self.respond(peer, channel, &response);
    }

    fn respond(&mut self, peer: PeerId, channel: ResponseChannel<Vec<u8>>, response: &Response) {
        if self.swarm.behaviour_mut().table.send_response(channel, wire::encode(response)).is_err() {
            debug!(%peer, "reply not sent: the connection closed");
        }
    }

    async fn on_inbound(&mut self, peer: PeerId, bytes: Vec<u8>, channel: ResponseChannel<Vec<u8>>) {
        let request = match wire::decode_request(&bytes) {
            Ok(request) => request,
            Err(WireError::Incompatible { theirs, .. }) => {
                warn!(%peer, theirs, ours = PROTOCOL_VERSION, "peer speaks another protocol version");
                self.respond(peer, channel, &Response::Incompatible(PROTOCOL_VERSION));
                return;
            }
            Err(e) => {
                warn!(%peer, "dropped a message: {e}");
                return;
            }
        };
        let kind = request.kind();
        if !self.limiter.allow(&peer, kind, Instant::now()) {
            warn!(%peer, ?kind, "rate limit: request refused");
            self.respond(peer, channel, &Response::Refused(Refusal::RateLimited));
            return;
        }
        self.swarm.behaviour_mut().guard.touch(peer);
        if let Request::TableQuery { code } = request {
            let response = match &self.table {
                Some(table) if table.info.listed || code == Some(table.code) => {
                    Response::TableInfo(table.info.clone())
                }
                _ => Response::Refused(Refusal::NoTable),
            };
            self.respond(peer, channel, &response);
            return;
        }
        let (tx, rx) = oneshot::channel();
        self.replies.push(rx.map(move |answer| (peer, answer.ok(), channel)).boxed());
        self.emit(Event::Request { peer, request, reply: Responder(tx) }).await;
    }

    async fn on_response(&mut self, peer: PeerId, id: OutboundRequestId, bytes: Vec<u8>) {
        let response = wire::decode_response(&bytes);
        if let Some(asked) = self.lobby_queries.remove(&id) {
            match response {
                Ok(Response::TableInfo(info)) if info.listed => {
                    // A table on the LAN is joined there; a public one by the
                    // addresses its relay lists.
                    let ticket =
                        (!self.lan.contains_key(&asked)).then(|| self.public_ticket(&asked)).flatten();
                    self.emit(Event::TableFound { peer: asked, info, ticket }).await
                }
                Ok(_) => {}
                Err(e) => debug!(%peer, "lobby query failed: {e}"),
            }
            return;
        }
        if let Some(reply) = self.pending_requests.remove(&id) {
            if let Err(e) = &response {
                warn!(%peer, "dropped a reply: {e}");
            }
            let _ = reply.send(response.map_err(NetError::from));
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
                    self.register_code(relay_peer_id);
                    self.discover_public(relay_peer_id);
                    self.emit(Event::RelayReady { relay: relay_peer_id }).await;
                }
            }
            SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(event)) => self.on_rendezvous(event).await,
            SwarmEvent::Behaviour(BehaviourEvent::Dcutr(dcutr::Event { remote_peer_id, result })) => {
                match result {
                    Ok(_) => info!(peer = %remote_peer_id, "hole punched: direct connection"),
                    Err(e) => {
                        info!(peer = %remote_peer_id, "hole punching failed, staying relayed: {e}")
                    }
                }
            }
            SwarmEvent::NewListenAddr { address, .. } => {
                self.emit(Event::Listening { addr: address }).await;
            }
            SwarmEvent::ListenerClosed { listener_id, reason, .. } => {
                if let Some(relay) = self.relay_listeners.remove(&listener_id) {
                    self.reserved.remove(&relay);
                    let why = match reason {
                        Ok(()) => "it closed the reservation".to_owned(),
                        Err(e) => e.to_string(),
                    };
                    self.emit(Event::Problem(format!("the relay refused the reservation ({why})"))).await;
                }
            }
            SwarmEvent::ConnectionEstablished {
                peer_id, connection_id, endpoint, num_established, ..
            } => {
                if endpoint.is_relayed() {
                    self.relayed.entry(peer_id).or_default().push(connection_id);
                } else if let Some(relayed) = self.relayed.remove(&peer_id) {
                    // A direct connection (hole punched, or found on the LAN)
                    // joined a relayed one. Behaviours keep using every
                    // connection, so the relayed one would still carry
                    // traffic and count against the relay's limits: close
                    // it, after a moment for the requests already on it.
                    for conn in relayed {
                        self.closing.push(tokio::time::sleep(RELAY_DRAIN).map(move |()| conn).boxed());
                    }
                    self.emit(Event::Direct { peer: peer_id }).await;
                }
                for tx in self.pending_dials.remove(&peer_id).unwrap_or_default() {
                    let _ = tx.send(Ok(()));
                }
                if num_established.get() == 1 {
                    if self.lobby && !self.relays.contains_key(&peer_id) && !self.queried.contains(&peer_id) {
                        self.query_lobby(peer_id);
                    }
                    self.emit(Event::PeerConnected { peer: peer_id }).await;
                }
            }
            SwarmEvent::ConnectionClosed { peer_id, connection_id, num_established, cause, .. } => {
                if let Some(conns) = self.relayed.get_mut(&peer_id) {
                    conns.retain(|c| *c != connection_id);
                }
                if num_established == 0 {
                    debug!(peer = %peer_id, ?cause, "disconnected");
                    self.relayed.remove(&peer_id);
                    self.queried.remove(&peer_id);
                    self.limiter.forget(&peer_id);
                    self.emit(Event::PeerDisconnected { peer: peer_id }).await;
                }
            }
            SwarmEvent::OutgoingConnectionError { peer_id: Some(peer), error, .. } => {
                if !self.swarm.is_connected(&peer) {
                    for tx in self.pending_dials.remove(&peer).unwrap_or_default() {
                        let _ = tx.send(Err(NetError::Unreachable(error.to_string())));
                    }
                }
            }
            SwarmEvent::IncomingConnectionError { send_back_addr, error, .. } => {
                debug!(%send_back_addr, "incoming connection refused: {error}");
            }
            other => debug!(?other, "swarm event"),
        }
    }

    async fn on_table(&mut self, event: request_response::Event<Vec<u8>, Vec<u8>>) {
        match event {
            request_response::Event::Message { peer, message, .. } => match message {
                request_response::Message::Request { request, channel, .. } => {
                    self.on_inbound(peer, request, channel).await;
                }
                request_response::Message::Response { request_id, response } => {
                    self.on_response(peer, request_id, response).await;
                }
            },
            request_response::Event::OutboundFailure { peer, connection_id, request_id, error } => {
                // Peers answer at once: a request that timed out went down a
                // connection that is dead without knowing it (a link cut, a
                // reset the other end never saw). Requests are spread over
                // a peer's connections, so a dead one must go, or it eats
                // every other request.
                if matches!(error, request_response::OutboundFailure::Timeout) {
                    debug!(%peer, "closing a connection that stopped answering");
                    self.swarm.close_connection(connection_id);
                }
                self.lobby_queries.remove(&request_id);
                if let Some(reply) = self.pending_requests.remove(&request_id) {
                    let _ = reply.send(Err(NetError::NoReply(error.to_string())));
                } else {
                    debug!(%peer, "lobby query failed: {error}");
                }
            }
            request_response::Event::InboundFailure { peer, error, .. } => {
                // Oversized frames and broken streams end here.
                warn!(%peer, "dropped an incoming message: {error}");
            }
            request_response::Event::ResponseSent { .. } => {}
        }
    }

    async fn on_mdns(&mut self, event: mdns::Event) {
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
                        self.emit(Event::TableGone { peer }).await;
                    }
                }
            }
        }
    }

    async fn on_rendezvous(&mut self, event: rendezvous::client::Event) {
        match event {
            rendezvous::client::Event::Registered { rendezvous_node, namespace, .. } => {
                info!(relay = %rendezvous_node, %namespace, "table registered");
                if let Some(table) = &self.table
                    && namespace.to_string() == table.code.namespace()
                {
                    let code = table.code;
                    self.emit(Event::CodeRegistered { code, relay: rendezvous_node }).await;
                }
            }
            rendezvous::client::Event::RegisterFailed { rendezvous_node, error, .. } => {
                self.emit(Event::Problem(format!(
                    "the relay {rendezvous_node} refused the room code ({error:?})"
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
                    let _ = tx.send(Err(NetError::NoReply(format!(
                        "the relay could not look up the code ({error:?})"
                    ))));
                }
            }
            rendezvous::client::Event::Expired { .. } => {}
        }
    }
}
