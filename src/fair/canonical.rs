//! Canonical bytes: what is hashed and signed is exactly what was sent.
//!
//! postcard decodes non-minimal varints and ignores trailing bytes, so a
//! message is accepted only when it re-encodes to the very bytes received.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// The largest message a peer may send (an entry, a reveal, a genesis).
pub const MAX_MESSAGE: usize = 64 * 1024;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CanonicalError {
    TooLarge { len: usize, max: usize },
    Malformed(String),
    TrailingBytes(usize),
    NotCanonical,
}

impl fmt::Display for CanonicalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonicalError::TooLarge { len, max } => {
                write!(f, "{len} bytes is more than the {max} allowed")
            }
            CanonicalError::Malformed(why) => write!(f, "malformed encoding: {why}"),
            CanonicalError::TrailingBytes(n) => write!(f, "{n} trailing bytes after the message"),
            CanonicalError::NotCanonical => {
                f.write_str("not the canonical encoding (it re-encodes to other bytes)")
            }
        }
    }
}

impl std::error::Error for CanonicalError {}

/// The canonical bytes of a value.
pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    // Serializing to a Vec fails only for types serde cannot describe to
    // postcard (maps of unknown length); none of ours are such.
    postcard::to_allocvec(value).unwrap_or_default()
}

/// Decodes a message of at most [`MAX_MESSAGE`] bytes, canonically.
pub fn decode<T: DeserializeOwned + Serialize>(bytes: &[u8]) -> Result<T, CanonicalError> {
    decode_capped(bytes, MAX_MESSAGE)
}

/// Decodes at most `max` bytes; rejects trailing bytes and any encoding
/// that does not re-encode to the same bytes.
pub fn decode_capped<T: DeserializeOwned + Serialize>(bytes: &[u8], max: usize) -> Result<T, CanonicalError> {
    if bytes.len() > max {
        return Err(CanonicalError::TooLarge { len: bytes.len(), max });
    }
    let (value, rest) =
        postcard::take_from_bytes::<T>(bytes).map_err(|e| CanonicalError::Malformed(e.to_string()))?;
    if !rest.is_empty() {
        return Err(CanonicalError::TrailingBytes(rest.len()));
    }
    if encode(&value) != bytes {
        return Err(CanonicalError::NotCanonical);
    }
    Ok(value)
}

/// The canonical bytes of a `T`, kept exactly as received so that hashes
/// and signatures cover them. In postcard they travel as bytes; in JSON
/// (human-readable) as the decoded value, which re-encodes to the same
/// bytes because only canonical bytes decode.
pub struct Canonical<T> {
    bytes: Vec<u8>,
    kind: PhantomData<fn() -> T>,
}

impl<T: Serialize + DeserializeOwned> Canonical<T> {
    pub fn new(value: &T) -> Self {
        Canonical::from_bytes(encode(value))
    }

    /// Wraps received bytes; nothing is checked until [`Canonical::decode`].
    pub fn from_bytes(bytes: Vec<u8>) -> Self {
        Canonical { bytes, kind: PhantomData }
    }

    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    pub fn decode(&self) -> Result<T, CanonicalError> {
        decode(&self.bytes)
    }
}

impl<T> Clone for Canonical<T> {
    fn clone(&self) -> Self {
        Canonical { bytes: self.bytes.clone(), kind: PhantomData }
    }
}

impl<T> PartialEq for Canonical<T> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<T> Eq for Canonical<T> {}

impl<T> fmt::Debug for Canonical<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Canonical({})", super::hash::hex::encode(&self.bytes))
    }
}

impl<T: Serialize + DeserializeOwned> Serialize for Canonical<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            let value = self.decode().map_err(serde::ser::Error::custom)?;
            value.serialize(serializer)
        } else {
            serializer.serialize_bytes(&self.bytes)
        }
    }
}

impl<'de, T: Serialize + DeserializeOwned> Deserialize<'de> for Canonical<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if deserializer.is_human_readable() {
            T::deserialize(deserializer).map(|value| Canonical::new(&value))
        } else {
            super::hash::hex::deserialize_byte_buf(deserializer).map(Canonical::from_bytes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Msg {
        seq: u64,
        seat: u8,
        note: Vec<u8>,
    }

    #[test]
    fn rejects_trailing_and_non_minimal_bytes() {
        let msg = Msg { seq: 5, seat: 1, note: vec![] };
        let bytes = encode(&msg);
        assert_eq!(bytes, [0x05, 0x01, 0x00]);
        assert_eq!(decode::<Msg>(&bytes), Ok(msg));
        assert_eq!(decode::<Msg>(&[0x05, 0x01, 0x00, 0x00]), Err(CanonicalError::TrailingBytes(1)));
        // 0x85 0x00 is 5 as a two-byte varint: postcard takes it, we do not.
        assert_eq!(decode::<Msg>(&[0x85, 0x00, 0x01, 0x00]), Err(CanonicalError::NotCanonical));
        assert!(matches!(decode::<Msg>(&[0x05]), Err(CanonicalError::Malformed(_))));
        let big = vec![0u8; MAX_MESSAGE + 1];
        assert!(matches!(decode::<Msg>(&big), Err(CanonicalError::TooLarge { .. })));
    }

    proptest! {
        #[test]
        fn round_trips(seq: u64, seat: u8, note in proptest::collection::vec(any::<u8>(), 0..40)) {
            let msg = Msg { seq, seat, note };
            prop_assert_eq!(decode::<Msg>(&encode(&msg)), Ok(msg));
        }

        /// Any change to canonical bytes either fails to decode or decodes
        /// to a different value: two byte strings never mean the same thing.
        #[test]
        fn mutations_never_alias(seq: u64, seat: u8, note in proptest::collection::vec(any::<u8>(), 0..40),
                                 at: prop::sample::Index, flip in 1u8..) {
            let msg = Msg { seq, seat, note };
            let mut bytes = encode(&msg);
            let i = at.index(bytes.len());
            bytes[i] ^= flip;
            if let Ok(other) = decode::<Msg>(&bytes) {
                prop_assert_ne!(other, msg);
            }
        }

        #[test]
        fn json_carries_the_same_bytes(seq: u64, seat: u8) {
            let wrapped = Canonical::new(&Msg { seq, seat, note: vec![seat] });
            let json = serde_json::to_string(&wrapped).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let back: Canonical<Msg> = serde_json::from_str(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(back, wrapped);
        }
    }
}
