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

use super::{SeededDie, Strategy, Stream, eval, opponent, policy, tictactoe};
use crate::rules::{Action, Game, Move, Moves, Phase, Seat, TurnsPassed};
use arrayvec::ArrayVec;
use rand::{RngCore, SeedableRng};

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
    let candidates = candidates(game)?;
    // A forced move is not searched (and draws nothing from the stream).
    if candidates.len() <= 1 {
        return candidates.first().map(|(m, _)| m.pawn);
    }
    let mut search = Search::over(game, candidates, rng.next_u64());
    while search.has_budget() {
        search.round();
    }
    search.best()
}

/// Each distinct legal move with the game after it; `None` unless a move
/// is awaited. Pawns that stand together make the same move: searched once.
fn candidates(game: &Game) -> Option<ArrayVec<(Move, Game), 4>> {
    let Phase::Move { .. } = game.phase() else {
        return None;
    };
    let me = game.roller();
    let mut candidates = ArrayVec::new();
    for m in policy::distinct(&game.legal_moves()) {
        let mut after = *game;
        if after.play(Action::Move { seat: me, pawn: m.pawn }, &mut TurnsPassed::default()).is_ok() {
            candidates.push((m, after));
        }
    }
    Some(candidates)
}

/// Hard's search of one move decision, a round at a time: each round
/// plays one rollout after every distinct move, all on the same dice. A
/// game's Hard plays rounds while [`Search::has_budget`]; a caller with a
/// clock (the engine's time budget) may play as many as it likes instead.
#[derive(Clone, Debug)]
pub struct Search {
    legal: Moves,
    candidates: ArrayVec<(Move, Game), 4>,
    me: Seat,
    /// The best place still open: the one to play for.
    place: u8,
    horizon: u32,
    base: u64,
    totals: [f32; 4],
    rounds: u64,
    spent: u32,
    work: u32,
}

impl Search {
    /// The search of `game`'s move decision with the dice of `seed`, as
    /// `Bot::new(Strategy::Hard, seed)` would search it; `None` unless a
    /// move is awaited.
    pub fn new(game: &Game, seed: u64) -> Option<Search> {
        let candidates = candidates(game)?;
        Some(Search::over(game, candidates, Stream::seed_from_u64(seed).next_u64()))
    }

    fn over(game: &Game, candidates: ArrayVec<(Move, Game), 4>, base: u64) -> Search {
        Search {
            legal: game.legal_moves(),
            candidates,
            me: game.roller(),
            place: game.next_place(),
            horizon: horizon(game.remaining().len() as u32),
            base,
            totals: [0.0; 4],
            rounds: 0,
            spent: 0,
            work: 0,
        }
    }

    /// Plays one rollout after each distinct move.
    pub fn round(&mut self) {
        let seed = self.base.wrapping_add(self.rounds);
        for (total, (_, after)) in self.totals.iter_mut().zip(&self.candidates) {
            let (value, played) = rollout(*after, self.me, self.place, seed, self.horizon);
            *total += value;
            self.spent += played.actions.max(1);
            self.work += played.actions + played.evaluations;
        }
        self.rounds += 1;
    }

    /// Whether Hard's own budget of work ([`BUDGET`], [`WORK_CAP`]) is not
    /// spent yet: what a game's Hard searches.
    pub fn has_budget(&self) -> bool {
        self.spent < BUDGET && self.work < WORK_CAP
    }

    /// The rounds played so far.
    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// The pawn Hard moves on what has been searched: the best estimate,
    /// the first among equals.
    pub fn best(&self) -> Option<u8> {
        let totals = &self.totals[..self.candidates.len()];
        let best = (0..totals.len()).max_by(|&a, &b| totals[a].total_cmp(&totals[b]).then(b.cmp(&a)))?;
        self.candidates.get(best).map(|(m, _)| m.pawn)
    }

    /// Every legal move's pawn with Hard's estimate of its chance of the
    /// best open place (the mean over the rounds, 0 to 1), in the order the
    /// rules list them; pawns on one spot share their estimate. Before any
    /// round every estimate is 0.
    pub fn estimates(&self) -> impl Iterator<Item = (u8, f32)> + '_ {
        let rounds = self.rounds.max(1) as f32;
        self.legal.iter().filter_map(move |m| {
            let k = self.candidates.iter().position(|(c, _)| c.from == m.from)?;
            Some((m.pawn, self.totals[k] / rounds))
        })
    }
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
    let mut dice = SeededDie::new(seed);
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
