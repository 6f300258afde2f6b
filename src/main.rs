//! The `ludopia` program: sets the process up, then hands over to
//! `ludopia::cli::run` and exits with its code. It owns only what belongs to
//! the process: a quiet end when the reader of its output goes away, and
//! where the log goes (problems to stderr, more with `LUDOPIA_LOG`; in a
//! Windows release build, a file in the profile's data folder, and the
//! console the command line was started from). Everything else is the
//! library's.

// A Windows release build is a windowed program: no console window opens behind
// the game. Its log goes to a file instead, and the command line borrows the
// console it was started from (see `windows_release`).
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

fn main() {
    // Output piped into a program that stops reading (`ludopia verify F | head`)
    // ends us quietly, as it does any command-line tool, instead of a panic.
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    #[cfg(all(windows, not(debug_assertions)))]
    windows_release::setup();
    #[cfg(not(all(windows, not(debug_assertions))))]
    log_to_stderr();
    std::process::exit(ludopia::cli::run());
}

/// Problems (warnings and errors of ours) go to stderr, so a headless peer
/// says when its code could not be registered or a relay refused it.
/// `LUDOPIA_LOG` takes `RUST_LOG`-style directives for more
/// (`info`, `ludopia=debug,libp2p_kad=debug`).
#[cfg(not(all(windows, not(debug_assertions))))]
fn log_to_stderr() {
    use tracing_subscriber::{filter::Targets, fmt, prelude::*};
    let problems = Targets::new().with_target("ludopia", tracing::Level::WARN);
    let filter = match std::env::var("LUDOPIA_LOG") {
        Ok(directives) => directives.parse::<Targets>().unwrap_or_else(|e| {
            eprintln!("ludopia: LUDOPIA_LOG is not a filter ({e}): problems only");
            problems
        }),
        Err(_) => problems,
    };
    tracing_subscriber::registry().with(fmt::layer().with_writer(std::io::stderr)).with(filter).init();
}

#[cfg(all(windows, not(debug_assertions)))]
mod windows_release {
    use std::fs::OpenOptions;
    use std::sync::Mutex;

    pub fn setup() {
        attach_console();
        log_to_file();
    }

    /// `ludopia --version` or `ludopia relay` typed in a console prints there: a
    /// windowed program has no standard output unless it was redirected, so it
    /// joins its parent's console then (and none when started from a shortcut).
    fn attach_console() {
        use windows_sys::Win32::System::Console::{
            ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_OUTPUT_HANDLE,
        };
        // SAFETY: plain Win32 calls with constant arguments; no pointers are passed.
        unsafe {
            if GetStdHandle(STD_OUTPUT_HANDLE).is_null() {
                AttachConsole(ATTACH_PARENT_PROCESS);
            }
        }
    }

    /// Sends tracing's events (connections, relays, dropped messages) and panics
    /// to `ludopia.log` in the profile's data folder (%APPDATA%\Ludopia\Ludopia\data).
    /// Appended to, so a command run beside the game keeps the game's lines;
    /// started afresh once past 1 MiB. Without a data folder there is no log.
    fn log_to_file() {
        let Ok(dir) = ludopia::profile::data_dir() else { return };
        let path = dir.join("ludopia.log");
        let full = std::fs::metadata(&path).is_ok_and(|m| m.len() > 1 << 20);
        let mut options = OpenOptions::new();
        if full {
            options.write(true).truncate(true);
        } else {
            options.append(true);
        }
        let Ok(file) = std::fs::create_dir_all(&dir).and_then(|()| options.create(true).open(&path)) else {
            return;
        };
        tracing_subscriber::fmt()
            .with_writer(Mutex::new(file))
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .init();
        let default_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            tracing::error!("{info}");
            default_hook(info);
        }));
    }
}
