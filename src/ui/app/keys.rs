//! The app's keyboard: the focus ring every screen shares (Tab, Shift+Tab,
//! Up and Down over a screen's stops, Enter on the focused one, Left and
//! Right on a slider) and each screen's own keys when no stop takes one.

use super::{App, Message, Screen};
use crate::ui::focus::{self, Does, Focus, Stop};
use crate::ui::screen::{history, home, how_to, joining, replay, settings, setup, stats};
use iced::{Task, keyboard};

impl App {
    /// A key no widget took: Tab and Shift+Tab move the focus ring over the
    /// screen's stops, Up and Down step a list's rows, Enter presses the
    /// focused control; else the screen's own keys ([`Self::key`]). One
    /// model for every screen: each lists its stops, see `ui::focus`.
    pub(super) fn pressed(&mut self, key: &keyboard::Key, modifiers: keyboard::Modifiers) -> Task<Message> {
        use keyboard::key::Named;
        let stops = self.stops();
        let moved = match key.as_ref() {
            keyboard::Key::Named(Named::Tab) => {
                self.focus_mut().step(&stops, if modifiers.shift() { -1 } else { 1 })
            }
            keyboard::Key::Named(named @ (Named::ArrowUp | Named::ArrowDown))
                if stops.iter().any(|s| s.row) =>
            {
                self.focus_mut().step_rows(&stops, if named == Named::ArrowUp { -1 } else { 1 })
            }
            keyboard::Key::Named(Named::Enter) => {
                if let Some(Does::Press(m)) = self.focus().at(&stops).map(|s| s.does.clone()) {
                    return self.handle(m);
                }
                None
            }
            // A focused slider takes Left and Right.
            keyboard::Key::Named(named @ (Named::ArrowLeft | Named::ArrowRight)) => {
                if let Some(Does::Slide { less, more }) = self.focus().at(&stops).map(|s| s.does.clone()) {
                    return self.handle(if named == Named::ArrowLeft { less } else { more });
                }
                None
            }
            _ => None,
        };
        match (moved, self.key(key)) {
            (Some(stop), _) => focus::shown(stop),
            (None, Some(m)) => self.handle(m),
            (None, None) => Task::none(),
        }
    }

    /// The controls the keyboard's focus stops at on this screen, in order.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        match &self.screen {
            Screen::Home => home::stops(self.resumable, self.networked, self.replacing)
                .into_iter()
                .map(|s| s.map(Message::Home))
                .collect(),
            Screen::Setup(s) => s.stops().into_iter().map(|s| s.map(Message::Setup)).collect(),
            Screen::Game(g) => g.stops().into_iter().map(|s| s.map(Message::Game)).collect(),
            Screen::HowTo(h) => h.stops().into_iter().map(|s| s.map(Message::HowTo)).collect(),
            Screen::Settings(s) => s.stops().into_iter().map(|s| s.map(Message::Settings)).collect(),
            Screen::History(h) => h.stops().into_iter().map(|s| s.map(Message::History)).collect(),
            Screen::Replay(r) => r.stops().into_iter().map(|s| s.map(Message::Replay)).collect(),
            Screen::Stats(s) => s.stops().into_iter().map(|s| s.map(Message::Stats)).collect(),
            Screen::Waiting(w) => w.stops().into_iter().map(|s| s.map(Message::Waiting)).collect(),
            Screen::Joining(j) => j.stops().into_iter().map(|s| s.map(Message::Joining)).collect(),
        }
    }

    /// The key of the stop the keyboard is on, if any.
    pub fn focused(&self) -> Option<&str> {
        self.focus().key()
    }

    fn focus(&self) -> &Focus {
        match &self.screen {
            Screen::Home => &self.home_focus,
            Screen::Setup(s) => &s.focus,
            Screen::Game(g) => &g.focus,
            Screen::HowTo(h) => &h.focus,
            Screen::Settings(s) => &s.focus,
            Screen::History(h) => &h.focus,
            Screen::Replay(r) => &r.focus,
            Screen::Stats(s) => &s.focus,
            Screen::Waiting(w) => &w.focus,
            Screen::Joining(j) => &j.focus,
        }
    }

    fn focus_mut(&mut self) -> &mut Focus {
        match &mut self.screen {
            Screen::Home => &mut self.home_focus,
            Screen::Setup(s) => &mut s.focus,
            Screen::Game(g) => &mut g.focus,
            Screen::HowTo(h) => &mut h.focus,
            Screen::Settings(s) => &mut s.focus,
            Screen::History(h) => &mut h.focus,
            Screen::Replay(r) => &mut r.focus,
            Screen::Stats(s) => &mut s.focus,
            Screen::Waiting(w) => &mut w.focus,
            Screen::Joining(j) => &mut j.focus,
        }
    }

    /// What a key no widget took does on this screen: Escape goes back,
    /// Enter presses the screen's main button, the arrows step a replay;
    /// the game screen has keys of its own.
    fn key(&self, key: &keyboard::Key) -> Option<Message> {
        use keyboard::key::Named;
        let keyboard::Key::Named(named) = key else {
            return match &self.screen {
                Screen::Game(game) => game.key(key).map(Message::Game),
                _ => None,
            };
        };
        Some(match (named, &self.screen) {
            (_, Screen::Game(game)) => return game.key(key).map(Message::Game),
            (Named::Escape, Screen::Setup(_)) => Message::Setup(setup::Message::Back),
            (Named::Escape, Screen::HowTo(_)) => Message::HowTo(how_to::Message::Back),
            (Named::Escape, Screen::Settings(_)) => Message::Settings(settings::Message::Back),
            (Named::Escape, Screen::History(_)) => Message::History(history::Message::Back),
            (Named::Escape, Screen::Stats(_)) => Message::Stats(stats::Message::Back),
            (Named::Escape, Screen::Replay(_)) => Message::Replay(replay::Message::Back),
            (Named::Escape, Screen::Joining(_)) => Message::Joining(joining::Message::Back),
            // The saved game first, as the home screen offers it.
            (Named::Enter, Screen::Home) if self.resumable => Message::Home(home::Message::Resume),
            (Named::Enter, Screen::Home) => Message::Home(home::Message::PlayHere),
            (Named::Enter, Screen::Setup(_)) => Message::Setup(setup::Message::Start),
            (Named::Enter, Screen::Settings(_)) => Message::Settings(settings::Message::Save),
            (Named::ArrowLeft, Screen::Replay(_)) => Message::Replay(replay::Message::Step(-1)),
            (Named::ArrowRight, Screen::Replay(_)) => Message::Replay(replay::Message::Step(1)),
            (Named::PageUp, Screen::Replay(_)) => Message::Replay(replay::Message::Step(-10)),
            (Named::PageDown, Screen::Replay(_)) => Message::Replay(replay::Message::Step(10)),
            // The waiting room's Escape would close a table friends are
            // joining: only its Cancel button does that.
            _ => return None,
        })
    }
}
