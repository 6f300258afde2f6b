//! The way home: the lane and home at 56, or the four home spaces of race.

use super::helpers::*;
use ludopia::rules::{
    Action, Blocked, Bonus, Event, Home, Illegal, Penalty, Preset, Rules, ThreeSixes, board,
};

#[test]
fn home_needs_an_exact_roll_and_an_overshooting_pawn_cannot_move() {
    let g = game(Preset::Classic.rules(), &[S0, S1], &[(S0, &[53, 10])], S0);
    let (rolled, _) = roll(&g, 3);
    assert_eq!(moves(&rolled), [(0, 53, 56), (1, 10, 13)]);
    let (rolled, _) = roll(&g, 4);
    assert_eq!(moves(&rolled), [(1, 10, 14)]);
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
        Illegal::PawnCannotMove { pawn: 0, why: Blocked::Overshoots }
    );
    // A pawn at home moves no more.
    let g = game(Preset::Classic.rules(), &[S0, S1], &[(S0, &[56, 10])], S0);
    let (rolled, _) = roll(&g, 1);
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
        Illegal::PawnCannotMove { pawn: 0, why: Blocked::AlreadyHome }
    );
}

#[test]
fn when_only_an_overshooting_pawn_could_move_the_turn_passes() {
    let rules = Rules { pawns: 2, ..Preset::Classic.rules() };
    let g = game(rules, &[S0, S1], &[(S0, &[53, 56])], S0);
    let (next, events) = roll(&g, 4);
    assert_eq!(
        events,
        [
            Event::Rolled { seat: S0, face: f(4) },
            Event::NoMove { seat: S0 },
            Event::TurnPassed { from: S0, to: S1 }
        ]
    );
    assert_eq!(next.turn(), S1);
}

#[test]
fn after_progress_50_a_pawn_turns_into_its_own_lane() {
    for seat in ludopia::rules::Seat::ALL {
        let others: Vec<_> = ludopia::rules::Seat::ALL.into_iter().filter(|&s| s != seat).collect();
        let victim = others[0];
        // The loop square a pawn would reach by going on round the loop.
        let beyond = ((1 + 13 * seat.index() + 53) % 52) as u8;
        let g = game(
            Preset::Plaza.rules(),
            &ludopia::rules::Seat::ALL,
            &[(seat, &[48]), (victim, &[progress_on(victim, beyond)])],
            seat,
        );
        let (next, events) = roll_mv(&g, 5, 0);
        assert_eq!(events[0], Event::Moved { seat, pawn: 0, from: p(48), to: p(53) });
        assert!(captured(&events).is_empty());
        assert_eq!(pawns_of(&next, victim)[0], progress_on(victim, beyond));
        assert_eq!(board::lane_owner(board::cell(seat, p(53)).unwrap()), Some(seat));
        // Progress 50 is next to the lane's first cell.
        let (c, r) = board::cell(seat, p(50)).unwrap();
        let (lc, lr) = board::cell(seat, p(51)).unwrap();
        assert_eq!(c.abs_diff(lc) + r.abs_diff(lr), 1);
    }
}

#[test]
fn four_spaces_arrival_on_any_free_home_space_with_an_exact_roll() {
    let race = Preset::Race.rules();
    assert_eq!(race.home, Home::FourSpaces);
    let g = game(race, &[S0, S1], &[(S0, &[50])], S0);
    for (face, to) in [(1, 51), (2, 52), (3, 53), (4, 54)] {
        let (next, events) = roll_mv(&g, face, 0);
        assert_eq!(
            events,
            [
                Event::Moved { seat: S0, pawn: 0, from: p(50), to: p(to) },
                Event::ReachedHome { seat: S0, pawn: 0 },
                Event::TurnPassed { from: S0, to: S1 },
            ]
        );
        assert_eq!(pawns_of(&next, S0)[0], to);
    }
    // 50 + 5 would pass the last home space: no move.
    let (_, events) = roll(&g, 5);
    assert_eq!(events[1], Event::NoMove { seat: S0 });
}

#[test]
fn four_spaces_a_pawn_may_move_deeper_but_not_past_54_and_not_onto_an_own_pawn() {
    let race = Preset::Race.rules();
    let g = game(race, &[S0, S1], &[(S0, &[52, 53, 10])], S0);
    let (rolled, _) = roll(&g, 1);
    // 52 -> 53 is held, 53 -> 54 is free.
    assert_eq!(moves(&rolled), [(1, 53, 54), (2, 10, 11)]);
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
        Illegal::PawnCannotMove { pawn: 0, why: Blocked::OwnPawnThere }
    );
    // Moving deeper is not an arrival.
    let (_, events) = mv(&rolled, 1);
    assert_eq!(
        events,
        [Event::Moved { seat: S0, pawn: 1, from: p(53), to: p(54) }, Event::TurnPassed { from: S0, to: S1 }]
    );
    // 52 + 2 would pass the own pawn on 53 (race blocks); 53 + 2 is past 54.
    let (rolled, _) = roll(&g, 2);
    assert_eq!(moves(&rolled), [(2, 10, 12)]);
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
        Illegal::PawnCannotMove { pawn: 0, why: Blocked::PassesAPawn }
    );
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 1 }),
        Illegal::PawnCannotMove { pawn: 1, why: Blocked::Overshoots }
    );
    // A pawn on 54 is as deep as it goes.
    let g = game(race, &[S0, S1], &[(S0, &[54, 10])], S0);
    let (rolled, _) = roll(&g, 1);
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
        Illegal::PawnCannotMove { pawn: 0, why: Blocked::AlreadyHome }
    );
    // Without blocking, a pawn may pass an own pawn in the home spaces.
    let open = Rules { blocking: false, ..race };
    let g = game(open, &[S0, S1], &[(S0, &[51, 53, 10])], S0);
    let (rolled, _) = roll(&g, 3);
    assert!(moves(&rolled).contains(&(0, 51, 54)));
}

#[test]
fn four_spaces_arrival_is_rewarded_once_and_moving_deeper_is_not() {
    let rules = Rules { arrival_bonus: true, ..Preset::Race.rules() };
    let g = game(rules, &[S0, S1], &[(S0, &[50, 10])], S0);
    let (g, events) = roll_mv(&g, 1, 0);
    assert_eq!(events.last(), Some(&Event::BonusRoll { seat: S0, bonus: Bonus::Arrival }));
    let (next, events) = roll_mv(&g, 2, 0);
    assert_eq!(
        events,
        [Event::Moved { seat: S0, pawn: 0, from: p(51), to: p(53) }, Event::TurnPassed { from: S0, to: S1 }]
    );
    assert_eq!(pawns_of(&next, S0)[0], 53);
}

#[test]
fn four_spaces_a_player_has_finished_when_every_pawn_is_on_a_home_space() {
    // Four pawns: the last one fills space 51.
    let g = game(Preset::Race.rules(), &[S0, S1], &[(S0, &[54, 53, 52, 49])], S0);
    let (next, events) = roll_mv(&g, 2, 3);
    assert!(events.contains(&Event::Finished { seat: S0, place: 1 }));
    assert!(next.is_over());
    // Two pawns, without blocking: spaces 51 and 52 are enough.
    let rules = Rules { pawns: 2, blocking: false, ..Preset::Race.rules() };
    let g = game(rules, &[S0, S1], &[(S0, &[52, 48])], S0);
    let (next, events) = roll_mv(&g, 3, 1);
    assert!(events.contains(&Event::Finished { seat: S0, place: 1 }));
    assert_eq!((next.place(S0), next.place(S1)), (Some(1), Some(2)));
}

#[test]
fn four_spaces_pawns_on_home_spaces_are_home_and_never_lead() {
    let rules = Rules { three_sixes: ThreeSixes::LeadingPawnHome, ..Preset::Race.rules() };
    let g = game(rules, &[S0, S1], &[(S0, &[53, 20, 2])], S0);
    let (g, _) = roll_mv(&g, 6, 2);
    let (g, _) = roll_mv(&g, 6, 2);
    let (next, events) = roll(&g, 6);
    assert!(events.contains(&Event::SentToYard {
        seat: S0,
        pawn: 1,
        from: p(20),
        penalty: Penalty::ThreeSixes
    }));
    assert_eq!(pawns_of(&next, S0)[..3], [53, -1, 14]);
}
