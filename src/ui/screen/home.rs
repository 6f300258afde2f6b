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
    Resume,
    History,
    Stats,
}

pub enum Action {
    PlayHere,
    HowToPlay,
    Settings,
    Resume,
    History,
    Stats,
}

pub fn update(message: Message) -> Action {
    match message {
        Message::PlayHere => Action::PlayHere,
        Message::HowToPlay => Action::HowToPlay,
        Message::Settings => Action::Settings,
        Message::Resume => Action::Resume,
        Message::History => Action::History,
        Message::Stats => Action::Stats,
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

/// `resumable`: a saved game waits (the profile's), so "Resume game" shows.
pub fn view(name: &str, resumable: bool) -> Element<'_, Message> {
    let resume = resumable.then(|| entry("Resume game", Some(Message::Resume)));
    container(
        column![
            text("Ludopia").font(BLACK).size(64).color(theme::GOLD),
            text(format!("Welcome, {name}. Pull up a cushion.")).size(17),
        ]
        .push(resume)
        .push(
            column![
                entry("Play on this computer", Some(Message::PlayHere)),
                // Network play arrives with `net`; until then the entries say so.
                entry("Host a table (soon)", None),
                entry("Join a table (soon)", None),
                entry("How to play", Some(Message::HowToPlay)),
                entry("History", Some(Message::History)),
                entry("Statistics", Some(Message::Stats)),
                entry("Settings", Some(Message::Settings)),
            ]
            .spacing(14),
        )
        .spacing(14)
        .align_x(Alignment::Center),
    )
    .padding(36)
    .style(theme::panel)
    .into()
}
