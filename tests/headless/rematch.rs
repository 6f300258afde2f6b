//! Games in a row with a peer killed in the first. A killed guest's
//! program has stopped, so the host neither waits for it to take the end
//! nor lets the guest who stayed give up waiting for its next seat; its
//! seat goes to a bot when the next game's offer lapses (5 s). A killed
//! host's guests elect the next, which plays the remaining games.

use super::*;

/// A classic table of two games in a row with one bot and two joiners
/// (easy bots, slowed so that a kill lands mid-game): the host, its output
/// after `listening`, and the joiners.
fn two_games() -> (Running, BufReader<ChildStdout>, [Running; 2]) {
    let args =
        ["host", "--headless", "--preset", "classic", "--bots", "1", "--games", "2", "--listen", LOOPBACK];
    let mut host = spawn(&args);
    let mut out = BufReader::new(host.stdout.take().expect("host stdout"));
    let listening = read_until(&mut out, |_| true);
    let ticket = listening[0]["ticket"].as_str().expect("ticket");
    let join = ["join", "--headless", ticket, "--bot", "easy", "--think", "0.2", "--listen", LOOPBACK];
    (host, out, [spawn(&join), spawn(&join)])
}

#[test]
fn a_guest_killed_in_the_first_of_two_games_leaves_its_seat_to_a_bot_and_the_others_play_on() {
    let (mut host, host_out, [mut killed, mut stays]) = two_games();
    let host_lines = stamped(host_out.into_inner());
    let stays_lines = stamped(stays.stdout.take().expect("joiner stdout"));
    watchdog(&[&host, &stays], GAME_LIMIT);
    let mut killed_out = BufReader::new(killed.stdout.take().expect("joiner stdout"));
    read_until(&mut killed_out, |l| l["seq"].as_u64().is_some_and(|s| s >= 40));
    killed.kill().expect("kill -9 a joiner");
    let _ = killed.wait();
    assert!(stays.wait().expect("the joiner exits").success(), "the joiner who stayed failed");
    assert!(host.wait().expect("the host exits").success(), "the host failed");
    let host_lines = host_lines.join().expect("host reader");
    let stays_lines = stays_lines.join().expect("joiner reader");
    let overs = |lines: &[(Instant, Value)]| -> Vec<(Instant, Value)> {
        lines.iter().filter(|(_, l)| event(l) == "over").map(|(t, l)| (*t, l["places"].clone())).collect()
    };
    let (at_host, at_joiner) = (overs(&host_lines), overs(&stays_lines));
    let places = |o: &[(Instant, Value)]| o.iter().map(|(_, p)| p.clone()).collect::<Vec<_>>();
    assert_eq!(at_host.len(), 2, "two games at the host: {:?}", places(&at_host));
    assert_eq!(places(&at_joiner), places(&at_host), "both games alike at the joiner who stayed");
    assert_eq!(host_lines.last().map(|(_, l)| event(l)), Some("closed"), "the host closed the table");
    // The second game began once the killed guest's offer lapsed, not
    // after the host waited out its linger (150 s) for it.
    let first_over = at_host[0].0;
    let second_began = host_lines
        .iter()
        .find(|(t, l)| *t > first_over && event(l) == "entry" && l["seq"] == 1)
        .map(|(t, _)| t.duration_since(first_over));
    assert!(
        second_began.is_some_and(|d| d < Duration::from_secs(20)),
        "the second game began {second_began:?} after the first's end"
    );
    let left: Vec<&Value> = host_lines.iter().filter(|(_, l)| event(l) == "left").map(|(_, l)| l).collect();
    assert_eq!(left.len(), 1, "one seat left to a bot: {left:?}");
    eprintln!("the second game began {second_began:?} after the first's end");
}

#[test]
fn the_host_killed_in_the_first_of_two_games_the_guests_play_the_second_under_the_next() {
    let (mut host, mut host_out, mut guests) = two_games();
    let outs: Vec<_> = guests.iter_mut().map(|g| stamped(g.stdout.take().expect("joiner stdout"))).collect();
    watchdog(&guests.iter().map(|g| &**g).collect::<Vec<_>>(), GAME_LIMIT);
    read_until(&mut host_out, |l| l["seq"].as_u64().is_some_and(|s| s >= 40));
    host.kill().expect("kill -9 the host");
    let _ = host.wait();
    for guest in &mut guests {
        assert!(guest.wait().expect("a joiner exits").success(), "a joiner failed");
    }
    let outs: Vec<Vec<Value>> =
        outs.into_iter().map(|o| o.join().expect("reader").into_iter().map(|(_, l)| l).collect()).collect();
    let overs = |lines: &[Value]| -> Vec<Value> {
        lines.iter().filter(|l| event(l) == "over").map(|l| l["places"].clone()).collect()
    };
    assert_eq!(
        overs(&outs[0]).len(),
        2,
        "two games, the second under the elected host: {:?}",
        overs(&outs[0])
    );
    assert_eq!(overs(&outs[1]), overs(&outs[0]), "both games alike at both guests");
    // The elected host closes the table after the last game; the other
    // guest does not.
    let closed: Vec<bool> = outs.iter().map(|o| o.last().map(event) == Some("closed")).collect();
    assert_eq!(closed.iter().filter(|c| **c).count(), 1, "one peer closed the table: {closed:?}");
    let elected = outs.iter().position(|o| o.last().map(event) == Some("closed")).unwrap_or(0);
    let changed = outs[elected].iter().find(|l| event(l) == "host_changed").expect("a host_changed line");
    let seat = &changed["seat"];
    let joined = outs[elected].iter().find(|l| event(l) == "joined").expect("a joined line");
    assert_eq!(&joined["seat"], seat, "the closing peer is the one elected");
}
