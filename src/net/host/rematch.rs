//! Another game with the same group (a rematch): once the end is settled,
//! the host sets the next game up from the last one's seats (a person
//! whose seat a stand-in played takes it back, a seat given to a bot stays
//! a bot), offers each guest its seat with a fresh table nonce, and opens
//! the table once every guest committed a fresh chain. A guest that does
//! not come back within the offer's window leaves its seat to a bot.

use super::*;
use crate::profile::network::Role;
use crate::table::Offer;

impl Host {
    /// The game is over and the group plays another: sets it up and asks
    /// each guest for a fresh dice chain.
    pub(super) async fn next_game<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
    ) -> Result<(), PlayError> {
        let Some(table) = self.table.take() else { return Ok(()) };
        let config = table
            .rematch(self.config.host)
            .map_err(|e| PlayError::Table(format!("the next game cannot be set up: {e}")))?;
        self.again -= 1;
        // The next game's chains and bots: fresh bytes from the last's.
        self.entropy = crate::fair::tagged(crate::fair::hash::TAG_TABLE_AGAIN, &[&self.entropy]).0;
        self.seats = config.seats;
        self.config = config;
        self.sealed_sent = false;
        self.published = 0;
        self.opened = None;
        self.ended = None;
        self.reported_over = false;
        self.since = 1;
        self.counting_from = None;
        self.rival = None;
        let now = Instant::now();
        let nonce = game_nonce(&self.entropy);
        let chain_len = self.config.chain_len;
        let seats = self.seats;
        // A guest whose seat went to a bot for good (it left) is not asked.
        self.guests.retain(|_, g| seats[g.seat.index()] == Control::Person { owner: g.who });
        // Watchers who reserved a colour are asked like the guests; the
        // others saw their game to its end (the next is watched afresh).
        self.seat_watchers(session).await;
        let mut asked = Vec::new();
        for (peer, guest) in &mut self.guests {
            let (name, reach) = (std::mem::take(&mut guest.name), std::mem::take(&mut guest.reach));
            *guest = Seated::new(guest.who, guest.seat, name, reach, Digest::default(), false);
            self.offers.insert(*peer, (guest.seat, now, guest.name.clone()));
            asked.push((*peer, guest.seat));
        }
        self.again_since = Some(now);
        for (peer, seat) in asked {
            self.send(session, peer, ToGuest::Again(Offer { seat, nonce, chain_len }));
        }
        if let Some(keep) = &mut session.keep {
            if let Role::Host { config, entropy, .. } = &mut keep.game.role {
                *config = self.config.clone();
                *entropy = Digest(self.entropy);
            }
            keep.game.game_id = Digest::default();
            keep.save_game();
        }
        info!(left = self.again, "the next game with the same group");
        self.list(session).await?;
        // No seat waits for a guest (every seat a bot): nobody to wait for.
        self.try_open(session)
    }

    /// The next game's offers lapsed: the seats of the guests that did not
    /// commit go to bots, and the game starts without them.
    pub(super) async fn start_without_the_absent<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
    ) -> Result<(), PlayError> {
        if self.again_since.is_none_or(|t| t.elapsed() < OFFER_WINDOW) || self.table.is_some() {
            return Ok(());
        }
        self.again_since = None;
        let absent: Vec<PeerId> =
            self.guests.iter().filter(|(_, g)| g.commitment.is_none()).map(|(p, _)| *p).collect();
        for peer in absent {
            let Some(gone) = self.guests.remove(&peer) else { continue };
            warn!(%peer, "the guest did not come back for the next game: a bot plays its seat");
            let bot = Control::Bot(BOT_INSTEAD);
            self.seats[gone.seat.index()] = bot;
            self.config.seats[gone.seat.index()] = bot;
            self.roster.seats[gone.seat.index()] = None;
            let _ = session.client.keep(peer, false).await;
            session.report(Line::Left { colour: self.rules.colour_of(gone.seat), seat: gone.seat });
        }
        self.try_open(session)
    }
}
