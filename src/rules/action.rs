//! What players do (actions), what happens (events), and why an action can be
//! refused (illegal).

use super::face::Face;
use super::params::Rules;
use super::progress::Progress;
use super::seat::Seat;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One thing a seat does. Every action names who does it, so acting out of
/// turn is caught by the same check as any other illegal action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// The die showed `face` for `seat` (the die is an input, never drawn here).
    Roll { seat: Seat, face: Face },
    /// Move the seat's `pawn`-th pawn by the face rolled.
    Move { seat: Seat, pawn: u8 },
    /// Palace: challenge `opponent` to a duel for the die.
    Challenge { seat: Seat, opponent: Seat },
    /// Palace: place the next duel mark on `cell` (0..=8, row-major).
    Mark { seat: Seat, cell: u8 },
}

impl Action {
    pub fn seat(&self) -> Seat {
        match *self {
            Action::Roll { seat, .. }
            | Action::Move { seat, .. }
            | Action::Challenge { seat, .. }
            | Action::Mark { seat, .. } => seat,
        }
    }
}

/// What earned an extra roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    Six,
    Capture,
    Arrival,
}

/// Why a pawn was sent to its yard by the rules rather than by a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Penalty {
    /// `three_sixes = leading_pawn_home`.
    ThreeSixes,
    /// `must_capture`: a capture was possible and another pawn moved.
    MissedCapture,
}

/// Something that happened, in the order it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Rolled {
        seat: Seat,
        face: Face,
    },
    /// The roll allows no move.
    NoMove {
        seat: Seat,
    },
    /// A yard pawn came out onto its start square.
    Entered {
        seat: Seat,
        pawn: u8,
    },
    Moved {
        seat: Seat,
        pawn: u8,
        from: Progress,
        to: Progress,
    },
    /// `seat`'s pawn was captured by `by` and went to its yard.
    Captured {
        seat: Seat,
        pawn: u8,
        by: Seat,
        from: Progress,
    },
    /// A pawn arrived home (or on a home space).
    ReachedHome {
        seat: Seat,
        pawn: u8,
    },
    /// The third six in a row: not moved.
    ThreeSixes {
        seat: Seat,
    },
    SentToYard {
        seat: Seat,
        pawn: u8,
        from: Progress,
        penalty: Penalty,
    },
    BonusRoll {
        seat: Seat,
        bonus: Bonus,
    },
    /// Every pawn of `seat` is home.
    Finished {
        seat: Seat,
        place: u8,
    },
    TurnPassed {
        from: Seat,
        to: Seat,
    },
    Challenged {
        seat: Seat,
        opponent: Seat,
    },
    Marked {
        seat: Seat,
        cell: u8,
    },
    /// A drawn duel starts again; `x` now plays ✕.
    DuelDrawn {
        x: Seat,
    },
    DuelWon {
        seat: Seat,
    },
    /// `goal = one`: a pawn of a player who just finished left the board
    /// (its progress is now 56).
    LeftBoard {
        seat: Seat,
        pawn: u8,
        from: Progress,
    },
    /// The game is over; `places[k]` is seat k's place (0 for empty seats).
    GameOver {
        places: [u8; 4],
    },
}

/// The events of one action. Fixed capacity: the worst case is a roll that
/// captures twelve pawns on a shared square, plus the rest of a move's news.
pub type Events = ArrayVec<Event, 24>;

/// Where the reducer tells what happened: the full list ([`Events`]) for
/// the table and the screens, or [`TurnsPassed`] for simulations, which read
/// nothing else (the reducer is the same; only the telling differs).
pub trait EventSink {
    fn push(&mut self, event: Event);

    /// After a roll that awaits a move: the pawns the roller may move, bit
    /// `i` for pawn `i` (what [`super::Game::movable_pawns`] would answer).
    /// The reducer has just listed them, so a simulation's player can choose
    /// without listing them again; other sinks ignore it.
    #[inline]
    fn movable(&mut self, _pawns: u8) {}
}

impl EventSink for Events {
    #[inline]
    fn push(&mut self, event: Event) {
        ArrayVec::push(self, event);
    }
}

/// Counts [`Event::TurnPassed`] and forgets the rest: building the events
/// no one reads is a good part of a simulated game's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnsPassed(pub u32);

impl EventSink for TurnsPassed {
    #[inline]
    fn push(&mut self, event: Event) {
        self.0 += u32::from(matches!(event, Event::TurnPassed { .. }));
    }
}

/// Why an action is refused. Refusing changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Illegal {
    GameOver,
    NotYourTurn {
        to_act: Seat,
    },
    /// The action does not fit the phase (rolling while a move is due, ...).
    WrongPhase,
    NoSuchPawn {
        pawn: u8,
    },
    PawnCannotMove {
        pawn: u8,
        why: Blocked,
    },
    /// The opponent is the challenger, its partner, an empty seat, or finished.
    BadOpponent {
        opponent: Seat,
    },
    BadCell {
        cell: u8,
    },
    CellTaken {
        cell: u8,
    },
}

/// Why a particular pawn cannot move with a particular roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Blocked {
    /// Leaving the yard needs a 6.
    NeedsSix,
    /// The pawn is already home for good.
    AlreadyHome,
    /// The roll would carry it past home.
    Overshoots,
    /// `start_blocked_by_own`: an own pawn stands on the start square.
    OwnPawnOnStart,
    /// `blocking`: a pawn stands between here and there.
    PassesAPawn,
    /// `one_per_space` or a home space: the target is taken by an own pawn.
    OwnPawnThere,
    /// `one_per_space`: an opponent holds the safe target square.
    SafeSquareTaken,
    /// `capture_to_home`: the square just before the start is crossed,
    /// never stopped on, until the lane opens.
    BeforeStart,
    /// Teams with `one_per_space`: the partner's pawn holds the target.
    PartnerThere,
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Blocked::NeedsSix => "leaving the yard needs a 6",
            Blocked::AlreadyHome => "the pawn is already home",
            Blocked::Overshoots => "the roll would carry it past home",
            Blocked::OwnPawnOnStart => "an own pawn stands on the start square",
            Blocked::PassesAPawn => "a pawn stands in the way",
            Blocked::OwnPawnThere => "an own pawn already stands on that space",
            Blocked::SafeSquareTaken => "an opponent holds that safe square",
            Blocked::BeforeStart => {
                "no pawn stops on the square before its start until its player has captured"
            }
            Blocked::PartnerThere => "the partner's pawn already stands on that space",
        })
    }
}

impl Illegal {
    /// The reason with each seat named by its colour under `rules`, as
    /// players and scripts name them.
    pub fn in_colours(&self, rules: &Rules) -> String {
        rules.naming_seats(|f, name| self.write(f, name))
    }

    fn write(&self, f: &mut dyn fmt::Write, name: &dyn Fn(Seat) -> String) -> fmt::Result {
        match self {
            Illegal::GameOver => f.write_str("the game is over"),
            Illegal::NotYourTurn { to_act } => write!(f, "not your turn: {} is to act", name(*to_act)),
            Illegal::WrongPhase => f.write_str("that action does not fit the phase of the game"),
            Illegal::NoSuchPawn { pawn } => write!(f, "there is no pawn {pawn}"),
            Illegal::PawnCannotMove { pawn, why } => write!(f, "pawn {pawn} cannot move: {why}"),
            Illegal::BadOpponent { opponent } => {
                write!(f, "{} cannot be challenged: it is not a rival still playing", name(*opponent))
            }
            Illegal::BadCell { cell } => write!(f, "duel cells are 0 to 8, not {cell}"),
            Illegal::CellTaken { cell } => write!(f, "duel cell {cell} is already marked"),
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &|s| s.to_string())
    }
}

impl std::error::Error for Illegal {}
