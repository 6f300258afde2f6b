//! A seat framed beside the board: a gold ring with the initial, the name
//! ribbon, badges, and the pawns home. The seat whose move it is glows; a
//! reaction shows in a bubble at its corner; another player's seat can be
//! muted on this screen.

use super::{GameScreen, Message, ordinal};
use crate::rules::Seat;
use crate::table::Control;
use crate::ui::emote;
use crate::ui::i18n::t;
use crate::ui::theme::{self, BLACK, BOLD, alpha};
use iced::widget::{button, center, column, container, row, stack, text};
use iced::{Alignment, Background, Border, Color, Element, Length, Shadow, Theme};

/// A round disc: a fill and a rim.
pub fn disc(fill: Color, rim: Color) -> impl Fn(&Theme) -> container::Style {
    move |_| container::Style {
        background: Some(Background::Color(fill)),
        border: Border { color: rim, width: 2.0, radius: 100.0.into() },
        text_color: Some(Color::WHITE),
        shadow: Shadow::default(),
        snap: true,
    }
}

fn ring(fill: Color, active: bool) -> impl Fn(&Theme) -> container::Style {
    move |_| container::Style {
        background: Some(Background::Color(fill)),
        border: Border {
            color: if active { Color::WHITE } else { theme::GOLD },
            width: if active { 5.0 } else { 4.0 },
            radius: 100.0.into(),
        },
        text_color: Some(Color::WHITE),
        shadow: Shadow::default(),
        snap: true,
    }
}

fn badge(label: &str) -> Element<'static, Message> {
    container(text(label.to_string()).font(BOLD).size(11)).padding([2, 7]).style(theme::badge).into()
}

pub fn frame(screen: &GameScreen, seat: Seat) -> Element<'_, Message> {
    let game = &screen.game;
    let control = screen.control(seat);
    if control == Control::Empty {
        return container(text(t("Empty seat")).size(14).color(alpha(theme::PARCHMENT, 0.6)))
            .padding(12)
            .width(Length::Fill)
            .into();
    }
    let colour = theme::seat_colour(game, seat);
    let active = game.to_act() == Some(seat);
    let name = screen.name(seat);
    let initial = name.chars().next().map(String::from).unwrap_or_default();
    let avatar = container(center(text(initial).font(BLACK).size(30)))
        .width(66)
        .height(66)
        .style(ring(colour, active));
    let mut badges = row![].spacing(4);
    badges = match control {
        Control::Bot(level) => badges.push(badge(
            &crate::t!("BOT · {level}", level = crate::ui::screen::setup::level_name(level)).to_uppercase(),
        )),
        Control::Person { .. } if screen.is_mine(seat) => badges.push(badge(t("THIS COMPUTER"))),
        Control::Person { .. } => badges.push(badge(t("REMOTE"))),
        Control::Standin { .. } => badges.push(badge(t("AWAY · BOT PLAYS"))),
        Control::Empty => badges,
    };
    let muted = screen.muted[seat.index()];
    if muted {
        badges = badges.push(badge(t("MUTED")));
    }
    if let Some(place) = game.place(seat) {
        badges = badges.push(badge(&crate::t!("{place} PLACE", place = ordinal(place)).to_uppercase()));
    }
    let home = game.pawns(seat).iter().filter(|&&p| game.rules().is_home(p)).count();
    let pips = row(game.pawns(seat).iter().map(|&p| {
        let filled = game.rules().is_home(p);
        container(text(""))
            .width(14)
            .height(14)
            .style(disc(if filled { colour } else { alpha(Color::WHITE, 0.15) }, theme::GOLD))
            .into()
    }))
    .spacing(4);
    let body = column![
        container(text(name.to_string()).font(BLACK).size(17)).padding([3, 12]).style(theme::ribbon(colour)),
        badges,
        row![pips, text(crate::t!("{home} home", home = home)).size(12)]
            .spacing(6)
            .align_y(Alignment::Center),
    ]
    .spacing(5);
    let card = container(row![avatar, body].spacing(12).align_y(Alignment::Center))
        .padding(10)
        .width(Length::Fill)
        .style(theme::panel);
    // Other people's seats can be muted here (bots do not react).
    let mutable =
        matches!(control, Control::Person { .. } | Control::Standin { .. }) && !screen.is_mine(seat);
    let mut corner = row![].spacing(4).align_y(Alignment::Center);
    if let Some(reaction) = screen.saying(seat) {
        corner = corner.push(container(emote::view(reaction, 30.0)).padding([3, 8]).style(bubble));
    }
    if mutable {
        corner = corner.push(
            button(text(if muted { t("Unmute") } else { t("Mute") }).size(11))
                .padding([2, 6])
                .style(theme::choice(muted))
                .on_press(Message::MuteSeat(seat)),
        );
    }
    stack![card, container(corner).align_right(Length::Fill).align_top(Length::Fill).padding([6, 8])].into()
}

/// A speech bubble: parchment with a gold rim (no blurred shadow: see
/// `theme`'s note on the software renderer).
fn bubble(_: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(theme::CELL)),
        border: Border { color: theme::GOLD, width: 2.0, radius: 14.0.into() },
        text_color: Some(theme::INK),
        shadow: Shadow::default(),
        snap: true,
    }
}
