//! Six-letter room codes, read aloud or typed from a friend's screen, so the
//! codes Ludopia draws leave out the letters mistaken for digits or each
//! other (I, L, O). A code a host chooses (`--code`) may use any letter.

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};

/// The 23 letters a drawn code is made of.
pub const CODE_ALPHABET: &[u8; 23] = b"ABCDEFGHJKMNPQRSTUVWXYZ";
/// Letters in a code.
pub const CODE_LEN: usize = 6;

/// A room code, always six letters A to Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomCode([u8; CODE_LEN]);

/// Why a typed code is not a room code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    Length(usize),
    Letter(char),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Length(n) => write!(f, "a room code has {CODE_LEN} letters, not {n}"),
            CodeError::Letter(c) => {
                write!(f, "'{c}' is not in room codes: they are letters A to Z")
            }
        }
    }
}

impl std::error::Error for CodeError {}

impl RoomCode {
    /// The code drawn from `seed` (uniform enough for 23^6 codes: each
    /// letter takes the remainder of the seed divided down).
    pub fn from_seed(seed: u64) -> Self {
        let base = CODE_ALPHABET.len() as u64;
        let mut rest = seed;
        let mut letters = [0u8; CODE_LEN];
        for letter in &mut letters {
            // `rest % base` is below the alphabet's length.
            *letter = CODE_ALPHABET[(rest % base) as usize];
            rest /= base;
        }
        RoomCode(letters)
    }

    /// A fresh code from the process's random hasher keys (the network layer
    /// may use ambient randomness; the pure modules get seeds instead).
    pub fn random() -> Self {
        use std::hash::{BuildHasher, Hasher};
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(0x4c55_444f);
        RoomCode::from_seed(hasher.finish())
    }

    pub fn as_str(&self) -> &str {
        // Only alphabet letters are ever stored, all ASCII.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }

    /// The rendezvous namespace the host registers this code under.
    pub fn namespace(&self) -> String {
        format!("ludopia/{}", self.as_str())
    }
}

impl FromStr for RoomCode {
    type Err = CodeError;

    /// Accepts lower case and surrounding spaces or a dash in the middle
    /// ("abc-def"), as people type codes.
    fn from_str(typed: &str) -> Result<Self, CodeError> {
        let letters: Vec<char> =
            typed.trim().chars().filter(|c| *c != '-' && *c != ' ').map(|c| c.to_ascii_uppercase()).collect();
        if letters.len() != CODE_LEN {
            return Err(CodeError::Length(letters.len()));
        }
        let mut code = [0u8; CODE_LEN];
        for (slot, c) in code.iter_mut().zip(letters) {
            if !c.is_ascii_uppercase() {
                return Err(CodeError::Letter(c));
            }
            *slot = c as u8;
        }
        Ok(RoomCode(code))
    }
}

impl TryFrom<String> for RoomCode {
    type Error = CodeError;
    fn try_from(s: String) -> Result<Self, CodeError> {
        s.parse()
    }
}

impl From<RoomCode> for String {
    fn from(code: RoomCode) -> String {
        code.as_str().to_owned()
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_avoid_ambiguous_letters_and_parse_back() {
        for seed in [0, 1, 22, 23, u64::MAX, 0x1234_5678_9abc] {
            let code = RoomCode::from_seed(seed);
            assert!(!code.as_str().contains(['I', 'L', 'O']));
            assert_eq!(code.as_str().parse::<RoomCode>().unwrap(), code);
        }
        assert_ne!(RoomCode::from_seed(1), RoomCode::from_seed(2));
    }

    #[test]
    fn typing_is_forgiving_but_strict_on_letters() {
        let code: RoomCode = " abc-def ".parse().unwrap();
        assert_eq!(code.as_str(), "ABCDEF");
        // A chosen code may hold the letters drawn codes leave out.
        assert_eq!("hello-s".parse::<RoomCode>().map(|c| c.to_string()), Ok("HELLOS".to_owned()));
        assert_eq!("ABCDE".parse::<RoomCode>(), Err(CodeError::Length(5)));
        assert_eq!("ABCDE1".parse::<RoomCode>(), Err(CodeError::Letter('1')));
        assert!("ABCDEÉ".parse::<RoomCode>().is_err());
    }

    #[test]
    fn serde_refuses_bad_codes() {
        let bad = postcard::to_allocvec("ABCDE_").unwrap();
        assert!(postcard::from_bytes::<RoomCode>(&bad).is_err());
        let good = postcard::to_allocvec(&RoomCode::from_seed(7)).unwrap();
        assert_eq!(postcard::from_bytes::<RoomCode>(&good).unwrap(), RoomCode::from_seed(7));
    }
}
