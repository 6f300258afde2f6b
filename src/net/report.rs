//! What a networked player reports as it plays: one [`Line`] per event, in
//! the game's own types. The command line prints them as JSON lines (the
//! contract other programs read); the window reads them as messages.

use std::{collections::BTreeMap, fmt};

use serde::Serialize;

use super::{NetError, Target};
use crate::fair::{SignedEntry, SignedGenesis};
use crate::rules::{Colour, Seat};
use crate::table::{Act, Denial, EvidenceKind, Reaction, Record, Roster, TableState, Watching};

/// Each player's place, by colour.
pub type Places = BTreeMap<Colour, u8>;

/// The places of a finished (or closed) game.
pub fn places(state: &TableState) -> Places {
    let rules = state.game.rules();
    state
        .game
        .players()
        .iter()
        .filter_map(|seat| Some((rules.colour_of(seat), state.game.place(seat)?)))
        .collect()
}

/// Whether the route to a peer is direct or through a relay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RouteKind {
    Direct,
    Relayed,
}

/// One line of a networked player's report.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Line {
    /// The table is open: its code and invite.
    Listening {
        code: String,
        ticket: String,
    },
    /// A guest took a seat (before the game), or this joiner was seated.
    Joined {
        colour: Colour,
        seat: Seat,
        peer: String,
        name: String,
    },
    /// This peer watches the game without a seat: it verified the host's
    /// snapshot (or the genesis) and holds the log up to `head`. `from` is
    /// what it verified, for a window's replica (none when it watches on
    /// under an elected host from the head it held).
    Watching {
        head: u64,
        #[serde(skip)]
        from: Option<Box<Watching>>,
    },
    /// The host holds this colour for this watcher in the next game with
    /// the same group.
    Reserved {
        colour: Colour,
        seat: Seat,
    },
    /// The host would not hold this colour for this watcher, and why.
    NotReserved {
        colour: Colour,
        #[serde(serialize_with = "display")]
        why: Denial,
    },
    /// A guest left before the game began: its seat is free again.
    Left {
        colour: Colour,
        seat: Seat,
    },
    /// Every seat signed the genesis: the game begins (for a window's
    /// replica; scripts see the entries).
    #[serde(skip)]
    Sealed {
        genesis: SignedGenesis,
        roster: Roster,
    },
    /// A game under way taken up again from the saved log (after a
    /// restart): for a window's replica, the genesis and every entry so
    /// far (scripts see `rejoined` or `resumed`, then the new entries).
    #[serde(skip)]
    Restored {
        genesis: SignedGenesis,
        roster: Roster,
        entries: Vec<SignedEntry<Record>>,
    },
    Entry {
        seq: u64,
        record: Record,
        /// The signed entry, for a window's replica to verify.
        #[serde(skip)]
        signed: SignedEntry<Record>,
    },
    /// The connection to the host dropped and came back; the guest caught
    /// up from its verified `head`.
    Reconnected {
        head: u64,
    },
    /// This peer came back to a table it sat at, after a restart: its
    /// seat's colour and the head it resumed from.
    Rejoined {
        colour: Colour,
        head: u64,
    },
    /// A host started again with nobody having taken over: it hosts on
    /// from its saved log.
    Resumed {
        head: u64,
    },
    /// The host was lost (or caught lying) and the peers elected `colour`'s
    /// peer for `epoch`.
    HostChanged {
        epoch: u32,
        colour: Colour,
        seat: Seat,
    },
    /// Cut off from the table and too few peers to elect: waiting for the
    /// host or the elected host (said once, until the table is back).
    Waiting {
        why: String,
    },
    /// The table split, and the side this peer was on was not the one the
    /// table follows: its entries from `from` on were dropped (they stay in
    /// the proof as a branch).
    BranchDropped {
        from: u64,
        entries: usize,
    },
    /// The host lied, and this peer holds the evidence.
    Evidence {
        kind: EvidenceKind,
        entry: u64,
        why: String,
    },
    /// The host refused this peer's act, and why.
    Refused {
        act: Act,
        #[serde(serialize_with = "display")]
        why: Denial,
    },
    /// The route to a peer changed.
    Route {
        peer: String,
        kind: RouteKind,
        via: String,
    },
    Over {
        places: Places,
    },
    /// The host played every game it was asked to with its group, and
    /// closed the table.
    Closed,
    /// Another player's reaction (the sender's own screen shows it as sent).
    Reaction {
        colour: Colour,
        seat: Seat,
        reaction: Reaction,
    },
}

/// A reason as the command line's JSON says it: its English sentence.
fn display<S: serde::Serializer>(why: &impl fmt::Display, out: S) -> Result<S::Ok, S::Error> {
    out.collect_str(why)
}

/// What this computer's person does: an act at the table, or a reaction.
#[derive(Clone, Debug)]
pub enum Deed {
    Act(Act),
    React(Reaction),
    /// The host's person pauses the table (a guest's is ignored).
    Pause,
    Resume,
    /// The host's person closes the table for good.
    Close,
    /// Before the game, the host's person gives a seat still waiting for a
    /// friend to a bot, to start without them.
    BotInstead(Seat),
    /// Once the game is over, the host's person starts another with the
    /// same group (a rematch).
    Rematch,
    /// A watcher's person reserves this free or bot-held colour for the
    /// next game with the same group.
    Reserve(Seat),
}

/// Why networked play stopped early. `Display` is the English sentence
/// for logs and the command line; the window says each case in the
/// player's words (`ui::words::play_error`). A detail from further down
/// (a decoding error, the host's own reason) stays as it came.
#[derive(Clone, Debug)]
pub enum PlayError {
    /// The network failed, for its own reason.
    Net(NetError),
    /// The network task stopped under the driver.
    NetworkStopped,
    /// The network gave no address to listen on.
    NoAddress,
    /// This computer's person left the table.
    Left,
    /// This computer's person stopped watching.
    StoppedWatching,
    /// The table did not answer in time: where it was looked for, for how
    /// many seconds, and why the last try failed.
    NotReached { target: Box<Target>, secs: u64, missed: Option<NetError> },
    /// The host would not seat this computer, or let it watch: its reason.
    HostRefused(Denial),
    /// The table filled up while this computer took a seat.
    TableFilled,
    /// The host left before the game began.
    HostLeft,
    /// The host answered outside the protocol, or sent what does not verify.
    HostFault(String),
    /// The game the profile keeps cannot be taken up again.
    Saved(String),
    /// This computer's own table cannot go on (its key, its log, its next game).
    Table(String),
    /// The table this computer hosted closed before the game's end: nobody
    /// was connected to it for `secs` seconds.
    Expired { secs: u64 },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Net(e) => e.fmt(f),
            PlayError::NetworkStopped => f.write_str("the network stopped"),
            PlayError::NoAddress => f.write_str("no address to listen on"),
            PlayError::Left => f.write_str("this computer left the table"),
            PlayError::StoppedWatching => f.write_str("this computer stopped watching"),
            PlayError::NotReached { target, secs, missed } => {
                match **target {
                    Target::Code(ref code) => {
                        write!(f, "no table with code {code} answered within {secs} s")?
                    }
                    Target::Ticket(_) => write!(f, "the table of the ticket did not answer within {secs} s")?,
                    Target::Lan(_) => {
                        write!(f, "the table on the local network did not answer within {secs} s")?
                    }
                }
                match missed {
                    // "Not there" adds only where it was looked for.
                    Some(NetError::CodeNotFound { searched, .. }) => write!(f, " {searched}"),
                    Some(why) => write!(f, " ({why})"),
                    None => Ok(()),
                }
            }
            PlayError::HostRefused(why) => write!(f, "the host refused: {why}"),
            PlayError::TableFilled => f.write_str("no seat could be taken: the table filled up meanwhile"),
            PlayError::HostLeft => f.write_str("the host left before the game began"),
            PlayError::HostFault(what) | PlayError::Table(what) => f.write_str(what),
            PlayError::Saved(why) => write!(f, "the saved game cannot be resumed: {why}"),
            PlayError::Expired { secs } => write!(
                f,
                "nobody was connected to the table for {secs} s, so it closed before the game's end \
                 (guests who were only cut off from this computer elect another host and play on)"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<NetError> for PlayError {
    fn from(e: NetError) -> Self {
        PlayError::Net(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_in_a_json_line_is_its_english_sentence() {
        let line = Line::Refused { act: Act::Roll, why: Denial::Paused };
        let json = serde_json::to_value(&line).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(json["event"], "refused");
        assert_eq!(json["why"], "the table is paused");
        let line = Line::NotReserved { colour: Colour::Red, why: Denial::ColourTaken(Seat::ALL[1]) };
        let json = serde_json::to_value(&line).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(json["why"], Denial::ColourTaken(Seat::ALL[1]).to_string());
    }
}
