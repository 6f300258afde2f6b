//! Keeping a local game: saved to the profile after every log entry, filed
//! in the history with its proof when it ends, and resumed from its saved
//! log (re-verified by `table::Table::resume`) after the app closed or crashed.

use super::{Authority, GameScreen};
use crate::fair::{Digest, Identity};
use crate::profile::Home;
use crate::profile::saves::{GameMeta, SavedGame};
use crate::rules::Seat;
use crate::table::{self, Control};
use crate::ui::i18n::t;
use crate::ui::screen::setup::{Sitter, Table};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Where a game is saved and what resumes it.
pub struct Keeping {
    home: Home,
    meta: GameMeta,
}

/// The key a local table signs its log with, from its entropy (so the
/// saved entropy is all a resumed table needs).
pub fn host_key(entropy: &[u8; 32]) -> Identity {
    Identity::from_secret(&crate::fair::tagged("ludopia/ui/host-key", &[entropy]).0)
}

fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

impl GameScreen {
    /// The saved game again, its log verified entry by entry.
    pub fn resume(saved: SavedGame, now: Instant) -> Result<GameScreen, table::Refusal> {
        let meta = saved.meta;
        let entropy = meta.entropy.0;
        let authority =
            table::Table::resume(meta.config.clone(), host_key(&entropy), entropy, &saved.entries, 0)?;
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
        let table = Table { rules: meta.config.rules, sitters, name, bot_speed: Default::default() };
        let mut screen =
            GameScreen::open(table, meta.names.clone(), Authority::Here(Box::new(authority)), entropy, now)?;
        screen.last_event = t("Welcome back: the game resumes where it stopped.").to_string();
        Ok(screen)
    }

    /// Saves this game in `home` from now on (and its log so far). A
    /// networked game is not saved: its table runs in the network driver.
    pub fn keep_in(&mut self, home: Home) -> Result<(), crate::profile::ProfileError> {
        let Authority::Here(table) = &self.authority else { return Ok(()) };
        let meta = GameMeta {
            game_id: table.genesis().game_id(),
            entropy: Digest(self.entropy),
            config: table.config().clone(),
            names: self.names.clone(),
            started_at: unix_now(),
        };
        home.begin_save(&meta)?;
        self.keeping = Some(Keeping { home, meta });
        self.keep();
        Ok(())
    }

    /// After new entries: the log is saved; a finished game goes to the
    /// history. A failure is shown and saving stops (the game goes on).
    pub(super) fn keep(&mut self) {
        let (Some(keeping), Authority::Here(table)) = (&self.keeping, &self.authority) else { return };
        let proof = table.proof();
        let over = self.game.is_over();
        let kept = if over {
            keeping.home.record_finished(&keeping.meta, &proof, unix_now()).map(|_| ())
        } else {
            keeping.home.save_log(&proof)
        };
        match kept {
            Err(e) => {
                self.last_event = crate::t!("The game is no longer saved: {e}", e = e);
                self.keeping = None;
            }
            Ok(()) if over => self.keeping = None,
            Ok(()) => {}
        }
    }
}
