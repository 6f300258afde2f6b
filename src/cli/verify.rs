//! `ludopia verify FILE`: checks a game's proof offline.
//!
//! Prints `valid through entry N` (exit 0) or `invalid at entry N: why`
//! (exit 1) on its first line, then what the game came to, or which colour
//! each seat a reason names is; an unreadable file exits 2 with a message.

use crate::fair::Proof;
use crate::table::{Record, seat_colours, verify_proof};

pub fn run(path: &str) -> i32 {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("ludopia verify: cannot read {path}: {e}");
            return 2;
        }
    };
    let proof = match Proof::<Record>::read(&bytes) {
        Ok(proof) => proof,
        Err(e) => {
            eprintln!("ludopia verify: {path} is not a readable proof: {e}");
            return 2;
        }
    };
    match verify_proof(&proof) {
        Ok((valid, state)) => {
            println!("{valid}");
            println!("game {}", valid.game_id.to_hex());
            let rules = state.game.rules();
            let places: Vec<String> = state
                .game
                .players()
                .iter()
                .filter_map(|s| state.game.place(s).map(|p| format!("{} {p}", rules.colour_of(s))))
                .collect();
            if state.game.is_over() {
                println!("over: {}", places.join(", "));
            } else {
                println!(
                    "not over: {} to act",
                    state.game.to_act().map_or("nobody".into(), |s| rules.colour_of(s).to_string())
                );
            }
            0
        }
        Err(invalid) => {
            println!("{invalid}");
            // The reason names seats by number; say which colour each is.
            if let Some(colours) = seat_colours(&proof) {
                println!("{colours}");
            }
            1
        }
    }
}
