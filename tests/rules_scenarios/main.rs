//! Scenario tests of the rules engine against RULES.md, one file per topic,
//! all through the public API (`Game::from_setup`, `apply`, events,
//! `legal_moves`). One test binary keeps the build short.

mod bonuses;
mod ending;
mod entering;
mod geometry;
mod helpers;
mod home;
mod must_capture;
mod palace;
mod quick;
mod sixes;
mod squares;
mod teams;
mod turns;
