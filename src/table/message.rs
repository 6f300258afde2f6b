//! The messages of a networked table, as values: what a guest asks of the
//! host, what the host sends its guests, what guests tell each other, and
//! the answers. `net` carries them (typed, size-capped, versioned); the
//! host's and the guest's sides in this module's neighbours give them
//! their meaning.

use super::authority::Act;
use super::record::Record;
use super::roster::Roster;
use super::state::TableState;
use super::succession::Branch;
use crate::fair::{Digest, Signature, SignedEntry, SignedGenesis, SignedHead, SignedReveal, SignedSnapshot};
use crate::rules::{Rules, Seat};
use serde::{Deserialize, Serialize};

/// A player's name as it travels: at most this many bytes are kept.
pub const MAX_NAME: usize = 40;

/// A head: the newest entry a peer holds (0 and the game id before any).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    pub seq: u64,
    pub hash: Digest,
}

/// The host's heartbeat: sent to every guest about once a second, so that
/// peers judge each other by heartbeats, never by silence at the table.
/// It carries the host's branch (a split table's parts weigh theirs), its
/// head (a guest behind asks for what it lacks), and how far a majority of
/// the table holds the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Beat {
    pub branch: Branch,
    pub head: Position,
    /// The newest entry a majority of the table's peers acknowledged.
    pub settled: u64,
}

/// What a guest asks of the host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToHost {
    /// A seat, please: `colour` if it is free, else any free one.
    Join { name: String, colour: Option<Seat> },
    /// The seat's signing key and dice-chain anchor for the genesis (bound
    /// to the seat and nonce of the `Welcome` it answers), and how the
    /// other peers reach this one if the host goes (a ticket). The seat is
    /// held from here on.
    Commit { seat: Seat, commitment: crate::fair::Commitment, reach: String },
    /// This guest's signature of the genesis.
    Signed(Signature),
    /// A wish for the seat, made when the guest's head was `at`.
    Intent { at: u64, act: Act },
    /// The seat's signed link for the pending roll.
    Reveal(SignedReveal),
    /// Back after a drop or a restart, or at a newly elected host: this
    /// guest's head and its newest entries (the new host may lack them).
    Rejoin { head: Position, tail: Vec<SignedEntry<Record>> },
    /// Someone without a seat would like to watch the game: from `head`
    /// if the host holds it (a watcher whose host was lost), else from a
    /// snapshot.
    Watch { name: String, head: Option<Position> },
    /// A watcher reserves this free or bot-held colour for the next game
    /// with the same group, where it takes the seat.
    Reserve(Seat),
}

/// What a watcher starts from: the sealed genesis, who sits where, and the
/// host-signed snapshot it verifies forward from. A table whose host was
/// elected has no snapshot the genesis can check (the genesis names the
/// first host's key), so the watcher verifies from the genesis instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Watching {
    pub genesis: SignedGenesis,
    pub roster: Roster,
    pub snapshot: Option<SignedSnapshot<TableState>>,
}

/// What the host sends a guest, in order.
// Moved once from the host to the wire; boxing the sealed genesis would
// only add an allocation per message.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToGuest {
    /// The genesis to check and sign.
    Sign(SignedGenesis),
    /// The genesis with every seat's signature, and who sits where: the
    /// game begins. `again`: the host plays another game with this group
    /// after this one, so a guest stays for it at the end.
    Sealed { genesis: SignedGenesis, roster: Roster, again: bool },
    /// The next log entries, oldest first, and the host's heartbeat.
    Entries { beat: Beat, entries: Vec<SignedEntry<Record>> },
    /// After the end, the next game with the same group: the guest commits
    /// a fresh dice chain for it, as to a `Welcome`.
    Again(Offer),
}

/// A seat in the next game with the same group, and the nonce its dice
/// chain must be bound to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    pub seat: Seat,
    pub nonce: Digest,
    pub chain_len: u32,
}

/// What guests tell each other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToPeer {
    /// The sender's signed head, with the entry it names, so that two
    /// different host-signed entries for one place are evidence at once.
    Head { head: SignedHead, entry: Option<SignedEntry<Record>> },
    /// The sender's signed link for the pending roll, so that a host
    /// claiming it never came is caught.
    Reveal(SignedReveal),
    /// The sender lost the host of `epoch`: its head and newest entries,
    /// for the next host to take the table over from the best of them.
    Lost { epoch: u32, head: u64, tail: Vec<SignedEntry<Record>> },
}

/// The answer to any of the messages above.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// The seat offered, the rules, and the nonce a chain must be bound to.
    Welcome {
        seat: Seat,
        rules: Rules,
        nonce: Digest,
        chain_len: u32,
    },
    Done,
    /// The answering peer's head (a guest answering its host).
    Holds(Position),
    /// An intent made on a position the table has left: nothing to tell.
    Stale,
    /// The answering peer follows another host: its branch, for the
    /// asking host to weigh against its own.
    Follows(Branch),
    /// Why the message was refused, in a sentence.
    Refused(String),
    /// A watcher is welcome: where it starts.
    Watching(Box<Watching>),
    /// The game has not begun: ask again in a moment.
    NotBegun,
}

/// A name from a peer, cut to [`MAX_NAME`] bytes at a character boundary,
/// without control characters.
pub fn clean_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars().filter(|c| !c.is_control()) {
        if out.len() + c.len_utf8() > MAX_NAME {
            break;
        }
        out.push(c);
    }
    out
}
