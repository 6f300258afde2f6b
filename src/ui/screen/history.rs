//! History: the finished games, newest first; open one as a replay.

use crate::fl;
use crate::profile::history::{Finished, Opponents};
use crate::ui::focus::{Focus, Stop};
use crate::ui::screen::game::ordinal;
use crate::ui::theme::{self, BLACK};
use iced::widget::{button, column, row, scrollable, text};
use iced::{Alignment, Element, Length};

pub struct History {
    pub games: Vec<Finished>,
    /// Why the list is short (a folder that could not be read, files kept aside).
    pub status: String,
    /// The keyboard's place: a game's row (Up and Down step them) or Back.
    pub focus: Focus,
}

#[derive(Debug, Clone)]
pub enum Message {
    Open(usize),
    Back,
}

pub enum Action {
    None,
    Open(Box<Finished>),
    Back,
}

/// The opponents in words.
pub fn opponents_label(o: Option<Opponents>) -> String {
    match o {
        Some(Opponents::Bots(s)) => {
            fl!("vs-level-bots", level = crate::ui::screen::setup::level_name(s))
        }
        Some(Opponents::People) => fl!("vs-people").to_string(),
        Some(Opponents::Mixed) => fl!("vs-people-and-bots").to_string(),
        None => fl!("bots-only").to_string(),
    }
}

/// A game's row, for the keyboard's focus.
pub fn row_key(i: usize) -> String {
    format!("game {i}")
}

impl History {
    pub fn new(games: Vec<Finished>, status: String) -> History {
        History { games, status, focus: Focus::default() }
    }

    /// Back, then the games' rows (Enter opens one): top to bottom.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        let rows = (0..self.games.len()).map(|i| Stop::row(&row_key(i), Message::Open(i)));
        std::iter::once(Stop::press(Message::Back)).chain(rows).collect()
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Open(i) => {
                self.games.get(i).cloned().map_or(Action::None, |g| Action::Open(Box::new(g)))
            }
            Message::Back => Action::Back,
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let lines = column(self.games.iter().enumerate().map(|(i, g)| {
            let s = &g.summary;
            let preset = s.preset.map_or(fl!("house-rules"), crate::ui::screen::setup::preset_name);
            let players: Vec<&str> = s.names.iter().filter(|n| !n.is_empty()).map(String::as_str).collect();
            let place = s.me.and_then(|m| s.places[m.index()]).map_or("–".to_string(), ordinal);
            let line = row![
                text(place).font(BLACK).size(16).width(48),
                column![
                    text(format!("{preset} · {}", opponents_label(s.opponents))).size(15),
                    text(players.join(", ")).size(13),
                ]
                .width(Length::Fill),
                button(text(fl!("replay")).size(14)).style(theme::choice(false)).on_press(Message::Open(i)),
            ]
            .spacing(12)
            .align_y(Alignment::Center);
            // The row is the list's stop: lit when the keyboard is on it.
            self.focus.row(&row_key(i), line)
        }))
        .spacing(10)
        // Room for the focus ring inside the scrolled area.
        .padding([6, 8]);
        let body: Element<'_, Message> = if self.games.is_empty() {
            text(fl!("no-finished-games-yet")).size(15).into()
        } else {
            scrollable(lines).height(420).into()
        };
        super::page(fl!("history"), column![body, text(&self.status).size(13),], Message::Back, &self.focus)
    }
}
