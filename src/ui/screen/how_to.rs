//! How to play, written from the rule parameters themselves, so each preset's
//! page says exactly what its rules do.

use crate::rules::{Dice, End, Goal, Home, Preset, Rules, SafeSquares, Teams, ThreeSixes};
use crate::ui::focus::{Focus, Stop};
use crate::ui::i18n::t;
use crate::ui::theme::{self, BOLD};
use iced::widget::{button, column, row, scrollable, text};
use iced::{Element, Length};

#[derive(Debug, Clone)]
pub struct HowTo {
    pub preset: Preset,
    /// The preset played 2 v 2 (`teams = opposite`), which combines with each.
    pub teams: bool,
    pub focus: Focus,
}

#[derive(Debug, Clone)]
pub enum Message {
    Preset(Preset),
    Teams(bool),
    Back,
}

pub enum Action {
    None,
    Back,
}

/// The rules as sentences, one per parameter that matters.
pub fn explain(r: &Rules) -> Vec<String> {
    let mut lines = vec![match r.goal {
        Goal::All => crate::t!(
            "Each player has {n} pawns in a yard. Bring them all round the board and up your lane to the centre.",
            n = r.pawns
        ),
        Goal::One => crate::t!(
            "Each player has {n} pawns in a yard. Bring one of them round the board and up your lane to the centre: you finish with your first pawn home, and your other pawns leave the board.",
            n = r.pawns
        ),
    }];
    if r.start_out > 0 {
        lines.push(crate::tn!(
            r.start_out,
            "{n} of your pawns begins on your start square.",
            "{n} of your pawns begin on your start square."
        ));
    }
    if r.has_teams() {
        lines.push(t("Opposite seats play as partners. Partners share squares and never capture each other. Once you have finished, your rolls move your partner's pawns.").to_string());
    }
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
    if r.capture_to_home {
        lines.push(if r.has_teams() {
            t("Your pawns turn up your lane only once you or your partner have captured a pawn; until then they go round the board again.").to_string()
        } else {
            t("Your pawns turn up your lane only once you have captured a pawn; until then they go round the board again.").to_string()
        });
        lines.push(t("Going round, a pawn never stops on the square just before its start.").to_string());
    }
    if r.arrival_bonus {
        lines.push(t("Bringing a pawn home gives another roll.").to_string());
    }
    // Teams end the game whatever `end` says: the first team home wins.
    lines.push(match (r.has_teams(), r.end, r.goal) {
        (true, ..) => {
            t("The first team with both partners finished wins; the other team comes second.").to_string()
        }
        (false, End::FirstHome, Goal::All) => t("The first player with every pawn home wins.").to_string(),
        (false, End::FirstHome, Goal::One) => t("The first player with a pawn home wins.").to_string(),
        (false, End::PlayOn, _) => t("Play on until every place is decided.").to_string(),
    });
    if let Some(secs) = r.turn_timer {
        lines.push(crate::tn!(
            secs,
            "Each decision has {n} second; then the table plays for you.",
            "Each decision has {n} seconds; then the table plays for you."
        ));
    }
    lines
}

/// A table's rules in a line: its preset (or house rules), the pawns, and
/// the quick-game and team parameters that change how it plays.
pub fn summary(r: &Rules) -> String {
    let name =
        Preset::ALL.into_iter().find(|p| p.rules() == *r).map_or(t("House rules"), super::setup::preset_name);
    let mut parts = vec![name.to_string(), crate::tn!(r.pawns, "{n} pawn", "{n} pawns")];
    parts.extend(distinctions(r));
    parts.join(" · ")
}

/// The new parameters a table plays with, in a word each ("teams"): what a
/// summary or a lobby's listing adds to a preset's name.
pub fn distinctions(r: &Rules) -> Vec<String> {
    let mut parts = Vec::new();
    if r.start_out > 0 {
        parts.push(crate::t!("{out} out", out = r.start_out));
    }
    if r.goal == Goal::One {
        parts.push(t("first pawn home").to_string());
    }
    if r.capture_to_home {
        parts.push(t("capture to enter home").to_string());
    }
    if r.has_teams() {
        parts.push(t("teams").to_string());
    }
    parts
}

impl HowTo {
    pub fn new(preset: Preset) -> HowTo {
        HowTo { preset, teams: false, focus: Focus::default() }
    }

    /// The presets' tabs, the teams switch, Back.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        let tabs = Preset::ALL.map(|p| Stop::press(Message::Preset(p)));
        tabs.into_iter()
            .chain([Stop::named("teams", Message::Teams(!self.teams)), Stop::press(Message::Back)])
            .collect()
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Preset(p) => {
                self.preset = p;
                Action::None
            }
            Message::Teams(on) => {
                self.teams = on;
                Action::None
            }
            Message::Back => Action::Back,
        }
    }

    /// The rules the page explains: the preset's, with teams if chosen.
    pub fn rules(&self) -> Rules {
        let teams = if self.teams { Teams::Opposite } else { Teams::None };
        Rules { teams, ..self.preset.rules() }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let tabs = row(Preset::ALL.map(|p| {
            self.focus.button(
                button(text(super::setup::preset_name(p)).size(15)).style(theme::choice(p == self.preset)),
                Message::Preset(p),
            )
        }))
        .spacing(8)
        .push(self.focus.button_named(
            "teams",
            button(text(t("2 v 2 teams")).size(15)).style(theme::choice(self.teams)),
            Message::Teams(!self.teams),
        ));
        let lines =
            column(explain(&self.rules()).into_iter().map(|l| text(format!("•  {l}")).size(16).into()))
                .spacing(8);
        super::page(
            t("How to play"),
            column![
                tabs,
                text(super::setup::preset_line(self.preset)).font(BOLD).size(16),
                scrollable(lines).height(Length::Shrink),
            ],
            Message::Back,
            &self.focus,
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

    #[test]
    fn the_quick_and_team_rules_are_explained_from_their_parameters() {
        let quick = explain(&Preset::Quick.rules()).join(" ");
        assert!(quick.contains("1 of your pawns begins on your start square"), "{quick}");
        assert!(quick.contains("first pawn home") && quick.contains("leave the board"), "{quick}");
        assert!(quick.contains("only once you have captured"), "{quick}");
        assert!(quick.contains("first player with a pawn home wins"), "{quick}");
        assert!(!quick.contains("partner"), "{quick}");
        let mut page = HowTo::new(Preset::Quick);
        page.update(Message::Teams(true));
        let teams = explain(&page.rules()).join(" ");
        assert!(teams.contains("you or your partner have captured"), "{teams}");
        assert!(teams.contains("first team with both partners finished wins"), "{teams}");
        assert!(!teams.contains("first player with"), "{teams}");
        let classic = explain(&Preset::Classic.rules()).join(" ");
        assert!(
            !classic.contains("begin on your start") && !classic.contains("captured a pawn"),
            "{classic}"
        );
    }
}
