//! The network's failures, worded for the player.

use super::*;
use libp2p::TransportError;

/// A network failure, worded for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The network task has stopped.
    Stopped,
    /// The peer sent something we could not accept, or speaks another version.
    Wire(WireError),
    /// The peer's network layer refused our request.
    Refused(Declined),
    /// No connection could be made.
    Unreachable(String),
    /// A dial was refused: nothing listens at the peer's address, so its
    /// program has stopped (or started again elsewhere), not merely gone
    /// out of reach.
    NotListening(String),
    /// The request was sent but no reply came.
    NoReply(String),
    /// Listening or setting up the transport failed.
    Setup(String),
    /// A room code was looked up on the public network (the DHT), and no
    /// peer of it answered: this computer is likely offline.
    PublicSilent,
    /// No table answered to this code where it was looked up.
    CodeNotFound { code: RoomCode, searched: Searched },
}

/// Where a room code was looked up besides the local network, which is
/// always searched: the relays when one was asked, the public network (the
/// DHT) when this computer is on it. A player who turned either off must
/// not be told the table is missing there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    pub relays: bool,
    pub public: bool,
}

impl Searched {
    /// Nothing beyond the local network.
    pub const LAN: Searched = Searched { relays: false, public: false };
    /// The relays' rendezvous points.
    pub const RELAYS: Searched = Searched { relays: true, public: false };
    /// The public network (the DHT).
    pub const PUBLIC: Searched = Searched { relays: false, public: true };

    /// Both lookups' places together.
    pub fn and(self, other: Searched) -> Searched {
        Searched { relays: self.relays || other.relays, public: self.public || other.public }
    }
}

impl fmt::Display for Searched {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match (self.relays, self.public) {
            (false, false) => "on the local network",
            (true, false) => "on the local network or at the relays",
            (false, true) => "on the local network or on the public network",
            (true, true) => "on the local network, at the relays or on the public network",
        })
    }
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Stopped => f.write_str("the network has stopped"),
            NetError::Wire(e) => e.fmt(f),
            NetError::Refused(r) => r.fmt(f),
            NetError::Unreachable(why) | NetError::NotListening(why) => {
                write!(f, "could not reach the table: {why}")
            }
            NetError::NoReply(why) => write!(f, "the table did not answer: {why}"),
            NetError::Setup(why) => write!(f, "the network could not start: {why}"),
            NetError::PublicSilent => f.write_str("no peer of the public network (DHT) answered"),
            NetError::CodeNotFound { code, searched } => {
                write!(f, "no table with code {code} was found {searched}")
            }
        }
    }
}

impl std::error::Error for NetError {}

impl NetError {
    /// A failed dial: [`NetError::NotListening`] when an address refused
    /// the connection, else [`NetError::Unreachable`]. A refusal at a
    /// loopback address counts only when every address tried was one: a
    /// ticket lists the peer's loopback address too, which from another
    /// computer is this one's own and refuses whatever became of the peer.
    pub(super) fn dial(error: &DialError) -> NetError {
        let why = error.to_string();
        let DialError::Transport(tried) = error else { return NetError::Unreachable(why) };
        // The transport's layers hide the socket's error from `source()`
        // (the DNS layer's "multiple dial errors" keeps a list), but their
        // `Debug` shows its kind, the same on every platform.
        let refused =
            |e: &TransportError<std::io::Error>| format!("{e:?}").contains("kind: ConnectionRefused");
        let here = |addr: &Multiaddr| {
            addr.iter().any(|p| match p {
                Protocol::Ip4(ip) => ip.is_loopback(),
                Protocol::Ip6(ip) => ip.is_loopback(),
                _ => false,
            })
        };
        let tried: Vec<(bool, bool)> = tried.iter().map(|(addr, e)| (here(addr), refused(e))).collect();
        let afar = tried.iter().any(|&(here, refused)| !here && refused);
        let only_here = tried.iter().all(|&(here, _)| here) && tried.iter().any(|&(_, refused)| refused);
        if afar || only_here { NetError::NotListening(why) } else { NetError::Unreachable(why) }
    }
}

impl From<WireError> for NetError {
    fn from(e: WireError) -> Self {
        NetError::Wire(e)
    }
}
