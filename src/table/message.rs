//! The messages of a networked table, as values: what a guest asks of the
//! host, what the host sends its guests, what guests tell each other, and
//! the answers. `net` carries them (typed, size-capped, versioned); the
//! host's and the guest's sides in this module's neighbours give them
//! their meaning.

use super::authority::{Act, Refusal};
use super::record::Record;
use super::roster::{Reach, Roster};
use super::state::TableState;
use super::succession::{Branch, Vote};
use crate::fair::{Digest, Signature, SignedEntry, SignedGenesis, SignedHead, SignedReveal, SignedSnapshot};
use crate::rules::{Rules, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's name as it travels: at most this many bytes are kept.
pub const MAX_NAME: usize = 40;
/// A reason a peer gives in words (a host's refusal): at most this many
/// bytes of it are shown.
pub const MAX_REASON: usize = 240;

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

impl Beat {
    /// Whether a majority of the table holds a log up to `head`, a peer's
    /// own: only if the host's head is that very entry. The same number is
    /// not enough: two branches of a split table can be as long as each
    /// other, and a peer that met the table's before its entries came would
    /// take the end of its own for the table's.
    pub fn settles(&self, head: Position) -> bool {
        self.head == head && self.settled >= head.seq
    }
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
    Commit { seat: Seat, commitment: crate::fair::Commitment, reach: Reach },
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
    /// game begins. `again`: whether the group plays on after this one.
    Sealed { genesis: SignedGenesis, roster: Roster, again: Again },
    /// The next log entries, oldest first, and the host's heartbeat.
    Entries { beat: Beat, entries: Vec<SignedEntry<Record>> },
    /// After the end, the next game with the same group: the guest commits
    /// a fresh dice chain for it, as to a `Welcome`.
    Again(Offer),
}

/// Whether the group plays on after this game: a guest stays for its next
/// seat, and a guest elected host plays the games the creator planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Again {
    /// This game is the table's last.
    No,
    /// The table plays a set number of games (`--games`): this many more.
    Planned(u32),
    /// The host's person chooses at the end.
    Asked,
}

impl Again {
    /// Whether a guest waits for an offer at the end.
    pub fn stays(self) -> bool {
        matches!(self, Again::Planned(1..) | Again::Asked)
    }
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
    /// The sender lost the host: its vote (a peer behind does not take the
    /// table over) and its newest entries, for the next host to take it
    /// over from the best of them.
    Lost { vote: Vote, tail: Vec<SignedEntry<Record>> },
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
    /// Why the message was refused.
    Refused(Denial),
    /// A watcher is welcome: where it starts.
    Watching(Box<Watching>),
    /// The game has not begun: ask again in a moment.
    NotBegun,
}

/// Why a peer refused a message: a value, so that the asking player's
/// window can say it in the player's language (`ui::words::denial`);
/// `Display` is the English for logs and the command line. The first cases
/// are the table's own [`Refusal`]s, with the rules' detail as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Denial {
    NotYourSeat(Seat),
    NotHost,
    NotYourTurn(Seat),
    Closed,
    Paused,
    GameOver,
    /// Not every seat has signed the genesis yet.
    NotSealed,
    BadReveal(String),
    Rules(String),
    Setup(String),
    ColourTaken(Seat),
    /// No seat is free.
    TableFull,
    /// The game has begun with every seat taken.
    FullNow,
    /// The game has begun: the genesis is signed.
    Begun,
    /// The seat committed to was not offered to this peer, or the offer lapsed.
    OfferLapsed,
    NotForGuest,
    /// The asking peer holds no seat.
    NoSeat,
    /// The host is starting again after a restart.
    StartingAgain,
    JoinFirst,
    WatchFirst,
    NoGenesis,
    /// The asking peer is this table's host, or plays at it, or only watches.
    Hosts,
    Plays,
    OnlyWatches,
    /// The answering peer hosts no game, or not this one.
    NotHosting,
    CaughtLying,
    FollowsAnother,
    NotOver,
    /// What went wrong further down (a signature, a seal, an answer out of
    /// the protocol), in English.
    Unexpected(String),
}

impl fmt::Display for Denial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Denial::NotYourSeat(s) => write!(f, "{s} is not yours to play"),
            Denial::NotHost => f.write_str("only the host can do that"),
            Denial::NotYourTurn(s) => write!(f, "the game is not waiting for {s}"),
            Denial::Closed => f.write_str("the table is closed"),
            Denial::Paused => f.write_str("the table is paused"),
            Denial::GameOver => f.write_str("the game is over"),
            Denial::NotSealed => f.write_str("the game has not begun"),
            Denial::BadReveal(why) => write!(f, "dice link refused: {why}"),
            Denial::Rules(why) | Denial::Unexpected(why) => f.write_str(why),
            Denial::Setup(why) => write!(f, "cannot start: {why}"),
            Denial::ColourTaken(s) => write!(f, "{s} is taken"),
            Denial::TableFull => f.write_str("the table is full"),
            Denial::FullNow => f.write_str("the game has begun: the table is full"),
            Denial::Begun => f.write_str("the game has begun"),
            Denial::OfferLapsed => f.write_str("that seat was not offered, or the offer lapsed: join again"),
            Denial::NotForGuest => f.write_str("that seat is not for a guest"),
            Denial::NoSeat => f.write_str("this peer holds no seat at the table"),
            Denial::StartingAgain => f.write_str("the host is starting again: not yet"),
            Denial::JoinFirst => f.write_str("join the table first"),
            Denial::WatchFirst => f.write_str("watch the table first"),
            Denial::NoGenesis => f.write_str("there is no genesis to sign yet"),
            Denial::Hosts => f.write_str("this peer hosts the table"),
            Denial::Plays => f.write_str("this peer plays at the table"),
            Denial::OnlyWatches => f.write_str("this peer only watches"),
            Denial::NotHosting => f.write_str("not hosting this game"),
            Denial::CaughtLying => f.write_str("this host was caught lying"),
            Denial::FollowsAnother => f.write_str("this guest follows another host"),
            Denial::NotOver => f.write_str("this game is not over"),
        }
    }
}

impl From<&Refusal> for Denial {
    fn from(refusal: &Refusal) -> Denial {
        match refusal {
            Refusal::NotYourSeat(s) => Denial::NotYourSeat(*s),
            Refusal::NotHost => Denial::NotHost,
            Refusal::NotYourTurn(s) => Denial::NotYourTurn(*s),
            Refusal::Closed => Denial::Closed,
            Refusal::Paused => Denial::Paused,
            Refusal::GameOver => Denial::GameOver,
            Refusal::NotSealed => Denial::NotSealed,
            Refusal::BadReveal(why) => Denial::BadReveal(why.clone()),
            Refusal::Rules(e) => Denial::Rules(e.to_string()),
            Refusal::Setup(why) => Denial::Setup(why.clone()),
            Refusal::ColourTaken(s) => Denial::ColourTaken(*s),
        }
    }
}

impl From<Refusal> for Denial {
    fn from(refusal: Refusal) -> Denial {
        Denial::from(&refusal)
    }
}

/// A name from a peer, cut to [`MAX_NAME`] bytes at a character boundary,
/// without control characters.
pub fn clean_name(name: &str) -> String {
    clean_text(name, MAX_NAME)
}

/// Text from a peer as it may be shown: trimmed, without control
/// characters, cut to `max` bytes at a character boundary.
pub fn clean_text(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.trim().chars().filter(|c| !c.is_control()) {
        if out.len() + c.len_utf8() > max {
            break;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_beat_settles_only_the_very_entry_it_beats_not_another_branchs_of_the_same_length() {
        let ours = Position { seq: 1016, hash: Digest([1; 32]) };
        let theirs = Position { seq: 1016, hash: Digest([2; 32]) };
        let branch = Branch { epoch: 2, host: Seat::ALL[3], since: 574, members: 2, counted: 574 };
        let beat = Beat { branch, head: theirs, settled: 1016 };
        assert!(beat.settles(theirs));
        assert!(!beat.settles(ours), "the end of a branch as long as the table's is not the table's");
        let unsettled = Beat { settled: 1015, ..beat };
        assert!(!unsettled.settles(theirs), "a majority holds less than this head");
        let behind = Position { seq: 900, hash: Digest([3; 32]) };
        assert!(!beat.settles(behind), "a head behind the host's is not the end it beats");
    }
}
