//! A two-peer table whose host is killed: its one guest cannot hear a
//! majority without it, yet must not wait minutes to say the game is over.

use super::*;

#[test]
fn the_host_of_two_killed_mid_game_its_guest_finishes_and_reports_the_end_at_once() {
    let mut host = spawn(&["host", "--headless", "--preset", "classic", "--bots", "2", "--listen", LOOPBACK]);
    let mut host_out = BufReader::new(host.stdout.take().expect("host stdout"));
    let listening = read_until(&mut host_out, |_| true);
    let ticket = listening[0]["ticket"].as_str().expect("ticket").to_owned();
    let mut guest = spawn(&["join", "--headless", &ticket, "--bot", "easy", "--listen", LOOPBACK]);
    let lines = stamped(guest.stdout.take().expect("guest stdout"));
    watchdog(&[&guest], GAME_LIMIT);
    read_until(&mut host_out, |l| l["seq"].as_u64().is_some_and(|s| s >= 40));
    host.kill().expect("kill -9 the host");
    let _ = host.wait();
    assert!(guest.wait().expect("the guest exits").success(), "the guest failed");
    let lines = lines.join().expect("reader");
    let plain: Vec<Value> = lines.iter().map(|(_, l)| l.clone()).collect();
    let elections: Vec<&Value> = plain.iter().filter(|l| event(l) == "host_changed").collect();
    assert_eq!(elections.len(), 1, "the guest took the table over once: {elections:?}");
    log_of("guest", &plain);
    // The killed host's program is gone (its address refuses a dial), so it
    // holds no branch to come back with: the end needs no word from it.
    // Waiting for one, the guest said so only SETTLE_WITHIN (150 s) later.
    let last_entry = lines.iter().rev().find(|(_, l)| event(l) == "entry").map(|(t, _)| *t);
    let over = lines.iter().find(|(_, l)| event(l) == "over").map(|(t, _)| *t);
    let late = over.zip(last_entry).map(|(o, e)| o.duration_since(e)).expect("entries and the end");
    assert!(late < Duration::from_secs(45), "the end was reported {late:?} after the game's last entry");
}
