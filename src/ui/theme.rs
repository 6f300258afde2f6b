//! The look: seat colours, the palace's wood, copper, gold and parchment, the
//! embedded fonts and the styles of the widgets around the board.

use crate::rules::{Colour, Game, Seat};
use iced::font::Weight;
use iced::widget::{button, container};
use iced::{Background, Border, Color, Font, Shadow, Theme};

/// Lato (SIL Open Font License, resources/fonts/LICENSE-Lato.txt), embedded so
/// the game reads the same on every system.
pub const FONTS: [&[u8]; 3] = [
    include_bytes!("../../resources/fonts/Lato-Regular.ttf"),
    include_bytes!("../../resources/fonts/Lato-Bold.ttf"),
    include_bytes!("../../resources/fonts/Lato-Black.ttf"),
];
pub const FONT: Font = Font::with_name("Lato");
pub const BOLD: Font = Font { weight: Weight::Bold, ..FONT };
pub const BLACK: Font = Font { weight: Weight::Black, ..FONT };

pub const WOOD_DARK: Color = rgb(0x2e, 0x1a, 0x0e);
pub const WOOD: Color = rgb(0x5b, 0x34, 0x1c);
pub const COPPER: Color = rgb(0xc0, 0x76, 0x3a);
pub const COPPER_DARK: Color = rgb(0x7c, 0x40, 0x1a);
pub const GOLD: Color = rgb(0xf0, 0xc8, 0x5a);
pub const PARCHMENT: Color = rgb(0xf6, 0xea, 0xc8);
pub const PARCHMENT_DARK: Color = rgb(0xe2, 0xcd, 0x9a);
pub const CELL: Color = rgb(0xfd, 0xf8, 0xec);
pub const INK: Color = rgb(0x3a, 0x24, 0x14);
pub const NIGHT: Color = rgb(0x1b, 0x12, 0x2c);
/// The keyboard focus ring (`ui::focus`): the palace's gold, the accent
/// that reads on the dark panels every control sits on; an ink edge
/// outside it carries it over parchment.
pub const FOCUS: Color = GOLD;

pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color { r: r as f32 / 255.0, g: g as f32 / 255.0, b: b as f32 / 255.0, a: 1.0 }
}

/// A player colour as painted: bright and saturated, as players expect.
pub fn colour(colour: Colour) -> Color {
    match colour {
        Colour::Red => rgb(0xe5, 0x39, 0x35),
        Colour::Green => rgb(0x2e, 0xa0, 0x4a),
        Colour::Yellow => rgb(0xfb, 0xc0, 0x2d),
        Colour::Blue => rgb(0x1e, 0x7b, 0xe0),
    }
}

/// The colour a seat plays in this game.
pub fn seat_colour(game: &Game, seat: Seat) -> Color {
    colour(game.rules().colour_of(seat))
}

/// `c` mixed towards `to` by `t` (0 = `c`, 1 = `to`).
pub fn mix(c: Color, to: Color, t: f32) -> Color {
    Color {
        r: c.r + (to.r - c.r) * t,
        g: c.g + (to.g - c.g) * t,
        b: c.b + (to.b - c.b) * t,
        a: c.a + (to.a - c.a) * t,
    }
}

pub fn lighter(c: Color, t: f32) -> Color {
    mix(c, Color::WHITE, t)
}

pub fn darker(c: Color, t: f32) -> Color {
    mix(c, Color::BLACK, t)
}

pub fn alpha(c: Color, a: f32) -> Color {
    Color { a, ..c }
}

/// WCAG's contrast ratio of two opaque colours (1 to 21).
fn contrast(a: Color, b: Color) -> f32 {
    let lum = |c: Color| {
        let lin = |v: f32| if v <= 0.03928 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) };
        0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
    };
    let (hi, lo) = (lum(a).max(lum(b)), lum(a).min(lum(b)));
    (hi + 0.05) / (lo + 0.05)
}

/// The text colour for a label on `fill`: white, as on the deep seat
/// colours, unless it reads worse than WCAG's 3:1 for bold labels there,
/// as on yellow (1.7:1); then ink.
pub fn ink_on(fill: Color) -> Color {
    if contrast(Color::WHITE, fill) >= 3.0 { Color::WHITE } else { INK }
}

/// The app's widget theme: dusk colours that sit on the palace scene.
pub fn theme() -> Theme {
    Theme::custom(
        "Ludopia".to_string(),
        iced::theme::Palette {
            background: NIGHT,
            text: PARCHMENT,
            primary: COPPER,
            success: rgb(0x2e, 0xa0, 0x4a),
            warning: GOLD,
            danger: rgb(0xe5, 0x39, 0x35),
        },
    )
}

// No style here casts a blurred shadow: the software renderer redraws only
// what changed, but paints a shadow unclipped past that whenever its quad lies
// inside, so shadows darken to black frame after frame (iced 0.14); and it
// computes a shadow pixel by pixel on every redraw, most of a frame's time.

/// A wooden panel with a gold edge, for the menus and the action panel.
pub fn panel(_: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(alpha(WOOD_DARK, 0.88))),
        border: Border { color: alpha(GOLD, 0.7), width: 1.5, radius: 14.0.into() },
        text_color: Some(PARCHMENT),
        shadow: Shadow::default(),
        snap: true,
    }
}

/// The panel of the seat whose turn it is: lit, with a bright gold edge.
pub fn panel_lit(_: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(alpha(mix(WOOD_DARK, COPPER, 0.35), 0.95))),
        border: Border { color: GOLD, width: 3.0, radius: 14.0.into() },
        text_color: Some(PARCHMENT),
        shadow: Shadow::default(),
        snap: true,
    }
}

/// A name ribbon in a seat's colour.
pub fn ribbon(colour: Color) -> impl Fn(&Theme) -> container::Style {
    // Worked out once, not at every draw.
    let text = ink_on(colour);
    move |_| container::Style {
        background: Some(Background::Color(colour)),
        border: Border { color: GOLD, width: 1.5, radius: 6.0.into() },
        text_color: Some(text),
        shadow: Shadow::default(),
        snap: true,
    }
}

/// A button that takes a seat: in the seat's colour, its text white (ink
/// on yellow).
pub fn seat_button(colour: Color) -> impl Fn(&Theme, button::Status) -> button::Style {
    let text = ink_on(colour);
    move |_, status| {
        let bg = match status {
            button::Status::Hovered => lighter(colour, 0.15),
            button::Status::Pressed => darker(colour, 0.15),
            button::Status::Disabled => alpha(colour, 0.4),
            button::Status::Active => colour,
        };
        button::Style {
            background: Some(Background::Color(bg)),
            // Disabled, the fill is faint over the dark panel: white reads.
            text_color: if status == button::Status::Disabled { Color::WHITE } else { text },
            border: Border { color: GOLD, width: 1.5, radius: 8.0.into() },
            shadow: Shadow::default(),
            snap: true,
        }
    }
}

/// A small rounded badge (bot, this computer, ...).
pub fn badge(_: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(alpha(PARCHMENT, 0.92))),
        border: Border { color: COPPER, width: 1.0, radius: 8.0.into() },
        text_color: Some(INK),
        ..container::Style::default()
    }
}

/// The big copper buttons of the menus.
pub fn primary(_: &Theme, status: button::Status) -> button::Style {
    let base = match status {
        button::Status::Hovered => lighter(COPPER, 0.15),
        button::Status::Pressed => darker(COPPER, 0.15),
        button::Status::Disabled => alpha(mix(COPPER, WOOD, 0.6), 0.6),
        button::Status::Active => COPPER,
    };
    button::Style {
        background: Some(Background::Gradient(
            iced::gradient::Linear::new(0.0)
                .add_stop(0.0, lighter(base, 0.12))
                .add_stop(1.0, darker(base, 0.12))
                .into(),
        )),
        text_color: if status == button::Status::Disabled { alpha(PARCHMENT, 0.5) } else { Color::WHITE },
        border: Border { color: GOLD, width: 1.5, radius: 12.0.into() },
        shadow: Shadow::default(),
        snap: true,
    }
}

/// Quieter parchment buttons for choices.
pub fn choice(selected: bool) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |_, status| {
        let bg = match (selected, status) {
            (true, _) => GOLD,
            (false, button::Status::Hovered) => lighter(PARCHMENT_DARK, 0.3),
            (false, button::Status::Disabled) => alpha(PARCHMENT_DARK, 0.4),
            (false, _) => PARCHMENT_DARK,
        };
        button::Style {
            background: Some(Background::Color(bg)),
            text_color: INK,
            border: Border {
                color: if selected { COPPER_DARK } else { alpha(COPPER, 0.6) },
                width: 1.0,
                radius: 8.0.into(),
            },
            shadow: Shadow::default(),
            snap: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `top` at its alpha over `under`.
    fn over(top: Color, under: Color) -> Color {
        Color { a: 1.0, ..mix(under, Color { a: 1.0, ..top }, top.a) }
    }

    #[test]
    fn the_focus_ring_stands_out_wherever_a_control_sits() {
        // Every control sits on a panel (dark wood over the dusk sky) or,
        // in the reaction palette and on parchment buttons, on parchment:
        // the gold band reads on the first, its ink edge on the second
        // (3:1, WCAG's least for a focus indicator).
        let panel = over(alpha(WOOD_DARK, 0.88), NIGHT);
        let lit = over(alpha(mix(WOOD_DARK, COPPER, 0.35), 0.95), NIGHT);
        for ground in [panel, lit, NIGHT, WOOD_DARK] {
            assert!(contrast(FOCUS, ground) >= 3.0, "{ground:?}: {}", contrast(FOCUS, ground));
        }
        for ground in [PARCHMENT, PARCHMENT_DARK, CELL] {
            assert!(contrast(INK, ground) >= 3.0, "{ground:?}: {}", contrast(INK, ground));
        }
        // Beside a button in a seat's colour (yellow is close to gold) the
        // gap of panel between ring and button keeps them apart.
    }

    #[test]
    fn a_label_reads_on_every_seat_colour() {
        // White on yellow was 1.7:1: "Join as Yellow" and the Yellow ribbons.
        for c in [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue] {
            let fill = colour(c);
            let ratio = contrast(ink_on(fill), fill);
            assert!(ratio >= 3.0, "{c:?}: {ratio}");
            // Hovered, a little lighter for a moment, keeps its resting text colour.
            for status in [button::Status::Active, button::Status::Pressed] {
                let style = seat_button(fill)(&Theme::Dark, status);
                let Some(Background::Color(bg)) = style.background else { panic!("a plain fill") };
                assert!(contrast(style.text_color, bg) >= 3.0, "{c:?} {status:?}");
            }
            let text = ribbon(fill)(&Theme::Dark).text_color.expect("a text colour");
            assert!(contrast(text, fill) >= 3.0, "{c:?} ribbon");
        }
    }
}
