//! Presence: who is at the table. People connect and drop; a person away
//! longer than the genesis's `drop_grace` is replaced by a stand-in bot and
//! takes the seat back on return; with no person connected the table
//! pauses, and closes after `expiry`. People who arrive mid-game watch and
//! may reserve a colour for the next game, which the host starts with the
//! same group (a rematch).

use super::authority::{Millis, Refusal, Table, TableConfig, Timing};
use super::record::{CloseReason, Control, Participant, PauseReason, Record};
use crate::rules::Seat;

/// Who is connected, who is away since when, watchers and reservations.
#[derive(Clone, Debug, Default)]
pub(super) struct Presence {
    connected: Vec<Participant>,
    away_since: Vec<(Participant, Millis)>,
    unattended_since: Option<Millis>,
    /// Colours reserved for the next game by people who arrived mid-game.
    reservations: [Option<Participant>; 4],
    spectators: Vec<Participant>,
}

impl Presence {
    /// Everyone in `connected` is here; everyone in `away` is away from `now`.
    pub fn new(connected: Vec<Participant>, away: Vec<Participant>, now: Millis) -> Presence {
        let away_since = away.into_iter().filter(|p| !connected.contains(p)).map(|p| (p, now)).collect();
        Presence { connected, away_since, ..Presence::default() }
    }

    /// The persons of a table set up with `config`, all here at the start:
    /// the seats' owners (the host's computer only if a person sits there).
    pub fn at_start(config: &TableConfig, now: Millis) -> Presence {
        let mut connected: Vec<Participant> = config.seats.iter().filter_map(Control::owner).collect();
        connected.sort();
        connected.dedup();
        Presence::new(connected, Vec::new(), now)
    }

    pub fn away(&mut self, who: Participant, now: Millis) {
        self.connected.retain(|&p| p != who);
        if !self.away_since.iter().any(|&(p, _)| p == who) {
            self.away_since.push((who, now));
        }
    }

    /// The next drop or expiry due.
    pub fn next_deadline(&self, timing: Timing) -> Option<Millis> {
        let drops = self.away_since.iter().map(|&(_, t)| t + timing.drop_grace);
        drops.chain(self.unattended_since.map(|t| t + timing.expiry)).min()
    }
}

impl Table {
    pub(super) fn connected(&mut self, now: Millis, who: Participant) {
        let presence = &mut self.presence;
        if !presence.connected.contains(&who) {
            presence.connected.push(who);
        }
        presence.away_since.retain(|&(p, _)| p != who);
        let owns_a_seat = self.state.owners().any(|(_, o)| o == who);
        if !owns_a_seat && !presence.spectators.contains(&who) {
            // Someone arriving mid-game watches.
            presence.spectators.push(who);
        }
        if self.state.closed.is_some() || self.state.game.is_over() {
            return;
        }
        let returning: Vec<Seat> = self
            .state
            .owners()
            .filter(|&(s, o)| o == who && matches!(self.state.control[s.index()], Control::Standin { .. }))
            .map(|(s, _)| s)
            .collect();
        for seat in returning {
            // The return is valid by construction.
            let _ = self.record(now, Record::Control { seat, control: Control::Person { owner: who } });
        }
    }

    /// Drops and the unattended pause and expiry that are due at `now`.
    pub(super) fn attend(&mut self, now: Millis) {
        let timing = self.config.timing;
        let over = self.state.game.is_over();
        let gone: Vec<Participant> = self
            .presence
            .away_since
            .iter()
            .filter(|&&(_, t)| now >= t + timing.drop_grace)
            .map(|&(p, _)| p)
            .collect();
        for who in gone {
            self.presence.away_since.retain(|&(p, _)| p != who);
            let seats: Vec<Seat> = self
                .state
                .owners()
                .filter(|&(s, o)| o == who && matches!(self.state.control[s.index()], Control::Person { .. }))
                .map(|(s, _)| s)
                .collect();
            for seat in seats.into_iter().filter(|_| !over) {
                let _ = self.record(now, Record::Control { seat, control: Control::Standin { owner: who } });
            }
        }
        // A table that seats persons pauses while none of them (players,
        // watchers, the host's own person) is connected, then expires; a
        // table of bots alone (a simulation) never waits for anyone.
        let expects_people = self.state.owners().next().is_some();
        let attended = !self.presence.connected.is_empty() || !expects_people;
        match (attended, self.state.paused) {
            (false, None) if !over => {
                self.presence.unattended_since = Some(now);
                let _ = self.record(now, Record::Pause { reason: PauseReason::NoPerson });
            }
            (false, Some(PauseReason::NoPerson))
                if self.presence.unattended_since.is_some_and(|t| now >= t + timing.expiry) =>
            {
                let _ = self.record(now, Record::Close { reason: CloseReason::Expired });
            }
            (true, Some(PauseReason::NoPerson)) => {
                self.presence.unattended_since = None;
                let _ = self.record(now, Record::Resume);
            }
            _ => {}
        }
    }

    pub fn spectators(&self) -> &[Participant] {
        &self.presence.spectators
    }

    pub fn reservations(&self) -> [Option<Participant>; 4] {
        self.presence.reservations
    }

    /// A person who arrived mid-game reserves a free or bot-held colour for
    /// the next game.
    pub fn reserve(&mut self, who: Participant, seat: Seat) -> Result<(), Refusal> {
        let free = matches!(self.state.control[seat.index()], Control::Empty | Control::Bot(_));
        let reservations = &mut self.presence.reservations;
        if !free || reservations[seat.index()].is_some_and(|p| p != who) {
            return Err(Refusal::ColourTaken(seat));
        }
        for r in reservations.iter_mut().filter(|r| **r == Some(who)) {
            *r = None;
        }
        reservations[seat.index()] = Some(who);
        Ok(())
    }

    /// The set-up of the next game with the same group, for [`Table::new`]
    /// (peers send fresh commitments for its new nonce): persons keep their
    /// seats (or take them back), reservations are honoured. Only the host,
    /// once the game is over or the table closed.
    pub fn rematch(&self, who: Participant) -> Result<TableConfig, Refusal> {
        self.check_host(who)?;
        if !self.state.game.is_over() && self.state.closed.is_none() {
            return Err(Refusal::Setup("the game is still on".into()));
        }
        let mut config = self.config.clone();
        for seat in Seat::ALL {
            let i = seat.index();
            config.seats[i] = match (self.presence.reservations[i], self.state.control[i]) {
                (Some(owner), _) => Control::Person { owner },
                (None, Control::Standin { owner }) => Control::Person { owner },
                (None, control) => control,
            };
        }
        Ok(config)
    }
}
