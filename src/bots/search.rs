//! Hard: Monte Carlo search with determinised dice.
//!
//! Each candidate move is played, then the game is rolled out with dice
//! drawn from a seeded stream, every player following Normal's policy, until
//! the bot has had its next two turns; the position is then scored by the
//! bot's chance of taking the best open place ([`eval::place_chance`]).
//! Every candidate meets the same dice streams (common random numbers), so
//! the comparison measures the move, not the luck. The work is bounded by a
//! budget of reducer actions with a ceiling on actions plus evaluations,
//! not by time: the same seed gives the same move on every machine.

use super::{Die, Strategy, Stream, eval, opponent, policy, tictactoe};
use crate::rules::{Action, Game, Move, Phase, Seat, TurnsPassed};
use arrayvec::ArrayVec;
use rand::RngCore;

/// Reducer actions per decision, over all rollouts.
const BUDGET: u32 = 48_000;
/// A ceiling on the work of one decision, counting each reducer action and
/// each position evaluated: evaluations are most of the time and their
/// number varies (one per legal move met), so crowded positions would
/// otherwise take several times the typical decision. Most decisions stop
/// at [`BUDGET`] first. (Spending evaluations evenly instead, about 88,000
/// a decision, made Hard weaker: 34.6% against 3 Normal over 1,000 games,
/// against 40.1% for actions alone; hard positions deserve the time.)
const WORK_CAP: u32 = 160_000;
/// A rollout that runs this long (endless duels) is cut short.
const ROLLOUT_CAP: u32 = 400;
/// How careless rollout players are in duels: real opponents are not perfect.
const ROLLOUT_DUEL_CARELESS: f64 = 0.2;

/// The pawn Hard moves, or `None` when no move is due.
pub(crate) fn hard_move(game: &Game, rng: &mut Stream) -> Option<u8> {
    let Phase::Move { .. } = game.phase() else {
        return None;
    };
    let me = game.roller();
    // Pawns that stand together make the same move: search each once.
    let mut candidates: ArrayVec<(Move, Game), 4> = ArrayVec::new();
    for m in policy::distinct(&game.legal_moves()) {
        let mut after = *game;
        if after.play(Action::Move { seat: me, pawn: m.pawn }, &mut TurnsPassed::default()).is_ok() {
            candidates.push((m, after));
        }
    }
    if candidates.len() <= 1 {
        return candidates.first().map(|(m, _)| m.pawn);
    }
    let horizon = horizon(game.remaining().len() as u32);
    // The best place still open: the one to play for.
    let place = game.next_place();
    let base = rng.next_u64();
    let mut totals = [0.0f32; 4];
    let (mut spent, mut work) = (0u32, 0u32);
    let mut round = 0u64;
    while spent < BUDGET && work < WORK_CAP {
        for (total, (_, after)) in totals.iter_mut().zip(&candidates) {
            let (value, played) = rollout(*after, me, place, base.wrapping_add(round), horizon);
            *total += value;
            spent += played.actions.max(1);
            work += played.actions + played.evaluations;
        }
        round += 1;
    }
    let best = (0..candidates.len()).max_by(|&a, &b| totals[a].total_cmp(&totals[b]).then(b.cmp(&a)))?;
    candidates.get(best).map(|(m, _)| m.pawn)
}

/// How many turns a rollout plays among `players`: until the bot has had
/// its next two turns. Measured against one turn (`sim`, 4 players, 500
/// games a seed): 41.5% against 38.7% over seeds 43 to 45; in two-player
/// races, where the leaf is least sure midway, 61.6% over seeds 11 to 13
/// against 57.8% on seeds 10 and 11. A third turn gained nothing more in
/// two-player races (61.8% on seed 11).
fn horizon(players: u32) -> u32 {
    2 * players + 1
}

/// Plays on from `game` until `horizon` turns have passed (or the game
/// ends), with dice from `seed`; returns the chance that `me` takes `place`
/// and the work spent.
fn rollout(mut game: Game, me: Seat, place: u8, seed: u64, horizon: u32) -> (f32, Spent) {
    let mut dice = Die::new(seed);
    let mut passes = TurnsPassed(0);
    let mut actions = 0u32;
    // The last position's evaluation, then one for each legal move met: the
    // unit [`WORK_CAP`] was set in (a forced move is no longer weighed, so
    // this counts it a little high).
    let mut evaluations = 1u32;
    while passes.0 < horizon && actions < ROLLOUT_CAP {
        let Some(seat) = game.to_act() else { break };
        let action = match game.phase() {
            Phase::Roll => Action::Roll { seat, face: dice.roll() },
            Phase::Move { .. } => {
                let moves = game.legal_moves();
                evaluations += moves.len() as u32;
                match policy::best_by_value(&game, &moves) {
                    Some(m) => Action::Move { seat, pawn: m.pawn },
                    None => break,
                }
            }
            Phase::ChooseOpponent => match opponent::choose(&game, Strategy::Hard, dice.stream()) {
                Some(opponent) => Action::Challenge { seat, opponent },
                None => break,
            },
            Phase::Duel(duel) => match tictactoe::mark_with(&duel, ROLLOUT_DUEL_CARELESS, dice.stream()) {
                Some(cell) => Action::Mark { seat, cell },
                None => break,
            },
            Phase::Over => break,
        };
        if game.play(action, &mut passes).is_err() {
            break;
        }
        actions += 1;
    }
    (eval::place_chance(&game, me, place), Spent { actions, evaluations })
}

/// What one rollout cost.
struct Spent {
    actions: u32,
    evaluations: u32,
}
