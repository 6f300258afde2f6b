//! Table setup: who sits where (empty, a bot and how strong, a person at this
//! computer, a friend joining over the network), the preset, the house rules
//! with a line on each, the turn timer.

use crate::bots::Strategy;
use crate::rules::{Dice, End, Preset, Rules, SafeSquares, Seat, SeatSet, ThreeSixes};
use crate::table::{Control, Participant};
use crate::ui::i18n::t;
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, column, container, row, scrollable, text};
use iced::{Alignment, Element, Length};
use std::time::Duration;

/// The bot strengths a table offers (`Random` is for simulations).
pub const LEVELS: [Strategy; 3] = [Strategy::Easy, Strategy::Normal, Strategy::Hard];

/// A strength as the table shows it.
pub fn level_name(s: Strategy) -> String {
    match s {
        Strategy::Random => t("Random"),
        Strategy::Easy => t("Easy"),
        Strategy::Normal => t("Normal"),
        Strategy::Hard => t("Hard"),
    }
    .to_string()
}

pub fn preset_name(p: Preset) -> &'static str {
    match p {
        Preset::Classic => t("Classic"),
        Preset::Plaza => t("Plaza"),
        Preset::Race => t("Race"),
        Preset::Palace => t("Palace"),
        Preset::Quick => t("Quick"),
    }
}

pub fn colour_name(c: crate::rules::Colour) -> &'static str {
    match c {
        crate::rules::Colour::Red => t("Red"),
        crate::rules::Colour::Green => t("Green"),
        crate::rules::Colour::Yellow => t("Yellow"),
        crate::rules::Colour::Blue => t("Blue"),
    }
}

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

    pub fn name(self) -> &'static str {
        match self {
            BotSpeed::Slow => "Slow",
            BotSpeed::Normal => "Normal",
            BotSpeed::Fast => "Fast",
        }
    }

    /// The speed choices as a row of buttons.
    pub fn picker<M: Clone + 'static>(current: BotSpeed, on: fn(BotSpeed) -> M) -> Element<'static, M> {
        row(BotSpeed::ALL.map(|s| {
            button(text(t(s.name())).size(14)).style(theme::choice(s == current)).on_press(on(s)).into()
        }))
        .spacing(8)
        .into()
    }
}

/// A table ready to play: what the game screen starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub rules: Rules,
    pub sitters: [Sitter; 4],
    /// The name of the first person here (from the settings).
    pub name: String,
    pub bot_speed: BotSpeed,
}

impl Table {
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
    pub fn against_bots(name: String) -> Table {
        Table {
            rules: Preset::Classic.rules(),
            sitters: [
                Sitter::Person,
                Sitter::Bot(Strategy::Normal),
                Sitter::Bot(Strategy::Normal),
                Sitter::Bot(Strategy::Normal),
            ],
            name,
            bot_speed: BotSpeed::Normal,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Setup {
    pub table: Table,
    pub preset: Preset,
    /// A hosted table is listed in lobbies (on the LAN and at the relays),
    /// or private: reached only by its code or invite.
    pub listed: bool,
}

#[derive(Debug, Clone)]
pub enum Message {
    Sitter(Seat, Sitter),
    Preset(Preset),
    Toggle(HouseRule),
    Timer(Option<u32>),
    BotSpeed(BotSpeed),
    Listed(bool),
    Start,
    Back,
}

pub enum Action {
    None,
    Start(Table),
    Back,
}

/// The house rules a table can change, each a switch between two values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HouseRule {
    CaptureBonus,
    ArrivalBonus,
    SafeSquares,
    ThreeSixes,
    StartBlocked,
    Blocking,
    MustCapture,
    FirstHome,
    Duel,
}

impl HouseRule {
    pub const ALL: [HouseRule; 9] = [
        HouseRule::CaptureBonus,
        HouseRule::ArrivalBonus,
        HouseRule::SafeSquares,
        HouseRule::ThreeSixes,
        HouseRule::StartBlocked,
        HouseRule::Blocking,
        HouseRule::MustCapture,
        HouseRule::FirstHome,
        HouseRule::Duel,
    ];

    pub fn title(self) -> &'static str {
        match self {
            HouseRule::CaptureBonus => t("Capture bonus"),
            HouseRule::ArrivalBonus => t("Arrival bonus"),
            HouseRule::SafeSquares => t("Safe squares"),
            HouseRule::ThreeSixes => t("Three sixes"),
            HouseRule::StartBlocked => t("Own pawn blocks the start"),
            HouseRule::Blocking => t("Blocking"),
            HouseRule::MustCapture => t("Must capture"),
            HouseRule::FirstHome => t("First home wins"),
            HouseRule::Duel => t("Duel for the die"),
        }
    }

    /// One line on what the rule does, as it reads in `rules`.
    pub fn explain(self) -> &'static str {
        match self {
            HouseRule::CaptureBonus => t("Capturing a pawn earns another roll."),
            HouseRule::ArrivalBonus => t("Bringing a pawn home earns another roll."),
            HouseRule::SafeSquares => t("Starts and stars shelter every pawn on them."),
            HouseRule::ThreeSixes => t("A third six in a row ends the turn, unmoved."),
            HouseRule::StartBlocked => t("No pawn may leave the yard onto its own pawn."),
            HouseRule::Blocking => t("No pawn may pass another pawn on the track."),
            HouseRule::MustCapture => t("Skip a possible capture and your leading pawn goes home."),
            HouseRule::FirstHome => t("The game ends when the first player is home."),
            HouseRule::Duel => t("Win a Tic-Tac-Toe duel to earn each roll (palace)."),
        }
    }

    pub fn is_on(self, r: &Rules) -> bool {
        match self {
            HouseRule::CaptureBonus => r.capture_bonus,
            HouseRule::ArrivalBonus => r.arrival_bonus,
            HouseRule::SafeSquares => r.safe_squares == SafeSquares::StartsAndStars,
            HouseRule::ThreeSixes => r.three_sixes != ThreeSixes::None,
            HouseRule::StartBlocked => r.start_blocked_by_own,
            HouseRule::Blocking => r.blocking,
            HouseRule::MustCapture => r.must_capture,
            HouseRule::FirstHome => r.end == End::FirstHome,
            HouseRule::Duel => r.dice == Dice::Duel,
        }
    }

    fn toggle(self, r: &mut Rules) {
        let on = !self.is_on(r);
        match self {
            HouseRule::CaptureBonus => r.capture_bonus = on,
            HouseRule::ArrivalBonus => r.arrival_bonus = on,
            HouseRule::SafeSquares => {
                r.safe_squares = if on { SafeSquares::StartsAndStars } else { SafeSquares::None }
            }
            HouseRule::ThreeSixes => r.three_sixes = if on { ThreeSixes::Forfeit } else { ThreeSixes::None },
            HouseRule::StartBlocked => r.start_blocked_by_own = on,
            HouseRule::Blocking => r.blocking = on,
            HouseRule::MustCapture => r.must_capture = on,
            HouseRule::FirstHome => r.end = if on { End::FirstHome } else { End::PlayOn },
            HouseRule::Duel => r.dice = if on { Dice::Duel } else { Dice::Rolled },
        }
    }
}

pub const TIMERS: [Option<u32>; 4] = [None, Some(30), Some(60), Some(90)];

pub fn preset_line(p: Preset) -> &'static str {
    match p {
        Preset::Classic => t("Classic Ludo: a 6 to leave, captures, safe stars."),
        Preset::Plaza => t("Plaza: no capture bonus, first home wins, 60 s turns."),
        Preset::Race => t("Race: one pawn a square, blocks, four home spaces."),
        Preset::Palace => t("Palace: duel at Tic-Tac-Toe for every roll."),
        Preset::Quick => t("Quick: one pawn out, capture to open home, first pawn home wins."),
    }
}

impl Setup {
    pub fn new(table: Table) -> Setup {
        let preset = Preset::ALL.into_iter().find(|p| p.rules() == table.rules).unwrap_or(Preset::Classic);
        Setup { table, preset, listed: true }
    }

    /// Whether the table can start: two players at least, and a hosted
    /// table has one person at this computer (the window plays one seat).
    pub fn can_start(&self) -> bool {
        let here = self.table.sitters.iter().filter(|&&s| s == Sitter::Person).count();
        self.table.players().len() >= 2
            && self.table.rules.validate().is_ok()
            && (!self.table.is_hosted() || here == 1)
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Sitter(seat, sitter) => self.table.sitters[seat.index()] = sitter,
            Message::Preset(p) => {
                let timer = self.table.rules.turn_timer;
                self.preset = p;
                self.table.rules = Rules { turn_timer: p.rules().turn_timer.or(timer), ..p.rules() };
            }
            Message::Toggle(rule) => rule.toggle(&mut self.table.rules),
            Message::Timer(t) => self.table.rules.turn_timer = t,
            Message::BotSpeed(s) => self.table.bot_speed = s,
            Message::Listed(listed) => self.listed = listed,
            Message::Start if self.can_start() => return Action::Start(self.table.clone()),
            Message::Start => {}
            Message::Back => return Action::Back,
        }
        Action::None
    }

    pub fn view(&self) -> Element<'_, Message> {
        let rules = &self.table.rules;
        let seats = column(Seat::ALL.into_iter().map(|seat| {
            let colour = theme::colour(rules.colour_of(seat));
            let current = self.table.sitters[seat.index()];
            let mut options = vec![
                (Sitter::Empty, t("Empty").to_string()),
                (Sitter::Person, t("Person here").to_string()),
                (Sitter::Friend, t("Friend (remote)").to_string()),
            ];
            options
                .extend(LEVELS.map(|l| (Sitter::Bot(l), crate::t!("Bot · {level}", level = level_name(l)))));
            let choices = row(options.into_iter().map(|(sitter, label)| {
                button(text(label).size(14))
                    .style(theme::choice(sitter == current))
                    .on_press(Message::Sitter(seat, sitter))
                    .into()
            }))
            .spacing(6);
            row![
                container(text(colour_name(rules.colour_of(seat))).font(BOLD).size(15))
                    .padding([4, 10])
                    .width(90)
                    .style(theme::ribbon(colour)),
                choices
            ]
            .spacing(12)
            .align_y(Alignment::Center)
            .into()
        }))
        .spacing(10);
        let presets = row(Preset::ALL.map(|p| {
            button(text(preset_name(p)).size(15))
                .style(theme::choice(p == self.preset))
                .on_press(Message::Preset(p))
                .into()
        }))
        .spacing(8);
        let rule_line = |rule: HouseRule| -> Element<'_, Message> {
            let on = rule.is_on(rules);
            row![
                button(
                    text(if on { t("On") } else { t("Off") })
                        .size(13)
                        .wrapping(iced::widget::text::Wrapping::None)
                )
                .style(theme::choice(on))
                .on_press(Message::Toggle(rule)),
                column![text(rule.title()).font(BOLD).size(14), text(rule.explain()).size(12)].spacing(1)
            ]
            .spacing(10)
            .align_y(Alignment::Center)
            .into()
        };
        let (left, right) = HouseRule::ALL.split_at(5);
        let house = row![
            column(left.iter().map(|&r| rule_line(r))).spacing(6).width(Length::Fill),
            column(right.iter().map(|&r| rule_line(r))).spacing(6).width(Length::Fill),
        ]
        .spacing(16);
        let timers = row(TIMERS.map(|timer| {
            let label = timer.map_or(t("No timer").to_string(), |s| format!("{s} s"));
            button(text(label).size(14))
                .style(theme::choice(rules.turn_timer == timer))
                .on_press(Message::Timer(timer))
                .into()
        }))
        .spacing(8);
        let start_label = if self.table.is_hosted() { t("Open the table") } else { t("Start the game") };
        let start = button(text(start_label).font(BLACK).size(20))
            .padding([10, 28])
            .style(theme::primary)
            .on_press_maybe(self.can_start().then_some(Message::Start));
        let content = column![
            super::heading(t("Set the table"), t("Back"), Message::Back).push(start).spacing(12),
            text(t("Seats")).font(BOLD).size(18),
            seats,
            text(t("Rules")).font(BOLD).size(18),
            presets,
            text(preset_line(self.preset)).size(14),
            house,
            text(t("Turn timer")).font(BOLD).size(18),
            timers,
            text(t("Bot speed")).font(BOLD).size(18),
            BotSpeed::picker(self.table.bot_speed, Message::BotSpeed),
        ]
        .push(self.table.is_hosted().then(|| {
            let choice = |label, listed: bool| {
                button(text(t(label)).size(14))
                    .style(theme::choice(self.listed == listed))
                    .on_press(Message::Listed(listed))
            };
            column![
                text(t("Who can find the table")).font(BOLD).size(18),
                row![
                    choice("Listed: on this network and your relays", true),
                    choice("Private: by code or invite only", false),
                ]
                .spacing(8),
            ]
            .spacing(12)
        }))
        .spacing(12)
        .padding(28);
        container(scrollable(content).height(Length::Shrink)).style(theme::panel).max_width(900).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_rules_toggle_the_rule_parameters_they_name() {
        let mut setup = Setup::new(Table::against_bots("Ana".into()));
        assert!(HouseRule::CaptureBonus.is_on(&setup.table.rules));
        setup.update(Message::Toggle(HouseRule::CaptureBonus));
        assert!(!setup.table.rules.capture_bonus);
        setup.update(Message::Preset(Preset::Palace));
        assert_eq!(setup.table.rules.dice, Dice::Duel);
        assert!(HouseRule::Duel.is_on(&setup.table.rules));
    }

    #[test]
    fn a_hosted_table_has_one_person_here_and_friends_as_their_own_participants() {
        let mut setup = Setup::new(Table::against_bots("Ana".into()));
        setup.update(Message::Sitter(Seat::ALL[2], Sitter::Friend));
        assert!(setup.table.is_hosted() && setup.can_start());
        let controls = setup.table.controls();
        assert_eq!(controls[0], Control::Person { owner: Participant::LOCAL });
        assert_eq!(controls[2], Control::Person { owner: Participant(3) });
        setup.update(Message::Sitter(Seat::ALL[1], Sitter::Person));
        assert!(!setup.can_start(), "the window plays one seat of a hosted table");
        setup.update(Message::Sitter(Seat::ALL[2], Sitter::Bot(Strategy::Easy)));
        assert!(!setup.table.is_hosted() && setup.can_start(), "hot-seat at one computer");
    }

    #[test]
    fn a_table_needs_two_players() {
        let mut setup = Setup::new(Table::against_bots("Ana".into()));
        for seat in [1, 2, 3] {
            setup.update(Message::Sitter(Seat::ALL[seat], Sitter::Empty));
        }
        assert!(!setup.can_start());
        assert!(matches!(setup.update(Message::Start), Action::None));
        setup.update(Message::Sitter(Seat::ALL[2], Sitter::Bot(Strategy::Hard)));
        assert!(matches!(setup.update(Message::Start), Action::Start(t) if t.players().len() == 2));
    }
}
