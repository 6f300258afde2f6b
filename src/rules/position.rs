//! Why a position cannot be played: what `Game::from_setup` and a decoded
//! game's invariants refuse, with each seat named as players name it.

use super::params::{Rules, RulesError};
use super::progress::Progress;
use super::seat::Seat;
use std::fmt;

/// Why a position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Rules(RulesError),
    PlayerCount(usize),
    TurnNotPlaying(Seat),
    /// The turn is given to a player that has finished (with teams, whose
    /// side has).
    TurnFinished(Seat),
    ProgressOutOfRange {
        seat: Seat,
        pawn: usize,
        progress: Progress,
    },
    EmptySeatHasPawns(Seat),
    SpaceShared {
        seat: Seat,
        progress: Progress,
    },
    AlreadyOver,
    /// `teams = opposite` with fewer than four players.
    TeamsNeedFourSeats(usize),
    Inconsistent(&'static str),
    /// A position the rules can play on but no game reaches
    /// ([`Game::check_reached`]).
    Unreached {
        seat: Seat,
        progress: Progress,
        why: Unreached,
    },
}

/// Why no game reaches a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreached {
    /// A rival's pawn shares the pawn's square, which is not safe.
    RivalsShare,
    /// The pawn is past its loop, but its side has not captured
    /// (`capture_to_home`).
    LaneShut,
}

impl PositionError {
    /// The error with each seat named by its colour under `rules`, as
    /// players and scripts name them.
    pub fn in_colours(&self, rules: &Rules) -> String {
        rules.naming_seats(|f, name| self.write(f, name))
    }

    fn write(&self, f: &mut dyn fmt::Write, name: &dyn Fn(Seat) -> String) -> fmt::Result {
        match self {
            PositionError::Rules(e) => write!(f, "{e}"),
            PositionError::PlayerCount(n) => write!(f, "a game has 2 to 4 players, not {n}"),
            PositionError::TurnNotPlaying(s) => {
                write!(f, "the turn is given to {}, which is not playing", name(*s))
            }
            PositionError::TurnFinished(s) => {
                write!(f, "the turn is given to {}, which has finished", name(*s))
            }
            PositionError::ProgressOutOfRange { seat, pawn, progress } => {
                let seat = name(*seat);
                write!(f, "pawn {pawn} of {seat} has progress {progress}, outside what these rules allow")
            }
            PositionError::EmptySeatHasPawns(s) => {
                write!(f, "{} is empty but has pawns on the board", name(*s))
            }
            PositionError::SpaceShared { seat, progress } => {
                let seat = name(*seat);
                write!(
                    f,
                    "two pawns share the space of {seat} at progress {progress}, which these rules forbid"
                )
            }
            PositionError::AlreadyOver => f.write_str("the position is already decided"),
            PositionError::TeamsNeedFourSeats(n) => {
                write!(f, "teams = opposite needs all four seats, not {n}")
            }
            PositionError::Inconsistent(what) => write!(f, "inconsistent state: {what}"),
            PositionError::Unreached { seat, progress, why: Unreached::RivalsShare } => write!(
                f,
                "no game reaches this position: a pawn of {} at progress {progress} shares a square \
                 that is not safe with a rival's pawn, which the one that came second would have captured",
                name(*seat)
            ),
            PositionError::Unreached { seat, progress, why: Unreached::LaneShut } => write!(
                f,
                "no game reaches this position: a pawn of {} is at progress {progress}, past its loop, \
                 but capture_to_home keeps its lane shut until its side has captured (see `captured`)",
                name(*seat)
            ),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &|s| s.to_string())
    }
}

impl std::error::Error for PositionError {}

impl From<RulesError> for PositionError {
    fn from(e: RulesError) -> Self {
        PositionError::Rules(e)
    }
}
