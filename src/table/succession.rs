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
    pub fn verdict(&self, now: Millis, own: Held) -> Verdict {
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
mod tests {
    use super::*;
    use crate::table::Participant;
    use crate::table::roster::{Member, Reach};

    fn roster(guests: &[usize]) -> Roster {
        let mut roster = Roster::default();
        for &g in guests {
            roster.seats[g] = Some(Member { name: format!("p{g}"), reach: Reach::new(format!("ticket{g}")) });
        }
        roster
    }

    fn seat(i: usize) -> Seat {
        Seat::ALL[i]
    }

    /// A log of term `term` at entry 100.
    fn held(term: u32) -> Held {
        Held { term, head: 100 }
    }

    #[test]
    fn the_order_is_the_creator_then_the_guests_by_seat() {
        let s = Succession::new(seat(2), &roster(&[3, 0, 1]));
        assert_eq!(s.order(), &[seat(2), seat(0), seat(1), seat(3)]);
        assert_eq!(s.first(SeatSet::EMPTY.with(seat(3)).with(seat(1))), Some(seat(1)));
    }

    #[test]
    fn a_guest_alone_without_the_host_waits_and_two_of_three_elect() {
        let s = Succession::new(seat(0), &roster(&[1, 2]));
        // The guest at seat 2 lost its own link: seat 1 still hears the host.
        let mut cut = Election::new(s.clone(), seat(2), seat(0), 1, (3, SeatSet::FULL), 0);
        assert_eq!(cut.verdict(60_000, held(0)), Verdict::Wait, "one of three never takes over");
        // The host is really gone: seat 1 reports it too.
        cut.heard(seat(1), held(0), 1_000);
        assert_eq!(cut.verdict(1_500, held(0)), Verdict::Follow(seat(1)));
        let mut first = Election::new(s, seat(1), seat(0), 1, (3, SeatSet::FULL), 0);
        first.heard(seat(2), held(0), 1_000);
        assert_eq!(first.verdict(1_500, held(0)), Verdict::Lead);
        // A vote goes stale: alone again, it waits.
        assert_eq!(first.verdict(1_000 + VOTE_FRESH + 1, held(0)), Verdict::Wait);
    }

    #[test]
    fn a_guest_away_with_a_stand_in_still_counts_at_the_loss() {
        let mut r = roster(&[1, 2]);
        r.creator = Some(seat(0));
        let (person, standin) =
            (Control::Person { owner: Participant(2) }, Control::Standin { owner: Participant(1) });
        let bot = Control::Bot(crate::bots::Strategy::Normal);
        assert_eq!(peers_at_loss(&r, can_lead(&r, &[person, standin, person, bot]), seat(2), seat(0)), 3);
        // The other guest left for good: its seat is a bot's.
        assert_eq!(peers_at_loss(&r, can_lead(&r, &[person, bot, person, bot]), seat(2), seat(0)), 2);
        // Away itself, the guest counts the same.
        assert_eq!(peers_at_loss(&r, can_lead(&r, &[person, person, standin, bot]), seat(2), seat(0)), 3);
    }

    /// The creator came back to follow the guest its guests elected, whose
    /// own seat a bot plays since it hosts headless; then that host is
    /// lost. The creator and the other guest are two of three: without the
    /// creator, the guest would count itself one of two and the creator
    /// would never hear it.
    #[test]
    fn a_creator_following_an_elected_host_counts_when_that_host_is_lost() {
        let mut r = roster(&[0, 1, 2]);
        r.creator = Some(seat(0));
        let bot = Control::Bot(crate::bots::Strategy::Normal);
        let person = |p| Control::Person { owner: Participant(p) };
        let control = [bot, bot, person(2), bot];
        assert_eq!(
            peers_at_loss(&r, can_lead(&r, &control), seat(2), seat(1)),
            3,
            "the guest counts the creator"
        );
        assert_eq!(
            peers_at_loss(&r, can_lead(&r, &control), seat(0), seat(1)),
            3,
            "the creator counts the guest"
        );
        // With a person's seat the elected host is not counted twice.
        let control = [bot, person(1), person(2), bot];
        assert_eq!(peers_at_loss(&r, can_lead(&r, &control), seat(2), seat(1)), 3);
        // Both vote: the creator comes first in the succession.
        let s = Succession::new(seat(0), &r);
        let mut guest = Election::new(s, seat(2), seat(1), 2, (3, SeatSet::FULL), 0);
        guest.heard(seat(0), held(1), 1_000);
        assert_eq!(guest.verdict(1_500, held(1)), Verdict::Follow(seat(0)));
    }

    /// The creator was killed just after the game began: one guest lost it
    /// before the start entry came, and the other's vote brings it. Read
    /// from the log at the loss, no guest's seat is a person's yet, so no
    /// supporter can lead; read again, the first guest leads.
    #[test]
    fn an_election_from_before_the_start_entry_leads_once_a_vote_brings_it() {
        let mut r = roster(&[0, 2, 3]);
        r.creator = Some(seat(0));
        let s = Succession::new(seat(0), &r);
        let seats = |control: &[Control; 4]| {
            let leaders = can_lead(&r, control);
            (peers_at_loss(&r, leaders, seat(2), seat(0)), leaders)
        };
        let mut first = Election::new(s, seat(2), seat(0), 1, seats(&[Control::Empty; 4]), 0);
        first.stopped(seat(0), 500);
        first.heard(seat(3), held(0), 1_000);
        assert_eq!(
            first.verdict(1_500, held(0)),
            Verdict::Wait,
            "before the start entry only the creator leads"
        );
        let person = |p| Control::Person { owner: Participant(p) };
        let started = [Control::Bot(crate::bots::Strategy::Normal), Control::Empty, person(2), person(3)];
        assert!(first.reseat(seats(&started)));
        assert!(!first.reseat(seats(&started)), "read again, nothing changes");
        assert_eq!(first.verdict(1_500, held(0)), Verdict::Lead);
    }

    /// The creator started again and followed the host its guests elected,
    /// but lost that host before its entries came. It still counts; the
    /// other guest, which holds them, takes the table over, so that no move
    /// of the lost host's term is lost.
    #[test]
    fn a_peer_whose_log_lacks_the_lost_hosts_term_counts_but_does_not_lead() {
        let mut r = roster(&[0, 1, 2]);
        r.creator = Some(seat(0));
        let s = Succession::new(seat(0), &r);
        // The guests elected seat 1 (term 1), now lost: term 2 is elected.
        let mut creator = Election::new(s.clone(), seat(0), seat(1), 2, (3, SeatSet::FULL), 0);
        creator.heard(seat(2), held(1), 1_000);
        assert_eq!(creator.verdict(1_500, held(0)), Verdict::Follow(seat(2)));
        // A vote's tail brought it the term: first in the order, it leads.
        assert_eq!(creator.verdict(1_500, held(1)), Verdict::Lead);
        let mut guest = Election::new(s.clone(), seat(2), seat(1), 2, (3, SeatSet::FULL), 0);
        guest.heard(seat(0), held(0), 1_000);
        assert_eq!(guest.verdict(1_500, held(1)), Verdict::Lead);
        // Its vote says when it holds the term: first in the order, it leads.
        guest.heard(seat(0), held(1), 2_000);
        assert_eq!(guest.verdict(2_500, held(1)), Verdict::Follow(seat(0)));
        // Nobody holds it: the first in the order leads, as ever.
        let mut lone = Election::new(s, seat(2), seat(1), 2, (3, SeatSet::FULL), 0);
        lone.heard(seat(0), held(0), 1_000);
        assert_eq!(lone.verdict(1_500, held(0)), Verdict::Follow(seat(0)));
    }

    #[test]
    fn the_host_lost_is_the_followed_terms_when_the_log_lacks_that_term() {
        // Seat 1 was elected for term 1; the creator's log still ends in term 0.
        let followed = Branch { epoch: 1, host: seat(1), since: 40, members: 2, counted: 40 };
        assert_eq!(followed.at_loss(0, seat(0)), (seat(1), 2));
        // Once its log holds the term, the log says the same.
        assert_eq!(followed.at_loss(1, seat(1)), (seat(1), 2));
        // A guest that never followed another term loses its log's host.
        let own = Branch { epoch: 0, host: seat(0), since: 1, members: 1, counted: 1 };
        assert_eq!(own.at_loss(0, seat(0)), (seat(0), 1));
    }

    #[test]
    fn a_deposed_hosts_own_branch_is_replaced_from_where_the_new_term_began() {
        // Term 2 began with entry 606; the deposed host of term 1 played on
        // alone to entry 915.
        let elected = Branch { epoch: 2, host: seat(3), since: 606, members: 2, counted: 606 };
        assert!(elected.replaced(1, 915));
        assert!(elected.replaced(1, 606));
        // A log of the older term that ends before the new one began is the
        // table's: the new term goes on from it.
        assert!(!elected.replaced(1, 605));
        // Once it holds the new term, the log is the branch's own.
        assert!(!elected.replaced(2, 915));
    }

    /// The first in the succession was cut off while the game went on: its
    /// log is more than a vote's tail short of the other guest's, and the
    /// entries it lacks cannot reach it by votes. The other leads, so that
    /// no move is lost; within a tail's reach the order holds.
    #[test]
    fn a_peer_further_behind_than_a_votes_tail_counts_but_does_not_lead() {
        let s = Succession::new(seat(0), &roster(&[1, 2]));
        let long = Held { term: 0, head: 140 };
        let short = Held { term: 0, head: 140 - TAIL as u64 - 1 };
        let mut first = Election::new(s.clone(), seat(1), seat(0), 1, (3, SeatSet::FULL), 0);
        first.heard(seat(2), long, 1_000);
        assert_eq!(first.verdict(1_500, short), Verdict::Follow(seat(2)));
        let reached = Held { head: 140 - TAIL as u64, ..short };
        assert_eq!(first.verdict(1_500, reached), Verdict::Lead, "a tail reaches it");
        let mut other = Election::new(s.clone(), seat(2), seat(0), 1, (3, SeatSet::FULL), 0);
        other.heard(seat(1), short, 1_000);
        assert_eq!(other.verdict(1_500, long), Verdict::Lead);
        other.heard(seat(1), reached, 2_000);
        assert_eq!(other.verdict(2_500, long), Verdict::Follow(seat(1)));
        // A log that lacks the lost host's term sets no length, however
        // long: the creator's own branch, from before it left.
        let mut r = roster(&[0, 1, 2]);
        r.creator = Some(seat(0));
        let mut guest =
            Election::new(Succession::new(seat(0), &r), seat(2), seat(1), 2, (3, SeatSet::FULL), 0);
        guest.heard(seat(0), Held { term: 0, head: 900 }, 1_000);
        assert_eq!(guest.verdict(1_500, Held { term: 1, head: 140 }), Verdict::Lead);
    }

    /// The guest at seat 1 hosted headless (a bot took its seat) and was
    /// deposed; it follows without a seat of its own. When the next host
    /// is lost it elects, but does not lead, and its vote makes no
    /// majority for the others: the peers they count leave it out.
    #[test]
    fn a_peer_whose_seat_a_bot_plays_does_not_lead() {
        let mut r = roster(&[0, 1, 2, 3]);
        r.creator = Some(seat(0));
        let bot = Control::Bot(crate::bots::Strategy::Normal);
        let person = |p| Control::Person { owner: Participant(p) };
        let control = [bot, bot, person(2), person(3)];
        let leaders = can_lead(&r, &control);
        assert_eq!(leaders, SeatSet::FULL.without(seat(1)), "the creator leads whatever plays its seat");
        assert_eq!(peers_at_loss(&r, leaders, seat(3), seat(2)), 3, "seat 1 is not counted");
        let s = Succession::new(seat(0), &r);
        let mut deposed = Election::new(s.clone(), seat(1), seat(2), 2, (4, leaders), 0);
        deposed.heard(seat(3), held(1), 1_000);
        deposed.heard(seat(0), held(0), 1_000);
        assert_eq!(deposed.verdict(1_500, held(1)), Verdict::Follow(seat(3)), "the next with the term");
        let mut other = Election::new(s.clone(), seat(3), seat(2), 2, (3, leaders), 0);
        other.heard(seat(1), held(1), 1_000);
        assert_eq!(other.verdict(1_500, held(1)), Verdict::Wait, "seat 1's vote makes no majority");
        other.heard(seat(0), held(1), 1_000);
        assert_eq!(other.verdict(1_500, held(1)), Verdict::Follow(seat(0)));
        // The creator, cut off from seat 3, hears seat 1 alone: it waits
        // too, so the two halves never both elect.
        let mut creator = Election::new(s, seat(0), seat(2), 2, (3, leaders), 0);
        creator.heard(seat(1), held(1), 1_000);
        assert_eq!(creator.verdict(1_500, held(1)), Verdict::Wait);
        // Alone with the host at a two-peer table, it never takes over.
        let two = Election::new(
            Succession::new(seat(0), &roster(&[1])),
            seat(1),
            seat(0),
            1,
            (2, SeatSet::EMPTY),
            0,
        );
        assert_eq!(two.verdict(TWO_PEER_WAIT, held(0)), Verdict::Wait);
    }

    #[test]
    fn four_peers_need_three() {
        let s = Succession::new(seat(0), &roster(&[1, 2, 3]));
        let mut e = Election::new(s, seat(3), seat(0), 1, (4, SeatSet::FULL), 0);
        e.heard(seat(2), held(0), 10);
        assert_eq!(e.verdict(20, held(0)), Verdict::Wait);
        e.heard(seat(1), held(0), 15);
        assert_eq!(e.verdict(20, held(0)), Verdict::Follow(seat(1)));
    }

    #[test]
    fn the_guest_of_two_peers_takes_over_after_the_wait() {
        let s = Succession::new(seat(0), &roster(&[2]));
        let e = Election::new(s, seat(2), seat(0), 1, (2, SeatSet::FULL), 1_000);
        assert_eq!(e.verdict(1_000 + TWO_PEER_WAIT - 1, held(0)), Verdict::Wait);
        assert_eq!(e.verdict(1_000 + TWO_PEER_WAIT, held(0)), Verdict::Lead);
    }

    #[test]
    fn the_guest_of_two_peers_takes_over_at_once_from_a_host_that_has_stopped() {
        let s = Succession::new(seat(0), &roster(&[2]));
        let mut e = Election::new(s.clone(), seat(2), seat(0), 1, (2, SeatSet::FULL), 1_000);
        assert_eq!(e.verdict(1_000, held(0)), Verdict::Wait);
        e.stopped(seat(0), 1_000);
        assert_eq!(e.verdict(1_000, held(0)), Verdict::Lead);
        // So from one caught lying.
        let mut liar = Election::new(s.clone(), seat(2), seat(0), 1, (2, SeatSet::FULL), 1_000);
        liar.give_up_on_host();
        assert_eq!(liar.verdict(1_000, held(0)), Verdict::Lead);
        // At three peers a majority is still asked for: the other guest may
        // hear the host, or host a branch of its own.
        let mut three = Election::new(s.clone(), seat(2), seat(0), 1, (3, SeatSet::FULL), 1_000);
        three.stopped(seat(0), 1_000);
        assert_eq!(three.verdict(1_000 + TWO_PEER_WAIT, held(0)), Verdict::Wait);
        let mut lying = Election::new(s, seat(2), seat(0), 1, (3, SeatSet::FULL), 1_000);
        lying.give_up_on_host();
        assert_eq!(lying.verdict(1_000 + TWO_PEER_WAIT, held(0)), Verdict::Wait);
    }

    #[test]
    fn peers_that_stopped_are_counted_out_of_the_majority() {
        let s = Succession::new(seat(0), &roster(&[1, 2, 3]));
        // The host and both other guests stopped: the last one takes over.
        let mut last = Election::new(s.clone(), seat(3), seat(0), 1, (4, SeatSet::FULL), 0);
        for stopped in [0, 1, 2] {
            assert_eq!(last.verdict(60_000, held(0)), Verdict::Wait);
            last.stopped(seat(stopped), 0);
        }
        assert_eq!(last.verdict(0, held(0)), Verdict::Lead);
        // One guest started again and votes: two running, both needed, and
        // the first in the order leads.
        last.heard(seat(1), held(0), 10);
        assert_eq!(last.verdict(20, held(0)), Verdict::Follow(seat(1)));
        // The host stopped, three guests run: two of them are a majority.
        let mut three = Election::new(s.clone(), seat(3), seat(0), 1, (4, SeatSet::FULL), 0);
        three.stopped(seat(0), 0);
        assert_eq!(three.verdict(20, held(0)), Verdict::Wait);
        three.heard(seat(2), held(0), 10);
        assert_eq!(three.verdict(20, held(0)), Verdict::Follow(seat(2)));
        // The host out of reach but maybe running (with the other guest,
        // until that one stopped at the game's end, say): still a majority
        // of all three, however long it takes.
        let mut cut = Election::new(s, seat(3), seat(0), 1, (3, SeatSet::FULL), 0);
        cut.stopped(seat(1), 0);
        assert_eq!(cut.verdict(10 * TWO_PEER_WAIT, held(0)), Verdict::Wait);
        // A guest never counts itself out.
        cut.stopped(seat(0), 0);
        cut.stopped(seat(3), 0);
        assert_eq!(cut.verdict(0, held(0)), Verdict::Lead);
    }

    /// A guest started again listens at another address than the roster's:
    /// a dial there is refused while its votes come. It is counted out only
    /// once they stop.
    #[test]
    fn a_peer_that_voted_lately_is_not_counted_out_by_a_refusal() {
        let s = Succession::new(seat(0), &roster(&[2, 3]));
        let mut e = Election::new(s, seat(3), seat(2), 2, (3, SeatSet::FULL), 0);
        e.stopped(seat(2), 0);
        e.heard(seat(0), held(1), 1_000);
        e.stopped(seat(0), 1_500);
        assert_eq!(e.verdict(1_500, held(1)), Verdict::Follow(seat(0)), "both of the two still running");
        e.stopped(seat(0), 1_000 + VOTE_FRESH + 1);
        assert_eq!(e.verdict(1_000 + VOTE_FRESH + 1, held(1)), Verdict::Lead, "its votes stopped: so has it");
    }

    #[test]
    fn branches_go_to_the_majority_since_the_split_then_to_the_later_term_then_the_earlier_host() {
        let s = Succession::new(seat(0), &roster(&[1, 2]));
        // The old host counted everyone before it heard where the new term
        // began: not comparable yet.
        let stale = Branch { epoch: 0, host: seat(0), since: 1, members: 3, counted: 1 };
        let new = Branch { epoch: 1, host: seat(1), since: 40, members: 2, counted: 40 };
        assert_eq!(s.prefers(&new, &stale), None);
        // Counted since entry 40, only the old host itself is on its side.
        let old = Branch { members: 1, counted: 40, ..stale };
        assert_eq!(s.prefers(&new, &old), Some(true));
        assert_eq!(s.prefers(&old, &new), Some(false));
        // A guest of two peers that took over alone: a tie, and the later
        // term wins.
        let alone = Branch { epoch: 1, host: seat(1), since: 40, members: 1, counted: 40 };
        assert_eq!(s.prefers(&old, &alone), Some(false));
        assert_eq!(s.prefers(&alone, &old), Some(true));
        // Two guests each elected in a split of their own: the same term,
        // and the earlier host wins.
        let other = Branch { host: seat(2), ..alone };
        assert_eq!(s.prefers(&alone, &other), Some(true));
        assert_eq!(s.prefers(&other, &alone), Some(false));
    }

    #[test]
    fn quorum_is_a_majority() {
        assert_eq!([2, 3, 4].map(quorum), [2, 2, 3]);
    }
}
