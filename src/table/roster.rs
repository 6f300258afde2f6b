//! The roster: who sits where at a networked table, under which name, and
//! how the other peers reach each guest. The host sends it with the sealed
//! genesis; every peer keeps it, with its saved game, for elections and to
//! come back after a restart.

use crate::rules::Seat;
use serde::{Deserialize, Serialize};

/// One seat's person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// The name the person chose (their profile's).
    pub name: String,
    /// An invite ticket of the peer that plays the seat; empty for seats
    /// the host plays itself.
    pub reach: String,
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
            .filter(|(_, m)| !m.reach.is_empty())
    }

    /// The seats guests play (each guest is one peer), in seat order.
    pub fn guests(&self) -> impl Iterator<Item = (Seat, &Member)> {
        self.peers().filter(|&(s, _)| Some(s) != self.creator)
    }
}
