//! Still scenes painted once into pixels: the static board and the palace.
//!
//! A canvas cache keeps *paths*, and the software renderer fills every one of
//! them again on each frame (146 ms a board frame at 500×500@2×). Painting
//! the same canvas code into an RGBA image once per size, with the software
//! renderer, leaves a frame only a copy of pixels plus the few moving shapes.

use iced::advanced::graphics::geometry::Renderer as _;
use iced::advanced::renderer::{Headless, Renderer as _};
use iced::widget::canvas::Frame;
use iced::widget::image;
use iced::{Color, Pixels, Rectangle, Renderer, Size};
use std::cell::RefCell;

/// Paints `paint` on a canvas frame of `size` (logical pixels) into an
/// image of `density` pixels a logical one. `None` when the software
/// renderer cannot start.
pub fn paint(size: Size, density: f32, paint: impl FnOnce(&mut Frame<Renderer>)) -> Option<image::Handle> {
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
    Some(image::Handle::from_rgba(width, height, rgba))
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

/// One still scene, painted again only when its size or its `key` changes.
#[derive(Debug)]
pub struct Still<K> {
    density: f32,
    painted: RefCell<Option<(Size, K, image::Handle)>>,
}

impl<K: PartialEq + Clone> Still<K> {
    pub fn new(density: f32) -> Still<K> {
        Still { density, painted: RefCell::new(None) }
    }

    /// The scene at `size` for `key`, painted by `paint` when not at hand.
    pub fn get(
        &self,
        size: Size,
        key: &K,
        paint_with: impl FnOnce(&mut Frame<Renderer>),
    ) -> Option<image::Handle> {
        let mut painted = self.painted.borrow_mut();
        if let Some((s, k, handle)) = painted.as_ref() {
            if *s == size && k == key {
                return Some(handle.clone());
            }
        }
        let handle = paint(size, self.density, paint_with)?;
        *painted = Some((size, key.clone(), handle.clone()));
        Some(handle)
    }
}

/// A painted still filling the space with `over` drawn on top; `over`
/// alone when there is no still (it then paints the scene itself).
/// `filter`: the software renderer spends most of a frame filtering a
/// scaled image (bilinear), so a still painted at the window's own pixels
/// takes `Nearest`, a plain copy; one painted denser takes `Linear`.
pub fn under<'a, M: 'a>(
    still: Option<image::Handle>,
    filter: image::FilterMethod,
    over: iced::Element<'a, M>,
) -> iced::Element<'a, M> {
    use iced::widget::stack;
    use iced::{ContentFit, Length};
    match still {
        Some(still) => stack![
            image(still)
                .width(Length::Fill)
                .height(Length::Fill)
                .content_fit(ContentFit::Fill)
                .filter_method(filter),
            over
        ]
        .into(),
        None => over,
    }
}
