//! Reactions as the window shows them: the faces drawn on a small canvas
//! (the embedded font has no emoji, and system emoji fonts differ), the
//! phrases as translated text.

use crate::fl;
use crate::table::Reaction;
use crate::ui::theme::{self, BOLD, darker};
use iced::widget::canvas::{Frame, Geometry, Path, Stroke, gradient};
use iced::widget::{canvas, text};
use iced::{Color, Element, Point, Rectangle, Renderer, Theme, Vector, mouse};

/// One face of the palette, drawn to fill its square.
struct Face(Reaction);

/// A reaction at `size` pixels: a face, or its phrase.
pub fn view<'a, M: 'a>(reaction: Reaction, size: f32) -> Element<'a, M> {
    match phrase(reaction) {
        Some(phrase) => text(phrase).font(BOLD).size(size * 0.5).color(theme::INK).into(),
        None => canvas(Face(reaction)).width(size).height(size).into(),
    }
}

/// The phrase a reaction says, in the player's words; none for a face.
fn phrase(reaction: Reaction) -> Option<&'static str> {
    Some(match reaction {
        Reaction::GoodLuck => fl!("good-luck"),
        Reaction::NiceMove => fl!("nice-move"),
        Reaction::Oops => fl!("oops"),
        Reaction::HurryUp => fl!("hurry-up"),
        Reaction::WellPlayed => fl!("well-played"),
        Reaction::Thanks => fl!("thanks"),
        Reaction::Smile
        | Reaction::Laugh
        | Reaction::Wow
        | Reaction::Sad
        | Reaction::Angry
        | Reaction::Love => {
            return None;
        }
    })
}

const SKIN: Color = theme::rgb(0xff, 0xd8, 0x4d);
const SKIN_EDGE: Color = theme::rgb(0xf0, 0x9a, 0x1e);
const ANGRY: Color = theme::rgb(0xf2, 0x6b, 0x3a);
const TEAR: Color = theme::rgb(0x4f, 0xa8, 0xf0);
const HEART: Color = theme::rgb(0xe2, 0x2d, 0x4b);

impl<M> canvas::Program<M> for Face {
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
        let r = bounds.width.min(bounds.height) * 0.46;
        frame.translate(Vector::new(bounds.width / 2.0, bounds.height / 2.0));
        // Points on the face, in units of its radius.
        let at = |x: f32, y: f32| Point::new(x * r, y * r);
        let ink = theme::INK;
        let line = |w: f32| Stroke::default().with_color(ink).with_width(r * w);
        if self.0 == Reaction::Love {
            let heart = Path::new(|b| {
                b.move_to(at(0.0, 0.85));
                b.bezier_curve_to(at(-1.25, -0.05), at(-0.7, -1.2), at(0.0, -0.45));
                b.bezier_curve_to(at(0.7, -1.2), at(1.25, -0.05), at(0.0, 0.85));
            });
            frame.fill(
                &heart,
                gradient::Linear::new(at(0.0, -1.0), at(0.0, 0.9))
                    .add_stop(0.0, theme::lighter(HEART, 0.3))
                    .add_stop(1.0, darker(HEART, 0.15)),
            );
            frame.fill(&Path::circle(at(-0.45, -0.45), r * 0.14), Color::from_rgba(1.0, 1.0, 1.0, 0.6));
            return vec![frame.into_geometry()];
        }
        let skin = if self.0 == Reaction::Angry { ANGRY } else { SKIN };
        let face = Path::circle(Point::ORIGIN, r);
        frame.fill(
            &face,
            gradient::Linear::new(at(0.0, -1.0), at(0.0, 1.0))
                .add_stop(0.0, theme::lighter(skin, 0.25))
                .add_stop(1.0, skin),
        );
        frame.stroke(&face, Stroke::default().with_color(darker(SKIN_EDGE, 0.1)).with_width(r * 0.08));
        let dots = |frame: &mut Frame, size: f32| {
            for x in [-0.35, 0.35] {
                frame.fill(&Path::circle(at(x, -0.25), r * size), ink);
            }
        };
        // A mouth from (−w, y) to (w, y) bent by `bend` (down: a smile).
        let mouth = |w: f32, y: f32, bend: f32| {
            Path::new(|b| {
                b.move_to(at(-w, y));
                b.quadratic_curve_to(at(0.0, y + bend), at(w, y));
            })
        };
        match self.0 {
            Reaction::Smile => {
                dots(&mut frame, 0.11);
                frame.stroke(&mouth(0.45, 0.25, 0.4), line(0.12));
            }
            Reaction::Laugh => {
                // Eyes shut tight with laughing, a wide open mouth.
                for x in [-0.35, 0.35] {
                    let eye = Path::new(|b| {
                        b.move_to(at(x - 0.17, -0.18));
                        b.quadratic_curve_to(at(x, -0.5), at(x + 0.17, -0.18));
                    });
                    frame.stroke(&eye, line(0.1));
                }
                let open = Path::new(|b| {
                    b.move_to(at(-0.55, 0.12));
                    b.quadratic_curve_to(at(0.0, 1.05), at(0.55, 0.12));
                    b.close();
                });
                frame.fill(&open, darker(ink, 0.1));
                frame.fill(&Path::circle(at(0.0, 0.5), r * 0.16), HEART);
            }
            Reaction::Wow => {
                dots(&mut frame, 0.14);
                frame.fill(&Path::circle(at(0.0, 0.42), r * 0.2), ink);
            }
            Reaction::Sad => {
                dots(&mut frame, 0.11);
                frame.stroke(&mouth(0.38, 0.5, -0.32), line(0.12));
                let tear = Path::new(|b| {
                    b.move_to(at(0.42, -0.1));
                    b.quadratic_curve_to(at(0.6, 0.25), at(0.42, 0.3));
                    b.quadratic_curve_to(at(0.24, 0.25), at(0.42, -0.1));
                });
                frame.fill(&tear, TEAR);
            }
            Reaction::Angry => {
                dots(&mut frame, 0.11);
                for (from, to) in [((-0.6, -0.55), (-0.15, -0.4)), ((0.6, -0.55), (0.15, -0.4))] {
                    let brow = Path::line(at(from.0, from.1), at(to.0, to.1));
                    frame.stroke(&brow, line(0.13));
                }
                frame.stroke(&mouth(0.35, 0.5, -0.25), line(0.12));
            }
            _ => {}
        }
        vec![frame.into_geometry()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_is_faces_then_phrases() {
        for r in Reaction::EMOTES {
            assert_eq!(phrase(r), None, "{r:?} is a face");
        }
        for r in Reaction::PHRASES {
            assert!(phrase(r).is_some(), "{r:?} is a phrase");
        }
    }
}
