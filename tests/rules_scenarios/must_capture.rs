//! must_capture: a capture was possible and another pawn moved.

use super::helpers::*;
use ludopia::rules::{Bonus, Event, Game, Penalty, Preset, Rules, SafeSquares};

fn must() -> Rules {
    Rules { must_capture: true, ..Preset::Plaza.rules() }
}

/// An S1 pawn on S0's progress 15 (square 16, unsafe).
fn target() -> (ludopia::rules::Seat, &'static [i8]) {
    (S1, &[2])
}

fn with(rules: Rules, mine: &[i8]) -> Game {
    assert_eq!(progress_on(S1, 16), 2);
    game(rules, &[S0, S1], &[(S0, mine), target()], S0)
}

#[test]
fn the_leading_pawn_goes_to_its_yard_after_the_move_and_may_be_the_moved_pawn() {
    // Pawn 0 could capture (10 + 5 = 15); pawn 1 moves 30 -> 35 and overtakes
    // pawn 2 (33), so the leader, chosen after the move, is the moved pawn.
    let g = with(must(), &[10, 30, 33]);
    let (next, events) = roll_mv(&g, 5, 1);
    assert_eq!(
        events,
        [
            Event::Moved { seat: S0, pawn: 1, from: p(30), to: p(35) },
            Event::SentToYard { seat: S0, pawn: 1, from: p(35), penalty: Penalty::MissedCapture },
            Event::TurnPassed { from: S0, to: S1 },
        ]
    );
    assert_eq!(pawns_of(&next, S0), &[10, -1, 33, -1]);
    assert_eq!(pawns_of(&next, S1)[0], 2);
}

#[test]
fn the_leading_pawn_may_be_another_pawn() {
    let g = with(must(), &[10, 40, 20]);
    let (next, events) = roll_mv(&g, 5, 2);
    assert!(events.contains(&Event::SentToYard {
        seat: S0,
        pawn: 1,
        from: p(40),
        penalty: Penalty::MissedCapture
    }));
    assert_eq!(pawns_of(&next, S0), &[10, -1, 25, -1]);
}

#[test]
fn a_pawn_that_reached_home_is_not_the_leader() {
    // Pawn 0 goes home (53 + 3); pawn 1 could have captured (12 + 3 = 15).
    let g = with(must(), &[53, 12, 20]);
    let (next, events) = roll_mv(&g, 3, 0);
    assert!(events.contains(&Event::ReachedHome { seat: S0, pawn: 0 }));
    assert!(events.contains(&Event::SentToYard {
        seat: S0,
        pawn: 2,
        from: p(20),
        penalty: Penalty::MissedCapture
    }));
    assert_eq!(pawns_of(&next, S0), &[56, 12, -1, -1]);
}

#[test]
fn the_turn_goes_on_as_it_would_have() {
    // A 6: pawn 0 could capture (9 + 6); pawn 1 moves instead, is sent back,
    // and the 6 still earns its roll.
    let g = with(must(), &[9, 30]);
    let (next, events) = roll_mv(&g, 6, 1);
    assert_eq!(
        events,
        [
            Event::Moved { seat: S0, pawn: 1, from: p(30), to: p(36) },
            Event::SentToYard { seat: S0, pawn: 1, from: p(36), penalty: Penalty::MissedCapture },
            Event::BonusRoll { seat: S0, bonus: Bonus::Six },
        ]
    );
    assert_eq!(next.to_act(), Some(S0));
}

#[test]
fn no_penalty_when_the_capture_is_taken_or_none_was_possible() {
    // Taking it.
    let g = with(must(), &[10, 30]);
    let (_, events) = roll_mv(&g, 5, 0);
    assert_eq!(captured(&events), [(S1, 0)]);
    assert!(!events.iter().any(|e| matches!(e, Event::SentToYard { .. })));
    // Without must_capture.
    let g = with(Preset::Plaza.rules(), &[10, 30]);
    let (next, events) = roll_mv(&g, 5, 1);
    assert!(!events.iter().any(|e| matches!(e, Event::SentToYard { .. })));
    assert_eq!(pawns_of(&next, S0)[..2], [10, 35]);
    // An opponent on a safe square cannot be captured, so nothing was possible.
    let g = game(must(), &[S0, S1], &[(S0, &[5, 30]), (S1, &[progress_on(S1, 9)])], S0);
    let (next, events) = roll_mv(&g, 3, 1);
    assert!(!events.iter().any(|e| matches!(e, Event::SentToYard { .. })));
    assert_eq!(pawns_of(&next, S0)[..2], [5, 33]);
}

#[test]
fn entering_that_would_capture_counts_as_a_possible_capture() {
    let rules = Rules { safe_squares: SafeSquares::None, ..must() };
    let g = game(rules, &[S0, S1], &[(S0, &[20]), (S1, &[progress_on(S1, 1)])], S0);
    let (next, events) = roll_mv(&g, 6, 0);
    assert!(events.contains(&Event::SentToYard {
        seat: S0,
        pawn: 0,
        from: p(26),
        penalty: Penalty::MissedCapture
    }));
    assert_eq!(events.last(), Some(&Event::BonusRoll { seat: S0, bonus: Bonus::Six }));
    assert_eq!(pawns_of(&next, S0), &[-1, -1, -1, -1]);
}
