//! Real peers on loopback, in one process: typed requests both ways,
//! table-info queries, rate limits, a rogue peer's malformed, oversized and
//! wrong-version messages, a refused dial told apart from an unreachable
//! peer, a room code found through a relay's rendezvous
//! point, and public tables listed there.

use std::time::Duration;

use futures::StreamExt;
use libp2p::{
    Multiaddr, PeerId, identity::Keypair, multiaddr::Protocol, noise, request_response, swarm::SwarmEvent,
    tcp, yamux,
};
use ludopia::fair::Digest;
use ludopia::net::{
    Client, Kind, NetError, NodeConfig, NodeEvent, RoomCode, Searched, TableInfo,
    limits::Rate,
    node::table_protocol,
    relay::{Relay, RelayEvent, game_relay_config, spawn_relay},
    spawn,
    wire::{self, Declined, MAX_FRAME, PROTOCOL_VERSION, Request, Response},
};
use ludopia::rules::{Preset, Seat};
use ludopia::table::{Answer, Denial, Position, Reaction, ToHost};
use tokio::sync::mpsc;

const WAIT: Duration = Duration::from_secs(15);

fn loopback() -> Multiaddr {
    "/ip4/127.0.0.1/tcp/0".parse().unwrap()
}

fn peer(seed: u8, relays: Vec<Multiaddr>) -> (Client, mpsc::Receiver<NodeEvent>) {
    let mut config = NodeConfig::new(Keypair::ed25519_from_bytes([seed; 32]).unwrap());
    config.listen = vec![loopback()];
    config.mdns = false;
    config.relays = relays;
    config.bootstrap = Vec::new();
    spawn(config).unwrap()
}

/// The first event `pick` accepts, within [`WAIT`].
async fn wait_for<T>(
    events: &mut mpsc::Receiver<NodeEvent>,
    mut pick: impl FnMut(NodeEvent) -> Option<T>,
) -> T {
    tokio::time::timeout(WAIT, async {
        loop {
            let event = events.recv().await.expect("network task stopped");
            if let Some(found) = pick(event) {
                return found;
            }
        }
    })
    .await
    .expect("timed out waiting for an event")
}

async fn listening(events: &mut mpsc::Receiver<NodeEvent>) {
    wait_for(events, |e| matches!(e, NodeEvent::Listening { .. }).then_some(())).await;
}

/// Answers every application request with `reply(request)`, in the
/// background, passing the requests on.
fn serve(
    mut events: mpsc::Receiver<NodeEvent>,
    reply: impl Fn(&Request) -> Answer + Send + 'static,
) -> mpsc::UnboundedReceiver<(PeerId, Request)> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Some(event) = events.recv().await {
            if let NodeEvent::Request { peer, request, reply: responder } = event {
                responder.reply(reply(&request));
                let _ = tx.send((peer, request));
            }
        }
    });
    rx
}

fn done(_: &Request) -> Answer {
    Answer::Done
}

fn join(name: &str) -> Request {
    Request::Host(ToHost::Join { name: name.into(), colour: None })
}

fn table(listed: bool) -> TableInfo {
    TableInfo {
        host_name: "Ada".into(),
        preset: Preset::Classic,
        rules: Preset::Classic.rules(),
        free: vec![Seat::ALL[1], Seat::ALL[3]],
        players: vec!["Ada".into(), "Bob".into()],
        listed,
        watching: 0,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn host_and_guests_exchange_typed_requests_both_ways() {
    let (host, mut host_events) = peer(1, vec![]);
    listening(&mut host_events).await;
    let ticket = host.ticket().await.unwrap();
    let mut host_requests = serve(host_events, |request| match request {
        Request::Host(ToHost::Join { name, .. }) => {
            Answer::Refused(Denial::Unexpected(format!("hello {name}")))
        }
        _ => Answer::Stale,
    });
    let mut guests = Vec::new();
    for seed in 2..=3 {
        let (guest, mut guest_events) = peer(seed, vec![]);
        listening(&mut guest_events).await;
        guest.connect(ticket.clone()).await.unwrap();
        let name = format!("guest {seed}");
        let answer = guest.send(host.peer_id(), join(&name)).await.unwrap();
        assert_eq!(answer, Answer::Refused(Denial::Unexpected(format!("hello {name}"))));
        let (from, request) = host_requests.recv().await.unwrap();
        assert_eq!((from, request), (guest.peer_id(), join(&name)));
        let head = Position { seq: u64::from(seed), hash: Digest([seed; 32]) };
        guests.push((guest, serve(guest_events, move |_| Answer::Holds(head))));
    }
    // The host asks each guest; each answers with its own head.
    for (seed, (guest, received)) in (2u8..).zip(&mut guests) {
        let beat = Request::React(Reaction::Smile);
        let answer = host.send(guest.peer_id(), beat.clone()).await.unwrap();
        assert_eq!(answer, Answer::Holds(Position { seq: u64::from(seed), hash: Digest([seed; 32]) }));
        assert_eq!(received.recv().await.unwrap(), (host.peer_id(), beat));
    }
    // A peer that has gone is reported, not waited for forever.
    let gone = Keypair::ed25519_from_bytes([9; 32]).unwrap().public().to_peer_id();
    assert!(host.send(gone, join("nobody")).await.is_err());
}

/// A dial that an address refuses says that nothing listens there (the
/// peer's program has stopped): a lone guest that took the table over
/// reports the end without waiting for such a host. A peer with no address
/// known is only unreachable, and so is one whose loopback address alone
/// refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_dial_is_told_apart_from_an_unreachable_peer() {
    let (me, mut events) = peer(31, vec![]);
    listening(&mut events).await;
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let gone = Keypair::ed25519_from_bytes([32; 32]).unwrap().public().to_peer_id();
    let at: Multiaddr = format!("/ip4/127.0.0.1/tcp/{closed}").parse().unwrap();
    let refused = me.connect(ludopia::net::Ticket::new(gone, [at])).await;
    assert!(matches!(refused, Err(NetError::NotListening(_))), "{refused:?}");
    let nowhere = me.connect(ludopia::net::Ticket::new(gone, [])).await;
    assert!(matches!(nowhere, Err(NetError::Unreachable(_))), "{nowhere:?}");
    // From another computer the peer's loopback address is this one's own:
    // its refusal says nothing while another address failed otherwise.
    let afar: Multiaddr = "/ip4/255.255.255.255/tcp/1".parse().unwrap();
    let at: Multiaddr = format!("/ip4/127.0.0.1/tcp/{closed}").parse().unwrap();
    let mixed = me.connect(ludopia::net::Ticket::new(gone, [at, afar])).await;
    assert!(matches!(mixed, Err(NetError::Unreachable(_))), "{mixed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_info_answers_listed_tables_and_unlisted_ones_by_code() {
    let (host, mut host_events) = peer(11, vec![]);
    listening(&mut host_events).await;
    let code = RoomCode::from_seed(99);
    let ticket = host.ticket().await.unwrap();
    let _host = serve(host_events, done);
    let (guest, mut guest_events) = peer(12, vec![]);
    listening(&mut guest_events).await;
    guest.connect(ticket).await.unwrap();

    assert_eq!(guest.table_info(host.peer_id(), None).await, Err(NetError::Refused(Declined::NoTable)));
    host.open_table(table(false), code).await.unwrap();
    assert_eq!(guest.table_info(host.peer_id(), None).await, Err(NetError::Refused(Declined::NoTable)));
    assert_eq!(
        guest.table_info(host.peer_id(), Some(RoomCode::from_seed(98))).await,
        Err(NetError::Refused(Declined::NoTable))
    );
    assert_eq!(guest.table_info(host.peer_id(), Some(code)).await, Ok(table(false)));
    host.open_table(table(true), code).await.unwrap();
    assert_eq!(guest.table_info(host.peer_id(), None).await, Ok(table(true)));
    // A listed table is no answer to a joiner asking for another code.
    assert_eq!(
        guest.table_info(host.peer_id(), Some(RoomCode::from_seed(98))).await,
        Err(NetError::Refused(Declined::NoTable))
    );
    assert_eq!(guest.table_info(host.peer_id(), Some(code)).await, Ok(table(true)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reactions_are_rate_limited_per_peer() {
    let (host, mut host_events) = peer(21, vec![]);
    listening(&mut host_events).await;
    let ticket = host.ticket().await.unwrap();
    let _host = serve(host_events, done);
    let (guest, mut guest_events) = peer(22, vec![]);
    listening(&mut guest_events).await;
    guest.connect(ticket).await.unwrap();
    let react = Request::React(Reaction::Laugh);
    for _ in 0..Rate::for_kind(Kind::Reaction).burst {
        guest.send(host.peer_id(), react.clone()).await.unwrap();
    }
    assert_eq!(guest.send(host.peer_id(), react).await, Err(NetError::Refused(Declined::RateLimited)));
    // Messages to the host have their own budget.
    assert!(guest.send(host.peer_id(), join("Bea")).await.is_ok());
}

/// A peer that speaks the table protocol's framing but sends raw bytes.
async fn rogue_send(target: Multiaddr, peer: PeerId, frames: Vec<Vec<u8>>) -> Vec<Result<Vec<u8>, String>> {
    let mut swarm = libp2p::SwarmBuilder::with_new_identity()
        .with_tokio()
        .with_tcp(tcp::Config::default(), noise::Config::new, yamux::Config::default)
        .unwrap()
        .with_behaviour(|_| table_protocol())
        .unwrap()
        .build();
    swarm.dial(target.with(Protocol::P2p(peer))).unwrap();
    let mut ids = Vec::new();
    for frame in frames {
        ids.push(swarm.behaviour_mut().send_request(&peer, frame));
    }
    let mut results: Vec<Option<Result<Vec<u8>, String>>> = vec![None; ids.len()];
    tokio::time::timeout(WAIT, async {
        while results.iter().any(Option::is_none) {
            let outcome = match swarm.select_next_some().await {
                SwarmEvent::Behaviour(request_response::Event::Message {
                    message: request_response::Message::Response { request_id, response },
                    ..
                }) => (request_id, Ok(response)),
                SwarmEvent::Behaviour(request_response::Event::OutboundFailure {
                    request_id, error, ..
                }) => (request_id, Err(error.to_string())),
                _ => continue,
            };
            if let Some(i) = ids.iter().position(|id| *id == outcome.0) {
                results[i] = Some(outcome.1);
            }
        }
    })
    .await
    .expect("rogue requests unanswered");
    results.into_iter().flatten().collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rogue_messages_are_refused_and_the_table_goes_on() {
    let (host, mut host_events) = peer(31, vec![]);
    listening(&mut host_events).await;
    let ticket = host.ticket().await.unwrap();
    let mut host_requests = serve(host_events, done);
    let addr = ticket.addrs[0].clone();

    let mut newer = wire::encode(&join("from the future"));
    newer[0] = PROTOCOL_VERSION as u8 + 1;
    // A name of 20 KiB: over the cap of a message to the host, under the frame's.
    let over_cap = wire::encode(&join(&"x".repeat(20 * 1024)));
    assert!(over_cap.len() > Kind::Intent.max_len() && over_cap.len() < MAX_FRAME);
    let answer_as_request = wire::encode(&Response::Answer(Answer::Done));
    let results = rogue_send(
        addr,
        host.peer_id(),
        vec![
            vec![PROTOCOL_VERSION as u8, 200, 3], // malformed
            vec![0; MAX_FRAME + 10],              // oversized frame
            over_cap,                             // over its kind's cap
            answer_as_request,                    // an answer sent as a request
            newer,                                // a newer protocol
        ],
    )
    .await;
    for (i, result) in results.iter().take(4).enumerate() {
        assert!(result.is_err(), "rogue message {i} got an answer: {result:?}");
    }
    let answer = wire::decode_response(results[4].as_ref().unwrap()).unwrap();
    assert_eq!(answer, Response::Incompatible(PROTOCOL_VERSION));

    // None of it reached the application, and an honest guest still plays.
    let (guest, mut guest_events) = peer(32, vec![]);
    listening(&mut guest_events).await;
    guest.connect(ticket).await.unwrap();
    assert_eq!(guest.send(host.peer_id(), join("Cy")).await.unwrap(), Answer::Done);
    let (from, _) = host_requests.recv().await.unwrap();
    assert_eq!(from, guest.peer_id());
}

/// A relay on loopback, and the address players give for it.
async fn relay(seed: u8) -> (Relay, Multiaddr) {
    let mut relay = spawn_relay(
        Keypair::ed25519_from_bytes([seed; 32]).unwrap(),
        game_relay_config(),
        &[loopback()],
        &[],
    )
    .unwrap();
    let addr = tokio::time::timeout(WAIT, async {
        loop {
            if let Some(RelayEvent::Listening { addr, .. }) = relay.events.recv().await {
                return addr.parse().unwrap();
            }
        }
    })
    .await
    .unwrap();
    (relay, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_code_is_found_through_a_relay_rendezvous_point() {
    let (relay, relay_addr) = relay(40).await;

    let (host, mut host_events) = peer(41, vec![relay_addr.clone()]);
    wait_for(&mut host_events, |e| matches!(e, NodeEvent::RelayReady { .. }).then_some(())).await;
    let code = RoomCode::from_seed(4141);
    host.open_table(table(false), code).await.unwrap();
    let registered = wait_for(&mut host_events, |e| match e {
        NodeEvent::CodeRegistered { code, relay } => Some((code, relay)),
        _ => None,
    })
    .await;
    assert_eq!(registered, (code, relay.peer_id));
    // The invite ticket carries the relayed address, ahead of the others.
    let ticket = host.ticket().await.unwrap();
    assert!(ticket.addrs[0].iter().any(|p| p == Protocol::P2pCircuit), "{:?}", ticket.addrs);
    let _host = serve(host_events, done);

    let (guest, mut guest_events) = peer(42, vec![relay_addr]);
    wait_for(&mut guest_events, |e| matches!(e, NodeEvent::RelayReady { .. }).then_some(())).await;
    let started = std::time::Instant::now();
    let (found, info) = guest.find_code(code).await.unwrap();
    println!("code lookup through the relay took {:?}", started.elapsed());
    assert_eq!((found, info), (host.peer_id(), table(false)));
    assert_eq!(guest.send(found, join("Di")).await.unwrap(), Answer::Done);

    let unknown = RoomCode::from_seed(1);
    // Looked up on the LAN and at the relay; this peer is off the DHT.
    let searched = Searched { relays: true, public: false };
    assert_eq!(guest.find_code(unknown).await, Err(NetError::CodeNotFound { code: unknown, searched }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_tables_are_listed_at_the_relays_and_private_ones_are_not() {
    let (_relay, relay_addr) = relay(50).await;
    // One public table and one private, both hosted behind the relay.
    let mut hosts = Vec::new();
    for (seed, listed) in [(51, true), (52, false)] {
        let (host, mut events) = peer(seed, vec![relay_addr.clone()]);
        wait_for(&mut events, |e| matches!(e, NodeEvent::RelayReady { .. }).then_some(())).await;
        host.open_table(table(listed), RoomCode::from_seed(u64::from(seed))).await.unwrap();
        wait_for(&mut events, |e| matches!(e, NodeEvent::CodeRegistered { .. }).then_some(())).await;
        hosts.push((host, serve(events, done)));
    }
    let (public, private) = (hosts[0].0.peer_id(), hosts[1].0.peer_id());

    // A lobby with the relay in its settings (and no LAN) finds the public
    // one, with a ticket to reach it by, and never the private one.
    let mut config = NodeConfig::new(Keypair::ed25519_from_bytes([53; 32]).unwrap());
    config.listen = vec![loopback()];
    config.mdns = false;
    config.relays = vec![relay_addr.clone()];
    config.lobby = true;
    let (_lobby, mut lobby_events) = spawn(config).unwrap();
    let started = std::time::Instant::now();
    let (info, ticket) = wait_for(&mut lobby_events, |e| match e {
        NodeEvent::TableFound { peer, info, ticket } => {
            assert_ne!(peer, private, "a private table is never listed");
            (peer == public).then_some((info, ticket))
        }
        _ => None,
    })
    .await;
    println!("public table listed through the relay after {:?}", started.elapsed());
    assert_eq!(info, table(true));
    let ticket = ticket.expect("a public table comes with its ticket");
    assert_eq!(ticket.peer, public);
    // Two more lobby refreshes: still only the public table.
    let _ = tokio::time::timeout(Duration::from_secs(7), async {
        while let Some(event) = lobby_events.recv().await {
            if let NodeEvent::TableFound { peer, .. } = event {
                assert_eq!(peer, public, "a private table is never listed");
            }
        }
    })
    .await;

    // The ticket reaches the table from a peer that never saw the lobby.
    let (guest, mut guest_events) = peer(54, vec![relay_addr]);
    wait_for(&mut guest_events, |e| matches!(e, NodeEvent::RelayReady { .. }).then_some(())).await;
    guest.connect(ticket).await.unwrap();
    assert_eq!(guest.table_info(public, None).await, Ok(table(true)));

    // When the game begins the table closes, and the lobby lets it go.
    hosts[0].0.close_table().await.unwrap();
    wait_for(&mut lobby_events, |e| {
        matches!(e, NodeEvent::TableGone { peer } if peer == public).then_some(())
    })
    .await;
}
