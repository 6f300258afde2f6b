//! The one driver of a table for the window: the game screen hands it an
//! input and gets back what came of it, the signed entries the table made
//! or the table's refusal, the same way whether the table runs here or
//! across the network. A table here is run by this driver (and `ludopia sim
//! --proof` plays its table through it too); a networked table runs in
//! `net`'s host driver, which this one reaches over a channel: the entries
//! come back later through the screen's `receive`, verified like any other.

use crate::fair::{Identity, Proof, SignedEntry, SignedGenesis};
use crate::net::Deed;
use crate::rules::Seat;
use crate::table::{Input, Millis, Participant, Record, Refusal, Table, TableConfig};
use tokio::sync::mpsc;

/// Where a game screen's inputs go.
pub enum Driver {
    /// The table runs here.
    Here(Box<Here>),
    /// The table runs in a network driver (hosted at this computer or at
    /// another peer).
    Away(Away),
}

/// A table this computer runs, with the entropy that seeded it (saved with
/// the game: it is all a resumed table needs besides its log).
pub struct Here {
    table: Table,
    entropy: [u8; 32],
}

/// A table across the network: this computer's person plays `seat`, whose
/// deeds go out on `acts`; with no seat, this computer watches.
pub struct Away {
    acts: mpsc::UnboundedSender<Deed>,
    seat: Option<Seat>,
    /// The driver hosts the table here: this computer's person may pause,
    /// resume and close it. As the driver started; then as the verified
    /// log says ([`Driver::hosted_by`]): hosts are elected and step down.
    hosting: bool,
    /// The other persons' names, by seat (empty where unknown).
    friends: [String; 4],
    genesis: Box<SignedGenesis>,
    /// The verified head when the last act went out: one act per position,
    /// while the table answers.
    acted_at: Option<u64>,
}

/// What came of an input.
#[derive(Debug)]
pub enum Driven {
    /// The entries the table signed for it, oldest first (none: nothing
    /// came due).
    Entries(Vec<SignedEntry<Record>>),
    /// The table refused it.
    Refused(Refusal),
    /// It went out to the network driver; its entries come later.
    Sent,
    /// It is not this computer's to send (a guest's pause), so it went nowhere.
    NotOurs,
    /// The network driver is gone.
    Lost,
}

/// What saving a table here needs: its setup, the entropy that seeded it,
/// and its whole game so far as a proof.
pub struct Resumable<'a> {
    pub config: &'a TableConfig,
    pub entropy: [u8; 32],
    pub proof: Proof<Record>,
}

/// The network driver is gone: nothing sent reaches the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lost;

/// The key a table here signs its log with, from its entropy (so the saved
/// entropy is all a resumed table needs).
pub fn host_key(entropy: &[u8; 32]) -> Identity {
    Identity::from_secret(&crate::fair::tagged(crate::fair::hash::TAG_HOST_KEY, &[entropy]).0)
}

impl Driver {
    /// A new table here, seeded by `entropy` (fresh random bytes: its dice
    /// chains, its key and the game nonce). With bots only and instant
    /// timing, the whole game is played by the time this returns.
    pub fn here(config: TableConfig, entropy: [u8; 32]) -> Result<Driver, Refusal> {
        let table = Table::new(config, host_key(&entropy), entropy, [None; 4], 0)?;
        Ok(Driver::Here(Box::new(Here { table, entropy })))
    }

    /// A saved table here again, its log `entries` verified one by one.
    pub fn resumed(
        config: TableConfig,
        entropy: [u8; 32],
        entries: &[SignedEntry<Record>],
    ) -> Result<Driver, Refusal> {
        let table = Table::resume(config, host_key(&entropy), entropy, None, entries, 0)?;
        Ok(Driver::Here(Box::new(Here { table, entropy })))
    }

    /// A networked table from its sealed `genesis`: see [`Away`].
    pub fn away(
        acts: mpsc::UnboundedSender<Deed>,
        seat: Option<Seat>,
        hosting: bool,
        friends: [String; 4],
        genesis: SignedGenesis,
    ) -> Driver {
        Driver::Away(Away { acts, seat, hosting, friends, genesis: Box::new(genesis), acted_at: None })
    }

    /// Hands `input` to the table at `now` (the table's clock). `head` is
    /// the log position the screen has verified: a table here returns every
    /// entry after it.
    pub fn drive(&mut self, now: Millis, input: Input, head: u64) -> Driven {
        match self {
            Driver::Here(here) => match here.table.handle(now, input) {
                Ok(_) => {
                    Driven::Entries(here.table.entries().get(head as usize..).unwrap_or_default().to_vec())
                }
                Err(refusal) => Driven::Refused(refusal),
            },
            Driver::Away(away) => {
                let deed = match input {
                    Input::Intent { act, .. } => Deed::Act(act),
                    Input::Pause(_) if away.hosting => Deed::Pause,
                    Input::Resume(_) if away.hosting => Deed::Resume,
                    Input::Close(_) if away.hosting => Deed::Close,
                    _ => return Driven::NotOurs,
                };
                let acting = matches!(deed, Deed::Act(_));
                match away.acts.send(deed) {
                    Ok(()) => {
                        if acting {
                            away.acted_at = Some(head);
                        }
                        Driven::Sent
                    }
                    Err(_) => Driven::Lost,
                }
            }
        }
    }

    /// Sends a deed that is not an input to the table (a reaction, a
    /// reservation, a rematch) to the network driver; a table here has
    /// nobody to send it to.
    pub fn send(&self, deed: Deed) -> Result<(), Lost> {
        match self {
            Driver::Away(away) => away.acts.send(deed).map_err(|_| Lost),
            Driver::Here(_) => Ok(()),
        }
    }

    /// The host refused this computer's act: the seat may act again.
    pub fn refused(&mut self) {
        if let Driver::Away(away) = self {
            away.acted_at = None;
        }
    }

    /// The signed log so far of a table here (a networked table's entries
    /// arrive one by one instead).
    pub fn logged(&self) -> &[SignedEntry<Record>] {
        match self {
            Driver::Here(here) => here.table.entries(),
            Driver::Away(_) => &[],
        }
    }

    pub fn genesis(&self) -> &SignedGenesis {
        match self {
            Driver::Here(here) => here.table.genesis(),
            Driver::Away(away) => &away.genesis,
        }
    }

    /// What saving a table here needs; none for a networked table, which
    /// its network driver saves.
    pub fn resumable(&self) -> Option<Resumable<'_>> {
        match self {
            Driver::Here(here) => Some(Resumable {
                config: here.table.config(),
                entropy: here.entropy,
                proof: here.table.proof(),
            }),
            Driver::Away(_) => None,
        }
    }

    /// The next game's setup at a table here, with the same seats, once this
    /// one is over or closed.
    pub fn rematch(&self) -> Option<Result<TableConfig, Refusal>> {
        match self {
            Driver::Here(here) => Some(here.table.rematch(Participant::LOCAL)),
            Driver::Away(_) => None,
        }
    }

    /// When a table here next acts by itself (a bot, a timer), by its clock.
    pub fn next_deadline(&self) -> Option<Millis> {
        match self {
            Driver::Here(here) => here.table.next_deadline(),
            Driver::Away(_) => None,
        }
    }

    /// The seat this computer plays over the network (none: every person
    /// seat is here, or this computer watches).
    pub fn remote_seat(&self) -> Option<Seat> {
        match self {
            Driver::Here(_) => None,
            Driver::Away(away) => away.seat,
        }
    }

    /// Whether a person at this computer plays `seat`, a person's seat.
    pub fn plays(&self, seat: Seat) -> bool {
        match self {
            Driver::Here(_) => true,
            Driver::Away(away) => away.seat == Some(seat),
        }
    }

    /// This computer follows a networked game without a seat.
    pub fn watches(&self) -> bool {
        matches!(self, Driver::Away(Away { seat: None, .. }))
    }

    /// The name another computer's person at `seat` goes by, if known.
    pub fn friend(&self, seat: Seat) -> Option<&str> {
        match self {
            Driver::Away(away) => Some(away.friends[seat.index()].as_str()).filter(|n| !n.is_empty()),
            Driver::Here(_) => None,
        }
    }

    /// Whether an act of this computer at log position `head` waits for the
    /// table's answer.
    pub fn answering(&self, head: u64) -> bool {
        matches!(self, Driver::Away(Away { acted_at: Some(at), .. }) if *at == head)
    }

    /// Where this computer's deeds go over the network: a rematch's screen
    /// carries them on.
    pub fn deeds(&self) -> Option<mpsc::UnboundedSender<Deed>> {
        match self {
            Driver::Away(away) => Some(away.acts.clone()),
            Driver::Here(_) => None,
        }
    }

    pub fn is_networked(&self) -> bool {
        matches!(self, Driver::Away(_))
    }

    /// Whether this computer may pause, resume, close and rematch the
    /// table: it runs the table, or hosts it over the network.
    pub fn hosts(&self) -> bool {
        matches!(self, Driver::Here(_) | Driver::Away(Away { hosting: true, .. }))
    }

    /// The verified log names `host`'s seat the table's host: this computer
    /// hosts a networked table exactly when that seat is its own (a guest
    /// elected gets the host's controls; a host that stepped down loses
    /// them, which did nothing there).
    pub fn hosted_by(&mut self, host: Seat) {
        if let Driver::Away(away) = self {
            away.hosting = away.seat == Some(host);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Strategy;
    use crate::rules::{Game, Phase, Preset};
    use crate::table::{Act, CHAIN_LEN, Control, Timing};

    fn config(seats: [Control; 4]) -> TableConfig {
        TableConfig {
            rules: Preset::Classic.rules(),
            seats,
            host: Participant::LOCAL,
            timing: Timing::INSTANT,
            chain_len: CHAIN_LEN,
        }
    }

    fn game(driver: &Driver) -> Game {
        match driver {
            Driver::Here(here) => here.table.state().game,
            Driver::Away(_) => panic!("a table here"),
        }
    }

    /// A table here hands back exactly the entries each input made, refuses
    /// what is not the sender's to do, and resumes from its log to the same
    /// head; the bot's turns are played as they come due.
    #[test]
    fn a_table_here_yields_entries_and_refusals() {
        let person = Control::Person { owner: Participant::LOCAL };
        let bot = Control::Bot(Strategy::Normal);
        let mut driver = Driver::here(config([person, bot, Control::Empty, Control::Empty]), [7; 32])
            .expect("a table of a person and a bot");
        let mut seen = driver.logged().len() as u64;
        assert!(seen >= 1, "the table's start is logged");
        let stranger = Input::Intent { from: Participant(9), seat: Seat::ALL[0], act: Act::Roll };
        let mut acts = 0;
        while let Some(seat) = game(&driver).to_act().filter(|_| acts < 300) {
            let act = match game(&driver).phase() {
                Phase::Move { .. } => Act::Move { pawn: game(&driver).legal_moves()[0].pawn },
                _ => Act::Roll,
            };
            match driver.drive(seen * 1000, Input::Intent { from: Participant::LOCAL, seat, act }, seen) {
                Driven::Entries(fresh) => {
                    assert!(!fresh.is_empty(), "a legal act is logged");
                    seen += fresh.len() as u64;
                }
                other => panic!("a legal act of the person here is taken, not {other:?}"),
            }
            assert_eq!(seen, driver.logged().len() as u64, "every new entry was handed back once");
            acts += 1;
        }
        assert!(acts > 10, "the person acted {acts} times");
        assert!(matches!(driver.drive(seen * 1000, stranger, seen), Driven::Refused(_)));
        let kept = driver.resumable().expect("a table here is kept");
        let resumed = Driver::resumed(kept.config.clone(), kept.entropy, &kept.proof.entries)
            .expect("its own log resumes");
        assert_eq!(resumed.logged().len(), driver.logged().len());
        assert_eq!(resumed.genesis().game_id(), driver.genesis().game_id());
    }
}
