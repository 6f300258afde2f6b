//! Sixes: another roll even with no move, and three sixes in a row.

use super::helpers::*;
use ludopia::rules::{Bonus, Event, Penalty, Phase, Preset, Rules, ThreeSixes};

fn two_pawn_classic() -> Rules {
    Rules { pawns: 2, ..Preset::Classic.rules() }
}

#[test]
fn a_six_with_no_legal_move_still_earns_another_roll() {
    // Both pawns would overshoot home with a 6.
    let g = game(two_pawn_classic(), &[S0, S1], &[(S0, &[56, 53])], S0);
    let (next, events) = roll(&g, 6);
    assert_eq!(
        events,
        [
            Event::Rolled { seat: S0, face: f(6) },
            Event::NoMove { seat: S0 },
            Event::BonusRoll { seat: S0, bonus: Bonus::Six }
        ]
    );
    assert_eq!((next.turn(), next.to_act(), next.phase()), (S0, Some(S0), Phase::Roll));
    assert_eq!(pawns_of(&next, S0), pawns_of(&g, S0));
}

#[test]
fn forfeit_the_third_six_is_not_moved_and_the_turn_passes() {
    let classic = Preset::Classic.rules();
    assert_eq!(classic.three_sixes, ThreeSixes::Forfeit);
    let g = game(classic, &[S0, S1], &[(S0, &[10, 20, 30])], S0);
    let (g, _) = roll_mv(&g, 6, 0);
    let (g, _) = roll_mv(&g, 6, 0);
    assert_eq!(pawns_of(&g, S0), &[22, 20, 30, -1]);
    let (next, events) = roll(&g, 6);
    assert_eq!(
        events,
        [
            Event::Rolled { seat: S0, face: f(6) },
            Event::ThreeSixes { seat: S0 },
            Event::TurnPassed { from: S0, to: S1 }
        ]
    );
    assert_eq!(pawns_of(&next, S0), &[22, 20, 30, -1]);
    assert_eq!((next.turn(), next.phase()), (S1, Phase::Roll));
    assert!(next.legal_moves().is_empty());
    // The next player starts its own count.
    let (next, _) = roll(&next, 6);
    assert_eq!(next.phase(), Phase::Move { face: f(6) });
}

#[test]
fn sixes_with_no_legal_move_count_towards_three() {
    let g = game(two_pawn_classic(), &[S0, S1], &[(S0, &[45, 53])], S0);
    let (g, _) = roll_mv(&g, 6, 0); // 45 -> 51
    let (g, events) = roll(&g, 6); // nothing can move
    assert!(events.contains(&Event::NoMove { seat: S0 }));
    let (next, events) = roll(&g, 6);
    assert_eq!(events[1], Event::ThreeSixes { seat: S0 });
    assert_eq!(next.turn(), S1);
    assert_eq!(pawns_of(&next, S0), &[51, 53]);
}

#[test]
fn with_none_the_third_and_fourth_sixes_are_moved() {
    let rules = Rules { three_sixes: ThreeSixes::None, ..Preset::Classic.rules() };
    let mut g = game(rules, &[S0, S1], &[(S0, &[2])], S0);
    for n in 1..=4 {
        let (next, events) = roll_mv(&g, 6, 0);
        assert_eq!(events.last(), Some(&Event::BonusRoll { seat: S0, bonus: Bonus::Six }), "six number {n}");
        g = next;
    }
    assert_eq!(pawns_of(&g, S0)[0], 26);
    // The race and palace presets play this way.
    assert_eq!(Preset::Race.rules().three_sixes, ThreeSixes::None);
    assert_eq!(Preset::Palace.rules().three_sixes, ThreeSixes::None);
}

#[test]
fn leading_pawn_home_sends_the_leader_to_its_yard_first_then_the_turn_passes() {
    let rules = Rules { three_sixes: ThreeSixes::LeadingPawnHome, ..Preset::Classic.rules() };
    // Pawn 0 is home and never leads; pawn 2 in the lane leads.
    let g = game(rules, &[S0, S1], &[(S0, &[56, 40, 53, 10])], S0);
    let (g, _) = roll_mv(&g, 6, 3);
    let (g, _) = roll_mv(&g, 6, 3);
    let (next, events) = roll(&g, 6);
    assert_eq!(
        events,
        [
            Event::Rolled { seat: S0, face: f(6) },
            Event::ThreeSixes { seat: S0 },
            Event::SentToYard { seat: S0, pawn: 2, from: p(53), penalty: Penalty::ThreeSixes },
            Event::TurnPassed { from: S0, to: S1 },
        ]
    );
    assert_eq!(pawns_of(&next, S0), &[56, 40, -1, 22]);
    assert_eq!(next.turn(), S1);
}

#[test]
fn a_roll_that_is_not_a_six_restarts_the_count_even_after_a_capture_bonus() {
    let classic = Preset::Classic.rules();
    assert!(classic.capture_bonus);
    // An opponent waits on S0's progress 33 (square 34, not safe).
    let g = game(classic, &[S0, S1], &[(S0, &[10, 20, 30]), (S1, &[progress_on(S1, 34)])], S0);
    let (g, _) = roll_mv(&g, 6, 0);
    let (g, _) = roll_mv(&g, 6, 0);
    let (g, events) = roll_mv(&g, 3, 2);
    assert_eq!(captured(&events), [(S1, 0)]);
    assert_eq!(events.last(), Some(&Event::BonusRoll { seat: S0, bonus: Bonus::Capture }));
    // Two more sixes are the first and second of a new count...
    let (g, _) = roll_mv(&g, 6, 1);
    let (g, events) = roll_mv(&g, 6, 1);
    assert_eq!(events.last(), Some(&Event::BonusRoll { seat: S0, bonus: Bonus::Six }));
    assert_eq!(pawns_of(&g, S0), &[22, 32, 33, -1]);
    // ...and the next one is the third.
    let (next, events) = roll(&g, 6);
    assert_eq!(events[1], Event::ThreeSixes { seat: S0 });
    assert_eq!(next.turn(), S1);
}

#[test]
fn the_third_six_is_dealt_with_before_any_move_even_a_capture() {
    let rules = Rules { three_sixes: ThreeSixes::LeadingPawnHome, ..Preset::Classic.rules() };
    // The third 6 would let pawn 1 capture on progress 36 (square 37).
    let g = game(rules, &[S0, S1], &[(S0, &[0, 30]), (S1, &[progress_on(S1, 37)])], S0);
    let (g, _) = roll_mv(&g, 6, 0);
    let (g, _) = roll_mv(&g, 6, 0);
    let (next, events) = roll(&g, 6);
    assert!(captured(&events).is_empty());
    assert!(events.contains(&Event::SentToYard {
        seat: S0,
        pawn: 1,
        from: p(30),
        penalty: Penalty::ThreeSixes
    }));
    assert_eq!(pawns_of(&next, S1)[0], progress_on(S1, 37));
    assert_eq!(next.turn(), S1);
}
