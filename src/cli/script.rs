//! `ludopia script FILE`: runs a JSON game script (the notation of
//! [`crate::rules::script`]) through the reducer and prints the state it
//! reaches as one JSON object.
//!
//! Exit codes: 0 played through; 2 for an illegal action (with
//! `{"error": {"index": N, "reason": ...}}` on stdout) or malformed input (a
//! message on stderr saying what is wrong and where).

use crate::rules::script::{Reached, Script, ScriptError};
use serde_json::json;
use std::io::Read;

/// Runs the script at `path` (`-` for stdin): prints the outcome, returns
/// the exit code.
pub fn run(path: &str) -> i32 {
    let text = if path == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(path)
    };
    let text = match text {
        Ok(text) => text,
        Err(e) => {
            eprintln!("ludopia script: cannot read {path}: {e}");
            return 2;
        }
    };
    match play(&text) {
        Ok(reached) => match serde_json::to_string(&reached) {
            Ok(out) => {
                println!("{out}");
                0
            }
            Err(e) => {
                eprintln!("ludopia script: cannot write the state: {e}");
                2
            }
        },
        Err(ScriptError::Malformed(msg)) => {
            eprintln!("ludopia script: {msg}");
            2
        }
        Err(ScriptError::Illegal { index, reason, rules }) => {
            println!("{}", json!({"error": {"index": index, "reason": reason.in_colours(&rules)}}));
            2
        }
    }
}

/// Plays a script given as JSON text: the state it reaches.
pub fn play(text: &str) -> Result<Reached, ScriptError> {
    let (game, events) = Script::from_json(text)?.play()?;
    Ok(Reached::new(&game, &events))
}
