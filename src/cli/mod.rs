//! The command line: no arguments opens the window, an invite link
//! (`ludopia ludopia://join/…`, as the desktop hands it on) opens it at the
//! join screen; subcommands for scripts, the engine protocol, simulation,
//! verification, headless play and the relay.

use clap::{Parser, Subcommand};

mod engine;
mod headless;
mod host;
mod join;
mod relay;
pub mod script;
pub mod sim;
pub mod verify;

#[derive(Parser)]
#[command(
    name = "ludopia",
    version,
    about = "Ludo with friends, with dice anyone can verify",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// An invite link (ludopia://join/…): opens the window at the join screen with it
    #[arg(value_name = "LINK")]
    link: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Run a JSON game script through the rules and print the final state
    Script {
        /// The script file, or - for standard input
        file: String,
    },
    /// Answer JSON requests on stdin, a line each, with the bots' moves (the engine protocol).
    Engine,
    /// Bots play many games; prints one JSON object of win rates.
    Sim(sim::SimArgs),
    /// Check a game's proof file offline and print the verdict
    Verify {
        /// The proof file (binary or JSON)
        file: String,
    },
    /// Host a networked game with bots, printing JSON lines (--headless).
    Host(host::HostArgs),
    /// Join a networked game by code or ticket with a bot, printing JSON lines (--headless).
    Join(join::JoinArgs),
    /// Run a headless relay and rendezvous point for players behind NATs.
    Relay(relay::RelayArgs),
}

/// The rules a `--preset` and `--rules` (a JSON object of RULES.md
/// parameters and values) name, or what is wrong with them.
fn preset_and_rules(
    preset: &str,
    overrides: Option<&str>,
) -> Result<(crate::rules::Preset, crate::rules::Rules), String> {
    use crate::rules::Preset;
    let preset = Preset::from_name(preset)
        .ok_or_else(|| format!("unknown preset `{preset}`: expected {}", Preset::names()))?;
    let mut rules = preset.rules();
    if let Some(text) = overrides {
        let overrides: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("--rules is not valid JSON: {e}"))?;
        rules = rules.with_overrides(&overrides).map_err(|e| format!("--rules: {e}"))?;
    }
    Ok((preset, rules))
}

/// Runs the command line and returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        None => {
            let opening = match cli.link.as_deref().map(invite) {
                None => None,
                Some(Ok(ticket)) => Some(ticket),
                Some(Err(code)) => return code,
            };
            match crate::ui::run(opening) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("ludopia: the window could not run: {e}");
                    1
                }
            }
        }
        Some(Command::Script { file }) => script::run(&file),
        Some(Command::Engine) => engine::run(),
        Some(Command::Sim(args)) => sim::run(args),
        Some(Command::Verify { file }) => verify::run(&file),
        Some(Command::Relay(args)) => relay::run(args),
        Some(Command::Host(args)) => host::run(args),
        Some(Command::Join(args)) => join::run(args),
    }
}

/// The ticket in `ludopia LINK`, or exit code 2 with why not: a link that
/// cannot be used is said before any window opens, so that a player who
/// clicked it in a browser's download list sees the reason in a terminal
/// (and a desktop's launcher logs it).
fn invite(link: &str) -> Result<crate::net::Ticket, i32> {
    use crate::net::Ticket;
    if !Ticket::is_link(link) {
        eprintln!(
            "ludopia: '{link}' is neither a command nor an invite link ({}…); see ludopia --help",
            crate::net::ticket::LINK_PREFIX
        );
        return Err(2);
    }
    Ticket::from_link(link).map_err(|e| {
        eprintln!("ludopia: this invite link cannot be used: {e}");
        2
    })
}
