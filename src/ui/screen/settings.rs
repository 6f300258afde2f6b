//! Settings: your name, the sky over the palace, the bots' speed, the
//! software renderer.

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
            button(text(s.name()).size(15))
                .style(theme::choice(s == self.prefs.sky))
                .on_press(Message::Sky(s))
                .into()
        }))
        .spacing(8);
        let software = self.prefs.software_renderer;
        container(
            column![
                text("Settings").font(BLACK).size(30),
                text("Your name").font(BOLD).size(16),
                text_input("Your name", &self.prefs.name).id("name").on_input(Message::Name).padding(8).size(16).width(320),
                text("Sky over the palace").font(BOLD).size(16),
                skies,
                text("Bot speed").font(BOLD).size(16),
                BotSpeed::picker(self.prefs.bot_speed, Message::BotSpeed),
                text("Renderer").font(BOLD).size(16),
                row![
                    button(text("Graphics card").size(15)).style(theme::choice(!software)).on_press(Message::Software(false)),
                    button(text("Software").size(15)).style(theme::choice(software)).on_press(Message::Software(true)),
                ]
                .spacing(8),
                text("Software drawing works on any machine; it takes effect at the next start. LUDOPIA_RENDERER=software forces it too.").size(13),
                row![
                    button(text("Back").size(16)).padding([10, 20]).style(theme::primary).on_press(Message::Back),
                    button(text("Save").font(BLACK).size(16)).padding([10, 24]).style(theme::primary).on_press(Message::Save),
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
