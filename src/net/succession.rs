//! A guest whose host is lost (not heard for three beats, or caught
//! lying): it tells the other guests, keeps trying the host, and follows
//! the table's succession ([`crate::table::succession`]): with a majority
//! of the table's peers agreeing, the first of them in the order takes the
//! table over and the others follow it; with too few, it waits (and says
//! so once) rather than host alone.

use std::time::{Duration, Instant};

use libp2p::PeerId;
use tokio::sync::mpsc;
use tracing::{debug, info};

use super::guest::Follower;
use super::report::Line;
use super::session::{BEAT, Session};
use super::wire::Request;
use super::{NetError, Ticket};
use crate::fair::SignedEntry;
use crate::rules::Seat;
use crate::table::succession::{Election, Held, TAIL, VOTE_FRESH, Verdict, Vote};
use crate::table::{Answer, Millis, Record, ToPeer};

/// A guest still cut off after this says so (`waiting`), once.
const SAY_WAITING: Duration = Duration::from_secs(4);

/// What a guest knows while its host is lost.
pub struct Lost {
    election: Election,
    since: Instant,
    last_try: Option<Instant>,
    said_waiting: bool,
    /// The host lied: it is not tried again.
    deposed: bool,
    lead: bool,
    /// Who answered what: a rejoin (the lost host, or the elected one), or
    /// a vote (another guest).
    answers: mpsc::UnboundedReceiver<Answered>,
    answered: mpsc::UnboundedSender<Answered>,
}

/// What this guest asked a peer while its host is lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    /// To take it back (the lost host, or the elected one).
    Rejoin,
    /// To count its vote: the host is lost here too.
    Vote,
}

type Answered = (PeerId, Asked, Result<Answer, NetError>);

/// A vote that came while this guest still heard its host.
pub struct EarlyVote {
    seat: Seat,
    vote: Vote,
    /// The voter's newest entries.
    tail: Vec<SignedEntry<Record>>,
    at: Millis,
}

impl Follower {
    /// The host is lost (or `deposed` for lying): start electing.
    pub fn lose_host<O: FnMut(Line)>(&mut self, session: &mut Session<O>, deposed: bool) {
        let (Some(replica), Some(succession)) = (self.guest.replica(), self.succession()) else { return };
        let state = *replica.state();
        let (lost, epoch) = self.branch().at_loss(state.epoch, state.host);
        let now = session.now();
        let mut election =
            Election::new(succession, self.guest.seat(), lost, epoch, self.guest.electorate(lost), now);
        if deposed {
            // A host caught lying is not waited for.
            election.give_up_on_host();
        } else {
            info!(host = %self.host, "the host is not answering");
        }
        session.drop_connections(self.host);
        let (answered, answers) = mpsc::unbounded_channel();
        self.lost = Some(Lost {
            election,
            since: Instant::now(),
            last_try: None,
            said_waiting: false,
            deposed,
            lead: false,
            answers,
            answered,
        });
        for early in std::mem::take(&mut self.early_votes) {
            self.count_vote(session, Some(early.seat), early.vote, early.tail, early.at);
        }
    }

    /// Once a beat while the host is lost: vote, try the host and the
    /// elected peer, and act on the verdict.
    pub async fn electing<O: FnMut(Line)>(&mut self, session: &mut Session<O>) {
        let now = session.now();
        // Answers to our rejoins (the host is back, or the elected host took
        // us) and to our votes (who still runs).
        while let Some((peer, asked, answer)) = self.lost.as_mut().and_then(|l| l.answers.try_recv().ok()) {
            let seat = match &self.lost {
                Some(lost) if peer == self.host => Some(lost.election.lost),
                _ => self.seat_of(peer),
            };
            match (asked, answer) {
                (Asked::Rejoin, Ok(Answer::Done)) if peer == self.host => {
                    self.taken_back(session);
                    self.back(session);
                }
                (Asked::Rejoin, Ok(Answer::Done)) => {
                    info!(%peer, "following the elected host");
                    self.follow(peer);
                    self.taken_back(session);
                }
                (_, Err(NetError::NotListening(why))) => {
                    info!(%peer, "a peer's program has stopped: {why}");
                    if let (Some(lost), Some(seat)) = (&mut self.lost, seat) {
                        lost.election.stopped(seat, now);
                    }
                }
                (Asked::Vote, Ok(_)) => {
                    if let (Some(lost), Some(seat)) = (&mut self.lost, seat) {
                        lost.election.alive(seat);
                    }
                }
                (asked, Ok(other)) => debug!(%peer, "{asked:?} answered {other:?}"),
                (asked, Err(e)) => debug!(%peer, "{asked:?} not answered: {e}"),
            }
        }
        let Some(lost) = &mut self.lost else { return };
        if lost.last_try.is_some_and(|t| t.elapsed() < BEAT) {
            return;
        }
        lost.last_try = Some(Instant::now());
        let (epoch, deposed, lost_seat) = (lost.election.epoch, lost.deposed, lost.election.lost);
        // A vote's tail may have brought the lost host's term, or the start
        // entry, since the last beat: the verdict and the vote read the log
        // as it is now.
        let holds = self.guest.replica().map_or(0, |r| r.state().epoch);
        let seats = self.guest.electorate(lost_seat);
        if lost.election.reseat(seats) {
            info!(peers = seats.0, "the log read again seats other peers than at the loss");
        }
        let own = Held { term: holds, head: self.guest.head().seq };
        let verdict = lost.election.verdict(now, own, self.other_host);
        let waiting = verdict == Verdict::Wait && lost.since.elapsed() >= SAY_WAITING && !lost.said_waiting;
        if waiting {
            lost.said_waiting = true;
        }
        let vote = ToPeer::Lost { vote: Vote { epoch, holds }, tail: self.guest.tail(TAIL) };
        for (_, ticket) in self.other_guests() {
            self.ask(session, ticket.peer, Some(ticket), Asked::Vote, Request::Peer(vote.clone()));
        }
        let host = self.host;
        if !deposed {
            let ticket = self.ticket_of(lost_seat).filter(|t| t.peer == host);
            self.ask(session, host, ticket, Asked::Rejoin, Request::Host(self.rejoin()));
        }
        match verdict {
            Verdict::Lead => {
                if let Some(lost) = &mut self.lost {
                    lost.lead = true;
                }
            }
            Verdict::Follow(seat) => {
                if let Some(ticket) = self.ticket_of(seat) {
                    let peer = ticket.peer;
                    self.ask(session, peer, Some(ticket), Asked::Rejoin, Request::Host(self.rejoin()));
                }
            }
            Verdict::Wait => {
                if waiting {
                    let why = if deposed {
                        "the host was caught lying, and too few players are here to choose the next host"
                    } else {
                        "the host cannot be reached, and too few players are here to choose the next host"
                    };
                    session.report(Line::Waiting { why: why.into() });
                }
            }
        }
    }

    /// Sends `peer` a rejoin or a vote, dialing it first at its `ticket`
    /// from the roster, else at the addresses the network learned of it;
    /// the answer comes through the lost state. A refused dial comes back
    /// as the answer: the program has stopped.
    fn ask<O: FnMut(Line)>(
        &self,
        session: &Session<O>,
        peer: PeerId,
        ticket: Option<Ticket>,
        asked: Asked,
        request: Request,
    ) {
        let Some(lost) = &self.lost else { return };
        let (client, answered) = (session.client.clone(), lost.answered.clone());
        let ticket = ticket.unwrap_or_else(|| Ticket::new(peer, []));
        tokio::spawn(async move {
            if let Err(e @ NetError::NotListening(_)) = client.connect(ticket).await {
                let _ = answered.send((peer, asked, Err(e)));
                return;
            }
            let answer = client.send(peer, request).await;
            let _ = answered.send((peer, asked, answer));
        });
    }

    /// The lost host answered again: back at the table.
    pub fn back<O: FnMut(Line)>(&mut self, session: &mut Session<O>) {
        let Some(lost) = self.lost.take() else { return };
        if lost.deposed {
            self.lost = Some(lost);
            return;
        }
        info!("the host is back");
        self.last_heard = Instant::now();
        self.dropped = false;
        if !self.rejoining {
            session.report(Line::Reconnected { head: self.guest.head().seq });
        }
        self.guest.offer_again();
        self.owe(session);
    }

    /// Another guest reports that it lost the host too, with its newest
    /// entries: counted, and the entries this guest lacks are verified.
    /// Still hearing the host, the vote and its entries wait: they count
    /// if this guest loses the host too, soon (a guest that led without
    /// them could hold too little of the log to take the table over).
    pub fn heard_lost<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        seat: Option<Seat>,
        vote: Vote,
        tail: Vec<SignedEntry<Record>>,
    ) {
        let now = session.now();
        if self.lost.is_some() {
            self.count_vote(session, seat, vote, tail, now);
        } else if let Some(seat) = seat {
            self.early_votes.retain(|v| v.seat != seat && now.saturating_sub(v.at) <= VOTE_FRESH);
            self.early_votes.push(EarlyVote { seat, vote, tail, at: now });
        }
    }

    /// Counts a vote that came `at`, for this election's term, and takes
    /// the entries of its tail that this guest lacks.
    fn count_vote<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        seat: Option<Seat>,
        vote: Vote,
        tail: Vec<SignedEntry<Record>>,
        at: Millis,
    ) {
        let Some(lost) = &mut self.lost else { return };
        if lost.election.epoch != vote.epoch {
            return;
        }
        if let Some(seat) = seat {
            // The voter's head is its tail's newest entry. A voter that
            // claims a longer log than it holds can only put itself first;
            // as host it is checked like any other.
            let head = tail.last().and_then(|e| e.body.decode().ok()).map_or(0, |b| b.seq);
            lost.election.heard(seat, Held { term: vote.holds, head }, at);
        }
        let (head, now) = (self.guest.head().seq, session.now());
        for entry in tail {
            let void = self.void_from;
            let newer = entry.body.decode().is_ok_and(|b| b.seq > head && void.is_none_or(|v| b.seq < v));
            if !newer {
                continue;
            }
            if let Err(e) = self.take(session, entry, now) {
                debug!("a peer's entry was not taken: {e}");
                break;
            }
        }
    }

    /// This guest was elected: the term it takes the table over for.
    pub fn elected<O: FnMut(Line)>(&mut self, _session: &mut Session<O>) -> Option<u32> {
        let lost = self.lost.as_ref().filter(|l| l.lead)?;
        let epoch = lost.election.epoch;
        self.lost = None;
        Some(epoch)
    }
}
