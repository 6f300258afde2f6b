//! Networked tables in the window as local ones (issue 26): a finished
//! network game goes into History and Statistics on this computer, seen
//! from its own seat, without touching a local game saved meanwhile.

use super::*;
use ludopia::rules::Preset;
use ludopia::table::{Act, CHAIN_LEN, Control, Input, Participant, TableConfig, Timing};

/// A table with these rules whose seat 0 is this computer's person and the
/// others bots; `seed` makes its key and entropy.
fn hosted(rules: ludopia::rules::Rules, seed: u8) -> ludopia::table::Table {
    let config = TableConfig {
        rules,
        seats: [
            Control::Person { owner: Participant::LOCAL },
            Control::Bot(Strategy::Normal),
            Control::Bot(Strategy::Easy),
            Control::Bot(Strategy::Normal),
        ],
        host: Participant::LOCAL,
        timing: Timing::INSTANT,
        chain_len: CHAIN_LEN,
    };
    let key = ludopia::fair::Identity::from_secret(&[seed; 32]);
    ludopia::table::Table::new(config, key, [seed; 32], [None; 4], 0).expect("a valid table")
}

/// A race table of [`hosted`] played to its end: its genesis and log, as
/// the driver reports them.
fn finished_table() -> ludopia::table::Table {
    let mut table = hosted(Preset::Race.rules(), 12);
    play_until(&mut table, usize::MAX);
    table
}

/// Plays `table` on until its game is over or its log holds `entries`.
fn play_until(table: &mut ludopia::table::Table, entries: usize) {
    let me = Seat::ALL[0];
    let mut now = table.entries().len() as u64 * 10;
    while !table.state().game.is_over() && table.entries().len() < entries {
        now += 10;
        let state = table.state();
        let act = match (state.game.to_act() == Some(me), state.game.phase()) {
            (true, Phase::Roll) => Some(Act::Roll),
            (true, Phase::Move { .. }) => {
                state.game.legal_moves().iter().next().map(|m| Act::Move { pawn: m.pawn })
            }
            _ => None,
        };
        let input = match act {
            Some(act) => Input::Intent { from: Participant::LOCAL, seat: me, act },
            None => Input::Tick,
        };
        table.handle(now, input).expect("a legal act");
        assert!(now < 10_000_000, "the game ends");
    }
}

/// Ana's screen at `seat` of `table`, networked (its driver hosting it
/// or not), and the deeds it sends its driver. The table's host sits at
/// seat 0: a guest's screen sits elsewhere, for the screen follows the
/// host the log names.
fn ana_at(
    table: &ludopia::table::Table,
    seat: Seat,
    hosting: bool,
    t: Instant,
) -> (GameScreen, tokio::sync::mpsc::UnboundedReceiver<ludopia::net::Deed>) {
    let (acts, deeds) = tokio::sync::mpsc::unbounded_channel();
    let g = GameScreen::networked(
        "Ana".into(),
        table.genesis().clone(),
        &Default::default(),
        seat,
        acts,
        hosting,
        t,
    )
    .expect("the genesis verifies");
    (g, deeds)
}

/// Ana's screen as a guest at seat 1 of `table`, every entry so far received.
fn ana_following(
    table: &ludopia::table::Table,
    t: Instant,
) -> (GameScreen, tokio::sync::mpsc::UnboundedReceiver<ludopia::net::Deed>) {
    let (mut g, deeds) = ana_at(table, Seat::ALL[1], false, t);
    for entry in table.entries() {
        g.receive(entry.clone(), t);
    }
    (g, deeds)
}

/// Bao's screen watching `table` from its snapshot now, and the deeds it
/// sends its driver.
fn bao_watching(
    table: &ludopia::table::Table,
    t: Instant,
) -> (GameScreen, tokio::sync::mpsc::UnboundedReceiver<ludopia::net::Deed>) {
    let from = ludopia::table::Watching {
        genesis: table.genesis().clone(),
        roster: Default::default(),
        snapshot: Some(table.snapshot()),
    };
    let (acts, deeds) = tokio::sync::mpsc::unbounded_channel();
    (GameScreen::watching("Bao".into(), from, acts, t).expect("the snapshot verifies"), deeds)
}

/// What a watcher's driver reports once the host's snapshot of `table`
/// (signed by `signer`'s key) verified, with `table`'s genesis.
fn watching(table: &ludopia::table::Table, signer: &ludopia::table::Table) -> ludopia::ui::net::Report {
    let from = ludopia::table::Watching {
        genesis: table.genesis().clone(),
        roster: Default::default(),
        snapshot: Some(signer.snapshot()),
    };
    let head = table.entries().len() as u64;
    ludopia::ui::net::Report::Line(ludopia::net::Line::Watching { head, from: Some(Box::new(from)) })
}

#[test]
fn a_game_under_way_is_watched_from_the_lobby_from_its_snapshot_to_its_end() -> Result<(), Error> {
    use ludopia::ui::screen::joining::Message as JoinMessage;
    let root = tempfile::tempdir().expect("a profile folder");
    let home = ludopia::profile::Home::at(root.path());
    let mut app = app_at(&home);
    click_text(&mut app, "Join a table")?;
    // A listed table whose seats are all taken: its game is under way.
    let peer = libp2p::PeerId::random();
    let info = ludopia::net::TableInfo {
        host_name: "Ana".into(),
        preset: Preset::Race,
        rules: Preset::Race.rules(),
        free: Vec::new(),
        players: vec!["Ana".into()],
        listed: true,
        watching: 2,
    };
    report(&mut app, ludopia::ui::net::Report::TableFound(peer, info, None));
    assert!(shows(&app, "Ana · race · game under way · 2 watching"));
    click_text(&mut app, "Watch")?;
    assert!(shows(&app, "Asking the table to let you watch…"));

    // The host's snapshot after 40 entries, then the rest of the game.
    let mut table = hosted(Preset::Race.rules(), 13);
    play_until(&mut table, 40);
    let at = table.entries().len();
    report(&mut app, watching(&table, &table));
    let Screen::Game(g) = &app.screen else { panic!("the board opens once the snapshot verifies") };
    assert_eq!(g.game(), &table.state().game, "the board shows the snapshot's game");
    assert!(shows(&app, "You are watching this table."));
    assert!(!shows(&app, "Roll"), "a watcher has nothing to act on");
    play_until(&mut table, usize::MAX);
    for signed in &table.entries()[at..] {
        let record = signed.body.decode().expect("an entry").content;
        let seq = signed.body.decode().expect("an entry").seq;
        report(
            &mut app,
            ludopia::ui::net::Report::Line(ludopia::net::Line::Entry { seq, record, signed: signed.clone() }),
        );
    }
    let Screen::Game(g) = &app.screen else { panic!("still watching") };
    assert!(g.game().is_over(), "the watcher followed the game to its end");
    assert_eq!(g.game(), &table.state().game, "the same end as the table's");
    let (games, _) = home.history().expect("the history reads");
    assert!(games.is_empty(), "a watcher's history holds no game it did not play: {games:?}");
    // Seated in the next game (a colour it reserved): a player's board.
    let green = Seat::ALL[1];
    report(
        &mut app,
        ludopia::ui::net::Report::Line(ludopia::net::Line::Joined {
            colour: ludopia::rules::Colour::Green,
            seat: green,
            peer: "me".into(),
            name: "Ana".into(),
        }),
    );
    let next = hosted(Preset::Race.rules(), 15);
    let roster = ludopia::table::Roster { seats: Default::default(), creator: Some(Seat::ALL[0]) };
    report(
        &mut app,
        ludopia::ui::net::Report::Line(ludopia::net::Line::Sealed {
            genesis: next.genesis().clone(),
            roster,
        }),
    );
    let Screen::Game(g) = &app.screen else { panic!("the next game opens") };
    assert_eq!(g.game(), &ludopia::table::Replica::new(next.genesis()).expect("verifies").state().game);
    assert!(!shows(&app, "You are watching this table."), "a seat at the next game");

    // A snapshot the genesis's host did not sign is refused, in words.
    let mut app = app_at(&home);
    click_text(&mut app, "Join a table")?;
    let _ = app.update(Message::Joining(JoinMessage::Field("qwerty".into())));
    let _ = app.update(Message::Joining(JoinMessage::Watch));
    let mut other = hosted(Preset::Race.rules(), 14);
    play_until(&mut other, 40);
    report(&mut app, watching(&table, &other));
    let Screen::Joining(j) = &app.screen else { panic!("no board from a forged snapshot") };
    let status = j.status.clone().unwrap_or_default();
    assert!(
        status.starts_with("Could not join") && status.contains("the host's snapshot does not verify"),
        "{status}"
    );
    Ok(())
}

#[test]
fn a_network_game_goes_into_the_history_and_the_statistics_from_this_seat() {
    let root = tempfile::tempdir().expect("a profile folder");
    let home = ludopia::profile::Home::at(root.path());
    // Before any game, Statistics says so rather than showing tables of zeros.
    let mut app = app_at(&home);
    click_text(&mut app, "Statistics").expect("the home's Statistics button");
    let none = "No games counted yet: each game you finish here, at one computer or across the network, counts, with every roll of its dice.";
    assert!(shows(&app, none) && !shows(&app, "The dice"));
    let table = finished_table();
    let t = Instant::now();
    let (mut g, _deeds) = ana_at(&table, Seat::ALL[0], true, t);
    assert!(g.start_keeping().is_none(), "the driver saves a network game's log, not the screen");
    let mut actions = Vec::new();
    for entry in table.entries() {
        actions.extend(g.receive(entry.clone(), t));
    }
    write_saves(&mut g, actions, Some(&home));
    let (games, notices) = home.history().expect("the history reads");
    assert!(notices.is_empty(), "{notices:?}");
    let [played] = games.as_slice() else { panic!("one game in the history: {games:?}") };
    let summary = &played.summary;
    assert_eq!(summary.game_id, table.genesis().game_id());
    assert_eq!(summary.me, Some(Seat::ALL[0]), "seen from this computer's seat");
    assert_eq!(summary.places, Seat::ALL.map(|s| table.state().game.place(s)), "the verified places");
    let rolls = table.records().iter().filter(|r| matches!(r, Record::Roll { .. })).count() as u32;
    assert_eq!(summary.faces.iter().sum::<u32>(), rolls, "every seat's rolls count in the statistics");
    let proof = ludopia::profile::history::read_proof(&played.proof).expect("the proof is kept");
    assert!(verify_proof(&proof).is_ok(), "the kept proof verifies offline");
    let mut app = app_at(&home);
    click_text(&mut app, "Statistics").expect("the home's Statistics button");
    assert!(shows(&app, "The dice") && !shows(&app, none), "the game counts");
}

#[test]
fn a_networked_turn_timer_counts_down_from_the_entry_that_began_the_turn() {
    let mut rules = Preset::Classic.rules();
    rules.turn_timer = Some(30);
    let me = Seat::ALL[0];
    let mut table = hosted(rules, 13);
    let mut now = 0;
    while table.state().game.to_act() != Some(me) {
        now += 10;
        table.handle(now, Input::Tick).expect("bots play");
    }
    let (acts, _acts_in) = tokio::sync::mpsc::unbounded_channel();
    let t = Instant::now();
    let mut g =
        GameScreen::networked("Ana".into(), table.genesis().clone(), &Default::default(), me, acts, true, t)
            .expect("the genesis verifies");
    for entry in table.entries() {
        g.receive(entry.clone(), t);
    }
    assert_eq!(g.countdown(), Some(30), "the turn begins with the entry that gives it");
    g.tick(t + Duration::from_secs(12));
    assert_eq!(g.countdown(), Some(18), "and runs down with the clock");
    // The roll is a new entry: the wait for the move starts afresh.
    let seen = table.entries().len();
    table
        .handle(now + 10, Input::Intent { from: Participant::LOCAL, seat: me, act: Act::Roll })
        .expect("roll");
    for entry in &table.entries()[seen..] {
        g.receive(entry.clone(), t + Duration::from_secs(13));
    }
    let waits = g.game().to_act() == Some(me);
    assert_eq!(g.countdown(), waits.then_some(30), "{:?}", g.game().phase());
}

#[test]
fn the_host_gives_a_seat_still_waiting_for_a_friend_to_a_bot() -> Result<(), Error> {
    use ludopia::net::Line;
    use ludopia::ui::net::Report;
    let mut app = named("Ana");
    click_text(&mut app, "Host a table")?;
    click_text(&mut app, "Open the table")?;
    let _ = app.update(Message::Net(Report::Line(Line::Listening {
        code: "QWERTY".into(),
        ticket: "ludo1invite".into(),
    })));
    assert!(shows(&app, "Waiting for a friend…") && shows(&app, "Play a bot instead"));
    click_text(&mut app, "Play a bot instead")?;
    assert!(
        !shows(&app, "Waiting for a friend…") && !shows(&app, "Play a bot instead"),
        "the seat went to a bot"
    );
    assert!(shows(&app, "Every seat is taken: the game begins."));
    Ok(())
}

#[test]
fn joining_by_code_says_where_it_looks_and_how_the_table_is_reached() -> Result<(), Error> {
    use ludopia::net::{Line, RouteKind};
    use ludopia::ui::net::Report;
    use ludopia::ui::screen::joining::Message as JoinMessage;
    let mut app = named("Bao");
    click_text(&mut app, "Join a table")?;
    let _ = app.update(Message::Joining(JoinMessage::Field("qwerty".into())));
    let _ = app.update(Message::Joining(JoinMessage::Join));
    assert!(shows(&app, "Looking for table QWERTY on the local network or on the public network…"));
    let route = |kind, via: &str| Report::Line(Line::Route { peer: "host".into(), kind, via: via.into() });
    let _ = app.update(Message::Net(route(RouteKind::Relayed, "/ip4/198.51.100.10/tcp/4001/p2p-circuit")));
    assert!(shows(
        &app,
        "Connected through the relay at 198.51.100.10; trying to punch a hole for a direct connection."
    ));
    let _ = app.update(Message::Net(route(RouteKind::Direct, "/ip4/203.0.113.2/tcp/5123")));
    assert!(shows(&app, "Connected directly to the table (203.0.113.2)."), "the hole punched");
    Ok(())
}

#[test]
fn a_watcher_reserves_a_bot_held_colour_for_the_next_game() -> Result<(), Error> {
    let mut table = hosted(Preset::Race.rules(), 16);
    play_until(&mut table, 30);
    let t = Instant::now();
    let (mut g, mut deeds) = bao_watching(&table, t);
    // Green, yellow and blue are bots' (seat 0 is a person's): each may be reserved.
    let mut ui = sim(g.view());
    for label in ["Reserve Green", "Reserve Yellow", "Reserve Blue"] {
        assert!(ui.find(label).is_ok(), "{label}");
    }
    drop(ui);
    assert!(sim(g.view()).find("Reserve Red").is_err(), "a person's colour is not free");
    click_game(&mut g, "Reserve Green", t)?;
    assert!(
        matches!(deeds.try_recv(), Ok(ludopia::net::Deed::Reserve(seat)) if seat == Seat::ALL[1]),
        "the reservation goes to the driver"
    );
    g.reserved(Seat::ALL[1], None);
    assert_eq!(g.last_event(), "Green is yours in the next game.");
    assert!(sim(g.view()).find("Green: yours next game").is_ok());
    g.reserved(Seat::ALL[2], Some("colour taken"));
    assert_eq!(g.last_event(), "Yellow is not held for you: colour taken.");
    Ok(())
}

#[test]
fn the_hosts_podium_starts_a_rematch_with_the_same_group_and_a_guests_does_not() -> Result<(), Error> {
    let table = finished_table();
    let t = Instant::now();
    let podium = |hosting: bool| {
        let seat = if hosting { Seat::ALL[0] } else { Seat::ALL[1] };
        let (mut g, acts_in) = ana_at(&table, seat, hosting, t);
        for entry in table.entries() {
            let _ = g.receive(entry.clone(), t);
        }
        assert!(g.game().is_over());
        (g, acts_in)
    };
    // The host's Rematch goes to its driver, which sets the next game up.
    let (mut g, mut deeds) = podium(true);
    click_game(&mut g, "Rematch", t)?;
    assert!(matches!(deeds.try_recv(), Ok(ludopia::net::Deed::Rematch)), "the driver is asked for a rematch");
    assert_eq!(g.last_event(), "Starting another game with the same group…");
    // A guest waits for the host's decision: its Rematch does nothing.
    let (mut g, mut deeds) = podium(false);
    let _ = click_game(&mut g, "Rematch", t);
    assert!(deeds.try_recv().is_err(), "a guest does not start the next game");
    Ok(())
}

/// The network driver dropped this seat's entries from one on (the table
/// went on along another host's log): the screen goes back to the entry
/// before them, takes the entries that follow there, and says so. Kept,
/// it refused each of them ("entry N replayed after entry M") and the
/// player's acts were refused as out of turn while the driver played on.
#[test]
fn a_dropped_branch_takes_the_screen_back_to_where_the_table_goes_on() {
    let mut table = hosted(Preset::Race.rules(), 14);
    play_until(&mut table, 40);
    let t = Instant::now();
    let (mut g, _deeds) = ana_following(&table, t);
    assert_eq!(g.game(), &table.state().game);
    // The event log as it stood at entry 30: the lines of the entries set
    // aside go with them.
    let (mut at_30, _deeds) = ana_at(&table, Seat::ALL[1], false, t);
    for entry in &table.entries()[..30] {
        at_30.receive(entry.clone(), t);
    }
    g.branch_dropped(31);
    assert!(g.last_event().contains("from entry 31 on are set aside"), "{}", g.last_event());
    // (The log holds 40 lines: the 41st pushed out the first.)
    let kept: Vec<&str> = g.events().collect();
    let said = &kept[..kept.len() - 1];
    assert!(said.len() >= 25 && at_30.events().collect::<Vec<_>>().ends_with(said), "{said:?}");
    for entry in &table.entries()[30..] {
        g.receive(entry.clone(), t);
    }
    assert_eq!(g.game(), &table.state().game, "the entries after the drop fit");
    assert!(!g.last_event().contains("refused"), "{}", g.last_event());
    assert_eq!(g.proof().entries.len(), 40);
}

#[test]
fn leaving_a_network_game_says_a_bot_plays_the_seat_until_it_is_resumed() -> Result<(), Error> {
    let mut table = hosted(Preset::Race.rules(), 15);
    play_until(&mut table, 20);
    let t = Instant::now();
    let (mut g, _deeds) = ana_following(&table, t);
    let _ = g.update(game::Message::Leave, t);
    assert!(sim(g.view()).find("Leave the table? The game goes on: a bot plays your seat until you resume it from the home screen.").is_ok());
    // A watcher has no seat: it is only asked.
    let (mut g, _deeds) = bao_watching(&table, t);
    let _ = g.update(game::Message::Leave, t);
    assert!(sim(g.view()).find("Leave the table?").is_ok());
    assert!(sim(g.view()).find("Yes, leave").is_ok());
    Ok(())
}

#[test]
fn the_event_log_says_how_the_host_is_reached_once_for_each_change() {
    use ludopia::net::RouteKind;
    let mut table = hosted(Preset::Race.rules(), 17);
    play_until(&mut table, 1);
    let t = Instant::now();
    let (mut g, _deeds) = ana_at(&table, Seat::ALL[1], false, t);
    g.routed(RouteKind::Relayed);
    assert_eq!(g.last_event(), "Your link to the host goes through a relay.");
    g.receive(table.entries()[0].clone(), t);
    let started = g.last_event().to_string();
    assert!(!started.contains("relay"), "{started}");
    g.routed(RouteKind::Relayed);
    assert_eq!(g.last_event(), started, "the same way again is not news");
    g.routed(RouteKind::Direct);
    assert_eq!(g.last_event(), "Your link to the host is direct.");
}

/// Hosts are elected and step down: the controls follow the host the
/// verified log names. Here the log's host is this computer's seat, which
/// started as a guest, as a guest elected does.
#[test]
fn the_hosts_controls_follow_the_host_the_log_names() {
    let mut table = hosted(Preset::Race.rules(), 18);
    play_until(&mut table, 10);
    let t = Instant::now();
    let (mut g, _deeds) = ana_at(&table, Seat::ALL[0], false, t);
    assert!(sim(g.view()).find("Pause").is_err(), "a guest has no Pause");
    for entry in table.entries() {
        g.receive(entry.clone(), t);
    }
    assert!(sim(g.view()).find("Pause").is_ok(), "the seat the log names host pauses");
    let (mut g, _deeds) = bao_watching(&table, t);
    play_until(&mut table, 12);
    for entry in &table.entries()[10..] {
        g.receive(entry.clone(), t);
    }
    assert_eq!(g.game(), &table.state().game);
    assert!(sim(g.view()).find("Pause").is_err(), "a watcher never hosts");
}
