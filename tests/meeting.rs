//! Meeting without setting anything up, as real processes on loopback: a
//! joiner finds a host by its room code on a tiny DHT of `ludopia relay`
//! nodes with no relay given; a ticket holding an unreachable address
//! joins as quickly as a good one; a relay that comes up after the host
//! gets its reservation and code; a relay without a rendezvous point, and
//! a code found nowhere, are said in plain words. Every process has a
//! profile folder of its own (`LUDOPIA_HOME`) and is killed when its test ends.

use std::io::{BufRead, BufReader, Read};
use std::net::TcpListener;
use std::process::{ChildStderr, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use futures::StreamExt;
use libp2p::{Multiaddr, identify, identity::Keypair, multiaddr::Protocol, noise, ping, relay, tcp, yamux};
use ludopia::net::{RoomCode, Ticket, node::dht::room_key};
use serde_json::Value;

mod support;
use support::player::{Errors, LOOPBACK, Player, WAIT, command_at, event, profile};

/// A `ludopia relay` on loopback and its full address.
fn relay(extra: &[&str]) -> (Player, String) {
    let mut relay = Player::start(&[&["relay", "--listen", LOOPBACK], extra].concat(), Errors::Shown);
    let (_, listening) = relay.wait_for("listening", |l| event(l) == "listening");
    let addr = listening["addr"].as_str().expect("relay address").to_owned();
    (relay, addr)
}

fn host(args: &[&str]) -> (Player, Value) {
    let mut host =
        Player::start(&[&["host", "--headless", "--listen", LOOPBACK], args].concat(), Errors::Shown);
    let (_, listening) = host.wait_for("listening", |l| event(l) == "listening");
    (host, listening)
}

fn joiner(target: &str, args: &[&str]) -> Player {
    let base = ["join", "--headless", target, "--bot", "easy", "--listen", LOOPBACK];
    Player::start(&[&base[..], args].concat(), Errors::Shown)
}

/// A finished game's entries and places; both ends must hold the same.
fn game(lines: &[Value]) -> (Vec<String>, Value) {
    let last = lines.last().expect("lines");
    assert_eq!(event(last), "over", "{last}");
    let entries: Vec<String> =
        lines.iter().filter(|l| event(l) == "entry").map(|l| l["record"].to_string()).collect();
    assert!(entries.len() > 10, "{} entries", entries.len());
    (entries, last["places"].clone())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn a_joiner_finds_the_code_on_a_tiny_dht_with_no_relay_given_and_the_game_finishes() {
    // Three relays make the DHT: the first knows nobody, the others start from it.
    let (mut first, first_addr) = relay(&["--bootstrap", "none"]);
    let mut others: Vec<(Player, String)> = (0..2).map(|_| relay(&["--bootstrap", &first_addr])).collect();
    for (_, addr) in &others {
        let id = addr.rsplit('/').next().expect("a peer id");
        first.wait_for("dht_peer", |l| event(l) == "dht_peer" && l["peer"] == id);
    }
    let mut bootstrap = vec!["--bootstrap", first_addr.as_str()];
    for (_, addr) in &others {
        bootstrap.extend(["--bootstrap", addr.as_str()]);
    }
    let code = RoomCode::random().to_string();
    let (host, listening) =
        host(&[&["--preset", "race", "--bots", "2", "--code", &code], &bootstrap[..]].concat());
    // The host provides its code's key, with an address, once it has one.
    let key = hex(room_key(code.parse().expect("code")).as_ref());
    let provided =
        |l: &Value| event(l) == "provider" && l["key"] == key.as_str() && l["addrs"].as_u64() > Some(0);
    first.wait_for("provider", provided);
    let started = Instant::now();
    let mut joiner = joiner(&code, &bootstrap);
    let (joined_at, _) = joiner.wait_for("joined", |l| event(l) == "joined");
    eprintln!("join by code on the DHT: {:?} from the command to joined", joined_at - started);
    let guest_lines = joiner.finish("the joiner");
    let host_lines = host.finish("the host");
    assert_eq!(game(&guest_lines), game(&host_lines), "both ends hold the same game");
    let host_peer = listening["ticket"].as_str().and_then(|t| t.parse::<Ticket>().ok()).expect("ticket").peer;
    assert_eq!(routes(&guest_lines, &host_peer.to_string())[0]["kind"], "direct");
    // The joiner found the host on the DHT: a relay answered its lookup with a provider.
    let answered = |p: &mut Player| {
        p.seen_so_far().iter().any(|(_, l)| event(l) == "provider_lookup" && l["found"].as_u64() > Some(0))
    };
    let found = answered(&mut first) | others.iter_mut().fold(false, |any, (p, _)| answered(p) | any);
    assert!(found, "no relay answered a lookup with the provider");
}

/// An address nothing answers at: a TEST-NET-1 address, dropped on the way.
const UNREACHABLE: &str = "/ip4/192.0.2.1/tcp/9";

#[test]
fn a_ticket_holding_an_unreachable_address_joins_as_quickly_as_a_good_one() {
    let (host, listening) = host(&["--preset", "race", "--bots", "2", "--bootstrap", "none"]);
    let good: Ticket = listening["ticket"].as_str().expect("ticket").parse().expect("a ticket");
    let unreachable: Multiaddr = UNREACHABLE.parse().expect("address");
    let ticket = Ticket::new(good.peer, std::iter::once(unreachable).chain(good.addrs));
    let started = Instant::now();
    let mut joiner = joiner(&ticket.to_string(), &["--bootstrap", "none"]);
    let (joined_at, _) = joiner.wait_for("joined", |l| event(l) == "joined");
    let took = joined_at - started;
    eprintln!("join by a ticket with an unreachable address first: {took:?}");
    assert!(took < Duration::from_secs(3), "joining took {took:?}");
    let guest_lines = joiner.finish("the joiner");
    let host_lines = host.finish("the host");
    assert_eq!(game(&guest_lines), game(&host_lines));
    // Each end says how it reaches the other: directly, at its address.
    let guest = guest_lines.iter().find(|l| event(l) == "joined").expect("joined")["peer"].clone();
    let host_route = routes(&guest_lines, &ticket.peer.to_string());
    assert_eq!(host_route[0]["kind"], "direct", "{host_route:?}");
    assert!(
        host_route[0]["via"].as_str().is_some_and(|v| v.starts_with("/ip4/127.0.0.1/tcp/")),
        "{host_route:?}"
    );
    let guest_route = routes(&host_lines, guest.as_str().expect("peer"));
    assert_eq!(guest_route[0]["kind"], "direct", "{guest_route:?}");
}

/// The route lines about `peer`, in order.
fn routes<'a>(lines: &'a [Value], peer: &str) -> Vec<&'a Value> {
    let found: Vec<&Value> = lines.iter().filter(|l| event(l) == "route" && l["peer"] == peer).collect();
    assert!(!found.is_empty(), "no route line for {peer}");
    found
}

#[test]
fn peers_reached_only_through_a_relay_say_the_route_is_relayed_by_that_relay() {
    let (_relay, relay_addr) = relay(&["--bootstrap", "none"]);
    // Both listen only through the relay, so hole punching finds nothing
    // to dial on loopback and the game stays relayed.
    let circuit = format!("{relay_addr}/p2p-circuit");
    let mut host = Player::start(
        &[
            "host",
            "--headless",
            "--preset",
            "race",
            "--bots",
            "2",
            "--listen",
            &circuit,
            "--relay",
            &relay_addr,
            "--bootstrap",
            "none",
        ],
        Errors::Shown,
    );
    let (_, listening) = host.wait_for("listening", |l| event(l) == "listening");
    let ticket = listening["ticket"].as_str().expect("ticket").to_owned();
    let host_peer = ticket.parse::<Ticket>().expect("a ticket").peer.to_string();
    let joiner = Player::start(
        &["join", "--headless", &ticket, "--bot", "easy", "--listen", &circuit, "--bootstrap", "none"],
        Errors::Shown,
    );
    let guest_lines = joiner.finish("the joiner");
    let host_lines = host.finish("the host");
    assert_eq!(game(&guest_lines), game(&host_lines));
    let to_host = routes(&guest_lines, &host_peer);
    assert_eq!(to_host.len(), 1, "{to_host:?}");
    assert_eq!((&to_host[0]["kind"], &to_host[0]["via"]), (&"relayed".into(), &circuit.as_str().into()));
    let guest = guest_lines.iter().find(|l| event(l) == "joined").expect("joined")["peer"].clone();
    let to_guest = routes(&host_lines, guest.as_str().expect("peer"));
    assert_eq!(to_guest.len(), 1, "{to_guest:?}");
    assert_eq!((&to_guest[0]["kind"], &to_guest[0]["via"]), (&"relayed".into(), &circuit.as_str().into()));
}

#[test]
fn a_relay_that_comes_up_after_the_host_gets_its_reservation_and_code_within_30_s() {
    // The relay's identity and port are known before it runs.
    let dir = tempfile::tempdir().expect("a folder");
    let key_file = dir.path().join("relay.key");
    let keypair = Keypair::ed25519_from_bytes([42; 32]).expect("key");
    std::fs::write(&key_file, [42; 32]).expect("write the key");
    let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let listen = format!("/ip4/127.0.0.1/tcp/{port}");
    let addr = format!("{listen}/p2p/{}", keypair.public().to_peer_id());
    let code = RoomCode::random().to_string();
    // A seat waits for a guest, so the host stays up until the relay is.
    let (mut host, first) = host(&["--bots", "2", "--code", &code, "--relay", &addr, "--bootstrap", "none"]);
    let first: Ticket = first["ticket"].as_str().expect("ticket").parse().expect("a ticket");
    let relayed = |t: &Ticket| t.addrs.iter().any(|a| a.iter().any(|p| p == Protocol::P2pCircuit));
    assert!(!relayed(&first), "no reservation yet: {first:?}");
    std::thread::sleep(Duration::from_secs(2));
    let key = key_file.to_str().expect("path");
    let mut relay =
        Player::start(&["relay", "--listen", &listen, "--key", key, "--bootstrap", "none"], Errors::Shown);
    let up = Instant::now();
    relay.wait_for("listening", |l| event(l) == "listening");
    let namespace = format!("ludopia/{code}");
    let (registered, _) = relay.wait_for("code_registered", |l| {
        event(l) == "code_registered" && l["namespace"] == namespace.as_str()
    });
    let took = registered - up;
    eprintln!("a relay up after the host: reserved and registered {took:?} after it started");
    assert!(took <= Duration::from_secs(30), "{took:?}");
    // The host prints its ticket again, with the relayed address.
    let (_, again) = host.wait_for("listening again", |l| {
        event(l) == "listening"
            && l["ticket"].as_str().and_then(|t| t.parse::<Ticket>().ok()).is_some_and(|t| relayed(&t))
    });
    assert_eq!(again["code"], code.as_str());
}

#[test]
fn a_code_nobody_hosts_with_no_dht_exits_1_saying_where_it_looked() {
    let home = profile();
    let joiner = command_at(
        home.path(),
        &["join", "--headless", "QQQQQQ", "--listen", LOOPBACK, "--bootstrap", "none"],
    )
    .output()
    .expect("joiner runs");
    assert_eq!(joiner.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&joiner.stderr);
    assert!(
        stderr.contains("no table with code QQQQQQ answered within 15 s on the local network\n"),
        "{stderr}"
    );
    assert!(joiner.stdout.is_empty());
}

/// A circuit relay with no rendezvous point (as public relays are), on
/// loopback in this process, with `config`'s limits; its full address.
fn bare_relay(runtime: &tokio::runtime::Runtime, config: relay::Config) -> Multiaddr {
    #[derive(libp2p::swarm::NetworkBehaviour)]
    struct Bare {
        relay: relay::Behaviour,
        identify: identify::Behaviour,
        ping: ping::Behaviour,
    }
    let (tx, rx) = mpsc::channel();
    runtime.spawn(async move {
        let mut swarm = libp2p::SwarmBuilder::with_new_identity()
            .with_tokio()
            .with_tcp(tcp::Config::default(), noise::Config::new, yamux::Config::default)
            .expect("tcp")
            .with_behaviour(|key| Bare {
                relay: relay::Behaviour::new(key.public().to_peer_id(), config),
                identify: identify::Behaviour::new(identify::Config::new("/bare/1".into(), key.public())),
                ping: ping::Behaviour::default(),
            })
            .expect("behaviour")
            .build();
        swarm.listen_on(LOOPBACK.parse().expect("address")).expect("listen");
        let me = *swarm.local_peer_id();
        loop {
            if let libp2p::swarm::SwarmEvent::NewListenAddr { address, .. } = swarm.select_next_some().await {
                // A relay serves reservations only with a confirmed address.
                swarm.add_external_address(address.clone());
                let _ = tx.send(address.with(Protocol::P2p(me)));
            }
        }
    });
    rx.recv_timeout(WAIT).expect("the bare relay listens")
}

/// The lines of a process's stderr, as they come.
fn stderr_lines(err: ChildStderr) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            eprintln!("{line}");
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

#[test]
fn a_relay_without_a_rendezvous_point_is_named_by_the_host_and_the_joiner() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let bare = bare_relay(&runtime, relay::Config::default()).to_string();
    let code = RoomCode::random().to_string();
    let mut host = Player::start(
        &[
            "host",
            "--headless",
            "--listen",
            LOOPBACK,
            "--code",
            &code,
            "--relay",
            &bare,
            "--bootstrap",
            "none",
        ],
        Errors::Read,
    );
    let said = stderr_lines(host.running.stderr.take().expect("stderr"));
    let deadline = Instant::now() + WAIT;
    loop {
        let line =
            said.recv_timeout(deadline.saturating_duration_since(Instant::now())).expect("the host says why");
        if line.contains("the room code is not registered at relay")
            && line.contains("has no rendezvous point")
        {
            break;
        }
    }
    // A code nobody hosts (the host's may be found on the LAN by mDNS).
    let missing = RoomCode::random().to_string();
    let home = profile();
    let args =
        ["join", "--headless", &missing, "--listen", LOOPBACK, "--relay", &bare, "--bootstrap", "none"];
    let mut joiner = command_at(home.path(), &args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("joiner runs");
    let mut stderr = String::new();
    joiner.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("stderr");
    assert_eq!(joiner.wait().expect("exits").code(), Some(1), "{stderr}");
    assert!(stderr.contains(&format!("no table with code {missing}")), "{stderr}");
    assert!(stderr.contains("has no rendezvous point"), "{stderr}");
}

#[test]
fn a_circuit_its_relay_will_not_renew_is_renewed_through_the_hosts_other_relay() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    // Relay A takes one circuit per peer at a time, at the public limits
    // (2 minutes, 128 KiB): a renewal there is refused while the circuit it
    // replaces still runs. (The library refuses a circuit when the peer
    // holds more than `max_circuits_per_peer` already: at 1, a renewal
    // passed whenever the one before it had closed, which is every time on
    // a busy machine, where the game runs slowly.) Relay B has the
    // library's defaults.
    let a = bare_relay(&runtime, relay::Config { max_circuits_per_peer: 0, ..relay::Config::default() });
    let b = bare_relay(&runtime, relay::Config::default());
    let (at_a, at_b) = (format!("{a}/p2p-circuit"), format!("{b}/p2p-circuit"));
    // The host is reached only through its reservations on A and B.
    let mut host = Player::start(
        &["host", "--headless", "--preset", "race", "--bots", "2", "--listen", &at_a, "--listen", &at_b]
            .into_iter()
            .chain(["--bootstrap", "none"])
            .collect::<Vec<_>>(),
        Errors::Shown,
    );
    let (_, listening) = host.wait_for("listening", |l| event(l) == "listening");
    let peer = listening["ticket"].as_str().expect("ticket").parse::<Ticket>().expect("a ticket").peer;
    // The joiner knows only the way through A; the host's identify tells it of B.
    let via_a: Multiaddr = format!("{at_a}/p2p/{peer}").parse().expect("an address");
    let ticket = Ticket::new(peer, vec![via_a]).to_string();
    let joiner = Player::start(
        &["join", "--headless", &ticket, "--bot", "easy", "--listen", &at_b, "--bootstrap", "none"],
        Errors::Shown,
    );
    let guest_lines = joiner.finish("the joiner");
    let host_lines = host.finish("the host");
    assert_eq!(game(&guest_lines), game(&host_lines), "the same game at both ends");
    let to_host = routes(&guest_lines, &peer.to_string());
    assert_eq!(to_host[0]["via"], at_a.as_str(), "first through A: {to_host:?}");
    assert!(to_host.iter().any(|r| r["via"] == at_b.as_str()), "renewed through B: {to_host:?}");
    // No election and no wait; a busy machine may let one circuit run out
    // before its successor is up, which the guest catches up from, as in
    // the namespace test at the public limits.
    let told: Vec<&Value> = guest_lines.iter().filter(|l| event(l) != "entry").collect();
    for event_name in ["host_changed", "waiting"] {
        assert!(!told.iter().any(|l| event(l) == event_name), "the guest kept its host: {told:?}");
    }
    let caught_up = told.iter().filter(|l| event(l) == "reconnected").count();
    assert!(caught_up <= 1, "renewed before the circuits ran out: {told:?}");
}
