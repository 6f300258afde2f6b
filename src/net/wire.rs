//! The wire protocol: one versioned envelope around a typed request or
//! response, encoded with postcard, with a hard size cap per kind of
//! message. The version comes first so that a peer of any other version
//! still reads it and gets a plain "incompatible" answer.

use std::{fmt, io};

use futures::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use libp2p::{StreamProtocol, request_response};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use super::code::RoomCode;
use crate::fair::canonical;
use crate::rules::{Preset, Rules, Seat};
use crate::table::{Answer, Reaction, Said, ToGuest, ToHost, ToPeer};

/// The protocol version this build speaks. Bump it on any change to the
/// envelope or to the meaning of a message.
pub const PROTOCOL_VERSION: u16 = 8;

/// The libp2p protocol name of the table protocol. It carries the major
/// version only so that peers of other versions still reach us and get a
/// clear "incompatible" reply instead of a silent protocol mismatch.
pub const TABLE_PROTOCOL: StreamProtocol = StreamProtocol::new("/ludopia/table");

/// The largest encoded message read from a stream; anything longer is
/// refused before it is decoded.
pub const MAX_FRAME: usize = 260 * 1024;

/// What a peer asks of another.
// Moved once from producer to consumer; boxing the large variant would
// only add an allocation per message.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// A guest's message to its host.
    Host(ToHost),
    /// The host's message to a guest.
    Guest(ToGuest),
    /// A guest's message to another guest.
    Peer(ToPeer),
    /// A player's emote or stock phrase, for the host to pass on.
    React(Reaction),
    /// Another player's reaction, passed on by the host.
    Said(Said),
    /// A table's [`TableInfo`]: a lobby asks with no code (listed tables
    /// answer), a joiner with the code it looks for (only that table answers).
    TableQuery { code: Option<RoomCode> },
}

/// The answer to a [`Request`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    /// The application's answer.
    Answer(Answer),
    /// The answer to a table query.
    TableInfo(TableInfo),
    /// The network layer refused the request.
    Refused(Declined),
    /// The peer speaks another protocol version: its version.
    Incompatible(u16),
}

/// The kinds of request, for caps and rate limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// To the host: joins, intents, reveals, rejoins.
    Intent,
    /// To a guest: entries and heartbeats.
    Entry,
    /// Between guests: heads, reveals, elections.
    Peer,
    Reaction,
    TableQuery,
}

impl Kind {
    /// The largest encoded request of this kind, in bytes.
    pub const fn max_len(self) -> usize {
        match self {
            // A rejoin carries up to 16 entries.
            Kind::Intent => 16 * 1024,
            // An entry batch, or the genesis and roster.
            Kind::Entry => 64 * 1024,
            Kind::Peer => 16 * 1024,
            Kind::Reaction => 256,
            Kind::TableQuery => 64,
        }
    }
}

impl Request {
    pub fn kind(&self) -> Kind {
        match self {
            Request::Host(_) => Kind::Intent,
            Request::Guest(_) => Kind::Entry,
            Request::Peer(_) => Kind::Peer,
            Request::React(_) | Request::Said(_) => Kind::Reaction,
            Request::TableQuery { .. } => Kind::TableQuery,
        }
    }
}

/// The one message shape on the wire.
#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    version: u16,
    body: T,
}

/// Why bytes from a peer were not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// The message is longer than its cap.
    Oversized { len: usize, max: usize },
    /// The bytes are not a message of the expected shape.
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
                "the table's version is newer (protocol {theirs}, this app speaks {ours}): update Ludopia to join"
            ),
            WireError::Incompatible { ours, theirs } => write!(
                f,
                "the table's version is older (protocol {theirs}, this app speaks {ours}): its host must update Ludopia"
            ),
        }
    }
}

impl std::error::Error for WireError {}

/// Encodes a message of this version.
pub fn encode<T: Serialize>(body: &T) -> Vec<u8> {
    canonical::encode(&Envelope { version: PROTOCOL_VERSION, body })
}

/// Decodes bytes from a peer: size first, then the version (readable in
/// every version), then the rest, with no trailing bytes allowed.
fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, WireError> {
    if bytes.len() > MAX_FRAME {
        return Err(WireError::Oversized { len: bytes.len(), max: MAX_FRAME });
    }
    let (version, _) =
        postcard::take_from_bytes::<u16>(bytes).map_err(|e| WireError::Malformed(e.to_string()))?;
    if version != PROTOCOL_VERSION {
        return Err(WireError::Incompatible { ours: PROTOCOL_VERSION, theirs: version });
    }
    let (envelope, rest) =
        postcard::take_from_bytes::<Envelope<T>>(bytes).map_err(|e| WireError::Malformed(e.to_string()))?;
    if !rest.is_empty() {
        return Err(WireError::Malformed(format!("{} trailing bytes", rest.len())));
    }
    Ok(envelope.body)
}

/// Decodes a request and checks it against its kind's cap.
pub fn decode_request(bytes: &[u8]) -> Result<Request, WireError> {
    let request: Request = decode(bytes)?;
    let max = request.kind().max_len();
    if bytes.len() > max {
        return Err(WireError::Oversized { len: bytes.len(), max });
    }
    Ok(request)
}

pub fn decode_response(bytes: &[u8]) -> Result<Response, WireError> {
    decode(bytes)
}

/// What a lobby shows for a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableInfo {
    pub host_name: String,
    /// The rules preset the table is listed under.
    pub preset: Preset,
    /// The rules played: the preset's with any house rules (teams, a quick
    /// goal...), so a lobby shows a team table as one and colours its seats.
    pub rules: Rules,
    /// The seats waiting for a guest: a joiner picks one's colour.
    pub free: Vec<Seat>,
    /// The names of the players seated so far.
    pub players: Vec<String>,
    /// Listed in lobbies; an unlisted table answers only its code.
    pub listed: bool,
    /// People watching the game.
    pub watching: u8,
}

/// Why the network layer refused a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Declined {
    /// The sender sent too many messages of this kind too quickly.
    RateLimited,
    /// No table is open here, or not the one asked for (another code, or
    /// unlisted).
    NoTable,
    /// The application did not answer (it is closing, or it dropped the request).
    Unanswered,
}

impl fmt::Display for Declined {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Declined::RateLimited => "the table refused the message: too many messages too quickly",
            Declined::NoTable => "no table with that code is open there",
            Declined::Unanswered => "the table did not answer",
        })
    }
}

/// Length-capped raw-bytes codec for request-response: each stream carries
/// one encoded message and is closed after it, so no length prefix is
/// needed. Decoding happens in the swarm task, where a malformed message
/// can be logged with its sender and an incompatible version answered.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrameCodec;

async fn read_frame<T: AsyncRead + Unpin + Send>(io: &mut T) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    io.take(MAX_FRAME as u64 + 1).read_to_end(&mut buf).await?;
    // No message is empty; a stream closed without one is a peer that
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
    fn requests_and_responses_round_trip() {
        let request = Request::TableQuery { code: Some("ABCDEF".parse().unwrap()) };
        assert_eq!(decode_request(&encode(&request)).unwrap(), request);
        let response = Response::Answer(Answer::Refused(crate::table::Denial::TableFull));
        assert_eq!(decode_response(&encode(&response)).unwrap(), response);
    }

    #[test]
    fn oversized_messages_are_refused() {
        let big = Request::React(Reaction::Thanks);
        let mut bytes = encode(&big);
        assert!(decode_request(&bytes).is_ok());
        bytes.resize(Kind::Reaction.max_len() + 1, 0);
        assert!(decode_request(&bytes).is_err());
        assert!(matches!(decode_request(&vec![3u8; MAX_FRAME + 1]), Err(WireError::Oversized { .. })));
    }

    #[test]
    fn garbage_is_malformed_not_a_panic() {
        let v = PROTOCOL_VERSION as u8;
        for bytes in [&[][..], &[v], &[v, 200], &[v, 0, 255, 255, 255, 255, 255]] {
            assert!(matches!(decode_request(bytes), Err(WireError::Malformed(_))), "{bytes:?}");
        }
        let mut trailing = encode(&Request::TableQuery { code: None });
        trailing.push(0);
        assert!(matches!(decode_request(&trailing), Err(WireError::Malformed(_))));
    }

    #[test]
    fn another_version_reads_as_a_clear_message() {
        let newer = canonical::encode(&Envelope { version: PROTOCOL_VERSION + 1, body: 7u8 });
        let err = decode_request(&newer).unwrap_err();
        assert_eq!(err, WireError::Incompatible { ours: PROTOCOL_VERSION, theirs: PROTOCOL_VERSION + 1 });
        assert!(err.to_string().starts_with("the table's version is newer"));
    }
}
