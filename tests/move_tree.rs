//! Frozen move-tree counts, as chess engines keep perft counts: from a few
//! positions of each preset, the number of action sequences of length d
//! (every die face of every roll enumerated) and the number of distinct
//! positions they reach, for d = 1 to DEPTH. The counts are checked in
//! (`tests/vectors/move_tree.json`), so a change to the move listing or the
//! reducer that alters what is legal cannot pass unseen.
//! `LUDOPIA_WRITE_MOVE_TREE=1` writes them again (after a deliberate rule
//! change, with the reason in the commit).

use std::collections::HashMap;

use ludopia::rules::{Game, Preset, Seat, SeatSet};
use serde::{Deserialize, Serialize};

mod support;
use support::game::{Dice64, legal_actions, random_legal};

const DEPTH: usize = 8;
const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/move_tree.json");

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Tree {
    /// The preset and where the position comes from.
    position: String,
    /// `sequences[d - 1]`: action sequences of length d.
    sequences: Vec<u64>,
    /// `distinct[d - 1]`: distinct positions after d actions.
    distinct: Vec<u64>,
}

/// The position after `actions` random legal actions of the game `seed`
/// names, four players, seat 0 first.
fn position(preset: Preset, seed: u64, actions: usize) -> Game {
    let mut game = Game::new(preset.rules(), SeatSet::FULL, Seat::ALL[0]).expect("a valid start");
    let mut rng = Dice64(seed);
    for _ in 0..actions {
        let Some(action) = random_legal(&game, &mut rng) else { break };
        game = game.apply(action).expect("a legal action").0;
    }
    game
}

fn count(start: Game, position: String) -> Tree {
    let (mut sequences, mut distinct) = (Vec::new(), Vec::new());
    // Each distinct position with how many sequences reach it.
    let mut level: Vec<(Game, u64)> = vec![(start, 1)];
    for _ in 0..DEPTH {
        let mut next: Vec<(Game, u64)> = Vec::new();
        let mut index: HashMap<Game, usize> = HashMap::new();
        for (game, ways) in &level {
            for action in legal_actions(game) {
                let after = game.apply(action).expect("a listed action is legal").0;
                match index.get(&after) {
                    Some(&i) => next[i].1 += ways,
                    None => {
                        index.insert(after, next.len());
                        next.push((after, *ways));
                    }
                }
            }
        }
        sequences.push(next.iter().map(|(_, w)| w).sum());
        distinct.push(next.len() as u64);
        level = next;
    }
    Tree { position, sequences, distinct }
}

fn trees() -> Vec<Tree> {
    let mut trees = Vec::new();
    for preset in Preset::ALL {
        for (seed, actions) in [(0, 0), (7, 60), (11, 140)] {
            let name = format!("{preset:?} after {actions} actions of game {seed}");
            trees.push(count(position(preset, seed, actions), name));
        }
    }
    trees
}

#[test]
fn move_trees_match_their_frozen_counts() {
    let trees = trees();
    if std::env::var_os("LUDOPIA_WRITE_MOVE_TREE").is_some() {
        let json = serde_json::to_string_pretty(&trees).expect("counts to JSON");
        std::fs::write(VECTORS, json + "\n").expect("the counts written");
        return;
    }
    let frozen: Vec<Tree> =
        serde_json::from_str(&std::fs::read_to_string(VECTORS).expect("the frozen counts"))
            .expect("JSON counts");
    assert_eq!(trees.len(), frozen.len(), "positions");
    for (tree, frozen) in trees.iter().zip(&frozen) {
        assert_eq!(tree, frozen);
    }
    // The counts mean something: every tree branches, and transpositions
    // (two orders of moves reaching one position) make fewer positions
    // than sequences somewhere.
    assert!(trees.iter().all(|t| t.sequences[DEPTH - 1] > t.sequences[0]));
    assert!(trees.iter().any(|t| t.distinct[DEPTH - 1] < t.sequences[DEPTH - 1]));
}
