//! Headless play as real processes on loopback: full games of a host and
//! one or three joiners (by ticket, and by room code through a relay), a
//! joiner whose connection drops or freezes mid-game, the host killed
//! mid-game, a joiner and a host killed and started again with their
//! profiles, two hosts killed in turn, a joiner killed in the first of two games, a table under a
//! flood of idle peers and silent sockets, and a joiner whose code nobody
//! hosts; every player's log and places must match. Every process has a
//! profile folder of its own (`LUDOPIA_HOME`).

use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, ChildStdout, Output, Stdio};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use libp2p::{Multiaddr, multiaddr::Protocol};
use ludopia::net::{RoomCode, Ticket};
use serde_json::Value;

#[path = "headless/alone.rs"]
mod alone;
#[path = "headless/branches.rs"]
mod branches;
#[path = "headless/links.rs"]
mod links;
#[path = "headless/rematch.rs"]
mod rematch;
mod support;
#[path = "headless/twice.rs"]
mod twice;
use support::player::{
    Errors, GAME_LIMIT, LOOPBACK, Player, Running, command_at, drain, event, lines, profile, read_lines,
    spawn, spawn_at, watchdog,
};

/// A headless host, its first line read.
struct Hosting {
    child: Running,
    ticket: String,
    rest: JoinHandle<Vec<u8>>,
}

fn host(args: &[&str]) -> Hosting {
    let mut child = spawn(&[&["host", "--headless", "--listen", LOOPBACK], args].concat());
    let mut out = BufReader::new(child.stdout.take().expect("host stdout"));
    let mut first = String::new();
    out.read_line(&mut first).expect("host's first line");
    let listening: Value = serde_json::from_str(&first).expect("JSON");
    assert_eq!(event(&listening), "listening");
    assert_eq!(listening["code"].as_str().map(str::len), Some(6));
    let ticket = listening["ticket"].as_str().expect("ticket").to_owned();
    Hosting { child, ticket, rest: drain(out) }
}

impl Hosting {
    /// The host's lines after `listening`, once it exited 0.
    fn finish(mut self) -> Vec<Value> {
        let rest = self.rest.join().expect("host reader");
        assert!(self.child.wait().expect("host exits").success(), "the host failed");
        lines(&rest)
    }
}

/// Runs `n` joiners with `args` to the end, all at once, each with a
/// profile of its own.
fn joiners(n: usize, args: &[&str]) -> Vec<Output> {
    joiners_after(n, args, Duration::ZERO)
}

/// [`joiners`], the first starting `first_waits` before the others.
fn joiners_after(n: usize, args: &[&str], first_waits: Duration) -> Vec<Output> {
    let homes: Vec<tempfile::TempDir> = (0..n).map(|_| profile()).collect();
    let children: Vec<Child> = homes
        .iter()
        .enumerate()
        .map(|(k, home)| {
            if k == 1 {
                std::thread::sleep(first_waits);
            }
            command_at(
                home.path(),
                &[&["join", "--headless"], args, &["--bot", "easy", "--listen", LOOPBACK]].concat(),
            )
            .stderr(Stdio::piped())
            .spawn()
            .expect("joiner starts")
        })
        .collect();
    watchdog(&children.iter().collect::<Vec<_>>(), GAME_LIMIT);
    let waits: Vec<_> =
        children.into_iter().map(|c| std::thread::spawn(move || c.wait_with_output())).collect();
    waits.into_iter().map(|w| w.join().expect("joiner thread").expect("joiner output")).collect()
}

/// Every joiner's lines, once each exited 0; a failure shows the joiner's
/// error and the host's last lines, to tell which end stopped talking.
fn succeeded(joiners: &[Output], host_lines: &[Value]) -> Vec<Vec<Value>> {
    let host_tail = &host_lines[host_lines.len().saturating_sub(8)..];
    joiners
        .iter()
        .map(|j| {
            assert!(
                j.status.success(),
                "a joiner failed: {}\nthe host's last lines: {host_tail:?}",
                String::from_utf8_lossy(&j.stderr)
            );
            lines(&j.stdout)
        })
        .collect()
}

/// A finished player's log: every entry (number and record), in order
/// from 1, and the places.
fn log_of(who: &str, lines: &[Value]) -> (Vec<(u64, String)>, Value) {
    let last = lines.last().unwrap_or_else(|| panic!("{who}: no lines"));
    assert_eq!(event(last), "over", "{who}");
    let entries: Vec<(u64, String)> = lines
        .iter()
        .filter(|l| event(l) == "entry")
        .map(|l| (l["seq"].as_u64().unwrap_or(0), l["record"].to_string()))
        .collect();
    assert!(entries.len() > 10, "{who}: {} entries", entries.len());
    assert!(entries.iter().enumerate().all(|(i, (s, _))| *s == i as u64 + 1), "{who}: entries out of order");
    (entries, last["places"].clone())
}

/// Every player holds the same log and places, four of them.
fn one_game(players: &[(&str, &[Value])]) {
    let logs: Vec<_> = players.iter().map(|(who, lines)| log_of(who, lines)).collect();
    for ((who, _), log) in players.iter().zip(&logs) {
        assert!(*log == logs[0], "{who}'s log differs from {}'s", players[0].0);
    }
    let mut ranks: Vec<u64> =
        logs[0].1.as_object().map(|o| o.values().filter_map(Value::as_u64).collect()).unwrap_or_default();
    ranks.sort_unstable();
    // Every seat is placed and one player won (the first home ends a race
    // game, so the others may tie).
    assert_eq!(ranks.len(), 4, "four players placed: {ranks:?}");
    assert!(ranks[0] == 1 && ranks[1] > 1 && ranks[3] <= 4, "{ranks:?}");
}

#[test]
fn a_host_with_two_bots_and_a_joiner_by_ticket_finish_with_the_same_places() {
    let hosting = host(&["--preset", "race", "--bots", "2"]);
    let joined = joiners(1, &[&hosting.ticket]);
    let host_lines = hosting.finish();
    let guest_lines = succeeded(&joined, &host_lines);
    for (who, lines) in [("host", &host_lines), ("joiner", &guest_lines[0])] {
        assert_eq!(event(&lines[0]), "joined", "{who}");
    }
    assert_eq!(host_lines[0]["colour"], guest_lines[0][0]["colour"], "the host saw the joiner's colour");
    one_game(&[("host", &host_lines), ("joiner", &guest_lines[0])]);
}

/// A table of two colours chosen by `seats` in `--rules` (red and its
/// neighbour green, no bot): the joiner takes the one free seat, and only
/// those two colours are placed, alike at both ends.
#[test]
fn a_host_of_two_chosen_colours_and_one_joiner_play_only_those() {
    let hosting = host(&["--preset", "race", "--rules", r#"{"seats": ["red", "green"]}"#]);
    let joined = joiners(1, &[&hosting.ticket]);
    let host_lines = hosting.finish();
    let guest_lines = succeeded(&joined, &host_lines);
    assert_eq!(guest_lines[0][0]["colour"], "green", "the one free seat");
    let (host_log, places) = log_of("host", &host_lines);
    assert!(log_of("joiner", &guest_lines[0]) == (host_log, places.clone()), "the joiner's game differs");
    let mut placed: Vec<&str> =
        places.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
    placed.sort_unstable();
    assert_eq!(placed, ["green", "red"], "{places}");
}

/// `--proof FILE` at both ends: each writes the finished game's verified
/// log, and `ludopia verify` finds the same game over in both.
#[test]
fn both_ends_write_the_proof_that_verify_reads() {
    let dir = profile();
    let (at_host, at_guest) = (dir.path().join("host.json"), dir.path().join("guest.ludoproof"));
    let path = |p: &std::path::Path| p.to_str().expect("utf-8 path").to_owned();
    let hosting = host(&["--preset", "race", "--bots", "2", "--proof", &path(&at_host)]);
    let joined = joiners(1, &[&hosting.ticket, "--proof", &path(&at_guest)]);
    let host_lines = hosting.finish();
    succeeded(&joined, &host_lines);
    let verdicts: Vec<String> = [&at_host, &at_guest]
        .map(|file| {
            let out = std::process::Command::new(support::player::BIN)
                .args(["verify", &path(file)])
                .output()
                .expect("verify runs");
            let said = String::from_utf8_lossy(&out.stdout).into_owned();
            assert_eq!(out.status.code(), Some(0), "{}: {said}", file.display());
            said.lines()
                .find(|l| l.starts_with("over: "))
                .map(str::to_owned)
                .unwrap_or_else(|| panic!("not over: {said}"))
        })
        .into();
    assert_eq!(verdicts[0], verdicts[1], "the same game at both ends");
}

/// A quick team table across computers: the genesis carries the rules, so
/// the joiner plays them too, and both partners take the same place.
#[test]
fn a_quick_team_table_across_computers_places_both_partners_together() {
    let hosting = host(&["--preset", "quick", "--rules", r#"{"teams": "opposite"}"#, "--bots", "2"]);
    let joined = joiners(1, &[&hosting.ticket]);
    let host_lines = hosting.finish();
    let guest_lines = succeeded(&joined, &host_lines);
    let (host_log, places) = log_of("host", &host_lines);
    assert!(log_of("joiner", &guest_lines[0]) == (host_log, places.clone()), "the joiner's game differs");
    // Classic's colour order: red sits opposite yellow, green opposite blue.
    let place = |colour: &str| places[colour].as_u64();
    assert_eq!(place("red"), place("yellow"), "{places}");
    assert_eq!(place("green"), place("blue"), "{places}");
    let mut teams = [place("red"), place("green")];
    teams.sort_unstable();
    assert_eq!(teams, [Some(1), Some(2)], "{places}");
}

#[test]
fn a_host_and_three_joiners_play_a_full_four_peer_game() {
    let hosting = host(&["--preset", "race", "--bots", "0"]);
    watchdog(&[&hosting.child], GAME_LIMIT);
    // The first waits for the others longer than a guest may be silent in
    // a game (3 s): nobody beats before the game, and it keeps its seat.
    let joined = joiners_after(3, &[&hosting.ticket], Duration::from_secs(6));
    let host_lines = hosting.finish();
    let guests = succeeded(&joined, &host_lines);
    // Three guests, three seats, none of them the host's.
    let mut colours: Vec<&str> = guests.iter().filter_map(|g| g[0]["colour"].as_str()).collect();
    colours.sort_unstable();
    colours.dedup();
    assert_eq!(colours.len(), 3, "{colours:?}");
    assert_eq!(host_lines.iter().filter(|l| event(l) == "joined").count(), 3);
    assert!(!host_lines.iter().any(|l| event(l) == "left"), "a waiting guest was unseated");
    one_game(&[
        ("host", &host_lines),
        ("guest 1", &guests[0]),
        ("guest 2", &guests[1]),
        ("guest 3", &guests[2]),
    ]);
}

/// A table with every seat a bot waits for nobody: each game is played at
/// once (for watchers), the next too, and the host exits 0.
#[test]
fn a_host_whose_seats_are_all_bots_plays_at_once() {
    let started = Instant::now();
    let hosting = host(&["--bots", "3", "--games", "2"]);
    watchdog(&[&hosting.child], GAME_LIMIT);
    let lines = hosting.finish();
    let events: Vec<&str> = lines.iter().map(event).filter(|e| *e != "entry").collect();
    assert_eq!(events, ["over", "over", "closed"], "{} lines", lines.len());
    assert!(lines.iter().filter(|l| event(l) == "entry").count() > 20, "{} lines", lines.len());
    // Not after the 5 s a rematch waits for guests who do not come back
    // (two games of bots take about a second).
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
}

#[test]
fn a_joiner_finds_the_code_through_a_relay_and_the_game_finishes() {
    let mut relay = spawn(&["relay", "--listen", LOOPBACK]);
    let mut relay_out = BufReader::new(relay.stdout.take().expect("relay stdout"));
    let mut first = String::new();
    relay_out.read_line(&mut first).expect("relay's first line");
    let listening: Value = serde_json::from_str(&first).expect("JSON");
    assert_eq!(event(&listening), "listening");
    let addr = listening["addr"].as_str().expect("relay address").to_owned();
    let relay_lines = drain(relay_out);
    let code = RoomCode::random().to_string();
    let hosting = host(&["--preset", "race", "--bots", "2", "--relay", &addr, "--code", &code]);
    let joined = joiners(1, &[&code, "--relay", &addr]);
    let host_lines = hosting.finish();
    let guests = succeeded(&joined, &host_lines);
    // The relay's output ends once it is stopped.
    drop(relay);
    one_game(&[("host", &host_lines), ("joiner", &guests[0])]);
    // The host registered the code at the relay's rendezvous point, and the
    // joiner found it there.
    let relayed = lines(&relay_lines.join().expect("relay reader"));
    let namespace = format!("ludopia/{code}");
    assert!(
        relayed.iter().any(|l| event(l) == "code_registered" && l["namespace"] == namespace.as_str()),
        "{relayed:?}"
    );
    assert!(relayed.iter().any(|l| event(l) == "lookup" && l["found"] == 1), "{relayed:?}");
}

#[test]
fn a_join_to_a_code_nobody_hosts_exits_1_with_a_reason() {
    let home = profile();
    let joiner = command_at(home.path(), &["join", "--headless", "QQQQQQ", "--listen", LOOPBACK])
        .output()
        .expect("joiner runs");
    assert_eq!(joiner.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&joiner.stderr);
    assert!(stderr.contains("no table with code QQQQQQ"), "{stderr}");
    assert!(joiner.stdout.is_empty());
}

/// A player's output lines as they come, each with when it came.
fn stamped(out: ChildStdout) -> JoinHandle<Vec<(Instant, Value)>> {
    watched(out, None)
}

/// [`stamped`], and word on `tell` whenever a line of event `kind` comes.
fn watched(
    out: ChildStdout,
    tell: Option<(&'static str, std::sync::mpsc::Sender<()>)>,
) -> JoinHandle<Vec<(Instant, Value)>> {
    let lines = read_lines(out);
    std::thread::spawn(move || {
        let told = |(_, line): &(Instant, Value)| {
            if let Some((kind, tx)) = &tell
                && line["event"] == *kind
            {
                let _ = tx.send(());
            }
        };
        lines.iter().inspect(told).collect()
    })
}

#[test]
fn the_host_killed_mid_game_the_guests_elect_the_next_and_finish_the_same_game() {
    let mut host = spawn(&["host", "--headless", "--preset", "race", "--bots", "1", "--listen", LOOPBACK]);
    let mut host_out = BufReader::new(host.stdout.take().expect("host stdout"));
    let mut line = String::new();
    host_out.read_line(&mut line).expect("host's first line");
    let ticket =
        serde_json::from_str::<Value>(&line).expect("JSON")["ticket"].as_str().expect("ticket").to_owned();
    let join = ["join", "--headless", &ticket, "--bot", "easy", "--listen", LOOPBACK];
    let mut guests = [spawn(&join), spawn(&join)];
    let readers: Vec<_> = guests.iter_mut().map(|g| stamped(g.stdout.take().expect("stdout"))).collect();
    watchdog(&guests.iter().map(|g| &**g).collect::<Vec<_>>(), GAME_LIMIT);
    // Let the game run a while, then kill the host outright.
    loop {
        line.clear();
        assert!(host_out.read_line(&mut line).expect("host line") > 0, "the host stopped early");
        let seen: Value = serde_json::from_str(&line).expect("JSON");
        assert_ne!(event(&seen), "over", "the game ended before the host was killed");
        if seen["seq"].as_u64().is_some_and(|s| s >= 40) {
            break;
        }
    }
    host.kill().expect("kill the host");
    let killed = Instant::now();
    let _ = host.wait();
    for guest in &mut guests {
        assert!(guest.wait().expect("guest exits").success(), "a guest failed after the host was killed");
    }
    let outputs: Vec<Vec<(Instant, Value)>> =
        readers.into_iter().map(|r| r.join().expect("reader")).collect();
    for lines in &outputs {
        let changed: Vec<&Value> =
            lines.iter().map(|(_, l)| l).filter(|l| event(l) == "host_changed").collect();
        assert_eq!(changed.len(), 1, "one election: {changed:?}");
        assert_eq!(changed[0]["epoch"], 1);
        // The hand-over entry, and the game going on after it.
        let handover =
            lines.iter().position(|(_, l)| l["record"].get("handover").is_some()).unwrap_or_else(|| {
                let events: Vec<&Value> =
                    lines.iter().map(|(_, l)| l).filter(|l| event(l) != "entry").collect();
                panic!("no hand-over entry in {} lines: {events:?}", lines.len())
            });
        let resumed = lines.get(handover + 1).map(|(t, _)| t.duration_since(killed));
        eprintln!("host loss to the next entry under the new host: {resumed:?}");
    }
    let plain: Vec<Vec<Value>> = outputs.iter().map(|o| o.iter().map(|(_, l)| l.clone()).collect()).collect();
    one_game(&[("guest 1", &plain[0]), ("guest 2", &plain[1])]);
    // No seat lost: no guest's seat went to a stand-in bot.
    for lines in &plain {
        let seat = &lines[0]["seat"];
        assert!(
            !lines.iter().any(|l| l["record"]["control"]["seat"] == *seat
                && l["record"]["control"]["control"].get("standin").is_some()),
            "the seat {seat} was lost to a stand-in"
        );
    }
}

/// Reads a player's lines until `until` says stop; returns them.
fn read_until(out: &mut BufReader<ChildStdout>, mut until: impl FnMut(&Value) -> bool) -> Vec<Value> {
    let mut seen = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        assert!(out.read_line(&mut line).expect("a line") > 0, "the player stopped early: {seen:?}");
        let value: Value = serde_json::from_str(&line).expect("JSON");
        assert_ne!(event(&value), "over", "the game ended too soon");
        let stop = until(&value);
        seen.push(value);
        if stop {
            return seen;
        }
    }
}

/// The TCP socket of a ticket's address, if it is one.
fn socket_of(addr: &Multiaddr) -> Option<SocketAddr> {
    let mut parts = addr.iter();
    match (parts.next(), parts.next()) {
        (Some(Protocol::Ip4(ip)), Some(Protocol::Tcp(port))) => Some(SocketAddr::from((ip, port))),
        _ => None,
    }
}

fn places_of(lines: &[Value]) -> Value {
    let over =
        lines.iter().rev().find(|l| event(l) == "over").unwrap_or_else(|| panic!("no over line: {lines:?}"));
    over["places"].clone()
}

#[test]
fn a_joiner_killed_and_started_again_with_its_profile_takes_its_seat_back() {
    let hosting = host(&["--preset", "race", "--bots", "2"]);
    let home = profile();
    let join = ["join", "--headless", hosting.ticket.as_str(), "--bot", "easy", "--listen", LOOPBACK];
    let mut first = spawn_at(home.path(), &join);
    watchdog(&[&first, &hosting.child], GAME_LIMIT);
    let mut out = BufReader::new(first.stdout.take().expect("joiner stdout"));
    let before = read_until(&mut out, |l| l["seq"].as_u64().is_some_and(|s| s >= 30));
    let colour = before[0]["colour"].clone();
    first.kill().expect("kill -9 the joiner");
    let _ = first.wait();
    // Another process on the same profile is refused while the first runs;
    // now it is gone, the profile is free.
    let started = Instant::now();
    let mut again = spawn_at(home.path(), &join);
    watchdog(&[&again], GAME_LIMIT);
    let lines = stamped(again.stdout.take().expect("joiner stdout"));
    assert!(again.wait().expect("the joiner exits").success(), "the restarted joiner failed");
    let lines = lines.join().expect("reader");
    let host_lines = hosting.finish();
    let (at, rejoined) = lines.iter().find(|(_, l)| event(l) == "rejoined").expect("a rejoined line");
    eprintln!("restart to rejoined: {:?}", at.duration_since(started));
    assert_eq!(rejoined["colour"], colour, "the same seat");
    // Its saved log, which may lag a moment behind what it had verified.
    assert!(rejoined["head"].as_u64().is_some_and(|h| h >= 1), "{rejoined}");
    let plain: Vec<Value> = lines.into_iter().map(|(_, l)| l).collect();
    assert!(!plain.iter().any(|l| event(l) == "host_changed"), "the host was there all along");
    assert_eq!(places_of(&plain), places_of(&host_lines), "the same places at both ends");
}

#[test]
fn a_second_peer_on_a_profile_in_use_says_so_and_exits_2() {
    let home = profile();
    let hosting = spawn_at(
        home.path(),
        &["host", "--headless", "--preset", "race", "--bots", "1", "--listen", LOOPBACK],
    );
    let mut hosting = hosting;
    let mut out = BufReader::new(hosting.stdout.take().expect("host stdout"));
    let mut first = String::new();
    out.read_line(&mut first).expect("the host's first line");
    let second = command_at(home.path(), &["join", "--headless", "QWERTY", "--listen", LOOPBACK])
        .output()
        .expect("the second peer runs");
    assert_eq!(second.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(stderr.contains("in use by another running Ludopia"), "{stderr}");
}

#[test]
fn the_host_killed_and_started_again_rejoins_the_host_its_guests_elected() {
    let home = profile();
    // Classic: a game long enough to go on after the election.
    let args = ["host", "--headless", "--preset", "classic", "--bots", "0", "--listen", LOOPBACK];
    let mut host = spawn_at(home.path(), &args);
    let mut host_out = BufReader::new(host.stdout.take().expect("host stdout"));
    let listening = read_until(&mut host_out, |_| true);
    let ticket = listening[0]["ticket"].as_str().expect("ticket").to_owned();
    let join = ["join", "--headless", &ticket, "--bot", "easy", "--listen", LOOPBACK];
    let mut guests = [spawn(&join), spawn(&join), spawn(&join)];
    // Each guest's lines as they come, and word of the first election.
    let (elected_tx, elected) = std::sync::mpsc::channel();
    let readers: Vec<_> = guests
        .iter_mut()
        .map(|g| watched(g.stdout.take().expect("stdout"), Some(("host_changed", elected_tx.clone()))))
        .collect();
    watchdog(&guests.iter().map(|g| &**g).collect::<Vec<_>>(), GAME_LIMIT);
    read_until(&mut host_out, |l| l["seq"].as_u64().is_some_and(|s| s >= 40));
    host.kill().expect("kill -9 the host");
    let _ = host.wait();
    // Started again as soon as the guests have elected (three of four agree).
    elected.recv_timeout(Duration::from_secs(30)).expect("the guests elected a host");
    let mut again = spawn_at(home.path(), &args);
    watchdog(&[&again], GAME_LIMIT);
    let again_lines = stamped(again.stdout.take().expect("host stdout"));
    for guest in &mut guests {
        assert!(guest.wait().expect("guest exits").success(), "a guest failed");
    }
    assert!(again.wait().expect("the host exits").success(), "the restarted host failed");
    let again_lines: Vec<Value> = again_lines.join().expect("reader").into_iter().map(|(_, l)| l).collect();
    assert!(again_lines.iter().any(|l| event(l) == "rejoined"), "{again_lines:?}");
    assert!(!again_lines.iter().any(|l| event(l) == "resumed"), "someone had taken over: {again_lines:?}");
    let outputs: Vec<Vec<Value>> = readers
        .into_iter()
        .map(|r| r.join().expect("reader").into_iter().map(|(_, l)| l).collect())
        .collect();
    let epochs: Vec<u64> = outputs
        .iter()
        .flat_map(|lines| {
            lines.iter().filter(|l| event(l) == "host_changed").map(|l| l["epoch"].as_u64().unwrap_or(0))
        })
        .collect();
    assert_eq!(epochs, vec![1, 1, 1], "one election, seen once by every guest");
    for lines in &outputs {
        assert_eq!(places_of(lines), places_of(&again_lines), "one set of places");
    }
}

#[test]
fn idle_peers_silent_sockets_and_a_join_that_never_commits_lock_nobody_out() {
    use ludopia::net::wire::Request;
    use ludopia::net::{NodeConfig, spawn as node};
    use ludopia::table::ToHost;
    let hosting = host(&["--preset", "race", "--bots", "2"]);
    let ticket: Ticket = hosting.ticket.parse().expect("the host's ticket");
    let target = ticket.addrs.iter().find_map(socket_of).expect("a TCP address in the ticket");
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // 40 silent raw sockets, opened again every 10 s.
    let silent = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let sockets: Vec<TcpStream> =
                    (0..40).filter_map(|_| TcpStream::connect(target).ok()).collect();
                std::thread::sleep(Duration::from_secs(10));
                drop(sockets);
            }
        })
    };
    // 60 peers that connect and do nothing for the table (again when closed),
    // and one that asks for a seat and never commits.
    let idle = runtime.block_on(async {
        let mut clients = Vec::new();
        for i in 0..61u8 {
            let mut config =
                NodeConfig::new(libp2p::identity::Keypair::ed25519_from_bytes([i + 100; 32]).expect("key"));
            config.listen = vec![LOOPBACK.parse().expect("address")];
            config.mdns = false;
            let (client, mut events) = node(config).expect("a peer");
            tokio::spawn(async move { while events.recv().await.is_some() {} });
            clients.push(client);
        }
        let squatter = clients.pop().expect("a squatter");
        let join = Request::Host(ToHost::Join { name: "squatter".into(), colour: None });
        squatter.connect(ticket.clone()).await.expect("the squatter connects");
        let offered = squatter.send(ticket.peer, join).await.expect("an answer");
        assert!(matches!(offered, ludopia::table::Answer::Welcome { .. }), "{offered:?}");
        for client in &clients {
            let (client, ticket) = (client.clone(), ticket.clone());
            tokio::spawn(async move {
                loop {
                    let _ = client.connect(ticket.clone()).await;
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            });
        }
        tokio::time::sleep(Duration::from_secs(3)).await;
        (clients, squatter)
    });
    // The real friend still gets the seat the squatter was offered.
    let joined = joiners(1, &[&hosting.ticket]);
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let host_lines = hosting.finish();
    let guests = succeeded(&joined, &host_lines);
    one_game(&[("host", &host_lines), ("joiner", &guests[0])]);
    drop(idle);
    let _ = silent.join();
}

#[test]
fn a_watcher_arriving_mid_game_verifies_from_the_snapshot_and_sees_the_same_end() {
    let hosting = host(&["--preset", "race", "--bots", "2"]);
    // The joiner thinks before its first act: the game waits for it while
    // the watcher arrives.
    let join = ["join", "--headless", hosting.ticket.as_str(), "--bot", "easy", "--listen", LOOPBACK];
    let mut joiner = spawn(&[&join[..], &["--think", "4"]].concat());
    let mut out = BufReader::new(joiner.stdout.take().expect("joiner stdout"));
    read_until(&mut out, |l| event(l) == "entry");
    let joiner_rest = drain(out);
    let started = Instant::now();
    let mut watcher =
        spawn(&["join", "--headless", hosting.ticket.as_str(), "--watch", "--listen", LOOPBACK]);
    watchdog(&[&watcher, &joiner, &hosting.child], GAME_LIMIT);
    let watched = stamped(watcher.stdout.take().expect("watcher stdout"));
    assert!(watcher.wait().expect("the watcher exits").success(), "the watcher failed");
    assert!(joiner.wait().expect("the joiner exits").success(), "the joiner failed");
    let joiner_lines = lines(&joiner_rest.join().expect("joiner reader"));
    let host_lines = hosting.finish();
    let watched = watched.join().expect("watcher reader");
    let (at, watching) = watched.iter().find(|(_, l)| event(l) == "watching").expect("a watching line");
    eprintln!("watcher start to watching: {:?}", at.duration_since(started));
    let head = watching["head"].as_u64().expect("the snapshot's head");
    assert!(head >= 1, "the watcher came mid-game: {watching}");
    // Every entry after the snapshot, verified, and the same as the host's.
    let entries = |lines: &mut dyn Iterator<Item = &Value>| -> Vec<(u64, String)> {
        lines
            .filter(|l| event(l) == "entry")
            .map(|l| (l["seq"].as_u64().unwrap_or(0), l["record"].to_string()))
            .filter(|(seq, _)| *seq > head)
            .collect()
    };
    let seen = entries(&mut watched.iter().map(|(_, l)| l));
    assert_eq!(seen.first().map(|e| e.0), Some(head + 1), "the watcher starts right after its snapshot");
    assert_eq!(seen, entries(&mut host_lines.iter()), "the watcher saw the host's log");
    let plain: Vec<Value> = watched.into_iter().map(|(_, l)| l).collect();
    assert_eq!(places_of(&plain), places_of(&host_lines), "the same places as the host");
    assert_eq!(places_of(&joiner_lines), places_of(&host_lines), "the same places as the joiner");
    assert!(!plain.iter().any(|l| event(l) == "joined"), "a watcher takes no seat");
}

#[test]
fn three_games_in_a_row_with_the_same_group_end_alike_at_both_ends() {
    let hosting = host(&["--preset", "race", "--bots", "2", "--games", "3"]);
    let joined = joiners(1, &[&hosting.ticket]);
    let host_lines = hosting.finish();
    let joined = succeeded(&joined, &host_lines);
    assert_eq!(host_lines.last().map(event), Some("closed"), "the host closes the table after the last game");
    let overs = |lines: &[Value]| -> Vec<Value> {
        lines.iter().filter(|l| event(l) == "over").map(|l| l["places"].clone()).collect()
    };
    assert_eq!(overs(&host_lines).len(), 3, "three games at the host");
    assert_eq!(overs(&joined[0]), overs(&host_lines), "each game's places alike at both ends");
    // Each game is a log of its own, verified from its first entry.
    let firsts = joined[0].iter().filter(|l| event(l) == "entry" && l["seq"] == 1).count();
    assert_eq!(firsts, 3, "three logs at the joiner");
    assert_eq!(joined[0].iter().filter(|l| event(l) == "joined").count(), 1, "one seat, kept");
}

#[test]
fn a_colour_reserved_while_watching_seats_the_watcher_in_the_next_game() {
    // Seats 0-2 are the host's bots (green is seat 1 in every preset),
    // seat 3 waits for the joiner; two games with the same group.
    let hosting = host(&["--preset", "race", "--bots", "2", "--games", "2"]);
    let join = ["join", "--headless", hosting.ticket.as_str(), "--bot", "easy", "--listen", LOOPBACK];
    let mut joiner = spawn(&[&join[..], &["--think", "3"]].concat());
    let mut out = BufReader::new(joiner.stdout.take().expect("joiner stdout"));
    read_until(&mut out, |l| event(l) == "entry");
    let joiner_rest = drain(out);
    let watch = ["join", "--headless", hosting.ticket.as_str(), "--watch", "--reserve", "green"];
    let mut watcher = spawn(&[&watch[..], &["--listen", LOOPBACK]].concat());
    watchdog(&[&watcher, &joiner, &hosting.child], GAME_LIMIT);
    let watched = drain(watcher.stdout.take().expect("watcher stdout"));
    assert!(watcher.wait().expect("the watcher exits").success(), "the watcher failed");
    assert!(joiner.wait().expect("the joiner exits").success(), "the joiner failed");
    let joiner_lines = lines(&joiner_rest.join().expect("joiner reader"));
    let host_lines = hosting.finish();
    let watched = lines(&watched.join().expect("watcher reader"));
    let events: Vec<&str> = watched.iter().map(event).filter(|e| *e != "entry" && *e != "route").collect();
    assert_eq!(
        events,
        ["watching", "reserved", "over", "joined", "over"],
        "watched the first game, then played the second"
    );
    let joined = watched.iter().find(|l| event(l) == "joined").expect("a joined line");
    assert_eq!(joined["colour"], "green", "the reserved colour: {joined}");
    // The host says so too, after the joiner's own seat.
    let seated: Vec<&Value> =
        host_lines.iter().filter(|l| event(l) == "joined").map(|l| &l["colour"]).collect();
    assert!(seated.len() == 2 && seated[0] != "green" && seated[1] == "green", "{seated:?}");
    let overs = |lines: &[Value]| -> Vec<Value> {
        lines.iter().filter(|l| event(l) == "over").map(|l| l["places"].clone()).collect()
    };
    assert_eq!(overs(&host_lines).len(), 2, "two games at the host");
    assert_eq!(overs(&watched), overs(&host_lines), "each game's places alike at the watcher");
    assert_eq!(overs(&joiner_lines), overs(&host_lines), "and at the joiner");
    // The second game's start seats a person at green, where a bot sat.
    let starts: Vec<&Value> =
        host_lines.iter().filter(|l| event(l) == "entry" && l["record"].get("start").is_some()).collect();
    assert_eq!(starts.len(), 2, "two games began");
    let green = |start: &Value| start["record"]["start"]["seats"][1].clone();
    assert!(green(starts[0]).get("bot").is_some(), "a bot held green: {}", starts[0]);
    assert!(green(starts[1]).get("person").is_some(), "the watcher holds green: {}", starts[1]);
}
