//! What the integration tests share, in one place: random legal play
//! (`game`), a synthetic signed game of rolls (`fair`, also the fair
//! bench's), and `ludopia` processes with profiles of their own that are
//! killed when a test ends, and their JSON lines (`player`).
//!
//! Every test binary (and the bench) compiles the whole module and uses a
//! part of it; the parts another binary uses are not dead code.
#![allow(dead_code)]

pub mod fair;
pub mod game;
pub mod player;
