//! TablePlan setup: who sits where (empty, a bot and how strong, a person at this
//! computer, a friend joining over the network), the preset, the house rules
//! with a line on each, the turn timer.

use crate::bots::Strategy;
use crate::fl;
use crate::profile::SavedPreset;
use crate::rules::{Dice, End, FirstPlayer, Goal, Home, Preset, Rules, SafeSquares, Seat, Teams, ThreeSixes};
use crate::ui::focus::{Focus, Stop};
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, column, container, row, scrollable, text, text_input};
use iced::{Alignment, Element, Length};

/// The bot strengths a table offers, in the order the setup lists them:
/// the three levels, then Random (any legal move), which README offers too.
pub const LEVELS: [Strategy; 4] = [Strategy::Easy, Strategy::Normal, Strategy::Hard, Strategy::Random];

/// A strength as the table shows it.
pub fn level_name(s: Strategy) -> String {
    match s {
        Strategy::Random => fl!("random"),
        Strategy::Easy => fl!("easy"),
        Strategy::Normal => fl!("normal"),
        Strategy::Hard => fl!("hard"),
    }
    .to_string()
}

pub fn preset_name(p: Preset) -> &'static str {
    match p {
        Preset::Classic => fl!("classic"),
        Preset::Plaza => fl!("plaza"),
        Preset::Race => fl!("race"),
        Preset::Palace => fl!("palace"),
        Preset::Quick => fl!("quick"),
    }
}

pub fn colour_name(c: crate::rules::Colour) -> &'static str {
    match c {
        crate::rules::Colour::Red => fl!("red"),
        crate::rules::Colour::Green => fl!("green"),
        crate::rules::Colour::Yellow => fl!("yellow"),
        crate::rules::Colour::Blue => fl!("blue"),
    }
}

mod plan;
pub use plan::{BotSpeed, Sitter, TablePlan};

#[derive(Debug, Clone)]
pub struct SetupScreen {
    pub table: TablePlan,
    pub preset: Preset,
    /// A hosted table is listed in lobbies (on the LAN and at the relays),
    /// or private: reached only by its code or invite.
    pub listed: bool,
    /// The player's own presets, from the settings.
    pub saved: Vec<SavedPreset>,
    /// The name the current rules would be saved under.
    pub preset_name: String,
    pub focus: Focus,
}

#[derive(Debug, Clone)]
pub enum Message {
    Sitter(Seat, Sitter),
    Preset(Preset),
    /// One of the player's own presets, by its place in the list.
    Saved(usize),
    /// A parameter takes the value of that index in [`Param::values`].
    Choose(Param, usize),
    PresetName(String),
    /// The name typed for a person at this seat (not the first person:
    /// that is the player, named in the settings).
    PersonName(Seat, String),
    /// Keep the table's rules as a preset under the name typed.
    SavePreset,
    Timer(Option<u32>),
    BotSpeed(BotSpeed),
    Listed(bool),
    Start,
    Back,
}

pub enum Action {
    None,
    Start(TablePlan),
    /// The player's presets changed: the settings keep them.
    PresetsChanged(Vec<SavedPreset>),
    Back,
}

/// A rule parameter the table offers, with a button for each of its values
/// (RULES.md's parameters but the colour order and the turn timer, which
/// has a row of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Param {
    Pawns,
    StartOut,
    Goal,
    CaptureToHome,
    Teams,
    CaptureBonus,
    ArrivalBonus,
    SafeSquares,
    ThreeSixes,
    StartBlocked,
    OnePerSpace,
    Blocking,
    FourSpaces,
    MustCapture,
    FirstHome,
    Duel,
    FirstPlayer,
}

impl Param {
    pub const ALL: [Param; 17] = [
        Param::Pawns,
        Param::StartOut,
        Param::Goal,
        Param::CaptureToHome,
        Param::Teams,
        Param::CaptureBonus,
        Param::ArrivalBonus,
        Param::SafeSquares,
        Param::ThreeSixes,
        Param::StartBlocked,
        Param::OnePerSpace,
        Param::Blocking,
        Param::FourSpaces,
        Param::MustCapture,
        Param::FirstHome,
        Param::Duel,
        Param::FirstPlayer,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Param::Pawns => fl!("pawns"),
            Param::StartOut => fl!("pawns-starting-out"),
            Param::Goal => fl!("goal"),
            Param::CaptureToHome => fl!("capture-to-enter-home"),
            Param::Teams => fl!("teams"),
            Param::CaptureBonus => fl!("capture-bonus"),
            Param::ArrivalBonus => fl!("arrival-bonus"),
            Param::SafeSquares => fl!("safe-squares"),
            Param::ThreeSixes => fl!("three-sixes"),
            Param::StartBlocked => fl!("own-pawn-blocks-the-start"),
            Param::OnePerSpace => fl!("one-pawn-per-space"),
            Param::Blocking => fl!("blocking"),
            Param::FourSpaces => fl!("four-home-spaces"),
            Param::MustCapture => fl!("must-capture"),
            Param::FirstHome => fl!("first-home-wins"),
            Param::Duel => fl!("duel-for-the-die"),
            Param::FirstPlayer => fl!("first-player"),
        }
    }

    /// One line on what the parameter does, as it reads in RULES.md.
    pub fn explain(self) -> &'static str {
        match self {
            Param::Pawns => fl!("how-many-pawns-each-player"),
            Param::StartOut => fl!("pawns-that-begin-on-the"),
            Param::Goal => fl!("a-player-finishes-with-every"),
            Param::CaptureToHome => fl!("pawns-go-round-again-until"),
            Param::Teams => fl!("opposite-seats-play-as-partners-needs"),
            Param::CaptureBonus => fl!("capturing-a-pawn-earns-another"),
            Param::ArrivalBonus => fl!("bringing-a-pawn-home-earns"),
            Param::SafeSquares => fl!("starts-and-stars-shelter-every"),
            Param::ThreeSixes => fl!("what-a-third-six-in"),
            Param::StartBlocked => fl!("no-pawn-may-leave-the"),
            Param::OnePerSpace => fl!("at-most-one-pawn-on"),
            Param::Blocking => fl!("no-pawn-may-pass-another-pawn-on"),
            Param::FourSpaces => fl!("the-lanes-first-four-squares"),
            Param::MustCapture => fl!("skip-a-possible-capture-and"),
            Param::FirstHome => fl!("the-game-ends-when-the"),
            Param::Duel => fl!("win-a-tic-tac-toe"),
            Param::FirstPlayer => fl!("who-opens-drawn-with-the"),
        }
    }

    /// Each value the parameter can take: its label, and `r` with it set.
    /// The button whose rules are the table's is the chosen one.
    pub fn values(self, r: &Rules) -> Vec<(String, Rules)> {
        let r = *r;
        let switch = |set: fn(&mut Rules, bool)| {
            [(fl!("off"), false), (fl!("on"), true)]
                .map(|(label, on)| {
                    let mut changed = r;
                    set(&mut changed, on);
                    (label.to_string(), changed)
                })
                .to_vec()
        };
        match self {
            // Fewer pawns keep no more of them out than there are.
            Param::Pawns => [2, 4]
                .map(|pawns| (pawns.to_string(), Rules { pawns, start_out: r.start_out.min(pawns), ..r }))
                .to_vec(),
            Param::StartOut => (0..=r.pawns).map(|n| (n.to_string(), Rules { start_out: n, ..r })).collect(),
            Param::Goal => vec![
                (fl!("all-pawns").to_string(), Rules { goal: Goal::All, ..r }),
                (fl!("one-pawn").to_string(), Rules { goal: Goal::One, ..r }),
            ],
            Param::Teams => vec![
                (fl!("none").to_string(), Rules { teams: Teams::None, ..r }),
                (fl!("opposite-seats").to_string(), Rules { teams: Teams::Opposite, ..r }),
            ],
            Param::ThreeSixes => vec![
                (fl!("nothing").to_string(), Rules { three_sixes: ThreeSixes::None, ..r }),
                (fl!("turn-forfeit").to_string(), Rules { three_sixes: ThreeSixes::Forfeit, ..r }),
                (
                    fl!("leading-pawn-home").to_string(),
                    Rules { three_sixes: ThreeSixes::LeadingPawnHome, ..r },
                ),
            ],
            Param::FirstPlayer => vec![
                (fl!("random").to_string(), Rules { first_player: FirstPlayer::Random, ..r }),
                (fl!("first-seat").to_string(), Rules { first_player: FirstPlayer::Seat0, ..r }),
            ],
            Param::CaptureToHome => switch(|r, on| r.capture_to_home = on),
            Param::CaptureBonus => switch(|r, on| r.capture_bonus = on),
            Param::ArrivalBonus => switch(|r, on| r.arrival_bonus = on),
            Param::SafeSquares => switch(|r, on| {
                r.safe_squares = if on { SafeSquares::StartsAndStars } else { SafeSquares::None }
            }),
            Param::StartBlocked => switch(|r, on| r.start_blocked_by_own = on),
            Param::OnePerSpace => switch(|r, on| r.one_per_space = on),
            Param::Blocking => switch(|r, on| r.blocking = on),
            Param::FourSpaces => switch(|r, on| r.home = if on { Home::FourSpaces } else { Home::Lane }),
            Param::MustCapture => switch(|r, on| r.must_capture = on),
            Param::FirstHome => switch(|r, on| r.end = if on { End::FirstHome } else { End::PlayOn }),
            Param::Duel => switch(|r, on| r.dice = if on { Dice::Duel } else { Dice::Rolled }),
        }
    }
}

/// The id of the field naming a preset to save.
const PRESET_NAME: &str = "preset-name";

/// The longest name a saved preset may have, so its button fits the row.
const PRESET_NAME_LEN: usize = 24;

pub const TIMERS: [Option<u32>; 4] = [None, Some(30), Some(60), Some(90)];

pub fn preset_line(p: Preset) -> &'static str {
    match p {
        Preset::Classic => fl!("classic-ludo-a-6-to"),
        Preset::Plaza => fl!("plaza-no-capture-bonus-first"),
        Preset::Race => fl!("race-one-pawn-a-square"),
        Preset::Palace => fl!("palace-duel-at-tic-tac"),
        Preset::Quick => fl!("quick-one-pawn-out-capture"),
    }
}

impl SetupScreen {
    pub fn new(table: TablePlan, saved: Vec<SavedPreset>) -> SetupScreen {
        let preset = Preset::ALL.into_iter().find(|p| p.rules() == table.rules).unwrap_or(Preset::Classic);
        SetupScreen {
            table,
            preset,
            listed: true,
            saved,
            preset_name: String::new(),
            focus: Focus::default(),
        }
    }

    /// Every choice on the page, top to bottom as `view` draws them.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        let mut stops = vec![Stop::press(Message::Back)];
        stops.extend(self.can_start().then(|| Stop::press(Message::Start)));
        for seat in Seat::ALL {
            stops.extend(Self::sitters().map(|(sitter, _)| Stop::press(Message::Sitter(seat, sitter))));
            stops.extend(self.name_field(seat).map(|id| Stop::field(&id)));
        }
        stops.extend(Preset::ALL.map(|p| Stop::press(Message::Preset(p))));
        stops.extend((0..self.saved.len()).map(|i| Stop::press(Message::Saved(i))));
        for param in Param::ALL {
            let values = param.values(&self.table.rules).len();
            stops.extend((0..values).map(|i| Stop::press(Message::Choose(param, i))));
        }
        stops.push(Stop::field(PRESET_NAME));
        stops.extend(self.name_to_save().map(|_| Stop::press(Message::SavePreset)));
        stops.extend(TIMERS.map(|timer| Stop::press(Message::Timer(timer))));
        stops.extend(BotSpeed::stops(Message::BotSpeed));
        if self.table.is_hosted() {
            stops.extend([true, false].map(|listed| Stop::press(Message::Listed(listed))));
        }
        stops
    }

    /// What may sit at a seat, with its label.
    fn sitters() -> impl Iterator<Item = (Sitter, String)> {
        let mut options = vec![
            (Sitter::Empty, fl!("empty").to_string()),
            (Sitter::Person, fl!("person-here").to_string()),
            (Sitter::Friend, fl!("friend-remote").to_string()),
        ];
        options.extend(LEVELS.map(|l| (Sitter::Bot(l), fl!("bot-level", level = level_name(l)))));
        options.into_iter()
    }

    /// The id of the field naming the person at `seat`: each person after
    /// the first (the player, named in the settings).
    fn name_field(&self, seat: Seat) -> Option<String> {
        self.table.person_number(seat).filter(|&n| n > 1).map(|n| format!("person-{n}"))
    }

    /// Why the table cannot be played as it stands, in words.
    pub fn problem(&self) -> Option<String> {
        if let Err(why) = self.table.rules.validate() {
            return Some(fl!("these-rules-cannot-be-played", why = why));
        }
        (self.table.rules.has_teams() && self.table.players().len() != 4)
            .then(|| fl!("teams-need-all-four-seats").to_string())
    }

    /// Whether the table can start: two players at least, rules that can
    /// be played, and a hosted table has one person at this computer (the
    /// window plays one seat).
    pub fn can_start(&self) -> bool {
        let here = self.table.sitters.iter().filter(|&&s| s == Sitter::Person).count();
        self.table.players().len() >= 2 && self.problem().is_none() && (!self.table.is_hosted() || here == 1)
    }

    /// The saved preset these rules are, if any (the one highlighted).
    fn saved_choice(&self) -> Option<usize> {
        self.saved.iter().position(|s| s.rules == self.table.rules)
    }

    /// The name typed, if a preset may be saved under it: not empty, not
    /// too long, not one of the built-in presets' names.
    fn name_to_save(&self) -> Option<&str> {
        let name = self.preset_name.trim();
        let builtin = Preset::ALL
            .iter()
            .any(|p| p.name().eq_ignore_ascii_case(name) || preset_name(*p).eq_ignore_ascii_case(name));
        (!name.is_empty() && name.chars().count() <= PRESET_NAME_LEN && !builtin).then_some(name)
    }

    /// New rules for the table. Who sits where follows the colours: the
    /// player chose "Hard on Yellow", so a preset that seats the colours
    /// in another order keeps Hard on Yellow, not on the seat Yellow had.
    fn set_rules(&mut self, rules: Rules) {
        let old = self.table.rules;
        let from = |seat: Seat| old.seat_of(rules.colour_of(seat)).index();
        self.table.sitters = Seat::ALL.map(|seat| self.table.sitters[from(seat)]);
        self.table.others = Seat::ALL.map(|seat| std::mem::take(&mut self.table.others[from(seat)]));
        self.table.rules = rules;
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Sitter(seat, sitter) => self.table.sitters[seat.index()] = sitter,
            // A preset is all of its rules, the clock too: keeping a timer
            // from the last one (plaza's 60 s) made the table house rules.
            Message::Preset(p) => {
                self.preset = p;
                self.set_rules(p.rules());
            }
            Message::Saved(i) => {
                if let Some(saved) = self.saved.get(i) {
                    self.set_rules(saved.rules);
                }
            }
            Message::Choose(param, i) => {
                if let Some((_, rules)) = param.values(&self.table.rules).into_iter().nth(i) {
                    self.set_rules(rules);
                }
            }
            Message::PresetName(name) => self.preset_name = name,
            Message::PersonName(seat, name) => {
                self.table.others[seat.index()] = name.chars().take(24).collect()
            }
            Message::SavePreset => {
                let Some(name) = self.name_to_save().map(str::to_string) else { return Action::None };
                let rules = self.table.rules;
                // A name saved again keeps its place with the new rules.
                match self.saved.iter_mut().find(|s| s.name == name) {
                    Some(kept) => kept.rules = rules,
                    None => self.saved.push(SavedPreset { name, rules }),
                }
                self.preset_name.clear();
                return Action::PresetsChanged(self.saved.clone());
            }
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
        let focus = &self.focus;
        let seats = column(Seat::ALL.into_iter().map(|seat| {
            let colour = theme::colour(rules.colour_of(seat));
            let current = self.table.sitters[seat.index()];
            let mut choices = row(Self::sitters().map(|(sitter, label)| {
                focus.button(
                    button(text(label).size(14)).style(theme::choice(sitter == current)),
                    Message::Sitter(seat, sitter),
                )
            }))
            .spacing(6);
            // Each person after the first (the player) can be named. The
            // field ends the choices, so that where they fill the line it
            // takes the next one whole rather than shrink to a few letters.
            if let (Some(n), Some(id)) = (self.table.person_number(seat), self.name_field(seat)) {
                choices = choices.push(
                    focus.field(
                        text_input(&fl!("player-n", n = n), &self.table.others[seat.index()])
                            .on_input(move |name| Message::PersonName(seat, name))
                            .size(14)
                            .width(180),
                        &id,
                    ),
                );
            }
            // Longer words (Vietnamese, a second person's name field) take a
            // second line rather than run off a narrow window.
            row![
                container(text(colour_name(rules.colour_of(seat))).font(BOLD).size(15))
                    .padding([4, 10])
                    .width(90)
                    .style(theme::ribbon(colour)),
                choices.wrap().vertical_spacing(6)
            ]
            .spacing(12)
            .align_y(Alignment::Center)
            .into()
        }))
        .spacing(10);
        let saved_choice = self.saved_choice();
        let builtin = Preset::ALL.map(|p| -> Element<'_, Message> {
            focus.button(
                button(text(preset_name(p)).size(15))
                    .style(theme::choice(saved_choice.is_none() && p == self.preset)),
                Message::Preset(p),
            )
        });
        let own = self.saved.iter().enumerate().map(|(i, s)| -> Element<'_, Message> {
            focus.button(
                button(text(s.name.clone()).size(15)).style(theme::choice(saved_choice == Some(i))),
                Message::Saved(i),
            )
        });
        let presets = row(builtin.into_iter().chain(own)).spacing(8).wrap();
        let param_line = |param: Param| -> Element<'_, Message> {
            let values = row(param.values(rules).into_iter().enumerate().map(
                |(i, (label, set))| -> Element<'_, Message> {
                    focus.button(
                        button(text(label).size(13).wrapping(iced::widget::text::Wrapping::None))
                            .style(theme::choice(set == *rules)),
                        Message::Choose(param, i),
                    )
                },
            ))
            .spacing(4);
            column![
                row![text(param.title()).font(BOLD).size(14), values].spacing(10).align_y(Alignment::Center),
                text(param.explain()).size(12)
            ]
            .spacing(2)
            .into()
        };
        let (left, right) = Param::ALL.split_at(9);
        let house = row![
            column(left.iter().map(|&p| param_line(p))).spacing(8).width(Length::Fill),
            column(right.iter().map(|&p| param_line(p))).spacing(8).width(Length::Fill),
        ]
        .spacing(16);
        let save = row![
            focus.field(
                text_input(fl!("name-for-these-rules"), &self.preset_name)
                    .on_input(Message::PresetName)
                    .on_submit(Message::SavePreset)
                    .size(14)
                    .width(240),
                PRESET_NAME
            ),
            focus.button_maybe(
                button(text(fl!("save-as-a-preset")).size(14)).style(theme::choice(false)),
                self.name_to_save().map(|_| Message::SavePreset)
            ),
        ]
        .spacing(8)
        .align_y(Alignment::Center);
        let timers = row(TIMERS.map(|timer| {
            let label = timer.map_or(fl!("no-timer").to_string(), |s| format!("{s} s"));
            focus.button(
                button(text(label).size(14)).style(theme::choice(rules.turn_timer == timer)),
                Message::Timer(timer),
            )
        }))
        .spacing(8);
        let start_label = if self.table.is_hosted() { fl!("open-the-table") } else { fl!("start-the-game") };
        let start = focus.button_maybe(
            button(text(start_label).font(BLACK).size(20)).padding([10, 28]).style(theme::primary),
            self.can_start().then_some(Message::Start),
        );
        let content = column![
            super::heading(fl!("set-the-table"), fl!("back"), Message::Back, focus).push(start).spacing(12),
            text(fl!("seats")).font(BOLD).size(18),
            seats,
            text(fl!("rules")).font(BOLD).size(18),
            presets,
            text(match saved_choice {
                Some(i) => fl!("your-preset-name", name = self.saved[i].name),
                None => preset_line(self.preset).to_string(),
            })
            .size(14),
            house,
        ]
        .push(self.problem().map(|why| text(why).font(BOLD).size(14).color(theme::GOLD)))
        .push(save)
        .push(
            column![
                text(fl!("turn-timer")).font(BOLD).size(18),
                timers,
                text(fl!("bot-speed")).font(BOLD).size(18),
                BotSpeed::picker(self.table.bot_speed, Message::BotSpeed, focus),
            ]
            .spacing(12),
        )
        .push(self.table.is_hosted().then(|| {
            let choice = |label, listed: bool| {
                focus.button(
                    button(text(label).size(14)).style(theme::choice(self.listed == listed)),
                    Message::Listed(listed),
                )
            };
            column![
                text(fl!("who-can-find-the-table")).font(BOLD).size(18),
                row![
                    choice(fl!("listed-on-this-network-and"), true),
                    choice(fl!("private-by-code-or-invite"), false),
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
    use crate::table::{Control, Participant};

    fn choose(setup: &mut SetupScreen, param: Param, label: &str) {
        let i = param.values(&setup.table.rules).iter().position(|(l, _)| l == label);
        setup.update(Message::Choose(param, i.expect("a value of that name")));
    }

    #[test]
    fn each_parameter_sets_the_rule_it_names() {
        let mut setup = SetupScreen::new(TablePlan::against_bots("Ana".into()), Vec::new());
        choose(&mut setup, Param::CaptureBonus, "Off");
        assert!(!setup.table.rules.capture_bonus);
        choose(&mut setup, Param::ThreeSixes, "Leading pawn home");
        assert_eq!(setup.table.rules.three_sixes, ThreeSixes::LeadingPawnHome);
        choose(&mut setup, Param::StartOut, "3");
        choose(&mut setup, Param::Goal, "One pawn");
        choose(&mut setup, Param::Teams, "Opposite seats");
        choose(&mut setup, Param::FourSpaces, "On");
        choose(&mut setup, Param::FirstPlayer, "First seat");
        let r = setup.table.rules;
        assert_eq!((r.start_out, r.goal, r.teams), (3, Goal::One, Teams::Opposite));
        assert_eq!((r.home, r.first_player), (Home::FourSpaces, FirstPlayer::Seat0));
        // Two pawns keep no more than two out.
        choose(&mut setup, Param::Pawns, "2");
        assert_eq!((setup.table.rules.pawns, setup.table.rules.start_out), (2, 2));
        assert_eq!(Param::StartOut.values(&setup.table.rules).len(), 3);
        // Every parameter's chosen value is exactly one of its buttons.
        for param in Param::ALL {
            let chosen =
                param.values(&setup.table.rules).iter().filter(|(_, r)| *r == setup.table.rules).count();
            assert_eq!(chosen, 1, "{param:?}");
        }
        setup.update(Message::Preset(Preset::Palace));
        assert_eq!(setup.table.rules.dice, Dice::Duel);
    }

    /// Each preset button sets all of that preset's rules: the timer of the
    /// one chosen before does not stay (the table would be house rules).
    #[test]
    fn a_preset_sets_all_its_rules_the_timer_too() {
        let mut setup = SetupScreen::new(TablePlan::against_bots("Ana".into()), Vec::new());
        for (from, to) in [(Preset::Plaza, Preset::Palace), (Preset::Plaza, Preset::Classic)] {
            setup.update(Message::Preset(from));
            assert!(setup.table.rules.turn_timer.is_some(), "{from:?} has a clock");
            setup.update(Message::Preset(to));
            assert_eq!(setup.table.rules, to.rules(), "{from:?} then {to:?}");
        }
        // A timer chosen after the preset is the player's: house rules.
        setup.update(Message::Timer(Some(30)));
        assert_eq!(setup.table.rules.turn_timer, Some(30));
    }

    #[test]
    fn rules_that_cannot_be_played_say_why_and_do_not_start() {
        let mut setup = SetupScreen::new(TablePlan::against_bots("Ana".into()), Vec::new());
        choose(&mut setup, Param::Teams, "Opposite seats");
        assert!(setup.can_start());
        setup.update(Message::Sitter(Seat::ALL[3], Sitter::Empty));
        assert!(setup.problem().is_some_and(|p| p.contains("four seats")));
        assert!(!setup.can_start());
        choose(&mut setup, Param::Teams, "None");
        choose(&mut setup, Param::StartOut, "2");
        choose(&mut setup, Param::OnePerSpace, "On");
        assert!(setup.problem().is_some_and(|p| p.contains("one_per_space")), "{:?}", setup.problem());
        assert!(matches!(setup.update(Message::Start), Action::None));
    }

    #[test]
    fn a_saved_preset_is_offered_and_chosen_by_name() {
        let mut setup = SetupScreen::new(TablePlan::against_bots("Ana".into()), Vec::new());
        setup.update(Message::Preset(Preset::Quick));
        choose(&mut setup, Param::Teams, "Opposite seats");
        let team_quick = setup.table.rules;
        for refused in ["", "   ", "classic", "Quick", "a name far too long for the button row"] {
            setup.update(Message::PresetName(refused.into()));
            assert!(matches!(setup.update(Message::SavePreset), Action::None), "{refused:?}");
        }
        setup.update(Message::PresetName(" Team quick ".into()));
        let Action::PresetsChanged(saved) = setup.update(Message::SavePreset) else { panic!("saved") };
        assert_eq!(saved, vec![SavedPreset { name: "Team quick".into(), rules: team_quick }]);
        assert!(setup.preset_name.is_empty());
        setup.update(Message::Preset(Preset::Classic));
        assert_eq!(setup.saved_choice(), None);
        setup.update(Message::Saved(0));
        assert_eq!((setup.table.rules, setup.saved_choice()), (team_quick, Some(0)));
        // Saved again under the same name, the preset keeps its place.
        choose(&mut setup, Param::Pawns, "2");
        setup.update(Message::PresetName("Team quick".into()));
        let Action::PresetsChanged(saved) = setup.update(Message::SavePreset) else { panic!("saved") };
        assert_eq!(saved.len(), 1);
        assert_eq!(saved[0].rules.pawns, 2);
    }

    #[test]
    fn a_hosted_table_has_one_person_here_and_friends_as_their_own_participants() {
        let mut setup = SetupScreen::new(TablePlan::against_bots("Ana".into()), Vec::new());
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
        let mut setup = SetupScreen::new(TablePlan::against_bots("Ana".into()), Vec::new());
        for seat in [1, 2, 3] {
            setup.update(Message::Sitter(Seat::ALL[seat], Sitter::Empty));
        }
        assert!(!setup.can_start());
        assert!(matches!(setup.update(Message::Start), Action::None));
        setup.update(Message::Sitter(Seat::ALL[2], Sitter::Bot(Strategy::Hard)));
        assert!(matches!(setup.update(Message::Start), Action::Start(t) if t.players().len() == 2));
    }
}
