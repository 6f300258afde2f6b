//! Headless play as real processes on loopback: a host with two bots and a
//! joiner by ticket finish a game and report the same places; a joiner
//! whose code nobody hosts gives up with a reason.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_ludopia");
const LOOPBACK: &str = "/ip4/127.0.0.1/tcp/0";

fn lines(text: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(text)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

fn event(line: &Value) -> &str {
    line["event"].as_str().unwrap_or_else(|| panic!("no event field: {line}"))
}

#[test]
fn a_host_with_two_bots_and_a_joiner_by_ticket_finish_with_the_same_places() {
    let mut host = Command::new(BIN)
        .args(["host", "--headless", "--preset", "race", "--bots", "2", "--listen", LOOPBACK])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("host starts");
    let mut host_out = BufReader::new(host.stdout.take().expect("host stdout"));
    let mut first = String::new();
    host_out.read_line(&mut first).expect("host's first line");
    let listening: Value = serde_json::from_str(&first).expect("JSON");
    assert_eq!(event(&listening), "listening");
    assert_eq!(listening["code"].as_str().map(str::len), Some(6));
    let ticket = listening["ticket"].as_str().expect("ticket").to_owned();
    // The host's lines are read as they come, or a full pipe would stall it.
    let host_reader = std::thread::spawn(move || {
        let mut rest = Vec::new();
        std::io::Read::read_to_end(&mut host_out, &mut rest).map(|_| rest)
    });

    let joiner = Command::new(BIN)
        .args(["join", "--headless", &ticket, "--bot", "easy", "--listen", LOOPBACK])
        .output()
        .expect("joiner runs");
    assert!(joiner.status.success(), "joiner failed: {}", String::from_utf8_lossy(&joiner.stderr));
    let rest = host_reader.join().expect("reader").expect("host output");
    assert!(host.wait().expect("host exits").success());

    let host_lines = lines(&rest);
    let guest_lines = lines(&joiner.stdout);
    for (who, lines) in [("host", &host_lines), ("joiner", &guest_lines)] {
        assert_eq!(event(&lines[0]), "joined", "{who}");
        let last = lines.last().expect("lines");
        assert_eq!(event(last), "over", "{who}");
        // Every entry, in order, from 1.
        let seqs: Vec<u64> =
            lines.iter().filter(|l| event(l) == "entry").filter_map(|l| l["seq"].as_u64()).collect();
        assert!(seqs.len() > 10, "{who}: {} entries", seqs.len());
        assert!(seqs.iter().enumerate().all(|(i, &s)| s == i as u64 + 1), "{who}: entries out of order");
    }
    assert_eq!(host_lines[0]["colour"], guest_lines[0]["colour"], "the host saw the joiner's colour");
    let places = |lines: &[Value]| lines.last().map(|l| l["places"].clone());
    assert_eq!(places(&host_lines), places(&guest_lines));
    let mut ranks: Vec<u64> = places(&host_lines)
        .and_then(|p| p.as_object().map(|o| o.values().filter_map(Value::as_u64).collect()))
        .unwrap_or_default();
    ranks.sort_unstable();
    assert_eq!(ranks, vec![1, 2, 3, 4], "four players, four places");
}

#[test]
fn a_join_to_a_code_nobody_hosts_exits_1_with_a_reason() {
    let joiner = Command::new(BIN)
        .args(["join", "--headless", "QQQQQQ", "--listen", LOOPBACK])
        .output()
        .expect("joiner runs");
    assert_eq!(joiner.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&joiner.stderr);
    assert!(stderr.contains("no table with code QQQQQQ"), "{stderr}");
    assert!(joiner.stdout.is_empty());
}

/// A player's output lines as they come, each with when it came.
fn stamped(child: &mut std::process::Child) -> std::thread::JoinHandle<Vec<(std::time::Instant, Value)>> {
    let out = BufReader::new(child.stdout.take().expect("stdout"));
    std::thread::spawn(move || {
        out.lines()
            .map_while(Result::ok)
            .map(|l| (std::time::Instant::now(), serde_json::from_str(&l).unwrap_or(Value::Null)))
            .collect()
    })
}

fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(BIN)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("player starts")
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
    let readers: Vec<_> = guests.iter_mut().map(stamped).collect();
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
    let killed = std::time::Instant::now();
    let _ = host.wait();
    for guest in &mut guests {
        assert!(guest.wait().expect("guest exits").success(), "a guest failed after the host was killed");
    }
    let outputs: Vec<Vec<(std::time::Instant, Value)>> =
        readers.into_iter().map(|r| r.join().expect("reader")).collect();
    let mut logs = Vec::new();
    for lines in &outputs {
        let changed: Vec<&Value> =
            lines.iter().map(|(_, l)| l).filter(|l| event(l) == "host_changed").collect();
        assert_eq!(changed.len(), 1, "one election: {changed:?}");
        assert_eq!(changed[0]["epoch"], 1);
        let last = &lines.last().expect("lines").1;
        assert_eq!(event(last), "over");
        // The hand-over entry, and the game going on after it.
        let handover =
            lines.iter().position(|(_, l)| l["record"].get("handover").is_some()).unwrap_or_else(|| {
                let events: Vec<&Value> =
                    lines.iter().map(|(_, l)| l).filter(|l| event(l) != "entry").collect();
                panic!("no hand-over entry in {} lines: {events:?}", lines.len())
            });
        let resumed = lines.get(handover + 1).map(|(t, _)| t.duration_since(killed));
        eprintln!("host loss to the next entry under the new host: {resumed:?}");
        let entries: Vec<(u64, String)> = lines
            .iter()
            .filter(|(_, l)| event(l) == "entry")
            .map(|(_, l)| (l["seq"].as_u64().unwrap_or(0), l["record"].to_string()))
            .collect();
        assert!(entries.iter().enumerate().all(|(i, (s, _))| *s == i as u64 + 1), "entries out of order");
        logs.push((entries, last["places"].clone()));
    }
    assert_eq!(logs[0], logs[1], "both guests hold the same log and places");
    let ranks = logs[0].1.as_object().map(|o| o.len());
    assert_eq!(ranks, Some(4), "every seat finished: no seat lost");
}
