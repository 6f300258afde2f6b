//! What moves on screen and when: pawns hopping square by square, a captured
//! pawn going back to its yard, a burst where a capture lands and sparkles
//! where a pawn reaches home, the die tumbling in. Pure functions of the
//! time passed in, so the same instant always draws the same picture.

use crate::rules::{Event, Events, Face, Progress, Seat, YARD};
use std::time::{Duration, Instant};

/// Time for one square of a hop.
pub const HOP: Duration = Duration::from_millis(140);
/// How long the die's spring takes to settle.
pub const DIE_SETTLE: Duration = Duration::from_millis(900);
/// How long a capture's burst or a pawn's arrival home shines.
pub const BURST: Duration = Duration::from_millis(700);

/// A moment worth a flourish, drawn where it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flourish {
    /// `by` captured a pawn here.
    Capture { by: Seat },
    /// A pawn reached home here.
    Home,
}

/// A flourish at a pawn's place (`seat`'s progress `at`), from `start`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Burst {
    pub flourish: Flourish,
    pub seat: Seat,
    pub at: Progress,
    pub start: Instant,
}

impl Burst {
    /// How far the burst has run at `now`, 0 to 1; `None` outside it.
    pub fn progress(&self, now: Instant) -> Option<f32> {
        let since = now.checked_duration_since(self.start)?;
        (since < BURST).then(|| since.as_secs_f32() / BURST.as_secs_f32())
    }
}

/// One pawn travelling along its path of progress values.
#[derive(Debug, Clone, PartialEq)]
pub struct Hop {
    pub seat: Seat,
    pub pawn: u8,
    /// Every progress value it stands on, first to last (YARD for the yard).
    pub path: Vec<Progress>,
    pub start: Instant,
}

/// Where a hopping pawn is: between `path[from]` and `path[from + 1]`, `t`
/// of the way, lifted `lift` (0 on a square, 1 at the top of the arc).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Airborne {
    pub from: Progress,
    pub to: Progress,
    pub t: f32,
    pub lift: f32,
}

impl Hop {
    pub fn end(&self) -> Instant {
        self.start + HOP * (self.path.len().saturating_sub(1) as u32)
    }

    /// Where the pawn is at `now`; `None` before its start and after its end.
    pub fn at(&self, now: Instant) -> Option<Airborne> {
        if now < self.start || now >= self.end() || self.path.len() < 2 {
            return None;
        }
        let squares = now.duration_since(self.start).as_secs_f32() / HOP.as_secs_f32();
        let i = (squares.floor() as usize).min(self.path.len() - 2);
        let t = (squares - i as f32).clamp(0.0, 1.0);
        Some(Airborne { from: self.path[i], to: self.path[i + 1], t, lift: (std::f32::consts::PI * t).sin() })
    }
}

/// Every motion running on the board.
#[derive(Debug, Clone, Default)]
pub struct Motion {
    pub hops: Vec<Hop>,
    pub bursts: Vec<Burst>,
    /// The die's last roll.
    pub die: Option<Rolled>,
}

/// A roll the die shows: its face, who rolled it and when it landed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rolled {
    pub face: Face,
    pub seat: Seat,
    pub at: Instant,
}

impl Motion {
    /// Starts the motions that a step of the game's events shows: the mover
    /// hops first, captured pawns fly home once it has landed.
    pub fn start(&mut self, events: &Events, now: Instant) {
        let mut after = now;
        for event in events {
            match *event {
                Event::Entered { seat, pawn } => {
                    let hop = Hop { seat, pawn, path: vec![YARD, Progress::START], start: now };
                    after = after.max(hop.end());
                    self.replace(hop);
                }
                Event::Moved { seat, pawn, from, to } if to > from => {
                    let path = (from.get()..=to.get()).map(Progress::new).collect();
                    let hop = Hop { seat, pawn, path, start: now };
                    after = after.max(hop.end());
                    self.replace(hop);
                }
                Event::Captured { seat, pawn, from, by } => {
                    self.replace(Hop { seat, pawn, path: vec![from, YARD], start: after });
                    self.bursts.push(Burst {
                        flourish: Flourish::Capture { by },
                        seat,
                        at: from,
                        start: after,
                    });
                }
                Event::SentToYard { seat, pawn, from, .. } => {
                    self.replace(Hop { seat, pawn, path: vec![from, YARD], start: after });
                }
                Event::ReachedHome { seat, pawn } => {
                    // Where its hop ends, once it has.
                    if let Some(hop) = self.hop_of(seat, pawn, now).cloned()
                        && let Some(&at) = hop.path.last()
                    {
                        self.bursts.push(Burst { flourish: Flourish::Home, seat, at, start: hop.end() });
                    }
                }
                _ => {}
            }
        }
    }

    fn replace(&mut self, hop: Hop) {
        self.hops.retain(|h| (h.seat, h.pawn) != (hop.seat, hop.pawn));
        self.hops.push(hop);
    }

    pub fn roll(&mut self, face: Face, seat: Seat, now: Instant) {
        self.die = Some(Rolled { face, seat, at: now });
    }

    /// Shows `seat`'s roll of `face` on the die at rest (a resumed game's
    /// last roll).
    pub fn rest(&mut self, face: Face, seat: Seat, now: Instant) {
        self.die = Some(Rolled { face, seat, at: now.checked_sub(DIE_SETTLE).unwrap_or(now) });
    }

    /// The hop of a pawn, if it is still travelling (or waiting to) at `now`.
    pub fn hop_of(&self, seat: Seat, pawn: u8, now: Instant) -> Option<&Hop> {
        self.hops.iter().find(|h| h.seat == seat && h.pawn == pawn && now < h.end())
    }

    /// Whether anything still moves at `now` (the frame clock runs only then).
    pub fn is_animating(&self, now: Instant) -> bool {
        self.hops.iter().any(|h| now < h.end())
            || self.bursts.iter().any(|b| now < b.start + BURST)
            || self.die.is_some_and(|r| now < r.at + DIE_SETTLE)
    }

    /// Drops finished motions.
    pub fn settle(&mut self, now: Instant) {
        self.hops.retain(|h| now < h.end());
        self.bursts.retain(|b| now < b.start + BURST);
    }
}

/// The die's tumble: an angle (radians) that springs in from 540° and a
/// scale that overshoots then settles at 1.
pub fn die_spring(since: Duration) -> (f32, f32) {
    let t = since.as_secs_f32();
    let decay = (-5.5 * t).exp();
    let angle = 3.0 * std::f32::consts::PI * decay * (7.0 * t).cos();
    let scale = 1.0 - 0.45 * decay * (11.0 * t).cos();
    (angle, scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(n: i8) -> Progress {
        Progress::new(n)
    }

    #[test]
    fn a_hop_walks_every_square_with_a_sine_arc() {
        let t0 = Instant::now();
        let hop = Hop { seat: Seat::ALL[0], pawn: 0, path: [3, 4, 5, 6].map(p).to_vec(), start: t0 };
        assert_eq!(hop.end(), t0 + HOP * 3);
        let mid = hop.at(t0 + HOP / 2).expect("airborne");
        assert_eq!((mid.from, mid.to), (p(3), p(4)));
        assert!((mid.lift - 1.0).abs() < 1e-3);
        let later = hop.at(t0 + HOP * 2 + HOP / 4).expect("airborne");
        assert_eq!((later.from, later.to), (p(5), p(6)));
        assert!(later.lift < 0.8);
        assert_eq!(hop.at(hop.end()), None);
    }

    #[test]
    fn captured_pawns_fly_home_after_the_mover_lands() {
        let t0 = Instant::now();
        let (red, green) = (Seat::ALL[0], Seat::ALL[1]);
        let mut events = Events::new();
        events.push(Event::Moved { seat: red, pawn: 1, from: p(10), to: p(14) });
        events.push(Event::Captured { seat: green, pawn: 2, by: red, from: p(1) });
        let mut motion = Motion::default();
        motion.start(&events, t0);
        let back = motion.hop_of(green, 2, t0).expect("captured pawn waits to fly");
        assert_eq!(back.start, t0 + HOP * 4);
        assert_eq!(back.path, vec![p(1), YARD]);
        assert!(motion.is_animating(t0 + HOP * 4));
        // Where it was taken, a burst in the capturer's colour as the mover lands.
        let [burst] = motion.bursts[..] else { panic!("one burst: {:?}", motion.bursts) };
        assert_eq!(
            (burst.flourish, burst.seat, burst.at, burst.start),
            (Flourish::Capture { by: red }, green, p(1), t0 + HOP * 4)
        );
        assert!(motion.is_animating(t0 + HOP * 4 + BURST / 2));
        assert!(!motion.is_animating(t0 + HOP * 6 + BURST));
    }

    #[test]
    fn a_pawn_home_sparkles_where_its_hop_ends() {
        let t0 = Instant::now();
        let red = Seat::ALL[0];
        let mut events = Events::new();
        events.push(Event::Moved { seat: red, pawn: 3, from: p(53), to: Progress::HOME });
        events.push(Event::ReachedHome { seat: red, pawn: 3 });
        let mut motion = Motion::default();
        motion.start(&events, t0);
        let [burst] = motion.bursts[..] else { panic!("one burst: {:?}", motion.bursts) };
        assert_eq!((burst.flourish, burst.at, burst.start), (Flourish::Home, Progress::HOME, t0 + HOP * 3));
        assert_eq!(burst.progress(t0), None, "not before the pawn arrives");
        assert!(burst.progress(t0 + HOP * 3 + BURST / 2).is_some_and(|p| (p - 0.5).abs() < 1e-3));
    }

    #[test]
    fn the_die_springs_from_540_degrees_to_rest() {
        let (a0, _) = die_spring(Duration::ZERO);
        assert!((a0.to_degrees() - 540.0).abs() < 1e-2);
        let (a, s) = die_spring(DIE_SETTLE);
        assert!(a.to_degrees().abs() < 10.0 && (s - 1.0).abs() < 0.02, "{a} {s}");
    }
}
