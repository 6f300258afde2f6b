//! Networked play: the host's and the guest's drivers, for headless peers
//! (every seat a bot) and for the window (this computer's seat played by a
//! person, whose acts come in on a channel). They carry [`ToHost`] messages
//! as intents and [`ToGuest`] messages as entries, encoded canonically, run
//! the table's clock, and report what happens as [`Line`]s (with the signed
//! entries, for a window's replica). Game logic stays in `table` (the
//! authority and [`Guest`]). A guest whose connection to the host drops
//! tries the same host again, then elects the next host by the roster's
//! succession order.

use std::{
    collections::{BTreeMap, HashMap},
    fmt,
    time::{Duration, Instant},
};

use libp2p::{PeerId, identity::Keypair};
use serde::{Serialize, de::DeserializeOwned};
use tokio::{sync::mpsc, task::JoinHandle};
use tracing::{debug, warn};

use super::{
    Client, Event, Kind, NetError, NodeConfig, RoomCode, TableInfo, Ticket,
    election::{Election, Term, Verdict},
    limits::{PLAYER_REACTIONS, RateLimiter},
    spawn,
    wire::Refusal as WireRefusal,
};
use crate::bots::Strategy;
use crate::fair::{Commitment, Identity, SignedEntry, SignedGenesis, canonical};
use crate::rules::{Preset, Rules, Seat};
use crate::table::{
    Act, Answer, CHAIN_LEN, Control, Guest, GuestError, Input, Participant, Reaction, Record, Said, Table,
    TableConfig, TableState, Timing, ToGuest, ToHost, game_nonce,
};

/// Entries sent to a guest in one message at most (well inside the cap of
/// an entry message).
const MAX_BATCH: usize = 16;
/// A guest gives up on a host that sends nothing for this long.
const HOST_SILENCE: Duration = Duration::from_secs(60);
/// How long the host waits for its last entries to reach the guests.
const FLUSH: Duration = Duration::from_secs(10);
/// How long an elected host waits for the other guests' newest entries
/// before it takes the table over (all of them usually come at once).
const GATHER: Duration = Duration::from_secs(2);
/// How long a guest tries to reach an elected host before it counts it
/// lost too and elects the next (well past the host's gathering).
const REACH_NEW_HOST: Duration = Duration::from_secs(6);
/// How long a guest whose connection to the host dropped tries the same
/// host again before it counts it lost (every peer waits this long, so
/// the elected host still gathers the others).
const HOST_BACK: Duration = Duration::from_secs(2);

/// One line of a headless player's report.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Line {
    Listening {
        code: String,
        ticket: String,
    },
    Joined {
        colour: String,
        seat: u8,
        peer: String,
    },
    /// A guest left before the game began: its seat is free again.
    Left {
        colour: String,
        seat: u8,
    },
    /// Every seat signed the genesis: the game begins (for a window's
    /// replica; scripts see the entries).
    #[serde(skip)]
    Sealed {
        genesis: SignedGenesis,
    },
    Entry {
        seq: u64,
        record: Record,
        /// The signed entry, for a window's replica to verify.
        #[serde(skip)]
        signed: SignedEntry<Record>,
    },
    /// The connection to the host dropped and came back; the guest caught
    /// up from its verified `head`.
    Reconnected {
        head: u64,
    },
    /// The host was lost and the peers elected `colour`'s peer for `epoch`.
    HostChanged {
        epoch: u64,
        colour: String,
        seat: u8,
    },
    Over {
        places: BTreeMap<String, u8>,
    },
    /// Another player's reaction (the sender's own screen shows it as sent).
    Reaction {
        colour: String,
        seat: u8,
        reaction: Reaction,
    },
}

impl Line {
    fn said(rules: &Rules, said: Said) -> Line {
        Line::Reaction {
            colour: rules.colour_of(said.seat).name().to_owned(),
            seat: u8::from(said.seat),
            reaction: said.reaction,
        }
    }
}

/// What this computer's person does: an act at the table, or a reaction.
#[derive(Clone, Debug)]
pub enum Deed {
    Act(Act),
    React(Reaction),
}

/// Why headless play stopped early, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError(pub String);

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlayError {}

impl From<NetError> for PlayError {
    fn from(e: NetError) -> Self {
        PlayError(e.to_string())
    }
}

fn fail<T>(why: impl fmt::Display) -> Result<T, PlayError> {
    Err(PlayError(why.to_string()))
}

/// The signing identity of a peer's key (one key names the peer and signs).
pub fn identity_of(keypair: &Keypair) -> Result<Identity, PlayError> {
    let ed =
        keypair.clone().try_into_ed25519().map_err(|e| PlayError(format!("the key cannot sign: {e}")))?;
    let mut secret = [0u8; 32];
    secret.copy_from_slice(ed.secret().as_ref());
    Ok(Identity::from_secret(&secret))
}

/// Each player's place by colour.
pub fn places(state: &TableState) -> BTreeMap<String, u8> {
    let rules = state.game.rules();
    state
        .game
        .players()
        .iter()
        .filter_map(|seat| Some((rules.colour_of(seat).name().to_owned(), state.game.place(seat)?)))
        .collect()
}

fn decode<T: DeserializeOwned + Serialize>(payload: &[u8], kind: Kind) -> Result<T, PlayError> {
    canonical::decode_capped(payload, kind.max_payload())
        .map_err(|e| PlayError(format!("a message was refused: {e}")))
}

/// Sends one message, waiting out the peer's rate limit.
async fn send<T: Serialize>(
    client: &Client,
    peer: PeerId,
    kind: Kind,
    message: &T,
) -> Result<Answer, PlayError> {
    let bytes = canonical::encode(message);
    loop {
        match client.request(peer, kind, bytes.clone()).await {
            Err(NetError::Refused(WireRefusal::RateLimited)) => {
                tokio::time::sleep(Duration::from_millis(100)).await
            }
            Err(e) => return Err(e.into()),
            Ok(reply) => return decode(&reply, Kind::Reply),
        }
    }
}

async fn first_address(events: &mut mpsc::Receiver<Event>) -> Result<(), PlayError> {
    let wait = async {
        while let Some(event) = events.recv().await {
            if matches!(event, Event::Listening { .. }) {
                return Ok(());
            }
        }
        fail("the network stopped")
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .map_err(|_| PlayError("no address to listen on".into()))?
}

/// How a host sets its table up.
pub struct HostPlan {
    /// The preset the lobby lists the table under.
    pub preset: Preset,
    /// The rules played (the preset's, with any house rules).
    pub rules: Rules,
    /// Who sits where: bots, this computer's person (owned by
    /// [`Participant::LOCAL`]), and persons of other participants: the
    /// seats guests take.
    pub seats: [Control; 4],
    /// The host's name, as the lobby shows it.
    pub name: String,
    /// Listed in lobbies: on the LAN and at the relays' rendezvous points.
    /// A private table is reached only by its code or invite.
    pub listed: bool,
    pub timing: Timing,
    pub code: RoomCode,
    pub node: NodeConfig,
    /// Fresh random bytes: the dice chains and bots of the table.
    pub entropy: [u8; 32],
    /// The acts of this computer's person, if one sits at the table; the
    /// host stops when this channel closes (the person left).
    pub acts: Option<mpsc::UnboundedReceiver<Deed>>,
}

impl HostPlan {
    /// A headless host: its own seat and `bots` more are Normal bots, the
    /// other seats wait for guests; bots act at once.
    pub fn headless(
        preset: Preset,
        bots: usize,
        code: RoomCode,
        node: NodeConfig,
        entropy: [u8; 32],
    ) -> Self {
        let mut seats = [Control::Empty; 4];
        for (i, seat) in Seat::ALL.iter().enumerate() {
            seats[seat.index()] = if i <= bots {
                Control::Bot(Strategy::Normal)
            } else {
                Control::Person { owner: Participant(i as u16) }
            };
        }
        let name = "headless".into();
        HostPlan {
            preset,
            rules: preset.rules(),
            seats,
            name,
            listed: true,
            timing: Timing::INSTANT,
            code,
            node,
            entropy,
            acts: None,
        }
    }
}

/// A seat a guest takes: a person who is not at this computer.
fn for_a_guest(control: &Control) -> bool {
    matches!(control, Control::Person { owner } if *owner != Participant::LOCAL)
}

/// The next deed of this computer's person; never, if nobody plays here.
async fn next_deed(acts: &mut Option<mpsc::UnboundedReceiver<Deed>>) -> Option<Deed> {
    match acts {
        Some(acts) => acts.recv().await,
        None => std::future::pending().await,
    }
}

/// A guest at the host, before and during the game.
struct Seated {
    who: Participant,
    seat: Seat,
    commitment: Option<Commitment>,
    /// The guest's ticket, for the roster.
    reach: String,
    outbox: mpsc::UnboundedSender<ToGuest>,
    sender: JoinHandle<()>,
}

/// The host's side: a table whose empty seats wait for guests.
struct Host {
    client: Client,
    /// Where the table is listed until the game begins (an elected host
    /// takes over a game that has begun).
    lobby: Option<(RoomCode, Preset)>,
    /// The host's name in the lobby.
    name: String,
    listed: bool,
    plan_rules: Rules,
    seats: [Control; 4],
    timing: Timing,
    /// The participant and seat of this computer's person, if one plays.
    me: Option<(Participant, Seat)>,
    entropy: [u8; 32],
    /// The key that signs the log, until the table takes it.
    identity: Option<Identity>,
    guests: HashMap<PeerId, Seated>,
    answers: mpsc::UnboundedSender<(PeerId, Answer)>,
    table: Option<Table>,
    start: Instant,
    sealed_sent: bool,
    published: usize,
    /// Each guest seat's peer, from the roster (an elected host's guests
    /// come back by it).
    roster: Vec<(Seat, Ticket)>,
    /// Each seat's reactions, held to a player's rate.
    chatter: RateLimiter<Seat>,
}

/// Hosts a game until it is over; returns the places.
pub async fn host(plan: HostPlan, mut out: impl FnMut(Line)) -> Result<BTreeMap<String, u8>, PlayError> {
    let identity = identity_of(&plan.node.keypair)?;
    let (client, mut events) = spawn(plan.node)?;
    first_address(&mut events).await?;
    let ticket = client.ticket().await?;
    let (answers, answered) = mpsc::unbounded_channel();
    let me = Seat::ALL
        .into_iter()
        .find(|s| plan.seats[s.index()] == Control::Person { owner: Participant::LOCAL })
        .map(|seat| (Participant::LOCAL, seat));
    let mut host = Host {
        client,
        lobby: Some((plan.code, plan.preset)),
        name: plan.name,
        listed: plan.listed,
        plan_rules: plan.rules,
        seats: plan.seats,
        timing: plan.timing,
        me,
        entropy: plan.entropy,
        identity: Some(identity),
        guests: HashMap::new(),
        answers,
        table: None,
        start: Instant::now(),
        sealed_sent: false,
        published: 0,
        roster: Vec::new(),
        chatter: RateLimiter::default(),
    };
    host.client.open_table(host.info(plan.preset), plan.code).await?;
    out(Line::Listening { code: plan.code.to_string(), ticket: ticket.to_string() });
    host.try_open()?;
    host.run(events, answered, plan.acts, out).await
}

impl Host {
    /// Hosts until the game is over; returns the places.
    async fn run(
        mut self,
        mut events: mpsc::Receiver<Event>,
        mut answered: mpsc::UnboundedReceiver<(PeerId, Answer)>,
        mut acts: Option<mpsc::UnboundedReceiver<Deed>>,
        mut out: impl FnMut(Line),
    ) -> Result<BTreeMap<String, u8>, PlayError> {
        loop {
            if let Some(state) = self.publish(&mut out) {
                if state.game.is_over() {
                    let places = places(&state);
                    out(Line::Over { places: places.clone() });
                    self.flush().await;
                    return Ok(places);
                }
                if state.closed.is_some() {
                    return fail("the table closed before the game was over");
                }
            }
            let deadline = self.table.as_ref().and_then(Table::next_deadline);
            let start = self.start;
            let timer = async move {
                match deadline {
                    Some(ms) => tokio::time::sleep_until((start + Duration::from_millis(ms)).into()).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                event = events.recv() => match event {
                    Some(event) => self.on_event(event, &mut out).await?,
                    None => return fail("the network stopped"),
                },
                Some((peer, answer)) = answered.recv() => self.on_answer(peer, answer),
                () = timer => self.input(Input::Tick).unwrap_or_else(|e| debug!("tick: {e}")),
                deed = next_deed(&mut acts) => match (deed, self.me) {
                    (Some(Deed::Act(act)), Some((from, seat))) => {
                        self.input(Input::Intent { from, seat, act }).unwrap_or_else(|e| debug!("{e}"))
                    }
                    (Some(Deed::React(reaction)), Some((_, seat))) => {
                        self.pass_on(Said { seat, reaction }, None)
                    }
                    (Some(_), None) => debug!("nobody plays at this computer"),
                    (None, _) => return fail("this computer left the table"),
                },
            }
        }
    }

    /// Lists the table (with its free seats) while the game has not begun.
    async fn list(&self) -> Result<(), PlayError> {
        if let Some((code, preset)) = self.lobby {
            self.client.open_table(self.info(preset), code).await?;
        }
        Ok(())
    }

    /// Seats a guest: a task sends it messages in order.
    fn seat_guest(&mut self, peer: PeerId, who: Participant, seat: Seat) {
        let (outbox, queue) = mpsc::unbounded_channel();
        let sender = tokio::spawn(host_sender(self.client.clone(), peer, queue, self.answers.clone()));
        let reach = String::new();
        self.guests.insert(peer, Seated { who, seat, commitment: None, reach, outbox, sender });
    }

    /// Sends a guest the entries after `head` that it has not had.
    fn catch_up(&self, peer: PeerId, head: u64) {
        let (Some(table), Some(guest)) = (&self.table, self.guests.get(&peer)) else { return };
        let from = usize::try_from(head).unwrap_or(usize::MAX);
        let sent = table.entries().get(from..self.published).unwrap_or_default();
        for batch in sent.chunks(MAX_BATCH) {
            let _ = guest.outbox.send(ToGuest::Entries(batch.to_vec()));
        }
    }

    fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// A guest's reaction: reported, and passed on to the other guests.
    /// Only seated guests react, each at a player's rate.
    fn heard(&mut self, peer: PeerId, payload: &[u8], out: &mut impl FnMut(Line)) {
        let Some(seat) = self.guests.get(&peer).map(|g| g.seat) else {
            debug!(%peer, "a reaction from a peer with no seat was dropped");
            return;
        };
        let reaction = match decode::<Reaction>(payload, Kind::Reaction) {
            Ok(reaction) => reaction,
            Err(e) => {
                warn!(%peer, "dropped a reaction: {e}");
                return;
            }
        };
        if !self.chatter.allow_at(&seat, Kind::Reaction, PLAYER_REACTIONS, Instant::now()) {
            debug!(%peer, "a reaction over the player's rate was dropped");
            return;
        }
        let said = Said { seat, reaction };
        out(Line::said(&self.plan_rules, said));
        self.pass_on(said, Some(peer));
    }

    /// Sends a reaction to every guest but its sender, each on its own: a
    /// lost reaction is not worth holding the game for.
    fn pass_on(&self, said: Said, from: Option<PeerId>) {
        let payload = canonical::encode(&said);
        for &peer in self.guests.keys().filter(|&&p| Some(p) != from) {
            let (client, payload) = (self.client.clone(), payload.clone());
            tokio::spawn(async move {
                if let Err(e) = client.request(peer, Kind::Reaction, payload).await {
                    debug!(%peer, "a reaction was lost: {e}");
                }
            });
        }
    }

    fn info(&self, preset: Preset) -> TableInfo {
        let free = self.seats.iter().filter(|c| for_a_guest(c)).count().saturating_sub(self.guests.len());
        TableInfo {
            host_name: self.name.clone(),
            preset: preset.name().to_owned(),
            free_seats: free as u8,
            players: self
                .guests
                .values()
                .map(|g| self.plan_rules.colour_of(g.seat).name().to_owned())
                .collect(),
            listed: self.listed,
        }
    }

    fn input(&mut self, input: Input) -> Result<(), crate::table::Refusal> {
        let now = self.now();
        match &mut self.table {
            Some(table) => table.handle(now, input).map(drop),
            None => Ok(()),
        }
    }

    /// Opens the table once every guest seat holds a commitment, and sends
    /// each guest the genesis to sign.
    fn try_open(&mut self) -> Result<(), PlayError> {
        let guest_seats = self.seats.iter().filter(|c| for_a_guest(c)).count();
        if self.table.is_some()
            || self.guests.values().filter(|g| g.commitment.is_some()).count() < guest_seats
        {
            return Ok(());
        }
        let mut remote = [None; 4];
        for guest in self.guests.values() {
            remote[guest.seat.index()] = guest.commitment;
        }
        let config = TableConfig {
            rules: self.plan_rules,
            seats: self.seats,
            host: Participant::LOCAL,
            timing: self.timing,
            chain_len: CHAIN_LEN,
        };
        let identity = self.identity.take().ok_or_else(|| PlayError("the table opened twice".into()))?;
        let table = Table::new(config, identity, self.entropy, remote, self.now())
            .map_err(|e| PlayError(format!("the table cannot open: {e}")))?;
        for guest in self.guests.values() {
            let _ = guest.outbox.send(ToGuest::Sign(table.genesis().clone()));
        }
        self.table = Some(table);
        Ok(())
    }

    /// Sends new entries (and the sealed genesis) to every guest and reports
    /// them; returns the table's state.
    fn publish(&mut self, out: &mut impl FnMut(Line)) -> Option<TableState> {
        let table = self.table.as_ref()?;
        if table.is_sealed() && !self.sealed_sent {
            self.sealed_sent = true;
            let roster: Vec<(Seat, String)> =
                self.guests.values().map(|g| (g.seat, g.reach.clone())).collect();
            for guest in self.guests.values() {
                let _ = guest.outbox.send(ToGuest::Sealed(table.genesis().clone()));
                let _ = guest.outbox.send(ToGuest::Roster(roster.clone()));
            }
            out(Line::Sealed { genesis: table.genesis().clone() });
        }
        for (i, (entry, record)) in
            table.entries().iter().zip(table.records()).enumerate().skip(self.published)
        {
            out(Line::Entry { seq: i as u64 + 1, record: *record, signed: entry.clone() });
            for guest in self.guests.values() {
                let _ = guest.outbox.send(ToGuest::Entries(vec![entry.clone()]));
            }
        }
        self.published = table.entries().len();
        Some(*table.state())
    }

    /// Lets the last entries reach the guests before the host goes.
    async fn flush(&mut self) {
        let senders: Vec<JoinHandle<()>> = self.guests.drain().map(|(_, g)| g.sender).collect();
        let all = futures::future::join_all(senders);
        if tokio::time::timeout(FLUSH, all).await.is_err() {
            warn!("some guests did not take the last entries");
        }
        let _ = self.client.close_table().await;
    }

    fn on_answer(&mut self, peer: PeerId, answer: Answer) {
        let Some(guest) = self.guests.get(&peer) else { return };
        let (from, seat) = (guest.who, guest.seat);
        match answer {
            Answer::Signed(sig) => {
                if let Err(e) = self.input(Input::GenesisSigned { from, seat, sig }) {
                    warn!(%peer, "genesis signature refused: {e}");
                }
            }
            Answer::Refused(why) => warn!(%peer, "the guest refused: {why}"),
            Answer::Done | Answer::Welcome { .. } => {}
        }
    }

    async fn on_event(&mut self, event: Event, out: &mut impl FnMut(Line)) -> Result<(), PlayError> {
        match event {
            Event::Request { peer, kind: Kind::Intent, payload, reply } => {
                let answer = match decode::<ToHost>(&payload, Kind::Intent) {
                    Ok(message) => self.on_message(peer, message, out).await?,
                    Err(e) => Answer::Refused(e.0),
                };
                if let Err(e) = reply.reply(canonical::encode(&answer)) {
                    debug!(%peer, "answer not sent: {e}");
                }
            }
            Event::Request { peer, kind: Kind::Reaction, payload, reply } => {
                // Acknowledged whatever becomes of it: reactions are chatter.
                let _ = reply.reply(Vec::new());
                self.heard(peer, &payload, out);
            }
            Event::Request { peer, kind, .. } => debug!(%peer, ?kind, "request not for a host"),
            Event::PeerDisconnected { peer } => {
                let Some(guest) = self.guests.get(&peer) else { return Ok(()) };
                if self.table.is_some() {
                    let who = guest.who;
                    self.input(Input::Disconnected(who)).unwrap_or_else(|e| debug!("{e}"));
                } else if let Some(gone) = self.guests.remove(&peer) {
                    // Before the game, a guest who leaves frees the seat.
                    gone.sender.abort();
                    out(Line::Left {
                        colour: self.plan_rules.colour_of(gone.seat).name().to_owned(),
                        seat: u8::from(gone.seat),
                    });
                    self.list().await?;
                }
            }
            Event::PeerConnected { peer } => {
                if let Some(guest) = self.guests.get(&peer) {
                    let who = guest.who;
                    self.input(Input::Connected(who)).unwrap_or_else(|e| debug!("{e}"));
                }
            }
            Event::Problem(why) => warn!("{why}"),
            _ => {}
        }
        Ok(())
    }

    async fn on_message(
        &mut self,
        peer: PeerId,
        message: ToHost,
        out: &mut impl FnMut(Line),
    ) -> Result<Answer, PlayError> {
        let seated = self.guests.get(&peer).map(|g| (g.who, g.seat));
        let refused = |e: crate::table::Refusal| Answer::Refused(e.to_string());
        Ok(match (message, seated) {
            (ToHost::Join, Some((_, seat))) => self.welcome(seat),
            (ToHost::Join, None) => {
                let taken: Vec<Seat> = self.guests.values().map(|g| g.seat).collect();
                let free =
                    Seat::ALL.into_iter().find(|s| for_a_guest(&self.seats[s.index()]) && !taken.contains(s));
                match (free, &self.table) {
                    (Some(seat), None) => {
                        let Control::Person { owner: who } = self.seats[seat.index()] else {
                            return Ok(Answer::Refused("no free seat".into()));
                        };
                        self.seat_guest(peer, who, seat);
                        out(Line::Joined {
                            colour: self.plan_rules.colour_of(seat).name().to_owned(),
                            seat: u8::from(seat),
                            peer: peer.to_string(),
                        });
                        self.list().await?;
                        self.welcome(seat)
                    }
                    _ => Answer::Refused("the table is full".into()),
                }
            }
            (ToHost::Commit { commitment, reach }, Some(_)) if self.table.is_none() => {
                if let Some(guest) = self.guests.get_mut(&peer) {
                    guest.commitment = Some(commitment);
                    guest.reach = reach;
                }
                self.try_open()?;
                Answer::Done
            }
            (ToHost::Commit { .. }, Some(_)) => Answer::Refused("the game has begun".into()),
            (ToHost::Rejoin { head, .. }, Some((who, _))) => {
                // Back after a drop: the entries it missed, and its seat back.
                self.catch_up(peer, head);
                self.input(Input::Connected(who)).unwrap_or_else(|e| debug!("{e}"));
                Answer::Done
            }
            (ToHost::Rejoin { head, .. }, None) => {
                // A guest of the departed host, by the roster.
                let seat = self.roster.iter().find(|(_, t)| t.peer == peer).map(|&(s, _)| s);
                let owner =
                    seat.and_then(|s| Some((s, self.table.as_ref()?.state().control[s.index()].owner()?)));
                match owner {
                    Some((seat, who)) => {
                        self.seat_guest(peer, who, seat);
                        self.catch_up(peer, head);
                        self.input(Input::Connected(who)).unwrap_or_else(|e| debug!("{e}"));
                        Answer::Done
                    }
                    None => Answer::Refused("this peer holds no seat at the table".into()),
                }
            }
            (ToHost::Reveal { k, link }, Some((from, seat))) => {
                self.input(Input::Reveal { from, seat, k, link }).map_or_else(refused, |()| Answer::Done)
            }
            (ToHost::Intent(act), Some((from, seat))) => {
                self.input(Input::Intent { from, seat, act }).map_or_else(refused, |()| Answer::Done)
            }
            (_, None) => Answer::Refused("join the table first".into()),
        })
    }

    fn welcome(&self, seat: Seat) -> Answer {
        Answer::Welcome {
            seat,
            rules: self.plan_rules,
            nonce: game_nonce(&self.entropy),
            chain_len: CHAIN_LEN,
        }
    }
}

/// Sends a guest its messages in order, entries in batches, and hands the
/// guest's answers back to the host's loop.
async fn host_sender(
    client: Client,
    peer: PeerId,
    mut queue: mpsc::UnboundedReceiver<ToGuest>,
    answers: mpsc::UnboundedSender<(PeerId, Answer)>,
) {
    let mut held: Option<ToGuest> = None;
    loop {
        let Some(first) = (match held.take() {
            Some(message) => Some(message),
            None => queue.recv().await,
        }) else {
            return;
        };
        let message = match first {
            ToGuest::Entries(mut batch) => {
                while batch.len() < MAX_BATCH {
                    match queue.try_recv() {
                        Ok(ToGuest::Entries(more)) => batch.extend(more),
                        Ok(other) => {
                            held = Some(other);
                            break;
                        }
                        Err(_) => break,
                    }
                }
                ToGuest::Entries(batch)
            }
            other => other,
        };
        match send(&client, peer, Kind::Entry, &message).await {
            Ok(answer) => {
                if answers.send((peer, answer)).is_err() {
                    return;
                }
            }
            Err(e) => warn!(%peer, "a message to the guest was lost: {e}"),
        }
    }
}

/// Where a guest finds its table.
#[derive(Clone, Debug)]
pub enum Target {
    /// A room code, looked up on the LAN and at the relays.
    Code(RoomCode),
    Ticket(Ticket),
    /// A listed table seen on the LAN.
    Lan(PeerId),
}

impl std::str::FromStr for Target {
    type Err = String;

    /// A six-letter room code (any case) or an invite ticket.
    fn from_str(text: &str) -> Result<Target, String> {
        let text = text.trim();
        if text.starts_with(super::ticket::TICKET_PREFIX) {
            text.parse::<Ticket>().map(Target::Ticket).map_err(|e| e.to_string())
        } else {
            text.to_ascii_uppercase().parse::<RoomCode>().map(Target::Code).map_err(|e| e.to_string())
        }
    }
}

/// Who plays a guest's seat.
pub enum Player {
    Bot(Strategy),
    /// A person at this computer, whose deeds come in on this channel;
    /// the guest stops when it closes (the person left).
    Person(mpsc::UnboundedReceiver<Deed>),
}

/// How a guest plays.
pub struct JoinPlan {
    pub target: Target,
    pub player: Player,
    pub node: NodeConfig,
    /// Fresh random bytes: the guest's dice chain and bot.
    pub secret: [u8; 32],
    /// Give up when the table cannot be reached within this.
    pub reach_within: Duration,
}

/// Finds the host and connects to it.
async fn reach(
    client: &Client,
    events: &mut mpsc::Receiver<Event>,
    target: &Target,
) -> Result<PeerId, PlayError> {
    // Every way may fail at first and succeed a moment later: a relayed
    // address needs our own link to its relay first, and LAN tables show
    // up by mDNS within a moment. Ask again until the table answers (the
    // caller bounds the wait), keeping the network's events flowing.
    loop {
        let reached = match target {
            Target::Ticket(ticket) => client.connect(ticket.clone()).await.map(|()| ticket.peer),
            Target::Lan(peer) => client.table_info(*peer, None).await.map(|_| *peer),
            Target::Code(code) => client.find_code(*code).await.map(|(peer, _)| peer),
        };
        match reached {
            Ok(peer) => return Ok(peer),
            Err(e) => debug!(?target, "the table is not reached yet: {e}"),
        }
        while events.try_recv().is_ok() {}
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Joins a table, plays a seat with a bot until the game is over, and
/// returns the places; every entry is verified first. If the host goes,
/// the guests elect the next one and the game goes on under it.
pub async fn join(plan: JoinPlan, mut out: impl FnMut(Line)) -> Result<BTreeMap<String, u8>, PlayError> {
    let key = identity_of(&plan.node.keypair)?;
    let (client, mut events) = spawn(plan.node)?;
    let me = client.peer_id();
    // The roster gives our addresses to the other guests, for an election.
    first_address(&mut events).await?;
    let host = tokio::time::timeout(plan.reach_within, async {
        let peer = reach(&client, &mut events, &plan.target).await?;
        let welcome = send(&client, peer, Kind::Intent, &ToHost::Join).await?;
        Ok::<_, PlayError>((peer, welcome))
    })
    .await
    .map_err(|_| {
        PlayError(match &plan.target {
            Target::Code(code) => format!(
                "no table with code {code} answered within {} s on the local network or the relays",
                plan.reach_within.as_secs()
            ),
            Target::Ticket(_) => {
                format!("the table of the ticket did not answer within {} s", plan.reach_within.as_secs())
            }
            Target::Lan(_) => {
                format!(
                    "the table on the local network did not answer within {} s",
                    plan.reach_within.as_secs()
                )
            }
        })
    })?;
    let (host, welcome) = host?;
    let Answer::Welcome { seat, rules, nonce, chain_len } = welcome else {
        return fail(match welcome {
            Answer::Refused(why) => format!("the host refused: {why}"),
            other => format!("the host answered {other:?} to a join"),
        });
    };
    let (bot, acts) = match plan.player {
        Player::Bot(strategy) => (Some(strategy), None),
        Player::Person(acts) => (None, Some(acts)),
    };
    let guest = Guest::new(seat, nonce, chain_len, key, &plan.secret, bot);
    out(Line::Joined {
        colour: rules.colour_of(seat).name().to_owned(),
        seat: u8::from(seat),
        peer: me.to_string(),
    });
    let reach = client.ticket().await?.to_string();
    let commit = ToHost::Commit { commitment: guest.commitment(), reach };
    match send(&client, host, Kind::Intent, &commit).await? {
        Answer::Done => {}
        other => return fail(format!("the host refused the dice commitment: {other:?}")),
    }
    let mut follower = Follower::new(client, guest, host, rules, acts);
    let result = loop {
        match follower.play(&mut events, &mut out).await {
            Ok(Followed::Over(places)) => break Ok(places),
            Ok(Followed::HostLost) => {}
            Err(e) => break Err(e),
        }
        if follower.reconnect(&mut events, &mut out).await {
            continue;
        }
        match follower.elect(&mut events, &mut out).await {
            Ok(Elected::Follow) => {}
            Ok(Elected::Lead(term)) => return follower.lead(term, events, out).await,
            Err(e) => break Err(e),
        }
    };
    follower.finish().await;
    result
}

/// How a stretch of following a host ended.
enum Followed {
    Over(BTreeMap<String, u8>),
    HostLost,
}

/// What the election made of this guest.
enum Elected {
    /// It reached the elected host and follows it.
    Follow,
    /// It hosts from this term on.
    Lead(Term<Seat>),
}

/// A guest following a host: its seat, its verified log, and what it knows
/// for an election.
struct Follower {
    client: Client,
    guest: Guest,
    host: PeerId,
    outbox: mpsc::UnboundedSender<ToHost>,
    sender: JoinHandle<()>,
    /// Each guest seat's ticket, from the host.
    roster: Vec<(Seat, Ticket)>,
    election: Option<Election<Seat>>,
    /// A gap in the entries was reported: wait for the catch-up.
    behind: bool,
    /// The rules of the table, to name the seats.
    rules: Rules,
    /// The deeds of this computer's person, if one plays the seat.
    acts: Option<mpsc::UnboundedReceiver<Deed>>,
}

impl Follower {
    fn new(
        client: Client,
        guest: Guest,
        host: PeerId,
        rules: Rules,
        acts: Option<mpsc::UnboundedReceiver<Deed>>,
    ) -> Follower {
        let (outbox, queue) = mpsc::unbounded_channel();
        let sender = tokio::spawn(guest_sender(client.clone(), host, queue));
        let roster = Vec::new();
        Follower { client, guest, host, outbox, sender, roster, election: None, behind: false, rules, acts }
    }

    /// Sends this person's reaction to the host, which passes it on.
    fn react(&self, reaction: Reaction) {
        let (client, host) = (self.client.clone(), self.host);
        tokio::spawn(async move {
            if let Err(e) = client.request(host, Kind::Reaction, canonical::encode(&reaction)).await {
                debug!("a reaction was lost: {e}");
            }
        });
    }

    /// Another player's reaction, as the host passed it on.
    fn heard(&self, payload: &[u8], out: &mut impl FnMut(Line)) {
        match decode::<Said>(payload, Kind::Reaction) {
            Ok(said) if said.seat != self.guest.seat() => out(Line::said(&self.rules, said)),
            Ok(_) => {}
            Err(e) => warn!("dropped a reaction from the host: {e}"),
        }
    }

    /// Follows `host` from now on: a fresh sender, so nothing queued for a
    /// lost connection goes ahead of what is sent next.
    fn follow(&mut self, host: PeerId) {
        let (outbox, queue) = mpsc::unbounded_channel();
        self.sender.abort();
        self.sender = tokio::spawn(guest_sender(self.client.clone(), host, queue));
        self.outbox = outbox;
        self.host = host;
    }

    /// The connection to the host dropped: the host may still be there.
    /// Back at it, the guest catches up from its head and sends again what
    /// the game waits for from it (lost with the connection, perhaps).
    async fn reconnect(&mut self, events: &mut mpsc::Receiver<Event>, out: &mut impl FnMut(Line)) -> bool {
        // By peer id: the addresses the network learned from the host.
        let host = Ticket::new(self.host, Vec::new());
        if !self.rejoin(&host, events, HOST_BACK).await {
            return false;
        }
        out(Line::Reconnected { head: self.head() });
        self.follow(host.peer);
        for message in self.guest.owed() {
            let _ = self.outbox.send(message);
        }
        true
    }

    /// Lets the last answers go out before the network stops.
    async fn finish(self) {
        drop(self.outbox);
        let _ = tokio::time::timeout(Duration::from_secs(2), self.sender).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
    }

    fn head(&self) -> u64 {
        self.guest.replica().map_or(0, |r| r.head().0)
    }

    /// Follows the host until the game is over or the host is lost.
    async fn play(
        &mut self,
        events: &mut mpsc::Receiver<Event>,
        out: &mut impl FnMut(Line),
    ) -> Result<Followed, PlayError> {
        loop {
            let heard = tokio::select! {
                heard = tokio::time::timeout(HOST_SILENCE, events.recv()) => heard,
                deed = next_deed(&mut self.acts) => {
                    match deed.ok_or_else(|| PlayError("this computer left the table".into()))? {
                        Deed::Act(act) => {
                            if let Some(message) = self.guest.act(act) {
                                let _ = self.outbox.send(message);
                            }
                        }
                        Deed::React(reaction) => self.react(reaction),
                    }
                    continue;
                }
            };
            let event = heard
                .map_err(|_| PlayError(format!("the host sent nothing for {} s", HOST_SILENCE.as_secs())))?
                .ok_or_else(|| PlayError("the network stopped".into()))?;
            let (payload, reply) = match event {
                Event::Request { peer, kind: Kind::Entry, payload, reply } if peer == self.host => {
                    (payload, reply)
                }
                Event::Request { peer, kind: Kind::Reaction, payload, reply } => {
                    let _ = reply.reply(Vec::new());
                    if peer == self.host {
                        self.heard(&payload, out);
                    }
                    continue;
                }
                Event::Request { kind: Kind::Intent, reply, .. } => {
                    // A peer that saw the host go before we did: it retries.
                    let _ = reply.reply(canonical::encode(&Answer::Refused("not hosting".into())));
                    continue;
                }
                Event::PeerDisconnected { peer } if peer == self.host && self.election.is_some() => {
                    return Ok(Followed::HostLost);
                }
                Event::PeerDisconnected { peer } if peer == self.host => {
                    return fail("the host left before the game began");
                }
                _ => continue,
            };
            let message: ToGuest = decode(&payload, Kind::Entry)?;
            let (answer, sends, over) = self.take(message, out)?;
            if let Err(e) = reply.reply(canonical::encode(&answer)) {
                debug!("answer not sent: {e}");
            }
            for message in sends {
                let _ = self.outbox.send(message);
            }
            if let Some(state) = over {
                if state.closed.is_some() && !state.game.is_over() {
                    return fail("the host closed the table before the game was over");
                }
                let places = places(&state);
                out(Line::Over { places: places.clone() });
                return Ok(Followed::Over(places));
            }
        }
    }

    /// Handles one message of the host: the answer, what to send, and the
    /// final state if the game ended.
    #[allow(clippy::type_complexity)]
    fn take(
        &mut self,
        message: ToGuest,
        out: &mut impl FnMut(Line),
    ) -> Result<(Answer, Vec<ToHost>, Option<TableState>), PlayError> {
        let refused = |e: GuestError| PlayError(e.to_string());
        Ok(match message {
            ToGuest::Sign(genesis) => {
                (Answer::Signed(self.guest.sign(&genesis).map_err(refused)?), vec![], None)
            }
            ToGuest::Sealed(genesis) => {
                let sends = self.guest.seal(&genesis).map_err(refused)?;
                out(Line::Sealed { genesis });
                (Answer::Done, sends, None)
            }
            ToGuest::Roster(members) => {
                self.roster = members
                    .into_iter()
                    .filter_map(|(seat, ticket)| Some((seat, ticket.parse::<Ticket>().ok()?)))
                    .collect();
                self.roster.sort_by_key(|&(seat, _)| seat);
                // The succession: the creator, then the guests in seat order.
                let creator = self.guest.replica().map(|r| r.state().host);
                let order: Vec<Seat> =
                    creator.into_iter().chain(self.roster.iter().map(|&(s, _)| s)).collect();
                self.election = Election::new(order).ok();
                (Answer::Done, vec![], None)
            }
            ToGuest::Entries(entries) => {
                let mut sends = Vec::new();
                for entry in entries {
                    match self.guest.apply(entry.clone()) {
                        Ok(Some(applied)) => {
                            self.behind = false;
                            if let Record::Handover { epoch, host } = applied.record {
                                self.check_term(Term { epoch: u64::from(epoch), host })?;
                            }
                            out(Line::Entry { seq: applied.seq, record: applied.record, signed: entry });
                            // The last entry's decision stands for the batch,
                            // but a dice link is offered once only: a later
                            // entry of the batch would not offer it again.
                            sends.retain(|m| {
                                matches!(m, ToHost::Reveal { .. } | ToHost::Intent(Act::Roll { .. }))
                            });
                            sends.extend(applied.send);
                        }
                        Ok(None) => {}
                        Err(GuestError::Gap { head }) => {
                            // Entries were lost while we were away: ask once.
                            if !self.behind {
                                self.behind = true;
                                sends.push(ToHost::Rejoin { head, tail: Vec::new() });
                            }
                            break;
                        }
                        Err(e) => return Err(refused(e)),
                    }
                }
                let over = self
                    .guest
                    .replica()
                    .map(|r| *r.state())
                    .filter(|s| s.game.is_over() || s.closed.is_some());
                (Answer::Done, sends, over)
            }
        })
    }

    /// A hand-over must come from the host this guest's election allows.
    fn check_term(&mut self, term: Term<Seat>) -> Result<(), PlayError> {
        let Some(election) = &mut self.election else {
            return fail("a hand-over came before the roster");
        };
        match election.observe(&term) {
            Verdict::Stale => {
                fail(format!("a stale host tried to take the table over (epoch {})", term.epoch))
            }
            Verdict::Current | Verdict::Follow(_) => Ok(()),
        }
    }

    /// The host is gone: elects the next by the succession and reaches it,
    /// or finds this guest is the one to lead.
    async fn elect(
        &mut self,
        events: &mut mpsc::Receiver<Event>,
        out: &mut impl FnMut(Line),
    ) -> Result<Elected, PlayError> {
        let rules = self.guest.replica().map(|r| *r.state().game.rules());
        loop {
            let election =
                self.election.as_mut().ok_or_else(|| PlayError("no roster to elect a host from".into()))?;
            let term = election.host_lost().map_err(|e| PlayError(e.to_string()))?.clone();
            if let Some(rules) = rules {
                out(Line::HostChanged {
                    epoch: term.epoch,
                    colour: rules.colour_of(term.host).name().to_owned(),
                    seat: u8::from(term.host),
                });
            }
            if term.host == self.guest.seat() {
                return Ok(Elected::Lead(term));
            }
            let Some(ticket) = self.roster.iter().find(|(s, _)| *s == term.host).map(|(_, t)| t.clone())
            else {
                continue;
            };
            if self.rejoin(&ticket, events, REACH_NEW_HOST).await {
                self.follow(ticket.peer);
                return Ok(Elected::Follow);
            }
            warn!(peer = %ticket.peer, "the elected host cannot be reached; electing the next");
        }
    }

    /// Reaches a host (within `within`) with this guest's head and newest
    /// entries; says whether it took them.
    async fn rejoin(
        &mut self,
        ticket: &Ticket,
        events: &mut mpsc::Receiver<Event>,
        within: Duration,
    ) -> bool {
        // As many of the newest entries as fit in one intent.
        let rejoin = (0..=MAX_BATCH)
            .rev()
            .map(|n| ToHost::Rejoin { head: self.head(), tail: self.guest.tail(n) })
            .find(|r| canonical::encode(r).len() <= Kind::Intent.max_payload())
            .unwrap_or(ToHost::Rejoin { head: self.head(), tail: Vec::new() });
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            // Keep the network's events flowing while we wait; refuse
            // other peers' rejoins (we do not host).
            while let Ok(event) = events.try_recv() {
                if let Event::Request { kind: Kind::Intent, reply, .. } = event {
                    let _ = reply.reply(canonical::encode(&Answer::Refused("not hosting".into())));
                }
            }
            let attempt = async {
                self.client.connect(ticket.clone()).await?;
                send(&self.client, ticket.peer, Kind::Intent, &rejoin).await
            };
            match tokio::time::timeout(Duration::from_secs(1), attempt).await {
                Ok(Ok(Answer::Done)) => return true,
                Ok(Ok(other)) => debug!("the elected host answered {other:?}"),
                Ok(Err(e)) => debug!("the elected host: {e}"),
                Err(_) => debug!("the elected host did not answer yet"),
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        false
    }

    /// This guest was elected: it gathers the other guests' newest entries,
    /// takes the table over with a signed hand-over, and hosts to the end.
    async fn lead(
        mut self,
        term: Term<Seat>,
        mut events: mpsc::Receiver<Event>,
        mut out: impl FnMut(Line),
    ) -> Result<BTreeMap<String, u8>, PlayError> {
        self.sender.abort();
        let expected = self.roster.iter().filter(|(s, _)| *s != self.guest.seat()).count();
        let mut back: Vec<(PeerId, u64)> = Vec::new();
        let until = tokio::time::Instant::now() + GATHER;
        while back.len() < expected {
            let event = match tokio::time::timeout_at(until, events.recv()).await {
                Ok(Some(event)) => event,
                Ok(None) => return fail("the network stopped"),
                Err(_) => break,
            };
            let Event::Request { peer, kind: Kind::Intent, payload, reply } = event else { continue };
            let answer = match decode::<ToHost>(&payload, Kind::Intent) {
                Ok(ToHost::Rejoin { head, tail }) if self.roster.iter().any(|(_, t)| t.peer == peer) => {
                    for entry in tail {
                        // Entries we lack, from the departed host, verified as ever.
                        if let Ok(Some(applied)) = self.guest.apply(entry.clone()) {
                            out(Line::Entry { seq: applied.seq, record: applied.record, signed: entry });
                        }
                    }
                    back.retain(|&(p, _)| p != peer);
                    back.push((peer, head));
                    Answer::Done
                }
                _ => Answer::Refused("the new host is not ready yet".into()),
            };
            let _ = reply.reply(canonical::encode(&answer));
        }
        let seat = self.guest.seat();
        let epoch = u32::try_from(term.epoch).map_err(|_| PlayError("too many hand-overs".into()))?;
        // Entries from here on are the new host's to publish.
        let handed = usize::try_from(self.head()).unwrap_or(usize::MAX);
        let mut table =
            self.guest.take_over(epoch, Timing::INSTANT, 0).map_err(|e| PlayError(e.to_string()))?;
        let start = Instant::now();
        let me = table.state().control[seat.index()].owner();
        // Headless, this computer's seat is played by a bot as before; a
        // person plays on.
        if let (Some(me), None) = (me, &self.acts) {
            table
                .handle(0, Input::Intent { from: me, seat, act: Act::Leave })
                .map_err(|e| PlayError(format!("the seat cannot go to a bot: {e}")))?;
        }
        let (answers, answered) = mpsc::unbounded_channel();
        let rules = *table.state().game.rules();
        let timing = table.config().timing;
        let mut host = Host {
            client: self.client,
            lobby: None,
            name: String::new(),
            listed: false,
            plan_rules: rules,
            seats: table.config().seats,
            timing,
            me: me.filter(|_| self.acts.is_some()).map(|me| (me, seat)),
            entropy: [0; 32],
            identity: None,
            guests: HashMap::new(),
            answers,
            table: Some(table),
            start,
            sealed_sent: true,
            published: handed,
            roster: self.roster,
            chatter: RateLimiter::default(),
        };
        for (peer, head) in back {
            let seat = host.roster.iter().find(|(_, t)| t.peer == peer).map(|&(s, _)| s);
            let owner =
                seat.and_then(|s| Some((s, host.table.as_ref()?.state().control[s.index()].owner()?)));
            if let Some((seat, who)) = owner {
                host.seat_guest(peer, who, seat);
                host.catch_up(peer, head);
                host.input(Input::Connected(who)).unwrap_or_else(|e| debug!("{e}"));
            }
        }
        host.run(events, answered, self.acts, out).await
    }
}

/// Sends the guest's messages to the host in order.
async fn guest_sender(client: Client, host: PeerId, mut queue: mpsc::UnboundedReceiver<ToHost>) {
    while let Some(message) = queue.recv().await {
        match send(&client, host, Kind::Intent, &message).await {
            Ok(Answer::Refused(why)) => debug!("the host refused {message:?}: {why}"),
            Ok(_) => {}
            Err(e) => warn!("a message to the host was lost: {e}"),
        }
    }
}
