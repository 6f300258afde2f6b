//! How good a position is for one seat: the evaluation Normal maximises and
//! Hard's search scores its rollouts with.
//!
//! A seat's standing is its progress (the rules' own distance still to go),
//! plus the worth of pawns out of the yard and safely home, minus what its
//! pawns on open squares stand to lose to the opponents' next rolls. The
//! value of a position is the seat's standing against its rivals'.

use crate::rules::{Game, Phase, Progress, Seat, ThreeSixes, YARD, board};

/// A pawn out of its yard is worth more than its steps: getting out needs a 6.
const OUT: f32 = 14.0;
/// A pawn home for good can never be lost.
const HOME: f32 = 8.0;
/// An extra roll about to be rolled is worth roughly an average move.
const EXTRA_ROLL: f32 = 5.0;
/// A finished player's standing, above any unfinished one's.
const FINISHED: f32 = 600.0;
/// A better place is worth this much more standing.
const PLACE_STEP: f32 = 150.0;
/// The chance that one opponent pawn a die's roll behind hits.
const ONE_ROLL: f32 = 1.0 / 6.0;
/// The chance of a hit needing a 6 and then another roll.
const TWO_ROLLS: f32 = 1.0 / 36.0;

/// The value of `game` for `me`: higher is better.
pub(crate) fn value(game: &Game, me: Seat) -> f32 {
    let mine = standing(game, me);
    let (mut best, mut sum, mut n) = (f32::MIN, 0.0, 0.0);
    for other in game.players().without(me).iter() {
        let theirs = standing(game, other);
        best = best.max(theirs);
        sum += theirs;
        n += 1.0;
    }
    // Winning is beating the best rival; the rest still race for places.
    let rivals = if n > 0.0 { 0.6 * best + 0.4 * sum / n } else { 0.0 };
    mine - rivals + turn_bonus(game, me)
}

/// What a seat has: a place once decided, else its pawns' worth less risk.
fn standing(game: &Game, seat: Seat) -> f32 {
    if let Some(place) = game.place(seat) {
        return FINISHED + PLACE_STEP * (4.0 - f32::from(place));
    }
    let rules = game.rules();
    let pawns = game.pawns(seat);
    let steps = (57 * pawns.len()) as f32 - game.distance(seat) as f32;
    let mut worth = steps;
    for &p in pawns {
        if p == YARD {
            continue;
        }
        worth += OUT;
        if rules.is_home(p) {
            worth += HOME;
        } else if p <= 50 {
            worth -= risk(game, seat, p) * (f32::from(p) + 1.0 + OUT);
        }
    }
    worth
}

/// An extra roll due to `me` is worth having, less what a third six costs.
fn turn_bonus(game: &Game, me: Seat) -> f32 {
    if game.phase() != Phase::Roll || game.roller() != me || game.is_over() {
        return 0.0;
    }
    if game.sixes() == 2 {
        return match game.rules().three_sixes {
            ThreeSixes::None => EXTRA_ROLL,
            ThreeSixes::Forfeit => EXTRA_ROLL * 5.0 / 6.0,
            ThreeSixes::LeadingPawnHome => {
                let lead = game.leading_pawn(me).and_then(|i| game.pawns(me).get(usize::from(i)).copied());
                EXTRA_ROLL * 5.0 / 6.0 - lead.map_or(0.0, |p| (f32::from(p) + 1.0 + OUT) / 6.0)
            }
        };
    }
    EXTRA_ROLL
}

/// The chance that `seat`'s pawn at loop progress `p` is captured before it
/// moves again: opponents within one roll (checked against the reducer's
/// own `landing`, so blocking and one pawn per space count), a 6 and a
/// roll away, or waiting in a yard behind an open start square.
pub(crate) fn risk(game: &Game, seat: Seat, p: Progress) -> f32 {
    let square = board::loop_square(seat, p);
    if game.is_safe(square) {
        return 0.0;
    }
    let mut chance = 0.0;
    for other in game.remaining().without(seat).iter() {
        let start = board::loop_square(other, 0);
        let mut yard_threat = false;
        for (i, &q) in game.pawns(other).iter().enumerate() {
            if q == YARD {
                yard_threat |= start == square;
                continue;
            }
            if !(0..=50).contains(&q) {
                continue;
            }
            let gap = (i16::from(square) - i16::from(board::loop_square(other, q))).rem_euclid(52) as i8;
            // Past progress 50 the rival turns into its lane instead.
            if gap == 0 || q + gap > 50 {
                continue;
            }
            if gap <= 6 {
                if game.landing(other, i as u8, gap as u8) == Ok(q + gap) {
                    chance += ONE_ROLL;
                }
            } else if gap <= 12 {
                chance += TWO_ROLLS;
            }
        }
        if yard_threat {
            chance += ONE_ROLL;
        }
    }
    chance.min(0.9)
}
