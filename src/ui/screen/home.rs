//! Home: play here against bots or friends, host or join a table, settings,
//! how to play.

use crate::ui::theme::{self, BLACK};
use iced::widget::{button, column, container, text};
use iced::{Alignment, Element, Length};

#[derive(Debug, Clone)]
pub enum Message {
    PlayHere,
    HowToPlay,
    Settings,
}

pub enum Action {
    PlayHere,
    HowToPlay,
    Settings,
}

pub fn update(message: Message) -> Action {
    match message {
        Message::PlayHere => Action::PlayHere,
        Message::HowToPlay => Action::HowToPlay,
        Message::Settings => Action::Settings,
    }
}

fn entry(label: &str, message: Option<Message>) -> Element<'static, Message> {
    button(container(text(label.to_string()).font(BLACK).size(20)).center_x(Length::Fill))
        .width(340)
        .padding([12, 20])
        .style(theme::primary)
        .on_press_maybe(message)
        .into()
}

pub fn view(name: &str) -> Element<'_, Message> {
    container(
        column![
            text("Ludopia").font(BLACK).size(64).color(theme::GOLD),
            text(format!("Welcome, {name}. Pull up a cushion.")).size(17),
            entry("Play on this computer", Some(Message::PlayHere)),
            // Network play arrives with `net`; until then the entries say so.
            entry("Host a table (soon)", None),
            entry("Join a table (soon)", None),
            entry("How to play", Some(Message::HowToPlay)),
            entry("Settings", Some(Message::Settings)),
        ]
        .spacing(14)
        .align_x(Alignment::Center),
    )
    .padding(36)
    .style(theme::panel)
    .into()
}
