//! The player's keys and helpers at the table: what each key does, the
//! controls Tab reaches, the pawn chosen with the keyboard, Enter's move,
//! the lone move that plays itself, and Hard's hint.

use super::*;
use crate::ui::focus::Stop;

impl GameScreen {
    /// Maps a key press to a message: Space, Enter or R rolls, the arrows
    /// choose a pawn, Space or Enter moves it, 1–4 move that pawn. (Tab is
    /// the app's: it moves the focus ring over the panel's buttons, see
    /// [`Self::stops`].) A question asked takes Enter as its yes (the
    /// button drawn first and bold) and Escape as its no.
    pub fn key(&self, key: &keyboard::Key) -> Option<Message> {
        if self.confirming.is_some() {
            return match key.as_ref() {
                keyboard::Key::Named(Named::Escape) => Some(Message::Sure(false)),
                keyboard::Key::Named(Named::Enter) => Some(Message::Sure(true)),
                _ => None,
            };
        }
        if let Some(m) = self.duel_key(key) {
            return Some(m);
        }
        match key.as_ref() {
            keyboard::Key::Named(Named::Escape) if self.verifying.is_some() => Some(Message::CloseVerify),
            keyboard::Key::Named(Named::Escape) => Some(Message::Leave),
            keyboard::Key::Named(Named::Space) => Some(Message::Confirm { enter: false }),
            keyboard::Key::Named(Named::Enter) => Some(Message::Confirm { enter: true }),
            keyboard::Key::Named(Named::ArrowRight | Named::ArrowDown) => Some(Message::Cycle(1)),
            keyboard::Key::Named(Named::ArrowLeft | Named::ArrowUp) => Some(Message::Cycle(-1)),
            keyboard::Key::Character("r") => Some(Message::Roll),
            keyboard::Key::Character(c) => {
                c.parse::<u8>().ok().filter(|n| (1..=4).contains(n)).map(|n| Message::Choose(n - 1))
            }
            _ => None,
        }
    }

    /// The controls Tab reaches, in the order they are drawn: the question
    /// or the Verify dice view while one is up; else the podium's buttons,
    /// the action panel's, then the seats' mute switches.
    ///
    /// The pawns are not among them: they have keys of their own (the
    /// arrows and Enter, their numbers), which work whatever the ring is
    /// on, so Tab reaches what only the mouse reached before, and a turn
    /// is never more than a key away. An arrow takes the ring away, so
    /// Enter moves the pawn it chose.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        if self.verifying.is_some() {
            return vec![
                Stop::field(verify::PATH),
                Stop::press(Message::SaveProof),
                Stop::press(Message::CloseVerify),
            ];
        }
        if self.confirming.is_some() {
            return vec![Stop::press(Message::Sure(true)), Stop::press(Message::Sure(false))];
        }
        let mut stops = Vec::new();
        if self.podium_shown() {
            if self.driver.hosts() {
                stops.push(Stop::named(view::PODIUM_REMATCH, Message::Rematch));
            }
            stops.push(Stop::named(view::PODIUM_VERIFY, Message::Verify));
            stops.push(Stop::named(view::PODIUM_LEAVE, Message::Leave));
        }
        if self.can_roll() {
            stops.push(Stop::press(Message::Roll));
        }
        if self.hints() {
            stops.push(Stop::press(Message::Hint));
        }
        let mine = self.person_to_act().is_some();
        match self.game.phase() {
            Phase::ChooseOpponent if mine => {
                let rivals = self.game.remaining().without(self.game.turn());
                stops.extend(rivals.iter().map(|r| Stop::press(Message::Challenge(r))));
            }
            Phase::Duel(d) if mine => {
                let free = (0..9u8).filter(|&i| d.cells.get(usize::from(i)).is_some_and(Option::is_none));
                stops.extend(free.map(|i| Stop::press(Message::Mark(i))));
            }
            _ => {}
        }
        if self.driver.watches() {
            let open = self.open_for_watcher().filter(|&s| self.reserved != Some(s));
            stops.extend(open.map(|s| Stop::press(Message::Reserve(s))));
        }
        stops.extend(self.host_buttons().into_iter().map(|(_, m)| Stop::press(m)));
        stops.extend([Stop::press(Message::Verify), Stop::press(Message::Leave)]);
        stops.push(Stop::named(panel::SOUND, Message::Sound(!self.sound_on)));
        if self.reacting_seat().is_some() {
            stops.push(Stop::press(Message::Palette));
        }
        if self.reactions.picking {
            let all = crate::table::Reaction::EMOTES.into_iter().chain(crate::table::Reaction::PHRASES);
            stops.extend(all.map(|r| Stop::press(Message::React(r))));
        }
        stops.push(Stop::press(Message::RulesPanel));
        let mutable = Seat::ALL.into_iter().filter(|&s| self.mutable(s));
        stops.extend(mutable.map(|s| Stop::press(Message::MuteSeat(s))));
        stops
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

    /// Keyboard: rolls, or moves the selected pawn (the only one, or, by
    /// Enter with its helper on, the first: the helper names Enter, so
    /// Space never moves a pawn the player did not choose).
    pub(super) fn confirm(&mut self, enter: bool, now: Instant) -> Vec<Action> {
        if self.can_roll() {
            return self.update(Message::Roll, now);
        }
        let first = match self.choices().as_slice() {
            [only] => Some(only.pawn),
            [first, ..] if enter && self.helpers.enter_moves_first => Some(first.pawn),
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
                Why::Home => crate::fl!("it-reaches-home"),
                Why::Capture => crate::fl!("it-captures"),
                Why::Enter => crate::fl!("it-brings-a-pawn-out"),
                Why::Safe => crate::fl!("it-lands-safe"),
                Why::Ahead => crate::fl!("it-moves-on"),
            };
            crate::fl!("hint-pawn-n-why", n = pawn + 1, why = why)
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
