//! Meeting by room code on the public libp2p DHT (IPFS "Amino", Kademlia
//! over `/ipfs/kad/1.0.0`): a host provides a key derived from its code, a
//! joiner looks the key up and dials the providers. Players are DHT
//! clients; `ludopia relay` serves the DHT (see `net::relay`).

use std::time::Duration;

use libp2p::{
    Multiaddr, PeerId, StreamProtocol,
    kad::{self, store::MemoryStore},
    swarm::dial_opts::DialOpts,
};
use sha2::{Digest, Sha256};
use tracing::{debug, info, warn};

use super::{EventLoop, NetError, Reply, RoomCode, Searched, addressed_peer};

/// The public DHT's protocol.
pub const AMINO: StreamProtocol = kad::PROTOCOL_NAME;
/// How often a host provides its code's key again while its table is open:
/// the DHT's peers come and go, and a host's addresses change (a relay
/// reservation, a mapped port).
pub const PROVIDE_EVERY: Duration = Duration::from_secs(10 * 60);
/// A query gives up after this; a joiner asks again while it looks.
const QUERY_TIMEOUT: Duration = Duration::from_secs(20);
/// The multihash code and length of a sha2-256 digest.
const SHA2_256: [u8; 2] = [0x12, 0x20];

/// The IPFS bootstrap peers (kubo's default list): the way into the public
/// DHT when no other is given.
const AMINO_BOOTSTRAP: [&str; 7] = [
    "/dnsaddr/bootstrap.libp2p.io/p2p/QmNnooDu7bfjPFoTZYxMNLWUQJyrVwtbZg5gBMjTezGAJN",
    "/dnsaddr/bootstrap.libp2p.io/p2p/QmQCU2EcMqAqQPR2i9bChDtGNJchTbq5TbXJJ16u19uLTa",
    "/dnsaddr/bootstrap.libp2p.io/p2p/QmbLHAnMoJPWSCR5Zhtx6BHJX9KiKNN6tpvbUcqanj75Nb",
    "/dnsaddr/bootstrap.libp2p.io/p2p/QmcZf59bWwK5XFi76CZX8cbJ4BhTzzA3gU1ZjYZcYW3dwt",
    "/dnsaddr/va1.bootstrap.libp2p.io/p2p/12D3KooWKnDdG3iXw9eTFijk3EWSunZcFi54Zka4wmtqtt6rPxc8",
    "/ip4/104.131.131.82/tcp/4001/p2p/QmaCpDMGvV2BGHeYERUEnRQAwe3N8SzbUtfsmvsqQLuvuJ",
    "/ip4/104.131.131.82/udp/4001/quic-v1/p2p/QmaCpDMGvV2BGHeYERUEnRQAwe3N8SzbUtfsmvsqQLuvuJ",
];

/// The public DHT's bootstrap peers.
pub fn default_bootstrap() -> Vec<Multiaddr> {
    AMINO_BOOTSTRAP.iter().filter_map(|a| a.parse().ok()).collect()
}

/// The DHT key a table with `code` is provided under: the sha2-256
/// multihash of the tagged code (also a version-0 CID, the key form go and
/// js nodes accept). It names the table only to those who know the code.
pub fn room_key(code: RoomCode) -> kad::RecordKey {
    let digest =
        Sha256::new().chain_update(crate::fair::hash::TAG_ROOM).chain_update(code.to_string()).finalize();
    kad::RecordKey::from([SHA2_256.as_slice(), digest.as_slice()].concat())
}

/// A bootstrap address's peer, from its `/p2p/` suffix.
pub fn bootstrap_peer(addr: &Multiaddr) -> Option<PeerId> {
    let peer = addressed_peer(addr);
    if peer.is_none() {
        warn!(%addr, "bootstrap address without /p2p/ id ignored");
    }
    peer
}

/// A Kademlia behaviour on the public DHT's protocol, in `mode`, knowing
/// the `bootstrap` peers (none: it answers only those who reach it). A
/// server hands the provider records it is given to its owner, which
/// stores them (see `net::relay`) and says so.
pub fn behaviour(peer: PeerId, mode: kad::Mode, bootstrap: &[Multiaddr]) -> kad::Behaviour<MemoryStore> {
    let mut config = kad::Config::new(AMINO);
    if mode == kad::Mode::Server {
        config.set_record_filtering(kad::StoreInserts::FilterBoth);
    }
    config.set_query_timeout(QUERY_TIMEOUT);
    config.set_provider_publication_interval(Some(PROVIDE_EVERY));
    let mut kad = kad::Behaviour::with_config(peer, MemoryStore::new(peer), config);
    // Fixed, not automatic: a player is never a DHT server (it would
    // advertise a relayed address as one), a relay always is.
    kad.set_mode(Some(mode));
    for addr in bootstrap {
        if let Some(id) = bootstrap_peer(addr) {
            kad.add_address(&id, addr.clone());
        }
    }
    if !bootstrap.is_empty()
        && let Err(e) = kad.bootstrap()
    {
        warn!("the DHT cannot bootstrap: {e}");
    }
    kad
}

impl EventLoop {
    fn kad(&mut self) -> Option<&mut kad::Behaviour<MemoryStore>> {
        self.swarm.behaviour_mut().kad.as_mut()
    }

    /// Provides our table's code on the DHT, once we have an address to
    /// give: a record without addresses is useless to a joiner, and go and
    /// js nodes drop it.
    pub(super) fn provide(&mut self) {
        let Some(code) = self.table.as_ref().map(|t| t.code) else { return };
        if self.swarm.external_addresses().next().is_none() {
            debug!(%code, "not provided on the DHT yet: no confirmed address");
            return;
        }
        if let Some(kad) = self.kad()
            && let Err(e) = kad.start_providing(room_key(code))
        {
            warn!(%code, "the room code cannot be provided on the DHT: {e}");
        }
    }

    /// Stops providing our table's code (the records others hold expire).
    pub(super) fn stop_providing(&mut self) {
        let Some(code) = self.table.as_ref().map(|t| t.code) else { return };
        if let Some(kad) = self.kad() {
            kad.stop_providing(&room_key(code));
        }
    }

    /// Looks `code` up on the DHT; the reply names the providers found.
    pub(super) fn find_providers(&mut self, code: RoomCode, reply: Reply<Vec<PeerId>>) {
        match self.kad() {
            Some(kad) => {
                let query = kad.get_providers(room_key(code));
                self.provider_lookups.insert(query, reply);
            }
            // Off the public network: nothing more was searched.
            None => {
                let _ = reply.send(Err(NetError::CodeNotFound { code, searched: Searched::LAN }));
            }
        }
    }

    pub(super) fn on_kad(&mut self, event: kad::Event) {
        let kad::Event::OutboundQueryProgressed { id, result, stats, .. } = event else {
            debug!(?event, "DHT event");
            return;
        };
        match result {
            kad::QueryResult::GetProviders(Ok(kad::GetProvidersOk::FoundProviders { providers, .. })) => {
                let me = *self.swarm.local_peer_id();
                let found: Vec<PeerId> = providers.into_iter().filter(|p| *p != me).collect();
                if found.is_empty() {
                    return;
                }
                // The providers' addresses are known only while the query
                // runs: dial them now (a dial takes them from the query).
                for &peer in &found {
                    let opts = DialOpts::peer_id(peer).build();
                    if let Err(e) = self.swarm.dial(opts) {
                        debug!(%peer, "cannot dial a provider: {e}");
                    }
                }
                if let Some(reply) = self.provider_lookups.remove(&id) {
                    let _ = reply.send(Ok(found));
                }
            }
            kad::QueryResult::GetProviders(finished) => {
                let Some(reply) = self.provider_lookups.remove(&id) else { return };
                debug!(?finished, "DHT lookup over");
                let answer =
                    if stats.num_successes() == 0 { Err(NetError::PublicSilent) } else { Ok(Vec::new()) };
                let _ = reply.send(answer);
            }
            kad::QueryResult::StartProviding(result) | kad::QueryResult::RepublishProvider(result) => {
                match result {
                    Ok(kad::AddProviderOk { .. }) => {
                        info!(peers = stats.num_successes(), "room code provided on the DHT")
                    }
                    Err(e) => warn!("the room code was not provided on the DHT: {e}"),
                }
            }
            kad::QueryResult::Bootstrap(Err(e)) => debug!("DHT bootstrap: {e}"),
            other => debug!(?other, "DHT query"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_key_is_the_sha2_256_multihash_of_the_tagged_code() {
        let code: RoomCode = "ABCDEF".parse().unwrap();
        let key = room_key(code);
        let bytes = key.as_ref();
        assert_eq!(bytes.len(), 34);
        assert_eq!(&bytes[..2], &SHA2_256);
        assert_eq!(&bytes[2..], Sha256::digest(b"ludopia/room/v1/ABCDEF").as_slice());
        assert_ne!(room_key("ABCDEG".parse().unwrap()), key);
    }

    #[test]
    fn the_default_bootstrap_list_parses_with_peer_ids() {
        let list = default_bootstrap();
        assert_eq!(list.len(), AMINO_BOOTSTRAP.len());
        assert!(list.iter().all(|a| bootstrap_peer(a).is_some()));
    }
}
