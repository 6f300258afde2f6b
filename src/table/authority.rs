//! The authority: the table that runs a game, on a local computer or as a
//! network host. Intents, reveals, peer events and the current time come in
//! as values; signed log entries come out. No clock, sockets or threads in
//! here: the driver calls [`Table::handle`] with `Input::Tick` at
//! [`Table::next_deadline`].
//!
//! This file holds the table's state and its one way of changing: every
//! change is a [`Record`] applied once by [`Table::record`], which signs
//! it into the log. Setting a table up is in `seating`, people coming and
//! going in `presence`, the dice in `rolls`, an elected host's take-over
//! in `takeover`.

use super::presence::Presence;
use super::record::{By, CloseReason, Control, Participant, PauseReason, Record};
use super::rolls::Chain;
use super::state::{TableError, TableState};
use crate::bots::Bot;
use crate::fair::log::Body;
use crate::fair::{
    self, Identity, Proof, Signature, SignedEntry, SignedGenesis, SignedReveal, SignedSnapshot, Snapshot,
    VerifiedGenesis,
};
use crate::rules::{Action, Phase, Rules, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::fair::{CHAIN_LEN, Millis, Timing};

/// Everything a table is set up with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableConfig {
    pub rules: Rules,
    pub seats: [Control; 4],
    /// The computer that hosts: it may pause, resume, close and rematch.
    pub host: Participant,
    pub timing: Timing,
    /// Rolls each dice chain can give.
    pub chain_len: u32,
}

/// What the table is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A person's wish for their seat.
    Intent {
        from: Participant,
        seat: Seat,
        act: Act,
    },
    /// A peer's signature of the genesis for a seat it holds.
    GenesisSigned {
        from: Participant,
        seat: Seat,
        sig: Signature,
    },
    /// A seat's signed dice link for the pending roll, from its peer or
    /// passed on by another.
    Reveal(SignedReveal),
    Connected(Participant),
    Disconnected(Participant),
    Pause(Participant),
    Resume(Participant),
    Close(Participant),
    /// Nothing new: time passed.
    Tick,
}

/// What a person can ask for their seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Act {
    /// Roll; a peer's own link comes as its signed reveal.
    Roll,
    Move {
        pawn: u8,
    },
    Challenge {
        opponent: Seat,
    },
    Mark {
        cell: u8,
    },
    /// Give the seat to a bot for the rest of the game.
    Leave,
}

/// Why the table refused an input. Refusing changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotYourSeat(Seat),
    NotHost,
    /// The game does not wait for this seat now.
    NotYourTurn(Seat),
    Closed,
    Paused,
    GameOver,
    /// Not every seat has signed the genesis yet.
    NotSealed,
    BadReveal(String),
    Rules(TableError),
    /// The setup cannot start a game.
    Setup(String),
    ColourTaken(Seat),
}

/// Said as the peers say it ([`Denial`](super::message::Denial)).
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::message::Denial::from(self).fmt(f)
    }
}

impl std::error::Error for Refusal {}

/// The game nonce a table set up with `entropy` binds every chain to: the
/// host announces it so that peers can build their chains and send anchors.
pub fn game_nonce(entropy: &[u8; 32]) -> crate::table::Link {
    fair::tagged(crate::fair::hash::TAG_NONCE, &[entropy])
}

/// A roll someone asked for, waiting for the dice links.
#[derive(Clone, Copy, Debug)]
pub(super) struct Press {
    pub by: By,
    pub at: Millis,
}

/// The authority over one game.
pub struct Table {
    pub(super) config: TableConfig,
    /// The key that signs the log: the host seat's.
    pub(super) identity: Identity,
    pub(super) genesis: SignedGenesis,
    /// Set once every seat has signed the genesis; nothing is played before.
    pub(super) verified: Option<VerifiedGenesis>,
    pub(super) entropy: [u8; 32],
    pub(super) state: TableState,
    /// The signed log: entry `n` (from 1) is `entries[n - 1]`.
    pub(super) entries: Vec<SignedEntry<Record>>,
    /// Chains whose secrets this table holds (bots and this computer's persons).
    pub(super) chains: [Option<Chain>; 4],
    /// Links peers revealed for the pending roll.
    pub(super) reveals: [Option<(u32, crate::table::Link)>; 4],
    /// Every signed reveal the table took, for the proof.
    pub(super) signed_reveals: Vec<SignedReveal>,
    pub(super) press: Option<Press>,
    /// When the game began to wait for its current decision.
    pub(super) decision_since: Millis,
    pub(super) presence: Presence,
}

impl Table {
    /// The genesis, with the signatures collected so far.
    pub fn genesis(&self) -> &SignedGenesis {
        &self.genesis
    }

    /// Whether every seat has signed the genesis (the game may begin).
    pub fn is_sealed(&self) -> bool {
        self.verified.is_some()
    }

    pub fn state(&self) -> &TableState {
        &self.state
    }

    /// The entry the current host's term began with: its hand-over, or the
    /// first entry for the table's creator.
    pub fn term_began(&self) -> u64 {
        let handover = self
            .entries
            .iter()
            .rposition(|e| e.body.decode().is_ok_and(|b| matches!(b.content, Record::Handover { .. })));
        handover.map_or(1, |i| i as u64 + 1)
    }

    /// The seat of the table's creator (the genesis host): first in the
    /// succession.
    pub fn creator(&self) -> Seat {
        self.genesis.genesis.decode().map_or(self.state.host, |g| g.host)
    }

    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// The signed log: entry `n` (from 1) is `entries()[n - 1]`.
    pub fn entries(&self) -> &[SignedEntry<Record>] {
        &self.entries
    }

    /// Every record so far, in order, read back from the signed log.
    pub fn records(&self) -> Vec<Record> {
        self.entries.iter().filter_map(|e| e.body.decode().ok().map(|b| b.content)).collect()
    }

    /// The whole game so far as a proof anyone can verify offline.
    pub fn proof(&self) -> Proof<Record> {
        Proof {
            genesis: self.genesis.clone(),
            entries: self.entries.clone(),
            reveals: self.signed_reveals.clone(),
            evidence: Vec::new(),
        }
    }

    /// The host-signed snapshot of the current state, for a spectator or a
    /// guest who joins late: it starts there and verifies forward.
    pub fn snapshot(&self) -> SignedSnapshot<TableState> {
        let after = self.entries.last().map_or(self.state.game_id, SignedEntry::hash);
        let snapshot = Snapshot {
            game_id: self.state.game_id,
            version: self.entries.len() as u64,
            after,
            state: self.state,
        };
        SignedSnapshot::sign(&self.identity, &snapshot)
    }

    /// Handles one input at time `now` and returns the records it caused
    /// (bots and timers that came due are played too); their signed
    /// entries are the newest of [`Table::entries`].
    pub fn handle(&mut self, now: Millis, input: Input) -> Result<Vec<Record>, Refusal> {
        let before = self.entries.len();
        match input {
            Input::Intent { from, seat, act } => self.intent(now, from, seat, act)?,
            Input::GenesisSigned { from, seat, sig } => self.genesis_signed(from, seat, sig, now)?,
            Input::Reveal(reveal) => self.reveal(reveal)?,
            Input::Connected(who) => self.connected(now, who),
            Input::Disconnected(who) => self.presence.away(who, now),
            Input::Pause(who) => {
                self.check_host(who)?;
                self.check_open()?;
                if self.state.paused.is_none() {
                    self.record(now, Record::Pause { reason: PauseReason::Host }).map_err(Refusal::Rules)?;
                }
            }
            Input::Resume(who) => {
                self.check_host(who)?;
                self.check_open()?;
                if self.state.paused.is_some() {
                    self.record(now, Record::Resume).map_err(Refusal::Rules)?;
                }
            }
            Input::Close(who) => {
                self.check_host(who)?;
                self.check_open()?;
                self.record(now, Record::Close { reason: CloseReason::Host }).map_err(Refusal::Rules)?;
            }
            Input::Tick => {}
        }
        self.advance(now);
        Ok(self.entries[before..].iter().filter_map(|e| e.body.decode().ok().map(|b| b.content)).collect())
    }

    pub(super) fn check_host(&self, who: Participant) -> Result<(), Refusal> {
        if who == self.config.host { Ok(()) } else { Err(Refusal::NotHost) }
    }

    fn check_open(&self) -> Result<(), Refusal> {
        if self.state.closed.is_some() { Err(Refusal::Closed) } else { Ok(()) }
    }

    fn intent(&mut self, now: Millis, from: Participant, seat: Seat, act: Act) -> Result<(), Refusal> {
        self.check_open()?;
        if self.state.control[seat.index()] != (Control::Person { owner: from }) {
            return Err(Refusal::NotYourSeat(seat));
        }
        if self.state.paused.is_some() && act != Act::Leave {
            return Err(Refusal::Paused);
        }
        if self.state.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if act == Act::Leave {
            let bot = Control::Bot(crate::bots::Strategy::Normal);
            return self.record(now, Record::Control { seat, control: bot }).map_err(Refusal::Rules);
        }
        if self.state.game.to_act() != Some(seat) {
            return Err(Refusal::NotYourTurn(seat));
        }
        let action = match act {
            Act::Roll => {
                if self.state.game.phase() != Phase::Roll {
                    return Err(Refusal::Rules(TableError::Illegal(crate::rules::Illegal::WrongPhase)));
                }
                self.press(By::Player, now);
                return Ok(());
            }
            Act::Move { pawn } => Action::Move { seat, pawn },
            Act::Challenge { opponent } => Action::Challenge { seat, opponent },
            Act::Mark { cell } => Action::Mark { seat, cell },
            Act::Leave => return Ok(()),
        };
        self.record(now, Record::Act { action, by: By::Player }).map_err(Refusal::Rules)
    }

    /// The one way a game changes: applies `record` to the state (once) and
    /// signs it into the log; nothing changes if the rules refuse it.
    pub(super) fn record(&mut self, now: Millis, record: Record) -> Result<(), TableError> {
        let (next, _) = self.state.apply(&record)?;
        let (seq, prev) = match self.entries.last() {
            Some(last) => (self.entries.len() as u64 + 1, last.hash()),
            None => (1, self.state.game_id),
        };
        let body = Body { game_id: self.state.game_id, seq, prev, content: record, state_hash: next.hash() };
        self.entries.push(SignedEntry::sign(&self.identity, &body));
        self.state = next;
        // Every change starts the wait for the next decision afresh.
        self.decision_since = now;
        if matches!(record, Record::Roll { .. } | Record::Start { .. }) {
            self.press = None;
            self.reveals = [None; 4];
        }
        Ok(())
    }

    /// The next time something happens by itself (a bot, a timer), if any.
    pub fn next_deadline(&self) -> Option<Millis> {
        let timing = self.config.timing;
        let mut due = self.presence.next_deadline(timing);
        if self.state.closed.is_none() && self.state.paused.is_none() {
            if let Some(press) = self.press {
                // A pressed roll waits for its links: nothing else is due
                // for the seat to act until they come or the wait ends.
                return min(due, press.at + timing.reveal_wait);
            }
            if let Some((_, control)) = self.state.to_act() {
                if control.bot().is_some() {
                    due = min(due, self.decision_since + timing.bot_delay);
                } else if let Some(limit) = self.turn_limit() {
                    due = min(due, self.decision_since + limit);
                }
            }
        }
        due
    }

    /// When the seat to act must have decided (a timer), if the rules time it.
    pub fn turn_deadline(&self) -> Option<Millis> {
        let (_, control) = self.state.to_act()?;
        let limit = self.turn_limit().filter(|_| control.bot().is_none())?;
        Some(self.decision_since + limit)
    }

    fn turn_limit(&self) -> Option<Millis> {
        self.config.rules.turn_timer.map(|s| Millis::from(s) * 1000)
    }

    /// Plays everything that is due at `now`: drops, pauses, bots, timers.
    fn advance(&mut self, now: Millis) {
        if self.verified.is_none() {
            // Waiting for the peers' genesis signatures.
            return;
        }
        loop {
            if self.state.closed.is_some() {
                return;
            }
            self.attend(now);
            if self.state.paused.is_some() || self.state.game.is_over() || self.state.closed.is_some() {
                return;
            }
            if !self.step(now) {
                return;
            }
        }
    }

    /// Takes one decision that is due, if any; says whether it did.
    fn step(&mut self, now: Millis) -> bool {
        if !self.state.started {
            return self.try_roll(now);
        }
        let Some((seat, control)) = self.state.to_act() else {
            return false;
        };
        let timing = self.config.timing;
        let by = if control.bot().is_some() {
            (now >= self.decision_since + timing.bot_delay).then_some(By::Bot)
        } else {
            self.turn_limit().filter(|&limit| now >= self.decision_since + limit).map(|_| By::Timeout)
        };
        if self.state.game.phase() == Phase::Roll {
            if let Some(by) = by {
                self.press(by, now);
            }
            return self.press.is_some() && self.try_roll(now);
        }
        let Some(by) = by else { return false };
        let strategy = control.bot().unwrap_or(crate::bots::Strategy::Normal);
        let seed = self.decision_seed(seat);
        match Bot::new(strategy, seed).decide(&self.state.game) {
            Some(action) => self.record(now, Record::Act { action, by }).is_ok(),
            None => false,
        }
    }

    /// A bot's seed for this decision: fixed by the table's entropy and the
    /// position in the log, so a game replays the same.
    fn decision_seed(&self, seat: Seat) -> u64 {
        let n = self.entries.len() as u64;
        let h = fair::tagged(
            crate::fair::hash::TAG_TABLE_BOT,
            &[&self.entropy, &[u8::from(seat)], &n.to_be_bytes()],
        );
        u64::from_be_bytes([h.0[0], h.0[1], h.0[2], h.0[3], h.0[4], h.0[5], h.0[6], h.0[7]])
    }
}

fn min(a: Option<Millis>, b: Millis) -> Option<Millis> {
    Some(a.map_or(b, |a| a.min(b)))
}
