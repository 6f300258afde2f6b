//! The authority: the table that runs a game, on a local computer or as a
//! network host. Intents, reveals, peer events and the current time come in
//! as values; records come out. No clock, sockets or threads in here: the
//! driver calls [`Table::handle`] with `Input::Tick` at [`Table::next_deadline`].

use super::dice::{self, Chain};
use super::record::{By, CloseReason, Control, Link, Participant, PauseReason, Record, RollProof};
use super::replica::Replica;
use super::state::{DRAW_ROLLER, TableError, TableState};
use crate::bots::Bot;
use crate::fair;
use crate::fair::log::Body;
use crate::fair::{
    Commitment, Genesis, Identity, PROTOCOL_VERSION, Proof, Signature, SignedEntry, SignedGenesis,
    SignedSnapshot, Snapshot, VerifiedGenesis,
};
use crate::rules::{Action, FirstPlayer, Phase, Rules, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Rolls each seat's dice chain gives: far more than the longest game
/// (a 4-player game takes a few hundred rolls).
pub const CHAIN_LEN: u32 = 8192;

/// Milliseconds on the driver's clock.
pub type Millis = u64;

/// How long the table waits for what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing {
    /// A bot's pause before each decision, so people can follow the game.
    pub bot_delay: Millis,
    /// A person who drops out is replaced by a bot after this long.
    pub drop_grace: Millis,
    /// A table paused with no person connected closes after this long.
    pub expiry: Millis,
    /// How long a pressed roll waits for a connected peer's reveal.
    pub reveal_wait: Millis,
}

impl Timing {
    /// The pace people play at.
    pub const PEOPLE: Timing =
        Timing { bot_delay: 700, drop_grace: 15_000, expiry: 120_000, reveal_wait: 5_000 };
    /// Bots act at once: simulations and tests.
    pub const INSTANT: Timing = Timing { bot_delay: 0, ..Timing::PEOPLE };
}

/// Everything a table is set up with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableConfig {
    pub rules: Rules,
    pub seats: [Control; 4],
    /// The computer that hosts: it may pause, resume, close and rematch.
    pub host: Participant,
    pub timing: Timing,
    /// Rolls each dice chain can give.
    pub chain_len: u32,
}

/// What the table is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    /// A person's wish for their seat.
    Intent {
        from: Participant,
        seat: Seat,
        act: Act,
    },
    /// A peer's signature of the genesis for a seat it holds.
    GenesisSigned {
        from: Participant,
        seat: Seat,
        sig: Signature,
    },
    /// A peer's dice link for roll `k` of a seat it holds.
    Reveal {
        from: Participant,
        seat: Seat,
        k: u32,
        link: Link,
    },
    Connected(Participant),
    Disconnected(Participant),
    Pause(Participant),
    Resume(Participant),
    Close(Participant),
    /// Nothing new: time passed.
    Tick,
}

/// What a person can ask for their seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Act {
    /// Roll; a peer whose chain the table does not hold sends its link.
    Roll {
        link: Option<Link>,
    },
    Move {
        pawn: u8,
    },
    Challenge {
        opponent: Seat,
    },
    Mark {
        cell: u8,
    },
    /// Give the seat to a bot for the rest of the game.
    Leave,
}

/// Why the table refused an input. Refusing changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotYourSeat(Seat),
    NotHost,
    /// The game does not wait for this seat now.
    NotYourTurn(Seat),
    Closed,
    Paused,
    GameOver,
    BadReveal(String),
    Rules(TableError),
    /// The setup cannot start a game.
    Setup(String),
    ColourTaken(Seat),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotYourSeat(s) => write!(f, "{s} is not yours to play"),
            Refusal::NotHost => f.write_str("only the host can do that"),
            Refusal::NotYourTurn(s) => write!(f, "the game is not waiting for {s}"),
            Refusal::Closed => f.write_str("the table is closed"),
            Refusal::Paused => f.write_str("the table is paused"),
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::BadReveal(why) => write!(f, "dice link refused: {why}"),
            Refusal::Rules(e) => e.fmt(f),
            Refusal::Setup(why) => write!(f, "cannot start: {why}"),
            Refusal::ColourTaken(s) => write!(f, "{s} is taken"),
        }
    }
}

impl std::error::Error for Refusal {}

/// The game nonce a table set up with `entropy` binds every chain to: the
/// host announces it so that peers can build their chains and send anchors.
pub fn game_nonce(entropy: &[u8; 32]) -> Link {
    fair::tagged("ludopia/table/nonce", &[entropy])
}

/// A roll someone asked for, waiting for the dice links.
#[derive(Clone, Copy, Debug)]
struct Press {
    by: By,
    at: Millis,
}

/// The authority over one game.
pub struct Table {
    config: TableConfig,
    /// The key that signs the log: the host seat's.
    identity: Identity,
    genesis: SignedGenesis,
    /// Set once every seat has signed the genesis; nothing is played before.
    verified: Option<VerifiedGenesis>,
    entropy: [u8; 32],
    state: TableState,
    records: Vec<Record>,
    entries: Vec<SignedEntry<Record>>,
    /// Chains whose secrets this table holds (bots and this computer's persons).
    chains: [Option<Chain>; 4],
    /// Links peers revealed for the pending roll.
    reveals: [Option<(u32, Link)>; 4],
    press: Option<Press>,
    /// When the game began to wait for its current decision.
    decision_since: Millis,
    connected: Vec<Participant>,
    away_since: Vec<(Participant, Millis)>,
    unattended_since: Option<Millis>,
    /// Colours reserved for the next game by people who arrived mid-game.
    reservations: [Option<Participant>; 4],
    spectators: Vec<Participant>,
}

impl Table {
    /// Sets up a game. `identity` is the host's key: it signs the log and
    /// the genesis for the host's seat. `entropy` (fresh random bytes from
    /// the driver) seeds the game nonce, the chains this table holds and the
    /// keys of its other seats (bots, more persons on this computer).
    /// `remote` holds the commitments (key and chain anchor) of the seats
    /// peers hold; they sign the genesis with [`Input::GenesisSigned`], and
    /// the game starts once every signature is in.
    pub fn new(
        config: TableConfig,
        identity: Identity,
        entropy: [u8; 32],
        remote: [Option<Commitment>; 4],
        now: Millis,
    ) -> Result<Table, Refusal> {
        let mut table = Table::set(config, identity, entropy, remote, now)?;
        table.advance(now);
        Ok(table)
    }

    /// A local table again after the app closed or crashed: set up as
    /// [`Table::new`] did with the same config, key and entropy, then every
    /// saved entry is checked as a replica checks it (signature, chain,
    /// transition) before the table takes it as its own. Nothing saved is
    /// trusted: an entry that does not verify is refused with its reason.
    pub fn resume(
        config: TableConfig,
        identity: Identity,
        entropy: [u8; 32],
        entries: &[SignedEntry<Record>],
        now: Millis,
    ) -> Result<Table, Refusal> {
        let mut table = Table::set(config, identity, entropy, [None; 4], now)?;
        let mut replica = Replica::new(&table.genesis)
            .map_err(|e| Refusal::Setup(format!("the genesis does not verify: {e}")))?;
        for (n, entry) in entries.iter().enumerate() {
            let body = entry.body.decode().map_err(|e| Refusal::Setup(format!("entry {}: {e}", n + 1)))?;
            replica.apply(entry.clone()).map_err(|e| Refusal::Setup(format!("entry {}: {e}", n + 1)))?;
            table.records.push(body.content);
            table.entries.push(entry.clone());
        }
        table.state = *replica.state();
        if table.state.started {
            // A roll pressed before the crash is pressed again by its player.
            table.press = None;
        }
        table.advance(now);
        Ok(table)
    }

    /// Sets the table up from its config, without playing anything yet.
    fn set(
        config: TableConfig,
        identity: Identity,
        entropy: [u8; 32],
        remote: [Option<Commitment>; 4],
        now: Millis,
    ) -> Result<Table, Refusal> {
        config.rules.validate().map_err(|e| Refusal::Setup(e.to_string()))?;
        let players: SeatSet =
            Seat::ALL.into_iter().filter(|s| config.seats[s.index()] != Control::Empty).collect();
        if players.len() < 2 {
            return Err(Refusal::Setup("a game needs at least two players".into()));
        }
        // "At least one a person" is the lobby's rule for people's games;
        // simulations and headless hosts seat bots only.
        let is_local = |s: Seat| config.seats[s.index()].owner().is_none_or(|o| o == config.host);
        // The host signs for its own person's seat, else for one of its bots'.
        let host_seat = players
            .iter()
            .find(|&s| config.seats[s.index()].owner() == Some(config.host))
            .or_else(|| players.iter().find(|&s| is_local(s)))
            .ok_or_else(|| Refusal::Setup("the host holds no seat to sign the log with".into()))?;
        let nonce = game_nonce(&entropy);
        let mut chains: [Option<Chain>; 4] = Default::default();
        let mut seat_keys: [Option<Identity>; 4] = Default::default();
        let mut commitments: [Option<Commitment>; 4] = [None; 4];
        for seat in players.iter() {
            let i = seat.index();
            if is_local(seat) {
                let secret = fair::tagged("ludopia/table/secret", &[&entropy, &[u8::from(seat)]]);
                let chain = Chain::new(nonce, seat, &secret.0, config.chain_len);
                let key = if seat == host_seat {
                    None
                } else {
                    let key = fair::tagged("ludopia/table/seat-key", &[&entropy, &[u8::from(seat)]]);
                    Some(Identity::from_secret(&key.0))
                };
                let public = key.as_ref().map_or_else(|| identity.public_key(), Identity::public_key);
                commitments[i] = Some(Commitment { key: public, anchor: chain.anchor() });
                chains[i] = Some(chain);
                seat_keys[i] = key;
            } else {
                commitments[i] = Some(remote[i].ok_or_else(|| {
                    Refusal::Setup(format!("no key and dice anchor from the peer at {seat}"))
                })?);
            }
        }
        let genesis = Genesis {
            protocol: PROTOCOL_VERSION,
            game_nonce: nonce,
            rules: config.rules,
            players,
            seats: commitments,
            host: host_seat,
            chain_len: config.chain_len,
        };
        genesis.check().map_err(|e| Refusal::Setup(e.to_string()))?;
        let mut signed = SignedGenesis::new(&genesis);
        for seat in players.iter().filter(|&s| is_local(s)) {
            let sig = match &seat_keys[seat.index()] {
                Some(key) => signed.sign(key),
                None => signed.sign(&identity),
            };
            signed.add(seat, sig);
        }
        let state = TableState::genesis(&genesis, signed.game_id()).map_err(Refusal::Rules)?;
        // Everyone who sat down is here as the game starts.
        let mut connected: Vec<Participant> = config.seats.iter().filter_map(Control::owner).collect();
        connected.push(config.host);
        connected.sort();
        connected.dedup();
        let mut table = Table {
            config,
            identity,
            genesis: signed,
            verified: None,
            entropy,
            state,
            records: Vec::new(),
            entries: Vec::new(),
            chains,
            reveals: [None; 4],
            press: Some(Press { by: By::Bot, at: now }),
            decision_since: now,
            connected,
            away_since: Vec::new(),
            unattended_since: None,
            reservations: [None; 4],
            spectators: Vec::new(),
        };
        table.verified = table.genesis.verify().ok();
        Ok(table)
    }

    /// The table an elected host takes over mid-game: it continues the
    /// verified log (`entries`, leading to `state`) from a sealed genesis,
    /// signs with `identity` (the genesis key of `me`'s seat) and holds only
    /// `chain`, that seat's dice chain. The departed host's chains are gone,
    /// so its seats' links are missing and rolls go on with the links that
    /// are there (as for any away seat). The first entry is the hand-over
    /// to `epoch`. The other persons count as away until they reconnect,
    /// so a bot stands in for whoever does not come back in time.
    #[allow(clippy::too_many_arguments)]
    pub fn take_over(
        genesis: SignedGenesis,
        entries: Vec<SignedEntry<Record>>,
        state: TableState,
        me: (Participant, Seat),
        identity: Identity,
        chain: Chain,
        entropy: [u8; 32],
        epoch: u32,
        timing: Timing,
        now: Millis,
    ) -> Result<Table, Refusal> {
        let verified = genesis.verify().map_err(|e| Refusal::Setup(e.to_string()))?;
        let records = entries
            .iter()
            .map(|entry| entry.body.decode().map(|body| body.content))
            .collect::<Result<Vec<Record>, _>>()
            .map_err(|e| Refusal::Setup(format!("a log entry: {e}")))?;
        let (participant, seat) = me;
        let mut chains: [Option<Chain>; 4] = Default::default();
        chains[seat.index()] = Some(chain);
        let away_since = state.owners().filter(|&(_, o)| o != participant).map(|(_, o)| (o, now)).fold(
            Vec::new(),
            |mut away: Vec<(Participant, Millis)>, p| {
                if !away.contains(&p) {
                    away.push(p);
                }
                away
            },
        );
        let config = TableConfig {
            rules: *state.game.rules(),
            seats: state.control,
            host: participant,
            timing,
            chain_len: state.chain_len,
        };
        let mut table = Table {
            config,
            identity,
            genesis,
            verified: Some(verified),
            entropy,
            state,
            records,
            entries,
            chains,
            reveals: [None; 4],
            press: None,
            decision_since: now,
            connected: vec![participant],
            away_since,
            unattended_since: None,
            reservations: [None; 4],
            spectators: Vec::new(),
        };
        let handover = Record::Handover { epoch, host: seat };
        table.state.apply(&handover).map_err(Refusal::Rules)?;
        table.record(now, handover);
        table.advance(now);
        Ok(table)
    }

    /// The genesis, with the signatures collected so far.
    pub fn genesis(&self) -> &SignedGenesis {
        &self.genesis
    }

    /// Whether every seat has signed the genesis (the game may begin).
    pub fn is_sealed(&self) -> bool {
        self.verified.is_some()
    }

    pub fn state(&self) -> &TableState {
        &self.state
    }

    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// Every record so far, in order.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// The signed log: entry `n` (from 1) is `entries()[n - 1]`.
    pub fn entries(&self) -> &[SignedEntry<Record>] {
        &self.entries
    }

    /// The whole game so far as a proof anyone can verify offline.
    pub fn proof(&self) -> Proof<Record> {
        Proof {
            genesis: self.genesis.clone(),
            entries: self.entries.clone(),
            reveals: Vec::new(),
            evidence: Vec::new(),
        }
    }

    /// The host-signed snapshot of the current state, for a spectator or a
    /// guest who joins late: it starts there and verifies forward.
    pub fn snapshot(&self) -> SignedSnapshot<TableState> {
        let after = self.entries.last().map_or(self.state.game_id, SignedEntry::hash);
        let snapshot = Snapshot {
            game_id: self.state.game_id,
            version: self.entries.len() as u64,
            after,
            state: self.state,
        };
        SignedSnapshot::sign(&self.identity, &snapshot)
    }

    pub fn spectators(&self) -> &[Participant] {
        &self.spectators
    }

    pub fn reservations(&self) -> [Option<Participant>; 4] {
        self.reservations
    }

    /// Handles one input at time `now` and returns the records it caused
    /// (bots and timers that came due are played too).
    pub fn handle(&mut self, now: Millis, input: Input) -> Result<Vec<Record>, Refusal> {
        let before = self.records.len();
        match input {
            Input::Intent { from, seat, act } => self.intent(now, from, seat, act)?,
            Input::GenesisSigned { from, seat, sig } => self.genesis_signed(from, seat, sig)?,
            Input::Reveal { from, seat, k, link } => self.reveal(from, seat, k, link)?,
            Input::Connected(who) => self.connected(now, who),
            Input::Disconnected(who) => {
                self.connected.retain(|&p| p != who);
                if !self.away_since.iter().any(|&(p, _)| p == who) {
                    self.away_since.push((who, now));
                }
            }
            Input::Pause(who) => {
                self.check_host(who)?;
                self.check_open()?;
                if self.state.paused.is_none() {
                    self.record(now, Record::Pause { reason: PauseReason::Host });
                }
            }
            Input::Resume(who) => {
                self.check_host(who)?;
                self.check_open()?;
                if self.state.paused.is_some() {
                    self.record(now, Record::Resume);
                }
            }
            Input::Close(who) => {
                self.check_host(who)?;
                self.check_open()?;
                self.record(now, Record::Close { reason: CloseReason::Host });
            }
            Input::Tick => {}
        }
        self.advance(now);
        Ok(self.records[before..].to_vec())
    }

    fn check_host(&self, who: Participant) -> Result<(), Refusal> {
        if who == self.config.host { Ok(()) } else { Err(Refusal::NotHost) }
    }

    fn check_open(&self) -> Result<(), Refusal> {
        if self.state.closed.is_some() { Err(Refusal::Closed) } else { Ok(()) }
    }

    fn intent(&mut self, now: Millis, from: Participant, seat: Seat, act: Act) -> Result<(), Refusal> {
        self.check_open()?;
        if self.state.control[seat.index()] != (Control::Person { owner: from }) {
            return Err(Refusal::NotYourSeat(seat));
        }
        if self.state.paused.is_some() && act != Act::Leave {
            return Err(Refusal::Paused);
        }
        if self.state.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if self.state.game.to_act() != Some(seat) && act != Act::Leave {
            return Err(Refusal::NotYourTurn(seat));
        }
        let action = match act {
            Act::Roll { link } => {
                if self.state.game.phase() != Phase::Roll {
                    return Err(Refusal::Rules(TableError::Illegal(crate::rules::Illegal::WrongPhase)));
                }
                if let Some(link) = link {
                    self.reveal(from, seat, self.state.next_roll, link)?;
                }
                self.press = Some(Press { by: By::Player, at: now });
                return Ok(());
            }
            Act::Move { pawn } => Action::Move { seat, pawn },
            Act::Challenge { opponent } => Action::Challenge { seat, opponent },
            Act::Mark { cell } => Action::Mark { seat, cell },
            Act::Leave => {
                self.record(
                    now,
                    Record::Control { seat, control: Control::Bot(crate::bots::Strategy::Normal) },
                );
                return Ok(());
            }
        };
        let record = Record::Act { action, by: By::Player };
        self.state.apply(&record).map_err(Refusal::Rules)?;
        self.record(now, record);
        Ok(())
    }

    fn genesis_signed(&mut self, from: Participant, seat: Seat, sig: Signature) -> Result<(), Refusal> {
        if self.config.seats[seat.index()].owner() != Some(from) || self.chains[seat.index()].is_some() {
            return Err(Refusal::NotYourSeat(seat));
        }
        let mut signed = self.genesis.clone();
        signed.add(seat, sig);
        // Only a signature that verifies is kept.
        let key = self.genesis.genesis.decode().ok().and_then(|g| g.seat(seat).map(|c| c.key));
        key.ok_or(Refusal::NotYourSeat(seat))?
            .verifier()
            .and_then(|v| v.verify_hash(fair::Context::Genesis, &self.genesis.game_id(), &sig))
            .map_err(|e| Refusal::Setup(format!("the genesis signature for {seat}: {e}")))?;
        self.genesis = signed;
        self.verified = self.genesis.verify().ok();
        Ok(())
    }

    fn reveal(&mut self, from: Participant, seat: Seat, k: u32, link: Link) -> Result<(), Refusal> {
        if self.state.control[seat.index()].owner() != Some(from) || self.chains[seat.index()].is_some() {
            return Err(Refusal::NotYourSeat(seat));
        }
        if k != self.state.next_roll {
            return Err(Refusal::BadReveal(format!(
                "roll {k} is not the pending roll {}",
                self.state.next_roll
            )));
        }
        let (index, head) = self.state.heads[seat.index()];
        if !dice::link_follows(&self.state.nonce, seat, k, &link, index, &head) {
            return Err(Refusal::BadReveal(format!("the link does not follow {seat}'s chain")));
        }
        self.reveals[seat.index()] = Some((k, link));
        Ok(())
    }

    fn connected(&mut self, now: Millis, who: Participant) {
        if !self.connected.contains(&who) {
            self.connected.push(who);
        }
        self.away_since.retain(|&(p, _)| p != who);
        let owns_a_seat = self.state.owners().any(|(_, o)| o == who);
        if !owns_a_seat && !self.spectators.contains(&who) {
            // Someone arriving mid-game watches.
            self.spectators.push(who);
        }
        if self.state.closed.is_some() || self.state.game.is_over() {
            return;
        }
        let returning: Vec<Seat> = self
            .state
            .owners()
            .filter(|&(s, o)| o == who && matches!(self.state.control[s.index()], Control::Standin { .. }))
            .map(|(s, _)| s)
            .collect();
        for seat in returning {
            self.record(now, Record::Control { seat, control: Control::Person { owner: who } });
        }
    }

    /// A person who arrived mid-game reserves a free or bot-held colour for
    /// the next game.
    pub fn reserve(&mut self, who: Participant, seat: Seat) -> Result<(), Refusal> {
        let free = matches!(self.state.control[seat.index()], Control::Empty | Control::Bot(_));
        if !free || self.reservations[seat.index()].is_some_and(|p| p != who) {
            return Err(Refusal::ColourTaken(seat));
        }
        for r in self.reservations.iter_mut().filter(|r| **r == Some(who)) {
            *r = None;
        }
        self.reservations[seat.index()] = Some(who);
        Ok(())
    }

    /// The next game with the same group: persons keep their seats (or take
    /// them back), reservations are honoured. Only the host, once the game
    /// is over or the table closed.
    /// The set-up of the next game with the same group, for [`Table::new`]
    /// (peers send fresh commitments for its new nonce).
    pub fn rematch(&self, who: Participant) -> Result<TableConfig, Refusal> {
        self.check_host(who)?;
        if !self.state.game.is_over() && self.state.closed.is_none() {
            return Err(Refusal::Setup("the game is still on".into()));
        }
        let mut config = self.config.clone();
        for seat in Seat::ALL {
            let i = seat.index();
            config.seats[i] = match (self.reservations[i], self.state.control[i]) {
                (Some(owner), _) => Control::Person { owner },
                (None, Control::Standin { owner }) => Control::Person { owner },
                (None, control) => control,
            };
        }
        Ok(config)
    }

    /// The next time something happens by itself (a bot, a timer), if any.
    pub fn next_deadline(&self) -> Option<Millis> {
        let timing = self.config.timing;
        let mut due: Vec<Millis> = self.away_since.iter().map(|&(_, t)| t + timing.drop_grace).collect();
        if let Some(t) = self.unattended_since {
            due.push(t + timing.expiry);
        }
        if self.state.closed.is_none() && self.state.paused.is_none() {
            if let Some(press) = self.press {
                due.push(press.at + timing.reveal_wait);
            }
            if let Some((_, control)) = self.state.to_act() {
                if control.bot().is_some() {
                    due.push(self.decision_since + timing.bot_delay);
                } else if let Some(limit) = self.turn_limit() {
                    due.push(self.decision_since + limit);
                }
            }
        }
        due.into_iter().min()
    }

    fn turn_limit(&self) -> Option<Millis> {
        self.config.rules.turn_timer.map(|s| Millis::from(s) * 1000)
    }

    /// Applies a record the table made (they are valid by construction: an
    /// invalid one is a bug, kept out of the log and reported).
    fn record(&mut self, now: Millis, record: Record) {
        match self.state.apply(&record) {
            Ok((next, _)) => {
                let (seq, prev) = match self.entries.last() {
                    Some(last) => (self.entries.len() as u64 + 1, last.hash()),
                    None => (1, self.state.game_id),
                };
                let body =
                    Body { game_id: self.state.game_id, seq, prev, content: record, state_hash: next.hash() };
                self.entries.push(SignedEntry::sign(&self.identity, &body));
                self.state = next;
                self.records.push(record);
                // Every change starts the wait for the next decision afresh.
                self.decision_since = now;
                if matches!(record, Record::Roll { .. } | Record::Start { .. }) {
                    self.press = None;
                    self.reveals = [None; 4];
                }
            }
            Err(e) => debug_assert!(false, "the table made an invalid record {record:?}: {e}"),
        }
    }

    /// Plays everything that is due at `now`: drops, pauses, bots, timers.
    fn advance(&mut self, now: Millis) {
        let timing = self.config.timing;
        if self.verified.is_none() {
            // Waiting for the peers' genesis signatures.
            return;
        }
        loop {
            if self.state.closed.is_some() {
                return;
            }
            let over = self.state.game.is_over();
            // Drops: a bot stands in for a person away too long.
            let gone: Vec<Participant> = self
                .away_since
                .iter()
                .filter(|&&(_, t)| now >= t + timing.drop_grace)
                .map(|&(p, _)| p)
                .collect();
            for who in gone {
                self.away_since.retain(|&(p, _)| p != who);
                let seats: Vec<Seat> = self
                    .state
                    .owners()
                    .filter(|&(s, o)| {
                        o == who && matches!(self.state.control[s.index()], Control::Person { .. })
                    })
                    .map(|(s, _)| s)
                    .collect();
                for seat in seats.into_iter().filter(|_| !over) {
                    self.record(now, Record::Control { seat, control: Control::Standin { owner: who } });
                }
            }
            // With no person connected (players, watchers, the host's own
            // person) the table pauses, then expires.
            let attended = !self.connected.is_empty();
            match (attended, self.state.paused) {
                (false, None) if !over => {
                    self.unattended_since = Some(now);
                    self.record(now, Record::Pause { reason: PauseReason::NoPerson });
                }
                (false, Some(PauseReason::NoPerson))
                    if self.unattended_since.is_some_and(|t| now >= t + timing.expiry) =>
                {
                    self.record(now, Record::Close { reason: CloseReason::Expired });
                    return;
                }
                (true, Some(PauseReason::NoPerson)) => {
                    self.unattended_since = None;
                    self.record(now, Record::Resume);
                }
                _ => {}
            }
            if self.state.paused.is_some() || over {
                return;
            }
            if !self.step(now) {
                return;
            }
        }
    }

    /// Takes one decision that is due, if any; says whether it did.
    fn step(&mut self, now: Millis) -> bool {
        if !self.state.started {
            return self.try_roll(now);
        }
        let Some((seat, control)) = self.state.to_act() else {
            return false;
        };
        let timing = self.config.timing;
        let by = if control.bot().is_some() {
            (now >= self.decision_since + timing.bot_delay).then_some(By::Bot)
        } else {
            self.turn_limit().filter(|&limit| now >= self.decision_since + limit).map(|_| By::Timeout)
        };
        if self.state.game.phase() == Phase::Roll {
            if self.press.is_none() {
                if let Some(by) = by {
                    self.press = Some(Press { by, at: now });
                }
            }
            return self.press.is_some() && self.try_roll(now);
        }
        let Some(by) = by else { return false };
        let strategy = control.bot().unwrap_or(crate::bots::Strategy::Normal);
        let seed = self.decision_seed(seat);
        match Bot::new(strategy, seed).decide(&self.state.game) {
            Some(action) => {
                self.record(now, Record::Act { action, by });
                true
            }
            None => false,
        }
    }

    /// A bot's seed for this decision: fixed by the table's entropy and the
    /// position in the log, so a game replays the same.
    fn decision_seed(&self, seat: Seat) -> u64 {
        let n = self.records.len() as u64;
        let h = fair::tagged("ludopia/table/bot", &[&self.entropy, &[u8::from(seat)], &n.to_be_bytes()]);
        u64::from_be_bytes([h.0[0], h.0[1], h.0[2], h.0[3], h.0[4], h.0[5], h.0[6], h.0[7]])
    }

    /// Rolls the pressed roll (or the first-player draw) once the links are
    /// in, or once the wait for missing peers is over.
    fn try_roll(&mut self, now: Millis) -> bool {
        let Some(press) = self.press else {
            return false;
        };
        if !self.state.started && self.config.rules.first_player == FirstPlayer::Seat0 {
            // Nothing to draw: the first playing seat starts.
            let Some(first) = self.state.game.players().iter().next() else {
                return false;
            };
            self.record(now, Record::Start { seats: self.config.seats, first, draw: None });
            return true;
        }
        let k = self.state.next_roll;
        let mut links = [None; 4];
        let mut waiting = false;
        for seat in self.state.chained().iter() {
            let i = seat.index();
            links[i] = match &self.chains[i] {
                Some(chain) => chain.link(k),
                None => self.reveals[i].filter(|&(rk, _)| rk == k).map(|(_, l)| l),
            };
            let owner_here = self.state.control[i].owner().is_some_and(|o| self.connected.contains(&o));
            waiting |= links[i].is_none() && owner_here;
        }
        if waiting && now < press.at + self.config.timing.reveal_wait {
            return false;
        }
        let mask: SeatSet = Seat::ALL.into_iter().filter(|s| links[s.index()].is_some()).collect();
        if mask.is_empty() {
            return false;
        }
        // A connected peer that withheld its link loses the seat to a bot.
        let withheld: Vec<Seat> = self
            .state
            .chained()
            .iter()
            .filter(|s| !mask.contains(*s) && matches!(self.state.control[s.index()], Control::Person { .. }))
            .filter(|s| self.state.control[s.index()].owner().is_some_and(|o| self.connected.contains(&o)))
            .collect();
        for seat in withheld {
            if let Some(owner) = self.state.control[seat.index()].owner() {
                self.record(now, Record::Control { seat, control: Control::Standin { owner } });
            }
        }
        let proof = RollProof { k, mask, links };
        if !self.state.started {
            let players = self.state.game.players();
            let Some(seed) = dice::seed(&self.state.game_id, k, DRAW_ROLLER, mask, &links) else {
                return false;
            };
            let index = dice::pick(&seed, players.len() as u8);
            let Some(first) = players.iter().nth(usize::from(index)) else {
                return false;
            };
            self.record(now, Record::Start { seats: self.config.seats, first, draw: Some(proof) });
            return true;
        }
        let Some((seat, _)) = self.state.to_act() else {
            return false;
        };
        let Some(seed) = dice::seed(&self.state.game_id, k, u8::from(seat), mask, &links) else {
            return false;
        };
        let face = dice::face(&seed);
        let by = if matches!(self.state.control[seat.index()], Control::Person { .. }) && press.by == By::Bot
        {
            // The seat changed hands while the roll waited.
            By::Timeout
        } else if press.by == By::Player && self.state.control[seat.index()].bot().is_some() {
            By::Bot
        } else {
            press.by
        };
        self.record(now, Record::Roll { seat, face, proof, by });
        true
    }
}
