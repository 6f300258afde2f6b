//! A watcher: follows a running game without a seat. It asks the host to
//! watch, starts its replica from the host-signed snapshot (or from the
//! genesis under an elected host), and verifies every entry after it
//! exactly as a guest does, reporting `watching`, the entries and `over`.
//! It has no vote: when the host is lost it asks the table's other peers,
//! one of which the guests elect, to let it watch on from its head. It may
//! reserve a free or bot-held colour for the next game with the same
//! group; offered that seat, it plays on as a guest (`role::join`).

use std::time::{Duration, Instant};

use libp2p::PeerId;
use tracing::{debug, info, warn};

use super::guest::AGAIN_WITHIN;
use super::report::{Deed, Line, Places, PlayError, places};
use super::session::{LOST, Session, TICK};
use super::wire::Request;
use super::{NodeEvent, Ticket, ticket};
use crate::fair::{AppendError, EntryError, SignedEntry};
use crate::rules::{Colour, Rules, Seat};
use crate::table::{Answer, Beat, Denial, Offer, Record, Replica, Roster, ToGuest, ToHost, Watching};

/// How long each peer is given to answer a watcher looking for the host.
const ASK_WITHIN: Duration = Duration::from_secs(2);

/// How a watch ends.
pub(super) enum Watched {
    /// The game is over, and no seat of the next game is this watcher's.
    Over(Places),
    /// The host offers the colour this watcher reserved, in the next game
    /// with the same group: it takes the seat as a joiner takes one.
    Seated { host: PeerId, welcome: Answer },
}

/// The game as this watcher verified it, and where it comes from.
struct Follow {
    replica: Replica,
    roster: Roster,
    rules: Rules,
    host: PeerId,
    beat: Option<Beat>,
    last_heard: Instant,
    /// Said that the host is not answering, until it does.
    waiting: bool,
    /// The colour the host holds for this watcher in the next game.
    reserved: Option<Seat>,
    /// When this watcher learned the game was over.
    over_at: Option<Instant>,
}

/// Watches the table `host` runs, without a seat, until its game is over;
/// reserves `colour` for the next game, if given (a person reserves one
/// later through its deeds).
pub(super) async fn watch<O: FnMut(Line)>(
    session: &mut Session<O>,
    host: PeerId,
    colour: Option<Colour>,
) -> Result<Watched, PlayError> {
    let _ = session.client.keep(host, true).await;
    // Before the game begins there is nothing to watch: ask again.
    let watching = loop {
        let ask = ToHost::Watch { name: session.name.clone(), head: None };
        match session.client.send(host, Request::Host(ask)).await? {
            Answer::Watching(watching) => break watching,
            Answer::NotBegun => tokio::time::sleep(Duration::from_secs(1)).await,
            Answer::Refused(why) => return Err(PlayError::HostRefused(why)),
            other => return Err(PlayError::HostFault(format!("the host answered {other:?} to a watcher"))),
        }
    };
    let mut follow = Follow::start((*watching).clone(), host)?;
    session.report(Line::Watching { head: follow.replica.head().0, from: Some(watching) });
    if let Some(colour) = colour {
        let seat = follow.rules.seat_of(colour);
        follow.reserve(session, seat).await;
    }
    follow.run(session).await
}

impl Follow {
    /// Checks what the host sent: the genesis every seat signed, and the
    /// snapshot against it.
    fn start(watching: Watching, host: PeerId) -> Result<Follow, PlayError> {
        let Watching { genesis, roster, snapshot } = watching;
        let replica = match &snapshot {
            Some(snapshot) => Replica::from_snapshot(&genesis, snapshot)
                .map_err(|e| PlayError::HostFault(format!("the host's snapshot is refused: {e}")))?,
            None => Replica::new(&genesis)
                .map_err(|e| PlayError::HostFault(format!("the host's genesis is refused: {e}")))?,
        };
        let rules = replica.genesis().genesis().rules;
        Ok(Follow {
            replica,
            roster,
            rules,
            host,
            beat: None,
            last_heard: Instant::now(),
            waiting: false,
            reserved: None,
            over_at: None,
        })
    }

    async fn run<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Result<Watched, PlayError> {
        let mut ticker = tokio::time::interval(TICK);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            if let Some(places) = self.finished() {
                if self.over_at.is_none() {
                    self.over_at = Some(Instant::now());
                    session.report(Line::Over { places: places.clone() });
                }
                // With a colour reserved, the host's offer of it comes once
                // the end is settled, if it plays again.
                if self.reserved.is_none() || self.over_at.is_some_and(|t| t.elapsed() >= AGAIN_WITHIN) {
                    // Our last answer goes out before the network stops.
                    tokio::time::sleep(Duration::from_millis(300)).await;
                    return Ok(Watched::Over(places));
                }
            }
            tokio::select! {
                event = session.events.recv() => match event {
                    Some(NodeEvent::Request { peer, request: Request::Guest(ToGuest::Entries { beat, entries }), reply })
                        if peer == self.host =>
                    {
                        let answer = self.take(session, beat, entries)?;
                        reply.reply(answer);
                    }
                    Some(NodeEvent::Request { peer, request: Request::Guest(ToGuest::Again(offer)), reply })
                        if peer == self.host && self.reserved == Some(offer.seat) =>
                    {
                        reply.reply(Answer::Done);
                        let Offer { seat, nonce, chain_len } = offer;
                        let welcome = Answer::Welcome { seat, rules: self.rules, nonce, chain_len };
                        return Ok(Watched::Seated { host: peer, welcome });
                    }
                    Some(NodeEvent::Request { request: Request::Said(said), reply, .. }) => {
                        reply.reply(Answer::Done);
                        let colour = self.rules.colour_of(said.seat);
                        session.report(Line::Reaction { colour, seat: said.seat, reaction: said.reaction });
                    }
                    Some(NodeEvent::Request { reply, .. }) => reply.reply(Answer::Refused(Denial::OnlyWatches)),
                    Some(NodeEvent::PeerDisconnected { peer }) if peer == self.host => {
                        // Gone after the end: no next game to take a seat in.
                        if self.over_at.is_some() {
                            self.reserved = None;
                        }
                        // The host may be back in a moment: its beats will tell.
                        self.last_heard = self.last_heard.min(Instant::now() - LOST / 2);
                    }
                    Some(NodeEvent::Problem(why)) => warn!("{why}"),
                    Some(_) => {}
                    None => return Err(PlayError::NetworkStopped),
                },
                deed = Session::<O>::next_deed(&mut session.acts) => match deed {
                    Some(Deed::Reserve(seat)) => self.reserve(session, seat).await,
                    Some(_) => debug!("a watcher has no seat to act for"),
                    None => return Err(PlayError::StoppedWatching),
                },
                _ = ticker.tick() => {
                    if self.last_heard.elapsed() >= LOST && self.over_at.is_none() {
                        self.find_host(session).await?;
                    }
                }
            }
        }
    }

    /// Asks the host to hold `seat` for this watcher in the next game.
    async fn reserve<O: FnMut(Line)>(&mut self, session: &mut Session<O>, seat: Seat) {
        let colour = self.rules.colour_of(seat);
        let why = match session.client.send(self.host, Request::Host(ToHost::Reserve(seat))).await {
            Ok(Answer::Done) => {
                self.reserved = Some(seat);
                session.report(Line::Reserved { colour, seat });
                return;
            }
            Ok(Answer::Refused(why)) => why,
            Ok(other) => Denial::Unexpected(format!("the host answered {other:?}")),
            Err(e) => Denial::Unexpected(e.to_string()),
        };
        session.report(Line::NotReserved { colour, why });
    }

    /// Verifies the host's entries and reports them; answers with the head.
    fn take<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        beat: Beat,
        entries: Vec<SignedEntry<Record>>,
    ) -> Result<Answer, PlayError> {
        self.heard(session);
        self.beat = Some(beat);
        for entry in entries {
            let Ok(body) = entry.body.decode() else {
                return Err(PlayError::HostFault("the host sent an entry that does not decode".into()));
            };
            match self.replica.apply(entry.clone()) {
                Ok(_) => {
                    if let Record::Handover { epoch, host } = body.content {
                        session.report(Line::HostChanged {
                            epoch,
                            colour: self.rules.colour_of(host),
                            seat: host,
                        });
                    }
                    session.report(Line::Entry { seq: body.seq, record: body.content, signed: entry });
                }
                Err(AppendError::Entry(EntryError::Duplicate { .. })) => {}
                // Entries before this one are missing: our head says so.
                Err(AppendError::Entry(EntryError::OutOfOrder { .. })) => break,
                Err(e) => {
                    return Err(PlayError::HostFault(format!(
                        "the host's entry {} does not verify: {e}",
                        body.seq
                    )));
                }
            }
        }
        Ok(Answer::Holds(self.replica.position()))
    }

    fn heard<O: FnMut(Line)>(&mut self, session: &mut Session<O>) {
        self.last_heard = Instant::now();
        if std::mem::take(&mut self.waiting) {
            session.report(Line::Reconnected { head: self.replica.position().seq });
        }
    }

    /// The game's end, once this watcher holds it and the host says a
    /// majority of the table does.
    fn finished(&self) -> Option<Places> {
        let state = *self.replica.state();
        if !state.game.is_over() && state.closed.is_none() {
            return None;
        }
        let settled = self.beat.is_some_and(|b| b.settles(self.replica.position()));
        // A host gone after the end: nobody can sign more of the game.
        (settled || self.waiting).then(|| places(&state))
    }

    /// The host is not answering: asks the table's peers (one of whom the
    /// guests elect) to let this watcher watch on from its head. A colour
    /// reserved at the lost host is not held by the next.
    async fn find_host<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Result<(), PlayError> {
        if !std::mem::replace(&mut self.waiting, true) {
            session.report(Line::Waiting { why: "the host is not answering: looking for the table".into() });
        }
        self.reserved = None;
        let peers: Vec<Ticket> =
            self.roster.peers().filter_map(|(s, m)| ticket::reach(s, &m.reach)).collect();
        for ticket in peers {
            let peer = ticket.peer;
            let ask = ToHost::Watch { name: session.name.clone(), head: Some(self.replica.position()) };
            let client = &session.client;
            let asked = async {
                let _ = client.connect(ticket).await;
                client.send(peer, Request::Host(ask)).await
            };
            match tokio::time::timeout(ASK_WITHIN, asked).await {
                Ok(Ok(Answer::Done)) => {
                    info!(%peer, "watching on at the table's host");
                    self.host = peer;
                    self.heard(session);
                    let _ = session.client.keep(peer, true).await;
                    return Ok(());
                }
                Ok(Ok(Answer::Watching(watching))) => {
                    // It does not hold our head: its log is the table's.
                    *self = Follow::start(*watching, peer)?;
                    session.report(Line::Watching { head: self.replica.head().0, from: None });
                    let _ = session.client.keep(peer, true).await;
                    return Ok(());
                }
                Ok(Ok(other)) => debug!(%peer, "not the host: {other:?}"),
                Ok(Err(e)) => debug!(%peer, "not reached: {e}"),
                Err(_) => debug!(%peer, "no answer"),
            }
        }
        self.last_heard = Instant::now() - LOST + Duration::from_secs(1);
        Ok(())
    }
}
