//! A seat framed beside the board: a gold ring with the initial, the name
//! ribbon, badges, and the pawns home or the place won. The seat whose
//! move it is glows and holds the die, with the turn timer's ring round its
//! avatar while one runs; a reaction shows in a bubble at its corner;
//! another player's seat can be muted on this screen.

use super::{Fit, GameScreen, Message, ordinal};
use crate::fl;
use crate::rules::Seat;
use crate::table::Control;
use crate::ui::emote;
use crate::ui::screen::{badge, team_badge};
use crate::ui::theme::{self, BLACK, alpha};
use iced::widget::canvas::{self, Frame, Geometry, Path, Stroke, path};
use iced::widget::text::Wrapping;
use iced::widget::{button, center, column, container, row, stack, text};
use iced::{
    Alignment, Background, Border, Color, Element, Length, Radians, Rectangle, Renderer, Shadow, Theme, mouse,
};

/// A round disc: a fill and a rim (what it holds colours its own text:
/// the pips hold none, the podium's numbers are ink).
pub fn disc(fill: Color, rim: Color) -> impl Fn(&Theme) -> container::Style {
    move |_| container::Style {
        background: Some(Background::Color(fill)),
        border: Border { color: rim, width: 2.0, radius: 100.0.into() },
        text_color: None,
        shadow: Shadow::default(),
        snap: true,
    }
}

fn ring(fill: Color, active: bool) -> impl Fn(&Theme) -> container::Style {
    let initial = theme::ink_on(fill);
    move |_| container::Style {
        background: Some(Background::Color(fill)),
        border: Border {
            color: if active { Color::WHITE } else { theme::GOLD },
            width: if active { 5.0 } else { 4.0 },
            radius: 100.0.into(),
        },
        text_color: Some(initial),
        shadow: Shadow::default(),
        snap: true,
    }
}

/// A seat's card, as tall at every moment (its height is set, with room
/// for a second line of badges, and the die sits in a corner of its own),
/// so nothing beside it moves.
pub fn frame(screen: &GameScreen, seat: Seat, fit: Fit) -> Element<'_, Message> {
    let game = &screen.game;
    let control = screen.control(seat);
    let height = if fit.compact { 104.0 } else { 124.0 };
    if control == Control::Empty {
        return container(text(fl!("empty-seat")).size(14).color(alpha(theme::PARCHMENT, 0.6)))
            .padding(12)
            .width(Length::Fill)
            .height(height)
            .into();
    }
    let colour = theme::seat_colour(game, seat);
    let active = game.to_act() == Some(seat);
    let name = screen.name(seat);
    let initial = name.chars().next().map(String::from).unwrap_or_default();
    let side = if fit.compact { 44.0 } else { 58.0 };
    // The die sits in its holder's avatar's place (see `die_shown`).
    let holds_die = screen.die_shown().0 == seat;
    let avatar: Element<'_, Message> = if holds_die {
        screen.die(side + 8.0)
    } else {
        container(center(text(initial).font(BLACK).size(side * 0.45)))
            .width(side)
            .height(side)
            .style(ring(colour, active))
            .into()
    };
    // The turn timer as a ring that empties around it.
    let avatar: Element<'_, Message> = match screen.countdown().filter(|_| active) {
        Some(left) => {
            let total = game.rules().turn_timer.map_or(1, u64::from).max(1);
            let share = (left as f32 / total as f32).clamp(0.0, 1.0);
            stack![
                container(avatar).center(side + 12.0),
                iced::widget::canvas(Countdown { share, colour: theme::GOLD })
                    .width(side + 12.0)
                    .height(side + 12.0)
            ]
            .into()
        }
        None => container(avatar).center(side + 12.0).into(),
    };
    let small = if fit.compact { 10 } else { 11 };
    let mut badges = row![].spacing(4);
    badges = badges.push(game.partner(seat).map(|_| team_badge(seat, small)));
    badges = match control {
        Control::Bot(level) => badges.push(badge(
            &fl!("bot-level-badge", level = crate::ui::screen::setup::level_name(level)).to_uppercase(),
            small,
        )),
        Control::Person { .. } if screen.is_mine(seat) => badges.push(badge(fl!("this-computer"), small)),
        Control::Person { .. } => badges.push(badge(fl!("remote"), small)),
        Control::Standin { .. } => badges.push(badge(fl!("away-bot-plays"), small)),
        Control::Empty => badges,
    };
    // "Unmute", lit, on the button below says that the seat is muted.
    let muted = screen.reactions.is_muted(seat);
    let home = game.pawns(seat).iter().filter(|&&p| game.rules().is_home(p)).count();
    let pip = if fit.compact { 10.0 } else { 13.0 };
    let pips = row(game.pawns(seat).iter().map(|&p| {
        let filled = game.rules().is_home(p);
        container(text(""))
            .width(pip)
            .height(pip)
            .style(disc(if filled { colour } else { alpha(Color::WHITE, 0.15) }, theme::GOLD))
            .into()
    }))
    .spacing(3);
    // A finished seat shows its place where its pawns were counted.
    let tally: Element<'_, Message> = match game.place(seat) {
        Some(place) => badge(&fl!("place-place", place = ordinal(place)).to_uppercase(), small),
        None => text(fl!("home-home", home = home)).size(small).into(),
    };
    let ribbon = container(
        text(name.to_string()).font(BLACK).size(if fit.compact { 14 } else { 17 }).wrapping(Wrapping::None),
    )
    .padding([2, 10])
    .clip(true)
    .style(theme::ribbon(colour));
    // The mute button ends the badges' line, which gives way to it: laid
    // over the card's corner, it covered the end of a long name. Badges
    // that do not fit take a second line (a team's and "THIS COMPUTER" ran
    // off a narrow card); the card's height has room for it.
    let badges = badges.wrap().vertical_spacing(3);
    let mut tags =
        row![container(badges).width(Length::Fill).clip(true)].spacing(4).align_y(Alignment::Center);
    if screen.mutable(seat) {
        tags = tags.push(
            screen.focus.button(
                button(text(if muted { fl!("unmute") } else { fl!("mute") }).size(small))
                    .padding([1, 6])
                    .style(theme::choice(muted)),
                Message::MuteSeat(seat),
            ),
        );
    }
    let body = column![ribbon, tags, row![pips, tally].spacing(6).align_y(Alignment::Center)].spacing(4);
    let card = container(
        row![avatar, container(body).width(Length::Fill).clip(true)].spacing(8).align_y(Alignment::Center),
    )
    .padding(8)
    .width(Length::Fill)
    .height(height)
    .style(if active { theme::panel_lit } else { theme::panel });
    // A reaction is said in a bubble over the card's lower corner, for a
    // while: over the top one it hid who said it (the name) and the Mute
    // button beside it; the pawns home are also on the board.
    let mut layers = stack![card];
    if let Some(reaction) = screen.saying(seat) {
        let said = container(emote::view(reaction, 30.0)).padding([3, 8]).style(bubble);
        layers =
            layers.push(container(said).align_right(Length::Fill).align_bottom(Length::Fill).padding([6, 8]));
    }
    let id = iced::widget::Id::from(SEAT_IDS[seat.index()]);
    container(layers).id(id).into()
}

impl GameScreen {
    /// Whether another person's seat can be muted here (bots do not react).
    pub(super) fn mutable(&self, seat: Seat) -> bool {
        matches!(self.control(seat), Control::Person { .. } | Control::Standin { .. }) && !self.is_mine(seat)
    }
}

/// The seat cards' ids, for tests that measure them.
pub const SEAT_IDS: [&str; 4] = ["seat-0", "seat-1", "seat-2", "seat-3"];

/// The turn timer's ring: the share of the time left, drawn as an arc from
/// the top, clockwise.
struct Countdown {
    share: f32,
    colour: Color,
}

impl<M> canvas::Program<M> for Countdown {
    type State = ();

    fn draw(
        &self,
        _: &(),
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        let centre = frame.center();
        let radius = bounds.width.min(bounds.height) / 2.0 - 3.0;
        let track = Stroke::default().with_color(alpha(Color::BLACK, 0.35)).with_width(5.0);
        frame.stroke(&Path::circle(centre, radius), track);
        let start = -std::f32::consts::FRAC_PI_2;
        let arc = Path::new(|b| {
            b.arc(path::Arc {
                center: centre,
                radius,
                start_angle: Radians(start),
                end_angle: Radians(start + std::f32::consts::TAU * self.share),
            })
        });
        let colour = if self.share < 0.25 { theme::colour(crate::rules::Colour::Red) } else { self.colour };
        frame.stroke(&arc, Stroke::default().with_color(colour).with_width(5.0));
        vec![frame.into_geometry()]
    }
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
