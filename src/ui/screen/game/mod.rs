//! The game screen: the replica of the table's log and what it shows (the
//! board, the seats, the action panel, the palace duel, places at the end).
//! Its `update` returns what the app must do (leave, rematch, play sounds,
//! save a file) instead of doing it; intents leave through `seam`.

mod keep;
mod keys;
mod panel;
mod reactions;
mod seam;
mod seats;
mod told;
pub mod verify;
mod view;

pub use view::Fit;

pub use keep::Save;

use super::setup::{Sitter, TablePlan};
use crate::bots::Why;
use crate::fair::{Evidence, Proof, SignedEntry, SignedGenesis};
use crate::fl;
use crate::net::Deed;
use crate::rules::{Duel, Event, Events, Face, Game, Moves, Phase, Seat};
use crate::table::message::clean_name;
use crate::table::{
    self, Act, CHAIN_LEN, Control, Input, Participant, Reaction, Record, Replica, Roster, TableConfig,
};
use crate::ui::board;
use crate::ui::driver::Driver;
use crate::ui::motion::Motion;
use crate::ui::narrate;
use crate::ui::sound::{self, Cue};
use iced::keyboard::{self, key::Named};
use reactions::Reactions;
use std::collections::VecDeque;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use told::Told;

pub struct GameScreen {
    table: TablePlan,
    names: [String; 4],
    /// Where this screen's intents go: the table here, or its network driver.
    driver: Driver,
    /// What the screen draws from: the replica, which verifies every entry.
    replica: Replica,
    /// The state drawn: the replica's game.
    game: Game,
    /// The table's clock starts with the screen.
    started: Instant,
    motion: Motion,
    painted: board::Painted,
    selected: Option<u8>,
    /// The last few things that happened, oldest first (the event log).
    log: VecDeque<Told>,
    now: Instant,
    /// When the newest entry was verified (a networked turn is timed from it).
    entry_at: Instant,
    /// What resumes this game, while it is saved in the profile.
    keeping: Option<keep::Keeping>,
    /// The Verify dice view, when open (checked when opened and as the log grows).
    verifying: Option<verify::Dice>,
    proof_path: String,
    export_status: String,
    /// Log entries the replica refused, in words, to show plainly.
    refused: Vec<String>,
    /// Proof that the host equivocated, kept for the exported proof.
    evidence: Vec<Evidence<Record>>,
    /// Whether the app plays sounds (the mute switch shows it).
    pub sound_on: bool,
    /// The helpers the player chose in the settings.
    pub helpers: Helpers,
    reactions: Reactions,
    /// A question before leaving or closing the table, while it is asked.
    confirming: Option<Confirm>,
    /// How this computer reaches its host, as last told in the event log.
    route: Option<crate::net::RouteKind>,
    /// Whether the rules panel shows every rule or only the table's name.
    rules_open: bool,
    /// The colour the host holds for this watcher in the next game.
    reserved: Option<Seat>,
    /// The last duel won, as its board ended, and when: it stays up for a
    /// moment with its line drawn.
    duel_won: Option<(Duel, Seat, Instant)>,
    /// The last hint: the log position it was for, the pawn and why.
    hint: Option<(u64, u8, Why)>,
    /// The panel's control the keyboard is on (see `keys.rs`).
    pub(crate) focus: crate::ui::focus::Focus,
}

/// What the player is asked to confirm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirm {
    Leave,
    Close,
}

#[derive(Debug, Clone)]
pub enum Message {
    Roll,
    Choose(u8),
    /// Keyboard: select the next (+1) or previous (−1) movable pawn (the
    /// panel's focus ring goes, so that Enter moves it).
    Cycle(i8),
    /// Keyboard: roll, or move the selected pawn; by Enter (else Space).
    Confirm {
        enter: bool,
    },
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
    /// The answer to the question asked (leave, close): yes or no.
    Sure(bool),
    /// Show or hide the table's rules in full.
    RulesPanel,
    /// A watcher reserves this colour for the next game with the same group.
    Reserve(Seat),
    /// Show the move Hard would make, and why.
    Hint,
}

/// Helpers a player may switch on in the settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Helpers {
    /// A pawn moves by itself when every legal move is the same one.
    pub auto_move: bool,
    /// Enter moves the first movable pawn when none is selected.
    pub enter_moves_first: bool,
    /// Pawns carry their colour's shape.
    pub pawn_marks: bool,
    /// The Hint button at tables with other people (always at a table of
    /// one person and bots).
    pub hints_with_people: bool,
}

/// How long a pawn that moves by itself waits once the die has landed, so
/// the player sees the roll first.
const AUTO_MOVE_AFTER: Duration = Duration::from_millis(350);

/// One bounce of a movable pawn.
const PULSE: Duration = Duration::from_millis(900);

/// What the app does for the screen.
#[derive(Debug)]
pub enum Action {
    Leave,
    Rematch(TablePlan),
    /// Sound on or off, for the app to keep.
    Sound(bool),
    /// The sound effects of the entries just shown.
    Play(Vec<Cue>),
    /// A file to write into the profile (or where the player chose).
    Save(Save),
}

const BOT_NAMES: [&str; 4] = ["Zahra", "Karim", "Layla", "Tariq"];

/// The seats' names: the first person here is the player, bots have
/// names, friends are named by their colour.
pub fn names(table: &TablePlan) -> [String; 4] {
    Seat::ALL.map(|seat| match table.sitters[seat.index()] {
        Sitter::Person => table.person_name(seat).unwrap_or_default(),
        Sitter::Bot(_) => BOT_NAMES[seat.index()].to_string(),
        Sitter::Friend => {
            let colour = super::setup::colour_name(table.rules.colour_of(seat));
            fl!("friend-colour", colour = colour)
        }
        Sitter::Empty => String::new(),
    })
}

impl GameScreen {
    /// Sits the table and starts its game. `entropy` (fresh random bytes)
    /// seeds the table's dice chains, its keys and the game nonce.
    pub fn new(table: TablePlan, entropy: [u8; 32], now: Instant) -> Result<GameScreen, table::Refusal> {
        let seats = table.controls();
        let config = TableConfig {
            rules: table.rules,
            seats,
            host: Participant::LOCAL,
            timing: table.timing(),
            chain_len: CHAIN_LEN,
        };
        let driver = Driver::here(config, entropy)?;
        let names = names(&table);
        GameScreen::open(table, names, driver, now)
    }

    /// The screen over a networked game that just began: `name`, this
    /// computer's person, plays `seat`; `acts` goes to the network driver
    /// (which takes pause, resume and close too when this computer hosts).
    /// The other persons are named from the roster.
    pub fn networked(
        name: String,
        genesis: SignedGenesis,
        roster: &Roster,
        seat: Seat,
        acts: mpsc::UnboundedSender<Deed>,
        hosting: bool,
        now: Instant,
    ) -> Result<GameScreen, table::Refusal> {
        let setup = Replica::new(&genesis)
            .map_err(|e| table::Refusal::Setup(format!("the table's genesis does not verify: {e}")))?;
        // Who sits where comes with the first entry (see `verify`).
        let rules = *setup.state().game.rules();
        let table = TablePlan::unseated(rules, name);
        // The other players' names travel with their seats (cleaned: they
        // come from other peers).
        let friends = Seat::ALL.map(|s| roster.name(s).map(clean_name).unwrap_or_default());
        let driver = Driver::away(acts, Some(seat), hosting, friends, genesis);
        GameScreen::open(table, Default::default(), driver, now)
    }

    /// Watching a networked game without a seat, from what its host sent:
    /// the replica starts from the host-signed snapshot (or the genesis
    /// under an elected host) and verifies every entry after it, as a
    /// guest's does. Nothing here acts: every seat is another's.
    pub fn watching(
        name: String,
        watching: table::Watching,
        acts: mpsc::UnboundedSender<Deed>,
        now: Instant,
    ) -> Result<GameScreen, table::Refusal> {
        let table::Watching { genesis, roster, snapshot } = watching;
        let replica = match &snapshot {
            Some(snapshot) => Replica::from_snapshot(&genesis, snapshot)
                .map_err(|e| table::Refusal::Setup(format!("the host's snapshot does not verify: {e}")))?,
            None => Replica::new(&genesis)
                .map_err(|e| table::Refusal::Setup(format!("the table's genesis does not verify: {e}")))?,
        };
        let rules = *replica.state().game.rules();
        let table = TablePlan::unseated(rules, name);
        let friends = Seat::ALL.map(|s| roster.name(s).map(clean_name).unwrap_or_default());
        let driver = Driver::away(acts, None, false, friends, genesis);
        let mut screen = GameScreen::open(table, Default::default(), driver, now)?;
        // Mid-game: who sits where is the snapshot's, not a first entry's.
        if replica.head().0 > 0 {
            let seats = replica.state().control;
            screen.game = replica.state().game;
            screen.replica = replica;
            screen.seated(seats);
            screen.tell(fl!("you-are-watching-this-table").to_string());
        }
        Ok(screen)
    }

    /// Over the network: names the seats from the table's start.
    fn seated(&mut self, seats: [Control; 4]) {
        if !self.driver.is_networked() {
            return;
        }
        let mine = self.driver.remote_seat();
        self.table.sitters = Seat::ALL.map(|s| match seats[s.index()] {
            Control::Empty => Sitter::Empty,
            Control::Bot(strategy) => Sitter::Bot(strategy),
            Control::Person { .. } if Some(s) == mine => Sitter::Person,
            Control::Person { .. } | Control::Standin { .. } => Sitter::Friend,
        });
        self.names = names(&self.table);
        for seat in Seat::ALL
            .into_iter()
            .filter(|&s| Some(s) != mine && self.table.sitters[s.index()] == Sitter::Friend)
        {
            if let Some(name) = self.driver.friend(seat) {
                self.names[seat.index()] = name.to_owned();
            }
        }
    }

    /// The screen over a table that is set up (new, resumed or networked):
    /// a replica verifies what the table has logged so far.
    fn open(
        table: TablePlan,
        names: [String; 4],
        driver: Driver,
        now: Instant,
    ) -> Result<GameScreen, table::Refusal> {
        let mut replica = Replica::new(driver.genesis())
            .map_err(|e| table::Refusal::Setup(format!("the table's genesis does not verify: {e}")))?;
        let mut motion = Motion::default();
        for entry in driver.logged() {
            if let Ok(Record::Roll { face, seat, .. }) = entry.body.decode().map(|b| b.content) {
                motion.rest(face, seat, now);
            }
            replica.apply(entry.clone()).map_err(|e| table::Refusal::Setup(e.to_string()))?;
        }
        let game = replica.state().game;
        Ok(GameScreen {
            table,
            names,
            driver,
            replica,
            game,
            started: now,
            motion,
            painted: board::Painted::default(),
            selected: None,
            log: VecDeque::from([Told::news(fl!("the-table-is-set-good").to_string())]),
            now,
            entry_at: now,
            keeping: None,
            verifying: None,
            proof_path: String::new(),
            export_status: String::new(),
            refused: Vec::new(),
            evidence: Vec::new(),
            sound_on: true,
            helpers: Helpers::default(),
            reactions: Reactions::default(),
            confirming: None,
            route: None,
            rules_open: false,
            reserved: None,
            duel_won: None,
            hint: None,
            focus: Default::default(),
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The seats' names as the screen shows them.
    pub fn names(&self) -> &[String; 4] {
        &self.names
    }

    /// Who holds the seat now, as the verified log says (a person who left
    /// has a bot in their seat; the setup's sitters are only the start).
    fn control(&self, seat: Seat) -> Control {
        self.replica.state().control[seat.index()]
    }

    /// The seat of the one person at this computer, whom the screen
    /// addresses as "you"; none when several share it, or when watching.
    fn you(&self) -> Option<Seat> {
        let mut persons = Seat::ALL.into_iter().filter(|&s| self.table.sitters[s.index()] == Sitter::Person);
        match (persons.next(), persons.next()) {
            (Some(seat), None) => Some(seat),
            _ => None,
        }
    }

    /// Quarter turns clockwise the board is drawn at: the player here sees
    /// their colour at the bottom left; the board is not turned when
    /// several persons share the screen, or when watching.
    pub fn turn(&self) -> u8 {
        board::turn_for(self.you())
    }

    /// Whether a person at this computer plays `seat` (over the network,
    /// only this computer's seat; the other persons are remote).
    fn is_mine(&self, seat: Seat) -> bool {
        matches!(self.control(seat), Control::Person { .. }) && self.driver.plays(seat)
    }

    /// The seat the game waits for, when a person at this computer sits
    /// there (and, over the network, has not acted at this position yet).
    /// A paused or closed table waits for nobody.
    fn person_to_act(&self) -> Option<Seat> {
        let answering = self.driver.answering(self.replica.head().0);
        let halted = self.is_paused() || self.is_closed();
        self.game.to_act().filter(|&s| self.is_mine(s) && !answering && !halted)
    }

    /// The turn a person at this computer is to take now: their seat and
    /// the log's head (a new head is a new turn to be told of).
    pub fn awaits_you(&self) -> Option<(Seat, u64)> {
        self.person_to_act().map(|seat| (seat, self.replica.head().0))
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

    /// An intent of the person to act here, if one is.
    fn act(&mut self, act: Act) -> Vec<Action> {
        let Some(seat) = self.person_to_act() else { return Vec::new() };
        self.submit(Input::Intent { from: Participant::LOCAL, seat, act })
    }

    pub fn update(&mut self, message: Message, now: Instant) -> Vec<Action> {
        self.now = now;
        match message {
            Message::Roll if self.can_roll() => return self.act(Act::Roll),
            Message::Roll => {}
            Message::Choose(pawn) if self.choices().iter().any(|m| m.pawn == pawn) => {
                return self.act(Act::Move { pawn });
            }
            Message::Choose(_) => {}
            Message::Cycle(step) => {
                self.focus.clear();
                self.cycle(step);
            }
            Message::Confirm { enter } => return self.confirm(enter, now),
            Message::Challenge(opponent) => return self.act(Act::Challenge { opponent }),
            Message::Mark(cell) => return self.act(Act::Mark { cell }),
            // Bots (and a pawn that moves by itself) wait for the pawns to land.
            Message::Tick if !self.is_animating() => match self.auto_move() {
                Some(pawn) => return self.act(Act::Move { pawn }),
                None => return self.submit(Input::Tick),
            },
            Message::Tick => {}
            Message::Rematch => return self.rematch().into_iter().collect(),
            Message::Pause => return self.submit(Input::Pause(Participant::LOCAL)),
            Message::Resume => return self.submit(Input::Resume(Participant::LOCAL)),
            // Leaving or closing a game under way is asked first.
            Message::Close => self.confirming = Some(Confirm::Close),
            Message::Leave if self.game.is_over() || self.is_closed() => return vec![Action::Leave],
            Message::Leave => self.confirming = Some(Confirm::Leave),
            Message::Sure(yes) => match (self.confirming.take(), yes) {
                (Some(Confirm::Leave), true) => return vec![Action::Leave],
                (Some(Confirm::Close), true) => return self.submit(Input::Close(Participant::LOCAL)),
                _ => {}
            },
            Message::Sound(on) => {
                self.sound_on = on;
                return vec![Action::Sound(on)];
            }
            Message::Palette => self.reactions.picking = !self.reactions.picking,
            Message::RulesPanel => self.rules_open = !self.rules_open,
            Message::Reserve(seat) => self.reserve(seat),
            Message::Hint => self.hint(),
            Message::React(reaction) => self.react(reaction),
            Message::MuteSeat(seat) => self.reactions.toggle_mute(seat),
            Message::Verify => self.open_verify(),
            Message::CloseVerify => self.verifying = None,
            Message::ProofPath(path) => self.proof_path = path,
            Message::SaveProof => {
                let path = std::path::PathBuf::from(self.proof_path.trim());
                return vec![Action::Save(Save::Proof(Box::new(self.proof()), path))];
            }
        }
        Vec::new()
    }

    /// The question being asked, if any.
    pub fn confirming(&self) -> Option<Confirm> {
        self.confirming
    }

    fn rematch(&mut self) -> Option<Action> {
        // Over the network the host's driver sets the next game up with the
        // same group; its sealed genesis opens the next screen.
        match self.driver.rematch() {
            Some(Ok(_)) => Some(Action::Rematch(self.table.clone())),
            Some(Err(refusal)) => {
                self.tell(fl!("not-allowed-refusal", refusal = crate::ui::words::refusal(&refusal)));
                None
            }
            None if self.driver.hosts() && (self.game.is_over() || self.is_closed()) => {
                let said = match self.driver.send(Deed::Rematch) {
                    Ok(()) => fl!("starting-another-game-with-the"),
                    Err(_) => fl!("the-connection-to-the-table"),
                };
                self.tell(said.to_string());
                None
            }
            None => None,
        }
    }

    fn open_verify(&mut self) {
        let dice = verify::Dice::check(&self.proof());
        if self.proof_path.is_empty() {
            self.proof_path = verify::default_path(&dice.game_id).display().to_string();
        }
        self.verifying = Some(dice);
    }

    /// The proof export finished: where it went, or why not.
    pub fn exported(&mut self, outcome: Result<std::path::PathBuf, String>) {
        self.export_status = match outcome {
            Ok(path) => fl!("saved-to-path", path = path.display()),
            Err(e) => fl!("not-saved-e", e = e),
        };
    }

    /// When the screen must next wake while nothing animates: the table's
    /// next deed, a pawn to move by itself, or a reaction to take down.
    pub fn next_wake(&self) -> Option<Duration> {
        let auto = self.auto_move().map(|_| AUTO_MOVE_AFTER);
        self.next_deadline().into_iter().chain(auto).chain(self.reactions.next_wake(self.now)).min()
    }

    /// Where movable pawns are in their bounce: 0 on the board, 1 at the top.
    fn pulse(&self) -> f32 {
        let t = self.now.saturating_duration_since(self.started).as_secs_f32() / PULSE.as_secs_f32();
        0.5 - 0.5 * (std::f32::consts::TAU * t).cos()
    }

    /// Whether movable pawns bounce now (the app runs a slow clock for it).
    pub fn is_pulsing(&self) -> bool {
        !self.choices().is_empty() && !self.is_animating()
    }

    /// Verifies new log entries in the replica, shows what each did, and
    /// keeps the game; returns the sounds to play and the files to save.
    fn verify(&mut self, fresh: Vec<SignedEntry<Record>>) -> Vec<Action> {
        let mut cues = Vec::new();
        for entry in fresh {
            let record = entry.body.decode().map(|body| body.content);
            if let Ok(Record::Start { seats, .. }) = record {
                self.seated(seats);
            }
            match self.replica.apply(entry) {
                Ok(events) => {
                    self.entry_at = self.now;
                    cues.extend(self.show(record.ok(), &events))
                }
                Err(refused) => {
                    // Our own table's entries always verify; if one did not,
                    // say so rather than draw a state we cannot vouch for.
                    self.tell(fl!("a-log-entry-was-refused", refused = refused));
                    self.refused.push(refused.to_string());
                    if let table::EntryRefused::Equivocation(e) = refused {
                        self.evidence.push(Evidence::Equivocation(*e));
                    }
                    break;
                }
            }
        }
        self.driver.hosted_by(self.replica.state().host);
        if self.verifying.is_some() {
            self.verifying = Some(verify::Dice::check(&self.proof()));
        }
        let mut actions = Vec::new();
        if !cues.is_empty() {
            actions.push(Action::Play(cues));
        }
        actions.extend(self.keep().map(Action::Save));
        actions
    }

    /// Animates and describes one verified entry; its sound effects.
    fn show(&mut self, record: Option<Record>, events: &Events) -> Vec<Cue> {
        if let Some(Record::Roll { face, seat, .. }) = record {
            self.motion.roll(face, seat, self.now);
        }
        self.motion.start(events, self.now);
        // A won duel's board stays up a moment: the last mark is in the
        // event's record, the board before it in the game as it was.
        if let (
            Phase::Duel(mut duel),
            Some(Record::Act { action: crate::rules::Action::Mark { cell, .. }, .. }),
        ) = (self.game.phase(), &record)
            && let Some(&Event::DuelWon { seat }) = events.iter().find(|e| matches!(e, Event::DuelWon { .. }))
        {
            let mark = duel.to_move() == duel.x;
            if let Some(c) = duel.cells.get_mut(usize::from(*cell)) {
                *c = Some(mark);
            }
            self.duel_won = Some((duel, seat, self.now));
        }
        self.game = self.replica.state().game;
        self.selected = None;
        // A duel's marks are on its board: the log keeps the challenge and
        // the result in view rather than fill with "marks a square".
        let plain_mark =
            matches!(record, Some(Record::Act { action: crate::rules::Action::Mark { .. }, .. }))
                && events.iter().all(|e| matches!(e, Event::Marked { .. }));
        let cast = narrate::Cast { names: &self.names, you: self.you() };
        if let Some(line) = narrate::entry_line(cast, record.as_ref(), events).filter(|_| !plain_mark) {
            self.told(Some(self.replica.head().0), line);
        }
        sound::cues(events)
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
        let limit = Duration::from_secs(self.game.rules().turn_timer?.into());
        let seat = self.game.to_act()?;
        if self.is_paused() || self.is_closed() || !matches!(self.control(seat), Control::Person { .. }) {
            return None;
        }
        self.turn_left(limit).map(|left| left.as_millis().div_ceil(1000) as u64)
    }

    /// The game as this screen verified it, with any evidence against the
    /// host, as a proof file.
    pub fn proof(&self) -> Proof<Record> {
        let mut proof = self.replica.proof(self.driver.genesis());
        proof.evidence.clone_from(&self.evidence);
        proof
    }

    /// The Verify dice view's findings, when it is open.
    pub fn verifying(&self) -> Option<&verify::Dice> {
        self.verifying.as_ref()
    }

    /// The last face rolled: none before the first roll.
    pub fn die_face(&self) -> Option<Face> {
        self.motion.die.map(|r| r.face)
    }

    /// The seat the die sits with, and the face it shows there. A roll
    /// stays with whoever rolled it while it tumbles in (a roll that
    /// passes the turn is seen where it was rolled); then the die goes to
    /// the seat to act, blank until that seat rolls: the previous player's
    /// face there read as this player's roll.
    pub fn die_shown(&self) -> (Seat, Option<Face>) {
        let rolled = self.motion.die;
        let holder = match rolled {
            Some(r) if self.now < r.at + crate::ui::motion::DIE_SETTLE => r.seat,
            _ => self.game.to_act().unwrap_or(self.game.roller()),
        };
        (holder, rolled.filter(|r| r.seat == holder).map(|r| r.face))
    }

    pub fn export_status(&self) -> &str {
        &self.export_status
    }
}

pub use crate::ui::narrate::ordinal;
