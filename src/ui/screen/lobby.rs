//! Network play before the game: the host's waiting room (the room code and
//! the invite to copy, the seats filling as friends join) and the join
//! screen (tables on the LAN and at the relays, listed live, each with a
//! small picture of its board; a code or an invite to paste).
//! The game begins when the network driver reports the sealed genesis.

use super::setup::{Sitter, Table, colour_name, level_name};
use crate::net::{TableInfo, Ticket, play::Target};
use crate::rules::{Game, Preset, Seat, SeatSet};
use crate::ui::board;
use crate::ui::i18n::t;
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, column, container, row, text, text_input};
use iced::{Alignment, Element, Length};
use libp2p::PeerId;

/// The host's waiting room.
#[derive(Debug, Clone)]
pub struct WaitingRoom {
    pub table: Table,
    pub code: String,
    pub ticket: String,
    /// The friends' seats that a guest took.
    pub joined: [bool; 4],
    /// Why hosting stopped, if it did.
    pub problem: Option<String>,
}

#[derive(Debug, Clone)]
pub enum WaitingMessage {
    CopyCode,
    CopyTicket,
    Cancel,
}

pub enum WaitingAction {
    None,
    Copy(String),
    Cancel,
}

impl WaitingRoom {
    pub fn new(table: Table) -> WaitingRoom {
        WaitingRoom { table, code: String::new(), ticket: String::new(), joined: [false; 4], problem: None }
    }

    /// The host is listening: its code and invite.
    pub fn listening(&mut self, code: String, ticket: String) {
        self.code = code;
        self.ticket = ticket;
    }

    /// A friend took (or, before the game, left) a seat.
    pub fn seated(&mut self, seat: u8, taken: bool) {
        if let Some(joined) = self.joined.get_mut(usize::from(seat)) {
            *joined = taken;
        }
    }

    pub fn update(&mut self, message: WaitingMessage) -> WaitingAction {
        match message {
            WaitingMessage::CopyCode if !self.code.is_empty() => WaitingAction::Copy(self.code.clone()),
            WaitingMessage::CopyTicket if !self.ticket.is_empty() => WaitingAction::Copy(self.ticket.clone()),
            WaitingMessage::CopyCode | WaitingMessage::CopyTicket => WaitingAction::None,
            WaitingMessage::Cancel => WaitingAction::Cancel,
        }
    }

    fn seat_line(&self, seat: Seat) -> Element<'_, WaitingMessage> {
        let rules = &self.table.rules;
        let who = match self.table.sitters[seat.index()] {
            Sitter::Empty => t("Empty").to_string(),
            Sitter::Bot(level) => crate::t!("Bot · {level}", level = level_name(level)),
            Sitter::Person => self.table.name.clone(),
            Sitter::Friend if self.joined[seat.index()] => t("A friend joined").to_string(),
            Sitter::Friend => t("Waiting for a friend…").to_string(),
        };
        row![
            container(text(colour_name(rules.colour_of(seat))).font(BOLD).size(15))
                .padding([4, 10])
                .width(90)
                .style(theme::ribbon(theme::colour(rules.colour_of(seat)))),
            text(who).size(15),
        ]
        .spacing(12)
        .align_y(Alignment::Center)
        .into()
    }

    pub fn view(&self) -> Element<'_, WaitingMessage> {
        let copy =
            |m: WaitingMessage| button(text(t("Copy")).size(14)).style(theme::choice(false)).on_press(m);
        let waiting = self.table.sitters.iter().filter(|&&s| s == Sitter::Friend).count()
            - self.joined.iter().filter(|&&j| j).count();
        let status = match &self.problem {
            Some(why) => crate::t!("The table stopped: {why}.", why = why),
            None if self.code.is_empty() => t("Opening the table…").to_string(),
            None => crate::t!(
                "Waiting for {n} more friends; the game begins when every seat is taken.",
                n = waiting
            ),
        };
        let code = if self.code.is_empty() { "······".to_string() } else { self.code.clone() };
        let content = column![
            super::heading(t("Your table"), t("Cancel"), WaitingMessage::Cancel),
            text(t("Room code")).font(BOLD).size(18),
            row![text(code).font(BLACK).size(40).color(theme::GOLD), copy(WaitingMessage::CopyCode)]
                .spacing(16)
                .align_y(Alignment::Center),
            text(t("Friends on this network type the code; anyone else needs the invite.")).size(13),
            text(t("Invite")).font(BOLD).size(18),
            row![
                container(text(self.ticket.clone()).size(11))
                    .width(Length::Fill)
                    .padding(6)
                    .style(theme::badge),
                copy(WaitingMessage::CopyTicket),
            ]
            .spacing(12)
            .align_y(Alignment::Center),
            text(t("Seats")).font(BOLD).size(18),
            column(Seat::ALL.map(|seat| self.seat_line(seat))).spacing(8),
            text(status).size(15),
        ]
        .spacing(12)
        .padding(28);
        container(content).style(theme::panel).max_width(760).into()
    }
}

/// The join screen.
#[derive(Debug)]
pub struct Joining {
    /// A code or an invite, as typed or pasted.
    pub field: String,
    /// Listed tables: on the LAN, or published at a relay (with the
    /// ticket to reach them by).
    pub tables: Vec<(PeerId, TableInfo, Option<Ticket>)>,
    /// What is happening, or why joining failed, in a sentence.
    pub status: Option<String>,
    /// A join is under way.
    pub busy: bool,
    /// Each preset's board, painted small once for every table listed
    /// with it.
    previews: Vec<(Preset, Game, board::Painted)>,
}

impl Default for Joining {
    fn default() -> Self {
        let previews = Preset::ALL
            .into_iter()
            .filter_map(|p| {
                Some((p, Game::new(p.rules(), SeatSet::FULL, Seat::ALL[0]).ok()?, Default::default()))
            })
            .collect();
        Joining { field: String::new(), tables: Vec::new(), status: None, busy: false, previews }
    }
}

#[derive(Debug, Clone)]
pub enum JoinMessage {
    Field(String),
    Join,
    /// Join a listed table.
    JoinListed(PeerId),
    Back,
}

pub enum JoinAction {
    None,
    Join(Target),
    Back,
}

impl Joining {
    pub fn found(&mut self, peer: PeerId, info: TableInfo, ticket: Option<Ticket>) {
        match self.tables.iter_mut().find(|(p, ..)| *p == peer) {
            Some(table) => *table = (peer, info, ticket),
            None => self.tables.push((peer, info, ticket)),
        }
    }

    pub fn gone(&mut self, peer: PeerId) {
        self.tables.retain(|(p, ..)| *p != peer);
    }

    /// Joining failed: says why, and lets the player try again.
    pub fn failed(&mut self, why: &str) {
        self.busy = false;
        self.status = Some(crate::t!("Could not join: {why}.", why = why));
    }

    pub fn update(&mut self, message: JoinMessage) -> JoinAction {
        match message {
            JoinMessage::Field(text) => self.field = text,
            JoinMessage::Back => return JoinAction::Back,
            _ if self.busy => {}
            JoinMessage::Join => match self.field.parse::<Target>() {
                Ok(target) => return self.joining(target),
                Err(why) => {
                    self.status = Some(crate::t!("That is not a room code or an invite: {why}.", why = why))
                }
            },
            JoinMessage::JoinListed(peer) => {
                if let Some((_, _, ticket)) = self.tables.iter().find(|(p, ..)| *p == peer) {
                    let target = ticket.clone().map_or(Target::Lan(peer), Target::Ticket);
                    return self.joining(target);
                }
            }
        }
        JoinAction::None
    }

    fn joining(&mut self, target: Target) -> JoinAction {
        self.busy = true;
        self.status = Some(t("Joining the table…").to_string());
        JoinAction::Join(target)
    }

    pub fn view(&self) -> Element<'_, JoinMessage> {
        let lan: Element<'_, JoinMessage> = if self.tables.is_empty() {
            text(t("No open table on this network or your relays yet.")).size(14).into()
        } else {
            column(self.tables.iter().map(|(peer, info, ticket)| {
                let line = crate::t!(
                    "{host} · {preset} · {free} free seats",
                    host = info.host_name,
                    preset = info.preset,
                    free = info.free_seats
                );
                let place = if ticket.is_some() { t("via a relay") } else { t("on this network") };
                let preview =
                    self.previews.iter().find(|(p, ..)| Some(*p) == Preset::from_name(&info.preset)).map(
                        |(_, game, painted)| container(board::preview(painted, game)).width(64).height(64),
                    );
                row![
                    preview,
                    text(line).size(15).width(Length::Fill),
                    text(place).size(13),
                    button(text(t("Join")).size(14)).style(theme::choice(false)).on_press_maybe(
                        (!self.busy && info.free_seats > 0).then_some(JoinMessage::JoinListed(*peer))
                    ),
                ]
                .spacing(12)
                .align_y(Alignment::Center)
                .into()
            }))
            .spacing(8)
            .into()
        };
        let field = text_input(t("Room code or invite"), &self.field)
            .on_input(JoinMessage::Field)
            .on_submit(JoinMessage::Join)
            .padding(8)
            .size(16);
        let content = column![
            super::heading(t("Join a table"), t("Back"), JoinMessage::Back),
            text(t("Open tables")).font(BOLD).size(18),
            lan,
            text(t("A room code or an invite")).font(BOLD).size(18),
            row![
                field,
                button(text(t("Join")).font(BLACK).size(16))
                    .padding([8, 20])
                    .style(theme::primary)
                    .on_press_maybe((!self.busy).then_some(JoinMessage::Join)),
            ]
            .spacing(12)
            .align_y(Alignment::Center),
        ]
        .push(self.status.as_ref().map(|s| text(s.as_str()).size(15)))
        .spacing(12)
        .padding(28);
        container(content).style(theme::panel).max_width(760).into()
    }
}
