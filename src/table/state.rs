//! The table's state and its reducer: the game plus who holds each seat,
//! pause and close, and the dice chains' heads. The authority and every
//! replica apply records through [`TableState::apply`], so the rules that
//! write the log are the rules that check it.

use super::record::{By, CloseReason, Control, Link, PauseReason, Record, RollProof};
use super::rolls;
use crate::fair::{self, Genesis, Timing, canonical};
use crate::rules::{Action, Events, Face, FirstPlayer, Game, Illegal, PositionError, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a game stands, as every replica holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableState {
    pub game_id: Link,
    /// The genesis nonce every dice chain is bound to.
    pub nonce: Link,
    pub game: Game,
    pub started: bool,
    pub control: [Control; 4],
    pub paused: Option<PauseReason>,
    pub closed: Option<CloseReason>,
    /// The number of the next roll (the first is 1; the first-player draw
    /// counts as a roll).
    pub next_roll: u32,
    /// Each seat's last revealed chain element and its index (0: the anchor).
    pub heads: [(u32, Link); 4],
    pub chain_len: u32,
    /// The seats whose chains contribute to the next roll: every player at
    /// first; a seat leaves only through a signed record (a missed link, a
    /// drop, a leave, the host that held its chain leaving).
    pub live: SeatSet,
    /// The seats whose chains the host holds (its bots' and its own
    /// persons'); the others' links come from their peers.
    pub held: SeatSet,
    /// The genesis's timing, against which replicas check the table's waits.
    pub timing: Timing,
    /// The seat whose key signs the log now (the genesis host's at first).
    pub host: Seat,
    /// Hand-overs so far.
    pub epoch: u32,
}

/// Why a record cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    Illegal(Illegal),
    NotStarted,
    AlreadyStarted,
    Paused,
    NotPaused,
    Closed,
    /// A hand-over must name another player and a newer epoch, mid-game.
    BadHandover,
    /// The record's `by` does not fit who holds the seat.
    WrongHand {
        seat: Seat,
        by: By,
    },
    /// A roll's links do not check out.
    BadProof(String),
    BadFace {
        shown: Face,
        proven: Face,
    },
    BadFirst {
        shown: Seat,
        drawn: Seat,
    },
    /// A roll must come as a roll record, with its proof.
    UnprovenRoll,
    BadControlChange {
        seat: Seat,
    },
    /// The seats at the start do not match the genesis's players.
    BadSeats,
    /// A roll's contributing seats are not the log's live set.
    Contributors {
        live: SeatSet,
        mask: SeatSet,
    },
    /// A missed link claimed for a seat whose link the table holds, that
    /// is not live, for another roll, or after too short a wait.
    BadMissed {
        seat: Seat,
    },
    Position(PositionError),
    /// The entry's state hash is not the hash of the state it leads to.
    StateHash,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Illegal(e) => write!(f, "illegal action: {e}"),
            TableError::NotStarted => f.write_str("the game has not started"),
            TableError::AlreadyStarted => f.write_str("the game has already started"),
            TableError::Paused => f.write_str("the table is paused"),
            TableError::NotPaused => f.write_str("the table is not paused"),
            TableError::Closed => f.write_str("the table is closed"),
            TableError::WrongHand { seat, by } => {
                write!(f, "{seat} cannot be played by {by:?} now")
            }
            TableError::BadProof(why) => write!(f, "the roll's proof fails: {why}"),
            TableError::BadFace { shown, proven } => {
                write!(f, "the roll shows {shown} but its links give {proven}")
            }
            TableError::BadFirst { shown, drawn } => {
                write!(f, "the first player is {shown} but the draw gives {drawn}")
            }
            TableError::UnprovenRoll => f.write_str("a roll must carry its dice proof"),
            TableError::BadControlChange { seat } => {
                write!(f, "{seat} cannot change hands that way")
            }
            TableError::Position(e) => write!(f, "bad position: {e}"),
            TableError::BadSeats => f.write_str("the seats do not match the genesis's players"),
            TableError::Contributors { live, mask } => write!(
                f,
                "the roll takes the links of {} but the live chains are {}",
                seats(*mask),
                seats(*live)
            ),
            TableError::BadMissed { seat } => {
                write!(f, "{seat}'s link cannot be recorded as missed now")
            }
            TableError::BadHandover => {
                f.write_str("a hand-over must name another player and a newer epoch, mid-game")
            }
            TableError::StateHash => {
                f.write_str("the state hash does not match the state the entry leads to")
            }
        }
    }
}

impl std::error::Error for TableError {}

/// Seats in words: "red, green" (or "none").
fn seats(set: SeatSet) -> String {
    let names: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    if names.is_empty() { "none".into() } else { names.join(", ") }
}

impl From<Illegal> for TableError {
    fn from(e: Illegal) -> Self {
        TableError::Illegal(e)
    }
}

/// The `roller` byte of the first-player draw in the roll seed (seats are 0..=3).
pub use crate::fair::DRAW_ROLLER;

impl TableState {
    /// The state right after the genesis: nothing played, the anchors as
    /// chain heads; the seats are taken by the start record.
    pub fn genesis(genesis: &Genesis, game_id: Link) -> Result<TableState, TableError> {
        let players = genesis.players;
        let first = players.iter().next().unwrap_or(Seat::ALL[0]);
        let game = Game::new(genesis.rules, players, first).map_err(TableError::Position)?;
        let anchor = |s: Seat| genesis.seat(s).map(|c| c.anchor).unwrap_or_default();
        Ok(TableState {
            game_id,
            nonce: genesis.game_nonce,
            game,
            started: false,
            control: [Control::Empty; 4],
            paused: None,
            closed: None,
            next_roll: 1,
            heads: Seat::ALL.map(|s| (0, anchor(s))),
            chain_len: genesis.chain_len,
            live: players,
            held: genesis.held,
            timing: genesis.timing,
            host: genesis.host,
            epoch: 0,
        })
    }

    /// `H_state` of the canonical bytes: what every log entry names.
    pub fn hash(&self) -> Link {
        fair::state_hash(&canonical::encode(self))
    }

    /// Applies one record: the next state and the game's events, or why the
    /// record is wrong. Nothing changes on error.
    pub fn apply(&self, record: &Record) -> Result<(TableState, Events), TableError> {
        let mut next = *self;
        let mut events = Events::new();
        if next.closed.is_some() {
            return Err(TableError::Closed);
        }
        match *record {
            Record::Start { seats, first, draw } => {
                if next.started {
                    return Err(TableError::AlreadyStarted);
                }
                let players = next.game.players();
                if Seat::ALL.iter().any(|s| players.contains(*s) == (seats[s.index()] == Control::Empty)) {
                    return Err(TableError::BadSeats);
                }
                next.control = seats;
                // A peer whose link for the draw was missed starts away.
                for seat in players.iter().filter(|&s| !next.held.contains(s) && !next.live.contains(s)) {
                    if let Control::Person { owner } = seats[seat.index()] {
                        next.control[seat.index()] = Control::Standin { owner };
                    }
                }
                let drawn = match (next.game.rules().first_player, draw) {
                    (FirstPlayer::Random, Some(proof)) => {
                        let seed = next.check_proof(&proof, DRAW_ROLLER)?;
                        let index = rolls::pick(&seed, players.len() as u8);
                        players.iter().nth(usize::from(index)).unwrap_or(first)
                    }
                    (FirstPlayer::Random, None) => return Err(TableError::UnprovenRoll),
                    (FirstPlayer::Seat0, None) => players.iter().next().unwrap_or(first),
                    (FirstPlayer::Seat0, Some(_)) => {
                        return Err(TableError::BadProof("these rules draw no first player".into()));
                    }
                };
                if drawn != first {
                    return Err(TableError::BadFirst { shown: first, drawn });
                }
                next.game = Game::new(*next.game.rules(), players, first).map_err(TableError::Position)?;
                next.started = true;
            }
            Record::Roll { seat, face, proof, by } => {
                next.check_playable(seat, by)?;
                // Refuse out-of-turn rolls before spending the links.
                if next.game.to_act() != Some(seat) {
                    return Err(TableError::Illegal(Illegal::NotYourTurn {
                        to_act: next.game.to_act().unwrap_or(seat),
                    }));
                }
                let seed = next.check_proof(&proof, u8::from(seat))?;
                let proven = rolls::face(&seed);
                if proven != face {
                    return Err(TableError::BadFace { shown: face, proven });
                }
                next.game.play(Action::Roll { seat, face }, &mut events)?;
            }
            Record::Act { action, by } => {
                if matches!(action, Action::Roll { .. }) {
                    return Err(TableError::UnprovenRoll);
                }
                next.check_playable(action.seat(), by)?;
                next.game.play(action, &mut events)?;
            }
            Record::Control { seat, control } => {
                let now = next.control[seat.index()];
                let allowed = match (now, control) {
                    // A drop, and the return.
                    (Control::Person { owner }, Control::Standin { owner: o })
                    | (Control::Standin { owner }, Control::Person { owner: o }) => owner == o,
                    // Leaving gives the seat to a bot for the rest of the game.
                    (Control::Person { .. } | Control::Standin { .. }, Control::Bot(_)) => true,
                    _ => false,
                };
                if !allowed || next.game.is_over() {
                    return Err(TableError::BadControlChange { seat });
                }
                next.control[seat.index()] = control;
                // A remote person's chain contributes while its person plays.
                if !next.held.contains(seat) {
                    next.live = match control {
                        Control::Person { .. } => next.live.with(seat),
                        _ => next.live.without(seat),
                    };
                }
            }
            Record::Missed { seat, k, waited } => {
                let fits = !next.game.is_over()
                    && next.live.contains(seat)
                    && !next.held.contains(seat)
                    && k == next.next_roll
                    && waited >= next.timing.reveal_wait;
                if !fits {
                    return Err(TableError::BadMissed { seat });
                }
                next.live = next.live.without(seat);
                if let Control::Person { owner } = next.control[seat.index()] {
                    next.control[seat.index()] = Control::Standin { owner };
                }
            }
            Record::Pause { .. } if next.paused.is_some() => return Err(TableError::Paused),
            Record::Pause { reason } => next.paused = Some(reason),
            Record::Resume if next.paused.is_none() => return Err(TableError::NotPaused),
            Record::Resume => next.paused = None,
            Record::Close { reason } => next.closed = Some(reason),
            Record::Handover { epoch, host } => {
                let fits = next.started
                    && !next.game.is_over()
                    && epoch > next.epoch
                    && host != next.host
                    && next.game.players().contains(host);
                if !fits {
                    return Err(TableError::BadHandover);
                }
                next.host = host;
                next.epoch = epoch;
                // The departed host's chains are gone; the new host holds its own.
                next.live = next.live.minus(next.held).with(host);
                next.held = SeatSet::EMPTY.with(host);
            }
        }
        Ok((next, events))
    }

    /// A roll or action for `seat` may be recorded now, decided `by` whoever
    /// holds the seat.
    fn check_playable(&self, seat: Seat, by: By) -> Result<(), TableError> {
        if !self.started {
            return Err(TableError::NotStarted);
        }
        if self.paused.is_some() {
            return Err(TableError::Paused);
        }
        let control = self.control[seat.index()];
        let fits = match by {
            By::Player | By::Timeout => matches!(control, Control::Person { .. }),
            By::Bot => control.bot().is_some(),
        };
        if fits { Ok(()) } else { Err(TableError::WrongHand { seat, by }) }
    }

    /// Checks a roll's links against the chain heads and returns the roll
    /// seed; advances the heads and the roll number.
    fn check_proof(&mut self, proof: &RollProof, roller: u8) -> Result<Link, TableError> {
        let k = proof.k;
        if k != self.next_roll {
            return Err(TableError::BadProof(format!("roll number {k}, expected {}", self.next_roll)));
        }
        if k > self.chain_len {
            return Err(TableError::BadProof("the dice chains are used up".into()));
        }
        if proof.mask != self.live || proof.mask.is_empty() {
            return Err(TableError::Contributors { live: self.live, mask: proof.mask });
        }
        for seat in Seat::ALL {
            match (proof.mask.contains(seat), proof.links[seat.index()]) {
                (true, Some(link)) => {
                    let (index, head) = self.heads[seat.index()];
                    if !rolls::link_follows(&self.nonce, seat, k, &link, index, &head) {
                        return Err(TableError::BadProof(format!("{seat}'s link does not follow its chain")));
                    }
                    self.heads[seat.index()] = (k, link);
                }
                (false, None) => {}
                _ => {
                    return Err(TableError::BadProof(format!("{seat}'s link does not match the mask")));
                }
            }
        }
        self.next_roll += 1;
        rolls::seed(&self.game_id, k, roller, proof.mask, &proof.links)
            .ok_or_else(|| TableError::BadProof("the links do not match the mask".into()))
    }

    /// Who holds the seat that the game waits for.
    pub fn to_act(&self) -> Option<(Seat, Control)> {
        let seat = self.game.to_act()?;
        Some((seat, self.control[seat.index()]))
    }

    /// Seats a person holds or will take back, with their owners.
    pub fn owners(&self) -> impl Iterator<Item = (Seat, crate::table::record::Participant)> + '_ {
        Seat::ALL.into_iter().filter_map(|s| self.control[s.index()].owner().map(|o| (s, o)))
    }

    /// The seats with a dice chain: every player.
    pub fn chained(&self) -> SeatSet {
        self.game.players()
    }
}
