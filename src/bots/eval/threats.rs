//! Who threatens each loop square: what a pawn on it risks before it moves
//! again, worked out once per position for every pawn that asks.

use crate::rules::{Face, Game, Progress, Seat, YARD, board};

/// Who could hit each loop square before its pawn moves again, counted in
/// 36ths of a chance: built once per evaluation (every pawn of every seat
/// asks, and scanning every rival pawn for each was most of Hard's time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Threats {
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
    pub(super) fn of(game: &Game) -> Threats {
        let mut threats = Threats { by: [[0; WORDS]; 4], all: [0; WORDS] };
        let checked = game.rules_may_block();
        for seat in game.remaining().iter() {
            threats.mark_seat(game, seat, checked);
        }
        threats
    }

    /// The threats of `after`, one move on from `before`, whose threats
    /// these are: only the seats whose pawns moved (the mover, and whoever
    /// it captured) are marked again. Where a rule may stop a landing, any
    /// move can change what every pawn reaches, so all are marked afresh.
    pub(super) fn after(&self, before: &Game, after: &Game) -> Threats {
        if after.rules_may_block() || after.remaining() != before.remaining() {
            return Threats::of(after);
        }
        let mut threats = *self;
        for seat in after.remaining().iter() {
            if after.pawns(seat) != before.pawns(seat) {
                // The total is the rows' sum, bytes that never carry: take
                // the seat's old row out word by word.
                let row = &mut threats.by[seat.index()];
                for (total, old) in threats.all.iter_mut().zip(row.iter()) {
                    *total = total.wrapping_sub(*old);
                }
                *row = [0; WORDS];
                threats.mark_seat(after, seat, false);
            }
        }
        threats
    }

    /// Marks the squares `seat`'s pawns and yard threaten, checking each
    /// landing with the reducer when `checked`.
    fn mark_seat(&mut self, game: &Game, seat: Seat, checked: bool) {
        let mut in_yard = false;
        for (i, &q) in game.pawns(seat).iter().enumerate() {
            in_yard |= q == YARD;
            if !q.on_loop() {
                continue;
            }
            // Past progress 50 the pawn turns into its lane instead, unless
            // the lane is shut: then it goes on round the loop.
            let reach =
                if game.lane_open(seat) { 12.min(q.steps_to(Progress::LOOP_END)) as usize } else { 12 };
            let mut bytes = REACH[reach];
            if checked {
                for (gap, &face) in Face::ALL[..reach.min(6)].iter().enumerate() {
                    // Any landing the face allows is on the square `face` on.
                    if game.landing(seat, i as u8, face).is_err() {
                        bytes &= !(0xff << (8 * gap));
                    }
                }
            }
            self.mark(seat, usize::from(board::loop_square(seat, q)) + 1, bytes);
        }
        if in_yard {
            self.mark(seat, usize::from(board::loop_square(seat, Progress::START)), 6);
        }
    }

    /// Adds `bytes` from byte `at` on, to `seat`'s row and to the total.
    #[inline(always)]
    fn mark(&mut self, seat: Seat, at: usize, bytes: u128) {
        add_bytes(&mut self.by[seat.index()], at, bytes);
        add_bytes(&mut self.all, at, bytes);
    }

    /// The chance that `seat`'s pawn on open loop square `square` is
    /// captured before it moves again: its rivals' threats on that square
    /// (not its partner's: partners never capture each other).
    pub(super) fn risk(&self, game: &Game, seat: Seat, square: u8) -> f32 {
        // A seat with a pawn to lose is still playing, so `all` counts it.
        let mut theirs = count(&self.all, square) - count(&self.by[seat.index()], square);
        if let Some(partner) = game.partner(seat) {
            theirs -= count(&self.by[partner.index()], square);
        }
        RISK[usize::from(theirs)]
    }
}
