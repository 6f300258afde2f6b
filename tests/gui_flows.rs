//! The screens driven headlessly with iced's simulator: from launch to a game
//! against three bots, rolling and moving by click and by keyboard, a game of
//! bots played to the end, the rematch; and a snapshot that shows the board.
//! Submodules: the table as players sit at it, invites as links, hosting
//! and joining (meeting), networked tables as local ones, the keyboard.

use iced::{Point, Size, Vector};
use iced_test::selector::id;
use iced_test::{Error, Simulator};
use ludopia::bots::Strategy;
use ludopia::fair::{Canonical, Proof};
use ludopia::rules::{Phase, Seat, YARD};
use ludopia::table::{By, Record, verify_proof};
use ludopia::ui::board::{Layout, point_of};
use ludopia::ui::screen::game::{self, GameScreen, verify};
use ludopia::ui::screen::setup::{BotSpeed, Sitter, TablePlan};
use ludopia::ui::{App, Message, Opening, Prefs, Screen, theme};
use std::time::{Duration, Instant};

#[path = "gui_flows/invite.rs"]
mod invite;
#[path = "gui_flows/keyboard.rs"]
mod keyboard;
#[path = "gui_flows/meeting.rs"]
mod meeting;
#[path = "gui_flows/network.rs"]
mod network;
#[path = "gui_flows/table.rs"]
mod table;

#[path = "gui_flows/rules.rs"]
mod rules;

const WINDOW: Size = Size::new(1280.0, 820.0);
/// The smallest window the app opens at.
const SMALL: Size = Size::new(960.0, 660.0);

fn sim<'a, M>(element: impl Into<iced::Element<'a, M>>) -> Simulator<'a, M> {
    sim_at(WINDOW, element)
}

fn sim_at<'a, M>(size: Size, element: impl Into<iced::Element<'a, M>>) -> Simulator<'a, M> {
    let settings = iced::Settings {
        fonts: theme::FONTS.iter().map(|f| (*f).into()).collect(),
        default_font: theme::FONT,
        ..iced::Settings::default()
    };
    Simulator::with_size(settings, size, element)
}

/// The app on the home screen, no profile folder, the player called `name`.
fn named(name: &str) -> App {
    App::new(Prefs { name: name.into(), ..Prefs::default() }, Opening::Home, Instant::now())
}

/// The app on the home screen with a fresh profile at `home`.
fn app_at(home: &ludopia::profile::Home) -> App {
    let (prefs, _) = Prefs::load(home).expect("fresh settings");
    App::new(prefs, Opening::Home, Instant::now()).with_home(Some(home.clone()), Vec::new()).0
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
    GameScreen::new(TablePlan::against_bots("You".into()), [seed as u8; 32], t0).expect("a valid table")
}

/// Plays bots' turns until you are to roll.
fn until_you_roll(g: &mut GameScreen, t: &mut Instant) {
    for _ in 0..2000 {
        if g.game().to_act() == Some(Seat::ALL[0]) && g.game().phase() == Phase::Roll {
            return;
        }
        *t += Duration::from_secs(3);
        g.tick(*t);
        let _ = g.update(game::Message::Tick, *t);
    }
    panic!("you never rolled");
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
    // The board is turned so that the player's colour sits at the bottom left.
    let layout = Layout::new(bounds.size()).turned(g.turn());
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
fn a_reaction_shows_at_your_seat_for_a_while_at_a_players_rate() -> Result<(), Error> {
    let mut t = Instant::now();
    // A name as long as the card is wide: the bubble must leave it be.
    let name = "Maya Fernandes";
    let mut g = GameScreen::new(TablePlan::against_bots(name.into()), [5; 32], t).expect("a valid table");
    click_game(&mut g, "React", t)?;
    assert!(sim(g.view()).find("Well played!").is_ok(), "the palette opens with its phrases");
    click_game(&mut g, "Good luck!", t)?;
    {
        let mut ui = sim(g.view());
        let said = ui.find("Good luck!")?.bounds();
        let name = ui.find(name)?.bounds();
        assert!(!said.intersects(&name), "the bubble hides who said it: {said:?} over {name:?}");
        assert!(ui.find("Well played!").is_err(), "the palette closed");
    }
    let wake = g.next_wake().expect("the screen wakes to take the bubble down");
    assert!(wake <= Duration::from_secs(4), "{wake:?}");
    // Three in a burst, then the fourth waits.
    for reaction in ["Oops!", "Thanks!"] {
        click_game(&mut g, "React", t)?;
        click_game(&mut g, reaction, t)?;
    }
    click_game(&mut g, "React", t)?;
    click_game(&mut g, "Hurry up!", t)?;
    assert!(g.last_event().starts_with("Slow down"), "{}", g.last_event());
    assert!(sim(g.view()).find("Thanks!").is_ok(), "the last allowed reaction still shows");
    t += Duration::from_secs(5);
    let _ = g.update(game::Message::Tick, t);
    assert!(sim(g.view()).find("Thanks!").is_err(), "the bubble came down");
    Ok(())
}

/// A game of four bots, played to its end.
fn bots_game_over(seed: u8, t: &mut Instant) -> GameScreen {
    let table =
        TablePlan { sitters: [Sitter::Bot(Strategy::Normal); 4], ..TablePlan::against_bots("You".into()) };
    let mut g = GameScreen::new(table, [seed; 32], *t).expect("a valid table");
    let mut steps = 0;
    while !g.game().is_over() {
        assert!(g.bot_to_act(), "bots are waited for");
        *t += Duration::from_secs(3);
        g.tick(*t);
        let _ = g.update(game::Message::Tick, *t);
        steps += 1;
        assert!(steps < 50_000, "the game does not end");
    }
    g
}

/// Clicks the button labelled `label` on the game screen; the files it
/// asks for are written as the app would (into `home`, if given).
fn click_game(g: &mut GameScreen, label: &str, t: Instant) -> Result<(), Error> {
    let mut ui = sim(g.view());
    ui.click(label)?;
    let messages: Vec<game::Message> = ui.into_messages().collect();
    for m in messages {
        let actions = g.update(m, t);
        write_saves(g, actions, None);
    }
    Ok(())
}

/// Writes the saves among `actions` and tells the screen how they went,
/// as the app does.
fn write_saves(g: &mut GameScreen, actions: Vec<game::Action>, home: Option<&ludopia::profile::Home>) {
    for action in actions {
        if let game::Action::Save(save) = action {
            let written = save.write(home);
            match &save {
                game::Save::Proof(_, path) => g.exported(written.map(|()| path.clone())),
                _ => {
                    if let Err(e) = written {
                        g.not_kept(&e)
                    }
                }
            }
        }
    }
}

#[test]
fn verify_dice_from_the_podium_marks_every_roll_and_exports_a_proof_that_verifies() -> Result<(), Error> {
    let mut t = Instant::now();
    let mut g = bots_game_over(5, &mut t);
    t += Duration::from_secs(5);
    g.tick(t);
    click_game(&mut g, "Verify dice", t)?;
    let dice = g.verifying().expect("the podium opens Verify dice").clone();
    let rolls = g
        .proof()
        .entries
        .iter()
        .filter(|e| matches!(e.body.decode().map(|b| b.content), Ok(Record::Roll { .. })))
        .count();
    assert!(dice.valid, "{}", dice.verdict);
    assert!(rolls > 20 && dice.rolls.len() >= rolls, "{} of {rolls} rolls listed", dice.rolls.len());
    assert!(dice.rolls.iter().all(|r| r.verified && r.seed.is_some() && !r.links.is_empty()));
    assert!(dice.rolls.iter().any(|r| r.by == Some(By::Bot)), "bots' rolls are flagged");
    assert_eq!(dice.anchors.len(), 4, "every seat's commitment is shown");
    // The view shows the marks and the verdict.
    let mut ui = sim(g.view());
    assert!(ui.find("verified").is_ok());
    assert!(ui.find(dice.verdict.as_str()).is_ok());
    drop(ui);
    let path = std::env::temp_dir().join(format!("ludopia-gui-proof-{}.ludoproof", std::process::id()));
    let _ = g.update(game::Message::ProofPath(path.display().to_string()), t);
    click_game(&mut g, "Save the proof", t)?;
    assert!(g.export_status().starts_with("Saved to"), "{}", g.export_status());
    let proof = Proof::<Record>::read(&std::fs::read(&path)?).expect("a proof file");
    let _ = std::fs::remove_file(&path);
    let (valid, state) = verify_proof(&proof).expect("the exported proof verifies");
    assert_eq!(valid.through, proof.entries.len() as u64);
    assert!(state.game.is_over());
    click_game(&mut g, "Back to the board", t)?;
    assert!(g.verifying().is_none());
    Ok(())
}

#[test]
fn a_forged_roll_is_shown_plainly_as_not_verified() {
    let mut t = Instant::now();
    let g = bots_game_over(6, &mut t);
    let mut proof = g.proof();
    let at = proof
        .entries
        .iter()
        .position(|e| matches!(e.body.decode().map(|b| b.content), Ok(Record::Roll { .. })))
        .expect("a roll");
    let mut body = proof.entries[at].body.decode().expect("a body");
    if let Record::Roll { face, .. } = &mut body.content {
        *face = ludopia::rules::Face::from_draw(face.get());
    }
    proof.entries[at].body = Canonical::new(&body);
    let dice = verify::Dice::check(&proof);
    assert!(!dice.valid);
    assert!(dice.verdict.starts_with(&format!("invalid at entry {}", body.seq)), "{}", dice.verdict);
    let colours = "(seat 0 is red, seat 1 is green, seat 2 is yellow, seat 3 is blue)";
    assert!(dice.verdict.ends_with(colours), "the seats the reason names, by colour: {}", dice.verdict);
    let forged = dice.rolls.iter().find(|r| r.seq == body.seq).expect("the forged roll is listed");
    assert!(!forged.verified);
    assert!(dice.rolls.iter().filter(|r| r.seq < body.seq).all(|r| r.verified));
}

#[test]
fn four_bots_play_to_the_end_then_a_rematch_starts_fresh() {
    let mut t = Instant::now();
    let mut g = bots_game_over(3, &mut t);
    assert!(g.game().players().iter().all(|s| g.game().place(s).is_some()));
    match g.update(game::Message::Rematch, t).pop() {
        Some(game::Action::Rematch(table)) => {
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
    let table =
        TablePlan { sitters: [Sitter::Bot(Strategy::Normal); 4], ..TablePlan::against_bots("You".into()) };
    let mut g = GameScreen::new(table, [5; 32], t).expect("a valid table");
    let first = g.start_keeping().into_iter().collect();
    write_saves(&mut g, first, Some(&home));
    for _ in 0..40 {
        t += Duration::from_secs(3);
        g.tick(t);
        let actions = g.update(game::Message::Tick, t);
        write_saves(&mut g, actions, Some(&home));
    }
    let position = *g.game();
    drop(g);
    let saved = home.saved_game().expect("readable").expect("a saved game");
    let mut g = GameScreen::resume(saved, t).expect("the saved log verifies");
    assert_eq!(*g.game(), position);
    let first = g.start_keeping().into_iter().collect();
    write_saves(&mut g, first, Some(&home));
    let mut steps = 0;
    while !g.game().is_over() {
        t += Duration::from_secs(3);
        g.tick(t);
        let actions = g.update(game::Message::Tick, t);
        write_saves(&mut g, actions, Some(&home));
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

#[test]
fn the_host_pauses_resumes_closes_and_rematches_and_the_turn_timer_counts_down() -> Result<(), Error> {
    let t = Instant::now();
    let mut table = TablePlan::against_bots("You".into());
    table.rules.turn_timer = Some(30);
    table.sitters = [Sitter::Person, Sitter::Person, Sitter::Empty, Sitter::Empty];
    let mut g = GameScreen::new(table, [9; 32], t).expect("a valid table");
    assert_eq!(g.countdown(), Some(30), "a person's turn timer runs from the start");
    let later = t + Duration::from_millis(12_500);
    g.tick(later);
    assert_eq!(g.countdown(), Some(18));
    assert!(sim(g.view()).find("18 s left to decide").is_ok());
    click_game(&mut g, "Pause", later)?;
    assert!(g.is_paused());
    assert_eq!(g.countdown(), None, "a paused table's timer stops");
    assert_eq!(g.next_deadline(), None, "nothing runs while paused: no wake-ups");
    click_game(&mut g, "Resume", later)?;
    assert!(!g.is_paused());
    click_game(&mut g, "Close the table", later)?;
    assert!(!g.is_closed(), "closing is asked first");
    click_game(&mut g, "Yes, close it", later)?;
    assert!(g.is_closed());
    assert!(sim(g.view()).find("Roll").is_err(), "a closed table offers no roll");
    assert!(g.update(game::Message::Roll, later).is_empty(), "and a roll does nothing");
    let mut ui = sim(g.view());
    ui.click("Rematch")?;
    let rematch = ui.into_messages().find_map(|m| match g.update(m, later).pop() {
        Some(game::Action::Rematch(table)) => Some(table),
        _ => None,
    });
    assert!(rematch.is_some(), "the host rematches a closed table");
    Ok(())
}

#[test]
fn bot_speed_sets_the_tables_pause_before_each_bot_move() {
    for (speed, want) in [(BotSpeed::Fast, 200), (BotSpeed::Slow, 1200)] {
        let t = Instant::now();
        let table = TablePlan {
            sitters: [Sitter::Bot(Strategy::Normal); 4],
            bot_speed: speed,
            ..TablePlan::against_bots("You".into())
        };
        let g = GameScreen::new(table, [2; 32], t).expect("a valid table");
        assert_eq!(g.next_deadline(), Some(Duration::from_millis(want)), "{speed:?}");
    }
}

/// The next table starts from the last one's preset and house rules, kept
/// in the profile's settings across runs of the app.
#[test]
fn a_new_table_starts_from_the_last_tables_preset_and_house_rules() {
    use ludopia::rules::Preset;
    use ludopia::ui::screen::{home, setup};
    let dir = tempfile::tempdir().expect("a temp folder");
    let home_dir = ludopia::profile::Home::at(dir.path());
    let mut app = app_at(&home_dir);
    let _ = app.update(Message::Home(home::Message::PlayHere));
    let _ = app.update(Message::Setup(setup::Message::Preset(Preset::Race)));
    let _ = app.update(Message::Setup(setup::Message::Start));
    assert!(matches!(app.screen, Screen::Game(_)), "the race table starts");

    let (prefs, _) = Prefs::load(&home_dir).expect("saved settings");
    assert_eq!(prefs.settings.preset, Preset::Race);
    let mut app = App::new(prefs, Opening::Home, Instant::now()).with_home(Some(home_dir), Vec::new()).0;
    let _ = app.update(Message::Home(home::Message::PlayHere));
    let Screen::Setup(s) = &app.screen else { panic!("the setup screen") };
    assert_eq!(s.preset, Preset::Race);
    assert_eq!(s.table.rules, Preset::Race.rules());
}

/// `LUDOPIA_TABLE=bots` opens a game straight away; taking the profile in
/// keeps that game on the screen and saves it.
#[test]
fn a_game_opened_at_launch_stays_open_and_is_saved_in_the_profile() {
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    let (app, _writing) = App::new(Prefs::default(), Opening::BotsTable, Instant::now())
        .with_home(Some(home.clone()), Vec::new());
    assert!(matches!(app.screen, Screen::Game(_)), "the bots' table is on the screen");
    let pending: Vec<_> = app.keeper.pending().collect();
    assert!(matches!(pending.as_slice(), [ludopia::ui::screen::game::Save::Begin(..)]), "{pending:?}");
    for save in pending {
        save.write(Some(&home)).expect("written");
    }
    assert!(home.saved_game().expect("readable").is_some(), "the game is saved from the start");
}

/// Each verified entry gives its sound effects (a roll rattles, a move
/// hops); the mute switch on the game screen is kept in the settings.
#[test]
fn entries_sound_their_effects_and_the_mute_switch_is_kept() -> Result<(), Error> {
    use ludopia::ui::sound::Effect;
    let mut t = Instant::now();
    let mut g = you_and_bots(5, t);
    let played = |actions: Vec<game::Action>| -> Vec<ludopia::ui::sound::Cue> {
        actions
            .into_iter()
            .flat_map(|a| match a {
                game::Action::Play(cues) => cues,
                _ => Vec::new(),
            })
            .collect()
    };
    until_you_roll(&mut g, &mut t);
    let cues = played(g.update(game::Message::Roll, t));
    assert!(cues.iter().any(|c| c.effect == Effect::Roll), "{cues:?}");
    until_you_move(&mut g, &mut t);
    let choice = g.game().legal_moves()[0];
    let cues = played(g.update(game::Message::Choose(choice.pawn), t));
    assert!(cues.iter().any(|c| c.effect == Effect::Hop), "{cues:?}");
    assert!(played(g.update(game::Message::Palette, t)).is_empty(), "nothing new, nothing sounds");

    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    let (mut app, _) = App::new(Prefs::default(), Opening::BotsTable, Instant::now())
        .with_home(Some(home.clone()), Vec::new());
    click_text(&mut app, "Sound on")?;
    let Screen::Game(game) = &app.screen else { panic!("the game screen") };
    assert!(!game.sound_on, "muted");
    let (prefs, _) = Prefs::load(&home).expect("saved settings");
    assert!(!prefs.settings.sound.on, "the mute is kept");
    click_text(&mut app, "Muted")?;
    let (prefs, _) = Prefs::load(&home).expect("saved settings");
    assert!(prefs.settings.sound.on);
    Ok(())
}

/// Settings: sound and volume, and relay addresses that must name their peer.
#[test]
fn settings_keep_sound_volume_and_relays_and_refuse_a_bad_relay() {
    use ludopia::ui::screen::{home, settings};
    let dir = tempfile::tempdir().expect("a temp folder");
    let home_dir = ludopia::profile::Home::at(dir.path());
    let (mut app, _) = App::new(Prefs::default(), Opening::Home, Instant::now())
        .with_home(Some(home_dir.clone()), Vec::new());
    let _ = app.update(Message::Home(home::Message::Settings));
    let relay = "/ip4/203.0.113.7/tcp/4001/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";
    for m in [
        settings::Message::Sound(false),
        settings::Message::Volume(35),
        settings::Message::Relays("/ip4/203.0.113.7/tcp/4001".into()),
        settings::Message::Save,
    ] {
        let _ = app.update(Message::Settings(m));
    }
    let Screen::Settings(s) = &app.screen else { panic!("the settings screen") };
    assert!(s.status.contains("is not a relay address"), "{}", s.status);
    assert!(Prefs::load(&home_dir).expect("readable").0.settings.relays.is_empty(), "nothing saved");
    for m in [settings::Message::Relays(relay.into()), settings::Message::Save] {
        let _ = app.update(Message::Settings(m));
    }
    let (prefs, _) = Prefs::load(&home_dir).expect("saved settings");
    assert_eq!(prefs.settings.relays, vec![relay.to_string()]);
    assert_eq!((prefs.settings.sound.on, prefs.settings.sound.volume), (false, 35));
    assert!(prefs.settings.bootstrap.is_empty(), "the public network's bootstrap peers by default");
    // The DHT's bootstrap peers: each must name its peer.
    let peer = "/dnsaddr/bootstrap.libp2p.io/p2p/QmNnooDu7bfjPFoTZYxMNLWUQJyrVwtbZg5gBMjTezGAJN";
    for m in [settings::Message::Bootstrap("/dnsaddr/bootstrap.libp2p.io".into()), settings::Message::Save] {
        let _ = app.update(Message::Settings(m));
    }
    let Screen::Settings(s) = &app.screen else { panic!("the settings screen") };
    assert!(s.status.contains("is not a peer's address"), "{}", s.status);
    for m in [settings::Message::Bootstrap(peer.into()), settings::Message::Save] {
        let _ = app.update(Message::Settings(m));
    }
    let (prefs, _) = Prefs::load(&home_dir).expect("saved settings");
    assert_eq!(prefs.settings.bootstrap, vec![peer.to_string()]);
    assert!(shows(&app, "Meeting by room code across the internet"));
}

/// Settings apply at once, so that the player sees them; Back without Save
/// puts the saved ones back: a change tried and left does not stay.
#[test]
fn settings_left_without_saving_go_back_to_the_saved_ones() {
    use ludopia::ui::screen::{home, settings};
    let dir = tempfile::tempdir().expect("a temp folder");
    let mut app = app_at(&ludopia::profile::Home::at(dir.path()));
    let sound = |app: &App| (app.prefs.settings.sound.on, app.prefs.settings.sound.volume);
    let before = sound(&app).0;
    let _ = app.update(Message::Home(home::Message::Settings));
    for m in [
        settings::Message::Volume(35),
        settings::Message::Save,
        settings::Message::Sound(!before),
        settings::Message::Volume(80),
    ] {
        let _ = app.update(Message::Settings(m));
    }
    assert_eq!(sound(&app), (!before, 80), "applied at once");
    let _ = app.update(Message::Settings(settings::Message::Back));
    assert!(matches!(app.screen, Screen::Home));
    assert_eq!(sound(&app), (before, 35), "as saved");
}

fn report(app: &mut App, report: ludopia::ui::net::Report) {
    let _ = app.update(Message::Net(report));
}

fn shows(app: &App, text: &str) -> bool {
    sim(app.view()).find(text).is_ok()
}

/// Plays on (every person seat rolling and moving its first pawn) until
/// the person at seat 0 has a choice of moves.
fn until_you_choose(g: &mut GameScreen, t: &mut Instant) {
    for _ in 0..5000 {
        *t += Duration::from_secs(3);
        g.tick(*t);
        let person = g.game().to_act().is_some() && !g.bot_to_act();
        let moves = g.game().legal_moves();
        let message = match g.game().phase() {
            Phase::Move { .. }
                if g.game().to_act() == Some(Seat::ALL[0])
                    && moves.iter().any(|m| m.from != moves[0].from) =>
            {
                return;
            }
            Phase::Move { .. } if person => game::Message::Choose(moves[0].pawn),
            Phase::Roll if person => game::Message::Roll,
            _ => game::Message::Tick,
        };
        let _ = g.update(message, *t);
    }
    panic!("you never had a choice");
}

#[test]
fn a_hint_names_hards_move_and_why_and_enter_plays_it() -> Result<(), Error> {
    let mut t = Instant::now();
    let mut g = you_and_bots(21, t);
    until_you_choose(&mut g, &mut t);
    click_game(&mut g, "Hint", t)?;
    let said = g.last_event().to_owned();
    let words =
        ["it reaches home.", "it captures.", "it brings a pawn out.", "it lands safe.", "it moves on."];
    assert!(said.starts_with("Hint: pawn ") && words.iter().any(|w| said.ends_with(w)), "{said}");
    assert!(sim(g.view()).find(said.as_str()).is_ok(), "the panel shows the hint");
    let pawn: usize =
        said["Hint: pawn ".len()..].split(',').next().and_then(|n| n.parse().ok()).expect("a number");
    let before = g.game().pawns(Seat::ALL[0])[pawn - 1];
    // The hinted pawn is selected: Enter plays it.
    let _ = g.update(game::Message::Confirm { enter: true }, t);
    assert_ne!(g.game().pawns(Seat::ALL[0])[pawn - 1], before, "Enter moved the hinted pawn");

    // With another person at the table, hints wait for the setting.
    let table = TablePlan {
        sitters: [
            Sitter::Person,
            Sitter::Person,
            Sitter::Bot(Strategy::Normal),
            Sitter::Bot(Strategy::Normal),
        ],
        ..TablePlan::against_bots("You".into())
    };
    let mut g = GameScreen::new(table, [22; 32], t).expect("a valid table");
    until_you_choose(&mut g, &mut t);
    assert!(sim(g.view()).find("Hint").is_err(), "no hints at a table with another person by default");
    g.helpers.hints_with_people = true;
    assert!(sim(g.view()).find("Hint").is_ok(), "the setting offers them there too");
    Ok(())
}
