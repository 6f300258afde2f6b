//! Landing and passing: safe squares, captures, one pawn per space,
//! blocking, private home lanes.

use super::helpers::*;
use ludopia::rules::{Action, Blocked, Event, Illegal, Preset, Rules, SafeSquares, board};

const SAFE: [u8; 8] = [1, 9, 14, 22, 27, 35, 40, 48];

#[test]
fn the_eight_starts_and_stars_are_safe_whichever_seats_are_empty() {
    // S1 and S3 are empty: their starts (14, 40) and stars (22, 48) are safe too.
    for square in SAFE {
        let theirs = progress_on(S2, square);
        let mine = progress_on(S0, square);
        let (g, face, pawn) = if mine == 0 {
            (game(Preset::Classic.rules(), &[S0, S2], &[(S2, &[theirs])], S0), 6, 0)
        } else {
            (game(Preset::Classic.rules(), &[S0, S2], &[(S0, &[mine - 1]), (S2, &[theirs])], S0), 1, 0)
        };
        let (next, events) = roll_mv(&g, face, pawn);
        assert!(captured(&events).is_empty(), "square {square}: {events:?}");
        assert_eq!(pawns_of(&next, S0)[0], mine);
        assert_eq!(pawns_of(&next, S2)[0], theirs, "square {square}: colours share it");
    }
}

#[test]
fn every_other_square_captures() {
    for square in 2..52u8 {
        if SAFE.contains(&square) || square == 26 {
            // 26 is S2's own square before its start: it never stands there.
            continue;
        }
        let theirs = progress_on(S2, square);
        let mine = progress_on(S0, square);
        let g = game(Preset::Plaza.rules(), &[S0, S2], &[(S0, &[mine - 1]), (S2, &[theirs])], S0);
        let (next, events) = roll_mv(&g, 1, 0);
        assert_eq!(
            events,
            [
                Event::Moved { seat: S0, pawn: 0, from: p(mine - 1), to: p(mine) },
                Event::Captured { seat: S2, pawn: 0, by: S0, from: p(theirs) },
                Event::TurnPassed { from: S0, to: S2 },
            ],
            "square {square}"
        );
        assert_eq!(pawns_of(&next, S2)[0], -1);
    }
}

#[test]
fn with_safe_squares_none_starts_and_stars_capture() {
    let rules = Rules { safe_squares: SafeSquares::None, ..Preset::Plaza.rules() };
    for square in SAFE.into_iter().filter(|&s| s != 1) {
        let theirs = progress_on(S2, square);
        let mine = progress_on(S0, square);
        let g = game(rules, &[S0, S2], &[(S0, &[mine - 1]), (S2, &[theirs])], S0);
        let (_, events) = roll_mv(&g, 1, 0);
        assert_eq!(captured(&events), [(S2, 0)], "square {square}");
    }
}

#[test]
fn a_capture_sends_every_opponent_on_the_square_home_and_spares_own_pawns() {
    // Square 16 is S0's progress 15.
    let square = 16;
    let g = game(
        Preset::Plaza.rules(),
        &[S0, S1, S2, S3],
        &[
            (S0, &[12, 15]),
            (S1, &[progress_on(S1, square), progress_on(S1, square), 30]),
            (S2, &[progress_on(S2, square)]),
            (S3, &[progress_on(S3, square)]),
        ],
        S0,
    );
    let (next, events) = roll_mv(&g, 3, 0);
    let mut victims = captured(&events);
    victims.sort();
    assert_eq!(victims, [(S1, 0), (S1, 1), (S2, 0), (S3, 0)]);
    assert_eq!(pawns_of(&next, S0), &[15, 15, -1, -1]);
    assert_eq!(pawns_of(&next, S1), &[-1, -1, 30, -1]);
    assert_eq!(pawns_of(&next, S3)[0], -1);
}

#[test]
fn passing_over_never_captures() {
    // An opponent on progress 14 (square 15); S0 goes from 10 to 16.
    let g = game(Preset::Classic.rules(), &[S0, S1], &[(S0, &[10]), (S1, &[progress_on(S1, 15)])], S0);
    let (next, events) = roll_mv(&g, 6, 0);
    assert!(captured(&events).is_empty());
    assert_eq!(pawns_of(&next, S1)[0], progress_on(S1, 15));
}

#[test]
fn own_pawns_share_any_square_unless_one_per_space() {
    let classic = Preset::Classic.rules();
    // On the loop, in the lane, on a safe square.
    for (a, b, face) in [(10, 13, 3), (50, 52, 2), (5, 8, 3)] {
        let g = game(classic, &[S0, S1], &[(S0, &[a, b])], S0);
        let (next, _) = roll_mv(&g, face, 0);
        assert_eq!(pawns_of(&next, S0)[..2], [b, b]);

        let one = Rules { one_per_space: true, ..classic };
        let g = game(one, &[S0, S1], &[(S0, &[a, b])], S0);
        let (rolled, _) = roll(&g, face);
        assert_eq!(
            refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
            Illegal::PawnCannotMove { pawn: 0, why: Blocked::OwnPawnThere }
        );
    }
}

#[test]
fn with_one_per_space_the_centre_holds_any_number() {
    let rules = Rules { one_per_space: true, ..Preset::Classic.rules() };
    let g = game(rules, &[S0, S1], &[(S0, &[56, 53, 10])], S0);
    let (next, events) = roll_mv(&g, 3, 1);
    assert!(events.contains(&Event::ReachedHome { seat: S0, pawn: 1 }));
    assert_eq!(pawns_of(&next, S0)[..2], [56, 56]);
}

#[test]
fn with_one_per_space_a_safe_square_held_by_an_opponent_is_closed() {
    let rules = Rules { one_per_space: true, ..Preset::Classic.rules() };
    // An opponent on the star square 9 (S0's progress 8).
    let star = progress_on(S2, 9);
    let g = game(rules, &[S0, S2], &[(S0, &[5, 20]), (S2, &[star])], S0);
    let (rolled, _) = roll(&g, 3);
    assert_eq!(moves(&rolled), [(1, 20, 23)]);
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
        Illegal::PawnCannotMove { pawn: 0, why: Blocked::SafeSquareTaken }
    );
    // Without one_per_space the colours share it.
    let g = game(Preset::Classic.rules(), &[S0, S2], &[(S0, &[5, 20]), (S2, &[star])], S0);
    let (next, events) = roll_mv(&g, 3, 0);
    assert!(captured(&events).is_empty());
    assert_eq!((pawns_of(&next, S0)[0], pawns_of(&next, S2)[0]), (8, star));
    // On an unsafe square one_per_space captures.
    let g = game(rules, &[S0, S2], &[(S0, &[5, 20]), (S2, &[progress_on(S2, 8)])], S0);
    let (_, events) = roll_mv(&g, 2, 0);
    assert_eq!(captured(&events), [(S2, 0)]);
}

#[test]
fn blocking_a_pawn_strictly_between_blocks_any_colour() {
    let rules = Rules { blocking: true, ..Preset::Plaza.rules() };
    // An opponent on S0's progress 14 (square 15), S0's own pawn on 30.
    let theirs = progress_on(S1, 15);
    let g = game(rules, &[S0, S1], &[(S0, &[10, 30, 28]), (S1, &[theirs])], S0);
    let (rolled, _) = roll(&g, 5);
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
        Illegal::PawnCannotMove { pawn: 0, why: Blocked::PassesAPawn }
    );
    // Own pawn 1 on 30 blocks pawn 2 going from 28 to 33.
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 2 }),
        Illegal::PawnCannotMove { pawn: 2, why: Blocked::PassesAPawn }
    );
    assert_eq!(moves(&rolled), [(1, 30, 35)]);
    // The target never blocks: landing on the opponent captures.
    let (_, events) = roll_mv(&g, 4, 0);
    assert_eq!(captured(&events), [(S1, 0)]);
    // Landing on the own pawn shares (no one_per_space).
    let (next, _) = roll_mv(&g, 2, 2);
    assert_eq!(pawns_of(&next, S0)[..3], [10, 30, 30]);
    // Without blocking, passing is fine.
    let g = game(Preset::Plaza.rules(), &[S0, S1], &[(S0, &[10, 30, 28]), (S1, &[theirs])], S0);
    let (rolled, _) = roll(&g, 5);
    assert_eq!(moves(&rolled), [(0, 10, 15), (1, 30, 35), (2, 28, 33)]);
}

#[test]
fn blocking_counts_pawns_in_the_own_lane_and_not_on_the_start_square() {
    let rules = Rules { blocking: true, ..Preset::Classic.rules() };
    let g = game(rules, &[S0, S1], &[(S0, &[50, 52, 10, 10])], S0);
    let (rolled, _) = roll(&g, 4);
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
        Illegal::PawnCannotMove { pawn: 0, why: Blocked::PassesAPawn }
    );
    // A pawn sharing the mover's own square is not between.
    assert_eq!(moves(&rolled), [(1, 52, 56), (2, 10, 14), (3, 10, 14)]);
    // A pawn on the target in the lane never blocks: 50 + 2 lands on 52.
    let (next, _) = roll_mv(&g, 2, 0);
    assert_eq!(pawns_of(&next, S0)[..2], [52, 52]);
}

#[test]
fn race_blocks_passing_and_captures_on_the_target() {
    let race = Preset::Race.rules();
    let theirs = progress_on(S1, 15);
    let g = game(race, &[S0, S1], &[(S0, &[10, 12]), (S1, &[theirs])], S0);
    // With a 4, pawn 0 would pass its own pawn 1 and pawn 1 the opponent.
    let (next, events) = roll(&g, 4);
    assert_eq!(events[1..], [Event::NoMove { seat: S0 }, Event::TurnPassed { from: S0, to: S1 }]);
    assert_eq!(pawns_of(&next, S0), pawns_of(&g, S0));
    // With a 2, pawn 0 cannot land on its own pawn; pawn 1 captures.
    let (rolled, _) = roll(&g, 2);
    assert_eq!(
        refuse(&rolled, Action::Move { seat: S0, pawn: 0 }),
        Illegal::PawnCannotMove { pawn: 0, why: Blocked::OwnPawnThere }
    );
    let (next, events) = mv(&rolled, 1);
    assert_eq!(captured(&events), [(S1, 0)]);
    assert_eq!(pawns_of(&next, S0)[..2], [10, 14]);
}

#[test]
fn home_lanes_are_private() {
    // S1's pawn deep in its lane (progress 55) is not on any loop square: S0
    // neither captures it nor is blocked by it on square 17 (S0's progress 16),
    // where a lane pawn would be if its progress were taken round the loop.
    let rules = Rules { blocking: true, ..Preset::Plaza.rules() };
    let g = game(rules, &[S0, S1], &[(S0, &[14]), (S1, &[55])], S0);
    let (next, events) = roll_mv(&g, 2, 0);
    assert!(captured(&events).is_empty());
    assert_eq!(pawns_of(&next, S1)[0], 55);
    let (rolled, _) = roll(&g, 6);
    assert!(moves(&rolled).contains(&(0, 14, 20)));
    // Each lane's cells belong to its seat alone and are not on the loop.
    for seat in ludopia::rules::Seat::ALL {
        for progress in 51..=55 {
            let cell = board::cell(seat, p(progress)).unwrap();
            assert_eq!(board::lane_owner(cell), Some(seat));
            assert!(!board::LOOP.contains(&cell));
        }
    }
}
