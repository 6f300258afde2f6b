//! The guest's driver: finds the table, takes a seat, and follows the host.
//! Every entry is verified by the guest's replica before it is reported;
//! each answer to the host names the guest's head, so the host sends what
//! is missing whichever connection carried what. The guest's own messages
//! (its reveals, its acts) go one at a time, in order, and are offered
//! again when the host's heartbeat shows they were lost. Guests tell each
//! other their signed heads and reveals, so a lying host is caught. A host
//! not heard for three beats is lost: see `succession` for what follows.

mod log;
mod peers;
mod seat;

pub(super) use seat::{ask, take_seat};

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use futures::{FutureExt, StreamExt, future::BoxFuture, stream::FuturesUnordered};
use libp2p::PeerId;
use tracing::{debug, info, warn};

use super::report::{Line, Places, PlayError, places};
use super::session::{BEAT, LOST, Session, TICK};
use super::succession::{EarlyVote, Lost};
use super::wire::Request;
use super::{NetError, NodeEvent, Ticket, ticket};
use crate::fair::SignedReveal;
use crate::rules::{Rules, Seat};
use crate::table::succession::{Branch, OtherHost, Succession, TAIL};
use crate::table::{Again, Answer, Beat, Denial, Guest, GuestError, Offer, ToGuest, ToHost, ToPeer};

/// How long a guest told that another game follows waits for its seat in
/// it after the end.
pub(super) const AGAIN_WITHIN: Duration = Duration::from_secs(30);

/// Before the game, how long a guest whose connection to the host dropped
/// tries to reach it again before it takes the host for gone: longer than
/// the host keeps its seat for it (`host::BACK_WITHIN`), so that the host's
/// answer, not this clock, says when the seat was given away.
pub(super) const HOST_BACK_WITHIN: Duration = Duration::from_secs(20);

/// How following a host ended.
pub enum Followed {
    /// The game is over; `again`: the host offered this guest a seat in
    /// the next game with the same group.
    Over { places: Places, again: Option<(PeerId, Offer)> },
    /// This guest was elected: it takes the table over for `epoch`.
    Lead { epoch: u32 },
}

type ToHostSend = BoxFuture<'static, (ToHost, u64, Result<Answer, NetError>)>;

/// A guest following a host: its seat, its verified log, its messages.
pub struct Follower {
    pub guest: Guest,
    pub host: PeerId,
    pub rules: Rules,
    /// The host's newest heartbeat.
    pub beat: Option<Beat>,
    pub last_heard: Instant,
    queue: VecDeque<(ToHost, u64)>,
    sending: Option<ToHostSend>,
    peer_sends: FuturesUnordered<BoxFuture<'static, ()>>,
    last_heads: Option<Instant>,
    /// The roll this guest last told its peers its link for.
    told_reveal: u32,
    /// Peers' reveals to pass on to the host if their roll is still
    /// pending after `peers::PASS_ON`, with when each came.
    passing: Vec<(SignedReveal, Instant)>,
    /// While the host is lost.
    pub lost: Option<Lost>,
    /// Votes of peers that lost the host before this guest did: they
    /// count if it does within
    /// [`VOTE_FRESH`](crate::table::succession::VOTE_FRESH). A peer elected
    /// on one round of votes votes no more.
    pub(super) early_votes: Vec<EarlyVote>,
    /// The newest term another host beat at this guest for: an election
    /// does not lead a term that has a host.
    pub(super) other_host: OtherHost,
    /// The branch of the host this guest follows, as that host's guests
    /// told it, until the host's own heartbeat does: a host started again
    /// steps down to the term its guests elected, and may lose that host
    /// before its entries come.
    pub following: Option<Branch>,
    /// The bot's first act waits this long (a slow player), once.
    think: Option<Duration>,
    holding: Option<Instant>,
    /// A message to the host was lost: the next goes after this, so that a
    /// host that cannot be reached is not dialed as fast as dials fail.
    retry_at: Option<Instant>,
    last_owed: Instant,
    /// The entry that ended the game, once reported.
    over: Option<Places>,
    /// Started again after a restart: the first host to take this guest
    /// back is reported (`rejoined`).
    pub rejoining: bool,
    /// The connection to the host dropped: its next message is reported
    /// (`reconnected`).
    pub dropped: bool,
    /// The host signed two entries at this place: neither, nor anything
    /// after them in its term, is the table's (until the next host's term).
    pub void_from: Option<u64>,
    /// Whether the group plays on after this game.
    again: Again,
    /// The seat the host offered in that game, once it did.
    offer: Option<Offer>,
    /// When this guest reported the end.
    over_at: Option<Instant>,
    /// The commitment that holds this guest's seat before the game: sent
    /// again when the connection to the host drops then (a lossy link
    /// closes connections whose requests time out), and the host's answer
    /// says whether the seat is still held.
    pub commit: Option<ToHost>,
    /// Before the game: since when the connection to the host is down.
    host_away: Option<Instant>,
}

impl Follower {
    pub fn new(guest: Guest, host: PeerId, rules: Rules, think: Option<Duration>) -> Follower {
        Follower {
            guest,
            host,
            rules,
            beat: None,
            last_heard: Instant::now(),
            queue: VecDeque::new(),
            sending: None,
            peer_sends: FuturesUnordered::new(),
            last_heads: None,
            told_reveal: 0,
            passing: Vec::new(),
            lost: None,
            think,
            holding: None,
            retry_at: None,
            last_owed: Instant::now(),
            over: None,
            rejoining: false,
            dropped: false,
            void_from: None,
            again: Again::No,
            offer: None,
            over_at: None,
            commit: None,
            host_away: None,
            early_votes: Vec::new(),
            other_host: OtherHost::default(),
            following: None,
        }
    }

    /// The peers of the roster other than this guest, by seat: the table's
    /// creator too, which follows like a guest once it came back to a table
    /// another peer took over, and then votes when that host is lost.
    pub fn peers(&self) -> Vec<(Seat, Ticket)> {
        let Some(roster) = self.guest.roster() else { return Vec::new() };
        roster
            .peers()
            .filter(|&(s, _)| s != self.guest.seat())
            .filter_map(|(s, m)| ticket::reach(s, &m.reach).map(|t| (s, t)))
            .collect()
    }

    /// [`Follower::peers`] but the host's peer: the others following it
    /// (an elected host is in the roster too).
    pub fn other_guests(&self) -> Vec<(Seat, Ticket)> {
        let host = self.host;
        self.peers().into_iter().filter(|(_, t)| t.peer != host).collect()
    }

    /// The roster's seat of `peer`, if it is another peer's.
    pub fn seat_of(&self, peer: PeerId) -> Option<Seat> {
        self.peers().into_iter().find(|(_, t)| t.peer == peer).map(|(s, _)| s)
    }

    /// The ticket the roster gives for the peer at `seat` (the creator's
    /// included).
    pub fn ticket_of(&self, seat: Seat) -> Option<Ticket> {
        let member = self.guest.roster()?.member(seat)?;
        ticket::reach(seat, &member.reach)
    }

    /// Whether the group plays on after this game, as the host said.
    pub fn again(&self) -> Again {
        self.again
    }

    /// The succession of this table.
    pub fn succession(&self) -> Option<Succession> {
        let replica = self.guest.replica()?;
        Some(Succession::new(replica.creator(), self.guest.roster()?))
    }

    /// Follows the host until the game is over, or this guest is elected.
    pub async fn run<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Result<Followed, PlayError> {
        let mut ticker = tokio::time::interval(TICK);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            if let Some(places) = self.finished(session) {
                // Told another game follows: this guest stays for its seat.
                let waited = self.over_at.is_some_and(|t| t.elapsed() >= AGAIN_WITHIN);
                if !self.again.stays() || self.offer.is_some() || waited {
                    self.finish(session).await;
                    let again = self.offer.take().map(|offer| (self.host, offer));
                    return Ok(Followed::Over { places, again });
                }
            } else if let Some(epoch) = self.elected(session) {
                return Ok(Followed::Lead { epoch });
            }
            self.send_next(session);
            let sending = async {
                match &mut self.sending {
                    Some(f) => f.await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                event = session.events.recv() => match event {
                    Some(event) => self.on_event(event, session).await?,
                    None => return Err(PlayError::NetworkStopped),
                },
                (message, at, answer) = sending => {
                    self.sending = None;
                    self.on_sent(session, message, at, answer)?;
                }
                Some(()) = self.peer_sends.next(), if !self.peer_sends.is_empty() => {}
                _ = ticker.tick() => self.on_tick(session).await?,
                deed = Session::<O>::next_deed(&mut session.acts) => match deed {
                    Some(super::Deed::Act(act)) => {
                        let at = self.guest.head().seq;
                        for message in self.guest.act(act) {
                            self.queue.push_back((message, at));
                        }
                    }
                    Some(super::Deed::React(reaction)) => {
                        let (client, host) = (session.client.clone(), self.host);
                        self.peer_sends.push(async move {
                            if let Err(e) = client.send(host, Request::React(reaction)).await {
                                debug!("a reaction was lost: {e}");
                            }
                        }.boxed());
                    }
                    Some(super::Deed::Pause | super::Deed::Resume | super::Deed::Close | super::Deed::BotInstead(_) | super::Deed::Rematch | super::Deed::Reserve(_)) => {
                        debug!("only the host steers the table");
                    }
                    // The person left the podium: no next game for this seat.
                    None if self.over.is_some() => self.again = Again::No,
                    None => return Err(PlayError::Left),
                },
            }
        }
    }

    /// The game's end, once this guest holds it and the host says a
    /// majority does.
    fn finished<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Option<Places> {
        if let Some(places) = &self.over {
            return Some(places.clone());
        }
        let replica = self.guest.replica()?;
        let state = *replica.state();
        if !state.game.is_over() && state.closed.is_none() {
            return None;
        }
        let head = self.guest.head();
        let settled = self.beat.is_some_and(|b| b.settles(head));
        // A host gone after the end leaves this guest with the whole game:
        // nobody can sign more of it. Not so an end on a branch the host's
        // term replaced (a host that stepped down, then lost its new host
        // before that host's entries came): it waits for the table's log.
        let replaced = self.branch().replaced(state.epoch, head.seq);
        if !settled && (self.lost.is_none() || replaced) {
            return None;
        }
        let places = places(&state);
        session.report(Line::Over { places: places.clone() });
        let guest = &self.guest;
        session.game_over(|| guest.proof());
        self.over = Some(places.clone());
        self.over_at = Some(Instant::now());
        Some(places)
    }

    /// Lets the last answers go out before the network stops.
    async fn finish<O>(&mut self, _session: &mut Session<O>) {
        let rest = async {
            if let Some(sending) = self.sending.take() {
                let _ = sending.await;
            }
            while self.peer_sends.next().await.is_some() {}
        };
        let _ = tokio::time::timeout(Duration::from_secs(2), rest).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
    }

    /// Sends the next queued message to the host, one at a time.
    fn send_next<O: FnMut(Line)>(&mut self, session: &Session<O>) {
        if self.sending.is_some() || self.lost.is_some() || self.retry_at.is_some_and(|t| Instant::now() < t)
        {
            return;
        }
        // A slow player's intents wait; its dice links and rejoins do not
        // (the table's rolls need them while the player thinks).
        let hold = self.holding.is_some_and(|until| Instant::now() < until);
        let next = self.queue.iter().position(|(m, _)| !(hold && matches!(m, ToHost::Intent { .. })));
        let Some((message, at)) = next.and_then(|i| self.queue.remove(i)) else { return };
        if let ToHost::Intent { .. } = message {
            self.guest.wait_from(session.now());
        }
        let (client, host) = (session.client.clone(), self.host);
        let request = Request::Host(message.clone());
        // A host away before the game is dialed first: a refused dial
        // says that its program has stopped.
        let dial = self.host_away.is_some().then(|| Ticket::new(host, []));
        self.sending = Some(
            async move {
                if let Some(ticket) = dial
                    && let Err(e @ NetError::NotListening(_)) = client.connect(ticket).await
                {
                    return (message, at, Err(e));
                }
                (message, at, client.send(host, request).await)
            }
            .boxed(),
        );
    }

    fn on_sent<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        message: ToHost,
        at: u64,
        answer: Result<Answer, NetError>,
    ) -> Result<(), PlayError> {
        match (answer, &message) {
            // Still seated (or the game began: the sealed genesis is on
            // its way again, see `take_entries`).
            (Ok(Answer::Done | Answer::Refused(Denial::Begun)), ToHost::Commit { .. }) => {
                self.host_away = None;
                self.last_heard = Instant::now();
            }
            // Given up on while out of reach before the game: the same seat
            // is asked for again, and taken with the same commitment.
            (Ok(Answer::Refused(Denial::OfferLapsed)), ToHost::Commit { seat, .. }) => {
                self.push(ToHost::Join { name: session.name.clone(), colour: Some(*seat) });
            }
            (Ok(Answer::Welcome { seat, .. }), ToHost::Join { .. }) if seat == self.guest.seat() => {
                if let Some(commit) = self.commit.clone() {
                    self.push(commit);
                }
            }
            (Ok(Answer::Welcome { .. }), ToHost::Join { .. }) => return Err(PlayError::TableFilled),
            (Ok(Answer::Refused(why)), ToHost::Commit { .. } | ToHost::Join { .. }) => {
                return Err(PlayError::HostRefused(why));
            }
            (Err(NetError::NotListening(_)), _) if self.host_away.is_some() => {
                return Err(PlayError::HostLeft);
            }
            (Ok(Answer::Refused(why)), ToHost::Intent { act, .. }) => {
                session.report(Line::Refused { act: *act, why });
            }
            (Ok(Answer::Refused(why)), _) => debug!("the host refused {message:?}: {why}"),
            (Ok(Answer::Done), ToHost::Rejoin { .. }) => {
                self.last_heard = Instant::now();
                self.taken_back(session);
            }
            (Ok(Answer::Done), ToHost::Reveal(reveal)) => {
                self.last_heard = Instant::now();
                if let Err(GuestError::Lie(found)) = self.guest.delivered(reveal) {
                    self.caught(session, *found);
                }
            }
            (Ok(_), _) => self.last_heard = Instant::now(),
            // Lost on the way: sent again while the position stands.
            (Err(e), _) if at == self.guest.head().seq => {
                debug!("a message to the host was lost ({e}); sending it again");
                self.queue.push_front((message, at));
                self.retry_at = Some(Instant::now() + TICK);
            }
            (Err(e), _) => debug!("a message to the host was lost: {e}"),
        }
        Ok(())
    }

    /// A host took this guest back after a restart: said once.
    pub fn taken_back<O: FnMut(Line)>(&mut self, session: &mut Session<O>) {
        if std::mem::take(&mut self.rejoining) {
            let colour = self.rules.colour_of(self.guest.seat());
            session.report(Line::Rejoined { colour, head: self.guest.head().seq });
        }
    }

    /// Queues what this guest owes the table now, and tells its peers its
    /// reveal (so a host that claims it never came is caught).
    pub fn owe<O: FnMut(Line)>(&mut self, session: &Session<O>) {
        let at = self.guest.head().seq;
        for message in self.guest.owed() {
            if let ToHost::Intent { .. } = message
                && let Some(think) = self.think.take()
            {
                self.holding = Some(Instant::now() + think);
            }
            self.queue.push_back((message, at));
        }
        self.last_owed = Instant::now();
        let revealed = self.guest.last_reveal().cloned();
        if let Some(reveal) = revealed {
            let k = reveal.body.decode().map_or(0, |r| r.k);
            if k > self.told_reveal {
                self.told_reveal = k;
                self.tell_peers(session, ToPeer::Reveal(reveal));
            }
        }
    }

    async fn on_event<O: FnMut(Line)>(
        &mut self,
        event: NodeEvent,
        session: &mut Session<O>,
    ) -> Result<(), PlayError> {
        match event {
            NodeEvent::Request { peer, request: Request::Guest(message), reply } => {
                let answer = self.on_host_message(session, peer, message);
                reply.reply(answer);
            }
            NodeEvent::Request { peer, request: Request::Peer(message), reply } => {
                reply.reply(Answer::Done);
                self.on_peer_message(session, peer, message);
            }
            NodeEvent::Request { request: Request::Said(said), reply, .. } => {
                reply.reply(Answer::Done);
                if said.seat != self.guest.seat() {
                    let colour = self.rules.colour_of(said.seat);
                    session.report(Line::Reaction { colour, seat: said.seat, reaction: said.reaction });
                }
            }
            NodeEvent::Request { reply, .. } => {
                // A peer that saw the host go before we did: it asks again.
                reply.reply(Answer::Refused(Denial::NotHosting));
            }
            NodeEvent::PeerDisconnected { peer } if peer == self.host => {
                if self.guest.replica().is_none() {
                    // Before the game: a lossy link, or the host leaving.
                    // The commitment goes again and tells which.
                    let Some(commit) = self.commit.clone() else { return Err(PlayError::HostLeft) };
                    if self.host_away.is_none() {
                        self.host_away = Some(Instant::now());
                        self.push(commit);
                    }
                    return Ok(());
                }
                // Gone after the end: no other game follows.
                if self.over.is_some() && self.offer.is_none() {
                    self.again = Again::No;
                }
                // The host may be back in a moment: its beats will tell.
                self.last_heard = self.last_heard.min(Instant::now() - LOST / 2);
                self.dropped = true;
            }
            NodeEvent::Problem(why) => warn!("{why}"),
            _ => {}
        }
        Ok(())
    }

    /// A host's message: ours, or the host of another branch.
    fn on_host_message<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        peer: PeerId,
        message: ToGuest,
    ) -> Answer {
        if session.shunned.contains(&peer) {
            return Answer::Refused(Denial::CaughtLying);
        }
        if peer != self.host {
            let ToGuest::Entries { beat, .. } = &message else {
                return Answer::Refused(Denial::FollowsAnother);
            };
            if !self.prefers(beat) {
                self.other_host.beat(beat.branch.epoch, session.now());
                return Answer::Follows(self.branch());
            }
            info!(%peer, epoch = beat.branch.epoch, "the table follows another branch: following its host");
            self.follow(peer);
        } else if self.lost.is_some() {
            self.back(session);
        } else if self.host_away.take().is_some() {
            debug!("the host is back before the game");
        } else if std::mem::take(&mut self.dropped) && !self.rejoining {
            session.report(Line::Reconnected { head: self.guest.head().seq });
        }
        match message {
            ToGuest::Sign(genesis) => match self.guest.sign(&genesis) {
                Ok(sig) => {
                    self.queue.push_back((ToHost::Signed(sig), 0));
                    Answer::Done
                }
                Err(e) => Answer::Refused(Denial::Unexpected(e.to_string())),
            },
            ToGuest::Sealed { genesis, roster, again } => match self.guest.seal(&genesis, roster.clone()) {
                Ok(()) => {
                    self.again = again;
                    session.report(Line::Sealed { genesis, roster: roster.clone() });
                    if let Some(keep) = &mut session.keep {
                        keep.game.game_id = self.guest.genesis().map(|g| g.game_id()).unwrap_or_default();
                        keep.game.roster = roster;
                        keep.save_game();
                    }
                    self.last_heard = Instant::now();
                    self.owe(session);
                    Answer::Done
                }
                Err(e) => Answer::Refused(Denial::Unexpected(e.to_string())),
            },
            ToGuest::Entries { beat, entries } => self.take_entries(session, beat, entries),
            ToGuest::Again(offer) if self.over.is_some() => {
                self.offer = Some(offer);
                Answer::Done
            }
            ToGuest::Again(_) => Answer::Refused(Denial::NotOver),
        }
    }

    /// The branch this guest is on, as its host last told it (or, before
    /// it did, the guests that sent this guest to it).
    pub fn branch(&self) -> Branch {
        if let Some(branch) = self.beat.map(|b| b.branch).or(self.following) {
            return branch;
        }
        let state = self.guest.replica().map(|r| *r.state());
        let (epoch, host) = state.map_or((0, Seat::ALL[0]), |s| (s.epoch, s.host));
        Branch { epoch, host, since: 1, members: 1, counted: 1 }
    }

    /// Whether to follow the host of `beat` instead of ours. The hosts weigh
    /// their branches (each guest tells the other host whom it follows); a
    /// guest switches by itself only when its own host is lost.
    fn prefers(&self, beat: &Beat) -> bool {
        let (theirs, ours) = (beat.branch, self.branch());
        match (&self.lost, self.succession()) {
            (Some(_), Some(s)) => theirs.epoch > ours.epoch || s.prefers(&theirs, &ours) == Some(true),
            _ => false,
        }
    }

    /// Follows `host` from now on.
    pub fn follow(&mut self, host: PeerId) {
        self.host = host;
        self.lost = None;
        // A new host is not a reconnection: `host_changed` says it.
        self.dropped = false;
        // Its term signs the places the deposed host had voided.
        self.void_from = None;
        self.beat = None;
        self.following = None;
        self.last_heard = Instant::now();
        self.queue.clear();
        self.sending = None;
        self.guest.another_host();
    }

    async fn on_tick<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Result<(), PlayError> {
        let now = Instant::now();
        if self.host_away.is_some_and(|t| now.duration_since(t) >= HOST_BACK_WITHIN) {
            return Err(PlayError::HostLeft);
        }
        // Before the game the host does not beat (it may wait a long time
        // for the other seats): only its leaving ends the wait. Nor after
        // the end, while it sets the next game up.
        if self.guest.replica().is_none() || self.over.is_some() {
            return Ok(());
        }
        if self.lost.is_none() && now.duration_since(self.last_heard) >= LOST {
            self.lose_host(session, false);
        }
        // In touch: the host was heard within two beats (it may not hear us
        // either otherwise) and its beat is not ahead of our head (it has
        // rolled on; its entries are on their way). Judged every tick, so
        // that the wait starts again while electing too.
        let behind = self.beat.is_some_and(|b| b.head.seq > self.guest.head().seq);
        let in_touch = !behind && now.duration_since(self.last_heard) < 2 * BEAT;
        let stalled = self.guest.stalled(session.now(), in_touch);
        // Heads to the peers, about once a beat; still while electing, so a
        // peer that the host kept on another log sees the fork too.
        if self.last_heads.is_none_or(|t| now.duration_since(t) >= BEAT) {
            self.last_heads = Some(now);
            if let Some(head) = self.guest.signed_head() {
                self.tell_peers(session, head);
            }
        }
        if self.lost.is_some() {
            self.electing(session).await;
            return Ok(());
        }
        self.pass_on(now);
        // Our own act not yet sent: nothing of the host's is late.
        let acting = self.queue.iter().any(|(m, _)| matches!(m, ToHost::Intent { .. }));
        if let Some(found) = stalled.filter(|_| !acting) {
            self.caught(session, found);
            return Ok(());
        }
        // What the host's beat shows was lost is offered again.
        let stuck = self.beat.is_some_and(|b| b.head.seq == self.guest.head().seq);
        if stuck
            && self.queue.is_empty()
            && self.sending.is_none()
            && now.duration_since(self.last_owed) >= BEAT
        {
            self.guest.offer_again();
            self.owe(session);
        }
        if let Some(keep) = &mut session.keep {
            let guest = &self.guest;
            keep.save_log(|| guest.proof(), false);
        }
        Ok(())
    }

    /// The message that brings this guest back to a host.
    pub fn rejoin(&self) -> ToHost {
        // The entries the host may lack: those after the head it last beat
        // (a host started again from an older save), else the newest.
        let tail = match self.beat {
            Some(beat) => self.guest.after(beat.head.seq, TAIL),
            None => self.guest.tail(TAIL),
        };
        ToHost::Rejoin { head: self.guest.head(), tail }
    }

    /// A message for the host (a commitment, a rejoin), kept in order.
    pub fn push(&mut self, message: ToHost) {
        let at = self.guest.head().seq;
        self.queue.push_back((message, at));
    }
}
