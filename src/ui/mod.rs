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

mod app;
pub mod board;
mod die;
mod emote;
pub mod i18n;
mod identity;
pub mod motion;
mod narrate;
pub mod net;
pub mod palace;
mod prefs;
pub mod raster;
pub mod screen;
pub mod sound;
pub mod theme;

pub use app::{App, Keeper, Message, Screen, Written};
pub use prefs::{Prefs, PrefsError};

use iced::{Size, window};
use std::time::Instant;

/// Opens the window and runs until it is closed; at the join screen with
/// `invite` filled in when the window was opened by an invite link.
pub fn run(invite: Option<crate::net::Ticket>) -> iced::Result {
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
    let opening = match (invite, std::env::var("LUDOPIA_TABLE").as_deref()) {
        (Some(ticket), _) => Opening::Invite(ticket),
        (None, Ok("bots")) => Opening::BotsTable,
        (None, Ok("bots:2")) => Opening::TwoBots,
        (None, _) => Opening::Home,
    };
    let mut app = iced::application(
        move || {
            let (mut app, saving) = App::new(prefs.clone(), opening.clone(), Instant::now())
                .with_home(home.clone(), notices.clone());
            app.frames = std::env::var_os("LUDOPIA_FRAME_STATS").map(|_| (0, Instant::now()));
            app.speaker = Some(sound::Speaker::default());
            let scale = window::latest().and_then(window::scale_factor).map(Message::Scale);
            (app, iced::Task::batch([saving, scale]))
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
        icon: identity::icon(),
        platform_specific: identity::platform(),
        ..window::Settings::default()
    });
    for font in theme::FONTS {
        app = app.font(font);
    }
    app.run()
}

/// Where the app opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    Home,
    /// The join screen with this invite filled in (`ludopia LINK`).
    Invite(crate::net::Ticket),
    /// A game of four Normal bots, to watch.
    BotsTable,
    /// Two bots face to face (the window test plays a whole game).
    TwoBots,
}
