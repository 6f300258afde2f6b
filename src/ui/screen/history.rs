//! History: the finished games, newest first; open one as a replay.

use crate::profile::history::{Finished, Opponents};
use crate::ui::screen::game::ordinal;
use crate::ui::theme::{self, BLACK};
use iced::widget::{button, column, container, row, scrollable, text};
use iced::{Alignment, Element, Length};

pub struct History {
    pub games: Vec<Finished>,
    /// Why the list is short (a folder that could not be read, files kept aside).
    pub status: String,
}

#[derive(Debug, Clone)]
pub enum Message {
    Open(usize),
    Back,
}

pub enum Action {
    None,
    Open(Finished),
    Back,
}

/// The opponents in words.
pub fn opponents_label(o: Option<Opponents>) -> String {
    match o {
        Some(Opponents::Bots(s)) => format!("vs {} bots", crate::ui::screen::setup::level_name(s)),
        Some(Opponents::People) => "vs people".to_string(),
        Some(Opponents::Mixed) => "vs people and bots".to_string(),
        None => "bots only".to_string(),
    }
}

impl History {
    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Open(i) => self.games.get(i).cloned().map_or(Action::None, Action::Open),
            Message::Back => Action::Back,
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let lines = column(self.games.iter().enumerate().map(|(i, g)| {
            let s = &g.summary;
            let preset = s
                .preset
                .map_or("House rules".to_string(), |p| crate::ui::screen::setup::capitalise(p.name()));
            let players: Vec<&str> = s.names.iter().filter(|n| !n.is_empty()).map(String::as_str).collect();
            let place = s.me.and_then(|m| s.places[m.index()]).map_or("–".to_string(), ordinal);
            row![
                text(place).font(BLACK).size(16).width(48),
                column![
                    text(format!("{preset} · {}", opponents_label(s.opponents))).size(15),
                    text(players.join(", ")).size(13),
                ]
                .width(Length::Fill),
                button(text("Replay").size(14)).style(theme::choice(false)).on_press(Message::Open(i)),
            ]
            .spacing(12)
            .align_y(Alignment::Center)
            .into()
        }))
        .spacing(10);
        let body: Element<'_, Message> = if self.games.is_empty() {
            text("No finished games yet.").size(15).into()
        } else {
            scrollable(lines).height(420).into()
        };
        container(
            column![
                text("History").font(BLACK).size(30),
                body,
                text(&self.status).size(13),
                button(text("Back").size(16)).padding([10, 20]).style(theme::primary).on_press(Message::Back),
            ]
            .spacing(14),
        )
        .padding(28)
        .max_width(720)
        .style(theme::panel)
        .into()
    }
}
