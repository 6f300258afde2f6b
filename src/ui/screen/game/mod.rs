//! The game: the board, the seats framed around it, the action panel with the
//! die, the last event and what the table waits for, the palace duel board,
//! and places at the end.
//!
//! Every intent leaves through [`GameScreen::submit`], the one place that
//! talks to the table: a local game takes the same path as a networked one
//! (intent → table → signed log entry → replica → screen). Over the network
//! the table runs in `net`'s driver: acts go to it on a channel, and its
//! signed entries come back through [`GameScreen::receive`].

mod keep;
mod seats;
pub mod verify;

pub use keep::host_key;

use super::setup::{Sitter, Table};
use crate::fair::{Evidence, Proof, SignedEntry, SignedGenesis};
use crate::net::limits::{PLAYER_REACTIONS, RateLimiter};
use crate::net::{Kind, play::Deed};
use crate::rules::{Events, Game, Moves, Phase, Seat};
use crate::table::{
    self, Act, CHAIN_LEN, Control, Input, Participant, Reaction, Record, Replica, TableConfig,
};
use crate::ui::board::{self, Board};
use crate::ui::die::Die;
use crate::ui::emote;
use crate::ui::i18n::t;
use crate::ui::motion::Motion;
use crate::ui::narrate;
use crate::ui::sound::{self, Cue};
use crate::ui::theme::{self, BLACK, BOLD};
use iced::keyboard::{self, key::Named};
use iced::widget::{button, canvas, center, column, container, row, space, stack, text};
use iced::{Alignment, Element, Length};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Where this screen's intents go.
enum Authority {
    /// The table runs here.
    Here(Box<table::Table>),
    /// The table runs in a network driver (hosted here or at another peer):
    /// this computer's person plays `seat`, whose deeds go out on `acts`.
    Away {
        acts: mpsc::UnboundedSender<Deed>,
        seat: Seat,
        genesis: Box<SignedGenesis>,
        /// The verified head when the last act went out: one act per
        /// position, while the table answers.
        acted_at: Option<u64>,
    },
}

impl Authority {
    fn genesis(&self) -> &SignedGenesis {
        match self {
            Authority::Here(table) => table.genesis(),
            Authority::Away { genesis, .. } => genesis,
        }
    }
}

pub struct GameScreen {
    table: Table,
    names: [String; 4],
    /// The authority this screen sends intents to.
    authority: Authority,
    /// What the screen draws from: the replica, which verifies every entry.
    replica: Replica,
    /// The state drawn: the replica's game.
    game: Game,
    /// The table's clock starts with the screen.
    started: Instant,
    motion: Motion,
    painted: board::Painted,
    selected: Option<u8>,
    last_event: String,
    now: Instant,
    /// The table's secret entropy, kept with the saved game to resume it.
    entropy: [u8; 32],
    /// Where the game is saved after each entry, if anywhere.
    keeping: Option<keep::Keeping>,
    /// The Verify dice view, when open (checked when opened and as the log grows).
    verifying: Option<verify::Dice>,
    proof_path: String,
    export_status: String,
    /// Log entries the replica refused, in words, to show plainly.
    refused: Vec<String>,
    /// Proof that the host equivocated, kept for the exported proof.
    evidence: Vec<Evidence<Record>>,
    /// Sound effects of the entries shown, for the app to play.
    cues: Vec<Cue>,
    /// Whether the app plays them (the mute switch shows it).
    pub sound_on: bool,
    /// The reaction shown at each seat, and since when.
    said: [Option<(Reaction, Instant)>; 4],
    /// Seats whose reactions this screen does not show.
    muted: [bool; 4],
    /// The reaction palette is open.
    picking: bool,
    /// This computer's reactions, held to a player's rate (as the host
    /// holds them).
    chatter: RateLimiter<()>,
}

/// How long a reaction shows at its seat.
const SAID_FOR: Duration = Duration::from_secs(4);

#[derive(Debug, Clone)]
pub enum Message {
    Roll,
    Choose(u8),
    /// Keyboard: select the next (+1) or previous (−1) movable pawn.
    Cycle(i8),
    /// Keyboard: roll, or move the selected pawn.
    Confirm,
    Challenge(Seat),
    Mark(u8),
    /// Time passed: the table plays bots and timers that came due.
    Tick,
    Rematch,
    Leave,
    /// The host's controls.
    Pause,
    Resume,
    Close,
    /// Open the Verify dice view.
    Verify,
    CloseVerify,
    ProofPath(String),
    SaveProof,
    /// The mute switch.
    Sound(bool),
    /// Open or close the reaction palette.
    Palette,
    React(Reaction),
    /// Show or hide a seat's reactions on this screen.
    MuteSeat(Seat),
}

pub enum Action {
    None,
    Leave,
    Rematch(Table),
    /// Sound on or off, for the app to keep.
    Sound(bool),
}

const BOT_NAMES: [&str; 4] = ["Zahra", "Karim", "Layla", "Tariq"];

/// The seats' names: the first person here is the player, bots have
/// names, friends are named by their colour.
pub fn names(table: &Table) -> [String; 4] {
    let mut persons = 0;
    Seat::ALL.map(|seat| match table.sitters[seat.index()] {
        Sitter::Person => {
            persons += 1;
            if persons == 1 { table.name.clone() } else { crate::t!("Player {n}", n = persons) }
        }
        Sitter::Bot(_) => BOT_NAMES[seat.index()].to_string(),
        Sitter::Friend => {
            let colour = super::setup::colour_name(table.rules.colour_of(seat));
            crate::t!("Friend ({colour})", colour = colour)
        }
        Sitter::Empty => String::new(),
    })
}

impl GameScreen {
    /// Sits the table and starts its game. `entropy` (fresh random bytes)
    /// seeds the table's dice chains, its keys and the game nonce.
    pub fn new(table: Table, entropy: [u8; 32], now: Instant) -> Result<GameScreen, table::Refusal> {
        let seats = table.controls();
        let config = TableConfig {
            rules: table.rules,
            seats,
            host: Participant::LOCAL,
            timing: table.timing(),
            chain_len: CHAIN_LEN,
        };
        let authority = table::Table::new(config, host_key(&entropy), entropy, [None; 4], 0)?;
        let names = names(&table);
        GameScreen::open(table, names, Authority::Here(Box::new(authority)), entropy, now)
    }

    /// The screen over a networked game that just began: `name`, this
    /// computer's person, plays `seat`; `acts` goes to the network driver.
    /// The other seats are named from the signed genesis.
    pub fn networked(
        name: String,
        genesis: SignedGenesis,
        seat: Seat,
        acts: mpsc::UnboundedSender<Deed>,
        now: Instant,
    ) -> Result<GameScreen, table::Refusal> {
        let setup = Replica::new(&genesis)
            .map_err(|e| table::Refusal::Setup(format!("the table's genesis does not verify: {e}")))?;
        // Who sits where comes with the first entry (see `verify`).
        let rules = *setup.state().game.rules();
        let table = Table { rules, sitters: [Sitter::Empty; 4], name, bot_speed: Default::default() };
        let authority = Authority::Away { acts, seat, genesis: Box::new(genesis), acted_at: None };
        GameScreen::open(table, Default::default(), authority, [0; 32], now)
    }

    /// Over the network: names the seats from the table's start.
    fn seated(&mut self, seats: [Control; 4]) {
        let Authority::Away { seat: mine, .. } = self.authority else { return };
        self.table.sitters = Seat::ALL.map(|s| match seats[s.index()] {
            Control::Empty => Sitter::Empty,
            Control::Bot(strategy) => Sitter::Bot(strategy),
            Control::Person { .. } if s == mine => Sitter::Person,
            Control::Person { .. } | Control::Standin { .. } => Sitter::Friend,
        });
        self.names = names(&self.table);
    }

    /// The screen over a table that is set up (new, resumed or networked):
    /// a replica verifies what the table has logged so far.
    fn open(
        table: Table,
        names: [String; 4],
        authority: Authority,
        entropy: [u8; 32],
        now: Instant,
    ) -> Result<GameScreen, table::Refusal> {
        let mut replica = Replica::new(authority.genesis())
            .map_err(|e| table::Refusal::Setup(format!("the table's genesis does not verify: {e}")))?;
        if let Authority::Here(table) = &authority {
            for entry in table.entries() {
                replica.apply(entry.clone()).map_err(|e| table::Refusal::Setup(e.to_string()))?;
            }
        }
        let game = replica.state().game;
        Ok(GameScreen {
            table,
            names,
            authority,
            replica,
            game,
            started: now,
            motion: Motion::default(),
            painted: board::Painted::default(),
            selected: None,
            last_event: t("The table is set. Good luck!").to_string(),
            now,
            entropy,
            keeping: None,
            verifying: None,
            proof_path: String::new(),
            export_status: String::new(),
            refused: Vec::new(),
            evidence: Vec::new(),
            cues: Vec::new(),
            sound_on: true,
            said: [None; 4],
            muted: [false; 4],
            picking: false,
            chatter: RateLimiter::default(),
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn last_event(&self) -> &str {
        &self.last_event
    }

    /// Who holds the seat now, as the verified log says (a person who left
    /// has a bot in their seat; the setup's sitters are only the start).
    fn control(&self, seat: Seat) -> Control {
        self.replica.state().control[seat.index()]
    }

    /// Whether a person at this computer plays `seat` (over the network,
    /// only this computer's seat; the other persons are remote).
    fn is_mine(&self, seat: Seat) -> bool {
        matches!(self.control(seat), Control::Person { .. })
            && match &self.authority {
                Authority::Here(_) => true,
                Authority::Away { seat: mine, .. } => seat == *mine,
            }
    }

    pub fn is_networked(&self) -> bool {
        matches!(self.authority, Authority::Away { .. })
    }

    /// The seat the game waits for, when a person at this computer sits
    /// there (and, over the network, has not acted at this position yet).
    fn person_to_act(&self) -> Option<Seat> {
        let waiting = match &self.authority {
            Authority::Away { acted_at, .. } => *acted_at == Some(self.replica.head().0),
            Authority::Here(_) => false,
        };
        self.game.to_act().filter(|&s| self.is_mine(s) && !waiting)
    }

    /// Whether a bot's turn is due (the app runs the bots' pace timer then).
    pub fn bot_to_act(&self) -> bool {
        self.game.to_act().is_some_and(|s| self.control(s).bot().is_some())
    }

    pub fn is_animating(&self) -> bool {
        self.motion.is_animating(self.now)
    }

    /// The moves this computer may choose now.
    fn choices(&self) -> Moves {
        if self.person_to_act().is_some() { self.game.legal_moves() } else { Moves::new() }
    }

    fn can_roll(&self) -> bool {
        self.person_to_act().is_some() && self.game.phase() == Phase::Roll
    }

    /// The frame clock: advances time for the animations.
    pub fn tick(&mut self, now: Instant) {
        self.now = now;
        self.motion.settle(now);
    }

    /// Maps a key press to a message: Space or R rolls, arrows or Tab choose
    /// a pawn, Enter confirms, 1–4 move that pawn.
    pub fn key(&self, key: &keyboard::Key) -> Option<Message> {
        match key.as_ref() {
            keyboard::Key::Named(Named::Space) => Some(Message::Confirm),
            keyboard::Key::Named(Named::Enter) => Some(Message::Confirm),
            keyboard::Key::Named(Named::ArrowRight | Named::ArrowDown | Named::Tab) => {
                Some(Message::Cycle(1))
            }
            keyboard::Key::Named(Named::ArrowLeft | Named::ArrowUp) => Some(Message::Cycle(-1)),
            keyboard::Key::Character("r") => Some(Message::Roll),
            keyboard::Key::Character(c) => {
                c.parse::<u8>().ok().filter(|n| (1..=4).contains(n)).map(|n| Message::Choose(n - 1))
            }
            _ => None,
        }
    }

    pub fn update(&mut self, message: Message, now: Instant) -> Action {
        self.now = now;
        match message {
            Message::Roll => {
                if let (true, Some(seat)) = (self.can_roll(), self.person_to_act()) {
                    self.submit(Input::Intent {
                        from: Participant::LOCAL,
                        seat,
                        act: Act::Roll { link: None },
                    });
                }
            }
            Message::Choose(pawn) => {
                if let Some(seat) =
                    self.person_to_act().filter(|_| self.choices().iter().any(|m| m.pawn == pawn))
                {
                    self.submit(Input::Intent { from: Participant::LOCAL, seat, act: Act::Move { pawn } });
                }
            }
            Message::Cycle(step) => {
                let pawns: Vec<u8> = self.choices().iter().map(|m| m.pawn).collect();
                if !pawns.is_empty() {
                    let at = self.selected.and_then(|s| pawns.iter().position(|&p| p == s));
                    let n = pawns.len() as i32;
                    let next = match at {
                        Some(i) => (i as i32 + i32::from(step)).rem_euclid(n),
                        None if step > 0 => 0,
                        None => n - 1,
                    };
                    self.selected = pawns.get(next as usize).copied();
                }
            }
            Message::Confirm => {
                if self.can_roll() {
                    return self.update(Message::Roll, now);
                }
                if let Some(pawn) = self.selected.or_else(|| match self.choices().as_slice() {
                    [only] => Some(only.pawn),
                    _ => None,
                }) {
                    return self.update(Message::Choose(pawn), now);
                }
            }
            Message::Challenge(opponent) => {
                if let Some(seat) = self.person_to_act() {
                    self.submit(Input::Intent {
                        from: Participant::LOCAL,
                        seat,
                        act: Act::Challenge { opponent },
                    });
                }
            }
            Message::Mark(cell) => {
                if let Some(seat) = self.person_to_act() {
                    self.submit(Input::Intent { from: Participant::LOCAL, seat, act: Act::Mark { cell } });
                }
            }
            Message::Tick => {
                // Bots wait for the pawns to land before their next move.
                if !self.is_animating() {
                    self.submit(Input::Tick);
                }
            }
            Message::Rematch => match &self.authority {
                Authority::Here(table) => match table.rematch(Participant::LOCAL) {
                    Ok(_) => return Action::Rematch(self.table.clone()),
                    Err(refusal) => self.last_event = crate::t!("Not allowed: {refusal}.", refusal = refusal),
                },
                Authority::Away { .. } => {}
            },
            Message::Pause => self.submit(Input::Pause(Participant::LOCAL)),
            Message::Resume => self.submit(Input::Resume(Participant::LOCAL)),
            Message::Close => self.submit(Input::Close(Participant::LOCAL)),
            Message::Leave => return Action::Leave,
            Message::Sound(on) => {
                self.sound_on = on;
                return Action::Sound(on);
            }
            Message::Palette => self.picking = !self.picking,
            Message::React(reaction) => {
                self.picking = false;
                let Some(seat) = self.reacting_seat() else { return Action::None };
                if !self.chatter.allow_at(&(), Kind::Reaction, PLAYER_REACTIONS, now) {
                    self.last_event = t("Slow down: three reactions every two seconds.").to_string();
                    return Action::None;
                }
                self.said[seat.index()] = Some((reaction, now));
                if let Authority::Away { acts, .. } = &self.authority {
                    let _ = acts.send(Deed::React(reaction));
                }
            }
            Message::MuteSeat(seat) => {
                let muted = &mut self.muted[seat.index()];
                *muted = !*muted;
                if *muted {
                    self.said[seat.index()] = None;
                }
            }
            Message::Verify => {
                let dice = verify::Dice::check(&self.proof());
                if self.proof_path.is_empty() {
                    self.proof_path = verify::default_path(&dice.game_id).display().to_string();
                }
                self.verifying = Some(dice);
            }
            Message::CloseVerify => self.verifying = None,
            Message::ProofPath(path) => self.proof_path = path,
            Message::SaveProof => {
                let path = std::path::PathBuf::from(self.proof_path.trim());
                self.export_status = match verify::save(&self.proof(), &path) {
                    Ok(()) => crate::t!("Saved to {path}", path = path.display()),
                    Err(e) => crate::t!("Not saved: {e}", e = e),
                };
            }
        }
        Action::None
    }

    /// The table's clock: milliseconds since the screen opened.
    fn millis(&self) -> table::Millis {
        u64::try_from(self.now.saturating_duration_since(self.started).as_millis()).unwrap_or(u64::MAX)
    }

    /// When the table next acts by itself (a bot, a timer), if ever.
    pub fn next_deadline(&self) -> Option<Duration> {
        let Authority::Here(table) = &self.authority else { return None };
        table.next_deadline().map(|ms| Duration::from_millis(ms.saturating_sub(self.millis())))
    }

    /// The game as this screen verified it, with any evidence against the
    /// host, as a proof file.
    pub fn proof(&self) -> Proof<Record> {
        let mut proof = self.replica.proof(self.authority.genesis());
        proof.evidence.clone_from(&self.evidence);
        proof
    }

    /// The Verify dice view's findings, when it is open.
    pub fn verifying(&self) -> Option<&verify::Dice> {
        self.verifying.as_ref()
    }

    pub fn export_status(&self) -> &str {
        &self.export_status
    }

    /// THE WIRING POINT: hands an input to the table, then verifies each new
    /// log entry in the replica and shows what it did. Over the network, a
    /// person's act goes to the driver, and the entries come later.
    fn submit(&mut self, input: Input) {
        let seen = self.replica.head().0;
        let now = self.millis();
        let fresh = match &mut self.authority {
            Authority::Here(table) => {
                if let Err(refusal) = table.handle(now, input) {
                    self.last_event = crate::t!("Not allowed: {refusal}.", refusal = refusal);
                    return;
                }
                table.entries().get(seen as usize..).unwrap_or_default().to_vec()
            }
            Authority::Away { acts, acted_at, .. } => {
                if let Input::Intent { act, .. } = input {
                    if acts.send(Deed::Act(act)).is_ok() {
                        *acted_at = Some(seen);
                    } else {
                        self.last_event = t("The connection to the table is closed.").to_string();
                    }
                }
                return;
            }
        };
        self.verify(fresh);
    }

    /// The seat this computer's person reacts from: the one to act if it
    /// is theirs (hot-seat), else their first seat; none without a person.
    fn reacting_seat(&self) -> Option<Seat> {
        self.person_to_act().or_else(|| Seat::ALL.into_iter().find(|&s| self.is_mine(s)))
    }

    /// Another player's reaction, shown at their seat unless muted here.
    pub fn heard(&mut self, seat: u8, reaction: Reaction, now: Instant) {
        self.now = now;
        if let Some(seat) = Seat::ALL.get(usize::from(seat)).filter(|s| !self.muted[s.index()]) {
            self.said[seat.index()] = Some((reaction, now));
        }
    }

    /// The reaction showing at `seat` now, if any.
    fn saying(&self, seat: Seat) -> Option<Reaction> {
        self.said[seat.index()]
            .filter(|&(_, at)| self.now.saturating_duration_since(at) < SAID_FOR)
            .map(|(reaction, _)| reaction)
    }

    /// When the screen must next wake while nothing animates: the table's
    /// next deed, or a reaction to take down.
    pub fn next_wake(&self) -> Option<Duration> {
        let shown = self
            .said
            .iter()
            .flatten()
            .map(|&(_, at)| (at + SAID_FOR).saturating_duration_since(self.now))
            .filter(|left| !left.is_zero());
        self.next_deadline().into_iter().chain(shown).min()
    }

    /// A signed entry from the network driver, verified like any other.
    pub fn receive(&mut self, entry: SignedEntry<Record>) {
        self.verify(vec![entry]);
    }

    /// The network driver stopped before the game was over: says why.
    pub fn disconnected(&mut self, why: &str) {
        if !self.game.is_over() {
            self.last_event = crate::t!("The network game stopped: {why}.", why = why);
        }
    }

    /// Verifies new log entries in the replica, shows what each did, and
    /// keeps the game.
    fn verify(&mut self, fresh: Vec<SignedEntry<Record>>) {
        for entry in fresh {
            let record = entry.body.decode().map(|body| body.content);
            if let Ok(Record::Start { seats, .. }) = record {
                self.seated(seats);
            }
            match self.replica.apply(entry) {
                Ok(events) => self.show(record.ok(), &events),
                Err(refused) => {
                    // Our own table's entries always verify; if one did not,
                    // say so rather than draw a state we cannot vouch for.
                    self.last_event = crate::t!("A log entry was refused: {refused}.", refused = refused);
                    self.refused.push(refused.to_string());
                    if let table::EntryRefused::Equivocation(e) = refused {
                        self.evidence.push(Evidence::Equivocation(*e));
                    }
                    break;
                }
            }
        }
        self.keep();
        if self.verifying.is_some() {
            self.verifying = Some(verify::Dice::check(&self.proof()));
        }
    }

    /// Animates and describes one verified entry.
    fn show(&mut self, record: Option<Record>, events: &Events) {
        if let Some(Record::Roll { face, .. }) = record {
            self.motion.roll(face, self.now);
        }
        self.motion.start(events, self.now);
        self.cues.extend(sound::cues(events));
        self.game = self.replica.state().game;
        self.selected = None;
        if let Some(line) = narrate::entry_line(&self.names, record.as_ref(), events) {
            self.last_event = line;
        }
    }

    /// The sound effects of the entries shown since the last call.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.cues)
    }

    fn name(&self, seat: Seat) -> &str {
        &self.names[seat.index()]
    }

    pub fn is_paused(&self) -> bool {
        self.replica.state().paused.is_some()
    }

    pub fn is_closed(&self) -> bool {
        self.replica.state().closed.is_some()
    }

    /// Whole seconds left on the turn timer of a person to act, while it runs.
    pub fn countdown(&self) -> Option<u64> {
        self.game.rules().turn_timer?;
        let seat = self.game.to_act()?;
        if self.is_paused() || self.is_closed() || !matches!(self.control(seat), Control::Person { .. }) {
            return None;
        }
        self.next_deadline().map(|left| left.as_millis().div_ceil(1000) as u64)
    }

    /// What the table waits for, in words.
    fn waiting_for(&self) -> String {
        if self.is_closed() {
            return t("The table is closed.").to_string();
        }
        if self.is_paused() {
            return t("The table is paused.").to_string();
        }
        let Some(seat) = self.game.to_act() else { return t("The game is over.").to_string() };
        let who = self.name(seat);
        match self.game.phase() {
            Phase::Roll => crate::t!("{who} to roll", who = who),
            Phase::Move { face } => crate::t!("{who} to move a pawn {face}", who = who, face = face),
            Phase::ChooseOpponent => crate::t!("{who} to challenge a rival", who = who),
            Phase::Duel(_) => crate::t!("{who} to mark the duel board", who = who),
            Phase::Over => t("The game is over.").to_string(),
        }
    }

    /// The board as this screen draws it now.
    pub fn board_only(&self) -> Board<'_, Message> {
        Board {
            game: &self.game,
            motion: &self.motion,
            painted: &self.painted,
            now: self.now,
            choices: self.choices(),
            selected: self.selected,
            on_choose: Message::Choose,
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let board = board::view(self.board_only());
        let board: Element<'_, Message> = if let Some(dice) = &self.verifying {
            verify::view(self, dice)
        } else if self.game.is_over() && !self.is_animating() {
            stack![board, center(self.podium())].into()
        } else {
            board
        };
        row![
            column![self.seat(Seat::ALL[0]), space::vertical(), self.seat(Seat::ALL[3])]
                .width(250)
                .height(Length::Fill),
            container(board).id("board").width(Length::Fill).height(Length::Fill),
            column![self.seat(Seat::ALL[1]), self.panel(), self.seat(Seat::ALL[2])]
                .spacing(12)
                .width(270)
                .height(Length::Fill),
        ]
        .spacing(10)
        .padding(14)
        .into()
    }

    fn seat(&self, seat: Seat) -> Element<'_, Message> {
        seats::frame(self, seat)
    }

    fn panel(&self) -> Element<'_, Message> {
        let roller = self.game.to_act().unwrap_or(self.game.roller());
        let colour = theme::seat_colour(&self.game, roller);
        let die = canvas(Die {
            shown: self.motion.die,
            now: self.now,
            colour,
            on_roll: self.can_roll().then_some(Message::Roll),
        })
        .width(110)
        .height(110);
        let mut col =
            column![text(self.waiting_for()).font(BLACK).size(19), container(die).center_x(Length::Fill),]
                .spacing(10)
                .align_x(Alignment::Center);
        if self.can_roll() {
            col = col.push(
                button(text(t("Roll")).font(BLACK).size(18))
                    .padding([8, 30])
                    .style(theme::primary)
                    .on_press(Message::Roll),
            );
            col = col.push(text(t("Space or Enter rolls")).size(12));
        } else if !self.choices().is_empty() {
            col = col.push(text(t("Click a glowing pawn, or ←/→ and Enter, or 1–4")).size(13));
        }
        if let Some(duel) = self.duel_board() {
            col = col.push(duel);
        }
        col = col.push(
            container(text(&self.last_event).size(14)).padding(8).width(Length::Fill).style(theme::badge),
        );
        if let Some(left) = self.countdown() {
            col = col.push(text(crate::t!("{left} s left to decide", left = left)).font(BOLD).size(15));
        } else if let Some(secs) = self.game.rules().turn_timer {
            col = col.push(text(crate::t!("Turn timer: {secs} s a decision", secs = secs)).size(13));
        }
        col = col.push(self.host_controls());
        col = col.push(
            row![
                button(text(t("Verify dice")).size(14)).style(theme::choice(false)).on_press(Message::Verify),
                button(text(t("Leave the table")).size(14))
                    .style(theme::choice(false))
                    .on_press(Message::Leave),
            ]
            .spacing(8),
        );
        // On a row of its own: the panel is too narrow for three buttons.
        let sound = button(text(if self.sound_on { t("Sound on") } else { t("Muted") }).size(14))
            .style(theme::choice(!self.sound_on))
            .on_press(Message::Sound(!self.sound_on));
        let react = button(text(t("React")).size(14))
            .style(theme::choice(self.picking))
            .on_press_maybe(self.reacting_seat().map(|_| Message::Palette));
        col = col.push(row![sound, react].spacing(8));
        if self.picking {
            col = col.push(self.palette());
        }
        container(col).padding(14).width(Length::Fill).style(theme::panel).into()
    }

    /// The reactions to pick from: the faces, then the phrases.
    fn palette(&self) -> Element<'_, Message> {
        let pick = |reaction: Reaction, size: f32| -> Element<'_, Message> {
            button(container(emote::view(reaction, size)).center_x(Length::Fill))
                .width(Length::Fill)
                .padding(3)
                .style(theme::choice(false))
                .on_press(Message::React(reaction))
                .into()
        };
        let faces = row(Reaction::EMOTES.map(|r| pick(r, 28.0))).spacing(4);
        let phrases = column(
            Reaction::PHRASES
                .chunks(2)
                .map(|pair| row(pair.iter().map(|&r| pick(r, 26.0))).spacing(4).into()),
        )
        .spacing(4);
        container(column![faces, phrases].spacing(6)).padding(6).style(theme::badge).into()
    }

    /// Pause, resume, close and rematch: this computer hosts local tables
    /// (a networked table runs in the driver, which plays on by itself).
    fn host_controls(&self) -> Element<'_, Message> {
        let control = |label: &'static str, m: Message| {
            button(text(t(label)).size(14)).style(theme::choice(false)).on_press(m).into()
        };
        let buttons: Vec<Element<'_, Message>> = if self.is_networked() {
            Vec::new()
        } else if self.is_closed() || self.game.is_over() {
            vec![control("Rematch", Message::Rematch)]
        } else if self.is_paused() {
            vec![control("Resume", Message::Resume), control("Close the table", Message::Close)]
        } else {
            vec![control("Pause", Message::Pause), control("Close the table", Message::Close)]
        };
        row(buttons).spacing(8).into()
    }

    /// Palace: the rival to challenge, or the live Tic-Tac-Toe board.
    fn duel_board(&self) -> Option<Element<'_, Message>> {
        let mine = self.person_to_act().is_some();
        match self.game.phase() {
            Phase::ChooseOpponent => {
                let challenger = self.game.turn();
                let rivals = self.game.remaining().without(challenger);
                let buttons = column(rivals.iter().map(|r| {
                    button(text(crate::t!("Challenge {who}", who = self.name(r))).size(14))
                        .style(theme::choice(false))
                        .on_press_maybe(mine.then_some(Message::Challenge(r)))
                        .into()
                }))
                .spacing(6);
                Some(buttons.into())
            }
            Phase::Duel(d) => {
                let cell = |i: u8| -> Element<'_, Message> {
                    let mark = d.cells.get(usize::from(i)).copied().flatten();
                    let (label, seat) = match mark {
                        Some(true) => ("X", Some(d.x)),
                        Some(false) => ("O", Some(d.o)),
                        None => ("", None),
                    };
                    let colour = seat.map_or(theme::INK, |s| theme::seat_colour(&self.game, s));
                    button(center(text(label).font(BLACK).size(26).color(colour)))
                        .width(52)
                        .height(52)
                        .style(theme::choice(false))
                        .on_press_maybe((mine && mark.is_none()).then_some(Message::Mark(i)))
                        .into()
                };
                let grid =
                    column((0..3).map(|r| row((0..3).map(|c| cell(r * 3 + c))).spacing(4).into())).spacing(4);
                Some(
                    column![
                        text(format!("X {} · O {}", self.name(d.x), self.name(d.o))).font(BOLD).size(14),
                        grid
                    ]
                    .spacing(6)
                    .align_x(Alignment::Center)
                    .into(),
                )
            }
            _ => None,
        }
    }

    /// Places and trophies, over the board, once the game is over.
    fn podium(&self) -> Element<'_, Message> {
        let mut placed: Vec<(u8, Seat)> =
            self.game.players().iter().map(|s| (self.game.place(s).unwrap_or(u8::MAX), s)).collect();
        placed.sort();
        let lines = column(placed.into_iter().map(|(place, seat)| {
            let medal = match place {
                1 => theme::GOLD,
                2 => theme::rgb(0xc9, 0xd1, 0xd9),
                3 => theme::rgb(0xcd, 0x7f, 0x32),
                _ => theme::alpha(theme::PARCHMENT, 0.4),
            };
            let label = if place == u8::MAX { "–".to_string() } else { place.to_string() };
            row![
                container(center(text(label).font(BLACK).size(18).color(theme::INK)))
                    .width(36)
                    .height(36)
                    .style(seats::disc(medal, theme::COPPER_DARK)),
                container(text(self.name(seat).to_string()).font(BOLD).size(18))
                    .padding([4, 12])
                    .style(theme::ribbon(theme::seat_colour(&self.game, seat))),
            ]
            .spacing(12)
            .align_y(Alignment::Center)
            .into()
        }))
        .spacing(10);
        container(
            column![
                text(t("Game over")).font(BLACK).size(32),
                lines,
                row![
                    button(text(t("Rematch")).font(BLACK).size(18))
                        .padding([8, 24])
                        .style(theme::primary)
                        .on_press_maybe((!self.is_networked()).then_some(Message::Rematch)),
                    button(text(t("Verify dice")).size(18))
                        .padding([8, 24])
                        .style(theme::primary)
                        .on_press(Message::Verify),
                    button(text(t("Leave")).size(18))
                        .padding([8, 24])
                        .style(theme::primary)
                        .on_press(Message::Leave),
                ]
                .spacing(12),
            ]
            .spacing(16)
            .align_x(Alignment::Center),
        )
        .padding(28)
        .style(theme::panel)
        .into()
    }
}

pub use crate::ui::narrate::ordinal;
