//! Rolls: the table's side of the fair dice. A roll is pressed (by its
//! person, a bot or a timeout), every live chain's link is gathered (the
//! table's own chains, and the peers' signed reveals), and the roll is made
//! from exactly the log's live set. A peer whose link does not come within
//! the genesis's `reveal_wait` is recorded as missed first, so that every
//! replica sees why the set shrank. Also the dice arithmetic every replica
//! shares: seeds, faces, the first-player draw, and links checked against a
//! chain head that may be several rolls old (a peer that was away skips
//! rolls).

use super::authority::{Millis, Press, Refusal, Table};
use super::record::{By, Control, Link, Record, RollProof};
use super::state::DRAW_ROLLER;
use crate::fair::{self, SignedReveal, chain};
use crate::rules::{Face, FirstPlayer, Seat, SeatSet};

pub use crate::fair::Chain;

/// The roll seed of roll `k` from the contributing seats' links.
pub fn seed(game_id: &Link, k: u32, roller: u8, mask: SeatSet, links: &[Option<Link>; 4]) -> Option<Link> {
    fair::roll_seed_by(game_id, k, roller, mask, links).ok()
}

pub fn face(seed: &Link) -> Face {
    fair::die_face(seed)
}

/// A uniform index below `n` from a seed, by rejection like the die.
pub fn pick(seed: &Link, n: u8) -> u8 {
    fair::uniform("ludo-p2p/v1/draw", seed, n)
}

/// Whether `link` is element `k` of the chain whose element `index` is `head`.
pub fn link_follows(nonce: &Link, seat: Seat, k: u32, link: &Link, index: u32, head: &Link) -> bool {
    if k <= index {
        return false;
    }
    let mut e = *link;
    for j in (index + 1..=k).rev() {
        e = chain::step(nonce, seat, j, &e);
    }
    e == *head
}

impl Table {
    /// A seat's signed reveal of its link for the pending roll: from its
    /// peer, or passed on by another guest that holds it (the seat's
    /// signature, not the sender, is what counts).
    pub(super) fn reveal(&mut self, reveal: SignedReveal) -> Result<(), Refusal> {
        let verified = self.verified.as_ref().ok_or(Refusal::NotSealed)?;
        let body = reveal.verify(verified).map_err(|e| Refusal::BadReveal(e.to_string()))?;
        let (seat, k, link) = (body.seat, body.k, body.link);
        if self.state.held.contains(seat) {
            return Err(Refusal::NotYourSeat(seat));
        }
        if k != self.state.next_roll {
            return Err(Refusal::BadReveal(format!(
                "roll {k} is not the pending roll {}",
                self.state.next_roll
            )));
        }
        let (index, head) = self.state.heads[seat.index()];
        if !link_follows(&self.state.nonce, seat, k, &link, index, &head) {
            return Err(Refusal::BadReveal(format!("the link does not follow {seat}'s chain")));
        }
        if self.reveals[seat.index()].is_none() {
            self.reveals[seat.index()] = Some((k, link));
            self.signed_reveals.push(reveal);
        }
        Ok(())
    }

    /// The link of `seat` for roll `k`, if the table has it.
    fn link(&self, seat: Seat, k: u32) -> Option<Link> {
        match &self.chains[seat.index()] {
            Some(chain) if self.state.held.contains(seat) => chain.link(k),
            _ => self.reveals[seat.index()].filter(|&(rk, _)| rk == k).map(|(_, l)| l),
        }
    }

    /// Rolls the pressed roll (or the first-player draw) once every live
    /// link is in, or once the wait for the missing ones is over (they are
    /// recorded as missed first). Says whether it recorded anything.
    pub(super) fn try_roll(&mut self, now: Millis) -> bool {
        let Some(press) = self.press else {
            return false;
        };
        if !self.state.started && self.config.rules.first_player == FirstPlayer::Seat0 {
            // Nothing to draw: the first playing seat starts.
            let Some(first) = self.state.game.players().iter().next() else {
                return false;
            };
            return self.record(now, Record::Start { seats: self.config.seats, first, draw: None }).is_ok();
        }
        let k = self.state.next_roll;
        let missing: Vec<Seat> = self.state.live.iter().filter(|&s| self.link(s, k).is_none()).collect();
        if !missing.is_empty() {
            let waited = now.saturating_sub(press.at);
            if waited < self.config.timing.reveal_wait {
                return false;
            }
            for seat in missing {
                if self.record(now, Record::Missed { seat, k, waited }).is_err() {
                    // A held chain without its link: nothing the table can roll with.
                    return false;
                }
            }
        }
        let mask = self.state.live;
        let links = Seat::ALL.map(|s| if mask.contains(s) { self.link(s, k) } else { None });
        let proof = RollProof { k, mask, links };
        if !self.state.started {
            let players = self.state.game.players();
            let Some(seed) = seed(&self.state.game_id, k, DRAW_ROLLER, mask, &links) else {
                return false;
            };
            let index = pick(&seed, players.len() as u8);
            let Some(first) = players.iter().nth(usize::from(index)) else {
                return false;
            };
            return self
                .record(now, Record::Start { seats: self.config.seats, first, draw: Some(proof) })
                .is_ok();
        }
        let Some((seat, control)) = self.state.to_act() else {
            return false;
        };
        let Some(seed) = seed(&self.state.game_id, k, u8::from(seat), mask, &links) else {
            return false;
        };
        let by = match (control, press.by) {
            // The seat changed hands while the roll waited.
            (Control::Person { .. }, By::Bot) => By::Timeout,
            (_, By::Player) if control.bot().is_some() => By::Bot,
            (_, by) => by,
        };
        self.record(now, Record::Roll { seat, face: face(&seed), proof, by }).is_ok()
    }

    /// A roll is asked for: it waits for the links from now on.
    pub(super) fn press(&mut self, by: By, now: Millis) {
        if self.press.is_none() {
            self.press = Some(Press { by, at: now });
        }
    }
}
