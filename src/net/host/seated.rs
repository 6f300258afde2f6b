//! A guest as the host knows it: its seat, its commitment and signature,
//! what it holds of the log, and whether it is at the table.

use std::time::Instant;

use libp2p::PeerId;

use crate::fair::{Commitment, Digest};
use crate::net::{Ticket, ticket};
use crate::rules::Seat;
use crate::table::succession::Branch;
use crate::table::{Participant, Position, Reach};

/// A guest at the host, before and during the game.
pub(super) struct Seated {
    pub(super) who: Participant,
    pub(super) seat: Seat,
    pub(super) name: String,
    /// How the other peers reach this guest, for the roster.
    pub(super) reach: Reach,
    pub(super) commitment: Option<Commitment>,
    pub(super) signed: bool,
    /// The guest's head as it last said, checked against our log.
    pub(super) acked: Position,
    pub(super) in_flight: bool,
    pub(super) last_sent: Option<Instant>,
    pub(super) last_heard: Instant,
    /// Counted as at the table (it answers).
    pub(super) present: bool,
    /// Its addresses refused our last dial: its program has stopped.
    pub(super) stopped: bool,
    /// The settled entry named by the last message the guest answered:
    /// at the end, the guest reports the game over once it knows.
    pub(super) told: u64,
    /// The newest entry it ever acknowledged (a split's weighing counts it).
    pub(super) max_acked: u64,
    /// The last message to it failed or was refused, or it answered for
    /// the same other branch twice running: one a beat for now.
    pub(super) backoff: bool,
    /// The other branch it last answered for, if its last answer did.
    pub(super) follows: Option<Branch>,
    /// Its last head was not on our log.
    pub(super) astray: bool,
    /// Before the game: since when its connection is down.
    pub(super) away_since: Option<Instant>,
}

impl Seated {
    /// A guest at `seat`: one just committing (present, genesis not yet
    /// signed), or one expected `back` (it signed the genesis, and counts
    /// as present once it answers).
    pub(super) fn new(
        who: Participant,
        seat: Seat,
        name: String,
        reach: Reach,
        game_id: Digest,
        back: bool,
    ) -> Seated {
        Seated {
            who,
            seat,
            name,
            reach,
            commitment: None,
            signed: back,
            acked: Position { seq: 0, hash: game_id },
            in_flight: false,
            last_sent: None,
            last_heard: Instant::now(),
            present: !back,
            stopped: false,
            told: 0,
            max_acked: 0,
            backoff: false,
            follows: None,
            astray: false,
            away_since: None,
        }
    }

    /// Where to dial it: the addresses of its ticket (a host started again
    /// knows its guests only from the saved roster), or else those the
    /// network learned of it.
    pub(super) fn ticket(&self, peer: PeerId) -> Ticket {
        let ticket = ticket::reach(self.seat, &self.reach).filter(|t| t.peer == peer);
        ticket.unwrap_or_else(|| Ticket::new(peer, []))
    }

    /// It answered or asked: at the table again, if it was away before
    /// the game (during the game `Host::back` tells the table).
    pub(super) fn heard(&mut self) {
        self.last_heard = Instant::now();
        if self.away_since.take().is_some() {
            self.present = true;
        }
    }
}
