//! TEMPORARY shim until the bots branch lands (not for main).
use crate::rules::{Action, Game, Phase};
use serde::{Deserialize, Serialize};
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    Random,
    Easy,
    Normal,
    Hard,
}
pub struct Bot {
    seed: u64,
}
impl Bot {
    pub fn new(_s: Strategy, seed: u64) -> Bot {
        Bot { seed }
    }
    pub fn decide(&mut self, game: &Game) -> Option<Action> {
        self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let seat = game.to_act()?;
        match game.phase() {
            Phase::Move { .. } => {
                let m = game.legal_moves();
                Some(Action::Move { seat, pawn: m[(self.seed >> 33) as usize % m.len()].pawn })
            }
            Phase::ChooseOpponent => {
                Some(Action::Challenge { seat, opponent: game.remaining().without(seat).iter().next()? })
            }
            Phase::Duel(d) => Some(Action::Mark { seat, cell: d.free_cells().next()? }),
            _ => None,
        }
    }
}
