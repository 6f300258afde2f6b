//! The networked game in progress, saved as it goes on every peer, so that
//! a peer whose window crashed or closed, or whose process was killed,
//! comes back to its seat. Two files in `data/saves`: `network.json` (how
//! this peer sits at the table: its secret, the table's address, the
//! roster; private to the user), written when the game begins and when the
//! roster changes, and `network.proof`, the verified log so far
//! (atomically replaced as entries come). Nothing saved is trusted as
//! state: the log is verified again when the game resumes.

use super::Home;
use super::file::{self, ProfileError, io_error};
use crate::bots::Strategy;
use crate::fair::{Digest, Proof};
use crate::rules::{Preset, Seat};
use crate::table::{Record, Roster, TableConfig};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::{fs, io};

/// A saved networked game and its log, when the log is of that game.
pub type SavedNetGame = (NetGame, Option<Proof<Record>>);

const VERSION: u32 = 1;
const GAME_FILE: &str = "network.json";
const LOG_FILE: &str = "network.proof";

/// How this peer sits at a networked table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The table's creator: its config and secret entropy rebuild the keys
    /// and chains of the seats it holds.
    Host { config: TableConfig, entropy: Digest, preset: Preset, listed: bool },
    /// A guest: its seat, and the secret its chain and bot come from.
    Guest { seat: Seat, secret: Digest, bot: Option<Strategy> },
}

/// What a networked game needs besides its log to be resumed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetGame {
    pub game_id: Digest,
    pub role: Role,
    /// The host's invite ticket and the table's room code.
    pub host: String,
    pub code: String,
    pub roster: Roster,
    /// This player's name at the table.
    pub name: String,
    /// Seconds since 1970 when the game began.
    pub started_at: u64,
}

/// The network game file's value, as [`Home::net_game`] reads it.
pub fn decode_net_game(bytes: &[u8]) -> Result<NetGame, file::Problem> {
    file::decode_versioned(bytes, VERSION)
}

impl Home {
    fn net_saves(&self) -> PathBuf {
        self.data_dir().join("saves")
    }

    /// Saves how this peer sits at the table (when the game begins, and
    /// when the roster changes).
    pub fn save_net_game(&self, game: &NetGame) -> Result<(), ProfileError> {
        file::write_versioned(&self.net_saves().join(GAME_FILE), VERSION, game, true)
    }

    /// Saves the verified log so far of that game.
    pub fn save_net_log(&self, proof: &Proof<Record>) -> Result<(), ProfileError> {
        file::write_atomic(&self.net_saves().join(LOG_FILE), &proof.to_postcard(), false)
    }

    /// The saved networked game and its log, if there is one. A damaged
    /// save is moved aside and reported as [`ProfileError::Kept`]; a log of
    /// another game (a crash between the two files) is no log.
    pub fn net_game(&self) -> Result<Option<SavedNetGame>, ProfileError> {
        let path = self.net_saves().join(GAME_FILE);
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error("read", &path)(e)),
        };
        let game = match decode_net_game(&bytes) {
            Ok(game) => game,
            Err(problem) => return Err(ProfileError::Kept(file::move_aside(&path, problem)?)),
        };
        let log = self.net_saves().join(LOG_FILE);
        let proof = match fs::read(&log) {
            Ok(bytes) => match Proof::<Record>::read(&bytes) {
                Ok(proof) if proof.genesis.game_id() == game.game_id => Some(proof),
                Ok(_) => None,
                Err(e) => {
                    let notice = file::move_aside(&log, file::Problem::Damaged(e.to_string()))?;
                    return Err(ProfileError::Kept(notice));
                }
            },
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(io_error("read", &log)(e)),
        };
        Ok(Some((game, proof)))
    }

    /// Forgets the networked game (it finished, or the player left it).
    pub fn discard_net_game(&self) -> Result<(), ProfileError> {
        for name in [LOG_FILE, GAME_FILE] {
            let path = self.net_saves().join(name);
            match fs::remove_file(&path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_error("remove", &path)(e)),
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::{Identity, SignedGenesis};
    use crate::rules::Preset;
    use crate::table::{CHAIN_LEN, Control, Participant, Table, Timing};

    #[test]
    fn a_network_game_round_trips_and_a_foreign_log_is_no_log() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::at(dir.path());
        assert!(home.net_game().unwrap().is_none());
        let config = TableConfig {
            rules: Preset::Race.rules(),
            seats: [
                Control::Bot(Strategy::Normal),
                Control::Bot(Strategy::Easy),
                Control::Empty,
                Control::Empty,
            ],
            host: Participant::LOCAL,
            timing: Timing::INSTANT,
            chain_len: CHAIN_LEN,
        };
        let table =
            Table::new(config.clone(), Identity::from_secret(&[1; 32]), [2; 32], [None; 4], 0).unwrap();
        let game = NetGame {
            game_id: table.genesis().game_id(),
            role: Role::Host { config, entropy: Digest([2; 32]), preset: Preset::Race, listed: true },
            host: "ticket".into(),
            code: "ABCDEF".into(),
            roster: Roster::default(),
            name: "Ana".into(),
            started_at: 1,
        };
        home.save_net_game(&game).unwrap();
        home.save_net_log(&table.proof()).unwrap();
        let (back, proof) = home.net_game().unwrap().unwrap();
        assert_eq!(back, game);
        assert_eq!(proof.unwrap().entries, table.entries());
        let mut other = table.proof();
        other.genesis = SignedGenesis { sigs: [None; 4], ..other.genesis };
        other.genesis.genesis = crate::fair::Canonical::new(&{
            let mut g = table.genesis().genesis.decode().unwrap();
            g.chain_len = 7;
            g
        });
        home.save_net_log(&other).unwrap();
        assert!(home.net_game().unwrap().unwrap().1.is_none());
        home.discard_net_game().unwrap();
        assert!(home.net_game().unwrap().is_none());
    }
}
