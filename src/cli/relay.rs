//! `ludopia relay`: runs the headless relay and prints one JSON object per
//! line (its addresses first, then reservations, circuits, codes and lookups).

use std::{io::Write, path::Path};

use clap::Args;
use libp2p::{Multiaddr, identity::Keypair, multiaddr::Protocol};

use super::headless::Bootstrap;
use crate::net::relay::{game_relay_config, spawn_relay};

#[derive(Args)]
pub struct RelayArgs {
    /// Address to listen on (repeatable); the default is TCP and QUIC on
    /// port 4001 of every IPv4 interface.
    #[arg(long = "listen", value_name = "ADDR")]
    listen: Vec<Multiaddr>,
    /// File holding the relay's secret key, created if missing, so that its
    /// peer id (part of every player's relay address) survives restarts.
    #[arg(long, value_name = "FILE")]
    key: Option<std::path::PathBuf>,
    #[command(flatten)]
    bootstrap: Bootstrap,
}

fn load_or_create_key(path: &Path) -> Result<Keypair, String> {
    match std::fs::read(path) {
        Ok(mut bytes) => Keypair::ed25519_from_bytes(&mut bytes)
            .map_err(|e| format!("{} is not a relay key: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let keypair = Keypair::generate_ed25519();
            let secret = keypair.clone().try_into_ed25519().map_err(|e| e.to_string())?.secret();
            std::fs::write(path, secret.as_ref())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            // The secret is the relay's identity: readable by its owner only.
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
                    .map_err(|e| format!("cannot protect {}: {e}", path.display()))?;
            }
            Ok(keypair)
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// Runs until killed; returns the exit code when it cannot start.
pub fn run(args: RelayArgs) -> i32 {
    let keypair = match &args.key {
        Some(path) => match load_or_create_key(path) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("ludopia relay: {e}");
                return 2;
            }
        },
        None => Keypair::generate_ed25519(),
    };
    let listen = if args.listen.is_empty() {
        let any = Multiaddr::empty().with(Protocol::Ip4(std::net::Ipv4Addr::UNSPECIFIED));
        vec![any.clone().with(Protocol::Tcp(4001)), any.with(Protocol::Udp(4001)).with(Protocol::QuicV1)]
    } else {
        args.listen
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("ludopia relay: cannot start: {e}");
            return 1;
        }
    };
    runtime.block_on(async {
        let mut relay = match spawn_relay(keypair, game_relay_config(), &listen, &args.bootstrap.peers()) {
            Ok(relay) => relay,
            Err(e) => {
                eprintln!("ludopia relay: {e}");
                return 1;
            }
        };
        let mut out = std::io::stdout().lock();
        while let Some(event) = relay.events.recv().await {
            let line = serde_json::to_string(&event).unwrap_or_default();
            if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                // stdout closed: whoever started us has gone.
                return 0;
            }
        }
        1
    })
}
