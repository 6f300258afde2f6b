//! The host's log at a guest: its entries verified and reported, the
//! guest's own entries dropped where another branch is the table's, and a
//! host's lie caught and kept as evidence.

use std::time::Instant;

use tracing::{debug, warn};

use super::Follower;
use crate::fair::SignedEntry;
use crate::net::report::Line;
use crate::net::session::Session;
use crate::table::{Answer, Beat, EvidenceKind, Found, GuestError, Millis, Position, Record, ToHost};

impl Follower {
    /// Verifies the host's entries and reports them; answers with the head
    /// (or where the two logs agree, see the end).
    pub(super) fn take_entries<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        beat: Beat,
        entries: Vec<SignedEntry<Record>>,
    ) -> Answer {
        // The sealed genesis was lost on the way: the host sends it again.
        if self.guest.replica().is_none() {
            return Answer::NotBegun;
        }
        self.last_heard = Instant::now();
        self.beat = Some(beat);
        // The host holds less of its log than we do (it was started again
        // from an older save): it gets the rest from us before it signs on.
        let rejoining = self.queue.iter().any(|(m, _)| matches!(m, ToHost::Rejoin { .. }));
        if beat.head.seq < self.guest.head().seq && !rejoining {
            let rejoin = self.rejoin();
            self.push(rejoin);
        }
        let now = session.now();
        // The newest of the host's entries now on our log too (its position
        // is worked out once, below, not for every entry).
        let mut agreed = None;
        for (i, entry) in entries.iter().enumerate() {
            match self.take(session, entry.clone(), now) {
                Ok(()) => agreed = Some(i),
                Err(GuestError::Gap { .. }) => break,
                Err(GuestError::Fork { seq }) => {
                    // Our host's log parts from ours here: its branch is the table's.
                    if self.drop_branch(session, seq) && self.take(session, entry.clone(), now).is_ok() {
                        agreed = Some(i);
                    }
                }
                Err(GuestError::Lie(found)) => {
                    self.caught(session, *found);
                    break;
                }
                Err(e) => {
                    debug!("an entry was not taken: {e}");
                    break;
                }
            }
        }
        if let Some(keep) = &mut session.keep {
            let guest = &self.guest;
            keep.save_log(|| guest.proof(), false);
        }
        self.owe(session);
        // Entries we held already, and our head past them: the host did not
        // find our head on its log (we come from a branch of our own, a
        // host that stepped down), so it sends from before it. Where the
        // logs agree moves it on towards where they part; told our head, it
        // would send the same entries for ever.
        let head = self.guest.head();
        let agreed = agreed
            .and_then(|i| entries.get(i))
            .and_then(|e| Some(Position { seq: e.body.decode().ok()?.seq, hash: e.hash() }));
        Answer::Holds(agreed.filter(|at| at.seq < head.seq).unwrap_or(head))
    }

    /// Verifies one entry and reports it, if it is new to this guest.
    pub fn take<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        entry: SignedEntry<Record>,
        now: Millis,
    ) -> Result<(), GuestError> {
        let Some(applied) = self.guest.apply(entry.clone(), now)? else { return Ok(()) };
        if let Record::Handover { epoch, host } = applied.record {
            session.report(Line::HostChanged { epoch, colour: self.rules.colour_of(host), seat: host });
        }
        session.report(Line::Entry { seq: applied.seq, record: applied.record, signed: entry });
        if let Some(keep) = &mut session.keep {
            keep.touch();
        }
        Ok(())
    }

    /// Drops this guest's entries from `from` on (another log is the
    /// table's there); says whether it could.
    pub(super) fn drop_branch<O: FnMut(Line)>(&mut self, session: &mut Session<O>, from: u64) -> bool {
        match self.guest.roll_back(from.saturating_sub(1)) {
            Ok(dropped) => {
                session.report(Line::BranchDropped { from, entries: dropped });
                true
            }
            Err(e) => {
                warn!("cannot go back before entry {from}: {e}");
                false
            }
        }
    }

    /// A host lied: say so and keep the evidence; when it is the host of
    /// this term, elect away from it. (An earlier term's host that lied is
    /// no reason to leave this one.)
    pub fn caught<O: FnMut(Line)>(&mut self, session: &mut Session<O>, found: Found) {
        // Peers keep sending their heads: a lie is caught once.
        if session.shunned.contains(&self.host) {
            return;
        }
        let this_term = found.kind != EvidenceKind::Equivocation || self.guest.signed_this_term(found.entry);
        if this_term {
            warn!("the host lied: {found}");
            session.shunned.push(self.host);
        } else {
            warn!("an earlier host lied: {found}");
        }
        if this_term && found.kind == EvidenceKind::Equivocation {
            // Our entry first goes to the peers, the evidence for those the
            // host kept on the other log; then the table goes on from before
            // the two entries, where every guest's log agrees.
            if let Some(head) = self.guest.signed_head() {
                self.tell_peers(session, head);
            }
            self.void_from = Some(found.entry);
            self.drop_branch(session, found.entry);
        }
        session.report(Line::Evidence { kind: found.kind, entry: found.entry, why: found.to_string() });
        if let Some(keep) = &mut session.keep {
            keep.touch();
            let guest = &self.guest;
            keep.save_log(|| guest.proof(), true);
        }
        if this_term {
            self.lose_host(session, true);
        }
    }
}
