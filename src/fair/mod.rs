//! Verifiable dice and the signed, hash-chained game log (`ludo-p2p/v1`,
//! research/dice.md §5). Pure and deterministic: secrets, nonces and keys
//! come in as bytes; no clock, no IO.
//!
//! The protocol as built:
//! - **Hashes** ([`hash`]): `H_t(x) = SHA256(SHA256(t) || SHA256(t) || x)`
//!   with tags `ludo-p2p/v1/{game,chain,roll,die,entry,state}`. Integers in
//!   hash inputs are fixed-width big-endian.
//! - **Chains** ([`chain`]): each seat draws a secret seed `e[N]` and
//!   publishes `e[0]`, where `e[j-1] = H_chain(game_nonce || seat || j || e[j])`
//!   and `N = chain_len` (fixed in the genesis). Roll `k` uses the link
//!   `e[k]` of every seat whose chain is live, checked with one hash
//!   against `e[k-1]`.
//! - **Rolls** ([`roll`]): `seed = H_roll(game_id || k || roller ||
//!   active_mask || links of the active seats in seat order)`; the face is
//!   the first byte `b < 252` of `H_die(seed || ctr)`, as `1 + b % 6`. No
//!   seat, the host included, knows a face before all links of that roll
//!   are out, and each link was fixed before the game began. Which seats
//!   contribute follows from the signed log alone (the table's live set);
//!   the only lever left is withholding a link, which costs the seat.
//! - **Signatures** ([`sign`]): ed25519 (the libp2p identity key), verified
//!   strictly, weak keys refused. A signed message is
//!   `TAG(ludo-p2p/v1/sig/<context>) || H(body)`.
//! - **Canonical bytes** ([`canonical`]): postcard, and only bytes that
//!   re-encode to themselves decode; hashes and signatures cover exactly
//!   the bytes sent.
//! - **Genesis** ([`genesis`]): protocol, game nonce, rules, players, per
//!   seat its key and anchor, the host, the chain length and the table's timing; `game_id =
//!   H_game(genesis bytes)`, signed by every seat.
//! - **Log** ([`log`]): entry `seq` = `{game_id, seq, prev, content,
//!   state_hash}` signed by the host over `H_entry(bytes)`; `prev` is the
//!   previous entry's hash (the game id for entry 1). [`log::LogVerifier`]
//!   checks each entry and hands the body to the caller, which re-runs the
//!   reducer; two host-signed entries with one `seq` are [`log::Equivocation`].
//! - **Heads** ([`head`]): a seat signs the newest entry it verified;
//!   guests exchange heads so that a host showing two logs is caught.
//! - **Snapshots** ([`snapshot`]): the host signs `{game_id, version, after,
//!   state}`; replicas ignore older ones and check overlaps with their log.
//! - **Proofs** ([`proof`]): genesis, entries, signed reveals and evidence
//!   (equivocation, refused entries, hidden reveals, dropped branches) in
//!   one file, postcard or JSON, checked offline with the same code.

pub mod canonical;
pub mod chain;
pub mod genesis;
pub mod hash;
pub mod head;
pub mod log;
pub mod proof;
pub mod roll;
pub mod sign;
pub mod snapshot;

pub use canonical::{Canonical, CanonicalError};
pub use chain::{CHAIN_LEN, Chain, verify_link};
pub use genesis::{
    Commitment, Genesis, GenesisError, Millis, PROTOCOL_VERSION, SignedGenesis, Timing, VerifiedGenesis,
};
pub use hash::{Digest, state_hash, tagged};
pub use head::{Head, HeadError, SignedHead};
pub use log::{AppendError, Body, EntryError, Equivocation, EvidenceError, LogVerifier, SignedEntry};
pub use proof::{At, Evidence, Invalid, Proof, ProofError, ProofFileError, Valid};
pub use roll::{
    DRAW_ROLLER, Reveal, RevealError, RollError, SignedReveal, die_face, roll_seed, roll_seed_by, uniform,
};
pub use sign::{Batch, Context, Identity, PublicKey, Signature, SignatureError, Verifier};
pub use snapshot::{SignedSnapshot, Snapshot, SnapshotError, SnapshotVerdict};
