//! Home: play here against bots or friends, host or join a table, settings,
//! how to play.

use crate::ui::i18n::t;
use crate::ui::theme::{self, BLACK};
use iced::widget::{button, column, container, text};
use iced::{Alignment, Element, Length};

#[derive(Debug, Clone)]
pub enum Message {
    PlayHere,
    Host,
    Join,
    HowToPlay,
    Settings,
    Resume,
    History,
    Stats,
}

pub enum Action {
    PlayHere,
    Host,
    Join,
    HowToPlay,
    Settings,
    Resume,
    History,
    Stats,
}

pub fn update(message: Message) -> Action {
    match message {
        Message::PlayHere => Action::PlayHere,
        Message::Host => Action::Host,
        Message::Join => Action::Join,
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
    let resume = resumable.then(|| entry(t("Resume game"), Some(Message::Resume)));
    container(
        column![
            text(t("Ludopia")).font(BLACK).size(64).color(theme::GOLD),
            text(crate::t!("Welcome, {name}. Pull up a cushion.", name = name)).size(17),
        ]
        .push(resume)
        .push(
            column![
                entry(t("Play on this computer"), Some(Message::PlayHere)),
                entry(t("Host a table"), Some(Message::Host)),
                entry(t("Join a table"), Some(Message::Join)),
                entry(t("How to play"), Some(Message::HowToPlay)),
                entry(t("History"), Some(Message::History)),
                entry(t("Statistics"), Some(Message::Stats)),
                entry(t("Settings"), Some(Message::Settings)),
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
