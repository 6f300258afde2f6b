//! STAND-IN for `table`, which is not on main yet: the one place the game
//! screen sends intents. It applies them to the reducer directly and draws
//! the die from a seeded generator (not the verifiable dice); bots decide
//! with `bots::Bot`. When `table` lands, this file goes and
//! `GameScreen::submit` talks to the table instead.

use crate::bots::{Bot, Strategy};
use crate::rules::{Action, Events, Game, Illegal, Phase, Seat};

/// What a seat asks the table to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    Roll,
    Move(u8),
    Challenge(Seat),
    Mark(u8),
}

pub struct StandIn {
    game: Game,
    die: u64,
    bots: [Option<Bot>; 4],
}

/// One accepted intent: the new state and what happened.
pub struct Step {
    pub game: Game,
    pub events: Events,
    /// The face rolled, for a roll.
    pub face: Option<u8>,
}

impl StandIn {
    pub fn new(game: Game, bots: [Option<Strategy>; 4], seed: u64) -> StandIn {
        let mut k = 0;
        let bots = bots.map(|s| {
            k += 1;
            s.map(|s| Bot::new(s, seed.wrapping_add(k)))
        });
        StandIn { game, die: seed | 1, bots }
    }

    fn roll_die(&mut self) -> u8 {
        // xorshift64*: enough for a stand-in die.
        self.die ^= self.die >> 12;
        self.die ^= self.die << 25;
        self.die ^= self.die >> 27;
        (self.die.wrapping_mul(0x2545_f491_4f6c_dd1d) % 6) as u8 + 1
    }

    pub fn submit(&mut self, seat: Seat, intent: Intent) -> Result<Step, Illegal> {
        let mut face = None;
        let action = match intent {
            Intent::Roll => {
                let f = self.roll_die();
                face = Some(f);
                Action::Roll { seat, face: f }
            }
            Intent::Move(pawn) => Action::Move { seat, pawn },
            Intent::Challenge(opponent) => Action::Challenge { seat, opponent },
            Intent::Mark(cell) => Action::Mark { seat, cell },
        };
        let (game, events) = self.game.apply(action)?;
        self.game = game;
        Ok(Step { game, events, face })
    }

    /// What a bot in `seat` does now: it asks for the die, or decides.
    pub fn bot_intent(&mut self, seat: Seat) -> Option<Intent> {
        if self.game.phase() == Phase::Roll {
            return Some(Intent::Roll);
        }
        let bot = self.bots.get_mut(seat.index())?.as_mut()?;
        match bot.decide(&self.game)? {
            Action::Move { pawn, .. } => Some(Intent::Move(pawn)),
            Action::Challenge { opponent, .. } => Some(Intent::Challenge(opponent)),
            Action::Mark { cell, .. } => Some(Intent::Mark(cell)),
            Action::Roll { .. } => Some(Intent::Roll),
        }
    }
}
