//! The table a player sets up: who sits at each seat, the bots' pace, the
//! rules and the names of the persons here.

use crate::bots::Strategy;
use crate::fl;
use crate::rules::{Preset, Rules, Seat, SeatSet};
use crate::table::{Control, Participant};
use crate::ui::focus::{Focus, Stop};
use crate::ui::theme;
use iced::Element;
use iced::widget::{button, row, text};
use std::time::Duration;

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sitter {
    Empty,
    Bot(Strategy),
    /// A person playing at this computer.
    Person,
    /// A friend who joins over the network: the table is hosted here.
    Friend,
}

/// How long bots pause before each roll and move, so a person can follow.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotSpeed {
    Slow,
    #[default]
    Normal,
    Fast,
}

impl BotSpeed {
    pub const ALL: [BotSpeed; 3] = [BotSpeed::Slow, BotSpeed::Normal, BotSpeed::Fast];

    /// The pause before each bot decision.
    pub fn pause(self) -> Duration {
        Duration::from_millis(match self {
            BotSpeed::Slow => 1200,
            BotSpeed::Normal => 650,
            BotSpeed::Fast => 200,
        })
    }

    /// The name the settings keep (English, lowercased there).
    pub fn name(self) -> &'static str {
        match self {
            BotSpeed::Slow => "Slow",
            BotSpeed::Normal => "Normal",
            BotSpeed::Fast => "Fast",
        }
    }

    /// The name the window shows, in the player's language.
    pub fn label(self) -> &'static str {
        match self {
            BotSpeed::Slow => fl!("slow"),
            BotSpeed::Normal => fl!("normal"),
            BotSpeed::Fast => fl!("fast"),
        }
    }

    /// The speed choices as a row of buttons, stops for the keyboard's `focus`.
    pub fn picker<M: Clone + std::fmt::Debug + 'static>(
        current: BotSpeed,
        on: fn(BotSpeed) -> M,
        focus: &Focus,
    ) -> Element<'static, M> {
        row(BotSpeed::ALL.map(|s| {
            focus.button(button(text(s.label()).size(14)).style(theme::choice(s == current)), on(s))
        }))
        .spacing(8)
        .into()
    }

    /// The picker's stops.
    pub fn stops<M: std::fmt::Debug>(on: fn(BotSpeed) -> M) -> impl Iterator<Item = Stop<M>> {
        BotSpeed::ALL.into_iter().map(move |s| Stop::press(on(s)))
    }
}

/// A table ready to play: what the game screen starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct TablePlan {
    pub rules: Rules,
    pub sitters: [Sitter; 4],
    /// The name the first person here chose (from the settings; empty
    /// while none is chosen).
    pub name: String,
    /// The names typed for the other persons here, by seat (empty: "Player
    /// 2" and so on).
    pub others: [String; 4],
    pub bot_speed: BotSpeed,
}

impl TablePlan {
    /// A table whose seats are filled from its log (a networked or resumed
    /// game), with `name` for the player here.
    pub fn unseated(rules: Rules, name: String) -> TablePlan {
        TablePlan {
            rules,
            sitters: [Sitter::Empty; 4],
            name,
            others: Default::default(),
            bot_speed: Default::default(),
        }
    }

    /// Which person here sits at `seat`, counting from 1 in seat order.
    pub fn person_number(&self, seat: Seat) -> Option<usize> {
        (self.sitters[seat.index()] == Sitter::Person)
            .then(|| self.sitters[..=seat.index()].iter().filter(|&&s| s == Sitter::Person).count())
    }

    /// What the window calls the person here at `seat`: the first by the
    /// name chosen in the settings, the others by the name typed for them.
    /// Unnamed, the first is "You" alone at the computer but "Player 1"
    /// among several (beside "Player 2"; "Your turn, You" says nothing).
    pub fn person_name(&self, seat: Seat) -> Option<String> {
        let n = self.person_number(seat)?;
        let typed = if n == 1 { &self.name } else { &self.others[seat.index()] };
        let alone = self.sitters.iter().filter(|&&s| s == Sitter::Person).count() == 1;
        Some(match typed.trim() {
            "" if alone => fl!("you").to_string(),
            "" => fl!("player-n", n = n),
            typed => typed.to_string(),
        })
    }

    /// Whether friends join over the network (this computer hosts).
    pub fn is_hosted(&self) -> bool {
        self.sitters.contains(&Sitter::Friend)
    }

    /// Who controls each seat: a friend's seat is its own participant's.
    pub fn controls(&self) -> [Control; 4] {
        Seat::ALL.map(|seat| match self.sitters[seat.index()] {
            Sitter::Empty => Control::Empty,
            Sitter::Bot(strategy) => Control::Bot(strategy),
            Sitter::Person => Control::Person { owner: Participant::LOCAL },
            Sitter::Friend => Control::Person { owner: Participant(seat.index() as u16 + 1) },
        })
    }

    /// The table's pace: people's timing, with the bots' pause chosen here.
    pub fn timing(&self) -> crate::table::Timing {
        let pause = u64::try_from(self.bot_speed.pause().as_millis()).unwrap_or(u64::MAX);
        crate::table::Timing { bot_delay: pause, ..crate::table::Timing::PEOPLE }
    }

    /// The seats somebody sits in.
    pub fn players(&self) -> SeatSet {
        Seat::ALL.into_iter().filter(|s| self.sitters[s.index()] != Sitter::Empty).collect()
    }

    /// You at seat 0 against three Normal bots, classic rules.
    pub fn against_bots(name: String) -> TablePlan {
        TablePlan {
            rules: Preset::Classic.rules(),
            sitters: [
                Sitter::Person,
                Sitter::Bot(Strategy::Normal),
                Sitter::Bot(Strategy::Normal),
                Sitter::Bot(Strategy::Normal),
            ],
            name,
            others: Default::default(),
            bot_speed: BotSpeed::Normal,
        }
    }
}
