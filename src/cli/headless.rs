//! What `host --headless` and `join --headless` share: the node set-up, the
//! JSON lines and the runtime.

use std::{future::Future, io::Write};

use libp2p::{Multiaddr, identity::Keypair};

use crate::net::{
    NodeConfig,
    play::{Line, PlayError},
};

pub fn node_config(keypair: Keypair, listen: Vec<Multiaddr>, relays: Vec<Multiaddr>) -> NodeConfig {
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
