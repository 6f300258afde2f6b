//! The host's waiting room: the room code and the invite to copy (as the
//! ticket, or as a `ludopia://join/` link a chat makes clickable), and the
//! seats filling as friends join; a seat still waiting can go to a bot, to
//! start without that friend. The game begins when the network driver
//! reports the sealed genesis.

use super::setup::{Sitter, TablePlan, colour_name, level_name};
use crate::fl;
use crate::net::Ticket;
use crate::net::route::is_circuit;
use crate::rules::Seat;
use crate::ui::focus::{Focus, Stop};
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, row, text};
use iced::{Alignment, Element, Length};

/// The host's waiting room.
#[derive(Debug, Clone)]
pub struct WaitingRoom {
    pub table: TablePlan,
    pub code: String,
    pub ticket: String,
    /// Whether the invite holds a relay's address: the relay holds the room
    /// code too, so friends beyond this network can type it.
    relayed: bool,
    /// The friends' seats that a guest took.
    pub joined: [bool; 4],
    /// Why hosting stopped, if it did.
    pub problem: Option<String>,
    /// What was copied last, for its button to say so.
    copied: Option<Copied>,
    pub focus: Focus,
}

/// What a Copy button put on the clipboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Copied {
    Code,
    Ticket,
    Link,
}

#[derive(Debug, Clone)]
pub enum Message {
    CopyCode,
    CopyTicket,
    CopyLink,
    /// The host gives a seat still waiting for a friend to a bot.
    BotInstead(Seat),
    Cancel,
}

pub enum Action {
    None,
    Copy(String),
    /// Tell the host's driver: a bot plays this seat, the game starts without the friend.
    BotInstead(Seat),
    Cancel,
}

impl WaitingRoom {
    pub fn new(table: TablePlan) -> WaitingRoom {
        WaitingRoom {
            table,
            code: String::new(),
            ticket: String::new(),
            relayed: false,
            joined: [false; 4],
            problem: None,
            copied: None,
            focus: Focus::default(),
        }
    }

    /// Cancel, the Copy buttons, and each seat still waiting for a friend.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        let mut stops = [Message::Cancel, Message::CopyCode, Message::CopyTicket, Message::CopyLink]
            .map(Stop::press)
            .to_vec();
        let waiting = Seat::ALL.into_iter().filter(|&seat| self.waits_for(seat));
        stops.extend(waiting.map(|seat| Stop::press(Message::BotInstead(seat))));
        stops
    }

    /// The host is listening: its code and invite (again, with a relay's
    /// address, once a relay holds a slot for the table).
    pub fn listening(&mut self, code: String, ticket: String) {
        self.relayed = ticket.parse::<Ticket>().is_ok_and(|t| t.addrs.iter().any(is_circuit));
        self.code = code;
        self.ticket = ticket;
    }

    /// A friend took (or, before the game, left) a seat.
    pub fn seated(&mut self, seat: u8, taken: bool) {
        if let Some(joined) = self.joined.get_mut(usize::from(seat)) {
            *joined = taken;
        }
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::CopyCode if !self.code.is_empty() => {
                self.copied = Some(Copied::Code);
                Action::Copy(self.code.clone())
            }
            Message::CopyTicket if !self.ticket.is_empty() => {
                self.copied = Some(Copied::Ticket);
                Action::Copy(self.ticket.clone())
            }
            // The driver's ticket text behind the scheme, not decoded and
            // made again: the link holds exactly the invite shown above.
            Message::CopyLink if !self.ticket.is_empty() => {
                self.copied = Some(Copied::Link);
                Action::Copy(format!("{}{}", crate::net::ticket::LINK_PREFIX, self.ticket))
            }
            Message::CopyCode | Message::CopyTicket | Message::CopyLink => Action::None,
            Message::BotInstead(seat) if self.waits_for(seat) => {
                self.table.sitters[seat.index()] = Sitter::Bot(crate::net::host::BOT_INSTEAD);
                Action::BotInstead(seat)
            }
            Message::BotInstead(_) => Action::None,
            Message::Cancel => Action::Cancel,
        }
    }

    /// Whether `seat` still waits for a friend to take it.
    fn waits_for(&self, seat: Seat) -> bool {
        self.table.sitters[seat.index()] == Sitter::Friend && !self.joined[seat.index()]
    }

    fn seat_line(&self, seat: Seat) -> Element<'_, Message> {
        let rules = &self.table.rules;
        let who = match self.table.sitters[seat.index()] {
            Sitter::Empty => fl!("empty").to_string(),
            Sitter::Bot(level) => fl!("bot-level", level = level_name(level)),
            Sitter::Person => self.table.person_name(seat).unwrap_or_default(),
            Sitter::Friend if self.joined[seat.index()] => fl!("a-friend-joined").to_string(),
            Sitter::Friend => fl!("waiting-for-a-friend").to_string(),
        };
        let line = row![
            container(text(colour_name(rules.colour_of(seat))).font(BOLD).size(15))
                .padding([4, 10])
                .width(90)
                .style(theme::ribbon(theme::colour(rules.colour_of(seat)))),
        ]
        // Who plays with whom, before the board says it.
        .push(rules.has_teams().then(|| super::team_badge(seat, 12)))
        .push(text(who).size(15))
        .spacing(12)
        .align_y(Alignment::Center);
        if !self.waits_for(seat) {
            return line.into();
        }
        let instead = self.focus.button(
            button(text(fl!("play-a-bot-instead")).size(13)).style(theme::choice(false)),
            Message::BotInstead(seat),
        );
        line.push(instead).into()
    }

    pub fn view(&self) -> Element<'_, Message> {
        let copy = |m: Message, what: Copied| {
            let done = self.copied == Some(what);
            let label = match what {
                _ if done => fl!("copied"),
                Copied::Link => fl!("copy-link"),
                Copied::Code | Copied::Ticket => fl!("copy"),
            };
            self.focus.button(button(text(label).size(14)).style(theme::choice(done)), m)
        };
        let waiting = self.table.sitters.iter().filter(|&&s| s == Sitter::Friend).count()
            - self.joined.iter().filter(|&&j| j).count();
        let status = match &self.problem {
            Some(why) => fl!("the-table-stopped-why", why = why),
            None if self.code.is_empty() => fl!("opening-the-table").to_string(),
            None if waiting == 0 => fl!("every-seat-is-taken-the").to_string(),
            None => fl!("waiting-for-n-more-friends", n = waiting),
        };
        let code = if self.code.is_empty() { "······".to_string() } else { self.code.clone() };
        let content = column![
            super::heading(fl!("your-table"), fl!("cancel"), Message::Cancel, &self.focus),
            text(fl!("room-code")).font(BOLD).size(18),
            row![text(code).font(BLACK).size(40).color(theme::GOLD), copy(Message::CopyCode, Copied::Code)]
                .spacing(16)
                .align_y(Alignment::Center),
            text(if self.relayed {
                fl!("friends-anywhere-type-the")
            } else {
                fl!("friends-on-this-network-type")
            })
            .size(13),
            text(fl!("invite")).font(BOLD).size(18),
            row![
                // An invite has no spaces: it wraps at any letter.
                container(text(self.ticket.clone()).size(11).wrapping(Wrapping::Glyph))
                    .width(Length::Fill)
                    .padding(6)
                    .style(theme::badge),
                column![copy(Message::CopyTicket, Copied::Ticket), copy(Message::CopyLink, Copied::Link)]
                    .spacing(6),
            ]
            .spacing(12)
            .align_y(Alignment::Center),
            text(fl!("seats")).font(BOLD).size(18),
            column(Seat::ALL.map(|seat| self.seat_line(seat))).spacing(8),
            text(status).size(15),
        ]
        .spacing(12)
        .padding(28);
        container(content).style(theme::panel).max_width(760).into()
    }
}
