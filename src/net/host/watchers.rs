//! Watchers: people without a seat who follow a running game. One arrives
//! with the table's code, invite or listing, gets the sealed genesis, the
//! roster and a host-signed snapshot, and from then on the entries, as a
//! guest does; it counts for nothing at the table (no seat, no vote, no
//! majority), and one that stops answering is forgotten.

use super::*;
use crate::table::Watching;

/// A watcher not heard for this long is forgotten (it may ask again).
const FORGET: Duration = Duration::from_secs(10);

/// Someone watching the game.
pub(super) struct Watcher {
    name: String,
    /// Who it is at the table once it reserves a colour: the owner of that
    /// seat in the next game.
    who: Option<Participant>,
    /// The newest entry of ours it holds.
    acked: u64,
    /// The settled entry named by the last message it answered.
    told: u64,
    in_flight: bool,
    last_sent: Option<Instant>,
    last_heard: Instant,
}

impl Watcher {
    /// Whether it holds the whole game up to `head`, and knows it is settled.
    pub(super) fn holds(&self, head: u64) -> bool {
        self.acked >= head && self.told >= head
    }
}

impl Host {
    /// Someone asks to watch: from its `head` if we hold it (a watcher
    /// whose host was lost), else from a snapshot of now.
    pub(super) async fn watch<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        peer: PeerId,
        name: &str,
        head: Option<Position>,
    ) -> Result<Answer, PlayError> {
        let Some(table) = self.table.as_ref().filter(|t| t.is_sealed()) else {
            return Ok(Answer::NotBegun);
        };
        let held = head.filter(|&h| holds(table, h));
        let answer = match held {
            Some(_) => Answer::Done,
            None => {
                // Only the genesis host's snapshots can be checked against
                // the genesis; under an elected host, the watcher verifies
                // every entry from the first.
                let snapshot = (table.state().host == table.creator()).then(|| table.snapshot());
                Answer::Watching(Box::new(Watching {
                    genesis: table.genesis().clone(),
                    roster: self.roster.clone(),
                    snapshot,
                }))
            }
        };
        let acked = match (held, &answer) {
            (Some(h), _) => h.seq,
            (None, Answer::Watching(w)) => w.snapshot.as_ref().map_or(0, |_| table.entries().len() as u64),
            _ => 0,
        };
        let fresh = self
            .watchers
            .insert(
                peer,
                Watcher {
                    name: name.to_owned(),
                    who: None,
                    acked,
                    told: 0,
                    in_flight: false,
                    last_sent: None,
                    last_heard: Instant::now(),
                },
            )
            .is_none();
        if fresh {
            info!(%peer, name, "a watcher arrived");
            let _ = session.client.keep(peer, true).await;
            self.list(session).await?;
        }
        Ok(answer)
    }

    /// A participant of its own for a peer with no seat: past every seat's
    /// owner, every guest's and every watcher's, so no two people share one.
    pub(super) fn fresh_participant(&self) -> Participant {
        let seats = self.table.iter().flat_map(|t| t.config().seats.iter().chain(&t.state().control));
        let taken = seats
            .filter_map(Control::owner)
            .chain(self.guests.values().map(|g| g.who))
            .chain(self.watchers.values().filter_map(|w| w.who));
        Participant(taken.map(|p| p.0).max().unwrap_or(0).saturating_add(1))
    }

    /// A watcher reserves a free or bot-held colour for the next game (the
    /// table's rule); it then takes that seat when the host plays again.
    pub(super) fn reserve(&mut self, peer: PeerId, seat: Seat) -> Answer {
        let fresh = self.fresh_participant();
        let Some(table) = self.table.as_mut() else { return Answer::NotBegun };
        let Some(watcher) = self.watchers.get_mut(&peer) else {
            return Answer::Refused(Denial::WatchFirst);
        };
        let who = *watcher.who.get_or_insert(fresh);
        match table.reserve(who, seat) {
            Ok(()) => {
                info!(%peer, ?seat, "a watcher reserved a colour for the next game");
                Answer::Done
            }
            Err(refusal) => Answer::Refused(refusal.into()),
        }
    }

    /// The next game with the same group: a watcher whose reservation
    /// seats it there becomes a guest (offered its seat like the others);
    /// the other watchers saw their game to its end and are let go.
    pub(super) async fn seat_watchers<O: FnMut(Line)>(&mut self, session: &mut Session<O>) {
        for (peer, watcher) in std::mem::take(&mut self.watchers) {
            let reserved = watcher.who.and_then(|who| {
                let seat = Seat::ALL
                    .into_iter()
                    .find(|s| self.seats[s.index()] == Control::Person { owner: who })?;
                Some((who, seat))
            });
            match reserved {
                Some((who, seat)) => {
                    self.report_joined(session, peer, seat, watcher.name.clone());
                    let guest =
                        Seated::new(who, seat, watcher.name, Reach::default(), Digest::default(), false);
                    self.guests.insert(peer, guest);
                }
                None => {
                    let _ = session.client.keep(peer, false).await;
                }
            }
        }
    }

    /// Sends a watcher what it lacks, or a beat when it has all and a
    /// second passed; one message in flight.
    pub(super) fn pump_watcher<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        peer: PeerId,
        beat_due: bool,
    ) {
        let (Some(table), Some(beat)) = (&self.table, self.beat()) else { return };
        let Some(watcher) = self.watchers.get(&peer) else { return };
        if watcher.in_flight {
            return;
        }
        let quiet = watcher.last_sent.is_none_or(|t| t.elapsed() >= BEAT);
        let entries = entries_after(table, watcher.acked);
        let news = table.state().game.is_over() && watcher.told < beat.settled;
        if entries.is_empty() && !(beat_due && quiet) && !news {
            return;
        }
        self.send(session, peer, ToGuest::Entries { beat, entries });
    }

    /// A watcher's answer to what we sent it.
    pub(super) fn watcher_answered<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        peer: PeerId,
        told: u64,
        answer: Result<Answer, NetError>,
    ) {
        let held = |head: Position| self.table.as_ref().is_some_and(|t| holds(t, head));
        let Some(watcher) = self.watchers.get(&peer) else { return };
        let acked = match &answer {
            Ok(Answer::Holds(head)) if held(*head) => head.seq,
            // Not a head of our log: from the start (it asks for a
            // snapshot again if it wants one).
            Ok(Answer::Holds(_)) => 0,
            _ => watcher.acked,
        };
        // Not our log twice over: it took none of what it was sent from
        // the start, so the next tick sends it again, not this answer.
        let stuck = matches!(&answer, Ok(Answer::Holds(h)) if !held(*h)) && watcher.acked == 0;
        let Some(watcher) = self.watchers.get_mut(&peer) else { return };
        watcher.in_flight = false;
        match answer {
            Ok(Answer::Holds(_)) => {
                watcher.last_heard = Instant::now();
                watcher.acked = acked;
                watcher.told = watcher.told.max(told);
                if !stuck {
                    self.pump_watcher(session, peer, false);
                }
            }
            Ok(other) => debug!(%peer, "a watcher answered {other:?}"),
            Err(e) => debug!(%peer, "a message to a watcher was lost: {e}"),
        }
    }

    /// Forgets the watchers that stopped answering (or left).
    pub(super) async fn forget_watchers<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        gone: Option<PeerId>,
    ) -> Result<(), PlayError> {
        let before = self.watchers.len();
        let silent: Vec<PeerId> =
            self.watchers.iter().filter(|(_, w)| w.last_heard.elapsed() >= FORGET).map(|(p, _)| *p).collect();
        for peer in silent.into_iter().chain(gone) {
            if self.watchers.remove(&peer).is_some() {
                info!(%peer, "a watcher left");
                let _ = session.client.keep(peer, false).await;
            }
        }
        if self.watchers.len() != before {
            self.list(session).await?;
        }
        Ok(())
    }

    /// Marks a message to a watcher as under way; whether `peer` is one.
    pub(super) fn sending_to_watcher(&mut self, peer: PeerId) -> bool {
        let Some(watcher) = self.watchers.get_mut(&peer) else { return false };
        watcher.in_flight = true;
        watcher.last_sent = Some(Instant::now());
        true
    }
}

/// The entries of `table` after `seq`, at most a batch.
pub(super) fn entries_after(table: &Table, seq: u64) -> Vec<SignedEntry<Record>> {
    let from = usize::try_from(seq).unwrap_or(usize::MAX);
    table.entries().get(from..).unwrap_or_default().iter().take(MAX_BATCH).cloned().collect()
}
