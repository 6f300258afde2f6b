//! What a networked player carries from role to role: its network node and
//! events, its report, its clock, this computer's person, and where it
//! keeps the game. A peer starts as the host or as a guest; a guest may be
//! elected and host, a host may find a preferred branch and follow it.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use libp2p::PeerId;
use tokio::sync::mpsc;
use tracing::{debug, warn};

use super::report::{Deed, Line};
use super::route::Route;
use super::{Client, NodeEvent};
use crate::fair::{Identity, Proof};
use crate::profile::{Home, network::NetGame};
use crate::table::{Millis, Record};

/// How often a host beats, and a guest tells its peers its head.
pub const BEAT: Duration = Duration::from_secs(1);
/// A peer not heard from for this long (three missed beats) is lost; its
/// connections are closed and dialled afresh.
pub const LOST: Duration = Duration::from_secs(3);
/// How often the drivers look at their timers.
pub const TICK: Duration = Duration::from_millis(100);
/// The longest a log save waits behind the newest entry.
const SAVE_EVERY: Duration = Duration::from_millis(100);

/// Where a networked game is kept as it goes, so that this peer comes
/// back to its seat after a crash, a close or a restart.
pub struct Keeper {
    home: Home,
    pub game: NetGame,
    saved: Option<Instant>,
    dirty: bool,
}

impl Keeper {
    pub fn new(home: Home, game: NetGame) -> Keeper {
        Keeper { home, game, saved: None, dirty: false }
    }

    /// Writes how this peer sits at the table (the roster may have changed).
    pub fn save_game(&self) {
        if let Err(e) = self.home.save_net_game(&self.game) {
            warn!("the network game was not saved: {e}");
        }
    }

    /// Notes that the log grew; it is written at most every half second.
    pub fn touch(&mut self) {
        self.dirty = true;
    }

    /// Writes the log if it changed and the last write is old enough (or
    /// at once, `now`).
    pub fn save_log(&mut self, proof: impl FnOnce() -> Option<Proof<Record>>, now: bool) {
        let due = now || self.saved.is_none_or(|t| t.elapsed() >= SAVE_EVERY);
        if !self.dirty || !due {
            return;
        }
        let Some(proof) = proof() else { return };
        if let Err(e) = self.home.save_net_log(&proof) {
            warn!("the network game's log was not saved: {e}");
        }
        self.saved = Some(Instant::now());
        self.dirty = false;
    }

    /// The game is over: nothing to come back to.
    pub fn finish(&self) {
        if let Err(e) = self.home.discard_net_game() {
            warn!("the finished network game was not cleared: {e}");
        }
    }
}

/// Where a player's lines go: the drivers' and the routes the network tells.
pub struct Report<O>(Arc<Mutex<O>>);

impl<O: FnMut(Line)> Report<O> {
    pub fn new(out: O) -> Self {
        Report(Arc::new(Mutex::new(out)))
    }

    pub fn say(&self, line: Line) {
        // A panic while printing leaves the printer as usable as before.
        (self.0.lock().unwrap_or_else(PoisonError::into_inner))(line);
    }
}

impl<O> Clone for Report<O> {
    fn clone(&self) -> Self {
        Report(Arc::clone(&self.0))
    }
}

/// The network's events for the drivers. Route changes, and a hosted
/// table's new ticket, are reported as they pass, whatever the driver
/// does, so they are not its concern.
pub struct Events<O> {
    events: mpsc::Receiver<NodeEvent>,
    report: Report<O>,
    /// The code of the table this peer opened, and the ticket last printed
    /// with it: a new ticket is printed, the same one again is not.
    listing: Option<(String, String)>,
}

impl<O: FnMut(Line)> Events<O> {
    pub fn new(events: mpsc::Receiver<NodeEvent>, report: Report<O>) -> Self {
        Events { events, report, listing: None }
    }

    /// Says that this peer's table `code` is open at `ticket`.
    pub fn listening(&mut self, code: String, ticket: String) {
        self.listing = Some((code.clone(), ticket.clone()));
        self.report.say(Line::Listening { code, ticket });
    }

    /// The next event that is not a route (cancel-safe, as the channel's).
    pub async fn recv(&mut self) -> Option<NodeEvent> {
        loop {
            let event = self.events.recv().await?;
            if let Some(event) = self.pass(event) {
                return Some(event);
            }
        }
    }

    /// Drops the events waiting, reporting the routes among them.
    pub fn skip_waiting(&mut self) {
        while let Ok(event) = self.events.try_recv() {
            self.pass(event);
        }
    }

    fn pass(&mut self, event: NodeEvent) -> Option<NodeEvent> {
        match event {
            NodeEvent::Route { peer, route: Route { kind, via } } => {
                self.report.say(Line::Route { peer: peer.to_string(), kind, via: via.to_string() });
                None
            }
            NodeEvent::NewTicket { ticket } => {
                let ticket = ticket.to_string();
                if let Some((code, _)) = self.listing.as_ref().filter(|(_, said)| *said != ticket) {
                    self.listening(code.clone(), ticket);
                }
                None
            }
            event => Some(event),
        }
    }
}

/// A networked player's context, whatever its role.
pub struct Session<O> {
    pub client: Client,
    pub events: Events<O>,
    pub out: Report<O>,
    /// The table's clock starts here.
    pub clock: Instant,
    /// The deeds of this computer's person, if one plays here.
    pub acts: Option<mpsc::UnboundedReceiver<Deed>>,
    pub keep: Option<Keeper>,
    /// The key this player signs with (its profile's).
    pub key_secret: [u8; 32],
    /// This player's name at the table.
    pub name: String,
    /// Hosts caught lying: never followed again, whatever they claim.
    pub shunned: Vec<PeerId>,
    /// Where each finished game's proof goes (`--proof`), and how many went.
    pub proof: Option<PathBuf>,
    pub proofs: u32,
}

impl<O: FnMut(Line)> Session<O> {
    pub fn now(&self) -> Millis {
        u64::try_from(self.clock.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    pub fn identity(&self) -> Identity {
        Identity::from_secret(&self.key_secret)
    }

    pub fn report(&mut self, line: Line) {
        self.out.say(line);
    }

    /// The game is over here, with this log: the saved game is cleared
    /// (nothing to come back to) and the proof written where `--proof`
    /// asked. The host's end and a guest's call it alike.
    pub fn game_over(&mut self, proof: impl Fn() -> Option<Proof<Record>>) {
        if let Some(keep) = &mut self.keep {
            keep.touch();
            keep.save_log(&proof, true);
            keep.finish();
        }
        self.write_proof(proof);
    }

    /// A finished game's verified log, written where the command line
    /// asked (`--proof FILE`; the second game of a table playing several
    /// to FILE-2, and so on), for `ludopia verify` anywhere.
    fn write_proof(&mut self, proof: impl FnOnce() -> Option<Proof<Record>>) {
        let Some(path) = &self.proof else { return };
        let Some(proof) = proof() else { return };
        self.proofs += 1;
        let path = match self.proofs {
            1 => path.clone(),
            n => {
                let stem = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
                let ext = path.extension().map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
                path.with_file_name(format!("{stem}-{n}{ext}"))
            }
        };
        if let Err(e) = crate::profile::history::export_proof(&proof, &path) {
            warn!("the game's proof was not written to {}: {e}", path.display());
        }
    }

    /// The next deed of this computer's person; never, if nobody plays here.
    pub async fn next_deed(acts: &mut Option<mpsc::UnboundedReceiver<Deed>>) -> Option<Deed> {
        match acts {
            Some(acts) => acts.recv().await,
            None => std::future::pending().await,
        }
    }

    /// Closes every connection to a peer that stopped answering (a dead
    /// connection may look alive for minutes), so the next request dials
    /// afresh.
    pub fn drop_connections(&self, peer: PeerId) {
        let client = self.client.clone();
        tokio::spawn(async move {
            if let Err(e) = client.disconnect(peer).await {
                debug!(%peer, "disconnect: {e}");
            }
        });
    }
}
