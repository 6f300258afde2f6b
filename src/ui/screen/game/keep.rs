//! Keeping a game: what to save to the profile after every log entry, the
//! finished game (local or networked) for the history with its proof, and
//! the game resumed
//! from its saved log (re-verified by `table::Table::resume`) after the app
//! closed or crashed. The screen only says what to write ([`Save`]); the
//! app writes it, off the window's thread.

use super::{Action, GameScreen};
use crate::fair::{Digest, Proof};
use crate::fl;
use crate::profile::Home;
use crate::profile::saves::{GameMeta, SavedGame};
use crate::rules::Seat;
use crate::table::{self, Control, Participant, Record};
use crate::ui::driver::{Driver, Resumable};
use crate::ui::screen::setup::{Sitter, TablePlan};
use std::path::PathBuf;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Another computer's person, in a networked game's history.
const FRIEND: Participant = Participant(u16::MAX);

/// What resumes a game saved in the profile.
pub struct Keeping {
    meta: GameMeta,
}

/// A file the game screen asks the app to write.
#[derive(Debug, Clone)]
pub enum Save {
    /// A game to keep from now on: what resumes it, and its log so far.
    Begin(Box<GameMeta>, Box<Proof<Record>>),
    /// The log so far of the game begun.
    Log(Box<Proof<Record>>),
    /// A finished game, for the history (the save is then forgotten).
    Finished(Box<GameMeta>, Box<Proof<Record>>),
    /// A finished networked game, for the history (its driver keeps and
    /// forgets its own save; a local game saved meanwhile stays).
    Played(Box<GameMeta>, Box<Proof<Record>>),
    /// The proof, exported where the player chose.
    Proof(Box<Proof<Record>>, PathBuf),
    /// The save of a table that was closed: nothing to resume.
    Forget,
}

impl Save {
    /// Writes it, each file atomically (the profile's writer). `home` is
    /// the profile's folders; a game is not saved without one.
    pub fn write(&self, home: Option<&Home>) -> Result<(), String> {
        let home = || home.ok_or_else(|| fl!("no-profile-folder").to_string());
        match self {
            Save::Begin(meta, proof) => {
                let home = home()?;
                home.begin_save(meta).and_then(|()| home.save_log(proof)).map_err(|e| e.to_string())
            }
            Save::Log(proof) => home()?.save_log(proof).map_err(|e| e.to_string()),
            Save::Finished(meta, proof) => {
                home()?.record_finished(meta, proof, unix_now()).map(|_| ()).map_err(|e| e.to_string())
            }
            Save::Played(meta, proof) => {
                home()?.record_played(meta, proof, unix_now()).map(|_| ()).map_err(|e| e.to_string())
            }
            Save::Forget => home()?.discard_save().map_err(|e| e.to_string()),
            Save::Proof(proof, path) => {
                crate::profile::history::export_proof(proof, path).map_err(|e| e.to_string())
            }
        }
    }

    /// Whether a later save makes this one needless (only the newest log
    /// of a game matters).
    pub fn superseded_by(&self, later: &Save) -> bool {
        matches!((self, later), (Save::Log(_), Save::Log(_) | Save::Finished(..) | Save::Forget))
    }
}

fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

impl GameScreen {
    /// The saved game again, its log verified entry by entry.
    pub fn resume(saved: SavedGame, now: Instant) -> Result<GameScreen, table::Refusal> {
        let meta = saved.meta;
        let driver = Driver::resumed(meta.config.clone(), meta.entropy.0, &saved.entries)?;
        let sitters = meta.config.seats.map(|c| match c {
            Control::Empty => Sitter::Empty,
            Control::Bot(strategy) => Sitter::Bot(strategy),
            Control::Person { .. } | Control::Standin { .. } => Sitter::Person,
        });
        let name = Seat::ALL
            .into_iter()
            .find(|s| sitters[s.index()] == Sitter::Person)
            .and_then(|s| meta.names.get(s.index()).cloned())
            .unwrap_or_default();
        // The save keeps who sits where, not the pace: bots resume at the default speed.
        let table = TablePlan { sitters, ..TablePlan::unseated(meta.config.rules, name) };
        let mut screen = GameScreen::open(table, meta.names.clone(), driver, now)?;
        screen.tell(fl!("welcome-back-the-game-resumes").to_string());
        Ok(screen)
    }

    /// Keeps this game in the profile from now on: the first save (its
    /// log so far). A networked game is saved by its network driver; only
    /// its end goes into the history from here.
    pub fn start_keeping(&mut self) -> Option<Action> {
        // A watcher played no part: nothing to resume, nothing for its history.
        if self.driver.watches() {
            return None;
        }
        let Some(Resumable { config, entropy, proof }) = self.driver.resumable() else {
            self.keeping = Some(Keeping { meta: self.played_meta() });
            return None;
        };
        let meta = GameMeta {
            game_id: proof.genesis.game_id(),
            entropy: Digest(entropy),
            config: config.clone(),
            names: self.names.clone(),
            started_at: unix_now(),
        };
        let proof = Box::new(proof);
        self.keeping = Some(Keeping { meta: meta.clone() });
        Some(Action::Save(Save::Begin(Box::new(meta), proof)))
    }

    /// After new entries: the log to save, the finished game for the
    /// history, or a closed table's save to forget (saving stops then).
    pub(super) fn keep(&mut self) -> Option<Save> {
        let keeping = self.keeping.as_ref()?;
        if self.driver.is_networked() {
            // A networked game: its end, as this computer verified it.
            if !self.game.is_over() {
                return None;
            }
            let meta = GameMeta { started_at: keeping.meta.started_at, ..self.played_meta() };
            self.keeping = None;
            return Some(Save::Played(Box::new(meta), Box::new(self.proof())));
        }
        if self.is_closed() {
            self.keeping = None;
            return Some(Save::Forget);
        }
        // The whole log is copied into the proof: only once a save is due.
        let proof = Box::new(self.driver.resumable()?.proof);
        if self.game.is_over() {
            let meta = Box::new(keeping.meta.clone());
            self.keeping = None;
            Some(Save::Finished(meta, proof))
        } else {
            Some(Save::Log(proof))
        }
    }

    /// What the history keeps of a networked game: its rules and timing
    /// from the genesis, and who sat where as the log began, seen from this
    /// computer (its seat is the local person's, every other person a
    /// friend's). The table's entropy stays with its host.
    fn played_meta(&self) -> GameMeta {
        let genesis = self.replica.genesis().genesis();
        let started = self.replica.entries().iter().find_map(|e| match e.body.decode().map(|b| b.content) {
            Ok(Record::Start { seats, .. }) => Some(seats),
            _ => None,
        });
        let seats = started.unwrap_or(self.replica.state().control);
        let mine = self.driver.remote_seat();
        let seats = Seat::ALL.map(|s| match seats[s.index()] {
            _ if Some(s) == mine => Control::Person { owner: Participant::LOCAL },
            Control::Person { .. } | Control::Standin { .. } => Control::Person { owner: FRIEND },
            other => other,
        });
        let config = table::TableConfig {
            rules: genesis.rules,
            seats,
            host: Participant::LOCAL,
            timing: genesis.timing,
            chain_len: genesis.chain_len,
        };
        GameMeta {
            game_id: self.replica.genesis().game_id(),
            entropy: Digest::default(),
            config,
            names: self.names.clone(),
            started_at: unix_now(),
        }
    }

    /// A save of this game failed: the player is told, and saving stops
    /// (the game goes on).
    pub fn not_kept(&mut self, why: &str) {
        self.tell(fl!("the-game-is-no-longer", e = why));
        self.keeping = None;
    }
}
