//! A whole game between bots: the loop the simulator, the tests and the
//! benchmark share. The dice come in from outside (a seeded stream in the
//! simulator; the fair dice of a real table later).

use crate::rules::{Action, Game, Illegal, Seat, TurnsPassed};
use std::fmt;

/// No game between bots takes this many actions; beyond it something loops.
const MAX_ACTIONS: u32 = 1_000_000;

/// A finished game.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    /// The final state: places are in [`Game::place`].
    pub game: Game,
    /// Turns played (the first one and every one the turn passed to).
    pub turns: u32,
    /// Reducer actions applied, rolls included.
    pub actions: u32,
}

/// Why a game could not be played to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A seat is to act but has no bot.
    NoBot(Seat),
    /// A bot had no action where one was due.
    Undecided(Seat),
    /// The reducer refused an action (a bot's, or a die face out of range).
    Illegal { action: Action, reason: Illegal },
    /// The game ran past any sensible length.
    TooLong,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoBot(seat) => write!(f, "{seat} is to act but no bot sits there"),
            PlayError::Undecided(seat) => write!(f, "the bot at {seat} had no action"),
            PlayError::Illegal { action, reason } => write!(f, "{action:?} was refused: {reason}"),
            PlayError::TooLong => write!(f, "the game passed {MAX_ACTIONS} actions without ending"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Whoever chooses a seat's actions: a [`super::Bot`], or a wrapper that
/// watches one (the benchmark times Hard's decisions this way).
pub trait Player {
    /// The action for `game.to_act()`; `None` when the die is to be rolled.
    fn decide(&mut self, game: &Game) -> Option<Action>;
}

impl Player for super::Bot {
    #[inline]
    fn decide(&mut self, game: &Game) -> Option<Action> {
        super::Bot::decide(self, game)
    }
}

/// Plays `game` to its end: `bots[k]` acts for seat k, and `roll` gives
/// each die face when one is to be rolled.
pub fn play_game<P: Player>(
    mut game: Game,
    bots: &mut [Option<P>; 4],
    mut roll: impl FnMut() -> u8,
) -> Result<Played, PlayError> {
    // The first turn, then every one the turn passed to.
    let mut turns = TurnsPassed(1);
    let mut actions = 0u32;
    while let Some(seat) = game.to_act() {
        if actions >= MAX_ACTIONS {
            return Err(PlayError::TooLong);
        }
        let action = if let crate::rules::Phase::Roll = game.phase() {
            Action::Roll { seat, face: roll() }
        } else {
            let bot = bots.get_mut(seat.index()).and_then(Option::as_mut).ok_or(PlayError::NoBot(seat))?;
            bot.decide(&game).ok_or(PlayError::Undecided(seat))?
        };
        game.play(action, &mut turns).map_err(|reason| PlayError::Illegal { action, reason })?;
        actions += 1;
    }
    Ok(Played { game, turns: turns.0, actions })
}
