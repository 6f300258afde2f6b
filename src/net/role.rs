//! Where a networked player starts and how its role changes: `host` opens
//! a table (or resumes the one it hosted before a restart), `join` finds
//! one and takes a seat (or its old seat back). A guest may be elected and
//! host; a host that finds the table following another branch steps down
//! and follows it. The session (the node, the report, the saved game)
//! goes along.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use libp2p::{PeerId, identity::Keypair};
use tokio::sync::mpsc;
use tracing::{debug, info, warn};

use super::guest::{Followed, Follower, ask, take_seat};
use super::host::{Host, Hosted, Listing, Opening};
use super::report::{Deed, Line, Places, PlayError};
use super::session::{Events, Keeper, Report, Session};
use super::watcher::{self, Watched};
use super::wire::WireError;
use super::{Client, NetError, NodeConfig, NodeEvent, RoomCode, Ticket, spawn, ticket};
use crate::bots::Strategy;
use crate::fair::{self, Digest, Identity, Proof};
use crate::profile::Home;
use crate::profile::network::{NetGame, Role};
use crate::rules::{Preset, Rules, Seat, SeatSet};
use crate::table::{
    Act, Again, Answer, CHAIN_LEN, Control, Guest, Input, Millis, Offer, Participant, Reach, Record, Roster,
    Table, TableConfig, Timing, ToHost,
};

/// The signing identity of a peer's key (one key names the peer and signs).
pub fn identity_of(keypair: &Keypair) -> Result<(Identity, [u8; 32]), PlayError> {
    let ed = keypair
        .clone()
        .try_into_ed25519()
        .map_err(|e| PlayError::Table(format!("the key cannot sign: {e}")))?;
    let mut secret = [0u8; 32];
    secret.copy_from_slice(ed.secret().as_ref());
    Ok((Identity::from_secret(&secret), secret))
}

pub(super) async fn first_address(events: &mut mpsc::Receiver<NodeEvent>) -> Result<(), PlayError> {
    let wait = async {
        while let Some(event) = events.recv().await {
            if matches!(event, NodeEvent::Listening { .. }) {
                return Ok(());
            }
        }
        Err(PlayError::NetworkStopped)
    };
    tokio::time::timeout(Duration::from_secs(10), wait).await.map_err(|_| PlayError::NoAddress)?
}

/// How long a host with relays waits for its first reservation before it
/// prints its ticket without a relayed address (it prints it again once
/// the reservation comes).
const FIRST_RESERVATION: Duration = Duration::from_secs(5);

/// Waits for the first relayed address, for at most `within`.
async fn first_reservation(events: &mut mpsc::Receiver<NodeEvent>, within: Duration) {
    let wait = async {
        while let Some(event) = events.recv().await {
            if matches!(event, NodeEvent::NewTicket { .. }) {
                return;
            }
        }
    };
    if tokio::time::timeout(within, wait).await.is_err() {
        info!("no relay reservation yet: the ticket holds direct addresses only");
    }
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
    /// The host's name, as the lobby and the other players show it.
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
    /// The profile the game is kept in as it goes (and resumed from after
    /// a restart); none keeps nothing.
    pub home: Option<Home>,
    /// Games to play in a row with the same group (a rematch after each);
    /// given, the host reports `closed` after the last.
    pub games: Option<u32>,
    /// Where each finished game's proof is written (`--proof`).
    pub proof: Option<PathBuf>,
}

impl HostPlan {
    /// A headless host of the seats of `players`: its own (the first) and
    /// the `bots` after it are Normal bots, the others wait for guests;
    /// bots act at once.
    pub fn headless(
        preset: Preset,
        players: SeatSet,
        bots: usize,
        code: RoomCode,
        node: NodeConfig,
        entropy: [u8; 32],
    ) -> Self {
        let mut seats = [Control::Empty; 4];
        for (i, seat) in players.iter().enumerate() {
            seats[seat.index()] = if i <= bots {
                Control::Bot(Strategy::Normal)
            } else {
                Control::Person { owner: Participant(i as u16) }
            };
        }
        HostPlan {
            preset,
            rules: preset.rules(),
            seats,
            name: "Host".into(),
            listed: true,
            timing: Timing::INSTANT,
            code,
            node,
            entropy,
            acts: None,
            home: None,
            games: None,
            proof: None,
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
    type Err = NotATable;

    /// A six-letter room code (any case), an invite ticket or an invite link.
    fn from_str(text: &str) -> Result<Target, NotATable> {
        let text = text.trim();
        if text.is_empty() {
            Err(NotATable::Empty)
        } else if Ticket::is_link(text) {
            Ticket::from_link(text).map(Target::Ticket).map_err(|e| NotATable::Invite(e.to_string()))
        } else if text.starts_with(super::ticket::TICKET_PREFIX) {
            text.parse::<Ticket>().map(Target::Ticket).map_err(|e| NotATable::Invite(e.to_string()))
        } else {
            let code = text.to_ascii_uppercase().parse::<RoomCode>();
            code.map(Target::Code).map_err(|e| NotATable::Code(e.to_string()))
        }
    }
}

/// Why a text names no table: which kind it is, so that a window can say
/// it in the player's language (the reasons are English).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotATable {
    /// Nothing but spaces.
    Empty,
    /// An invite link or ticket that does not read.
    Invite(String),
    /// Neither an invite nor a room code.
    Code(String),
}

impl std::fmt::Display for NotATable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotATable::Empty => f.write_str("nothing names the table: give its room code or an invite"),
            NotATable::Invite(why) | NotATable::Code(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for NotATable {}

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
    /// The player's name, as the other players see it.
    pub name: String,
    /// The colour this player would like, if it is free.
    pub colour: Option<Seat>,
    /// Watch the game under way without a seat; a colour reserved (by
    /// `reserve`, or by a person's deed) is played in the next game with
    /// the same group.
    pub watch: bool,
    /// When watching: the colour to reserve at once.
    pub reserve: Option<crate::rules::Colour>,
    /// The bot's first act waits this long (a slow player).
    pub think: Option<Duration>,
    /// The profile the game is kept in (and the seat taken back from after
    /// a restart); none keeps nothing.
    pub home: Option<Home>,
    /// Where each finished game's proof is written (`--proof`).
    pub proof: Option<PathBuf>,
}

/// A peer's role, as it changes.
enum Part {
    Host(Box<Host>),
    Guest(Box<Follower>),
}

/// How this peer holds its own seat's chain, to follow again after it hosted.
#[derive(Clone)]
enum Seating {
    /// The table's creator: its chains come from the table's entropy, and
    /// it follows as the seat it signed the genesis for.
    Creator {
        entropy: [u8; 32],
    },
    Guest {
        seat: Seat,
        secret: [u8; 32],
        bot: Option<Strategy>,
    },
}

impl Seating {
    /// A guest for this seat, verifying the game from `proof` at `now`.
    fn guest(
        &self,
        proof: &Proof<Record>,
        roster: Roster,
        key: Identity,
        now: Millis,
    ) -> Result<Guest, PlayError> {
        let genesis =
            proof.genesis.genesis.decode().map_err(|e| PlayError::Saved(format!("its genesis: {e}")))?;
        let mut guest = match self {
            Seating::Creator { entropy } => {
                let seat = genesis.host;
                let secret = fair::tagged(crate::fair::hash::TAG_TABLE_SECRET, &[entropy, &[u8::from(seat)]]);
                Guest::holding(
                    seat,
                    key,
                    fair::Chain::new(genesis.game_nonce, seat, &secret.0, genesis.chain_len),
                )
            }
            Seating::Guest { seat, secret, bot } => {
                Guest::new(*seat, genesis.game_nonce, genesis.chain_len, key, secret, *bot)
            }
        };
        guest.restore(proof, roster, now).map_err(|e| PlayError::Saved(e.to_string()))?;
        Ok(guest)
    }
}

/// Plays on through every change of role until the game is over: the
/// places, and the seat a host offered this guest in the next game with
/// the same group, if it did.
async fn play<O: FnMut(Line)>(
    session: &mut Session<O>,
    mut part: Part,
    seating: Seating,
) -> Result<(Places, Option<(PeerId, Offer)>), PlayError> {
    loop {
        part = match part {
            Part::Host(mut host) => match host.run(session).await? {
                Hosted::Over(places) => return Ok((places, None)),
                Hosted::StepDown { host: peer, branch } => {
                    info!(%peer, epoch = branch.epoch, "stepping down: the table follows another host");
                    let (proof, roster, rules) = host
                        .handed()
                        .ok_or_else(|| PlayError::Table("stepping down before the game began".into()))?;
                    let key = session.identity();
                    let guest = seating.guest(&proof, roster, key, session.now())?;
                    let mut follower = Follower::new(guest, peer, rules, None);
                    follower.rejoining = host.resuming();
                    follower.following = Some(branch);
                    let rejoin = follower.rejoin();
                    follower.push(rejoin);
                    Part::Guest(Box::new(follower))
                }
            },
            Part::Guest(mut follower) => match follower.run(session).await? {
                Followed::Over { places, again } => return Ok((places, again)),
                Followed::Lead { epoch } => Part::Host(Box::new(lead(*follower, epoch, session).await?)),
            },
        };
    }
}

/// This guest was elected: it takes the table over and hosts from here.
async fn lead<O: FnMut(Line)>(
    follower: Follower,
    epoch: u32,
    session: &mut Session<O>,
) -> Result<Host, PlayError> {
    let peers = follower.peers();
    // A table of a set number of games plays the rest under its new host.
    let (again, closes) = match follower.again() {
        Again::Planned(n) => (n, true),
        Again::No | Again::Asked => (0, false),
    };
    let me = follower.guest.seat();
    let reported = follower.guest.head().seq as usize;
    let rules = follower.rules;
    let (mut table, kept) =
        follower.guest.take_over(epoch, session.now()).map_err(|e| PlayError::Table(e.to_string()))?;
    // Elected just as the game ended (the lost host's last entry ended it),
    // the seat stays as it is: the new host only reports the end.
    let playing = !table.state().game.is_over();
    if let Some(who) = table.state().control[me.index()].owner().filter(|_| playing) {
        // The departed host may have given this seat to a stand-in while
        // this computer was out of its reach: it is here.
        table
            .handle(session.now(), Input::Connected(who))
            .map_err(|e| PlayError::Table(format!("the seat cannot be taken back: {e}")))?;
        // Headless, this computer's seat is played by a bot from here on; a
        // person plays on.
        if session.acts.is_none() {
            table
                .handle(session.now(), Input::Intent { from: who, seat: me, act: Act::Leave })
                .map_err(|e| PlayError::Table(format!("the seat cannot go to a bot: {e}")))?;
        }
    }
    let roster = kept.roster;
    // The other peers come back to us, the departed host among them (it
    // finds us through its guests after a restart): the end waits for it.
    let expected: Vec<(PeerId, Seat)> = peers.iter().map(|(s, t)| (t.peer, *s)).collect();
    for (_, ticket) in &peers {
        let _ = session.client.keep(ticket.peer, true).await;
    }
    // The next game's nonce and the chains of the seats this host holds
    // come from its entropy: the departed host's went with it, and bytes
    // anyone could derive would let a guest foresee those seats' dice.
    let mut entropy = [0u8; 32];
    getrandom::fill(&mut entropy)
        .map_err(|e| PlayError::Table(format!("no randomness for the next game's dice: {e}")))?;
    session.report(Line::HostChanged { epoch, colour: rules.colour_of(me), seat: me });
    let config = table.config().clone();
    Ok(Host::new(Opening {
        config,
        listing: None,
        entropy,
        table: Some(table),
        reported,
        roster,
        expected,
        again,
        closes,
    }))
}

/// Hosts a game until it is over; returns the places.
pub async fn host(plan: HostPlan, out: impl FnMut(Line)) -> Result<Places, PlayError> {
    let (_, key_secret) = identity_of(&plan.node.keypair)?;
    let relayed = !plan.node.relays.is_empty();
    let (client, mut events) = spawn(plan.node)?;
    first_address(&mut events).await?;
    if relayed {
        first_reservation(&mut events, FIRST_RESERVATION).await;
    }
    let ticket = client.ticket().await?;
    let config = TableConfig {
        rules: plan.rules,
        seats: plan.seats,
        host: Participant::LOCAL,
        timing: plan.timing,
        chain_len: CHAIN_LEN,
    };
    let saved = match &plan.home {
        Some(home) => home.net_game().unwrap_or_else(|e| {
            warn!("the saved network game cannot be read: {e}");
            None
        }),
        None => None,
    };
    let out = Report::new(out);
    let mut session = Session {
        client,
        events: Events::new(events, out.clone()),
        out,
        clock: Instant::now(),
        acts: plan.acts,
        keep: None,
        key_secret,
        name: plan.name,
        shunned: Vec::new(),
        proof: plan.proof,
        proofs: 0,
    };
    let listing = Listing { code: plan.code, preset: plan.preset, listed: plan.listed };
    if let (Some(home), Some((game, Some(proof)))) = (plan.home.clone(), saved)
        && let Role::Host { config, entropy, .. } = &game.role
    {
        let (config, entropy) = (config.clone(), entropy.0);
        let code = game.code.clone();
        let table = Table::resume(
            config.clone(),
            session.identity(),
            entropy,
            Some(&proof.genesis),
            &proof.entries,
            session.now(),
        )
        .map_err(|e| PlayError::Saved(e.to_string()))?;
        let over = table.state().game.is_over() || table.state().closed.is_some();
        if !over {
            session.events.listening(code, ticket.to_string());
            let entries = proof.entries.clone();
            session.report(Line::Restored {
                genesis: proof.genesis.clone(),
                roster: game.roster.clone(),
                entries,
            });
            let roster = game.roster.clone();
            let expected: Vec<(PeerId, Seat)> = roster
                .guests()
                .filter_map(|(s, m)| ticket::reach(s, &m.reach).map(|t| (t.peer, s)))
                .collect();
            for (peer, _) in &expected {
                let _ = session.client.keep(*peer, true).await;
            }
            session.keep = Some(Keeper::new(home, game));
            let reported = table.entries().len();
            let opening = Opening {
                config,
                listing: None,
                entropy,
                table: Some(table),
                reported,
                roster,
                expected,
                again: 0,
                closes: false,
            };
            let mut host = Host::new(opening);
            host.resume();
            let (places, _) =
                play(&mut session, Part::Host(Box::new(host)), Seating::Creator { entropy }).await?;
            return Ok(places);
        }
    }
    session.events.listening(listing.code.to_string(), ticket.to_string());
    if let Some(home) = plan.home {
        let role = Role::Host {
            config: config.clone(),
            entropy: Digest(plan.entropy),
            preset: plan.preset,
            listed: plan.listed,
        };
        let game = NetGame {
            game_id: Digest::default(),
            role,
            host: ticket.to_string(),
            code: listing.code.to_string(),
            roster: Roster::default(),
            name: session.name.clone(),
            started_at: unix_now(),
        };
        session.keep = Some(Keeper::new(home, game));
    }
    let entropy = plan.entropy;
    let mut host = Host::new(Opening {
        config,
        listing: Some(listing),
        entropy,
        table: None,
        reported: 0,
        roster: Roster::default(),
        expected: Vec::new(),
        again: plan.games.map_or(0, |n| n.saturating_sub(1)),
        closes: plan.games.is_some(),
    });
    host.open(&mut session, Reach::from(&ticket)).await?;
    let (places, _) = play(&mut session, Part::Host(Box::new(host)), Seating::Creator { entropy }).await?;
    Ok(places)
}

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Finds the host and connects to it. Every way may fail at first and
/// succeed a moment later (a relayed address needs our own link to its
/// relay first; LAN tables show up by mDNS within a moment): it asks again
/// until the table answers, except when the table speaks another version.
/// `missed` keeps why the last try failed.
pub(super) async fn reach<O: FnMut(Line)>(
    client: &Client,
    events: &mut Events<O>,
    target: &Target,
    missed: &mut Option<NetError>,
) -> Result<PeerId, PlayError> {
    loop {
        let reached = match target {
            Target::Ticket(ticket) => client.connect(ticket.clone()).await.map(|()| ticket.peer),
            Target::Lan(peer) => client.table_info(*peer, None).await.map(|_| *peer),
            Target::Code(code) => client.find_code(*code).await.map(|(peer, _)| peer),
        };
        match reached {
            Ok(peer) => return Ok(peer),
            Err(e @ NetError::Wire(WireError::Incompatible { .. })) => return Err(e.into()),
            Err(e) => {
                debug!(?target, "the table is not reached yet: {e}");
                *missed = Some(e);
            }
        }
        events.skip_waiting();
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Whether a saved game is the table `target` names.
fn same_table(game: &NetGame, target: &Target) -> bool {
    match target {
        Target::Code(code) => game.code == code.to_string(),
        Target::Ticket(ticket) => game.host.parse::<Ticket>().is_ok_and(|t| t.peer == ticket.peer),
        Target::Lan(peer) => game.host.parse::<Ticket>().is_ok_and(|t| t.peer == *peer),
    }
}

/// Joins a table, plays a seat until the game is over, and returns the
/// places; every entry is verified first. A guest started again with the
/// profile of a game it sat at takes its seat back instead.
pub async fn join(plan: JoinPlan, out: impl FnMut(Line)) -> Result<Places, PlayError> {
    let (key, key_secret) = identity_of(&plan.node.keypair)?;
    let (client, mut events) = spawn(plan.node)?;
    let me = client.peer_id();
    // The roster gives our addresses to the other guests, for an election.
    first_address(&mut events).await?;
    let (bot, acts) = match plan.player {
        Player::Bot(strategy) => (Some(strategy), None),
        Player::Person(acts) => (None, Some(acts)),
    };
    let out = Report::new(out);
    let mut session = Session {
        client,
        events: Events::new(events, out.clone()),
        out,
        clock: Instant::now(),
        acts,
        keep: None,
        key_secret,
        name: plan.name,
        shunned: Vec::new(),
        proof: plan.proof,
        proofs: 0,
    };
    let saved = plan.home.as_ref().and_then(|home| {
        home.net_game().unwrap_or_else(|e| {
            warn!("the saved network game cannot be read: {e}");
            None
        })
    });
    if let (Some(home), Some((game, Some(proof)))) = (plan.home.clone(), saved)
        && let (Role::Guest { seat, secret, bot: saved_bot }, true) =
            (&game.role, same_table(&game, &plan.target))
    {
        let seating = Seating::Guest { seat: *seat, secret: secret.0, bot: *saved_bot };
        let guest = seating.guest(&proof, game.roster.clone(), key, session.now())?;
        let host: Ticket =
            game.host.parse().map_err(|e| PlayError::Saved(format!("its table's address: {e}")))?;
        let rules =
            proof.genesis.genesis.decode().map_err(|e| PlayError::Saved(format!("its genesis: {e}")))?.rules;
        let _ = session.client.connect(host.clone()).await;
        let _ = session.client.keep(host.peer, true).await;
        let entries = proof.entries.clone();
        session.report(Line::Restored {
            genesis: proof.genesis.clone(),
            roster: game.roster.clone(),
            entries,
        });
        session.keep = Some(Keeper::new(home, game));
        let mut follower = Follower::new(guest, host.peer, rules, None);
        follower.rejoining = true;
        // Judged lost at once if it does not answer: the peers tell.
        follower.last_heard = Instant::now() - super::session::LOST + Duration::from_millis(500);
        let rejoin = follower.rejoin();
        follower.push(rejoin);
        return play(&mut session, Part::Guest(Box::new(follower)), seating).await.map(|(places, _)| places);
    }
    let target = plan.target.clone();
    let within = plan.reach_within;
    let mut missed = None;
    let reached = tokio::time::timeout(within, async {
        let peer = reach(&session.client, &mut session.events, &target, &mut missed).await?;
        if plan.watch {
            return Ok::<_, PlayError>((peer, None));
        }
        let join = ToHost::Join { name: session.name.clone(), colour: plan.colour };
        let welcome = ask(&session.client, peer, join).await?;
        Ok((peer, Some(welcome)))
    })
    .await
    .map_err(|_| PlayError::NotReached {
        target: Box::new(target.clone()),
        secs: within.as_secs(),
        missed,
    })?;
    let (mut host, welcome) = match reached? {
        (peer, Some(welcome)) => (peer, welcome),
        // A watcher plays only if the next game seats it.
        (peer, None) => match watcher::watch(&mut session, peer, plan.reserve).await? {
            Watched::Over(places) => return Ok(places),
            Watched::Seated { host, welcome } => (host, welcome),
        },
    };
    let reach = Reach::from(&session.client.ticket().await?);
    let mut secret = plan.secret;
    let (mut guest, mut rules, mut commit) =
        take_seat(&mut session, host, welcome, &secret, bot, &reach).await?;
    let seat = guest.seat();
    let name = session.name.clone();
    session.report(Line::Joined { colour: rules.colour_of(seat), seat, peer: me.to_string(), name });
    let mut think = plan.think;
    let mut game: u32 = 1;
    loop {
        let seat = guest.seat();
        let _ = session.client.keep(host, true).await;
        if let Some(home) = &plan.home {
            let role = Role::Guest { seat, secret: Digest(secret), bot };
            session.keep = Some(Keeper::new(home.clone(), guest_game(&session.name, &target, host, role)));
        }
        let mut follower = Follower::new(guest, host, rules, think.take());
        follower.commit = Some(commit);
        let seating = Seating::Guest { seat, secret, bot };
        let (places, again) = play(&mut session, Part::Guest(Box::new(follower)), seating).await?;
        // Another game with the same group: a fresh chain for its seat.
        let Some((next_host, offer)) = again else { return Ok(places) };
        game += 1;
        host = next_host;
        secret = fair::tagged(crate::fair::hash::TAG_GUEST_AGAIN, &[&plan.secret, &game.to_be_bytes()]).0;
        let Offer { seat, nonce, chain_len } = offer;
        let welcome = Answer::Welcome { seat, rules, nonce, chain_len };
        (guest, rules, commit) = take_seat(&mut session, host, welcome, &secret, bot, &reach).await?;
    }
}

/// A guest's game as its profile keeps it: how it sits, and the table.
fn guest_game(name: &str, target: &Target, host: PeerId, role: Role) -> NetGame {
    let code = match target {
        Target::Code(code) => code.to_string(),
        _ => String::new(),
    };
    let host_ticket = match target {
        Target::Ticket(t) => t.to_string(),
        _ => Ticket::new(host, Vec::new()).to_string(),
    };
    NetGame {
        game_id: Digest::default(),
        role,
        host: host_ticket,
        code,
        roster: Roster::default(),
        name: name.to_owned(),
        started_at: unix_now(),
    }
}
