//! Seating: setting a table up. Who holds each seat (empty, a bot, a
//! person on this computer or a peer), the keys and dice chains of the
//! seats this computer holds, the genesis every seat signs, and the one
//! constructor that every way of opening a table goes through.

use super::authority::{Millis, Refusal, Table, TableConfig};
use super::presence::Presence;
use super::record::{By, Control, Participant, Record};
use super::replica::Replica;
use super::rolls::Chain;
use super::state::TableState;
use crate::fair::{
    self, Commitment, Genesis, Identity, PROTOCOL_VERSION, Signature, SignedEntry, SignedGenesis,
};
use crate::rules::{Seat, SeatSet};

/// Everything a table is made of; [`Table::assemble`] is the one place a
/// `Table` is built.
pub(super) struct Parts {
    pub config: TableConfig,
    pub identity: Identity,
    pub genesis: SignedGenesis,
    pub entropy: [u8; 32],
    pub state: TableState,
    pub entries: Vec<SignedEntry<Record>>,
    pub chains: [Option<Chain>; 4],
    pub presence: Presence,
    /// A roll is pressed as the table opens (the first-player draw).
    pub pressed: bool,
    pub now: Millis,
}

impl Table {
    pub(super) fn assemble(parts: Parts) -> Table {
        let verified = parts.genesis.verify().ok();
        Table {
            config: parts.config,
            identity: parts.identity,
            genesis: parts.genesis,
            verified,
            entropy: parts.entropy,
            state: parts.state,
            entries: parts.entries,
            chains: parts.chains,
            reveals: [None; 4],
            signed_reveals: Vec::new(),
            press: parts.pressed.then_some(super::authority::Press { by: By::Bot, at: parts.now }),
            decision_since: parts.now,
            presence: parts.presence,
        }
    }

    /// Sets up a game. `identity` is the host's key: it signs the log and
    /// the genesis for the host's seat. `entropy` (fresh random bytes from
    /// the driver) seeds the game nonce, the chains this table holds and the
    /// keys of its other seats (bots, more persons on this computer).
    /// `remote` holds the commitments (key and chain anchor) of the seats
    /// peers hold; they sign the genesis with [`super::Input::GenesisSigned`],
    /// and the game starts once every signature is in.
    pub fn new(
        config: TableConfig,
        identity: Identity,
        entropy: [u8; 32],
        remote: [Option<Commitment>; 4],
        now: Millis,
    ) -> Result<Table, Refusal> {
        let mut table = Table::set(config, identity, entropy, remote, now)?;
        table.handle(now, super::Input::Tick)?;
        Ok(table)
    }

    /// A table again after its computer closed or crashed: set up as
    /// [`Table::new`] did with the same config, key and entropy, then every
    /// saved entry is checked as a replica checks it (signature, chain,
    /// transition) before the table takes it as its own. At a networked
    /// table the peers' commitments and signatures come from the saved
    /// `genesis`, which must be the very one these make. Nothing saved is
    /// trusted: an entry that does not verify is refused with its reason.
    /// It signs nothing yet: the caller ticks it when it may (a restarted
    /// network host first learns whether its guests hold more of its log,
    /// whose places it must not sign again).
    pub fn resume(
        config: TableConfig,
        identity: Identity,
        entropy: [u8; 32],
        genesis: Option<&SignedGenesis>,
        entries: &[SignedEntry<Record>],
        now: Millis,
    ) -> Result<Table, Refusal> {
        let remote = match genesis {
            Some(saved) => {
                let decoded =
                    saved.genesis.decode().map_err(|e| Refusal::Setup(format!("the genesis: {e}")))?;
                Seat::ALL.map(|s| decoded.seat(s).copied())
            }
            None => [None; 4],
        };
        let mut table = Table::set(config, identity, entropy, remote, now)?;
        if let Some(saved) = genesis {
            if table.genesis.game_id() != saved.game_id() {
                return Err(Refusal::Setup("the saved game was set up differently".into()));
            }
            table.genesis = saved.clone();
            table.verified = table.genesis.verify().ok();
        }
        let mut replica = Replica::new(&table.genesis)
            .map_err(|e| Refusal::Setup(format!("the genesis does not verify: {e}")))?;
        for (n, entry) in entries.iter().enumerate() {
            replica.apply(entry.clone()).map_err(|e| Refusal::Setup(format!("entry {}: {e}", n + 1)))?;
        }
        table.entries = entries.to_vec();
        table.state = *replica.state();
        if table.state.started {
            // A roll pressed before the crash is pressed again by its player.
            table.press = None;
        }
        // Peers reconnect: until they do, they count as away.
        let peers: Vec<Participant> =
            table.state.owners().map(|(_, o)| o).filter(|&o| o != table.config.host).collect();
        for who in peers {
            table.presence.away(who, now);
        }
        Ok(table)
    }

    /// Takes an entry this table signed that its log lacks (a host that
    /// restarted from an older save; a guest still holds it), checked as a
    /// replica checks it. An entry of a later term is refused: another
    /// host took the table over, and this one is no longer its host.
    pub fn adopt(&mut self, entry: SignedEntry<Record>) -> Result<(), Refusal> {
        let mut replica = Replica::new(&self.genesis).map_err(|e| Refusal::Setup(e.to_string()))?;
        for held in &self.entries {
            replica.apply(held.clone()).map_err(|e| Refusal::Setup(e.to_string()))?;
        }
        replica.apply(entry.clone()).map_err(|e| Refusal::Setup(e.to_string()))?;
        if replica.state().epoch != self.state.epoch {
            return Err(Refusal::Setup("the entry is of another host's term".into()));
        }
        self.entries.push(entry);
        self.state = *replica.state();
        self.press = None;
        self.reveals = [None; 4];
        Ok(())
    }

    /// Sets the table up from its config, without playing anything yet.
    fn set(
        config: TableConfig,
        identity: Identity,
        entropy: [u8; 32],
        remote: [Option<Commitment>; 4],
        now: Millis,
    ) -> Result<Table, Refusal> {
        config.rules.validate().map_err(|e| Refusal::Setup(e.to_string()))?;
        let players: SeatSet =
            Seat::ALL.into_iter().filter(|s| config.seats[s.index()] != Control::Empty).collect();
        if players.len() < 2 {
            return Err(Refusal::Setup("a game needs at least two players".into()));
        }
        // "At least one a person" is the setup screen's rule for people's
        // games; simulations and headless hosts seat bots only.
        let is_local = |s: Seat| config.seats[s.index()].owner().is_none_or(|o| o == config.host);
        // The host signs for its own person's seat, else for one of its bots'.
        let host_seat = players
            .iter()
            .find(|&s| config.seats[s.index()].owner() == Some(config.host))
            .or_else(|| players.iter().find(|&s| is_local(s)))
            .ok_or_else(|| Refusal::Setup("the host holds no seat to sign the log with".into()))?;
        let nonce = super::game_nonce(&entropy);
        let mut chains: [Option<Chain>; 4] = Default::default();
        let mut seat_keys: [Option<Identity>; 4] = Default::default();
        let mut commitments: [Option<Commitment>; 4] = [None; 4];
        for seat in players.iter() {
            let i = seat.index();
            if is_local(seat) {
                let secret =
                    fair::tagged(crate::fair::hash::TAG_TABLE_SECRET, &[&entropy, &[u8::from(seat)]]);
                let chain = Chain::new(nonce, seat, &secret.0, config.chain_len);
                let key = (seat != host_seat).then(|| {
                    let key = fair::tagged(crate::fair::hash::TAG_SEAT_KEY, &[&entropy, &[u8::from(seat)]]);
                    Identity::from_secret(&key.0)
                });
                let public = key.as_ref().map_or_else(|| identity.public_key(), Identity::public_key);
                commitments[i] = Some(Commitment { key: public, anchor: chain.anchor() });
                chains[i] = Some(chain);
                seat_keys[i] = key;
            } else {
                commitments[i] = Some(remote[i].ok_or_else(|| {
                    Refusal::Setup(format!("no key and dice anchor from the peer at {seat}"))
                })?);
            }
        }
        let genesis = Genesis {
            protocol: PROTOCOL_VERSION,
            game_nonce: nonce,
            rules: config.rules,
            players,
            seats: commitments,
            host: host_seat,
            held: players.iter().filter(|&s| is_local(s)).collect(),
            chain_len: config.chain_len,
            timing: config.timing,
        };
        genesis.check().map_err(|e| Refusal::Setup(e.to_string()))?;
        let mut signed = SignedGenesis::new(&genesis);
        for seat in players.iter().filter(|&s| is_local(s)) {
            let sig = match &seat_keys[seat.index()] {
                Some(key) => signed.sign(key),
                None => signed.sign(&identity),
            };
            signed.add(seat, sig);
        }
        let state = TableState::genesis(&genesis, signed.game_id()).map_err(Refusal::Rules)?;
        let presence = Presence::at_start(&config, now);
        Ok(Table::assemble(Parts {
            config,
            identity,
            genesis: signed,
            entropy,
            state,
            entries: Vec::new(),
            chains,
            presence,
            pressed: true,
            now,
        }))
    }

    /// A peer's signature of the genesis for the seat it holds; only one
    /// that verifies is kept.
    pub(super) fn genesis_signed(
        &mut self,
        from: Participant,
        seat: Seat,
        sig: Signature,
        now: Millis,
    ) -> Result<(), Refusal> {
        if self.config.seats[seat.index()].owner() != Some(from) || self.chains[seat.index()].is_some() {
            return Err(Refusal::NotYourSeat(seat));
        }
        let key = self.genesis.genesis.decode().ok().and_then(|g| g.seat(seat).map(|c| c.key));
        key.ok_or(Refusal::NotYourSeat(seat))?
            .verifier()
            .and_then(|v| v.verify_hash(fair::Context::Genesis, &self.genesis.game_id(), &sig))
            .map_err(|e| Refusal::Setup(format!("the genesis signature for {seat}: {e}")))?;
        self.genesis.add(seat, sig);
        self.verified = self.genesis.verify().ok();
        // The first roll (the draw) waits for the links from the seal on:
        // the guests learn of the game only then, and a wait counted from
        // the genesis would leave a slow signing's links out of the draw.
        if self.verified.is_some()
            && let Some(press) = &mut self.press
        {
            press.at = now;
        }
        Ok(())
    }
}
