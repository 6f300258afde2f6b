//! The game screen's layout: the board in the middle, the seats framed
//! around it, the action panel; the palace duel board and the podium.

use super::{Confirm, GameScreen, Message, seats, verify};
use crate::fl;
use crate::rules::{Duel, Phase, Seat};
use crate::ui::board::{self, Board};
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, center, column, container, responsive, row, stack, text};
use iced::{Alignment, Element, Length, Size};

/// How the game screen shares the window: the board's square (as tall as
/// the window allows) and the seat columns either side, which shrink on
/// small windows down to the narrowest a seat card reads at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    pub board: f32,
    pub column: f32,
    /// Small print and a smaller seat card.
    pub compact: bool,
}

impl Fit {
    pub const PAD: f32 = 8.0;
    pub const GAP: f32 = 8.0;
    const NARROWEST: f32 = 172.0;
    const WIDEST: f32 = 300.0;

    pub fn of(window: Size) -> Fit {
        let across = window.width - 2.0 * (Fit::PAD + Fit::GAP);
        let board = (window.height - 2.0 * Fit::PAD).min(across - 2.0 * Fit::NARROWEST).max(120.0);
        let column = ((across - board) / 2.0).clamp(Fit::NARROWEST.min(across / 4.0), Fit::WIDEST);
        Fit { board, column, compact: column < 230.0 }
    }
}

/// The podium's buttons, for the keyboard's focus: they send what the
/// panel's Rematch, Verify dice and Leave send.
pub(super) const PODIUM_REMATCH: &str = "podium rematch";
pub(super) const PODIUM_VERIFY: &str = "podium verify";
pub(super) const PODIUM_LEAVE: &str = "podium leave";

/// How long a won duel's board stays up.
const DUEL_SHOWN: std::time::Duration = std::time::Duration::from_millis(2500);

impl GameScreen {
    /// The board as this screen draws it now.
    pub fn board_only(&self) -> Board<'_, Message> {
        Board {
            game: &self.game,
            motion: &self.motion,
            painted: &self.painted,
            now: self.now,
            choices: self.choices(),
            selected: self.selected,
            on_choose: Message::Choose,
            pulse: self.pulse(),
            marks: self.helpers.pawn_marks,
            numbered: true,
            turn: self.turn(),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        responsive(move |size| self.laid_out(Fit::of(size))).into()
    }

    /// The screen at one window size: the board's square in the middle, a
    /// column of two seats either side (the seat at each of the board's
    /// corners beside it), the event log on the left and the action panel
    /// on the right between them.
    fn laid_out<'a>(&'a self, fit: Fit) -> Element<'a, Message> {
        let board = board::view(self.board_only());
        let board: Element<'_, Message> = if let Some(dice) = &self.verifying {
            verify::view(self, dice)
        } else if let Some(question) = self.confirming {
            stack![board, center(self.question(question))].into()
        } else if self.podium_shown() {
            stack![board, center(self.podium())].into()
        } else {
            board
        };
        // The seat at each corner of the board as drawn (turned for the player here).
        let corner = |i: u8| Seat::ALL[usize::from((i + 4 - self.turn()) % 4)];
        let [top_left, top_right, bottom_right, bottom_left] = [0, 1, 2, 3].map(corner);
        let side = |top: Seat, middle: Element<'a, Message>, bottom: Seat| -> Element<'a, Message> {
            column![self.seat(top, fit), container(middle).height(Length::Fill), self.seat(bottom, fit)]
                .spacing(Fit::GAP)
                .width(fit.column)
                .height(fit.board)
                .into()
        };
        let row = row![
            side(top_left, self.event_log(fit), bottom_left),
            container(board).id("board").width(fit.board).height(fit.board),
            side(top_right, self.panel(fit), bottom_right),
        ]
        .spacing(Fit::GAP);
        center(row).padding(Fit::PAD).into()
    }

    /// Whether the podium is up over the board: the game is over and its
    /// last pawns have landed.
    pub(super) fn podium_shown(&self) -> bool {
        self.game.is_over() && !self.is_animating()
    }

    /// Leave or close? Asked over the board.
    fn question(&self, question: Confirm) -> Element<'_, Message> {
        let (line, yes) = match question {
            // A watcher has no seat to leave; a player's seat goes on
            // without it, and comes back when the game is resumed.
            Confirm::Leave if self.driver.watches() => (fl!("leave-the-table-question"), fl!("yes-leave")),
            Confirm::Leave if self.driver.is_networked() => {
                (fl!("leave-your-seat-the-game"), fl!("yes-leave"))
            }
            Confirm::Leave => (fl!("leave-the-table-the-game"), fl!("yes-leave")),
            Confirm::Close => (fl!("close-the-table-for-everyone"), fl!("yes-close-it")),
        };
        container(
            column![
                text(line).font(BOLD).size(18),
                row![
                    self.focus.button(
                        button(text(yes).font(BLACK).size(16)).padding([8, 20]).style(theme::primary),
                        Message::Sure(true)
                    ),
                    self.focus.button(
                        button(text(fl!("stay")).size(16)).padding([8, 20]).style(theme::choice(false)),
                        Message::Sure(false)
                    ),
                ]
                .spacing(12),
            ]
            .spacing(16)
            .align_x(Alignment::Center),
        )
        .padding(24)
        .max_width(420)
        .style(theme::panel)
        .into()
    }

    fn seat(&self, seat: Seat, fit: Fit) -> Element<'_, Message> {
        seats::frame(self, seat, fit)
    }

    /// The last few events, newest first, beside the board.
    fn event_log(&self, fit: Fit) -> Element<'_, Message> {
        let lines = column(self.events().rev().enumerate().map(|(i, line)| {
            let faded = if i == 0 { 1.0 } else { 0.75 };
            text(line)
                .size(if fit.compact { 12 } else { 14 })
                .color(theme::alpha(theme::PARCHMENT, faded))
                .into()
        }))
        .spacing(6);
        container(
            column![text(fl!("last-moves")).font(BOLD).size(if fit.compact { 13 } else { 15 }), lines]
                .spacing(6),
        )
        .padding(10)
        .width(Length::Fill)
        .height(Length::Fill)
        .clip(true)
        .style(theme::panel)
        .into()
    }

    /// Palace: the rival to challenge, or the live Tic-Tac-Toe board.
    pub(super) fn duel_board(&self) -> Option<Element<'_, Message>> {
        let mine = self.person_to_act().is_some();
        match self.game.phase() {
            Phase::ChooseOpponent => {
                let challenger = self.game.turn();
                let rivals = self.game.remaining().without(challenger);
                let buttons = column(rivals.iter().map(|r| {
                    self.focus.button_maybe(
                        button(text(fl!("challenge-who", who = self.name(r))).size(14))
                            .style(theme::choice(false)),
                        mine.then_some(Message::Challenge(r)),
                    )
                }))
                .spacing(6);
                Some(buttons.into())
            }
            Phase::Duel(d) => {
                // Whose turn it is challenged the other duellist.
                let challenger = self.game.turn();
                let challenged = if d.x == challenger { d.o } else { d.x };
                let heading =
                    fl!("who-challenged-whom", who = self.name(challenger), whom = self.name(challenged));
                Some(self.duel_grid(d, heading, mine))
            }
            // A duel just won stays up a moment, its line drawn.
            _ => self.duel_won.filter(|&(_, _, at)| self.now.saturating_duration_since(at) < DUEL_SHOWN).map(
                |(d, winner, _)| {
                    self.duel_grid(d, fl!("who-wins-the-duel-2", who = self.name(winner)), false)
                },
            ),
        }
    }

    /// A duel's board under `heading`: marks in their duellists' colours,
    /// free cells to press when `mine`, a won line on its winner's colour.
    fn duel_grid(&self, d: Duel, heading: String, mine: bool) -> Element<'_, Message> {
        let line = d.winning_line();
        let cell = move |i: u8| -> Element<'_, Message> {
            let mark = d.cells.get(usize::from(i)).copied().flatten();
            let (label, seat) = match mark {
                Some(true) => ("X", Some(d.x)),
                Some(false) => ("O", Some(d.o)),
                None => ("", None),
            };
            let colour = seat.map_or(theme::INK, |s| theme::seat_colour(&self.game, s));
            let won = line.is_some_and(|l| l.contains(&i));
            let face = text(label).font(BLACK).size(26).color(if won { theme::PARCHMENT } else { colour });
            let button = button(center(face)).width(52).height(52);
            let button = if won { button.style(theme::primary) } else { button.style(theme::choice(false)) };
            self.focus.button_maybe(button, (mine && mark.is_none()).then_some(Message::Mark(i)))
        };
        let grid = column((0..3).map(|r| row((0..3).map(|c| cell(r * 3 + c))).spacing(4).into())).spacing(4);
        column![
            text(heading).font(BOLD).size(14),
            text(format!("X {} · O {}", self.name(d.x), self.name(d.o))).size(13),
            grid
        ]
        .spacing(6)
        .align_x(Alignment::Center)
        .into()
    }

    /// Places and trophies, over the board, once the game is over.
    fn podium(&self) -> Element<'_, Message> {
        let mut placed: Vec<(u8, Seat)> =
            self.game.players().iter().map(|s| (self.game.place(s).unwrap_or(u8::MAX), s)).collect();
        placed.sort();
        let lines = column(placed.iter().map(|&(place, seat)| {
            let medal = match place {
                1 => theme::GOLD,
                2 => theme::rgb(0xc9, 0xd1, 0xd9),
                3 => theme::rgb(0xcd, 0x7f, 0x32),
                _ => theme::alpha(theme::PARCHMENT, 0.4),
            };
            let label = if place == u8::MAX { "–".to_string() } else { place.to_string() };
            row![
                container(center(text(label).font(BLACK).size(18).color(theme::INK)))
                    .width(36)
                    .height(36)
                    .style(seats::disc(medal, theme::COPPER_DARK)),
                container(text(self.name(seat).to_string()).font(BOLD).size(18))
                    .padding([4, 12])
                    .style(theme::ribbon(theme::seat_colour(&self.game, seat))),
            ]
            .spacing(12)
            .align_y(Alignment::Center)
            .into()
        }))
        .spacing(10);
        let winner = placed.first().map(|&(_, seat)| seat);
        let headline = match winner {
            Some(seat)
                if self.is_mine(seat) && Seat::ALL.iter().filter(|&&s| self.is_mine(s)).count() == 1 =>
            {
                fl!("you-win").to_string()
            }
            Some(seat) => fl!("who-wins", who = self.name(seat)),
            None => fl!("game-over").to_string(),
        };
        let colour = winner.map_or(theme::GOLD, |s| theme::seat_colour(&self.game, s));
        let rematch =
            button(text(fl!("rematch")).font(BLACK).size(18)).padding([8, 24]).style(theme::primary);
        container(
            column![
                iced::widget::canvas(Trophy { colour }).width(96).height(96),
                text(headline).font(BLACK).size(32).color(theme::GOLD),
                text(fl!("game-over")).size(16),
                lines,
                row![
                    if self.driver.hosts() {
                        self.focus.button_named(PODIUM_REMATCH, rematch, Message::Rematch)
                    } else {
                        rematch.into()
                    },
                    self.focus.button_named(
                        PODIUM_VERIFY,
                        button(text(fl!("verify-dice")).size(18)).padding([8, 24]).style(theme::primary),
                        Message::Verify
                    ),
                    self.focus.button_named(
                        PODIUM_LEAVE,
                        button(text(fl!("leave")).size(18)).padding([8, 24]).style(theme::primary),
                        Message::Leave
                    ),
                ]
                .spacing(12),
            ]
            .spacing(16)
            .align_x(Alignment::Center),
        )
        .padding(28)
        .style(theme::panel)
        .into()
    }
}

/// The winner's cup, drawn: gold with handles, a band in the winner's
/// colour and a star.
struct Trophy {
    colour: iced::Color,
}

impl<M> iced::widget::canvas::Program<M> for Trophy {
    type State = ();

    fn draw(
        &self,
        _: &(),
        renderer: &iced::Renderer,
        _: &iced::Theme,
        bounds: iced::Rectangle,
        _: iced::mouse::Cursor,
    ) -> Vec<iced::widget::canvas::Geometry> {
        use iced::Point;
        use iced::widget::canvas::{Frame, Path, Stroke};
        let mut frame = Frame::new(renderer, bounds.size());
        let s = bounds.width.min(bounds.height);
        let p = |x: f32, y: f32| Point::new(x * s, y * s);
        let gold = theme::GOLD;
        let rim = Stroke::default().with_color(theme::COPPER_DARK).with_width(s * 0.03);
        for side in [-1.0f32, 1.0] {
            let handle = Path::circle(p(0.5 + side * 0.3, 0.32), s * 0.11);
            frame.stroke(&handle, Stroke::default().with_color(gold).with_width(s * 0.05));
        }
        let cup = Path::new(|b| {
            b.move_to(p(0.22, 0.12));
            b.line_to(p(0.78, 0.12));
            b.quadratic_curve_to(p(0.78, 0.55), p(0.5, 0.62));
            b.quadratic_curve_to(p(0.22, 0.55), p(0.22, 0.12));
            b.close();
        });
        frame.fill(&cup, gold);
        frame.stroke(&cup, rim);
        frame.fill_rectangle(p(0.22, 0.2), iced::Size::new(s * 0.56, s * 0.08), self.colour);
        frame.fill_rectangle(p(0.45, 0.6), iced::Size::new(s * 0.1, s * 0.16), gold);
        let base = Path::rectangle(p(0.3, 0.76), iced::Size::new(s * 0.4, s * 0.1));
        frame.fill(&base, theme::COPPER);
        frame.stroke(&base, rim);
        crate::ui::board::star(&mut frame, p(0.5, 0.36), s * 0.1, iced::Color::WHITE);
        vec![frame.into_geometry()]
    }
}
