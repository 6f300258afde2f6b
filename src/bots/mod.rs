//! Computer players: Random, Easy, Normal and Hard, for every preset and
//! house rule, and the Tic-Tac-Toe player of the palace duels.
//!
//! Pure and deterministic: a bot's only randomness is a [`Stream`]
//! seeded from the `u64` it is built with, and it reads only the public
//! state of the game and the legal moves the reducer lists.

mod dice;
mod eval;
mod hint;
mod opponent;
mod play;
mod policy;
mod search;
mod tictactoe;

pub use dice::SeededDie;
pub use hint::{Why, hint};
pub use play::{Chooser, Played, Unplayable, play_game};
pub use search::Search;

use crate::rules::{Action, Game, Phase};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The seeded random stream of the bots, their searches' dice and the
/// simulator's dice: PCG-64 (MCG), the same numbers on every platform.
pub type Stream = rand_pcg::Pcg64Mcg;

/// How well a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// A uniformly random legal move, mark or rival.
    Random,
    /// Seed 000's priorities, blind to danger, with some careless moves.
    Easy,
    /// Seed 000's priorities weighed in one evaluation with danger and safety.
    Normal,
    /// Monte Carlo search over determinised dice, rivals modelled as Normal.
    Hard,
}

impl Strategy {
    pub const ALL: [Strategy; 4] = [Strategy::Random, Strategy::Easy, Strategy::Normal, Strategy::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Easy => "easy",
            Strategy::Normal => "normal",
            Strategy::Hard => "hard",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the strategies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown bot `{}`: expected random, easy, normal or hard", self.0)
    }
}

impl std::error::Error for UnknownStrategy {}

impl FromStr for Strategy {
    type Err = UnknownStrategy;
    fn from_str(s: &str) -> Result<Strategy, UnknownStrategy> {
        Strategy::ALL.into_iter().find(|st| st.name() == s).ok_or_else(|| UnknownStrategy(s.to_string()))
    }
}

/// A computer player. It keeps its random stream and what it remembers of
/// the current duel between decisions.
#[derive(Clone, Debug)]
pub struct Bot {
    strategy: Strategy,
    rng: Stream,
    duel: tictactoe::DuelMemory,
}

impl Bot {
    pub fn new(strategy: Strategy, seed: u64) -> Bot {
        Bot { strategy, rng: Stream::seed_from_u64(seed), duel: tictactoe::DuelMemory::default() }
    }

    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The action for `game.to_act()`: a move, a challenge or a duel mark.
    /// `None` when the die is to be rolled (never the bot's choice) or the
    /// game is over.
    #[inline(always)]
    pub fn decide(&mut self, game: &Game) -> Option<Action> {
        self.decide_knowing(game, None)
    }

    /// [`Bot::decide`], given the pawns that may move if the roll's reducer
    /// step already told them ([`crate::rules::EventSink::movable`]), so the
    /// random player does not list them again.
    #[inline(always)]
    pub fn decide_knowing(&mut self, game: &Game, movable: Option<u8>) -> Option<Action> {
        let seat = game.to_act()?;
        match game.phase() {
            Phase::Roll | Phase::Over => None,
            Phase::Move { .. } => {
                debug_assert!(movable.is_none_or(|m| m == game.movable_pawns()));
                let pawn = match self.strategy {
                    Strategy::Random => {
                        policy::random_move(movable.unwrap_or_else(|| game.movable_pawns()), &mut self.rng)
                    }
                    Strategy::Easy => policy::easy_move(game, &mut self.rng),
                    Strategy::Normal => policy::normal_move(game),
                    Strategy::Hard => search::hard_move(game, &mut self.rng),
                }?;
                Some(Action::Move { seat, pawn })
            }
            Phase::ChooseOpponent => {
                let opponent = opponent::choose(game, self.strategy, &mut self.rng)?;
                Some(Action::Challenge { seat, opponent })
            }
            Phase::Duel(duel) => {
                let cell = self.duel.mark(game.turn(), seat, &duel, self.strategy, &mut self.rng)?;
                Some(Action::Mark { seat, cell })
            }
        }
    }
}
