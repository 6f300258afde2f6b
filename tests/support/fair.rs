//! A synthetic four-seat game of rolls only, signed like a real table's log,
//! shared by the fair tests and benchmarks. Its replica checks every roll
//! the way the table will: links against chain heads, the face, the state.

use ludopia::fair::{
    Body, Chain, Commitment, Digest, Genesis, Identity, PROTOCOL_VERSION, Proof, SignedEntry, SignedGenesis,
    VerifiedGenesis, die_face, roll_seed, state_hash, verify_link,
};
use ludopia::rules::{Preset, Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// The entry content of the synthetic game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub k: u32,
    pub roller: Seat,
    pub reveals: [Option<Digest>; 4],
    pub face: u8,
}

/// The synthetic game's state: roll count, chain heads, faces per seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub k: u32,
    pub heads: [Digest; 4],
    pub totals: [u32; 4],
}

pub struct Game {
    pub identities: Vec<Identity>,
    pub chains: Vec<Chain>,
    pub verified: VerifiedGenesis,
    pub proof: Proof<Roll>,
    pub state: State,
}

pub fn nonce() -> Digest {
    Digest(std::array::from_fn(|i| i as u8))
}

pub fn genesis_for(identities: &[Identity], chains: &[Chain], chain_len: u32) -> Genesis {
    Genesis {
        protocol: PROTOCOL_VERSION,
        game_nonce: nonce(),
        rules: Preset::Classic.rules(),
        players: SeatSet::FULL,
        seats: std::array::from_fn(|i| {
            Some(Commitment { key: identities[i].public_key(), anchor: chains[i].anchor() })
        }),
        host: Seat::ALL[0],
        held: SeatSet::EMPTY.with(Seat::ALL[0]),
        chain_len,
        timing: ludopia::fair::Timing::PEOPLE,
    }
}

impl Game {
    /// A signed genesis and `rolls` signed entries.
    pub fn new(rolls: u32) -> Game {
        let chain_len = rolls.max(8);
        let identities: Vec<Identity> = (0..4u8).map(|i| Identity::from_secret(&[i + 1; 32])).collect();
        let chains: Vec<Chain> = Seat::ALL
            .into_iter()
            .map(|s| Chain::new(nonce(), s, &[100 + u8::from(s); 32], chain_len))
            .collect();
        let mut genesis = SignedGenesis::new(&genesis_for(&identities, &chains, chain_len));
        for (seat, id) in Seat::ALL.into_iter().zip(&identities) {
            let sig = genesis.sign(id);
            genesis.add(seat, sig);
        }
        let verified = match genesis.verify() {
            Ok(v) => v,
            Err(e) => panic!("the synthetic genesis is valid: {e}"),
        };
        let mut game = Game {
            state: Replica::start(&verified).state,
            identities,
            chains,
            verified,
            proof: Proof { genesis, entries: Vec::new(), reveals: Vec::new(), evidence: Vec::new() },
        };
        for _ in 0..rolls {
            game.roll();
        }
        game
    }

    /// The next roll's content, honestly computed.
    pub fn next_roll(&self) -> Roll {
        let k = self.state.k + 1;
        let roller = Seat::ALL[((k - 1) % 4) as usize];
        let reveals = std::array::from_fn(|i| self.chains[i].link(k));
        let seed = roll_seed(&self.verified.game_id(), k, roller, SeatSet::FULL, &reveals);
        let face = seed.map_or(0, |s| die_face(&s).get());
        Roll { k, roller, reveals, face }
    }

    /// The host signs the body for `content` on top of the current log.
    pub fn body(&self, content: Roll, state: &State) -> Body<Roll> {
        let (seq, prev) = match self.proof.entries.last() {
            Some(last) => (self.proof.entries.len() as u64 + 1, last.hash()),
            None => (1, self.verified.game_id()),
        };
        Body {
            game_id: self.verified.game_id(),
            seq,
            prev,
            content,
            state_hash: state_hash(&ludopia::fair::canonical::encode(state)),
        }
    }

    pub fn roll(&mut self) {
        let content = self.next_roll();
        let next = self.state.after(&content);
        let body = self.body(content, &next);
        self.proof.entries.push(SignedEntry::sign(&self.identities[0], &body));
        self.state = next;
    }
}

impl State {
    pub fn after(&self, roll: &Roll) -> State {
        let mut next = self.clone();
        next.k = roll.k;
        for (head, link) in next.heads.iter_mut().zip(roll.reveals) {
            if let Some(link) = link {
                *head = link;
            }
        }
        next.totals[roll.roller.index()] += u32::from(roll.face);
        next
    }
}

/// A replica of the synthetic game: what a guest checks per entry.
pub struct Replica {
    pub nonce: Digest,
    pub game_id: Digest,
    pub state: State,
}

impl Replica {
    pub fn start(genesis: &VerifiedGenesis) -> Replica {
        let g = genesis.genesis();
        let heads = std::array::from_fn(|i| g.seats[i].map(|c| c.anchor).unwrap_or_default());
        Replica {
            nonce: g.game_nonce,
            game_id: genesis.game_id(),
            state: State { k: 0, heads, totals: [0; 4] },
        }
    }

    pub fn check(&mut self, body: &Body<Roll>) -> Result<(), String> {
        let roll = &body.content;
        if roll.k != self.state.k + 1 {
            return Err(format!("roll {} where roll {} was due", roll.k, self.state.k + 1));
        }
        for seat in Seat::ALL {
            let link = roll.reveals[seat.index()].ok_or(format!("{seat} did not reveal"))?;
            if !verify_link(&self.nonce, seat, roll.k, &link, &self.state.heads[seat.index()]) {
                return Err(format!("{seat}'s link for roll {} does not chain", roll.k));
            }
        }
        let seed = roll_seed(&self.game_id, roll.k, roll.roller, SeatSet::FULL, &roll.reveals)
            .map_err(|e| e.to_string())?;
        if die_face(&seed).get() != roll.face {
            return Err(format!("roll {} shows {} but the dice say {}", roll.k, roll.face, die_face(&seed)));
        }
        let next = self.state.after(roll);
        if state_hash(&ludopia::fair::canonical::encode(&next)) != body.state_hash {
            return Err("the state hash does not match".into());
        }
        self.state = next;
        Ok(())
    }
}

/// Verifies a proof of the synthetic game with its replica.
pub fn verify(proof: &Proof<Roll>) -> Result<ludopia::fair::Valid, ludopia::fair::Invalid<String>> {
    proof.verify(|genesis| {
        let mut replica = Replica::start(genesis);
        Ok(move |body: &Body<Roll>| replica.check(body))
    })
}
