//! Fitting the learned leaves ([`super::learned`]), and the checks that
//! they foretell winners better than the standings alone.
//!
//! Two players, in two steps. First to who won classic games between
//! Normal bots. Then on
//! to who won games between a player that searches and Normal, so that the
//! leaf knows how much better the seat that searches plays on after it (the
//! searcher's flag, feature 18). Hard itself plays too slowly for 100,000
//! games, so a look two rolls ahead with the first step's leaf stands in
//! for it ([`lookahead_move`], about 60 times as fast and nearly as strong).
//!
//! To fit it again (about 25 minutes on one core, and 2 GB of memory for
//! the 8.8 million positions of the first step), which rewrites `fitted.rs`:
//! `LUDOPIA_FIT_OUT=src/bots/eval/fitted.rs cargo test --lib refit_the_two_player_leaf -- --ignored`
//!
//! Four players, in one step: to who won 15,000 classic games between a
//! stand-in for Hard (its own search with the standings alone for a leaf and
//! a quarter of its budget, [`STAND_IN_BUDGET`]) and three Normal bots, the
//! stand-in's seat flagged. Three of each position's four seats play as
//! Normal, so the same games teach the leaf how Normal's positions go on.
//! The look two rolls ahead of two players would see only two of the three
//! rivals' turns here. About 35 minutes on two cores, which rewrites
//! `fitted.rs` too:
//! `LUDOPIA_FIT_OUT=src/bots/eval/fitted.rs LUDOPIA_FIT_GAMES=15000 cargo test --lib refit_the_four_player_leaf -- --ignored`

use super::learned::{self, FOUR, Features, Leaves, Network, SEARCHER, TWO, Table};
use super::tests::play_out_at;
use super::{FITTED, Threats, place_chance, race_temperature};
use crate::bots::{Bot, SeededDie, Strategy, Stream, policy, search};
use crate::rules::{Action, Face, Game, Phase, Preset, Seat, SeatSet, TurnsPassed, default_players};
use rand::{Rng, SeedableRng};

/// A position at a roll: the features of the `K` seats that played on from
/// it, the winner's first.
struct Sample<const F: usize, const K: usize> {
    seats: [Features<F>; K],
}

/// A two-player position.
type Two = Sample<TWO, 2>;

/// Every third position at a roll of `count` games from `first_seed` on.
fn samples(first_seed: u64, count: u64) -> Vec<Two> {
    let players = default_players(2).expect("two seats");
    let mut out = Vec::new();
    for seed in first_seed..first_seed + count {
        let mut seen = Vec::new();
        let mut rolls = 0usize;
        let game = play_out_at(Preset::Classic, players, Strategy::Normal, seed, |game| {
            if game.phase() == Phase::Roll {
                rolls += 1;
                if rolls.is_multiple_of(3) {
                    let (temperature, mean_distance) = race_temperature(game);
                    seen.push(learned::both(game, &Threats::of(game), temperature, mean_distance, None));
                }
            }
            true
        });
        out.extend(seen.into_iter().filter_map(|seats| winner_first(&game, seats)));
    }
    out
}

/// Every third position at a roll of `count` games from `first_seed` on
/// between [`lookahead_move`] with the leaf `net` and a Normal bot, the
/// searcher in the first seat in even games, the second in odd ones.
fn searched_samples(first_seed: u64, count: u64, net: &Network<TWO>) -> Vec<Two> {
    let players = default_players(2).expect("two seats");
    let seats: Vec<Seat> = players.iter().collect();
    let mut out = Vec::new();
    for seed in first_seed..first_seed + count {
        let searcher = seats[(seed % 2) as usize];
        let record = |game: &Game, threats: &Threats, (temperature, mean_distance)| {
            Some(learned::both(game, threats, temperature, mean_distance, Some(searcher)))
        };
        out.extend(searcher_game((players, seed, searcher), record, |game| lookahead_move(game, net)));
    }
    out
}

/// A game from `seed` between `searcher`, moving as `move_of` says, and
/// Normal bots in the other seats of `players`; every third position at a
/// roll that `record` takes (its features for every seat), as samples.
fn searcher_game<const F: usize, const K: usize>(
    (players, seed, searcher): (SeatSet, u64, Seat),
    mut record: impl FnMut(&Game, &Threats, (f32, f32)) -> Option<[(Seat, Features<F>); K]>,
    mut move_of: impl FnMut(&Game) -> Option<u8>,
) -> Vec<Sample<F, K>> {
    let mut game = Game::new(Preset::Classic.rules(), players, Seat::ALL[0]).expect("valid");
    let mut normal = Bot::new(Strategy::Normal, seed);
    let mut dice = SeededDie::new(seed);
    let (mut seen, mut rolls) = (Vec::new(), 0usize);
    while let Some(seat) = game.to_act() {
        let action = if game.phase() == Phase::Roll {
            rolls += 1;
            if rolls.is_multiple_of(3) {
                seen.extend(record(&game, &Threats::of(&game), race_temperature(&game)));
            }
            Action::Roll { seat, face: dice.roll() }
        } else if seat == searcher {
            Action::Move { seat, pawn: move_of(&game).expect("a move is awaited") }
        } else {
            normal.decide(&game).expect("a move is awaited")
        };
        game.play(action, &mut TurnsPassed::default()).expect("legal");
    }
    seen.into_iter().filter_map(|seats| winner_first(&game, seats)).collect()
}

/// The stand-in for Hard while fitting: each distinct move weighed by the
/// expected leaf ([`place_chance`] with `net`) two rolls on, the rival
/// moving as Normal and the mover choosing its best.
fn lookahead_move(game: &Game, net: &Network<TWO>) -> Option<u8> {
    let leaves = Leaves { two: *net, ..Leaves::PLAIN };
    let candidates = search::candidates(game, &game.legal_moves())?;
    if candidates.len() <= 1 {
        return candidates.first().map(|(m, _)| m.pawn);
    }
    let (me, place) = (game.roller(), game.next_place());
    let mut best: Option<(f32, u8)> = None;
    for (m, after) in &candidates {
        let v = lookahead(after, me, place, 2, &leaves);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, m.pawn));
        }
    }
    best.map(|(_, pawn)| pawn)
}

/// The expected leaf of `game` for `me` over the next `rolls` rolls.
fn lookahead(game: &Game, me: Seat, place: u8, rolls: u32, leaves: &Leaves) -> f32 {
    let leaf = || place_chance(game, me, place, leaves);
    let on = |action| {
        let mut after = *game;
        after.play(action, &mut TurnsPassed::default()).ok().map(|()| after)
    };
    match game.phase() {
        Phase::Roll if rolls > 0 => {
            let seat = game.roller();
            let mut sum = 0.0;
            for face in Face::ALL {
                let Some(after) = on(Action::Roll { seat, face }) else { return leaf() };
                sum += lookahead(&after, me, place, rolls - 1, leaves);
            }
            sum / 6.0
        }
        Phase::Move { .. } if game.roller() == me => {
            let candidates = search::candidates(game, &game.legal_moves()).unwrap_or_default();
            let values = candidates.iter().map(|(_, after)| lookahead(after, me, place, rolls, leaves));
            values.reduce(f32::max).unwrap_or_else(leaf)
        }
        Phase::Move { .. } => {
            let seat = game.roller();
            match policy::best_by_value(game, &game.legal_moves()) {
                Some(m) => on(Action::Move { seat, pawn: m.pawn })
                    .map_or_else(leaf, |after| lookahead(&after, me, place, rolls, leaves)),
                None => leaf(),
            }
        }
        _ => leaf(),
    }
}

/// A four-player position, while all four play.
type Four = Sample<FOUR, 4>;

/// The stand-in for Hard at four players: Hard's search with the standings
/// alone for a leaf and a quarter of its budget. Only a little faster (8
/// games a second on two cores, Hard 6: most decisions end their race well
/// before the budget), but 15,000 games of it fit in half an hour.
const STAND_IN_BUDGET: u32 = 12_000;

/// Every third position at a roll while all four play, of `count` games
/// from `first_seed` on between the stand-in and three Normal bots, the
/// stand-in in seat `seed % 4`; on two threads.
fn four_player_samples(first_seed: u64, count: u64) -> Vec<Four> {
    let half = count / 2;
    std::thread::scope(|scope| {
        let later = scope.spawn(|| four_player_games(first_seed + half, count - half));
        let mut out = four_player_games(first_seed, half);
        out.extend(later.join().expect("the fitting thread"));
        out
    })
}

fn four_player_games(first_seed: u64, count: u64) -> Vec<Four> {
    let mut out = Vec::new();
    for seed in first_seed..first_seed + count {
        let searcher = Seat::ALL[(seed % 4) as usize];
        let record = |game: &Game, threats: &Threats, (temperature, mean_distance)| {
            let all = learned::table(game) == Some(Table::Four);
            all.then(|| learned::all_four(game, threats, temperature, mean_distance, Some(searcher)))
        };
        let mut rng = Stream::seed_from_u64(seed);
        let move_of = |game: &Game| search::searched_move(game, &mut rng, &Leaves::PLAIN, STAND_IN_BUDGET);
        out.extend(searcher_game((SeatSet::FULL, seed, searcher), record, move_of));
    }
    out
}

/// The sample of a position of `game`, played to its end, with the
/// features of its seats: the winner's first.
fn winner_first<const F: usize, const K: usize>(
    game: &Game,
    seats: [(Seat, Features<F>); K],
) -> Option<Sample<F, K>> {
    let first = seats.iter().position(|&(s, _)| game.place(s) == Some(1))?;
    let mut order = seats.map(|(_, f)| f);
    order.swap(0, first);
    Some(Sample { seats: order })
}

/// The log-likelihood lost on `sample`: how unsure `net` was of its winner
/// (at two seats, ln(1 + e^-m) for the winner's margin m).
fn loss<const F: usize, const K: usize>(net: &Network<F>, sample: &Sample<F, K>) -> f32 {
    let scores = sample.seats.map(|f| net.score(&f));
    let top = scores.iter().copied().fold(f32::MIN, f32::max);
    // The log of the sum of exponentials, without overflow.
    top + scores.iter().map(|s| (s - top).exp()).sum::<f32>().ln() - scores[0]
}

fn mean_loss<const F: usize, const K: usize>(net: &Network<F>, samples: &[Sample<F, K>]) -> f64 {
    samples.iter().map(|s| f64::from(loss(net, s))).sum::<f64>() / samples.len() as f64
}

/// Asserts that the log-likelihood lost per position, `better`, is at
/// least `margin` below `worse`: what each fitting step must gain.
fn assert_gain(what: &str, better: f64, worse: f64, margin: f64) {
    assert!(better < worse - margin, "{what}: {better:.5} lost per position against {worse:.5}");
}

/// Adds `sample`'s gradient of the loss to `grad`.
fn add_gradient<const F: usize, const K: usize>(
    net: &Network<F>,
    sample: &Sample<F, K>,
    grad: &mut Network<F>,
) {
    let scores = sample.seats.map(|f| net.score(&f));
    let top = scores.iter().copied().fold(f32::MIN, f32::max);
    let weights = scores.map(|s| (s - top).exp());
    let sum: f32 = weights.iter().sum();
    for (k, f) in sample.seats.iter().enumerate() {
        // The loss's slope in this seat's score: its chance, less one for the winner.
        let sign = weights[k] / sum - if k == 0 { 1.0 } else { 0.0 };
        let units = net.hidden(f).into_iter().zip(net.out).zip(grad.hidden.iter_mut());
        for (j, ((unit, out), row)) in units.enumerate() {
            grad.out[j] += sign * unit;
            // A rectified unit at zero passes no gradient back.
            if unit > 0.0 {
                let back = sign * out;
                grad.bias[j] += back;
                for (g, x) in row.iter_mut().zip(f) {
                    *g += back * x;
                }
            }
        }
    }
}

fn weights<const F: usize>(net: &mut Network<F>) -> impl Iterator<Item = &mut f32> {
    net.hidden.iter_mut().flatten().chain(net.bias.iter_mut()).chain(net.out.iter_mut())
}

/// A network to train from: random hidden weights (but the searcher's
/// flag's, which games between Normal bots never set), zero output, so
/// training starts from the plain leaf.
fn start<const F: usize>(rng: &mut Stream) -> Network<F> {
    let mut net = Network::ZERO;
    for w in net.hidden.iter_mut().flat_map(|row| &mut row[..SEARCHER]) {
        *w = (rng.random::<f32>() - 0.5) * 0.5;
    }
    net
}

/// Adam from `net` over batches of 256 shuffled by `rng`, the step `rate`
/// at first and shrinking each epoch.
fn train<const F: usize, const K: usize>(
    mut net: Network<F>,
    samples: &[Sample<F, K>],
    epochs: i32,
    rng: &mut Stream,
    rate: f32,
) -> Network<F> {
    let (mut first, mut second) = (Network::<F>::ZERO, Network::<F>::ZERO);
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut step = 0;
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let rate = rate * 0.6f32.powi(epoch);
        for batch in order.chunks(256) {
            let mut grad = Network::<F>::ZERO;
            for &i in batch {
                add_gradient(&net, &samples[i], &mut grad);
            }
            step += 1;
            let scale = 1.0 / batch.len() as f32;
            let (unbias1, unbias2) = (1.0 - 0.9f32.powi(step), 1.0 - 0.999f32.powi(step));
            let moments = weights(&mut first).zip(weights(&mut second));
            for ((w, g), (m, v)) in weights(&mut net).zip(weights(&mut grad)).zip(moments) {
                let g = *g * scale;
                *m = 0.9 * *m + 0.1 * g;
                *v = 0.999 * *v + 0.001 * g * g;
                *w -= rate * (*m / unbias1) / ((*v / unbias2).sqrt() + 1e-8);
            }
        }
    }
    net
}

/// `leaves` as the Rust source of `fitted.rs`.
fn source(leaves: &Leaves) -> String {
    fn network<const F: usize>(name: &str, net: &Network<F>) -> String {
        let row = |xs: &[f32]| xs.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(", ");
        let hidden: Vec<String> = net.hidden.iter().map(|r| format!("            [{}],\n", row(r))).collect();
        format!(
            "    {name}: Network {{\n        hidden: [\n{}        ],\n        bias: [{}],\n        out: [{}],\n    }},\n",
            hidden.concat(),
            row(&net.bias),
            row(&net.out)
        )
    }
    format!(
        "//! The learned leaves' weights, written by `fit.rs` (see there to fit\n\
         //! them again): not edited by hand.\n\n\
         use super::learned::{{Leaves, Network}};\n\n\
         #[rustfmt::skip]\n\
         pub(crate) const FITTED: Leaves = Leaves {{\n{}{}}};\n",
        network("two", &leaves.two),
        network("four", &leaves.four)
    )
}

#[test]
#[ignore = "fits the weights (minutes): run by hand to rewrite fitted.rs"]
fn refit_the_two_player_leaf() {
    let path = std::env::var("LUDOPIA_FIT_OUT").expect("LUDOPIA_FIT_OUT names the file to write");
    // Games between Normal bots.
    let mut rng = Stream::seed_from_u64(7);
    let normal = train(start(&mut rng), &samples(1_000_000, 150_000), 8, &mut rng, 0.003);
    let held_out = samples(2_000_000, 20_000);
    let (plain, learned) = (mean_loss(&Network::ZERO, &held_out), mean_loss(&normal, &held_out));
    eprintln!("held out, Normal's games: {plain:.5} standings alone, {learned:.5} learned");
    assert_gain("the first step, held out", learned, plain, 0.002);
    // Games of a searcher, which leans on what the first step learned.
    let games = searched_samples(5_000_000, 100_000, &normal);
    let searched = train(normal, &games, 4, &mut Stream::seed_from_u64(7), 0.001);
    let held_out = searched_samples(6_000_000, 10_000, &normal);
    let (before, after) = (mean_loss(&normal, &held_out), mean_loss(&searched, &held_out));
    eprintln!("held out, the searcher's games: {before:.5} Normal's fit, {after:.5} with the searcher's");
    assert_gain("the second step, held out", after, before, 0.005);
    std::fs::write(path, source(&Leaves { two: searched, ..FITTED })).expect("write the fitted weights");
}

/// The four-player leaf, from the standings alone, fitted to who won games
/// between the stand-in for Hard and three Normal bots (`LUDOPIA_FIT_GAMES`
/// of them, 15,000 unless set: the games `fitted.rs` was fitted to).
#[test]
#[ignore = "fits the weights (minutes): run by hand to rewrite fitted.rs"]
fn refit_the_four_player_leaf() {
    let path = std::env::var("LUDOPIA_FIT_OUT").expect("LUDOPIA_FIT_OUT names the file to write");
    let count = std::env::var("LUDOPIA_FIT_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(15_000);
    let started = std::time::Instant::now();
    let games = four_player_samples(8_000_000, count);
    eprintln!("{} positions of {count} games in {:?}", games.len(), started.elapsed());
    let mut rng = Stream::seed_from_u64(7);
    let net = train(start(&mut rng), &games, 4, &mut rng, 0.003);
    let held_out = four_player_samples(9_000_000, count / 10);
    let (plain, learned) = (mean_loss(&Network::ZERO, &held_out), mean_loss(&net, &held_out));
    eprintln!("held out: {plain:.5} standings alone, {learned:.5} learned, in {:?}", started.elapsed());
    assert_gain("held out", learned, plain, 0.002);
    std::fs::write(path, source(&Leaves { four: net, ..FITTED })).expect("write the fitted weights");
}

#[test]
fn the_learned_leaf_foretells_two_player_winners_better_than_standings_alone() {
    // Games never fitted to.
    let held_out = samples(3_000_000, 1_500);
    let (plain, learned) = (mean_loss(&Network::ZERO, &held_out), mean_loss(&FITTED.two, &held_out));
    assert!(held_out.len() > 50_000, "{} positions", held_out.len());
    assert_gain("learned against plain", learned, plain, 0.002);
}

#[test]
fn training_lowers_the_loss_on_the_positions_it_fits() {
    let fit_on = samples(4_000_000, 300);
    let mut rng = Stream::seed_from_u64(1);
    let net = train(start(&mut rng), &fit_on, 2, &mut rng, 0.003);
    assert_gain("trained against plain", mean_loss(&net, &fit_on), mean_loss(&Network::ZERO, &fit_on), 0.002);
}

/// The searcher's flag is worth its place: on games of the stand-in
/// searcher (leaning on the fitted leaf itself) never fitted to, the leaf
/// that knows which seat searches foretells their winners better than the
/// same weights told that nobody does (as if both played like Normal).
#[test]
fn knowing_which_seat_searches_foretells_its_games_better() {
    let held_out = searched_samples(7_000_000, 200, &FITTED.two);
    let unflagged = unflagged(&held_out);
    let net = &FITTED.two;
    let (flagged, blind) = (mean_loss(net, &held_out), mean_loss(net, &unflagged));
    assert!(held_out.len() > 5_000, "{} positions", held_out.len());
    assert_gain("flagged against not", flagged, blind, 0.003);
}

/// Every third position at a roll while all four play, of `count` games
/// between Normal bots from `first_seed` on (nobody searches).
fn four_normal_samples(first_seed: u64, count: u64) -> Vec<Four> {
    let mut out = Vec::new();
    for seed in first_seed..first_seed + count {
        let mut seen = Vec::new();
        let mut rolls = 0usize;
        let game = play_out_at(Preset::Classic, SeatSet::FULL, Strategy::Normal, seed, |game| {
            if game.phase() == Phase::Roll {
                rolls += 1;
                if rolls.is_multiple_of(3) && learned::table(game) == Some(Table::Four) {
                    let (temperature, mean_distance) = race_temperature(game);
                    seen.push(learned::all_four(game, &Threats::of(game), temperature, mean_distance, None));
                }
            }
            true
        });
        out.extend(seen.into_iter().filter_map(|seats| winner_first(&game, seats)));
    }
    out
}

/// The same positions told that nobody searches (as if every seat played
/// like Normal).
fn unflagged<const F: usize, const K: usize>(samples: &[Sample<F, K>]) -> Vec<Sample<F, K>> {
    let unflag = |mut f: Features<F>| {
        f[SEARCHER] = 0.0;
        f
    };
    samples.iter().map(|s| Sample { seats: s.seats.map(unflag) }).collect()
}

/// The four-player leaf, on games never fitted to: between Normal bots it
/// foretells the winner better than the standings alone; in the stand-in's
/// games it does too, and better than the same weights told that nobody
/// searches.
#[test]
fn the_four_player_leaf_foretells_winners_better_and_knows_the_searcher() {
    let normal = four_normal_samples(10_000_000, 1_500);
    assert!(normal.len() > 100_000, "{} positions", normal.len());
    assert_gain(
        "between Normal bots",
        mean_loss(&FITTED.four, &normal),
        mean_loss(&Network::ZERO, &normal),
        0.003,
    );
    let searched = four_player_samples(10_000_000, 160);
    let learned = mean_loss(&FITTED.four, &searched);
    assert!(searched.len() > 15_000, "{} positions", searched.len());
    assert_gain("the stand-in's games", learned, mean_loss(&Network::ZERO, &searched), 0.005);
    assert_gain("flagged against not", learned, mean_loss(&FITTED.four, &unflagged(&searched)), 0.003);
}

#[test]
fn the_fitted_weights_are_exactly_those_the_fit_wrote() {
    // Every weight survives the trip through its source, and no hand has
    // touched the file since.
    assert_eq!(source(&FITTED), include_str!("fitted.rs"));
}
