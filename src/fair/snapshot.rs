//! Host-signed, versioned state snapshots, so a spectator or a late guest
//! starts from the newest state and verifies forward.
//!
//! A snapshot at version `v` is the state after entry `v` and names that
//! entry's hash (the game id for `v = 0`). A replica ignores snapshots older
//! than its head, and checks every snapshot against the entries it holds.

use super::canonical::{self, Canonical, CanonicalError};
use super::genesis::VerifiedGenesis;
use super::hash::{Digest, state_hash};
use super::log::{Body, LogVerifier};
use super::sign::{Context, Identity, Signature, SignatureError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot<S> {
    pub game_id: Digest,
    /// The sequence number of the entry this state follows.
    pub version: u64,
    /// That entry's hash (the game id for version 0).
    pub after: Digest,
    pub state: S,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "S: Serialize + DeserializeOwned")]
pub struct SignedSnapshot<S> {
    pub body: Canonical<Snapshot<S>>,
    pub sig: Signature,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapshotError {
    NotCanonical(CanonicalError),
    WrongGame {
        found: Digest,
    },
    BadSignature(SignatureError),
    /// The snapshot names another entry hash than the log holds.
    WrongEntry {
        version: u64,
    },
    /// The snapshot's state does not hash to the entry's `state_hash`.
    WrongState {
        version: u64,
    },
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::NotCanonical(e) => write!(f, "snapshot bytes: {e}"),
            SnapshotError::WrongGame { found } => write!(f, "snapshot of another game ({found})"),
            SnapshotError::BadSignature(e) => write!(f, "snapshot signature: {e}"),
            SnapshotError::WrongEntry { version } => {
                write!(f, "snapshot {version} follows another entry than the log's")
            }
            SnapshotError::WrongState { version } => {
                write!(f, "snapshot {version}'s state differs from the log's state hash")
            }
        }
    }
}

impl std::error::Error for SnapshotError {}

/// What a replica does with a valid snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapshotVerdict<S> {
    /// Older than the replica's head: ignore it (it was checked against the
    /// log where they overlap).
    Older,
    /// At the replica's head, and it agrees with the log.
    Current,
    /// Newer than anything held: the replica may start from it
    /// ([`LogVerifier::resume`] with `version` and `after`).
    Newer(Snapshot<S>),
}

impl<S: Serialize + DeserializeOwned> SignedSnapshot<S> {
    pub fn sign(host: &Identity, snapshot: &Snapshot<S>) -> SignedSnapshot<S> {
        let body = Canonical::new(snapshot);
        let sig = host.sign(Context::Snapshot, body.bytes());
        SignedSnapshot { body, sig }
    }

    /// Checks the encoding, the game and the host's signature.
    pub fn verify(&self, genesis: &VerifiedGenesis) -> Result<Snapshot<S>, SnapshotError> {
        let snapshot: Snapshot<S> =
            canonical::decode(self.body.bytes()).map_err(SnapshotError::NotCanonical)?;
        if snapshot.game_id != genesis.game_id() {
            return Err(SnapshotError::WrongGame { found: snapshot.game_id });
        }
        genesis
            .host()
            .verify(Context::Snapshot, self.body.bytes(), &self.sig)
            .map_err(SnapshotError::BadSignature)?;
        Ok(snapshot)
    }

    /// Verifies the snapshot and compares it with `log`: where the log holds
    /// entry `version`, the snapshot must name its hash and match its state
    /// hash.
    pub fn against<C: Serialize + DeserializeOwned>(
        &self,
        genesis: &VerifiedGenesis,
        log: &LogVerifier<C>,
    ) -> Result<SnapshotVerdict<S>, SnapshotError> {
        let snapshot = self.verify(genesis)?;
        let version = snapshot.version;
        let (head, _) = log.head();
        if version > head {
            return Ok(SnapshotVerdict::Newer(snapshot));
        }
        let (base, base_hash) = log.base();
        if version == base && snapshot.after != base_hash {
            return Err(SnapshotError::WrongEntry { version });
        }
        if let Some(entry) = log.entry(version) {
            if entry.hash() != snapshot.after {
                return Err(SnapshotError::WrongEntry { version });
            }
            // Held entries were decoded when accepted, so this decodes too;
            // if it ever did not, the snapshot cannot match it.
            let body: Body<C> =
                canonical::decode(entry.body.bytes()).map_err(|_| SnapshotError::WrongEntry { version })?;
            if body.state_hash != state_hash(&canonical::encode(&snapshot.state)) {
                return Err(SnapshotError::WrongState { version });
            }
        }
        Ok(if version == head { SnapshotVerdict::Current } else { SnapshotVerdict::Older })
    }
}
