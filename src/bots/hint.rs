//! A hint for a person: the move Hard would make, and why in a word, so a
//! player learns what makes a move good rather than only which one.

use super::Search;
use crate::rules::board::loop_square;
use crate::rules::{Game, Move, Phase, YARD};

/// What a move does that a player sees at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The pawn reaches home.
    Home,
    /// It sends an opponent's pawn back to its yard.
    Capture,
    /// It brings a pawn out of the yard.
    Enter,
    /// It lands where no one can capture it.
    Safe,
    /// It moves on: nothing better is there.
    Ahead,
}

/// Hard's move in `game`, a move decision awaited, and what it does;
/// `None` when no move is awaited. Deterministic: the search's dice come
/// from `seed`, with Hard's own budget.
pub fn hint(game: &Game, seed: u64) -> Option<(Move, Why)> {
    let Phase::Move { .. } = game.phase() else { return None };
    let legal = game.legal_moves();
    let pawn = match legal.as_slice() {
        [only] => only.pawn,
        _ => {
            let mut search = Search::new(game, seed)?;
            while search.has_budget() {
                search.round();
            }
            search.best()?
        }
    };
    let chosen = *legal.iter().find(|m| m.pawn == pawn)?;
    Some((chosen, why(game, chosen)))
}

/// What `m` does in `game`, the first that holds of home, capture, enter, safe.
fn why(game: &Game, m: Move) -> Why {
    let mover = game.mover();
    if m.to >= game.rules().last_progress() {
        Why::Home
    } else if game.captures(mover, m.to) {
        Why::Capture
    } else if m.from == YARD {
        Why::Enter
    } else if !m.to.on_loop() || game.is_safe(loop_square(mover, m.to)) {
        // Past the loop, in its own lane, no one can reach it.
        Why::Safe
    } else {
        Why::Ahead
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, SeededDie, Strategy};
    use crate::rules::{Action, Face, Preset, Seat, SeatSet};

    /// Pawns of every seat but `seat` in their yards.
    fn yard_pawns_of_others(game: &Game, seat: Seat) -> usize {
        game.players()
            .iter()
            .filter(|&s| s != seat)
            .map(|s| game.pawns(s).iter().filter(|&&p| p == YARD).count())
            .sum()
    }

    #[test]
    fn each_hint_is_hards_move_and_says_what_the_move_does() {
        let mut seen = Vec::new();
        for seed in 1..=3 {
            let mut game = Game::new(Preset::Classic.rules(), SeatSet::FULL, Seat::ALL[0]).expect("a game");
            let mut bot = Bot::new(Strategy::Normal, seed);
            let mut die = SeededDie::new(seed);
            let mut decisions = 0;
            while decisions < 40 && game.phase() != Phase::Over {
                if let Phase::Roll = game.phase() {
                    let seat = game.roller();
                    game = game.apply(Action::Roll { seat, face: die.roll() }).expect("a roll").0;
                    continue;
                }
                if game.legal_moves().len() > 1 {
                    decisions += 1;
                    let (m, why) = hint(&game, seed).expect("a move is awaited");
                    let mut search = Search::new(&game, seed).expect("a choice");
                    while search.has_budget() {
                        search.round();
                    }
                    assert_eq!(Some(m.pawn), search.best(), "the hint is Hard's move");
                    let mover = game.mover();
                    let roller = game.roller();
                    let after = game.apply(Action::Move { seat: roller, pawn: m.pawn }).expect("legal").0;
                    let landed = after.pawns(mover)[usize::from(m.pawn)];
                    match why {
                        Why::Home => assert!(landed >= game.rules().last_progress()),
                        Why::Capture => {
                            assert!(yard_pawns_of_others(&after, mover) > yard_pawns_of_others(&game, mover))
                        }
                        Why::Enter => assert_eq!(m.from, YARD),
                        Why::Safe | Why::Ahead => {
                            assert_eq!(
                                yard_pawns_of_others(&after, mover),
                                yard_pawns_of_others(&game, mover)
                            );
                            assert_ne!(m.from, YARD);
                        }
                    }
                    seen.push(why);
                }
                let action = bot.decide(&game).expect("a move");
                game = game.apply(action).expect("a legal move").0;
            }
        }
        for why in [Why::Capture, Why::Enter, Why::Safe, Why::Ahead] {
            assert!(seen.contains(&why), "{why:?} among {seen:?}");
        }
    }

    #[test]
    fn a_pawn_out_of_the_yard_is_an_entry_and_no_move_awaited_is_no_hint() {
        let game = Game::new(Preset::Classic.rules(), SeatSet::FULL, Seat::ALL[0]).expect("a game");
        assert_eq!(hint(&game, 1), None, "a roll is awaited, not a move");
        let seat = game.roller();
        let (after, _) = game.apply(Action::Roll { seat, face: Face::SIX }).expect("a roll");
        let (m, why) = hint(&after, 1).expect("a move out of the yard");
        assert_eq!((m.from, why), (YARD, Why::Enter));
    }
}
