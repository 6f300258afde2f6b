//! What the table writes into the game log: one record per change. Records
//! are the only way a game changes; every replica re-applies them.

use crate::bots::Strategy;
use crate::fair::Millis;
use crate::rules::{Action, Face, Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// One element of a seat's dice hash chain.
pub type Link = crate::fair::Digest;

/// A computer or peer known to the table. The computer that opened the
/// table is [`Participant::LOCAL`] (the chains of its seats and bots are
/// the ones the host holds); several persons may share one (hot-seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Participant(pub u16);

impl Participant {
    pub const LOCAL: Participant = Participant(0);
}

/// Who holds a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Control {
    Empty,
    Bot(Strategy),
    /// A person plays it from `owner`'s computer.
    Person {
        owner: Participant,
    },
    /// A bot plays it while its person is away; the person may take it back.
    Standin {
        owner: Participant,
    },
}

impl Control {
    /// The person behind the seat, whether playing or away.
    pub fn owner(&self) -> Option<Participant> {
        match *self {
            Control::Person { owner } | Control::Standin { owner } => Some(owner),
            Control::Empty | Control::Bot(_) => None,
        }
    }

    /// Whom the peer at this seat is at the table: the person behind it,
    /// or, for the table's `creator` with no person seat (a headless
    /// host's seat is a bot's), the host's computer.
    pub fn participant(&self, creator: bool) -> Option<Participant> {
        self.owner().or(creator.then_some(Participant::LOCAL))
    }

    /// The strategy a bot plays the seat with, if a bot plays it now.
    pub fn bot(&self) -> Option<Strategy> {
        match *self {
            Control::Bot(strategy) => Some(strategy),
            // A stand-in plays well enough not to ruin the person's game.
            Control::Standin { .. } => Some(Strategy::Normal),
            Control::Empty | Control::Person { .. } => None,
        }
    }
}

/// Who decided an action: its person, a bot, or the table on a timeout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    Player,
    Bot,
    Timeout,
}

/// The dice links a roll was made from: roll number `k`, the seats whose
/// chains contributed (`mask`, which must be the table's live set), and
/// their links (None outside the mask).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RollProof {
    pub k: u32,
    pub mask: SeatSet,
    pub links: [Option<Link>; 4],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PauseReason {
    Host,
    /// No person is connected.
    NoPerson,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseReason {
    Host,
    /// Paused with no person connected for too long.
    Expired,
}

/// One change to a table's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Record {
    /// The game begins: who holds each seat, and `first` to act, drawn with
    /// the dice when the rules draw the first player.
    Start {
        seats: [Control; 4],
        first: Seat,
        draw: Option<RollProof>,
    },
    /// `seat` rolled `face`, as `proof` shows.
    Roll {
        seat: Seat,
        face: Face,
        proof: RollProof,
        by: By,
    },
    /// A move, challenge or duel mark.
    Act {
        action: Action,
        by: By,
    },
    /// A seat changes hands (a drop, a return, a leave).
    Control {
        seat: Seat,
        control: Control,
    },
    /// A peer's dice link for roll `k` did not come within the table's
    /// wait (`waited`, at least the genesis's `reveal_wait`): its chain
    /// leaves the live set, and a bot stands in for its person until they
    /// are back.
    Missed {
        seat: Seat,
        k: u32,
        waited: Millis,
    },
    Pause {
        reason: PauseReason,
    },
    Resume,
    Close {
        reason: CloseReason,
    },
    /// The host left mid-game and the peers elected `host`: from this entry
    /// on (this one included) that seat's genesis key signs the log.
    /// `epoch` counts hand-overs, so a stale host's entries are told apart.
    /// The chains the departed host held (its bots' and its persons') leave
    /// the live set; the new host holds its own seat's.
    Handover {
        epoch: u32,
        host: Seat,
    },
}

impl Record {
    /// The seat a hand-over gives the log to: the key the entry (and every
    /// later one) must be signed with.
    pub fn hands_over(&self) -> Option<Seat> {
        match *self {
            Record::Handover { host, .. } => Some(host),
            _ => None,
        }
    }
}
