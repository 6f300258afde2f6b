//! The command line: no arguments opens the window, an invite link
//! (`ludopia ludopia://join/…`, as the desktop hands it on) goes to the
//! window already running, or opens one at the join screen; subcommands for scripts, the engine protocol, simulation,
//! verification, headless play and the relay.

use clap::{Parser, Subcommand, ValueEnum};

use crate::bots::Strategy;
use crate::rules::script::house_rules;
use crate::rules::{Preset, SeatSet};

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
    /// An invite link (ludopia://join/…): the join screen with it, in the running window or a new one
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

/// A preset as the command line spells it (`--preset`): the names of
/// `Preset::name`, in the same case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PresetArg {
    Classic,
    Plaza,
    Race,
    Palace,
    Quick,
}

impl From<PresetArg> for Preset {
    fn from(arg: PresetArg) -> Preset {
        match arg {
            PresetArg::Classic => Preset::Classic,
            PresetArg::Plaza => Preset::Plaza,
            PresetArg::Race => Preset::Race,
            PresetArg::Palace => Preset::Palace,
            PresetArg::Quick => Preset::Quick,
        }
    }
}

/// A bot's level as the command line spells it (`sim --seats`, `join
/// --bot`): the names of `Strategy::name`, in the same case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LevelArg {
    Random,
    Easy,
    Normal,
    Hard,
}

impl From<LevelArg> for Strategy {
    fn from(arg: LevelArg) -> Strategy {
        match arg {
            LevelArg::Random => Strategy::Random,
            LevelArg::Easy => Strategy::Easy,
            LevelArg::Normal => Strategy::Normal,
            LevelArg::Hard => Strategy::Hard,
        }
    }
}

/// The preset, its rules with `--rules`' house rules (a JSON object of
/// RULES.md parameters and values), and the colours that play if `--rules`
/// names them (`seats`); or what is wrong with them.
fn preset_and_rules(
    preset: PresetArg,
    overrides: Option<&str>,
) -> Result<(Preset, crate::rules::Rules, Option<SeatSet>), String> {
    let preset = Preset::from(preset);
    let overrides = match overrides {
        None => serde_json::Map::new(),
        Some(text) => match serde_json::from_str(text) {
            Ok(serde_json::Value::Object(fields)) => fields,
            Ok(_) => return Err("--rules must be a JSON object of RULES.md parameters".into()),
            Err(e) => return Err(format!("--rules is not valid JSON: {e}")),
        },
    };
    let (rules, players) = house_rules(preset, &overrides).map_err(|e| format!("--rules: {e}"))?;
    Ok((preset, rules, players))
}

/// Runs the command line and returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        None => {
            let opening = match cli.link.as_deref().map(invite) {
                None => None,
                Some(Ok(ticket)) if hand_over(&ticket) => return 0,
                Some(Ok(ticket)) => Some(ticket),
                Some(Err(code)) => return code,
            };
            if let Some(why) = crate::ui::no_display() {
                eprintln!("ludopia: the window could not open: {why}");
                return 1;
            }
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

/// Whether a running window took the invite over (src/ui/handover.rs);
/// if not, this process opens its own window, which takes the next links.
fn hand_over(ticket: &crate::net::Ticket) -> bool {
    let Ok(home) = crate::profile::Home::from_env() else { return false };
    match crate::ui::handover::hand_over(home.data_dir(), ticket) {
        Ok(()) => {
            println!("ludopia: the running Ludopia took the invite: its join screen shows it");
            true
        }
        Err(why) => {
            tracing::info!("a window of its own for the invite: {why}");
            false
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The command line's names are the library's, for every preset and
    /// every level, and each maps to its own.
    #[test]
    fn every_preset_and_level_has_its_library_name() {
        let presets: Vec<(String, Preset)> = PresetArg::value_variants()
            .iter()
            .map(|&a| (a.to_possible_value().expect("shown").get_name().to_owned(), Preset::from(a)))
            .collect();
        let expected: Vec<(String, Preset)> = Preset::ALL.map(|p| (p.name().to_owned(), p)).to_vec();
        assert_eq!(presets, expected);
        let levels: Vec<(String, Strategy)> = LevelArg::value_variants()
            .iter()
            .map(|&a| (a.to_possible_value().expect("shown").get_name().to_owned(), Strategy::from(a)))
            .collect();
        let expected: Vec<(String, Strategy)> = Strategy::ALL.map(|s| (s.name().to_owned(), s)).to_vec();
        assert_eq!(levels, expected);
    }
}
