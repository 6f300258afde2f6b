//! Take-over: the table an elected host runs after the host is lost. It
//! continues the verified log from the sealed genesis and signs with the
//! genesis key of its own seat, holding only that seat's dice chain. Its
//! first entry is the hand-over, which takes the departed host's chains
//! out of the live set (every replica checks the same).

use super::authority::{Millis, Refusal, Table, TableConfig, Timing};
use super::presence::Presence;
use super::record::{Participant, Record};
use super::rolls::Chain;
use super::seating::Parts;
use super::state::TableState;
use crate::fair::{Identity, SignedEntry, SignedGenesis};
use crate::rules::Seat;

/// What an elected host brings to the table it takes over.
pub struct Successor {
    /// This peer and its seat; `identity` is that seat's genesis key.
    pub me: (Participant, Seat),
    pub identity: Identity,
    pub chain: Chain,
    /// Seeds the bots' decisions from here on.
    pub entropy: [u8; 32],
}

impl Table {
    /// The table an elected host takes over mid-game: it continues the
    /// verified log (`entries`, leading to `state`) from `genesis`, with the
    /// hand-over to `epoch` as its first entry. The other persons count as
    /// away until they reconnect, so a bot stands in for whoever does not
    /// come back in time.
    pub fn take_over(
        genesis: SignedGenesis,
        entries: Vec<SignedEntry<Record>>,
        state: TableState,
        successor: Successor,
        epoch: u32,
        now: Millis,
    ) -> Result<Table, Refusal> {
        genesis.verify().map_err(|e| Refusal::Setup(e.to_string()))?;
        let Successor { me: (participant, seat), identity, chain, entropy } = successor;
        let mut chains: [Option<Chain>; 4] = Default::default();
        chains[seat.index()] = Some(chain);
        let others: Vec<Participant> = state.owners().map(|(_, o)| o).filter(|&o| o != participant).collect();
        let timing: Timing = state.timing;
        let config = TableConfig {
            rules: *state.game.rules(),
            seats: state.control,
            host: participant,
            timing,
            chain_len: state.chain_len,
        };
        let presence = Presence::new(vec![participant], others, now);
        let mut table = Table::assemble(Parts {
            config,
            identity,
            genesis,
            entropy,
            state,
            entries,
            chains,
            presence,
            pressed: false,
            now,
        });
        table.record(now, Record::Handover { epoch, host: seat }).map_err(Refusal::Rules)?;
        table.handle(now, super::Input::Tick)?;
        Ok(table)
    }
}
