//! A finished game replayed from its proof file: step forward and back
//! through the log on the board, with the verdict of the same check that
//! `ludopia verify` runs.

use crate::fair::Proof;
use crate::fl;
use crate::rules::{Game, Moves, Seat};
use crate::table::{Record, Replica, verify_proof};
use crate::ui::board::{self, Board};
use crate::ui::focus::{Focus, Stop};
use crate::ui::motion::Motion;
use crate::ui::narrate::{Cast, entry_line};
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, column, container, row, text};
use iced::{Alignment, Element, Length};
use std::time::Instant;

pub struct Replay {
    /// The game before any entry, then after each verified entry, with what the entry did.
    steps: Vec<(Game, String)>,
    at: usize,
    verdict: String,
    names: [String; 4],
    motion: Motion,
    painted: board::Painted,
    /// Quarter turns the board is drawn at: the player here at the bottom left.
    turn: u8,
    /// Pawns carry their colour's mark (the setting).
    pub marks: bool,
    pub focus: Focus,
}

/// The step buttons: their labels and how far each steps.
const STEPS: [(&str, i32); 6] =
    [("|<", -100_000), ("<<", -10), ("<", -1), (">", 1), (">>", 10), (">|", 100_000)];

#[derive(Debug, Clone)]
pub enum Message {
    Step(i32),
    Back,
}

pub enum Action {
    None,
    Back,
}

impl Replay {
    /// The replay of `proof`; steps stop at the first entry that fails.
    /// `you`: the seat of the player at this computer, whom the lines
    /// address as "you".
    pub fn new(proof: &Proof<Record>, names: [String; 4], you: Option<Seat>) -> Result<Replay, String> {
        let verdict = match verify_proof(proof) {
            Ok((valid, _)) => fl!("verified-valid", valid = valid),
            Err(invalid) => {
                fl!("does-not-verify-invalid", invalid = crate::ui::words::invalid_proof(&invalid, proof))
            }
        };
        let mut replica = Replica::new(&proof.genesis).map_err(|e| e.to_string())?;
        let mut steps = vec![(replica.state().game, fl!("the-table-is-set").to_string())];
        for entry in &proof.entries {
            let record = entry.body.decode().map(|b| b.content).ok();
            let Ok(events) = replica.apply(entry.clone()) else { break };
            let line = entry_line(Cast { names: &names, you }, record.as_ref(), &events).unwrap_or_default();
            steps.push((replica.state().game, line));
        }
        Ok(Replay {
            steps,
            at: 0,
            verdict,
            names,
            motion: Motion::default(),
            painted: board::Painted::default(),
            turn: board::turn_for(you),
            marks: false,
            focus: Focus::default(),
        })
    }

    /// The step buttons, then Back.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        let steps = STEPS.map(|(_, by)| Stop::press(Message::Step(by)));
        steps.into_iter().chain([Stop::press(Message::Back)]).collect()
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Step(by) => {
                let last = self.steps.len().saturating_sub(1);
                self.at = self.at.saturating_add_signed(by as isize).min(last);
            }
            Message::Back => return Action::Back,
        }
        Action::None
    }

    pub fn view(&self, now: Instant) -> Element<'_, Message> {
        let Some((game, line)) = self.steps.get(self.at) else {
            return text(&self.verdict).into();
        };
        let board = board::view(Board {
            game,
            motion: &self.motion,
            painted: &self.painted,
            now,
            choices: Moves::new(),
            selected: None,
            on_choose: |_| Message::Step(0),
            pulse: 0.0,
            marks: self.marks,
            numbered: false,
            turn: self.turn,
        });
        let step = |(label, by): (&'static str, i32)| {
            self.focus.button(
                button(text(label).font(BOLD).size(15)).style(theme::choice(false)),
                Message::Step(by),
            )
        };
        let players: Vec<&str> = self.names.iter().filter(|n| !n.is_empty()).map(String::as_str).collect();
        let panel = column![
            text(fl!("replay")).font(BLACK).size(26),
            text(players.join(", ")).size(14),
            text(&self.verdict).size(14),
            text(fl!("entry-n-of-total", n = self.at, total = self.steps.len().saturating_sub(1)))
                .font(BOLD)
                .size(15),
            text(line.as_str()).size(14),
            row(STEPS.map(step)).spacing(6),
            self.focus.button(
                button(text(fl!("back")).size(16)).padding([10, 20]).style(theme::primary),
                Message::Back
            ),
        ]
        .spacing(12)
        .align_x(Alignment::Start);
        row![
            container(board).width(Length::Fill).height(Length::Fill),
            container(panel).padding(16).width(300).style(theme::panel)
        ]
        .spacing(10)
        .padding(14)
        .into()
    }
}
