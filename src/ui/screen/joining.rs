//! The join screen: tables on the LAN and at the relays, listed live, each
//! with a small picture of its board; a code, an invite or an invite link
//! to paste. The game begins when the network driver reports the sealed
//! genesis.

use super::setup::colour_name;
use crate::fl;
use crate::net::{NotATable, RouteKind, Searched, TableInfo, Target, Ticket};
use crate::rules::{Game, Preset, Seat, SeatSet};
use crate::table::message::clean_name;
use crate::ui::board;
use crate::ui::focus::{Focus, Stop};
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, column, container, row, text, text_input};
use iced::{Alignment, Element, Length};
use libp2p::PeerId;

/// How this computer reaches a table, in a sentence: directly (hole
/// punched, or on the same network) or through a relay, named by its
/// address.
pub fn route_sentence(kind: RouteKind, via: &str) -> String {
    let at = crate::net::route::host_of(via);
    match kind {
        RouteKind::Direct => fl!("connected-directly-to-the-table", at = at),
        RouteKind::Relayed => fl!("connected-through-the-relay-at", at = at),
    }
}

/// The join screen.
#[derive(Debug)]
pub struct Joining {
    /// A code, an invite or an invite link, as typed or pasted.
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
    /// The keyboard's place: Up and Down step the listed tables.
    pub focus: Focus,
    /// Where a room code is looked up, with this computer's settings.
    searched: Searched,
}

/// The join field's id.
const FIELD: &str = "join-field";

/// A listed table's row, for the keyboard's focus.
pub fn row_key(peer: &PeerId) -> String {
    format!("table {peer}")
}

/// The host's name as the lobby shows it (cleaned when it was found): "A
/// table" for a host who has chosen none, whose window sends none so that
/// each joiner's own language names it.
fn host_name(info: &TableInfo) -> String {
    match info.host_name.as_str() {
        "" => fl!("unnamed-host").to_string(),
        name => name.to_string(),
    }
}

/// What Enter does on a listed table's row: sit at its first free seat,
/// or watch its game under way.
fn row_message(peer: PeerId, info: &TableInfo) -> Message {
    match info.free.first() {
        Some(&seat) => Message::JoinListed(peer, seat),
        None => Message::WatchListed(peer),
    }
}

#[derive(Debug, Clone)]
pub enum Message {
    Field(String),
    Join,
    /// Join a listed table at the seat of this colour.
    JoinListed(PeerId, Seat),
    /// Watch the game of the table the field names, without a seat.
    Watch,
    /// Watch a listed table's game under way.
    WatchListed(PeerId),
    Back,
}

pub enum Action {
    None,
    /// Join this table, at this seat if it is still free.
    Join(Target, Option<Seat>),
    /// Watch this table's game without a seat.
    Watch(Target),
    Back,
}

impl Joining {
    /// The join screen of a computer that looks codes up where `searched`
    /// says.
    pub fn new(searched: Searched) -> Self {
        let previews = Preset::ALL
            .into_iter()
            .filter_map(|p| {
                Some((p, Game::new(p.rules(), SeatSet::FULL, Seat::ALL[0]).ok()?, Default::default()))
            })
            .collect();
        Joining {
            field: String::new(),
            tables: Vec::new(),
            status: None,
            busy: false,
            previews,
            focus: Focus::default(),
            searched,
        }
    }

    /// Opened by an invite link: the link in the field, for the player to
    /// see which table it is before joining.
    pub fn invite(&mut self, ticket: &Ticket) {
        self.field = ticket.link();
        self.status = Some(fl!("an-invite-link-opened-ludopia").to_string());
    }

    /// Back; each listed table's row (Enter joins it) and its seats; the
    /// field, Join and Watch. While a join is under way, only Back and the
    /// field.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        let mut stops = vec![Stop::press(Message::Back)];
        if !self.busy {
            for (peer, info, _) in &self.tables {
                stops.push(Stop::row(&row_key(peer), row_message(*peer, info)));
                stops.extend(Self::seats(info).map(|seat| Stop::press(Message::JoinListed(*peer, seat))));
                if info.free.is_empty() {
                    stops.push(Stop::press(Message::WatchListed(*peer)));
                }
            }
        }
        stops.push(Stop::field(FIELD));
        if !self.busy {
            stops.extend([Stop::press(Message::Join), Stop::press(Message::Watch)]);
        }
        stops
    }

    /// The free seats a listed table offers a button for.
    fn seats(info: &TableInfo) -> impl Iterator<Item = Seat> + '_ {
        info.free.iter().take(4).copied()
    }

    /// A table was found: its host's name is cleaned here, once, as every
    /// name a peer sends is (not each time the list is drawn).
    pub fn found(&mut self, peer: PeerId, info: TableInfo, ticket: Option<Ticket>) {
        let info = TableInfo { host_name: clean_name(&info.host_name), ..info };
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
        self.status = Some(fl!("could-not-join-why", why = why));
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Field(text) => {
                self.field = text;
                // What went wrong was about the last code typed.
                if !self.busy {
                    self.status = None;
                }
            }
            Message::Back => return Action::Back,
            _ if self.busy => {}
            Message::Join | Message::Watch => match self.field.parse::<Target>() {
                Ok(target) if matches!(message, Message::Watch) => return self.watching(target),
                Ok(target) => return self.joining(target, None),
                Err(NotATable::Empty) => self.status = Some(fl!("type-a-code").to_string()),
                Err(NotATable::Invite(why)) => self.status = Some(fl!("invite-unreadable", why = why)),
                Err(NotATable::Code(_)) => {
                    self.status = Some(fl!("not-a-room-code", typed = self.field.trim()).to_string())
                }
            },
            Message::JoinListed(peer, seat) => {
                if let Some(target) = self.listed(peer) {
                    return self.joining(target, Some(seat));
                }
            }
            Message::WatchListed(peer) => {
                if let Some(target) = self.listed(peer) {
                    return self.watching(target);
                }
            }
        }
        Action::None
    }

    /// How to reach a listed table: on the LAN, or by the ticket its relay lists.
    fn listed(&self, peer: PeerId) -> Option<Target> {
        let (_, _, ticket) = self.tables.iter().find(|(p, ..)| *p == peer)?;
        Some(ticket.clone().map_or(Target::Lan(peer), Target::Ticket))
    }

    fn watching(&mut self, target: Target) -> Action {
        self.busy = true;
        self.status = Some(fl!("asking-the-table-to-let").to_string());
        Action::Watch(target)
    }

    fn joining(&mut self, target: Target, seat: Option<Seat>) -> Action {
        self.busy = true;
        self.status = Some(match &target {
            Target::Code(code) => {
                fl!(
                    "looking-for-table-code-on",
                    code = code,
                    places = crate::ui::words::places(self.searched)
                )
            }
            Target::Ticket(_) | Target::Lan(_) => fl!("joining-the-table").to_string(),
        });
        Action::Join(target, seat)
    }

    /// The way to the table is known, or changed: says which, in words.
    pub fn routed(&mut self, kind: RouteKind, via: &str) {
        if self.busy {
            self.status = Some(route_sentence(kind, via));
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let lan: Element<'_, Message> = if self.tables.is_empty() {
            // Public tables are listed only by relays the settings name.
            let none =
                if self.searched.relays { fl!("no-open-table-on-this") } else { fl!("no-open-table-here") };
            text(none).size(14).into()
        } else {
            column(self.tables.iter().map(|(peer, info, ticket)| {
                let mut line = fl!("host-preset", host = host_name(info), preset = info.preset.name());
                // A team or quick-goal table says so beside its preset's name.
                for part in crate::ui::screen::how_to::distinctions(&info.rules) {
                    line = format!("{line} · {part}");
                }
                if info.free.is_empty() {
                    line = fl!("table-game-under-way", table = line);
                }
                if info.watching > 0 {
                    line = fl!("table-n-watching", table = line, n = info.watching);
                }
                let place = if ticket.is_some() { fl!("via-a-relay") } else { fl!("on-this-network") };
                let preview =
                    self.previews.iter().find(|(p, ..)| *p == info.preset).map(|(_, game, painted)| {
                        container(board::preview(painted, game)).width(64).height(64)
                    });
                // A button per free seat, in its colour: the joiner picks.
                let rules = info.rules;
                let seats = Self::seats(info).map(|seat| {
                    let colour = rules.colour_of(seat);
                    let label = fl!("join-as-colour", colour = colour_name(colour));
                    self.focus.button_maybe(
                        button(text(label).size(13)).style(theme::seat_button(theme::colour(colour))),
                        (!self.busy).then_some(Message::JoinListed(*peer, seat)),
                    )
                });
                // A game under way may be watched.
                let watch = info.free.is_empty().then(|| {
                    self.focus.button_maybe(
                        button(text(fl!("watch")).size(13)).style(theme::choice(false)),
                        (!self.busy).then_some(Message::WatchListed(*peer)),
                    )
                });
                let line = row![preview, text(line).size(15).width(Length::Fill), text(place).size(13)]
                    .extend(seats)
                    .extend(watch)
                    .spacing(12)
                    .align_y(Alignment::Center);
                // The row is the list's stop: lit when the keyboard is on it.
                self.focus.row(&row_key(peer), line)
            }))
            .spacing(8)
            .into()
        };
        let field = self.focus.field(
            text_input(fl!("room-code-or-invite"), &self.field)
                .on_input(Message::Field)
                .on_submit(Message::Join)
                .padding(8)
                .size(16),
            FIELD,
        );
        let content = column![
            super::heading(fl!("join-a-table"), fl!("back"), Message::Back, &self.focus),
            text(fl!("open-tables")).font(BOLD).size(18),
            lan,
            text(fl!("a-room-code-or-an")).font(BOLD).size(18),
            row![
                field,
                self.focus.button_maybe(
                    button(text(fl!("join")).font(BLACK).size(16)).padding([8, 20]).style(theme::primary),
                    (!self.busy).then_some(Message::Join)
                ),
                self.focus.button_maybe(
                    button(text(fl!("watch")).size(16)).padding([8, 16]).style(theme::choice(false)),
                    (!self.busy).then_some(Message::Watch)
                ),
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
