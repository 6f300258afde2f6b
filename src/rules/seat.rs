//! Colours, seats and sets of seats.
//!
//! A seat is a place around the board (0..=3, clockwise); a colour is what a
//! player sees. The rules' `colour_order` ties the two together.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Green,
    Yellow,
    Blue,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
        }
    }

    pub fn from_name(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A place around the board, 0..=3 clockwise. Seat k starts on loop square
/// `1 + 13k`. Always in range: it is checked when built or decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    pub fn new(index: u8) -> Option<Seat> {
        (index < 4).then_some(Seat(index))
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat opposite: the partner at a team table (0 with 2, 1 with 3).
    #[inline]
    pub const fn partner(self) -> Seat {
        Seat(self.0 ^ 2)
    }

    /// The next seat clockwise, whether or not anyone sits there.
    #[inline]
    pub fn next(self) -> Seat {
        Seat((self.0 + 1) % 4)
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(index: u8) -> Result<Self, Self::Error> {
        Seat::new(index).ok_or_else(|| format!("seat {index} is not 0..=3"))
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A set of seats, as a bit mask (bit k = seat k).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct SeatSet(u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);
    pub const FULL: SeatSet = SeatSet(0b1111);

    pub fn bits(self) -> u8 {
        self.0
    }

    /// The seats of the low four bits.
    #[inline]
    pub(super) fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits & 0b1111)
    }

    /// The seats of `self` that are not in `other`.
    #[inline]
    pub fn minus(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// The seats in both `self` and `other`.
    #[inline]
    pub fn intersect(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    #[inline]
    pub fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat.0)
    }

    #[inline]
    pub fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }

    /// The first seat of the set clockwise after `from` (not `from` itself
    /// unless it is the only one).
    #[inline]
    pub fn next_after(self, from: Seat) -> Option<Seat> {
        // Two copies of the set side by side, shifted so that bit j is the
        // seat j + 1 places clockwise from `from`: every turn asks this.
        let ahead = (u16::from(self.0) * 0b1_0001) >> (from.0 + 1) & 0xF;
        (ahead != 0).then(|| Seat((from.0 + 1 + ahead.trailing_zeros() as u8) % 4))
    }
}

/// The seats `n` players take by default: 2 sit opposite (seats 0 and 2),
/// 3 take seats 0, 1 and 2, 4 take every seat. Other counts have no game.
pub fn default_players(n: usize) -> Option<SeatSet> {
    match n {
        2 => Some(SeatSet(0b0101)),
        3 => Some(SeatSet(0b0111)),
        4 => Some(SeatSet::FULL),
        _ => None,
    }
}

impl TryFrom<u8> for SeatSet {
    type Error = String;
    fn try_from(bits: u8) -> Result<Self, Self::Error> {
        if bits <= 0b1111 {
            Ok(SeatSet(bits))
        } else {
            Err(format!("seat set {bits:#b} names a seat beyond 3"))
        }
    }
}

impl From<SeatSet> for u8 {
    fn from(set: SeatSet) -> u8 {
        set.0
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_after_skips_missing_seats_and_wraps() {
        let set: SeatSet = [Seat(0), Seat(2)].into_iter().collect();
        assert_eq!(set.next_after(Seat(0)), Some(Seat(2)));
        assert_eq!(set.next_after(Seat(2)), Some(Seat(0)));
        assert_eq!(set.next_after(Seat(3)), Some(Seat(0)));
        assert_eq!(SeatSet::EMPTY.next_after(Seat(1)), None);
        assert_eq!(SeatSet::EMPTY.with(Seat(1)).next_after(Seat(1)), Some(Seat(1)));
        let three: SeatSet = [Seat(1), Seat(2), Seat(3)].into_iter().collect();
        assert_eq!(three.next_after(Seat(1)), Some(Seat(2)));
        assert_eq!(three.next_after(Seat(3)), Some(Seat(1)));
        assert_eq!(three.minus(set), SeatSet(0b1010));
    }

    #[test]
    fn default_players_sit_opposite_when_two() {
        let seats = |n| default_players(n).map(|s: SeatSet| s.iter().map(Seat::index).collect::<Vec<_>>());
        assert_eq!(seats(2), Some(vec![0, 2]));
        assert_eq!(seats(3), Some(vec![0, 1, 2]));
        assert_eq!(seats(4), Some(vec![0, 1, 2, 3]));
        assert_eq!(seats(1), None);
        assert_eq!(seats(5), None);
    }

    #[test]
    fn decoding_rejects_out_of_range() {
        assert!(Seat::try_from(4).is_err());
        assert!(SeatSet::try_from(16).is_err());
        assert_eq!(Colour::from_name("yellow"), Some(Colour::Yellow));
        assert_eq!(Colour::from_name("purple"), None);
    }
}
