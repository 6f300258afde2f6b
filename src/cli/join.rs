//! `ludopia join --headless CODE|TICKET`: joins a networked table, plays a
//! free seat with a bot and verifies every entry. One JSON object per line:
//! `joined`, `entry`, `over`; exits 1 with a reason if the table cannot be
//! reached. With `--watch` it follows the game without a seat: `watching`
//! once the host's snapshot is verified, then `entry` lines and `over`;
//! `--reserve COLOUR` holds a colour for the next game with the same group
//! (`reserved`), which it then plays (`joined`, entries, `over`). The game
//! is kept in the profile at `$LUDOPIA_HOME`: a joiner started again with
//! it takes its seat back (`rejoined`).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use libp2p::Multiaddr;

use super::LevelArg;
use super::headless::{Bootstrap, Profile, node_config, print_line, proof_writable, run_async};
use crate::bots::Strategy;
use crate::net::{self, JoinPlan, Player, Target};

/// How long a joiner looks for its table.
const REACH_WITHIN: Duration = Duration::from_secs(15);

#[derive(Args)]
pub struct JoinArgs {
    /// Play without a window (the only way to join from the command line).
    #[arg(long, required = true)]
    headless: bool,
    /// A six-letter room code or an invite ticket.
    target: String,
    /// The bot that plays the seat.
    #[arg(long, value_enum, default_value_t = LevelArg::Normal)]
    bot: LevelArg,
    /// Address to listen on (repeatable); every IPv4 interface by default.
    #[arg(long = "listen", value_name = "ADDR")]
    listen: Vec<Multiaddr>,
    /// A relay (with its /p2p/ id) to look the code up at (repeatable).
    #[arg(long = "relay", value_name = "ADDR", value_parser = super::headless::relay_addr)]
    relays: Vec<Multiaddr>,
    /// The bot waits this long before its first act of the game, then plays
    /// at its usual pace (a slow player).
    #[arg(long, value_name = "SECONDS", conflicts_with = "watch", value_parser = seconds)]
    think: Option<Duration>,
    /// Watch the game without a seat: from a snapshot the host signs, then
    /// every entry, verified as a player's.
    #[arg(long)]
    watch: bool,
    /// With --watch: reserve this free or bot-held colour (red, green,
    /// yellow or blue) for the next game with the same group, and play it
    /// there with --bot.
    #[arg(long, value_name = "COLOUR", requires = "watch")]
    reserve: Option<String>,
    /// Writes each finished game's verified log there, for `ludopia verify`
    /// (JSON if FILE ends in .json; FILE-2 and on for the games after).
    #[arg(long, value_name = "FILE", conflicts_with = "watch")]
    proof: Option<PathBuf>,
    #[command(flatten)]
    bootstrap: Bootstrap,
}

pub fn run(args: JoinArgs) -> i32 {
    let strategy = Strategy::from(args.bot);
    let target = match args.target.parse::<Target>() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("ludopia join: {e}");
            return 2;
        }
    };
    if let Some(Err(why)) = args.proof.as_deref().map(proof_writable) {
        eprintln!("ludopia join: --proof: {why}");
        return 2;
    }
    let profile = match Profile::open("join") {
        Ok(profile) => profile,
        Err((code, why)) => {
            eprintln!("{why}");
            return code;
        }
    };
    let node = node_config(profile.keypair.clone(), args.listen, args.relays, &args.bootstrap);
    let name = |or: &str| Some(profile.name()).filter(|n| !n.is_empty()).unwrap_or_else(|| or.into());
    let reserve = match args.reserve.as_deref().map(|c| crate::rules::Colour::from_name(c).ok_or(c)) {
        None => None,
        Some(Ok(colour)) => Some(colour),
        Some(Err(c)) => {
            eprintln!("ludopia join: --reserve: expected red, green, yellow or blue, got {c:?}");
            return 2;
        }
    };
    let mut secret = [0u8; 32];
    if let Err(e) = getrandom::fill(&mut secret) {
        eprintln!("ludopia join: no randomness for the dice: {e}");
        return 1;
    }
    let plan = JoinPlan {
        target,
        player: Player::Bot(strategy),
        node,
        secret,
        reach_within: REACH_WITHIN,
        name: name(if args.watch { "Watcher" } else { "Guest" }),
        colour: None,
        watch: args.watch,
        reserve,
        think: args.think,
        home: Some(profile.home.clone()),
        proof: args.proof,
    };
    run_async("join", net::join(plan, print_line))
}

/// A time in seconds, whole or not (`--think 2.5`), up to a day.
fn seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text.parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.0..=86_400.0).contains(&secs) {
        return Err(format!("{text} s: from 0 to 86400"));
    }
    Ok(Duration::from_secs_f64(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_takes_seconds_whole_or_not() {
        assert_eq!(seconds("2.5"), Ok(Duration::from_millis(2_500)));
        assert_eq!(seconds("4"), Ok(Duration::from_secs(4)));
        for bad in ["x", "-1", "NaN", "inf", "1e9", ""] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }
}
