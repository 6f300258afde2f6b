//! Where things sit on the canvas: the square board, its carved frame (a
//! thirtieth of the board's side, thinner where room is short) and the
//! 15×15 grid filling the rest. Cells themselves come from `rules::board`.

use crate::rules::board::{Cell, SIZE};
use iced::{Point, Size, Vector};
use std::f32::consts::{FRAC_PI_2, PI};

/// The frame's rings, as insets from its outer edge in frame widths: dark
/// wood, copper band, gold stitching, parchment; the grid starts at 1.
pub const WOOD: f32 = 0.0;
pub const COPPER: f32 = 0.42;
pub const STITCH: f32 = 0.57;
pub const PARCHMENT: f32 = 0.72;

/// The frame's width for a board `side` pixels wide: thin enough that the
/// grid keeps most of the room, never thinner than its carving can show.
pub fn frame_width(side: f32) -> f32 {
    (side * 0.032).clamp(6.0, 30.0)
}

/// The quarter turns clockwise that bring `you`'s seat to the bottom left
/// (none for no one). Seat k sits at corner k of the unturned board: top
/// left, top right, bottom right, bottom left.
pub fn turn_for(you: Option<crate::rules::Seat>) -> u8 {
    you.map_or(0, |seat| (7 - seat.index() as u8) % 4)
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    pub centre: Point,
    /// Half the side of the board's square, frame included.
    pub half: f32,
    /// The frame's width.
    pub band: f32,
    /// Top-left corner of the grid.
    pub origin: Point,
    /// Side of one cell.
    pub cell: f32,
    /// Quarter turns clockwise the board is drawn at, so that the player
    /// here sees their own colour at the bottom left.
    pub turn: u8,
}

impl Layout {
    /// The largest board that fits `size`, centred in it.
    pub fn new(size: Size) -> Layout {
        let side = size.width.min(size.height).max(1.0);
        let half = side / 2.0;
        let band = frame_width(side);
        let centre = Point::new(size.width / 2.0, size.height / 2.0);
        let grid_half = half - band;
        let cell = 2.0 * grid_half / f32::from(SIZE);
        Layout { centre, half, band, origin: centre - Vector::new(grid_half, grid_half), cell, turn: 0 }
    }

    /// The same board turned `turn` quarter turns clockwise.
    pub fn turned(self, turn: u8) -> Layout {
        Layout { turn: turn % 4, ..self }
    }

    /// A point given in cell units (cells are 1 wide; the centre of cell
    /// (c, r) is (c + 0.5, r + 0.5)), on the turned board.
    pub fn at(&self, x: f32, y: f32) -> Point {
        let side = f32::from(SIZE);
        let (mut x, mut y) = (x, y);
        for _ in 0..self.turn {
            // A quarter turn clockwise (y points down): the top edge becomes the right.
            (x, y) = (side - y, x);
        }
        Point::new(self.origin.x + x * self.cell, self.origin.y + y * self.cell)
    }

    pub fn cell_centre(&self, (c, r): Cell) -> Point {
        self.at(f32::from(c) + 0.5, f32::from(r) + 0.5)
    }

    /// The top-left corner of a cell as drawn (on a turned board, another
    /// corner of the cell in the grid's own terms).
    pub fn cell_top_left(&self, cell: Cell) -> Point {
        self.cell_centre(cell) - Vector::new(self.cell / 2.0, self.cell / 2.0)
    }

    /// A yard spot (already a centre in cell units, see `board::yard_spot`).
    pub fn spot(&self, (x, y): (f32, f32)) -> Point {
        self.at(x, y)
    }

    pub fn side(&self) -> f32 {
        self.cell * f32::from(SIZE)
    }

    /// The frame's outline at `inset` (frame widths in from its outer
    /// edge), closed by the caller: a rounded square whose corners round
    /// less further in; the outer edge is scalloped, a dozen lobes a side.
    pub fn outline(&self, inset: f32) -> Vec<Point> {
        let h = self.half - inset * self.band;
        let radius = (self.band * (1.3 - inset)).clamp(self.band * 0.25, h);
        let straight = 2.0 * (h - radius);
        let lobes = 12.0;
        let depth = if inset <= WOOD { self.band * 0.16 } else { 0.0 };
        const SIDE: usize = 96;
        const ARC: usize = 12;
        let mut points = Vec::with_capacity(4 * (SIDE + ARC));
        for quarter in 0..4 {
            // The top side left to right, then its corner; each quarter
            // turns the last by 90° (y points down).
            let turn = |p: Vector| -> Point {
                let (mut x, mut y) = (p.x, p.y);
                for _ in 0..quarter {
                    (x, y) = (-y, x);
                }
                self.centre + Vector::new(x, y)
            };
            for i in 0..SIDE {
                let s = straight * i as f32 / SIDE as f32;
                let dip = depth * (1.0 - (PI * lobes * s / straight.max(1e-3)).cos().abs());
                points.push(turn(Vector::new(-h + radius + s, -h + dip)));
            }
            let corner = Vector::new(h - radius, -h + radius);
            for i in 0..ARC {
                let a = -FRAC_PI_2 + FRAC_PI_2 * i as f32 / ARC as f32;
                points.push(turn(corner + Vector::new(radius * a.cos(), radius * a.sin())));
            }
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `p` lies inside the outline at `inset` (a convex polygon
    /// but for its scallops, which only the outer edge has).
    fn inside(l: &Layout, inset: f32, p: Point) -> bool {
        let ring = l.outline(inset);
        // Crossing number.
        let mut crossings = 0;
        for (a, b) in ring.iter().zip(ring.iter().cycle().skip(1)) {
            if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                crossings += 1;
            }
        }
        crossings % 2 == 1
    }

    #[test]
    fn the_grid_fills_the_board_inside_its_parchment_and_the_canvas() {
        for size in [Size::new(800.0, 600.0), Size::new(560.0, 580.0), Size::new(300.0, 300.0)] {
            let l = Layout::new(size);
            let side = size.width.min(size.height);
            assert!(l.side() >= 0.9 * side, "{size:?}: the grid is {} of {side}", l.side());
            // Every grid corner lies inside the parchment.
            for (x, y) in [(0.0, 0.0), (15.0, 0.0), (0.0, 15.0), (15.0, 15.0)] {
                assert!(inside(&l, PARCHMENT, l.at(x, y)), "{size:?}: corner ({x}, {y}) pokes out");
            }
            // The wood stays on the canvas.
            let on_canvas =
                |p: &Point| p.x >= -0.5 && p.y >= -0.5 && p.x <= size.width + 0.5 && p.y <= size.height + 0.5;
            assert!(l.outline(WOOD).iter().all(on_canvas), "{size:?}");
        }
    }

    #[test]
    fn the_frame_is_thinner_where_room_is_short_and_its_edge_is_scalloped() {
        let big = Layout::new(Size::new(800.0, 800.0));
        let small = Layout::new(Size::new(540.0, 540.0));
        assert!(small.band < big.band);
        assert!(big.band <= 30.0 && small.band >= 6.0);
        // The outer edge dips between lobes; the rings inside are straight.
        let ys = |inset: f32| -> Vec<f32> { big.outline(inset).iter().take(96).map(|p| p.y).collect() };
        let wood = ys(WOOD);
        let spread =
            wood.iter().cloned().fold(f32::MIN, f32::max) - wood.iter().cloned().fold(f32::MAX, f32::min);
        assert!(spread > big.band * 0.1, "scallops {spread}");
        let copper = ys(COPPER);
        assert!(copper.iter().all(|y| (y - copper[0]).abs() < 1e-3));
    }
}
