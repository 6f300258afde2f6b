//! The end of a game at the host: reported once a majority of the table
//! holds it, then the host waits for the guests who lack it, as long as
//! whoever may still come for it is worth waiting for. A table closed
//! because nobody was connected to it has no end to report.

use super::*;
use crate::table::CloseReason;

/// After the end, how long the host waits for the guests who lack it.
const LINGER: Duration = Duration::from_secs(150);
/// After the end, how long the host waits for a peer whose program stopped
/// (a guest, or a departed host) to come back for it, started again. One
/// out of reach (its link cut) is waited for [`LINGER`]: it comes back by
/// itself, a departed host with a branch of its own, and only from here
/// can it learn the table's places.
const LINGER_STOPPED: Duration = Duration::from_secs(20);
/// After the end, when another game follows, how long the host waits for
/// the guests who lack it: well within the time the others wait for their
/// next seat.
const LINGER_AGAIN: Duration = Duration::from_secs(15);
const _: () = assert!(LINGER_AGAIN.as_secs() * 2 <= crate::net::guest::AGAIN_WITHIN.as_secs());
/// Without a majority's acknowledgement, how long a finished game waits
/// before its host reports it anyway (a guest gone for good).
pub(super) const SETTLE_WITHIN: Duration = Duration::from_secs(150);

impl Host {
    /// The table closed unfinished because nobody was connected to it: not
    /// an `over` with the places of a game still under way. A headless host
    /// cut off from every guest lands here; the guests, if only its links
    /// were cut, elected another host and play on without it.
    pub(super) fn expired(&self) -> Option<PlayError> {
        let state = self.table.as_ref()?.state();
        (state.closed == Some(CloseReason::Expired) && !state.game.is_over())
            .then(|| PlayError::Expired { secs: self.config.timing.expiry / 1000 })
    }

    /// The end: reported once a majority holds it, then the host waits
    /// for the guests who lack it (or until [`LINGER`]).
    pub(super) fn check_end<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Option<Hosted> {
        let table = self.table.as_ref()?;
        let state = *table.state();
        if !state.game.is_over() && state.closed.is_none() {
            return None;
        }
        let ended = *self.ended.get_or_insert_with(Instant::now);
        let head = table.entries().len() as u64;
        if !self.reported_over && (self.settled() >= head || ended.elapsed() >= SETTLE_WITHIN) {
            self.reported_over = true;
            session.report(Line::Over { places: places(&state) });
            session.game_over(|| Some(table.proof()));
        }
        let waited = ended.elapsed();
        // Another game follows: the host stays, so a guest whose program
        // stopped cannot take the table over behind it, and is not waited
        // for (its seat goes to a bot when the next game's offer lapses).
        let another = self.again > 0;
        let everyone = self.guests.iter().all(|(peer, g)| {
            let done = g.acked.seq >= head && g.told >= head;
            let gone = g.stopped && (another || waited >= LINGER_STOPPED);
            // A host caught lying is followed never again: not waited for.
            let shunned = session.shunned.contains(peer);
            done || !g.signed || gone || shunned
        }) && self.watchers.values().all(|w| w.holds(head));
        let linger = if another { LINGER_AGAIN } else { LINGER };
        (self.reported_over && (everyone || waited >= linger)).then(|| Hosted::Over(places(&state)))
    }
}
