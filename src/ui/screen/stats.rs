//! Statistics: games, wins and places per preset and per opponents, and the
//! dice — each face against the count a fair die gives, with a chi-square
//! verdict a player can check for themselves.

use crate::profile::stats::{CRITICAL_01, CRITICAL_05, Stats, Tally, Verdict};
use crate::ui::screen::history::opponents_label;
use crate::ui::screen::setup::capitalise;
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, column, container, row, scrollable, text};
use iced::{Element, Length};

pub struct StatsScreen {
    pub stats: Stats,
    pub status: String,
}

#[derive(Debug, Clone)]
pub enum Message {
    Back,
}

fn tally_row(label: String, t: &Tally) -> Element<'static, Message> {
    let cell = |s: String| text(s).size(14).width(Length::FillPortion(1));
    row![
        text(label).size(14).width(Length::FillPortion(3)),
        cell(t.games.to_string()),
        cell(t.wins().to_string()),
        cell(t.places[1].to_string()),
        cell(t.places[2].to_string()),
        cell(t.places[3].to_string()),
    ]
    .into()
}

fn header(first: &str) -> Element<'static, Message> {
    let cell = |s: &str| text(s.to_string()).font(BOLD).size(14).width(Length::FillPortion(1));
    row![
        text(first.to_string()).font(BOLD).size(14).width(Length::FillPortion(3)),
        cell("Games"),
        cell("Wins"),
        cell("2nd"),
        cell("3rd"),
        cell("4th"),
    ]
    .into()
}

pub fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::TooFewRolls => "Too few rolls to judge yet (30 or more are needed).",
        Verdict::Fair => "Consistent with a fair die.",
        Verdict::Unusual => "A little unusual: fair dice do this about once in 20 to 100 sets of rolls.",
        Verdict::VeryUnusual => "Very unusual: fair dice do this less than once in 100 sets of rolls.",
    }
}

impl StatsScreen {
    pub fn view(&self) -> Element<'_, Message> {
        let s = &self.stats;
        let mut games = column![header("Preset"), tally_row("All games".to_string(), &s.overall)].spacing(4);
        for (preset, t) in &s.by_preset {
            let label = preset.map_or("House rules".to_string(), |p| capitalise(p.name()));
            games = games.push(tally_row(label, t));
        }
        let mut against = column![header("Opponents")].spacing(4);
        for (o, t) in &s.by_opponents {
            against = against.push(tally_row(capitalise(&opponents_label(Some(*o))), t));
        }
        let expected = s.dice.expected();
        let mut dice = column![row![
            text("Face").font(BOLD).size(14).width(80),
            text("Rolled").font(BOLD).size(14).width(100),
            text("Expected").font(BOLD).size(14).width(100),
        ]]
        .spacing(4);
        for (face, count) in s.dice.counts.iter().enumerate() {
            dice = dice.push(row![
                text((face + 1).to_string()).size(14).width(80),
                text(count.to_string()).size(14).width(100),
                text(format!("{expected:.1}")).size(14).width(100),
            ]);
        }
        let test = format!(
            "{} rolls · chi-square {:.2} (5 degrees of freedom) · p = {:.3} · critical values {CRITICAL_05} (5%) and {CRITICAL_01} (1%)",
            s.dice.total(),
            s.dice.chi_square(),
            s.dice.p_value(),
        );
        container(
            column![
                text("Statistics").font(BLACK).size(30),
                scrollable(
                    column![
                        games,
                        against,
                        text("The dice").font(BLACK).size(20),
                        dice,
                        text(test).size(13),
                        text(verdict_text(s.dice.verdict())).font(BOLD).size(15),
                    ]
                    .spacing(16)
                )
                .height(460),
                text(&self.status).size(13),
                button(text("Back").size(16)).padding([10, 20]).style(theme::primary).on_press(Message::Back),
            ]
            .spacing(14),
        )
        .padding(28)
        .max_width(720)
        .style(theme::panel)
        .into()
    }
}
