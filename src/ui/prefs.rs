//! The player's preferences and where they live. A small JSON file until
//! `store` takes over profiles and settings.

use crate::ui::palace::Sky;
use crate::ui::screen::setup::BotSpeed;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::{fmt, fs, io};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub name: String,
    pub sky: Sky,
    /// Draw with tiny-skia on the CPU (for GPU drivers that misbehave).
    pub software_renderer: bool,
    /// The pause bots take, for new tables.
    pub bot_speed: BotSpeed,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            name: "You".to_string(),
            sky: Sky::Dusk,
            software_renderer: false,
            bot_speed: BotSpeed::Normal,
        }
    }
}

#[derive(Debug)]
pub enum PrefsError {
    NoConfigDir,
    Io(PathBuf, io::Error),
    Format(PathBuf, serde_json::Error),
}

impl fmt::Display for PrefsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrefsError::NoConfigDir => {
                f.write_str("no configuration folder (HOME, XDG_CONFIG_HOME and APPDATA are unset)")
            }
            PrefsError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            PrefsError::Format(p, e) => write!(f, "{}: not a settings file: {e}", p.display()),
        }
    }
}

impl std::error::Error for PrefsError {}

/// `LUDOPIA_CONFIG` overrides the folder (tests and portable installs).
fn dir() -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("LUDOPIA_CONFIG")
        .or_else(|| var("XDG_CONFIG_HOME").map(|d| d.join("ludopia")))
        .or_else(|| var("APPDATA").map(|d| d.join("Ludopia")))
        .or_else(|| var("HOME").map(|d| d.join(".config").join("ludopia")))
}

/// Where the app keeps what it writes besides settings (proof files).
pub fn data_dir() -> Option<PathBuf> {
    dir()
}

fn path() -> Result<PathBuf, PrefsError> {
    dir().map(|d| d.join("settings.json")).ok_or(PrefsError::NoConfigDir)
}

impl Prefs {
    /// The saved preferences; defaults when none were saved yet.
    pub fn load() -> Result<Prefs, PrefsError> {
        let path = path()?;
        match fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| PrefsError::Format(path, e)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Prefs::default()),
            Err(e) => Err(PrefsError::Io(path, e)),
        }
    }

    pub fn save(&self) -> Result<(), PrefsError> {
        let path = path()?;
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| PrefsError::Io(parent.to_path_buf(), e))?;
        }
        let json = serde_json::to_vec_pretty(self).map_err(|e| PrefsError::Format(path.clone(), e))?;
        fs::write(&path, json).map_err(|e| PrefsError::Io(path, e))
    }
}
