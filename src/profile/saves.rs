//! The local game in progress, saved after every log entry so that it
//! resumes after the app closes or crashes. Two files in `data/saves`:
//! `game.json`, written once at the start (the table's config, the players'
//! names and the table's secret entropy: private to the user), and
//! `log.proof`, the signed log so far (public, atomically replaced after
//! each entry). Resuming rebuilds the table by re-verifying the log
//! ([`crate::table::Table::resume`]); nothing saved is trusted as state.

use super::Home;
use super::file::{self, ProfileError, io_error};
use crate::fair::{Digest, Proof, SignedEntry};
use crate::table::{Record, TableConfig};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::{fs, io};

const VERSION: u32 = 1;
const GAME_FILE: &str = "game.json";
const LOG_FILE: &str = "log.proof";

/// What a game needs besides its log to be resumed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMeta {
    pub game_id: Digest,
    /// The table's secret entropy: its dice chains and seat keys come from it.
    pub entropy: Digest,
    pub config: TableConfig,
    pub names: [String; 4],
    /// Seconds since 1970 when the game began.
    pub started_at: u64,
}

/// A game to resume: its meta and the entries saved so far (not yet verified).
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub meta: GameMeta,
    pub entries: Vec<SignedEntry<Record>>,
}

/// The game file's value, as [`Home::saved_game`] reads it.
pub fn decode_meta(bytes: &[u8]) -> Result<GameMeta, file::Problem> {
    file::decode_versioned(bytes, VERSION)
}

impl Home {
    fn saves(&self) -> PathBuf {
        self.data_dir().join("saves")
    }

    /// Starts saving a game (a previous game's save is replaced: its log,
    /// if left, names another game and is ignored until overwritten).
    pub fn begin_save(&self, meta: &GameMeta) -> Result<(), ProfileError> {
        file::write_versioned(&self.saves().join(GAME_FILE), VERSION, meta, true)
    }

    /// Saves the log so far of the game begun with [`Home::begin_save`].
    pub fn save_log(&self, proof: &Proof<Record>) -> Result<(), ProfileError> {
        file::write_atomic(&self.saves().join(LOG_FILE), &proof.to_postcard(), false)
    }

    /// The saved game, if there is one. A damaged save is moved aside and
    /// reported as [`ProfileError::Kept`].
    pub fn saved_game(&self) -> Result<Option<SavedGame>, ProfileError> {
        let path = self.saves().join(GAME_FILE);
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error("read", &path)(e)),
        };
        let meta = match decode_meta(&bytes) {
            Ok(meta) => meta,
            Err(problem) => return Err(ProfileError::Kept(file::move_aside(&path, problem)?)),
        };
        let log = self.saves().join(LOG_FILE);
        let entries = match fs::read(&log) {
            Ok(bytes) => match Proof::<Record>::read(&bytes) {
                // A log from another game (a crash between the two files) has nothing of this one.
                Ok(proof) if proof.genesis.game_id() == meta.game_id => proof.entries,
                Ok(_) => Vec::new(),
                Err(e) => {
                    let notice = file::move_aside(&log, file::Problem::Damaged(e.to_string()))?;
                    return Err(ProfileError::Kept(notice));
                }
            },
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(io_error("read", &log)(e)),
        };
        Ok(Some(SavedGame { meta, entries }))
    }

    /// Forgets the saved game (it finished, or the player left it).
    pub fn discard_save(&self) -> Result<(), ProfileError> {
        remove(&self.saves().join(LOG_FILE))?;
        remove(&self.saves().join(GAME_FILE))
    }
}

fn remove(path: &std::path::Path) -> Result<(), ProfileError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io_error("remove", path)(e)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Strategy;
    use crate::fair::Identity;
    use crate::rules::{Phase, Preset, Seat};
    use crate::table::{Act, CHAIN_LEN, Control, Input, Participant, Table, Timing, verify_proof};

    fn config() -> TableConfig {
        TableConfig {
            rules: Preset::Classic.rules(),
            seats: [
                Control::Person { owner: Participant::LOCAL },
                Control::Bot(Strategy::Normal),
                Control::Empty,
                Control::Bot(Strategy::Easy),
            ],
            host: Participant::LOCAL,
            timing: Timing::INSTANT,
            chain_len: CHAIN_LEN,
        }
    }

    fn key(entropy: &[u8; 32]) -> Identity {
        Identity::from_secret(&crate::fair::tagged("test/host", &[entropy]).0)
    }

    /// Plays the person's turns (first legal move) and the bots until
    /// `until` says stop, saving after each input as the window does.
    fn play(table: &mut Table, home: &Home, now: &mut u64, until: impl Fn(&Table) -> bool) {
        let seat = Seat::ALL[0];
        while !until(table) && !table.state().game.is_over() {
            *now += 10;
            let input = match (table.state().game.to_act(), table.state().game.phase()) {
                (Some(s), Phase::Roll) if s == seat => {
                    Input::Intent { from: Participant::LOCAL, seat, act: Act::Roll }
                }
                (Some(s), Phase::Move { .. }) if s == seat => {
                    let pawn = table.state().game.legal_moves()[0].pawn;
                    Input::Intent { from: Participant::LOCAL, seat, act: Act::Move { pawn } }
                }
                _ => Input::Tick,
            };
            table.handle(*now, input).unwrap();
            home.save_log(&table.proof()).unwrap();
        }
    }

    #[test]
    fn a_game_resumes_after_a_crash_and_finishes_as_one_proof() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::at(dir.path());
        assert!(home.saved_game().unwrap().is_none());
        let entropy = [7u8; 32];
        let mut table = Table::new(config(), key(&entropy), entropy, [None; 4], 0).unwrap();
        let meta = GameMeta {
            game_id: table.genesis().game_id(),
            entropy: Digest(entropy),
            config: config(),
            names: ["Lan".into(), "Zahra".into(), String::new(), "Tariq".into()],
            started_at: 1_700_000_000,
        };
        home.begin_save(&meta).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(home.saves().join(GAME_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "the entropy is private");
        }
        let mut now = 0;
        play(&mut table, &home, &mut now, |t| t.entries().len() >= 60);
        let before = table.entries().to_vec();
        // The crash: no shutdown, no final save beyond the last entry.
        drop(table);

        let saved = home.saved_game().unwrap().expect("a saved game");
        assert_eq!(saved.meta, meta);
        assert_eq!(saved.entries, before);
        let mut resumed = Table::resume(
            saved.meta.config,
            key(&saved.meta.entropy.0),
            saved.meta.entropy.0,
            None,
            &saved.entries,
            0,
        )
        .unwrap();
        let mut now = 0;
        play(&mut resumed, &home, &mut now, |_| false);
        assert!(resumed.state().game.is_over());
        let proof = Proof::<Record>::read(&fs::read(home.saves().join(LOG_FILE)).unwrap()).unwrap();
        let (valid, state) = verify_proof(&proof).expect("the resumed log verifies as one proof");
        assert_eq!(valid.through, resumed.entries().len() as u64);
        assert!(state.game.is_over());
        assert_eq!(&proof.entries[..before.len()], before.as_slice());
        // Finished: into the history, and the save is gone.
        let filed = home.record_finished(&meta, &proof, 1_700_000_600).unwrap();
        assert!(home.saved_game().unwrap().is_none());
        let (games, notices) = home.history().unwrap();
        assert!(notices.is_empty());
        assert_eq!(games, vec![filed.clone()]);
        let summary = &filed.summary;
        assert_eq!(summary.preset, Some(Preset::Classic));
        assert_eq!(summary.me, Some(Seat::ALL[0]));
        assert_eq!(summary.opponents, Some(super::super::history::Opponents::Mixed));
        assert_eq!(summary.places.iter().flatten().count(), 3);
        let rolls = proof
            .entries
            .iter()
            .filter(|e| matches!(e.body.decode().map(|b| b.content), Ok(Record::Roll { .. })));
        assert_eq!(summary.faces.iter().sum::<u32>() as usize, rolls.count());
        let reread = super::super::history::read_proof(&filed.proof).unwrap();
        assert!(verify_proof(&reread).is_ok());
        // A game whose proof does not verify is not filed.
        let mut broken = proof.clone();
        broken.entries.remove(3);
        assert!(matches!(home.record_finished(&meta, &broken, 0), Err(ProfileError::Damaged { .. })));
    }

    #[test]
    fn a_damaged_save_is_kept_aside_and_reported() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::at(dir.path());
        fs::create_dir_all(home.saves()).unwrap();
        fs::write(home.saves().join(GAME_FILE), b"{\"version\": 1, \"game_id\": ").unwrap();
        let err = home.saved_game().unwrap_err();
        assert!(matches!(&err, ProfileError::Kept(n) if n.kept.exists()), "{err}");
        assert!(home.saved_game().unwrap().is_none());
    }
}
