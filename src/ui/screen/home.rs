//! Home: play here against bots or friends, host or join a table, settings,
//! how to play. Each button's message is what the app does.

use crate::fl;
use crate::ui::focus::{Focus, Stop};
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

/// The warning's "Start a new game", told apart from "Play on this
/// computer", which sends the same message.
const AGAIN: &str = "again";

fn menu_button(label: &str) -> iced::widget::Button<'static, Message> {
    button(container(text(label.to_string()).font(BLACK).size(18)).center_x(Length::Fill))
        .width(340)
        .padding([9, 20])
        .style(theme::primary)
}

/// The buttons in the order Tab reaches them (see `view`).
pub fn stops(resumable: bool, networked: bool, replacing: bool) -> Vec<Stop<Message>> {
    let mut stops = Vec::new();
    if resumable {
        stops.push(Stop::press(Message::Resume));
    }
    if networked {
        stops.push(Stop::press(Message::ResumeNetwork));
    }
    // The warning's button stands where "Play on this computer" stood.
    stops.push(if resumable && replacing {
        Stop::named(AGAIN, Message::PlayHere)
    } else {
        Stop::press(Message::PlayHere)
    });
    stops.extend(
        [
            Message::Host,
            Message::Join,
            Message::HowToPlay,
            Message::History,
            Message::Stats,
            Message::Settings,
        ]
        .map(Stop::press),
    );
    stops
}

/// `name`: the player's chosen name, empty while none is chosen.
/// `resumable`: a saved game waits (the profile's), so "Resume game" shows;
/// `networked`: likewise a networked game, which "Resume network game"
/// takes up again at its table. `replacing`: the player asked for a new
/// game while one waits; they are told it will replace the saved one, and
/// asked again.
/// `focus`: the button the keyboard is on, ringed.
pub fn view<'a>(
    name: &str,
    resumable: bool,
    networked: bool,
    replacing: bool,
    focus: &Focus,
) -> Element<'a, Message> {
    let entry = |label: &str, message: Message| focus.button(menu_button(label), message);
    let resume = resumable.then(|| entry(fl!("resume-game"), Message::Resume));
    let rejoin = networked.then(|| entry(fl!("resume-network-game"), Message::ResumeNetwork));
    // Asked again in place of "Play on this computer", so that nothing
    // above moves (Resume stays where the player last saw it).
    let play_here: Element<'a, Message> = if resumable && replacing {
        column![
            text(fl!("a-saved-game-is-waiting")).size(15).color(theme::GOLD),
            focus.button_named(AGAIN, menu_button(fl!("start-a-new-game")), Message::PlayHere),
        ]
        .spacing(8)
        .align_x(Alignment::Center)
        .into()
    } else {
        entry(fl!("play-on-this-computer"), Message::PlayHere)
    };
    container(
        column![
            text(fl!("app-name")).font(BLACK).size(52).color(theme::GOLD),
            // "Welcome, You" greets nobody: a name is used once chosen.
            text(match name.trim() {
                "" => fl!("welcome-pull-up-a").to_string(),
                name => fl!("welcome-name-pull-up-a", name = name),
            })
            .size(17),
        ]
        .push(resume)
        .push(rejoin)
        .push(
            column![
                play_here,
                entry(fl!("host-a-table"), Message::Host),
                entry(fl!("join-a-table"), Message::Join),
                entry(fl!("how-to-play"), Message::HowToPlay),
                entry(fl!("history"), Message::History),
                entry(fl!("statistics"), Message::Stats),
                entry(fl!("settings"), Message::Settings),
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
