//! STAND-IN for `table`, which is being written: the one place the game
//! screen sends intents. It applies them to the reducer directly, draws the
//! die from a clock-seeded generator (not the verifiable dice) and lets bots
//! move their furthest pawn (not `bots`). When `table` lands, this file goes
//! and `GameScreen::submit` talks to the table instead.

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
}

/// One accepted intent: the new state and what happened.
pub struct Step {
    pub game: Game,
    pub events: Events,
    /// The face rolled, for a roll.
    pub face: Option<u8>,
}

impl StandIn {
    pub fn new(game: Game, seed: u64) -> StandIn {
        StandIn { game, die: seed | 1 }
    }

    pub fn game(&self) -> &Game {
        &self.game
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

    /// What a bot in `seat` does now.
    pub fn bot_intent(&self, seat: Seat) -> Option<Intent> {
        match self.game.phase() {
            Phase::Roll => Some(Intent::Roll),
            Phase::Move { .. } => self.game.legal_moves().iter().max_by_key(|m| m.to).map(|m| Intent::Move(m.pawn)),
            Phase::ChooseOpponent => self.game.remaining().without(seat).iter().next().map(Intent::Challenge),
            Phase::Duel(d) => d.free_cells().next().map(Intent::Mark),
            Phase::Over => None,
        }
    }
}
