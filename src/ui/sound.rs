//! Sound effects, synthesised here so there are no audio files to ship: the
//! die's rattle, a pawn's hop on each square, a capture, a pawn home and the
//! end of the game. Which effects a log entry makes, and when, is a pure
//! function of its events, timed with the hops on the board. One thread owns
//! the audio device, so a slow device never stalls the window, and a machine
//! without one (a server, CI under Xvfb) stays silent after one log line.

use crate::rules::{Event, Events};
use crate::ui::motion::HOP;
use std::f32::consts::TAU;
use std::num::NonZero;
use std::sync::mpsc;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Effect {
    Roll,
    Hop,
    Capture,
    Home,
    Fanfare,
}

impl Effect {
    pub const ALL: [Effect; 5] = [Effect::Roll, Effect::Hop, Effect::Capture, Effect::Home, Effect::Fanfare];
}

/// An effect to play `after` the entry is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cue {
    pub effect: Effect,
    pub after: Duration,
}

/// The effects of one verified entry: the rattle with a roll, a hop as the
/// pawn lands on each square, then a capture, a pawn home or the fanfare
/// once the mover has landed (as `Motion::start` times the board).
pub fn cues(events: &Events) -> Vec<Cue> {
    let mut cues = Vec::new();
    if events.iter().any(|e| matches!(e, Event::Rolled { .. })) {
        cues.push(Cue { effect: Effect::Roll, after: Duration::ZERO });
    }
    let mut landed = Duration::ZERO;
    for event in events {
        let squares = match *event {
            Event::Entered { .. } => 1,
            Event::Moved { from, to, .. } if to > from => from.steps_to(to).unsigned_abs(),
            _ => 0,
        };
        for k in 1..=squares {
            cues.push(Cue { effect: Effect::Hop, after: HOP * k });
        }
        landed = landed.max(HOP * squares);
    }
    let after = |effect| Cue { effect, after: landed };
    if events.iter().any(|e| matches!(e, Event::Captured { .. } | Event::SentToYard { .. })) {
        cues.push(after(Effect::Capture));
    }
    if events.iter().any(|e| matches!(e, Event::GameOver { .. })) {
        cues.push(after(Effect::Fanfare));
    } else if events.iter().any(|e| matches!(e, Event::ReachedHome { .. })) {
        cues.push(after(Effect::Home));
    }
    cues
}

/// Samples per second of the synthesised effects (mono).
pub const RATE: u32 = 44_100;
const RATE_HZ: NonZero<u32> = NonZero::new(RATE).expect("a rate above zero");

/// An effect's samples, mono at [`RATE`], peaking below 1 and fading to
/// silence (no click at the end).
pub fn samples(effect: Effect) -> Vec<f32> {
    match effect {
        // Five knocks of a wooden die on the board, closer and softer.
        Effect::Roll => mix(&[0.0, 0.07, 0.13, 0.2, 0.26].map(|at| (at, knock(0.05, 0.8)))),
        Effect::Hop => knock(0.07, 0.6),
        // A falling whoop, then a thump as the pawn lands in its yard.
        Effect::Capture => mix(&[(0.0, glide(760.0, 190.0, 0.28, 0.55)), (0.26, knock(0.12, 0.7))]),
        Effect::Home => mix(&[(0.0, bell(1318.5, 0.5, 0.45)), (0.12, bell(1975.5, 0.6, 0.4))]),
        // C5 E5 G5, then C6 held.
        Effect::Fanfare => mix(&[
            (0.0, bell(523.25, 0.3, 0.4)),
            (0.15, bell(659.25, 0.3, 0.4)),
            (0.3, bell(783.99, 0.3, 0.4)),
            (0.45, bell(1046.5, 0.9, 0.5)),
        ]),
    }
}

fn len(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// A short knock: a falling low tone with a burst of noise for the wood.
fn knock(seconds: f32, gain: f32) -> Vec<f32> {
    let mut noise = 0x9e37_79b9u32;
    (0..len(seconds))
        .map(|i| {
            let t = i as f32 / RATE as f32;
            // xorshift: cheap, deterministic noise.
            noise ^= noise << 13;
            noise ^= noise >> 17;
            noise ^= noise << 5;
            let white = noise as f32 / u32::MAX as f32 * 2.0 - 1.0;
            let tone = (TAU * (180.0 + 260.0 * (-40.0 * t).exp()) * t).sin();
            gain * fade(t, seconds) * (0.7 * tone * (-45.0 * t).exp() + 0.5 * white * (-160.0 * t).exp())
        })
        .collect()
}

/// A tone gliding from `from` to `to` Hz.
fn glide(from: f32, to: f32, seconds: f32, gain: f32) -> Vec<f32> {
    let mut phase = 0.0f32;
    (0..len(seconds))
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let hz = from + (to - from) * (t / seconds);
            phase = (phase + TAU * hz / RATE as f32) % TAU;
            gain * fade(t, seconds) * (phase.sin() + 0.3 * (2.0 * phase).sin()) / 1.3
        })
        .collect()
}

/// A struck bell: a tone with a quieter octave, decaying.
fn bell(hz: f32, seconds: f32, gain: f32) -> Vec<f32> {
    (0..len(seconds))
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let ring = (TAU * hz * t).sin() + 0.35 * (TAU * 2.0 * hz * t).sin();
            gain * fade(t, seconds) * (-5.0 * t).exp() * ring / 1.35
        })
        .collect()
}

/// A 3 ms rise and a 20 ms fall at the ends, against clicks.
fn fade(t: f32, seconds: f32) -> f32 {
    (t / 0.003).min(1.0) * ((seconds - t) / 0.02).clamp(0.0, 1.0)
}

/// Sounds laid over each other, each from its start in seconds.
fn mix(parts: &[(f32, Vec<f32>)]) -> Vec<f32> {
    let total = parts.iter().map(|(at, s)| len(*at) + s.len()).max().unwrap_or(0);
    let mut out = vec![0.0; total];
    for (at, sound) in parts {
        for (o, s) in out[len(*at)..].iter_mut().zip(sound) {
            *o += s;
        }
    }
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if peak > 0.95 {
        out.iter_mut().for_each(|s| *s *= 0.95 / peak);
    }
    out
}

/// Plays cues on the audio device, from a thread of its own started with
/// the first cue.
#[derive(Debug, Default)]
pub struct Speaker {
    line: Option<mpsc::Sender<(Vec<Cue>, f32)>>,
    /// The device could not be opened: stay silent.
    silent: bool,
}

impl Speaker {
    /// Plays `cues` at `volume` (0 to 1).
    pub fn play(&mut self, cues: Vec<Cue>, volume: f32) {
        if cues.is_empty() || self.silent {
            return;
        }
        let line = self.line.get_or_insert_with(|| {
            let (line, heard) = mpsc::channel();
            let spawned = std::thread::Builder::new().name("sound".into()).spawn(move || speak(heard));
            if let Err(e) = spawned {
                tracing::warn!("no sound: the sound thread did not start: {e}");
            }
            line
        });
        if line.send((cues, volume.clamp(0.0, 1.0))).is_err() {
            // The thread ended: no device.
            self.silent = true;
            self.line = None;
        }
    }
}

/// The sound thread: opens the default output and mixes cues into it.
fn speak(heard: mpsc::Receiver<(Vec<Cue>, f32)>) {
    use rodio::Source;
    let mut sink = match rodio::DeviceSinkBuilder::open_default_sink() {
        Ok(sink) => sink,
        Err(e) => {
            tracing::warn!("no sound: {e}");
            return;
        }
    };
    sink.log_on_drop(false);
    let sounds: Vec<(Effect, rodio::buffer::SamplesBuffer)> = Effect::ALL
        .into_iter()
        .map(|e| (e, rodio::buffer::SamplesBuffer::new(NonZero::<u16>::MIN, RATE_HZ, samples(e))))
        .collect();
    while let Ok((cues, volume)) = heard.recv() {
        for cue in cues {
            if let Some((_, sound)) = sounds.iter().find(|(e, _)| *e == cue.effect) {
                sink.mixer().add(sound.clone().amplify(volume).delay(cue.after));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Seat;

    #[test]
    fn every_effect_is_audible_bounded_and_ends_in_silence() {
        for effect in Effect::ALL {
            let s = samples(effect);
            assert!(s.len() > len(0.03), "{effect:?} too short");
            assert!(s.len() < len(2.0), "{effect:?} too long");
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(s.iter().all(|x| x.is_finite()), "{effect:?}");
            assert!((0.2..=0.96).contains(&peak), "{effect:?} peaks at {peak}");
            assert!(s[s.len() - 5..].iter().all(|x| x.abs() < 0.01), "{effect:?} clicks at the end");
        }
    }

    #[test]
    fn a_move_hops_on_each_square_and_a_capture_sounds_when_the_mover_lands() {
        let (red, green) = (Seat::ALL[0], Seat::ALL[1]);
        let mut events = Events::new();
        events.push(Event::Moved {
            seat: red,
            pawn: 0,
            from: crate::rules::Progress::new(10),
            to: crate::rules::Progress::new(13),
        });
        events.push(Event::Captured { seat: green, pawn: 1, by: red, from: crate::rules::Progress::new(2) });
        let cues = cues(&events);
        let hops: Vec<Duration> = cues.iter().filter(|c| c.effect == Effect::Hop).map(|c| c.after).collect();
        assert_eq!(hops, vec![HOP, HOP * 2, HOP * 3]);
        assert_eq!(cues.last(), Some(&Cue { effect: Effect::Capture, after: HOP * 3 }));
        assert!(!cues.iter().any(|c| c.effect == Effect::Roll));
    }

    #[test]
    fn a_roll_rattles_at_once_and_the_last_pawn_home_plays_the_fanfare_not_the_chime() {
        let red = Seat::ALL[0];
        let mut events = Events::new();
        events.push(Event::Rolled { seat: red, face: crate::rules::Face::ALL[1] });
        events.push(Event::Moved {
            seat: red,
            pawn: 3,
            from: crate::rules::Progress::LANE_END,
            to: crate::rules::Progress::new(57),
        });
        events.push(Event::ReachedHome { seat: red, pawn: 3 });
        events.push(Event::GameOver { places: [1, 2, 0, 0] });
        let cues = cues(&events);
        assert_eq!(cues[0], Cue { effect: Effect::Roll, after: Duration::ZERO });
        assert_eq!(cues.last(), Some(&Cue { effect: Effect::Fanfare, after: HOP * 2 }));
        assert!(!cues.iter().any(|c| c.effect == Effect::Home));
    }

    #[test]
    fn a_speaker_without_cues_opens_nothing() {
        let mut speaker = Speaker::default();
        speaker.play(Vec::new(), 1.0);
        assert!(speaker.line.is_none());
    }
}
