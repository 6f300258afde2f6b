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

/// No other host heard.
const NO_HOST: OtherHost = OtherHost(None);

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
    assert_eq!(cut.verdict(60_000, held(0), NO_HOST), Verdict::Wait, "one of three never takes over");
    // The host is really gone: seat 1 reports it too.
    cut.heard(seat(1), held(0), 1_000);
    assert_eq!(cut.verdict(1_500, held(0), NO_HOST), Verdict::Follow(seat(1)));
    let mut first = Election::new(s, seat(1), seat(0), 1, (3, SeatSet::FULL), 0);
    first.heard(seat(2), held(0), 1_000);
    assert_eq!(first.verdict(1_500, held(0), NO_HOST), Verdict::Lead);
    // A vote goes stale: alone again, it waits.
    assert_eq!(first.verdict(1_000 + VOTE_FRESH + 1, held(0), NO_HOST), Verdict::Wait);
}

/// The creator lost its host (term 1) just after the other guests had
/// elected the next (term 2): their votes for term 2 are still fresh and
/// make it a majority, first in the succession. The host of term 2 beat
/// at it lately, so it does not lead that term too; once that beat is
/// stale, and for a host of an older term, the votes decide as before.
#[test]
fn a_guest_does_not_lead_a_term_another_host_beat_at_it_for() {
    let s = Succession::new(seat(0), &roster(&[1, 2, 3]));
    let mut creator = Election::new(s, seat(0), seat(1), 2, (4, SeatSet::FULL), 0);
    creator.heard(seat(2), held(1), 1_000);
    creator.heard(seat(3), held(1), 1_000);
    assert_eq!(creator.verdict(1_500, held(1), NO_HOST), Verdict::Lead);
    let mut other = NO_HOST;
    other.beat(2, 1_200);
    assert_eq!(creator.verdict(1_500, held(1), other), Verdict::Wait, "term 2 has a host");
    let mut later = NO_HOST;
    later.beat(3, 1_200);
    later.beat(2, 1_400);
    assert_eq!(later, other_host(3, 1_200), "the newest term is kept");
    assert_eq!(creator.verdict(1_500, held(1), later), Verdict::Wait, "a later term has a host");
    let mut older = NO_HOST;
    older.beat(1, 1_400);
    assert_eq!(creator.verdict(1_500, held(1), older), Verdict::Lead, "a host of the lost term");
    let stale = 1_200 + VOTE_FRESH + 1;
    creator.heard(seat(2), held(1), stale);
    creator.heard(seat(3), held(1), stale);
    assert_eq!(creator.verdict(stale, held(1), other), Verdict::Lead, "that host's beats stopped");
}

fn other_host(epoch: u32, at: Millis) -> OtherHost {
    OtherHost(Some((epoch, at)))
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
    assert_eq!(guest.verdict(1_500, held(1), NO_HOST), Verdict::Follow(seat(0)));
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
        first.verdict(1_500, held(0), NO_HOST),
        Verdict::Wait,
        "before the start entry only the creator leads"
    );
    let person = |p| Control::Person { owner: Participant(p) };
    let started = [Control::Bot(crate::bots::Strategy::Normal), Control::Empty, person(2), person(3)];
    assert!(first.reseat(seats(&started)));
    assert!(!first.reseat(seats(&started)), "read again, nothing changes");
    assert_eq!(first.verdict(1_500, held(0), NO_HOST), Verdict::Lead);
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
    assert_eq!(creator.verdict(1_500, held(0), NO_HOST), Verdict::Follow(seat(2)));
    // A vote's tail brought it the term: first in the order, it leads.
    assert_eq!(creator.verdict(1_500, held(1), NO_HOST), Verdict::Lead);
    let mut guest = Election::new(s.clone(), seat(2), seat(1), 2, (3, SeatSet::FULL), 0);
    guest.heard(seat(0), held(0), 1_000);
    assert_eq!(guest.verdict(1_500, held(1), NO_HOST), Verdict::Lead);
    // Its vote says when it holds the term: first in the order, it leads.
    guest.heard(seat(0), held(1), 2_000);
    assert_eq!(guest.verdict(2_500, held(1), NO_HOST), Verdict::Follow(seat(0)));
    // Nobody holds it: the first in the order leads, as ever.
    let mut lone = Election::new(s, seat(2), seat(1), 2, (3, SeatSet::FULL), 0);
    lone.heard(seat(0), held(0), 1_000);
    assert_eq!(lone.verdict(1_500, held(0), NO_HOST), Verdict::Follow(seat(0)));
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
    assert_eq!(first.verdict(1_500, short, NO_HOST), Verdict::Follow(seat(2)));
    let reached = Held { head: 140 - TAIL as u64, ..short };
    assert_eq!(first.verdict(1_500, reached, NO_HOST), Verdict::Lead, "a tail reaches it");
    let mut other = Election::new(s.clone(), seat(2), seat(0), 1, (3, SeatSet::FULL), 0);
    other.heard(seat(1), short, 1_000);
    assert_eq!(other.verdict(1_500, long, NO_HOST), Verdict::Lead);
    other.heard(seat(1), reached, 2_000);
    assert_eq!(other.verdict(2_500, long, NO_HOST), Verdict::Follow(seat(1)));
    // A log that lacks the lost host's term sets no length, however
    // long: the creator's own branch, from before it left.
    let mut r = roster(&[0, 1, 2]);
    r.creator = Some(seat(0));
    let mut guest = Election::new(Succession::new(seat(0), &r), seat(2), seat(1), 2, (3, SeatSet::FULL), 0);
    guest.heard(seat(0), Held { term: 0, head: 900 }, 1_000);
    assert_eq!(guest.verdict(1_500, Held { term: 1, head: 140 }, NO_HOST), Verdict::Lead);
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
    assert_eq!(deposed.verdict(1_500, held(1), NO_HOST), Verdict::Follow(seat(3)), "the next with the term");
    let mut other = Election::new(s.clone(), seat(3), seat(2), 2, (3, leaders), 0);
    other.heard(seat(1), held(1), 1_000);
    assert_eq!(other.verdict(1_500, held(1), NO_HOST), Verdict::Wait, "seat 1's vote makes no majority");
    other.heard(seat(0), held(1), 1_000);
    assert_eq!(other.verdict(1_500, held(1), NO_HOST), Verdict::Follow(seat(0)));
    // The creator, cut off from seat 3, hears seat 1 alone: it waits
    // too, so the two halves never both elect.
    let mut creator = Election::new(s, seat(0), seat(2), 2, (3, leaders), 0);
    creator.heard(seat(1), held(1), 1_000);
    assert_eq!(creator.verdict(1_500, held(1), NO_HOST), Verdict::Wait);
    // Alone with the host at a two-peer table, it never takes over.
    let two =
        Election::new(Succession::new(seat(0), &roster(&[1])), seat(1), seat(0), 1, (2, SeatSet::EMPTY), 0);
    assert_eq!(two.verdict(TWO_PEER_WAIT, held(0), NO_HOST), Verdict::Wait);
}

#[test]
fn four_peers_need_three() {
    let s = Succession::new(seat(0), &roster(&[1, 2, 3]));
    let mut e = Election::new(s, seat(3), seat(0), 1, (4, SeatSet::FULL), 0);
    e.heard(seat(2), held(0), 10);
    assert_eq!(e.verdict(20, held(0), NO_HOST), Verdict::Wait);
    e.heard(seat(1), held(0), 15);
    assert_eq!(e.verdict(20, held(0), NO_HOST), Verdict::Follow(seat(1)));
}

#[test]
fn the_guest_of_two_peers_takes_over_after_the_wait() {
    let s = Succession::new(seat(0), &roster(&[2]));
    let e = Election::new(s, seat(2), seat(0), 1, (2, SeatSet::FULL), 1_000);
    assert_eq!(e.verdict(1_000 + TWO_PEER_WAIT - 1, held(0), NO_HOST), Verdict::Wait);
    assert_eq!(e.verdict(1_000 + TWO_PEER_WAIT, held(0), NO_HOST), Verdict::Lead);
}

#[test]
fn the_guest_of_two_peers_takes_over_at_once_from_a_host_that_has_stopped() {
    let s = Succession::new(seat(0), &roster(&[2]));
    let mut e = Election::new(s.clone(), seat(2), seat(0), 1, (2, SeatSet::FULL), 1_000);
    assert_eq!(e.verdict(1_000, held(0), NO_HOST), Verdict::Wait);
    e.stopped(seat(0), 1_000);
    assert_eq!(e.verdict(1_000, held(0), NO_HOST), Verdict::Lead);
    // So from one caught lying.
    let mut liar = Election::new(s.clone(), seat(2), seat(0), 1, (2, SeatSet::FULL), 1_000);
    liar.give_up_on_host();
    assert_eq!(liar.verdict(1_000, held(0), NO_HOST), Verdict::Lead);
    // At three peers a majority is still asked for: the other guest may
    // hear the host, or host a branch of its own.
    let mut three = Election::new(s.clone(), seat(2), seat(0), 1, (3, SeatSet::FULL), 1_000);
    three.stopped(seat(0), 1_000);
    assert_eq!(three.verdict(1_000 + TWO_PEER_WAIT, held(0), NO_HOST), Verdict::Wait);
    let mut lying = Election::new(s, seat(2), seat(0), 1, (3, SeatSet::FULL), 1_000);
    lying.give_up_on_host();
    assert_eq!(lying.verdict(1_000 + TWO_PEER_WAIT, held(0), NO_HOST), Verdict::Wait);
}

#[test]
fn peers_that_stopped_are_counted_out_of_the_majority() {
    let s = Succession::new(seat(0), &roster(&[1, 2, 3]));
    // The host and both other guests stopped: the last one takes over.
    let mut last = Election::new(s.clone(), seat(3), seat(0), 1, (4, SeatSet::FULL), 0);
    for stopped in [0, 1, 2] {
        assert_eq!(last.verdict(60_000, held(0), NO_HOST), Verdict::Wait);
        last.stopped(seat(stopped), 0);
    }
    assert_eq!(last.verdict(0, held(0), NO_HOST), Verdict::Lead);
    // One guest started again and votes: two running, both needed, and
    // the first in the order leads.
    last.heard(seat(1), held(0), 10);
    assert_eq!(last.verdict(20, held(0), NO_HOST), Verdict::Follow(seat(1)));
    // The host stopped, three guests run: two of them are a majority.
    let mut three = Election::new(s.clone(), seat(3), seat(0), 1, (4, SeatSet::FULL), 0);
    three.stopped(seat(0), 0);
    assert_eq!(three.verdict(20, held(0), NO_HOST), Verdict::Wait);
    three.heard(seat(2), held(0), 10);
    assert_eq!(three.verdict(20, held(0), NO_HOST), Verdict::Follow(seat(2)));
    // The host out of reach but maybe running (with the other guest,
    // until that one stopped at the game's end, say): still a majority
    // of all three, however long it takes.
    let mut cut = Election::new(s, seat(3), seat(0), 1, (3, SeatSet::FULL), 0);
    cut.stopped(seat(1), 0);
    assert_eq!(cut.verdict(10 * TWO_PEER_WAIT, held(0), NO_HOST), Verdict::Wait);
    // A guest never counts itself out.
    cut.stopped(seat(0), 0);
    cut.stopped(seat(3), 0);
    assert_eq!(cut.verdict(0, held(0), NO_HOST), Verdict::Lead);
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
    assert_eq!(e.verdict(1_500, held(1), NO_HOST), Verdict::Follow(seat(0)), "both of the two still running");
    e.stopped(seat(0), 1_000 + VOTE_FRESH + 1);
    assert_eq!(
        e.verdict(1_000 + VOTE_FRESH + 1, held(1), NO_HOST),
        Verdict::Lead,
        "its votes stopped: so has it"
    );
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
