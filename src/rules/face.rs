//! A die face, 1..=6 and nothing else: built by [`Face::new`], by the one
//! mapping from a uniform draw ([`Face::from_draw`]) or by decoding, which
//! refuses any other number. So the reducer, the bots and the screens never
//! ask whether a face is a face.

use serde::{Deserialize, Serialize};
use std::fmt;

/// What a die shows, 1..=6. Written as the plain number (JSON, postcard),
/// so scripts, the engine's lines, the wire and the logs read as before;
/// decoding refuses 0 and 7 and up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
#[repr(transparent)]
pub struct Face(u8);

impl Face {
    pub const ONE: Face = Face(1);
    pub const SIX: Face = Face(6);
    /// Every face, 1 first.
    pub const ALL: [Face; 6] = [Face(1), Face(2), Face(3), Face(4), Face(5), Face(6)];

    /// The face showing `n`, if a die can show it.
    #[inline]
    pub const fn new(n: u8) -> Option<Face> {
        if 1 <= n && n <= 6 { Some(Face(n)) } else { None }
    }

    /// The face of a uniform draw `k` in `0..6` (fair dice, seeded dice):
    /// `k + 1`. Total, so no draw can make anything but a face; a `k` of 6
    /// or more (never given) wraps rather than breaks the type.
    #[inline(always)]
    pub const fn from_draw(k: u8) -> Face {
        Face(k % 6 + 1)
    }

    /// The number shown, 1..=6.
    #[inline(always)]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Whether it is a 6: what enters a pawn and earns a roll again.
    #[inline(always)]
    pub const fn is_six(self) -> bool {
        self.0 == 6
    }
}

/// A number that is no die face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAFace(pub u8);

impl fmt::Display for NotAFace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a die shows 1 to 6, not {}", self.0)
    }
}

impl std::error::Error for NotAFace {}

impl TryFrom<u8> for Face {
    type Error = NotAFace;
    fn try_from(n: u8) -> Result<Face, NotAFace> {
        Face::new(n).ok_or(NotAFace(n))
    }
}

impl From<Face> for u8 {
    #[inline]
    fn from(face: Face) -> u8 {
        face.0
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_to_six_are_faces() {
        let faces: Vec<u8> = (0..=255).filter_map(Face::new).map(Face::get).collect();
        assert_eq!(faces, [1, 2, 3, 4, 5, 6]);
        assert_eq!(Face::ALL.map(Face::get), [1, 2, 3, 4, 5, 6]);
        assert_eq!((0..6).map(Face::from_draw).collect::<Vec<_>>(), Face::ALL);
        assert_eq!(Face::try_from(7), Err(NotAFace(7)));
        assert_eq!(NotAFace(0).to_string(), "a die shows 1 to 6, not 0");
    }

    /// The plain number, in JSON and postcard alike; anything else refused.
    #[test]
    fn written_as_the_number_and_read_back_only_if_a_face() {
        for face in Face::ALL {
            assert_eq!(serde_json::to_string(&face).unwrap(), face.to_string());
            assert_eq!(postcard::to_allocvec(&face).unwrap(), [face.get()]);
            assert_eq!(postcard::from_bytes::<Face>(&[face.get()]).unwrap(), face);
        }
        for n in [0u8, 7, 9, 255] {
            assert!(postcard::from_bytes::<Face>(&[n]).is_err(), "{n}");
            let json = serde_json::from_str::<Face>(&n.to_string()).unwrap_err().to_string();
            assert!(json.contains("a die shows 1 to 6"), "{json}");
        }
    }
}
