//! The die: an ivory cube face with pips that tumbles in on a spring from
//! 540° when a roll lands. Clicking it rolls when rolling is allowed.

use crate::rules::Face;
use crate::ui::motion::die_spring;
use crate::ui::theme::{self, alpha, darker};
use iced::widget::canvas::{self, Frame, Geometry, Path, Stroke, gradient};
use iced::{Color, Point, Rectangle, Renderer, Size, Theme, Vector, mouse};
use std::time::Instant;

pub struct Die<M> {
    /// The face shown and when it landed; `None` before the first roll.
    pub shown: Option<(Face, Instant)>,
    pub now: Instant,
    /// The seat colour of whoever rolls.
    pub colour: Color,
    /// The message a click sends, when rolling is allowed.
    pub on_roll: Option<M>,
}

/// Pip positions on a unit face, for faces 1..=6.
fn pips(face: Face) -> &'static [(f32, f32)] {
    const L: f32 = 0.27;
    const M: f32 = 0.5;
    const H: f32 = 0.73;
    match face.get() {
        1 => &[(M, M)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (M, M), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (M, M), (L, H), (H, H)],
        _ => &[(L, L), (H, L), (L, M), (H, M), (L, H), (H, H)],
    }
}

impl<M> Die<M> {
    /// The face shown (none before the first roll), with the tumble's
    /// angle and scale now.
    pub fn face(&self) -> (Option<Face>, (f32, f32)) {
        match self.shown {
            Some((face, at)) => (Some(face), die_spring(self.now.saturating_duration_since(at))),
            None => (None, (0.0, 1.0)),
        }
    }
}

impl<M: Clone> canvas::Program<M> for Die<M> {
    type State = ();

    fn update(
        &self,
        _: &mut (),
        event: &canvas::Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<M>> {
        match event {
            canvas::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left))
                if cursor.is_over(bounds) =>
            {
                self.on_roll.clone().map(|m| canvas::Action::publish(m).and_capture())
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        _: &(),
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        frame.fill_rectangle(Point::ORIGIN, bounds.size(), Color::from_rgba(0.0, 0.0, 0.0, 1.0 / 255.0));
        let side = bounds.width.min(bounds.height) * 0.62;
        let (face, (angle, scale)) = self.face();
        let centre = frame.center();
        // Glow in the roller's colour while a click would roll.
        if self.on_roll.is_some() {
            frame.fill(&Path::circle(centre, side * 0.85), alpha(self.colour, 0.35));
        }
        frame.translate(Vector::new(centre.x, centre.y));
        frame.fill(
            &Path::rounded_rectangle(
                Point::new(-side / 2.0 + 3.0, -side / 2.0 + 5.0),
                Size::new(side, side),
                (side * 0.2).into(),
            ),
            alpha(Color::BLACK, 0.35),
        );
        frame.rotate(angle);
        frame.scale(scale);
        let top_left = Point::new(-side / 2.0, -side / 2.0);
        let body = Path::rounded_rectangle(top_left, Size::new(side, side), (side * 0.2).into());
        frame.fill(
            &body,
            gradient::Linear::new(top_left, top_left + Vector::new(side, side))
                .add_stop(0.0, Color::WHITE)
                .add_stop(1.0, theme::rgb(0xe8, 0xdf, 0xcf)),
        );
        frame.stroke(&body, Stroke::default().with_color(darker(self.colour, 0.2)).with_width(side * 0.05));
        // Before the first roll the die is blank.
        for &(x, y) in face.map_or(&[][..], pips) {
            let p = Point::new(top_left.x + x * side, top_left.y + y * side);
            frame.fill(
                &Path::circle(p, side * 0.085),
                if face == Some(Face::ONE) { theme::colour(crate::rules::Colour::Red) } else { theme::INK },
            );
        }
        vec![frame.into_geometry()]
    }

    fn mouse_interaction(&self, _: &(), bounds: Rectangle, cursor: mouse::Cursor) -> mouse::Interaction {
        if self.on_roll.is_some() && cursor.is_over(bounds) {
            mouse::Interaction::Pointer
        } else {
            mouse::Interaction::default()
        }
    }
}
