//! Peer-to-peer transport and the networked table's drivers: the only part
//! of Ludopia (with `ui`) that touches sockets, threads and the clock. It
//! holds no game logic: the table's rules, both sides of its messages and
//! its succession live in `table`; this carries them.
//!
//! - [`node`]: one task owns the libp2p swarm (TCP and QUIC, noise, yamux,
//!   identify, ping, mDNS, relay client, DCUtR, AutoNAT, rendezvous, Kademlia,
//!   request-response, the connection [`guard`]); [`Client`] talks to it,
//!   [`NodeEvent`]s come out.
//! - [`wire`]: the versioned, typed, size-capped messages.
//! - [`code`], [`ticket`]: room codes and invite tickets; [`node::dht`]
//!   meets players by room code on the public DHT.
//! - [`route`]: whether a peer is reached directly or through a relay.
//! - [`relay`]: the headless relay and rendezvous point.
//! - [`role`]: where a player starts (hosting or joining) and how its role
//!   changes; [`host`] and [`guest`] drive each side, [`succession`] a
//!   guest whose host is lost, [`watcher`] someone who follows a game
//!   without a seat; [`session`] is what they share; [`report`] what they
//!   say.
//! - [`limits`]: per-peer rate limits.

pub mod code;
pub mod guard;
pub mod guest;
pub mod host;
pub mod limits;
pub mod node;
pub mod relay;
pub mod report;
pub mod role;
pub mod route;
pub mod session;
pub mod succession;
pub mod ticket;
mod watcher;
pub mod wire;

pub use code::RoomCode;
pub use node::{Client, NetError, NodeConfig, NodeEvent, Responder, Searched, spawn};
pub use report::{Deed, Line, Places, PlayError, RouteKind, places};
pub use role::{HostPlan, JoinPlan, NotATable, Player, Target, host, join};
pub use ticket::Ticket;
pub use wire::{Kind, TableInfo};
