//! The action panel beside the board: "Your turn" or what the table waits
//! for, Roll, the turn timer, the host's controls, Verify dice,
//! Leave, the mute switch and the reaction palette.

use super::{Fit, GameScreen, Message, reactions};
use crate::fl;
use crate::rules::{Phase, Seat};
use crate::table::Control;
use crate::ui::die::Die;
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, canvas, column, container, row, scrollable, text};
use iced::{Alignment, Element, Length};

/// The mute switch, for the keyboard's focus (its message turns with it).
pub(super) const SOUND: &str = "sound";

impl GameScreen {
    /// What the table waits for, in words.
    fn waiting_for(&self) -> String {
        if self.is_closed() {
            return fl!("the-table-is-closed").to_string();
        }
        if self.is_paused() {
            return fl!("the-table-is-paused-2").to_string();
        }
        let Some(seat) = self.game.to_act() else { return fl!("the-game-is-over-2").to_string() };
        let who = self.name(seat);
        match self.game.phase() {
            Phase::Roll => fl!("who-to-roll", who = who),
            Phase::Move { face } => fl!("who-to-move-a-pawn", n = face.get(), who = who),
            Phase::ChooseOpponent => fl!("who-to-challenge-a-rival", who = who),
            Phase::Duel(_) => fl!("who-to-mark-the-duel", who = who),
            Phase::Over => fl!("the-game-is-over-2").to_string(),
        }
    }

    /// The die, at the seat whose turn it is; a click rolls when rolling
    /// is this computer's to do.
    pub(super) fn die(&self, side: f32) -> Element<'_, Message> {
        let (holder, face) = self.die_shown();
        let shown = face.and(self.motion.die).map(|r| (r.face, r.at));
        let to_act = self.game.to_act() == Some(holder);
        canvas(Die {
            shown,
            now: self.now,
            colour: theme::seat_colour(&self.game, holder),
            on_roll: (self.can_roll() && to_act).then_some(Message::Roll),
        })
        .width(side)
        .height(side)
        .into()
    }

    /// "Your turn" for the person at this computer to act, in words they
    /// cannot miss (with their name when several play here).
    fn your_turn(&self) -> Option<String> {
        let seat = self.person_to_act()?;
        let persons = Seat::ALL.into_iter().filter(|&s| self.is_mine(s)).count();
        let what = match self.game.phase() {
            Phase::Roll => fl!("roll-the-die"),
            Phase::Move { .. } => fl!("move-a-glowing-pawn"),
            Phase::ChooseOpponent => fl!("challenge-a-rival"),
            Phase::Duel(_) => fl!("mark-the-duel-board"),
            Phase::Over => return None,
        };
        Some(if persons > 1 {
            fl!("your-turn-who-what", who = self.name(seat), what = what)
        } else {
            fl!("your-turn-what", what = what)
        })
    }

    pub(super) fn panel(&self, fit: Fit) -> Element<'_, Message> {
        let size = |big: u32| if fit.compact { big - 3 } else { big };
        let mut col = column![].spacing(8).align_x(Alignment::Center);
        col = match self.your_turn() {
            Some(line) => col.push(
                container(text(line).font(BLACK).size(size(19)).color(theme::INK))
                    .padding([6, 10])
                    .width(Length::Fill)
                    .center_x(Length::Fill)
                    .style(theme::ribbon(theme::GOLD)),
            ),
            None => col.push(text(self.waiting_for()).font(BLACK).size(size(17))),
        };
        let focus = &self.focus;
        if self.can_roll() {
            col = col.push(focus.button(
                button(text(fl!("roll")).font(BLACK).size(size(18))).padding([8, 30]).style(theme::primary),
                Message::Roll,
            ));
            col = col.push(text(fl!("space-or-enter-rolls")).size(12));
        } else if !self.choices().is_empty() {
            col = col.push(text(fl!("click-a-glowing-pawn-or")).size(12));
        }
        if self.hints() {
            col =
                col.push(focus.button(
                    button(text(fl!("hint")).size(size(14))).style(theme::choice(false)),
                    Message::Hint,
                ));
            if let Some(line) = self.hint_line() {
                col = col.push(text(line).size(size(14)));
            }
        }
        if let Some(duel) = self.duel_board() {
            col = col.push(duel);
        }
        if let Some(left) = self.countdown() {
            col = col.push(text(fl!("left-s-left-to-decide", left = left)).font(BOLD).size(size(15)));
        } else if let Some(secs) = self.game.rules().turn_timer {
            col = col.push(text(fl!("turn-timer-secs-s-a", secs = secs)).size(12));
        }
        let small =
            |label: &str, on: bool| button(text(label.to_string()).size(size(14))).style(theme::choice(on));
        if self.driver.watches() {
            col = col.push(text(fl!("you-are-watching-this-table")).size(size(14)));
            col = col.push(self.reservations(fit));
        }
        col = col.push(self.host_controls(fit));
        // Two buttons a row: the panel is narrow on small windows.
        col = col.push(
            row![
                focus.button(small(fl!("verify-dice"), false), Message::Verify),
                focus.button(small(fl!("leave-the-table"), false), Message::Leave),
            ]
            .spacing(6),
        );
        let sound = if self.sound_on { fl!("sound-on") } else { fl!("muted-2") };
        col = col.push(
            row![
                focus.button_named(SOUND, small(sound, !self.sound_on), Message::Sound(!self.sound_on)),
                focus.button_maybe(
                    small(fl!("react"), self.reactions.picking),
                    self.reacting_seat().map(|_| Message::Palette)
                ),
            ]
            .spacing(6),
        );
        if self.reactions.picking {
            col = col.push(reactions::palette(focus));
        }
        col = col.push(self.rules_panel(fit));
        container(scrollable(container(col).padding(10).width(Length::Fill)).height(Length::Fill))
            .width(Length::Fill)
            .height(Length::Fill)
            .style(theme::panel)
            .into()
    }

    /// The table's rules: its name and what sets it apart, and in full
    /// (How to play's sentences, from the same parameters) when opened.
    fn rules_panel(&self, fit: Fit) -> Element<'_, Message> {
        let rules = self.game.rules();
        let toggle = if self.rules_open { fl!("hide") } else { fl!("show-all") };
        let mut panel = column![
            row![
                text(fl!("table-rules")).font(BOLD).size(if fit.compact { 12 } else { 14 }),
                self.focus.button(
                    button(text(toggle).size(12)).style(theme::choice(self.rules_open)),
                    Message::RulesPanel
                ),
            ]
            .spacing(8)
            .align_y(Alignment::Center),
            text(crate::ui::screen::how_to::summary(rules)).size(12),
        ]
        .spacing(4);
        if self.rules_open {
            panel = panel.extend(
                crate::ui::screen::how_to::explain(rules)
                    .into_iter()
                    .map(|l| text(format!("•  {l}")).size(12).into()),
            );
        }
        container(panel).padding(6).width(Length::Fill).into()
    }

    /// The seats a watcher may reserve for the next game: a bot's, or
    /// nobody's.
    pub(super) fn open_for_watcher(&self) -> impl Iterator<Item = Seat> + '_ {
        let state = self.replica.state();
        Seat::ALL
            .into_iter()
            .filter(|&s| matches!(state.control[s.index()], Control::Bot(_) | Control::Empty))
    }

    /// A watcher's seat for the next game: a button per colour a bot holds
    /// (or nobody), the one held for it marked.
    fn reservations(&self, fit: Fit) -> Element<'_, Message> {
        let open = self.open_for_watcher().map(|seat| {
            let colour = self.game.rules().colour_of(seat);
            let name = crate::ui::screen::setup::colour_name(colour);
            let label = if self.reserved == Some(seat) {
                fl!("colour-yours-next-game", colour = name)
            } else {
                fl!("reserve-colour", colour = name)
            };
            self.focus.button_maybe(
                button(text(label).size(if fit.compact { 11 } else { 13 }))
                    .style(theme::seat_button(theme::colour(colour))),
                (self.reserved != Some(seat)).then_some(Message::Reserve(seat)),
            )
        });
        row(open).spacing(6).into()
    }

    /// The host's buttons: pause, resume and close for the computer that
    /// hosts the table, and rematch once the game is over.
    pub(super) fn host_buttons(&self) -> Vec<(&'static str, Message)> {
        let ended = self.is_closed() || self.game.is_over();
        if !self.driver.hosts() {
            Vec::new()
        } else if ended {
            vec![(fl!("rematch"), Message::Rematch)]
        } else if self.is_paused() {
            vec![(fl!("resume"), Message::Resume), (fl!("close-the-table"), Message::Close)]
        } else {
            vec![(fl!("pause"), Message::Pause), (fl!("close-the-table"), Message::Close)]
        }
    }

    fn host_controls(&self, fit: Fit) -> Element<'_, Message> {
        let buttons = self.host_buttons().into_iter().map(|(label, m)| {
            self.focus.button(
                button(text(label).size(if fit.compact { 11 } else { 14 })).style(theme::choice(false)),
                m,
            )
        });
        row(buttons).spacing(8).into()
    }
}
