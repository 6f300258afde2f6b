//! The keyboard on every screen (issue 23): Tab and Shift+Tab move a ring
//! that shows, Enter presses what it is on, Up and Down step the lists;
//! the numbers on the pawns are the keys that move them; and the turn cues
//! a player sees (the pulsing pawns, "Your turn", the timer's ring).

use super::*;
use iced::keyboard::{self, Key, Modifiers, key::Named};
use iced_test::selector::Candidate;
use ludopia::rules::Preset;
use ludopia::ui::focus::{self, Does};
use ludopia::ui::screen::{history, home, joining};

fn key_event(key: Key, modifiers: Modifiers) -> keyboard::Event {
    keyboard::Event::KeyPressed {
        key: key.clone(),
        modified_key: key,
        physical_key: keyboard::key::Physical::Unidentified(keyboard::key::NativeCode::Unidentified),
        location: keyboard::Location::Standard,
        modifiers,
        text: None,
        repeat: false,
    }
}

fn press(app: &mut App, named: Named) {
    let _ = app.update(Message::Key(key_event(Key::Named(named), Modifiers::default())));
}

fn shift_tab(app: &mut App) {
    let _ = app.update(Message::Key(key_event(Key::Named(Named::Tab), Modifiers::SHIFT)));
}

/// Tab, and the key of the stop it lands on.
fn tab(app: &mut App) -> String {
    press(app, Named::Tab);
    app.focused().expect("Tab lands somewhere").to_string()
}

/// The window as drawn: RGBA bytes in rows of `width` physical pixels,
/// `scale` of them to a logical one.
struct Shot {
    rgba: Vec<u8>,
    width: usize,
    scale: f32,
}

impl Shot {
    /// The pixel at a logical point.
    fn at(&self, x: usize, y: usize) -> &[u8] {
        &self.rgba[(y * self.width + x) * 4..][..4]
    }

    /// The physical pixels in a logical rectangle.
    fn pixels(&self, area: iced::Rectangle) -> impl Iterator<Item = (usize, usize)> {
        let rows = self.rgba.len() / 4 / self.width;
        let (x0, y0) = ((area.x * self.scale).max(0.0) as usize, (area.y * self.scale).max(0.0) as usize);
        let x1 = (((area.x + area.width) * self.scale) as usize).min(self.width);
        let y1 = (((area.y + area.height) * self.scale) as usize).min(rows);
        (y0..y1).flat_map(move |y| (x0..x1).map(move |x| (x, y)))
    }
}

fn drawn<M>(ui: &mut Simulator<'_, M>) -> Result<Shot, Error> {
    let dir = tempfile::tempdir()?;
    assert!(ui.snapshot(&theme::theme())?.matches_image(dir.path().join("shot"))?);
    let file = std::fs::read_dir(dir.path())?.flatten().next().expect("snapshot written").path();
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&file)?));
    let mut reader = decoder.read_info().expect("a png");
    let mut rgba = vec![0; reader.output_buffer_size().expect("fits")];
    let info = reader.next_frame(&mut rgba).expect("a frame");
    rgba.truncate(info.buffer_size());
    let width = info.width as usize;
    Ok(Shot { rgba, width, scale: width as f32 / WINDOW.width })
}

/// The share of the pixels in `area` (but not in `hole`) near `colour`.
fn share_near(shot: &Shot, area: iced::Rectangle, hole: Option<iced::Rectangle>, colour: iced::Color) -> f32 {
    let [r, g, b, _] = colour.into_rgba8();
    let (mut near, mut all) = (0, 0);
    for (x, y) in shot.pixels(area) {
        let at = iced::Point::new((x as f32 + 0.5) / shot.scale, (y as f32 + 0.5) / shot.scale);
        if hole.is_some_and(|h| h.contains(at)) {
            continue;
        }
        let p = shot.at(x, y);
        all += 1;
        if p[0].abs_diff(r) < 24 && p[1].abs_diff(g) < 24 && p[2].abs_diff(b) < 32 {
            near += 1;
        }
    }
    near as f32 / all.max(1) as f32
}

/// How much of the band just outside the control at stop `key` is drawn
/// in the focus ring's gold.
fn ring_share(app: &App, key: &str) -> Result<f32, Error> {
    let mut ui = sim(app.view());
    let bounds = ui.find(id(focus::ring_id(key)))?.visible_bounds().expect("on screen");
    let shot = drawn(&mut ui)?;
    Ok(share_near(&shot, bounds.expand(4.5), Some(bounds.expand(2.5)), theme::FOCUS))
}

/// Whether some text on the screen contains `part`.
fn shows_part(app: &App, part: &str) -> bool {
    sim(app.view())
        .find(|c: Candidate<'_>| match c {
            Candidate::Text { content, .. } if content.contains(part) => Some(()),
            _ => None,
        })
        .is_ok()
}

/// The stops' rings as the view draws them, in the order it draws them.
fn rings_drawn(app: &App) -> Vec<String> {
    let mut seen = Vec::new();
    let _ = sim(app.view()).find(|c: Candidate<'_>| {
        if let Candidate::Container { id: Some(id), .. } = c {
            let named = format!("{id:?}");
            if named.contains("stop:") {
                seen.push(named);
            }
        }
        None::<()>
    });
    seen
}

/// How a screen's stops match the rings its view draws.
#[derive(Clone, Copy, PartialEq)]
enum Drawn {
    /// The same, in the same order: Tab's is the reading order.
    InOrder,
    /// The same: the game screen's panel comes first.
    Same,
    /// Among them: a question over the board (or Verify dice) keeps the
    /// keyboard to itself while the panel's buttons stay the mouse's.
    Among,
}

/// The screen's stops are rings its view draws, each once.
fn stops_are_drawn(app: &App, how: Drawn) {
    let listed: Vec<String> = app.stops().iter().map(|s| format!("{:?}", focus::ring_id(&s.key))).collect();
    let mut unique = listed.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), listed.len(), "a stop listed twice: {listed:?}");
    let mut drawn = rings_drawn(app);
    match how {
        Drawn::InOrder => assert_eq!(drawn, listed),
        Drawn::Same => {
            drawn.sort();
            assert_eq!(drawn, unique);
        }
        Drawn::Among => assert!(listed.iter().all(|s| drawn.contains(s)), "{listed:?} not all in {drawn:?}"),
    }
}

#[test]
fn tab_rings_the_home_buttons_in_turn_shift_tab_goes_back_and_enter_presses() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let mut app = app_at(&ludopia::profile::Home::at(dir.path()));
    assert_eq!(app.focused(), None, "a screen opens with no focus");
    let before = ring_share(&app, "PlayHere")?;
    assert_eq!(tab(&mut app), "PlayHere");
    let lit = ring_share(&app, "PlayHere")?;
    assert!(lit > 0.6 && before < 0.2, "the ring shows round the focused button: {before} then {lit}");
    assert!(ring_share(&app, "Host")? < 0.2, "and round no other");
    assert_eq!(tab(&mut app), "Host");
    assert_eq!(tab(&mut app), "Join");
    shift_tab(&mut app);
    assert_eq!(app.focused(), Some("Host"), "Shift+Tab goes back");
    // Enter presses the focused button, not the main one (a new table here).
    press(&mut app, Named::Enter);
    let Screen::Setup(setup) = &app.screen else { panic!("Host opens the setup") };
    assert!(setup.table.is_hosted(), "the hosted table's setup, not Play on this computer's");
    assert_eq!(app.focused(), None, "the new screen starts with no focus");
    // The setup: Back, then Start; Shift+Tab from nothing goes to the last stop.
    assert_eq!(tab(&mut app), "Back");
    assert_eq!(tab(&mut app), "Start");
    shift_tab(&mut app);
    shift_tab(&mut app);
    let last = app.stops().last().map(|s| s.key.clone());
    assert_eq!(app.focused().map(str::to_string), last, "round from the first to the last");
    assert_eq!(last.as_deref(), Some("Listed(false)"));
    press(&mut app, Named::Enter);
    let Screen::Setup(setup) = &app.screen else { panic!("still the setup") };
    assert!(!setup.listed, "Enter chose a private table");
    // Back home, Tab starts again from the top.
    let _ = app.update(Message::Setup(ludopia::ui::screen::setup::Message::Back));
    assert_eq!(app.focused(), None, "the focus does not follow home");
    assert_eq!(tab(&mut app), "PlayHere");
    Ok(())
}

#[test]
fn every_screens_stops_are_the_rings_it_draws() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let home_dir = ludopia::profile::Home::at(dir.path());
    let mut app = app_at(&home_dir);
    stops_are_drawn(&app, Drawn::InOrder);
    for open in [
        home::Message::PlayHere,
        home::Message::Host,
        home::Message::HowToPlay,
        home::Message::Settings,
        home::Message::History,
        home::Message::Stats,
        home::Message::Join,
    ] {
        let _ = app.update(Message::Home(open.clone()));
        assert!(!matches!(app.screen, Screen::Home), "{open:?}");
        stops_are_drawn(&app, Drawn::InOrder);
        app = app_at(&home_dir);
    }
    // The lobby with tables, and the waiting room with seats to give away.
    let _ = app.update(Message::Home(home::Message::Join));
    let (a, b) = (libp2p::PeerId::random(), libp2p::PeerId::random());
    report(
        &mut app,
        ludopia::ui::net::Report::TableFound(a, table_info("Ana", vec![Seat::ALL[1], Seat::ALL[2]]), None),
    );
    report(&mut app, ludopia::ui::net::Report::TableFound(b, table_info("Rui", vec![]), None));
    stops_are_drawn(&app, Drawn::InOrder);
    let mut table = TablePlan::against_bots("Ana".into());
    table.sitters = [Sitter::Person, Sitter::Friend, Sitter::Bot(Strategy::Normal), Sitter::Friend];
    let mut room = ludopia::ui::screen::waiting::WaitingRoom::new(table);
    room.listening("QWERTY".into(), "ludo1invite".into());
    app.screen = Screen::Waiting(room);
    stops_are_drawn(&app, Drawn::InOrder);
    // The game screen as a turn goes: rolling, moving, the question, Verify
    // dice, the palette open, the podium.
    let mut t = Instant::now();
    let mut g = you_and_bots(3, t);
    until_you_roll(&mut g, &mut t);
    app.screen = Screen::Game(Box::new(g));
    stops_are_drawn(&app, Drawn::Same);
    assert_eq!(tab(&mut app), "Roll", "the panel's Roll first");
    let Screen::Game(g) = &mut app.screen else { panic!("the game") };
    until_you_move(g, &mut t);
    stops_are_drawn(&app, Drawn::Same);
    let Screen::Game(g) = &mut app.screen else { panic!("the game") };
    let _ = g.update(game::Message::Palette, t);
    stops_are_drawn(&app, Drawn::Same);
    let Screen::Game(g) = &mut app.screen else { panic!("the game") };
    let _ = g.update(game::Message::Leave, t);
    stops_are_drawn(&app, Drawn::Among);
    assert_eq!(tab(&mut app), "Sure(true)", "the question's buttons only");
    assert_eq!(tab(&mut app), "Sure(false)");
    assert_eq!(tab(&mut app), "Sure(true)");
    let Screen::Game(g) = &mut app.screen else { panic!("the game") };
    let _ = g.update(game::Message::Sure(false), t);
    let _ = g.update(game::Message::Verify, t);
    stops_are_drawn(&app, Drawn::Among);
    let mut g = bots_game_over(5, &mut t);
    t += Duration::from_secs(5);
    g.tick(t);
    app.screen = Screen::Game(Box::new(g));
    stops_are_drawn(&app, Drawn::Same);
    assert_eq!(tab(&mut app), "podium rematch", "the podium's buttons first");
    Ok(())
}

fn table_info(host: &str, free: Vec<Seat>) -> ludopia::net::TableInfo {
    ludopia::net::TableInfo {
        host_name: host.into(),
        preset: Preset::Race,
        rules: Preset::Race.rules(),
        free,
        players: vec![],
        listed: true,
        watching: 0,
    }
}

#[test]
fn enter_presses_the_focused_button_on_the_game_screen_and_an_arrow_gives_it_back_to_the_pawns()
-> Result<(), Error> {
    let mut t = Instant::now();
    let mut g = you_and_bots(11, t);
    until_you_roll(&mut g, &mut t);
    let mut app = App::new(Prefs::default(), Opening::Home, t);
    app.screen = Screen::Game(Box::new(g));
    // Tab onto Verify dice, then Enter opens it (and does not roll).
    let verify = app.stops().iter().position(|s| s.key == "Verify").expect("Verify dice is a stop");
    for _ in 0..=verify {
        press(&mut app, Named::Tab);
    }
    assert_eq!(app.focused(), Some("Verify"));
    let lit = ring_share(&app, "Verify")?;
    assert!(lit > 0.6, "the ring shows on a parchment button too: {lit}");
    press(&mut app, Named::Enter);
    let Screen::Game(g) = &app.screen else { panic!("the game") };
    assert!(g.verifying().is_some(), "Enter pressed the focused Verify dice");
    assert_eq!(g.game().phase(), Phase::Roll, "and did not roll");
    press(&mut app, Named::Escape);
    let Screen::Game(g) = &app.screen else { panic!("the game") };
    assert!(g.verifying().is_none(), "Escape closed it");
    // An arrow takes the ring away (the arrows choose pawns); Shift+Tab
    // from nothing goes to the last stop.
    press(&mut app, Named::ArrowRight);
    assert_eq!(app.focused(), None);
    shift_tab(&mut app);
    assert_eq!(app.focused(), Some("RulesPanel"), "the rules' switch ends the panel");
    press(&mut app, Named::Enter);
    assert!(shows(&app, "Hide"), "Enter opened the rules");
    // With the ring gone, Enter is the table's again: it rolls.
    press(&mut app, Named::ArrowLeft);
    assert_eq!(app.focused(), None, "an arrow takes the ring away");
    press(&mut app, Named::Enter);
    let Screen::Game(g) = &app.screen else { panic!("the game") };
    assert!(g.last_event().starts_with("You rolled"), "{}", g.last_event());
    Ok(())
}

#[test]
fn a_switch_keeps_the_focus_as_it_turns_and_a_field_takes_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut app = app_at(&ludopia::profile::Home::at(dir.path()));
    let _ = app.update(Message::Home(home::Message::HowToPlay));
    assert_eq!(tab(&mut app), "Back", "the way out at the top right comes first");
    assert_eq!(tab(&mut app), "Preset(Classic)");
    assert_eq!(tab(&mut app), "Preset(Plaza)");
    press(&mut app, Named::Enter);
    assert!(shows(&app, "Plaza: no capture bonus, first home wins, 60 s turns."));
    for _ in 0..4 {
        press(&mut app, Named::Tab);
    }
    assert_eq!(app.focused(), Some("teams"));
    let partners = "Opposite seats play as partners";
    press(&mut app, Named::Enter);
    assert!(shows_part(&app, partners), "Enter turned teams on");
    press(&mut app, Named::Enter);
    assert_eq!(app.focused(), Some("teams"), "the switch keeps the focus as it turns");
    assert!(!shows_part(&app, partners), "and Enter turned it off again");
    // Settings: Back and Save head the form, then the name field; Enter
    // there presses Save.
    let _ = app.update(Message::HowTo(ludopia::ui::screen::how_to::Message::Back));
    let _ = app.update(Message::Home(home::Message::Settings));
    assert_eq!([tab(&mut app), tab(&mut app), tab(&mut app)], ["Back", "Save", "name"]);
    assert!(matches!(app.stops()[2].does, Does::Type), "a field: typing goes there");
    press(&mut app, Named::Enter);
    assert!(shows(&app, "Saved."), "Enter in the name field saves, as on the form");
    // The volume slider is a stop too: Left and Right move it by 5.
    while app.focused() != Some("volume") {
        assert_ne!(tab(&mut app), "name", "Tab went round without reaching the volume");
    }
    let volume = |app: &App| match &app.screen {
        Screen::Settings(s) => s.prefs.settings.sound.volume,
        _ => panic!("the settings screen"),
    };
    let before = volume(&app);
    press(&mut app, Named::ArrowLeft);
    assert_eq!(volume(&app), before.saturating_sub(5));
    press(&mut app, Named::ArrowRight);
    press(&mut app, Named::ArrowRight);
    assert_eq!(volume(&app), (before.saturating_sub(5) + 10).min(100));
    assert_eq!(app.focused(), Some("volume"), "the arrows keep the focus on the slider");
}

/// `n` finished games of four bots in the profile's history (quick tables).
fn finished_games(home: &ludopia::profile::Home, n: u8) {
    let mut t = Instant::now();
    for seed in 0..n {
        let table = TablePlan {
            rules: Preset::Quick.rules(),
            sitters: [Sitter::Bot(Strategy::Normal); 4],
            ..TablePlan::against_bots("You".into())
        };
        let mut g = GameScreen::new(table, [40 + seed; 32], t).expect("a valid table");
        let first = g.start_keeping().into_iter().collect();
        write_saves(&mut g, first, Some(home));
        while !g.game().is_over() {
            t += Duration::from_secs(3);
            g.tick(t);
            let actions = g.update(game::Message::Tick, t);
            write_saves(&mut g, actions, Some(home));
        }
    }
}

#[test]
fn up_and_down_step_the_history_and_enter_opens_the_game_chosen() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let home_dir = ludopia::profile::Home::at(dir.path());
    finished_games(&home_dir, 3);
    let (games, _) = home_dir.history().expect("the history");
    assert_eq!(games.len(), 3);
    let mut app = app_at(&home_dir);
    let _ = app.update(Message::Home(home::Message::History));
    press(&mut app, Named::ArrowDown);
    assert_eq!(app.focused().map(str::to_string), Some(history::row_key(0)), "Down starts at the top");
    let lit = ring_share(&app, &history::row_key(0))?;
    assert!(lit > 0.6, "the chosen game's row is lit: {lit}");
    press(&mut app, Named::ArrowDown);
    press(&mut app, Named::ArrowDown);
    press(&mut app, Named::ArrowDown);
    assert_eq!(app.focused().map(str::to_string), Some(history::row_key(2)), "and stops at the last");
    press(&mut app, Named::ArrowUp);
    assert_eq!(app.focused().map(str::to_string), Some(history::row_key(1)));
    assert!(ring_share(&app, &history::row_key(0))? < 0.3, "the row left is no longer lit");
    press(&mut app, Named::Enter);
    let entries = games[1].summary.entries;
    assert!(matches!(app.screen, Screen::Replay(_)), "Enter opens the game chosen");
    assert!(shows(&app, &format!("Entry 0 of {entries}")), "the second game's replay");
    Ok(())
}

#[test]
fn up_and_down_step_the_lobbys_tables_and_enter_joins_or_watches_the_one_chosen() {
    let mut app = named("Bao");
    let _ = app.update(Message::Home(home::Message::Join));
    let (ana, rui) = (libp2p::PeerId::random(), libp2p::PeerId::random());
    report(
        &mut app,
        ludopia::ui::net::Report::TableFound(ana, table_info("Ana", vec![Seat::ALL[2], Seat::ALL[3]]), None),
    );
    report(&mut app, ludopia::ui::net::Report::TableFound(rui, table_info("Rui", vec![]), None));
    press(&mut app, Named::ArrowDown);
    assert_eq!(app.focused().map(str::to_string), Some(joining::row_key(&ana)));
    press(&mut app, Named::ArrowDown);
    assert_eq!(app.focused().map(str::to_string), Some(joining::row_key(&rui)));
    press(&mut app, Named::ArrowUp);
    // Ana's table: Enter takes its first free seat.
    let stops = app.stops();
    let chosen = stops.iter().find(|s| Some(s.key.as_str()) == app.focused()).expect("the row is a stop");
    assert!(
        matches!(&chosen.does, Does::Press(Message::Joining(joining::Message::JoinListed(p, s))) if *p == ana && *s == Seat::ALL[2]),
        "{chosen:?}"
    );
    // Tab from the row goes on to its seats' buttons.
    assert_eq!(tab(&mut app), format!("{:?}", joining::Message::JoinListed(ana, Seat::ALL[2])));
    press(&mut app, Named::ArrowDown);
    assert_eq!(
        app.focused().map(str::to_string),
        Some(joining::row_key(&rui)),
        "Down from a seat's button: the next row"
    );
    // Rui's game is under way: Enter watches it.
    press(&mut app, Named::Enter);
    assert!(shows(&app, "Asking the table to let you watch…"), "Enter watched the table chosen");
    let Screen::Joining(j) = &app.screen else { panic!("the join screen") };
    assert!(j.busy);
    assert!(!app.stops().iter().any(|s| s.row), "while a join is under way the tables are not offered");
}

/// A table with a person at `you` and bots elsewhere.
fn you_at(you: usize, seed: u8, t: Instant) -> GameScreen {
    let mut table = TablePlan::against_bots("You".into());
    table.sitters = [Sitter::Bot(Strategy::Normal); 4];
    table.sitters[you] = Sitter::Person;
    GameScreen::new(table, [seed; 32], t).expect("a valid table")
}

/// Plays bots' turns (rolling for you) until `you` have a move to choose.
fn until_seat_moves(g: &mut GameScreen, you: Seat, t: &mut Instant) {
    for _ in 0..3000 {
        *t += Duration::from_secs(3);
        g.tick(*t);
        let mine = g.game().to_act() == Some(you);
        let message = match g.game().phase() {
            Phase::Move { .. } if mine => return,
            Phase::Roll if mine => game::Message::Roll,
            _ => game::Message::Tick,
        };
        let _ = g.update(message, *t);
    }
    panic!("{you:?} never had a move");
}

#[test]
fn the_number_on_each_movable_pawn_is_the_key_that_moves_it_on_a_turned_board() {
    for (you, seed) in [(0, 17), (2, 18)] {
        let mut t = Instant::now();
        let mut g = you_at(you, seed, t);
        let you = Seat::ALL[you];
        assert_ne!(g.turn(), 0, "the board is turned for the player here");
        let layout = Layout::new(Size::new(640.0, 640.0)).turned(g.turn());
        let mut checked = 0;
        for turn in 0..12 {
            until_seat_moves(&mut g, you, &mut t);
            let numbers = g.board_only().numbers(&layout);
            let movable: Vec<u8> = g.game().legal_moves().iter().map(|m| m.pawn).collect();
            assert!(!numbers.is_empty(), "your movable pawns carry numbers");
            for (n, at) in &numbers {
                assert!(movable.contains(&(n - 1)), "{n} is on a pawn that may move");
                let stands = point_of(&layout, you, n - 1, g.game().pawns(you)[usize::from(n - 1)]);
                let off = (stands.x - at.x).hypot(stands.y - at.y);
                assert!(off < 0.3 * layout.cell, "{n} is drawn on pawn {n} ({off} px away)");
            }
            // Press the number of one of them: that pawn moves.
            let (n, _) = numbers[turn % numbers.len()];
            let before = g.game().pawns(you)[usize::from(n - 1)];
            let m = g.key(&Key::Character(n.to_string().into())).expect("the number is a key");
            let _ = g.update(m, t);
            assert_ne!(g.game().pawns(you)[usize::from(n - 1)], before, "key {n} moved pawn {n}");
            checked += 1;
        }
        assert_eq!(checked, 12);
        // Not your move: no numbers.
        for _ in 0..200 {
            if g.game().to_act() != Some(you) {
                assert!(g.board_only().numbers(&layout).is_empty(), "numbers only on your move");
                break;
            }
            let _ = g.update(game::Message::Tick, t);
        }
    }
}

#[test]
fn your_movable_pawns_pulse_and_no_others() -> Result<(), Error> {
    let mut t = Instant::now();
    let mut g = you_and_bots(7, t);
    until_you_move(&mut g, &mut t);
    assert!(g.is_pulsing(), "the app's pulse clock runs while you choose");
    let moves = g.game().legal_moves();
    let movable = moves[0];
    // A bot's pawn, resting in its yard, to compare with.
    let bot = Seat::ALL[2];
    let still = (0..4u8).find(|&p| g.game().pawns(bot)[usize::from(p)] == YARD).unwrap_or(0);
    let shot = |g: &GameScreen| -> Result<(Shot, iced::Rectangle), Error> {
        let mut ui = sim(g.view());
        let board = ui.find(id("board"))?.visible_bounds().expect("on screen");
        Ok((drawn(&mut ui)?, board))
    };
    let turn = g.turn();
    let around = |board: iced::Rectangle, seat: Seat, pawn: u8, from: ludopia::rules::Progress| {
        let l = Layout::new(board.size()).turned(turn);
        let at = point_of(&l, seat, pawn, from);
        iced::Rectangle::new(
            iced::Point::new(board.x + at.x - 0.6 * l.cell, board.y + at.y - 1.1 * l.cell),
            Size::new(1.2 * l.cell, 1.6 * l.cell),
        )
    };
    let differs = |a: &Shot, b: &Shot, r: iced::Rectangle| {
        a.pixels(r).filter(|&(x, y)| a.at(x, y) != b.at(x, y)).count()
    };
    // A quarter bounce apart, then half a bounce (900 ms a bounce).
    let (low, board) = shot(&g)?;
    g.tick(t + Duration::from_millis(450));
    let (high, _) = shot(&g)?;
    let pawn = around(board, Seat::ALL[0], movable.pawn, movable.from);
    let bots = around(board, bot, still, YARD);
    assert!(differs(&low, &high, pawn) > 50, "your movable pawn bounced");
    assert_eq!(differs(&low, &high, bots), 0, "a bot's pawn stays still");
    // Once moved, the bots play: nothing pulses.
    let _ = g.update(game::Message::Choose(movable.pawn), t);
    t += Duration::from_secs(3);
    g.tick(t);
    if g.game().to_act() != Some(Seat::ALL[0]) {
        assert!(!g.is_pulsing(), "no pulse while bots play");
    }
    Ok(())
}

#[test]
fn your_turn_is_said_plainly_and_only_when_it_is_yours() -> Result<(), Error> {
    let mut t = Instant::now();
    let mut g = you_and_bots(9, t);
    until_you_roll(&mut g, &mut t);
    assert!(sim(g.view()).find("Your turn: Roll the die").is_ok());
    let _ = g.update(game::Message::Roll, t);
    until_you_move(&mut g, &mut t);
    assert!(sim(g.view()).find("Your turn: Move a glowing pawn").is_ok());
    let you = Seat::ALL[0];
    for _ in 0..100 {
        let message = match (g.game().to_act(), g.game().phase()) {
            (Some(s), _) if s != you => {
                let said = sim(g.view()).find(|c: Candidate<'_>| match c {
                    Candidate::Text { content, .. } if content.starts_with("Your turn") => Some(()),
                    _ => None,
                });
                assert!(said.is_err(), "no 'Your turn' on a bot's turn");
                return Ok(());
            }
            (_, Phase::Move { .. }) => game::Message::Choose(g.game().legal_moves()[0].pawn),
            (_, Phase::Roll) => game::Message::Roll,
            _ => game::Message::Tick,
        };
        let _ = g.update(message, t);
        t += Duration::from_secs(3);
        g.tick(t);
    }
    panic!("the bots never played");
}

#[test]
fn a_running_turn_timer_rings_the_active_seat_and_empties() -> Result<(), Error> {
    let t = Instant::now();
    let table = |timer| {
        let mut table = TablePlan::against_bots("Ana".into());
        table.rules.turn_timer = timer;
        table.sitters = [Sitter::Person, Sitter::Empty, Sitter::Person, Sitter::Empty];
        GameScreen::new(table, [9; 32], t).expect("a valid table")
    };
    let gold_at_seat = |g: &GameScreen| -> Result<f32, Error> {
        let seat = g.game().to_act().expect("someone to act");
        let mut ui = sim(g.view());
        let card = ui.find(id(format!("seat-{}", seat.index())))?.visible_bounds().expect("on screen");
        let shot = drawn(&mut ui)?;
        // The avatar's corner of the card, where the ring goes round it.
        let avatar = iced::Rectangle::new(card.position(), Size::new(card.height, card.height));
        Ok(share_near(&shot, avatar, None, theme::GOLD))
    };
    let untimed = gold_at_seat(&table(None))?;
    let mut g = table(Some(30));
    let full = gold_at_seat(&g)?;
    assert!(full > untimed + 0.04, "the timer's ring shows: {untimed} without, {full} with");
    g.tick(t + Duration::from_secs(25));
    assert_eq!(g.countdown(), Some(5));
    let late = gold_at_seat(&g)?;
    assert!(late < full - 0.03, "the ring empties (and turns red) as time runs out: {full} then {late}");
    Ok(())
}
