//! Palace: the Tic-Tac-Toe duel for the die.

use super::helpers::*;
use ludopia::rules::{Action, Bonus, Dice, End, Event, Game, Illegal, Phase, Preset, Rules, Seat};

fn palace4() -> Game {
    let rules = Preset::Palace.rules();
    assert_eq!(rules.dice, Dice::Duel);
    game(rules, &[S0, S1, S2, S3], &[(S0, &[10]), (S2, &[20])], S0)
}

/// Plays the marks in turn, from whoever is to act.
fn marks(g: &Game, cells: &[u8]) -> (Game, Vec<Event>) {
    let mut g = *g;
    let mut all = Vec::new();
    for &cell in cells {
        let (next, events) = mark(&g, cell);
        all.extend(events);
        g = next;
    }
    (g, all)
}

/// X takes the top row while O plays 3 and 4.
const X_WINS: [u8; 5] = [0, 3, 1, 4, 2];
/// O takes the middle row.
const O_WINS: [u8; 6] = [0, 3, 1, 4, 8, 5];
/// X O X / X O O / O X X: no line.
const DRAW: [u8; 9] = [0, 1, 2, 4, 3, 5, 7, 6, 8];

#[test]
fn a_turn_starts_by_choosing_an_opponent() {
    let g = palace4();
    assert_eq!((g.phase(), g.to_act(), g.turn()), (Phase::ChooseOpponent, Some(S0), S0));
    assert!(g.legal_moves().is_empty());
    assert_eq!(refuse(&g, Action::Roll { seat: S0, face: f(6) }), Illegal::WrongPhase);
    assert_eq!(refuse(&g, Action::Mark { seat: S0, cell: 0 }), Illegal::WrongPhase);
    assert_eq!(
        refuse(&g, Action::Challenge { seat: S0, opponent: S0 }),
        Illegal::BadOpponent { opponent: S0 }
    );
    assert_eq!(refuse(&g, Action::Challenge { seat: S1, opponent: S2 }), Illegal::NotYourTurn { to_act: S0 });
    // An empty seat cannot be challenged.
    let three = game(Preset::Palace.rules(), &[S0, S1, S2], &[], S0);
    assert_eq!(
        refuse(&three, Action::Challenge { seat: S0, opponent: S3 }),
        Illegal::BadOpponent { opponent: S3 }
    );
}

#[test]
fn the_challenger_plays_x_and_moves_first() {
    let g = palace4();
    let (g, events) = act(&g, Action::Challenge { seat: S0, opponent: S2 });
    assert_eq!(events, [Event::Challenged { seat: S0, opponent: S2 }]);
    let Phase::Duel(duel) = g.phase() else { panic!("no duel: {:?}", g.phase()) };
    assert_eq!((duel.x, duel.o), (S0, S2));
    assert_eq!(g.to_act(), Some(S0));
    assert_eq!(refuse(&g, Action::Mark { seat: S2, cell: 4 }), Illegal::NotYourTurn { to_act: S0 });
    let (g, _) = mark(&g, 4);
    assert_eq!(g.to_act(), Some(S2));
    assert_eq!(refuse(&g, Action::Mark { seat: S2, cell: 4 }), Illegal::CellTaken { cell: 4 });
    assert_eq!(refuse(&g, Action::Mark { seat: S2, cell: 9 }), Illegal::BadCell { cell: 9 });
    assert_eq!(refuse(&g, Action::Roll { seat: S2, face: f(3) }), Illegal::WrongPhase);
}

#[test]
fn the_challenger_wins_rolls_moves_and_the_turn_passes_clockwise() {
    let (g, _) = act(&palace4(), Action::Challenge { seat: S0, opponent: S2 });
    let (g, events) = marks(&g, &X_WINS);
    assert_eq!(events.last(), Some(&Event::DuelWon { seat: S0 }));
    assert_eq!((g.phase(), g.to_act(), g.roller(), g.turn()), (Phase::Roll, Some(S0), S0, S0));
    let (next, events) = roll_mv(&g, 3, 0);
    assert_eq!(events.last(), Some(&Event::TurnPassed { from: S0, to: S1 }));
    assert_eq!(pawns_of(&next, S0)[0], 13);
    assert_eq!((next.phase(), next.to_act()), (Phase::ChooseOpponent, Some(S1)));
}

#[test]
fn the_opponent_wins_rolls_and_moves_its_own_pawns_and_the_turn_passes_from_the_challenger() {
    let (g, _) = act(&palace4(), Action::Challenge { seat: S0, opponent: S2 });
    let (g, events) = marks(&g, &O_WINS);
    assert_eq!(events.last(), Some(&Event::DuelWon { seat: S2 }));
    // The turn stays the challenger's while the winner rolls and moves.
    assert_eq!((g.turn(), g.roller(), g.to_act()), (S0, S2, Some(S2)));
    assert_eq!(refuse(&g, Action::Roll { seat: S0, face: f(3) }), Illegal::NotYourTurn { to_act: S2 });
    let (rolled, _) = roll(&g, 3);
    assert_eq!(moves(&rolled), [(0, 20, 23)]);
    assert_eq!(rolled.turn(), S0);
    let (next, events) = mv(&rolled, 0);
    assert_eq!(
        events,
        [Event::Moved { seat: S2, pawn: 0, from: p(20), to: p(23) }, Event::TurnPassed { from: S0, to: S1 }]
    );
    assert_eq!(pawns_of(&next, S0)[0], 10);
    assert_eq!((next.turn(), next.phase()), (S1, Phase::ChooseOpponent));
}

#[test]
fn a_drawn_duel_is_replayed_with_the_marks_swapped() {
    let (g, _) = act(&palace4(), Action::Challenge { seat: S0, opponent: S2 });
    let (g, events) = marks(&g, &DRAW);
    assert_eq!(events.last(), Some(&Event::DuelDrawn { x: S2 }));
    let Phase::Duel(duel) = g.phase() else { panic!("no duel: {:?}", g.phase()) };
    assert_eq!((duel.x, duel.o), (S2, S0));
    assert_eq!(duel.free_cells().count(), 9);
    // The new ✕ moves first.
    assert_eq!(g.to_act(), Some(S2));
    let (g, events) = marks(&g, &X_WINS);
    assert_eq!(events.last(), Some(&Event::DuelWon { seat: S2 }));
    assert_eq!((g.roller(), g.turn()), (S2, S0));
}

#[test]
fn a_six_gives_the_roller_another_roll_with_no_duel() {
    let (g, _) = act(&palace4(), Action::Challenge { seat: S0, opponent: S2 });
    let (g, _) = marks(&g, &O_WINS);
    let (g, events) = roll_mv(&g, 6, 0);
    assert_eq!(events.last(), Some(&Event::BonusRoll { seat: S2, bonus: Bonus::Six }));
    assert_eq!((g.phase(), g.to_act(), g.turn()), (Phase::Roll, Some(S2), S0));
    // The extra roll is the last: a 5 ends the turn.
    let (next, events) = roll_mv(&g, 5, 0);
    assert_eq!(events.last(), Some(&Event::TurnPassed { from: S0, to: S1 }));
    assert_eq!(pawns_of(&next, S2)[0], 31);
}

#[test]
fn a_winner_with_no_move_passes_the_turn_on_from_the_challenger() {
    let rules = Preset::Palace.rules();
    let g = game(rules, &[S1, S2, S3], &[], S3);
    let (g, _) = act(&g, Action::Challenge { seat: S3, opponent: S2 });
    let (g, _) = marks(&g, &O_WINS);
    let (next, events) = roll(&g, 4);
    assert_eq!(
        events,
        [
            Event::Rolled { seat: S2, face: f(4) },
            Event::NoMove { seat: S2 },
            Event::TurnPassed { from: S3, to: S1 }
        ]
    );
    assert_eq!(next.turn(), S1);
}

#[test]
fn extra_rolls_from_house_rules_are_rolled_at_once_by_the_roller() {
    let rules = Rules { capture_bonus: true, ..Preset::Palace.rules() };
    // S2 wins and captures S0's pawn on square 31 (S2's progress 4).
    let g = game(rules, &[S0, S2], &[(S0, &[progress_on(S0, 31)]), (S2, &[1])], S0);
    let (g, _) = act(&g, Action::Challenge { seat: S0, opponent: S2 });
    let (g, _) = marks(&g, &O_WINS);
    let (g, events) = roll_mv(&g, 3, 0);
    assert_eq!(captured(&events), [(S0, 0)]);
    assert_eq!(events.last(), Some(&Event::BonusRoll { seat: S2, bonus: Bonus::Capture }));
    assert_eq!((g.phase(), g.to_act()), (Phase::Roll, Some(S2)));
}

#[test]
fn finished_players_cannot_be_challenged() {
    let rules = Rules { end: End::PlayOn, pawns: 2, ..Preset::Palace.rules() };
    let g = game(rules, &[S0, S1, S2], &[(S1, &[56, 56])], S0);
    assert_eq!(
        refuse(&g, Action::Challenge { seat: S0, opponent: S1 }),
        Illegal::BadOpponent { opponent: S1 }
    );
    let (g, _) = act(&g, Action::Challenge { seat: S0, opponent: S2 });
    assert!(matches!(g.phase(), Phase::Duel(_)));
}

#[test]
fn the_duel_winner_bringing_its_last_pawn_home_wins_the_game() {
    let rules = Preset::Palace.rules();
    let g = game(rules, &[S0, S1, S2], &[(S0, &[40]), (S2, &[56, 56, 56, 53])], S0);
    let (g, _) = act(&g, Action::Challenge { seat: S0, opponent: S2 });
    let (g, _) = marks(&g, &O_WINS);
    let (next, events) = roll_mv(&g, 3, 3);
    assert!(events.contains(&Event::Finished { seat: S2, place: 1 }));
    // S0: 16 + 3 × 57 = 187; S1: 4 × 57.
    assert_eq!(events.last(), Some(&Event::GameOver { places: [2, 3, 1, 0] }));
    assert!(next.is_over());
}

#[test]
fn every_seat_can_challenge_on_its_turn() {
    let mut g = game(Preset::Palace.rules(), &Seat::ALL, &[], S0);
    for seat in [S0, S1, S2, S3, S0] {
        assert_eq!(g.to_act(), Some(seat));
        let opponent = seat.next();
        let (duel, _) = act(&g, Action::Challenge { seat, opponent });
        let (won, _) = marks(&duel, &X_WINS);
        let (next, events) = roll(&won, 2);
        assert_eq!(events.last(), Some(&Event::TurnPassed { from: seat, to: seat.next() }));
        g = next;
    }
}

#[test]
fn duel_actions_fit_only_their_phases() {
    let (g, _) = act(&palace4(), Action::Challenge { seat: S0, opponent: S2 });
    assert_eq!(refuse(&g, Action::Challenge { seat: S0, opponent: S1 }), Illegal::WrongPhase);
    assert_eq!(refuse(&g, Action::Move { seat: S0, pawn: 0 }), Illegal::WrongPhase);
    let (g, _) = marks(&g, &X_WINS);
    assert_eq!(refuse(&g, Action::Mark { seat: S0, cell: 5 }), Illegal::WrongPhase);
    assert_eq!(refuse(&g, Action::Challenge { seat: S0, opponent: S1 }), Illegal::WrongPhase);
    // The loser has no say while the winner rolls.
    assert_eq!(refuse(&g, Action::Roll { seat: S2, face: f(3) }), Illegal::NotYourTurn { to_act: S0 });
}

#[test]
fn three_sixes_in_palace_passes_the_turn_on_from_the_challenger() {
    let rules = Rules { three_sixes: ludopia::rules::ThreeSixes::Forfeit, ..Preset::Palace.rules() };
    let g = game(rules, &[S0, S1, S2], &[(S2, &[10])], S0);
    let (g, _) = act(&g, Action::Challenge { seat: S0, opponent: S2 });
    let (g, _) = marks(&g, &O_WINS);
    let (g, _) = roll_mv(&g, 6, 0);
    let (g, _) = roll_mv(&g, 6, 0);
    let (next, events) = roll(&g, 6);
    assert_eq!(
        events,
        [
            Event::Rolled { seat: S2, face: f(6) },
            Event::ThreeSixes { seat: S2 },
            Event::TurnPassed { from: S0, to: S1 }
        ]
    );
    assert_eq!(pawns_of(&next, S2)[0], 22);
}
