//! The window, in iced: the screens, the board canvas, animation and the
//! palace scene. With `net`, the only part that touches windows, threads and
//! the clock; it holds no game logic: it draws `rules::Game` and sends
//! intents (DESIGN.md).
//!
//! `LUDOPIA_RENDERER=software` (or the setting) draws with tiny-skia on the
//! CPU. `LUDOPIA_TABLE=bots` opens straight onto a game of four bots (demos
//! and the window test in tests/gui/).

pub mod board;
mod die;
pub mod motion;
pub mod palace;
mod prefs;
pub mod raster;
pub mod screen;
pub mod theme;

use crate::bots::Strategy;
use iced::widget::{center, stack};
use iced::{Element, Size, Subscription, Task, Theme, keyboard, time, window};
use palace::Palace;
pub use prefs::{Prefs, PrefsError};
use screen::game::{self, GameScreen};
use screen::setup::{self, Setup, Sitter, Table};
use screen::{home, how_to, settings};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Opens the window and runs until it is closed.
pub fn run() -> iced::Result {
    let prefs = Prefs::load().unwrap_or_else(|e| {
        eprintln!("ludopia: settings not read ({e}); using defaults");
        Prefs::default()
    });
    if std::env::var("LUDOPIA_RENDERER").is_ok_and(|v| v == "software") || prefs.software_renderer {
        // SAFETY: called at start-up from `main`, before iced or anything
        // else has started a thread that could read the environment.
        unsafe { std::env::set_var("ICED_BACKEND", "tiny-skia") };
    }
    let opening = match std::env::var("LUDOPIA_TABLE").as_deref() {
        Ok("bots") => Opening::BotsTable,
        _ => Opening::Home,
    };
    let mut app =
        iced::application(move || App::new(prefs.clone(), opening, Instant::now()), App::update, App::view)
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
}

pub enum Screen {
    Home,
    Setup(Setup),
    Game(Box<GameScreen>),
    HowTo(how_to::HowTo),
    Settings(settings::Settings),
}

pub struct App {
    pub screen: Screen,
    pub prefs: Prefs,
    theme: Theme,
    palace: palace::Painted,
    started: Instant,
    now: Instant,
}

#[derive(Debug, Clone)]
pub enum Message {
    Home(home::Message),
    Setup(setup::Message),
    Game(game::Message),
    HowTo(how_to::Message),
    Settings(settings::Message),
    /// The frame clock, while something animates.
    Frame(Instant),
    Key(keyboard::Event),
}

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
            palace: palace::Painted::new(palace::DENSITY),
            started: now,
            now,
        };
        if opening == Opening::BotsTable {
            let table = Table {
                sitters: [Sitter::Bot(Strategy::Normal); 4],
                bot_speed: app.prefs.bot_speed,
                ..Table::against_bots(app.prefs.name.clone())
            };
            app.start(table, now);
        }
        app
    }

    fn start(&mut self, table: Table, now: Instant) {
        match GameScreen::new(table, entropy(), now) {
            Ok(game) => self.screen = Screen::Game(Box::new(game)),
            // The setup screen only starts valid tables; stay on home if not.
            Err(e) => {
                eprintln!("ludopia: the table cannot start: {e}");
                self.screen = Screen::Home;
            }
        }
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        let now = match message {
            Message::Frame(at) => at,
            _ => Instant::now(),
        };
        self.now = now;
        match (message, &mut self.screen) {
            (Message::Frame(at), Screen::Game(game)) => game.tick(at),
            (Message::Frame(_), _) => {}
            (Message::Key(keyboard::Event::KeyPressed { key, .. }), Screen::Game(game)) => {
                if let Some(m) = game.key(&key) {
                    return self.update(Message::Game(m));
                }
            }
            (Message::Key(_), _) => {}
            (Message::Home(m), Screen::Home) => match home::update(m) {
                home::Action::PlayHere => {
                    let table = Table {
                        bot_speed: self.prefs.bot_speed,
                        ..Table::against_bots(self.prefs.name.clone())
                    };
                    self.screen = Screen::Setup(Setup::new(table))
                }
                home::Action::HowToPlay => {
                    self.screen = Screen::HowTo(how_to::HowTo { preset: crate::rules::Preset::Classic })
                }
                home::Action::Settings => {
                    self.screen = Screen::Settings(settings::Settings::new(self.prefs.clone()))
                }
            },
            (Message::Setup(m), Screen::Setup(s)) => match s.update(m) {
                setup::Action::None => {}
                setup::Action::Start(table) => self.start(table, now),
                setup::Action::Back => self.screen = Screen::Home,
            },
            (Message::Game(m), Screen::Game(g)) => match g.update(m, now) {
                game::Action::None => {}
                game::Action::Leave => self.screen = Screen::Home,
                game::Action::Rematch(table) => self.start(table, now),
            },
            (Message::HowTo(m), Screen::HowTo(h)) => {
                if let how_to::Action::Back = h.update(m) {
                    self.screen = Screen::Home;
                }
            }
            (Message::Settings(m), Screen::Settings(s)) => match s.update(m) {
                settings::Action::None => {}
                settings::Action::Changed(prefs) => {
                    self.prefs = prefs;
                }
                settings::Action::Save(prefs) => {
                    s.status = match prefs.save() {
                        Ok(()) => "Saved.".to_string(),
                        Err(e) => format!("Not saved: {e}"),
                    };
                }
                settings::Action::Back => self.screen = Screen::Home,
            },
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
            Screen::Home => center(home::view(&self.prefs.name).map(Message::Home)).into(),
            Screen::Setup(s) => center(s.view().map(Message::Setup)).padding(20).into(),
            Screen::Game(g) => g.view().map(Message::Game),
            Screen::HowTo(h) => center(h.view().map(Message::HowTo)).padding(20).into(),
            Screen::Settings(s) => center(s.view().map(Message::Settings)).padding(20).into(),
        };
        stack![backdrop, content].into()
    }

    pub fn subscription(&self) -> Subscription<Message> {
        let mut subs = vec![keyboard::listen().map(Message::Key)];
        if let Screen::Game(game) = &self.screen {
            if game.is_animating() {
                subs.push(window::frames().map(Message::Frame));
            } else if let Some(wait) = game.next_deadline() {
                // Wake when the table has something to do (a bot, a timer),
                // and each second while a turn timer counts down.
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
