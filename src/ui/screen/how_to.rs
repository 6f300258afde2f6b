//! How to play, written from the rule parameters themselves, so each preset's
//! page says exactly what its rules do.

use crate::fl;
use crate::rules::{Dice, End, Goal, Home, Preset, Rules, SafeSquares, Teams, ThreeSixes};
use crate::ui::focus::{Focus, Stop};
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
        Goal::All => fl!("each-player-has-n-pawns-in-a-yard-2", n = r.pawns),
        Goal::One => fl!("each-player-has-n-pawns-in-a-yard", n = r.pawns),
    }];
    if r.start_out > 0 {
        lines.push(fl!("n-of-your-pawns-begin", n = r.start_out));
    }
    if r.has_teams() {
        lines.push(fl!("opposite-seats-play-as-partners-partners").to_string());
    }
    lines.push(match r.dice {
        Dice::Rolled => fl!("on-your-turn-roll-the").to_string(),
        Dice::Duel => fl!("on-your-turn-challenge-a").to_string(),
    });
    lines.push(fl!("a-pawn-leaves-its-yard").to_string());
    if r.start_blocked_by_own {
        lines.push(fl!("it-cannot-leave-while-one").to_string());
    }
    lines.push(fl!("a-6-gives-another-roll").to_string());
    lines.push(match r.three_sixes {
        ThreeSixes::None => fl!("sixes-in-a-row-carry").to_string(),
        ThreeSixes::Forfeit => fl!("a-third-six-in-a-row-ends").to_string(),
        ThreeSixes::LeadingPawnHome => fl!("a-third-six-in-a-row-sends").to_string(),
    });
    lines.push(if r.capture_bonus {
        fl!("land-on-a-rivals-pawn-to-send-it").to_string()
    } else {
        fl!("land-on-a-rivals-pawn-to-send-it-2").to_string()
    });
    if r.must_capture {
        lines.push(fl!("if-you-can-capture-you").to_string());
    }
    lines.push(match r.safe_squares {
        SafeSquares::StartsAndStars => fl!("pawns-on-the-start-squares").to_string(),
        SafeSquares::None => fl!("no-square-is-safe").to_string(),
    });
    if r.one_per_space {
        lines.push(fl!("only-one-pawn-may-stand").to_string());
    }
    if r.blocking {
        lines.push(fl!("no-pawn-may-pass-another-pawn").to_string());
    }
    lines.push(match r.home {
        Home::Lane => fl!("reach-the-centre-with-an").to_string(),
        Home::FourSpaces => fl!("your-lanes-first-four-squares").to_string(),
    });
    if r.capture_to_home {
        lines.push(if r.has_teams() {
            fl!("your-pawns-turn-up-your-lane-only-once-2").to_string()
        } else {
            fl!("your-pawns-turn-up-your-lane-only-once").to_string()
        });
        lines.push(fl!("going-round-a-pawn-never").to_string());
    }
    if r.arrival_bonus {
        lines.push(fl!("bringing-a-pawn-home-gives").to_string());
    }
    // Teams end the game whatever `end` says: the first team home wins.
    lines.push(match (r.has_teams(), r.end, r.goal) {
        (true, ..) => fl!("the-first-team-with-both").to_string(),
        (false, End::FirstHome, Goal::All) => fl!("the-first-player-with-every").to_string(),
        (false, End::FirstHome, Goal::One) => fl!("the-first-player-with-a").to_string(),
        (false, End::PlayOn, _) => fl!("play-on-until-every-place").to_string(),
    });
    if let Some(secs) = r.turn_timer {
        lines.push(fl!("each-decision-has-n-seconds", n = secs));
    }
    lines
}

/// A table's rules in a line: its preset (or house rules), the pawns, and
/// the quick-game and team parameters that change how it plays.
pub fn summary(r: &Rules) -> String {
    let name = Preset::ALL
        .into_iter()
        .find(|p| p.rules() == *r)
        .map_or(fl!("house-rules"), super::setup::preset_name);
    let mut parts = vec![name.to_string(), fl!("n-pawns", n = r.pawns)];
    parts.extend(distinctions(r));
    parts.join(" · ")
}

/// The new parameters a table plays with, in a word each ("teams"): what a
/// summary or a lobby's listing adds to a preset's name.
pub fn distinctions(r: &Rules) -> Vec<String> {
    let mut parts = Vec::new();
    if r.start_out > 0 {
        parts.push(fl!("out-out", out = r.start_out));
    }
    if r.goal == Goal::One {
        parts.push(fl!("first-pawn-home").to_string());
    }
    if r.capture_to_home {
        parts.push(fl!("capture-to-enter-home-2").to_string());
    }
    if r.has_teams() {
        parts.push(fl!("teams-2").to_string());
    }
    parts
}

impl HowTo {
    pub fn new(preset: Preset) -> HowTo {
        HowTo { preset, teams: false, focus: Focus::default() }
    }

    /// Back, the presets' tabs, the teams switch: top to bottom.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        let tabs = Preset::ALL.map(|p| Stop::press(Message::Preset(p)));
        std::iter::once(Stop::press(Message::Back))
            .chain(tabs)
            .chain([Stop::named("teams", Message::Teams(!self.teams))])
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
            button(text(fl!("n-2-v-2-teams")).size(15)).style(theme::choice(self.teams)),
            Message::Teams(!self.teams),
        ));
        let lines =
            column(explain(&self.rules()).into_iter().map(|l| text(format!("•  {l}")).size(16).into()))
                .spacing(8);
        super::page(
            fl!("how-to-play"),
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
