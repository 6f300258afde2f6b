//! Delivery to the guests: what each lacks, one message in flight at a
//! time, their answers (heads, other branches, refusals) and the back-off
//! for a guest that is away or refusing.

use super::*;

impl Host {
    /// Sends a guest what it lacks, or a beat when it has all and a second
    /// passed; one message in flight per guest.
    pub(super) fn pump<O: FnMut(Line)>(&mut self, session: &mut Session<O>, peer: PeerId, beat_due: bool) {
        let (Some(table), Some(beat)) = (&self.table, self.beat()) else { return };
        if !table.is_sealed() {
            return;
        }
        let Some(guest) = self.guests.get(&peer) else { return };
        if guest.in_flight || !guest.signed {
            return;
        }
        let quiet = guest.last_sent.is_none_or(|t| t.elapsed() >= BEAT);
        // A guest away (or expected back after a restart), or whose last
        // message failed or was refused, is tried once a beat, not as fast
        // as its failures come.
        if (!guest.present || guest.backoff) && !(beat_due && quiet) {
            return;
        }
        let entries = watchers::entries_after(table, guest.acked.seq);
        // At the end, a guest hears at once that a majority holds it.
        let news = table.state().game.is_over() && guest.told < beat.settled;
        if entries.is_empty() && !(beat_due && quiet) && !news {
            return;
        }
        self.send(session, peer, ToGuest::Entries { beat, entries });
    }

    pub(super) fn send<O: FnMut(Line)>(&mut self, session: &Session<O>, peer: PeerId, message: ToGuest) {
        // An absent guest is dialed first (see `Seated::ticket`).
        let mut redial = None;
        if self.sending_to_watcher(peer) {
        } else if let Some(guest) = self.guests.get_mut(&peer) {
            guest.in_flight = true;
            guest.last_sent = Some(Instant::now());
            if !guest.present {
                redial = Some(guest.ticket(peer));
            }
        }
        let told = match &message {
            ToGuest::Entries { beat, .. } => beat.settled,
            _ => 0,
        };
        let client = session.client.clone();
        self.sending.push(
            async move {
                // Refused: its program has stopped, which the end's
                // majority must know (see `settled`); no use sending.
                if let Some(ticket) = redial
                    && let Err(e @ NetError::NotListening(_)) = client.connect(ticket).await
                {
                    return (peer, told, Err(e));
                }
                (peer, told, client.send(peer, Request::Guest(message)).await)
            }
            .boxed(),
        );
    }

    /// Dials a guest away before the game (nothing to send it yet): its
    /// answer is the connection, or a refusal that says it has stopped.
    pub(super) fn probe<O: FnMut(Line)>(&mut self, session: &Session<O>, peer: PeerId) {
        let Some(guest) = self.guests.get_mut(&peer) else { return };
        guest.in_flight = true;
        guest.last_sent = Some(Instant::now());
        let ticket = guest.ticket(peer);
        let client = session.client.clone();
        self.sending
            .push(async move { (peer, 0, client.connect(ticket).await.map(|()| Answer::Done)) }.boxed());
    }

    pub(super) fn on_answer<O: FnMut(Line)>(
        &mut self,
        peer: PeerId,
        told: u64,
        answer: Result<Answer, NetError>,
        session: &mut Session<O>,
    ) {
        if self.watchers.contains_key(&peer) {
            return self.watcher_answered(session, peer, told, answer);
        }
        let Some(guest) = self.guests.get_mut(&peer) else { return };
        guest.in_flight = false;
        let answer = match answer {
            Ok(answer) => answer,
            Err(e) => {
                debug!(%peer, "a message to the guest was lost: {e}");
                guest.backoff = true;
                guest.stopped = matches!(e, NetError::NotListening(_));
                return;
            }
        };
        guest.stopped = false;
        guest.heard();
        guest.told = guest.told.max(told);
        // The same other branch twice running: the two hosts have met and
        // weighed, so answering as fast as it answers would only flood it
        // (thousands a second) until one gives way.
        let follows = if let Answer::Follows(branch) = &answer { Some(*branch) } else { None };
        guest.backoff = follows.is_some() && follows == guest.follows;
        guest.follows = follows;
        match answer {
            // A guest holding more of our log sends it (a rejoin) first.
            Answer::Holds(head) => {
                if self.heard_head(peer, head) {
                    self.resumed(session);
                }
            }
            Answer::Follows(branch) => self.met(peer, branch, &session.shunned),
            Answer::Refused(why) => {
                debug!(%peer, "the guest refused: {why}");
                guest.backoff = true;
                return;
            }
            // The sealed genesis was lost on the way.
            Answer::NotBegun => return self.send_sealed(session, peer),
            Answer::Done | Answer::Stale | Answer::Welcome { .. } | Answer::Watching(_) => {}
        }
        self.back(session, peer);
        self.pump(session, peer, false);
    }

    /// A host started again knows the table now (a guest holds no more of
    /// its log than it does, or nobody answered): it hosts on.
    pub(super) fn resumed<O: FnMut(Line)>(&mut self, session: &mut Session<O>) {
        if let Some(resuming) = self.resuming.take() {
            let head = self.table.as_ref().map_or(0, |t| t.entries().len() as u64);
            session.report(Line::Resumed { head });
            for input in resuming.held {
                self.input(session, input);
            }
        }
    }

    /// A guest's head: what it holds of our log. One we do not hold is
    /// another branch's: ours goes to it from where the two last agreed,
    /// and it drops its own entries where the two part. Not from the start:
    /// a batch from there holds nothing the guest lacks, so it would answer
    /// the same head for ever. Each such head again in a row steps a batch
    /// further back (it may have gone back behind what it last said).
    /// Whether the head is on our log.
    pub(super) fn heard_head(&mut self, peer: PeerId, head: Position) -> bool {
        let Some(table) = &self.table else { return false };
        let held = holds(table, head);
        let Some(guest) = self.guests.get_mut(&peer) else { return held };
        if held {
            guest.acked = head;
            guest.max_acked = guest.max_acked.max(head.seq);
        } else {
            let back = if guest.astray { MAX_BATCH as u64 } else { 0 };
            let seq = guest.acked.seq.min(head.seq).saturating_sub(back);
            // Still astray from the start: a beat before the next try.
            guest.backoff = guest.astray && seq == 0;
            guest.acked = position(table, seq);
        }
        guest.astray = !held;
        held
    }

    /// A guest answered (again): back at the table if it was away.
    pub(super) fn back<O: FnMut(Line)>(&mut self, session: &mut Session<O>, peer: PeerId) {
        let Some(guest) = self.guests.get_mut(&peer) else { return };
        if guest.present || !guest.signed {
            return;
        }
        guest.present = true;
        let who = guest.who;
        self.input(session, Input::Connected(who));
    }
}
