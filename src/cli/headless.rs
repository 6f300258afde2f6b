//! What `host --headless` and `join --headless` share: the node set-up, the
//! player's profile, the JSON lines and the runtime.

use std::{future::Future, io::Write};

use libp2p::Multiaddr;

use crate::net::{Line, NodeConfig, PlayError};
use crate::profile::{Home, ProfileError, ProfileLock};

/// A headless player's profile: its identity and saved game live at
/// `$LUDOPIA_HOME` (the platform's folders by default), held for this
/// process alone. A profile in use by another running peer is an error of
/// the command line (exit 2).
pub struct Profile {
    pub home: Home,
    pub keypair: libp2p::identity::Keypair,
    _lock: ProfileLock,
}

impl Profile {
    pub fn open(what: &str) -> Result<Profile, (i32, String)> {
        let fail = |code, e: ProfileError| (code, format!("ludopia {what}: {e}"));
        let home = Home::from_env().map_err(|e| fail(1, e))?;
        let lock = home.lock().map_err(|e| match e {
            e @ ProfileError::InUse(_) => fail(2, e),
            e => fail(1, e),
        })?;
        let keypair = home.keypair().map_err(|e| fail(1, e))?;
        Ok(Profile { home, keypair, _lock: lock })
    }

    /// The player's name from the profile.
    pub fn name(&self) -> String {
        self.home.load().map(|l| l.profile.name).unwrap_or_default()
    }
}

pub fn node_config(
    keypair: libp2p::identity::Keypair,
    listen: Vec<Multiaddr>,
    relays: Vec<Multiaddr>,
) -> NodeConfig {
    let mut config = NodeConfig::new(keypair);
    if !listen.is_empty() {
        config.listen = listen;
    }
    config.relays = relays;
    config
}

/// Prints one event line; a closed stdout is not an error of the game, and
/// lines for a window only (the sealed genesis) do not serialize.
pub fn print_line(line: Line) {
    if matches!(line, Line::Sealed { .. } | Line::Restored { .. }) {
        return;
    }
    let mut out = std::io::stdout().lock();
    if let Ok(text) = serde_json::to_string(&line) {
        let _ = writeln!(out, "{text}").and_then(|()| out.flush());
    }
}

/// Runs a headless player to the end: 0 when the game is over, 1 with the
/// reason on stderr otherwise.
pub fn run_async<T>(what: &str, play: impl Future<Output = Result<T, PlayError>>) -> i32 {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("ludopia {what}: cannot start: {e}");
            return 1;
        }
    };
    match runtime.block_on(play) {
        Ok(_) => 0,
        Err(e) => {
            eprintln!("ludopia {what}: {e}");
            1
        }
    }
}
