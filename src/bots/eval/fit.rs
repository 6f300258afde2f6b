//! Fitting the learned leaf ([`super::learned`]) to who won two-player
//! classic games between Normal bots, and the check that it foretells
//! winners better than the standings alone.
//!
//! To fit it again (about two minutes, and 2 GB of memory for
//! the 8.8 million positions), which rewrites `fitted.rs`:
//! `LUDOPIA_FIT_OUT=src/bots/eval/fitted.rs cargo test --lib refit_the_two_player_leaf -- --ignored`

use super::learned::{self, FEATURES, Features, HIDDEN, Network};
use super::tests::play_out_at;
use super::{Threats, race_temperature};
use crate::bots::{Strategy, Stream};
use crate::rules::{Phase, Preset, default_players};
use rand::{Rng, SeedableRng};

/// The network that adds nothing: the plain leaf, where training starts.
const ZERO: Network = Network { hidden: [[0.0; FEATURES]; HIDDEN], bias: [0.0; HIDDEN], out: [0.0; HIDDEN] };

/// A position at a roll: both seats' features, the winner's first.
struct Sample {
    winner: Features,
    loser: Features,
}

/// Every third position at a roll of `count` games from `first_seed` on.
fn samples(first_seed: u64, count: u64) -> Vec<Sample> {
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
                    seen.push(learned::both(game, &Threats::of(game), temperature, mean_distance));
                }
            }
            true
        });
        for [(a, fa), (_, fb)] in seen {
            let (winner, loser) = if game.place(a) == Some(1) { (fa, fb) } else { (fb, fa) };
            out.push(Sample { winner, loser });
        }
    }
    out
}

/// The log-likelihood lost on `sample`: how unsure `net` was of its winner.
fn loss(net: &Network, sample: &Sample) -> f32 {
    let margin = net.score(&sample.winner) - net.score(&sample.loser);
    // ln(1 + e^-m), without overflow for large negative m.
    (-margin).max(0.0) + (-margin.abs()).exp().ln_1p()
}

fn mean_loss(net: &Network, samples: &[Sample]) -> f64 {
    samples.iter().map(|s| f64::from(loss(net, s))).sum::<f64>() / samples.len() as f64
}

/// Adds `sample`'s gradient of the loss to `grad`.
fn add_gradient(net: &Network, sample: &Sample, grad: &mut Network) {
    let margin = net.score(&sample.winner) - net.score(&sample.loser);
    let d = -1.0 / (1.0 + margin.exp());
    for (f, sign) in [(&sample.winner, d), (&sample.loser, -d)] {
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

fn weights(net: &mut Network) -> impl Iterator<Item = &mut f32> {
    net.hidden.iter_mut().flatten().chain(net.bias.iter_mut()).chain(net.out.iter_mut())
}

/// Adam over shuffled batches of 256, the step shrinking each epoch.
fn train(samples: &[Sample], epochs: i32, seed: u64) -> Network {
    let mut rng = Stream::seed_from_u64(seed);
    let mut net = ZERO;
    // Random hidden weights, zero output: training starts from the plain leaf.
    for w in net.hidden.iter_mut().flatten() {
        *w = (rng.random::<f32>() - 0.5) * 0.5;
    }
    let (mut first, mut second) = (ZERO, ZERO);
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut step = 0;
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let rate = 0.003 * 0.6f32.powi(epoch);
        for batch in order.chunks(256) {
            let mut grad = ZERO;
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

/// `net` as the Rust source of `fitted.rs`.
fn source(net: &Network) -> String {
    let row = |xs: &[f32]| xs.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(", ");
    let hidden: Vec<String> = net.hidden.iter().map(|r| format!("        [{}],\n", row(r))).collect();
    format!(
        "//! The learned leaf's weights, written by `fit.rs` (see there to fit\n\
         //! them again): not edited by hand.\n\n\
         use super::learned::Network;\n\n\
         #[rustfmt::skip]\n\
         pub(super) const FITTED: Network = Network {{\n    hidden: [\n{}    ],\n    bias: [{}],\n    out: [{}],\n}};\n",
        hidden.concat(),
        row(&net.bias),
        row(&net.out)
    )
}

#[test]
#[ignore = "fits the weights (minutes): run by hand to rewrite fitted.rs"]
fn refit_the_two_player_leaf() {
    let train_on = samples(1_000_000, 150_000);
    let net = train(&train_on, 8, 7);
    let held_out = samples(2_000_000, 20_000);
    let (plain, learned) = (mean_loss(&ZERO, &held_out), mean_loss(&net, &held_out));
    eprintln!("held out: {plain:.5} standings alone, {learned:.5} learned");
    assert!(learned < plain - 0.002, "the fit foretells no better: {learned:.5} against {plain:.5}");
    let path = std::env::var("LUDOPIA_FIT_OUT").expect("LUDOPIA_FIT_OUT names the file to write");
    std::fs::write(path, source(&net)).expect("write the fitted weights");
}

#[test]
fn the_learned_leaf_foretells_two_player_winners_better_than_standings_alone() {
    // Games never fitted to.
    let held_out = samples(3_000_000, 1_500);
    let (plain, learned) = (mean_loss(&ZERO, &held_out), mean_loss(&super::fitted::FITTED, &held_out));
    assert!(held_out.len() > 50_000, "{} positions", held_out.len());
    assert!(
        learned < plain - 0.002,
        "log-likelihood lost per position: {learned:.5} learned, {plain:.5} plain"
    );
}

#[test]
fn training_lowers_the_loss_on_the_positions_it_fits() {
    let fit_on = samples(4_000_000, 300);
    let net = train(&fit_on, 2, 1);
    assert!(mean_loss(&net, &fit_on) < mean_loss(&ZERO, &fit_on) - 0.002);
}

#[test]
fn the_fitted_weights_are_exactly_those_the_fit_wrote() {
    // Every weight survives the trip through its source, and no hand has
    // touched the file since.
    assert_eq!(source(&super::fitted::FITTED), include_str!("fitted.rs"));
}
