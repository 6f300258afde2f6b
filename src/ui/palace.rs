//! The palace behind the table, painted procedurally once per window size
//! into an image (`raster`): a dusk sky,
//! the sun's glow, minarets with onion caps, crenellated walls with lit ogee
//! arches, a great dome, palms and dunes. Only the dust motes move, and only
//! while the frame clock runs for something else, so an idle table costs no
//! CPU.

use crate::fl;
use crate::ui::raster::Still;
use crate::ui::theme::{self, alpha, mix};
use iced::widget::canvas::{self, Frame, Geometry, Path, Stroke, gradient};
use iced::widget::{canvas as canvas_widget, responsive};
use iced::{Color, Element, Length, Point, Rectangle, Renderer, Size, Theme, mouse};
use std::time::Duration;

/// The time of day the palace is painted at (a setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sky {
    #[default]
    Dusk,
    Night,
}

impl Sky {
    pub const ALL: [Sky; 2] = [Sky::Dusk, Sky::Night];

    /// The name the settings keep (English, lowercased there).
    pub fn name(self) -> &'static str {
        match self {
            Sky::Dusk => "Dusk",
            Sky::Night => "Night",
        }
    }

    /// The name the window shows, in the player's language.
    pub fn label(self) -> &'static str {
        match self {
            Sky::Dusk => fl!("dusk"),
            Sky::Night => fl!("night"),
        }
    }

    /// Sky from top to horizon, then the glow's colour.
    fn colours(self) -> ([Color; 4], Color) {
        match self {
            Sky::Dusk => (
                [
                    theme::rgb(0x1d, 0x14, 0x3c),
                    theme::rgb(0x5e, 0x2f, 0x6b),
                    theme::rgb(0xd8, 0x6a, 0x4a),
                    theme::rgb(0xff, 0xc2, 0x6e),
                ],
                theme::rgb(0xff, 0xd9, 0x8a),
            ),
            Sky::Night => (
                [
                    theme::rgb(0x05, 0x07, 0x18),
                    theme::rgb(0x10, 0x1a, 0x3e),
                    theme::rgb(0x2a, 0x35, 0x62),
                    theme::rgb(0x5a, 0x5f, 0x8a),
                ],
                theme::rgb(0xdd, 0xe6, 0xff),
            ),
        }
    }
}

/// The painted scene, kept per window size and sky.
pub type Painted = Still<Sky>;

/// The dust motes, drawn over the painted scene.
#[derive(Clone, Copy)]
pub struct Palace {
    pub sky: Sky,
    /// Time since the app started, which places the dust motes.
    pub elapsed: Duration,
}

/// How many dust motes drift over the scene.
const MOTES: u32 = 48;

/// How often a mote takes a step (a pixel or two), each at its own phase:
/// a few motes move a frame, not all of them.
const STEPS_A_SECOND: f32 = 10.0;

/// One cache a mote. The software renderer redraws, each frame, the bounds
/// of every shape drawn afresh, and the whole bounds of a cache that
/// changed: a mote in a cache of its own size is redrawn only when it steps.
pub struct Motes {
    caches: Vec<canvas::Cache>,
    sky: std::cell::Cell<Option<Sky>>,
}

impl Default for Motes {
    fn default() -> Self {
        Motes { caches: (0..MOTES).map(|_| canvas::Cache::new()).collect(), sky: Default::default() }
    }
}

impl<M> canvas::Program<M> for Palace {
    type State = Motes;

    fn draw(
        &self,
        motes: &Motes,
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        if motes.sky.replace(Some(self.sky)) != Some(self.sky) {
            motes.caches.iter().for_each(canvas::Cache::clear);
        }
        let glow = self.sky.colours().1;
        let t = self.elapsed.as_secs_f32();
        (0..MOTES)
            .zip(&motes.caches)
            .map(|(i, cache)| {
                let (at, r) = mote(i, bounds.size(), t);
                // A little more than the mote: its anti-aliased fringe.
                let reach = (r + 2.0).ceil();
                let square =
                    Rectangle::new(at - iced::Vector::new(reach, reach), Size::new(2.0 * reach, 2.0 * reach));
                cache.draw_with_bounds(renderer, square, |frame| {
                    frame.fill(
                        &Path::circle(Point::new(reach, reach), r),
                        alpha(glow, 0.18 + 0.3 * noise(i, 7)),
                    );
                })
            })
            .collect()
    }
}

/// The palace: its painted scene with the motes over it.
pub fn view<'a, M: 'a>(painted: &'a Painted, palace: Palace) -> Element<'a, M> {
    responsive(move |size| {
        let motes = canvas_widget(palace).width(Length::Fill).height(Length::Fill);
        let scene = painted.get(size, &palace.sky, |frame| paint(frame, palace.sky));
        crate::ui::raster::under(scene, motes.into())
    })
    .into()
}

/// A small deterministic hash in 0..1 for placing stars and motes.
fn noise(i: u32, salt: u32) -> f32 {
    let mut x = i.wrapping_mul(0x9e37_79b9) ^ salt.wrapping_mul(0x85eb_ca6b);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2c1b_3c6d);
    x ^= x >> 12;
    (x % 10_000) as f32 / 10_000.0
}

/// Where mote `i` is at `t` seconds, on its last step, and its radius.
fn mote(i: u32, size: Size, t: f32) -> (Point, f32) {
    let phase = noise(i, 8);
    let t = ((t * STEPS_A_SECOND + phase).floor() - phase) / STEPS_A_SECOND;
    let (x0, y0) = (noise(i, 1) * size.width, (0.45 + 0.55 * noise(i, 2)) * size.height);
    let speed = 6.0 + 14.0 * noise(i, 3);
    let x = (x0 + t * speed).rem_euclid(size.width);
    let y = y0 + (t * (0.4 + noise(i, 4)) + 6.0 * noise(i, 5)).sin() * 10.0;
    (Point::new(x, y), 0.8 + 1.6 * noise(i, 6))
}

pub fn paint(frame: &mut Frame<Renderer>, sky: Sky) {
    let (w, h) = (frame.width(), frame.height());
    let p = |x: f32, y: f32| Point::new(x * w, y * h);
    let (stops, glow) = sky.colours();
    frame.fill_rectangle(
        Point::ORIGIN,
        frame.size(),
        gradient::Linear::new(p(0.0, 0.0), p(0.0, 0.78))
            .add_stop(0.0, stops[0])
            .add_stop(0.4, stops[1])
            .add_stop(0.75, stops[2])
            .add_stop(1.0, stops[3]),
    );
    for i in 0..70 {
        let star = p(noise(i, 11), 0.45 * noise(i, 12) * noise(i, 13));
        frame.fill(&Path::circle(star, 0.4 + noise(i, 14)), alpha(Color::WHITE, 0.25 + 0.5 * noise(i, 15)));
    }
    // The sun low behind the palace, and its glow.
    let sun = p(0.7, 0.66);
    for k in (1..=14).rev() {
        frame.fill(&Path::circle(sun, h * 0.03 * k as f32), alpha(glow, 0.035));
    }
    frame.fill(&Path::circle(sun, h * 0.055), mix(glow, Color::WHITE, 0.4));

    let stone = match sky {
        Sky::Dusk => theme::rgb(0x2d, 0x17, 0x30),
        Sky::Night => theme::rgb(0x0c, 0x0f, 0x24),
    };
    let lit = match sky {
        Sky::Dusk => theme::rgb(0xff, 0xb3, 0x5c),
        Sky::Night => theme::rgb(0xff, 0xd2, 0x7a),
    };
    // Far minarets, then the near ones, the walls and the dome.
    for (x, top, half) in [(0.29, 0.36, 0.011), (0.71, 0.36, 0.011)] {
        minaret(frame, w, h, x, top, half, mix(stone, stops[2], 0.35));
    }
    dome(frame, w, h, stone, lit);
    walls(frame, w, h, stone, lit);
    for (x, top, half) in [(0.13, 0.24, 0.016), (0.87, 0.24, 0.016)] {
        minaret(frame, w, h, x, top, half, stone);
    }
    dunes(frame, w, h, sky);
    palm(frame, w, h, 0.04, 1.0, stone);
    palm(frame, w, h, 0.96, -1.0, stone);
    palm(frame, w, h, 0.2, 1.0, mix(stone, Color::BLACK, 0.2));
}

fn minaret(frame: &mut Frame<Renderer>, w: f32, h: f32, x: f32, top: f32, half: f32, colour: Color) {
    let p = |dx: f32, y: f32| Point::new((x + dx) * w, y * h);
    let hw = half;
    frame.fill_rectangle(p(-hw, top + 0.05), Size::new(2.0 * hw * w, (0.8 - top) * h), colour);
    // Balconies.
    for y in [top + 0.1, top + 0.24] {
        frame.fill_rectangle(p(-hw * 1.6, y), Size::new(3.2 * hw * w, 0.012 * h), colour);
    }
    // The onion cap: two cubic Béziers meeting at the finial.
    let cap = Path::new(|b| {
        b.move_to(p(-hw * 1.2, top + 0.055));
        b.bezier_curve_to(p(-hw * 2.6, top + 0.02), p(-hw * 0.2, top - 0.005), p(0.0, top - 0.03));
        b.bezier_curve_to(p(hw * 0.2, top - 0.005), p(hw * 2.6, top + 0.02), p(hw * 1.2, top + 0.055));
        b.close();
    });
    frame.fill(&cap, colour);
    frame.stroke(
        &Path::line(p(0.0, top - 0.03), p(0.0, top - 0.05)),
        Stroke::default().with_color(colour).with_width(2.0),
    );
}

fn dome(frame: &mut Frame<Renderer>, w: f32, h: f32, colour: Color, lit: Color) {
    let p = |x: f32, y: f32| Point::new(x * w, y * h);
    frame.fill_rectangle(p(0.4, 0.5), Size::new(0.2 * w, 0.2 * h), colour);
    let onion = Path::new(|b| {
        b.move_to(p(0.39, 0.51));
        b.bezier_curve_to(p(0.33, 0.42), p(0.45, 0.34), p(0.5, 0.28));
        b.bezier_curve_to(p(0.55, 0.34), p(0.67, 0.42), p(0.61, 0.51));
        b.close();
    });
    frame.fill(&onion, colour);
    frame.stroke(
        &Path::line(p(0.5, 0.28), p(0.5, 0.245)),
        Stroke::default().with_color(colour).with_width(3.0),
    );
    frame.fill(&Path::circle(p(0.5, 0.25), 0.006 * h), lit);
    for i in 0..4 {
        ogee(frame, p(0.425 + 0.05 * i as f32, 0.6), 0.012 * w, 0.06 * h, lit);
    }
}

fn walls(frame: &mut Frame<Renderer>, w: f32, h: f32, colour: Color, lit: Color) {
    let p = |x: f32, y: f32| Point::new(x * w, y * h);
    let top = 0.66;
    frame.fill_rectangle(p(0.06, top), Size::new(0.88 * w, 0.2 * h), colour);
    // Crenellations.
    let merlon = 0.012;
    let mut x = 0.06;
    while x < 0.94 - merlon {
        frame.fill_rectangle(p(x, top - 0.022), Size::new(merlon * w, 0.022 * h), colour);
        x += 2.0 * merlon;
    }
    // The gate and the lit arches.
    ogee(frame, p(0.5, 0.8), 0.035 * w, 0.11 * h, mix(lit, Color::BLACK, 0.15));
    for i in 0..14 {
        let x = 0.1 + 0.06 * i as f32;
        if (x - 0.5).abs() > 0.06 {
            ogee(frame, p(x, 0.74), 0.011 * w, 0.045 * h, lit);
        }
    }
}

/// An ogee arch, lit from inside: straight jambs and an S-curved point.
fn ogee(frame: &mut Frame<Renderer>, base: Point, half: f32, height: f32, lit: Color) {
    let jamb = height * 0.55;
    let path = Path::new(|b| {
        b.move_to(Point::new(base.x - half, base.y));
        b.line_to(Point::new(base.x - half, base.y - jamb));
        b.bezier_curve_to(
            Point::new(base.x - half, base.y - height * 0.85),
            Point::new(base.x - half * 0.1, base.y - height * 0.8),
            Point::new(base.x, base.y - height),
        );
        b.bezier_curve_to(
            Point::new(base.x + half * 0.1, base.y - height * 0.8),
            Point::new(base.x + half, base.y - height * 0.85),
            Point::new(base.x + half, base.y - jamb),
        );
        b.line_to(Point::new(base.x + half, base.y));
        b.close();
    });
    frame.fill(&Path::circle(Point::new(base.x, base.y - height * 0.5), half * 2.2), alpha(lit, 0.12));
    frame.fill(&path, lit);
}

fn dunes(frame: &mut Frame<Renderer>, w: f32, h: f32, sky: Sky) {
    let p = |x: f32, y: f32| Point::new(x * w, y * h);
    let (far, near) = match sky {
        Sky::Dusk => (theme::rgb(0x8e, 0x4a, 0x3c), theme::rgb(0x4a, 0x24, 0x2c)),
        Sky::Night => (theme::rgb(0x2a, 0x2c, 0x4c), theme::rgb(0x14, 0x15, 0x2c)),
    };
    let back = Path::new(|b| {
        b.move_to(p(0.0, 0.84));
        b.quadratic_curve_to(p(0.25, 0.76), p(0.5, 0.84));
        b.quadratic_curve_to(p(0.75, 0.9), p(1.0, 0.8));
        b.line_to(p(1.0, 1.0));
        b.line_to(p(0.0, 1.0));
        b.close();
    });
    frame
        .fill(&back, gradient::Linear::new(p(0.0, 0.78), p(0.0, 1.0)).add_stop(0.0, far).add_stop(1.0, near));
    let front = Path::new(|b| {
        b.move_to(p(0.0, 0.93));
        b.quadratic_curve_to(p(0.35, 0.86), p(0.62, 0.94));
        b.quadratic_curve_to(p(0.85, 1.0), p(1.0, 0.9));
        b.line_to(p(1.0, 1.0));
        b.line_to(p(0.0, 1.0));
        b.close();
    });
    frame.fill(&front, near);
}

/// A palm: a curved trunk and seven quadratic fronds.
fn palm(frame: &mut Frame<Renderer>, w: f32, h: f32, x: f32, lean: f32, colour: Color) {
    let base = Point::new(x * w, 0.95 * h);
    let crown = Point::new(base.x + lean * 0.035 * w, 0.62 * h);
    let trunk = Path::new(|b| {
        b.move_to(base);
        b.quadratic_curve_to(Point::new(base.x - lean * 0.02 * w, 0.78 * h), crown);
    });
    frame.stroke(&trunk, Stroke::default().with_color(colour).with_width(0.009 * w));
    for k in 0..7 {
        let a = std::f32::consts::PI * (0.05 + 0.9 * k as f32 / 6.0);
        let reach = 0.075 * w;
        let tip = Point::new(crown.x - a.cos() * reach, crown.y - a.sin() * reach * 0.35 + 0.045 * h);
        let ctrl = Point::new(crown.x - a.cos() * reach * 0.5, crown.y - a.sin() * reach * 0.55);
        let frond = Path::new(|b| {
            b.move_to(crown);
            b.quadratic_curve_to(ctrl, tip);
        });
        frame.stroke(&frond, Stroke::default().with_color(colour).with_width(0.006 * w));
    }
}
