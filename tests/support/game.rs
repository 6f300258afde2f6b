//! Random play: one `u64` names a whole game of legal actions.

use ludopia::rules::{Action, Face, Game, Phase};

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

/// Every legal action for whoever is to act: each die face when a roll
/// is due, each movable pawn, each rival to challenge, each free duel cell.
pub fn legal_actions(game: &Game) -> Vec<Action> {
    let Some(seat) = game.to_act() else { return Vec::new() };
    match game.phase() {
        Phase::Roll => Face::ALL.map(|face| Action::Roll { seat, face }).to_vec(),
        Phase::Move { .. } => {
            let moves = game.legal_moves();
            assert!(!moves.is_empty(), "a move is due but none is legal: {game:?}");
            moves.iter().map(|m| Action::Move { seat, pawn: m.pawn }).collect()
        }
        // A rival still playing: never the seat itself nor its partner.
        Phase::ChooseOpponent => game
            .remaining()
            .iter()
            .filter(|&s| game.opponents(seat).contains(s))
            .map(|opponent| Action::Challenge { seat, opponent })
            .collect(),
        Phase::Duel(duel) => duel.free_cells().map(|cell| Action::Mark { seat, cell }).collect(),
        Phase::Over => Vec::new(),
    }
}

/// A legal action for whoever is to act, chosen at random.
pub fn random_legal(game: &Game, rng: &mut Dice64) -> Option<Action> {
    let actions = legal_actions(game);
    (!actions.is_empty()).then(|| actions[rng.below(actions.len())])
}
