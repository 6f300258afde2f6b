//! Settings: your name, the language, the sky over the palace, the bots'
//! speed, sound, the helpers at the table, the relays and the DHT's
//! bootstrap peers for network play, the software renderer.

use crate::fl;
use crate::net::route::addressed_peer;
use crate::ui::focus::{Focus, Stop};
use crate::ui::i18n::Lang;
use crate::ui::palace::Sky;
use crate::ui::prefs::Prefs;
use crate::ui::screen::setup::BotSpeed;
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, row, scrollable, slider, text, text_input};
use iced::{Alignment, Element, Length};

#[derive(Debug, Clone)]
pub struct SettingsScreen {
    pub prefs: Prefs,
    /// The relay addresses as typed (checked on Save).
    pub relays: String,
    /// The DHT's bootstrap peers as typed (checked on Save).
    pub bootstrap: String,
    /// What happened to the last save, shown under the form.
    pub status: String,
    pub focus: Focus,
    /// The settings as last saved, or as they stood when the screen
    /// opened. Changes apply at once, so that the player sees them; Back
    /// puts these back, so that a change not saved does not stay.
    pub kept: Box<Prefs>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Name(String),
    Sky(Sky),
    Software(bool),
    /// A language, or none to follow the system's.
    Language(Option<Lang>),
    BotSpeed(BotSpeed),
    Sound(bool),
    Volume(u8),
    /// The relays' addresses as typed, one or more separated by spaces.
    Relays(String),
    /// The DHT's bootstrap peers as typed, separated by spaces.
    Bootstrap(String),
    /// A table helper on or off.
    Helper(Helper, bool),
    Save,
    Back,
}

/// The helpers at the table a player may switch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Helper {
    AutoMove,
    EnterMovesFirst,
    PawnMarks,
    HintsWithPeople,
}

impl Helper {
    pub const ALL: [Helper; 4] =
        [Helper::AutoMove, Helper::EnterMovesFirst, Helper::PawnMarks, Helper::HintsWithPeople];

    fn label(self) -> &'static str {
        match self {
            Helper::AutoMove => fl!("move-by-itself-when-every"),
            Helper::EnterMovesFirst => fl!("enter-moves-the-first-movable"),
            Helper::PawnMarks => fl!("a-shape-on-each-pawn"),
            Helper::HintsWithPeople => fl!("hints-at-tables-with-other"),
        }
    }

    /// Its switch's name for the keyboard's focus, which stays on it as
    /// it turns on and off.
    fn key(self) -> &'static str {
        match self {
            Helper::AutoMove => "helper auto-move",
            Helper::EnterMovesFirst => "helper enter",
            Helper::PawnMarks => "helper marks",
            Helper::HintsWithPeople => "helper hints",
        }
    }

    fn setting(self, settings: &mut crate::profile::Settings) -> &mut bool {
        match self {
            Helper::AutoMove => &mut settings.auto_move,
            Helper::EnterMovesFirst => &mut settings.enter_moves_first,
            Helper::PawnMarks => &mut settings.pawn_marks,
            Helper::HintsWithPeople => &mut settings.hints_with_people,
        }
    }
}

pub enum Action {
    None,
    /// The preferences changed (the app applies the sky and the name now).
    Changed(Prefs),
    Save(Prefs),
    /// Home, with the settings as last saved.
    Back(Box<Prefs>),
}

impl SettingsScreen {
    pub fn new(prefs: Prefs) -> SettingsScreen {
        let relays = prefs.settings.relays.join(" ");
        let bootstrap = prefs.settings.bootstrap.join(" ");
        let kept = Box::new(prefs.clone());
        SettingsScreen { prefs, relays, bootstrap, status: String::new(), focus: Focus::default(), kept }
    }

    /// The form's fields, buttons and the volume slider, top to bottom.
    pub fn stops(&self) -> Vec<Stop<Message>> {
        let mut stops = vec![Stop::press(Message::Back), Stop::press(Message::Save), Stop::field(NAME)];
        let languages = std::iter::once(None).chain(Lang::ALL.map(Some));
        stops.extend(languages.map(|l| Stop::press(Message::Language(l))));
        stops.extend(Sky::ALL.map(|s| Stop::press(Message::Sky(s))));
        stops.extend(BotSpeed::stops(Message::BotSpeed));
        stops.extend([Stop::press(Message::Sound(true)), Stop::press(Message::Sound(false))]);
        let volume = self.prefs.settings.sound.volume;
        let (less, more) = (volume.saturating_sub(VOLUME_STEP), volume.saturating_add(VOLUME_STEP).min(100));
        stops.push(Stop::slide(VOLUME, Message::Volume(less), Message::Volume(more)));
        let helpers = Helper::ALL.map(|h| Stop::named(h.key(), Message::Helper(h, !self.helper(h))));
        stops.extend(helpers);
        stops.extend([Stop::field(RELAYS), Stop::field(BOOTSTRAP)]);
        stops.extend([false, true].map(|on| Stop::press(Message::Software(on))));
        stops
    }

    /// Whether a helper is on.
    fn helper(&self, helper: Helper) -> bool {
        *helper.setting(&mut self.prefs.settings.clone())
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Name(name) => {
                self.prefs.name = name.chars().take(24).collect();
                Action::Changed(self.prefs.clone())
            }
            Message::Sky(sky) => {
                self.prefs.sky = sky;
                Action::Changed(self.prefs.clone())
            }
            Message::Software(on) => {
                self.prefs.software_renderer = on;
                Action::Changed(self.prefs.clone())
            }
            Message::Language(lang) => {
                self.prefs.settings.language = lang.map(|l| l.code().to_string());
                Action::Changed(self.prefs.clone())
            }
            Message::BotSpeed(s) => {
                self.prefs.bot_speed = s;
                Action::Changed(self.prefs.clone())
            }
            Message::Sound(on) => {
                self.prefs.settings.sound.on = on;
                Action::Changed(self.prefs.clone())
            }
            Message::Volume(volume) => {
                self.prefs.settings.sound.volume = volume.min(100);
                Action::Changed(self.prefs.clone())
            }
            Message::Helper(helper, on) => {
                *helper.setting(&mut self.prefs.settings) = on;
                Action::Changed(self.prefs.clone())
            }
            Message::Relays(typed) => {
                self.relays = typed;
                Action::None
            }
            Message::Bootstrap(typed) => {
                self.bootstrap = typed;
                Action::None
            }
            Message::Save => match (peer_addresses(&self.relays), peer_addresses(&self.bootstrap)) {
                (Ok(relays), Ok(bootstrap)) => {
                    self.prefs.settings.relays = relays;
                    self.prefs.settings.bootstrap = bootstrap;
                    Action::Save(self.prefs.clone())
                }
                (Err(bad), _) => {
                    self.status = fl!("not-saved-bad-is-not-a-relay", bad = bad);
                    Action::None
                }
                (_, Err(bad)) => {
                    self.status = fl!("not-saved-bad-is-not-a-peers", bad = bad);
                    Action::None
                }
            },
            Message::Back => Action::Back(self.kept.clone()),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let focus = &self.focus;
        let skies = row(Sky::ALL.map(|s| {
            focus.button(
                button(text(s.label()).size(15)).style(theme::choice(s == self.prefs.sky)),
                Message::Sky(s),
            )
        }))
        .spacing(8);
        let software = self.prefs.software_renderer;
        let sound = self.prefs.settings.sound;
        let chosen = self.prefs.settings.language.as_deref().and_then(Lang::from_code);
        let languages = row(std::iter::once(None).chain(Lang::ALL.map(Some)).map(|lang| {
            let label = lang.map_or(fl!("system-language"), Lang::native_name);
            focus.button(
                button(text(label).size(15)).style(theme::choice(lang == chosen)),
                Message::Language(lang),
            )
        }))
        .spacing(8);
        let save = focus.button(
            button(text(fl!("save")).font(BLACK).size(16)).padding([10, 24]).style(theme::primary),
            Message::Save,
        );
        container(
            scrollable(
                column![
                    // Back and Save head the form, as Back and Start head the
                    // table's setup: at its foot they were a scroll away.
                    super::heading(fl!("settings"), fl!("back"), Message::Back, focus).push(save).spacing(12),
                    text(&self.status).size(13),
                    text(fl!("your-name")).font(BOLD).size(16),
                    focus.field(
                        text_input(fl!("your-name"), &self.prefs.name)
                            .on_input(Message::Name)
                            .padding(8)
                            .size(16)
                            .width(320),
                        NAME
                    ),
                    text(fl!("language")).font(BOLD).size(16),
                    languages,
                    text(fl!("sky-over-the-palace")).font(BOLD).size(16),
                    skies,
                    text(fl!("bot-speed")).font(BOLD).size(16),
                    BotSpeed::picker(self.prefs.bot_speed, Message::BotSpeed, focus),
                    text(fl!("sound")).font(BOLD).size(16),
                    row![
                        focus.button(
                            button(text(fl!("on")).size(15)).style(theme::choice(sound.on)),
                            Message::Sound(true)
                        ),
                        focus.button(
                            button(text(fl!("off")).size(15)).style(theme::choice(!sound.on)),
                            Message::Sound(false)
                        ),
                        focus.slider(VOLUME, slider(0..=100u8, sound.volume, Message::Volume).width(200)),
                        text(fl!("volume-v", v = sound.volume)).size(14),
                    ]
                    .spacing(8)
                    .align_y(Alignment::Center),
                    text(fl!("helpers-at-the-table")).font(BOLD).size(16),
                    column(Helper::ALL.map(|h| {
                        let on = self.helper(h);
                        row![
                            focus.button_named(
                                h.key(),
                                button(
                                    text(if on { fl!("on") } else { fl!("off") })
                                        .size(14)
                                        .wrapping(Wrapping::None)
                                )
                                .width(Length::Shrink)
                                .style(theme::choice(on)),
                                Message::Helper(h, !on)
                            ),
                            text(h.label()).size(14),
                        ]
                        .spacing(10)
                        .align_y(Alignment::Center)
                        .into()
                    }))
                    .spacing(6),
                    text(fl!("relays-for-play-across-the")).font(BOLD).size(16),
                    focus.field(
                        addresses("/ip4/203.0.113.7/tcp/4001/p2p/12D3KooW…", &self.relays, Message::Relays),
                        RELAYS
                    ),
                    text(fl!("the-addresses-your-relays-owners")).size(13),
                    text(fl!("meeting-by-room-code-across")).font(BOLD).size(16),
                    focus.field(
                        addresses("/dnsaddr/bootstrap.libp2p.io/p2p/…", &self.bootstrap, Message::Bootstrap),
                        BOOTSTRAP
                    ),
                    text(fl!("computers-of-the-public-network")).size(13),
                    text(fl!("drawing-the-board")).font(BOLD).size(16),
                    row![
                        focus.button(
                            button(text(fl!("graphics-card")).size(15)).style(theme::choice(!software)),
                            Message::Software(false)
                        ),
                        focus.button(
                            button(text(fl!("processor-slower-works-everywhere")).size(15))
                                .style(theme::choice(software)),
                            Message::Software(true)
                        ),
                    ]
                    .spacing(8),
                    text(fl!("software-drawing-works-on-any")).size(13),
                ]
                .spacing(12)
                .padding(28),
            )
            .height(Length::Shrink),
        )
        .max_width(640)
        .style(theme::panel)
        .into()
    }
}

/// The text fields' ids.
const NAME: &str = "name";
const RELAYS: &str = "relays";
const BOOTSTRAP: &str = "bootstrap";
/// The volume slider's stop, and how far one arrow press moves it.
const VOLUME: &str = "volume";
const VOLUME_STEP: u8 = 5;

/// A field of peer addresses (the relays, the bootstrap peers).
fn addresses<'a>(
    example: &'a str,
    typed: &'a str,
    on_input: fn(String) -> Message,
) -> iced::widget::TextInput<'a, Message> {
    text_input(example, typed).on_input(on_input).padding(8).size(14)
}

/// The addresses typed (relays, bootstrap peers), each a libp2p address
/// that names its peer; the first one that is not, as typed.
pub fn peer_addresses(typed: &str) -> Result<Vec<String>, String> {
    typed
        .split_whitespace()
        .map(|addr| {
            let parsed: libp2p::Multiaddr = addr.parse().map_err(|_| addr.to_string())?;
            addressed_peer(&parsed).map(|_| addr.to_string()).ok_or_else(|| addr.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peer_addresses_must_parse_and_name_their_peer() {
        let good = "/ip4/203.0.113.7/tcp/4001/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";
        assert_eq!(peer_addresses(&format!("  {good}  ")), Ok(vec![good.to_string()]));
        assert_eq!(peer_addresses(""), Ok(vec![]));
        assert_eq!(
            peer_addresses(&format!("{good} /ip4/203.0.113.7/tcp/4001")),
            Err("/ip4/203.0.113.7/tcp/4001".into())
        );
        assert_eq!(peer_addresses("relay.example.org"), Err("relay.example.org".into()));
    }
}
