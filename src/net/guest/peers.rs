//! A guest's messages to the other guests: its signed reveals and heads,
//! what it hears from them (a peer's reveal passed on to the host if the
//! roll still waits for it, a peer's head compared with its own log, a
//! peer's word that the host is lost).

use std::time::{Duration, Instant};

use futures::FutureExt;
use libp2p::PeerId;
use tracing::debug;

use super::Follower;
use crate::net::report::Line;
use crate::net::session::Session;
use crate::net::wire::Request;
use crate::table::{GuestError, ToHost, ToPeer};

/// How long a peer's reveal waits before this guest passes it on to the
/// host: a roll that is not made by then may be waiting for it (the peer
/// cut off from the host), and a host that acknowledges it and then records
/// the link as missed is caught. Well under the table's reveal wait; most
/// rolls are made long before, so at bot speed nothing is passed on twice.
const PASS_ON: Duration = Duration::from_millis(300);

impl Follower {
    /// Sends a message to every other guest of the roster, each on its own.
    pub fn tell_peers<O: FnMut(Line)>(&mut self, session: &Session<O>, message: ToPeer) {
        // Measurement only: what sharing reveals and heads costs the table.
        if cfg!(feature = "quiet-peers") && matches!(message, ToPeer::Reveal(_) | ToPeer::Head { .. }) {
            return;
        }
        // An elected host has our reveals and heads already.
        for (_, ticket) in self.other_guests() {
            let client = session.client.clone();
            let message = message.clone();
            self.peer_sends.push(
                async move {
                    let peer = ticket.peer;
                    let _ = client.connect(ticket).await;
                    if let Err(e) = client.send(peer, Request::Peer(message)).await {
                        debug!(%peer, "a message to a peer was lost: {e}");
                    }
                }
                .boxed(),
            );
        }
    }

    pub(super) fn on_peer_message<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        peer: PeerId,
        message: ToPeer,
    ) {
        let result = match message {
            ToPeer::Head { head, entry } => self.guest.peer_head(&head, entry),
            // A peer's reveal goes on to the host too, if the roll still
            // waits for it a moment later: whatever the peer's own link to
            // the host does, the host then has it from us.
            ToPeer::Reveal(reveal) => match self.guest.reveal_seen(&reveal) {
                Ok(true) => {
                    self.passing.push((reveal, Instant::now()));
                    Ok(())
                }
                Ok(false) => Ok(()),
                Err(e) => Err(e),
            },
            ToPeer::Lost { vote, tail } => {
                let seat = self.seat_of(peer);
                self.heard_lost(session, seat, vote, tail);
                Ok(())
            }
        };
        match result {
            Err(GuestError::Lie(found)) => self.caught(session, *found),
            Err(GuestError::Fork { seq }) => debug!(%peer, "a peer is on another branch from entry {seq}"),
            Err(e) => debug!(%peer, "a peer's message was not taken: {e}"),
            Ok(()) => {}
        }
    }

    /// Queues for the host the peers' reveals whose roll has waited
    /// [`PASS_ON`] since they came; forgets those of rolls made meanwhile.
    pub(super) fn pass_on(&mut self, now: Instant) {
        let pending = self.guest.replica().map(|r| r.state().next_roll);
        let mut due = Vec::new();
        self.passing.retain(|(reveal, came)| {
            let k = reveal.body.decode().map(|r| r.k).ok();
            if k.is_none() || k != pending {
                return false;
            }
            if now.duration_since(*came) < PASS_ON {
                return true;
            }
            due.push(reveal.clone());
            false
        });
        for reveal in due {
            self.push(ToHost::Reveal(reveal));
        }
    }
}
