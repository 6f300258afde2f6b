//! The table: the authority that runs a game (seats, timers, take-over,
//! pause, the dice protocol, the log), the state every replica checks, and
//! both sides of a networked table without the network: the guest, the
//! messages, the roster and the succession. Pure and deterministic: time,
//! randomness and messages come in as values.

mod authority;
pub mod evidence;
mod guest;
pub mod message;
mod presence;
mod reaction;
mod record;
mod replica;
pub mod rolls;
pub mod roster;
mod seating;
mod state;
pub mod succession;
mod takeover;

pub use authority::{Act, CHAIN_LEN, Input, Millis, Refusal, Table, TableConfig, Timing, game_nonce};
pub use evidence::{Found, Kind as EvidenceKind};
pub use guest::{Applied, Guest, GuestError, Kept, STALL_SLACK};
pub use message::{Again, Answer, Beat, Denial, Offer, Position, ToGuest, ToHost, ToPeer, Watching};
pub use reaction::{Reaction, Said};
pub use record::{By, CloseReason, Control, Link, Participant, PauseReason, Record, RollProof};
pub use replica::{EntryRefused, Replica, RollBackError, check_transition, seat_colours, verify_proof};
pub use roster::{Member, Reach, Roster};
pub use state::{DRAW_ROLLER, TableError, TableState};
pub use takeover::Successor;
