//! The game: the board, the seats framed around it, the action panel with the
//! die, the last event and what the table waits for, the palace duel board,
//! and places at the end.
//!
//! Every intent leaves through [`GameScreen::submit`], the one place that
//! talks to the table: a local game takes the same path as a networked one
//! (intent → table → signed log entry → replica → screen).

mod keep;
mod seats;

pub use keep::host_key;

use super::setup::{Sitter, Table};
use crate::rules::{Event, Events, Game, Moves, Phase, Seat};
use crate::table::{self, Act, CHAIN_LEN, Control, Input, Participant, Record, Replica, TableConfig, Timing};
use crate::ui::board::Board;
use crate::ui::die::Die;
use crate::ui::motion::Motion;
use crate::ui::theme::{self, BLACK, BOLD};
use iced::keyboard::{self, key::Named};
use iced::widget::{button, canvas, center, column, container, row, space, stack, text};
use iced::{Alignment, Element, Length};
use std::time::{Duration, Instant};

/// How long a bot waits before acting, so a person can follow.
pub const BOT_PAUSE: Duration = Duration::from_millis(650);

pub struct GameScreen {
    table: Table,
    names: [String; 4],
    /// The authority this screen sends intents to (a local table).
    authority: table::Table,
    /// What the screen draws from: the replica, which verifies every entry.
    replica: Replica,
    /// The state drawn: the replica's game.
    game: Game,
    /// The table's clock starts with the screen.
    started: Instant,
    motion: Motion,
    cache: canvas::Cache,
    selected: Option<u8>,
    last_event: String,
    now: Instant,
    /// The table's secret entropy, kept with the saved game to resume it.
    entropy: [u8; 32],
    /// Where the game is saved after each entry, if anywhere.
    keeping: Option<keep::Keeping>,
}

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
}

pub enum Action {
    None,
    Leave,
    Rematch(Table),
}

const BOT_NAMES: [&str; 4] = ["Zahra", "Karim", "Layla", "Tariq"];

impl GameScreen {
    /// Sits the table and starts its game. `entropy` (fresh random bytes)
    /// seeds the table's dice chains, its keys and the game nonce.
    pub fn new(table: Table, entropy: [u8; 32], now: Instant) -> Result<GameScreen, table::Refusal> {
        let seats = table.sitters.map(|s| match s {
            Sitter::Empty => Control::Empty,
            Sitter::Bot(strategy) => Control::Bot(strategy),
            Sitter::Person => Control::Person { owner: Participant::LOCAL },
        });
        let pace = u64::try_from(BOT_PAUSE.as_millis()).unwrap_or(u64::MAX);
        let config = TableConfig {
            rules: table.rules,
            seats,
            host: Participant::LOCAL,
            timing: Timing { bot_delay: pace, ..Timing::PEOPLE },
            chain_len: CHAIN_LEN,
        };
        let authority = table::Table::new(config, host_key(&entropy), entropy, [None; 4], 0)?;
        let mut persons = 0;
        let names = Seat::ALL.map(|seat| match table.sitters[seat.index()] {
            Sitter::Person => {
                persons += 1;
                if persons == 1 { table.name.clone() } else { format!("Player {persons}") }
            }
            Sitter::Bot(_) => BOT_NAMES[seat.index()].to_string(),
            Sitter::Empty => String::new(),
        });
        GameScreen::open(table, names, authority, entropy, now)
    }

    /// The screen over a table that is set up (new or resumed): a replica
    /// verifies what the table has logged so far.
    fn open(
        table: Table,
        names: [String; 4],
        authority: table::Table,
        entropy: [u8; 32],
        now: Instant,
    ) -> Result<GameScreen, table::Refusal> {
        let mut replica = Replica::new(authority.genesis())
            .map_err(|e| table::Refusal::Setup(format!("the table's genesis does not verify: {e}")))?;
        for entry in authority.entries() {
            replica.apply(entry.clone()).map_err(|e| table::Refusal::Setup(e.to_string()))?;
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
            cache: canvas::Cache::new(),
            selected: None,
            last_event: "The table is set. Good luck!".to_string(),
            now,
            entropy,
            keeping: None,
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

    /// The seat the game waits for, when a person at this computer sits there.
    fn person_to_act(&self) -> Option<Seat> {
        self.game.to_act().filter(|&s| matches!(self.control(s), Control::Person { .. }))
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
            Message::Rematch => return Action::Rematch(self.table.clone()),
            Message::Leave => return Action::Leave,
        }
        Action::None
    }

    /// The table's clock: milliseconds since the screen opened.
    fn millis(&self) -> table::Millis {
        u64::try_from(self.now.saturating_duration_since(self.started).as_millis()).unwrap_or(u64::MAX)
    }

    /// When the table next acts by itself (a bot, a timer), if ever.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.authority.next_deadline().map(|ms| Duration::from_millis(ms.saturating_sub(self.millis())))
    }

    /// THE WIRING POINT: hands an input to the table, then verifies each new
    /// log entry in the replica and shows what it did.
    fn submit(&mut self, input: Input) {
        let seen = self.replica.head().0 as usize;
        if let Err(refusal) = self.authority.handle(self.millis(), input) {
            self.last_event = format!("Not allowed: {refusal}.");
            return;
        }
        let fresh: Vec<_> = self.authority.entries().get(seen..).unwrap_or_default().to_vec();
        for entry in fresh {
            let record = entry.body.decode().map(|body| body.content);
            match self.replica.apply(entry) {
                Ok(events) => self.show(record.ok(), &events),
                Err(refused) => {
                    // Our own table's entries always verify; if one did not,
                    // say so rather than draw a state we cannot vouch for.
                    self.last_event = format!("A log entry was refused: {refused}.");
                    return;
                }
            }
        }
        self.keep();
    }

    /// Animates and describes one verified entry.
    fn show(&mut self, record: Option<Record>, events: &Events) {
        let (face, seat) = match record {
            Some(Record::Roll { seat, face, .. }) => (Some(face), Some(seat)),
            Some(Record::Act { action, .. }) => (None, Some(action.seat())),
            _ => (None, None),
        };
        if let Some(face) = face {
            self.motion.roll(face, self.now);
        }
        self.motion.start(events, self.now);
        self.game = self.replica.state().game;
        self.selected = None;
        if let Some(seat) = seat {
            self.last_event = self.describe(events, face, seat);
        }
    }

    fn name(&self, seat: Seat) -> &str {
        &self.names[seat.index()]
    }

    /// One line on what just happened, in the game's words.
    fn describe(&self, events: &Events, face: Option<u8>, seat: Seat) -> String {
        let mut parts: Vec<String> = Vec::new();
        if let Some(face) = face {
            parts.push(format!("{} rolled a {face}", self.name(seat)));
        }
        for event in events {
            let line = match *event {
                Event::NoMove { seat } => Some(format!("{} cannot move", self.name(seat))),
                Event::Entered { seat, .. } => Some(format!("{} brings a pawn out", self.name(seat))),
                Event::Captured { seat, by, .. } => {
                    Some(format!("{} captures {}!", self.name(by), self.name(seat)))
                }
                Event::ReachedHome { seat, .. } => Some(format!("{} brings a pawn home", self.name(seat))),
                Event::ThreeSixes { seat } => {
                    Some(format!("three sixes: {} loses the turn", self.name(seat)))
                }
                Event::SentToYard { seat, .. } => {
                    Some(format!("a pawn of {} goes back to the yard", self.name(seat)))
                }
                Event::BonusRoll { seat, .. } => Some(format!("{} rolls again", self.name(seat))),
                Event::Finished { seat, place } => {
                    Some(format!("{} finishes {}", self.name(seat), ordinal(place)))
                }
                Event::Challenged { seat, opponent } => {
                    Some(format!("{} challenges {}", self.name(seat), self.name(opponent)))
                }
                Event::DuelDrawn { .. } => Some("the duel is drawn and starts again".to_string()),
                Event::DuelWon { seat } => Some(format!("{} wins the duel", self.name(seat))),
                Event::GameOver { .. } => Some("the game is over".to_string()),
                _ => None,
            };
            parts.extend(line);
        }
        let mut line = parts.join(" · ");
        if line.is_empty() {
            line = format!("{} moves", self.name(seat));
        }
        line
    }

    /// What the table waits for, in words.
    fn waiting_for(&self) -> String {
        let Some(seat) = self.game.to_act() else { return "The game is over.".to_string() };
        let who = self.name(seat);
        match self.game.phase() {
            Phase::Roll => format!("{who} to roll"),
            Phase::Move { face } => format!("{who} to move a pawn {face}"),
            Phase::ChooseOpponent => format!("{who} to challenge a rival"),
            Phase::Duel(_) => format!("{who} to mark the duel board"),
            Phase::Over => "The game is over.".to_string(),
        }
    }

    /// The board as this screen draws it now.
    pub fn board_only(&self) -> Board<'_, Message> {
        Board {
            game: &self.game,
            motion: &self.motion,
            cache: &self.cache,
            now: self.now,
            choices: self.choices(),
            selected: self.selected,
            on_choose: Message::Choose,
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let board = canvas(self.board_only()).width(Length::Fill).height(Length::Fill);
        let board: Element<'_, Message> = if self.game.is_over() && !self.is_animating() {
            stack![board, center(self.podium())].into()
        } else {
            board.into()
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
                button(text("Roll").font(BLACK).size(18))
                    .padding([8, 30])
                    .style(theme::primary)
                    .on_press(Message::Roll),
            );
            col = col.push(text("Space or Enter rolls").size(12));
        } else if !self.choices().is_empty() {
            col = col.push(text("Click a glowing pawn, or ←/→ and Enter, or 1–4").size(13));
        }
        if let Some(duel) = self.duel_board() {
            col = col.push(duel);
        }
        col = col.push(
            container(text(&self.last_event).size(14)).padding(8).width(Length::Fill).style(theme::badge),
        );
        if let Some(secs) = self.game.rules().turn_timer {
            col = col.push(text(format!("Turn timer: {secs} s a decision")).size(13));
        }
        col = col.push(
            button(text("Leave the table").size(14)).style(theme::choice(false)).on_press(Message::Leave),
        );
        container(col).padding(14).width(Length::Fill).style(theme::panel).into()
    }

    /// Palace: the rival to challenge, or the live Tic-Tac-Toe board.
    fn duel_board(&self) -> Option<Element<'_, Message>> {
        let mine = self.person_to_act().is_some();
        match self.game.phase() {
            Phase::ChooseOpponent => {
                let challenger = self.game.turn();
                let rivals = self.game.remaining().without(challenger);
                let buttons = column(rivals.iter().map(|r| {
                    button(text(format!("Challenge {}", self.name(r))).size(14))
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
                text("Game over").font(BLACK).size(32),
                lines,
                row![
                    button(text("Rematch").font(BLACK).size(18))
                        .padding([8, 24])
                        .style(theme::primary)
                        .on_press(Message::Rematch),
                    button(text("Leave").size(18))
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

pub fn ordinal(place: u8) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}
