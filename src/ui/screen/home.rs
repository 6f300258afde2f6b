//! Home: play here against bots or friends, host or join a table, settings,
//! how to play. Each button's message is what the app does.

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
    /// The networked game this peer sat at: back to its seat.
    ResumeNetwork,
    History,
    Stats,
}

fn entry(label: &str, message: Option<Message>) -> Element<'static, Message> {
    button(container(text(label.to_string()).font(BLACK).size(18)).center_x(Length::Fill))
        .width(340)
        .padding([9, 20])
        .style(theme::primary)
        .on_press_maybe(message)
        .into()
}

/// `resumable`: a saved game waits (the profile's), so "Resume game" shows;
/// `networked`: likewise a networked game, which "Resume network game"
/// takes up again at its table. `replacing`: the player asked for a new
/// game while one waits; they are told it will replace the saved one, and
/// asked again.
pub fn view<'a>(name: &str, resumable: bool, networked: bool, replacing: bool) -> Element<'a, Message> {
    let resume = resumable.then(|| entry(t("Resume game"), Some(Message::Resume)));
    let rejoin = networked.then(|| entry(t("Resume network game"), Some(Message::ResumeNetwork)));
    let warning = (resumable && replacing).then(|| {
        column![
            text(t("A saved game is waiting. A new game replaces it.")).size(15).color(theme::GOLD),
            entry(t("Start a new game"), Some(Message::PlayHere)),
        ]
        .spacing(8)
        .align_x(Alignment::Center)
    });
    container(
        column![
            text(t("Ludopia")).font(BLACK).size(52).color(theme::GOLD),
            text(crate::t!("Welcome, {name}. Pull up a cushion.", name = name)).size(17),
        ]
        .push(resume)
        .push(rejoin)
        .push(warning)
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
            .spacing(10),
        )
        .spacing(12)
        .align_x(Alignment::Center),
    )
    .padding(28)
    .style(theme::panel)
    .into()
}
