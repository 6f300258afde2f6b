//! A whole game between bots: the loop the simulator, the tests and the
//! benchmark share. The dice come in from outside (a seeded stream in the
//! simulator; the fair dice of a real table later).

use crate::rules::{Action, Event, EventSink, Face, Game, Illegal, Phase, Seat, TurnsPassed};
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
pub enum Unplayable {
    /// A seat is to act but has no bot.
    NoBot(Seat),
    /// A bot had no action where one was due.
    Undecided(Seat),
    /// The reducer refused an action (a bot's, or a die face out of range).
    Illegal { action: Action, reason: Illegal },
    /// The game ran past any sensible length.
    TooLong,
}

impl fmt::Display for Unplayable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unplayable::NoBot(seat) => write!(f, "{seat} is to act but no bot sits there"),
            Unplayable::Undecided(seat) => write!(f, "the bot at {seat} had no action"),
            Unplayable::Illegal { action, reason } => write!(f, "{action:?} was refused: {reason}"),
            Unplayable::TooLong => write!(f, "the game passed {MAX_ACTIONS} actions without ending"),
        }
    }
}

impl std::error::Error for Unplayable {}

/// Whoever chooses a seat's actions: a [`super::Bot`], or a wrapper that
/// watches one (the benchmark times Hard's decisions this way).
pub trait Chooser {
    /// The action for `game.to_act()`; `None` when the die is to be rolled.
    /// `movable`: the pawns that may move, when the roll just told them.
    fn decide(&mut self, game: &Game, movable: Option<u8>) -> Option<Action>;
}

impl Chooser for super::Bot {
    #[inline]
    fn decide(&mut self, game: &Game, movable: Option<u8>) -> Option<Action> {
        super::Bot::decide_knowing(self, game, movable)
    }
}

/// What the loop keeps of the events: the turns passed, and the pawns the
/// last roll left movable (kept for the choice that follows, so the
/// random player does not list the moves a second time).
struct Told {
    turns: TurnsPassed,
    movable: Option<u8>,
}

impl EventSink for Told {
    #[inline]
    fn push(&mut self, event: Event) {
        self.turns.push(event);
    }

    #[inline]
    fn movable(&mut self, pawns: u8) {
        self.movable = Some(pawns);
    }
}

/// Plays `game` to its end: `bots[k]` acts for seat k, and `roll` gives
/// each die face when one is to be rolled.
pub fn play_game<P: Chooser>(
    mut game: Game,
    bots: &mut [Option<P>; 4],
    mut roll: impl FnMut() -> Face,
) -> Result<Played, Unplayable> {
    // The first turn, then every one the turn passed to.
    let mut told = Told { turns: TurnsPassed(1), movable: None };
    let mut actions = 0u32;
    loop {
        if actions >= MAX_ACTIONS {
            return Err(Unplayable::TooLong);
        }
        // One look at the phase for a roll, about half the actions.
        let action = match game.phase() {
            Phase::Roll => Action::Roll { seat: game.roller(), face: roll() },
            _ => {
                let Some(seat) = game.to_act() else { break };
                let bot =
                    bots.get_mut(seat.index()).and_then(Option::as_mut).ok_or(Unplayable::NoBot(seat))?;
                // Only the roll just played can have told the movable pawns.
                bot.decide(&game, told.movable.take()).ok_or(Unplayable::Undecided(seat))?
            }
        };
        game.play(action, &mut told).map_err(|reason| Unplayable::Illegal { action, reason })?;
        actions += 1;
    }
    Ok(Played { game, turns: told.turns.0, actions })
}
