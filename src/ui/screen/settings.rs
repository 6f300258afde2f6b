//! Settings: your name, the sky over the palace, the bots' speed, the
//! software renderer.

use crate::ui::i18n::{Lang, t};
use crate::ui::palace::Sky;
use crate::ui::prefs::Prefs;
use crate::ui::screen::setup::BotSpeed;
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, column, container, row, text, text_input};
use iced::{Alignment, Element};

#[derive(Debug, Clone)]
pub struct Settings {
    pub prefs: Prefs,
    /// What happened to the last save, shown under the form.
    pub status: String,
}

#[derive(Debug, Clone)]
pub enum Message {
    Name(String),
    Sky(Sky),
    Software(bool),
    /// A language, or none to follow the system's.
    Language(Option<Lang>),
    BotSpeed(BotSpeed),
    Save,
    Back,
}

pub enum Action {
    None,
    /// The preferences changed (the app applies the sky and the name now).
    Changed(Prefs),
    Save(Prefs),
    Back,
}

impl Settings {
    pub fn new(prefs: Prefs) -> Settings {
        Settings { prefs, status: String::new() }
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
            Message::Save => Action::Save(self.prefs.clone()),
            Message::Back => Action::Back,
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let skies = row(Sky::ALL.map(|s| {
            button(text(t(s.name())).size(15))
                .style(theme::choice(s == self.prefs.sky))
                .on_press(Message::Sky(s))
                .into()
        }))
        .spacing(8);
        let software = self.prefs.software_renderer;
        let chosen = self.prefs.settings.language.as_deref().and_then(Lang::from_code);
        let languages = row(std::iter::once(None).chain(Lang::ALL.map(Some)).map(|lang| {
            let label = lang.map_or(t("System language"), Lang::native_name);
            button(text(label).size(15))
                .style(theme::choice(lang == chosen))
                .on_press(Message::Language(lang))
                .into()
        }))
        .spacing(8);
        container(
            column![
                text(t("Settings")).font(BLACK).size(30),
                text(t("Your name")).font(BOLD).size(16),
                text_input(t("Your name"), &self.prefs.name).id("name").on_input(Message::Name).padding(8).size(16).width(320),
                text(t("Language")).font(BOLD).size(16),
                languages,
                text(t("Sky over the palace")).font(BOLD).size(16),
                skies,
                text(t("Bot speed")).font(BOLD).size(16),
                BotSpeed::picker(self.prefs.bot_speed, Message::BotSpeed),
                text(t("Renderer")).font(BOLD).size(16),
                row![
                    button(text(t("Graphics card")).size(15)).style(theme::choice(!software)).on_press(Message::Software(false)),
                    button(text(t("Software")).size(15)).style(theme::choice(software)).on_press(Message::Software(true)),
                ]
                .spacing(8),
                text(t("Software drawing works on any machine; it takes effect at the next start. LUDOPIA_RENDERER=software forces it too.")).size(13),
                row![
                    button(text(t("Back")).size(16)).padding([10, 20]).style(theme::primary).on_press(Message::Back),
                    button(text(t("Save")).font(BLACK).size(16)).padding([10, 24]).style(theme::primary).on_press(Message::Save),
                    text(&self.status).size(13),
                ]
                .spacing(12)
                .align_y(Alignment::Center),
            ]
            .spacing(12),
        )
        .padding(28)
        .max_width(640)
        .style(theme::panel)
        .into()
    }
}
