//! The host's driver: a [`Table`] whose empty seats wait for guests, then
//! the game, carried to every guest. Before the game a seat is offered to
//! each joiner and held only once the joiner commits its dice chain (and
//! kept for a while if its connection drops: `BACK_WITHIN`). In
//! the game the host sends each guest the entries it lacks, one batch in
//! flight at a time, and beats every second; each answer names the
//! guest's head, so nothing is lost whichever connection carried it. A
//! guest not heard for three beats is away (its connections are closed
//! and dialled afresh). The game's end is reported once a majority of the
//! table holds it; the host then waits for the rest (for how long: `end.rs`).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use futures::{FutureExt, StreamExt, future::BoxFuture, stream::FuturesUnordered};
use libp2p::PeerId;
use tracing::{debug, info, warn};

use super::limits::{PLAYER_REACTIONS, RateLimiter};
use super::report::{Deed, Line, Places, PlayError, places};
use super::session::{BEAT, LOST, Session, TICK};
use super::wire::{Kind, Request};
use super::{NetError, NodeEvent, RoomCode, TableInfo, ticket};
use crate::fair::{Commitment, Digest, SignedEntry};
use crate::rules::{Preset, Rules, Seat};
use crate::table::message::clean_name;
use crate::table::succession::{Branch, Succession, quorum};
use crate::table::{
    Again, Answer, Beat, Control, Denial, Input, Member, Participant, Position, Reach, Reaction, Record,
    Roster, Said, Table, TableConfig, ToGuest, ToHost, game_nonce,
};

mod branches;
mod delivery;
mod end;
mod joining;
mod reactions;
mod rematch;
mod seated;
mod watchers;

use seated::Seated;

/// The bot that plays a guest's seat the guest did not come for (at the
/// start, or for a rematch).
pub const BOT_INSTEAD: crate::bots::Strategy = crate::bots::Strategy::Normal;
/// Entries sent to a guest in one message at most.
pub const MAX_BATCH: usize = 64;
/// A joiner's seat offer lapses unless it commits within this.
const OFFER_WINDOW: Duration = Duration::from_secs(5);
/// A guest that does not sign the genesis within this loses its seat
/// (longer than `BACK_WITHIN`: one away when the table opened may sign).
const SIGN_WITHIN: Duration = Duration::from_secs(20);
/// Before the game, a guest whose connection dropped keeps its seat this
/// long unless its address refuses a dial: a lossy link closes connections
/// whose requests time out, and the guest dials back.
pub(super) const BACK_WITHIN: Duration = Duration::from_secs(15);
/// A host started again waits this long for a guest to say whom it
/// follows before it hosts on by itself.
const RESUME_WAIT: Duration = Duration::from_secs(10);

/// How the lobby lists a table before its game begins.
pub struct Listing {
    pub code: RoomCode,
    pub preset: Preset,
    pub listed: bool,
}

/// How hosting ended.
pub enum Hosted {
    Over(Places),
    /// Another branch is the table's: follow its host.
    StepDown {
        host: PeerId,
        branch: Branch,
    },
}

type Sending = BoxFuture<'static, (PeerId, u64, Result<Answer, NetError>)>;

/// The host's side: a table whose empty seats wait for guests.
pub struct Host {
    listing: Option<Listing>,
    rules: Rules,
    seats: [Control; 4],
    config: TableConfig,
    /// The participant and seat of this computer's person, if one plays.
    me: Option<(Participant, Seat)>,
    entropy: [u8; 32],
    /// The host's key, until a table signs with it.
    table: Option<Table>,
    guests: HashMap<PeerId, Seated>,
    /// People without a seat who follow the game.
    watchers: HashMap<PeerId, watchers::Watcher>,
    /// Seats offered to joiners (not held), with the names they gave.
    offers: HashMap<PeerId, (Seat, Instant, String)>,
    roster: Roster,
    /// The sealed genesis went to the guests (the game began).
    sealed_sent: bool,
    /// Entries reported so far.
    published: usize,
    /// Each seat's reactions, held to a player's rate.
    chatter: RateLimiter<Seat>,
    sending: FuturesUnordered<Sending>,
    /// When the table opened for signatures.
    opened: Option<Instant>,
    /// When the game ended, and whether the end was reported.
    ended: Option<Instant>,
    reported_over: bool,
    /// Peers of another branch met while hosting (their host's peer).
    rival: Option<(PeerId, Branch)>,
    /// This host's ticket, for the roster.
    reach: Reach,
    /// The entry this host's term began with.
    since: u64,
    /// A newer term met on another branch began with this entry: this
    /// branch counts its peers from there, so the two can be weighed.
    counting_from: Option<u64>,
    /// A host started again from its save: whether it hosts on or another
    /// peer took over is not known yet.
    resuming: Option<Resuming>,
    /// Games still to play with the same group after this one.
    again: u32,
    /// A table of a set number of games: `closed` after the last.
    closes: bool,
    /// When the next game's seats were offered to the group.
    again_since: Option<Instant>,
}

/// What a restarted host learns before it signs again: it must sign no
/// place of its log that its guests may hold already.
struct Resuming {
    since: Instant,
    /// The guests that came back holding our head: still ours. When all
    /// are, nobody can have taken the table over.
    back: Vec<PeerId>,
    /// What came for the table meanwhile: it goes in once the host knows it
    /// hosts on (with another host elected, it is that host's to take).
    held: Vec<Input>,
}

/// What a host starts from.
pub struct Opening {
    pub config: TableConfig,
    pub listing: Option<Listing>,
    pub entropy: [u8; 32],
    /// A table already under way (resumed, or taken over), with its roster
    /// and the guests expected back (by peer), and how many of its entries
    /// were reported already.
    pub table: Option<Table>,
    pub reported: usize,
    pub roster: Roster,
    pub expected: Vec<(PeerId, Seat)>,
    /// Games to play with the same group after this one.
    pub again: u32,
    /// A table of a set number of games (`--games`): the host says
    /// `closed` after the last.
    pub closes: bool,
}

impl Host {
    /// The one constructor: a fresh table waiting for guests, or a table
    /// under way whose guests come back.
    pub fn new(opening: Opening) -> Host {
        let Opening { config, listing, entropy, table, reported, roster, expected, again, closes } = opening;
        let me = Seat::ALL
            .into_iter()
            .find(|s| config.seats[s.index()] == Control::Person { owner: config.host })
            .map(|seat| (config.host, seat));
        let sealed_sent = table.as_ref().is_some_and(Table::is_sealed);
        let mut host = Host {
            sealed_sent,
            listing,
            rules: config.rules,
            seats: config.seats,
            config,
            me,
            entropy,
            published: reported,
            table,
            guests: HashMap::new(),
            watchers: HashMap::new(),
            offers: HashMap::new(),
            roster,
            chatter: RateLimiter::default(),
            sending: FuturesUnordered::new(),
            opened: None,
            ended: None,
            reported_over: false,
            rival: None,
            reach: Reach::default(),
            resuming: None,
            since: 1,
            counting_from: None,
            again,
            closes,
            again_since: None,
        };
        if let Some(table) = &host.table {
            host.since = table.term_began();
        }
        for (peer, seat) in expected {
            host.seat_back(peer, seat);
        }
        host
    }

    /// Opens a fresh table to joiners: listed with its name and code. A
    /// table with no seat for a guest (every seat a bot or a person here)
    /// starts at once: there is nobody to wait for.
    pub async fn open<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        reach: Reach,
    ) -> Result<(), PlayError> {
        self.reach = reach;
        self.list(session).await?;
        self.try_open(session)
    }

    /// A host started again from its save: it tells the guests it is back
    /// and learns whether someone took over.
    pub fn resume(&mut self) {
        self.resuming = Some(Resuming { since: Instant::now(), back: Vec::new(), held: Vec::new() });
    }

    /// Whether this host was started again and has not heard yet.
    pub fn resuming(&self) -> bool {
        self.resuming.is_some()
    }

    /// What a host stepping down follows on with: its log, the roster, the
    /// rules (a host steps down only once its game has begun).
    pub fn handed(&self) -> Option<(crate::fair::Proof<Record>, Roster, Rules)> {
        Some((self.table.as_ref()?.proof(), self.roster.clone(), self.rules))
    }

    fn info(&self, preset: Preset, listed: bool) -> TableInfo {
        let taken: Vec<Seat> = self.guests.values().map(|g| g.seat).collect();
        let free = self.guest_seats().filter(|s| !taken.contains(s)).collect();
        let players = self.guests.values().map(|g| g.name.clone()).collect();
        let watching = u8::try_from(self.watchers.len()).unwrap_or(u8::MAX);
        TableInfo { host_name: String::new(), preset, rules: self.rules, free, players, listed, watching }
    }

    /// Seats that wait for a guest: persons not at this computer.
    fn guest_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(
            |s| matches!(self.seats[s.index()], Control::Person { owner } if owner != self.config.host),
        )
    }

    /// Lists the table: its free seats before the game, how many watch
    /// once it runs (anyone with the code or the listing may watch).
    fn listing(&self, host_name: &str) -> Option<(TableInfo, RoomCode)> {
        let listing = self.listing.as_ref()?;
        let info = TableInfo { host_name: host_name.to_owned(), ..self.info(listing.preset, listing.listed) };
        Some((info, listing.code))
    }

    async fn list<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Result<(), PlayError> {
        if let Some((info, code)) = self.listing(&session.name) {
            session.client.open_table(info, code).await?;
        }
        Ok(())
    }

    /// Hosts until the game is over (or another branch is the table's).
    pub async fn run<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Result<Hosted, PlayError> {
        let mut ticker = tokio::time::interval(TICK);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            self.publish(session);
            if let Some(expired) = self.expired() {
                // Closed: nothing to come back to, and no finished game to prove.
                session.game_over(|| None);
                return Err(expired);
            }
            match self.check_end(session) {
                Some(Hosted::Over(_)) if self.again > 0 => self.next_game(session).await?,
                // A person at this computer decides on a rematch, or leaves.
                Some(Hosted::Over(_)) if session.acts.is_some() => {}
                Some(done) => {
                    if self.closes {
                        session.report(Line::Closed);
                    }
                    return Ok(done);
                }
                None => {}
            }
            if let Some((host, branch)) = self.rival.take() {
                return Ok(Hosted::StepDown { host, branch });
            }
            let deadline = self.table.as_ref().and_then(Table::next_deadline);
            let clock = session.clock;
            let timer = async move {
                match deadline {
                    Some(ms) => tokio::time::sleep_until((clock + Duration::from_millis(ms)).into()).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                event = session.events.recv() => match event {
                    Some(event) => self.on_event(event, session).await?,
                    None => return Err(PlayError::NetworkStopped),
                },
                Some((peer, told, answer)) = self.sending.next(), if !self.sending.is_empty() => {
                    self.on_answer(peer, told, answer, session);
                }
                // A host started again signs nothing of its own until it
                // knows the table (see `resuming`).
                () = timer, if self.resuming.is_none() => self.input(session, Input::Tick),
                _ = ticker.tick() => self.on_tick(session).await?,
                deed = Session::<O>::next_deed(&mut session.acts), if self.resuming.is_none() => match (deed, self.me) {
                    (Some(Deed::Act(act)), Some((from, seat))) => {
                        self.input(session, Input::Intent { from, seat, act })
                    }
                    (Some(Deed::React(reaction)), Some((_, seat))) => self.pass_on(session, Said { seat, reaction }, None),
                    (Some(Deed::Pause), _) => self.input(session, Input::Pause(self.config.host)),
                    (Some(Deed::Resume), _) => self.input(session, Input::Resume(self.config.host)),
                    (Some(Deed::Close), _) => self.input(session, Input::Close(self.config.host)),
                    (Some(Deed::BotInstead(seat)), _) => self.bot_instead(session, seat).await?,
                    (Some(Deed::Rematch), _) if self.ended.is_some() && self.again == 0 => self.again = 1,
                    (Some(Deed::Rematch), _) => debug!("a rematch comes only once the game is over"),
                    (Some(Deed::Reserve(_)), _) => debug!("the host's person reserves nothing"),
                    (Some(_), None) => debug!("nobody plays at this computer"),
                    // The person left the podium: the table closes once
                    // every guest holds the end.
                    (None, _) if self.ended.is_some() => session.acts = None,
                    (None, _) => return Err(PlayError::Left),
                },
            }
        }
    }

    /// Feeds the table; a refusal of this computer's own input is reported.
    fn input<O: FnMut(Line)>(&mut self, session: &mut Session<O>, input: Input) {
        if let Some(resuming) = &mut self.resuming {
            resuming.held.push(input);
            return;
        }
        let now = session.now();
        let Some(table) = &mut self.table else { return };
        let act = match &input {
            Input::Intent { act, .. } => Some(*act),
            _ => None,
        };
        if let Err(refusal) = table.handle(now, input) {
            match act {
                Some(act) => session.report(Line::Refused { act, why: refusal.into() }),
                None => debug!("the table refused: {refusal}"),
            }
        }
    }

    /// Sends a guest the genesis every seat signed, with the roster and
    /// whether the group plays on.
    fn send_sealed<O: FnMut(Line)>(&mut self, session: &Session<O>, peer: PeerId) {
        let Some(table) = self.table.as_ref().filter(|t| t.is_sealed()) else { return };
        let again = match (self.closes, session.acts.is_some()) {
            (true, _) => Again::Planned(self.again),
            (false, true) => Again::Asked,
            (false, false) => Again::No,
        };
        let sealed = ToGuest::Sealed { genesis: table.genesis().clone(), roster: self.roster.clone(), again };
        self.send(session, peer, sealed);
    }

    /// Reports new entries (and the sealed genesis), saves, and sends.
    fn publish<O: FnMut(Line)>(&mut self, session: &mut Session<O>) {
        let Some(table) = &self.table else { return };
        if !table.is_sealed() {
            return;
        }
        if !self.sealed_sent {
            self.sealed_sent = true;
            // Guests say nothing between signing and the game's first beat:
            // their silence until now is not absence.
            let now = Instant::now();
            for guest in self.guests.values_mut() {
                guest.last_heard = now;
            }
            let roster = self.roster.clone();
            let genesis = table.genesis().clone();
            let peers: Vec<PeerId> = self.guests.keys().copied().collect();
            for peer in peers {
                self.send_sealed(session, peer);
            }
            if let Some(keep) = &mut session.keep {
                keep.game.game_id = genesis.game_id();
                keep.game.roster = roster.clone();
                keep.save_game();
            }
            session.report(Line::Sealed { genesis, roster });
            self.opened = None;
        }
        let Some(table) = &self.table else { return };
        let fresh = table.entries().len() > self.published;
        for (i, entry) in table.entries().iter().enumerate().skip(self.published) {
            if let Ok(body) = entry.body.decode() {
                session.report(Line::Entry {
                    seq: i as u64 + 1,
                    record: body.content,
                    signed: entry.clone(),
                });
            }
        }
        self.published = table.entries().len();
        if let Some(keep) = &mut session.keep {
            if fresh {
                keep.touch();
            }
            let table = &self.table;
            keep.save_log(|| table.as_ref().map(Table::proof), false);
        }
        let peers: Vec<PeerId> = self.guests.keys().copied().collect();
        for peer in peers {
            self.pump(session, peer, false);
        }
        let watchers: Vec<PeerId> = self.watchers.keys().copied().collect();
        for peer in watchers {
            self.pump_watcher(session, peer, false);
        }
    }

    /// The peer that plays `seat`, from the roster.
    fn peer_of(&self, seat: Seat) -> Option<PeerId> {
        ticket::reach(seat, &self.roster.member(seat)?.reach).map(|t| t.peer)
    }

    async fn on_tick<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Result<(), PlayError> {
        let now = Instant::now();
        // Started again and no guest answered: nobody took over.
        if self.resuming.as_ref().is_some_and(|r| now.duration_since(r.since) >= RESUME_WAIT) {
            self.resumed(session);
        }
        // Offers lapse; guests that never sign lose their seats.
        self.offers.retain(|_, (_, at, _)| now.duration_since(*at) < OFFER_WINDOW);
        self.start_without_the_absent(session).await?;
        self.keep_seats_of_the_away(session, now).await?;
        if self.opened.is_some_and(|t| now.duration_since(t) >= SIGN_WITHIN) {
            let late: Vec<PeerId> = self.guests.iter().filter(|(_, g)| !g.signed).map(|(p, _)| *p).collect();
            for peer in late {
                warn!(%peer, "the guest did not sign the genesis: its seat is free again");
                self.unseat(session, peer).await?;
            }
        }
        // Guests not heard for three beats are away; their connections go.
        // Not before the game: nobody beats while a table fills (a guest
        // may wait long for the others), so only a closed connection (or a
        // genesis left unsigned) unseats a waiting guest.
        let sealed = self.table.as_ref().is_some_and(Table::is_sealed);
        let lost: Vec<(PeerId, Participant)> = self
            .guests
            .iter()
            .filter(|(_, g)| sealed && g.present && now.duration_since(g.last_heard) >= LOST)
            .map(|(p, g)| (*p, g.who))
            .collect();
        for (peer, who) in lost {
            if let Some(guest) = self.guests.get_mut(&peer) {
                guest.present = false;
                guest.in_flight = false;
            }
            session.drop_connections(peer);
            self.input(session, Input::Disconnected(who));
        }
        let peers: Vec<PeerId> = self.guests.keys().copied().collect();
        for peer in peers {
            self.pump(session, peer, true);
        }
        self.forget_watchers(session, None).await?;
        let watchers: Vec<PeerId> = self.watchers.keys().copied().collect();
        for peer in watchers {
            self.pump_watcher(session, peer, true);
        }
        if let Some(keep) = &mut session.keep {
            let table = &self.table;
            keep.save_log(|| table.as_ref().map(Table::proof), false);
        }
        Ok(())
    }

    async fn on_event<O: FnMut(Line)>(
        &mut self,
        event: NodeEvent,
        session: &mut Session<O>,
    ) -> Result<(), PlayError> {
        match event {
            NodeEvent::Request { peer, request: Request::Host(message), reply } => {
                let answer = self.on_message(peer, message, session).await?;
                reply.reply(answer);
            }
            NodeEvent::Request { peer, request: Request::React(reaction), reply } => {
                // Acknowledged whatever becomes of it: reactions are chatter.
                reply.reply(Answer::Done);
                self.heard(session, peer, reaction);
            }
            NodeEvent::Request { peer, request: Request::Guest(_), reply }
                if session.shunned.contains(&peer) =>
            {
                reply.reply(Answer::Refused(Denial::CaughtLying));
            }
            NodeEvent::Request { peer, request: Request::Guest(ToGuest::Entries { beat, .. }), reply } => {
                // Another host beats at us: a split table meeting again.
                self.met(peer, beat.branch, &session.shunned);
                reply.reply(match self.branch() {
                    Some(branch) => Answer::Follows(branch),
                    None => Answer::Refused(Denial::NotHosting),
                });
            }
            NodeEvent::Request { peer, request, reply } => {
                debug!(%peer, kind = ?request.kind(), "a request not for a host");
                reply.reply(Answer::Refused(Denial::Hosts));
            }
            NodeEvent::PeerDisconnected { peer } if self.watchers.contains_key(&peer) => {
                self.forget_watchers(session, Some(peer)).await?;
            }
            NodeEvent::PeerDisconnected { peer } => {
                let Some(guest) = self.guests.get(&peer) else { return Ok(()) };
                if self.table.as_ref().is_some_and(Table::is_sealed) {
                    let who = guest.who;
                    if let Some(guest) = self.guests.get_mut(&peer) {
                        guest.present = false;
                        guest.in_flight = false;
                    }
                    self.input(session, Input::Disconnected(who));
                } else if let Some(guest) = self.guests.get_mut(&peer) {
                    guest.present = false;
                    guest.in_flight = false;
                    guest.away_since.get_or_insert_with(Instant::now);
                }
            }
            NodeEvent::Problem(why) => warn!("{why}"),
            _ => {}
        }
        Ok(())
    }

    async fn on_message<O: FnMut(Line)>(
        &mut self,
        peer: PeerId,
        message: ToHost,
        session: &mut Session<O>,
    ) -> Result<Answer, PlayError> {
        if let Some(guest) = self.guests.get_mut(&peer) {
            guest.heard();
        }
        let seated = self.guests.get(&peer).map(|g| (g.who, g.seat));
        let sealed = self.table.as_ref().is_some_and(Table::is_sealed);
        Ok(match (message, seated) {
            (ToHost::Join { .. }, Some((_, seat))) if !sealed => self.welcome(seat),
            (ToHost::Join { name, colour }, None) if !sealed => self.offer(peer, colour, clean_name(&name)),
            (ToHost::Join { .. }, _) => Answer::Refused(Denial::FullNow),
            (ToHost::Commit { seat, commitment, reach }, _) if !sealed => {
                self.commit(session, peer, seat, commitment, reach).await?
            }
            (ToHost::Commit { .. }, _) => Answer::Refused(Denial::Begun),
            (ToHost::Signed(sig), Some((from, seat))) => {
                let now = session.now();
                match self.table.as_mut().map(|t| t.handle(now, Input::GenesisSigned { from, seat, sig })) {
                    Some(Ok(_)) => {
                        if let Some(guest) = self.guests.get_mut(&peer) {
                            guest.signed = true;
                        }
                        Answer::Done
                    }
                    Some(Err(refusal)) => Answer::Refused(refusal.into()),
                    None => Answer::Refused(Denial::NoGenesis),
                }
            }
            (ToHost::Rejoin { head, tail }, _) if sealed => self.rejoin(session, peer, head, tail),
            (ToHost::Reveal(reveal), Some(_)) if self.resuming.is_some() => {
                self.back(session, peer);
                self.input(session, Input::Reveal(reveal));
                Answer::Done
            }
            (ToHost::Intent { act, .. }, Some((from, seat))) if self.resuming.is_some() => {
                self.back(session, peer);
                self.input(session, Input::Intent { from, seat, act });
                Answer::Done
            }
            (ToHost::Reveal(reveal), Some(_)) if sealed => {
                self.back(session, peer);
                let now = session.now();
                match self.table.as_mut().map(|t| t.handle(now, Input::Reveal(reveal))) {
                    Some(Ok(_)) => Answer::Done,
                    Some(Err(refusal)) => Answer::Refused(refusal.into()),
                    None => Answer::Stale,
                }
            }
            (ToHost::Intent { at, act }, Some((from, seat))) if sealed => {
                self.back(session, peer);
                let now = session.now();
                let Some(table) = self.table.as_mut() else { return Ok(Answer::Stale) };
                let head = table.entries().len() as u64;
                match table.handle(now, Input::Intent { from, seat, act }) {
                    Ok(_) => Answer::Done,
                    // Made on a position the table has left: the guest has
                    // news coming, nothing to show.
                    Err(_) if at < head => Answer::Stale,
                    Err(refusal) => Answer::Refused(refusal.into()),
                }
            }
            (ToHost::Watch { name, head }, None) => {
                self.watch(session, peer, &clean_name(&name), head).await?
            }
            (ToHost::Watch { .. }, Some(_)) => Answer::Refused(Denial::Plays),
            (ToHost::Reserve(seat), None) => self.reserve(peer, seat),
            (_, None) => Answer::Refused(Denial::JoinFirst),
            (_, Some(_)) => Answer::Refused(Denial::NotSealed),
        })
    }
}

/// Our log's position `seq`: its entry there, or the game's start (also
/// for a `seq` past our head).
fn position(table: &Table, seq: u64) -> Position {
    match seq.checked_sub(1).and_then(|i| table.entries().get(usize::try_from(i).ok()?)) {
        Some(entry) => Position { seq, hash: entry.hash() },
        None => Position { seq: 0, hash: table.state().game_id },
    }
}

/// Whether `table`'s log holds the entry at `head` (a guest's head).
fn holds(table: &Table, head: Position) -> bool {
    position(table, head.seq) == head
}
