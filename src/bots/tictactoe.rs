//! The palace duel player. At full strength it plays a perfect move every
//! time (it never loses a board); weaker bots now and then mark at random.
//!
//! Two perfect players draw every board, and a drawn board is replayed
//! forever, so a full-strength bot that has seen its duel drawn
//! `DRAWS_BEFORE_RISK` times in a row starts taking risks: someone must win
//! for the game to go on.

use super::{Strategy, Stream};
use crate::rules::{Duel, Seat};
use arrayvec::ArrayVec;
use rand::Rng;
use std::sync::OnceLock;

const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
/// Boards in the table: each cell empty, ✕ or ◯.
const BOARDS: usize = 19_683;
const UNSOLVED: i8 = i8::MIN;
/// Drawn boards in a row after which Hard stops playing only safe marks.
const DRAWS_BEFORE_RISK: u32 = 4;

/// The chance of a random mark instead of a perfect one.
fn carelessness(strategy: Strategy, draws: u32) -> f64 {
    match strategy {
        Strategy::Random => 1.0,
        Strategy::Easy => 0.5,
        Strategy::Normal => 0.2,
        Strategy::Hard if draws >= DRAWS_BEFORE_RISK => 0.3,
        Strategy::Hard => 0.0,
    }
}

/// Cell codes: 0 empty, 1 ✕, 2 ◯.
fn codes(duel: &Duel) -> [u8; 9] {
    duel.cells.map(|c| match c {
        None => 0,
        Some(true) => 1,
        Some(false) => 2,
    })
}

fn index(cells: &[u8; 9]) -> usize {
    cells.iter().rev().fold(0, |acc, &c| acc * 3 + usize::from(c))
}

fn has_line(cells: &[u8; 9], mark: u8) -> bool {
    LINES.iter().any(|l| l.iter().all(|&i| cells[i] == mark))
}

/// Every board without a line, valued for the player to mark: +1 a forced
/// win, 0 a draw, −1 a forced loss. Solved once, the first time it is needed.
fn table() -> &'static [i8] {
    static TABLE: OnceLock<Vec<i8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut memo = vec![UNSOLVED; BOARDS];
        solve(&mut [0; 9], &mut memo);
        memo
    })
}

fn solve(cells: &mut [u8; 9], memo: &mut [i8]) -> i8 {
    let idx = index(cells);
    if memo[idx] != UNSOLVED {
        return memo[idx];
    }
    let best = child_values(cells, |c| solve(c, memo)).iter().map(|&(_, v)| v).max().unwrap_or(0);
    memo[idx] = best;
    best
}

/// Each free cell with what marking it is worth to the player to mark;
/// `rest` values a board with no line and free cells for the next player.
fn child_values(cells: &mut [u8; 9], mut rest: impl FnMut(&mut [u8; 9]) -> i8) -> ArrayVec<(u8, i8), 9> {
    let xs = cells.iter().filter(|&&c| c == 1).count();
    let os = cells.iter().filter(|&&c| c == 2).count();
    let mark = if xs == os { 1 } else { 2 };
    let mut out = ArrayVec::new();
    for cell in 0..9 {
        if cells[cell] != 0 {
            continue;
        }
        cells[cell] = mark;
        let v = if has_line(cells, mark) {
            1
        } else if cells.iter().all(|&c| c != 0) {
            0
        } else {
            -rest(cells)
        };
        cells[cell] = 0;
        out.push((cell as u8, v));
    }
    out
}

/// The free cells whose mark keeps the best outcome for the player to mark.
pub(crate) fn perfect_cells(duel: &Duel) -> ArrayVec<u8, 9> {
    let table = table();
    let values = child_values(&mut codes(duel), |c| table[index(c)]);
    let best = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
    values.iter().filter(|&&(_, v)| v == best).map(|&(c, _)| c).collect()
}

/// A perfect cell, or with chance `careless` any free cell; ties at random.
pub(crate) fn mark_with(duel: &Duel, careless: f64, rng: &mut impl Rng) -> Option<u8> {
    let choice: ArrayVec<u8, 9> = if careless > 0.0 && rng.random_bool(careless) {
        duel.free_cells().collect()
    } else {
        perfect_cells(duel)
    };
    choice.get(rng.random_range(0..choice.len().max(1))).copied()
}

/// What a bot remembers of the duel it is in, to count drawn boards.
#[derive(Clone, Debug, Default)]
pub(crate) struct DuelMemory {
    /// The turn's seat and the duelling pair: one duel.
    key: Option<(Seat, Seat, Seat)>,
    /// Marks on the board after this bot's last mark.
    marks_after: usize,
    /// This bot's last mark filled the board without a line.
    filled: bool,
    /// This bot (◯) made the 8th mark: ✕'s 9th wins or draws.
    maybe_drawn: bool,
    draws: u32,
}

impl DuelMemory {
    /// The cell `me` marks in `duel` (in the turn of `turn`).
    pub(crate) fn mark(
        &mut self,
        turn: Seat,
        me: Seat,
        duel: &Duel,
        strategy: Strategy,
        rng: &mut Stream,
    ) -> Option<u8> {
        self.observe(turn, me, duel);
        let cell = mark_with(duel, carelessness(strategy, self.draws), rng)?;
        let mut after = *duel;
        let outcome = after.mark(cell);
        self.marks_after = duel.cells.iter().flatten().count() + 1;
        self.filled = outcome == crate::rules::DuelOutcome::Drawn;
        self.maybe_drawn = !self.filled && self.marks_after == 8;
        if self.filled {
            self.draws += 1;
        }
        Some(cell)
    }

    /// Whether the board before us continues the duel we remember, starts
    /// a replay after a draw, or belongs to a new duel.
    fn observe(&mut self, turn: Seat, me: Seat, duel: &Duel) {
        let key = (turn, duel.x.min(duel.o), duel.x.max(duel.o));
        let marks = duel.cells.iter().flatten().count();
        if self.key != Some(key) {
            *self = DuelMemory { key: Some(key), ..DuelMemory::default() };
            return;
        }
        let continues = if self.filled {
            marks == 1 && duel.o == me
        } else if self.maybe_drawn {
            let replay = marks == 0 && duel.x == me;
            if replay {
                self.draws += 1;
            }
            replay
        } else {
            marks == self.marks_after + 1
        };
        if !continues {
            self.draws = 0;
        }
        self.filled = false;
        self.maybe_drawn = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Every way an opponent can play against the full-strength player,
    /// from either side: it never loses a board.
    fn never_loses(duel: Duel, me: Seat, memory: &mut DuelMemory, rng: &mut Stream) {
        if duel.to_move() == me {
            for cell in perfect_cells(&duel) {
                let mut next = duel;
                match next.mark(cell) {
                    crate::rules::DuelOutcome::Won(w) => assert_eq!(w, me),
                    crate::rules::DuelOutcome::Drawn => {}
                    crate::rules::DuelOutcome::Continues => never_loses(next, me, memory, rng),
                }
            }
            // The bot's own choice is one of the perfect cells.
            let pick = memory.mark(duel.x, me, &duel, Strategy::Hard, rng);
            assert!(pick.is_some_and(|c| perfect_cells(&duel).contains(&c)));
        } else {
            for cell in duel.free_cells().collect::<Vec<_>>() {
                let mut next = duel;
                match next.mark(cell) {
                    crate::rules::DuelOutcome::Won(w) => {
                        panic!("{w} beat the perfect player: {:?}", duel.cells)
                    }
                    crate::rules::DuelOutcome::Drawn => {}
                    crate::rules::DuelOutcome::Continues => never_loses(next, me, memory, rng),
                }
            }
        }
    }

    #[test]
    fn full_strength_never_loses_a_board_as_x_or_o() {
        let (a, b) = (Seat::ALL[0], Seat::ALL[1]);
        let mut rng = Stream::seed_from_u64(7);
        never_loses(Duel::new(a, b), a, &mut DuelMemory::default(), &mut rng);
        never_loses(Duel::new(b, a), a, &mut DuelMemory::default(), &mut rng);
    }

    #[test]
    fn the_empty_board_is_a_draw_and_a_fork_wins() {
        assert_eq!(table()[0], 0);
        let mut duel = Duel::new(Seat::ALL[0], Seat::ALL[1]);
        // ✕ 0, ◯ 1 (a blunder), ✕ 4, ◯ 8 (forced): ✕ forks with 3 or 6 and
        // wins; every perfect cell is a winning one.
        for cell in [0, 1, 4, 8] {
            duel.mark(cell);
        }
        let cells = perfect_cells(&duel);
        assert!(cells.contains(&3) && cells.contains(&6) && !cells.contains(&2), "{cells:?}");
    }

    #[test]
    fn two_full_strength_players_end_a_duel() {
        let (a, b) = (Seat::ALL[0], Seat::ALL[2]);
        let mut bots = [
            (DuelMemory::default(), Stream::seed_from_u64(1)),
            (DuelMemory::default(), Stream::seed_from_u64(2)),
        ];
        let mut duel = Duel::new(a, b);
        for _ in 0..10_000 {
            let mover = duel.to_move();
            let (memory, rng) = &mut bots[usize::from(mover != a)];
            let cell = memory.mark(a, mover, &duel, Strategy::Hard, rng).unwrap();
            if let crate::rules::DuelOutcome::Won(_) = duel.mark(cell) {
                return;
            }
        }
        panic!("two full-strength players never finished a duel");
    }
}
