//! Where this node reached each peer it dialed. A peer met by its ticket
//! is dialed again by id (after a dropped connection, say), and the swarm
//! then knows its addresses only through identify, which a connection
//! closed within its first milliseconds never ran: the joiner of a host
//! killed just after it was seated could not tell a stopped program from a
//! lost link for want of an address to be refused at.

use std::collections::HashMap;

use libp2p::{Multiaddr, PeerId};

/// Peers remembered at most; a node meets few (its table's peers, relays,
/// the DHT's bootstrap peers), so past this the newest are not kept.
const PEERS: usize = 256;
/// Addresses remembered per peer.
const ADDRESSES: usize = 4;

#[derive(Default)]
pub(super) struct Reached(HashMap<PeerId, Vec<Multiaddr>>);

impl Reached {
    /// A connection this node dialed reached `peer` at `addr`.
    pub(super) fn note(&mut self, peer: PeerId, addr: &Multiaddr) {
        if self.0.len() >= PEERS && !self.0.contains_key(&peer) {
            return;
        }
        let addrs = self.0.entry(peer).or_default();
        if !addrs.contains(addr) {
            if addrs.len() == ADDRESSES {
                addrs.remove(0);
            }
            addrs.push(addr.clone());
        }
    }

    /// `addrs` (a ticket's) with the addresses `peer` was reached at.
    pub(super) fn with(&self, peer: &PeerId, mut addrs: Vec<Multiaddr>) -> Vec<Multiaddr> {
        for addr in self.0.get(peer).into_iter().flatten() {
            if !addrs.contains(addr) {
                addrs.push(addr.clone());
            }
        }
        addrs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_without_addresses_gets_those_the_peer_was_reached_at() {
        let (peer, other) = (PeerId::random(), PeerId::random());
        let at =
            |port: u16| -> Multiaddr { format!("/ip4/127.0.0.1/tcp/{port}").parse().expect("an address") };
        let mut reached = Reached::default();
        reached.note(peer, &at(1));
        reached.note(peer, &at(1));
        assert_eq!(reached.with(&peer, Vec::new()), [at(1)]);
        assert_eq!(reached.with(&peer, vec![at(2)]), [at(2), at(1)], "the ticket's first, none twice");
        assert!(reached.with(&other, Vec::new()).is_empty());
        for port in 2..=6 {
            reached.note(peer, &at(port));
        }
        assert_eq!(reached.with(&peer, Vec::new()), [at(3), at(4), at(5), at(6)], "the newest four");
    }
}
