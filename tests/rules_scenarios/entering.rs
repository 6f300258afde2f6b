//! Entering: a 6 brings a yard pawn to its start square; a start held by an
//! own pawn with `start_blocked_by_own`; entering onto opponents.

use super::helpers::*;
use ludopia::rules::{
    Action, Blocked, Bonus, Event, Game, Illegal, Phase, Preset, Rules, SafeSquares, Seat, board,
};

#[test]
fn only_a_six_brings_a_pawn_out_of_the_yard() {
    let classic = Preset::Classic.rules();
    let g = Game::new(classic, seats(&[S0, S2]), S0).unwrap();
    for face in 1..=5 {
        let (next, events) = roll(&g, face);
        assert_eq!(
            events,
            [
                Event::Rolled { seat: S0, face: f(face) },
                Event::NoMove { seat: S0 },
                Event::TurnPassed { from: S0, to: S2 }
            ]
        );
        assert_eq!(pawns_of(&next, S0), &[-1, -1, -1, -1]);
        assert_eq!((next.turn(), next.phase()), (S2, Phase::Roll));
    }
    // With a pawn out, a 5 moves only that pawn.
    let g = game(classic, &[S0, S2], &[(S0, &[10])], S0);
    let (five, _) = roll(&g, 5);
    assert_eq!(moves(&five), [(0, 10, 15)]);
    assert_eq!(
        refuse(&five, Action::Move { seat: S0, pawn: 1 }),
        Illegal::PawnCannotMove { pawn: 1, why: Blocked::NeedsSix }
    );
}

#[test]
fn a_six_brings_a_yard_pawn_to_its_start_square_and_rolls_again() {
    for seat in Seat::ALL {
        let g = Game::new(Preset::Classic.rules(), seats(&Seat::ALL), seat).unwrap();
        let (six, _) = roll(&g, 6);
        assert_eq!(moves(&six), [(0, -1, 0), (1, -1, 0), (2, -1, 0), (3, -1, 0)]);
        let (next, events) = mv(&six, 2);
        assert_eq!(events, [Event::Entered { seat, pawn: 2 }, Event::BonusRoll { seat, bonus: Bonus::Six }]);
        assert_eq!(pawns_of(&next, seat), &[-1, -1, 0, -1]);
        assert_eq!((next.turn(), next.to_act(), next.phase()), (seat, Some(seat), Phase::Roll));
        // Seat k starts on loop square 1 + 13k.
        let start = usize::from(1 + 13 * seat.index() as u8);
        assert_eq!(board::cell(seat, p(0)), Some(board::LOOP[start]));
    }
}

#[test]
fn start_blocked_by_own_stops_entering_while_an_own_pawn_is_on_the_start() {
    let blocked = Rules { start_blocked_by_own: true, ..Preset::Classic.rules() };
    let g = game(blocked, &[S0, S1], &[(S0, &[0])], S0);
    let (six, _) = roll(&g, 6);
    assert_eq!(moves(&six), [(0, 0, 6)]);
    for pawn in 1..4 {
        assert_eq!(
            refuse(&six, Action::Move { seat: S0, pawn }),
            Illegal::PawnCannotMove { pawn, why: Blocked::OwnPawnOnStart }
        );
    }
    // Once the start is clear, the next 6 brings one out.
    let (cleared, _) = mv(&six, 0);
    let (six, _) = roll(&cleared, 6);
    assert!(moves(&six).contains(&(1, -1, 0)));

    // The race preset has it on.
    let g = game(Preset::Race.rules(), &[S0, S1], &[(S0, &[0])], S0);
    let (six, _) = roll(&g, 6);
    assert_eq!(moves(&six), [(0, 0, 6)]);

    // Without it, a yard pawn joins its own pawn on the start.
    let g = game(Preset::Classic.rules(), &[S0, S1], &[(S0, &[0])], S0);
    let (six, _) = roll(&g, 6);
    assert!(moves(&six).contains(&(1, -1, 0)));
    let (next, _) = mv(&six, 1);
    assert_eq!(pawns_of(&next, S0), &[0, 0, -1, -1]);
}

#[test]
fn start_blocked_by_own_ignores_opponents_on_the_start() {
    let blocked = Rules { start_blocked_by_own: true, ..Preset::Classic.rules() };
    let g = game(blocked, &[S0, S1], &[(S1, &[progress_on(S1, 1)])], S0);
    let (six, _) = roll(&g, 6);
    assert_eq!(moves(&six).len(), 4);
}

#[test]
fn a_start_blocked_six_with_no_other_move_still_rolls_again() {
    let blocked = Rules { start_blocked_by_own: true, pawns: 2, ..Preset::Classic.rules() };
    // The pawn on the start cannot move either: with blocking, an opponent
    // stands in its way.
    let with_blocking = Rules { blocking: true, ..blocked };
    let g = game(with_blocking, &[S0, S1], &[(S0, &[0]), (S1, &[progress_on(S1, 4)])], S0);
    let (next, events) = roll(&g, 6);
    assert_eq!(
        events,
        [
            Event::Rolled { seat: S0, face: f(6) },
            Event::NoMove { seat: S0 },
            Event::BonusRoll { seat: S0, bonus: Bonus::Six }
        ]
    );
    assert_eq!((next.to_act(), next.phase()), (Some(S0), Phase::Roll));
}

#[test]
fn entering_onto_an_unsafe_start_captures_every_opponent_there() {
    let rules = Rules { safe_squares: SafeSquares::None, ..Preset::Classic.rules() };
    let on_start_1 = progress_on(S1, 1);
    let on_start_2 = progress_on(S2, 1);
    let g = game(rules, &[S0, S1, S2], &[(S1, &[on_start_1, on_start_1, 20]), (S2, &[on_start_2])], S0);
    let (six, _) = roll(&g, 6);
    let (next, events) = mv(&six, 0);
    assert_eq!(events[0], Event::Entered { seat: S0, pawn: 0 });
    let mut victims = captured(&events);
    victims.sort();
    assert_eq!(victims, [(S1, 0), (S1, 1), (S2, 0)]);
    assert!(events.contains(&Event::Captured { seat: S1, pawn: 0, by: S0, from: p(on_start_1) }));
    assert_eq!(pawns_of(&next, S1), &[-1, -1, 20, -1]);
    assert_eq!(pawns_of(&next, S2), &[-1, -1, -1, -1]);
    // A 6 and a capture still earn one extra roll only.
    assert_eq!(bonus_rolls(&events), 1);
    assert_eq!(next.to_act(), Some(S0));
}

#[test]
fn entering_onto_a_safe_start_shares_it_with_opponents() {
    let on_start = progress_on(S1, 1);
    let g = game(Preset::Classic.rules(), &[S0, S1], &[(S1, &[on_start])], S0);
    let (six, _) = roll(&g, 6);
    let (next, events) = mv(&six, 0);
    assert_eq!(
        events,
        [Event::Entered { seat: S0, pawn: 0 }, Event::BonusRoll { seat: S0, bonus: Bonus::Six }]
    );
    assert_eq!(pawns_of(&next, S1)[0], on_start);
    assert_eq!(pawns_of(&next, S0)[0], 0);
}

#[test]
fn with_one_per_space_a_pawn_cannot_enter_onto_an_opponent_on_a_safe_start() {
    let rules = Rules { one_per_space: true, ..Preset::Classic.rules() };
    let on_start = progress_on(S1, 1);
    let g = game(rules, &[S0, S1], &[(S0, &[10]), (S1, &[on_start])], S0);
    let (six, _) = roll(&g, 6);
    assert_eq!(moves(&six), [(0, 10, 16)]);
    assert_eq!(
        refuse(&six, Action::Move { seat: S0, pawn: 1 }),
        Illegal::PawnCannotMove { pawn: 1, why: Blocked::SafeSquareTaken }
    );
    // With nothing else to move, the 6 still earns its roll.
    let g = game(rules, &[S0, S1], &[(S1, &[on_start])], S0);
    let (next, events) = roll(&g, 6);
    assert_eq!(events[1..], [Event::NoMove { seat: S0 }, Event::BonusRoll { seat: S0, bonus: Bonus::Six }]);
    assert_eq!(next.phase(), Phase::Roll);
}

#[test]
fn in_race_entering_captures_on_the_unsafe_start_and_passes_nothing() {
    // race: no safe squares, one pawn per space, blocking.
    let on_start = progress_on(S1, 1);
    let g = game(Preset::Race.rules(), &[S0, S1], &[(S1, &[on_start, progress_on(S1, 0)])], S0);
    let (six, _) = roll(&g, 6);
    let (next, events) = mv(&six, 0);
    assert_eq!(captured(&events), [(S1, 0)]);
    assert_eq!(pawns_of(&next, S0)[0], 0);
    assert_eq!(pawns_of(&next, S1)[1], progress_on(S1, 0));
}

#[test]
fn with_one_per_space_a_pawn_cannot_enter_onto_its_own_pawn() {
    let rules = Rules { one_per_space: true, ..Preset::Classic.rules() };
    let g = game(rules, &[S0, S1], &[(S0, &[0])], S0);
    let (six, _) = roll(&g, 6);
    assert_eq!(moves(&six), [(0, 0, 6)]);
    assert_eq!(
        refuse(&six, Action::Move { seat: S0, pawn: 1 }),
        Illegal::PawnCannotMove { pawn: 1, why: Blocked::OwnPawnThere }
    );
}
