//! The player's keys and helpers at the table: what each key does, the
//! pawn chosen with the keyboard, Enter's move, the lone move that plays
//! itself, and Hard's hint.

use super::*;

impl GameScreen {
    /// Maps a key press to a message: Space or R rolls, arrows or Tab choose
    /// a pawn, Enter confirms, 1–4 move that pawn.
    pub fn key(&self, key: &keyboard::Key) -> Option<Message> {
        if self.confirming.is_some() {
            return match key.as_ref() {
                keyboard::Key::Named(Named::Escape) => Some(Message::Sure(false)),
                _ => None,
            };
        }
        if let Some(m) = self.duel_key(key) {
            return Some(m);
        }
        match key.as_ref() {
            keyboard::Key::Named(Named::Escape) if self.verifying.is_some() => Some(Message::CloseVerify),
            keyboard::Key::Named(Named::Escape) => Some(Message::Leave),
            keyboard::Key::Named(Named::Space) => Some(Message::Confirm),
            keyboard::Key::Named(Named::Enter) => Some(Message::Confirm),
            keyboard::Key::Named(Named::ArrowRight | Named::ArrowDown | Named::Tab) => {
                Some(Message::Cycle(1))
            }
            keyboard::Key::Named(Named::ArrowLeft | Named::ArrowUp) => Some(Message::Cycle(-1)),
            keyboard::Key::Character("r") => Some(Message::Roll),
            keyboard::Key::Character(c) => {
                c.parse::<u8>().ok().filter(|n| (1..=4).contains(n)).map(|n| Message::Choose(n - 1))
            }
            _ => None,
        }
    }

    /// Keyboard in a palace duel: 1–9 mark the board's cells row by row;
    /// choosing a rival, 1–3 challenge them in the order listed.
    pub(super) fn duel_key(&self, key: &keyboard::Key) -> Option<Message> {
        let keyboard::Key::Character(c) = key.as_ref() else { return None };
        let n = c.parse::<u8>().ok().filter(|n| *n >= 1)?;
        match self.game.phase() {
            Phase::Duel(_) if n <= 9 => Some(Message::Mark(n - 1)),
            Phase::ChooseOpponent => {
                let rivals = self.game.remaining().without(self.game.turn());
                rivals.iter().nth(usize::from(n - 1)).map(Message::Challenge)
            }
            _ => None,
        }
    }

    /// Keyboard: selects the next or previous movable pawn.
    pub(super) fn cycle(&mut self, step: i8) {
        let pawns: Vec<u8> = self.choices().iter().map(|m| m.pawn).collect();
        if pawns.is_empty() {
            return;
        }
        let at = self.selected.and_then(|s| pawns.iter().position(|&p| p == s));
        let n = pawns.len() as i32;
        let next = match at {
            Some(i) => (i as i32 + i32::from(step)).rem_euclid(n),
            None if step > 0 => 0,
            None => n - 1,
        };
        self.selected = pawns.get(next as usize).copied();
    }

    /// Keyboard: rolls, or moves the selected pawn (the only one, or with
    /// the helper on the first).
    pub(super) fn confirm(&mut self, now: Instant) -> Vec<Action> {
        if self.can_roll() {
            return self.update(Message::Roll, now);
        }
        let first = match self.choices().as_slice() {
            [only] => Some(only.pawn),
            [first, ..] if self.helpers.enter_moves_first => Some(first.pawn),
            _ => None,
        };
        match self.selected.or(first) {
            Some(pawn) => self.update(Message::Choose(pawn), now),
            None => Vec::new(),
        }
    }

    /// Whether the Hint button is offered: a person here is to move with
    /// a choice, and the table has no other people (or the player wants
    /// hints there too).
    pub(super) fn hints(&self) -> bool {
        let people = Seat::ALL
            .into_iter()
            .filter(|&s| matches!(self.control(s), Control::Person { .. } | Control::Standin { .. }))
            .count();
        let choosing = matches!(self.game.phase(), Phase::Move { .. }) && self.choices().len() > 1;
        self.person_to_act().is_some() && choosing && (people <= 1 || self.helpers.hints_with_people)
    }

    /// The hint for this position, if one was asked for.
    pub(super) fn hint_line(&self) -> Option<String> {
        let (head, pawn, why) = self.hint?;
        (head == self.replica.head().0).then(|| {
            let why = match why {
                Why::Home => t("it reaches home"),
                Why::Capture => t("it captures"),
                Why::Enter => t("it brings a pawn out"),
                Why::Safe => t("it lands safe"),
                Why::Ahead => t("it moves on"),
            };
            crate::t!("Hint: pawn {n}, {why}.", n = pawn + 1, why = why)
        })
    }

    /// Hard's move for the person to act, selected on the board, and why
    /// in a word (the event log and the panel say it).
    pub(super) fn hint(&mut self) {
        if !self.hints() {
            return;
        }
        let head = self.replica.head().0;
        let Some((m, why)) = crate::bots::hint(&self.game, head) else { return };
        self.selected = Some(m.pawn);
        self.hint = Some((head, m.pawn, why));
        if let Some(line) = self.hint_line() {
            self.tell(line);
        }
    }

    /// The pawn to move by itself: with the helper on, when every move
    /// this computer may make now is the same one.
    pub(super) fn auto_move(&self) -> Option<u8> {
        let choices = self.choices();
        let first = *choices.first()?;
        let same = choices.iter().all(|m| (m.from, m.to) == (first.from, first.to));
        (self.helpers.auto_move && same).then_some(first.pawn)
    }
}
