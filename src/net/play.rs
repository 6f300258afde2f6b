//! Headless networked play: the host's and the guest's drivers. They carry
//! [`ToHost`] messages as intents and [`ToGuest`] messages as entries,
//! encoded canonically, run the table's clock, and report what happens as
//! [`Line`]s. Game logic stays in `table` (the authority and [`Guest`]).
//! No host election here: a guest whose host leaves stops with a reason.

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
    Client, Event, Kind, NetError, NodeConfig, RoomCode, TableInfo, Ticket, spawn,
    wire::Refusal as WireRefusal,
};
use crate::bots::Strategy;
use crate::fair::{Commitment, Identity, canonical};
use crate::rules::{Preset, Rules, Seat};
use crate::table::{
    Answer, CHAIN_LEN, Control, Guest, Input, Participant, Record, Table, TableConfig, TableState, Timing,
    ToGuest, ToHost, game_nonce,
};

/// Entries sent to a guest in one message at most (well inside the cap of
/// an entry message).
const MAX_BATCH: usize = 16;
/// A guest gives up on a host that sends nothing for this long.
const HOST_SILENCE: Duration = Duration::from_secs(60);
/// How long the host waits for its last entries to reach the guests.
const FLUSH: Duration = Duration::from_secs(10);

/// One line of a headless player's report.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Line {
    Listening { code: String, ticket: String },
    Joined { colour: String, seat: u8, peer: String },
    Entry { seq: u64, record: Record },
    Over { places: BTreeMap<String, u8> },
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

/// How a headless host sets its table up.
pub struct HostPlan {
    pub preset: Preset,
    /// Bots besides the host's own seat (which a bot plays too).
    pub bots: usize,
    pub code: RoomCode,
    pub node: NodeConfig,
    /// Fresh random bytes: the dice chains and bots of the table.
    pub entropy: [u8; 32],
}

/// A guest at the host, before and during the game.
struct Seated {
    who: Participant,
    seat: Seat,
    commitment: Option<Commitment>,
    outbox: mpsc::UnboundedSender<ToGuest>,
    sender: JoinHandle<()>,
}

/// The host's side: a table whose empty seats wait for guests.
struct Host {
    client: Client,
    code: RoomCode,
    preset: Preset,
    plan_rules: Rules,
    seats: [Control; 4],
    entropy: [u8; 32],
    /// The key that signs the log, until the table takes it.
    identity: Option<Identity>,
    guests: HashMap<PeerId, Seated>,
    answers: mpsc::UnboundedSender<(PeerId, Answer)>,
    table: Option<Table>,
    start: Instant,
    sealed_sent: bool,
    published: usize,
}

/// Hosts a game until it is over; returns the places.
pub async fn host(plan: HostPlan, mut out: impl FnMut(Line)) -> Result<BTreeMap<String, u8>, PlayError> {
    if plan.bots > 3 {
        return fail("at most 3 bots besides the host's seat");
    }
    let identity = identity_of(&plan.node.keypair)?;
    let (client, mut events) = spawn(plan.node)?;
    first_address(&mut events).await?;
    let ticket = client.ticket().await?;
    let mut seats = [Control::Empty; 4];
    for (i, seat) in Seat::ALL.iter().enumerate() {
        seats[seat.index()] = if i <= plan.bots {
            Control::Bot(Strategy::Normal)
        } else {
            Control::Person { owner: Participant(i as u16) }
        };
    }
    let (answers, mut answered) = mpsc::unbounded_channel();
    let mut host = Host {
        client,
        code: plan.code,
        preset: plan.preset,
        plan_rules: plan.preset.rules(),
        seats,
        entropy: plan.entropy,
        identity: Some(identity),
        guests: HashMap::new(),
        answers,
        table: None,
        start: Instant::now(),
        sealed_sent: false,
        published: 0,
    };
    host.client.open_table(host.info(), plan.code).await?;
    out(Line::Listening { code: plan.code.to_string(), ticket: ticket.to_string() });
    host.try_open()?;
    loop {
        if let Some(state) = host.publish(&mut out) {
            if state.game.is_over() {
                let places = places(&state);
                out(Line::Over { places: places.clone() });
                host.flush().await;
                return Ok(places);
            }
            if state.closed.is_some() {
                return fail("the table closed before the game was over");
            }
        }
        let deadline = host.table.as_ref().and_then(Table::next_deadline);
        let timer = async {
            match deadline {
                Some(ms) => tokio::time::sleep_until((host.start + Duration::from_millis(ms)).into()).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            event = events.recv() => match event {
                Some(event) => host.on_event(event, &mut out).await?,
                None => return fail("the network stopped"),
            },
            Some((peer, answer)) = answered.recv() => host.on_answer(peer, answer),
            () = timer => host.input(Input::Tick).map(drop).unwrap_or_else(|e| debug!("tick: {e}")),
        }
    }
}

impl Host {
    fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn info(&self) -> TableInfo {
        let free = self
            .seats
            .iter()
            .filter(|c| matches!(c, Control::Person { .. }))
            .count()
            .saturating_sub(self.guests.len());
        TableInfo {
            host_name: "headless".into(),
            preset: self.preset.name().to_owned(),
            free_seats: free as u8,
            players: self
                .guests
                .values()
                .map(|g| self.plan_rules.colour_of(g.seat).name().to_owned())
                .collect(),
            listed: true,
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
        let guest_seats = self.seats.iter().filter(|c| matches!(c, Control::Person { .. })).count();
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
            timing: Timing::INSTANT,
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
            for guest in self.guests.values() {
                let _ = guest.outbox.send(ToGuest::Sealed(table.genesis().clone()));
            }
        }
        for (i, (entry, record)) in
            table.entries().iter().zip(table.records()).enumerate().skip(self.published)
        {
            out(Line::Entry { seq: i as u64 + 1, record: *record });
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
            Event::Request { peer, kind, .. } => debug!(%peer, ?kind, "request not for a headless host"),
            Event::PeerDisconnected { peer } => {
                let Some(guest) = self.guests.get(&peer) else { return Ok(()) };
                if self.table.is_some() {
                    let who = guest.who;
                    self.input(Input::Disconnected(who)).unwrap_or_else(|e| debug!("{e}"));
                } else if let Some(gone) = self.guests.remove(&peer) {
                    // Before the game, a guest who leaves frees the seat.
                    gone.sender.abort();
                    self.client.open_table(self.info(), self.code).await?;
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
                let free = Seat::ALL
                    .into_iter()
                    .find(|s| matches!(self.seats[s.index()], Control::Person { .. }) && !taken.contains(s));
                match (free, &self.table) {
                    (Some(seat), None) => {
                        let Control::Person { owner: who } = self.seats[seat.index()] else {
                            return Ok(Answer::Refused("no free seat".into()));
                        };
                        let (outbox, queue) = mpsc::unbounded_channel();
                        let sender =
                            tokio::spawn(host_sender(self.client.clone(), peer, queue, self.answers.clone()));
                        self.guests.insert(peer, Seated { who, seat, commitment: None, outbox, sender });
                        out(Line::Joined {
                            colour: self.plan_rules.colour_of(seat).name().to_owned(),
                            seat: u8::from(seat),
                            peer: peer.to_string(),
                        });
                        self.client.open_table(self.info(), self.code).await?;
                        self.welcome(seat)
                    }
                    _ => Answer::Refused("the table is full".into()),
                }
            }
            (ToHost::Commit(commitment), Some(_)) if self.table.is_none() => {
                if let Some(guest) = self.guests.get_mut(&peer) {
                    guest.commitment = Some(commitment);
                }
                self.try_open()?;
                Answer::Done
            }
            (ToHost::Commit(_), Some(_)) => Answer::Refused("the game has begun".into()),
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
}

/// How a headless guest plays.
pub struct JoinPlan {
    pub target: Target,
    pub strategy: Strategy,
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
    match target {
        Target::Ticket(ticket) => {
            client.connect(ticket.clone()).await?;
            Ok(ticket.peer)
        }
        // LAN tables show up by mDNS within a moment: ask again until found.
        Target::Code(code) => loop {
            match client.find_code(*code).await {
                Ok((peer, _)) => return Ok(peer),
                Err(e) => debug!("code {code} not found yet: {e}"),
            }
            // Keep the network's events flowing while we wait.
            while events.try_recv().is_ok() {}
            tokio::time::sleep(Duration::from_millis(500)).await;
        },
    }
}

/// Joins a table, plays a seat with a bot until the game is over, and
/// returns the places; every entry is verified first.
pub async fn join(plan: JoinPlan, mut out: impl FnMut(Line)) -> Result<BTreeMap<String, u8>, PlayError> {
    let key = identity_of(&plan.node.keypair)?;
    let (client, mut events) = spawn(plan.node)?;
    let me = client.peer_id();
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
        })
    })?;
    let (host, welcome) = host?;
    let Answer::Welcome { seat, rules, nonce, chain_len } = welcome else {
        return fail(match welcome {
            Answer::Refused(why) => format!("the host refused: {why}"),
            other => format!("the host answered {other:?} to a join"),
        });
    };
    let mut guest = Guest::new(seat, nonce, chain_len, key, &plan.secret, plan.strategy);
    out(Line::Joined {
        colour: rules.colour_of(seat).name().to_owned(),
        seat: u8::from(seat),
        peer: me.to_string(),
    });
    match send(&client, host, Kind::Intent, &ToHost::Commit(guest.commitment())).await? {
        Answer::Done => {}
        other => return fail(format!("the host refused the dice commitment: {other:?}")),
    }
    let (outbox, queue) = mpsc::unbounded_channel();
    let sender = tokio::spawn(guest_sender(client.clone(), host, queue));
    let result = play(&mut guest, host, &mut events, &outbox, &mut out).await;
    drop(outbox);
    // The last answers go out before the network stops.
    let _ = tokio::time::timeout(Duration::from_secs(2), sender).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    result
}

async fn play(
    guest: &mut Guest,
    host: PeerId,
    events: &mut mpsc::Receiver<Event>,
    outbox: &mpsc::UnboundedSender<ToHost>,
    out: &mut impl FnMut(Line),
) -> Result<BTreeMap<String, u8>, PlayError> {
    loop {
        let event = tokio::time::timeout(HOST_SILENCE, events.recv())
            .await
            .map_err(|_| PlayError(format!("the host sent nothing for {} s", HOST_SILENCE.as_secs())))?
            .ok_or_else(|| PlayError("the network stopped".into()))?;
        let (payload, reply) = match event {
            Event::Request { peer, kind: Kind::Entry, payload, reply } if peer == host => (payload, reply),
            Event::PeerDisconnected { peer } if peer == host => {
                return fail("the host left the game (host migration is not supported yet)");
            }
            _ => continue,
        };
        let message: ToGuest = decode(&payload, Kind::Entry)?;
        let (answer, sends, over) = match message {
            ToGuest::Sign(genesis) => {
                (Answer::Signed(guest.sign(&genesis).map_err(|e| PlayError(e.to_string()))?), vec![], None)
            }
            ToGuest::Sealed(genesis) => {
                (Answer::Done, guest.seal(&genesis).map_err(|e| PlayError(e.to_string()))?, None)
            }
            ToGuest::Entries(entries) => {
                let mut sends = Vec::new();
                for entry in entries {
                    if let Some(applied) = guest.apply(entry).map_err(|e| PlayError(e.to_string()))? {
                        out(Line::Entry { seq: applied.seq, record: applied.record });
                        sends = applied.send;
                    }
                }
                let over =
                    guest.replica().map(|r| *r.state()).filter(|s| s.game.is_over() || s.closed.is_some());
                (Answer::Done, sends, over)
            }
        };
        if let Err(e) = reply.reply(canonical::encode(&answer)) {
            debug!("answer not sent: {e}");
        }
        for message in sends {
            let _ = outbox.send(message);
        }
        if let Some(state) = over {
            if state.closed.is_some() && !state.game.is_over() {
                return fail("the host closed the table before the game was over");
            }
            let places = places(&state);
            out(Line::Over { places: places.clone() });
            return Ok(places);
        }
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
