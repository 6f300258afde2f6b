//! Host election: who runs the table after the host is lost.
//!
//! Pure logic, no sockets. Every peer holds the same succession order (the
//! seats in join order, the creator first, carried in the table's log) and
//! a term: the epoch number and its host. Losing the host moves every peer
//! to the next epoch with the first member of the order not known lost.
//! Messages carry their term; a higher epoch wins, a lower one is stale
//! (the split-brain fence). No quorum is asked for: a peer cut off from
//! the others may go on as host alone (with two players a partition looks
//! just like a crash); when the parts meet again, [`Election::observe`]
//! decides which term the table follows.

use serde::{Deserialize, Serialize};

/// A host's term of office.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term<M> {
    pub epoch: u64,
    pub host: M,
}

/// What to do with a term seen in a peer's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<M> {
    /// Same term as ours: carry on.
    Current,
    /// An older epoch (or the loser of a tie): refuse the message.
    Stale,
    /// A newer term: follow its host from now on.
    Follow(Term<M>),
}

/// One peer's view of the succession.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Election<M> {
    order: Vec<M>,
    lost: Vec<M>,
    term: Term<M>,
}

/// Why an election could not pick a host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElectionError {
    /// No members were given.
    Empty,
    /// Every member is lost.
    NoneLeft,
}

impl std::fmt::Display for ElectionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ElectionError::Empty => "a table needs at least one player",
            ElectionError::NoneLeft => "every player has left the table",
        })
    }
}

impl std::error::Error for ElectionError {}

impl<M: Clone + PartialEq> Election<M> {
    /// Epoch 0, hosted by the first member of `order` (the creator).
    pub fn new(order: Vec<M>) -> Result<Self, ElectionError> {
        let host = order.first().cloned().ok_or(ElectionError::Empty)?;
        Ok(Election { order, lost: Vec::new(), term: Term { epoch: 0, host } })
    }

    pub fn term(&self) -> &Term<M> {
        &self.term
    }

    pub fn order(&self) -> &[M] {
        &self.order
    }

    /// Position in the succession; members not in it come last.
    fn rank(&self, member: &M) -> usize {
        self.order.iter().position(|m| m == member).unwrap_or(usize::MAX)
    }

    /// The current host is unreachable: mark it lost and move to the next
    /// epoch under the first member of the order not lost. Every peer that
    /// sees the same loss computes the same term without a message.
    pub fn host_lost(&mut self) -> Result<&Term<M>, ElectionError> {
        let gone = self.term.host.clone();
        self.member_lost(gone);
        let host =
            self.order.iter().find(|m| !self.lost.contains(m)).cloned().ok_or(ElectionError::NoneLeft)?;
        self.term = Term { epoch: self.term.epoch + 1, host };
        Ok(&self.term)
    }

    /// A guest left (or was found unreachable): it is skipped by later
    /// elections. Losing the host itself goes through [`Self::host_lost`].
    pub fn member_lost(&mut self, member: M) {
        if !self.lost.contains(&member) {
            self.lost.push(member);
        }
    }

    /// A lost member came back (reconnected): it may host again later.
    pub fn member_back(&mut self, member: &M) {
        self.lost.retain(|m| m != member);
    }

    /// Judges the term carried by a peer's message. A higher epoch is
    /// adopted (and every member before its host is taken as lost); in a
    /// tie between two hosts of one epoch, the one earlier in the order
    /// wins, so two partitions that elected differently converge.
    pub fn observe(&mut self, seen: &Term<M>) -> Verdict<M> {
        if seen.epoch < self.term.epoch {
            return Verdict::Stale;
        }
        if seen.epoch == self.term.epoch {
            if seen.host == self.term.host {
                return Verdict::Current;
            }
            if self.rank(&seen.host) >= self.rank(&self.term.host) {
                return Verdict::Stale;
            }
        }
        let rank = self.rank(&seen.host);
        let skipped: Vec<M> = self.order.iter().take(rank).cloned().collect();
        for m in skipped {
            self.member_lost(m);
        }
        self.term = seen.clone();
        Verdict::Follow(seen.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn succession_follows_the_order_and_skips_the_lost() {
        let mut a = Election::new(vec!['r', 'g', 'y', 'b']).unwrap();
        assert_eq!(a.term(), &Term { epoch: 0, host: 'r' });
        a.member_lost('g');
        assert_eq!(a.host_lost().unwrap(), &Term { epoch: 1, host: 'y' });
        assert_eq!(a.host_lost().unwrap(), &Term { epoch: 2, host: 'b' });
        assert_eq!(a.host_lost(), Err(ElectionError::NoneLeft));
        assert_eq!(Election::<char>::new(vec![]).unwrap_err(), ElectionError::Empty);
    }

    #[test]
    fn every_peer_elects_the_same_host_without_messages() {
        let order = vec![1u8, 2, 3, 4];
        let mut peers: Vec<_> = (0..3).map(|_| Election::new(order.clone()).unwrap()).collect();
        let terms: Vec<_> = peers.iter_mut().map(|p| p.host_lost().unwrap().clone()).collect();
        assert!(terms.iter().all(|t| t == &Term { epoch: 1, host: 2 }));
    }

    #[test]
    fn epochs_fence_off_a_stale_host() {
        let mut guest = Election::new(vec![1u8, 2, 3]).unwrap();
        guest.host_lost().unwrap();
        // The old host comes back still believing it hosts epoch 0.
        assert_eq!(guest.observe(&Term { epoch: 0, host: 1 }), Verdict::Stale);
        assert_eq!(guest.observe(&Term { epoch: 1, host: 2 }), Verdict::Current);
        // A newer epoch decided elsewhere is followed.
        let newer = Term { epoch: 3, host: 3 };
        assert_eq!(guest.observe(&newer), Verdict::Follow(newer.clone()));
        assert_eq!(guest.term(), &newer);
        // And the members before the new host count as lost from then on.
        guest.member_back(&1);
        assert_eq!(guest.host_lost().unwrap(), &Term { epoch: 4, host: 1 });
    }

    #[test]
    fn a_tie_goes_to_the_earlier_seat() {
        let mut a = Election::new(vec![1u8, 2, 3, 4]).unwrap();
        a.member_lost(2);
        a.host_lost().unwrap(); // a thinks 3 hosts epoch 1
        assert_eq!(a.observe(&Term { epoch: 1, host: 2 }), Verdict::Follow(Term { epoch: 1, host: 2 }));
        assert_eq!(a.observe(&Term { epoch: 1, host: 3 }), Verdict::Stale);
    }
}
