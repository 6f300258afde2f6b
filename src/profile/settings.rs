//! Who the player is and how they like the game. Unknown fields are ignored
//! and missing ones take their defaults, so older files still read.

use crate::rules::{Preset, Rules};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Profile {
    pub name: String,
    /// The avatar's colour, RGB.
    pub colour: [u8; 3],
}

impl Default for Profile {
    fn default() -> Profile {
        Profile { name: String::new(), colour: [0xe8, 0xb8, 0x4a] }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sound {
    pub on: bool,
    /// 0 to 100.
    pub volume: u8,
}

impl Default for Sound {
    fn default() -> Sound {
        Sound { on: true, volume: 70 }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Relay addresses for network play beyond the player's own defaults.
    pub relays: Vec<String>,
    /// The DHT's bootstrap peers (each with its `/p2p/` id), where room
    /// codes are met across the internet; none: the public network's.
    pub bootstrap: Vec<String>,
    pub sound: Sound,
    /// The sky over the palace, by name.
    pub theme: String,
    /// A language code (`en`, `vi`, `pt`); none follows the system locale.
    pub language: Option<String>,
    /// Draw with tiny-skia on the CPU.
    pub software_renderer: bool,
    /// How long bots pause before acting (`slow`, `normal`, `fast`), by name.
    pub bot_speed: String,
    /// The preset and house rules a new table starts with.
    pub preset: Preset,
    pub rules: Rules,
    /// Tables of the player's own, by name, offered beside the presets.
    pub saved_presets: Vec<SavedPreset>,
    /// Helpers at the table: a pawn moves by itself when every legal move
    /// is the same; Enter moves the first movable pawn; each pawn carries
    /// a mark of its colour's shape (for colour-blind players); the Hint
    /// button at tables with other people too (it is always there at a
    /// table of one person and bots).
    pub auto_move: bool,
    pub enter_moves_first: bool,
    pub pawn_marks: bool,
    pub hints_with_people: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            relays: Vec::new(),
            bootstrap: Vec::new(),
            sound: Sound::default(),
            theme: "dusk".into(),
            language: None,
            software_renderer: false,
            bot_speed: "normal".into(),
            preset: Preset::Classic,
            rules: Preset::Classic.rules(),
            saved_presets: Vec::new(),
            auto_move: false,
            enter_moves_first: false,
            pawn_marks: false,
            hints_with_people: false,
        }
    }
}

/// A table of the player's own: a name and its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPreset {
    pub name: String,
    pub rules: Rules,
}
