//! Succession: who runs the table after the host is lost, and which side a
//! split table follows when its parts meet again. Pure: votes and the
//! current time come in as values.
//!
//! The order is the table's creator, then the guests in seat order. A
//! take-over needs a majority of the peers that were at the table before
//! the loss, the lost host counted: a guest that reaches fewer waits (and
//! keeps trying the host) rather than host alone, so a guest that loses
//! only its own link never forks the table. With two peers no majority is
//! possible without the host, so the guest takes over once the host has
//! been gone [`TWO_PEER_WAIT`]. A host whose program has stopped (its
//! address refused a dial) holds no branch to come back with, and neither
//! does a guest that stopped: once the host has stopped, the majority is of
//! the peers still running, so a guest whose host and other guests have
//! all stopped takes the table over alone. Among the peers that agree, one
//! whose log lacks entries the others hold, beyond what their votes carry,
//! counts but does not lead, so that no move is dropped. If two branches
//! still meet, the table follows the one more peers acknowledged; a tie
//! goes to the host earlier in the succession.

use super::authority::Millis;
use super::record::Control;
use super::roster::Roster;
use crate::rules::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// How long the guest of a two-peer table waits for a lost host before it
/// takes the table over.
pub const TWO_PEER_WAIT: Millis = 15_000;
/// A peer's report that it lost the host counts for this long (peers repeat
/// it about once a second while they wait).
pub const VOTE_FRESH: Millis = 3_000;
/// How many of its newest entries a vote carries: a peer further behind
/// than that cannot be brought up to the head by votes.
pub const TAIL: usize = 16;

/// The order in which peers take the table over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Succession {
    order: Vec<Seat>,
}

impl Succession {
    /// The creator's seat first, then the guests' seats in seat order.
    pub fn new(creator: Seat, roster: &Roster) -> Succession {
        let guests = roster.guests().map(|(s, _)| s).filter(|&s| s != creator);
        Succession { order: std::iter::once(creator).chain(guests).collect() }
    }

    pub fn order(&self) -> &[Seat] {
        &self.order
    }

    /// Position in the succession; seats not in it come last.
    pub fn rank(&self, seat: Seat) -> usize {
        self.order.iter().position(|&s| s == seat).unwrap_or(usize::MAX)
    }

    /// The first seat of the succession among `among`.
    pub fn first(&self, among: SeatSet) -> Option<Seat> {
        self.order.iter().copied().find(|&s| among.contains(s))
    }

    /// Whether the table follows branch `theirs` over `ours`, when the two
    /// can be weighed: each must count the peers that acknowledged it since
    /// the newer one began (acknowledgements from before the split count
    /// for neither). The more peers win; a tie goes to the later term, which
    /// peers elected when the earlier host was lost (a guest that
    /// acknowledged the old host's last entry, then followed the new one to
    /// the game's end and stopped, counts on both sides), then to the host
    /// earlier in the succession. `None`: not comparable yet (the older side
    /// has not yet heard where the newer one began).
    pub fn prefers(&self, theirs: &Branch, ours: &Branch) -> Option<bool> {
        let newer = if theirs.epoch >= ours.epoch { theirs } else { ours };
        if theirs.counted != newer.since || ours.counted != newer.since {
            return None;
        }
        let weight = |b: &Branch| (b.members, b.epoch, std::cmp::Reverse(self.rank(b.host)));
        Some(weight(theirs) > weight(ours))
    }
}

/// How many peers a take-over needs: a majority of the `peers` that were at
/// the table before the loss.
pub fn quorum(peers: usize) -> usize {
    peers / 2 + 1
}

/// A guest's word that it lost the host: the term it elects, and the
/// newest term its log holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vote {
    pub epoch: u32,
    pub holds: u32,
}

/// What a peer's log holds: entries of term `term` at most, up to entry
/// `head`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub term: u32,
    pub head: u64,
}

/// One side of a split table, as its host tells it: its term, the entry
/// the term began with, and how many peers (its host included) hold its
/// entries from entry `counted` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Branch {
    pub epoch: u32,
    pub host: Seat,
    pub since: u64,
    pub members: u8,
    pub counted: u64,
}

impl Branch {
    /// The host lost when this branch's host is, and the term that elects
    /// the next, for a guest whose log's newest entry is of term `logged`
    /// by the host at `logged_host`. A creator started again may follow the
    /// term its guests elected before that term's entries reach it: that
    /// term's host is the one lost, not its log's.
    pub fn at_loss(&self, logged: u32, logged_host: Seat) -> (Seat, u32) {
        if self.epoch > logged { (self.host, self.epoch + 1) } else { (logged_host, logged + 1) }
    }

    /// Whether this branch's term replaced part of a log whose newest entry,
    /// entry `head`, is of term `logged`: that log holds entries of an older
    /// term from where this one began. So a host that stepped down holds
    /// its own branch until the new host's entries come, and that branch's
    /// end is not the table's.
    pub fn replaced(&self, logged: u32, head: u64) -> bool {
        logged < self.epoch && head >= self.since
    }
}

/// What a guest that lost its host does now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Too few peers agree yet: keep trying the host.
    Wait,
    /// Take the table over.
    Lead,
    /// The peer at this seat takes it over: follow it.
    Follow(Seat),
}

/// The newest term a host other than the one a guest follows beat at it
/// for, and when last. While that is fresh, a term it holds has a host: the
/// guest does not lead that term too, and follows that host once its next
/// beat comes. Votes do not say whom their voters followed since: a guest
/// that lost its host just after the other guests had elected one counted
/// their votes, still fresh, and led the term they had given that host
/// (seen once in `rolling-four`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OtherHost(Option<(u32, Millis)>);

impl OtherHost {
    /// Another host beat at `at` for term `epoch`.
    pub fn beat(&mut self, epoch: u32, at: Millis) {
        if self.0.is_none_or(|kept| (epoch, at) >= kept) {
            self.0 = Some((epoch, at));
        }
    }

    /// Whether term `epoch`, or a later one, had a host beat lately.
    fn holds(self, epoch: u32, now: Millis) -> bool {
        self.0.is_some_and(|(e, at)| e >= epoch && now.saturating_sub(at) <= VOTE_FRESH)
    }
}

/// One guest's election after its host was lost.
#[derive(Clone, Debug)]
pub struct Election {
    succession: Succession,
    me: Seat,
    /// The host that was lost, and the term being elected.
    pub lost: Seat,
    pub epoch: u32,
    /// Peers at the table before the loss, the lost host counted.
    peers: usize,
    since: Millis,
    /// The lost host is not waited for: it was caught lying.
    given_up: bool,
    /// Peers whose programs have stopped (the lost host among them, maybe):
    /// counted out of the majority.
    stopped: SeatSet,
    /// The seats whose peers can take the table over ([`can_lead`]).
    can_lead: SeatSet,
    /// The peers that reported losing the host too, what their logs held,
    /// and when last.
    heard: Vec<(Seat, Held, Millis)>,
}

impl Election {
    pub fn new(
        succession: Succession,
        me: Seat,
        lost: Seat,
        epoch: u32,
        (peers, can_lead): (usize, SeatSet),
        now: Millis,
    ) -> Election {
        Election {
            succession,
            me,
            lost,
            epoch,
            peers,
            since: now,
            given_up: false,
            stopped: SeatSet::EMPTY,
            can_lead,
            heard: Vec::new(),
        }
    }

    /// The peers at the table before the loss and the seats that can lead
    /// ([`can_lead`]), read again from the log as it is now; whether they
    /// changed. A vote's tail may bring entries the host made before it was
    /// lost and this guest never got: the start entry, which seats the
    /// guests. Kept as at the loss, an election from before that entry
    /// finds no supporter able to lead and waits for ever.
    pub fn reseat(&mut self, (peers, can_lead): (usize, SeatSet)) -> bool {
        let changed = (self.peers, self.can_lead) != (peers, can_lead);
        self.peers = peers;
        self.can_lead = can_lead;
        changed
    }

    /// `from` reports that it lost the host too, its log holding `held`.
    pub fn heard(&mut self, from: Seat, held: Held, now: Millis) {
        self.alive(from);
        self.heard.retain(|&(s, _, _)| s != from);
        self.heard.push((from, held, now));
    }

    /// The program at `seat` has stopped (its address refused a dial): it
    /// cannot come back with a branch of its own (started again, it follows
    /// the later term it meets), so it is not waited for. Unless its vote
    /// came lately: a peer started again listens elsewhere than the roster
    /// says, so the address refuses while the program runs.
    pub fn stopped(&mut self, seat: Seat, now: Millis) {
        if seat != self.me && !self.supporters(now).contains(seat) {
            self.stopped = self.stopped.with(seat);
        }
    }

    /// The peer at `seat` answered: running after all (started again).
    pub fn alive(&mut self, seat: Seat) {
        self.stopped = self.stopped.without(seat);
    }

    /// The peers that agree now: this guest and those heard lately.
    pub fn supporters(&self, now: Millis) -> SeatSet {
        self.fresh(now).fold(SeatSet::EMPTY.with(self.me), |set, (s, _)| set.with(s)).without(self.lost)
    }

    /// The seats counted among the peers ([`peers_at_loss`]): this guest,
    /// the lost host and the seats that can lead. Only their votes make a
    /// majority. A guest whose seat a bot plays (a deposed headless host)
    /// is not counted, so its vote is not either: counted as a supporter
    /// by two guests of a table of four that did not hear each other, it
    /// made each a majority of three, and both elected (seen in
    /// `rolling-four`).
    fn counted(&self) -> SeatSet {
        self.can_lead.with(self.me).with(self.lost)
    }

    /// The peers heard lately, with what their logs hold.
    fn fresh(&self, now: Millis) -> impl Iterator<Item = (Seat, Held)> + '_ {
        self.heard
            .iter()
            .filter(move |&&(_, _, t)| now.saturating_sub(t) <= VOTE_FRESH)
            .map(|&(s, h, _)| (s, h))
    }

    /// The lost host was caught lying: it is not waited for. The guest of a
    /// two-peer table takes over at once instead of after
    /// [`TWO_PEER_WAIT`], as from a host that has stopped.
    pub fn give_up_on_host(&mut self) {
        self.given_up = true;
    }

    /// What this guest does at `now`, its own log holding `own` (read
    /// afresh each time: votes' tails bring entries).
    /// `other`: the newest term another host beat at this guest for.
    pub fn verdict(&self, now: Millis, own: Held, other: OtherHost) -> Verdict {
        match self.count(now, own) {
            Verdict::Lead if other.holds(self.epoch, now) => Verdict::Wait,
            verdict => verdict,
        }
    }

    /// The verdict of the votes and the peers that stopped alone.
    fn count(&self, now: Millis, own: Held) -> Verdict {
        // A host that has stopped carries the table on nowhere: a majority
        // of the peers still running elects (this guest never counts
        // itself out). While it may run, cut off from this guest only, the
        // guests that stopped may have held its entries: they still count.
        let peers = if self.stopped.contains(self.lost) {
            self.peers.saturating_sub(self.stopped.intersect(self.counted()).len())
        } else if self.peers <= 2 {
            let waited = now.saturating_sub(self.since);
            let due = self.given_up || waited >= TWO_PEER_WAIT;
            return if due && self.can_lead.contains(self.me) { Verdict::Lead } else { Verdict::Wait };
        } else {
            self.peers
        };
        let supporters = self.supporters(now).intersect(self.counted());
        if supporters.len() < quorum(peers) {
            return Verdict::Wait;
        }
        // A peer whose seat a bot plays now cannot take the table over:
        // the others follow, and it follows them.
        let candidates = supporters.intersect(self.can_lead);
        let holding = self.holding(now, own).intersect(candidates);
        let among = if holding.is_empty() { candidates } else { holding };
        match self.succession.first(among) {
            Some(seat) if seat == self.me => Verdict::Lead,
            Some(seat) => Verdict::Follow(seat),
            None => Verdict::Wait,
        }
    }

    /// The supporters whose logs may take the table over, this guest's
    /// holding `own` (none, if no log holds the lost host's term). Behind are a log that lacks the
    /// lost host's term (a creator started again that follows the host its
    /// guests elected, without that host's entries yet) and one more than
    /// a vote's [`TAIL`] short of the longest: the entries it lacks cannot
    /// reach it by votes, and leading from it would drop them. A peer
    /// behind still counts for the majority; one that holds all leads, so
    /// that no move is lost.
    fn holding(&self, now: Millis, own: Held) -> SeatSet {
        let held: Vec<(Seat, Held)> =
            self.fresh(now).filter(|&(s, _)| s != self.lost).chain([(self.me, own)]).collect();
        let longest = held.iter().filter(|(_, h)| !self.lacks_term(*h)).map(|(_, h)| h.head).max();
        let reach = |h: &Held| longest.is_some_and(|l| l.saturating_sub(h.head) <= TAIL as u64);
        held.iter().filter(|(_, h)| !self.lacks_term(*h) && reach(h)).map(|&(s, _)| s).collect()
    }

    /// Whether a log holding `held` lacks the lost host's term.
    fn lacks_term(&self, held: Held) -> bool {
        held.term.saturating_add(1) < self.epoch
    }
}

/// The peers at the table when its host, at `lost`, is lost, as the guest
/// at `me` counts them: the host, itself, the table's creator whatever
/// plays its seat (come back to a table another peer took over, it follows
/// and votes), and every other guest of the roster with a seat of its own,
/// a person's or a stand-in's while its person is away. The away guest may
/// be electing too: counted out, two such guests would each take the table
/// over as if alone with the host. An elected host is counted once, as the
/// host, whatever plays its seat. `leaders`: the seats [`can_lead`] names.
pub fn peers_at_loss(roster: &Roster, leaders: SeatSet, me: Seat, lost: Seat) -> usize {
    2 + roster.peers().filter(|&(s, _)| s != me && s != lost && leaders.contains(s)).count()
}

/// The seats whose peers can take the table over: each with a seat of its
/// own, a person's or a stand-in's, and the table's creator whatever plays
/// its seat (a headless host's is a bot's). Not a guest whose seat a bot
/// plays now: an elected host that hosted headless and was then deposed
/// follows as a guest without one, and once tried to take the table over
/// and stopped.
pub fn can_lead(roster: &Roster, control: &[Control; 4]) -> SeatSet {
    Seat::ALL
        .into_iter()
        .filter(|&s| control[s.index()].participant(Some(s) == roster.creator).is_some())
        .collect()
}

#[cfg(test)]
mod tests;
