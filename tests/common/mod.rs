//! Random play shared by the test binaries that need it.

use ludopia::rules::{Action, Game, Phase, Seat};

/// A small deterministic generator (SplitMix64) for the choices inside a
/// game, so one `u64` names a whole game.
pub struct Dice64(pub u64);

impl Dice64 {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A legal action for whoever is to act, chosen at random.
pub fn random_legal(game: &Game, rng: &mut Dice64) -> Option<Action> {
    let seat = game.to_act()?;
    Some(match game.phase() {
        Phase::Roll => Action::Roll { seat, face: rng.below(6) as u8 + 1 },
        Phase::Move { .. } => {
            let moves = game.legal_moves();
            assert!(!moves.is_empty(), "a move is due but none is legal: {game:?}");
            Action::Move { seat, pawn: moves[rng.below(moves.len())].pawn }
        }
        Phase::ChooseOpponent => {
            // A rival still playing: never the seat itself nor its partner.
            let others: Vec<Seat> =
                game.remaining().iter().filter(|&s| game.opponents(seat).contains(s)).collect();
            Action::Challenge { seat, opponent: others[rng.below(others.len())] }
        }
        Phase::Duel(duel) => {
            let free: Vec<u8> = duel.free_cells().collect();
            Action::Mark { seat, cell: free[rng.below(free.len())] }
        }
        Phase::Over => return None,
    })
}
