//! Where intents leave the game screen and verified entries come back: the
//! one place that talks to the table. A local game takes the same path as
//! a networked one (intent → table → signed log entry → replica → screen).
//! Over the network the table runs in `net`'s driver: acts go to it on a
//! channel, and its signed entries come back through [`GameScreen::receive`].

use super::{Action, GameScreen};
use crate::fair::{SignedEntry, SignedGenesis};
use crate::fl;
use crate::net::Deed;
use crate::rules::Seat;
use crate::table::{self, Input, Record};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Where this screen's intents go.
pub(super) enum Authority {
    /// The table runs here.
    Here(Box<table::Table>),
    /// The table runs in a network driver (hosted here or at another peer):
    /// this computer's person plays `seat`, whose deeds go out on `acts`;
    /// with no seat, this computer watches.
    Away {
        acts: mpsc::UnboundedSender<Deed>,
        seat: Option<Seat>,
        /// The driver hosts the table here: this computer's person may
        /// pause, resume and close it.
        hosting: bool,
        /// The other persons' names, by seat (empty where unknown).
        friends: [String; 4],
        genesis: Box<SignedGenesis>,
        /// The verified head when the last act went out: one act per
        /// position, while the table answers.
        acted_at: Option<u64>,
    },
}

impl Authority {
    pub(super) fn genesis(&self) -> &SignedGenesis {
        match self {
            Authority::Here(table) => table.genesis(),
            Authority::Away { genesis, .. } => genesis,
        }
    }

    /// The seat this computer plays over the network (none: every person
    /// seat is here, or this computer watches).
    pub(super) fn remote_seat(&self) -> Option<Seat> {
        match self {
            Authority::Here(_) => None,
            Authority::Away { seat, .. } => *seat,
        }
    }

    /// Whether a person at this computer plays `seat`, a person's seat.
    pub(super) fn plays(&self, seat: Seat) -> bool {
        match self {
            Authority::Here(_) => true,
            Authority::Away { seat: mine, .. } => *mine == Some(seat),
        }
    }

    /// This computer follows a networked game without a seat.
    pub(super) fn watches(&self) -> bool {
        matches!(self, Authority::Away { seat: None, .. })
    }

    /// The name another computer's person at `seat` goes by, if known.
    pub(super) fn friend(&self, seat: Seat) -> Option<&str> {
        match self {
            Authority::Away { friends, .. } => Some(friends[seat.index()].as_str()).filter(|n| !n.is_empty()),
            Authority::Here(_) => None,
        }
    }

    /// Whether an act of this computer at log position `head` waits for the
    /// table's answer.
    pub(super) fn answering(&self, head: u64) -> bool {
        matches!(self, Authority::Away { acted_at: Some(at), .. } if *at == head)
    }
}

impl GameScreen {
    /// THE WIRING POINT: hands an input to the table, then verifies each new
    /// log entry in the replica and shows what it did. Over the network, a
    /// person's act goes to the driver, and the entries come later.
    pub(super) fn submit(&mut self, input: Input) -> Vec<Action> {
        let seen = self.replica.head().0;
        let now = self.millis();
        let fresh = match &mut self.authority {
            Authority::Here(table) => {
                if let Err(refusal) = table.handle(now, input) {
                    self.tell(fl!("not-allowed-refusal", refusal = crate::ui::words::refusal(&refusal)));
                    return Vec::new();
                }
                table.entries().get(seen as usize..).unwrap_or_default().to_vec()
            }
            Authority::Away { acts, acted_at, hosting, .. } => {
                let deed = match input {
                    Input::Intent { act, .. } => Some(Deed::Act(act)),
                    Input::Pause(_) if *hosting => Some(Deed::Pause),
                    Input::Resume(_) if *hosting => Some(Deed::Resume),
                    Input::Close(_) if *hosting => Some(Deed::Close),
                    _ => None,
                };
                let acting = matches!(deed, Some(Deed::Act(_)));
                match deed.map(|deed| acts.send(deed)) {
                    Some(Ok(())) if acting => *acted_at = Some(seen),
                    Some(Err(_)) => self.tell(fl!("the-connection-to-the-table").to_string()),
                    _ => {}
                }
                return Vec::new();
            }
        };
        self.verify(fresh)
    }

    /// A signed entry from the network driver, verified like any other, as
    /// it arrives at `now` (the turn it starts is timed from then: the
    /// host's table signed it a moment before).
    pub fn receive(&mut self, entry: SignedEntry<Record>, now: Instant) -> Vec<Action> {
        self.tick(now);
        self.verify(vec![entry])
    }

    /// A watcher asks the host to hold `seat` for it in the next game; the
    /// driver's answer comes as a line (`reserved`).
    pub(super) fn reserve(&mut self, seat: Seat) {
        if let Authority::Away { acts, seat: None, .. } = &self.authority
            && acts.send(Deed::Reserve(seat)).is_err()
        {
            self.tell(fl!("the-connection-to-the-table").to_string());
        }
    }

    /// The host holds `seat` for this watcher in the next game, or would
    /// not (`why`): the event log says so, and the panel marks it.
    pub fn reserved(&mut self, seat: Seat, why: Option<&str>) {
        let colour = crate::ui::screen::setup::colour_name(self.game.rules().colour_of(seat));
        match why {
            None => {
                self.reserved = Some(seat);
                self.tell(fl!("colour-is-yours-in-the", colour = colour));
            }
            Some(why) => self.tell(fl!("colour-is-not-held-for", colour = colour, why = why)),
        }
    }

    /// The host refused this computer's act: says why, and the seat may act again.
    pub fn refused(&mut self, why: &str) {
        self.tell(fl!("not-allowed-refusal", refusal = why));
        if let Authority::Away { acted_at, .. } = &mut self.authority {
            *acted_at = None;
        }
    }

    /// The way to the host changed (a hole punched, a relay taken): the
    /// event log says so, in words.
    pub fn routed(&mut self, kind: crate::net::RouteKind, via: &str) {
        self.tell(crate::ui::screen::joining::route_sentence(kind, via));
    }

    /// The network driver stopped before the game was over: says why.
    pub fn disconnected(&mut self, why: &str) {
        if !self.game.is_over() {
            self.tell(fl!("the-network-game-stopped-why", why = why));
        }
    }

    /// Sends this computer's reaction to the other players (a local table
    /// has nobody to send it to).
    pub(super) fn send_reaction(&self, reaction: table::Reaction) {
        if let Authority::Away { acts, .. } = &self.authority {
            let _ = acts.send(Deed::React(reaction));
        }
    }

    /// The table's clock: milliseconds since the screen opened.
    pub(super) fn millis(&self) -> table::Millis {
        u64::try_from(self.now.saturating_duration_since(self.started).as_millis()).unwrap_or(u64::MAX)
    }

    /// When the table next acts by itself (a bot, a timer), if ever.
    pub fn next_deadline(&self) -> Option<Duration> {
        let Authority::Here(table) = &self.authority else { return None };
        table.next_deadline().map(|ms| Duration::from_millis(ms.saturating_sub(self.millis())))
    }

    /// How long the person to act has left on the turn timer of `limit`:
    /// the table's deadline here; over the network, counted from when the
    /// entry that began the turn arrived, as the host counts from signing
    /// it, so every peer's ring runs out with the host's auto-move.
    pub(super) fn turn_left(&self, limit: Duration) -> Option<Duration> {
        match &self.authority {
            Authority::Here(_) => self.next_deadline(),
            Authority::Away { .. } => {
                Some(limit.saturating_sub(self.now.saturating_duration_since(self.entry_at)))
            }
        }
    }

    /// Where this computer's deeds go over the network: a rematch's screen
    /// carries them on.
    pub fn deeds(&self) -> Option<mpsc::UnboundedSender<Deed>> {
        match &self.authority {
            Authority::Away { acts, .. } => Some(acts.clone()),
            Authority::Here(_) => None,
        }
    }

    pub fn is_networked(&self) -> bool {
        matches!(self.authority, Authority::Away { .. })
    }

    /// Whether this computer may pause, resume and close the table: it runs
    /// the table, or hosts it over the network.
    pub fn hosts(&self) -> bool {
        matches!(self.authority, Authority::Here(_) | Authority::Away { hosting: true, .. })
    }
}
