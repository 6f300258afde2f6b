//! Two hosts lost in turn. In the first test the table's creator is killed
//! and started again, and follows the guest its guests elected; then that
//! host is killed too. The creator and the other guest must hear each other's
//! votes and elect the creator (first in the succession), and play the
//! game to its end together. They once could not: a guest sent its votes
//! to the other guests only, not to the creator, and counted the creator
//! out, so each waited for the killed host; and a creator whose seat a bot
//! plays (it hosted headless) could not take the table over. In the second,
//! the creator comes back while the host its guests elected is out of reach.

use super::*;
use std::process::Command;

/// The creator's command: a race table with one bot and two seats for guests.
const HOSTING: [&str; 8] = ["host", "--headless", "--preset", "race", "--bots", "1", "--listen", LOOPBACK];

/// Whether a line says this peer follows (or is) the host of term `epoch`.
fn is_term(epoch: u64) -> impl Fn(&Value) -> bool {
    move |l: &Value| event(l) == "host_changed" && l["epoch"] == epoch
}

/// The table after its first host was lost: the creator's profile, and the
/// two guests, the first of them elected.
struct Elected {
    home: tempfile::TempDir,
    first: Player,
    other: Player,
    /// The other guest's `joined` line.
    seated: Value,
    /// The first guest's `host_changed` line.
    elected: Value,
}

/// The creator hosts, two guests join, and the creator is killed: the
/// guests elect the first guest, first in the succession after it.
fn creator_killed() -> Elected {
    let home = profile();
    let mut creator = Player::start_at(home.path(), &HOSTING, Errors::Shown);
    let (_, listening) = creator.wait_for("listening", |l| event(l) == "listening");
    let ticket = listening["ticket"].as_str().expect("ticket").to_owned();
    let join = ["join", "--headless", &ticket, "--bot", "easy", "--listen", LOOPBACK];
    let mut first = Player::start(&join, Errors::Shown);
    std::thread::sleep(Duration::from_millis(500));
    // The other guest thinks 30 s before its first act: the game waits for
    // it while the hosts are lost, so it is not over before the second.
    let mut other = Player::start(&[&join[..], &["--think", "30"]].concat(), Errors::Shown);
    watchdog(&[&first.running, &other.running], GAME_LIMIT);
    let (_, seated) = other.wait_for("joined", |l| event(l) == "joined");
    other.wait_for("an entry", |l| event(l) == "entry");

    creator.running.kill().expect("kill -9 the creator");
    let _ = creator.running.wait();
    // Both guests' lines if they do not elect: each waits for the other.
    let Some((_, elected)) = first.try_wait_for(is_term(1)) else {
        let lines = |p: &mut Player| p.seen_so_far().iter().map(|(_, l)| l.to_string()).collect::<Vec<_>>();
        panic!(
            "no first election: the first guest saw {:?}; the other {:?}",
            lines(&mut first),
            lines(&mut other)
        );
    };
    other.wait_for("the first election", is_term(1));
    assert_ne!(elected["seat"], seated["seat"], "the first guest is first in the succession");
    Elected { home, first, other, seated, elected }
}

#[test]
fn the_creator_back_and_a_guest_elect_again_when_the_host_they_followed_is_killed() {
    let Elected { home, mut first, mut other, seated, elected } = creator_killed();
    let mut creator = Player::start_at(home.path(), &HOSTING, Errors::Shown);
    watchdog(&[&creator.running], GAME_LIMIT);
    creator.wait_for("rejoined", |l| event(l) == "rejoined");
    // It holds the elected host's log, the hand-over in it, before that
    // host goes too.
    creator.wait_for("the hand-over", |l| l["record"].get("handover").is_some());
    first.running.kill().expect("kill -9 the elected host");
    let _ = first.running.wait();
    let killed = Instant::now();
    let (at, again) = other.wait_for("a second election", is_term(2));
    eprintln!("elected again {:?} after the elected host was killed", at.duration_since(killed));
    assert!(
        again["seat"] != elected["seat"] && again["seat"] != seated["seat"],
        "the creator takes the table over: {again}"
    );

    let other_lines = other.finish("the other guest");
    let creator_lines = creator.finish("the creator");
    assert_eq!(places_of(&other_lines), places_of(&creator_lines), "one set of places");
    log_of("the other guest", &other_lines);
}

/// The creator is killed and the guests elect the first guest; that host
/// then freezes (out of reach, but no program stopped: a dial is not
/// refused), so the other guest cannot elect without the creator. The
/// creator, started again, learns of the elected host from the other
/// guest, follows it and loses it before any of its entries come. It must
/// count in the next election, and whoever leads must hold the frozen
/// host's moves: the other guest, or the creator (first in the succession)
/// once the other's votes brought it those moves. None of them is lost.
/// The creator once elected the term it had left (with itself as the host
/// lost), nobody counted its votes, and both waited for ever.
#[test]
fn the_creator_back_while_the_host_its_guests_elected_is_out_of_reach_elects_again_and_keeps_its_moves() {
    let Elected { home, mut first, mut other, seated, elected } = creator_killed();
    let frozen = first.running.id().to_string();
    let stop = Command::new("kill").args(["-STOP", &frozen]).status().expect("kill -STOP");
    assert!(stop.success(), "the elected host froze");
    other.wait_for("waiting", |l| event(l) == "waiting");

    let creator = Player::start_at(home.path(), &HOSTING, Errors::Shown);
    let started = Instant::now();
    watchdog(&[&creator.running], GAME_LIMIT);
    let (at, again) = other.wait_for("a second election", is_term(2));
    let since = at.duration_since(started);
    eprintln!("elected again {since:?} after the creator started again, seat {}", again["seat"]);
    assert_ne!(again["seat"], elected["seat"], "the frozen host is not elected: {again}");
    // Stopped for good: the end does not wait for it.
    first.running.kill().expect("kill -9 the frozen host");
    let _ = first.running.wait();

    let other_lines = other.finish("the other guest");
    let creator_lines = creator.finish("the creator");
    assert_eq!(places_of(&other_lines), places_of(&creator_lines), "one set of places");
    let dropped: Vec<_> = other_lines.iter().filter(|l| event(l) == "branch_dropped").collect();
    assert!(dropped.is_empty(), "the other guest lost moves: {dropped:?}");
    if again["seat"] != seated["seat"] {
        let held = creator_lines.iter().any(|l| is_term(1)(l));
        assert!(held, "the creator led without the frozen host's hand-over");
    }
    log_of("the other guest", &other_lines);
}
