//! Engine speed and Hard's thinking time.
//!
//! `cargo bench --bench engine`: criterion times whole 4-player classic games
//! between random players (the engine's speed), then Hard's decisions are
//! timed one by one in 4-player classic games against Normal and the
//! percentiles printed (the bots themselves never read a clock).

use criterion::Criterion;
use ludopia::bots::{Bot, Player, Strategy, play_game};
use ludopia::rules::{Action, Game, Preset, Seat, SeatSet};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn random_game(seed: u64) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let game = Game::new(Preset::Classic.rules(), SeatSet::FULL, Seat::ALL[0]).expect("classic is valid");
    let mut bots = [0, 1, 2, 3].map(|k| Some(Bot::new(Strategy::Random, seed ^ k)));
    play_game(game, &mut bots, || rng.random_range(1..=6)).map_or(0, |p| p.turns)
}

fn engine(c: &mut Criterion) {
    let mut seed = 0u64;
    c.bench_function("classic 4 random players, one game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(seed))
        })
    });
}

/// A bot whose decisions are timed.
struct Timed {
    bot: Bot,
    times: Vec<Duration>,
}

impl Player for Timed {
    fn decide(&mut self, game: &Game) -> Option<Action> {
        let start = Instant::now();
        let action = self.bot.decide(game);
        self.times.push(start.elapsed());
        action
    }
}

fn hard_decision_times() {
    let mut times = Vec::new();
    for seed in 0..40u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game = Game::new(Preset::Classic.rules(), SeatSet::FULL, Seat::ALL[0]).expect("classic is valid");
        let mut bots = [0u64, 1, 2, 3].map(|k| {
            let strategy = if k == seed % 4 { Strategy::Hard } else { Strategy::Normal };
            Some(Timed { bot: Bot::new(strategy, seed * 4 + k), times: Vec::new() })
        });
        if play_game(game, &mut bots, || rng.random_range(1..=6)).is_err() {
            eprintln!("game {seed} did not finish");
        }
        let hard = bots.iter_mut().flatten().find(|t| t.bot.strategy() == Strategy::Hard);
        times.extend(hard.map(|t| std::mem::take(&mut t.times)).unwrap_or_default());
    }
    times.sort_unstable();
    let at = |q: f64| times.get(((times.len() as f64 - 1.0) * q) as usize).copied().unwrap_or_default();
    println!(
        "hard decisions (classic, 4 players, vs 3 normal): n={} p50={:?} p99={:?} max={:?}",
        times.len(),
        at(0.5),
        at(0.99),
        times.last().copied().unwrap_or_default()
    );
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    engine(&mut c);
    c.final_summary();
    hard_decision_times();
}
