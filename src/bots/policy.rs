//! One-move policies: Random, Easy (seed 000's priorities, blind to danger)
//! and Normal (the evaluation after each legal move).

use super::{Stream, dice, eval};
use crate::rules::{Action, Game, Move, Phase, TurnsPassed, board};
use rand::Rng;

/// How often Easy moves without thinking.
const EASY_CARELESS: f64 = 0.25;

/// A uniformly random legal move among the `movable` pawns (bit `i` for
/// pawn `i`, [`Game::movable_pawns`]).
#[inline(always)]
pub(crate) fn random_move(movable: u8, rng: &mut Stream) -> Option<u8> {
    if movable == 0 {
        return None;
    }
    // The k-th movable pawn, in the listing's order: looked up, since a loop
    // of random length is a branch the processor cannot foresee.
    let k = dice::pick(rng, movable.count_ones());
    NTH_PAWN.get(usize::from(movable))?.get(k as usize).copied()
}

/// `NTH_PAWN[movable][k]`: the k-th lowest pawn whose bit is set in `movable`.
const NTH_PAWN: [[u8; 4]; 16] = {
    let mut table = [[0; 4]; 16];
    let mut movable = 0;
    while movable < 16 {
        let (mut pawn, mut k) = (0, 0);
        while pawn < 4 {
            if movable >> pawn & 1 == 1 {
                table[movable][k] = pawn as u8;
                k += 1;
            }
            pawn += 1;
        }
        movable += 1;
    }
    table
};

/// Seed 000's first bot: capture ≫ bring home ≫ leave base ≫ land on a safe
/// square ≫ advance the furthest pawn; now and then a random move instead.
pub(crate) fn easy_move(game: &Game, rng: &mut Stream) -> Option<u8> {
    if rng.random_bool(EASY_CARELESS) {
        return random_move(game.movable_pawns(), rng);
    }
    let seat = game.roller();
    game.legal_moves()
        .into_iter()
        .max_by_key(|m| {
            let lands_safe = m.to > 50 || game.is_safe(board::loop_square(seat, m.to));
            (
                game.captures(seat, m.to),
                game.rules().is_home(m.to) && !game.rules().is_home(m.from),
                m.from < 0,
                lands_safe,
                m.from,
            )
        })
        .map(|m| m.pawn)
}

/// The legal move whose result the evaluation likes best (the first among
/// equals). The reducer plays each one, so every rule option, penalty and
/// bonus roll is in the result.
pub(crate) fn normal_move(game: &Game) -> Option<u8> {
    best_by_value(game, &game.legal_moves()).map(|m| m.pawn)
}

/// The move among `moves` with the best evaluation for the roller.
pub(crate) fn best_by_value(game: &Game, moves: &[Move]) -> Option<Move> {
    let Phase::Move { .. } = game.phase() else {
        return None;
    };
    // A forced move needs no weighing (rollouts meet many).
    if let [only] = moves {
        return Some(*only);
    }
    let seat = game.roller();
    let mut best: Option<(f32, Move)> = None;
    for &m in moves {
        // Played in place on a copy: the events are not read here.
        let mut after = *game;
        if after.play(Action::Move { seat, pawn: m.pawn }, &mut TurnsPassed::default()).is_err() {
            continue;
        }
        let v = eval::value(&after, seat);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, m));
        }
    }
    best.map(|(_, m)| m)
}
