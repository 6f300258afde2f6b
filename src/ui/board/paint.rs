//! The static board, painted once per size into an image (`raster`): the
//! carved frame, the cross with its lanes, the yards with rosettes, safe
//! squares and the centre home. Every cell comes from `rules::board`.

use super::layout::{self, Layout};
use crate::rules::board::{self, LOOP};
use crate::rules::{Game, Progress, SafeSquares, Seat};
use crate::ui::theme::{self, alpha, darker, lighter, mix};
use iced::widget::canvas::{Frame, LineDash, Path, Stroke, gradient, path::Arc};
use iced::{Color, Point, Radians, Renderer, Size, Vector};
use std::f32::consts::PI;

pub fn board(frame: &mut Frame<Renderer>, l: &Layout, game: &Game) {
    frame_rings(frame, l);
    grid(frame, l, game);
    for seat in Seat::ALL {
        yard(frame, l, game, seat);
    }
    centre(frame, l, game);
}

fn closed(points: impl Iterator<Item = Point>) -> Path {
    Path::new(|b| {
        let mut first = true;
        for p in points {
            if first {
                b.move_to(p);
                first = false;
            } else {
                b.line_to(p);
            }
        }
        b.close();
    })
}

fn diagonal(l: &Layout, inset: f32, from: Color, to: Color) -> gradient::Linear {
    let r = l.half - inset * l.band;
    gradient::Linear::new(l.centre - Vector::new(r, r), l.centre + Vector::new(r, r))
        .add_stop(0.0, from)
        .add_stop(1.0, to)
}

/// Dark wood with its grain, a copper band, gold stitching and parchment:
/// one rounded square at four insets, the wood's edge scalloped.
fn frame_rings(frame: &mut Frame<Renderer>, l: &Layout) {
    let wood = closed(l.outline(layout::WOOD).into_iter());
    frame.fill(&wood, diagonal(l, layout::WOOD, theme::WOOD, theme::WOOD_DARK));
    // Grain: faint rings following the outline.
    for (i, inset) in [0.1, 0.2, 0.3].into_iter().enumerate() {
        let grain = closed(l.outline(inset).into_iter());
        let c = if i % 2 == 0 { lighter(theme::WOOD, 0.12) } else { theme::WOOD_DARK };
        frame.stroke(&grain, Stroke::default().with_color(alpha(c, 0.5)).with_width(l.band * 0.04));
    }
    let copper = closed(l.outline(layout::COPPER).into_iter());
    let band =
        gradient::Linear::new(l.centre - Vector::new(0.0, l.half), l.centre + Vector::new(0.0, l.half))
            .add_stop(0.0, lighter(theme::COPPER, 0.25))
            .add_stop(0.5, theme::COPPER)
            .add_stop(1.0, theme::COPPER_DARK);
    frame.fill(&copper, band);
    frame.stroke(&copper, Stroke::default().with_color(alpha(theme::GOLD, 0.6)).with_width(l.band * 0.04));
    let stitching = closed(l.outline(layout::STITCH).into_iter());
    let dash = [l.band * 0.45, l.band * 0.3];
    frame.stroke(
        &stitching,
        Stroke {
            line_dash: LineDash { segments: &dash, offset: 0 },
            ..Stroke::default().with_color(theme::GOLD).with_width(l.band * 0.09)
        },
    );
    let parchment = closed(l.outline(layout::PARCHMENT).into_iter());
    frame.fill(&parchment, diagonal(l, layout::PARCHMENT, theme::PARCHMENT, theme::PARCHMENT_DARK));
    frame.stroke(
        &parchment,
        Stroke::default().with_color(alpha(theme::COPPER_DARK, 0.7)).with_width(l.band * 0.06),
    );
}

/// The cross: 52 loop squares, the coloured starts and lanes, the stars.
fn grid(frame: &mut Frame<Renderer>, l: &Layout, game: &Game) {
    // The board's own shadow and base on the parchment.
    let side = l.side();
    frame.fill(
        &Path::rounded_rectangle(
            l.origin + Vector::new(0.0, l.cell * 0.12),
            Size::new(side, side),
            (l.cell * 0.2).into(),
        ),
        alpha(Color::BLACK, 0.25),
    );
    frame.fill(&Path::rounded_rectangle(l.origin, Size::new(side, side), (l.cell * 0.2).into()), theme::CELL);
    let line = Stroke::default().with_color(alpha(theme::INK, 0.35)).with_width((l.cell * 0.03).max(1.0));
    let starts: Vec<(u8, Seat)> = game.players().iter().map(|s| (board::start_square(s), s)).collect();
    let safe = game.rules().safe_squares == SafeSquares::StartsAndStars;
    for (square, &cell) in LOOP.iter().enumerate() {
        let square = square as u8;
        let top_left = l.cell_top_left(cell);
        let start = starts.iter().find(|(s, _)| *s == square).map(|&(_, seat)| seat);
        let fill = match start {
            Some(seat) => theme::seat_colour(game, seat),
            None => theme::CELL,
        };
        frame.fill_rectangle(top_left, Size::new(l.cell, l.cell), fill);
        frame.stroke_rectangle(top_left, Size::new(l.cell, l.cell), line);
        hole(frame, l.cell_centre(cell), l.cell * 0.3, fill);
        if safe && board::is_star_square(square) {
            star(frame, l.cell_centre(cell), l.cell * 0.36, alpha(theme::COPPER, 0.85));
        }
        if let Some(seat) = start {
            // The way in: an arrow from the start towards the next square.
            if let (Some(a), Some(b)) =
                (board::cell(seat, Progress::START), board::cell(seat, Progress::new(1)))
            {
                arrow(frame, l, a, b);
            }
        }
    }
    for seat in Seat::ALL {
        let colour = if game.players().contains(seat) {
            theme::seat_colour(game, seat)
        } else {
            mix(theme::colour(game.rules().colour_of(seat)), theme::CELL, 0.6)
        };
        for (step, &progress) in Progress::LANE.iter().enumerate() {
            if let Some(cell) = board::cell(seat, progress) {
                let fill = lighter(colour, 0.08 * step as f32);
                frame.fill_rectangle(l.cell_top_left(cell), Size::new(l.cell, l.cell), fill);
                frame.stroke_rectangle(l.cell_top_left(cell), Size::new(l.cell, l.cell), line);
                hole(frame, l.cell_centre(cell), l.cell * 0.3, fill);
            }
        }
    }
}

/// A carved hole: a drop shadow, a fill darkest at the top (concentric steps
/// stand in for a radial gradient) and a light arc on the lower lip.
pub fn hole(frame: &mut Frame<Renderer>, p: Point, r: f32, around: Color) {
    frame.fill(&Path::circle(p + Vector::new(0.0, r * 0.1), r * 1.06), alpha(Color::BLACK, 0.16));
    const STEPS: usize = 6;
    for i in 0..STEPS {
        let t = i as f32 / (STEPS - 1) as f32;
        let rr = r * (1.0 - 0.5 * t);
        let c = mix(darker(around, 0.42), darker(around, 0.06), t);
        frame.fill(&Path::circle(p + Vector::new(0.0, (r - rr) * 0.7), rr), c);
    }
    let lip = Path::new(|b| {
        b.arc(Arc { center: p, radius: r * 0.96, start_angle: Radians(0.3), end_angle: Radians(PI - 0.3) });
    });
    frame.stroke(&lip, Stroke::default().with_color(alpha(lighter(around, 0.7), 0.9)).with_width(r * 0.14));
}

/// A five-pointed star, for the safe squares.
pub fn star(frame: &mut Frame<Renderer>, p: Point, r: f32, colour: Color) {
    let path = Path::new(|b| {
        for i in 0..10 {
            let rr = if i % 2 == 0 { r } else { r * 0.45 };
            let a = -PI / 2.0 + PI * i as f32 / 5.0;
            let q = Point::new(p.x + rr * a.cos(), p.y + rr * a.sin());
            if i == 0 { b.move_to(q) } else { b.line_to(q) }
        }
        b.close();
    });
    frame.fill(&path, colour);
    frame.stroke(&path, Stroke::default().with_color(alpha(Color::WHITE, 0.8)).with_width(r * 0.08));
}

fn arrow(frame: &mut Frame<Renderer>, l: &Layout, from: board::Cell, to: board::Cell) {
    let a = l.cell_centre(from);
    let b = l.cell_centre(to);
    let d = b - a;
    let len = (d.x * d.x + d.y * d.y).sqrt().max(1e-3);
    let (ux, uy) = (d.x / len, d.y / len);
    let s = l.cell * 0.42;
    let tip = Point::new(a.x + ux * s, a.y + uy * s);
    let back = Point::new(a.x + ux * s * 0.3, a.y + uy * s * 0.3);
    let path = Path::new(|p| {
        p.move_to(tip);
        p.line_to(Point::new(back.x - uy * s * 0.35, back.y + ux * s * 0.35));
        p.line_to(Point::new(back.x + uy * s * 0.35, back.y - ux * s * 0.35));
        p.close();
    });
    frame.fill(&path, alpha(Color::WHITE, 0.9));
}

/// A seat's yard: its colour, a parchment well, the 8-petal rosette with a
/// rotated white ring, and four carved spots.
fn yard(frame: &mut Frame<Renderer>, l: &Layout, game: &Game, seat: Seat) {
    let playing = game.players().contains(seat);
    let base = theme::colour(game.rules().colour_of(seat));
    let colour = if playing { base } else { mix(base, theme::CELL, 0.6) };
    let (c, r) = board::yard_corner(seat);
    let size = Size::new(6.0 * l.cell, 6.0 * l.cell);
    // From its centre: on a turned board the yard's first corner is another.
    let top_left =
        l.at(f32::from(c) + 3.0, f32::from(r) + 3.0) - Vector::new(size.width / 2.0, size.height / 2.0);
    let fill = gradient::Linear::new(top_left, top_left + Vector::new(size.width, size.height))
        .add_stop(0.0, lighter(colour, 0.12))
        .add_stop(1.0, darker(colour, 0.12));
    frame.fill_rectangle(top_left, size, fill);
    let inset = l.cell * 0.7;
    let well = Size::new(size.width - 2.0 * inset, size.height - 2.0 * inset);
    let well_at = top_left + Vector::new(inset, inset);
    frame.fill(
        &Path::rounded_rectangle(well_at + Vector::new(0.0, l.cell * 0.08), well, (l.cell * 0.5).into()),
        alpha(Color::BLACK, 0.25),
    );
    frame.fill(&Path::rounded_rectangle(well_at, well, (l.cell * 0.5).into()), theme::CELL);
    let centre = l.at(f32::from(c) + 3.0, f32::from(r) + 3.0);
    rosette(frame, centre, l.cell * 2.15, 0.0, lighter(colour, 0.35));
    rosette(frame, centre, l.cell * 1.45, PI / 8.0, alpha(Color::WHITE, 0.85));
    frame.fill(&Path::circle(centre, l.cell * 0.45), lighter(colour, 0.2));
    for pawn in 0..4 {
        hole(frame, l.spot(board::yard_spot(seat, pawn)), l.cell * 0.42, lighter(colour, 0.35));
    }
}

/// An 8-petal flower: r(θ) = R·(1 − d + d·(½ + ½·cos 8θ)).
fn rosette(frame: &mut Frame<Renderer>, p: Point, r: f32, turn: f32, colour: Color) {
    const D: f32 = 0.38;
    let path = closed((0..240).map(|i| {
        let theta = 2.0 * PI * i as f32 / 240.0;
        let rr = r * (1.0 - D + D * (0.5 + 0.5 * (8.0 * theta).cos()));
        Point::new(p.x + rr * (theta + turn).cos(), p.y + rr * (theta + turn).sin())
    }));
    frame.fill(&path, colour);
}

/// The centre home: one triangle per seat, pointing in from the side its
/// lane arrives on.
fn centre(frame: &mut Frame<Renderer>, l: &Layout, game: &Game) {
    let middle = l.cell_centre(board::CENTRE);
    let half = l.cell * 1.5;
    for seat in Seat::ALL {
        let Some(last) = board::cell(seat, Progress::LANE_END) else { continue };
        let d = l.cell_centre(last) - middle;
        let len = (d.x * d.x + d.y * d.y).sqrt().max(1e-3);
        let (ux, uy) = (d.x / len, d.y / len);
        let mid_edge = Point::new(middle.x + ux * half, middle.y + uy * half);
        let a = Point::new(mid_edge.x - uy * half, mid_edge.y + ux * half);
        let b = Point::new(mid_edge.x + uy * half, mid_edge.y - ux * half);
        let tri = Path::new(|p| {
            p.move_to(a);
            p.line_to(b);
            p.line_to(middle);
            p.close();
        });
        let base = theme::colour(game.rules().colour_of(seat));
        let colour = if game.players().contains(seat) { base } else { mix(base, theme::CELL, 0.6) };
        frame.fill(
            &tri,
            gradient::Linear::new(mid_edge, middle).add_stop(0.0, colour).add_stop(1.0, lighter(colour, 0.3)),
        );
        frame.stroke(&tri, Stroke::default().with_color(alpha(Color::WHITE, 0.7)).with_width(l.cell * 0.04));
    }
    frame.fill(&Path::circle(middle, l.cell * 0.55), theme::GOLD);
    star(frame, middle, l.cell * 0.45, theme::COPPER);
}
