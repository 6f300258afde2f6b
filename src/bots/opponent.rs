//! Palace: whom to challenge for the die. The rival furthest ahead (least
//! distance still to go) is the one to keep from rolling; weaker bots pick
//! less well.

use super::Strategy;
use crate::rules::{Game, Seat};
use rand::Rng;

/// How often Normal challenges someone other than the leader.
const NORMAL_SLIP: f64 = 0.2;

pub(crate) fn choose<R: Rng>(game: &Game, strategy: Strategy, rng: &mut R) -> Option<Seat> {
    let me = game.turn();
    // Never its partner at a team table: the rules refuse that duel.
    let rivals: arrayvec::ArrayVec<Seat, 4> =
        game.remaining().iter().filter(|&s| game.opponents(me).contains(s)).collect();
    let any = |rng: &mut R| rivals.get(rng.random_range(0..rivals.len().max(1))).copied();
    let leader = || rivals.iter().copied().min_by_key(|&s| game.distance(s));
    match strategy {
        Strategy::Random | Strategy::Easy => any(rng),
        Strategy::Normal if rng.random_bool(NORMAL_SLIP) => any(rng),
        Strategy::Normal | Strategy::Hard => leader(),
    }
}
