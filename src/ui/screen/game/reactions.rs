//! Reactions at the table: the palette of faces and phrases, a bubble at
//! the sender's seat for a few seconds, the mute of another player's seat,
//! and this computer's own rate (held to a player's, as the host holds it).

use super::{GameScreen, Message};
use crate::fl;
use crate::net::Kind;
use crate::net::limits::{PLAYER_REACTIONS, RateLimiter};
use crate::rules::Seat;
use crate::table::Reaction;
use crate::ui::emote;
use crate::ui::theme;
use iced::widget::{button, column, container, row};
use iced::{Element, Length};
use std::time::{Duration, Instant};

/// How long a reaction shows at its seat.
const SAID_FOR: Duration = Duration::from_secs(4);

#[derive(Default)]
pub struct Reactions {
    /// The reaction shown at each seat, and since when.
    said: [Option<(Reaction, Instant)>; 4],
    /// Seats whose reactions this screen does not show.
    muted: [bool; 4],
    /// The palette is open.
    pub picking: bool,
    /// This computer's reactions, held to a player's rate.
    chatter: RateLimiter<()>,
}

impl Reactions {
    /// This computer's reaction from `seat`: shown there, and true if it
    /// may go out (false when it comes too fast).
    pub fn say(&mut self, seat: Seat, reaction: Reaction, now: Instant) -> bool {
        self.picking = false;
        if !self.chatter.allow_at(&(), Kind::Reaction, PLAYER_REACTIONS, now) {
            return false;
        }
        self.said[seat.index()] = Some((reaction, now));
        true
    }

    /// Another player's reaction, shown at their seat unless muted here.
    pub fn heard(&mut self, seat: Seat, reaction: Reaction, now: Instant) {
        if !self.muted[seat.index()] {
            self.said[seat.index()] = Some((reaction, now));
        }
    }

    pub fn toggle_mute(&mut self, seat: Seat) {
        let muted = &mut self.muted[seat.index()];
        *muted = !*muted;
        if *muted {
            self.said[seat.index()] = None;
        }
    }

    pub fn is_muted(&self, seat: Seat) -> bool {
        self.muted[seat.index()]
    }

    /// The reaction showing at `seat` at `now`, if any.
    pub fn saying(&self, seat: Seat, now: Instant) -> Option<Reaction> {
        self.said[seat.index()]
            .filter(|&(_, at)| now.saturating_duration_since(at) < SAID_FOR)
            .map(|(reaction, _)| reaction)
    }

    /// How long until the next bubble comes down, if one shows.
    pub fn next_wake(&self, now: Instant) -> Option<Duration> {
        self.said
            .iter()
            .flatten()
            .map(|&(_, at)| (at + SAID_FOR).saturating_duration_since(now))
            .filter(|left| !left.is_zero())
            .min()
    }
}

impl GameScreen {
    /// The seat this computer's person reacts from: the one to act if it
    /// is theirs (hot-seat), else their first seat; none without a person.
    pub(super) fn reacting_seat(&self) -> Option<Seat> {
        self.person_to_act().or_else(|| Seat::ALL.into_iter().find(|&s| self.is_mine(s)))
    }

    /// This computer's reaction: shown at its seat and sent to the table.
    pub(super) fn react(&mut self, reaction: Reaction) {
        let Some(seat) = self.reacting_seat() else { return };
        if self.reactions.say(seat, reaction, self.now) {
            self.send_reaction(reaction);
        } else {
            self.tell(fl!("slow-down-three-reactions-every").to_string());
        }
    }

    /// Another player's reaction, from the network.
    pub fn heard(&mut self, seat: u8, reaction: Reaction, now: Instant) {
        self.now = now;
        if let Some(&seat) = Seat::ALL.get(usize::from(seat)) {
            self.reactions.heard(seat, reaction, now);
        }
    }

    /// The reaction showing at `seat` now, if any.
    pub(super) fn saying(&self, seat: Seat) -> Option<Reaction> {
        self.reactions.saying(seat, self.now)
    }
}

/// The reactions to pick from: the faces, then the phrases (each a stop
/// for the keyboard's `focus`).
pub fn palette<'a>(focus: &crate::ui::focus::Focus) -> Element<'a, Message> {
    let pick = |reaction: Reaction, size: f32| -> Element<'a, Message> {
        focus.button(
            button(container(emote::view(reaction, size)).center_x(Length::Fill))
                .width(Length::Fill)
                .padding(3)
                .style(theme::choice(false)),
            Message::React(reaction),
        )
    };
    let faces = row(Reaction::EMOTES.map(|r| pick(r, 28.0))).spacing(4);
    let phrases = column(
        Reaction::PHRASES.chunks(2).map(|pair| row(pair.iter().map(|&r| pick(r, 26.0))).spacing(4).into()),
    )
    .spacing(4);
    container(column![faces, phrases].spacing(6)).padding(6).style(theme::badge).into()
}
