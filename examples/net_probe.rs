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
//!   net_probe bench [ROUNDS]        loopback, host + 3 guests: time from a guest's
//!                                   intent to every guest acknowledging the entry

use std::{
    process::ExitCode,
    time::{Duration, Instant},
};

use libp2p::{Multiaddr, identity::Keypair};
use ludopia::net::{Client, Event, Kind, NodeConfig, RoomCode, TableInfo, spawn};
use serde_json::json;
use tokio::sync::mpsc;

/// Every wait is bounded, so a broken network fails the test instead of hanging it.
const DEADLINE: Duration = Duration::from_secs(30);
/// How long a joined guest waits for a direct connection before it
/// settles for the relayed one.
const PUNCH_WAIT: Duration = Duration::from_secs(15);

fn say(value: serde_json::Value) {
    println!("{value}");
}

fn start(relays: Vec<Multiaddr>, mdns: bool) -> Result<(Client, mpsc::Receiver<Event>), String> {
    let mut config = NodeConfig::new(Keypair::generate_ed25519());
    config.relays = relays;
    config.mdns = mdns;
    spawn(config).map_err(|e| e.to_string())
}

fn table() -> TableInfo {
    TableInfo {
        host_name: "probe".into(),
        preset: "classic".into(),
        free_seats: 3,
        players: vec!["probe".into()],
        listed: true,
    }
}

/// Hosts until killed: prints what happens, echoes every request.
async fn host(relays: Vec<Multiaddr>, code: RoomCode, mdns: bool) -> Result<(), String> {
    let (client, mut events) = start(relays, mdns)?;
    client.open_table(table(), code).await.map_err(|e| e.to_string())?;
    say(json!({"event": "hosting", "peer_id": client.peer_id().to_string(), "code": code.to_string()}));
    while let Some(event) = events.recv().await {
        match event {
            Event::Request { kind, payload, reply, .. } => {
                let _ = reply.reply(payload);
                if kind != Kind::Intent {
                    say(json!({"event": "request", "kind": format!("{kind:?}")}));
                }
            }
            Event::CodeRegistered { code, .. } => {
                say(json!({"event": "registered", "code": code.to_string()}))
            }
            Event::Direct { peer } => say(json!({"event": "direct", "peer": peer.to_string()})),
            Event::Problem(why) => say(json!({"event": "problem", "reason": why})),
            _ => {}
        }
    }
    Ok(())
}

async fn lan_seek() -> Result<(), String> {
    let started = Instant::now();
    let (_client, mut events) = start(vec![], true)?;
    let found = tokio::time::timeout(DEADLINE, async {
        while let Some(event) = events.recv().await {
            if let Event::TableFound { peer, info, .. } = event {
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
    let (client, mut events) = start(vec![relay], false)?;
    // Reserve first: the relay is then connected and known to answer lookups.
    tokio::time::timeout(DEADLINE, async {
        while let Some(event) = events.recv().await {
            match event {
                Event::RelayReady { .. } => return Ok(()),
                Event::Problem(why) => return Err(why),
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
            if matches!(event, Event::Direct { peer } if peer == host) {
                return true;
            }
        }
        false
    })
    .await
    .unwrap_or(false);
    say(json!({"event": "route", "direct": punched}));
    // Traffic past the relay library's 128 KiB default proves the limits
    // are game-sized when the route stays relayed.
    let chunk = vec![0x5a; Kind::Intent.max_payload()];
    let sent_at = Instant::now();
    for i in 0..kib.div_ceil(4) {
        let echo = client
            .request(host, Kind::Intent, chunk.clone())
            .await
            .map_err(|e| format!("intent {i} failed: {e}"))?;
        if echo != chunk {
            return Err(format!("intent {i} came back altered"));
        }
        // Stay under the host's intent rate limit (20 a second sustained).
        tokio::time::sleep(Duration::from_millis(55)).await;
    }
    say(json!({"event": "sent", "kib": kib.div_ceil(4) * 4, "ms": sent_at.elapsed().as_millis()}));
    Ok(())
}

/// One loopback peer for the benchmark.
async fn loopback_peer() -> Result<(Client, mpsc::Receiver<Event>), String> {
    let mut config = NodeConfig::new(Keypair::generate_ed25519());
    config.listen = vec!["/ip4/127.0.0.1/tcp/0".parse().map_err(|e| format!("{e}"))?];
    config.mdns = false;
    let (client, mut events) = spawn(config).map_err(|e| e.to_string())?;
    while let Some(event) = events.recv().await {
        if matches!(event, Event::Listening { .. }) {
            return Ok((client, events));
        }
    }
    Err("network stopped".into())
}

/// The host fans each intent out as an entry to every guest and answers
/// the intent once all have acknowledged; the guest times the round trip,
/// which is the "intent to every guest holding the entry" latency plus the
/// reply's way back (the signing and verifying are the table's, not here).
async fn bench(rounds: usize) -> Result<(), String> {
    let (host, mut host_events) = loopback_peer().await?;
    let ticket = host.ticket().await.map_err(|e| e.to_string())?;
    let mut guests = Vec::new();
    for _ in 0..3 {
        let (guest, mut events) = loopback_peer().await?;
        guest.connect(ticket.clone()).await.map_err(|e| e.to_string())?;
        tokio::spawn(async move {
            while let Some(event) = events.recv().await {
                if let Event::Request { reply, .. } = event {
                    let _ = reply.reply(b"ack".to_vec());
                }
            }
        });
        guests.push(guest);
    }
    let peers: Vec<_> = guests.iter().map(Client::peer_id).collect();
    // A guest's dial may finish before the host has taken its connection in:
    // the first fan-out would then find no connection to it.
    let mut unseen = peers.clone();
    tokio::time::timeout(DEADLINE, async {
        while !unseen.is_empty() {
            match host_events.recv().await {
                Some(Event::PeerConnected { peer }) => unseen.retain(|p| *p != peer),
                Some(_) => {}
                None => return Err("network stopped".to_owned()),
            }
        }
        Ok(())
    })
    .await
    .map_err(|_| "the host did not see every guest connect".to_owned())??;
    let fan = host.clone();
    tokio::spawn(async move {
        while let Some(event) = host_events.recv().await {
            if let Event::Request { reply, .. } = event {
                let fan = fan.clone();
                let peers = peers.clone();
                tokio::spawn(async move {
                    let acks = fan.fan_out(&peers, vec![0xe7; 300]).await;
                    let all = acks.iter().all(|(_, ack)| ack.is_ok());
                    let _ = reply.reply(vec![u8::from(all)]);
                });
            }
        }
    });
    let mut micros = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let guest = &guests[round % guests.len()];
        let started = Instant::now();
        let verdict = guest
            .request(host.peer_id(), Kind::Intent, vec![0x17; 100])
            .await
            .map_err(|e| format!("round {round}: {e}"))?;
        if verdict != [1] {
            return Err(format!("round {round}: a guest did not acknowledge"));
        }
        micros.push(started.elapsed().as_micros());
        // A turn's pace, well inside the intent rate limit.
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    micros.sort_unstable();
    let at = |q: f64| micros[((micros.len() - 1) as f64 * q) as usize] as f64 / 1000.0;
    say(json!({"event": "bench", "rounds": rounds, "guests": 3,
               "p50_ms": at(0.5), "p99_ms": at(0.99), "max_ms": at(1.0)}));
    Ok(())
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
        Some("bench") => bench(arg(&args, 1, "rounds").unwrap_or(200).max(1)).await,
        _ => Err(
            "usage: net_probe lan-host | lan-seek | code-host RELAY CODE | code-join RELAY CODE [KIB] | bench [ROUNDS]"
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
