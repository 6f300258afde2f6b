//! A guest at a networked table, without the network: the messages a guest
//! and its host exchange, and the guest's side of them. The guest commits to
//! a dice chain, checks and signs the genesis, verifies every entry with a
//! [`Replica`], reveals its link for each roll and plays its seat with a bot,
//! or carries the acts of the person who plays it ([`Guest::act`]).
//! Pure: the driver in `net` carries the messages and supplies the secret.

use super::authority::{Act, Millis, Table, Timing};
use super::dice::Chain;
use super::record::{Control, Link, Record};
use super::replica::{EntryRefused, Replica};
use crate::bots::{Bot, Strategy};
use crate::fair::{self, Commitment, Identity, Signature, SignedEntry, SignedGenesis};
use crate::rules::{Action, Phase, Rules, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a guest asks of the host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToHost {
    /// A free seat, please.
    Join,
    /// The seat's signing key and dice-chain anchor, for the genesis, and
    /// how the other peers reach this one if the host goes (a ticket).
    Commit { commitment: Commitment, reach: String },
    /// Back after a drop, or at a newly elected host: this guest's verified
    /// head and its newest entries (the new host may lack the last ones).
    Rejoin { head: u64, tail: Vec<SignedEntry<Record>> },
    /// The link of the seat's chain for roll `k`.
    Reveal { k: u32, link: Link },
    /// A wish for the seat, when the game waits for it.
    Intent(Act),
}

/// What the host sends a guest, in order.
#[derive(Clone, Serialize, Deserialize)]
pub enum ToGuest {
    /// The genesis to check and sign (answered with [`Answer::Signed`]).
    Sign(SignedGenesis),
    /// The genesis with every seat's signature: the game begins.
    Sealed(SignedGenesis),
    /// How to reach each guest's peer (a ticket per seat), so that the
    /// peers can elect and reach a new host if this one goes.
    Roster(Vec<(Seat, String)>),
    /// The next log entries, oldest first.
    Entries(Vec<SignedEntry<Record>>),
}

/// The answer to a [`ToHost`] or [`ToGuest`] message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// The guest's seat, the rules, and the nonce its chain must be bound to.
    Welcome {
        seat: Seat,
        rules: Rules,
        nonce: Link,
        chain_len: u32,
    },
    /// The guest's signature of the genesis.
    Signed(Signature),
    Done,
    /// Why the message was refused, in a sentence.
    Refused(String),
}

/// Why a guest stops trusting its host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestError {
    /// The genesis does not hold this guest's commitment at its seat.
    Genesis(String),
    /// An entry came before the sealed genesis.
    NotSealed,
    /// Entries after `head` are missing before this one (lost while away).
    Gap {
        head: u64,
    },
    Entry(String),
}

impl fmt::Display for GuestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuestError::Genesis(why) => write!(f, "the host's genesis is refused: {why}"),
            GuestError::NotSealed => f.write_str("the host sent entries before the sealed genesis"),
            GuestError::Gap { head } => write!(f, "entries after {head} are missing"),
            GuestError::Entry(why) => write!(f, "the host's log entry is refused: {why}"),
        }
    }
}

impl std::error::Error for GuestError {}

impl From<EntryRefused> for GuestError {
    fn from(e: EntryRefused) -> Self {
        GuestError::Entry(e.to_string())
    }
}

/// A verified entry.
pub struct Applied {
    pub seq: u64,
    pub record: Record,
    /// What the guest sends the host in answer.
    pub send: Vec<ToHost>,
}

/// One guest's seat, chain, bot and replica.
pub struct Guest {
    seat: Seat,
    key: Identity,
    chain: Chain,
    /// The bot that plays the seat; `None`: a person does.
    bot: Option<Strategy>,
    /// Seeds the bot's decisions together with the log position.
    seed: [u8; 32],
    replica: Option<Replica>,
    /// The genesis every seat signed, once the game began.
    sealed: Option<SignedGenesis>,
    /// The last roll this guest sent its link for, so each goes once.
    revealed: u32,
}

impl Guest {
    /// A guest seated at `seat` by a [`Answer::Welcome`]; `secret` (fresh
    /// random bytes) seeds its dice chain and its bot. With no `bot`, a
    /// person plays the seat through [`Guest::act`].
    pub fn new(
        seat: Seat,
        nonce: Link,
        chain_len: u32,
        key: Identity,
        secret: &[u8; 32],
        bot: Option<Strategy>,
    ) -> Guest {
        let chain_secret = fair::tagged("ludopia/guest/chain", &[secret]);
        let seed = fair::tagged("ludopia/guest/bot", &[secret]);
        Guest {
            seat,
            key,
            chain: Chain::new(nonce, seat, &chain_secret.0, chain_len),
            bot,
            seed: seed.0,
            replica: None,
            sealed: None,
            revealed: 0,
        }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// What the guest commits to for the genesis.
    pub fn commitment(&self) -> Commitment {
        Commitment { key: self.key.public_key(), anchor: self.chain.anchor() }
    }

    /// The verified game so far, once the genesis is sealed.
    pub fn replica(&self) -> Option<&Replica> {
        self.replica.as_ref()
    }

    /// Signs a genesis that holds this guest's commitment at its seat and
    /// is bound to its chain's nonce.
    pub fn sign(&self, genesis: &SignedGenesis) -> Result<Signature, GuestError> {
        self.check(genesis)?;
        Ok(genesis.sign(&self.key))
    }

    fn check(&self, genesis: &SignedGenesis) -> Result<(), GuestError> {
        let decoded = genesis.genesis.decode().map_err(|e| GuestError::Genesis(e.to_string()))?;
        decoded.check().map_err(|e| GuestError::Genesis(e.to_string()))?;
        if decoded.seat(self.seat) != Some(&self.commitment()) {
            return Err(GuestError::Genesis(format!(
                "{} does not hold this guest's key and dice anchor",
                self.seat
            )));
        }
        Ok(())
    }

    /// Starts the replica from the genesis every seat signed; returns what
    /// to send.
    pub fn seal(&mut self, genesis: &SignedGenesis) -> Result<Vec<ToHost>, GuestError> {
        self.check(genesis)?;
        self.replica = Some(Replica::new(genesis).map_err(|e| GuestError::Genesis(e.to_string()))?);
        self.sealed = Some(genesis.clone());
        Ok(self.next())
    }

    /// Verifies the next entry: its number, its record and what to send.
    /// An entry already verified (a resent batch) is skipped: `None`.
    pub fn apply(&mut self, entry: SignedEntry<Record>) -> Result<Option<Applied>, GuestError> {
        let replica = self.replica.as_mut().ok_or(GuestError::NotSealed)?;
        let body = entry.body.decode().map_err(|e| GuestError::Entry(e.to_string()))?;
        let head = replica.head().0;
        if body.seq <= head {
            return Ok(None);
        }
        if body.seq > head + 1 {
            return Err(GuestError::Gap { head });
        }
        replica.apply(entry)?;
        let seq = replica.head().0;
        if body.content.hands_over().is_some() {
            // The departed host may never have used the link sent last.
            self.offer_again();
        }
        Ok(Some(Applied { seq, record: body.content, send: self.next() }))
    }

    /// What the verified state asks of this guest now, its link for the
    /// pending roll included even if sent before: back after a drop, its
    /// last messages may never have reached the host.
    pub fn owed(&mut self) -> Vec<ToHost> {
        self.offer_again();
        self.next()
    }

    fn offer_again(&mut self) {
        if let Some(replica) = &self.replica {
            self.revealed = self.revealed.min(replica.state().next_roll.saturating_sub(1));
        }
    }

    /// The verified entries from `after + 1` on, at most `max` of the newest.
    pub fn tail(&self, max: usize) -> Vec<SignedEntry<Record>> {
        let entries = self.replica.as_ref().map_or(&[][..], Replica::entries);
        entries[entries.len().saturating_sub(max)..].to_vec()
    }

    /// Elected host: the table that continues this guest's verified log,
    /// signed with its key, from hand-over `epoch` on.
    pub fn take_over(self, epoch: u32, timing: Timing, now: Millis) -> Result<Table, GuestError> {
        let (Some(replica), Some(sealed)) = (self.replica, self.sealed) else {
            return Err(GuestError::NotSealed);
        };
        let state = *replica.state();
        let me = state.control[self.seat.index()]
            .owner()
            .ok_or_else(|| GuestError::Entry(format!("{} is no longer this guest's seat", self.seat)))?;
        let entropy = fair::tagged("ludopia/guest/table", &[&self.seed]).0;
        Table::take_over(
            sealed,
            replica.entries().to_vec(),
            state,
            (me, self.seat),
            self.key,
            self.chain,
            entropy,
            epoch,
            timing,
            now,
        )
        .map_err(|e| GuestError::Entry(format!("cannot take the table over: {e}")))
    }

    /// The message for a person's act on this seat: a roll carries the
    /// seat's link for it (once). `None` before the game began.
    pub fn act(&mut self, act: Act) -> Option<ToHost> {
        let k = self.replica.as_ref()?.state().next_roll;
        Some(ToHost::Intent(match act {
            Act::Roll { .. } => {
                self.revealed = self.revealed.max(k);
                Act::Roll { link: self.chain.link(k) }
            }
            other => other,
        }))
    }

    /// What the verified state asks of this guest: its link for a pending
    /// roll (with the roll itself on its own turn, when a bot plays), or its
    /// bot's decision; a person's turn waits for [`Guest::act`].
    fn next(&mut self) -> Vec<ToHost> {
        let Some(replica) = &self.replica else { return Vec::new() };
        let state = replica.state();
        let control = state.control[self.seat.index()];
        if !state.started || state.paused.is_some() || state.closed.is_some() || control.owner().is_none() {
            return Vec::new();
        }
        let ours = state.game.to_act() == Some(self.seat) && matches!(control, Control::Person { .. });
        match state.game.phase() {
            Phase::Over => Vec::new(),
            // A person's roll carries the link when they roll.
            Phase::Roll if ours && self.bot.is_none() => Vec::new(),
            Phase::Roll => {
                let k = state.next_roll;
                let Some(link) = self.chain.link(k).filter(|_| k > self.revealed) else {
                    return Vec::new();
                };
                self.revealed = k;
                if ours {
                    vec![ToHost::Intent(Act::Roll { link: Some(link) })]
                } else {
                    vec![ToHost::Reveal { k, link }]
                }
            }
            Phase::Move { .. } | Phase::ChooseOpponent | Phase::Duel(_) if ours => {
                let Some(strategy) = self.bot else { return Vec::new() };
                let position = replica.head().0;
                let seed = fair::tagged("ludopia/guest/decision", &[&self.seed, &position.to_be_bytes()]);
                let mut first = [0u8; 8];
                first.copy_from_slice(&seed.0[..8]);
                let act = Bot::new(strategy, u64::from_be_bytes(first)).decide(&state.game).and_then(act_of);
                act.map(ToHost::Intent).into_iter().collect()
            }
            Phase::Move { .. } | Phase::ChooseOpponent | Phase::Duel(_) => Vec::new(),
        }
    }
}

/// The intent that asks the table for a bot's action.
fn act_of(action: Action) -> Option<Act> {
    match action {
        Action::Move { pawn, .. } => Some(Act::Move { pawn }),
        Action::Challenge { opponent, .. } => Some(Act::Challenge { opponent }),
        Action::Mark { cell, .. } => Some(Act::Mark { cell }),
        // The die is the table's to roll.
        Action::Roll { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;
    use crate::table::Replica;
    use crate::table::{CHAIN_LEN, Input, Participant, Table, TableConfig, Timing, game_nonce};

    const GUEST: Participant = Participant(1);

    /// The host's side of the messages, without a network.
    fn deliver(table: &mut Table, now: u64, seat: Seat, message: ToHost) {
        let input = match message {
            ToHost::Reveal { k, link } => Input::Reveal { from: GUEST, seat, k, link },
            ToHost::Intent(act) => Input::Intent { from: GUEST, seat, act },
            other => panic!("unexpected {other:?}"),
        };
        table.handle(now, input).expect("the guest's message is accepted");
    }

    /// A race table of three Normal bots and a guest in the last seat,
    /// signed and sealed: the seat, the table, the guest, its first messages.
    fn race_with_a_guest(entropy: [u8; 32]) -> (Seat, Table, Guest, Vec<ToHost>) {
        let seat = Seat::ALL[3];
        let mut seats = [Control::Bot(Strategy::Normal); 4];
        seats[3] = Control::Person { owner: GUEST };
        let key = Identity::from_secret(&[3; 32]);
        let mut guest =
            Guest::new(seat, game_nonce(&entropy), CHAIN_LEN, key, &[4; 32], Some(Strategy::Easy));
        let mut remote = [None; 4];
        remote[3] = Some(guest.commitment());
        let config = TableConfig {
            rules: Preset::Race.rules(),
            seats,
            host: Participant::LOCAL,
            timing: Timing::INSTANT,
            chain_len: CHAIN_LEN,
        };
        let mut table =
            Table::new(config, Identity::from_secret(&[1; 32]), entropy, remote, 0).expect("table");
        let sig = guest.sign(table.genesis()).expect("the genesis holds the guest's commitment");
        table.handle(0, Input::GenesisSigned { from: GUEST, seat, sig }).expect("signature");
        let pending = guest.seal(table.genesis()).expect("sealed");
        (seat, table, guest, pending)
    }

    #[test]
    fn a_guest_signs_verifies_reveals_and_plays_to_the_end() {
        let entropy = [7; 32];
        let (seat, mut table, mut guest, mut pending) = race_with_a_guest(entropy);
        let mut sent = 0;
        for now in 1..20_000u64 {
            for message in std::mem::take(&mut pending) {
                deliver(&mut table, now, seat, message);
            }
            for entry in &table.entries()[sent..] {
                let applied = guest.apply(entry.clone()).expect("verified").expect("new");
                pending.extend(applied.send);
            }
            // A resent entry is skipped, not refused.
            if let Some(last) = table.entries().last() {
                assert!(guest.apply(last.clone()).expect("skipped").is_none());
            }
            sent = table.entries().len();
            if table.state().game.is_over() {
                break;
            }
        }
        let state = guest.replica().expect("replica").state();
        assert!(state.game.is_over(), "the game did not finish");
        assert_eq!(state, table.state());
        // The guest played its own seat: its moves are in the log as a player's.
        assert!(table.records().iter().any(|r| matches!(
            r,
            Record::Act { action, by: crate::table::By::Player } if action.seat() == seat
        )));
        // A genesis without the guest's commitment is not signed.
        let other = Guest::new(
            seat,
            game_nonce(&entropy),
            CHAIN_LEN,
            Identity::from_secret(&[9; 32]),
            &[4; 32],
            Some(Strategy::Easy),
        );
        assert!(matches!(other.sign(table.genesis()), Err(GuestError::Genesis(_))));
    }

    #[test]
    fn an_elected_guest_takes_the_table_over_and_every_replica_and_the_verifier_follow() {
        let (seat, mut table, mut guest, mut pending) = race_with_a_guest([5; 32]);
        // A watcher's replica, fed everything the guest verifies.
        let mut watcher = Replica::new(table.genesis()).expect("replica");
        let mut sent = 0;
        for now in 1..200u64 {
            for message in std::mem::take(&mut pending) {
                deliver(&mut table, now, seat, message);
            }
            for entry in &table.entries()[sent..] {
                pending.extend(guest.apply(entry.clone()).expect("verified").expect("new").send);
                watcher.apply(entry.clone()).expect("watcher");
            }
            sent = table.entries().len();
        }
        let head = sent;
        assert!(head > 10 && !table.state().game.is_over());
        // The host is gone: the guest takes over (its seat's key signs now).
        let mut next = guest.take_over(1, Timing::INSTANT, 0).expect("take over");
        assert_eq!(next.records()[head], Record::Handover { epoch: 1, host: seat });
        next.handle(0, Input::Intent { from: GUEST, seat, act: Act::Leave }).expect("a bot plays on");
        for now in 1..20_000u64 {
            next.handle(now, Input::Tick).expect("tick");
            if next.state().game.is_over() {
                break;
            }
        }
        assert!(next.state().game.is_over(), "the game finished under the new host");
        for entry in &next.entries()[head..] {
            watcher.apply(entry.clone()).expect("the watcher verifies the new host's entries");
        }
        assert_eq!(watcher.state(), next.state());
        let (valid, end) = crate::table::verify_proof(&next.proof()).expect("the whole log verifies");
        assert_eq!(valid.through, next.entries().len() as u64);
        assert_eq!(&end, next.state());
        // Rolls after the hand-over go on without the departed host's chains.
        assert!(next.records()[head..].iter().any(|r| matches!(
            r,
            Record::Roll { proof, .. } if proof.mask.iter().eq([seat])
        )));
        // A hand-over signed by anyone but the seat it names is refused.
        let mut forged = Replica::new(next.genesis()).expect("replica");
        for entry in &next.entries()[..head] {
            forged.apply(entry.clone()).expect("old host's entries");
        }
        let body = next.entries()[head].body.decode().expect("body");
        let fake = crate::fair::SignedEntry::sign(&Identity::from_secret(&[1; 32]), &body);
        assert!(forged.apply(fake).is_err(), "the old host's key cannot hand the log over");
    }
}
