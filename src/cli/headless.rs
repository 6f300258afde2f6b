//! What `host --headless` and `join --headless` share: the node set-up, the
//! player's profile, the JSON lines and the runtime.

use std::{future::Future, io::Write, path::Path, str::FromStr};

use clap::Args;
use libp2p::Multiaddr;

use crate::net::{Line, NodeConfig, PlayError, node::dht, route::addressed_peer};
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

/// The DHT's bootstrap peers, as `--bootstrap` gives them.
#[derive(Args)]
pub struct Bootstrap {
    /// A DHT bootstrap peer (with its /p2p/ id) instead of the public
    /// network's (repeatable); `none` leaves the DHT out.
    #[arg(long = "bootstrap", value_name = "ADDR")]
    given: Vec<BootstrapPeer>,
}

/// One `--bootstrap` value.
#[derive(Clone, Debug)]
pub enum BootstrapPeer {
    Peer(Multiaddr),
    None,
}

impl FromStr for BootstrapPeer {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        if text == "none" {
            return Ok(BootstrapPeer::None);
        }
        addr_with_id(text, "a bootstrap address").map(BootstrapPeer::Peer)
    }
}

/// A `--relay` value: the relay is reserved with and asked by its peer id,
/// so an address without one is refused, as `--bootstrap`'s are.
pub fn relay_addr(text: &str) -> Result<Multiaddr, String> {
    addr_with_id(text, "a relay address")
}

/// `text` as an address that ends with `/p2p/` and a peer id.
fn addr_with_id(text: &str, what: &str) -> Result<Multiaddr, String> {
    let addr: Multiaddr = text.parse().map_err(|e| format!("not an address: {e}"))?;
    match addressed_peer(&addr) {
        Some(_) => Ok(addr),
        None => Err(format!("{what} ends with /p2p/ and the peer's id")),
    }
}

impl Bootstrap {
    /// The peers given, the public network's if none was, nothing if
    /// `none` was.
    pub fn peers(&self) -> Vec<Multiaddr> {
        if self.given.is_empty() {
            return dht::default_bootstrap();
        }
        self.given
            .iter()
            .map(|p| match p {
                BootstrapPeer::Peer(addr) => Some(addr.clone()),
                BootstrapPeer::None => None,
            })
            .collect::<Option<Vec<_>>>()
            .unwrap_or_default()
    }
}

pub fn node_config(
    keypair: libp2p::identity::Keypair,
    listen: Vec<Multiaddr>,
    relays: Vec<Multiaddr>,
    bootstrap: &Bootstrap,
) -> NodeConfig {
    let mut config = NodeConfig::new(keypair);
    if !listen.is_empty() {
        config.listen = listen;
    }
    config.relays = relays;
    config.bootstrap = bootstrap.peers();
    config
}

/// Whether a proof can be written at `path` (`--proof FILE`), asked before
/// the game rather than found out at its end, when the game is played and
/// its proof would be lost: `path` is not a folder, and its folder is one
/// (made if missing) that takes a new file.
pub fn proof_writable(path: &Path) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!("{} is a folder, not a file", path.display()));
    }
    // A bare file name's folder is the working folder.
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("no folder {} for it: {e}", dir.display()))?;
    let probe = dir.join(format!(".ludopia-proof-{}", std::process::id()));
    std::fs::write(&probe, b"").map_err(|e| format!("cannot write in {}: {e}", dir.display()))?;
    // Best effort: the probe is empty and named for this process.
    let _ = std::fs::remove_file(&probe);
    Ok(())
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
