//! The state of a game: a small `Copy` value, hashed, signed, sent and
//! simulated millions of times, so it holds no heap data.

use super::duel::Duel;
use super::face::Face;
use super::params::{End, Goal, Home, Rules};
use super::position::{PositionError, Unreached};
use super::progress::Progress;
use super::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// In the yard: [`Progress::YARD`], which every position names.
pub const YARD: Progress = Progress::YARD;

/// What the game waits for. A tag byte of its own (not a niche in the
/// duel's cells): every action asks which phase it is, and this makes the
/// question one comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Phase {
    /// The roller is to roll.
    Roll,
    /// The roller rolled `face` and must move a pawn.
    Move {
        face: Face,
    },
    /// Palace: the seat whose turn it is challenges another.
    ChooseOpponent,
    /// Palace: the duel for the die is under way.
    Duel(Duel),
    Over,
}

impl Phase {
    /// The phase's name in scripts: `roll`, `move`, `choose_opponent`, `duel`, `over`.
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Roll => "roll",
            Phase::Move { .. } => "move",
            Phase::ChooseOpponent => "choose_opponent",
            Phase::Duel(_) => "duel",
            Phase::Over => "over",
        }
    }
}

/// A validated game state. Build one with [`Game::new`] or
/// [`Game::from_setup`]; decoding checks it the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Unchecked")]
pub struct Game {
    pub(super) rules: Rules,
    pub(super) players: SeatSet,
    /// `pawns[seat][i]`; slots beyond `rules.pawns` and empty seats hold −1.
    pub(super) pawns: [[Progress; 4]; 4],
    /// Whose turn it is (in palace: the challenger).
    pub(super) turn: Seat,
    /// Who rolls and moves now: the turn's seat, or in palace the duel's winner.
    pub(super) roller: Seat,
    pub(super) phase: Phase,
    /// Sixes rolled in a row in this turn.
    pub(super) sixes: u8,
    /// `places[seat]`, 0 while undecided.
    pub(super) places: [u8; 4],
    /// The seats that have captured an opponent's pawn in this game (kept
    /// under every rule set: `capture_to_home` reads it, scripts show it).
    pub(super) captured: SeatSet,
}

/// The same fields as [`Game`], before they are checked.
#[derive(Deserialize)]
struct Unchecked {
    rules: Rules,
    players: SeatSet,
    pawns: [[Progress; 4]; 4],
    turn: Seat,
    roller: Seat,
    phase: Phase,
    sixes: u8,
    places: [u8; 4],
    captured: SeatSet,
}

impl TryFrom<Unchecked> for Game {
    type Error = PositionError;
    fn try_from(u: Unchecked) -> Result<Game, PositionError> {
        let game = Game {
            rules: u.rules,
            players: u.players,
            pawns: u.pawns,
            turn: u.turn,
            roller: u.roller,
            phase: u.phase,
            sixes: u.sixes,
            places: u.places,
            captured: u.captured,
        };
        game.check()?;
        Ok(game)
    }
}

/// A position to start from, before it is checked (scripts and tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub rules: Rules,
    pub players: SeatSet,
    /// `pawns[seat][i]`, only the first `rules.pawns` of each player read.
    pub pawns: [[Progress; 4]; 4],
    pub turn: Seat,
    /// The seats that have already captured (see `capture_to_home`).
    pub captured: SeatSet,
}

impl Setup {
    /// The position a game begins in: the first `start_out` pawns of each
    /// player on its start square, the rest in the yard, no capture yet.
    /// No one is captured where a start square is shared: nobody has moved.
    pub fn new(rules: Rules, players: SeatSet, turn: Seat) -> Setup {
        let mut pawns = [[YARD; 4]; 4];
        let out = usize::from(rules.start_out).min(4);
        for row in &mut pawns {
            row[..out].fill(Progress::START);
        }
        Setup { rules, players, pawns, turn, captured: SeatSet::EMPTY }
    }

    /// The first player in seat order whose side has not finished: who is
    /// to act in a position nobody gave the turn of (scripts draw nothing).
    /// A player already home has a place and no turn; with teams it still
    /// takes its turns while its partner plays.
    pub fn first_playing(&self) -> Seat {
        let game = Game::unchecked(self);
        self.players.iter().find(|&s| !game.team_finished(s)).unwrap_or(self.turn)
    }
}

impl Game {
    /// A new game ([`Setup::new`]), `first` to act.
    pub fn new(rules: Rules, players: SeatSet, first: Seat) -> Result<Game, PositionError> {
        Game::from_setup(Setup::new(rules, players, first))
    }

    /// A game from a chosen position, `turn` about to start its turn.
    /// Players who have already finished take places in seat order (only
    /// `play_on` games can go on from there); with `goal = one` their other
    /// pawns leave the board. With teams a lone finished partner has no
    /// place yet, and a finished team means the game is decided.
    pub fn from_setup(setup: Setup) -> Result<Game, PositionError> {
        let rules = setup.rules;
        rules.validate()?;
        let mut game = Game::unchecked(&setup);
        for seat in setup.players.iter() {
            if game.has_finished(seat) {
                game.leave_board(seat, &mut super::action::TurnsPassed::default());
            }
        }
        if rules.has_teams() {
            if setup.players.iter().any(|s| game.team_finished(s)) {
                return Err(PositionError::AlreadyOver);
            }
        } else {
            let mut place = 0;
            for seat in setup.players.iter() {
                if game.has_finished(seat) {
                    place += 1;
                    game.places[seat.index()] = place;
                }
            }
            if place > 0 && (rules.end == End::FirstHome || game.remaining().len() < 2) {
                return Err(PositionError::AlreadyOver);
            }
        }
        game.check()?;
        Ok(game)
    }

    /// The game `setup` describes, before anyone is placed or anything is
    /// checked.
    fn unchecked(setup: &Setup) -> Game {
        let mut pawns = [[YARD; 4]; 4];
        for seat in setup.players.iter() {
            let n = usize::from(setup.rules.pawns).min(4);
            pawns[seat.index()][..n].copy_from_slice(&setup.pawns[seat.index()][..n]);
        }
        Game {
            rules: setup.rules,
            players: setup.players,
            pawns,
            turn: setup.turn,
            roller: setup.turn,
            phase: setup.rules.first_phase(),
            sixes: 0,
            places: [0; 4],
            captured: setup.captured,
        }
    }

    /// Every invariant a game keeps; decoded games are held to it too, so no
    /// state from a peer can make the reducer misbehave.
    fn check(&self) -> Result<(), PositionError> {
        let rules = &self.rules;
        rules.validate()?;
        if !(2..=4).contains(&self.players.len()) {
            return Err(PositionError::PlayerCount(self.players.len()));
        }
        if rules.has_teams() && self.players.len() != 4 {
            return Err(PositionError::TeamsNeedFourSeats(self.players.len()));
        }
        if !self.captured.minus(self.players).is_empty() {
            return Err(PositionError::Inconsistent("a seat that is not playing has captured"));
        }
        let n = usize::from(rules.pawns);
        for seat in Seat::ALL {
            let pawns = &self.pawns[seat.index()];
            if !self.players.contains(seat) {
                if pawns.iter().any(|&p| p != YARD) {
                    return Err(PositionError::EmptySeatHasPawns(seat));
                }
                continue;
            }
            let finished = self.has_finished(seat);
            for (pawn, &progress) in pawns.iter().enumerate() {
                let in_range = if pawn < n {
                    (YARD..=rules.last_progress()).contains(&progress)
                        || (finished && rules.goal == Goal::One && progress == super::board::OFF_BOARD)
                } else {
                    progress == YARD
                };
                if !in_range {
                    return Err(PositionError::ProgressOutOfRange { seat, pawn, progress });
                }
            }
            if finished
                && rules.goal == Goal::One
                && pawns[..n].iter().any(|&p| !rules.is_home(p) && p != super::board::OFF_BOARD)
            {
                return Err(PositionError::Inconsistent("a finished player still has pawns on the board"));
            }
            let single = rules.one_per_space || rules.home == Home::FourSpaces;
            for (i, &p) in pawns[..n].iter().enumerate() {
                let lane_or_track = p.on_loop() || p.in_lane();
                let home_space = rules.home == Home::FourSpaces
                    && (Progress::LANE_START..=Progress::LAST_HOME_SPACE).contains(&p);
                let exclusive = (rules.one_per_space && lane_or_track) || (single && home_space);
                if exclusive && pawns[..i].contains(&p) {
                    return Err(PositionError::SpaceShared { seat, progress: p });
                }
            }
        }
        if rules.one_per_space {
            for seat in self.players.iter() {
                for &p in self.pawns(seat).iter().filter(|p| p.on_loop()) {
                    if self.other_on(seat, super::board::loop_square(seat, p)) {
                        return Err(PositionError::SpaceShared { seat, progress: p });
                    }
                }
            }
        }
        if self.places.iter().any(|&p| p > 4) {
            return Err(PositionError::Inconsistent("a place beyond 4"));
        }
        if self.phase != Phase::Over {
            let remaining = self.remaining();
            // A game still on has two players to go, and everyone home has a place.
            if remaining.len() < 2 {
                return Err(PositionError::Inconsistent("fewer than two players remain in a game still on"));
            }
            if remaining.iter().any(|s| self.team_finished(s)) {
                return Err(PositionError::Inconsistent("a player has finished but has no place"));
            }
            if !remaining.contains(self.turn) {
                let finished = self.players.contains(self.turn);
                return Err(if finished {
                    PositionError::TurnFinished(self.turn)
                } else {
                    PositionError::TurnNotPlaying(self.turn)
                });
            }
            if !remaining.contains(self.roller) {
                return Err(PositionError::Inconsistent("the roller is not playing"));
            }
            let fits = match self.phase {
                Phase::Roll => true,
                // A move is only awaited when there is one to make.
                Phase::Move { face } => self.has_move(self.mover(), face),
                Phase::ChooseOpponent => self.roller == self.turn,
                Phase::Duel(d) => {
                    d.is_consistent()
                        && remaining.contains(d.x)
                        && remaining.contains(d.o)
                        && (d.x == self.turn || d.o == self.turn)
                        && self.opponents(d.x).contains(d.o)
                }
                Phase::Over => true,
            };
            if !fits {
                return Err(PositionError::Inconsistent("the phase does not fit the seats"));
            }
        }
        Ok(())
    }

    /// Whether a game could have come to this position, beyond what every
    /// position must be to play on: no rivals' pawns share a square that
    /// is not safe (the one that came second would have captured), and
    /// with `capture_to_home` no pawn has gone up its lane before its side
    /// captured. Scripts set up any position the rules can play on (a test
    /// may put pawns anywhere); the engine, which answers other programs
    /// about real games, refuses the rest.
    pub fn check_reached(&self) -> Result<(), PositionError> {
        for seat in self.players.iter() {
            for &p in self.pawns(seat) {
                if p.on_loop() {
                    let square = super::board::loop_square(seat, p);
                    if !self.is_safe(square) && self.opponent_on(seat, square) {
                        return Err(PositionError::Unreached {
                            seat,
                            progress: p,
                            why: Unreached::RivalsShare,
                        });
                    }
                } else if !p.in_yard() && !self.lane_open(seat) {
                    return Err(PositionError::Unreached { seat, progress: p, why: Unreached::LaneShut });
                }
            }
        }
        Ok(())
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seats that play this game.
    pub fn players(&self) -> SeatSet {
        self.players
    }

    /// The players whose place is not decided yet.
    #[inline]
    pub fn remaining(&self) -> SeatSet {
        // Every turn passes through here: the four places are read as one
        // word, and bit k of `placed` is set when seat k has a place.
        let places = u32::from_le_bytes(self.places);
        let nonzero = (((places & 0x7F7F_7F7F) + 0x7F7F_7F7F) | places) & 0x8080_8080;
        self.players.minus(SeatSet::from_bits(high_bits(nonzero)))
    }

    /// The progress of each of `seat`'s pawns (as many as the rules give).
    #[inline]
    pub fn pawns(&self, seat: Seat) -> &[Progress] {
        &self.pawns[seat.index()][..usize::from(self.rules.pawns)]
    }

    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Who rolls and moves in this turn (the duel's winner in palace).
    #[inline]
    pub fn roller(&self) -> Seat {
        self.roller
    }

    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Sixes rolled in a row in this turn.
    pub fn sixes(&self) -> u8 {
        self.sixes
    }

    /// The seat whose action the game waits for; `None` once it is over.
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Roll | Phase::Move { .. } => Some(self.roller),
            Phase::ChooseOpponent => Some(self.turn),
            Phase::Duel(d) => Some(d.to_move()),
            Phase::Over => None,
        }
    }

    /// `seat`'s place, once decided.
    pub fn place(&self, seat: Seat) -> Option<u8> {
        Some(self.places[seat.index()]).filter(|&p| p > 0)
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    #[inline]
    pub fn all_home(&self, seat: Seat) -> bool {
        self.pawns(seat).iter().all(|&p| self.rules.is_home(p))
    }

    /// Whether `seat` has reached its goal: every pawn home, or with
    /// `goal = one` any pawn. With teams it may still be playing (for its
    /// partner) without a place.
    #[inline]
    pub fn has_finished(&self, seat: Seat) -> bool {
        match self.rules.goal {
            Goal::All => self.all_home(seat),
            Goal::One => self.pawns(seat).iter().any(|&p| self.rules.is_home(p)),
        }
    }

    /// Whether `seat`'s side is done: `seat` has finished and, with teams,
    /// so has its partner.
    pub(super) fn team_finished(&self, seat: Seat) -> bool {
        self.has_finished(seat) && (!self.rules.has_teams() || self.has_finished(seat.partner()))
    }

    /// `seat`'s partner, with teams.
    #[inline]
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        self.rules.has_teams().then(|| seat.partner())
    }

    /// `seat` and, with teams, its partner: the pawns that never capture
    /// each other.
    #[inline]
    pub fn side(&self, seat: Seat) -> SeatSet {
        // No branch: every capture test asks.
        let partner = u8::from(self.rules.has_teams()) << seat.partner().index();
        SeatSet::from_bits(1 << seat.index() | partner)
    }

    /// The players `seat` plays against: everyone else, less its partner.
    #[inline]
    pub fn opponents(&self, seat: Seat) -> SeatSet {
        self.players.minus(self.side(seat))
    }

    /// Whose pawns `roller` moves: its own, or once it has finished at a
    /// team table, its partner's.
    #[inline]
    pub fn mover_for(&self, roller: Seat) -> Seat {
        if self.rules.has_teams() && self.has_finished(roller) { roller.partner() } else { roller }
    }

    /// Whose pawns the roller moves now ([`Game::mover_for`] the roller).
    #[inline]
    pub fn mover(&self) -> Seat {
        self.mover_for(self.roller)
    }

    /// The seats that have captured an opponent's pawn in this game.
    pub fn captured(&self) -> SeatSet {
        self.captured
    }

    /// Whether `seat`'s pawns may turn into its lane: always, unless
    /// `capture_to_home` and neither it nor (with teams) its partner has
    /// captured yet.
    #[inline]
    pub fn lane_open(&self, seat: Seat) -> bool {
        !self.rules.capture_to_home || !self.captured.intersect(self.side(seat)).is_empty()
    }

    /// Whether a pawn of one of `seat`'s opponents (not its partner)
    /// stands on a loop square: one it could capture or be stopped by.
    #[inline]
    pub(super) fn opponent_on(&self, seat: Seat, square: u8) -> bool {
        self.pawn_among_on(self.opponents(seat), square)
    }

    /// Whether a pawn of any other colour, partners included, stands on a
    /// loop square: what blocking and one pawn per space ask.
    #[inline]
    pub(super) fn other_on(&self, seat: Seat, square: u8) -> bool {
        self.pawn_among_on(SeatSet::FULL.without(seat), square)
    }

    /// Whether a pawn of one of `seats` stands on a loop square.
    #[inline]
    pub(super) fn pawn_among_on(&self, seats: SeatSet, square: u8) -> bool {
        // Every move asks this, so all sixteen pawn slots are compared at
        // once, a byte each, with what would stand there (empty seats and
        // slots beyond `rules.pawns` hold YARD, which no loop progress is).
        const ONES: u128 = u128::MAX / 0xFF;
        const HIGHS: u128 = ONES << 7;
        let mut slots = [0u8; 16];
        for (byte, &p) in slots.iter_mut().zip(self.pawns.as_flattened()) {
            *byte = p.0 as u8;
        }
        // The other seats' slots get their high bit set: never a match, and
        // no borrow leaks out of them below.
        let others = OTHER_SLOTS[usize::from(seats.bits())];
        let diff = (u128::from_le_bytes(slots) ^ super::board::STANDING[usize::from(square)]) | others;
        // Some byte is zero exactly when this is not: the lowest zero byte
        // borrows to 0xFF, and a byte that is not zero and nothing borrowed
        // from leaves its high bit clear in one of the two terms.
        diff.wrapping_sub(ONES) & !diff & HIGHS != 0
    }
}

/// `OTHER_SLOTS[seats]`: the high bit of every pawn slot's byte of the
/// seats not in the set `seats` (bit k for seat k), so that
/// [`Game::pawn_among_on`] ignores them.
const OTHER_SLOTS: [u128; 16] = {
    let mut table = [0u128; 16];
    let mut seats = 0;
    while seats < 16 {
        let mut k = 0;
        while k < 4 {
            if seats >> k & 1 == 0 {
                table[seats] |= 0x8080_8080u128 << (32 * k);
            }
            k += 1;
        }
        seats += 1;
    }
    table
};

/// Bit `i` set for each byte `i` of `word` whose high bit is set: the
/// answer of the byte-at-a-time tests on pawns and places. The multiply
/// moves the four high bits next to each other without carries.
#[inline(always)]
pub(super) fn high_bits(word: u32) -> u8 {
    ((word >> 7 & 0x0101_0101).wrapping_mul(0x0020_4081) >> 21 & 0xF) as u8
}

impl Rules {
    /// The phase every turn starts in.
    #[inline]
    pub(super) fn first_phase(&self) -> Phase {
        match self.dice {
            super::params::Dice::Rolled => Phase::Roll,
            super::params::Dice::Duel => Phase::ChooseOpponent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    /// The sixteen-slots-at-once check agrees with asking each opponent's
    /// pawns where they stand, whoever asks and whatever stands there.
    #[test]
    fn opponent_on_finds_exactly_the_opponents_pawns() {
        let mut game = Game::new(Preset::Classic.rules(), SeatSet::FULL, Seat::ALL[0]).unwrap();
        let spots: [Progress; 8] = [-1, 0, 12, 13, 25, 50, 51, 56].map(Progress);
        for code in 0..8u32.pow(4) {
            for k in 0..4 {
                let p = spots[(code / 8u32.pow(k) % 8) as usize];
                game.pawns[k as usize] = [p, YARD, if k == 2 { Progress::HOME } else { YARD }, p];
            }
            for seat in Seat::ALL {
                for square in 0..52 {
                    let naive = Seat::ALL.into_iter().filter(|&o| o != seat).any(|o| {
                        game.pawns(o)
                            .iter()
                            .any(|&p| p.on_loop() && super::super::board::loop_square(o, p) == square)
                    });
                    assert_eq!(game.opponent_on(seat, square), naive, "{seat} {square} {:?}", game.pawns);
                }
            }
        }
    }

    /// A decoded state that could never arise is refused, so no peer can
    /// hand a replica a game that is stuck.
    #[test]
    fn decoding_refuses_stuck_states() {
        let game = Game::new(Preset::Classic.rules(), SeatSet::FULL, Seat::ALL[0]).unwrap();
        let decode = |g: &Game| postcard::from_bytes::<Game>(&postcard::to_allocvec(g).unwrap());
        assert!(decode(&game).is_ok());
        // A move awaited with every pawn in the yard and a 3 rolled.
        let stuck = Game { phase: Phase::Move { face: Face::ALL[2] }, ..game };
        assert!(decode(&stuck).is_err());
        // A 9 awaiting a move: the face's byte is where a 3 and a 4 differ.
        let three = postcard::to_allocvec(&stuck).unwrap();
        let four =
            postcard::to_allocvec(&Game { phase: Phase::Move { face: Face::ALL[3] }, ..game }).unwrap();
        let at = three.iter().zip(&four).position(|(a, b)| a != b).unwrap();
        let mut nine = three;
        nine[at] = 9;
        assert!(postcard::from_bytes::<Game>(&nine).is_err());
        // One player left in a game still on.
        let alone = Game { places: [1, 2, 3, 0], ..game };
        assert!(decode(&alone).is_err());
        // Every pawn home without a place.
        let mut home = game;
        home.pawns[1] = [Progress::HOME; 4];
        assert!(decode(&home).is_err());
    }
}
