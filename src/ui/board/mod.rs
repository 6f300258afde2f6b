//! The board: the static board painted into an image once per size (see
//! `raster`), and over it one `canvas::Program` that draws the pawns of a `rules::Game` as they stand or hop, the glow
//! of the pawns that may move and, under the cursor, where one would land.

mod layout;
mod paint;
pub mod pawn;

pub use layout::{Layout, turn_for};
pub use paint::star;

use crate::rules::board::{self, CENTRE};
use crate::rules::{Game, Move, Moves, Progress, Rules, Seat, YARD};
use crate::ui::motion::{Burst, Flourish, Motion};
use crate::ui::raster::Still;
use crate::ui::theme::{self, alpha};
use iced::widget::canvas::{self, Frame, Geometry, LineDash, Path, Stroke};
use iced::widget::{canvas as canvas_widget, responsive};
use iced::{Element, Length, Point, Rectangle, Renderer, Theme, Vector, mouse};
use std::time::Instant;

/// The static board in pixels, kept per size, rules (colours, safe squares)
/// and turn.
pub type Painted = Still<(Rules, u8)>;

/// What the board shows at one instant.
pub struct Board<'a, M> {
    pub game: &'a Game,
    pub motion: &'a Motion,
    /// The painted static board, shared by every frame of the same size.
    pub painted: &'a Painted,
    pub now: Instant,
    /// The moves this computer may choose now (empty when it is not its turn).
    pub choices: Moves,
    /// The pawn chosen with the keyboard, if any.
    pub selected: Option<u8>,
    /// The message sent when a movable pawn is clicked.
    pub on_choose: fn(u8) -> M,
    /// Where movable pawns are in their bounce, 0 to 1.
    pub pulse: f32,
    /// Each pawn carries its colour's mark (a setting, for colour-blind players).
    pub marks: bool,
    /// Movable pawns show the number key that moves them.
    pub numbered: bool,
    /// Quarter turns clockwise the board is drawn at ([`Layout::turned`]).
    pub turn: u8,
}

impl<M> Clone for Board<'_, M> {
    fn clone(&self) -> Self {
        Board { choices: self.choices.clone(), ..*self }
    }
}

/// The board as a widget: the painted static board under the pawns' canvas.
pub fn view<'a, M: 'a>(board: Board<'a, M>) -> Element<'a, M> {
    responsive(move |size| {
        let layout = Layout::new(size).turned(board.turn);
        let still = board
            .painted
            .get(size, &(*board.game.rules(), board.turn), |frame| paint::board(frame, &layout, board.game));
        let pawns = canvas_widget(Pawns { board: board.clone(), with_board: still.is_none() })
            .width(Length::Fill)
            .height(Length::Fill);
        crate::ui::raster::under(still, pawns.into())
    })
    .into()
}

/// The static board alone, drawn small: a listed table's preview in the
/// lobby, painted by the same code (and cached the same way) as the game's.
pub fn preview<'a, M: 'a>(painted: &'a Painted, game: &'a Game) -> Element<'a, M> {
    responsive(move |size| {
        let still =
            painted.get(size, &(*game.rules(), 0), |frame| paint::board(frame, &Layout::new(size), game));
        crate::ui::raster::under(still, iced::widget::space::horizontal().into())
    })
    .into()
}

/// The moving part of the board; `with_board` paints the static board too,
/// when the software renderer could not paint it into an image.
struct Pawns<'a, M> {
    board: Board<'a, M>,
    with_board: bool,
}

/// A pawn where it is drawn now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    pub seat: Seat,
    pub pawn: u8,
    pub at: Point,
    pub scale: f32,
    pub lift: f32,
    /// How many of this seat's pawns stand here, drawn as one with a
    /// count badge; 0 for the pawns hidden under it.
    pub count: u8,
}

/// Where a pawn of `seat` at `progress` stands, in canvas coordinates.
/// Home pawns gather on their seat's triangle, at its centroid: the centre
/// square's edge is 1.5 cells out and the last lane cell's middle 2, so
/// half way to that middle is a third of the way in from the edge (at 0.8
/// a pawn stood half on the lane and looked still on its way).
pub fn point_of(l: &Layout, seat: Seat, pawn: u8, progress: Progress) -> Point {
    if progress == YARD {
        return l.spot(board::yard_spot(seat, usize::from(pawn)));
    }
    match board::cell(seat, progress) {
        Some(cell) if cell == CENTRE => {
            let middle = l.cell_centre(CENTRE);
            let toward = board::cell(seat, Progress::LANE_END)
                .map(|c| l.cell_centre(c) - middle)
                .unwrap_or(Vector::new(0.0, 0.0));
            middle + toward * 0.5
        }
        Some(cell) => l.cell_centre(cell),
        // Beyond the track (a `FourSpaces` home past its lane) cannot happen in
        // a checked game; the yard is the harmless place to show it.
        None => l.spot(board::yard_spot(seat, usize::from(pawn))),
    }
}

/// A capture's burst (a ring and sparks in the capturer's colour) or a
/// pawn's arrival home (gold stars rising), `t` of the way through.
fn flourish(frame: &mut Frame<Renderer>, l: &Layout, game: &Game, burst: &Burst, t: f32) {
    let at = point_of(l, burst.seat, 0, burst.at);
    let fade = 1.0 - t;
    match burst.flourish {
        Flourish::Capture { by } => {
            let colour = theme::seat_colour(game, by);
            let ring = Path::circle(at, l.cell * (0.4 + 1.2 * t));
            frame.stroke(
                &ring,
                Stroke::default().with_color(alpha(colour, fade)).with_width(l.cell * 0.14 * fade),
            );
            for k in 0..8 {
                let a = std::f32::consts::TAU * k as f32 / 8.0;
                let d = l.cell * (0.3 + 1.4 * t);
                let spark = at + Vector::new(d * a.cos(), d * a.sin());
                frame.fill(&Path::circle(spark, l.cell * 0.1 * fade), alpha(iced::Color::WHITE, fade));
            }
        }
        Flourish::Home => {
            for k in 0..6 {
                let a = std::f32::consts::TAU * k as f32 / 6.0 + t;
                let d = l.cell * (0.2 + 1.0 * t);
                let spot = at + Vector::new(d * a.cos(), d * a.sin() - l.cell * 0.6 * t);
                paint::star(frame, spot, l.cell * 0.24 * (1.0 - 0.5 * t), alpha(theme::GOLD, fade));
            }
        }
    }
}

impl<M> Board<'_, M> {
    /// Every pawn where it is drawn at `now`, bottom first: pawns sharing a
    /// square step aside so each stays visible.
    pub fn placements(&self, l: &Layout) -> Vec<Placed> {
        let mut resting: Vec<Placed> = Vec::new();
        let mut flying: Vec<Placed> = Vec::new();
        for seat in self.game.players().iter() {
            for (i, &progress) in self.game.pawns(seat).iter().enumerate() {
                let pawn = i as u8;
                match self.motion.hop_of(seat, pawn, self.now) {
                    Some(hop) => {
                        let (at, lift) = match hop.at(self.now) {
                            Some(air) => {
                                let a = point_of(l, seat, pawn, air.from);
                                let b = point_of(l, seat, pawn, air.to);
                                (a + (b - a) * air.t, air.lift)
                            }
                            // Waiting for its turn to fly (a captured pawn).
                            None => {
                                (point_of(l, seat, pawn, hop.path.first().copied().unwrap_or(progress)), 0.0)
                            }
                        };
                        flying.push(Placed { seat, pawn, at, scale: 1.0, lift, count: 1 });
                    }
                    None => resting.push(Placed {
                        seat,
                        pawn,
                        at: point_of(l, seat, pawn, progress),
                        scale: 1.0,
                        lift: 0.0,
                        count: 1,
                    }),
                }
            }
        }
        spread(&mut resting, l.cell);
        resting.sort_by(|a, b| a.at.y.total_cmp(&b.at.y));
        resting.extend(flying);
        resting
    }

    /// The number drawn on a pawn: the key that moves it (1–4 choose the
    /// pawn of that index, whichever way the board is turned), on the
    /// movable pawns of the mover when they are this computer's to move.
    pub fn number_on(&self, p: &Placed) -> Option<u8> {
        let movable = p.seat == self.game.mover() && self.choices.iter().any(|m| m.pawn == p.pawn);
        (self.numbered && movable && p.count > 0).then_some(p.pawn + 1)
    }

    /// Each number drawn on the board and where its pawn stands.
    pub fn numbers(&self, l: &Layout) -> Vec<(u8, Point)> {
        self.placements(l).iter().filter_map(|p| Some((self.number_on(p)?, p.at))).collect()
    }

    fn hovered(&self, l: &Layout, cursor: Point) -> Option<u8> {
        // At a team table a finished player moves its partner's pawns.
        let mover = self.game.mover();
        self.placements(l)
            .into_iter()
            .rev()
            .filter(|p| p.seat == mover && self.choices.iter().any(|m| m.pawn == p.pawn))
            .find(|p| {
                let d = cursor - (p.at - Vector::new(0.0, 0.15 * l.cell));
                (d.x * d.x + d.y * d.y).sqrt() < 0.5 * l.cell * p.scale.max(0.8)
            })
            .map(|p| p.pawn)
    }
}

/// Pawns resting on one point stay readable: each seat's pawns there are
/// drawn as one pawn with a count badge, and two or more seats' side by
/// side, smaller.
fn spread(pawns: &mut [Placed], cell: f32) {
    let mut done = vec![false; pawns.len()];
    for i in 0..pawns.len() {
        if done[i] {
            continue;
        }
        let at = pawns[i].at;
        let here: Vec<usize> = (0..pawns.len()).filter(|&j| pawns[j].at == at).collect();
        let mut seats: Vec<Seat> = Vec::new();
        for &j in &here {
            done[j] = true;
            if !seats.contains(&pawns[j].seat) {
                seats.push(pawns[j].seat);
            }
        }
        let offsets: &[(f32, f32)] = match seats.len() {
            1 => &[(0.0, 0.0)],
            2 => &[(-0.2, 0.0), (0.2, 0.0)],
            3 => &[(-0.2, 0.1), (0.2, 0.1), (0.0, -0.15)],
            _ => &[(-0.2, -0.15), (0.2, -0.15), (-0.2, 0.15), (0.2, 0.15)],
        };
        let scale = match seats.len() {
            1 => 1.0,
            2 => 0.72,
            _ => 0.62,
        };
        for (k, seat) in seats.iter().enumerate() {
            let (dx, dy) = offsets[k % offsets.len()];
            let mine: Vec<usize> = here.iter().copied().filter(|&j| pawns[j].seat == *seat).collect();
            for (n, &j) in mine.iter().enumerate() {
                pawns[j].at = at + Vector::new(dx * cell, dy * cell);
                pawns[j].scale = scale;
                // The last one drawn carries the count.
                pawns[j].count = if n + 1 == mine.len() { mine.len() as u8 } else { 0 };
            }
        }
    }
}

/// The pawn under the cursor, kept between events to redraw only on change.
#[derive(Debug, Default)]
pub struct Hover(Option<u8>);

impl<M> canvas::Program<M> for Pawns<'_, M> {
    type State = Hover;

    fn update(
        &self,
        state: &mut Hover,
        event: &canvas::Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<M>> {
        let l = Layout::new(bounds.size()).turned(self.board.turn);
        let under = cursor.position_in(bounds).and_then(|p| self.board.hovered(&l, p));
        match event {
            canvas::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) => {
                under.map(|pawn| canvas::Action::publish((self.board.on_choose)(pawn)).and_capture())
            }
            canvas::Event::Mouse(_) if under != state.0 => {
                state.0 = under;
                Some(canvas::Action::request_redraw())
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        state: &Hover,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let l = Layout::new(bounds.size()).turned(self.board.turn);
        let b = &self.board;
        let mut frame = Frame::new(renderer, bounds.size());
        if self.with_board {
            paint::board(&mut frame, &l, b.game);
        }
        // The pawns that move are the mover's: a finished partner's at a team table.
        let mover = b.game.mover();
        let hovered = state.0.or(b.selected);
        if let Some(choice) = hovered.and_then(|p| b.choices.iter().find(|m| m.pawn == p)) {
            landing(&mut frame, &l, b.game, mover, *choice);
        }
        for p in b.placements(&l).into_iter().filter(|p| p.count > 0) {
            let size = l.cell * 0.9 * p.scale;
            let movable = p.seat == mover && b.choices.iter().any(|m| m.pawn == p.pawn);
            // Movable pawns bounce, so a player sees at once which may go.
            let lift = if movable && p.lift == 0.0 {
                pawn::glow(&mut frame, p.at, size, hovered == Some(p.pawn), b.pulse);
                0.25 * b.pulse
            } else {
                p.lift
            };
            pawn::reach(&mut frame, p.at, size, lift.max(0.25));
            pawn::pawn(&mut frame, p.at, size, theme::seat_colour(b.game, p.seat), lift);
            if let Some(mark) = b.marks.then(|| pawn::Mark::of(b.game.rules().colour_of(p.seat))) {
                pawn::mark(&mut frame, p.at, size, lift, mark);
            }
            if p.count > 1 {
                pawn::count(&mut frame, p.at, size, p.count);
            }
            if let Some(n) = b.number_on(&p) {
                pawn::number(&mut frame, p.at, size, lift, n);
            }
        }
        for burst in &b.motion.bursts {
            if let Some(t) = burst.progress(b.now) {
                flourish(&mut frame, &l, b.game, burst, t);
            }
        }
        vec![frame.into_geometry()]
    }

    fn mouse_interaction(
        &self,
        state: &Hover,
        _bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        if state.0.is_some() { mouse::Interaction::Pointer } else { mouse::Interaction::default() }
    }
}

/// Where the hovered pawn would land: a dashed ring and a ghost of the pawn.
fn landing(frame: &mut Frame<Renderer>, l: &Layout, game: &Game, seat: Seat, choice: Move) {
    let at = point_of(l, seat, choice.pawn, choice.to);
    let colour = theme::seat_colour(game, seat);
    let dash = [l.cell * 0.14, l.cell * 0.09];
    frame.fill(&Path::circle(at, l.cell * 0.46), alpha(colour, 0.25));
    frame.stroke(
        &Path::circle(at, l.cell * 0.46),
        Stroke {
            line_dash: LineDash { segments: &dash, offset: 0 },
            ..Stroke::default().with_color(theme::INK).with_width(l.cell * 0.06)
        },
    );
    pawn::reach(frame, at, l.cell * 0.9, 0.0);
    pawn::pawn(frame, at, l.cell * 0.9, alpha(colour, 0.45), 0.0);
}
