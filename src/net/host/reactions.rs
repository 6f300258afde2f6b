//! Reactions at a hosted table: heard from a guest at a player's rate,
//! reported, and passed on to the other guests.

use super::*;

impl Host {
    /// A guest's reaction: reported, and passed on to the other guests.
    /// Only seated guests react, each at a player's rate.
    pub(super) fn heard<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        peer: PeerId,
        reaction: Reaction,
    ) {
        let Some(seat) = self.guests.get(&peer).map(|g| g.seat) else {
            debug!(%peer, "a reaction from a peer with no seat was dropped");
            return;
        };
        if !self.chatter.allow_at(&seat, Kind::Reaction, PLAYER_REACTIONS, Instant::now()) {
            debug!(%peer, "a reaction over the player's rate was dropped");
            return;
        }
        self.pass_on(session, Said { seat, reaction }, Some(peer));
    }

    /// Reports a reaction and sends it to every guest but its sender, each
    /// on its own: a lost reaction is not worth holding the game for.
    pub(super) fn pass_on<O: FnMut(Line)>(&self, session: &mut Session<O>, said: Said, from: Option<PeerId>) {
        if from.is_some() {
            let colour = self.rules.colour_of(said.seat);
            session.report(Line::Reaction { colour, seat: said.seat, reaction: said.reaction });
        }
        for &peer in self.guests.keys().filter(|&&p| Some(p) != from) {
            let client = session.client.clone();
            tokio::spawn(async move {
                if let Err(e) = client.send(peer, Request::Said(said)).await {
                    debug!(%peer, "a reaction was lost: {e}");
                }
            });
        }
    }
}
