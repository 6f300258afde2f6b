//! The window, in iced: the screens, the board canvas, animation and the
//! palace scene. With `net`, the only part that touches windows, threads and
//! the clock; it holds no game logic: it draws `rules::Game` and sends
//! intents (DESIGN.md).
//!
//! `LUDOPIA_RENDERER=software` (or the setting) draws with tiny-skia on the
//! CPU. `LUDOPIA_TABLE=bots` (or `bots:2`) opens straight onto a game of
//! four (two) bots with the last table's rules (demos and the window test
//! in tests/gui/);
//! `LUDOPIA_FRAME_STATS=1` prints the count of frames drawn each second.

pub mod board;
mod die;
mod emote;
pub mod i18n;
pub mod motion;
mod narrate;
pub mod net;
pub mod palace;
mod prefs;
pub mod raster;
pub mod screen;
pub mod sound;
pub mod theme;

use crate::bots::Strategy;
use crate::ui::i18n::t;
use iced::widget::{center, column, stack, text};
use iced::{Element, Size, Subscription, Task, Theme, keyboard, task, time, window};
use palace::Palace;
pub use prefs::{Prefs, PrefsError};
use screen::game::{self, GameScreen};
use screen::lobby::{self, Joining, WaitingRoom};
use screen::setup::{self, Setup, Sitter, Table};
use screen::{history, home, how_to, replay, settings, stats};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Opens the window and runs until it is closed.
pub fn run() -> iced::Result {
    let home = crate::profile::Home::from_env();
    let loaded = match &home {
        Ok(home) => {
            Prefs::load(home).map_err(|e| crate::t!("Settings not read ({e}); defaults are used.", e = e))
        }
        Err(e) => Err(format!("{e}; nothing is saved.")),
    };
    let (prefs, notices): (Prefs, Vec<String>) = match loaded {
        Ok((prefs, notices)) => (prefs, notices.iter().map(ToString::to_string).collect()),
        Err(e) => (Prefs::default(), vec![e]),
    };
    let home = home.ok();
    i18n::set(i18n::Lang::chosen(prefs.settings.language.as_deref()));
    if std::env::var("LUDOPIA_RENDERER").is_ok_and(|v| v == "software") || prefs.software_renderer {
        // SAFETY: called at start-up from `main`, before iced or anything
        // else has started a thread that could read the environment.
        unsafe { std::env::set_var("ICED_BACKEND", "tiny-skia") };
    }
    let opening = match std::env::var("LUDOPIA_TABLE").as_deref() {
        Ok("bots") => Opening::BotsTable,
        Ok("bots:2") => Opening::TwoBots,
        _ => Opening::Home,
    };
    let mut app = iced::application(
        move || {
            let app =
                App::new(prefs.clone(), opening, Instant::now()).with_home(home.clone(), notices.clone());
            let frames = std::env::var_os("LUDOPIA_FRAME_STATS").map(|_| (0, Instant::now()));
            let scale = window::latest().and_then(window::scale_factor).map(Message::Scale);
            (App { speaker: Some(sound::Speaker::default()), frames, ..app }, scale)
        },
        App::update,
        App::view,
    )
    .title("Ludopia")
    .subscription(App::subscription)
    .theme(App::theme)
    .default_font(theme::FONT)
    .antialiasing(true)
    .window(window::Settings {
        size: Size::new(1280.0, 820.0),
        min_size: Some(Size::new(960.0, 660.0)),
        ..window::Settings::default()
    });
    for font in theme::FONTS {
        app = app.font(font);
    }
    app.run()
}

/// Where the app opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    Home,
    /// A game of four Normal bots, to watch.
    BotsTable,
    /// Two bots face to face (the window test plays a whole game).
    TwoBots,
}

pub enum Screen {
    Home,
    Setup(Setup),
    Game(Box<GameScreen>),
    HowTo(how_to::HowTo),
    Settings(settings::Settings),
    History(history::History),
    Replay(Box<replay::Replay>),
    Stats(stats::StatsScreen),
    /// Hosting: friends join.
    Waiting(WaitingRoom),
    Joining(Joining),
}

/// A network game under way, from the waiting room or the join screen on.
struct Session {
    /// Stops the driver (and its network) when dropped.
    _driver: task::Handle,
    /// This computer's acts, until the game screen takes them.
    acts: Option<tokio::sync::mpsc::UnboundedSender<crate::net::play::Deed>>,
    /// The seat this computer's person plays (a guest learns it on joining).
    seat: Option<crate::rules::Seat>,
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
    /// The sound effects' way out; none in tests (they stay silent).
    speaker: Option<sound::Speaker>,
    /// With `LUDOPIA_FRAME_STATS` set: frames drawn so far, and when the
    /// count was last printed (the window test divides CPU time by it).
    frames: Option<(u64, Instant)>,
    session: Option<Session>,
    /// The LAN lobby's network, while the join screen lists tables.
    browsing: Option<task::Handle>,
}

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
    Waiting(lobby::WaitingMessage),
    Joining(lobby::JoinMessage),
    /// What a network driver or the LAN lobby reports.
    Net(net::Report),
    /// The frame clock, while something animates.
    Frame(Instant),
    /// The window's scale factor, at its opening and when it changes.
    Scale(f32),
    Key(keyboard::Event),
}

/// How long a guest looks for its table before it says it cannot reach it.
const REACH_WITHIN: Duration = Duration::from_secs(20);

/// Fresh random bytes for a new table (its dice chains, keys and nonce).
fn entropy() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness: the clock is a poor but honest fallback, and the
        // other seats' chains still keep the dice unpredictable.
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        bytes = crate::fair::tagged("ludopia/ui/clock", &[&nanos.to_be_bytes()]).0;
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
            speaker: None,
            frames: None,
            session: None,
            browsing: None,
        };
        let bot = Sitter::Bot(Strategy::Normal);
        let sitters = match opening {
            Opening::Home => None,
            Opening::BotsTable => Some([bot; 4]),
            Opening::TwoBots => Some([bot, Sitter::Empty, bot, Sitter::Empty]),
        };
        if let Some(sitters) = sitters {
            let table = Table { sitters, ..app.new_table() };
            app.start(table, now);
        }
        app
    }

    /// Keeps the profile in `home` and shows `notices` on the home screen.
    /// A game already opened (`LUDOPIA_TABLE=bots`) stays open and is saved.
    pub fn with_home(mut self, home: Option<crate::profile::Home>, notices: Vec<String>) -> App {
        self.home = home;
        self.notices = notices;
        match std::mem::replace(&mut self.screen, Screen::Home) {
            Screen::Game(game) => self.play(*game),
            _ => self.go_home(),
        }
        self
    }

    /// Back to the home screen (leaving any network game); looks for a
    /// saved game to offer.
    fn go_home(&mut self) {
        self.screen = Screen::Home;
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
    }

    /// Shows a game, saving it in the profile from now on.
    fn play(&mut self, mut game: GameScreen) {
        game.sound_on = self.prefs.settings.sound.on;
        if let Some(home) = &self.home {
            if let Err(e) = game.keep_in(home.clone()) {
                self.notices.push(crate::t!("This game is not saved: {e}", e = e));
            }
        }
        self.screen = Screen::Game(Box::new(game));
    }

    fn resume(&mut self, now: Instant) {
        let saved = match self.home.as_ref().map(crate::profile::Home::saved_game) {
            Some(Ok(Some(saved))) => saved,
            Some(Err(e)) => return self.notices.push(e.to_string()),
            Some(Ok(None)) | None => return self.go_home(),
        };
        match GameScreen::resume(saved, now) {
            Ok(game) => self.play(game),
            Err(e) => self.notices.push(crate::t!("The saved game cannot resume: {e}", e = e)),
        }
    }

    /// The finished games in the profile, with what went wrong reading them.
    fn finished(&mut self) -> (Vec<crate::profile::history::Finished>, String) {
        match self.home.as_ref().map(crate::profile::Home::history) {
            Some(Ok((games, kept))) => {
                (games, kept.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
            }
            Some(Err(e)) => (Vec::new(), e.to_string()),
            None => (Vec::new(), t("No profile folder: games are not kept.").to_string()),
        }
    }

    /// A table against bots with the last table's house rules and the bots'
    /// speed from the settings.
    fn new_table(&self) -> Table {
        let last = &self.prefs.settings;
        let mut table =
            Table { bot_speed: self.prefs.bot_speed, ..Table::against_bots(self.prefs.name.clone()) };
        if last.rules.validate().is_ok() {
            table.rules = last.rules;
        }
        table
    }

    /// Keeps the preset and house rules as the next table's defaults.
    fn remember_table(&mut self, preset: crate::rules::Preset, rules: crate::rules::Rules) {
        self.prefs.settings.preset = preset;
        self.prefs.settings.rules = rules;
        self.save_prefs();
    }

    fn save_prefs(&mut self) {
        if let Some(home) = &self.home
            && let Err(e) = self.prefs.save(home)
        {
            self.notices.push(crate::t!("Not saved: {e}", e = e));
        }
    }

    fn start(&mut self, table: Table, now: Instant) {
        match GameScreen::new(table, entropy(), now) {
            Ok(game) => self.play(game),
            // The setup screen only starts valid tables; stay on home if not.
            Err(e) => {
                eprintln!("ludopia: the table cannot start: {e}");
                self.go_home();
            }
        }
    }

    /// This player's network node: the profile's key (a fresh one without
    /// a profile) and the relays from the settings.
    fn node(&self) -> crate::net::NodeConfig {
        let keypair = self.home.as_ref().and_then(|h| h.keypair().ok());
        net::node(
            keypair.unwrap_or_else(libp2p::identity::Keypair::generate_ed25519),
            &self.prefs.settings.relays,
        )
    }

    /// Runs a network driver for this window, until the session ends.
    fn drive(
        &mut self,
        stream: impl futures::Stream<Item = net::Report> + Send + 'static,
        acts: tokio::sync::mpsc::UnboundedSender<crate::net::play::Deed>,
        seat: Option<crate::rules::Seat>,
    ) -> Task<Message> {
        let (task, handle) = Task::run(stream, Message::Net).abortable();
        self.session = Some(Session { _driver: handle.abort_on_drop(), acts: Some(acts), seat });
        task
    }

    /// Opens a table with friends' seats: the waiting room, then the game.
    fn host(&mut self, table: Table, preset: crate::rules::Preset, listed: bool) -> Task<Message> {
        let (acts, acts_in) = tokio::sync::mpsc::unbounded_channel();
        let seat = crate::rules::Seat::ALL.into_iter().find(|s| table.sitters[s.index()] == Sitter::Person);
        let plan = crate::net::play::HostPlan {
            preset,
            rules: table.rules,
            seats: table.controls(),
            name: table.name.clone(),
            listed,
            timing: table.timing(),
            code: crate::net::RoomCode::random(),
            node: self.node(),
            entropy: entropy(),
            acts: Some(acts_in),
        };
        self.screen = Screen::Waiting(WaitingRoom::new(table));
        self.drive(net::host(plan), acts, seat)
    }

    /// Joins a table: the join screen says how it goes, then the game.
    fn join(&mut self, target: crate::net::play::Target) -> Task<Message> {
        self.browsing = None;
        let (acts, acts_in) = tokio::sync::mpsc::unbounded_channel();
        let plan = crate::net::play::JoinPlan {
            target,
            player: crate::net::play::Player::Person(acts_in),
            node: self.node(),
            secret: entropy(),
            reach_within: REACH_WITHIN,
        };
        self.drive(net::join(plan), acts, None)
    }

    /// What the network reports, for the screen it concerns.
    fn network(&mut self, report: net::Report, now: Instant) {
        use crate::net::play::Line;
        match (report, &mut self.screen) {
            (net::Report::Line(Line::Listening { code, ticket }), Screen::Waiting(w)) => {
                w.listening(code, ticket)
            }
            (net::Report::Line(Line::Joined { seat, .. }), Screen::Waiting(w)) => w.seated(seat, true),
            (net::Report::Line(Line::Left { seat, .. }), Screen::Waiting(w)) => w.seated(seat, false),
            (net::Report::Line(Line::Joined { seat, .. }), Screen::Joining(_)) => {
                if let Some(session) = &mut self.session {
                    session.seat = crate::rules::Seat::ALL.get(usize::from(seat)).copied();
                }
            }
            (net::Report::Line(Line::Sealed { genesis }), Screen::Waiting(_) | Screen::Joining(_)) => {
                let taken = self.session.as_mut().and_then(|s| Some((s.acts.take()?, s.seat?)));
                let opened = taken
                    .ok_or_else(|| t("this computer holds no seat at the table").to_string())
                    .and_then(|(acts, seat)| {
                        GameScreen::networked(self.prefs.name.clone(), genesis, seat, acts, now)
                            .map_err(|e| e.to_string())
                    });
                match (opened, &mut self.screen) {
                    (Ok(game), _) => self.screen = Screen::Game(Box::new(game)),
                    (Err(why), Screen::Waiting(w)) => w.problem = Some(why),
                    (Err(why), Screen::Joining(j)) => j.failed(&why),
                    (Err(_), _) => {}
                }
            }
            (net::Report::Line(Line::Entry { signed, .. }), Screen::Game(g)) => g.receive(signed),
            (net::Report::Line(Line::Reaction { seat, reaction, .. }), Screen::Game(g)) => {
                g.heard(seat, reaction, now)
            }
            (net::Report::Ended(Err(why)), screen) => {
                match screen {
                    Screen::Waiting(w) => w.problem = Some(why.0),
                    Screen::Joining(j) => j.failed(&why.0),
                    Screen::Game(g) => g.disconnected(&why.0),
                    _ => {}
                }
                self.session = None;
            }
            (net::Report::Ended(Ok(_)), _) => self.session = None,
            (net::Report::TableFound(peer, info, ticket), Screen::Joining(j)) => j.found(peer, info, ticket),
            (net::Report::TableGone(peer), Screen::Joining(j)) => j.gone(peer),
            (net::Report::LobbyFailed(why), Screen::Joining(j)) => {
                j.status = Some(crate::t!("This network cannot be searched: {why}.", why = why))
            }
            // A report for a screen that has since closed.
            _ => {}
        }
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        let task = self.handle(message);
        if let Screen::Game(game) = &mut self.screen {
            let cues = game.take_cues();
            let sound = self.prefs.settings.sound;
            if let (Some(speaker), true) = (&mut self.speaker, sound.on) {
                speaker.play(cues, f32::from(sound.volume) / 100.0);
            }
        }
        task
    }

    fn handle(&mut self, message: Message) -> Task<Message> {
        let now = match message {
            Message::Frame(at) => at,
            _ => Instant::now(),
        };
        if let (Message::Frame(at), Some((drawn, printed))) = (&message, &mut self.frames) {
            *drawn += 1;
            if at.duration_since(*printed) >= Duration::from_secs(1) {
                eprintln!("frames {drawn}");
                *printed = *at;
            }
        }
        self.now = now;
        match (message, &mut self.screen) {
            (Message::Frame(at), Screen::Game(game)) => game.tick(at),
            (Message::Frame(_), _) => {}
            (Message::Scale(factor), _) => raster::set_scale(factor),
            (Message::Key(keyboard::Event::KeyPressed { key, .. }), Screen::Game(game)) => {
                if let Some(m) = game.key(&key) {
                    return self.handle(Message::Game(m));
                }
            }
            (Message::Key(_), _) => {}
            (Message::Home(m), Screen::Home) => match home::update(m) {
                home::Action::PlayHere => {
                    let preset = self.prefs.settings.preset;
                    self.screen = Screen::Setup(Setup { preset, ..Setup::new(self.new_table()) })
                }
                home::Action::Host => {
                    // A friend across the table to begin with; the setup changes it.
                    let mut table = Table {
                        bot_speed: self.prefs.bot_speed,
                        ..Table::against_bots(self.prefs.name.clone())
                    };
                    table.sitters[2] = Sitter::Friend;
                    self.screen = Screen::Setup(Setup::new(table))
                }
                home::Action::Join => {
                    self.screen = Screen::Joining(Joining::default());
                    let (task, handle) =
                        Task::run(net::browse(&self.prefs.settings.relays), Message::Net).abortable();
                    self.browsing = Some(handle.abort_on_drop());
                    return task;
                }
                home::Action::HowToPlay => {
                    self.screen = Screen::HowTo(how_to::HowTo { preset: crate::rules::Preset::Classic })
                }
                home::Action::Settings => {
                    self.screen = Screen::Settings(settings::Settings::new(self.prefs.clone()))
                }
                home::Action::Resume => self.resume(now),
                home::Action::History => {
                    let (games, status) = self.finished();
                    self.screen = Screen::History(history::History { games, status });
                }
                home::Action::Stats => {
                    let (games, status) = self.finished();
                    let summaries: Vec<_> = games.into_iter().map(|g| g.summary).collect();
                    let stats = crate::profile::stats::Stats::of(&summaries);
                    self.screen = Screen::Stats(stats::StatsScreen { stats, status });
                }
            },
            (Message::History(m), Screen::History(h)) => match h.update(m) {
                history::Action::None => {}
                history::Action::Open(finished) => {
                    let opened = crate::profile::history::read_proof(&finished.proof)
                        .map_err(|e| e.to_string())
                        .and_then(|proof| replay::Replay::new(&proof, finished.summary.names.clone()));
                    match opened {
                        Ok(r) => self.screen = Screen::Replay(Box::new(r)),
                        Err(e) => h.status = crate::t!("Cannot open the game: {e}", e = e),
                    }
                }
                history::Action::Back => self.go_home(),
            },
            (Message::Replay(m), Screen::Replay(r)) => {
                if let replay::Action::Back = r.update(m) {
                    let (games, status) = self.finished();
                    self.screen = Screen::History(history::History { games, status });
                }
            }
            (Message::Stats(stats::Message::Back), Screen::Stats(_)) => self.go_home(),
            (Message::Setup(m), Screen::Setup(s)) => match s.update(m) {
                setup::Action::None => {}
                setup::Action::Start(table) => {
                    let (preset, listed) = (s.preset, s.listed);
                    self.remember_table(preset, table.rules);
                    if table.is_hosted() {
                        return self.host(table, preset, listed);
                    }
                    self.start(table, now)
                }
                setup::Action::Back => self.screen = Screen::Home,
            },
            (Message::Game(m), Screen::Game(g)) => match g.update(m, now) {
                game::Action::None => {}
                game::Action::Leave => self.go_home(),
                game::Action::Rematch(table) => self.start(table, now),
                game::Action::Sound(on) => {
                    self.prefs.settings.sound.on = on;
                    self.save_prefs();
                }
            },
            (Message::HowTo(m), Screen::HowTo(h)) => {
                if let how_to::Action::Back = h.update(m) {
                    self.go_home();
                }
            }
            (Message::Settings(m), Screen::Settings(s)) => match s.update(m) {
                settings::Action::None => {}
                settings::Action::Changed(prefs) => {
                    i18n::set(i18n::Lang::chosen(prefs.settings.language.as_deref()));
                    self.prefs = prefs;
                }
                settings::Action::Save(prefs) => {
                    s.status = match self.home.as_ref().map(|home| prefs.save(home)) {
                        Some(Ok(())) => t("Saved.").to_string(),
                        Some(Err(e)) => crate::t!("Not saved: {e}", e = e),
                        None => t("Not saved: no profile folder.").to_string(),
                    };
                }
                settings::Action::Back => self.go_home(),
            },
            (Message::Waiting(m), Screen::Waiting(w)) => match w.update(m) {
                lobby::WaitingAction::None => {}
                lobby::WaitingAction::Copy(text) => return iced::clipboard::write(text),
                lobby::WaitingAction::Cancel => self.go_home(),
            },
            (Message::Joining(m), Screen::Joining(j)) => match j.update(m) {
                lobby::JoinAction::None => {}
                lobby::JoinAction::Join(target) => return self.join(target),
                lobby::JoinAction::Back => self.go_home(),
            },
            (Message::Net(report), _) => self.network(report, now),
            // A message for a screen that has since closed.
            _ => {}
        }
        Task::none()
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
                center(
                    column![home::view(&self.prefs.name, self.resumable).map(Message::Home), notices]
                        .spacing(12),
                )
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
