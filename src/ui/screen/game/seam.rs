//! Where intents leave the game screen and verified entries come back: the
//! one place that talks to the table's [`Driver`]. A local game takes the
//! same path as a networked one (intent → table → signed log entry →
//! replica → screen). Over the network the table runs in `net`'s driver,
//! and its signed entries come back through [`GameScreen::receive`].

use super::{Action, GameScreen};
use crate::fair::SignedEntry;
use crate::fl;
use crate::net::Deed;
use crate::rules::Seat;
use crate::table::{self, Input, Record};
use crate::ui::driver::{Driven, Driver};
use std::time::{Duration, Instant};

impl GameScreen {
    /// THE WIRING POINT: hands an input to the table's driver, then
    /// verifies each new log entry in the replica and shows what it did.
    /// Over the network, a person's act goes to the network driver, and the
    /// entries come later.
    pub(super) fn submit(&mut self, input: Input) -> Vec<Action> {
        let head = self.replica.head().0;
        match self.driver.drive(self.millis(), input, head) {
            Driven::Entries(fresh) => return self.verify(fresh),
            Driven::Refused(refusal) => {
                self.tell(fl!("not-allowed-refusal", refusal = crate::ui::words::refusal(&refusal)))
            }
            Driven::Lost => self.tell(fl!("the-connection-to-the-table").to_string()),
            Driven::Sent | Driven::NotOurs => {}
        }
        Vec::new()
    }

    /// A signed entry from the network driver, verified like any other, as
    /// it arrives at `now` (the turn it starts is timed from then: the
    /// host's table signed it a moment before).
    pub fn receive(&mut self, entry: SignedEntry<Record>, now: Instant) -> Vec<Action> {
        self.tick(now);
        self.verify(vec![entry])
    }

    /// The table went on along another host's log: the network driver
    /// dropped this peer's entries from `from` on (its proof keeps them as
    /// a branch), and the screen's replica goes back to the entry before
    /// them, where the table's entries that follow fit. Kept, it would
    /// refuse them all ("entry N replayed after entry M") while the
    /// driver played on without it.
    pub fn branch_dropped(&mut self, from: u64) {
        let keep = usize::try_from(from.saturating_sub(1)).unwrap_or(usize::MAX);
        // A watcher's replica begins at a snapshot, not the genesis: it has
        // nothing of its own to drop, and is left as it is.
        match self.replica.roll_back(self.driver.genesis(), keep) {
            Ok(dropped) if !dropped.is_empty() => {}
            _ => return,
        }
        self.game = self.replica.state().game;
        self.driver.hosted_by(self.replica.state().host);
        self.selected = None;
        self.untell_from(from);
        self.tell(fl!("moves-set-aside-from-entry", from = from));
    }

    /// A watcher asks the host to hold `seat` for it in the next game; the
    /// driver's answer comes as a line (`reserved`).
    pub(super) fn reserve(&mut self, seat: Seat) {
        if self.driver.watches() && self.driver.send(Deed::Reserve(seat)).is_err() {
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
        self.driver.refused();
    }

    /// The way to the host changed (a hole punched, a relay taken): the
    /// event log says so in a player's words, once for each change (the
    /// join screen gave the addresses; a reconnection the same way is
    /// not news).
    pub fn routed(&mut self, kind: crate::net::RouteKind) {
        if self.route.replace(kind) != Some(kind) {
            let line = match kind {
                crate::net::RouteKind::Direct => fl!("your-link-to-the-host-is-direct"),
                crate::net::RouteKind::Relayed => fl!("your-link-to-the-host-goes-through"),
            };
            self.tell(line.to_string());
        }
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
        // A reaction lost with the connection needs no word of its own: the
        // lost connection is told of anyway.
        let _ = self.driver.send(Deed::React(reaction));
    }

    /// The table's clock: milliseconds since the screen opened.
    pub(super) fn millis(&self) -> table::Millis {
        u64::try_from(self.now.saturating_duration_since(self.started).as_millis()).unwrap_or(u64::MAX)
    }

    /// When the table next acts by itself (a bot, a timer), if ever.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.driver.next_deadline().map(|ms| Duration::from_millis(ms.saturating_sub(self.millis())))
    }

    /// How long the person to act has left on the turn timer of `limit`:
    /// the table's deadline here; over the network, counted from when the
    /// entry that began the turn arrived, as the host counts from signing
    /// it, so every peer's ring runs out with the host's auto-move.
    pub(super) fn turn_left(&self, limit: Duration) -> Option<Duration> {
        if self.driver.is_networked() {
            Some(limit.saturating_sub(self.now.saturating_duration_since(self.entry_at)))
        } else {
            self.next_deadline()
        }
    }

    /// The table's driver (where this computer's deeds go, whether it hosts).
    pub fn driver(&self) -> &Driver {
        &self.driver
    }
}
