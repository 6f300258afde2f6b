//! Statistics: games, wins and places per preset and per opponents, and the
//! dice — each face against the count a fair die gives, with a chi-square
//! verdict a player can check for themselves.

use crate::fl;
use crate::profile::stats::{CRITICAL_01, CRITICAL_05, Stats, Tally, Verdict};
use crate::ui::focus::{Focus, Stop};
use crate::ui::screen::history::opponents_label;
use crate::ui::screen::setup::preset_name;
use crate::ui::theme::{BLACK, BOLD};
use iced::widget::{column, row, scrollable, text};
use iced::{Element, Length};

pub struct StatsScreen {
    pub stats: Stats,
    pub status: String,
    pub focus: Focus,
}

#[derive(Debug, Clone)]
pub enum Message {
    Back,
}

fn tally_row(label: String, tally: &Tally) -> Element<'static, Message> {
    let cell = |s: String| text(s).size(14).width(Length::FillPortion(1));
    row![
        text(label).size(14).width(Length::FillPortion(3)),
        cell(tally.games.to_string()),
        cell(tally.wins().to_string()),
        cell(tally.places[1].to_string()),
        cell(tally.places[2].to_string()),
        cell(tally.places[3].to_string()),
    ]
    .into()
}

fn header(first: &str) -> Element<'static, Message> {
    let cell = |s: &str| text(s.to_string()).font(BOLD).size(14).width(Length::FillPortion(1));
    row![
        text(first.to_string()).font(BOLD).size(14).width(Length::FillPortion(3)),
        cell(fl!("games")),
        cell(fl!("wins")),
        cell(fl!("place-2nd")),
        cell(fl!("place-3rd")),
        cell(fl!("place-4th")),
    ]
    .into()
}

pub fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::TooFewRolls => fl!("too-few-rolls-to-judge"),
        Verdict::Fair => fl!("consistent-with-a-fair-die"),
        Verdict::Unusual => fl!("a-little-unusual-fair-dice"),
        Verdict::VeryUnusual => fl!("very-unusual-fair-dice-do"),
    }
}

impl StatsScreen {
    /// Its one button.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        vec![Stop::press(Message::Back)]
    }

    /// The games by preset and by opponents, and the dice against a fair die.
    fn counted(&self) -> Element<'_, Message> {
        let s = &self.stats;
        let mut games =
            column![header(fl!("preset")), tally_row(fl!("all-games").to_string(), &s.overall)].spacing(4);
        for (preset, tally) in &s.by_preset {
            let label = preset.map_or(fl!("house-rules"), preset_name).to_string();
            games = games.push(tally_row(label, tally));
        }
        let mut against = column![header(fl!("opponents"))].spacing(4);
        for (o, tally) in &s.by_opponents {
            against = against.push(tally_row(opponents_label(Some(*o)), tally));
        }
        let expected = s.dice.expected();
        let mut dice = column![row![
            text(fl!("face")).font(BOLD).size(14).width(80),
            text(fl!("rolled")).font(BOLD).size(14).width(100),
            text(fl!("expected")).font(BOLD).size(14).width(100),
        ]]
        .spacing(4);
        for (face, count) in s.dice.counts.iter().enumerate() {
            dice = dice.push(row![
                text((face + 1).to_string()).size(14).width(80),
                text(count.to_string()).size(14).width(100),
                text(format!("{expected:.1}")).size(14).width(100),
            ]);
        }
        let test = fl!(
            "n-rolls-chi-square-x",
            n = s.dice.total(),
            x = format!("{:.2}", s.dice.chi_square()),
            p = format!("{:.3}", s.dice.p_value()),
            c5 = CRITICAL_05,
            c1 = CRITICAL_01,
        );
        column![
            games,
            against,
            text(fl!("the-dice")).font(BLACK).size(20),
            dice,
            text(test).size(13),
            text(verdict_text(s.dice.verdict())).font(BOLD).size(15),
        ]
        .spacing(16)
        .into()
    }

    pub fn view(&self) -> Element<'_, Message> {
        let s = &self.stats;
        // A profile with nothing counted yet says so, not a page of zeros.
        let tables = if s.overall.games == 0 && s.dice.total() == 0 {
            text(fl!("no-games-counted-yet")).size(15).into()
        } else {
            self.counted()
        };
        super::page(
            fl!("statistics"),
            column![scrollable(tables).height(460), text(&self.status).size(13)],
            Message::Back,
            &self.focus,
        )
    }
}
