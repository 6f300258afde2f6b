//! One-move policies: Random, Easy (seed 000's priorities, blind to danger)
//! and Normal (the evaluation after each legal move).

use super::{Stream, dice, eval};
use crate::rules::{Action, Game, Move, Moves, Phase, Progress, TurnsPassed, board};
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
    // Whose pawns move: the roller's, or a finished partner's at a team table.
    let seat = game.mover();
    game.legal_moves()
        .into_iter()
        .max_by_key(|m| {
            let lands_safe = m.to > Progress::LOOP_END || game.is_safe(board::loop_square(seat, m.to));
            (
                game.captures(seat, m.to),
                game.rules().is_home(m.to) && !game.rules().is_home(m.from),
                m.from.in_yard(),
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

/// The moves among `moves` that differ: pawns of one seat on the same spot
/// make the same move (the results differ only in which pawn is which), so
/// only the first of them, the lowest pawn, is kept.
pub(crate) fn distinct(moves: &[Move]) -> Moves {
    let mut kept = Moves::new();
    for &m in moves {
        if kept.iter().all(|k| k.from != m.from) {
            kept.push(m);
        }
    }
    kept
}

/// The move among `moves` with the best evaluation for the roller.
pub(crate) fn best_by_value(game: &Game, moves: &[Move]) -> Option<Move> {
    let Phase::Move { .. } = game.phase() else {
        return None;
    };
    let moves = distinct(moves);
    // A forced move needs no weighing (rollouts meet many).
    if let [only] = moves[..] {
        return Some(only);
    }
    let seat = game.roller();
    let onward = eval::Onward::from(game);
    let mut best: Option<(f32, Move)> = None;
    for &m in &moves {
        // Played in place on a copy: the events are not read here.
        let mut after = *game;
        if after.play(Action::Move { seat, pawn: m.pawn }, &mut TurnsPassed::default()).is_err() {
            continue;
        }
        let v = onward.value(&after, seat);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, m));
        }
    }
    best.map(|(_, m)| m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Dice, Face, Preset, Rules, SafeSquares, Seat, SeatSet, Setup, YARD};

    /// Pawns on one spot are listed once, and moving any of them gives the
    /// same position but for which pawn is which: keeping the first loses
    /// nothing.
    #[test]
    fn pawns_on_one_spot_make_one_move() {
        let mut checked = 0;
        for preset in Preset::ALL {
            // The die rolled, not won in a duel: the roll is the test's.
            let rules = Rules { dice: Dice::Rolled, ..preset.rules() };
            let (players, seat) = (SeatSet::FULL, Seat::ALL[0]);
            let mut pawns = [[YARD; 4]; 4];
            pawns[1] = [30, -1, -1, -1].map(Progress::new);
            // Two pawns share a square where the rules allow it.
            let game = [[-1, 10, -1, 10], [-1, 10, -1, 20]].into_iter().find_map(|mine| {
                pawns[0] = mine.map(Progress::new);
                Game::from_setup(Setup { rules, players, pawns, turn: seat, captured: SeatSet::EMPTY }).ok()
            });
            let mut game = game.expect("a position with two pawns in the yard");
            game.play(Action::Roll { seat, face: Face::SIX }, &mut TurnsPassed::default()).expect("a roll");
            let moves = game.legal_moves();
            let kept = distinct(&moves);
            let mut spots: Vec<_> = moves.iter().map(|m| m.from).collect();
            spots.sort_unstable();
            spots.dedup();
            assert_eq!(kept.len(), spots.len(), "{preset:?}: {moves:?} kept as {kept:?}");
            for m in &moves {
                let first = kept.iter().find(|k| k.from == m.from).expect("every spot kept");
                assert!(first.pawn <= m.pawn, "{preset:?}: the lowest pawn stands for the spot");
                let result = |pawn| {
                    let mut after = game;
                    after.play(Action::Move { seat, pawn }, &mut TurnsPassed::default()).expect("legal");
                    let mut sorted = Seat::ALL.map(|s| after.pawns(s).to_vec());
                    sorted.iter_mut().for_each(|p| p.sort_unstable());
                    (sorted, after.phase(), after.turn(), Seat::ALL.map(|s| after.place(s)))
                };
                assert_eq!(result(first.pawn), result(m.pawn), "{preset:?}: {m:?} and {first:?}");
                checked += usize::from(first.pawn != m.pawn);
            }
        }
        assert!(checked >= Preset::ALL.len(), "only {checked} pairs of pawns on one spot");
    }

    /// Red's pawns at 10 and 40, the rivals all in their yards, a 2 rolled:
    /// neither move risks anything. With no safe square anywhere, Normal
    /// brings the leader on; with safe squares the two steps are worth the
    /// same, and the first pawn moves.
    #[test]
    fn with_no_safe_square_normal_brings_the_leader_on() {
        let leader_moves = |safe_squares| {
            let rules = Rules { safe_squares, ..Preset::Classic.rules() };
            let (players, seat) = (SeatSet::FULL, Seat::ALL[0]);
            let mut pawns = [[YARD; 4]; 4];
            pawns[0] = [10, 40, -1, -1].map(Progress::new);
            let setup = Setup { rules, players, pawns, turn: seat, captured: SeatSet::EMPTY };
            let mut game = Game::from_setup(setup).expect("valid");
            game.play(Action::Roll { seat, face: Face::ALL[1] }, &mut TurnsPassed::default())
                .expect("a roll");
            normal_move(&game).expect("a move") == 1
        };
        assert!(leader_moves(SafeSquares::None));
        assert!(!leader_moves(SafeSquares::StartsAndStars));
    }
}
