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

/// The value of `game` for `me`: higher is better.
pub(crate) fn value(game: &Game, me: Seat) -> f32 {
    let threats = Threats::of(game);
    let mine = standing(game, &threats, me);
    let (mut best, mut sum, mut n) = (f32::MIN, 0.0, 0.0);
    for other in game.players().without(me).iter() {
        let theirs = standing(game, &threats, other);
        best = best.max(theirs);
        sum += theirs;
        n += 1.0;
    }
    // Winning is beating the best rival; the rest still race for places.
    let rivals = if n > 0.0 { 0.6 * best + 0.4 * sum / n } else { 0.0 };
    mine - rivals + turn_bonus(game, me)
}

/// What a seat has: a place once decided, else its pawns' worth less risk.
fn standing(game: &Game, threats: &Threats, seat: Seat) -> f32 {
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
            worth -= threats.risk(game, seat, p) * (f32::from(p) + 1.0 + OUT);
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

/// Who could hit each loop square before its pawn moves again, counted in
/// 36ths of a chance: built once per evaluation (every pawn of every seat
/// asks, and scanning every rival pawn for each was most of Hard's time).
struct Threats {
    /// `by[seat]`: a byte per square, eight to a word, so that a pawn marks
    /// its twelve squares ahead with three aligned word additions (bytes
    /// at different offsets of one array made the processor wait for its
    /// own stores). A square's count is 6 for each of the seat's pawns a
    /// die's roll behind that may land there (checked against the
    /// reducer's own `landing` when a house rule may stop it), and for a
    /// yard behind its open start square; 1 for each pawn a 6 and a roll
    /// away. Marks past square 51 are the first squares again: a square's
    /// count is its byte plus the byte 52 on. Counts stay below 256 (at
    /// most 6 from each of 16 pawns and 4 yards), so a byte never carries
    /// into the next.
    by: [[u64; WORDS]; 4],
    /// The sum of `by` over the remaining seats, marked alongside (adding
    /// the arrays afterwards reads words just stored, the same wait).
    all: [u64; WORDS],
}

/// Words for the 52 squares, the twelve marked past the end, and room to
/// read any square's byte 52 on.
const WORDS: usize = 13;

/// `REACH[n]`: what a pawn that may go `n` squares further on the loop
/// adds to the twelve squares ahead of it, as bytes (the first square
/// lowest).
const REACH: [u128; 13] = {
    let mut table = [0; 13];
    let mut n = 0;
    while n <= 12 {
        let mut gap = 0;
        while gap < n {
            table[n] |= (if gap < 6 { 6 } else { 1 }) << (8 * gap);
            gap += 1;
        }
        n += 1;
    }
    table
};

/// `RISK[n]`: the chance of capture that `n` 36ths of threat stand for.
const RISK: [f32; 256] = {
    let mut table = [0.0; 256];
    let mut n = 0;
    while n < 256 {
        table[n] = (n as f32 / 36.0).min(0.9);
        n += 1;
    }
    table
};

/// Adds `bytes` (at most twelve) to `words`, the first at byte `at`.
#[inline(always)]
fn add_bytes(words: &mut [u64; WORDS], at: usize, bytes: u128) {
    let (word, shift) = (at / 8, 8 * (at % 8));
    // Shifted in two halves: twelve bytes moved up to seven would not fit
    // in 128 bits.
    let low = u128::from(bytes as u64) << shift;
    let high = (bytes >> 64) << shift;
    if let [a, b, c, ..] = &mut words[word..] {
        *a = a.wrapping_add(low as u64);
        *b = b.wrapping_add((low >> 64) as u64).wrapping_add(high as u64);
        *c = c.wrapping_add((high >> 64) as u64);
    }
}

/// The count `words` hold for loop square `square`.
#[inline(always)]
fn count(words: &[u64; WORDS], square: u8) -> u8 {
    let byte = |at: usize| words.get(at / 8).map_or(0, |w| (w >> (8 * (at % 8))) as u8);
    let square = usize::from(square);
    byte(square) + byte(square + 52)
}

impl Threats {
    fn of(game: &Game) -> Threats {
        let mut threats = Threats { by: [[0; WORDS]; 4], all: [0; WORDS] };
        let checked = game.rules_may_block();
        for seat in game.remaining().iter() {
            let mut in_yard = false;
            for (i, &q) in game.pawns(seat).iter().enumerate() {
                in_yard |= q == YARD;
                if !(0..=50).contains(&q) {
                    continue;
                }
                // Past progress 50 the pawn turns into its lane instead.
                let reach = 12.min(50 - q) as usize;
                let mut bytes = REACH[reach];
                if checked {
                    for gap in 1..=reach.min(6) {
                        if game.landing(seat, i as u8, gap as u8) != Ok(q + gap as Progress) {
                            bytes &= !(0xff << (8 * (gap - 1)));
                        }
                    }
                }
                threats.mark(seat, usize::from(board::loop_square(seat, q)) + 1, bytes);
            }
            if in_yard {
                threats.mark(seat, usize::from(board::loop_square(seat, 0)), 6);
            }
        }
        threats
    }

    /// Adds `bytes` from byte `at` on, to `seat`'s row and to the total.
    #[inline(always)]
    fn mark(&mut self, seat: Seat, at: usize, bytes: u128) {
        add_bytes(&mut self.by[seat.index()], at, bytes);
        add_bytes(&mut self.all, at, bytes);
    }

    /// The chance that `seat`'s pawn at loop progress `p` is captured before
    /// it moves again: its rivals' threats on its square, unless safe.
    fn risk(&self, game: &Game, seat: Seat, p: Progress) -> f32 {
        let square = board::loop_square(seat, p);
        if game.is_safe(square) {
            return 0.0;
        }
        // A seat with a pawn to lose is still playing, so `all` counts it.
        let theirs = count(&self.all, square) - count(&self.by[seat.index()], square);
        RISK[usize::from(theirs)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, Die, Strategy};
    use crate::rules::{Action, Preset, SeatSet, TurnsPassed};

    /// The chance a rival hits `seat`'s pawn at `p`, rival pawn by rival
    /// pawn: what [`Threats`] counts all at once.
    fn risk_pawn_by_pawn(game: &Game, seat: Seat, p: Progress) -> f32 {
        let square = board::loop_square(seat, p);
        if game.is_safe(square) {
            return 0.0;
        }
        let mut chance = 0.0;
        for rival in game.remaining().without(seat).iter() {
            let mut yard_threat = false;
            for (i, &q) in game.pawns(rival).iter().enumerate() {
                if q == YARD {
                    yard_threat |= board::loop_square(rival, 0) == square;
                    continue;
                }
                let gap = (i16::from(square) - i16::from(board::loop_square(rival, q))).rem_euclid(52) as i8;
                if !(0..=50).contains(&q) || gap == 0 || q + gap > 50 {
                    continue;
                }
                if gap <= 6 && game.landing(rival, i as u8, gap as u8) == Ok(q + gap) {
                    chance += 1.0 / 6.0;
                } else if (7..=12).contains(&gap) {
                    chance += 1.0 / 36.0;
                }
            }
            if yard_threat {
                chance += 1.0 / 6.0;
            }
        }
        f32::min(chance, 0.9)
    }

    #[test]
    fn threats_are_the_rival_pawns_one_by_one() {
        let mut checked = 0;
        for preset in Preset::ALL {
            for seed in 0..6u64 {
                let mut game = Game::new(preset.rules(), SeatSet::FULL, Seat::ALL[0]).expect("valid");
                let mut bots = Seat::ALL.map(|s| Bot::new(Strategy::Random, seed * 4 + s.index() as u64));
                let mut dice = Die::new(seed);
                while let Some(seat) = game.to_act() {
                    let threats = Threats::of(&game);
                    for owner in game.remaining().iter() {
                        for &p in game.pawns(owner).iter().filter(|&&p| (0..=50).contains(&p)) {
                            let (fast, slow) =
                                (threats.risk(&game, owner, p), risk_pawn_by_pawn(&game, owner, p));
                            assert!(
                                (fast - slow).abs() < 1e-5,
                                "{preset:?} {owner} at {p}: {fast} vs {slow}"
                            );
                            checked += 1;
                        }
                    }
                    let action = match bots[seat.index()].decide(&game) {
                        Some(action) => action,
                        None => Action::Roll { seat, face: dice.roll() },
                    };
                    game.play(action, &mut TurnsPassed::default()).expect("legal");
                }
            }
        }
        assert!(checked > 10_000, "only {checked} pawns checked");
    }
}
