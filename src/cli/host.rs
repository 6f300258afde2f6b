//! `ludopia host --headless`: hosts a networked game whose own seat and
//! `--bots` more are bots; the other seats wait for guests. One JSON object
//! per line: `listening` (code and ticket), `joined`, `entry`, `over` (and
//! with `--games N`, N games with the same group, then `closed`). The
//! game is kept in the profile at `$LUDOPIA_HOME`: a host started again
//! with it resumes (`resumed`) or rejoins the host elected meanwhile
//! (`rejoined`).

use std::path::PathBuf;

use clap::Args;
use libp2p::Multiaddr;

use super::PresetArg;
use super::headless::{Bootstrap, Profile, node_config, print_line, proof_writable, run_async};
use crate::net::{self, HostPlan, RoomCode};
use crate::rules::SeatSet;

#[derive(Args)]
pub struct HostArgs {
    /// Play without a window (the only way to host from the command line).
    #[arg(long, required = true)]
    headless: bool,
    /// The preset.
    #[arg(long, value_enum, default_value_t = PresetArg::Classic)]
    preset: PresetArg,
    /// House rules: a JSON object of RULES.md parameter names and values,
    /// e.g. '{"teams": "opposite"}'; `seats` chooses the colours that play.
    #[arg(long)]
    rules: Option<String>,
    /// Bots besides the host's own seat (at most one fewer than the colours
    /// that play); the other seats wait for guests.
    #[arg(long, default_value_t = 0)]
    bots: usize,
    /// The room code (six letters); a random one by default.
    #[arg(long)]
    code: Option<String>,
    /// Address to listen on (repeatable); every IPv4 interface by default.
    #[arg(long = "listen", value_name = "ADDR")]
    listen: Vec<Multiaddr>,
    /// A relay (with its /p2p/ id) to reserve a slot on and publish the code at (repeatable).
    #[arg(long = "relay", value_name = "ADDR", value_parser = super::headless::relay_addr)]
    relays: Vec<Multiaddr>,
    /// Reach the table only by its code or invite: not listed on the LAN
    /// or at the relays.
    #[arg(long)]
    private: bool,
    /// Games to play in a row with the same group: each ends with its own
    /// `over` line, then the host says `closed`.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    games: Option<u32>,
    /// Writes each finished game's verified log there, for `ludopia verify`
    /// (JSON if FILE ends in .json; with --games, FILE-2 and on for the next).
    #[arg(long, value_name = "FILE")]
    proof: Option<PathBuf>,
    #[command(flatten)]
    bootstrap: Bootstrap,
}

pub fn run(args: HostArgs) -> i32 {
    let (preset, rules, players) = match super::preset_and_rules(args.preset, args.rules.as_deref()) {
        Ok(chosen) => chosen,
        Err(why) => {
            eprintln!("ludopia host: {why}");
            return 2;
        }
    };
    let players = players.unwrap_or(SeatSet::FULL);
    if args.bots >= players.len() {
        let most = players.len() - 1;
        eprintln!(
            "ludopia host: --bots is 0 to {most} at a table of {} (the host's own seat is a bot too)",
            players.len()
        );
        return 2;
    }
    let code = match args.code.as_deref().map(str::parse::<RoomCode>) {
        None => RoomCode::random(),
        Some(Ok(code)) => code,
        Some(Err(e)) => {
            eprintln!("ludopia host: --code: {e}");
            return 2;
        }
    };
    let mut entropy = [0u8; 32];
    if let Err(e) = getrandom::fill(&mut entropy) {
        eprintln!("ludopia host: no randomness for the dice: {e}");
        return 1;
    }
    if let Some(Err(why)) = args.proof.as_deref().map(proof_writable) {
        eprintln!("ludopia host: --proof: {why}");
        return 2;
    }
    let profile = match Profile::open("host") {
        Ok(profile) => profile,
        Err((code, why)) => {
            eprintln!("{why}");
            return code;
        }
    };
    let node = node_config(profile.keypair.clone(), args.listen, args.relays, &args.bootstrap);
    let name = Some(profile.name()).filter(|n| !n.is_empty()).unwrap_or_else(|| "Host".into());
    let plan = HostPlan {
        listed: !args.private,
        name,
        home: Some(profile.home.clone()),
        rules,
        games: args.games,
        proof: args.proof,
        ..HostPlan::headless(preset, players, args.bots, code, node, entropy)
    };
    run_async("host", net::host(plan, print_line))
}
