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
pub mod driver;
mod emote;
pub mod focus;
pub mod handover;
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
mod words;

pub use app::{App, Keeper, Message, Screen, Written};
pub use prefs::{Prefs, PrefsError};

use iced::{Size, window};
use std::time::Instant;

/// Opens the window and runs until it is closed; at the join screen with
/// `invite` filled in when the window was opened by an invite link.
pub fn run(invite: Option<crate::net::Ticket>) -> Result<(), String> {
    let home = crate::profile::Home::from_env();
    let loaded = match &home {
        Ok(home) => Prefs::load(home).map_err(|e| crate::fl!("settings-not-read-e-defaults", e = e)),
        Err(e) => Err(format!("{e}; nothing is saved.")),
    };
    let (prefs, notices): (Prefs, Vec<String>) = match loaded {
        Ok((prefs, notices)) => (prefs, notices.iter().map(words::notice).collect()),
        Err(e) => (Prefs::default(), vec![e]),
    };
    let home = home.ok();
    i18n::set(i18n::Lang::chosen(prefs.settings.language.as_deref()));
    if std::env::var("LUDOPIA_RENDERER").is_ok_and(|v| v == "software") || prefs.software_renderer {
        // SAFETY: called at start-up from `main`, before iced or anything
        // else has started a thread that could read the environment.
        unsafe { std::env::set_var("ICED_BACKEND", "tiny-skia") };
    }
    // Invite links opened while the window is up come here (handover.rs).
    let listener = home.as_ref().and_then(|home| {
        handover::Listener::open(home.data_dir())
            .map_err(|e| tracing::warn!("invite links will open another window: {e}"))
            .ok()
    });
    let (invites, invited) = futures::channel::mpsc::unbounded();
    let _channel = listener.and_then(|listener| {
        listener
            .serve(move |ticket| invites.unbounded_send(ticket).is_ok())
            .map_err(|e| tracing::warn!("invite links will open another window: {e}"))
            .ok()
    });
    let invited = std::sync::Mutex::new(Some(invited));
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
            let monitor = window::latest()
                .and_then(|id| window::monitor_size(id).map(move |size| Message::Monitor(id, size)));
            // Taken once: the window's boot runs once.
            let invited = invited.lock().ok().and_then(|mut i| i.take());
            let invites = invited.map_or_else(iced::Task::none, |i| iced::Task::run(i, Message::Invited));
            (app, iced::Task::batch([saving, scale, monitor, invites]))
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
        size: WINDOW,
        min_size: Some(SMALLEST),
        icon: identity::icon(),
        platform_specific: identity::platform(),
        ..window::Settings::default()
    });
    for font in theme::FONTS {
        app = app.font(font);
    }
    // A display named but not served (DISPLAY=:99 with no server there)
    // panics inside iced as its event loop starts: said as an error, not a
    // crash, as any other panic of the window's. The panic's own line has
    // already told the cause.
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| app.run())) {
        Ok(ran) => ran.map_err(|e| e.to_string()),
        Err(_) => Err("it stopped on the error above".into()),
    }
}

/// Why no window can open here, if that is plain before trying: on Linux
/// and the BSDs, no graphical session (neither `WAYLAND_DISPLAY` nor
/// `DISPLAY`). iced would panic creating its event loop; the command line
/// works without a display, so this says so instead.
pub fn no_display() -> Option<&'static str> {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    let session = set("WAYLAND_DISPLAY") || set("DISPLAY");
    (cfg!(all(unix, not(target_os = "macos"))) && !session).then_some(
        "no display to open it on (neither WAYLAND_DISPLAY nor DISPLAY is set); \
         the commands of `ludopia --help` need none",
    )
}

/// The window's size when the screen has room for it, and its smallest.
pub const WINDOW: Size = Size::new(1280.0, 820.0);
pub const SMALLEST: Size = Size::new(960.0, 660.0);

/// Room the desktop keeps round a window (title bar, panels, task bar).
const DESKTOP: Size = Size::new(40.0, 100.0);

/// The size the window opens at on a monitor of `monitor` (logical pixels),
/// if [`WINDOW`] does not fit there: as large as fits, in its proportions,
/// and never below [`SMALLEST`].
pub fn fitted(monitor: Size) -> Option<Size> {
    let room = Size::new(monitor.width - DESKTOP.width, monitor.height - DESKTOP.height);
    if WINDOW.width <= room.width && WINDOW.height <= room.height {
        return None;
    }
    let scale = (room.width / WINDOW.width).min(room.height / WINDOW.height);
    Some(Size::new(
        (WINDOW.width * scale).round().max(SMALLEST.width),
        (WINDOW.height * scale).round().max(SMALLEST.height),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_opens_at_a_size_that_fits_the_screen() {
        assert_eq!(fitted(Size::new(1920.0, 1080.0)), None, "room enough");
        let laptop = fitted(Size::new(1366.0, 768.0)).expect("820 is taller than a 768 screen");
        assert!(laptop.height <= 768.0 - DESKTOP.height && laptop.width <= 1366.0, "{laptop:?}");
        assert!((laptop.width / laptop.height - WINDOW.width / WINDOW.height).abs() < 0.01, "{laptop:?}");
        assert_eq!(fitted(Size::new(800.0, 600.0)), Some(SMALLEST), "never below the smallest");
    }
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
