//! Bots play whole games of every preset, player count and a spread of house
//! rules to the end, through the same loop the simulator uses.

use ludopia::bots::{Bot, SeededDie, Strategy, play_game};
use ludopia::rules::{Game, Preset, Rules, Seat, default_players};
use serde_json::json;

/// Plays one game of `rules` between `strategies` (one per player) and
/// checks that it ends with every player placed.
fn finishes(rules: Rules, strategies: &[Strategy], seed: u64) {
    let players = default_players(strategies.len()).expect("2 to 4 players");
    let seats: Vec<Seat> = players.iter().collect();
    let game = Game::new(rules, players, seats[seed as usize % seats.len()]).expect("valid game");
    let mut bots: [Option<Bot>; 4] = [None, None, None, None];
    for (k, (seat, strategy)) in seats.iter().zip(strategies).enumerate() {
        bots[seat.index()] = Some(Bot::new(*strategy, seed * 10 + k as u64));
    }
    let mut dice = SeededDie::new(seed);
    let played = play_game(game, &mut bots, || dice.roll())
        .unwrap_or_else(|e| panic!("{rules:?} {strategies:?}: {e}"));
    assert!(played.game.is_over());
    let mut places: Vec<u8> = seats.iter().map(|&s| played.game.place(s).expect("everyone placed")).collect();
    places.sort_unstable();
    assert_eq!(places[0], 1, "someone wins: {places:?}");
    assert!(places.iter().all(|&p| (1..=strategies.len() as u8).contains(&p)), "{places:?}");
    assert!(played.turns > 1);
}

const MIXES: [&[Strategy]; 3] = [
    &[Strategy::Normal, Strategy::Easy],
    &[Strategy::Easy, Strategy::Random, Strategy::Normal],
    &[Strategy::Normal, Strategy::Random, Strategy::Easy, Strategy::Normal],
];

#[test]
fn every_preset_with_two_three_and_four_players() {
    for preset in Preset::ALL {
        for (i, mix) in MIXES.iter().enumerate() {
            for seed in 0..3 {
                finishes(preset.rules(), mix, seed * 7 + i as u64);
            }
        }
    }
}

#[test]
fn house_rule_combinations() {
    let combos = [
        json!({"pawns": 2}),
        json!({"three_sixes": "leading_pawn_home", "must_capture": true}),
        json!({"pawns": 2, "three_sixes": "leading_pawn_home", "must_capture": true, "arrival_bonus": true}),
        json!({"blocking": true, "one_per_space": true}),
        json!({"home": "four_spaces", "safe_squares": "none"}),
        json!({"start_blocked_by_own": true, "end": "first_home", "capture_bonus": false}),
        json!({"end": "play_on", "blocking": true}),
        json!({"one_per_space": true, "must_capture": true, "home": "four_spaces"}),
        json!({"first_player": "seat0", "three_sixes": "none", "safe_squares": "none"}),
    ];
    for preset in Preset::ALL {
        for (i, combo) in combos.iter().enumerate() {
            let rules = preset.rules().with_overrides(combo).expect("valid house rules");
            for mix in MIXES {
                finishes(rules, mix, i as u64 * 31 + mix.len() as u64);
            }
        }
    }
}

#[test]
fn hard_finishes_every_preset_and_hard_duels_end() {
    let two_pawns = json!({"pawns": 2});
    for preset in Preset::ALL {
        let rules = preset.rules().with_overrides(&two_pawns).expect("valid");
        finishes(rules, &[Strategy::Hard, Strategy::Normal, Strategy::Easy], 3);
    }
    // Two full-strength duel players would draw every board for ever.
    let palace = Preset::Palace.rules().with_overrides(&two_pawns).expect("valid");
    finishes(palace, &[Strategy::Hard, Strategy::Hard], 4);
}

#[test]
fn team_games_of_every_preset_end_with_both_partners_placed_together() {
    let mixes: [&[Strategy]; 3] = [
        &[Strategy::Normal, Strategy::Easy, Strategy::Random, Strategy::Normal],
        &[Strategy::Random, Strategy::Random, Strategy::Easy, Strategy::Easy],
        &[Strategy::Hard, Strategy::Normal, Strategy::Easy, Strategy::Random],
    ];
    for preset in Preset::ALL {
        for (i, mix) in mixes.iter().enumerate() {
            // Hard searches: two pawns keep its game short.
            let pawns = if mix.contains(&Strategy::Hard) { 2 } else { 4 };
            let rules =
                preset.rules().with_overrides(&json!({"teams": "opposite", "pawns": pawns})).expect("valid");
            let seed = 40 + i as u64;
            finishes(rules, mix, seed);
            let game = Game::new(rules, ludopia::rules::SeatSet::FULL, Seat::ALL[0]).expect("valid");
            let mut bots = Seat::ALL.map(|s| Some(Bot::new(mix[s.index()], seed + s.index() as u64)));
            let mut dice = SeededDie::new(seed);
            let played =
                play_game(game, &mut bots, || dice.roll()).unwrap_or_else(|e| panic!("{preset}: {e}"));
            let places = Seat::ALL.map(|s| played.game.place(s));
            assert_eq!(places[0], places[2], "{preset}: partners share a place: {places:?}");
            assert_eq!(places[1], places[3], "{preset}: partners share a place: {places:?}");
            assert_ne!(places[0], places[1], "{preset}: {places:?}");
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let play = |seed| {
        let game =
            Game::new(Preset::Palace.rules(), default_players(4).expect("4"), Seat::ALL[1]).expect("valid");
        let mut bots = [Strategy::Hard, Strategy::Normal, Strategy::Easy, Strategy::Random]
            .map(|s| Some(Bot::new(s, seed)));
        let mut dice = SeededDie::new(seed);
        let played = play_game(game, &mut bots, || dice.roll()).expect("finishes");
        (played.game, played.turns, played.actions)
    };
    assert_eq!(play(11), play(11));
    assert_ne!(play(11), play(12));
}

#[test]
fn decide_waits_for_the_die_and_the_end() {
    let game =
        Game::new(Preset::Classic.rules(), default_players(2).expect("2"), Seat::ALL[0]).expect("valid");
    for strategy in Strategy::ALL {
        let mut bot = Bot::new(strategy, 1);
        assert_eq!(bot.decide(&game), None, "{strategy} must not roll");
        assert_eq!(strategy.name().parse::<Strategy>(), Ok(strategy));
    }
    assert!("expert".parse::<Strategy>().is_err());
}
