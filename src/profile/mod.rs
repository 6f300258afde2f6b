//! The player's profile on this computer: who they are (name, avatar
//! colour, the identity key), their settings, the game in progress and the
//! games they finished. Not pure: the file IO of the app lives here, behind
//! [`Home`], which the window and the network layer call.
//!
//! Folders: the platform's config and data folders (the directories crate),
//! or `$LUDOPIA_HOME/config` and `$LUDOPIA_HOME/data` when that is set
//! (tests, CI, portable installs). Every file is written atomically and
//! carries a format version; one that cannot be read is kept aside under
//! another name and reported, never overwritten.

mod file;
pub mod history;
mod identity;
mod lock;
pub mod network;
pub mod saves;
mod settings;
pub mod stats;

pub use file::{Notice, Problem, ProfileError, write_atomic};
pub use lock::ProfileLock;
pub use settings::{Profile, SavedPreset, Settings, Sound};

use crate::fair::Identity;
use std::path::{Path, PathBuf};

/// The environment variable that moves the whole profile to one folder.
pub const HOME_VAR: &str = "LUDOPIA_HOME";

const PROFILE_FILE: &str = "profile.json";
const SETTINGS_FILE: &str = "settings.json";
const PROFILE_VERSION: u32 = 1;
const SETTINGS_VERSION: u32 = 1;

/// The profile file's value, as [`Home::load`] reads it.
pub fn decode_profile(bytes: &[u8]) -> Result<Profile, Problem> {
    file::decode_versioned(bytes, PROFILE_VERSION)
}

/// The settings file's value, as [`Home::load`] reads it.
pub fn decode_settings(bytes: &[u8]) -> Result<Settings, Problem> {
    file::decode_versioned(bytes, SETTINGS_VERSION)
}

/// The key in an identity key file's bytes, as [`Home::identity`] reads it.
pub fn decode_identity(bytes: &[u8]) -> Result<Identity, Problem> {
    identity::decode(bytes).map(|secret| Identity::from_secret(&secret))
}

/// Where one player's files live.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Home {
    config: PathBuf,
    data: PathBuf,
}

/// What was read at start-up, with the files that had to be moved aside.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    pub profile: Profile,
    pub settings: Settings,
    pub notices: Vec<Notice>,
}

impl Home {
    /// A profile kept under one folder (`root/config`, `root/data`).
    pub fn at(root: &Path) -> Home {
        Home { config: root.join("config"), data: root.join("data") }
    }

    /// `$LUDOPIA_HOME`, else the platform's folders.
    pub fn from_env() -> Result<Home, ProfileError> {
        if let Some(root) = std::env::var_os(HOME_VAR).filter(|v| !v.is_empty()) {
            return Ok(Home::at(Path::new(&root)));
        }
        let dirs = directories::ProjectDirs::from("org", "Ludopia", "Ludopia").ok_or(ProfileError::NoHome)?;
        Ok(Home { config: dirs.config_dir().to_path_buf(), data: dirs.data_dir().to_path_buf() })
    }

    pub fn config_dir(&self) -> &Path {
        &self.config
    }

    /// Saved games, history, the identity key (and the packager's log file).
    pub fn data_dir(&self) -> &Path {
        &self.data
    }

    /// The profile and settings; defaults for files not written yet, and
    /// notices for files that could not be read.
    pub fn load(&self) -> Result<Loaded, ProfileError> {
        let (profile, a) = file::read_versioned(&self.config.join(PROFILE_FILE), decode_profile)?;
        let (settings, b) = file::read_versioned(&self.config.join(SETTINGS_FILE), decode_settings)?;
        Ok(Loaded { profile, settings, notices: a.into_iter().chain(b).collect() })
    }

    pub fn save_profile(&self, profile: &Profile) -> Result<(), ProfileError> {
        file::write_versioned(&self.config.join(PROFILE_FILE), PROFILE_VERSION, profile, false)
    }

    pub fn save_settings(&self, settings: &Settings) -> Result<(), ProfileError> {
        file::write_versioned(&self.config.join(SETTINGS_FILE), SETTINGS_VERSION, settings, false)
    }

    /// This player's lasting key, made on first use. A key file that cannot
    /// be read is kept aside (with a notice) and a new key is made.
    pub fn identity(&self) -> Result<(Identity, Option<Notice>), ProfileError> {
        identity::load_or_create(&self.data.join(identity::FILE))
    }

    /// The same key as a libp2p keypair, for the network layer.
    pub fn keypair(&self) -> Result<libp2p::identity::Keypair, ProfileError> {
        identity::keypair(&self.data.join(identity::FILE))
    }
}

/// The data folder of this player's profile (`$LUDOPIA_HOME/data` or the
/// platform's), for other parts that keep files there (logs).
pub fn data_dir() -> Result<PathBuf, ProfileError> {
    Home::from_env().map(|h| h.data)
}

/// This player's identity key (made on first use); only its public key
/// ever leaves the computer.
pub fn identity() -> Result<Identity, ProfileError> {
    Home::from_env()?.identity().map(|(id, _)| id)
}

/// The identity key as a libp2p keypair.
pub fn keypair() -> Result<libp2p::identity::Keypair, ProfileError> {
    Home::from_env()?.keypair()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;
    use std::fs;

    fn home() -> (tempfile::TempDir, Home) {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::at(dir.path());
        (dir, home)
    }

    #[test]
    fn profile_and_settings_round_trip() {
        let (_dir, home) = home();
        let fresh = home.load().unwrap();
        assert_eq!(fresh.profile, Profile::default());
        assert!(fresh.notices.is_empty());
        let profile = Profile { name: "Lan".into(), colour: [10, 200, 30] };
        let settings = Settings {
            relays: vec!["/dns4/relay.example/tcp/4001".into()],
            bootstrap: vec![
                "/ip4/198.51.100.10/tcp/4002/p2p/12D3KooWRawPbxPtP1eZaJpumGnyWX2DcUyd3RQnydr3eAto4Az7".into(),
            ],
            sound: Sound { on: false, volume: 40 },
            theme: "night".into(),
            language: Some("vi".into()),
            software_renderer: true,
            bot_speed: "fast".into(),
            preset: Preset::Palace,
            rules: Preset::Race.rules(),
            saved_presets: vec![SavedPreset {
                name: "Team quick".into(),
                rules: crate::rules::Rules { teams: crate::rules::Teams::Opposite, ..Preset::Quick.rules() },
            }],
            auto_move: true,
            enter_moves_first: true,
            pawn_marks: true,
            hints_with_people: true,
        };
        home.save_profile(&profile).unwrap();
        home.save_settings(&settings).unwrap();
        let back = home.load().unwrap();
        assert_eq!(back.profile, profile);
        assert_eq!(back.settings, settings);
        assert!(back.notices.is_empty());
        let text = fs::read_to_string(home.config_dir().join(SETTINGS_FILE)).unwrap();
        assert!(text.contains("\"version\": 1"), "{text}");
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_and_reported() {
        let (_dir, home) = home();
        let path = home.config_dir().join(SETTINGS_FILE);
        fs::create_dir_all(home.config_dir()).unwrap();
        fs::write(&path, b"{ this is not json").unwrap();
        let loaded = home.load().unwrap();
        assert_eq!(loaded.settings, Settings::default());
        let [notice] = loaded.notices.as_slice() else { panic!("one notice: {:?}", loaded.notices) };
        assert!(matches!(notice.problem, Problem::Damaged(_)));
        assert_eq!(notice.kept, home.config_dir().join("settings.json.corrupt-1"));
        assert_eq!(fs::read(&notice.kept).unwrap(), b"{ this is not json");
        assert!(notice.to_string().contains("settings.json.corrupt-1"), "{notice}");
        // Saving now does not touch the kept file; a second bad file gets the next number.
        home.save_settings(&Settings::default()).unwrap();
        fs::write(&path, b"[1, 2").unwrap();
        let again = home.load().unwrap();
        assert_eq!(again.notices[0].kept, home.config_dir().join("settings.json.corrupt-2"));
        assert!(home.config_dir().join("settings.json.corrupt-1").exists());
    }

    #[test]
    fn a_truncated_file_is_kept_aside() {
        let (_dir, home) = home();
        let profile = Profile { name: "Rafael".into(), colour: [1, 2, 3] };
        home.save_profile(&profile).unwrap();
        let path = home.config_dir().join(PROFILE_FILE);
        let whole = fs::read(&path).unwrap();
        fs::write(&path, &whole[..whole.len() / 2]).unwrap();
        let loaded = home.load().unwrap();
        assert_eq!(loaded.profile, Profile::default());
        assert_eq!(loaded.notices.len(), 1);
        assert_eq!(fs::read(&loaded.notices[0].kept).unwrap(), &whole[..whole.len() / 2]);
    }

    #[test]
    fn a_newer_file_is_kept_aside_not_overwritten() {
        let (_dir, home) = home();
        fs::create_dir_all(home.config_dir()).unwrap();
        let newer = br#"{"version": 7, "name": "From the future", "hover_boards": true}"#;
        fs::write(home.config_dir().join(PROFILE_FILE), newer).unwrap();
        let loaded = home.load().unwrap();
        assert_eq!(loaded.notices[0].problem, Problem::Newer(7));
        assert_eq!(loaded.notices[0].kept, home.config_dir().join("profile.json.newer-1"));
        assert_eq!(fs::read(&loaded.notices[0].kept).unwrap(), newer);
        assert!(loaded.notices[0].to_string().contains("newer Ludopia"));
    }

    #[test]
    fn an_unwritable_folder_is_a_clear_error() {
        let (dir, _) = home();
        // A file where the folder should be: refused even for root.
        let blocker = dir.path().join("blocker");
        fs::write(&blocker, b"").unwrap();
        let home = Home::at(&blocker);
        let err = home.save_settings(&Settings::default()).unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("cannot create the folder"), "{text}");
        assert!(text.contains("blocker"), "{text}");
    }

    #[test]
    fn the_identity_is_made_once_and_kept_private() {
        let (_dir, home) = home();
        let (first, notice) = home.identity().unwrap();
        assert!(notice.is_none());
        let (again, _) = home.identity().unwrap();
        assert_eq!(first.public_key(), again.public_key());
        let path = home.data_dir().join(identity::FILE);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        let keypair = home.keypair().unwrap();
        let libp2p_public = keypair.public().try_into_ed25519().unwrap().to_bytes();
        assert_eq!(libp2p_public, first.public_key().0);
        // A damaged key is kept aside and a new one made.
        fs::write(&path, b"ludopia-identity 1 nothex").unwrap();
        let (fresh, notice) = home.identity().unwrap();
        assert_ne!(fresh.public_key(), first.public_key());
        assert!(notice.is_some_and(|n| n.kept.exists()));
    }
}
