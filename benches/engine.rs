//! Engine speed and Hard's thinking time.
//!
//! `cargo bench --bench engine`: criterion times whole 4-player classic games
//! between random players (the engine's speed), then Hard's decisions are
//! timed one by one in 4- and 2-player classic games against Normal and the
//! percentiles printed (the bots themselves never read a clock).

use criterion::Criterion;
use ludopia::bots::{Bot, Chooser, SeededDie, Strategy, play_game};
use ludopia::rules::{Action, Game, Preset, Seat, SeatSet, default_players};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn random_game(seed: u64) -> u32 {
    let mut die = SeededDie::new(seed);
    let game = Game::new(Preset::Classic.rules(), SeatSet::FULL, Seat::ALL[0]).expect("classic is valid");
    let mut bots = [0, 1, 2, 3].map(|k| Some(Bot::new(Strategy::Random, seed ^ k)));
    play_game(game, &mut bots, || die.roll()).map_or(0, |p| p.turns)
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

/// A bot whose decisions are timed, by the clock and by the CPU time its
/// thread was given (on a busy machine the two differ a lot).
struct Timed {
    bot: Bot,
    times: Vec<Duration>,
    cpu: Vec<Duration>,
}

/// This thread's time on a CPU so far (Linux: /proc/thread-self/schedstat).
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok().map(Duration::from_nanos)
}

impl Chooser for Timed {
    fn decide(&mut self, game: &Game, movable: Option<u8>) -> Option<Action> {
        let cpu = thread_cpu();
        let start = Instant::now();
        let action = self.bot.decide_knowing(game, movable);
        self.times.push(start.elapsed());
        if let (Some(before), Some(after)) = (cpu, thread_cpu()) {
            self.cpu.push(after.saturating_sub(before));
        }
        action
    }
}

fn percentiles(what: &str, players: usize, mut times: Vec<Duration>) {
    times.sort_unstable();
    let at = |q: f64| times.get(((times.len() as f64 - 1.0) * q) as usize).copied().unwrap_or_default();
    println!(
        "hard decisions, {what} (classic, {players} players, vs {} normal): n={} p50={:?} p99={:?} max={:?}",
        players - 1,
        times.len(),
        at(0.5),
        at(0.99),
        times.last().copied().unwrap_or_default()
    );
}

/// Hard's decisions in 16 games at a table of `players` (two players use
/// the learned leaf, four the standings alone).
fn hard_decision_times(players: usize) {
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    let seats = default_players(players).expect("2 or 4 players");
    let seated: Vec<Seat> = seats.iter().collect();
    for seed in 0..16u64 {
        let mut die = SeededDie::new(seed);
        let game = Game::new(Preset::Classic.rules(), seats, Seat::ALL[0]).expect("classic is valid");
        let hard = seated[seed as usize % seated.len()];
        let mut bots = [0u64, 1, 2, 3].map(|k| {
            let strategy = if k == hard.index() as u64 { Strategy::Hard } else { Strategy::Normal };
            Some(Timed { bot: Bot::new(strategy, seed * 4 + k), times: Vec::new(), cpu: Vec::new() })
        });
        if play_game(game, &mut bots, || die.roll()).is_err() {
            eprintln!("game {seed} did not finish");
        }
        if let Some(hard) = bots.iter_mut().flatten().find(|t| t.bot.strategy() == Strategy::Hard) {
            wall.append(&mut hard.times);
            cpu.append(&mut hard.cpu);
        }
    }
    percentiles("wall clock", players, wall);
    percentiles("thread CPU time", players, cpu);
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    engine(&mut c);
    c.final_summary();
    // `cargo test --all-targets` runs this once as a smoke test, without
    // `--bench`: the timed Hard games are for `cargo bench` only.
    if std::env::args().any(|a| a == "--bench") {
        hard_decision_times(4);
        hard_decision_times(2);
    }
}
