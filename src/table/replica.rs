//! The replica a guest (or a spectator, or the offline verifier) keeps: it
//! starts from the genesis and re-applies every record through the same
//! reducer, so a host that lies about a roll or a move is caught.

use super::authority::Genesis;
use super::record::Record;
use super::state::{TableError, TableState};
use crate::rules::Events;

#[derive(Clone, Debug)]
pub struct Replica {
    state: TableState,
    applied: u64,
}

impl Replica {
    pub fn new(genesis: &Genesis) -> Result<Replica, TableError> {
        Ok(Replica { state: genesis.state()?, applied: 0 })
    }

    pub fn state(&self) -> &TableState {
        &self.state
    }

    /// How many records it has verified.
    pub fn applied(&self) -> u64 {
        self.applied
    }

    /// Verifies and applies the next record; a bad one changes nothing.
    pub fn apply(&mut self, record: &Record) -> Result<Events, TableError> {
        let (next, events) = self.state.apply(record)?;
        self.state = next;
        self.applied += 1;
        Ok(events)
    }
}
