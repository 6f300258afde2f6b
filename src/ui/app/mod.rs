//! The app: which screen shows, the player's preferences and profile, and
//! what the screens ask for (a new screen, a file saved, a sound played, a
//! network session). Each screen's action has one small function here.

mod keeper;
mod keys;
mod network;

pub use keeper::{Keeper, Written};

use crate::bots::Strategy;
use crate::fl;
use crate::ui::focus::Focus;
use crate::ui::i18n;
use crate::ui::palace::{self, Palace};
use crate::ui::prefs::Prefs;
use crate::ui::screen::game::{self, GameScreen};
use crate::ui::screen::setup::{self, SetupScreen, Sitter, TablePlan};
use crate::ui::screen::{history, home, how_to, joining, replay, settings, stats, waiting};
use crate::ui::{Opening, net, raster, sound, theme};
use iced::widget::{center, column, scrollable, stack, text};
use iced::{Element, Length, Subscription, Task, Theme, keyboard, task, time, window};
use network::Session;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

pub enum Screen {
    Home,
    Setup(SetupScreen),
    Game(Box<GameScreen>),
    HowTo(how_to::HowTo),
    Settings(settings::SettingsScreen),
    History(history::History),
    Replay(Box<replay::Replay>),
    Stats(stats::StatsScreen),
    /// Hosting: friends join.
    Waiting(waiting::WaitingRoom),
    Joining(joining::Joining),
}

pub struct App {
    pub screen: Screen,
    pub prefs: Prefs,
    theme: Theme,
    palace: palace::Painted,
    started: Instant,
    now: Instant,
    /// Where the profile, saved games and history live; none in tests and
    /// when the platform has no home folder (then nothing is written).
    home: Option<crate::profile::Home>,
    /// Files that were moved aside or could not be written, for the player.
    notices: Vec<String>,
    /// Whether the profile holds a game to resume (checked on the way home).
    resumable: bool,
    /// Whether the profile holds a networked game under way (likewise).
    networked: bool,
    /// The player asked for a new game while one waits to resume: home
    /// warns that it replaces the saved one.
    replacing: bool,
    /// Where the keyboard is on the home screen (each other screen keeps
    /// its own, so a screen opens with none).
    home_focus: Focus,
    /// The game screen's saves, written in order.
    pub keeper: Keeper,
    /// The sound effects' way out; none in tests (they stay silent).
    pub(crate) speaker: Option<sound::Speaker>,
    /// With `LUDOPIA_FRAME_STATS` set: frames drawn so far, and when the
    /// count was last printed (the window test divides CPU time by it).
    pub(crate) frames: Option<(u64, Instant)>,
    session: Option<Session>,
    /// The LAN lobby's network, while the join screen lists tables.
    browsing: Option<task::Handle>,
    /// The turn a person here was last asked to take (seat and log head).
    awaited: Option<(crate::rules::Seat, u64)>,
    /// An invite link that arrived during a game under way, while the game
    /// asks whether to leave it.
    invite: Option<crate::net::Ticket>,
}

// Moved once from producer to consumer; boxing the large variant would
// only add an allocation per message.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Message {
    Home(home::Message),
    Setup(setup::Message),
    Game(game::Message),
    HowTo(how_to::Message),
    Settings(settings::Message),
    History(history::Message),
    Replay(replay::Message),
    Stats(stats::Message),
    Waiting(waiting::Message),
    Joining(joining::Message),
    /// What a network driver or the LAN lobby reports.
    Net(net::Report),
    /// A save the game screen asked for finished.
    Written(Written),
    /// The frame clock, while something animates.
    Frame(Instant),
    /// The window's scale factor, at its opening and when it changes.
    Scale(f32),
    /// The size of the monitor the window opened on.
    Monitor(window::Id, Option<iced::Size>),
    Key(keyboard::Event),
    /// An invite link opened while the window is up (ui/handover.rs).
    Invited(crate::net::Ticket),
}

/// How often a bouncing pawn is drawn again.
const PULSE_STEP: Duration = Duration::from_millis(80);

/// Fresh random bytes for a new table (its dice chains, keys and nonce).
fn entropy() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness: the clock is a poor but honest fallback, and the
        // other seats' chains still keep the dice unpredictable.
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        bytes = crate::fair::tagged(crate::fair::hash::TAG_CLOCK, &[&nanos.to_be_bytes()]).0;
    }
    bytes
}

impl App {
    pub fn new(prefs: Prefs, opening: Opening, now: Instant) -> App {
        let mut app = App {
            screen: Screen::Home,
            prefs,
            theme: theme::theme(),
            palace: palace::Painted::default(),
            started: now,
            now,
            home: None,
            notices: Vec::new(),
            resumable: false,
            networked: false,
            replacing: false,
            home_focus: Focus::default(),
            keeper: Keeper::default(),
            speaker: None,
            frames: None,
            session: None,
            browsing: None,
            awaited: None,
            invite: None,
        };
        let bot = Sitter::Bot(Strategy::Normal);
        let sitters = match opening {
            Opening::Home => None,
            Opening::Invite(ticket) => {
                // No profile yet: `with_home` starts the lobby.
                let _lobby = app.invited(&ticket);
                None
            }
            Opening::BotsTable => Some([bot; 4]),
            Opening::TwoBots => Some([bot, Sitter::Empty, bot, Sitter::Empty]),
        };
        if let Some(sitters) = sitters {
            let table = TablePlan { sitters, ..app.new_table() };
            // No profile yet, so nothing to save: `with_home` starts saving.
            let _nothing = app.start(table, now);
        }
        app
    }

    /// Keeps the profile in `home` and shows `notices` on the home screen.
    /// A game already opened (`LUDOPIA_TABLE=bots`) stays open and is
    /// saved: the task writes its first save. The join screen an invite
    /// link opened stays too, listing tables as it does when the player
    /// opens it: the task is the lobby's.
    pub fn with_home(
        mut self,
        home: Option<crate::profile::Home>,
        notices: Vec<String>,
    ) -> (App, Task<Message>) {
        self.home = home;
        self.notices = notices;
        let task = match std::mem::replace(&mut self.screen, Screen::Home) {
            Screen::Game(game) => self.play(*game),
            Screen::Joining(invited) => {
                let lobby = self.browse();
                self.screen = Screen::Joining(invited);
                lobby
            }
            _ => {
                self.go_home();
                Task::none()
            }
        };
        (self, task)
    }

    /// The join screen with `ticket` filled in, listing tables as the join
    /// screen does (the task is the lobby's): where an invite link opens
    /// the window, and where one arrives while it is open.
    fn invited(&mut self, ticket: &crate::net::Ticket) -> Task<Message> {
        self.go_home();
        let lobby = self.browse();
        if let Screen::Joining(joining) = &mut self.screen {
            joining.invite(ticket);
        }
        lobby
    }

    /// An invite link opened while the window is up: the join screen with
    /// it, and the window asks for the player's attention. A game under
    /// way asks first whether to leave it, as its Leave button does; "no"
    /// forgets the invite.
    fn invite_arrived(&mut self, ticket: crate::net::Ticket, now: Instant) -> Task<Message> {
        // The window test (tests/gui/inside-xvfb.sh) reads this line.
        tracing::info!("an invite link arrived from another ludopia: the join screen shows it");
        let ask = window::latest()
            .and_then(|id| window::request_user_attention(id, Some(window::UserAttention::Informational)));
        let task = match &mut self.screen {
            Screen::Game(game) => {
                let actions = game.update(game::Message::Leave, now);
                self.invite = Some(ticket);
                self.game_actions(actions, now)
            }
            _ => self.invited(&ticket),
        };
        Task::batch([task, ask])
    }

    /// Back to the home screen (leaving any network game); looks for a
    /// saved game to offer.
    fn go_home(&mut self) {
        self.screen = Screen::Home;
        self.replacing = false;
        self.session = None;
        self.browsing = None;
        self.resumable = match self.home.as_ref().map(crate::profile::Home::saved_game) {
            Some(Ok(saved)) => saved.is_some(),
            Some(Err(e)) => {
                self.notices.push(e.to_string());
                false
            }
            None => false,
        };
        self.networked = match self.home.as_ref().map(crate::profile::Home::net_game) {
            Some(Ok(saved)) => saved.is_some_and(|(_, log)| log.is_some()),
            Some(Err(e)) => {
                self.notices.push(e.to_string());
                false
            }
            None => false,
        };
    }

    /// Shows a game, saving it in the profile from now on.
    pub(super) fn play(&mut self, mut game: GameScreen) -> Task<Message> {
        game.sound_on = self.prefs.settings.sound.on;
        game.helpers = self.helpers();
        let first = if self.home.is_some() { game.start_keeping() } else { None };
        self.screen = Screen::Game(Box::new(game));
        self.game_actions(first.into_iter().collect(), self.now)
    }

    fn resume(&mut self, now: Instant) -> Task<Message> {
        let saved = match self.home.as_ref().map(crate::profile::Home::saved_game) {
            Some(Ok(Some(saved))) => saved,
            Some(Err(e)) => {
                self.notices.push(e.to_string());
                return Task::none();
            }
            Some(Ok(None)) | None => {
                self.go_home();
                return Task::none();
            }
        };
        match GameScreen::resume(saved, now) {
            Ok(game) => self.play(game),
            Err(e) => {
                self.notices.push(fl!("the-saved-game-cannot-resume", e = e));
                Task::none()
            }
        }
    }

    /// The finished games in the profile, with what went wrong reading them.
    fn finished(&mut self) -> (Vec<crate::profile::history::Finished>, String) {
        match self.home.as_ref().map(crate::profile::Home::history) {
            Some(Ok((games, kept))) => {
                (games, kept.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
            }
            Some(Err(e)) => (Vec::new(), e.to_string()),
            None => (Vec::new(), fl!("no-profile-folder-games-are").to_string()),
        }
    }

    /// A table against bots with the last table's house rules and the bots'
    /// speed from the settings.
    fn new_table(&self) -> TablePlan {
        let last = &self.prefs.settings;
        let mut table =
            TablePlan { bot_speed: self.prefs.bot_speed, ..TablePlan::against_bots(self.prefs.name.clone()) };
        if last.rules.validate().is_ok() {
            table.rules = last.rules;
        }
        table
    }

    fn save_prefs(&mut self) {
        if let Some(home) = &self.home
            && let Err(e) = self.prefs.save(home)
        {
            self.notices.push(fl!("not-saved-e", e = e));
        }
    }

    fn start(&mut self, table: TablePlan, now: Instant) -> Task<Message> {
        match GameScreen::new(table, entropy(), now) {
            Ok(game) => self.play(game),
            // The setup screen only starts valid tables; stay on home if not.
            Err(e) => {
                eprintln!("ludopia: the table cannot start: {e}");
                self.go_home();
                Task::none()
            }
        }
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        let before = std::mem::discriminant(&self.screen);
        let task = self.handle(message);
        if std::mem::discriminant(&self.screen) != before {
            self.home_focus.clear();
        }
        if self.attention() {
            let ask = window::latest().and_then(|id| {
                window::request_user_attention(id, Some(window::UserAttention::Informational))
            });
            return Task::batch([task, ask]);
        }
        task
    }

    /// Whether the window should ask for the player's attention now: a
    /// person at this computer is to act, and was not at the last update.
    /// (The request does nothing while the window is in front.)
    pub fn attention(&mut self) -> bool {
        let due = match &self.screen {
            Screen::Game(game) => game.awaits_you(),
            _ => None,
        };
        let ask = due.is_some() && due != self.awaited;
        self.awaited = due;
        ask
    }

    fn handle(&mut self, message: Message) -> Task<Message> {
        let now = match message {
            Message::Frame(at) => at,
            _ => Instant::now(),
        };
        self.now = now;
        match (message, &mut self.screen) {
            (Message::Frame(at), _) => self.frame(at),
            (Message::Scale(factor), _) => raster::set_scale(factor),
            (Message::Monitor(id, Some(monitor)), _) => {
                if let Some(size) = crate::ui::fitted(monitor) {
                    return window::resize(id, size);
                }
            }
            (Message::Monitor(_, None), _) => {}
            (Message::Key(keyboard::Event::KeyPressed { key, modifiers, .. }), _) => {
                return self.pressed(&key, modifiers);
            }
            (Message::Key(_), _) => {}
            (Message::Home(m), Screen::Home) => return self.home(m, now),
            (Message::History(m), Screen::History(h)) => match h.update(m) {
                history::Action::None => {}
                history::Action::Open(finished) => self.open_replay(&finished),
                history::Action::Back => self.go_home(),
            },
            (Message::Replay(m), Screen::Replay(r)) => {
                if let replay::Action::Back = r.update(m) {
                    self.open_history();
                }
            }
            (Message::Stats(stats::Message::Back), Screen::Stats(_)) => self.go_home(),
            (Message::Setup(m), Screen::Setup(s)) => match s.update(m) {
                setup::Action::None => {}
                setup::Action::Start(table) => {
                    let (preset, listed) = (s.preset, s.listed);
                    return self.start_table(table, preset, listed, now);
                }
                setup::Action::PresetsChanged(saved) => {
                    self.prefs.settings.saved_presets = saved;
                    self.save_prefs();
                }
                setup::Action::Back => self.screen = Screen::Home,
            },
            (Message::Game(m), Screen::Game(g)) => {
                let actions = g.update(m, now);
                let asking = g.confirming().is_some();
                let task = self.game_actions(actions, now);
                if !asking {
                    // The question an invite raised was answered "no".
                    self.invite = None;
                }
                return task;
            }
            (Message::HowTo(m), Screen::HowTo(h)) => {
                if let how_to::Action::Back = h.update(m) {
                    self.go_home();
                }
            }
            (Message::Settings(m), Screen::Settings(s)) => match s.update(m) {
                settings::Action::None => {}
                settings::Action::Changed(prefs) => self.apply_prefs(prefs),
                settings::Action::Save(prefs) => self.keep_prefs(&prefs),
                settings::Action::Back(kept) => {
                    self.apply_prefs(*kept);
                    self.go_home();
                }
            },
            (Message::Waiting(m), Screen::Waiting(w)) => match w.update(m) {
                waiting::Action::None => {}
                waiting::Action::Copy(text) => return iced::clipboard::write(text),
                waiting::Action::BotInstead(seat) => self.bot_instead(seat),
                waiting::Action::Cancel => self.go_home(),
            },
            (Message::Joining(m), Screen::Joining(j)) => match j.update(m) {
                joining::Action::None => {}
                joining::Action::Join(target, seat) => return self.join(target, seat),
                joining::Action::Watch(target) => return self.watch(target),
                joining::Action::Back => self.go_home(),
            },
            (Message::Net(report), _) => return self.network(report, now),
            (Message::Invited(ticket), _) => return self.invite_arrived(ticket, now),
            (Message::Written(written), _) => return self.written(written),
            // A message for a screen that has since closed.
            _ => {}
        }
        Task::none()
    }

    /// The frame clock: the game's animations advance (and, with
    /// `LUDOPIA_FRAME_STATS`, the frames drawn are counted each second).
    fn frame(&mut self, at: Instant) {
        if let Some((drawn, printed)) = &mut self.frames {
            *drawn += 1;
            if at.duration_since(*printed) >= Duration::from_secs(1) {
                eprintln!("frames {drawn}");
                *printed = at;
            }
        }
        if let Screen::Game(game) = &mut self.screen {
            game.tick(at);
        }
    }

    /// What the home screen's buttons do.
    fn home(&mut self, message: home::Message, now: Instant) -> Task<Message> {
        match message {
            home::Message::PlayHere if self.resumable && !self.replacing => self.replacing = true,
            home::Message::PlayHere => self.set_up_here(),
            home::Message::Host => self.set_up_hosted(),
            home::Message::Join => return self.browse(),
            home::Message::HowToPlay => {
                self.screen = Screen::HowTo(how_to::HowTo::new(crate::rules::Preset::Classic))
            }
            home::Message::Settings => {
                self.screen = Screen::Settings(settings::SettingsScreen::new(self.prefs.clone()))
            }
            home::Message::Resume => return self.resume(now),
            home::Message::ResumeNetwork => return self.resume_network(),
            home::Message::History => self.open_history(),
            home::Message::Stats => self.open_stats(),
        }
        Task::none()
    }

    /// The setup of a table at this computer, from the last table's rules.
    fn set_up_here(&mut self) {
        let preset = self.prefs.settings.preset;
        let saved = self.prefs.settings.saved_presets.clone();
        self.screen = Screen::Setup(SetupScreen { preset, ..SetupScreen::new(self.new_table(), saved) });
    }

    /// The setup of a hosted table: a friend across the table to begin
    /// with; the setup changes it.
    fn set_up_hosted(&mut self) {
        let mut table =
            TablePlan { bot_speed: self.prefs.bot_speed, ..TablePlan::against_bots(self.prefs.name.clone()) };
        table.sitters[2] = Sitter::Friend;
        self.screen = Screen::Setup(SetupScreen::new(table, self.prefs.settings.saved_presets.clone()));
    }

    fn open_history(&mut self) {
        let (games, status) = self.finished();
        self.screen = Screen::History(history::History::new(games, status));
    }

    fn open_stats(&mut self) {
        let (games, status) = self.finished();
        let summaries: Vec<_> = games.into_iter().map(|g| g.summary).collect();
        let stats = crate::profile::stats::Stats::of(&summaries);
        self.screen = Screen::Stats(stats::StatsScreen { stats, status, focus: Focus::default() });
    }

    fn open_replay(&mut self, finished: &crate::profile::history::Finished) {
        let opened =
            crate::profile::history::read_proof(&finished.proof).map_err(|e| e.to_string()).and_then(
                |proof| replay::Replay::new(&proof, finished.summary.names.clone(), finished.summary.me),
            );
        match (opened, &mut self.screen) {
            (Ok(mut r), _) => {
                r.marks = self.prefs.settings.pawn_marks;
                self.screen = Screen::Replay(Box::new(r))
            }
            (Err(e), Screen::History(h)) => h.status = fl!("cannot-open-the-game-e", e = e),
            (Err(_), _) => {}
        }
    }

    /// The setup's table starts: here, or hosted for friends. Its preset
    /// and house rules are the next table's defaults.
    fn start_table(
        &mut self,
        table: TablePlan,
        preset: crate::rules::Preset,
        listed: bool,
        now: Instant,
    ) -> Task<Message> {
        self.prefs.settings.preset = preset;
        self.prefs.settings.rules = table.rules;
        self.save_prefs();
        if table.is_hosted() { self.host(table, preset, listed) } else { self.start(table, now) }
    }

    /// What the game screen asks for.
    fn game_actions(&mut self, actions: Vec<game::Action>, now: Instant) -> Task<Message> {
        let mut tasks = Vec::new();
        for action in actions {
            match action {
                game::Action::Leave => match self.invite.take() {
                    Some(ticket) => tasks.push(self.invited(&ticket)),
                    None => self.go_home(),
                },
                game::Action::Rematch(table) => tasks.push(self.start(table, now)),
                game::Action::Sound(on) => {
                    self.prefs.settings.sound.on = on;
                    self.save_prefs();
                }
                game::Action::Play(cues) => self.play_sounds(cues),
                game::Action::Save(save) => tasks.push(self.save(save)),
            }
        }
        Task::batch(tasks)
    }

    fn play_sounds(&mut self, cues: Vec<sound::Cue>) {
        let sound = self.prefs.settings.sound;
        if let (Some(speaker), true) = (&mut self.speaker, sound.on) {
            speaker.play(cues, f32::from(sound.volume) / 100.0);
        }
    }

    /// The table helpers chosen in the settings.
    fn helpers(&self) -> game::Helpers {
        let s = &self.prefs.settings;
        game::Helpers {
            auto_move: s.auto_move,
            enter_moves_first: s.enter_moves_first,
            pawn_marks: s.pawn_marks,
            hints_with_people: s.hints_with_people,
        }
    }

    /// Settings changed: the language and the rest apply at once.
    fn apply_prefs(&mut self, prefs: Prefs) {
        i18n::set(i18n::Lang::chosen(prefs.settings.language.as_deref()));
        self.prefs = prefs;
    }

    /// Settings saved: the screen says whether they were.
    fn keep_prefs(&mut self, prefs: &Prefs) {
        let (status, saved) = match self.home.as_ref().map(|home| prefs.save(home)) {
            Some(Ok(())) => (fl!("saved").to_string(), true),
            Some(Err(e)) => (fl!("not-saved-e", e = e), false),
            None => (fl!("not-saved-no-profile-folder").to_string(), false),
        };
        if let Screen::Settings(s) = &mut self.screen {
            s.status = status;
            if saved {
                *s.kept = prefs.clone();
            }
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let backdrop = palace::view(
            &self.palace,
            Palace { sky: self.prefs.sky, elapsed: self.now.duration_since(self.started) },
        );
        let content: Element<'_, Message> = match &self.screen {
            Screen::Home => {
                let notices =
                    column(self.notices.iter().map(|n| text(n.as_str()).size(13).into())).spacing(4);
                // Scrolls where the window is too short for every button.
                center(
                    scrollable(
                        column![
                            home::view(
                                &self.prefs.name,
                                self.resumable,
                                self.networked,
                                self.replacing,
                                &self.home_focus,
                            )
                            .map(Message::Home),
                            notices
                        ]
                        .spacing(12),
                    )
                    .height(Length::Shrink),
                )
                .padding(8)
                .into()
            }
            Screen::Setup(s) => center(s.view().map(Message::Setup)).padding(20).into(),
            Screen::Game(g) => g.view().map(Message::Game),
            Screen::HowTo(h) => center(h.view().map(Message::HowTo)).padding(20).into(),
            Screen::Settings(s) => center(s.view().map(Message::Settings)).padding(20).into(),
            Screen::History(h) => center(h.view().map(Message::History)).padding(20).into(),
            Screen::Replay(r) => r.view(self.now).map(Message::Replay),
            Screen::Stats(s) => center(s.view().map(Message::Stats)).padding(20).into(),
            Screen::Waiting(w) => center(w.view().map(Message::Waiting)).padding(20).into(),
            Screen::Joining(j) => center(j.view().map(Message::Joining)).padding(20).into(),
        };
        stack![backdrop, content].into()
    }

    pub fn subscription(&self) -> Subscription<Message> {
        let rescaled = iced::event::listen_with(|event, _, _| match event {
            iced::Event::Window(window::Event::Rescaled(factor)) => Some(Message::Scale(factor)),
            _ => None,
        });
        let mut subs = vec![keyboard::listen().map(Message::Key), rescaled];
        if let Screen::Game(game) = &self.screen {
            if game.is_pulsing() {
                // Movable pawns bounce: a slow clock, not every frame.
                subs.push(time::every(PULSE_STEP).map(Message::Frame));
            }
            if game.is_animating() {
                subs.push(window::frames().map(Message::Frame));
            } else if let Some(wait) = game.next_wake() {
                // Wake when the table has something to do (a bot, a timer)
                // or a reaction comes down, and each second while a turn
                // timer counts down.
                let wait = if game.countdown().is_some() { wait.min(Duration::from_secs(1)) } else { wait };
                let wait = wait.max(Duration::from_millis(20));
                subs.push(time::every(wait).map(|_| Message::Game(game::Message::Tick)));
            }
        }
        Subscription::batch(subs)
    }

    pub fn theme(&self) -> Theme {
        self.theme.clone()
    }
}
