//! `ludopia sim`: bots play many games and the results come out as one JSON
//! object, with each bot's win rate and its 95% interval.

use super::{LevelArg, PresetArg};
use crate::bots::{Bot, Played, SeededDie, Strategy, Stream, play_game};
use crate::fair;
use crate::rules::{FirstPlayer, Game, Rules, Seat, default_players};
use crate::table::{CHAIN_LEN, Control, Participant, TableConfig, Timing};
use crate::ui::driver::Driver;
use clap::ArgAction;
use clap::ValueEnum;
use clap::builder::{EnumValueParser, PossibleValue, TypedValueParser};
use rand::{Rng, RngCore, SeedableRng};
use std::ffi::OsStr;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct SimArgs {
    /// The preset.
    #[arg(long, value_enum)]
    preset: PresetArg,
    /// A bot per player, comma-separated (2 to 4; four with teams, the 1st
    /// and 3rd partners against the 2nd and 4th).
    #[arg(long, required = true, value_delimiter = ',', action = ArgAction::Set, value_parser = Spaced)]
    seats: Vec<LevelArg>,
    /// How many games to play.
    #[arg(long)]
    games: u64,
    /// Seeds the dice, the first players and the bots.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads to share the games among.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// House rules: a JSON object of RULES.md parameter names and values.
    #[arg(long)]
    rules: Option<String>,
    /// Also play one game at a signing table and write its proof here
    /// (JSON if the name ends in .json, else the binary form).
    #[arg(long)]
    proof: Option<std::path::PathBuf>,
}

/// `--seats`' levels, each with the spaces around it allowed as ever
/// (`normal, easy`), and clap's list of them in the help and errors.
#[derive(Clone)]
struct Spaced;

impl TypedValueParser for Spaced {
    type Value = LevelArg;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<LevelArg, clap::Error> {
        let value = value.to_str().map_or(value, |v| OsStr::new(v.trim()));
        EnumValueParser::<LevelArg>::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(LevelArg::value_variants().iter().filter_map(LevelArg::to_possible_value)))
    }
}

/// What the command line asked for, checked.
struct Plan {
    rules: Rules,
    specs: Vec<Strategy>,
    seats: Vec<Seat>,
    games: u64,
    seed: u64,
    threads: usize,
}

/// How each bot in the `--seats` list fared over its games.
#[derive(Clone, Default)]
struct Tally {
    wins: Vec<u64>,
    place_sum: Vec<u64>,
    turns: u64,
    /// With teams: the games won by the 1st and 3rd bots' team, and by the
    /// 2nd and 4th's.
    team_wins: [u64; 2],
}

impl Tally {
    fn new(bots: usize) -> Tally {
        Tally { wins: vec![0; bots], place_sum: vec![0; bots], ..Tally::default() }
    }

    fn add(&mut self, part: &Tally) {
        for (total, n) in self.wins.iter_mut().zip(&part.wins) {
            *total += n;
        }
        for (total, n) in self.place_sum.iter_mut().zip(&part.place_sum) {
            *total += n;
        }
        self.turns += part.turns;
        for (total, n) in self.team_wins.iter_mut().zip(part.team_wins) {
            *total += n;
        }
    }
}

/// Runs `ludopia sim`; bad arguments exit 2 with a message.
pub fn run(args: SimArgs) -> i32 {
    let plan = match plan(&args) {
        Ok(plan) => plan,
        Err(msg) => {
            eprintln!("ludopia sim: {msg}");
            return 2;
        }
    };
    let start = Instant::now();
    let tally = match simulate(&plan) {
        Ok(tally) => tally,
        Err(msg) => {
            eprintln!("ludopia sim: {msg}");
            return 1;
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    if let Some(path) = &args.proof
        && let Err(msg) = write_proof(&plan, path)
    {
        eprintln!("ludopia sim: --proof: {msg}");
        return 1;
    }
    println!("{}", report(&plan, &tally, seconds));
    0
}

/// Plays the first game's seating at a local table, which runs the fair
/// dice protocol and signs the log, and writes the game's proof.
fn write_proof(plan: &Plan, path: &std::path::Path) -> Result<(), String> {
    let mut seats = [Control::Empty; 4];
    for (spec, seat) in plan.specs.iter().zip(&plan.seats) {
        seats[seat.index()] = Control::Bot(*spec);
    }
    let config = TableConfig {
        rules: plan.rules,
        seats,
        host: Participant::LOCAL,
        timing: Timing::INSTANT,
        chain_len: CHAIN_LEN,
    };
    // The table's entropy (and so its key and dice) follows the seed: one
    // seed, one proof.
    let entropy = fair::tagged(crate::fair::hash::TAG_SIM_ENTROPY, &[&plan.seed.to_be_bytes()]).0;
    let table = Driver::here(config, entropy).map_err(|e| e.to_string())?;
    let proof = table.resumable().map(|kept| kept.proof).ok_or("the table does not run here")?;
    // What is written is checked as any reader will check it.
    let (_, end) = crate::table::verify_proof(&proof).map_err(|e| e.to_string())?;
    if !end.game.is_over() {
        return Err("the game at the table did not finish".into());
    }
    crate::profile::history::export_proof(&proof, path).map_err(|e| e.to_string())
}

fn plan(args: &SimArgs) -> Result<Plan, String> {
    let (_, rules, players) = super::preset_and_rules(args.preset, args.rules.as_deref())?;
    let specs: Vec<Strategy> = args.seats.iter().copied().map(Strategy::from).collect();
    let players = match players {
        Some(players) if players.len() != specs.len() => {
            return Err(format!(
                "--rules' seats names {} colours and --seats {} players: one colour for each",
                players.len(),
                specs.len()
            ));
        }
        Some(players) => players,
        None => default_players(specs.len())
            .ok_or_else(|| format!("--seats names {} players; a game has 2 to 4", specs.len()))?,
    };
    let seats: Vec<Seat> = players.iter().collect();
    if rules.has_teams() && specs.len() != 4 {
        return Err(format!("teams = opposite needs four bots in --seats, not {}", specs.len()));
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    Ok(Plan { rules, specs, seats, games: args.games, seed: args.seed, threads: args.threads })
}

/// Plays every game, split among threads; the results do not depend on the
/// split, since each game draws from its own stream of the seed.
fn simulate(plan: &Plan) -> Result<Tally, String> {
    let threads = plan.threads.min(usize::try_from(plan.games).unwrap_or(usize::MAX)).max(1) as u64;
    let chunk = plan.games.div_ceil(threads);
    let results: Vec<Result<Tally, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let range = t * chunk..((t + 1) * chunk).min(plan.games);
                scope.spawn(move || play_range(plan, range))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("a simulation thread panicked".into())))
            .collect()
    });
    let mut total = Tally::new(plan.specs.len());
    for part in results {
        total.add(&part?);
    }
    Ok(total)
}

fn play_range(plan: &Plan, games: std::ops::Range<u64>) -> Result<Tally, String> {
    let mut tally = Tally::new(plan.specs.len());
    for g in games {
        let (played, seat_of) = play_one(plan, g)?;
        for (j, seat) in seat_of.iter().enumerate() {
            let place = played
                .game
                .place(*seat)
                .ok_or_else(|| format!("game {g} ended without a place for {seat}"))?;
            tally.wins[j] += u64::from(place == 1);
            tally.place_sum[j] += u64::from(place);
        }
        tally.turns += u64::from(played.turns);
        if plan.rules.has_teams() {
            // Bots j and j + 2 always sit opposite, so they are partners
            // wherever the rotation puts them.
            let first_team_won = played.game.place(seat_of[0]) == Some(1);
            tally.team_wins[usize::from(!first_team_won)] += 1;
        }
    }
    Ok(tally)
}

/// Game `g`: the bots rotate through the seats so that over `k` games each
/// sits in every position once; returns the game and each spec's seat.
fn play_one(plan: &Plan, g: u64) -> Result<(Played, Vec<Seat>), String> {
    let k = plan.seats.len();
    // Game g's own stream: the odd multiplier spreads the game numbers over
    // distinct seeds, which seeding then scrambles.
    let mut stream = Stream::seed_from_u64(plan.seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let shift = (g % k as u64) as usize;
    let seat_of: Vec<Seat> = (0..k).map(|j| plan.seats[(j + shift) % k]).collect();
    let first = match plan.rules.first_player {
        FirstPlayer::Random => plan.seats[stream.random_range(0..k)],
        FirstPlayer::Seat0 => plan.seats[0],
    };
    let players = seat_of.iter().copied().collect();
    let game = Game::new(plan.rules, players, first).map_err(|e| format!("game {g}: {e}"))?;
    let mut bots: [Option<Bot>; 4] = [None, None, None, None];
    for (spec, seat) in plan.specs.iter().zip(&seat_of) {
        bots[seat.index()] = Some(Bot::new(*spec, stream.next_u64()));
    }
    // The dice: seeded from this game's stream (a fair-dice log can stand in here).
    let mut dice = SeededDie::new(stream.next_u64());
    let played = play_game(game, &mut bots, || dice.roll()).map_err(|e| format!("game {g}: {e}"))?;
    Ok((played, seat_of))
}

/// Wilson's 95% interval for `wins` out of `n`.
fn wilson(wins: u64, n: u64) -> (f64, f64) {
    let (w, n) = (wins as f64, n as f64);
    let z = 1.96f64;
    let p = w / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn report(plan: &Plan, tally: &Tally, seconds: f64) -> serde_json::Value {
    let n = plan.games;
    let seats: Vec<serde_json::Value> = plan
        .specs
        .iter()
        .enumerate()
        .map(|(j, spec)| {
            let (lo, hi) = wilson(tally.wins[j], n);
            serde_json::json!({
                "spec": spec.name(),
                "games": n,
                "wins": tally.wins[j],
                "win_rate": tally.wins[j] as f64 / n as f64,
                "ci95": [lo, hi],
                "mean_place": tally.place_sum[j] as f64 / n as f64,
            })
        })
        .collect();
    let mut out = serde_json::json!({
        "games": n,
        "games_per_second": n as f64 / seconds.max(1e-9),
        "mean_turns": tally.turns as f64 / n as f64,
        "seats": seats,
    });
    if plan.rules.has_teams() {
        out["teams"] = team_report(plan, tally);
    }
    out
}

/// Each team's wins: the 1st and 3rd bots, then the 2nd and 4th.
fn team_report(plan: &Plan, tally: &Tally) -> serde_json::Value {
    let n = plan.games;
    let teams: Vec<serde_json::Value> = (0..2)
        .map(|t| {
            let specs: Vec<&str> = plan.specs.iter().skip(t).step_by(2).map(|s| s.name()).collect();
            let (lo, hi) = wilson(tally.team_wins[t], n);
            serde_json::json!({
                "specs": specs,
                "games": n,
                "wins": tally.team_wins[t],
                "win_rate": tally.team_wins[t] as f64 / n as f64,
                "ci95": [lo, hi],
            })
        })
        .collect();
    serde_json::json!(teams)
}

#[cfg(test)]
mod tests {
    use super::wilson;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson(65, 100);
        assert!((lo - 0.5525).abs() < 0.001 && (hi - 0.7364).abs() < 0.001, "{lo} {hi}");
        assert_eq!(wilson(0, 10).0, 0.0);
        assert!(wilson(10, 10).1 <= 1.0 && wilson(10, 10).0 > 0.69);
    }
}
