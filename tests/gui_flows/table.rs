//! The table as players sit at it (issue 23): the board's size, turn cues,
//! the die, seat cards that hold still, the helpers, and the bugs found by
//! trying it as a new player would.

use super::*;

/// The grid's side in a window of `size`, as the game screen lays it out.
fn grid_share(size: Size) -> Result<f32, Error> {
    let t = Instant::now();
    let g = you_and_bots(3, t);
    let mut ui = sim_at(size, g.view());
    let bounds = ui.find(id("board"))?.visible_bounds().expect("the board is on screen");
    assert!(bounds.y >= 0.0 && bounds.y + bounds.height <= size.height + 0.5, "{bounds:?}");
    Ok(Layout::new(bounds.size()).side() / size.height)
}

#[test]
fn the_grid_covers_at_least_four_fifths_of_the_windows_height() -> Result<(), Error> {
    for size in [WINDOW, SMALL] {
        let share = grid_share(size)?;
        assert!(share >= 0.8, "at {size:?} the grid covers {share} of the height");
    }
    Ok(())
}

/// Two persons at this computer, no bots: nothing moves unless they act.
fn hot_seat(t: Instant) -> GameScreen {
    let mut table = TablePlan::against_bots("Ana".into());
    table.sitters = [Sitter::Person, Sitter::Empty, Sitter::Person, Sitter::Empty];
    GameScreen::new(table, [21; 32], t).expect("a valid table")
}

#[test]
fn a_paused_table_offers_no_roll() -> Result<(), Error> {
    let t = Instant::now();
    let mut g = hot_seat(t);
    assert!(sim(g.view()).find("Roll").is_ok(), "a person starts by rolling");
    click_game(&mut g, "Pause", t)?;
    assert!(sim(g.view()).find("Roll").is_err(), "no Roll while paused");
    let before = g.last_event().to_string();
    assert!(g.update(game::Message::Roll, t).is_empty());
    assert_eq!(g.last_event(), before, "no 'Not allowed' either");
    Ok(())
}

#[test]
fn the_player_to_act_here_reads_your_turn() -> Result<(), Error> {
    let t = Instant::now();
    let g = hot_seat(t);
    let seat = g.game().to_act().expect("someone starts");
    let mut ui = sim(g.view());
    let who = if seat == Seat::ALL[0] { "Ana" } else { "Player 2" };
    assert!(ui.find(format!("Your turn, {who}: Roll the die").as_str()).is_ok(), "hot-seat names the player");
    Ok(())
}

#[test]
fn the_die_is_blank_before_the_first_roll_and_shows_the_last_face_after_a_resume() {
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    let mut t = Instant::now();
    let table =
        TablePlan { sitters: [Sitter::Bot(Strategy::Normal); 4], ..TablePlan::against_bots("You".into()) };
    let mut g = GameScreen::new(table, [8; 32], t).expect("a valid table");
    assert_eq!(g.die_face(), None, "nothing rolled yet");
    let first = g.start_keeping().into_iter().collect();
    write_saves(&mut g, first, Some(&home));
    for _ in 0..30 {
        t += Duration::from_secs(3);
        g.tick(t);
        let actions = g.update(game::Message::Tick, t);
        write_saves(&mut g, actions, Some(&home));
    }
    let last = g.die_face().expect("the bots rolled");
    drop(g);
    let saved = home.saved_game().expect("readable").expect("saved");
    let resumed = GameScreen::resume(saved, t).expect("resumes");
    assert_eq!(resumed.die_face(), Some(last), "the last roll shows again");
}

/// The die shows a roll where it was rolled while it tumbles in, then
/// goes blank to the seat whose turn it is: the previous player's face
/// there read as this player's roll.
#[test]
fn the_die_shows_each_roll_at_its_roller_and_waits_blank_for_the_next() {
    let mut t = Instant::now();
    let mut g = you_and_bots(3, t);
    until_you_roll(&mut g, &mut t);
    t += Duration::from_secs(1);
    g.tick(t);
    let you = Seat::ALL[0];
    assert_eq!(g.die_shown(), (you, None), "your roll is still to come");
    let _ = g.update(game::Message::Roll, t);
    let face = g.die_face().expect("you rolled");
    assert_eq!(g.die_shown(), (you, Some(face)));
    // Play on until a roll passes the turn: it stays with its roller
    // while it lands, then the next seat holds the die blank.
    for _ in 0..400 {
        let roller = g.game().roller();
        let seq = g.proof().entries.len();
        t += Duration::from_millis(700);
        g.tick(t);
        let _ = g.update(game::Message::Tick, t);
        if matches!(g.game().phase(), Phase::Move { .. }) && g.game().to_act() == Some(you) {
            let pawn = g.game().legal_moves()[0].pawn;
            let _ = g.update(game::Message::Choose(pawn), t);
        }
        if g.game().phase() == Phase::Roll && g.game().to_act() == Some(you) {
            let _ = g.update(game::Message::Roll, t);
        }
        let rolled_and_passed = g.proof().entries.len() > seq
            && g.game().to_act() != Some(roller)
            && g.game().phase() == Phase::Roll
            && g.die_shown().0 == roller;
        if rolled_and_passed {
            assert_eq!(g.die_shown().1, g.die_face(), "the roll that passed shows where it was rolled");
            t += Duration::from_secs(1);
            g.tick(t);
            let next = g.game().to_act().expect("someone rolls next");
            assert_eq!(g.die_shown(), (next, None), "then the die waits blank for the next roll");
            return;
        }
    }
    panic!("no roll passed the turn");
}

#[test]
fn at_960x660_with_a_saved_game_every_home_button_is_on_screen() -> Result<(), Error> {
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    // A game saved in the profile: home offers to resume it.
    let (app, _) = App::new(Prefs::default(), Opening::BotsTable, Instant::now())
        .with_home(Some(home.clone()), Vec::new());
    for save in app.keeper.pending() {
        save.write(Some(&home)).expect("written");
    }
    let (app, _) =
        App::new(Prefs::default(), Opening::Home, Instant::now()).with_home(Some(home), Vec::new());
    let mut ui = sim_at(SMALL, app.view());
    for label in ["Resume game", "Statistics", "Settings"] {
        let b = ui.find(label)?.visible_bounds().expect("visible");
        assert!(b.y + b.height <= SMALL.height, "{label} is cut off: {b:?}");
    }
    Ok(())
}

/// The height of each seat card on the screen.
fn seat_heights(g: &GameScreen, size: Size) -> Result<Vec<f32>, Error> {
    let mut ui = sim_at(size, g.view());
    let mut heights = Vec::new();
    for seat in ["seat-0", "seat-1", "seat-2", "seat-3"] {
        heights.push(ui.find(id(seat))?.bounds().height);
    }
    Ok(heights)
}

#[test]
fn seat_cards_keep_their_size_as_the_game_goes_and_ends() -> Result<(), Error> {
    let mut t = Instant::now();
    let start = {
        let g = you_and_bots(4, t);
        (seat_heights(&g, WINDOW)?, seat_heights(&g, SMALL)?)
    };
    let mut g = bots_game_over(4, &mut t);
    t += Duration::from_secs(5);
    g.tick(t);
    assert!(g.game().players().iter().all(|s| g.game().place(s).is_some()));
    assert_eq!(seat_heights(&g, WINDOW)?, start.0, "places do not grow the cards");
    assert_eq!(seat_heights(&g, SMALL)?, start.1);
    // And while a person chooses (the panel grows a hint) the cards hold.
    let mut g = you_and_bots(7, t);
    until_you_move(&mut g, &mut t);
    assert_eq!(seat_heights(&g, WINDOW)?, start.0, "the panel's height moves no card");
    Ok(())
}

#[test]
fn with_the_helpers_on_enter_moves_the_first_pawn_and_a_lone_move_plays_itself() {
    let mut t = Instant::now();
    let mut g = you_and_bots(7, t);
    g.helpers = game::Helpers { enter_moves_first: true, ..Default::default() };
    let enter = iced::keyboard::Key::Named(iced::keyboard::key::Named::Enter);
    let space = iced::keyboard::Key::Named(iced::keyboard::key::Named::Space);
    // Find a position with two different moves to choose from.
    for _ in 0..50 {
        until_you_move(&mut g, &mut t);
        let moves = g.game().legal_moves();
        if moves.iter().any(|m| (m.from, m.to) != (moves[0].from, moves[0].to)) {
            let first = moves[0];
            // The helper names Enter: Space moves no pawn the player did not choose.
            let before = g.game().pawns(Seat::ALL[0]).to_vec();
            let _ = g.update(g.key(&space).expect("space is bound"), t);
            assert_eq!(g.game().pawns(Seat::ALL[0]), before, "space moved a pawn nobody chose");
            let _ = g.update(g.key(&enter).expect("enter is bound"), t);
            assert_eq!(g.game().pawns(Seat::ALL[0])[usize::from(first.pawn)], first.to);
            break;
        }
        let _ = g.update(game::Message::Choose(moves[0].pawn), t);
    }
    // Auto-move: once the die lands, a move that is the only one goes by itself.
    let mut g = you_and_bots(7, t);
    g.helpers = game::Helpers { auto_move: true, ..Default::default() };
    for _ in 0..200 {
        until_you_move(&mut g, &mut t);
        let moves = g.game().legal_moves();
        if moves.iter().all(|m| (m.from, m.to) == (moves[0].from, moves[0].to)) {
            let only = moves[0];
            assert!(
                g.next_wake().is_some_and(|w| w <= Duration::from_secs(1)),
                "the screen wakes to move it"
            );
            t += Duration::from_secs(2);
            g.tick(t);
            let _ = g.update(game::Message::Tick, t);
            assert_eq!(g.game().pawns(Seat::ALL[0])[usize::from(only.pawn)], only.to, "it moved by itself");
            return;
        }
        let _ = g.update(game::Message::Choose(moves[0].pawn), t);
    }
    panic!("no lone move came up");
}

#[test]
fn settings_speak_to_players_not_developers() -> Result<(), Error> {
    use ludopia::ui::screen::settings;
    let s = settings::SettingsScreen::new(Prefs::default());
    let mut ui = sim(s.view());
    for word in ["LUDOPIA_RENDERER", "ludopia relay", "Renderer", "libp2p"] {
        let found = ui.find(|c: iced_test::selector::Candidate<'_>| match c {
            iced_test::selector::Candidate::Text { content, .. } if content.contains(word) => Some(()),
            _ => None,
        });
        assert!(found.is_err(), "{word} shows in Settings");
    }
    assert!(ui.find("Move by itself when every move is the same").is_ok());
    Ok(())
}

#[test]
fn leave_and_close_are_asked_first_escape_stays_and_enter_leaves() -> Result<(), Error> {
    let t = Instant::now();
    let mut g = hot_seat(t);
    assert!(g.update(game::Message::Leave, t).is_empty(), "leaving a game under way is asked");
    assert!(sim(g.view()).find("Yes, leave").is_ok());
    let escape = iced::keyboard::Key::Named(iced::keyboard::key::Named::Escape);
    let _ = g.update(g.key(&escape).expect("escape answers"), t);
    assert!(g.confirming().is_none() && sim(g.view()).find("Yes, leave").is_err(), "Escape stays");
    let _ = g.update(game::Message::Leave, t);
    let mut ui = sim(g.view());
    ui.click("Yes, leave")?;
    let left = ui.into_messages().flat_map(|m| g.update(m, t)).any(|a| matches!(a, game::Action::Leave));
    assert!(left, "yes leaves");
    // Enter answers yes, as the bold button drawn first.
    let mut g = hot_seat(t);
    let _ = g.update(game::Message::Leave, t);
    let enter = iced::keyboard::Key::Named(iced::keyboard::key::Named::Enter);
    let actions = g.update(g.key(&enter).expect("enter answers"), t);
    assert!(actions.iter().any(|a| matches!(a, game::Action::Leave)), "enter leaves");
    Ok(())
}

#[test]
fn a_closed_tables_save_is_forgotten_so_home_offers_no_resume() -> Result<(), Error> {
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    let t = Instant::now();
    let mut g = hot_seat(t);
    let first = g.start_keeping().into_iter().collect();
    write_saves(&mut g, first, Some(&home));
    assert!(home.saved_game().expect("readable").is_some());
    let _ = g.update(game::Message::Close, t);
    let actions = g.update(game::Message::Sure(true), t);
    write_saves(&mut g, actions, Some(&home));
    assert!(g.is_closed());
    assert!(home.saved_game().expect("readable").is_none(), "a closed table does not resume");
    Ok(())
}

#[test]
fn a_new_game_warns_that_it_replaces_the_saved_one() -> Result<(), Error> {
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    let (app, _) = App::new(Prefs::default(), Opening::BotsTable, Instant::now())
        .with_home(Some(home.clone()), Vec::new());
    for save in app.keeper.pending() {
        save.write(Some(&home)).expect("written");
    }
    let (mut app, _) =
        App::new(Prefs::default(), Opening::Home, Instant::now()).with_home(Some(home), Vec::new());
    click_text(&mut app, "Play on this computer")?;
    assert!(matches!(app.screen, Screen::Home), "not yet");
    assert!(shows(&app, "A saved game is waiting. A new game replaces it."));
    // Asked in the place of the button pressed: it is not there twice.
    assert!(!shows(&app, "Play on this computer"), "one button starts a new game");
    click_text(&mut app, "Start a new game")?;
    assert!(matches!(app.screen, Screen::Setup(_)), "asked twice, it goes on");
    Ok(())
}

#[test]
fn the_invite_wraps_inside_the_panel_and_copy_says_copied() -> Result<(), Error> {
    use ludopia::ui::screen::waiting::{self, WaitingRoom};
    let mut room = WaitingRoom::new(TablePlan::against_bots("Ana".into()));
    let ticket = "ludo1".to_string() + &"x".repeat(400);
    room.listening("QWERTY".into(), ticket.clone());
    let panel = {
        let mut ui = sim(room.view());
        let text = ui.find(ticket.as_str())?.bounds();
        assert!(text.width < WINDOW.width, "{text:?}");
        text.x + text.width
    };
    let _ = room.update(waiting::Message::CopyTicket);
    let mut ui = sim(room.view());
    assert!(ui.find("Copied").is_ok(), "the button says it copied");
    let copy = ui.find("Copied")?.bounds();
    assert!(panel <= copy.x, "the invite ends before its button: {panel} > {}", copy.x);
    Ok(())
}

#[test]
fn a_code_is_looked_for_where_the_settings_say() {
    use ludopia::net::Searched;
    use ludopia::ui::screen::joining::{Joining, Message as Join};
    let looking = |searched| {
        let mut j = Joining::new(searched);
        let _ = j.update(Join::Field("qwerty".into()));
        let _ = j.update(Join::Join);
        j.status.unwrap_or_default()
    };
    assert_eq!(looking(Searched::default()), "Looking for table QWERTY on the local network…");
    assert_eq!(
        looking(Searched { relays: true, public: true }),
        "Looking for table QWERTY on the local network, at the relays or on the public network…"
    );
}

#[test]
fn with_a_relay_set_the_join_screen_looks_there_too() -> Result<(), Error> {
    use ludopia::ui::screen::joining::Message as JoinMessage;
    let relay = format!("/ip4/198.51.100.10/tcp/4001/p2p/{}", libp2p::PeerId::random());
    let settings = ludopia::profile::Settings { relays: vec![relay], ..Default::default() };
    let prefs = Prefs { name: "Bao".into(), settings, ..Prefs::default() };
    let mut app = App::new(prefs, Opening::Home, Instant::now());
    click_text(&mut app, "Join a table")?;
    assert!(shows(&app, "No open table on this network or your relays yet."));
    let _ = app.update(Message::Joining(JoinMessage::Field("qwerty".into())));
    let _ = app.update(Message::Joining(JoinMessage::Join));
    assert!(shows(
        &app,
        "Looking for table QWERTY on the local network, at the relays or on the public network…"
    ));
    Ok(())
}

#[test]
fn a_join_error_goes_when_the_code_is_typed_again() {
    use ludopia::ui::screen::joining::{Joining, Message as Join};
    let mut j = Joining::new(ludopia::net::Searched::default());
    let _ = j.update(Join::Field("hello".into()));
    let _ = j.update(Join::Join);
    assert!(j.status.as_deref().is_some_and(|s| s.contains("is not a room code")));
    let _ = j.update(Join::Field("QWERT".into()));
    assert_eq!(j.status, None, "the old error is gone");
}

#[test]
fn duel_marks_and_challenges_have_keys() {
    use ludopia::rules::Preset;
    let t = Instant::now();
    let mut table = TablePlan::against_bots("Ana".into());
    table.rules = Preset::Palace.rules();
    table.sitters = [Sitter::Person, Sitter::Person, Sitter::Empty, Sitter::Empty];
    let mut g = GameScreen::new(table, [13; 32], t).expect("a valid table");
    let key = |c: &str| iced::keyboard::Key::Character(c.into());
    assert_eq!(g.game().phase(), Phase::ChooseOpponent, "palace starts with a challenge");
    let m = g.key(&key("1")).expect("1 challenges the first rival");
    assert!(matches!(m, game::Message::Challenge(_)), "{m:?}");
    let _ = g.update(m, t);
    assert!(matches!(g.game().phase(), Phase::Duel(_)));
    let challenged = g.last_event().to_string();
    let m = g.key(&key("5")).expect("5 marks the middle");
    assert!(matches!(m, game::Message::Mark(4)), "{m:?}");
    let _ = g.update(m, t);
    let Phase::Duel(d) = g.game().phase() else { panic!("still a duel") };
    assert!(d.cells[4].is_some(), "the middle is marked");
    // The mark is on the duel's board: the log still shows the challenge.
    assert_eq!(g.last_event(), challenged);
    assert!(challenged.contains("challenge"), "{challenged}");
}

#[test]
fn counts_read_right_in_the_waiting_room() -> Result<(), Error> {
    use ludopia::ui::screen::waiting::WaitingRoom;
    let mut table = TablePlan::against_bots("Ana".into());
    table.sitters = [Sitter::Person, Sitter::Friend, Sitter::Bot(Strategy::Normal), Sitter::Friend];
    let mut room = WaitingRoom::new(table);
    room.listening("QWERTY".into(), "ludo1invite".into());
    assert!(
        sim(room.view())
            .find("Waiting for 2 more friends; the game begins when every seat is taken.")
            .is_ok()
    );
    room.seated(1, true);
    let mut ui = sim(room.view());
    assert!(
        ui.find("Waiting for 1 more friend; the game begins when every seat is taken.").is_ok(),
        "one friend, not friends"
    );
    Ok(())
}

#[test]
fn a_player_with_no_name_yet_is_welcomed_and_called_you() -> Result<(), Error> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let home = ludopia::profile::Home::at(dir.path());
    let mut app = app_at(&home);
    assert!(shows(&app, "Welcome! Pull up a cushion."), "not 'Welcome, .' nor 'Welcome, You.'");
    click_text(&mut app, "Play on this computer")?;
    click_text(&mut app, "Start the game")?;
    let Screen::Game(game) = &app.screen else { panic!("not on the game screen") };
    assert_eq!(game.names()[0], "You", "the seat is called You in the player's language");
    Ok(())
}

#[test]
fn the_panel_counts_spaces_for_a_bot_to_move() -> Result<(), Error> {
    // Four bots: each move the table waits for is said with its spaces,
    // "1 space" among them.
    let mut t = Instant::now();
    let table =
        TablePlan { sitters: [Sitter::Bot(Strategy::Normal); 4], ..TablePlan::against_bots("Ana".into()) };
    let mut g = GameScreen::new(table, [5; 32], t).expect("a valid table");
    let mut one = false;
    for _ in 0..5000 {
        if let (Phase::Move { face }, Some(seat)) = (g.game().phase(), g.game().to_act()) {
            let who = g.names()[seat.index()].clone();
            let spaces = if face.get() == 1 { "space".to_string() } else { "spaces".to_string() };
            sim(g.view()).find(format!("{who} to move a pawn {face} {spaces}").as_str())?;
            one |= face.get() == 1;
            if one {
                return Ok(());
            }
        }
        if g.game().is_over() {
            break;
        }
        t += Duration::from_millis(400);
        g.tick(t);
        let _ = g.update(game::Message::Tick, t);
    }
    panic!("no bot had a 1 to move");
}

#[test]
fn the_window_asks_for_attention_once_when_a_persons_turn_comes() -> Result<(), Error> {
    let mut app = App::new(Prefs::default(), Opening::Home, Instant::now());
    click_text(&mut app, "Play on this computer")?;
    click_text(&mut app, "Start the game")?;
    let you = Seat::ALL[0];
    let mut t = Instant::now();
    let mut asked = 0;
    for _ in 0..1000 {
        if app.attention() {
            asked += 1;
            let Screen::Game(g) = &app.screen else { panic!("not on the game screen") };
            assert_eq!(g.game().to_act(), Some(you), "asked when it was not the player's turn");
            assert!(!app.attention(), "asked once a turn");
            if asked == 3 {
                return Ok(());
            }
        }
        let Screen::Game(g) = &mut app.screen else { panic!("not on the game screen") };
        if g.game().to_act() == Some(you) {
            match g.game().phase() {
                Phase::Roll => {
                    let _ = g.update(game::Message::Roll, t);
                }
                Phase::Move { .. } => {
                    let _ = g.update(game::Message::Cycle(1), t);
                    let _ = g.update(game::Message::Confirm { enter: true }, t);
                }
                _ => {}
            }
        }
        t += Duration::from_secs(3);
        g.tick(t);
        let _ = g.update(game::Message::Tick, t);
    }
    panic!("asked {asked} times in 1000 steps");
}

#[test]
fn escape_goes_back_enter_presses_the_main_button_and_arrows_step_a_replay() {
    use iced::keyboard::{self, Key, key::Named};
    let press = |app: &mut App, named: Named| {
        let event = keyboard::Event::KeyPressed {
            key: Key::Named(named),
            modified_key: Key::Named(named),
            physical_key: keyboard::key::Physical::Unidentified(keyboard::key::NativeCode::Unidentified),
            location: keyboard::Location::Standard,
            modifiers: keyboard::Modifiers::default(),
            text: None,
            repeat: false,
        };
        let _ = app.update(Message::Key(event));
    };
    use ludopia::ui::screen::home;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut app = app_at(&ludopia::profile::Home::at(dir.path()));
    for open in
        [home::Message::HowToPlay, home::Message::Settings, home::Message::History, home::Message::Stats]
    {
        let _ = app.update(Message::Home(open.clone()));
        assert!(!matches!(app.screen, Screen::Home), "{open:?} opens a screen");
        press(&mut app, Named::Escape);
        assert!(matches!(app.screen, Screen::Home), "Escape from {open:?} goes home");
    }
    press(&mut app, Named::Enter);
    assert!(matches!(app.screen, Screen::Setup(_)), "Enter on home sets a table");
    press(&mut app, Named::Escape);
    assert!(matches!(app.screen, Screen::Home));
    press(&mut app, Named::Enter);
    press(&mut app, Named::Enter);
    let Screen::Game(_) = &app.screen else { panic!("Enter on the setup starts the game") };

    // A finished game's replay steps with the arrows.
    let mut t = Instant::now();
    let table =
        TablePlan { sitters: [Sitter::Bot(Strategy::Normal); 4], ..TablePlan::against_bots("Ana".into()) };
    let mut g = GameScreen::new(table, [9; 32], t).expect("a valid table");
    while !g.game().is_over() {
        t += Duration::from_secs(3);
        g.tick(t);
        let _ = g.update(game::Message::Tick, t);
    }
    let proof = g.proof();
    let replay = ludopia::ui::screen::replay::Replay::new(&proof, g.names().clone(), None).expect("a replay");
    app.screen = Screen::Replay(Box::new(replay));
    let at = |app: &App, n: usize| shows(app, &format!("Entry {n} of {}", proof.entries.len()));
    assert!(at(&app, 0));
    press(&mut app, Named::ArrowRight);
    press(&mut app, Named::ArrowRight);
    assert!(at(&app, 2));
    press(&mut app, Named::ArrowLeft);
    assert!(at(&app, 1));
    press(&mut app, Named::PageDown);
    assert!(at(&app, 11));
    press(&mut app, Named::Escape);
    assert!(matches!(app.screen, Screen::History(_)), "Escape from a replay goes back to the history");
}

#[test]
fn the_player_here_sees_their_colour_at_the_bottom_left() -> Result<(), Error> {
    let t = Instant::now();
    for (you, turn) in [(0, 3), (1, 2), (2, 1), (3, 0)] {
        let mut table = TablePlan::against_bots("Ana".into());
        table.sitters = [Sitter::Bot(Strategy::Normal); 4];
        table.sitters[you] = Sitter::Person;
        let g = GameScreen::new(table, [3; 32], t).expect("a valid table");
        assert_eq!(g.turn(), turn, "seat {you}");
        // The player's yard is drawn at the bottom left, and their seat card beside it.
        let layout = Layout::new(Size::new(600.0, 600.0)).turned(g.turn());
        let yard = point_of(&layout, Seat::ALL[you], 0, YARD);
        assert!(yard.x < 300.0 && yard.y > 300.0, "seat {you}'s yard at {yard:?}");
        let card = sim(g.view()).find("Ana")?.bounds();
        let (left, low) = (card.x < WINDOW.width / 4.0, card.y > WINDOW.height / 2.0);
        assert!(left && low, "seat {you}'s card at {card:?}");
    }
    // Two persons share the screen: the board is not turned.
    assert_eq!(hot_seat(t).turn(), 0);
    Ok(())
}

#[test]
fn hot_seat_persons_are_named_at_the_setup_screen() -> Result<(), Error> {
    use ludopia::ui::screen::setup;
    let mut app = App::new(Prefs::default(), Opening::Home, Instant::now());
    click_text(&mut app, "Play on this computer")?;
    let _ = app.update(Message::Setup(setup::Message::Sitter(Seat::ALL[2], Sitter::Person)));
    // The second person's field, named by default as the game would.
    for size in [WINDOW, SMALL] {
        let field = sim_at(size, app.view()).find(id("person-2"))?.bounds();
        assert!(field.x + field.width <= size.width, "the name field fits at {size:?}: {field:?}");
        // Squeezed beside the choices it once showed six letters of a name.
        assert!(field.width >= 170.0, "the name field keeps its width at {size:?}: {field:?}");
    }
    let _ = app.update(Message::Setup(setup::Message::PersonName(Seat::ALL[2], "Bea".into())));
    click_text(&mut app, "Start the game")?;
    let Screen::Game(game) = &app.screen else { panic!("not on the game screen") };
    assert_eq!(game.names()[2], "Bea");
    // No name chosen in the settings: beside "Player 2", not "You".
    assert_eq!(game.names()[0], "Player 1");
    assert_eq!(game.turn(), 0, "two persons share the screen: the board is not turned");
    Ok(())
}

#[test]
fn a_won_duel_stays_up_a_moment_with_its_line() -> Result<(), Error> {
    use ludopia::rules::Preset;
    let mut t = Instant::now();
    let table = TablePlan {
        rules: Preset::Palace.rules(),
        sitters: [Sitter::Bot(Strategy::Normal); 4],
        ..TablePlan::against_bots("Ana".into())
    };
    let mut g = GameScreen::new(table, [4; 32], t).expect("a valid table");
    for _ in 0..5000 {
        t += Duration::from_secs(3);
        g.tick(t);
        let _ = g.update(game::Message::Tick, t);
        let line = g.last_event().to_string();
        let Some(winner) = line.split(" · ").find_map(|part| part.strip_suffix(" wins the duel")) else {
            continue;
        };
        let shown = format!("{winner} wins the duel!");
        assert!(sim(g.view()).find(shown.as_str()).is_ok(), "the won board is up: {line}");
        g.tick(t + Duration::from_secs(3));
        assert!(sim(g.view()).find(shown.as_str()).is_err(), "and goes after a moment");
        return Ok(());
    }
    panic!("no duel was won");
}

#[test]
fn a_team_players_badges_fit_on_its_card() -> Result<(), Error> {
    use ludopia::rules::Teams;
    // The longest line of badges: the team's, then whose seat it is. At a
    // tour's team table "THIS COMPUTER" ran off the card ("THIS COMPUTE").
    let mut table = TablePlan::against_bots("Ana".into());
    table.rules.teams = Teams::Opposite;
    let g = GameScreen::new(table, [3; 32], Instant::now()).expect("a valid table");
    let badges = ["TEAM 1", "THIS COMPUTER"];
    // A text squeezed by its line is laid out narrower than with room to
    // spare: its width for its height, whatever the size of its letters.
    let mut roomy = sim_at(Size::new(1920.0, 1200.0), g.view());
    let natural = badges.map(|badge| roomy.find(badge).map(|b| b.bounds().width / b.bounds().height));
    for size in [WINDOW, SMALL] {
        let mut ui = sim_at(size, g.view());
        let card = ui.find(id("seat-0"))?.bounds();
        for (badge, natural) in badges.into_iter().zip(natural.clone()) {
            let b = ui.find(badge)?.bounds();
            assert!(b.width >= natural? * b.height - 1.0, "{badge} is cut at {size:?}: {b:?}");
            assert!(
                b.x + b.width <= card.x + card.width,
                "{badge} runs off the card at {size:?}: {b:?} on {card:?}"
            );
        }
    }
    Ok(())
}

#[test]
fn the_waiting_room_of_a_team_table_says_who_plays_with_whom() -> Result<(), Error> {
    use ludopia::rules::Teams;
    use ludopia::ui::screen::waiting::WaitingRoom;
    let mut table = TablePlan::against_bots("Ana".into());
    table.sitters[2] = Sitter::Friend;
    let room = WaitingRoom::new(table.clone());
    assert!(sim(room.view()).find("TEAM 1").is_err(), "no teams, no team badges");
    table.rules.teams = Teams::Opposite;
    let room = WaitingRoom::new(table);
    let mut ui = sim(room.view());
    // Red's row: its ribbon, then the team Red shares with Yellow.
    let (red, team) = (ui.find("Red")?.bounds(), ui.find("TEAM 1")?.bounds());
    assert!((team.center_y() - red.center_y()).abs() < 8.0, "Red's team on Red's row: {team:?} {red:?}");
    assert!(ui.find("TEAM 2").is_ok(), "the rivals' team");
    Ok(())
}
