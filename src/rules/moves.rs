//! Where a pawn may go with a roll: the one place that knows entering,
//! overshooting, blocking, one pawn per space and safe squares.

use super::action::Blocked;
use super::board::{is_safe_square, loop_square};
use super::game::{Game, Progress, YARD};
use super::params::{Home, SafeSquares};
use super::seat::Seat;
use arrayvec::ArrayVec;

/// A legal move: the pawn, where it stands and where it would land.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub pawn: u8,
    pub from: Progress,
    pub to: Progress,
}

pub type Moves = ArrayVec<Move, 4>;

impl Game {
    /// Where `seat`'s `pawn` lands with `face`, or why it cannot move.
    /// The caller passes a pawn index below `rules.pawns`.
    #[inline]
    pub fn landing(&self, seat: Seat, pawn: u8, face: u8) -> Result<Progress, Blocked> {
        if !(1..=6).contains(&face) {
            return Err(Blocked::NotAFace);
        }
        self.landing_from(seat, self.pawns[seat.index()][usize::from(pawn)], face)
    }

    /// Where a pawn of `seat` standing at `from` lands with `face` (1..=6).
    /// Always inlined: the move listing calls it per pawn.
    #[inline(always)]
    fn landing_from(&self, seat: Seat, from: Progress, face: u8) -> Result<Progress, Blocked> {
        let rules = &self.rules;
        if from == YARD {
            if face != 6 {
                return Err(Blocked::NeedsSix);
            }
            if rules.start_blocked_by_own && self.pawns(seat).contains(&0) {
                return Err(Blocked::OwnPawnOnStart);
            }
            // Entering passes nothing; the start square is the target.
            return self.check_target(seat, 0).map(|()| 0);
        }
        if from == rules.last_progress() {
            return Err(Blocked::AlreadyHome);
        }
        let to = from + face as Progress;
        if to > rules.last_progress() {
            return Err(Blocked::Overshoots);
        }
        if rules.blocking && self.passes_a_pawn(seat, from, to) {
            return Err(Blocked::PassesAPawn);
        }
        self.check_target(seat, to).map(|()| to)
    }

    /// Whether a pawn stands between `from` and `to` (both excluded). Out of
    /// line: only the blocking rule asks, and [`Game::landing_from`] stays
    /// small enough to inline into the move listing.
    #[inline(never)]
    fn passes_a_pawn(&self, seat: Seat, from: Progress, to: Progress) -> bool {
        (from + 1..to).any(|q| self.occupied(seat, q))
    }

    /// Whether any pawn stands on the space `seat` reaches at progress `q`
    /// (loop: any colour; lane: only its own can be there).
    fn occupied(&self, seat: Seat, q: Progress) -> bool {
        match q {
            0..=50 => self.pawns(seat).contains(&q) || self.opponents_on(seat, loop_square(seat, q)) > 0,
            51..=55 => self.pawns(seat).contains(&q),
            _ => false,
        }
    }

    /// Whether `seat` may end a move at progress `to` (never its own pawn's
    /// current place: the caller moves it from elsewhere).
    #[inline(always)]
    fn check_target(&self, seat: Seat, to: Progress) -> Result<(), Blocked> {
        let rules = &self.rules;
        // Whether a rule forbids sharing this space: most moves stop here.
        let exclusive = match to {
            0..=50 => rules.one_per_space,
            51..=55 => rules.one_per_space || rules.home == Home::FourSpaces,
            _ => false,
        };
        if exclusive { self.check_exclusive_target(seat, to) } else { Ok(()) }
    }

    /// [`Game::check_target`] for a space only one pawn may hold.
    fn check_exclusive_target(&self, seat: Seat, to: Progress) -> Result<(), Blocked> {
        if self.pawns(seat).contains(&to) {
            return Err(Blocked::OwnPawnThere);
        }
        if to <= 50
            && self.is_safe(loop_square(seat, to))
            && self.opponents_on(seat, loop_square(seat, to)) > 0
        {
            return Err(Blocked::SafeSquareTaken);
        }
        Ok(())
    }

    /// Whether a loop square is safe under these rules.
    #[inline]
    pub fn is_safe(&self, square: u8) -> bool {
        self.rules.safe_squares == SafeSquares::StartsAndStars && is_safe_square(square)
    }

    /// Whether a move of `seat` ending at `to` would capture.
    #[inline]
    pub fn captures(&self, seat: Seat, to: Progress) -> bool {
        (0..=50).contains(&to) && {
            let square = loop_square(seat, to);
            !self.is_safe(square) && self.opponents_on(seat, square) > 0
        }
    }

    /// Every move `seat` could make with `face`, pawn by pawn.
    #[inline]
    pub fn moves_for(&self, seat: Seat, face: u8) -> Moves {
        if !(1..=6).contains(&face) {
            return Moves::new();
        }
        // A plain loop into a full array, cut to length once (a checked push
        // per move cost a sixth of the time): simulations list moves for
        // nearly every action, and this is the engine's hottest path.
        let mut list = [Move { pawn: 0, from: YARD, to: YARD }; 4];
        let mut len = 0;
        for (pawn, &from) in (0u8..).zip(self.pawns(seat)) {
            if let Ok(to) = self.landing_from(seat, from, face) {
                list[len] = Move { pawn, from, to };
                len += 1;
            }
        }
        let mut moves = Moves::from(list);
        moves.truncate(len);
        moves
    }

    /// Whether `seat` has any move with `face`: [`Game::moves_for`] without
    /// listing them, stopping at the first.
    #[inline]
    pub fn has_move(&self, seat: Seat, face: u8) -> bool {
        (1..=6).contains(&face)
            && self.pawns(seat).iter().any(|&from| self.landing_from(seat, from, face).is_ok())
    }

    /// The moves the game waits for: empty unless a roll is to be moved.
    #[inline]
    pub fn legal_moves(&self) -> Moves {
        match self.phase {
            super::game::Phase::Move { face } => self.moves_for(self.roller, face),
            _ => Moves::new(),
        }
    }
}
