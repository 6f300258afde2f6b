//! Reactions: a small palette of emotes and stock phrases a player sends to
//! the table. They are chatter, not play: nothing in the game or its signed
//! log depends on them. The host passes each on to the other guests as a
//! [`Said`], naming the sender's seat (it knows which peer sits where), and
//! each screen may mute any seat. A fixed palette rather than free text:
//! nothing to moderate, and it reads the same in every language.

use serde::{Deserialize, Serialize};

use crate::rules::Seat;

/// One reaction of the palette. Encoded by its index: an unknown index
/// (a newer peer's palette, or garbage) fails to decode and is dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reaction {
    Smile,
    Laugh,
    Wow,
    Sad,
    Angry,
    Love,
    GoodLuck,
    NiceMove,
    Oops,
    HurryUp,
    WellPlayed,
    Thanks,
}

impl Reaction {
    /// The faces, drawn rather than typed (the game's font has no emoji).
    pub const EMOTES: [Reaction; 6] =
        [Reaction::Smile, Reaction::Laugh, Reaction::Wow, Reaction::Sad, Reaction::Angry, Reaction::Love];

    /// The stock phrases (the window words them: `ui::emote`).
    pub const PHRASES: [Reaction; 6] = [
        Reaction::GoodLuck,
        Reaction::NiceMove,
        Reaction::Oops,
        Reaction::HurryUp,
        Reaction::WellPlayed,
        Reaction::Thanks,
    ];
}

/// A reaction as the host passes it on: who said it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Said {
    pub seat: Seat,
    pub reaction: Reaction,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::canonical;

    #[test]
    fn every_reaction_round_trips() {
        for reaction in Reaction::EMOTES.into_iter().chain(Reaction::PHRASES) {
            for seat in Seat::ALL {
                let said = Said { seat, reaction };
                assert_eq!(canonical::decode::<Said>(&canonical::encode(&said)), Ok(said));
            }
        }
    }

    #[test]
    fn an_unknown_reaction_or_seat_does_not_decode() {
        // Index 12 is past the palette; seat 4 does not exist.
        assert!(canonical::decode::<Reaction>(&[12]).is_err());
        assert!(canonical::decode::<Said>(&[4, 0]).is_err());
        assert!(canonical::decode::<Said>(&[]).is_err());
    }
}
