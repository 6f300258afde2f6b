//! The event log beside the board: what the screen tells the player, each
//! line with the log entry it tells of, so that a branch set aside takes
//! its lines with it.

use super::GameScreen;

/// How many lines the event log keeps.
const LOG_LINES: usize = 40;

/// A line of the event log, and the log entry it tells of (none for the
/// screen's own news).
pub(super) struct Told {
    entry: Option<u64>,
    line: String,
}

impl Told {
    /// The screen's own news, about no entry.
    pub(super) fn news(line: String) -> Told {
        Told { entry: None, line }
    }
}

impl GameScreen {
    /// The newest line of the event log.
    pub fn last_event(&self) -> &str {
        self.events().next_back().unwrap_or("")
    }

    /// The event log's lines, oldest first.
    pub fn events(&self) -> impl DoubleEndedIterator<Item = &str> {
        self.log.iter().map(|told| told.line.as_str())
    }

    /// Says something to the player: a new line in the event log.
    pub(super) fn tell(&mut self, line: String) {
        self.told(None, line);
    }

    /// A line of the event log, about log entry `entry` if it is one.
    pub(super) fn told(&mut self, entry: Option<u64>, line: String) {
        if self.log.len() == LOG_LINES {
            self.log.pop_front();
        }
        self.log.push_back(Told { entry, line });
    }

    /// Takes out the lines of entries `from` on: a branch set aside (what
    /// those entries did no longer happened at this table).
    pub(super) fn untell_from(&mut self, from: u64) {
        self.log.retain(|told| told.entry.is_none_or(|seq| seq < from));
    }
}
