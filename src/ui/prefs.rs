//! The preferences the window edits, read from and written to the player's
//! profile (src/profile): the name and colour, the sky, the renderer; the
//! other settings are kept as read and written back unchanged.

use crate::fl;
use crate::profile::{Home, Loaded, Notice, Profile, ProfileError, Settings};
use crate::ui::palace::Sky;
use crate::ui::screen::setup::BotSpeed;

#[derive(Debug, Clone, PartialEq)]
pub struct Prefs {
    pub name: String,
    pub sky: Sky,
    /// Draw with tiny-skia on the CPU (for GPU drivers that misbehave).
    pub software_renderer: bool,
    /// The pause bots take, for new tables.
    pub bot_speed: BotSpeed,
    /// The profile and settings as read, for what this struct does not edit.
    pub profile: Profile,
    pub settings: Settings,
}

pub type PrefsError = ProfileError;

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs::from(Loaded::default())
    }
}

impl From<Loaded> for Prefs {
    fn from(loaded: Loaded) -> Prefs {
        let sky = Sky::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(&loaded.settings.theme))
            .unwrap_or_default();
        Prefs {
            // "You" was the name profiles were written with before an
            // unchosen name was kept empty (and said in the player's language).
            name: Some(loaded.profile.name.clone()).filter(|n| n != "You").unwrap_or_default(),
            sky,
            software_renderer: loaded.settings.software_renderer,
            bot_speed: BotSpeed::ALL
                .into_iter()
                .find(|s| s.name().eq_ignore_ascii_case(&loaded.settings.bot_speed))
                .unwrap_or_default(),
            profile: loaded.profile,
            settings: loaded.settings,
        }
    }
}

impl Prefs {
    /// What the window calls the player at this computer: their name, or
    /// "You" in their language while they have chosen none.
    pub fn player_name(&self) -> String {
        match self.name.trim() {
            "" => fl!("you").to_string(),
            name => name.to_string(),
        }
    }

    /// The saved preferences, and the files that had to be moved aside.
    pub fn load(home: &Home) -> Result<(Prefs, Vec<Notice>), PrefsError> {
        let mut loaded = home.load()?;
        let notices = std::mem::take(&mut loaded.notices);
        Ok((Prefs::from(loaded), notices))
    }

    pub fn save(&self, home: &Home) -> Result<(), PrefsError> {
        home.save_profile(&Profile { name: self.name.clone(), ..self.profile.clone() })?;
        home.save_settings(&Settings {
            theme: self.sky.name().to_lowercase(),
            software_renderer: self.software_renderer,
            bot_speed: self.bot_speed.name().to_lowercase(),
            ..self.settings.clone()
        })
    }
}
