//! Every rule at the table (issue 22): each parameter's control on the
//! setup screen, a saved preset that comes back and plays, a team game
//! played to its end, and the game screen's rules panel.

use super::*;
use ludopia::rules::{Goal, Preset, Rules, Teams};
use ludopia::ui::screen::setup::{self, Param};
use ludopia::ui::screen::{home, how_to};

/// The setup screen's view, for finding what it shows.
fn setup_shows(app: &App, label: &str) -> bool {
    sim(app.view()).find(label).is_ok()
}

fn setup_rules(app: &App) -> Rules {
    let Screen::Setup(s) = &app.screen else { panic!("not on the setup screen") };
    s.table.rules
}

/// Chooses `param`'s value labelled `label`, as its button sends it.
fn choose(app: &mut App, param: Param, label: &str) {
    let i =
        param.values(&setup_rules(app)).iter().position(|(l, _)| l == label).expect("a value of that name");
    let _ = app.update(Message::Setup(setup::Message::Choose(param, i)));
}

#[test]
fn the_setup_screen_offers_every_parameter_with_its_line_and_the_quick_preset() -> Result<(), Error> {
    let mut app = App::new(Prefs::default(), Opening::Home, Instant::now());
    let _ = app.update(Message::Home(home::Message::PlayHere));
    for param in Param::ALL {
        assert!(setup_shows(&app, param.title()), "{param:?}'s title");
        assert!(setup_shows(&app, param.explain()), "{param:?}'s line");
    }
    // The three values of three sixes, and the quick preset by its button.
    for label in ["Nothing", "Turn forfeit", "Leading pawn home"] {
        assert!(setup_shows(&app, label), "{label}");
    }
    click_text(&mut app, "Quick")?;
    assert_eq!(setup_rules(&app), Preset::Quick.rules());
    assert!(setup_shows(&app, "Quick: one pawn out, capture to open home, first pawn home wins."));
    // Each new control sets its parameter.
    choose(&mut app, Param::Pawns, "2");
    choose(&mut app, Param::StartOut, "2");
    choose(&mut app, Param::Goal, "All pawns");
    choose(&mut app, Param::CaptureToHome, "Off");
    choose(&mut app, Param::OnePerSpace, "On");
    let r = setup_rules(&app);
    assert_eq!(
        (r.pawns, r.start_out, r.goal, r.capture_to_home, r.one_per_space),
        (2, 2, Goal::All, false, true)
    );
    // Two pawns stacked on one start under one pawn per space: said, and no start.
    let Screen::Setup(s) = &app.screen else { panic!("not on the setup screen") };
    let problem = s.problem().expect("the rules cannot be played");
    assert!(problem.starts_with("These rules cannot be played:") && setup_shows(&app, &problem), "{problem}");
    click_text(&mut app, "Start the game")?;
    assert!(matches!(app.screen, Screen::Setup(_)), "no game with rules that cannot be played");
    choose(&mut app, Param::StartOut, "1");
    choose(&mut app, Param::FourSpaces, "On");
    choose(&mut app, Param::ThreeSixes, "Leading pawn home");
    choose(&mut app, Param::FirstPlayer, "First seat");
    choose(&mut app, Param::Teams, "Opposite seats");
    let r = setup_rules(&app);
    assert_eq!(
        (r.home, r.three_sixes, r.teams),
        (ludopia::rules::Home::FourSpaces, ludopia::rules::ThreeSixes::LeadingPawnHome, Teams::Opposite)
    );
    assert_eq!(r.first_player, ludopia::rules::FirstPlayer::Seat0);
    // A team table with an empty seat cannot start, and says why.
    let _ = app.update(Message::Setup(setup::Message::Sitter(Seat::ALL[1], Sitter::Empty)));
    assert!(setup_shows(&app, "Teams need all four seats filled."));
    click_text(&mut app, "Start the game")?;
    assert!(matches!(app.screen, Screen::Setup(_)), "no team table with three seats");
    let _ = app.update(Message::Setup(setup::Message::Sitter(Seat::ALL[1], Sitter::Bot(Strategy::Easy))));
    click_text(&mut app, "Start the game")?;
    let Screen::Game(g) = &app.screen else { panic!("the team table starts") };
    assert_eq!(*g.game().rules(), r);
    Ok(())
}

/// README offers four bots, Random among them: the setup seats each.
#[test]
fn the_setup_seats_a_random_bot_as_readme_offers() -> Result<(), Error> {
    let mut app = App::new(Prefs::default(), Opening::Home, Instant::now());
    let _ = app.update(Message::Home(home::Message::PlayHere));
    for level in ["Easy", "Normal", "Hard", "Random"] {
        assert!(setup_shows(&app, &format!("Bot · {level}")), "{level}");
    }
    // The first seat's button: the person here gives way to a Random bot.
    click_text(&mut app, "Bot · Random")?;
    click_text(&mut app, "Start the game")?;
    let Screen::Game(g) = &app.screen else { panic!("the table starts") };
    assert!(sim(g.view()).find("BOT · RANDOM").is_ok(), "a seat card names the Random bot");
    Ok(())
}

#[test]
fn a_saved_preset_is_kept_in_the_settings_appears_beside_the_presets_and_plays() -> Result<(), Error> {
    let dir = tempfile::tempdir().expect("a temp folder");
    let home_dir = ludopia::profile::Home::at(dir.path());
    let mut app = app_at(&home_dir);
    let _ = app.update(Message::Home(home::Message::PlayHere));
    click_text(&mut app, "Quick")?;
    choose(&mut app, Param::Teams, "Opposite seats");
    let team_quick = setup_rules(&app);
    let _ = app.update(Message::Setup(setup::Message::PresetName("Team quick".into())));
    // The button sits below the fold of the scrolled setup: its message.
    assert!(setup_shows(&app, "Save as a preset"));
    let _ = app.update(Message::Setup(setup::Message::SavePreset));

    // A new window, from the settings on disk: the preset is offered.
    let (prefs, _) = Prefs::load(&home_dir).expect("saved settings");
    assert_eq!(prefs.settings.saved_presets.len(), 1);
    assert_eq!(
        (prefs.settings.saved_presets[0].name.as_str(), prefs.settings.saved_presets[0].rules),
        ("Team quick", team_quick)
    );
    let mut app = App::new(prefs, Opening::Home, Instant::now()).with_home(Some(home_dir), Vec::new()).0;
    let _ = app.update(Message::Home(home::Message::PlayHere));
    click_text(&mut app, "Classic")?;
    assert_eq!(setup_rules(&app), Preset::Classic.rules());
    click_text(&mut app, "Team quick")?;
    assert_eq!(setup_rules(&app), team_quick);
    assert!(setup_shows(&app, "Your preset: Team quick"));
    for seat in Seat::ALL {
        let _ = app.update(Message::Setup(setup::Message::Sitter(seat, Sitter::Bot(Strategy::Normal))));
    }
    let _ = app.update(Message::Setup(setup::Message::BotSpeed(BotSpeed::Fast)));
    click_text(&mut app, "Start the game")?;
    let Screen::Game(g) = &mut app.screen else { panic!("the saved preset's table starts") };
    assert_eq!(*g.game().rules(), team_quick);
    let mut t = Instant::now();
    play_bots_to_the_end(g, &mut t);
    Ok(())
}

/// Ticks a table of bots until its game is over.
fn play_bots_to_the_end(g: &mut GameScreen, t: &mut Instant) {
    for _ in 0..50_000 {
        if g.game().is_over() {
            return;
        }
        assert!(g.bot_to_act(), "bots are waited for");
        *t += Duration::from_secs(3);
        g.tick(*t);
        let _ = g.update(game::Message::Tick, *t);
    }
    panic!("the game does not end");
}

#[test]
fn a_team_game_plays_to_its_end_with_both_partners_placed_together() -> Result<(), Error> {
    let rules = Rules { teams: Teams::Opposite, ..Preset::Classic.rules() };
    let table = TablePlan {
        rules,
        sitters: [Sitter::Bot(Strategy::Normal); 4],
        ..TablePlan::against_bots("You".into())
    };
    let mut t = Instant::now();
    let mut g = GameScreen::new(table, [9; 32], t).expect("a team table");
    // The rules panel names the table and opens on every rule.
    assert!(sim(g.view()).find(how_to::summary(&rules).as_str()).is_ok());
    click_game(&mut g, "Show all", t)?;
    let partners = "Opposite seats play as partners. Partners share squares and never capture each other. Once you have finished, your rolls move your partner's pawns.";
    let partners = format!("•  {partners}");
    assert!(sim(g.view()).find(partners.as_str()).is_ok(), "the open panel explains teams");
    click_game(&mut g, "Hide", t)?;
    assert!(sim(g.view()).find(partners.as_str()).is_err());
    // The seats' cards name the teams (at a table without teams, none).
    for team in ["TEAM 1", "TEAM 2"] {
        assert!(sim(g.view()).find(team).is_ok(), "{team} on the partners' cards");
    }
    let alone =
        TablePlan { sitters: [Sitter::Bot(Strategy::Normal); 4], ..TablePlan::against_bots("You".into()) };
    let alone = GameScreen::new(alone, [9; 32], t).expect("a table");
    assert!(sim(alone.view()).find("TEAM 1").is_err(), "no team without teams");
    play_bots_to_the_end(&mut g, &mut t);
    let game = g.game();
    let winner = Seat::ALL.into_iter().find(|&s| game.place(s) == Some(1)).expect("a winning team");
    assert_eq!(game.place(winner.partner()), Some(1));
    for loser in Seat::ALL.into_iter().filter(|&s| s != winner && s != winner.partner()) {
        assert_eq!(game.place(loser), Some(2));
    }
    Ok(())
}

#[test]
fn how_to_play_explains_the_quick_game_and_teams_from_their_parameters() -> Result<(), Error> {
    let mut app = App::new(Prefs::default(), Opening::Home, Instant::now());
    let _ = app.update(Message::Home(home::Message::HowToPlay));
    click_text(&mut app, "Quick")?;
    let shows = |app: &App, line: &str| sim(app.view()).find(format!("•  {line}").as_str()).is_ok();
    assert!(shows(&app, "1 of your pawns begins on your start square."));
    assert!(shows(&app, "The first player with a pawn home wins."));
    let partners = "Your pawns turn up your lane only once you or your partner have captured a pawn; until then they go round the board again.";
    assert!(!shows(&app, partners));
    click_text(&mut app, "2 v 2 teams")?;
    assert!(shows(&app, partners));
    assert!(shows(&app, "The first team with both partners finished wins; the other team comes second."));
    Ok(())
}

/// Plaza seats yellow and blue the other way round from classic: a choice
/// made for a colour stays with that colour.
#[test]
fn a_preset_with_another_colour_order_keeps_each_colours_player() {
    use ludopia::rules::Colour;
    let mut app = App::new(Prefs::default(), Opening::Home, Instant::now());
    let _ = app.update(Message::Home(home::Message::PlayHere));
    let _ = app.update(Message::Setup(setup::Message::Preset(Preset::Classic)));
    let yellow = setup_rules(&app).seat_of(Colour::Yellow);
    let _ = app.update(Message::Setup(setup::Message::Sitter(yellow, Sitter::Bot(Strategy::Hard))));
    let blue = setup_rules(&app).seat_of(Colour::Blue);
    let _ = app.update(Message::Setup(setup::Message::Sitter(blue, Sitter::Bot(Strategy::Easy))));
    let _ = app.update(Message::Setup(setup::Message::Preset(Preset::Plaza)));
    let rules = setup_rules(&app);
    assert_ne!(rules.seat_of(Colour::Yellow), yellow, "plaza seats yellow elsewhere");
    let Screen::Setup(s) = &app.screen else { panic!("the setup") };
    assert_eq!(s.table.sitters[rules.seat_of(Colour::Yellow).index()], Sitter::Bot(Strategy::Hard));
    assert_eq!(s.table.sitters[rules.seat_of(Colour::Blue).index()], Sitter::Bot(Strategy::Easy));
    assert_eq!(s.table.sitters[rules.seat_of(Colour::Red).index()], Sitter::Person);
}
