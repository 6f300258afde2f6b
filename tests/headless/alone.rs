//! A guest left alone by programs that stopped: at a two-peer table its
//! host is killed, at a three-peer one the host and the other guest are.
//! It cannot hear a majority without them, yet must neither wait out the
//! two-peer wait to take the table over nor wait minutes to say the game is
//! over. A killed program's address refuses a dial: it has stopped, so it
//! holds no branch to come back with.

use super::*;

#[test]
fn the_host_of_two_killed_mid_game_its_guest_takes_over_at_once_and_reports_the_end() {
    let (lines, took_over) = left_alone(&["--preset", "classic", "--bots", "2"], 1);
    // Waiting for the host's word, the guest said the game was over only
    // SETTLE_WITHIN (150 s) after its end.
    let last_entry = lines.iter().rev().find(|(_, l)| event(l) == "entry").map(|(t, _)| *t);
    let over = lines.iter().find(|(_, l)| event(l) == "over").map(|(t, _)| *t);
    let late = over.zip(last_entry).map(|(o, e)| o.duration_since(e)).expect("entries and the end");
    assert!(late < Duration::from_secs(45), "the end was reported {late:?} after the game's last entry");
    eprintln!("took over {took_over:?} after the kill; the end reported {late:?} after the last entry");
}

/// A table of three peers whose host and other guest are killed together:
/// no majority of the three is left, but both programs have stopped (their
/// addresses refuse a dial), so neither holds a branch to come back with.
/// The last guest takes the table over and plays the game to its end
/// rather than wait for them until it is stopped.
#[test]
fn the_host_and_the_other_guest_killed_the_last_guest_takes_over_and_finishes() {
    let (_, took_over) = left_alone(&["--preset", "race", "--bots", "1"], 2);
    eprintln!("took over {took_over:?} after the kill");
}

/// A host (with `table`'s options) and `guests` easy bots joining it; at
/// entry 40 the host and every guest but the first are killed. The first
/// must take the table over once, within three beats and a dial rather than
/// after the two-peer wait, and end the game; its lines come back stamped,
/// with how long after the kills it took over.
fn left_alone(table: &[&str], guests: usize) -> (Vec<(Instant, Value)>, Duration) {
    let hosting = [&["host", "--headless"][..], table, &["--listen", LOOPBACK]].concat();
    let mut host = spawn(&hosting);
    let mut host_out = BufReader::new(host.stdout.take().expect("host stdout"));
    let listening = read_until(&mut host_out, |_| true);
    let ticket = listening[0]["ticket"].as_str().expect("ticket").to_owned();
    let join = ["join", "--headless", &ticket, "--bot", "easy", "--listen", LOOPBACK];
    let mut joined: Vec<_> = (0..guests).map(|_| spawn(&join)).collect();
    let mut readers: Vec<_> = joined.iter_mut().map(|g| stamped(g.stdout.take().expect("stdout"))).collect();
    let mut others = joined.split_off(1);
    let mut last = joined.pop().expect("a guest");
    watchdog(&[&last], GAME_LIMIT);
    read_until(&mut host_out, |l| l["seq"].as_u64().is_some_and(|s| s >= 40));
    for program in std::iter::once(&mut host).chain(&mut others) {
        program.kill().expect("kill -9");
    }
    let killed = Instant::now();
    for program in std::iter::once(&mut host).chain(&mut others) {
        let _ = program.wait();
    }
    assert!(last.wait().expect("the last guest exits").success(), "the last guest failed");
    let lines = readers.swap_remove(0).join().expect("reader");
    let plain: Vec<Value> = lines.iter().map(|(_, l)| l.clone()).collect();
    let elections: Vec<&Value> = plain.iter().filter(|l| event(l) == "host_changed").collect();
    assert_eq!(elections.len(), 1, "the last guest took the table over once: {elections:?}");
    log_of("the last guest", &plain);
    // Three beats to lose the host, not TWO_PEER_WAIT (15 s) more.
    let took_over = lines
        .iter()
        .find(|(_, l)| event(l) == "host_changed")
        .map(|(t, _)| t.duration_since(killed))
        .expect("a take-over");
    assert!(took_over < Duration::from_secs(10), "took over {took_over:?} after the kill");
    (lines, took_over)
}
