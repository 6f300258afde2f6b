//! Tagged SHA-256 (BIP-340 style) and the 32-byte digests it yields.
//!
//! `H_t(x) = SHA256(SHA256(t) || SHA256(t) || x)`: a hash made for one
//! purpose can never be mistaken for one made for another.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest as _, Sha256};
use std::fmt;

/// Hash of a genesis record: the game id.
pub const TAG_GAME: &str = "ludo-p2p/v1/game";
/// One step of a seat's hash chain.
pub const TAG_CHAIN: &str = "ludo-p2p/v1/chain";
/// The seed of one roll, from every active seat's link.
pub const TAG_ROLL: &str = "ludo-p2p/v1/roll";
/// The blocks a die face is sampled from.
pub const TAG_DIE: &str = "ludo-p2p/v1/die";
/// Hash of a log entry's body bytes.
pub const TAG_ENTRY: &str = "ludo-p2p/v1/entry";
/// Hash of a game state's canonical bytes.
pub const TAG_STATE: &str = "ludo-p2p/v1/state";

/// The DHT key a room code is provided under: the SHA-256 (plain, as the
/// DHT's other implementations hash keys) of this prefix and the code.
pub const TAG_ROOM: &str = "ludopia/room/v1/";

/// Derivations: what a peer makes from its own secret or entropy. Not
/// part of the protocol (another implementation may derive its own), but
/// kept here so that no two purposes share a tag.
/// A seat's chain secret, from the host's entropy (seats the host holds).
pub const TAG_TABLE_SECRET: &str = "ludopia/table/secret";
/// A seat's signing key, from the host's entropy (seats the host holds).
pub const TAG_SEAT_KEY: &str = "ludopia/table/seat-key";
/// The game nonce, from the host's entropy.
pub const TAG_NONCE: &str = "ludopia/table/nonce";
/// A bot's decision seed at the authority.
pub const TAG_TABLE_BOT: &str = "ludopia/table/bot";
/// The host's entropy for the next game with the same group.
pub const TAG_TABLE_AGAIN: &str = "ludopia/table/again";
/// A guest's chain secret, from its own secret.
pub const TAG_GUEST_CHAIN: &str = "ludopia/guest/chain";
/// A guest's bot seed.
pub const TAG_GUEST_BOT: &str = "ludopia/guest/bot";
/// A guest bot's seed for one decision.
pub const TAG_GUEST_DECISION: &str = "ludopia/guest/decision";
/// The entropy of a table a guest takes over.
pub const TAG_GUEST_TABLE: &str = "ludopia/guest/table";
/// A guest's secret for the next game with the same group.
pub const TAG_GUEST_AGAIN: &str = "ludopia/guest/again";
/// The window's fallback entropy, from the clock, when the system has none.
pub const TAG_CLOCK: &str = "ludopia/ui/clock";
/// A local table's host key, from its entropy.
pub const TAG_HOST_KEY: &str = "ludopia/ui/host-key";
/// `ludopia sim`'s table entropy, from its seed.
pub const TAG_SIM_ENTROPY: &str = "ludopia/sim/entropy";
/// The fuzz fixture's seat keys.
pub const TAG_FUZZ_KEY: &str = "ludopia/fuzz/key";
/// The fuzz fixture's entropy.
pub const TAG_FUZZ_ENTROPY: &str = "ludopia/fuzz/entropy";

/// A 32-byte SHA-256 output (or any 32-byte value carried like one: a game
/// nonce, a chain element). Hex in JSON, raw bytes in postcard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Digest(pub [u8; 32]);

impl Digest {
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Lower-case hex, as in the test vectors.
    pub fn to_hex(&self) -> String {
        hex::encode(&self.0)
    }

    pub fn from_hex(text: &str) -> Option<Digest> {
        hex::decode_array(text).map(Digest)
    }
}

impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl Serialize for Digest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        hex::serialize_array(&self.0, serializer)
    }
}

impl<'de> Deserialize<'de> for Digest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        hex::deserialize_array(deserializer).map(Digest)
    }
}

/// `TAG(t) = SHA256(t) || SHA256(t)`, the 64-byte prefix of every tagged
/// hash and of every signed message.
pub fn tag_prefix(tag: &str) -> [u8; 64] {
    let t: [u8; 32] = Sha256::digest(tag.as_bytes()).into();
    let mut prefix = [0u8; 64];
    prefix[..32].copy_from_slice(&t);
    prefix[32..].copy_from_slice(&t);
    prefix
}

/// `H_tag(parts[0] || parts[1] || ...)`. Callers keep the concatenation
/// unambiguous: every part but the last has a fixed width.
pub fn tagged(tag: &str, parts: &[&[u8]]) -> Digest {
    let mut h = Sha256::new();
    h.update(tag_prefix(tag));
    for part in parts {
        h.update(part);
    }
    Digest(h.finalize().into())
}

/// `H_state(bytes)`: the hash of a state's canonical (postcard) bytes.
pub fn state_hash(state_bytes: &[u8]) -> Digest {
    tagged(TAG_STATE, &[state_bytes])
}

/// Hex for people and JSON; fixed-width raw bytes for postcard, which
/// serde cannot derive for arrays beyond 32.
pub(crate) mod hex {
    use serde::de::{Error as _, SeqAccess, Visitor};
    use serde::ser::SerializeTuple;
    use serde::{Deserializer, Serializer};
    use std::fmt;

    const DIGITS: &[u8; 16] = b"0123456789abcdef";

    pub fn encode(bytes: &[u8]) -> String {
        let mut out = String::with_capacity(bytes.len() * 2);
        for b in bytes {
            out.push(char::from(DIGITS[usize::from(b >> 4)]));
            out.push(char::from(DIGITS[usize::from(b & 0xf)]));
        }
        out
    }

    fn nibble(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }

    pub fn decode(text: &str) -> Option<Vec<u8>> {
        let raw = text.as_bytes();
        if !raw.len().is_multiple_of(2) {
            return None;
        }
        raw.chunks_exact(2).map(|pair| Some(nibble(pair[0])? << 4 | nibble(pair[1])?)).collect()
    }

    pub fn decode_array<const N: usize>(text: &str) -> Option<[u8; N]> {
        decode(text)?.try_into().ok()
    }

    pub fn serialize_array<S: Serializer, const N: usize>(
        bytes: &[u8; N],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(&encode(bytes))
        } else {
            let mut tuple = serializer.serialize_tuple(N)?;
            for b in bytes {
                tuple.serialize_element(b)?;
            }
            tuple.end()
        }
    }

    pub fn deserialize_array<'de, D: Deserializer<'de>, const N: usize>(
        deserializer: D,
    ) -> Result<[u8; N], D::Error> {
        if deserializer.is_human_readable() {
            let text: String = serde::Deserialize::deserialize(deserializer)?;
            decode_array(&text).ok_or_else(|| D::Error::custom(format!("expected {} hex digits", N * 2)))
        } else {
            deserializer.deserialize_tuple(N, ArrayVisitor::<N>)
        }
    }

    struct ArrayVisitor<const N: usize>;

    impl<'de, const N: usize> Visitor<'de> for ArrayVisitor<N> {
        type Value = [u8; N];

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "{N} bytes")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[u8; N], A::Error> {
            let mut out = [0u8; N];
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = seq.next_element()?.ok_or_else(|| A::Error::invalid_length(i, &self))?;
            }
            Ok(out)
        }
    }

    /// Raw bytes from a binary format (postcard's length-prefixed bytes).
    pub fn deserialize_byte_buf<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        deserializer.deserialize_byte_buf(BytesVisitor)
    }

    struct BytesVisitor;

    impl<'de> Visitor<'de> for BytesVisitor {
        type Value = Vec<u8>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("bytes")
        }

        fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }

        fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tagged_hash_is_bip340_style() {
        let t: [u8; 32] = Sha256::digest(b"x/tag").into();
        let mut plain = Sha256::new();
        plain.update(t);
        plain.update(t);
        plain.update(b"abc");
        let expected: [u8; 32] = plain.finalize().into();
        assert_eq!(tagged("x/tag", &[b"a", b"bc"]).0, expected);
        assert_ne!(tagged("x/other", &[b"abc"]).0, expected);
    }

    #[test]
    fn digest_hex_round_trips() {
        let d = tagged(TAG_GAME, &[b"g"]);
        assert_eq!(Digest::from_hex(&d.to_hex()), Some(d));
        assert_eq!(Digest::from_hex("abc"), None);
        assert_eq!(Digest::from_hex(&"zz".repeat(32)), None);
    }
}
