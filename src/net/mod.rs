//! Peer-to-peer transport: the only part of Ludopia (with `table` and `ui`)
//! that touches sockets, threads and the clock. It holds no game logic: it
//! carries intents in and signed log entries out as opaque, size-capped
//! payloads that the table and the fair-dice module encode and verify.
//!
//! - [`node`]: one task owns the libp2p swarm (TCP and QUIC, noise, yamux,
//!   identify, ping, mDNS, relay client, DCUtR, AutoNAT, rendezvous,
//!   request-response); [`Client`] talks to it, [`Event`]s come out.
//! - [`wire`]: the versioned envelope, caps and codec.
//! - [`code`], [`ticket`]: room codes and invite tickets.
//! - [`relay`]: the headless relay and rendezvous point.
//! - [`play`]: headless host and guest drivers over the table.
//! - [`election`]: host succession and epochs, pure.
//! - [`limits`]: per-peer rate limits.

pub mod code;
pub mod election;
pub mod limits;
pub mod node;
pub mod play;
pub mod relay;
pub mod ticket;
pub mod wire;

pub use code::RoomCode;
pub use node::{Client, Event, NetError, NodeConfig, Responder, spawn};
pub use ticket::Ticket;
pub use wire::{Kind, TableInfo};
