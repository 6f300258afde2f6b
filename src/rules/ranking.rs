//! Places: distance still to go, and shared places when the first player
//! home ends the game.

use super::game::Game;
use super::params::{Goal, Home};
use super::progress::Progress;
use super::seat::Seat;

impl Game {
    /// RULES.md's distance still to go for `seat`: the sum of `56 − progress`
    /// (a yard pawn is 57 from home), or with `four_spaces` the pawns not on
    /// a home space, most advanced first, paired with the free home spaces,
    /// deepest first. With `goal = one`, the distance of the pawn nearest
    /// home. `capture_to_home` is ignored: it counts as if the lane were open.
    pub fn distance(&self, seat: Seat) -> u32 {
        let pawns = self.pawns(seat);
        if self.rules.goal == Goal::One {
            return self.nearest_distance(seat);
        }
        match self.rules.home {
            Home::Lane => pawns.iter().map(|p| p.steps_to(Progress::HOME) as u32).sum(),
            Home::FourSpaces => {
                let mut free: arrayvec::ArrayVec<Progress, 4> = (Progress::LANE_START.0
                    ..=Progress::LAST_HOME_SPACE.0)
                    .rev()
                    .map(Progress)
                    .filter(|s| !pawns.contains(s))
                    .collect();
                let mut out: arrayvec::ArrayVec<Progress, 4> =
                    pawns.iter().copied().filter(|&p| !self.rules.is_home(p)).collect();
                out.sort_unstable_by(|a, b| b.cmp(a));
                free.truncate(out.len());
                free.iter().zip(&out).map(|(&s, p)| p.steps_to(s) as u32).sum()
            }
        }
    }

    /// `goal = one`: the distance of `seat`'s pawn nearest home, 56 −
    /// progress (a yard pawn 57), or with `four_spaces` the deepest free
    /// home space − progress (a yard pawn at −1). No home space is held
    /// before the goal, so the deepest free one is 54; a pawn home (or off
    /// the board, once finished) is none.
    fn nearest_distance(&self, seat: Seat) -> u32 {
        let target = self.rules.last_progress();
        let pawns = self.pawns(seat);
        if pawns.iter().any(|&p| self.rules.is_home(p)) {
            return 0;
        }
        pawns.iter().map(|p| p.steps_to(target).max(0) as u32).min().unwrap_or(0)
    }

    /// The leading pawn: greatest progress on the board, not yet home
    /// (the lowest index among equals). Yard pawns never lead, nor pawns
    /// that have left the board.
    pub fn leading_pawn(&self, seat: Seat) -> Option<u8> {
        let pawns = self.pawns(seat);
        let last = self.rules.last_progress();
        (0..pawns.len())
            .filter(|&i| (Progress::START..=last).contains(&pawns[i]) && !self.rules.is_home(pawns[i]))
            .max_by_key(|&i| (pawns[i], std::cmp::Reverse(i)))
            .map(|i| i as u8)
    }

    /// The place the next seat to finish takes: places are awarded in turn,
    /// so it is one more than the number of seats placed so far.
    pub fn next_place(&self) -> u8 {
        (self.players.len() - self.remaining().len()) as u8 + 1
    }

    /// Places for everyone still playing when the first player home ends the
    /// game: 2 + how many others are strictly closer to home (1st, 2nd, 2nd, 4th).
    pub(super) fn rank_remaining(&mut self) {
        let (remaining, next) = (self.remaining(), self.next_place());
        for seat in remaining.iter() {
            let mine = self.distance(seat);
            let better = remaining.iter().filter(|&o| self.distance(o) < mine).count();
            self.places[seat.index()] = next + better as u8;
        }
    }
}
