//! Board geometry: the 15×15 grid, the 52-square loop, lanes, yards, home.
//!
//! Cells are `(col, row)` with (0, 0) the top-left corner. The loop is listed
//! clockwise from (0, 6), as RULES.md gives it.

use super::progress::Progress;
use super::seat::Seat;

/// A cell of the 15×15 grid: (column, row).
pub type Cell = (u8, u8);

pub const SIZE: u8 = 15;
pub const LOOP_LEN: u8 = 52;
/// The centre cell, where lane homes meet.
pub const CENTRE: Cell = (7, 7);

/// The loop, square 0 first. Built once at compile time from RULES.md's walk.
pub const LOOP: [Cell; 52] = build_loop();

const fn build_loop() -> [Cell; 52] {
    let mut cells = [(0u8, 0u8); 52];
    let mut i = 0;
    // (0..=5, 6)
    let mut c = 0;
    while c <= 5 {
        cells[i] = (c, 6);
        i += 1;
        c += 1;
    }
    // (6, 5..=0)
    let mut r = 6;
    while r > 0 {
        r -= 1;
        cells[i] = (6, r);
        i += 1;
    }
    cells[i] = (7, 0);
    i += 1;
    // (8, 0..=5)
    r = 0;
    while r <= 5 {
        cells[i] = (8, r);
        i += 1;
        r += 1;
    }
    // (9..=14, 6)
    c = 9;
    while c <= 14 {
        cells[i] = (c, 6);
        i += 1;
        c += 1;
    }
    cells[i] = (14, 7);
    i += 1;
    cells[i] = (14, 8);
    i += 1;
    // (13..=9, 8)
    c = 14;
    while c > 9 {
        c -= 1;
        cells[i] = (c, 8);
        i += 1;
    }
    // (8, 9..=14)
    r = 9;
    while r <= 14 {
        cells[i] = (8, r);
        i += 1;
        r += 1;
    }
    cells[i] = (7, 14);
    i += 1;
    // (6, 14..=9)
    r = 15;
    while r > 9 {
        r -= 1;
        cells[i] = (6, r);
        i += 1;
    }
    // (5..=0, 8)
    c = 6;
    while c > 0 {
        c -= 1;
        cells[i] = (c, 8);
        i += 1;
    }
    cells[i] = (0, 7);
    cells
}

/// The loop square where `seat` enters: `1 + 13k`.
#[inline]
pub const fn start_square(seat: Seat) -> u8 {
    1 + 13 * seat.index() as u8
}

/// The loop square of a pawn of `seat` at loop progress 0..=50.
#[inline]
pub fn loop_square(seat: Seat, progress: Progress) -> u8 {
    let square = i16::from(start_square(seat)) + i16::from(progress.0);
    // Every move asks this: wrap once without a branch for every progress
    // a pawn can have (the square is below 104), divide only beyond.
    if (0..104).contains(&square) {
        (square - 52 * i16::from(square >= 52)) as u8
    } else {
        square.rem_euclid(52) as u8
    }
}

/// The loop progress at which a pawn of `seat` stands on loop square
/// `square`: the inverse of [`loop_square`]. `None` for the square just
/// before its start, which its pawns leave the loop from instead.
#[inline]
pub const fn progress_on(seat: Seat, square: u8) -> Option<Progress> {
    // One step back round the loop, not a division: the reducer asks this
    // for every opponent it captures (the start is at most 40, so a loop
    // square is at most 40 behind it).
    let ahead = square as i16 - start_square(seat) as i16;
    let progress = if ahead < 0 {
        ahead + 52
    } else if ahead < 52 {
        ahead
    } else {
        ahead % 52
    };
    if progress <= Progress::LOOP_END.0 as i16 { Some(Progress(progress as i8)) } else { None }
}

/// Where the other pawns of a player who finished with `goal = one` go:
/// off the board, at the centre (with `four_spaces` no space at all),
/// where they neither block nor can be captured.
pub const OFF_BOARD: Progress = Progress::HOME;

/// No progress: a byte no pawn's progress (−1..=56) ever equals.
const NO_PROGRESS: u8 = 0x7F;

/// `STANDING[square]`: byte `4k + i` holds the progress at which a pawn of
/// seat k stands on loop square `square` ([`progress_on`]; [`NO_PROGRESS`]
/// for the square just before seat k's start), repeated for its four pawn
/// slots. Laid over the sixteen pawn slots, one comparison finds every
/// pawn on a square: every move asks whether an opponent is there.
pub(super) const STANDING: [u128; 52] = build_standing();

const fn build_standing() -> [u128; 52] {
    let mut table = [0u128; 52];
    let mut square = 0;
    while square < 52 {
        let mut k = 0;
        while k < 4 {
            let byte = match progress_on(Seat::ALL[k], square as u8) {
                Some(progress) => progress.0 as u8,
                None => NO_PROGRESS,
            };
            let mut slot = 0;
            while slot < 4 {
                table[square] |= (byte as u128) << (8 * (4 * k + slot));
                slot += 1;
            }
            k += 1;
        }
        square += 1;
    }
    table
}

/// Whether a loop square is one of the eight safe squares (starts and stars),
/// whichever seats are empty.
#[inline]
pub fn is_safe_square(square: u8) -> bool {
    // Bit k set for the safe squares k = 13i + 1 and 13i + 9: one shift
    // instead of two divisions, for a question every move asks.
    const SAFE: u64 =
        (1 << 1) | (1 << 9) | (1 << 14) | (1 << 22) | (1 << 27) | (1 << 35) | (1 << 40) | (1 << 48);
    square < 52 && SAFE >> square & 1 == 1
}

/// The star squares, eight on from each start.
pub fn is_star_square(square: u8) -> bool {
    square % 13 == 9
}

/// The cell where a pawn of `seat` stands at `progress` 0..=56 (56 is the
/// centre). Yard pawns have no track cell: see [`yard_spot`].
pub fn cell(seat: Seat, progress: Progress) -> Option<Cell> {
    if progress.on_loop() {
        Some(LOOP[usize::from(loop_square(seat, progress))])
    } else if progress.in_lane() {
        Some(lane_cell(seat, (progress.0 - Progress::LOOP_END.0) as u8))
    } else if progress == Progress::HOME {
        Some(CENTRE)
    } else {
        None
    }
}

/// The `step`-th lane cell (1..=5) of `seat`, walking from its arm's middle
/// cell towards the centre.
fn lane_cell(seat: Seat, step: u8) -> Cell {
    match seat.index() {
        0 => (step, 7),
        1 => (7, step),
        2 => (14 - step, 7),
        _ => (7, 14 - step),
    }
}

/// The top-left cell of `seat`'s 6×6 yard corner.
pub fn yard_corner(seat: Seat) -> Cell {
    match seat.index() {
        0 => (0, 0),
        1 => (9, 0),
        2 => (9, 9),
        _ => (0, 9),
    }
}

/// Where the `pawn`-th (0..=3) yard pawn of `seat` rests, as the centre of a
/// spot in cell units (fractional: the yard is drawn, not a grid of cells).
pub fn yard_spot(seat: Seat, pawn: usize) -> (f32, f32) {
    let (c, r) = yard_corner(seat);
    let (dx, dy) = [(2.0, 2.0), (4.0, 2.0), (2.0, 4.0), (4.0, 4.0)][pawn % 4];
    (f32::from(c) + dx, f32::from(r) + dy)
}

/// Which seat's lane (or start, or yard) colours a cell, if any: for drawing.
pub fn lane_owner(cell: Cell) -> Option<Seat> {
    Seat::ALL.into_iter().find(|&s| (1..=5).any(|step| lane_cell(s, step) == cell))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loop_has_52_distinct_squares_each_step_a_kings_move() {
        let mut seen = std::collections::HashSet::new();
        for (i, &(c, r)) in LOOP.iter().enumerate() {
            assert!(c < SIZE && r < SIZE);
            assert!(seen.insert((c, r)), "square {i} repeats");
            let (nc, nr) = LOOP[(i + 1) % 52];
            let (dc, dr) = (c.abs_diff(nc), r.abs_diff(nr));
            assert!(dc <= 1 && dr <= 1 && (dc, dr) != (0, 0), "{i}: ({c},{r}) -> ({nc},{nr})");
        }
        // The inner corners are diagonal steps.
        assert_eq!((LOOP[5], LOOP[6]), ((5, 6), (6, 5)));
        assert_eq!(LOOP[51], (0, 7));
    }

    #[test]
    fn starts_lanes_and_safe_squares() {
        assert_eq!(LOOP[usize::from(start_square(Seat::ALL[0]))], (1, 6));
        assert_eq!(LOOP[usize::from(start_square(Seat::ALL[1]))], (8, 1));
        assert_eq!(LOOP[usize::from(start_square(Seat::ALL[2]))], (13, 8));
        assert_eq!(LOOP[usize::from(start_square(Seat::ALL[3]))], (6, 13));
        for seat in Seat::ALL {
            // Progress 50 is the middle cell of the seat's own arm, next to its lane.
            let (c, r) = cell(seat, Progress::LOOP_END).unwrap();
            let (lc, lr) = cell(seat, Progress::LANE_START).unwrap();
            assert_eq!(c.abs_diff(lc) + r.abs_diff(lr), 1, "{seat}");
            assert_eq!(cell(seat, Progress::HOME), Some(CENTRE));
            assert_eq!(lane_owner(cell(seat, Progress(53)).unwrap()), Some(seat));
            let (yc, yr) = yard_corner(seat);
            let (sc, sr) = cell(seat, Progress::START).unwrap();
            // The start square borders the seat's yard.
            assert!(sc.abs_diff(yc + 2) <= 4 && sr.abs_diff(yr + 2) <= 4, "{seat}");
        }
        for seat in Seat::ALL {
            for p in (0..=Progress::LOOP_END.0).map(Progress) {
                assert_eq!(progress_on(seat, loop_square(seat, p)), Some(p));
            }
            assert_eq!(progress_on(seat, loop_square(seat, Progress::LANE_START)), None);
        }
        for square in 0..52u8 {
            for seat in Seat::ALL {
                for slot in 0..4 {
                    let byte = (STANDING[usize::from(square)] >> (8 * (4 * seat.index() + slot))) as u8;
                    assert_eq!(byte, progress_on(seat, square).map_or(NO_PROGRESS, |p| p.0 as u8));
                }
            }
        }
        let safe: Vec<u8> = (0..52).filter(|&s| is_safe_square(s)).collect();
        assert_eq!(safe, vec![1, 9, 14, 22, 27, 35, 40, 48]);
    }
}
