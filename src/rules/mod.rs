//! The game itself, pure and deterministic: board geometry, rule parameters
//! and presets, the die face and a pawn's progress, state, actions, the
//! reducer, legal moves, the duel, ranking. No IO, no clock, no randomness:
//! the die's [`Face`] is an input.

mod action;
pub mod board;
mod duel;
mod face;
mod game;
mod moves;
mod params;
mod position;
mod progress;
mod ranking;
mod reducer;
pub mod script;
mod seat;

pub use action::{Action, Blocked, Bonus, Event, EventSink, Events, Illegal, Penalty, TurnsPassed};
pub use duel::{Duel, DuelOutcome};
pub use face::{Face, NotAFace};
pub use game::{Game, Phase, Setup, YARD};
pub use moves::{Move, Moves};
pub use params::{
    Dice, End, FirstPlayer, Goal, Home, Preset, Rules, RulesError, SafeSquares, Teams, ThreeSixes,
};
pub use position::{PositionError, Unreached};
pub use progress::Progress;
pub use seat::{Colour, Seat, SeatSet, default_players};
