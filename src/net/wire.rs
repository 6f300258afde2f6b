//! The wire protocol: one versioned envelope (protocol version, message kind,
//! opaque payload) encoded with postcard, with a hard size cap per kind.
//!
//! The payloads are opaque here: the table and the fair-dice module encode
//! and verify them. Only [`TableInfo`], [`TableQuery`] and [`Refusal`] are
//! the network layer's own.

use std::{fmt, io};

use futures::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use libp2p::{StreamProtocol, request_response};
use serde::{Deserialize, Serialize};

use super::code::RoomCode;

/// The protocol version this build speaks. Bump it on any change to the
/// envelope or to the meaning of a payload.
pub const PROTOCOL_VERSION: u16 = 2;

/// The libp2p protocol name of the table protocol. It carries the major
/// version only so that peers of other versions still reach us and get a
/// clear "incompatible" reply instead of a silent protocol mismatch.
pub const TABLE_PROTOCOL: StreamProtocol = StreamProtocol::new("/ludopia/table");

/// The largest encoded envelope read from a stream; anything longer is
/// refused before it is decoded.
pub const MAX_FRAME: usize = 260 * 1024;

/// What an envelope carries. Requests are the first four; the rest are
/// replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// A guest's signed intent, for the host.
    Intent,
    /// A signed log entry, from the host to a guest.
    Entry,
    /// An emote or stock phrase sent to the table.
    Reaction,
    /// The lobby asks a table for its [`TableInfo`].
    TableQuery,
    /// The application's reply to a request (an ack, a verdict, entries).
    Reply,
    /// The reply to a [`Kind::TableQuery`].
    TableInfo,
    /// The request was refused by the network layer ([`Refusal`]).
    Refused,
    /// The peer speaks another protocol version (payload: its version).
    Incompatible,
}

impl Kind {
    /// The payload cap of this kind, in bytes.
    pub const fn max_payload(self) -> usize {
        match self {
            Kind::Intent => 4 * 1024,
            Kind::Entry => 16 * 1024,
            Kind::Reaction => 256,
            Kind::TableQuery => 64,
            // A reply may carry many entries.
            Kind::Reply => 256 * 1024,
            Kind::TableInfo => 4 * 1024,
            Kind::Refused | Kind::Incompatible => 256,
        }
    }

    /// Whether this kind is sent as a request (the others are replies).
    pub const fn is_request(self) -> bool {
        matches!(self, Kind::Intent | Kind::Entry | Kind::Reaction | Kind::TableQuery)
    }
}

/// The one message shape on the wire. `version` comes first so that any
/// later version can still read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    pub version: u16,
    pub kind: Kind,
    pub payload: Vec<u8>,
}

/// Why bytes from a peer were not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// The message is longer than its cap.
    Oversized { len: usize, max: usize },
    /// The bytes are not an envelope (or a payload of the expected shape).
    Malformed(String),
    /// The peer speaks another protocol version.
    Incompatible { ours: u16, theirs: u16 },
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Oversized { len, max } => {
                write!(f, "message of {len} bytes is over the {max}-byte limit")
            }
            WireError::Malformed(why) => write!(f, "malformed message: {why}"),
            WireError::Incompatible { ours, theirs } if theirs > ours => write!(
                f,
                "the host's version is newer (protocol {theirs}, this app speaks {ours}): update Ludopia to join"
            ),
            WireError::Incompatible { ours, theirs } => write!(
                f,
                "the host's version is older (protocol {theirs}, this app speaks {ours}): the host must update Ludopia"
            ),
        }
    }
}

impl std::error::Error for WireError {}

impl Envelope {
    /// An envelope of this version, refusing a payload over the kind's cap.
    pub fn new(kind: Kind, payload: Vec<u8>) -> Result<Self, WireError> {
        check_cap(kind, payload.len())?;
        Ok(Envelope { version: PROTOCOL_VERSION, kind, payload })
    }

    /// An envelope whose payload is one of the network layer's own types.
    pub fn of<T: Serialize>(kind: Kind, value: &T) -> Result<Self, WireError> {
        let payload = postcard::to_allocvec(value).map_err(|e| WireError::Malformed(e.to_string()))?;
        Envelope::new(kind, payload)
    }

    pub fn encode(&self) -> Result<Vec<u8>, WireError> {
        postcard::to_allocvec(self).map_err(|e| WireError::Malformed(e.to_string()))
    }

    /// Decodes bytes from a peer: size first, then the version (readable in
    /// every version), then the rest, with no trailing bytes allowed.
    pub fn decode(bytes: &[u8]) -> Result<Self, WireError> {
        if bytes.len() > MAX_FRAME {
            return Err(WireError::Oversized { len: bytes.len(), max: MAX_FRAME });
        }
        let (version, _) =
            postcard::take_from_bytes::<u16>(bytes).map_err(|e| WireError::Malformed(e.to_string()))?;
        if version != PROTOCOL_VERSION {
            return Err(WireError::Incompatible { ours: PROTOCOL_VERSION, theirs: version });
        }
        let (envelope, rest) =
            postcard::take_from_bytes::<Envelope>(bytes).map_err(|e| WireError::Malformed(e.to_string()))?;
        if !rest.is_empty() {
            return Err(WireError::Malformed(format!("{} trailing bytes", rest.len())));
        }
        check_cap(envelope.kind, envelope.payload.len())?;
        Ok(envelope)
    }

    /// Decodes the payload as one of the network layer's own types.
    pub fn payload_as<T: for<'de> Deserialize<'de>>(&self) -> Result<T, WireError> {
        let (value, rest) =
            postcard::take_from_bytes::<T>(&self.payload).map_err(|e| WireError::Malformed(e.to_string()))?;
        if rest.is_empty() {
            Ok(value)
        } else {
            Err(WireError::Malformed("trailing bytes in payload".into()))
        }
    }
}

fn check_cap(kind: Kind, len: usize) -> Result<(), WireError> {
    let max = kind.max_payload();
    if len > max { Err(WireError::Oversized { len, max }) } else { Ok(()) }
}

/// What a lobby shows for a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableInfo {
    pub host_name: String,
    /// The rules preset's name (see `rules::params`).
    pub preset: String,
    pub free_seats: u8,
    pub players: Vec<String>,
    /// Listed in LAN lobbies; an unlisted table answers only its code.
    pub listed: bool,
}

/// A lobby's question; `code` opens unlisted tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableQuery {
    pub code: Option<RoomCode>,
}

/// Why the network layer refused a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    /// The sender sent too many messages of this kind too quickly.
    RateLimited,
    /// No table is open here, or it is unlisted and the code is wrong.
    NoTable,
    /// The application did not answer (it is closing, or it dropped the request).
    Unanswered,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::RateLimited => "the table refused the message: too many messages too quickly",
            Refusal::NoTable => "no table with that code is open there",
            Refusal::Unanswered => "the table did not answer",
        })
    }
}

/// Length-capped raw-bytes codec for request-response: each stream carries
/// one encoded envelope and is closed after it, so no length prefix is
/// needed. Decoding happens in the swarm task, where a malformed message
/// can be logged with its sender and an incompatible version answered.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrameCodec;

async fn read_frame<T: AsyncRead + Unpin + Send>(io: &mut T) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    io.take(MAX_FRAME as u64 + 1).read_to_end(&mut buf).await?;
    // No envelope is empty; a stream closed without one is a peer that
    // dropped the request (request-response does this when the responder
    // is dropped), which must read as a failure, not as a reply.
    if buf.is_empty() {
        return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the stream closed without a message"));
    }
    if buf.len() > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            WireError::Oversized { len: buf.len(), max: MAX_FRAME },
        ));
    }
    Ok(buf)
}

async fn write_frame<T: AsyncWrite + Unpin + Send>(io: &mut T, frame: Vec<u8>) -> io::Result<()> {
    io.write_all(&frame).await?;
    io.close().await
}

impl request_response::Codec for FrameCodec {
    type Protocol = StreamProtocol;
    type Request = Vec<u8>;
    type Response = Vec<u8>;

    async fn read_request<T>(&mut self, _: &StreamProtocol, io: &mut T) -> io::Result<Vec<u8>>
    where
        T: AsyncRead + Unpin + Send,
    {
        read_frame(io).await
    }

    async fn read_response<T>(&mut self, _: &StreamProtocol, io: &mut T) -> io::Result<Vec<u8>>
    where
        T: AsyncRead + Unpin + Send,
    {
        read_frame(io).await
    }

    async fn write_request<T>(&mut self, _: &StreamProtocol, io: &mut T, req: Vec<u8>) -> io::Result<()>
    where
        T: AsyncWrite + Unpin + Send,
    {
        write_frame(io, req).await
    }

    async fn write_response<T>(&mut self, _: &StreamProtocol, io: &mut T, res: Vec<u8>) -> io::Result<()>
    where
        T: AsyncWrite + Unpin + Send,
    {
        write_frame(io, res).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelope_round_trips() {
        let env = Envelope::new(Kind::Intent, vec![1, 2, 3]).unwrap();
        let bytes = env.encode().unwrap();
        assert_eq!(Envelope::decode(&bytes).unwrap(), env);
    }

    #[test]
    fn oversized_payload_is_refused_on_both_ends() {
        let big = vec![0u8; Kind::Reaction.max_payload() + 1];
        assert!(matches!(Envelope::new(Kind::Reaction, big.clone()), Err(WireError::Oversized { .. })));
        // A hand-built envelope that skips `new` is still refused on decode.
        let forged = Envelope { version: PROTOCOL_VERSION, kind: Kind::Reaction, payload: big };
        let bytes = forged.encode().unwrap();
        assert!(matches!(Envelope::decode(&bytes), Err(WireError::Oversized { .. })));
        assert!(matches!(Envelope::decode(&vec![1u8; MAX_FRAME + 1]), Err(WireError::Oversized { .. })));
    }

    #[test]
    fn garbage_is_malformed_not_a_panic() {
        // Our version first, so that what follows is what is refused.
        let v = PROTOCOL_VERSION as u8;
        for bytes in [&[][..], &[v], &[v, 200], &[v, 0, 255, 255, 255, 255, 255]] {
            assert!(matches!(Envelope::decode(bytes), Err(WireError::Malformed(_))));
        }
        let mut trailing = Envelope::new(Kind::Entry, vec![9]).unwrap().encode().unwrap();
        trailing.push(0);
        assert!(matches!(Envelope::decode(&trailing), Err(WireError::Malformed(_))));
    }

    #[test]
    fn newer_version_reads_as_a_clear_message() {
        let newer = Envelope { version: PROTOCOL_VERSION + 1, kind: Kind::Intent, payload: vec![] };
        let err = Envelope::decode(&newer.encode().unwrap()).unwrap_err();
        assert_eq!(err, WireError::Incompatible { ours: PROTOCOL_VERSION, theirs: PROTOCOL_VERSION + 1 });
        assert!(err.to_string().starts_with("the host's version is newer"));
    }
}
