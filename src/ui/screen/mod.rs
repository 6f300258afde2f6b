//! The screens, each a module with its own state, `Message`, an `update`
//! that returns an action for the app, and a `view`. Home has no state: its
//! messages are the app's actions themselves.

pub mod game;
pub mod history;
pub mod home;
pub mod how_to;
pub mod joining;
pub mod replay;
pub mod settings;
pub mod setup;
pub mod stats;
pub mod waiting;

use crate::fl;
use crate::rules::Seat;
use crate::ui::focus::Focus;
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::text::Wrapping;
use iced::widget::{Column, Row, button, column, container, row, space, text};
use iced::{Alignment, Element};

/// A small parchment label on a seat: its level, its team, where it plays.
pub fn badge<'a, M: 'a>(label: &str, size: u32) -> Element<'a, M> {
    container(text(label.to_string()).font(BOLD).size(size).wrapping(Wrapping::None))
        .padding([2, 6])
        .style(theme::badge)
        .into()
}

/// `seat`'s team at a table of teams, as a badge: partners share a
/// number, Red's team first (the board alone does not say who plays with
/// whom).
pub fn team_badge<'a, M: 'a>(seat: Seat, size: u32) -> Element<'a, M> {
    let team = 1 + seat.index().min(seat.partner().index());
    badge(&fl!("team-badge", team = team), size)
}

/// A page of the app (history, statistics, how to play): a title with a
/// Back button beside it (a stop for the keyboard's `focus`), as every
/// screen has its way out at the top right, then the page's parts.
pub fn page<'a, M: Clone + std::fmt::Debug + 'a>(
    title: &'a str,
    parts: Column<'a, M>,
    back: M,
    focus: &Focus,
) -> Element<'a, M> {
    container(column![heading(title, fl!("back"), back, focus), parts.spacing(14)].spacing(14))
        .padding(28)
        .max_width(720)
        .style(theme::panel)
        .into()
}

/// A screen's title with its way out (Back, Cancel) at the right (a stop
/// for the keyboard's `focus`); a screen may push more buttons after it.
pub fn heading<'a, M: Clone + std::fmt::Debug + 'a>(
    title: &'a str,
    leave: &'a str,
    on_leave: M,
    focus: &Focus,
) -> Row<'a, M> {
    row![
        text(title).font(BLACK).size(30),
        space::horizontal(),
        focus.button(button(text(leave).size(16)).padding([10, 20]).style(theme::primary), on_leave),
    ]
    .align_y(Alignment::Center)
}
