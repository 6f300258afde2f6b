//! Finished games: each one's proof file (`history/<id>.proof`, the same
//! file `ludopia verify` checks) and a summary beside it (`<id>.json`) for
//! the history list and the statistics.

use super::Home;
use super::file::{self, Notice, ProfileError, io_error};
use super::saves::GameMeta;
use crate::bots::Strategy;
use crate::fair::{Digest, Proof};
use crate::rules::{Preset, Seat};
use crate::table::{Control, Participant, Record, verify_proof};
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::PathBuf;

const VERSION: u32 = 1;

/// Who the player at this computer played against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponents {
    /// Bots all of one strength.
    Bots(Strategy),
    /// Other people only (at this computer or over the network).
    People,
    /// People and bots, or bots of several strengths.
    Mixed,
}

/// One finished game, as the history list shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Summary {
    pub game_id: Digest,
    /// Seconds since 1970.
    pub finished_at: u64,
    /// The named preset the rules are, or none for house rules.
    pub preset: Option<Preset>,
    pub names: [String; 4],
    /// The seat of the player at this computer (the first person seat).
    pub me: Option<Seat>,
    pub opponents: Option<Opponents>,
    /// Each seat's place, if it finished.
    pub places: [Option<u8>; 4],
    /// How often each face (1 to 6) was rolled in the game.
    pub faces: [u32; 6],
    /// Log entries in the proof.
    pub entries: u64,
}

/// A game in the history: its summary and where its proof is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    pub summary: Summary,
    pub proof: PathBuf,
}

/// The summary of a game whose proof verified.
fn summarise(meta: &GameMeta, proof: &Proof<Record>, finished_at: u64) -> Result<Summary, String> {
    let (valid, state) = verify_proof(proof).map_err(|e| e.to_string())?;
    let seats = meta.config.seats;
    // This computer's person: the first seat it plays (a networked game's
    // other persons belong to other participants).
    let here = |s: &Seat| seats[s.index()] == Control::Person { owner: Participant::LOCAL };
    let me = Seat::ALL.into_iter().find(here);
    let others: Vec<Control> = Seat::ALL
        .into_iter()
        .filter(|&s| Some(s) != me)
        .map(|s| seats[s.index()])
        .filter(|c| *c != Control::Empty)
        .collect();
    let opponents = match others.first() {
        Some(Control::Bot(first)) if others.iter().all(|c| *c == Control::Bot(*first)) => {
            Some(Opponents::Bots(*first))
        }
        Some(_) if others.iter().all(|c| c.owner().is_some()) => Some(Opponents::People),
        Some(_) => Some(Opponents::Mixed),
        None => None,
    };
    let mut faces = [0u32; 6];
    for entry in &proof.entries {
        if let Ok(body) = entry.body.decode()
            && let Record::Roll { face, .. } = body.content
            && let Some(n) = faces.get_mut(usize::from(face.get() - 1))
        {
            *n += 1;
        }
    }
    Ok(Summary {
        game_id: valid.game_id,
        finished_at,
        preset: Preset::ALL.into_iter().find(|p| p.rules() == meta.config.rules),
        names: meta.names.clone(),
        me,
        opponents,
        places: Seat::ALL.map(|s| state.game.place(s)),
        faces,
        entries: valid.through,
    })
}

/// A summary file's value, as [`Home::history`] reads it.
pub fn decode_summary(bytes: &[u8]) -> Result<Summary, file::Problem> {
    file::decode_versioned(bytes, VERSION)
}

impl Home {
    fn history_dir(&self) -> PathBuf {
        self.data_dir().join("history")
    }

    /// Files a finished game: its proof must verify. The saved game is
    /// forgotten once the proof is in the history.
    pub fn record_finished(
        &self,
        meta: &GameMeta,
        proof: &Proof<Record>,
        finished_at: u64,
    ) -> Result<Finished, ProfileError> {
        let finished = self.record_played(meta, proof, finished_at)?;
        self.discard_save()?;
        Ok(finished)
    }

    /// Keeps a finished game in the history (a networked one too) and
    /// leaves the saved game alone.
    pub fn record_played(
        &self,
        meta: &GameMeta,
        proof: &Proof<Record>,
        finished_at: u64,
    ) -> Result<Finished, ProfileError> {
        let stem = meta.game_id.to_hex();
        let path = self.history_dir().join(format!("{stem}.proof"));
        let summary = summarise(meta, proof, finished_at)
            .map_err(|why| ProfileError::Damaged { path: path.clone(), why })?;
        file::write_atomic(&path, &proof.to_postcard(), false)?;
        file::write_versioned(&self.history_dir().join(format!("{stem}.json")), VERSION, &summary, false)?;
        Ok(Finished { summary, proof: path })
    }

    /// The finished games, newest first, and summaries that had to be kept aside.
    pub fn history(&self) -> Result<(Vec<Finished>, Vec<Notice>), ProfileError> {
        let dir = self.history_dir();
        let listing = match fs::read_dir(&dir) {
            Ok(listing) => listing,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), Vec::new())),
            Err(e) => return Err(io_error("list", &dir)(e)),
        };
        let mut games = Vec::new();
        let mut notices = Vec::new();
        for item in listing {
            let path = item.map_err(io_error("list", &dir))?.path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let bytes = fs::read(&path).map_err(io_error("read", &path))?;
            match decode_summary(&bytes) {
                Ok(summary) => games.push(Finished { summary, proof: path.with_extension("proof") }),
                Err(problem) => notices.push(file::move_aside(&path, problem)?),
            }
        }
        games.sort_by_key(|g| std::cmp::Reverse(g.summary.finished_at));
        Ok((games, notices))
    }
}

/// Writes a proof where the player chose, atomically: JSON when the name
/// ends in `.json`, else postcard (both read back by `ludopia verify`).
pub fn export_proof(proof: &Proof<Record>, path: &std::path::Path) -> Result<(), ProfileError> {
    let bytes = if path.extension().is_some_and(|e| e == "json") {
        let json = proof
            .to_json()
            .map_err(|e| ProfileError::Damaged { path: path.to_path_buf(), why: e.to_string() })?;
        json.into_bytes()
    } else {
        proof.to_postcard()
    };
    file::write_atomic(path, &bytes, false)
}

/// A proof file from the history (or anywhere), read but not yet verified.
pub fn read_proof(path: &std::path::Path) -> Result<Proof<Record>, ProfileError> {
    let bytes = fs::read(path).map_err(io_error("read", path))?;
    Proof::read(&bytes).map_err(|e| ProfileError::Damaged { path: path.to_path_buf(), why: e.to_string() })
}
