//! The keyboard focus, one model for every screen. iced 0.14's buttons take
//! no focus of their own (only text inputs do, through widget operations),
//! so the app keeps it: each screen lists its *stops*, the controls Tab
//! reaches in reading order with what Enter does at each, and draws the
//! focused one inside a ring. Tab and Shift+Tab step through the stops,
//! Up and Down through a list's rows; Enter presses the focused stop. A text
//! field among the stops is focused in iced as well, so typing goes there.
//! The ring is drawn outside the control's bounds, so nothing moves when it
//! comes or goes, and the focused control is scrolled into view.
//!
//! A stop is named by its key: a button's is the message it sends (its
//! `Debug` text), so a screen's list and its view name a control the same
//! way without a table of names to keep in step.

use crate::ui::theme::{self, alpha};
use iced::advanced::widget::operation::scrollable::AbsoluteOffset;
use iced::advanced::widget::operation::{Outcome, Scrollable};
use iced::advanced::widget::{Id, Operation, Tree, tree};
use iced::advanced::{Clipboard, Layout, Shell, Widget, layout, mouse, overlay, renderer};
use iced::widget::{Button, TextInput};
use iced::{Background, Border, Element, Event, Length, Rectangle, Renderer, Size, Task, Theme, Vector};
use std::fmt::Debug;

/// What Enter does at a stop.
#[derive(Debug, Clone)]
pub enum Does<M> {
    /// What the control sends when pressed.
    Press(M),
    /// A text field (the stop's key is its widget id): the field takes the
    /// typing; Enter there submits it, or presses the screen's main button.
    Type,
    /// A slider: Left sends `less`, Right `more`; Enter does nothing.
    Slide { less: M, more: M },
}

/// A control the keyboard focus stops at.
#[derive(Debug, Clone)]
pub struct Stop<M> {
    pub key: String,
    pub does: Does<M>,
    /// A row of a list: Up and Down step between the rows.
    pub row: bool,
}

impl<M: Debug> Stop<M> {
    /// A button, named by the message it sends.
    pub fn press(message: M) -> Stop<M> {
        Stop { key: key(&message), does: Does::Press(message), row: false }
    }

    /// A button named otherwise: a switch, whose message changes as it
    /// is pressed (`Teams(true)`, then `Teams(false)`) while the focus
    /// stays on it; or a second button sending the same message elsewhere
    /// (the podium's Leave beside the panel's).
    pub fn named(key: &str, message: M) -> Stop<M> {
        Stop { key: key.to_string(), does: Does::Press(message), row: false }
    }
}

impl<M> Stop<M> {
    /// A row of a list, named by what it shows (a game, a table), and what
    /// Enter does on it (open, join).
    pub fn row(key: &str, message: M) -> Stop<M> {
        Stop { key: key.to_string(), does: Does::Press(message), row: true }
    }

    /// A text field, by its widget id.
    pub fn field(id: &str) -> Stop<M> {
        Stop { key: id.to_string(), does: Does::Type, row: false }
    }

    /// A slider named `key`, with the values a step down and up.
    pub fn slide(key: &str, less: M, more: M) -> Stop<M> {
        Stop { key: key.to_string(), does: Does::Slide { less, more }, row: false }
    }

    /// The same stop sending the app's message.
    pub fn map<N>(self, f: impl Fn(M) -> N) -> Stop<N> {
        let does = match self.does {
            Does::Press(m) => Does::Press(f(m)),
            Does::Type => Does::Type,
            Does::Slide { less, more } => Does::Slide { less: f(less), more: f(more) },
        };
        Stop { key: self.key, does, row: self.row }
    }
}

fn key<M: Debug>(message: &M) -> String {
    format!("{message:?}")
}

/// The id of the ring around the stop named `key` (tests find a stop by it).
pub fn ring_id(key: &str) -> Id {
    Id::from(format!("stop:{key}"))
}

/// Which stop has the focus on a screen, if any: a new screen starts with
/// none, and Enter presses the screen's main button then.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Focus(Option<String>);

impl Focus {
    pub fn key(&self) -> Option<&str> {
        self.0.as_deref()
    }

    pub fn clear(&mut self) {
        self.0 = None;
    }

    fn is(&self, key: &str) -> bool {
        self.0.as_deref() == Some(key)
    }

    /// The focused stop, if it is still on the screen.
    pub fn at<'s, M>(&self, stops: &'s [Stop<M>]) -> Option<&'s Stop<M>> {
        let key = self.0.as_deref()?;
        stops.iter().find(|s| s.key == key)
    }

    /// Tab (`by` 1) and Shift+Tab (−1): the next or previous stop, round
    /// from the last to the first; with none focused (or the focused one
    /// gone), the first or the last.
    pub fn step<'s, M>(&mut self, stops: &'s [Stop<M>], by: i32) -> Option<&'s Stop<M>> {
        let n = stops.len() as i32;
        if n == 0 {
            return None;
        }
        let at = self.0.as_deref().and_then(|k| stops.iter().position(|s| s.key == k));
        let next = match at {
            Some(i) => (i as i32 + by).rem_euclid(n),
            None if by > 0 => 0,
            None => n - 1,
        };
        let stop = &stops[next as usize];
        self.0 = Some(stop.key.clone());
        Some(stop)
    }

    /// Up (−1) and Down (1) in a list: the next or previous row, stopping
    /// at the ends; from a stop outside the rows (a row's own buttons, a
    /// field below the list), the nearest row that way; from none, the
    /// first or the last row.
    pub fn step_rows<'s, M>(&mut self, stops: &'s [Stop<M>], by: i32) -> Option<&'s Stop<M>> {
        let rows: Vec<usize> = (0..stops.len()).filter(|&i| stops[i].row).collect();
        let at = self.0.as_deref().and_then(|k| stops.iter().position(|s| s.key == k));
        let next = match at {
            Some(i) if stops[i].row => {
                let r = rows.iter().position(|&j| j == i)? as i32;
                rows[(r + by).clamp(0, rows.len() as i32 - 1) as usize]
            }
            Some(i) if by > 0 => rows.iter().copied().find(|&j| j > i).or(rows.last().copied())?,
            Some(i) => rows.iter().rev().copied().find(|&j| j < i).or(rows.first().copied())?,
            None if by > 0 => *rows.first()?,
            None => *rows.last()?,
        };
        let stop = &stops[next];
        self.0 = Some(stop.key.clone());
        Some(stop)
    }

    /// A button at a stop: pressed by the mouse as before, ringed when
    /// focused.
    pub fn button<'a, M: Debug + Clone + 'a>(&self, button: Button<'a, M>, message: M) -> Element<'a, M> {
        let stop = Stop::press(message.clone());
        self.ring(button.on_press(message), &stop.key, Lit::Ring)
    }

    /// A button that may be disabled: a stop only while it can be pressed.
    pub fn button_maybe<'a, M: Debug + Clone + 'a>(
        &self,
        button: Button<'a, M>,
        message: Option<M>,
    ) -> Element<'a, M> {
        match message {
            Some(message) => self.button(button, message),
            None => button.into(),
        }
    }

    /// A button at a stop named `key` ([`Stop::named`]).
    pub fn button_named<'a, M: Clone + 'a>(
        &self,
        key: &str,
        button: Button<'a, M>,
        message: M,
    ) -> Element<'a, M> {
        self.ring(button.on_press(message), key, Lit::Ring)
    }

    /// A list's row named `key` ([`Stop::row`]): lit and ringed when focused.
    pub fn row<'a, M: 'a>(&self, key: &str, row: impl Into<Element<'a, M>>) -> Element<'a, M> {
        self.ring(row, key, Lit::Row)
    }

    /// A slider at a stop named `key` ([`Stop::slide`]).
    pub fn slider<'a, M: 'a>(&self, key: &str, slider: impl Into<Element<'a, M>>) -> Element<'a, M> {
        self.ring(slider, key, Lit::Ring)
    }

    /// A text field at a stop, by its widget id.
    pub fn field<'a, M: Clone + 'a>(&self, field: TextInput<'a, M>, id: &str) -> Element<'a, M> {
        self.ring(field.id(id.to_string()), id, Lit::Ring)
    }

    fn ring<'a, M: 'a>(&self, content: impl Into<Element<'a, M>>, key: &str, lit: Lit) -> Element<'a, M> {
        let lit = if self.is(key) { lit } else { Lit::Off };
        Ring { content: content.into(), id: ring_id(key), lit }.into()
    }
}

/// What the keyboard's move to `stop` asks of the window: the stop
/// scrolled into view, and the typing sent to it if it is a text field
/// (else away from any field, so that keys reach the screen again).
pub fn shown<M: Send + 'static>(stop: &Stop<M>) -> Task<M> {
    let typing = match stop.does {
        Does::Type => iced::widget::operation::focus(stop.key.clone()),
        Does::Press(_) | Does::Slide { .. } => {
            iced::advanced::widget::operate(iced::advanced::widget::operation::focusable::unfocus())
        }
    };
    Task::batch([typing, reveal(ring_id(&stop.key))])
}

/// Scrolls the scrollable around the widget `target` so that it shows: a
/// first pass finds which scrollable holds it (by its place among the
/// window's scrollables) and the offset that shows it, a second scrolls it.
fn reveal<M: Send + 'static>(target: Id) -> Task<M> {
    iced::advanced::widget::operate(Locate::new(target)).then(|found| match found {
        Some((nth, y)) => iced::advanced::widget::operate(ScrollNth { nth, y, seen: 0 }),
        None => Task::none(),
    })
}

/// How far past its edges a focused control is scrolled into view.
const REVEAL_MARGIN: f32 = 14.0;

/// A scrollable met on the way down the widget tree.
#[derive(Debug, Clone, Copy)]
struct Scroller {
    nth: usize,
    bounds: Rectangle,
    content: Rectangle,
    translation: Vector,
}

impl Scroller {
    /// The vertical offset that shows `target` (laid out in the content's
    /// coordinates), or none when it shows already.
    fn offset_showing(&self, target: Rectangle) -> Option<f32> {
        let top = target.y - self.content.y - REVEAL_MARGIN;
        let bottom = target.y + target.height - self.content.y + REVEAL_MARGIN;
        let (seen, height) = (self.translation.y, self.bounds.height);
        let most = (self.content.height - height).max(0.0);
        let y = if top < seen {
            top
        } else if bottom > seen + height {
            bottom - height
        } else {
            return None;
        };
        Some(y.clamp(0.0, most))
    }
}

/// Finds the innermost scrollable around the widget `target`, and the
/// offset that shows it.
struct Locate {
    target: Id,
    seen: usize,
    entering: Option<Scroller>,
    around: Vec<Scroller>,
    found: Option<Option<(usize, f32)>>,
}

impl Locate {
    fn new(target: Id) -> Locate {
        Locate { target, seen: 0, entering: None, around: Vec::new(), found: None }
    }
}

impl Operation<Option<(usize, f32)>> for Locate {
    fn traverse(&mut self, operate: &mut dyn FnMut(&mut dyn Operation<Option<(usize, f32)>>)) {
        if self.found.is_some() {
            return;
        }
        // A scrollable's children are traversed right after it is met.
        let entered = self.entering.take();
        if let Some(scroller) = entered {
            self.around.push(scroller);
        }
        operate(self);
        if entered.is_some() {
            self.around.pop();
        }
    }

    fn container(&mut self, id: Option<&Id>, bounds: Rectangle) {
        if self.found.is_none() && id == Some(&self.target) {
            let scroller = self.around.last();
            self.found = Some(scroller.and_then(|s| s.offset_showing(bounds).map(|y| (s.nth, y))));
        }
    }

    fn scrollable(
        &mut self,
        _id: Option<&Id>,
        bounds: Rectangle,
        content: Rectangle,
        translation: Vector,
        _state: &mut dyn Scrollable,
    ) {
        self.entering = Some(Scroller { nth: self.seen, bounds, content, translation });
        self.seen += 1;
    }

    fn finish(&self) -> Outcome<Option<(usize, f32)>> {
        Outcome::Some(self.found.flatten())
    }
}

/// Scrolls the `nth` scrollable of the window to `y`.
struct ScrollNth {
    nth: usize,
    y: f32,
    seen: usize,
}

impl<T> Operation<T> for ScrollNth {
    fn traverse(&mut self, operate: &mut dyn FnMut(&mut dyn Operation<T>)) {
        if self.seen <= self.nth {
            operate(self);
        }
    }

    fn scrollable(
        &mut self,
        _id: Option<&Id>,
        _bounds: Rectangle,
        _content: Rectangle,
        _translation: Vector,
        state: &mut dyn Scrollable,
    ) {
        if self.seen == self.nth {
            state.scroll_to(AbsoluteOffset { x: None, y: Some(self.y) });
        }
        self.seen += 1;
    }
}

/// How a stop is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lit {
    Off,
    /// Focused: a ring round it.
    Ring,
    /// A focused list row: lit, and a ring round it.
    Row,
}

/// The gap between a control and its focus ring, and the ring's width.
const GAP: f32 = 2.0;
const WIDTH: f32 = 3.0;

/// The focus ring: a gold band (the palace's accent, bright on the dark
/// panels) edged in ink outside, so that it shows on parchment as well.
pub fn ring_quads(bounds: Rectangle) -> [(Rectangle, Border); 2] {
    let gold = bounds.expand(GAP + WIDTH);
    let ink = bounds.expand(GAP + WIDTH + 1.5);
    [
        (gold, Border { color: theme::FOCUS, width: WIDTH, radius: 12.0.into() }),
        (ink, Border { color: alpha(theme::INK, 0.9), width: 1.5, radius: 13.5.into() }),
    ]
}

/// A control with its focus ring: laid out, drawn and operated on exactly
/// as the control (its state tree is the control's), with the ring drawn
/// outside its bounds when it is focused.
struct Ring<'a, M> {
    content: Element<'a, M>,
    id: Id,
    lit: Lit,
}

impl<M> Widget<M, Theme, Renderer> for Ring<'_, M> {
    fn size(&self) -> Size<Length> {
        self.content.as_widget().size()
    }

    fn size_hint(&self) -> Size<Length> {
        self.content.as_widget().size_hint()
    }

    fn tag(&self) -> tree::Tag {
        self.content.as_widget().tag()
    }

    fn state(&self) -> tree::State {
        self.content.as_widget().state()
    }

    fn children(&self) -> Vec<Tree> {
        self.content.as_widget().children()
    }

    fn diff(&self, tree: &mut Tree) {
        self.content.as_widget().diff(tree);
    }

    fn layout(&mut self, tree: &mut Tree, renderer: &Renderer, limits: &layout::Limits) -> layout::Node {
        self.content.as_widget_mut().layout(tree, renderer, limits)
    }

    fn operate(
        &mut self,
        tree: &mut Tree,
        layout: Layout<'_>,
        renderer: &Renderer,
        operation: &mut dyn Operation,
    ) {
        operation.container(Some(&self.id), layout.bounds());
        operation.traverse(&mut |operation| {
            self.content.as_widget_mut().operate(tree, layout, renderer, operation);
        });
    }

    fn update(
        &mut self,
        tree: &mut Tree,
        event: &Event,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        renderer: &Renderer,
        clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, M>,
        viewport: &Rectangle,
    ) {
        self.content
            .as_widget_mut()
            .update(tree, event, layout, cursor, renderer, clipboard, shell, viewport);
    }

    fn mouse_interaction(
        &self,
        tree: &Tree,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
        renderer: &Renderer,
    ) -> mouse::Interaction {
        self.content.as_widget().mouse_interaction(tree, layout, cursor, viewport, renderer)
    }

    fn draw(
        &self,
        tree: &Tree,
        renderer: &mut Renderer,
        theme: &Theme,
        style: &renderer::Style,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
    ) {
        use iced::advanced::Renderer as _;
        let bounds = layout.bounds();
        if self.lit == Lit::Row {
            let lit = renderer::Quad {
                bounds: bounds.expand(GAP),
                border: Border { radius: 10.0.into(), ..Border::default() },
                ..renderer::Quad::default()
            };
            renderer.fill_quad(lit, Background::Color(alpha(theme::FOCUS, 0.16)));
        }
        self.content.as_widget().draw(tree, renderer, theme, style, layout, cursor, viewport);
        if self.lit != Lit::Off {
            for (bounds, border) in ring_quads(bounds) {
                let quad = renderer::Quad { bounds, border, ..renderer::Quad::default() };
                renderer.fill_quad(quad, Background::Color(iced::Color::TRANSPARENT));
            }
        }
    }

    fn overlay<'b>(
        &'b mut self,
        tree: &'b mut Tree,
        layout: Layout<'b>,
        renderer: &Renderer,
        viewport: &Rectangle,
        translation: Vector,
    ) -> Option<overlay::Element<'b, M, Theme, Renderer>> {
        self.content.as_widget_mut().overlay(tree, layout, renderer, viewport, translation)
    }
}

impl<'a, M: 'a> From<Ring<'a, M>> for Element<'a, M> {
    fn from(ring: Ring<'a, M>) -> Element<'a, M> {
        Element::new(ring)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    enum M {
        A,
        B,
        Open(usize),
    }

    fn stops() -> Vec<Stop<M>> {
        vec![
            Stop::press(M::A),
            Stop::row("row 0", M::Open(0)),
            Stop::row("row 1", M::Open(1)),
            Stop::field("name"),
            Stop::press(M::B),
        ]
    }

    fn pressed(focus: &Focus, stops: &[Stop<M>]) -> Option<M> {
        match focus.at(stops)?.does.clone() {
            Does::Press(m) => Some(m),
            Does::Type | Does::Slide { .. } => None,
        }
    }

    #[test]
    fn tab_goes_round_the_stops_and_shift_tab_back() {
        let stops = stops();
        let mut focus = Focus::default();
        assert_eq!(pressed(&focus, &stops), None, "nothing focused: the screen's main button");
        let keys: Vec<String> = (0..6).map(|_| focus.step(&stops, 1).expect("a stop").key.clone()).collect();
        assert_eq!(keys, ["A", "row 0", "row 1", "name", "B", "A"]);
        assert_eq!(pressed(&focus, &stops), Some(M::A));
        assert_eq!(focus.step(&stops, -1).map(|s| s.key.as_str()), Some("B"), "round the other way");
        let mut fresh = Focus::default();
        assert_eq!(fresh.step(&stops, -1).map(|s| s.key.as_str()), Some("B"), "Shift+Tab starts at the end");
        // A stop that went away: Tab starts again from the first.
        let mut gone = Focus(Some("Hint".into()));
        assert_eq!(pressed(&gone, &stops), None);
        assert_eq!(gone.step(&stops, 1).map(|s| s.key.as_str()), Some("A"));
        assert!(Focus::default().step::<M>(&[], 1).is_none());
    }

    #[test]
    fn up_and_down_step_the_rows_and_stop_at_the_ends() {
        let stops = stops();
        let mut focus = Focus::default();
        assert_eq!(focus.step_rows(&stops, 1).map(|s| s.key.as_str()), Some("row 0"));
        assert_eq!(focus.step_rows(&stops, 1).map(|s| s.key.as_str()), Some("row 1"));
        assert_eq!(focus.step_rows(&stops, 1).map(|s| s.key.as_str()), Some("row 1"), "the end");
        assert_eq!(pressed(&focus, &stops), Some(M::Open(1)));
        assert_eq!(focus.step_rows(&stops, -1).map(|s| s.key.as_str()), Some("row 0"));
        let mut below = Focus(Some("B".into()));
        assert_eq!(below.step_rows(&stops, -1).map(|s| s.key.as_str()), Some("row 1"), "the nearest row up");
        let mut above = Focus(Some("A".into()));
        assert_eq!(above.step_rows(&stops, 1).map(|s| s.key.as_str()), Some("row 0"), "the nearest row down");
        let mut past = Focus(Some("name".into()));
        assert_eq!(past.step_rows(&stops, 1).map(|s| s.key.as_str()), Some("row 1"), "none below: the last");
        assert!(Focus::default().step_rows(&[Stop::press(M::A)], 1).is_none(), "no list, no rows");
    }

    #[test]
    fn a_focused_control_below_the_fold_is_scrolled_into_view() {
        let scroller = Scroller {
            nth: 0,
            bounds: Rectangle::new(iced::Point::new(0.0, 100.0), Size::new(300.0, 200.0)),
            content: Rectangle::new(iced::Point::new(0.0, 100.0), Size::new(300.0, 1000.0)),
            translation: Vector::new(0.0, 0.0),
        };
        let at = |y: f32| Rectangle::new(iced::Point::new(10.0, y), Size::new(80.0, 30.0));
        assert_eq!(scroller.offset_showing(at(150.0)), None, "it shows already");
        assert_eq!(scroller.offset_showing(at(500.0)), Some(500.0 + 30.0 + REVEAL_MARGIN - 100.0 - 200.0));
        let scrolled = Scroller { translation: Vector::new(0.0, 400.0), ..scroller };
        assert_eq!(scrolled.offset_showing(at(150.0)), Some(50.0 - REVEAL_MARGIN), "back up");
        assert_eq!(scrolled.offset_showing(at(1090.0)), Some(800.0), "no further than the end");
    }

    /// A scrollable's state that keeps where it was told to scroll.
    #[derive(Default)]
    struct Told(Option<f32>);

    impl Scrollable for Told {
        fn snap_to(&mut self, _: iced::advanced::widget::operation::scrollable::RelativeOffset<Option<f32>>) {
        }
        fn scroll_to(&mut self, offset: AbsoluteOffset<Option<f32>>) {
            self.0 = offset.y;
        }
        fn scroll_by(&mut self, _: AbsoluteOffset, _: Rectangle, _: Rectangle) {}
    }

    #[test]
    fn the_scrollable_around_the_stop_is_the_one_scrolled() {
        let target = ring_id("B");
        let bounds = Rectangle::new(iced::Point::new(0.0, 0.0), Size::new(300.0, 200.0));
        let content = Rectangle::new(iced::Point::new(0.0, 0.0), Size::new(300.0, 900.0));
        // Two scrollables side by side; the stop is in the second.
        let walk = |op: &mut dyn Operation<Option<(usize, f32)>>, states: &mut [Told; 2]| {
            for (i, state) in states.iter_mut().enumerate() {
                op.scrollable(None, bounds, content, Vector::ZERO, state);
                op.traverse(&mut |op| {
                    let id = (i == 1).then(|| target.clone());
                    op.container(
                        id.as_ref(),
                        Rectangle::new(iced::Point::new(0.0, 600.0), Size::new(80.0, 30.0)),
                    );
                });
            }
        };
        let mut locate = Locate::new(target.clone());
        let mut states = [Told::default(), Told::default()];
        walk(&mut locate, &mut states);
        let Outcome::Some(Some((nth, y))) = locate.finish() else { panic!("found") };
        assert_eq!(nth, 1);
        let mut scroll = ScrollNth { nth, y, seen: 0 };
        for state in &mut states {
            Operation::<()>::scrollable(&mut scroll, None, bounds, content, Vector::ZERO, state);
        }
        assert_eq!((states[0].0, states[1].0), (None, Some(y)));
    }
}
