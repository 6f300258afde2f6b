//! Where a pawn may go with a roll: the one place that knows entering,
//! overshooting, blocking, one pawn per space and safe squares.

use super::action::Blocked;
use super::board::{is_safe_square, loop_square};
use super::face::Face;
use super::game::{Game, YARD};
use super::params::{Home, SafeSquares};
use super::progress::Progress;
use super::seat::{Seat, SeatSet};
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
    #[inline(always)]
    pub fn landing(&self, seat: Seat, pawn: u8, face: Face) -> Result<Progress, Blocked> {
        self.landing_from(seat, self.pawns[seat.index()][usize::from(pawn)], face)
    }

    /// Where a pawn of `seat` standing at `from` lands with `face` (1..=6).
    #[inline(always)]
    fn landing_from(&self, seat: Seat, from: Progress, face: Face) -> Result<Progress, Blocked> {
        let last = self.rules.last_progress();
        // Chosen without a branch on where the pawn stands: in play that
        // looks random, and a branch the processor cannot foresee costs
        // more than the few instructions the check takes.
        let carried =
            if from == YARD { face.is_six() } else { from.plus(face) <= last || self.goes_round(seat, from) };
        if !carried {
            return Err(if from == YARD {
                Blocked::NeedsSix
            } else if from == last {
                Blocked::AlreadyHome
            } else {
                Blocked::Overshoots
            });
        }
        self.landing_allowed(seat, from, face)
    }

    /// Where a pawn of `seat` standing at `from` lands with `face`, given
    /// that the face carries it somewhere ([`Game::landing_from`]'s first
    /// checks, or [`Game::reachable`]): the house rules' checks. Always
    /// inlined: the move listing calls it per pawn.
    #[inline(always)]
    fn landing_allowed(&self, seat: Seat, from: Progress, face: Face) -> Result<Progress, Blocked> {
        let rules = &self.rules;
        let entering = from == YARD;
        // Entering passes nothing; the start square is the target.
        let mut to = if entering { Progress::START } else { from.plus(face) };
        if rules.capture_to_home && to > Progress::LOOP_END && self.goes_round(seat, from) {
            // The square before the start has no progress: crossed, never
            // stopped on.
            if to == Progress::LANE_START {
                return Err(Blocked::BeforeStart);
            }
            to = to.lap_back();
        }
        if rules.start_blocked_by_own && entering && self.pawns(seat).contains(&Progress::START) {
            return Err(Blocked::OwnPawnOnStart);
        }
        if rules.blocking && !entering && self.passes_a_pawn(seat, from, to) {
            return Err(Blocked::PassesAPawn);
        }
        self.check_target(seat, to).map(|()| to)
    }

    /// Whether `seat`'s pawn at `from` goes round the loop again instead of
    /// turning into its lane: `capture_to_home` and no capture yet. A pawn
    /// already in its lane (only a script's position puts it there before
    /// a capture) moves on up as usual.
    #[inline]
    fn goes_round(&self, seat: Seat, from: Progress) -> bool {
        self.rules.capture_to_home && from.on_loop() && !self.lane_open(seat)
    }

    /// Whether a pawn stands between `from` and `to` (both excluded) on the
    /// mover's path. Out of line: only the blocking rule asks, and
    /// [`Game::landing_from`] stays small enough to inline into the move
    /// listing.
    #[inline(never)]
    fn passes_a_pawn(&self, seat: Seat, from: Progress, to: Progress) -> bool {
        let between = |a: i8, b: i8| (a..b).map(Progress).any(|q| self.occupied(seat, q));
        if to >= from {
            return between(from.0 + 1, to.0);
        }
        // Round the loop again: on through the square before the start,
        // which has no progress of this seat, then from the start on.
        between(from.0 + 1, Progress::LANE_START.0)
            || self.other_on(seat, loop_square(seat, Progress::LANE_START))
            || between(Progress::START.0, to.0)
    }

    /// Whether any pawn stands on the space `seat` reaches at progress `q`
    /// (loop: any colour, a partner's too; lane: only its own can be there).
    fn occupied(&self, seat: Seat, q: Progress) -> bool {
        if q.on_loop() {
            self.pawns(seat).contains(&q) || self.other_on(seat, loop_square(seat, q))
        } else {
            q.in_lane() && self.pawns(seat).contains(&q)
        }
    }

    /// Whether `seat` may end a move at progress `to` (never its own pawn's
    /// current place: the caller moves it from elsewhere).
    #[inline(always)]
    fn check_target(&self, seat: Seat, to: Progress) -> Result<(), Blocked> {
        let rules = &self.rules;
        // Whether a rule forbids sharing this space: most moves stop here.
        // Worked out without branching on where the pawn lands.
        let in_lane = to.in_lane();
        let exclusive =
            (to.on_loop() | in_lane) & rules.one_per_space | in_lane & (rules.home == Home::FourSpaces);
        if exclusive { self.check_exclusive_target(seat, to) } else { Ok(()) }
    }

    /// [`Game::check_target`] for a space only one pawn may hold.
    fn check_exclusive_target(&self, seat: Seat, to: Progress) -> Result<(), Blocked> {
        if self.pawns(seat).contains(&to) {
            return Err(Blocked::OwnPawnThere);
        }
        if to <= Progress::LOOP_END {
            let square = loop_square(seat, to);
            if self.is_safe(square) && self.other_on(seat, square) {
                return Err(Blocked::SafeSquareTaken);
            }
            // A partner is never captured, and may not be shared with.
            if self.rules.has_teams() && self.pawn_among_on(SeatSet::EMPTY.with(seat.partner()), square) {
                return Err(Blocked::PartnerThere);
            }
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
        // Every part is worked out (none is costly), rather than branching
        // on a landing the processor cannot foresee.
        let square = loop_square(seat, to);
        to.on_loop() & !self.is_safe(square) & self.opponent_on(seat, square)
    }

    /// The pawns of `seat` that `face` carries somewhere, before the house
    /// rules' checks: the high bit of byte `i` for pawn `i`. Leaving the yard needs a 6 and no
    /// pawn may pass the last space; every pawn is tested at once, a byte
    /// each (progress 0..=56, the yard's −1 is 0xFF), since most rolls leave
    /// most pawns nowhere to go. [`Game::landing_from`] still decides each
    /// pawn this lets through.
    #[inline(always)]
    fn reachable(&self, seat: Seat, face: Face) -> u32 {
        const ONES: u32 = 0x0101_0101;
        const HIGHS: u32 = ONES << 7;
        let slots = u32::from_le_bytes(self.pawns[seat.index()].map(|p| p.0 as u8));
        // A progress below `limit` lands at most on the last space. In each
        // byte, (p | 0x80) − limit stays at or above 0x80 − 57, so no borrow
        // crosses bytes, and its high bit survives exactly when p ≥ limit.
        let limit = (self.rules.last_progress().0 + 1 - face.get() as i8) as u32 * ONES;
        let mut on_track = !((slots | HIGHS) - limit) & !slots & HIGHS;
        if self.rules.capture_to_home && !self.lane_open(seat) {
            // Every pawn on the loop goes on round whatever the face (the
            // square before the start is refused pawn by pawn).
            on_track |= !((slots | HIGHS) - Progress::LANE_START.0 as u32 * ONES) & !slots & HIGHS;
        }
        let entering = if face.is_six() { slots & HIGHS } else { 0 };
        // Slots beyond the rules' pawn count hold the yard's −1: never theirs.
        let in_play = ((1u64 << (8 * u32::from(self.rules.pawns))) - 1) as u32;
        (on_track | entering) & in_play
    }

    /// Whether a house rule may stop a pawn the face carries (the own pawn
    /// on the start, blocking, one pawn per space, the four home spaces,
    /// the square before the start while the lane is shut):
    /// without one, every pawn [`Game::reachable`] lets through may move,
    /// and the common rule sets skip the pawn-by-pawn checks.
    #[inline(always)]
    pub fn rules_may_block(&self) -> bool {
        let rules = &self.rules;
        rules.start_blocked_by_own
            || rules.blocking
            || rules.one_per_space
            || rules.home == Home::FourSpaces
            || rules.capture_to_home
    }

    /// The move of the lowest pawn in `reach` (from [`Game::reachable`]), if
    /// the rule book allows it.
    #[inline(always)]
    fn reachable_landing(&self, seat: Seat, reach: u32, face: Face) -> Option<Move> {
        let pawn = reach.trailing_zeros() / 8;
        let from = self.pawns[seat.index()][pawn as usize];
        let to = self.landing_allowed(seat, from, face).ok()?;
        Some(Move { pawn: pawn as u8, from, to })
    }

    /// Every move `seat` could make with `face`, pawn by pawn.
    #[inline(always)]
    pub fn moves_for(&self, seat: Seat, face: Face) -> Moves {
        // A plain loop into a full array, cut to length once (a checked push
        // per move cost a sixth of the time): Normal and Hard list moves for
        // every decision, and their searches for every move they try.
        let mut list = [Move { pawn: 0, from: YARD, to: YARD }; 4];
        let mut len = 0;
        let mut reach = self.reachable(seat, face);
        while reach != 0 {
            if let Some(m) = self.reachable_landing(seat, reach, face) {
                list[len] = m;
                len += 1;
            }
            reach &= reach - 1;
        }
        let mut moves = Moves::from(list);
        moves.truncate(len);
        moves
    }

    /// Whether `seat` has any move with `face`: [`Game::moves_for`] without
    /// listing them.
    #[inline]
    pub fn has_move(&self, seat: Seat, face: Face) -> bool {
        self.movable_for(seat, face) != 0
    }

    /// The pawns the roller may move with the face rolled, bit `i` for pawn
    /// `i`: [`Game::legal_moves`] without listing where they land (a random
    /// player needs no more). 0 unless a roll is to be moved.
    #[inline]
    pub fn movable_pawns(&self) -> u8 {
        match self.phase {
            super::game::Phase::Move { face } => self.movable_for(self.mover(), face),
            _ => 0,
        }
    }

    /// The pawns `seat` may move with `face`, bit `i` for pawn `i`.
    #[inline(always)]
    pub(super) fn movable_for(&self, seat: Seat, face: Face) -> u8 {
        let mut reach = self.reachable(seat, face);
        if !self.rules_may_block() {
            return super::game::high_bits(reach);
        }
        let mut pawns = 0;
        while reach != 0 {
            if self.reachable_landing(seat, reach, face).is_some() {
                pawns |= 1 << (reach.trailing_zeros() / 8);
            }
            reach &= reach - 1;
        }
        pawns
    }

    /// The moves the game waits for: empty unless a roll is to be moved.
    #[inline(always)]
    pub fn legal_moves(&self) -> Moves {
        match self.phase {
            super::game::Phase::Move { face } => self.moves_for(self.mover(), face),
            _ => Moves::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Preset, Rules, SeatSet};

    /// The listing's all-pawns-at-once filter lets through every move the
    /// rule book allows, pawn by pawn, for every preset and pawn count.
    #[test]
    fn the_listing_is_the_rule_book_pawn_by_pawn() {
        let spots: [Progress; 10] = [-1, 0, 10, 45, 49, 50, 51, 53, 54, 56].map(Progress);
        for preset in Preset::ALL {
            for pawns in [2, 4u8] {
                let rules = Rules { pawns, ..preset.rules() };
                let mut game = Game::new(rules, SeatSet::FULL, Seat::ALL[0]).expect("valid");
                // Opponents on the track, some on the seat's way and start.
                game.pawns[1] = [38, 0, 40, -1].map(Progress);
                game.pawns[3] = [-1, 12, 47, 5].map(Progress);
                let seat = Seat::ALL[2];
                for code in 0..10usize.pow(u32::from(pawns)) {
                    for pawn in 0..usize::from(pawns) {
                        game.pawns[seat.index()][pawn] = spots[code / 10usize.pow(pawn as u32) % 10];
                    }
                    for face in Face::ALL {
                        let by_pawn: Vec<Move> = (0..pawns)
                            .filter_map(|pawn| {
                                let from = game.pawns[seat.index()][usize::from(pawn)];
                                game.landing(seat, pawn, face).ok().map(|to| Move { pawn, from, to })
                            })
                            .collect();
                        assert_eq!(
                            game.moves_for(seat, face).to_vec(),
                            by_pawn,
                            "{preset:?} {game:?} {face}"
                        );
                        assert_eq!(game.has_move(seat, face), !by_pawn.is_empty());
                        let waiting =
                            Game { phase: super::super::game::Phase::Move { face }, roller: seat, ..game };
                        let pawns: u8 = by_pawn.iter().map(|m| 1 << m.pawn).sum();
                        assert_eq!(waiting.movable_pawns(), pawns);
                    }
                }
            }
        }
    }
}
