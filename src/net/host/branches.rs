//! The host's heartbeat and its branch: the head it beats, the entry a
//! majority of the table holds, and what it does on meeting a guest of
//! another branch (step down if the table follows that one).

use super::*;

impl Host {
    pub(super) fn beat(&self) -> Option<Beat> {
        let table = self.table.as_ref()?;
        let head = position(table, table.entries().len() as u64);
        Some(Beat { branch: self.branch()?, head, settled: self.settled() })
    }

    /// This host's branch: its term, and the peers that hold its entries
    /// from where they are counted.
    pub(super) fn branch(&self) -> Option<Branch> {
        let state = self.table.as_ref()?.state();
        let counted = self.counting_from.unwrap_or(self.since);
        // Started again, it holds no one's word yet: a branch of its own
        // must not outweigh the host its guests elected meanwhile.
        let members = match self.resuming {
            Some(_) => 1,
            None => 1 + self.guests.values().filter(|g| g.signed && g.max_acked >= counted).count(),
        };
        let members = u8::try_from(members).unwrap_or(u8::MAX);
        Some(Branch { epoch: state.epoch, host: state.host, since: self.since, members, counted })
    }

    /// The peers that count for a majority: this host and every other peer
    /// of the roster (the table's creator included, after a take-over: it
    /// may come back) but the guests who left the game for good and those
    /// whose program has stopped. A stopped peer holds no branch to come
    /// back with: started again, a guest takes the host's log and a host
    /// follows the later term it meets. So the lone guest of a two-peer
    /// table whose host was killed hears the end at once, not after
    /// [`SETTLE_WITHIN`](super::end::SETTLE_WITHIN).
    pub(super) fn table_peers(&self) -> usize {
        1 + self.roster.peers().filter(|&(s, _)| self.counts(s)).count()
    }

    /// Whether the peer at `seat` counts for a majority ([`Host::table_peers`]).
    fn counts(&self, seat: Seat) -> bool {
        let Some(table) = &self.table else { return false };
        let state = table.state();
        let stopped = self.guests.values().any(|g| g.seat == seat && g.stopped);
        let person = seat == table.creator() || state.control[seat.index()].owner().is_some();
        seat != state.host && person && !stopped
    }

    /// The newest entry a majority of the table's peers holds. Only the
    /// peers counted hold it for the majority: a guest whose seat a bot
    /// plays (a deposed headless host) is not counted, so its word is not
    /// either (with such a guest's word, one of two hosts a table of four
    /// had elected for one term once settled its own end).
    pub(super) fn settled(&self) -> u64 {
        let Some(table) = &self.table else { return 0 };
        let head = table.entries().len() as u64;
        let mut held: Vec<u64> =
            self.guests.values().filter(|g| self.counts(g.seat)).map(|g| g.acked.seq).collect();
        held.push(head);
        held.sort_unstable_by(|a, b| b.cmp(a));
        let need = quorum(self.table_peers()).min(held.len());
        held.get(need.saturating_sub(1)).copied().unwrap_or(0)
    }

    /// A guest answered for another branch: step down if the table follows it.
    pub(super) fn met(&mut self, peer: PeerId, theirs: Branch, shunned: &[PeerId]) {
        let Some(table) = &self.table else { return };
        if theirs.epoch > table.state().epoch {
            // Weigh ours from where theirs began.
            self.counting_from = Some(self.counting_from.map_or(theirs.since, |c| c.max(theirs.since)));
        }
        let Some(ours) = self.branch() else { return };
        let succession = Succession::new(table.creator(), &self.roster);
        let host = self.peer_of(theirs.host).unwrap_or(peer);
        // A host started again that meets a later term was taken over.
        let taken_over = self.resuming.is_some() && theirs.epoch > table.state().epoch;
        let follows = taken_over || succession.prefers(&theirs, &ours) == Some(true);
        if follows && !shunned.contains(&host) && !shunned.contains(&peer) {
            info!(%host, epoch = theirs.epoch, "another branch is the table's: following it");
            self.rival = Some((host, theirs));
        }
    }
}
