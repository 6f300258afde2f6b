//! The screens driven headlessly with iced's simulator: from launch to a game
//! against three bots, rolling and moving by click and by keyboard, a game of
//! bots played to the end, the rematch; and a snapshot that shows the board.

use iced::{Point, Size, Vector};
use iced_test::selector::id;
use iced_test::{Error, Simulator};
use ludopia::bots::Strategy;
use ludopia::rules::{Phase, Seat, YARD};
use ludopia::ui::board::{Layout, point_of};
use ludopia::ui::screen::game::{self, GameScreen};
use ludopia::ui::screen::setup::{Sitter, Table};
use ludopia::ui::{App, Message, Opening, Prefs, Screen, theme};
use std::time::{Duration, Instant};

const WINDOW: Size = Size::new(1280.0, 820.0);

fn sim<'a, M>(element: impl Into<iced::Element<'a, M>>) -> Simulator<'a, M> {
    let settings = iced::Settings {
        fonts: theme::FONTS.iter().map(|f| (*f).into()).collect(),
        default_font: theme::FONT,
        ..iced::Settings::default()
    };
    Simulator::with_size(settings, WINDOW, element)
}

fn click_text(app: &mut App, label: &str) -> Result<(), Error> {
    let mut ui = sim(app.view());
    ui.click(label)?;
    let messages: Vec<Message> = ui.into_messages().collect();
    for m in messages {
        let _ = app.update(m);
    }
    Ok(())
}

#[test]
fn a_game_against_three_bots_is_two_clicks_from_launch() -> Result<(), Error> {
    let mut app = App::new(Prefs::default(), Opening::Home, Instant::now());
    click_text(&mut app, "Play on this computer")?;
    click_text(&mut app, "Start the game")?;
    let Screen::Game(game) = &app.screen else { panic!("not on the game screen") };
    assert_eq!(game.game().players().len(), 4);
    // The table drew the first player with the dice.
    if game.game().to_act() != Some(Seat::ALL[0]) {
        assert!(
            game.bot_to_act() && game.next_deadline().is_some(),
            "a bot starts and the table will play it"
        );
        return Ok(());
    }
    // Rolling from the action panel reaches the table.
    click_text(&mut app, "Roll")?;
    let Screen::Game(game) = &app.screen else { panic!("left the game screen") };
    assert!(game.last_event().starts_with("You rolled a"), "{}", game.last_event());
    Ok(())
}

fn you_and_bots(seed: u64, t0: Instant) -> GameScreen {
    GameScreen::new(Table::against_bots("You".into()), [seed as u8; 32], t0).expect("a valid table")
}

/// Plays bots' turns (and rolls for you) until you have a move to choose.
fn until_you_move(g: &mut GameScreen, t: &mut Instant) {
    for _ in 0..2000 {
        *t += Duration::from_secs(3);
        g.tick(*t);
        let you = g.game().to_act() == Some(Seat::ALL[0]);
        match g.game().phase() {
            Phase::Move { .. } if you => return,
            Phase::Roll if you => {
                let _ = g.update(game::Message::Roll, *t);
            }
            _ => {
                let _ = g.update(game::Message::Tick, *t);
            }
        }
    }
    panic!("you never had a move");
}

#[test]
fn clicking_a_glowing_pawn_moves_it() -> Result<(), Error> {
    let mut t = Instant::now();
    let mut g = you_and_bots(7, t);
    until_you_move(&mut g, &mut t);
    // Yard pawns rest apart; a pawn on the track may share its square, so
    // pick a yard pawn when there is one.
    let moves = g.game().legal_moves();
    let choice = moves.iter().copied().find(|m| m.from == YARD).unwrap_or(moves[0]);
    let mut ui = sim(g.view());
    let bounds = ui.find(id("board"))?.visible_bounds().expect("the board is on screen");
    let layout = Layout::new(bounds.size());
    let at = point_of(&layout, Seat::ALL[0], choice.pawn, choice.from) + Vector::new(bounds.x, bounds.y);
    ui.point_at(Point::new(at.x, at.y));
    let _ = ui.simulate(iced_test::simulator::click());
    let messages: Vec<game::Message> = ui.into_messages().collect();
    assert!(
        messages.iter().any(|m| matches!(m, game::Message::Choose(p) if *p == choice.pawn)),
        "{messages:?}"
    );
    for m in messages {
        let _ = g.update(m, t);
    }
    assert_eq!(g.game().pawns(Seat::ALL[0])[usize::from(choice.pawn)], choice.to);
    Ok(())
}

#[test]
fn keyboard_rolls_chooses_and_confirms() {
    let mut t = Instant::now();
    let mut g = you_and_bots(11, t);
    let space = iced::keyboard::Key::Named(iced::keyboard::key::Named::Space);
    let m = g.key(&space).expect("space is bound");
    let _ = g.update(m, t);
    assert!(g.last_event().starts_with("You rolled"), "{}", g.last_event());
    until_you_move(&mut g, &mut t);
    let right = iced::keyboard::Key::Named(iced::keyboard::key::Named::ArrowRight);
    let enter = iced::keyboard::Key::Named(iced::keyboard::key::Named::Enter);
    let first = g.game().legal_moves()[0];
    let _ = g.update(g.key(&right).expect("arrows are bound"), t);
    let _ = g.update(g.key(&enter).expect("enter is bound"), t);
    assert_eq!(g.game().pawns(Seat::ALL[0])[usize::from(first.pawn)], first.to);
}

#[test]
fn four_bots_play_to_the_end_then_a_rematch_starts_fresh() {
    let mut t = Instant::now();
    let table = Table { sitters: [Sitter::Bot(Strategy::Normal); 4], ..Table::against_bots("You".into()) };
    let mut g = GameScreen::new(table, [3; 32], t).expect("a valid table");
    let mut steps = 0;
    while !g.game().is_over() {
        assert!(g.bot_to_act(), "bots are waited for");
        t += Duration::from_secs(3);
        g.tick(t);
        let _ = g.update(game::Message::Tick, t);
        steps += 1;
        assert!(steps < 50_000, "the game does not end");
    }
    assert!(g.game().players().iter().all(|s| g.game().place(s).is_some()));
    match g.update(game::Message::Rematch, t) {
        game::Action::Rematch(table) => {
            let fresh = GameScreen::new(table, [4; 32], t).expect("a valid table");
            assert!(!fresh.game().is_over());
        }
        _ => panic!("rematch does not restart"),
    }
}

#[test]
fn the_window_shows_the_board_in_every_seat_colour() -> Result<(), Error> {
    let mut app = App::new(Prefs::default(), Opening::BotsTable, Instant::now());
    let _ = app.update(Message::Frame(Instant::now() + Duration::from_secs(5)));
    let mut ui = sim(app.view());
    let snapshot = ui.snapshot(&theme::theme())?;
    let dir = std::env::temp_dir().join(format!("ludopia-gui-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(snapshot.matches_image(dir.join("board"))?);
    let file = std::fs::read_dir(&dir)?.flatten().next().expect("snapshot written").path();
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&file)?));
    let mut reader = decoder.read_info().expect("a png");
    let mut rgba = vec![0; reader.output_buffer_size().expect("fits")];
    let info = reader.next_frame(&mut rgba).expect("a frame");
    let pixels = &rgba[..info.buffer_size()];
    let share = |want: iced::Color| {
        let [r, g, b, _] = want.into_rgba8();
        let near = pixels
            .chunks_exact(4)
            .filter(|p| p[0].abs_diff(r) < 12 && p[1].abs_diff(g) < 12 && p[2].abs_diff(b) < 12)
            .count();
        near as f32 / (pixels.len() / 4) as f32
    };
    for colour in ludopia::rules::Colour::ALL {
        let s = share(theme::colour(colour));
        assert!(s > 0.004, "{colour} covers only {s} of the window");
    }
    assert!(share(theme::CELL) > 0.02, "the track is missing");
    let _ = std::fs::copy(&file, std::env::temp_dir().join("ludopia-board-snapshot.png"));
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// The app closes mid-game (the screen is dropped); the profile's saved game
/// resumes on the same position, and the finished game lands in the history
/// with a proof that verifies.
#[test]
fn a_saved_game_resumes_after_the_window_closes_and_finishes_into_the_history() {
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    let mut t = Instant::now();
    let table = Table { sitters: [Sitter::Bot(Strategy::Normal); 4], ..Table::against_bots("You".into()) };
    let mut g = GameScreen::new(table, [5; 32], t).expect("a valid table");
    g.keep_in(home.clone()).expect("saving starts");
    for _ in 0..40 {
        t += Duration::from_secs(3);
        g.tick(t);
        let _ = g.update(game::Message::Tick, t);
    }
    let position = *g.game();
    drop(g);
    let saved = home.saved_game().expect("readable").expect("a saved game");
    let mut g = GameScreen::resume(saved, t).expect("the saved log verifies");
    assert_eq!(*g.game(), position);
    g.keep_in(home.clone()).expect("saving goes on");
    let mut steps = 0;
    while !g.game().is_over() {
        t += Duration::from_secs(3);
        g.tick(t);
        let _ = g.update(game::Message::Tick, t);
        steps += 1;
        assert!(steps < 50_000, "the game does not end");
    }
    assert!(home.saved_game().expect("readable").is_none(), "a finished game is no longer offered to resume");
    let (games, _) = home.history().expect("the history");
    assert_eq!(games.len(), 1);
    let proof = ludopia::profile::history::read_proof(&games[0].proof).expect("the proof file");
    let (valid, state) = ludopia::table::verify_proof(&proof).expect("one valid proof across the resume");
    assert!(state.game.is_over());
    assert_eq!(valid.through, games[0].summary.entries);
}
