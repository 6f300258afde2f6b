//! Hard: Monte Carlo search with determinised dice.
//!
//! Each candidate move is played, then the game is rolled out with dice
//! drawn from a seeded stream, every player following Normal's policy, until
//! the bot has had its next turns ([`horizon`]); the position is then scored
//! by the bot's chance of taking the best open place
//! ([`eval::place_chance`]). Every candidate meets the same dice streams
//! (common random numbers), so the comparison measures the move, not the
//! luck. The candidates are raced: every [`LOOK_EVERY`] rounds, a candidate
//! that trails the leader by more than [`RACE_Z`] standard errors of their
//! paired difference is dropped, and the search ends when one is left. The
//! work is bounded by a budget of reducer actions with a ceiling on actions
//! plus evaluations, not by time: the same seed gives the same move on
//! every machine.
//!
//! Why this shape (docs/bots.md has the numbers): against a search 16 times
//! as long, Hard's choices lose almost nothing to the dice's noise, so the
//! work a clear choice saves is better spent on seeing further than on
//! more rollouts.

use super::eval::{self, Leaves};
use super::{SeededDie, Strategy, Stream, opponent, policy, tictactoe};
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
/// Rounds between looks for candidates that are clearly beaten.
const LOOK_EVERY: u64 = 36;
/// How many standard errors of the paired difference a candidate must
/// trail the leader by to be dropped. Against a search 16 times as long,
/// racing at 3 chose as well as playing every candidate to the end of the
/// budget (regret under 0.0001 of a win a decision either way) with a third
/// of the work.
const RACE_Z: f32 = 3.0;

/// The pawn Hard moves, or `None` when no move is due.
pub(crate) fn hard_move(game: &Game, rng: &mut Stream) -> Option<u8> {
    searched_move(game, rng, &eval::FITTED, BUDGET)
}

/// The pawn a search that scores its rollouts by `leaves`, within `budget`
/// actions (and a ceiling of work in proportion), moves: Hard's, or a
/// quicker stand-in for it while a leaf is fitted.
pub(super) fn searched_move(
    game: &Game,
    rng: &mut Stream,
    leaves: &'static Leaves,
    budget: u32,
) -> Option<u8> {
    let legal = game.legal_moves();
    let candidates = candidates(game, &legal)?;
    // A forced move is not searched (and draws nothing from the stream).
    if candidates.len() <= 1 {
        return candidates.first().map(|(m, _)| m.pawn);
    }
    let mut search = Search::over(game, (legal, candidates), rng.next_u64(), (leaves, budget));
    while search.has_budget() {
        search.round();
    }
    search.best()
}

/// Each distinct move of `legal` (the game's legal moves) with the game
/// after it; `None` unless a move is awaited. Pawns that stand together
/// make the same move: searched once.
pub(super) fn candidates(game: &Game, legal: &[Move]) -> Option<ArrayVec<(Move, Game), 4>> {
    let Phase::Move { .. } = game.phase() else {
        return None;
    };
    let me = game.roller();
    let mut candidates = ArrayVec::new();
    for m in policy::distinct(legal) {
        let mut after = *game;
        if after.play(Action::Move { seat: me, pawn: m.pawn }, &mut TurnsPassed::default()).is_ok() {
            candidates.push((m, after));
        }
    }
    Some(candidates)
}

/// Hard's search of one move decision, a round at a time: each round
/// plays one rollout after every distinct move still raced, all on the same
/// dice. A
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
    /// Rounds each candidate was played in.
    played: [u32; 4],
    /// Candidates still raced.
    active: [bool; 4],
    /// Sums of squared paired differences, `[i][j]` for `i < j`.
    squares: [[f32; 4]; 4],
    rounds: u64,
    spent: u32,
    work: u32,
    leaves: &'static Leaves,
    /// Reducer actions it may spend: [`BUDGET`] but while fitting.
    budget: u32,
}

impl Search {
    /// The search of `game`'s move decision with the dice of `seed`, as
    /// `Bot::new(Strategy::Hard, seed)` would search it; `None` unless a
    /// move is awaited.
    pub fn new(game: &Game, seed: u64) -> Option<Search> {
        let legal = game.legal_moves();
        let candidates = candidates(game, &legal)?;
        let base = Stream::seed_from_u64(seed).next_u64();
        Some(Search::over(game, (legal, candidates), base, (&eval::FITTED, BUDGET)))
    }

    /// The search of `game`'s `legal` moves, its distinct `candidates`,
    /// with the dice of `base`, scoring rollouts by `leaves` within `budget`.
    fn over(
        game: &Game,
        (legal, candidates): (Moves, ArrayVec<(Move, Game), 4>),
        base: u64,
        (leaves, budget): (&'static Leaves, u32),
    ) -> Search {
        let n = candidates.len();
        Search {
            legal,
            candidates,
            me: game.roller(),
            place: game.next_place(),
            horizon: horizon(game),
            base,
            totals: [0.0; 4],
            played: [0; 4],
            active: [0, 1, 2, 3].map(|k| k < n),
            squares: [[0.0; 4]; 4],
            rounds: 0,
            spent: 0,
            work: 0,
            leaves,
            budget,
        }
    }

    /// Plays one rollout after each distinct move still raced.
    pub fn round(&mut self) {
        let seed = self.base.wrapping_add(self.rounds);
        let mut values = [0.0f32; 4];
        for (k, (_, after)) in self.candidates.iter().enumerate() {
            if !self.active[k] {
                continue;
            }
            let (value, played) = rollout(*after, (self.me, self.place), seed, self.horizon, self.leaves);
            values[k] = value;
            self.totals[k] += value;
            self.played[k] += 1;
            self.spent += played.actions.max(1);
            self.work += played.actions + played.evaluations;
        }
        for i in 0..4 {
            for j in i + 1..4 {
                if self.active[i] && self.active[j] {
                    let d = values[i] - values[j];
                    self.squares[i][j] += d * d;
                }
            }
        }
        self.rounds += 1;
        if self.rounds.is_multiple_of(LOOK_EVERY) {
            self.drop_beaten();
        }
    }

    /// Stops racing the candidates that trail the leader by more than
    /// [`RACE_Z`] standard errors of their paired difference.
    fn drop_beaten(&mut self) {
        let n = self.rounds as f32;
        let Some(leader) = (0..self.candidates.len())
            .filter(|&k| self.active[k])
            .max_by(|&a, &b| self.totals[a].total_cmp(&self.totals[b]).then(b.cmp(&a)))
        else {
            return;
        };
        for k in 0..self.candidates.len() {
            if k == leader || !self.active[k] {
                continue;
            }
            let mean = (self.totals[leader] - self.totals[k]) / n;
            let square = self.squares[leader.min(k)][leader.max(k)] / n;
            let variance = (square - mean * mean).max(0.0) / (n - 1.0);
            if mean > RACE_Z * variance.sqrt() {
                self.active[k] = false;
            }
        }
    }

    /// Whether Hard's own budget of work ([`BUDGET`], [`WORK_CAP`]) is not
    /// spent yet and more than one candidate is still raced: what a game's
    /// Hard searches.
    pub fn has_budget(&self) -> bool {
        let racing = self.active.iter().filter(|&&a| a).count() > 1;
        racing && self.within_budget()
    }

    /// Whether an analysis searches on: as [`Search::has_budget`], and a
    /// lone distinct move (never raced) is searched to the whole budget, so
    /// that its estimate means something.
    pub fn has_budget_to_estimate(&self) -> bool {
        self.has_budget() || (self.candidates.len() == 1 && self.within_budget())
    }

    fn within_budget(&self) -> bool {
        let cap = (u64::from(WORK_CAP) * u64::from(self.budget) / u64::from(BUDGET)) as u32;
        self.spent < self.budget && self.work < cap
    }

    /// The rounds played so far.
    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// The pawn Hard moves on what has been searched: the best estimate
    /// among the candidates still raced, the first among equals.
    pub fn best(&self) -> Option<u8> {
        let best = (0..self.candidates.len())
            .filter(|&k| self.active[k])
            .max_by(|&a, &b| self.mean(a).total_cmp(&self.mean(b)).then(b.cmp(&a)))?;
        self.candidates.get(best).map(|(m, _)| m.pawn)
    }

    fn mean(&self, k: usize) -> f32 {
        self.totals[k] / self.played[k].max(1) as f32
    }

    /// Every legal move's pawn with Hard's estimate of its chance of the
    /// best open place (the mean over the rounds it was raced in, 0 to 1;
    /// a dropped move's is the less sure), in the order the
    /// rules list them; pawns on one spot share their estimate. Before any
    /// round every estimate is 0.
    pub fn estimates(&self) -> impl Iterator<Item = (u8, f32)> + '_ {
        self.legal.iter().filter_map(move |m| {
            let k = self.candidates.iter().position(|(c, _)| c.from == m.from)?;
            Some((m.pawn, self.mean(k)))
        })
    }
}

/// How many turns a rollout from `game` plays: until the bot has had its
/// next three turns, or two in a race between two seats whose leaf does
/// not know that the bot searches. Measured (docs/bots.md): at four players
/// one turn won 38.7% against Normal and two 41.5% (`sim`), and against
/// rollouts to the game's end a third turn cut the cost of the leaf's error
/// per decision by a third. Between two, a third turn gained nothing
/// measurable with the standings alone (61.8% against 61.3%), but with the
/// learned leaf, which counts on Hard playing on better than Normal, it
/// won 66.05% against 65.3% of 4,000 games, and 65.8% of 6,000 fresh ones.
fn horizon(game: &Game) -> u32 {
    let players = game.remaining().len() as u32;
    let own = if players == 2 && !eval::knows_the_searcher(game) { 2 } else { 3 };
    own * players + 1
}

/// Plays on from `game` until `horizon` turns have passed (or the game
/// ends), with dice from `seed`; returns the chance that `me` takes `place`
/// by `leaves`, and the work spent.
fn rollout(
    mut game: Game,
    (me, place): (Seat, u8),
    seed: u64,
    horizon: u32,
    leaves: &Leaves,
) -> (f32, Spent) {
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
    (eval::place_chance(&game, me, place, leaves), Spent { actions, evaluations })
}

/// What one rollout cost.
struct Spent {
    actions: u32,
    evaluations: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Face, Preset, Progress, SeatSet, Setup, YARD, board};

    /// Red (pawns at 20 and 40) has rolled a 3 against green, whose pawn
    /// stands 3 squares ahead of red's first: the capture is clearly best,
    /// so the race drops the other move and stops long before the budget.
    #[test]
    fn a_clearly_best_move_ends_the_race_early() {
        let (red, green) = (Seat::ALL[0], Seat::ALL[1]);
        let mut pawns = [[YARD; 4]; 4];
        pawns[0] = [Progress::new(20), Progress::new(40), YARD, YARD];
        let target =
            board::progress_on(green, board::loop_square(red, Progress::new(23))).expect("on green's way");
        pawns[1] = [target, YARD, YARD, YARD];
        let players = SeatSet::EMPTY.with(red).with(green);
        let rules = Preset::Classic.rules();
        let setup = Setup { rules, players, pawns, turn: red, captured: SeatSet::EMPTY };
        let mut game = Game::from_setup(setup).expect("valid");
        game.play(Action::Roll { seat: red, face: Face::ALL[2] }, &mut TurnsPassed::default())
            .expect("a roll");
        let mut search = Search::new(&game, 1).expect("a move is awaited");
        while search.has_budget() {
            search.round();
        }
        assert_eq!(search.best(), Some(0), "the capture");
        assert!(search.rounds() <= 2 * LOOK_EVERY, "{} rounds", search.rounds());
        assert!(search.spent < BUDGET / 2, "{} actions", search.spent);
    }
}
