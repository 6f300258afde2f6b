//! Where things sit on the canvas: the frame's radius and the 15×15 grid
//! inscribed in it. Cells themselves come from `rules::board`.

use crate::rules::board::{Cell, SIZE};
use iced::{Point, Size, Vector};
use std::f32::consts::{FRAC_PI_4, PI};

/// The frame's four scales, outside in: dark wood, copper band, gold
/// stitching, parchment.
pub const WOOD: f32 = 1.0;
pub const COPPER: f32 = 0.955;
pub const STITCH: f32 = 0.925;
pub const PARCHMENT: f32 = 0.9;

/// The frame's outline: r(θ) = R·(0.9 + 0.07·cos 4θ) + R·0.13·max(0, −cos 4θ)⁷.
/// The cos 4θ term swells a lobe on each axis; the seventh power adds sharp
/// ogee tips on the diagonals.
pub fn frame_radius(radius: f32, theta: f32) -> f32 {
    let c = (4.0 * theta).cos();
    radius * (0.9 + 0.07 * c) + radius * 0.13 * (-c).max(0.0).powi(7)
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    pub centre: Point,
    /// R of the frame's outline.
    pub radius: f32,
    /// Top-left corner of the grid.
    pub origin: Point,
    /// Side of one cell.
    pub cell: f32,
}

impl Layout {
    pub fn new(size: Size) -> Layout {
        let side = size.width.min(size.height);
        let radius = side / 2.0 / 0.975;
        let centre = Point::new(size.width / 2.0, size.height / 2.0);
        // The largest square whose corners stay inside the parchment: its
        // half side is the least of r(θ)·cos θ over one octant.
        let half = (0..=64)
            .map(|i| {
                let theta = FRAC_PI_4 * i as f32 / 64.0;
                PARCHMENT * frame_radius(radius, theta) * theta.cos()
            })
            .fold(f32::INFINITY, f32::min)
            * 0.985;
        let cell = 2.0 * half / f32::from(SIZE);
        Layout { centre, radius, origin: centre - Vector::new(half, half), cell }
    }

    /// The centre of a point given in cell units (cells are 1 wide; the
    /// centre of cell (c, r) is (c + 0.5, r + 0.5)).
    pub fn at(&self, x: f32, y: f32) -> Point {
        Point::new(self.origin.x + x * self.cell, self.origin.y + y * self.cell)
    }

    pub fn cell_centre(&self, (c, r): Cell) -> Point {
        self.at(f32::from(c) + 0.5, f32::from(r) + 0.5)
    }

    pub fn cell_top_left(&self, (c, r): Cell) -> Point {
        self.at(f32::from(c), f32::from(r))
    }

    /// A yard spot (already a centre in cell units, see `board::yard_spot`).
    pub fn spot(&self, (x, y): (f32, f32)) -> Point {
        self.at(x, y)
    }

    pub fn side(&self) -> f32 {
        self.cell * f32::from(SIZE)
    }

    /// Points of the frame outline at `scale`, closed by the caller.
    pub fn outline(&self, scale: f32) -> impl Iterator<Item = Point> + '_ {
        const STEPS: usize = 360;
        (0..STEPS).map(move |i| {
            let theta = 2.0 * PI * i as f32 / STEPS as f32;
            let r = scale * frame_radius(self.radius, theta);
            Point::new(self.centre.x + r * theta.cos(), self.centre.y + r * theta.sin())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_fits_inside_the_parchment_and_the_canvas() {
        let l = Layout::new(Size::new(800.0, 600.0));
        assert!(l.side() > 0.6 * 600.0, "the board uses the space: {}", l.side());
        // Every grid corner lies inside the parchment outline.
        for (x, y) in [(0.0, 0.0), (15.0, 0.0), (0.0, 15.0), (15.0, 15.0)] {
            let p = l.at(x, y);
            let d = p - l.centre;
            let theta = d.y.atan2(d.x);
            let r = (d.x * d.x + d.y * d.y).sqrt();
            assert!(r <= PARCHMENT * frame_radius(l.radius, theta), "corner ({x}, {y}) pokes out");
        }
        // The wood stays on the canvas.
        assert!(l.outline(WOOD).all(|p| p.y >= -0.5 && p.y <= 600.5));
    }

    #[test]
    fn the_frame_has_lobes_on_the_axes_and_tips_on_the_diagonals() {
        let r = 100.0;
        assert!((frame_radius(r, 0.0) - 97.0).abs() < 1e-3);
        assert!((frame_radius(r, FRAC_PI_4) - 96.0).abs() < 1e-3);
        // Between them the outline dips in.
        assert!(frame_radius(r, FRAC_PI_4 * 0.6) < 90.0);
    }
}
