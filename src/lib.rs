//! Ludopia: Ludo for 2–4 players, on one computer or peer to peer, with dice
//! that every player can verify.
//!
//! The parts follow `DESIGN.md`: [`rules`] is the pure game; [`fair`] the
//! verifiable dice and the signed game log.

pub mod bots;
pub mod cli;
pub mod fair;
pub mod net;
pub mod profile;
pub mod rules;
pub mod table;
pub mod ui;
pub mod untrusted;
