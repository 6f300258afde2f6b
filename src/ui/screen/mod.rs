//! The screens, each a module with its own state, `Message`, an `update`
//! that returns an action for the app, and a `view`.

pub mod game;
pub mod history;
pub mod home;
pub mod how_to;
pub mod replay;
pub mod settings;
pub mod setup;
pub mod stats;
