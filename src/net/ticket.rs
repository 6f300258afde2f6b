//! Invite tickets: a host's peer id and addresses (relayed ones included)
//! as one string to paste into a chat, with a checksum so a truncated or
//! mistyped ticket is refused with a clear message rather than dialled.
//! The same ticket travels as a link, `ludopia://join/<ticket>`, which the
//! desktop entry and the Windows installer hand to `ludopia LINK`.

use std::{fmt, str::FromStr};

use libp2p::{Multiaddr, PeerId};
use serde::{Deserialize, Serialize};
use tracing::warn;

use crate::rules::Seat;
use crate::table::roster::Reach;

/// Every ticket starts with this, so that a pasted code and a pasted
/// ticket are told apart and a future format can change it.
pub const TICKET_PREFIX: &str = "ludo1";
/// More addresses than this are dropped when a ticket is made (the most
/// useful come first) and refused when one is read.
pub const MAX_TICKET_ADDRS: usize = 12;
/// Longest ticket text accepted, so a pasted novel is not decoded.
pub const MAX_TICKET_LEN: usize = 4096;
/// An invite link is this followed by the ticket. The ticket's letters
/// and digits need no escaping in a URL.
pub const LINK_PREFIX: &str = "ludopia://join/";

/// Where to reach a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    pub peer: PeerId,
    pub addrs: Vec<Multiaddr>,
}

#[derive(Serialize, Deserialize)]
struct Body {
    peer: Vec<u8>,
    addrs: Vec<Vec<u8>>,
}

/// Why a pasted ticket cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TicketError {
    Prefix,
    TooLong,
    Character(char),
    Checksum,
    Contents(String),
    /// Not a `ludopia://join/` link.
    Link,
}

impl fmt::Display for TicketError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TicketError::Prefix => write!(f, "an invite ticket starts with \"{TICKET_PREFIX}\""),
            TicketError::TooLong => write!(f, "this text is too long to be an invite ticket"),
            TicketError::Character(c) => write!(f, "'{c}' cannot appear in an invite ticket"),
            TicketError::Checksum => {
                write!(f, "the invite ticket is damaged or incomplete: copy it again")
            }
            TicketError::Contents(why) => write!(f, "the invite ticket is not valid: {why}"),
            TicketError::Link => write!(f, "an invite link starts with \"{LINK_PREFIX}\""),
        }
    }
}

impl std::error::Error for TicketError {}

const BASE32: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(BASE32[((acc >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(BASE32[((acc << (5 - bits)) & 31) as usize]));
    }
    out
}

fn base32_decode(text: &str) -> Result<Vec<u8>, TicketError> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.chars() {
        let lower = c.to_ascii_lowercase();
        let value = BASE32.iter().position(|&b| char::from(b) == lower).ok_or(TicketError::Character(c))?;
        acc = ((acc << 5) | value as u32) & 0xffff;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}

/// CRC-32 (IEEE), enough to catch copy-paste damage; authenticity comes
/// from the noise handshake with the peer id, not from this.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

impl Ticket {
    /// A ticket with at most [`MAX_TICKET_ADDRS`] of `addrs`, in order.
    pub fn new(peer: PeerId, addrs: impl IntoIterator<Item = Multiaddr>) -> Self {
        Ticket { peer, addrs: addrs.into_iter().take(MAX_TICKET_ADDRS).collect() }
    }

    /// The ticket as an invite link, for a chat that makes links clickable.
    pub fn link(&self) -> String {
        format!("{LINK_PREFIX}{self}")
    }

    /// The ticket in an invite link. The scheme and path are read in any
    /// case (a URL's scheme is case-blind), and one trailing `/` is allowed:
    /// some browsers add it before handing the link on.
    pub fn from_link(link: &str) -> Result<Ticket, TicketError> {
        let text = link.trim();
        if text.len() > LINK_PREFIX.len() + MAX_TICKET_LEN {
            return Err(TicketError::TooLong);
        }
        let ticket = after_prefix(text, LINK_PREFIX).ok_or(TicketError::Link)?;
        ticket.strip_suffix('/').unwrap_or(ticket).parse()
    }

    /// Whether `text` is meant as an invite link (right or not): it names
    /// our scheme, so a mistake in it is reported as a link's.
    pub fn is_link(text: &str) -> bool {
        let scheme = &LINK_PREFIX[..LINK_PREFIX.len() - "//join/".len()];
        after_prefix(text.trim(), scheme).is_some()
    }
}

/// What follows `prefix` in `text`, the prefix read in any case (people
/// retype tickets and links, and a URL's scheme is case-blind).
fn after_prefix<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.get(..prefix.len()).filter(|p| p.eq_ignore_ascii_case(prefix)).and_then(|_| text.get(prefix.len()..))
}

impl fmt::Display for Ticket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let body =
            Body { peer: self.peer.to_bytes(), addrs: self.addrs.iter().map(|a| a.to_vec()).collect() };
        let mut bytes = postcard::to_allocvec(&body).map_err(|_| fmt::Error)?;
        let sum = crc32(&bytes);
        bytes.extend_from_slice(&sum.to_be_bytes());
        write!(f, "{TICKET_PREFIX}{}", base32_encode(&bytes))
    }
}

impl FromStr for Ticket {
    type Err = TicketError;

    fn from_str(pasted: &str) -> Result<Self, TicketError> {
        let text = pasted.trim();
        if text.len() > MAX_TICKET_LEN {
            return Err(TicketError::TooLong);
        }
        let rest = after_prefix(text, TICKET_PREFIX).ok_or(TicketError::Prefix)?;
        let bytes = base32_decode(rest)?;
        let split = bytes.len().checked_sub(4).ok_or(TicketError::Checksum)?;
        let (body, sum) = bytes.split_at(split);
        let sum = <[u8; 4]>::try_from(sum).map_err(|_| TicketError::Checksum)?;
        if crc32(body) != u32::from_be_bytes(sum) {
            return Err(TicketError::Checksum);
        }
        let body: Body = postcard::from_bytes(body).map_err(|e| TicketError::Contents(e.to_string()))?;
        if body.addrs.len() > MAX_TICKET_ADDRS {
            return Err(TicketError::Contents("too many addresses".into()));
        }
        let peer = PeerId::from_bytes(&body.peer).map_err(|e| TicketError::Contents(e.to_string()))?;
        let addrs = body
            .addrs
            .into_iter()
            .map(|a| Multiaddr::try_from(a).map_err(|e| TicketError::Contents(e.to_string())))
            .collect::<Result<_, _>>()?;
        Ok(Ticket { peer, addrs })
    }
}

/// The ticket `seat`'s peer is reached by. `None` for a seat the host
/// plays itself and for a ticket that does not read, which is logged with
/// why: the peer is left out, not the roster or the message.
pub(crate) fn reach(seat: Seat, reach: &Reach) -> Option<Ticket> {
    if reach.is_none() {
        return None;
    }
    reach
        .as_str()
        .parse()
        .inspect_err(|e| warn!(seat = %seat, "a ticket to reach a peer does not read: {e}"))
        .ok()
}

impl From<&Ticket> for Reach {
    fn from(ticket: &Ticket) -> Reach {
        Reach::new(ticket.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libp2p::identity::Keypair;

    fn sample() -> Ticket {
        let peer = Keypair::ed25519_from_bytes([7; 32]).unwrap().public().to_peer_id();
        let relay = Keypair::ed25519_from_bytes([9; 32]).unwrap().public().to_peer_id();
        Ticket::new(
            peer,
            [
                "/ip4/192.0.2.2/tcp/4001".parse().unwrap(),
                format!("/ip4/198.51.100.10/udp/4001/quic-v1/p2p/{relay}/p2p-circuit").parse().unwrap(),
            ],
        )
    }

    #[test]
    fn ticket_round_trips_and_is_compact() {
        let ticket = sample();
        let text = ticket.to_string();
        assert!(text.starts_with(TICKET_PREFIX));
        assert!(text.len() < 200, "{} chars", text.len());
        assert_eq!(text.parse::<Ticket>().unwrap(), ticket);
        assert_eq!(text.to_uppercase().parse::<Ticket>().unwrap(), ticket);
    }

    #[test]
    fn a_peer_is_reached_by_its_ticket_if_it_reads() {
        let seat = Seat::ALL[1];
        assert_eq!(reach(seat, &Reach::from(&sample())), Some(sample()));
        assert_eq!(reach(seat, &Reach::default()), None);
        assert_eq!(reach(seat, &Reach::new("ludo1damaged".into())), None);
    }

    #[test]
    fn damaged_tickets_are_refused() {
        let text = sample().to_string();
        assert_eq!(text[..text.len() - 3].parse::<Ticket>(), Err(TicketError::Checksum));
        // Change one character in the middle.
        let mut chars: Vec<char> = text.chars().collect();
        let mid = chars.len() / 2;
        chars[mid] = if chars[mid] == 'a' { 'b' } else { 'a' };
        let flipped: String = chars.into_iter().collect();
        assert!(flipped.parse::<Ticket>().is_err());
        assert_eq!("ABCDEF".parse::<Ticket>(), Err(TicketError::Prefix));
        assert_eq!("ludo1".parse::<Ticket>(), Err(TicketError::Checksum));
        assert_eq!("ludo1ab!".parse::<Ticket>(), Err(TicketError::Character('!')));
        assert_eq!("ludo1".repeat(1000).parse::<Ticket>(), Err(TicketError::TooLong));
    }

    #[test]
    fn links_carry_the_ticket() {
        let ticket = sample();
        let link = ticket.link();
        assert_eq!(link, format!("ludopia://join/{ticket}"));
        assert_eq!(Ticket::from_link(&link), Ok(ticket.clone()));
        // As a browser or a shell may hand it on.
        assert_eq!(Ticket::from_link(&format!(" {link}/\n")), Ok(ticket.clone()));
        assert_eq!(Ticket::from_link(&link.replace("ludopia://join", "LUDOPIA://Join")), Ok(ticket));
        assert!(Ticket::is_link(&link) && Ticket::is_link("Ludopia:whatever"));
        assert!(!Ticket::is_link("ludo1abc") && !Ticket::is_link("verify"));
    }

    #[test]
    fn bad_links_are_refused() {
        let ticket = sample().to_string();
        for wrong in
            [format!("https://join/{ticket}"), format!("ludopia://host/{ticket}"), ticket.clone(), "".into()]
        {
            assert_eq!(Ticket::from_link(&wrong), Err(TicketError::Link), "{wrong}");
        }
        assert_eq!(Ticket::from_link("ludopia://join/"), Err(TicketError::Prefix));
        let cut = &ticket[..ticket.len() - 3];
        assert_eq!(Ticket::from_link(&format!("{LINK_PREFIX}{cut}")), Err(TicketError::Checksum));
        assert_eq!(
            Ticket::from_link(&format!("{LINK_PREFIX}{ticket}?x=1")),
            Err(TicketError::Character('?'))
        );
        assert_eq!(
            Ticket::from_link(&format!("{LINK_PREFIX}{}", "a".repeat(5000))),
            Err(TicketError::TooLong)
        );
    }
}
