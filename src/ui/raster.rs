//! Still scenes painted once into pixels: the static board and the palace.
//!
//! A canvas cache keeps *paths*, and the software renderer fills every one of
//! them again on each frame (146 ms a board frame at 500×500@2×). Painting
//! the same canvas code into an RGBA image once per size, with the software
//! renderer, leaves a frame only a copy of pixels plus the few moving shapes.
//!
//! The copy is cheap only when tiny-skia need not filter: a still is painted
//! at the window's own pixels (its scale factor) and drawn 1:1 with `Nearest`.
//! It is cut in tiles because tiny-skia draws an image whole, through a mask,
//! for every damaged rectangle it touches; with tiles a frame copies only the
//! tiles around what moved.

use iced::advanced::graphics::geometry::Renderer as _;
use iced::advanced::layout::{self, Layout};
use iced::advanced::renderer::{Headless, Renderer as _};
use iced::advanced::widget::{Tree, Widget};
use iced::advanced::{image::Renderer as _, renderer};
use iced::widget::canvas::Frame;
use iced::widget::image;
use iced::{Color, Element, Length, Pixels, Rectangle, Renderer, Size, Theme, mouse};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, Ordering};

/// Paints `paint` on a canvas frame of `size` (logical pixels) into an
/// image of `density` pixels a logical one. `None` when the software
/// renderer cannot start.
pub fn paint(size: Size, density: f32, paint: impl FnOnce(&mut Frame<Renderer>)) -> Option<Tiles> {
    let mut renderer = iced::futures::executor::block_on(<Renderer as Headless>::new(
        crate::ui::theme::FONT,
        Pixels(16.0),
        Some("tiny-skia"),
    ))?;
    renderer.reset(Rectangle::with_size(size));
    let mut frame = Frame::new(&renderer, size);
    paint(&mut frame);
    renderer.draw_geometry(frame.into_geometry());
    let width = (size.width * density).round().max(1.0) as u32;
    let height = (size.height * density).round().max(1.0) as u32;
    let mut rgba = renderer.screenshot(Size::new(width, height), density, Color::TRANSPARENT);
    unpremultiply(&mut rgba);
    Some(Tiles { density, size, tiles: cut(&rgba, width, height).into() })
}

/// A tile's side in pixels: small enough that a pawn's hop copies little
/// more than itself, large enough that a full frame draws few images.
const TILE: u32 = 64;

/// One tile: where it starts in the still, in pixels, its size and pixels.
#[derive(Debug)]
struct Tile {
    x: u32,
    y: u32,
    width: u32,
    height: u32,
    handle: image::Handle,
}

/// `rgba` (`width` × `height`) cut in tiles of `TILE` pixels, row by row.
fn cut(rgba: &[u8], width: u32, height: u32) -> Vec<Tile> {
    let mut tiles = Vec::new();
    for y in (0..height).step_by(TILE as usize) {
        for x in (0..width).step_by(TILE as usize) {
            let (w, h) = (TILE.min(width - x), TILE.min(height - y));
            let mut pixels = Vec::with_capacity((w * h * 4) as usize);
            for row in y..y + h {
                let from = ((row * width + x) * 4) as usize;
                pixels.extend_from_slice(&rgba[from..from + (w * 4) as usize]);
            }
            tiles.push(Tile { x, y, width: w, height: h, handle: image::Handle::from_rgba(w, h, pixels) });
        }
    }
    tiles
}

/// tiny-skia's pixels carry premultiplied alpha; an image's do not.
fn unpremultiply(rgba: &mut [u8]) {
    for px in rgba.chunks_exact_mut(4) {
        let a = u16::from(px[3]);
        if a != 0 && a != 255 {
            for c in &mut px[..3] {
                *c = ((u16::from(*c) * 255 + a / 2) / a).min(255) as u8;
            }
        }
    }
}

/// The window's scale factor (physical pixels a logical one), which stills
/// are painted at. One window, so one value; the app sets it when the window
/// opens and when it moves to a screen of another scale.
static SCALE: AtomicU32 = AtomicU32::new(0x3f80_0000); // 1.0

pub fn set_scale(factor: f32) {
    if factor.is_finite() && factor > 0.0 {
        SCALE.store(factor.to_bits(), Ordering::Relaxed);
    }
}

fn scale() -> f32 {
    f32::from_bits(SCALE.load(Ordering::Relaxed))
}

/// A painted still: its tiles, at `density` pixels a logical one.
#[derive(Debug, Clone)]
pub struct Tiles {
    density: f32,
    size: Size,
    tiles: Rc<[Tile]>,
}

/// One still scene, painted again only when its size, the window's scale
/// or its `key` changes.
#[derive(Debug)]
pub struct Still<K> {
    painted: RefCell<Option<(K, Tiles)>>,
}

impl<K> Default for Still<K> {
    fn default() -> Self {
        Still { painted: RefCell::new(None) }
    }
}

impl<K: PartialEq + Clone> Still<K> {
    /// The scene at `size` for `key`, painted by `paint` when not at hand.
    pub fn get(&self, size: Size, key: &K, paint_with: impl FnOnce(&mut Frame<Renderer>)) -> Option<Tiles> {
        let density = scale();
        let mut painted = self.painted.borrow_mut();
        if let Some((k, tiles)) = painted.as_ref()
            && tiles.size == size
            && tiles.density == density
            && k == key
        {
            return Some(tiles.clone());
        }
        let tiles = paint(size, density, paint_with)?;
        *painted = Some((key.clone(), tiles.clone()));
        Some(tiles)
    }
}

impl<M> Widget<M, Theme, Renderer> for Tiles {
    fn size(&self) -> Size<Length> {
        Size::new(Length::Fill, Length::Fill)
    }

    fn layout(&mut self, _: &mut Tree, _: &Renderer, limits: &layout::Limits) -> layout::Node {
        layout::Node::new(limits.max())
    }

    fn draw(
        &self,
        _: &Tree,
        renderer: &mut Renderer,
        _: &Theme,
        _: &renderer::Style,
        layout: Layout<'_>,
        _: mouse::Cursor,
        _: &Rectangle,
    ) {
        let at = layout.bounds().position();
        let d = self.density;
        for tile in self.tiles.iter() {
            let bounds = Rectangle {
                x: at.x + tile.x as f32 / d,
                y: at.y + tile.y as f32 / d,
                width: tile.width as f32 / d,
                height: tile.height as f32 / d,
            };
            let image = iced::advanced::image::Image {
                filter_method: image::FilterMethod::Nearest,
                snap: true,
                ..iced::advanced::image::Image::new(tile.handle.clone())
            };
            renderer.draw_image(image, bounds, bounds);
        }
    }
}

/// A painted still filling the space with `over` drawn on top; `over`
/// alone when there is no still (it then paints the scene itself).
pub fn under<'a, M: 'a>(still: Option<Tiles>, over: Element<'a, M>) -> Element<'a, M> {
    match still {
        Some(still) => iced::widget::stack![Element::new(still), over].into(),
        None => over,
    }
}
