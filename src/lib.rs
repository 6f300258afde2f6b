//! Ludopia: Ludo for 2–4 players, on one computer or peer to peer, with dice
//! that every player can verify.
//!
//! The parts follow `DESIGN.md`: [`rules`] is the pure game.

pub mod cli;
pub mod net;
pub mod rules;
