//! A watcher's driver: follows a running game without a seat. It asks the
//! host to watch, starts its replica from the host-signed snapshot (or
//! from the genesis under an elected host), and verifies every entry after
//! it exactly as a guest does, reporting `watching`, the entries and
//! `over`. It has no vote: when the host is lost it asks the table's other
//! peers, one of which the guests elect, to let it watch on from its head.

use std::time::{Duration, Instant};

use libp2p::PeerId;
use tracing::{debug, info, warn};

use super::report::{Line, Places, PlayError, fail, places};
use super::role::{first_address, not_reached, reach};
use super::session::{Events, LOST, Report, TICK};
use super::wire::Request;
use super::{Client, Event, NodeConfig, Target, Ticket, spawn};
use crate::fair::{AppendError, EntryError, SignedEntry};
use crate::rules::Rules;
use crate::table::{Answer, Beat, Position, Record, Replica, Roster, ToGuest, ToHost, Watching};

/// How long each peer is given to answer a watcher looking for the host.
const ASK_WITHIN: Duration = Duration::from_secs(2);

/// How someone watches a table.
pub struct WatchPlan {
    pub target: Target,
    pub node: NodeConfig,
    /// Give up when the table cannot be reached within this.
    pub reach_within: Duration,
    /// The watcher's name, for the host's log.
    pub name: String,
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
}

/// Watches a table until its game is over; returns the places.
pub async fn watch(plan: WatchPlan, out: impl FnMut(Line)) -> Result<Places, PlayError> {
    let (client, mut raw) = spawn(plan.node)?;
    first_address(&mut raw).await?;
    let report = Report::new(out);
    let mut events = Events::new(raw, report.clone());
    let target = plan.target;
    let mut missed = None;
    let reached = tokio::time::timeout(plan.reach_within, reach(&client, &mut events, &target, &mut missed))
        .await
        .map_err(|_| PlayError(not_reached(&target, plan.reach_within, missed.as_ref())))??;
    let _ = client.keep(reached, true).await;
    // Before the game begins there is nothing to watch: ask again.
    let watching = loop {
        let ask = ToHost::Watch { name: plan.name.clone(), head: None };
        match client.send(reached, Request::Host(ask)).await? {
            Answer::Watching(watching) => break watching,
            Answer::NotBegun => tokio::time::sleep(Duration::from_secs(1)).await,
            Answer::Refused(why) => return fail(format!("the host refused: {why}")),
            other => return fail(format!("the host answered {other:?} to a watcher")),
        }
    };
    let mut follow = Follow::start((*watching).clone(), reached)?;
    report.say(Line::Watching { head: follow.replica.head().0, from: Some(watching) });
    follow.run(&client, &mut events, &report, &plan.name).await
}

impl Follow {
    /// Checks what the host sent: the genesis every seat signed, and the
    /// snapshot against it.
    fn start(watching: Watching, host: PeerId) -> Result<Follow, PlayError> {
        let Watching { genesis, roster, snapshot } = watching;
        let replica = match &snapshot {
            Some(snapshot) => Replica::from_snapshot(&genesis, snapshot)
                .map_err(|e| PlayError(format!("the host's snapshot is refused: {e}")))?,
            None => Replica::new(&genesis)
                .map_err(|e| PlayError(format!("the host's genesis is refused: {e}")))?,
        };
        let rules = replica.genesis().genesis().rules;
        Ok(Follow { replica, roster, rules, host, beat: None, last_heard: Instant::now(), waiting: false })
    }

    async fn run<O: FnMut(Line)>(
        &mut self,
        client: &Client,
        events: &mut Events<O>,
        report: &Report<O>,
        name: &str,
    ) -> Result<Places, PlayError> {
        let mut ticker = tokio::time::interval(TICK);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            if let Some(places) = self.finished() {
                report.say(Line::Over { places: places.clone() });
                // Our last answer goes out before the network stops.
                tokio::time::sleep(Duration::from_millis(300)).await;
                return Ok(places);
            }
            tokio::select! {
                event = events.recv() => match event {
                    Some(Event::Request { peer, request: Request::Guest(ToGuest::Entries { beat, entries }), reply })
                        if peer == self.host =>
                    {
                        let answer = self.take(report, beat, entries)?;
                        reply.reply(answer);
                    }
                    Some(Event::Request { request: Request::Said(said), reply, .. }) => {
                        reply.reply(Answer::Done);
                        let colour = self.rules.colour_of(said.seat);
                        report.say(Line::Reaction { colour, seat: said.seat, reaction: said.reaction });
                    }
                    Some(Event::Request { reply, .. }) => reply.reply(Answer::Refused("this peer only watches".into())),
                    Some(Event::PeerDisconnected { peer }) if peer == self.host => {
                        // The host may be back in a moment: its beats will tell.
                        self.last_heard = self.last_heard.min(Instant::now() - LOST / 2);
                    }
                    Some(Event::Problem(why)) => warn!("{why}"),
                    Some(_) => {}
                    None => return fail("the network stopped"),
                },
                _ = ticker.tick() => {
                    if self.last_heard.elapsed() >= LOST {
                        self.find_host(client, report, name).await?;
                    }
                }
            }
        }
    }

    /// Verifies the host's entries and reports them; answers with the head.
    fn take<O: FnMut(Line)>(
        &mut self,
        report: &Report<O>,
        beat: Beat,
        entries: Vec<SignedEntry<Record>>,
    ) -> Result<Answer, PlayError> {
        self.heard(report);
        self.beat = Some(beat);
        for entry in entries {
            let Ok(body) = entry.body.decode() else {
                return fail("the host sent an entry that does not decode");
            };
            match self.replica.apply(entry.clone()) {
                Ok(_) => {
                    if let Record::Handover { epoch, host } = body.content {
                        report.say(Line::HostChanged {
                            epoch,
                            colour: self.rules.colour_of(host),
                            seat: host,
                        });
                    }
                    report.say(Line::Entry { seq: body.seq, record: body.content, signed: entry });
                }
                Err(AppendError::Entry(EntryError::Duplicate { .. })) => {}
                // Entries before this one are missing: our head says so.
                Err(AppendError::Entry(EntryError::OutOfOrder { .. })) => break,
                Err(e) => return fail(format!("the host's entry {} does not verify: {e}", body.seq)),
            }
        }
        Ok(Answer::Holds(self.head()))
    }

    fn head(&self) -> Position {
        let (seq, hash) = self.replica.head();
        Position { seq, hash }
    }

    fn heard<O: FnMut(Line)>(&mut self, report: &Report<O>) {
        self.last_heard = Instant::now();
        if std::mem::take(&mut self.waiting) {
            report.say(Line::Reconnected { head: self.head().seq });
        }
    }

    /// The game's end, once this watcher holds it and the host says a
    /// majority of the table does.
    fn finished(&self) -> Option<Places> {
        let state = *self.replica.state();
        if !state.game.is_over() && state.closed.is_none() {
            return None;
        }
        let head = self.replica.head().0;
        let settled = self.beat.is_some_and(|b| b.settled >= head && b.head.seq == head);
        // A host gone after the end: nobody can sign more of the game.
        (settled || self.waiting).then(|| places(&state))
    }

    /// The host is not answering: asks the table's peers (one of whom the
    /// guests elect) to let this watcher watch on from its head.
    async fn find_host<O: FnMut(Line)>(
        &mut self,
        client: &Client,
        report: &Report<O>,
        name: &str,
    ) -> Result<(), PlayError> {
        if !std::mem::replace(&mut self.waiting, true) {
            report.say(Line::Waiting { why: "the host is not answering: looking for the table".into() });
        }
        let peers: Vec<Ticket> =
            self.roster.peers().filter_map(|(_, m)| m.reach.parse::<Ticket>().ok()).collect();
        for ticket in peers {
            let peer = ticket.peer;
            let ask = ToHost::Watch { name: name.to_owned(), head: Some(self.head()) };
            let asked = async {
                let _ = client.connect(ticket).await;
                client.send(peer, Request::Host(ask)).await
            };
            match tokio::time::timeout(ASK_WITHIN, asked).await {
                Ok(Ok(Answer::Done)) => {
                    info!(%peer, "watching on at the table's host");
                    self.host = peer;
                    self.heard(report);
                    let _ = client.keep(peer, true).await;
                    return Ok(());
                }
                Ok(Ok(Answer::Watching(watching))) => {
                    // It does not hold our head: its log is the table's.
                    *self = Follow::start(*watching, peer)?;
                    report.say(Line::Watching { head: self.replica.head().0, from: None });
                    let _ = client.keep(peer, true).await;
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
