//! A pawn's progress along its way (RULES.md's encoding): −1 in its yard,
//! 0..=50 round the loop from its start square, 51..=55 up its lane, 56
//! home. The named places are here, so no bare 50, 51 or 56 stands for
//! them elsewhere. Which progress a pawn may have under a table's rules
//! (54 is as deep as `four_spaces` goes) is the game's check.

use super::face::Face;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How far a pawn has come. Written as the plain number (JSON, postcard),
/// so positions, logs and the wire read as before; a decoded game checks
/// every pawn's progress against its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Progress(pub(super) i8);

impl Progress {
    /// In the yard, waiting for a 6.
    pub const YARD: Progress = Progress(-1);
    /// The start square, where a pawn enters the loop.
    pub const START: Progress = Progress(0);
    /// The last square of the loop: the one before the seat's lane.
    pub const LOOP_END: Progress = Progress(50);
    /// The lane's first square; with `four_spaces` the first home space.
    pub const LANE_START: Progress = Progress(51);
    /// With `four_spaces`, the deepest of the four home spaces.
    pub const LAST_HOME_SPACE: Progress = Progress(54);
    /// The lane's last square; home follows.
    pub const LANE_END: Progress = Progress(55);
    /// Home, the centre.
    pub const HOME: Progress = Progress(56);

    /// The progress `n`: a script's or a test's number. Whether a pawn may
    /// stand there is the game's check.
    #[inline(always)]
    pub const fn new(n: i8) -> Progress {
        Progress(n)
    }

    /// The lane's five squares, the first first.
    pub const LANE: [Progress; 5] = [Progress(51), Progress(52), Progress(53), Progress(54), Progress(55)];

    /// The number, as RULES.md writes it.
    #[inline(always)]
    pub const fn get(self) -> i8 {
        self.0
    }

    #[inline(always)]
    pub const fn in_yard(self) -> bool {
        self.0 == Self::YARD.0
    }

    /// On the loop: 0..=50.
    #[inline(always)]
    pub const fn on_loop(self) -> bool {
        Self::START.0 <= self.0 && self.0 <= Self::LOOP_END.0
    }

    /// Up the lane: 51..=55.
    #[inline(always)]
    pub const fn in_lane(self) -> bool {
        Self::LANE_START.0 <= self.0 && self.0 <= Self::LANE_END.0
    }

    /// `face` squares on (from the yard too: the caller enters pawns).
    #[inline(always)]
    pub const fn plus(self, face: Face) -> Progress {
        Progress(self.0 + face.get() as i8)
    }

    /// The same loop square a lap earlier: where a pawn that goes round
    /// again instead of turning into its lane (`capture_to_home`) stands.
    #[inline(always)]
    pub(super) const fn lap_back(self) -> Progress {
        Progress(self.0 - super::board::LOOP_LEN as i8)
    }

    /// Squares from here to `to` (negative if `to` is behind).
    #[inline(always)]
    pub const fn steps_to(self, to: Progress) -> i32 {
        to.0 as i32 - self.0 as i32
    }

    /// Squares a move from here to `to` went: a pawn that went round the
    /// loop again ([`Progress::lap_back`]) lands a lap lower.
    pub const fn moved_to(self, to: Progress) -> i32 {
        self.steps_to(to).rem_euclid(super::board::LOOP_LEN as i32)
    }
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_places_split_the_way() {
        let all: Vec<Progress> = (-1..=56).map(Progress).collect();
        assert_eq!(all.iter().filter(|p| p.in_yard()).count(), 1);
        assert_eq!(all.iter().filter(|p| p.on_loop()).count(), 51);
        assert_eq!(all.iter().filter(|p| p.in_lane()).copied().collect::<Vec<_>>(), Progress::LANE);
        assert_eq!(Progress::LOOP_END.plus(Face::ONE), Progress::LANE_START);
        assert_eq!(Progress::LANE_END.plus(Face::ONE), Progress::HOME);
        assert_eq!(Progress(53).lap_back(), Progress(1));
        assert_eq!(Progress::YARD.steps_to(Progress::HOME), 57);
    }

    /// The plain number, in JSON and postcard alike, as before it was a type.
    #[test]
    fn written_as_the_number() {
        for n in [-1i8, 0, 50, 56] {
            assert_eq!(serde_json::to_string(&Progress(n)).unwrap(), n.to_string());
            assert_eq!(postcard::to_allocvec(&Progress(n)).unwrap(), postcard::to_allocvec(&n).unwrap());
            assert_eq!(serde_json::from_str::<Progress>(&n.to_string()).unwrap(), Progress(n));
        }
    }
}
