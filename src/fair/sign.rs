//! Seat identities and signatures: ed25519 (ed25519-dalek 2, the key type of
//! libp2p's ed25519 identity), strict verification, weak keys refused.
//!
//! A signed message is `TAG(sig context) || H(body)`: 64 + 32 bytes, so a
//! signature made for one purpose never verifies for another.

use super::hash::{Digest, TAG_ENTRY, TAG_GAME, hex, tag_prefix, tagged};
use ed25519_dalek::{Signer as _, SigningKey, VerifyingKey};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// What a signature is for. Each has its own signature tag
/// (`ludo-p2p/v1/sig/...`) and body hash tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// A seat's agreement to a genesis record (body hash = game id).
    Genesis,
    /// The host's log entry (body hash = entry hash).
    Entry,
    /// A seat's head: the newest entry it verified, which guests exchange
    /// so that a host showing them different logs is caught.
    Head,
    /// A seat's reveal of a chain link.
    Reveal,
    /// The host's state snapshot.
    Snapshot,
}

impl Context {
    pub const ALL: [Context; 5] =
        [Context::Genesis, Context::Entry, Context::Head, Context::Reveal, Context::Snapshot];

    /// The signature context tag.
    pub fn sig_tag(self) -> &'static str {
        match self {
            Context::Genesis => "ludo-p2p/v1/sig/genesis",
            Context::Entry => "ludo-p2p/v1/sig/entry",
            Context::Head => "ludo-p2p/v1/sig/head",
            Context::Reveal => "ludo-p2p/v1/sig/reveal",
            Context::Snapshot => "ludo-p2p/v1/sig/snapshot",
        }
    }

    /// The tag of `H(body)`: the game id and the entry hash are the body
    /// hashes of a genesis and an entry.
    pub fn body_tag(self) -> &'static str {
        match self {
            Context::Genesis => TAG_GAME,
            Context::Entry => TAG_ENTRY,
            Context::Head => "ludo-p2p/v1/head",
            Context::Reveal => "ludo-p2p/v1/reveal",
            Context::Snapshot => "ludo-p2p/v1/snapshot",
        }
    }

    pub fn body_hash(self, body: &[u8]) -> Digest {
        tagged(self.body_tag(), &[body])
    }

    /// The 96 bytes actually signed for a body hash.
    pub fn message(self, body_hash: &Digest) -> [u8; 96] {
        let mut message = [0u8; 96];
        message[..64].copy_from_slice(&tag_prefix(self.sig_tag()));
        message[64..].copy_from_slice(body_hash.as_bytes());
        message
    }
}

/// An ed25519 signature: 64 bytes, hex in JSON.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Signature(pub [u8; 64]);

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Signature({})", hex::encode(&self.0))
    }
}

impl Serialize for Signature {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        hex::serialize_array(&self.0, serializer)
    }
}

impl<'de> Deserialize<'de> for Signature {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        hex::deserialize_array(deserializer).map(Signature)
    }
}

/// A seat's public key as it travels: 32 bytes, checked when used.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PublicKey(pub [u8; 32]);

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey({})", hex::encode(&self.0))
    }
}

impl Serialize for PublicKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        hex::serialize_array(&self.0, serializer)
    }
}

impl<'de> Deserialize<'de> for PublicKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        hex::deserialize_array(deserializer).map(PublicKey)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignatureError {
    /// The 32 bytes are not a point on the curve.
    InvalidKey,
    /// A small-order key: its "signatures" would verify for any message.
    WeakKey,
    /// The signature does not verify (strictly) for this key and message.
    BadSignature,
}

impl fmt::Display for SignatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SignatureError::InvalidKey => "the public key is not a valid ed25519 point",
            SignatureError::WeakKey => "the public key is weak (small order)",
            SignatureError::BadSignature => "the signature does not verify",
        })
    }
}

impl std::error::Error for SignatureError {}

/// A checked, non-weak public key, ready to verify many signatures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verifier(VerifyingKey);

impl PublicKey {
    pub fn verifier(&self) -> Result<Verifier, SignatureError> {
        let key = VerifyingKey::from_bytes(&self.0).map_err(|_| SignatureError::InvalidKey)?;
        if key.is_weak() {
            return Err(SignatureError::WeakKey);
        }
        Ok(Verifier(key))
    }

    /// Checks the key and the signature of `body` for `context`.
    pub fn verify(&self, context: Context, body: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        self.verifier()?.verify(context, body, signature)
    }
}

impl Verifier {
    pub fn public_key(&self) -> PublicKey {
        PublicKey(self.0.to_bytes())
    }

    pub fn verify(&self, context: Context, body: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        self.verify_hash(context, &context.body_hash(body), signature)
    }

    /// For callers that already hold the body hash (an entry hash, a game id).
    pub fn verify_hash(
        &self,
        context: Context,
        body_hash: &Digest,
        signature: &Signature,
    ) -> Result<(), SignatureError> {
        let signature = ed25519_dalek::Signature::from_bytes(&signature.0);
        self.0
            .verify_strict(&context.message(body_hash), &signature)
            .map_err(|_| SignatureError::BadSignature)
    }
}

/// Signatures checked together, for a whole proof at once: one multi-scalar
/// multiplication over the set costs far less than a check each, which is
/// what keeps `ludopia verify` of a long game fast.
///
/// ed25519-dalek's `verify_batch` (its random weights come from a transcript
/// of the whole set, so the outcome is deterministic) accepts every set that
/// strict checks one by one accept. A refused set is checked one by one, to
/// name the first signature that fails. A batch can also pass a signature
/// whose `R` carries a small torsion part, which strict checks refuse; only
/// the key's holder can make one, so this forges nothing.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    checks: Vec<(VerifyingKey, [u8; 96], ed25519_dalek::Signature)>,
}

impl Batch {
    /// Adds the check of `signature` over `body_hash` for `context` by `key`.
    pub fn push(&mut self, key: &Verifier, context: Context, body_hash: &Digest, signature: &Signature) {
        self.checks.push((
            key.0,
            context.message(body_hash),
            ed25519_dalek::Signature::from_bytes(&signature.0),
        ));
    }

    pub fn len(&self) -> usize {
        self.checks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.checks.is_empty()
    }

    /// Every signature checked: `Err(i)` names the first that fails, in the
    /// order they were pushed.
    pub fn verify(&self) -> Result<(), usize> {
        let messages: Vec<&[u8]> = self.checks.iter().map(|(_, message, _)| &message[..]).collect();
        let signatures: Vec<_> = self.checks.iter().map(|&(_, _, signature)| signature).collect();
        let keys: Vec<_> = self.checks.iter().map(|&(key, _, _)| key).collect();
        if ed25519_dalek::verify_batch(&messages, &signatures, &keys).is_ok() {
            return Ok(());
        }
        match self
            .checks
            .iter()
            .position(|(key, message, signature)| key.verify_strict(message, signature).is_err())
        {
            Some(first) => Err(first),
            None => Ok(()),
        }
    }
}

/// A seat's signing key, made from a 32-byte ed25519 secret (the network
/// layer hands over its libp2p ed25519 secret). Zeroized on drop.
pub struct Identity(SigningKey);

impl Identity {
    pub fn from_secret(secret: &[u8; 32]) -> Identity {
        Identity(SigningKey::from_bytes(secret))
    }

    pub fn public_key(&self) -> PublicKey {
        PublicKey(self.0.verifying_key().to_bytes())
    }

    pub fn sign(&self, context: Context, body: &[u8]) -> Signature {
        self.sign_hash(context, &context.body_hash(body))
    }

    pub fn sign_hash(&self, context: Context, body_hash: &Digest) -> Signature {
        Signature(self.0.sign(&context.message(body_hash)).to_bytes())
    }
}

impl fmt::Debug for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Identity({:?})", self.public_key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_and_verifies_per_context() {
        let id = Identity::from_secret(&[7; 32]);
        let sig = id.sign(Context::Head, b"move pawn 2");
        let key = id.public_key();
        assert_eq!(key.verify(Context::Head, b"move pawn 2", &sig), Ok(()));
        assert_eq!(key.verify(Context::Head, b"move pawn 3", &sig), Err(SignatureError::BadSignature));
        assert_eq!(key.verify(Context::Reveal, b"move pawn 2", &sig), Err(SignatureError::BadSignature));
        let other = Identity::from_secret(&[8; 32]).public_key();
        assert_eq!(other.verify(Context::Head, b"move pawn 2", &sig), Err(SignatureError::BadSignature));
    }

    /// dice.md Appendix B: with the identity point as key, the signature
    /// (R = identity, s = 0) passes non-strict verification for any message.
    #[test]
    fn weak_key_and_forged_identity_signature_are_rejected() {
        let mut identity_point = [0u8; 32];
        identity_point[0] = 1;
        let mut forged = [0u8; 64];
        forged[0] = 1;
        let weak = PublicKey(identity_point);
        let forged = Signature(forged);
        // Show the forgery is real for the lenient check ...
        let message = Context::Entry.message(&Digest([3; 32]));
        let lenient = VerifyingKey::from_bytes(&identity_point).map(|k| {
            let sig = ed25519_dalek::Signature::from_bytes(&forged.0);
            ed25519_dalek::Verifier::verify(&k, &message, &sig).is_ok()
        });
        assert!(matches!(lenient, Ok(true)));
        // ... and that ours refuses it.
        assert_eq!(weak.verifier(), Err(SignatureError::WeakKey));
        assert_eq!(weak.verify(Context::Entry, b"any", &forged), Err(SignatureError::WeakKey));
    }

    #[test]
    fn a_batch_passes_good_signatures_and_names_the_first_bad_one() {
        let ids = [Identity::from_secret(&[7; 32]), Identity::from_secret(&[8; 32])];
        let checks: Vec<(Verifier, Digest, Signature)> = (0u8..6)
            .map(|i| {
                let id = &ids[usize::from(i % 2)];
                let hash = Digest([i; 32]);
                (id.public_key().verifier().expect("a real key"), hash, id.sign_hash(Context::Entry, &hash))
            })
            .collect();
        let batch = |checks: &[(Verifier, Digest, Signature)]| {
            let mut batch = Batch::default();
            for (key, hash, sig) in checks {
                batch.push(key, Context::Entry, hash, sig);
            }
            batch
        };
        assert_eq!(Batch::default().verify(), Ok(()));
        assert_eq!(batch(&checks).verify(), Ok(()));
        // Another context, another key, another body, a flipped bit: each refused at its place.
        let mut wrong = checks.clone();
        wrong[4].2 = ids[0].sign_hash(Context::Head, &wrong[4].1);
        assert_eq!(batch(&wrong).verify(), Err(4));
        let mut wrong = checks.clone();
        wrong[1].0 = wrong[0].0;
        wrong[3].2.0[0] ^= 1;
        assert_eq!(batch(&wrong).verify(), Err(1));
        let mut wrong = checks.clone();
        wrong[5].1 = Digest([9; 32]);
        assert_eq!(batch(&wrong).verify(), Err(5));
    }

    #[test]
    fn invalid_key_bytes_are_rejected() {
        // y = 2 is not on the curve.
        let mut bytes = [0u8; 32];
        bytes[0] = 2;
        assert_eq!(PublicKey(bytes).verifier(), Err(SignatureError::InvalidKey));
    }
}
