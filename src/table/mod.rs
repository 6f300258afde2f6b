//! The table: the authority that runs a game (seats, timers, takeover,
//! pause, the dice protocol, the log) and the state every replica checks.
//! Pure and deterministic: time, randomness and messages come in as values.

mod authority;
pub mod dice;
mod guest;
mod lobby;
mod reaction;
mod record;
mod replica;
mod state;

pub use authority::{Act, CHAIN_LEN, Input, Millis, Refusal, Table, TableConfig, Timing, game_nonce};
pub use guest::{Answer, Applied, Guest, GuestError, ToGuest, ToHost};
pub use lobby::Lobby;
pub use reaction::{Reaction, Said};
pub use record::{By, CloseReason, Control, Link, Participant, PauseReason, Record, RollProof};
pub use replica::{EntryRefused, Replica, check_transition, verify_proof};
pub use state::{DRAW_ROLLER, TableError, TableState};
