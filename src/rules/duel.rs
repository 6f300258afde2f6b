//! The Tic-Tac-Toe duel of the palace preset: who wins it rolls the die.

use super::seat::Seat;
use serde::{Deserialize, Serialize};

/// A duel board: cells 0..=8, row-major.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Duel {
    /// The seat playing ✕, which moves first in every round.
    pub x: Seat,
    /// The seat playing ◯.
    pub o: Seat,
    /// The marks: `Some(true)` ✕, `Some(false)` ◯.
    pub cells: [Option<bool>; 9],
}

/// What a mark did to the duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelOutcome {
    Continues,
    Won(Seat),
    /// A full board with no line: replayed with the marks swapped.
    Drawn,
}

const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

impl Duel {
    /// A fresh round: `x` plays ✕ and moves first.
    pub fn new(x: Seat, o: Seat) -> Duel {
        Duel { x, o, cells: [None; 9] }
    }

    /// Whose mark comes next: ✕ when both have placed as many.
    pub fn to_move(&self) -> Seat {
        let placed = self.cells.iter().flatten().count();
        if placed.is_multiple_of(2) { self.x } else { self.o }
    }

    pub fn is_free(&self, cell: u8) -> bool {
        self.cells.get(usize::from(cell)).is_some_and(Option::is_none)
    }

    pub fn free_cells(&self) -> impl Iterator<Item = u8> + '_ {
        (0..9).filter(|&c| self.is_free(c))
    }

    /// The cells of a complete line, if there is one.
    pub fn winning_line(&self) -> Option<[u8; 3]> {
        LINES.iter().find_map(|&[a, b, c]| match (self.cells[a], self.cells[b], self.cells[c]) {
            (Some(m), Some(n), Some(k)) if m == n && n == k => Some([a as u8, b as u8, c as u8]),
            _ => None,
        })
    }

    /// The winner's mark, if a line is complete.
    pub fn winner_mark(&self) -> Option<bool> {
        LINES.iter().find_map(|&[a, b, c]| match (self.cells[a], self.cells[b], self.cells[c]) {
            (Some(m), Some(n), Some(k)) if m == n && n == k => Some(m),
            _ => None,
        })
    }

    /// Places the next mark on a free cell (the caller checked it) and says
    /// what follows. A drawn board is replaced by a new round, marks swapped.
    pub fn mark(&mut self, cell: u8) -> DuelOutcome {
        let mark = self.to_move() == self.x;
        self.cells[usize::from(cell)] = Some(mark);
        match self.winner_mark() {
            Some(true) => DuelOutcome::Won(self.x),
            Some(false) => DuelOutcome::Won(self.o),
            None if self.cells.iter().all(Option::is_some) => {
                *self = Duel::new(self.o, self.x);
                DuelOutcome::Drawn
            }
            None => DuelOutcome::Continues,
        }
    }

    /// Whether the board could arise in play: counts alternate from ✕ and at
    /// most one line is made (a decoded duel is checked with this).
    pub fn is_consistent(&self) -> bool {
        let xs = self.cells.iter().filter(|c| **c == Some(true)).count();
        let os = self.cells.iter().filter(|c| **c == Some(false)).count();
        self.x != self.o && (xs == os || xs == os + 1) && self.winner_mark().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winning_line_is_the_completed_one() {
        let mut d = Duel::new(Seat::ALL[0], Seat::ALL[1]);
        for cell in [2, 0, 4, 1] {
            d.mark(cell);
        }
        assert_eq!(d.winning_line(), None);
        assert_eq!(d.mark(6), DuelOutcome::Won(Seat::ALL[0]));
        assert_eq!(d.winning_line(), Some([2, 4, 6]));
    }

    #[test]
    fn x_moves_first_and_a_line_wins() {
        let (a, b) = (Seat::ALL[0], Seat::ALL[2]);
        let mut duel = Duel::new(a, b);
        for (cell, who) in [(0, a), (3, b), (1, a), (4, b)] {
            assert_eq!(duel.to_move(), who);
            assert_eq!(duel.mark(cell), DuelOutcome::Continues);
        }
        assert_eq!(duel.mark(2), DuelOutcome::Won(a));
    }

    #[test]
    fn a_draw_is_replayed_with_marks_swapped() {
        let (a, b) = (Seat::ALL[1], Seat::ALL[3]);
        let mut duel = Duel::new(a, b);
        // X O X / X O O / O X X  — no line.
        for cell in [0, 1, 2, 4, 3, 5, 7, 6] {
            assert_eq!(duel.mark(cell), DuelOutcome::Continues);
        }
        assert_eq!(duel.mark(8), DuelOutcome::Drawn);
        assert_eq!((duel.x, duel.o), (b, a));
        assert_eq!(duel.to_move(), b);
        assert_eq!(duel.free_cells().count(), 9);
    }
}
