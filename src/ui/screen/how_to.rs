//! How to play, written from the rule parameters themselves, so each preset's
//! page says exactly what its rules do.

use crate::rules::{Dice, End, Home, Preset, Rules, SafeSquares, ThreeSixes};
use crate::ui::i18n::t;
use crate::ui::theme::{self, BOLD};
use iced::widget::{button, column, row, scrollable, text};
use iced::{Element, Length};

#[derive(Debug, Clone)]
pub struct HowTo {
    pub preset: Preset,
}

#[derive(Debug, Clone)]
pub enum Message {
    Preset(Preset),
    Back,
}

pub enum Action {
    None,
    Back,
}

/// The rules as sentences, one per parameter that matters.
pub fn explain(r: &Rules) -> Vec<String> {
    let mut lines = vec![crate::t!(
        "Each player has {n} pawns in a yard. Bring them all round the board and up your lane to the centre.",
        n = r.pawns
    )];
    lines.push(match r.dice {
        Dice::Rolled => t("On your turn roll the die, then move one pawn that many squares.").to_string(),
        Dice::Duel => t("On your turn challenge a rival to Tic-Tac-Toe; whoever wins the duel rolls and moves. A drawn duel replays with the marks swapped.").to_string(),
    });
    lines.push(t("A pawn leaves its yard only on a 6, onto its start square.").to_string());
    if r.start_blocked_by_own {
        lines.push(t("It cannot leave while one of your own pawns stands on the start.").to_string());
    }
    lines.push(t("A 6 gives another roll.").to_string());
    lines.push(match r.three_sixes {
        ThreeSixes::None => t("Sixes in a row carry no penalty.").to_string(),
        ThreeSixes::Forfeit => t("A third six in a row ends your turn without moving.").to_string(),
        ThreeSixes::LeadingPawnHome => {
            t("A third six in a row sends your leading pawn back to its yard.").to_string()
        }
    });
    lines.push(if r.capture_bonus {
        t("Land on a rival's pawn to send it back to its yard, and roll again.").to_string()
    } else {
        t("Land on a rival's pawn to send it back to its yard.").to_string()
    });
    if r.must_capture {
        lines.push(t("If you can capture, you must: moving another pawn instead sends your leading pawn back to its yard.").to_string());
    }
    lines.push(match r.safe_squares {
        SafeSquares::StartsAndStars => t("Pawns on the start squares and the stars are safe.").to_string(),
        SafeSquares::None => t("No square is safe.").to_string(),
    });
    if r.one_per_space {
        lines.push(t("Only one pawn may stand on a square.").to_string());
    }
    if r.blocking {
        lines.push(t("No pawn may pass another pawn.").to_string());
    }
    lines.push(match r.home {
        Home::Lane => t("Reach the centre with an exact roll.").to_string(),
        Home::FourSpaces => {
            t("Your lane's first four squares are your home spaces, one pawn each.").to_string()
        }
    });
    if r.arrival_bonus {
        lines.push(t("Bringing a pawn home gives another roll.").to_string());
    }
    lines.push(match r.end {
        End::FirstHome => t("The first player with every pawn home wins.").to_string(),
        End::PlayOn => t("Play on until every place is decided.").to_string(),
    });
    if let Some(secs) = r.turn_timer {
        lines.push(crate::t!("Each decision has {secs} seconds; then the table plays for you.", secs = secs));
    }
    lines
}

impl HowTo {
    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Preset(p) => {
                self.preset = p;
                Action::None
            }
            Message::Back => Action::Back,
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let tabs = row(Preset::ALL.map(|p| {
            button(text(super::setup::preset_name(p)).size(15))
                .style(theme::choice(p == self.preset))
                .on_press(Message::Preset(p))
                .into()
        }))
        .spacing(8);
        let lines = column(
            explain(&self.preset.rules()).into_iter().map(|l| text(format!("•  {l}")).size(16).into()),
        )
        .spacing(8);
        super::page(
            t("How to play"),
            column![
                tabs,
                text(super::setup::preset_line(self.preset)).font(BOLD).size(16),
                scrollable(lines).height(Length::Shrink),
            ],
            Message::Back,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_follows_the_parameters() {
        let palace = explain(&Preset::Palace.rules()).join(" ");
        assert!(palace.contains("Tic-Tac-Toe"));
        assert!(palace.contains("first player with every pawn home wins"));
        let race = explain(&Preset::Race.rules()).join(" ");
        assert!(race.contains("No square is safe") && race.contains("No pawn may pass"));
        assert!(explain(&Preset::Plaza.rules()).join(" ").contains("60 seconds"));
    }
}
