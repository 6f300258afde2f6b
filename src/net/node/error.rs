//! The network's failures, worded for the player.

use super::*;

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
    /// The request was sent but no reply came.
    NoReply(String),
    /// Listening or setting up the transport failed.
    Setup(String),
    /// No table answered to this code.
    CodeNotFound(RoomCode),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Stopped => f.write_str("the network has stopped"),
            NetError::Wire(e) => e.fmt(f),
            NetError::Refused(r) => r.fmt(f),
            NetError::Unreachable(why) => write!(f, "could not reach the table: {why}"),
            NetError::NoReply(why) => write!(f, "the table did not answer: {why}"),
            NetError::Setup(why) => write!(f, "the network could not start: {why}"),
            NetError::CodeNotFound(code) => {
                write!(
                    f,
                    "no table with code {code} was found on the local network, at the relays or on the public network"
                )
            }
        }
    }
}

impl std::error::Error for NetError {}

impl From<WireError> for NetError {
    fn from(e: WireError) -> Self {
        NetError::Wire(e)
    }
}
