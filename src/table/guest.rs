//! A guest at a networked table, without the network. The guest commits to
//! a dice chain, checks and signs the genesis, verifies every entry with a
//! [`Replica`], signs its reveals and its head, plays its seat with a bot
//! or carries the acts of its person ([`Guest::act`]), and catches a host
//! that lies: two entries for one place, an entry the rules refuse, a link
//! recorded as missed that its seat had revealed, a roll held back past
//! the table's wait. Pure: the driver in `net` carries the messages and
//! supplies the secret and the time.

use super::authority::{Act, Millis, Table};
use super::evidence::{Found, Kind};
use super::message::{Position, ToHost, ToPeer};
use super::record::{Control, Record};
use super::replica::{EntryRefused, Replica, RollBackError};
use super::rolls::Chain;
use super::roster::Roster;
use super::succession::{can_lead, peers_at_loss};
use super::takeover::Successor;
use crate::bots::{Bot, Strategy};
use crate::fair::{
    self, AppendError, Commitment, EntryError, Evidence, Head, Identity, Proof, Reveal, Signature,
    SignedEntry, SignedGenesis, SignedHead, SignedReveal,
};
use crate::rules::{Action, Events, Phase, Seat, SeatSet};
use std::fmt;

/// How much longer than the table's own waits a guest gives a roll that is
/// due before it counts the host as holding it back (network delays).
pub const STALL_SLACK: Millis = 5_000;

/// Why a guest stops trusting an entry, or cannot take it yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestError {
    /// The genesis does not hold this guest's commitment at its seat.
    Genesis(String),
    /// An entry came before the sealed genesis.
    NotSealed,
    /// Entries after `head` are missing before this one (lost while away).
    Gap { head: u64 },
    /// Another host's entry for a place this guest holds: the table split
    /// and this is another branch (not a lie of our host).
    Fork { seq: u64 },
    /// The host lied, and here is the evidence.
    Lie(Box<Found>),
    /// The entry is not one of this log's (a stale host's, say).
    Entry(String),
}

impl fmt::Display for GuestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuestError::Genesis(why) => write!(f, "the host's genesis is refused: {why}"),
            GuestError::NotSealed => f.write_str("the host sent entries before the sealed genesis"),
            GuestError::Gap { head } => write!(f, "entries after {head} are missing"),
            GuestError::Fork { seq } => write!(f, "another host's branch from entry {seq}"),
            GuestError::Lie(found) => write!(f, "the host lied: {found}"),
            GuestError::Entry(why) => write!(f, "the host's log entry is refused: {why}"),
        }
    }
}

impl std::error::Error for GuestError {}

/// A verified entry, new to this guest.
pub struct Applied {
    pub seq: u64,
    pub record: Record,
    pub events: Events,
}

/// The game once every seat signed: the genesis, the verified log, who
/// sits where.
struct Sealed {
    genesis: SignedGenesis,
    replica: Replica,
    roster: Roster,
}

/// One guest's seat, chain, bot and replica, and what it caught.
pub struct Guest {
    seat: Seat,
    key: Identity,
    chain: Chain,
    /// The bot that plays the seat; `None`: a person does.
    bot: Option<Strategy>,
    /// Seeds the bot's decisions together with the log position.
    seed: [u8; 32],
    sealed: Option<Sealed>,
    /// The last roll this guest sent its link for, so each goes once.
    revealed: u32,
    /// The head at which this guest last sent its seat's act.
    acted: Option<u64>,
    /// When the newest entry arrived, and when this guest pressed its own
    /// roll (for a roll held back).
    last_entry_at: Millis,
    /// Signed reveals seen: this guest's own and its peers'.
    reveals: Vec<SignedReveal>,
    /// Reveals the host acknowledged taking from this guest (its own, or
    /// a peer's passed on): a link the host cannot claim never came.
    acked_reveals: Vec<(Seat, u32)>,
    /// Missed-link records seen, to check against reveals that come later.
    missed: Vec<(u64, Seat, u32)>,
    /// What this guest caught, for its proof.
    evidence: Vec<Evidence<Record>>,
    /// The table's creator following another host: its chain is one the
    /// genesis says the host holds.
    creator: bool,
}

/// What a guest keeps when it takes the table over.
pub struct Kept {
    pub reveals: Vec<SignedReveal>,
    pub evidence: Vec<Evidence<Record>>,
    pub roster: Roster,
}

impl Guest {
    /// A guest seated at `seat` by a welcome; `secret` (fresh random bytes,
    /// saved to come back after a restart) seeds its dice chain and its
    /// bot. With no `bot`, a person plays the seat through [`Guest::act`].
    pub fn new(
        seat: Seat,
        nonce: crate::table::Link,
        chain_len: u32,
        key: Identity,
        secret: &[u8; 32],
        bot: Option<Strategy>,
    ) -> Guest {
        let chain_secret = fair::tagged(crate::fair::hash::TAG_GUEST_CHAIN, &[secret]);
        let seed = fair::tagged(crate::fair::hash::TAG_GUEST_BOT, &[secret]);
        let chain = Chain::new(nonce, seat, &chain_secret.0, chain_len);
        Guest::seated(seat, key, chain, bot, seed.0, false)
    }

    /// A guest that holds `chain` already: the table's creator following
    /// another host after a split (its chains came from the table's
    /// entropy); a person at its computer plays the seat.
    pub fn holding(seat: Seat, key: Identity, chain: Chain) -> Guest {
        let seed = fair::tagged(crate::fair::hash::TAG_GUEST_BOT, &[&chain.anchor().0]);
        Guest::seated(seat, key, chain, None, seed.0, true)
    }

    /// The one constructor: a seat, its key and chain, nothing seen yet.
    fn seated(
        seat: Seat,
        key: Identity,
        chain: Chain,
        bot: Option<Strategy>,
        seed: [u8; 32],
        creator: bool,
    ) -> Guest {
        Guest {
            seat,
            key,
            chain,
            bot,
            seed,
            sealed: None,
            revealed: 0,
            acted: None,
            last_entry_at: 0,
            reveals: Vec::new(),
            acked_reveals: Vec::new(),
            missed: Vec::new(),
            evidence: Vec::new(),
            creator,
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
        self.sealed.as_ref().map(|s| &s.replica)
    }

    pub fn genesis(&self) -> Option<&SignedGenesis> {
        self.sealed.as_ref().map(|s| &s.genesis)
    }

    pub fn roster(&self) -> Option<&Roster> {
        self.sealed.as_ref().map(|s| &s.roster)
    }

    /// The peers at the table before the host at `lost` was lost, and the
    /// seats that can lead ([`can_lead`], [`peers_at_loss`]), as this
    /// guest's log says now.
    pub fn electorate(&self, lost: Seat) -> (usize, SeatSet) {
        let Some(sealed) = &self.sealed else { return (2, SeatSet::FULL) };
        let leaders = can_lead(&sealed.roster, &sealed.replica.state().control);
        (peers_at_loss(&sealed.roster, leaders, self.seat, lost), leaders)
    }

    /// The newest verified entry.
    pub fn head(&self) -> Position {
        self.replica().map_or(Position { seq: 0, hash: fair::Digest::default() }, Replica::position)
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
        if decoded.held.contains(self.seat) && !self.creator {
            return Err(GuestError::Genesis(format!("the host claims to hold {}'s dice chain", self.seat)));
        }
        Ok(())
    }

    /// Starts the replica from the genesis every seat signed.
    pub fn seal(&mut self, genesis: &SignedGenesis, roster: Roster) -> Result<(), GuestError> {
        self.check(genesis)?;
        let replica = Replica::new(genesis).map_err(|e| GuestError::Genesis(e.to_string()))?;
        self.sealed = Some(Sealed { genesis: genesis.clone(), replica, roster });
        Ok(())
    }

    /// Seals the game saved in `proof` and verifies its log at time `now`:
    /// a guest started again, or a host stepping down to follow another.
    /// The host's waits count from `now`, when the entries were read (from
    /// the clock's zero, the first tick took the new host for one holding
    /// a due roll back).
    pub fn restore(&mut self, proof: &Proof<Record>, roster: Roster, now: Millis) -> Result<(), GuestError> {
        self.seal(&proof.genesis, roster)?;
        for entry in &proof.entries {
            self.apply(entry.clone(), now)?;
        }
        Ok(())
    }

    /// Verifies an entry from the host at time `now`: a new one is applied;
    /// one already held is compared (the same bytes: `None`; other bytes
    /// from the same host: evidence; another host's: a fork).
    pub fn apply(&mut self, entry: SignedEntry<Record>, now: Millis) -> Result<Option<Applied>, GuestError> {
        let sealed = self.sealed.as_mut().ok_or(GuestError::NotSealed)?;
        let body = entry.body.decode().map_err(|e| GuestError::Entry(e.to_string()))?;
        let state = *sealed.replica.state();
        match sealed.replica.apply(entry.clone()) {
            Ok(events) => {
                self.last_entry_at = now;
                if body.content.hands_over().is_some() {
                    // The departed host may never have used the link sent last.
                    self.offer_again();
                }
                if let Record::Missed { seat, k, .. } = body.content {
                    self.missed.push((body.seq, seat, k));
                    if let Some(found) = self.withheld(body.seq, seat, k) {
                        return Err(GuestError::Lie(Box::new(found)));
                    }
                }
                Ok(Some(Applied { seq: body.seq, record: body.content, events }))
            }
            Err(AppendError::Entry(EntryError::Duplicate { .. })) => Ok(None),
            Err(AppendError::Entry(EntryError::OutOfOrder { expected, found })) if found > expected => {
                Err(GuestError::Gap { head: expected - 1 })
            }
            Err(AppendError::Entry(EntryError::Replayed { seq, .. })) => Err(GuestError::Fork { seq }),
            Err(AppendError::Equivocation(pair)) => match self.keep(Evidence::Equivocation(*pair)) {
                true => Err(GuestError::Lie(Box::new(Found {
                    kind: Kind::Equivocation,
                    entry: body.seq,
                    evidence: None,
                }))),
                false => Ok(None),
            },
            Err(AppendError::Transition(why)) => {
                let replay = matches!(body.content, Record::Roll { proof, .. } if proof.k < state.next_roll);
                let kind = if replay { Kind::Replay } else { Kind::Illegal };
                self.evidence.push(Evidence::Refused(entry));
                Err(GuestError::Lie(Box::new(Found {
                    kind,
                    entry: body.seq,
                    evidence: Some(why.to_string()),
                })))
            }
            Err(e @ AppendError::Entry(_)) => Err(GuestError::Entry(refused(e))),
        }
    }

    /// A peer's signed reveal: kept (for the proof, and to pass on to the
    /// host) if it verifies; whether it is new and for the pending roll.
    pub fn reveal_seen(&mut self, reveal: &SignedReveal) -> Result<bool, GuestError> {
        let sealed = self.sealed.as_ref().ok_or(GuestError::NotSealed)?;
        let body = reveal.verify(sealed.replica.genesis()).map_err(|e| GuestError::Entry(e.to_string()))?;
        let fresh = !self.reveals.iter().any(|r| r.body == reveal.body);
        if fresh {
            self.reveals.push(reveal.clone());
        }
        Ok(fresh && body.k == sealed.replica.state().next_roll)
    }

    /// The host acknowledged taking this reveal from this guest. Checked
    /// against the log at once: a link missed before it came is evidence.
    pub fn delivered(&mut self, reveal: &SignedReveal) -> Result<(), GuestError> {
        let Ok(body) = reveal.body.decode() else { return Ok(()) };
        if !self.acked_reveals.contains(&(body.seat, body.k)) {
            self.acked_reveals.push((body.seat, body.k));
        }
        let hit =
            self.missed.iter().find(|&&(_, s, k)| s == body.seat && k == body.k).map(|&(seq, _, _)| seq);
        match hit.and_then(|seq| self.withheld(seq, body.seat, body.k)) {
            Some(found) => Err(GuestError::Lie(Box::new(found))),
            None => Ok(()),
        }
    }

    /// The entry `seq` recorded `seat`'s link for roll `k` as missed: if
    /// the host had acknowledged a signed reveal of it from this guest,
    /// that is evidence. (A reveal that only reached the guests, not the
    /// host, is no proof: the guest may be cut off from the host.)
    fn withheld(&mut self, seq: u64, seat: Seat, k: u32) -> Option<Found> {
        if !self.acked_reveals.contains(&(seat, k)) {
            return None;
        }
        let reveal = self
            .reveals
            .iter()
            .find(|r| r.body.decode().is_ok_and(|b: Reveal| b.seat == seat && b.k == k))?;
        if !self.keep(Evidence::Withheld { seq, reveal: reveal.clone() }) {
            return None;
        }
        Some(Found { kind: Kind::Withheld, entry: seq, evidence: None })
    }

    /// Keeps evidence of a lie; `false` if it was kept already (peers keep
    /// sending their heads, and a lie is caught once).
    fn keep(&mut self, evidence: Evidence<Record>) -> bool {
        let new = !self.evidence.contains(&evidence);
        if new {
            self.evidence.push(evidence);
        }
        new
    }

    /// Whether entry `seq` was signed by the host of the term this guest
    /// follows now (an earlier host that lied is no reason to leave this
    /// one).
    pub fn signed_this_term(&self, seq: u64) -> bool {
        let Some(sealed) = &self.sealed else { return false };
        let log = &sealed.replica;
        log.signer_of(seq) == log.signer_of(log.head().0)
    }

    /// This guest's signed head, with the entry it names, for its peers.
    pub fn signed_head(&self) -> Option<ToPeer> {
        let sealed = self.sealed.as_ref()?;
        let Position { seq, hash } = self.head();
        let head = Head { game_id: sealed.replica.genesis().game_id(), seat: self.seat, seq, entry: hash };
        let entry = sealed.replica.entry(seq).cloned();
        Some(ToPeer::Head { head: SignedHead::new(&self.key, &head), entry })
    }

    /// A peer's signed head: compared with this guest's log where both
    /// hold the entry. Another entry for the same place, signed by the same
    /// host, is evidence; by another host, another branch.
    pub fn peer_head(
        &mut self,
        head: &SignedHead,
        entry: Option<SignedEntry<Record>>,
    ) -> Result<(), GuestError> {
        let sealed = self.sealed.as_ref().ok_or(GuestError::NotSealed)?;
        let body = head.verify(sealed.replica.genesis()).map_err(|e| GuestError::Entry(e.to_string()))?;
        let Some(ours) = sealed.replica.entry(body.seq) else { return Ok(()) };
        if ours.hash() == body.entry {
            return Ok(());
        }
        let Some(theirs) = entry.filter(|e| e.hash() == body.entry) else {
            return Err(GuestError::Fork { seq: body.seq });
        };
        let pair = fair::Equivocation { a: ours.clone(), b: theirs };
        match sealed
            .replica
            .signer_of(body.seq)
            .map(|key| pair.verify_by(&sealed.replica.genesis().game_id(), &key))
        {
            Some(Ok(seq)) => match self.keep(Evidence::Equivocation(pair)) {
                true => Err(GuestError::Lie(Box::new(Found {
                    kind: Kind::Equivocation,
                    entry: seq,
                    evidence: None,
                }))),
                false => Ok(()),
            },
            _ => Err(GuestError::Fork { seq: body.seq }),
        }
    }

    /// What this guest owes the table now: its link for the pending roll
    /// (with the roll itself on its own turn, when a bot plays), or its
    /// bot's decision. Each goes once; [`Guest::offer_again`] sends them
    /// again (back after a drop, its last messages may be lost).
    pub fn owed(&mut self) -> Vec<ToHost> {
        let Some(sealed) = &self.sealed else { return Vec::new() };
        let state = *sealed.replica.state();
        let control = state.control[self.seat.index()];
        if !state.started && state.next_roll > 1 {
            return Vec::new();
        }
        if state.paused.is_some() || state.closed.is_some() || state.game.is_over() {
            return Vec::new();
        }
        let at = sealed.replica.head().0;
        let mut out = Vec::new();
        // Our link, whenever a roll is pending and our chain is live.
        let pending = !state.started || state.game.phase() == Phase::Roll;
        if pending
            && state.live.contains(self.seat)
            && state.next_roll > self.revealed
            && let Some(reveal) = self.signed_reveal(state.next_roll)
        {
            self.revealed = state.next_roll;
            out.push(ToHost::Reveal(reveal));
        }
        let ours = state.started
            && state.game.to_act() == Some(self.seat)
            && matches!(control, Control::Person { .. });
        if ours
            && self.acted != Some(at)
            && let Some(strategy) = self.bot
        {
            let act = match state.game.phase() {
                Phase::Roll => Some(Act::Roll),
                _ => {
                    let seed =
                        fair::tagged(crate::fair::hash::TAG_GUEST_DECISION, &[&self.seed, &at.to_be_bytes()]);
                    let mut first = [0u8; 8];
                    first.copy_from_slice(&seed.0[..8]);
                    Bot::new(strategy, u64::from_be_bytes(first)).decide(&state.game).and_then(act_of)
                }
            };
            if let Some(act) = act {
                self.acted = Some(at);
                out.push(ToHost::Intent { at, act });
            }
        }
        out
    }

    /// A roll due is judged held back only from `now` on: this guest's act
    /// left for the host then (a slow player's act leaves late), or it was
    /// out of touch with the host until then.
    pub fn wait_from(&mut self, now: Millis) {
        self.last_entry_at = self.last_entry_at.max(now);
    }

    /// This guest follows another host from now on: what it owes goes
    /// again, and the reveals the last host acknowledged are no evidence
    /// against the next, which never took them. (A host elected while a
    /// roll waited for a link the departed host had taken records that link
    /// as missed in good faith.)
    pub fn another_host(&mut self) {
        self.acked_reveals.clear();
        self.offer_again();
    }

    /// Forgets what was sent for the current position, so that
    /// [`Guest::owed`] offers it again.
    pub fn offer_again(&mut self) {
        if let Some(sealed) = &self.sealed {
            self.revealed = self.revealed.min(sealed.replica.state().next_roll.saturating_sub(1));
        }
        self.acted = None;
    }

    /// The messages for a person's act on this seat: a roll goes with the
    /// seat's signed link for it. Empty before the game began.
    pub fn act(&mut self, act: Act) -> Vec<ToHost> {
        let Some(sealed) = &self.sealed else { return Vec::new() };
        let (at, k) = (sealed.replica.head().0, sealed.replica.state().next_roll);
        let mut out = Vec::new();
        if act == Act::Roll
            && k > self.revealed
            && let Some(reveal) = self.signed_reveal(k)
        {
            self.revealed = k;
            out.push(ToHost::Reveal(reveal));
        }
        self.acted = Some(at);
        out.push(ToHost::Intent { at, act });
        out
    }

    /// The seat's link for roll `k`, signed; kept as this guest's own.
    fn signed_reveal(&mut self, k: u32) -> Option<SignedReveal> {
        let game_id = self.replica()?.genesis().game_id();
        let link = self.chain.link(k)?;
        let reveal = SignedReveal::new(&self.key, &Reveal { game_id, seat: self.seat, k, link });
        self.reveals.push(reveal.clone());
        Some(reveal)
    }

    /// The newest signed reveal of this guest, for its peers.
    pub fn last_reveal(&self) -> Option<&SignedReveal> {
        let k = self.revealed;
        self.reveals
            .iter()
            .rev()
            .find(|r| r.body.decode().is_ok_and(|b: Reveal| b.seat == self.seat && b.k == k))
    }

    /// Whether the host has held a due roll back past every wait the table
    /// allows it: a bot's roll (the host rolls for bots) or this guest's
    /// own, with every link in. Evidence when it has. The wait counts only
    /// while the guest is `in_touch` (it hears its host and holds the
    /// host's head); out of touch, it starts again (judged from the last
    /// entry, a guest back from a bad patch of network took its host for a
    /// cheat).
    pub fn stalled(&mut self, now: Millis, in_touch: bool) -> Option<Found> {
        if !in_touch {
            self.wait_from(now);
            return None;
        }
        let sealed = self.sealed.as_ref()?;
        let state = sealed.replica.state();
        if !state.started || state.paused.is_some() || state.closed.is_some() || state.game.is_over() {
            return None;
        }
        let (seat, control) = state.to_act()?;
        if state.game.phase() != Phase::Roll {
            return None;
        }
        let due = if control.bot().is_some() {
            state.timing.bot_delay
        } else if seat == self.seat && self.acted == Some(sealed.replica.head().0) {
            0
        } else {
            return None;
        };
        let bound = self.last_entry_at + due + state.timing.reveal_wait + STALL_SLACK;
        (now > bound).then(|| Found { kind: Kind::Stall, entry: sealed.replica.head().0 + 1, evidence: None })
    }

    /// The verified entries, at most `max` of the newest.
    pub fn tail(&self, max: usize) -> Vec<SignedEntry<Record>> {
        let entries = self.replica().map_or(&[][..], Replica::entries);
        entries[entries.len().saturating_sub(max)..].to_vec()
    }

    /// Up to `max` entries after entry `seq`, oldest first.
    pub fn after(&self, seq: u64, max: usize) -> Vec<SignedEntry<Record>> {
        let entries = self.replica().map_or(&[][..], Replica::entries);
        let from = usize::try_from(seq).unwrap_or(usize::MAX).min(entries.len());
        entries[from..].iter().take(max).cloned().collect()
    }

    /// Goes back to entry `keep` (a branch the table does not follow): the
    /// entries after it leave the log, and stay in the proof as a branch.
    pub fn roll_back(&mut self, keep: u64) -> Result<usize, GuestError> {
        let sealed = self.sealed.as_mut().ok_or(GuestError::NotSealed)?;
        let keep = usize::try_from(keep).unwrap_or(usize::MAX);
        let dropped = sealed.replica.roll_back(&sealed.genesis, keep).map_err(|e| match e {
            RollBackError::Genesis(e) => GuestError::Genesis(e.to_string()),
            RollBackError::Entry(e) => GuestError::Entry(refused(*e)),
        })?;
        if dropped.is_empty() {
            return Ok(0);
        }
        let n = dropped.len();
        self.evidence.push(Evidence::Branch { from: keep as u64 + 1, entries: dropped });
        self.offer_again();
        Ok(n)
    }

    /// The game as verified so far, with the reveals seen and the evidence
    /// caught, as a proof file.
    pub fn proof(&self) -> Option<Proof<Record>> {
        let sealed = self.sealed.as_ref()?;
        let mut proof = sealed.replica.proof(&sealed.genesis);
        proof.reveals.clone_from(&self.reveals);
        proof.evidence.clone_from(&self.evidence);
        Some(proof)
    }

    /// Elected host: the table that continues this guest's verified log,
    /// signed with its key, from hand-over `epoch` on; and what the guest
    /// had gathered.
    pub fn take_over(self, epoch: u32, now: Millis) -> Result<(Table, Kept), GuestError> {
        let sealed = self.sealed.ok_or(GuestError::NotSealed)?;
        let state = *sealed.replica.state();
        let me = state.control[self.seat.index()]
            .participant(self.seat == sealed.replica.creator())
            .ok_or_else(|| GuestError::Entry(format!("{} is no longer this guest's seat", self.seat)))?;
        let entropy = fair::tagged(crate::fair::hash::TAG_GUEST_TABLE, &[&self.seed]).0;
        let successor = Successor { me: (me, self.seat), identity: self.key, chain: self.chain, entropy };
        let table =
            Table::take_over(sealed.genesis, sealed.replica.entries().to_vec(), state, successor, epoch, now)
                .map_err(|e| GuestError::Entry(format!("cannot take the table over: {e}")))?;
        Ok((table, Kept { reveals: self.reveals, evidence: self.evidence, roster: sealed.roster }))
    }
}

fn refused(e: EntryRefused) -> String {
    e.to_string()
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
