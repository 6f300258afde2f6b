//! The roster: who sits where at a networked table, under which name, and
//! how the other peers reach each guest. The host sends it with the sealed
//! genesis; every peer keeps it, with its saved game, for elections and to
//! come back after a restart.

use crate::rules::Seat;
use serde::{Deserialize, Serialize};

/// How the other peers reach a seat's peer: its invite ticket, as text.
/// The table knows no network addresses, so it only carries it; `net`
/// reads it (`net::ticket::reach`, which says when one does not read).
/// None for seats the host plays itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Reach(String);

impl Reach {
    /// A ticket's text.
    pub fn new(ticket: String) -> Reach {
        Reach(ticket)
    }

    /// Whether there is no way given (the host's own seats).
    pub fn is_none(&self) -> bool {
        self.0.is_empty()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// One seat's person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// The name the person chose (their profile's).
    pub name: String,
    /// How the peer that plays the seat is reached.
    pub reach: Reach,
}

/// Each seat's person, where a person sits; the creator's seat holds the
/// host's name and ticket (whether a person or a bot plays it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    pub seats: [Option<Member>; 4],
    /// The seat of the table's creator, once the game is set.
    pub creator: Option<Seat>,
}

impl Roster {
    pub fn member(&self, seat: Seat) -> Option<&Member> {
        self.seats[seat.index()].as_ref()
    }

    pub fn name(&self, seat: Seat) -> Option<&str> {
        self.member(seat).map(|m| m.name.as_str()).filter(|n| !n.is_empty())
    }

    /// Every peer at the table by its seat (the creator's included), in
    /// seat order.
    pub fn peers(&self) -> impl Iterator<Item = (Seat, &Member)> {
        Seat::ALL
            .into_iter()
            .filter_map(|s| self.member(s).map(|m| (s, m)))
            .filter(|(_, m)| !m.reach.is_none())
    }

    /// The seats guests play (each guest is one peer), in seat order.
    pub fn guests(&self) -> impl Iterator<Item = (Seat, &Member)> {
        self.peers().filter(|&(s, _)| Some(s) != self.creator)
    }
}
