//! A network probe for the namespace tests (tests/netns/run.sh): one peer
//! of the real network layer, driven from the command line, printing one
//! JSON object per line. It carries test payloads, not a game.
//!
//!   net_probe lan-host              open a listed table, answer requests
//!   net_probe lan-seek              wait for a LAN table; print how long it took
//!   net_probe code-host RELAY CODE  reserve on RELAY, register CODE, answer requests
//!   net_probe code-join RELAY CODE [KIB]
//!                                   find CODE through RELAY, wait for hole punching,
//!                                   then send KIB kibibytes of intents to the host
//!   net_probe std-relay ADDR        a relay at ADDR with the relay library's default
//!                                   limits (2 minutes and 128 KiB a circuit), the
//!                                   limits public libp2p relays use; prints its events
//!                                   as `ludopia relay` does
//!   net_probe bench [GAMES]         loopback, in one process: a headless host and three
//!                                   headless guests (the real drivers, bots at full
//!                                   speed) play GAMES race games; for every entry a
//!                                   guest's act caused, the time from that guest
//!                                   holding the entry before (when its bot sent the
//!                                   act) to every guest holding the new one

use std::{
    process::ExitCode,
    time::{Duration, Instant},
};

use libp2p::{Multiaddr, identity::Keypair};
use ludopia::fair::{Canonical, Digest, Identity, SignedEntry, log::Body};
use ludopia::net::relay::spawn_relay;
use ludopia::net::wire::Request;
use ludopia::net::{
    Client, HostPlan, JoinPlan, Line, NodeConfig, NodeEvent, Player, RoomCode, TableInfo, Target, spawn,
};
use ludopia::rules::{Preset, SeatSet};
use ludopia::table::{Answer, By, Position, Record, ToHost};
use serde_json::json;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// Every wait is bounded, so a broken network fails the test instead of hanging it.
const DEADLINE: Duration = Duration::from_secs(30);
/// How long a joined guest waits for a direct connection before it
/// settles for the relayed one.
const PUNCH_WAIT: Duration = Duration::from_secs(15);

fn say(value: serde_json::Value) {
    println!("{value}");
}

/// A peer; `lobby` for one that looks for tables (it dials what mDNS finds).
fn start(
    relays: Vec<Multiaddr>,
    mdns: bool,
    lobby: bool,
) -> Result<(Client, mpsc::Receiver<NodeEvent>), String> {
    let mut config = NodeConfig::new(Keypair::generate_ed25519());
    config.relays = relays;
    config.mdns = mdns;
    config.lobby = lobby;
    spawn(config).map_err(|e| e.to_string())
}

fn table() -> TableInfo {
    TableInfo {
        host_name: "probe".into(),
        preset: Preset::Classic,
        rules: Preset::Classic.rules(),
        free: ludopia::rules::Seat::ALL[1..].to_vec(),
        players: vec!["probe".into()],
        listed: true,
        watching: 0,
    }
}

/// Hosts until killed: prints what happens, echoes every request.
async fn host(relays: Vec<Multiaddr>, code: RoomCode, mdns: bool) -> Result<(), String> {
    let (client, mut events) = start(relays, mdns, false)?;
    client.open_table(table(), code).await.map_err(|e| e.to_string())?;
    say(json!({"event": "hosting", "peer_id": client.peer_id().to_string(), "code": code.to_string()}));
    while let Some(event) = events.recv().await {
        match event {
            NodeEvent::Request { request, reply, .. } => {
                reply.reply(Answer::Done);
                if !matches!(request, Request::Host(_)) {
                    say(json!({"event": "request", "kind": format!("{:?}", request.kind())}));
                }
            }
            NodeEvent::CodeRegistered { code, .. } => {
                say(json!({"event": "registered", "code": code.to_string()}))
            }
            NodeEvent::Direct { peer } => say(json!({"event": "direct", "peer": peer.to_string()})),
            NodeEvent::Problem(why) => say(json!({"event": "problem", "reason": why})),
            _ => {}
        }
    }
    Ok(())
}

async fn lan_seek() -> Result<(), String> {
    let started = Instant::now();
    let (_client, mut events) = start(vec![], true, true)?;
    let found = tokio::time::timeout(DEADLINE, async {
        while let Some(event) = events.recv().await {
            if let NodeEvent::TableFound { peer, info, .. } = event {
                return Some((peer, info));
            }
        }
        None
    })
    .await
    .ok()
    .flatten();
    let (peer, info) = found.ok_or("no LAN table appeared")?;
    say(json!({"event": "table_found", "peer": peer.to_string(), "host_name": info.host_name,
               "ms": started.elapsed().as_millis()}));
    Ok(())
}

async fn code_join(relay: Multiaddr, code: RoomCode, kib: usize) -> Result<(), String> {
    let (client, mut events) = start(vec![relay], false, false)?;
    // Reserve first: the relay is then connected and known to answer lookups.
    tokio::time::timeout(DEADLINE, async {
        while let Some(event) = events.recv().await {
            match event {
                NodeEvent::RelayReady { .. } => return Ok(()),
                NodeEvent::Problem(why) => return Err(why),
                _ => {}
            }
        }
        Err("network stopped".to_owned())
    })
    .await
    .map_err(|_| "the relay did not answer".to_owned())??;
    let started = Instant::now();
    let (host, info) = tokio::time::timeout(DEADLINE, client.find_code(code))
        .await
        .map_err(|_| "code lookup timed out".to_owned())?
        .map_err(|e| e.to_string())?;
    say(json!({"event": "joined", "host": host.to_string(), "host_name": info.host_name,
               "ms": started.elapsed().as_millis()}));
    let punched = tokio::time::timeout(PUNCH_WAIT, async {
        while let Some(event) = events.recv().await {
            if matches!(event, NodeEvent::Direct { peer } if peer == host) {
                return true;
            }
        }
        false
    })
    .await
    .unwrap_or(false);
    say(json!({"event": "route", "direct": punched}));
    // Traffic past the relay library's 128 KiB default proves the limits
    // are game-sized when the route stays relayed: rejoins of about 4 KiB
    // (made-up entries: the probe host reads no game).
    let rejoin = Request::Host(ToHost::Rejoin {
        head: Position { seq: 0, hash: Digest::default() },
        tail: filler(16),
    });
    let size = ludopia::net::wire::encode(&rejoin).len();
    let sent_at = Instant::now();
    let mut sent = 0;
    let mut i = 0;
    while sent < kib * 1024 {
        match client.send(host, rejoin.clone()).await.map_err(|e| format!("message {i} failed: {e}"))? {
            Answer::Done => {}
            other => return Err(format!("message {i} was answered {other:?}")),
        }
        sent += size;
        i += 1;
    }
    say(json!({"event": "sent", "kib": sent / 1024, "ms": sent_at.elapsed().as_millis()}));
    Ok(())
}

/// Made-up signed entries, to carry bytes.
fn filler(n: usize) -> Vec<SignedEntry<Record>> {
    let key = Identity::from_secret(&[9; 32]);
    (0..n as u64)
        .map(|seq| {
            let body = Body {
                game_id: Digest([1; 32]),
                seq,
                prev: Digest([2; 32]),
                content: Record::Resume,
                state_hash: Digest([3; 32]),
            };
            SignedEntry {
                body: Canonical::new(&body),
                sig: key.sign(ludopia::fair::Context::Entry, b"probe"),
            }
        })
        .collect()
}

fn loopback_node() -> Result<NodeConfig, String> {
    let mut config = NodeConfig::new(Keypair::generate_ed25519());
    config.listen = vec!["/ip4/127.0.0.1/tcp/0".parse().map_err(|e| format!("{e}"))?];
    config.mdns = false;
    Ok(config)
}

/// When each player verified each entry, and who caused it.
#[derive(Default)]
struct Seen {
    /// (player, seq, when).
    held: Vec<(usize, u64, Instant)>,
    /// Entries a guest's act made: (seq, the acting seat).
    acts: Vec<(u64, u8)>,
}

/// Four real drivers in one process: the host and three guests, bots at
/// full speed. For every entry caused by a guest's act: from the actor
/// holding the entry before (its bot sends at once) to every guest holding
/// the new one.
async fn bench(games: usize) -> Result<(), String> {
    let mut micros = Vec::new();
    for game in 0..games {
        let seen = Arc::new(Mutex::new(Seen::default()));
        let (tickets, ticket_rx) = std::sync::mpsc::channel();
        let mut entropy = [0u8; 32];
        entropy[0] = game as u8;
        let plan =
            HostPlan::headless(Preset::Race, SeatSet::FULL, 0, RoomCode::random(), loopback_node()?, entropy);
        let host_seen = Arc::clone(&seen);
        let host = tokio::spawn(ludopia::net::host(plan, move |line| {
            if let Line::Listening { ticket, .. } = &line {
                let _ = tickets.send(ticket.clone());
            }
            if let Line::Entry { seq, record: Record::Act { action, by: By::Player }, .. } = line
                && let Ok(mut seen) = host_seen.lock()
            {
                seen.acts.push((seq, u8::from(action.seat())));
            }
        }));
        let ticket = tokio::task::spawn_blocking(move || ticket_rx.recv_timeout(DEADLINE))
            .await
            .map_err(|e| e.to_string())?
            .map_err(|_| "the host did not open".to_owned())?;
        let mut guests = Vec::new();
        for player in 0..3usize {
            let mut secret = [7u8; 32];
            secret[0] = player as u8;
            secret[1] = game as u8;
            let plan = JoinPlan {
                target: ticket.parse::<Target>().map_err(|e| e.to_string())?,
                player: Player::Bot(ludopia::bots::Strategy::Easy),
                node: loopback_node()?,
                secret,
                reach_within: DEADLINE,
                name: format!("guest {player}"),
                colour: None,
                watch: false,
                reserve: None,
                think: None,
                home: None,
                proof: None,
            };
            let seen = Arc::clone(&seen);
            let seat = Arc::new(Mutex::new(None::<u8>));
            guests.push(tokio::spawn(ludopia::net::join(plan, move |line| {
                let Ok(mut seen) = seen.lock() else { return };
                match line {
                    Line::Joined { seat: s, .. } => {
                        if let Ok(mut seat) = seat.lock() {
                            *seat = Some(u8::from(s));
                        }
                    }
                    Line::Entry { seq, .. } => {
                        let who = seat.lock().ok().and_then(|s| *s).map_or(9, usize::from);
                        seen.held.push((who, seq, Instant::now()));
                    }
                    _ => {}
                }
            })));
        }
        for guest in guests {
            guest.await.map_err(|e| e.to_string())?.map_err(|e| e.to_string())?;
        }
        host.await.map_err(|e| e.to_string())?.map_err(|e| e.to_string())?;
        let seen = seen.lock().map_err(|_| "poisoned".to_owned())?;
        let when = |who: usize, seq: u64| {
            seen.held.iter().find(|&&(w, s, _)| w == who && s == seq).map(|&(_, _, t)| t)
        };
        let players: Vec<usize> = {
            let mut p: Vec<usize> = seen.held.iter().map(|&(w, _, _)| w).collect();
            p.sort_unstable();
            p.dedup();
            p
        };
        for &(seq, actor) in &seen.acts {
            let (Some(sent), Some(last)) = (
                when(usize::from(actor), seq.saturating_sub(1)),
                players
                    .iter()
                    .map(|&w| when(w, seq))
                    .collect::<Option<Vec<_>>>()
                    .and_then(|t| t.into_iter().max()),
            ) else {
                continue;
            };
            micros.push(last.saturating_duration_since(sent).as_micros());
        }
    }
    if micros.is_empty() {
        return Err("no act of a guest was timed".into());
    }
    micros.sort_unstable();
    let at = |q: f64| micros[((micros.len() - 1) as f64 * q) as usize] as f64 / 1000.0;
    say(json!({"event": "bench", "games": games, "acts": micros.len(), "guests": 3,
               "p50_ms": at(0.5), "p99_ms": at(0.99), "max_ms": at(1.0)}));
    Ok(())
}

async fn std_relay(listen: Multiaddr) -> Result<(), String> {
    let mut relay =
        spawn_relay(Keypair::generate_ed25519(), libp2p::relay::Config::default(), &[listen], &[])
            .map_err(|e| e.to_string())?;
    while let Some(event) = relay.events.recv().await {
        // In the field order `ludopia relay` prints, which the tests match.
        println!("{}", serde_json::to_string(&event).map_err(|e| e.to_string())?);
    }
    Err("the relay stopped".into())
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, what: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    args.get(i).ok_or_else(|| format!("missing {what}"))?.parse().map_err(|e| format!("bad {what}: {e}"))
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("lan-host") => host(vec![], RoomCode::random(), true).await,
        Some("lan-seek") => lan_seek().await,
        Some("code-host") => match (arg(&args, 1, "relay address"), arg(&args, 2, "code")) {
            (Ok(relay), Ok(code)) => host(vec![relay], code, false).await,
            (Err(e), _) | (_, Err(e)) => Err(e),
        },
        Some("code-join") => match (arg(&args, 1, "relay address"), arg(&args, 2, "code")) {
            (Ok(relay), Ok(code)) => code_join(relay, code, arg(&args, 3, "KiB").unwrap_or(0)).await,
            (Err(e), _) | (_, Err(e)) => Err(e),
        },
        Some("std-relay") => match arg(&args, 1, "listen address") {
            Ok(listen) => std_relay(listen).await,
            Err(e) => Err(e),
        },
        Some("bench") => bench(arg(&args, 1, "games").unwrap_or(3).max(1)).await,
        _ => Err(
            "usage: net_probe lan-host | lan-seek | code-host RELAY CODE | code-join RELAY CODE [KIB] | std-relay ADDR | bench [GAMES]"
                .into(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            say(json!({"event": "failed", "reason": why}));
            ExitCode::FAILURE
        }
    }
}
