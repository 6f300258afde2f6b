//! Meeting over the network in the window: hosting shows the room code and
//! the invite and opens the game once the seats fill; joining lists LAN
//! tables, takes a code, says why it failed and plays the seat given; a
//! network game is offered under Resume after the window closes. The test
//! stands in for the network, reporting what a driver would.

use super::*;

/// A table's signed genesis and first entries, as a network driver would
/// report them (the test stands in for the network).
fn networked_table(controls: [ludopia::table::Control; 4]) -> ludopia::table::Table {
    use ludopia::table::{CHAIN_LEN, Input, Participant, TableConfig, Timing};
    let config = TableConfig {
        rules: ludopia::rules::Preset::Classic.rules(),
        seats: controls,
        host: Participant::LOCAL,
        timing: Timing::INSTANT,
        chain_len: CHAIN_LEN,
    };
    let key = ludopia::fair::Identity::from_secret(&[9; 32]);
    // Each friend's seat commits and signs as its guest would.
    let mut guests: Vec<(Seat, Participant, ludopia::table::Guest)> = Seat::ALL
        .into_iter()
        .filter_map(|seat| match controls[seat.index()] {
            ludopia::table::Control::Person { owner } if owner != Participant::LOCAL => {
                let key = ludopia::fair::Identity::from_secret(&[30 + seat.index() as u8; 32]);
                let nonce = ludopia::table::game_nonce(&[9; 32]);
                Some((seat, owner, ludopia::table::Guest::new(seat, nonce, CHAIN_LEN, key, &[7; 32], None)))
            }
            _ => None,
        })
        .collect();
    let mut remote = [None; 4];
    for (seat, _, guest) in &guests {
        remote[seat.index()] = Some(guest.commitment());
    }
    let mut table = ludopia::table::Table::new(config, key, [9; 32], remote, 0).expect("a valid table");
    for (seat, from, guest) in &guests {
        let sig = guest.sign(table.genesis()).expect("the genesis holds the guest");
        table.handle(0, Input::GenesisSigned { from: *from, seat: *seat, sig }).expect("signed");
    }
    // The guests follow the log and send their dice links, as their drivers do.
    let genesis = table.genesis().clone();
    for (_, from, guest) in &mut guests {
        guest.seal(&genesis, Default::default()).expect("sealed");
        let _ = table.handle(0, Input::Connected(*from));
    }
    let mut delivered = 0;
    for now in 1..40 {
        let fresh: Vec<_> = table.entries()[delivered..].to_vec();
        delivered += fresh.len();
        for (_, _, guest) in &mut guests {
            for entry in &fresh {
                guest.apply(entry.clone(), now).expect("an honest entry");
            }
            for owed in guest.owed() {
                if let ludopia::table::ToHost::Reveal(reveal) = owed {
                    let _ = table.handle(now, Input::Reveal(reveal));
                }
            }
        }
        let _ = table.handle(now, Input::Tick);
    }
    assert!(!table.entries().is_empty(), "the table started");
    table
}

/// The driver reports `table` sealed, with a friend named "Cam" (and a
/// control character, to be cleaned) at the third seat, then every entry:
/// the game screen opens over the network.
fn sealed_and_played(app: &mut App, table: &ludopia::table::Table) {
    use ludopia::net::Line;
    use ludopia::ui::net::Report;
    let friend = ludopia::table::Member { name: "Cam\u{7}".into(), reach: Default::default() };
    let roster =
        ludopia::table::Roster { seats: [None, None, Some(friend), None], creator: Some(Seat::ALL[0]) };
    report(app, Report::Line(Line::Sealed { genesis: table.genesis().clone(), roster }));
    let Screen::Game(game) = &app.screen else { panic!("the game did not open") };
    assert!(game.driver().is_networked());
    for (i, (signed, record)) in table.entries().iter().zip(table.records()).enumerate() {
        report(app, Report::Line(Line::Entry { seq: i as u64 + 1, record, signed: signed.clone() }));
    }
}

#[test]
fn hosting_shows_the_code_and_invite_to_copy_fills_the_seats_and_opens_the_game() -> Result<(), Error> {
    use ludopia::net::{Line, PlayError};
    use ludopia::ui::net::Report;
    let mut app = named("Ana");
    click_text(&mut app, "Host a table")?;
    let Screen::Setup(setup) = &app.screen else { panic!("not on the setup screen") };
    assert!(setup.table.is_hosted(), "a friend's seat to begin with");
    let controls = setup.table.controls();
    click_text(&mut app, "Open the table")?;
    assert!(matches!(app.screen, Screen::Waiting(_)), "the waiting room opens");
    assert!(shows(&app, "Opening the table…"));
    report(&mut app, Report::Line(Line::Listening { code: "QWERTY".into(), ticket: "ludo1invite".into() }));
    assert!(shows(&app, "QWERTY") && shows(&app, "ludo1invite"));
    assert!(shows(&app, "Waiting for a friend…"));
    assert!(shows(&app, "Friends on this network type the code; anyone else needs the invite."));
    // A relay holds a slot: the invite comes again with the relay's address,
    // and the relay holds the code, so friends anywhere can type it.
    let (host, relay) = (libp2p::PeerId::random(), libp2p::PeerId::random());
    let circuit = format!("/ip4/192.0.2.9/tcp/4001/p2p/{relay}/p2p-circuit").parse().expect("address");
    let relayed = ludopia::net::Ticket::new(host, [circuit]).to_string();
    report(&mut app, Report::Line(Line::Listening { code: "QWERTY".into(), ticket: relayed }));
    assert!(shows(&app, "Friends anywhere type the code or open the invite."));
    let mut ui = sim(app.view());
    ui.click("Copy")?;
    let copies: Vec<Message> = ui.into_messages().collect();
    assert!(
        matches!(copies.as_slice(), [Message::Waiting(ludopia::ui::screen::waiting::Message::CopyCode)]),
        "{copies:?}"
    );
    // A friend takes the seat across, leaves, and comes again.
    let joined = Line::Joined {
        colour: ludopia::rules::Colour::Yellow,
        seat: ludopia::rules::Seat::ALL[2],
        peer: "friend".into(),
        name: "Cam".into(),
    };
    report(&mut app, Report::Line(joined.clone()));
    assert!(shows(&app, "A friend joined") && !shows(&app, "Waiting for a friend…"));
    report(
        &mut app,
        Report::Line(Line::Left {
            colour: ludopia::rules::Colour::Yellow,
            seat: ludopia::rules::Seat::ALL[2],
        }),
    );
    assert!(shows(&app, "Waiting for a friend…"));
    report(&mut app, Report::Line(joined));
    // Every seat signed: the game screen opens over the signed genesis, and
    // the driver's entries are verified there.
    let table = networked_table(controls);
    sealed_and_played(&mut app, &table);
    let Screen::Game(game) = &app.screen else { panic!("left the game") };
    assert_eq!(game.game(), &table.state().game, "the screen shows the verified entries");
    assert!(shows(&app, "REMOTE") && shows(&app, "THIS COMPUTER"));
    // The friend's seat carries the name it joined with (cleaned), not a colour.
    assert!(shows(&app, "Cam") && !shows(&app, "Friend (Yellow)"), "the friend's name travels with the seat");
    // The host steers its networked table, as a local one.
    assert!(shows(&app, "Pause") && shows(&app, "Close the table"), "the host's controls");
    // The next game with the same group (a rematch) opens a fresh board
    // over its own sealed genesis.
    let next = networked_table(controls);
    let roster = ludopia::table::Roster { seats: Default::default(), creator: Some(Seat::ALL[0]) };
    report(&mut app, Report::Line(Line::Sealed { genesis: next.genesis().clone(), roster }));
    let Screen::Game(game) = &app.screen else { panic!("the rematch did not open") };
    let fresh = ludopia::table::Replica::new(next.genesis()).expect("the genesis verifies");
    assert_eq!(game.game(), &fresh.state().game, "a fresh board for the next game");
    assert!(shows(&app, "Pause"), "the host still steers the next game");
    // The driver stops: the screen says why, in a sentence.
    report(&mut app, Report::Ended(Err(PlayError::NetworkStopped)));
    assert!(shows(&app, "The network game stopped: the network stopped."));
    Ok(())
}

#[test]
fn joining_lists_lan_tables_takes_a_code_says_why_it_failed_and_plays_the_seat_given() -> Result<(), Error> {
    use ludopia::net::TableInfo;
    use ludopia::net::{Line, PlayError};
    use ludopia::ui::net::Report;
    use ludopia::ui::screen::joining::Message as JoinMessage;
    let mut app = named("Bao");
    click_text(&mut app, "Join a table")?;
    assert!(shows(&app, "No open table on this network yet."));
    let peer = libp2p::PeerId::random();
    let info = TableInfo {
        host_name: "Ana".into(),
        preset: ludopia::rules::Preset::Race,
        rules: ludopia::rules::Preset::Race.rules(),
        free: vec![Seat::ALL[2]],
        players: vec![],
        listed: true,
        watching: 0,
    };
    report(&mut app, Report::TableFound(peer, info.clone(), None));
    assert!(shows(&app, "Ana · race") && shows(&app, "on this network"));
    assert!(shows(&app, "Join as Yellow"), "the free seat's colour to pick");
    // A host who chose no name is "A table"; a name a peer sends is shown
    // cut to 40 bytes, without the control characters it carried.
    let unnamed = libp2p::PeerId::random();
    report(&mut app, Report::TableFound(unnamed, TableInfo { host_name: " ".into(), ..info.clone() }, None));
    assert!(shows(&app, "A table · race"), "a host with no name");
    report(&mut app, Report::TableGone(unnamed));
    let loud = libp2p::PeerId::random();
    let long = format!("Zé\u{7}\n{}", "x".repeat(500));
    report(&mut app, Report::TableFound(loud, TableInfo { host_name: long, ..info.clone() }, None));
    assert!(shows(&app, &format!("Zé{} · race", "x".repeat(37))), "the name cleaned and cut");
    report(&mut app, Report::TableGone(loud));
    // A public table from a relay, joined by the ticket the relay lists.
    let far = libp2p::PeerId::random();
    let ticket = ludopia::net::Ticket::new(far, vec!["/ip4/192.0.2.7/tcp/4001".parse().expect("address")]);
    let far_info = TableInfo { host_name: "Rui".into(), ..info };
    report(&mut app, Report::TableFound(far, far_info.clone(), Some(ticket.clone())));
    assert!(shows(&app, "Rui · race") && shows(&app, "via a relay"));
    // A team table is listed as one, its free seat coloured by its rules.
    let teams = ludopia::rules::Rules {
        teams: ludopia::rules::Teams::Opposite,
        ..ludopia::rules::Preset::Classic.rules()
    };
    let team_table = libp2p::PeerId::random();
    let team_info = TableInfo {
        host_name: "Tui".into(),
        preset: ludopia::rules::Preset::Classic,
        rules: teams,
        ..far_info.clone()
    };
    report(&mut app, Report::TableFound(team_table, team_info, None));
    assert!(shows(&app, "Tui · classic · teams"), "the team table says so");
    report(&mut app, Report::TableGone(team_table));
    let mut listed = ludopia::ui::screen::joining::Joining::new(ludopia::net::Searched::default());
    listed.found(peer, far_info.clone(), None);
    listed.found(far, far_info, Some(ticket));
    match listed.update(JoinMessage::JoinListed(far, Seat::ALL[2])) {
        ludopia::ui::screen::joining::Action::Join(ludopia::net::Target::Ticket(t), Some(seat)) => {
            assert_eq!((t.peer, seat), (far, Seat::ALL[2]), "the colour picked goes with the join")
        }
        _ => panic!("a public table is joined by its ticket"),
    }
    report(&mut app, Report::TableGone(far));
    report(&mut app, Report::TableGone(peer));
    assert!(shows(&app, "No open table on this network yet."));
    let _ = app.update(Message::Joining(JoinMessage::Field("hello".into())));
    let _ = app.update(Message::Joining(JoinMessage::Join));
    let Screen::Joining(joining) = &app.screen else { panic!("left the join screen") };
    let status = joining.status.clone().unwrap_or_default();
    assert_eq!(status, "“hello” is not a room code: a room code is 6 letters, A to Z.");
    assert!(shows(&app, &status), "the reason shows");
    let _ = app.update(Message::Joining(JoinMessage::Field("qwerty".into())));
    let _ = app.update(Message::Joining(JoinMessage::Join));
    assert!(shows(&app, "Looking for table QWERTY on the local network or on the public network…"));
    report(&mut app, Report::Ended(Err(PlayError::HostRefused(ludopia::table::Denial::TableFull))));
    assert!(shows(&app, "Could not join: the host refused: the table is full."));
    // Again, and this time the host seats us at green.
    let _ = app.update(Message::Joining(JoinMessage::Join));
    report(
        &mut app,
        Report::Line(Line::Joined {
            colour: ludopia::rules::Colour::Green,
            seat: ludopia::rules::Seat::ALL[1],
            peer: "me".into(),
            name: "Bao".into(),
        }),
    );
    let mut controls = [ludopia::table::Control::Bot(Strategy::Easy); 4];
    controls[0] = ludopia::table::Control::Person { owner: ludopia::table::Participant::LOCAL };
    controls[1] = ludopia::table::Control::Person { owner: ludopia::table::Participant(2) };
    let table = networked_table(controls);
    sealed_and_played(&mut app, &table);
    assert!(shows(&app, "Bao"), "this computer's seat carries the player's name");
    assert!(!shows(&app, "Pause") && !shows(&app, "Close the table"), "only the host steers the table");
    assert!(shows(&app, "THIS COMPUTER"), "this computer plays the seat given");
    assert!(shows(&app, "REMOTE"), "the host's person plays from afar");
    // The host refuses an act of ours: the reason shows on the game screen.
    let why = ludopia::table::Denial::Paused;
    report(&mut app, Report::Line(Line::Refused { act: ludopia::table::Act::Roll, why }));
    assert!(shows(&app, "Not allowed: the table is paused."), "the refusal's reason shows");
    // The host's person reacts; muted here, their next reaction stays hidden.
    use ludopia::table::Reaction;
    let said = |reaction| {
        Report::Line(Line::Reaction {
            colour: ludopia::rules::Colour::Red,
            seat: ludopia::rules::Seat::ALL[0],
            reaction,
        })
    };
    report(&mut app, said(Reaction::GoodLuck));
    assert!(shows(&app, "Good luck!"), "the reaction shows at the sender's seat");
    click_text(&mut app, "Mute")?;
    assert!(
        shows(&app, "Unmute") && !shows(&app, "Good luck!"),
        "muted: the button says so, the bubble gone"
    );
    report(&mut app, said(Reaction::Oops));
    assert!(!shows(&app, "Oops!"), "a muted seat's reaction is not shown");
    click_text(&mut app, "Unmute")?;
    report(&mut app, said(Reaction::Oops));
    assert!(shows(&app, "Oops!") && !shows(&app, "Unmute"));
    Ok(())
}

#[test]
fn a_network_game_is_offered_under_resume_after_the_window_closes_and_resumes_at_its_seat()
-> Result<(), Error> {
    use ludopia::net::Line;
    use ludopia::table::{Control, Participant};
    use ludopia::ui::net::Report;
    let dir = tempfile::tempdir().expect("a profile folder");
    let home = ludopia::profile::Home::at(dir.path());
    let friend = Participant(2);
    let controls = [
        Control::Person { owner: Participant::LOCAL },
        Control::Person { owner: friend },
        Control::Bot(ludopia::bots::Strategy::Easy),
        Control::Empty,
    ];
    let table = networked_table(controls);
    // Nothing saved: nothing to resume.
    assert!(!shows(&app_at(&home), "Resume network game"));
    // The game this window's guest sat at, as the network driver saves it
    // while it plays; then the window closed.
    save_guest_game(&home, &table);
    let mut app = app_at(&home);
    assert!(shows(&app, "Resume network game"), "offered after the window opens again");
    click_text(&mut app, "Resume network game")?;
    assert!(shows(&app, "Going back to your table…"));
    // The driver restores the saved log: the game opens at this seat.
    let entries = table.entries().to_vec();
    report(
        &mut app,
        Report::Line(Line::Restored {
            genesis: table.genesis().clone(),
            roster: Default::default(),
            entries,
        }),
    );
    let Screen::Game(g) = &app.screen else { panic!("the game did not open") };
    assert!(g.driver().is_networked());
    assert_eq!(g.game(), &table.state().game, "the screen shows the saved, verified log");
    Ok(())
}

/// A table opened anew is not the network game saved to resume: that game
/// is let go (the host's driver would take a saved hosted game up again,
/// and put the player back at the old table, waiting for its friends).
#[test]
fn opening_a_new_table_lets_the_network_game_saved_to_resume_go() -> Result<(), Error> {
    use ludopia::table::{Control, Participant};
    let dir = tempfile::tempdir().expect("a profile folder");
    let home = ludopia::profile::Home::at(dir.path());
    let controls = [
        Control::Person { owner: Participant::LOCAL },
        Control::Person { owner: Participant(2) },
        Control::Bot(ludopia::bots::Strategy::Easy),
        Control::Empty,
    ];
    save_guest_game(&home, &networked_table(controls));
    let mut app = app_at(&home);
    assert!(shows(&app, "Resume network game"));
    click_text(&mut app, "Host a table")?;
    click_text(&mut app, "Open the table")?;
    assert!(matches!(app.screen, Screen::Waiting(_)), "the waiting room opens");
    assert!(home.net_game().expect("readable").is_none(), "the old game is let go");
    Ok(())
}

/// `table`'s game as the network driver saves it for this window's guest
/// at seat 1 while it plays: offered under "Resume network game".
fn save_guest_game(home: &ludopia::profile::Home, table: &ludopia::table::Table) {
    use ludopia::profile::network::{NetGame, Role};
    let game = NetGame {
        game_id: table.genesis().game_id(),
        role: Role::Guest { seat: Seat::ALL[1], secret: ludopia::fair::Digest([7; 32]), bot: None },
        host: ludopia::net::Ticket::new(libp2p::PeerId::random(), Vec::new()).to_string(),
        code: "QWERTY".into(),
        roster: Default::default(),
        name: "Bao".into(),
        started_at: 1,
    };
    home.save_net_game(&game).expect("saved");
    home.save_net_log(&table.proof()).expect("saved");
}
