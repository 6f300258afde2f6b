//! A pawn as drawn: a shadow on the board, a cone body and a round head, lit
//! from the top left; the glow of a pawn that may move, its colour's mark,
//! the count of pawns on one square and the key that moves it.

use crate::rules::Colour;
use crate::ui::theme::{alpha, darker, lighter};
use iced::widget::canvas::{self, Frame, Path, Stroke, gradient, path::arc::Elliptical};
use iced::{Color, Point, Radians, Renderer, Vector};
use std::f32::consts::TAU;

pub fn ellipse(center: Point, rx: f32, ry: f32) -> Path {
    Path::new(|b| {
        b.ellipse(Elliptical {
            center,
            radii: Vector::new(rx, ry),
            rotation: Radians(0.0),
            start_angle: Radians(0.0),
            end_angle: Radians(TAU),
        })
    })
}

/// Draws a pawn standing at `at` (the centre of its square), `size` tall,
/// lifted by `lift` (0 on the board, 1 at the top of a hop): the shadow stays
/// on the board and shrinks while the pawn is in the air.
pub fn pawn(frame: &mut Frame<Renderer>, at: Point, size: f32, colour: Color, lift: f32) {
    let s = size;
    let ground = at + Vector::new(0.0, 0.3 * s);
    let shrink = 1.0 - 0.45 * lift;
    frame.fill(
        &ellipse(ground, 0.32 * s * shrink, 0.11 * s * shrink),
        alpha(Color::BLACK, 0.38 * (1.0 - 0.5 * lift)),
    );
    let g = ground - Vector::new(0.0, lift * 0.6 * s);
    let p = |x: f32, y: f32| Point::new(g.x + x * s, g.y + y * s);
    let outline = Stroke::default().with_color(darker(colour, 0.55)).with_width((0.035 * s).max(0.8));
    let shade = gradient::Linear::new(p(-0.3, 0.0), p(0.3, 0.0))
        .add_stop(0.0, lighter(colour, 0.4))
        .add_stop(0.45, colour)
        .add_stop(1.0, darker(colour, 0.3));
    let foot = ellipse(p(0.0, -0.06), 0.3 * s, 0.11 * s);
    frame.fill(&foot, shade);
    frame.stroke(&foot, outline);
    let body = Path::new(|b| {
        b.move_to(p(-0.25, -0.08));
        b.quadratic_curve_to(p(-0.17, -0.3), p(-0.08, -0.46));
        b.line_to(p(0.08, -0.46));
        b.quadratic_curve_to(p(0.17, -0.3), p(0.25, -0.08));
        b.quadratic_curve_to(p(0.0, 0.0), p(-0.25, -0.08));
        b.close();
    });
    frame.fill(&body, shade);
    frame.stroke(&body, outline);
    let collar = ellipse(p(0.0, -0.46), 0.14 * s, 0.045 * s);
    frame.fill(&collar, lighter(colour, 0.2));
    frame.stroke(&collar, outline);
    let head = Path::circle(p(0.0, -0.62), 0.17 * s);
    frame.fill(&head, shade);
    frame.stroke(&head, outline);
    frame.fill(&ellipse(p(-0.06, -0.68), 0.055 * s, 0.04 * s), alpha(Color::WHITE, 0.85));
    frame.fill(&ellipse(p(-0.12, -0.24), 0.03 * s, 0.11 * s), alpha(Color::WHITE, 0.35));
}

/// Marks all a pawn at `at` may cover (its glow, its outlines' anti-aliased
/// fringes, a landing ring) with an invisible rectangle. tiny-skia redraws
/// only the damaged bounds of shapes, and those leave out strokes' widths and
/// fringes: without it a hop leaves a trail. Far cheaper than damaging the
/// whole board each frame.
pub fn reach(frame: &mut Frame<Renderer>, at: Point, size: f32, lift: f32) {
    let margin = 2.0;
    let up = (0.56 + 0.6 * lift) * size + margin;
    let half = 0.56 * size + margin;
    frame.fill_rectangle(
        Point::new(at.x - half, at.y - up),
        iced::Size::new(2.0 * half, up + 0.56 * size + margin),
        Color::TRANSPARENT,
    );
}

/// The glow under a pawn that may move, swelling with its bounce
/// (`pulse`, 0 to 1).
pub fn glow(frame: &mut Frame<Renderer>, at: Point, size: f32, strong: bool, pulse: f32) {
    let ground = at + Vector::new(0.0, 0.26 * size);
    let gold = crate::ui::theme::GOLD;
    let grow = 1.0 + 0.15 * pulse;
    let ring = ellipse(ground, 0.5 * size * grow, 0.2 * size * grow);
    frame.fill(&ring, alpha(gold, 0.35 + 0.3 * pulse));
    frame.stroke(
        &ring,
        Stroke::default().with_color(if strong { Color::WHITE } else { gold }).with_width(0.07 * size),
    );
}

/// A shape per colour on a pawn's body, so colours never need telling
/// apart by hue alone (a setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Dot,
    Triangle,
    Square,
    Cross,
}

impl Mark {
    pub fn of(colour: Colour) -> Mark {
        match colour {
            Colour::Red => Mark::Dot,
            Colour::Green => Mark::Triangle,
            Colour::Yellow => Mark::Square,
            Colour::Blue => Mark::Cross,
        }
    }
}

/// Where a pawn's body is, `lift`ed as `pawn` draws it.
fn body_centre(at: Point, size: f32, lift: f32) -> Point {
    at + Vector::new(0.0, 0.3 * size - lift * 0.6 * size - 0.25 * size)
}

/// The pawn's mark, white on its body.
pub fn mark(frame: &mut Frame<Renderer>, at: Point, size: f32, lift: f32, mark: Mark) {
    let c = body_centre(at, size, lift);
    let r = 0.09 * size;
    let shape = match mark {
        Mark::Dot => Path::circle(c, r),
        Mark::Triangle => Path::new(|b| {
            b.move_to(Point::new(c.x, c.y - r * 1.2));
            b.line_to(Point::new(c.x + r * 1.1, c.y + r * 0.8));
            b.line_to(Point::new(c.x - r * 1.1, c.y + r * 0.8));
            b.close();
        }),
        Mark::Square => Path::rectangle(Point::new(c.x - r, c.y - r), iced::Size::new(2.0 * r, 2.0 * r)),
        Mark::Cross => Path::new(|b| {
            let w = r * 0.45;
            b.rectangle(Point::new(c.x - r * 1.1, c.y - w), iced::Size::new(2.2 * r, 2.0 * w));
            b.rectangle(Point::new(c.x - w, c.y - r * 1.1), iced::Size::new(2.0 * w, 2.2 * r));
        }),
    };
    frame.fill(&shape, Color::WHITE);
    frame.stroke(
        &shape,
        Stroke::default().with_color(alpha(Color::BLACK, 0.6)).with_width((0.02 * size).max(0.6)),
    );
}

/// A light tag at a pawn's shoulder with how many pawns stand there, "×3":
/// light where the number keys are dark, so that a stack's count never
/// reads as the key that moves it.
pub fn count(frame: &mut Frame<Renderer>, at: Point, size: f32, n: u8) {
    let c = at + Vector::new(0.34 * size, -0.55 * size);
    let (w, h) = (0.52 * size, 0.32 * size);
    let tag = Path::rounded_rectangle(
        Point::new(c.x - w / 2.0, c.y - h / 2.0),
        iced::Size::new(w, h),
        (h / 2.0).into(),
    );
    frame.fill(&tag, Color::WHITE);
    frame.stroke(&tag, Stroke::default().with_color(crate::ui::theme::INK).with_width(0.035 * size));
    label(frame, c, h * 0.85, &format!("×{n}"), crate::ui::theme::INK);
}

/// The number key that moves a pawn, on its head.
pub fn number(frame: &mut Frame<Renderer>, at: Point, size: f32, lift: f32, n: u8) {
    let head = at + Vector::new(0.0, 0.3 * size - lift * 0.6 * size - 0.62 * size);
    frame.fill(&Path::circle(head, 0.16 * size), alpha(crate::ui::theme::INK, 0.85));
    label(frame, head, 0.26 * size, &n.to_string(), Color::WHITE);
}

fn label(frame: &mut Frame<Renderer>, at: Point, size: f32, content: &str, color: Color) {
    frame.fill_text(canvas::Text {
        content: content.to_string(),
        position: at,
        color,
        size: iced::Pixels(size),
        font: crate::ui::theme::BLACK,
        align_x: iced::widget::text::Alignment::Center,
        align_y: iced::alignment::Vertical::Center,
        ..canvas::Text::default()
    });
}
