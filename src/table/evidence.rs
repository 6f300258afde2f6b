//! What a guest caught its host at, in the words of the command line's
//! `evidence` line and the window's warning. The cryptographic part, where
//! there is one, goes into the guest's proof ([`crate::fair::Evidence`]).

use serde::Serialize;
use std::fmt;

/// The kinds of lie a guest catches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Two different host-signed entries for one place.
    Equivocation,
    /// An entry the rules refuse: an illegal move, a roll its links do not give.
    Illegal,
    /// An old roll's links used again.
    Replay,
    /// A dice link recorded as missed that its seat had revealed.
    Withheld,
    /// A due roll held back past every wait the table allows (the host
    /// withholding its own link).
    Stall,
}

/// A lie, where in the log it was caught, and why in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub kind: Kind,
    /// The entry number the lie concerns.
    pub entry: u64,
    pub evidence: Option<String>,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            Kind::Equivocation => "it signed two different entries",
            Kind::Illegal => "it signed an entry the rules refuse",
            Kind::Replay => "it replayed an old roll",
            Kind::Withheld => "it hid a dice link that was revealed",
            Kind::Stall => "it held a due roll back",
        };
        write!(f, "{what} at entry {}", self.entry)?;
        if let Some(why) = &self.evidence {
            write!(f, " ({why})")?;
        }
        Ok(())
    }
}
