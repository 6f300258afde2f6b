//! The board of RULES.md and the preset table.

use super::helpers::p;
use ludopia::rules::{
    Colour, Dice, End, FirstPlayer, Goal, Home, Preset, Rules, SafeSquares, Seat, Teams, ThreeSixes, board,
};

/// The loop as RULES.md lists it, walked range by range.
fn listed_loop() -> Vec<(u8, u8)> {
    let mut cells = Vec::new();
    cells.extend((0..=5).map(|c| (c, 6)));
    cells.extend((0..=5).rev().map(|r| (6, r)));
    cells.push((7, 0));
    cells.extend((0..=5).map(|r| (8, r)));
    cells.extend((9..=14).map(|c| (c, 6)));
    cells.push((14, 7));
    cells.push((14, 8));
    cells.extend((9..=13).rev().map(|c| (c, 8)));
    cells.extend((9..=14).map(|r| (8, r)));
    cells.push((7, 14));
    cells.extend((9..=14).rev().map(|r| (6, r)));
    cells.extend((0..=5).rev().map(|c| (c, 8)));
    cells.push((0, 7));
    cells
}

#[test]
fn the_loop_is_52_squares_each_step_a_kings_move() {
    let listed = listed_loop();
    assert_eq!(listed.len(), 52);
    assert_eq!(board::LOOP.to_vec(), listed);
    for i in 0..52 {
        let (c, r) = listed[i];
        let (nc, nr) = listed[(i + 1) % 52];
        assert!(c.abs_diff(nc) <= 1 && r.abs_diff(nr) <= 1 && (c, r) != (nc, nr), "step {i}");
    }
}

#[test]
fn each_seat_walks_the_loop_from_its_start_then_its_lane_to_the_centre() {
    for seat in Seat::ALL {
        let start = 1 + 13 * seat.index();
        for progress in 0..=50i8 {
            let square = (start + progress as usize) % 52;
            assert_eq!(board::cell(seat, p(progress)), Some(board::LOOP[square]));
        }
        let mut previous = board::cell(seat, p(50)).unwrap();
        for progress in 51..=55 {
            let cell = board::cell(seat, p(progress)).unwrap();
            assert_eq!(previous.0.abs_diff(cell.0) + previous.1.abs_diff(cell.1), 1, "{seat} at {progress}");
            previous = cell;
        }
        // The lane's last cell borders the 3×3 centre; home is its middle.
        assert!(previous.0.abs_diff(7) + previous.1.abs_diff(7) == 2);
        assert_eq!(board::cell(seat, p(56)), Some((7, 7)));
        assert_eq!(board::cell(seat, p(-1)), None);
    }
}

#[test]
fn safe_squares_are_the_starts_and_the_stars_eight_on() {
    let safe: Vec<u8> = (0..52).filter(|&s| board::is_safe_square(s)).collect();
    assert_eq!(safe, [1, 9, 14, 22, 27, 35, 40, 48]);
}

#[test]
fn the_presets_match_the_table() {
    use Colour::*;
    let classic = Rules {
        colour_order: [Red, Green, Yellow, Blue],
        pawns: 4,
        first_player: FirstPlayer::Random,
        start_blocked_by_own: false,
        three_sixes: ThreeSixes::Forfeit,
        capture_bonus: true,
        arrival_bonus: false,
        safe_squares: SafeSquares::StartsAndStars,
        one_per_space: false,
        blocking: false,
        home: Home::Lane,
        must_capture: false,
        end: End::PlayOn,
        dice: Dice::Rolled,
        turn_timer: None,
        start_out: 0,
        goal: Goal::All,
        capture_to_home: false,
        teams: Teams::None,
    };
    assert_eq!(Preset::Classic.rules(), classic);
    assert_eq!(
        Preset::Plaza.rules(),
        Rules {
            colour_order: [Red, Green, Blue, Yellow],
            capture_bonus: false,
            end: End::FirstHome,
            turn_timer: Some(60),
            ..classic
        }
    );
    assert_eq!(
        Preset::Race.rules(),
        Rules {
            start_blocked_by_own: true,
            three_sixes: ThreeSixes::None,
            capture_bonus: false,
            safe_squares: SafeSquares::None,
            one_per_space: true,
            blocking: true,
            home: Home::FourSpaces,
            end: End::FirstHome,
            ..classic
        }
    );
    assert_eq!(
        Preset::Palace.rules(),
        Rules {
            three_sixes: ThreeSixes::None,
            capture_bonus: false,
            end: End::FirstHome,
            dice: Dice::Duel,
            ..classic
        }
    );
    for p in Preset::ALL {
        assert_eq!(Preset::from_name(p.name()), Some(p));
    }
}
