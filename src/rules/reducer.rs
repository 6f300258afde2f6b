//! The reducer: state + action → next state and what happened, or why the
//! action is illegal. The die is an input. This one function is the rule
//! book, the host's anti-cheat check and every guest's verifier.

use super::action::{Action, Bonus, Event, EventSink, Events, Illegal, Penalty};
use super::duel::{Duel, DuelOutcome};
use super::face::Face;
use super::game::{Game, Phase, YARD};
use super::params::{End, Goal, ThreeSixes};
use super::progress::Progress;
use super::seat::Seat;

impl Game {
    /// Plays `action`, returning the next state and its events. An illegal
    /// action leaves nothing changed.
    pub fn apply(&self, action: Action) -> Result<(Game, Events), Illegal> {
        let mut next = *self;
        let mut events = Events::new();
        next.play(action, &mut events)?;
        Ok((next, events))
    }

    /// [`Game::apply`] in place, for simulations; on error `self` is unchanged.
    /// The events go to `events`: an [`Events`] list, or a sink that keeps
    /// only what a simulation needs.
    /// Always inlined: simulations and the bots' searches play millions of
    /// actions, and in this large crate the compiler otherwise keeps it
    /// (and the roll and move in it) out of line.
    #[inline(always)]
    pub fn play(&mut self, action: Action, events: &mut impl EventSink) -> Result<(), Illegal> {
        let to_act = self.to_act().ok_or(Illegal::GameOver)?;
        if action.seat() != to_act {
            return Err(Illegal::NotYourTurn { to_act });
        }
        match action {
            Action::Roll { seat, face } => self.roll(seat, face, events),
            Action::Move { seat, pawn } => self.move_pawn(seat, pawn, events),
            Action::Challenge { seat, opponent } => self.challenge(seat, opponent, events),
            Action::Mark { seat, cell } => self.mark(seat, cell, events),
        }
    }

    #[inline]
    fn roll(&mut self, seat: Seat, face: Face, events: &mut impl EventSink) -> Result<(), Illegal> {
        if self.phase != Phase::Roll {
            return Err(Illegal::WrongPhase);
        }
        events.push(Event::Rolled { seat, face });
        // A finished player at a team table rolls for its partner's pawns;
        // the count of sixes and any penalty stay the roller's.
        let owner = self.mover_for(seat);
        // Any roll that is not a 6 starts the count again (a product, not a
        // branch on the face).
        self.sixes = self.sixes.saturating_add(1) * u8::from(face.is_six());
        if self.sixes >= 3 && self.rules.three_sixes != ThreeSixes::None {
            // Dealt with before any move: not moved, and the turn passes.
            events.push(Event::ThreeSixes { seat });
            if self.rules.three_sixes == ThreeSixes::LeadingPawnHome {
                self.send_leader_to_yard(owner, Penalty::ThreeSixes, events);
            }
            self.pass_turn(events);
        } else {
            let movable = self.movable_for(owner, face);
            if movable == 0 {
                events.push(Event::NoMove { seat });
                if face.is_six() {
                    events.push(Event::BonusRoll { seat, bonus: Bonus::Six });
                } else {
                    self.pass_turn(events);
                }
            } else {
                self.phase = Phase::Move { face };
                events.movable(movable);
            }
        }
        Ok(())
    }

    #[inline]
    fn move_pawn(&mut self, seat: Seat, pawn: u8, events: &mut impl EventSink) -> Result<(), Illegal> {
        let Phase::Move { face } = self.phase else {
            return Err(Illegal::WrongPhase);
        };
        if pawn >= self.rules.pawns {
            return Err(Illegal::NoSuchPawn { pawn });
        }
        // The pawns moved are the roller's own, or a finished player's
        // partner's at a team table; the events name the pawns' colour.
        let owner = self.mover_for(seat);
        let to = self.landing(owner, pawn, face).map_err(|why| Illegal::PawnCannotMove { pawn, why })?;
        let capture_was_possible =
            self.rules.must_capture && self.moves_for(owner, face).iter().any(|m| self.captures(owner, m.to));
        let from = self.pawns[owner.index()][usize::from(pawn)];
        let captured = self.captures(owner, to);
        self.pawns[owner.index()][usize::from(pawn)] = to;
        events.push(if from == YARD {
            Event::Entered { seat: owner, pawn }
        } else {
            Event::Moved { seat: owner, pawn, from, to }
        });
        if captured {
            self.capture_at(owner, to, events);
            // The roller's move captured: it is the one that has captured
            // (with teams either partner's capture opens both lanes).
            self.captured = self.captured.with(seat);
        }
        let arrived = self.rules.is_home(to) & !self.rules.is_home(from);
        if arrived {
            events.push(Event::ReachedHome { seat: owner, pawn });
        }
        if capture_was_possible && !captured {
            self.send_leader_to_yard(owner, Penalty::MissedCapture, events);
        }
        if arrived && (self.rules.goal == Goal::One || self.all_home(owner)) {
            // The move that finishes a player earns no extra roll (with
            // `goal = one` too: RULES.md's "last pawn home" is the pawn
            // that reaches the goal).
            self.finish(owner, events);
            if self.phase != Phase::Over {
                self.pass_turn(events);
            }
            return Ok(());
        }
        // At most one extra roll, whatever earned it.
        let bonus = if face.is_six() {
            Some(Bonus::Six)
        } else if captured && self.rules.capture_bonus {
            Some(Bonus::Capture)
        } else if arrived && self.rules.arrival_bonus {
            Some(Bonus::Arrival)
        } else {
            None
        };
        match bonus {
            Some(bonus) => {
                events.push(Event::BonusRoll { seat, bonus });
                self.phase = Phase::Roll;
            }
            None => self.pass_turn(events),
        }
        Ok(())
    }

    fn challenge(&mut self, seat: Seat, opponent: Seat, events: &mut impl EventSink) -> Result<(), Illegal> {
        if self.phase != Phase::ChooseOpponent {
            return Err(Illegal::WrongPhase);
        }
        // A partner is no rival: it cannot be challenged.
        if !self.opponents(seat).contains(opponent) || !self.remaining().contains(opponent) {
            return Err(Illegal::BadOpponent { opponent });
        }
        events.push(Event::Challenged { seat, opponent });
        // The challenger plays ✕ and moves first.
        self.phase = Phase::Duel(Duel::new(seat, opponent));
        Ok(())
    }

    fn mark(&mut self, seat: Seat, cell: u8, events: &mut impl EventSink) -> Result<(), Illegal> {
        let Phase::Duel(mut duel) = self.phase else {
            return Err(Illegal::WrongPhase);
        };
        if cell > 8 {
            return Err(Illegal::BadCell { cell });
        }
        if !duel.is_free(cell) {
            return Err(Illegal::CellTaken { cell });
        }
        events.push(Event::Marked { seat, cell });
        match duel.mark(cell) {
            DuelOutcome::Continues => self.phase = Phase::Duel(duel),
            DuelOutcome::Drawn => {
                events.push(Event::DuelDrawn { x: duel.x });
                self.phase = Phase::Duel(duel);
            }
            DuelOutcome::Won(winner) => {
                events.push(Event::DuelWon { seat: winner });
                self.roller = winner;
                self.phase = Phase::Roll;
            }
        }
        Ok(())
    }

    /// Sends every opponent pawn on the loop square `seat` reached at `to`
    /// to its yard (never a partner's).
    fn capture_at(&mut self, seat: Seat, to: Progress, events: &mut impl EventSink) {
        let square = super::board::loop_square(seat, to);
        for victim in self.opponents(seat).iter() {
            let Some(there) = super::board::progress_on(victim, square) else {
                continue;
            };
            for pawn in 0..self.rules.pawns {
                let p = &mut self.pawns[victim.index()][usize::from(pawn)];
                if *p == there {
                    events.push(Event::Captured { seat: victim, pawn, by: seat, from: *p });
                    *p = YARD;
                }
            }
        }
    }

    fn send_leader_to_yard(&mut self, seat: Seat, penalty: Penalty, events: &mut impl EventSink) {
        if let Some(pawn) = self.leading_pawn(seat) {
            let p = &mut self.pawns[seat.index()][usize::from(pawn)];
            events.push(Event::SentToYard { seat, pawn, from: *p, penalty });
            *p = YARD;
        }
    }

    /// `goal = one`: `seat`'s pawns that are not home leave the board.
    pub(super) fn leave_board(&mut self, seat: Seat, events: &mut impl EventSink) {
        if self.rules.goal != Goal::One {
            return;
        }
        for pawn in 0..self.rules.pawns {
            let p = &mut self.pawns[seat.index()][usize::from(pawn)];
            if !self.rules.is_home(*p) && *p != super::board::OFF_BOARD {
                events.push(Event::LeftBoard { seat, pawn, from: *p });
                *p = super::board::OFF_BOARD;
            }
        }
    }

    /// `seat` has reached its goal: it takes the next place (with teams,
    /// once its partner has too), and the game may be over.
    fn finish(&mut self, seat: Seat, events: &mut impl EventSink) {
        self.leave_board(seat, events);
        if self.rules.has_teams() {
            self.finish_in_team(seat, events);
            return;
        }
        let place = self.next_place();
        self.places[seat.index()] = place;
        events.push(Event::Finished { seat, place });
        let over = match self.rules.end {
            End::FirstHome => true,
            End::PlayOn => self.remaining().len() <= 1,
        };
        if over {
            // The rest are ranked by distance still to go (in play_on, the
            // one left takes the last place).
            self.rank_remaining();
            self.phase = Phase::Over;
            events.push(Event::GameOver { places: self.places });
        }
    }

    /// With teams: once both partners have finished, they take place 1 and
    /// the others place 2, and the game is over whatever `end` says. A
    /// lone finished partner takes no place yet: it plays on for the other.
    fn finish_in_team(&mut self, seat: Seat, events: &mut impl EventSink) {
        let partner = seat.partner();
        if !self.has_finished(partner) {
            return;
        }
        for s in self.players.iter() {
            self.places[s.index()] = if s == seat || s == partner { 1 } else { 2 };
        }
        events.push(Event::Finished { seat: partner, place: 1 });
        events.push(Event::Finished { seat, place: 1 });
        self.phase = Phase::Over;
        events.push(Event::GameOver { places: self.places });
    }

    /// The turn passes clockwise from the turn's seat (in palace, from the
    /// challenger, whoever won the duel).
    #[inline]
    fn pass_turn(&mut self, events: &mut impl EventSink) {
        let from = self.turn;
        let to = self.remaining().next_after(from).unwrap_or(from);
        self.turn = to;
        self.roller = to;
        self.sixes = 0;
        self.phase = self.rules.first_phase();
        events.push(Event::TurnPassed { from, to });
    }
}
