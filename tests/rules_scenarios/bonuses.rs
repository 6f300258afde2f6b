//! Extra rolls: capture_bonus, arrival_bonus, at most one per move, none for
//! the last pawn home.

use super::helpers::*;
use ludopia::rules::{Bonus, Event, Phase, Preset, Rules};

/// S0's pawn at `from`; an S1 pawn on S0's progress 15 (square 16, unsafe).
fn capture_ahead(rules: Rules, from: i8) -> ludopia::rules::Game {
    game(rules, &[S0, S1], &[(S0, &[from]), (S1, &[progress_on(S1, 16)])], S0)
}

#[test]
fn capture_bonus_earns_an_extra_roll() {
    let g = capture_ahead(Preset::Classic.rules(), 10);
    let (next, events) = roll_mv(&g, 5, 0);
    assert_eq!(
        events,
        [
            Event::Moved { seat: S0, pawn: 0, from: p(10), to: p(15) },
            Event::Captured { seat: S1, pawn: 0, by: S0, from: p(2) },
            Event::BonusRoll { seat: S0, bonus: Bonus::Capture },
        ]
    );
    assert_eq!(pawns_of(&next, S1)[0], -1);
    assert_eq!((next.to_act(), next.phase()), (Some(S0), Phase::Roll));
}

#[test]
fn without_capture_bonus_a_capture_ends_the_turn() {
    for rules in [Preset::Plaza.rules(), Rules { capture_bonus: false, ..Preset::Classic.rules() }] {
        let g = capture_ahead(rules, 10);
        let (next, events) = roll_mv(&g, 5, 0);
        assert_eq!(captured(&events), [(S1, 0)]);
        assert_eq!(events.last(), Some(&Event::TurnPassed { from: S0, to: S1 }));
        assert_eq!(bonus_rolls(&events), 0);
        assert_eq!(next.turn(), S1);
    }
}

#[test]
fn a_six_that_captures_earns_one_extra_roll_not_two() {
    let g = capture_ahead(Preset::Classic.rules(), 9);
    let (g, events) = roll_mv(&g, 6, 0);
    assert_eq!(captured(&events), [(S1, 0)]);
    assert_eq!(bonus_rolls(&events), 1);
    // The one extra roll: a 2 is moved and the turn passes.
    let (next, events) = roll_mv(&g, 2, 0);
    assert_eq!(events.last(), Some(&Event::TurnPassed { from: S0, to: S1 }));
    assert_eq!(next.turn(), S1);
}

#[test]
fn arrival_bonus_earns_an_extra_roll_when_a_pawn_reaches_home() {
    let rules = Rules { arrival_bonus: true, ..Preset::Classic.rules() };
    let g = game(rules, &[S0, S1], &[(S0, &[53, 10])], S0);
    let (next, events) = roll_mv(&g, 3, 0);
    assert_eq!(
        events,
        [
            Event::Moved { seat: S0, pawn: 0, from: p(53), to: p(56) },
            Event::ReachedHome { seat: S0, pawn: 0 },
            Event::BonusRoll { seat: S0, bonus: Bonus::Arrival },
        ]
    );
    assert_eq!(next.to_act(), Some(S0));
    // A 6 that brings a pawn home: still one extra roll.
    let g = game(rules, &[S0, S1], &[(S0, &[50, 10])], S0);
    let (_, events) = roll_mv(&g, 6, 0);
    assert!(events.contains(&Event::ReachedHome { seat: S0, pawn: 0 }));
    assert_eq!(bonus_rolls(&events), 1);
}

#[test]
fn without_arrival_bonus_reaching_home_ends_the_turn() {
    let g = game(Preset::Classic.rules(), &[S0, S1], &[(S0, &[53, 10])], S0);
    let (next, events) = roll_mv(&g, 3, 0);
    assert_eq!(
        events,
        [
            Event::Moved { seat: S0, pawn: 0, from: p(53), to: p(56) },
            Event::ReachedHome { seat: S0, pawn: 0 },
            Event::TurnPassed { from: S0, to: S1 },
        ]
    );
    assert_eq!(next.turn(), S1);
}

#[test]
fn the_last_pawn_home_earns_no_extra_roll_even_with_a_six_and_arrival_bonus() {
    let rules = Rules { arrival_bonus: true, ..Preset::Classic.rules() };
    let g = game(rules, &[S0, S1, S2], &[(S0, &[56, 56, 56, 50])], S0);
    let (next, events) = roll_mv(&g, 6, 3);
    assert_eq!(
        events,
        [
            Event::Moved { seat: S0, pawn: 3, from: p(50), to: p(56) },
            Event::ReachedHome { seat: S0, pawn: 3 },
            Event::Finished { seat: S0, place: 1 },
            Event::TurnPassed { from: S0, to: S1 },
        ]
    );
    assert_eq!(next.place(S0), Some(1));
    assert_eq!(next.turn(), S1);
    // The finished player is skipped from now on.
    let (next, events) = roll(&next, 1);
    assert_eq!(events.last(), Some(&Event::TurnPassed { from: S1, to: S2 }));
    let (_, events) = roll(&next, 1);
    assert_eq!(events.last(), Some(&Event::TurnPassed { from: S2, to: S1 }));
}
