//! Verifying a whole game's proof. The target's case is `ludopia verify` of
//! a real game's 1,000-entry proof: the same two calls the command makes
//! (read the file's bytes, `table::verify_proof`), over the first 1,000
//! entries of a game four bots played at a signing table. Also a synthetic
//! log of 1,000 rolls (each with four chain links to check, a roll seed, a
//! face and a state hash), and the share of the signature checks alone
//! (one batch, as a proof's check makes them, and one by one).
//!
//! Measured twice: wall time (criterion's default), and the benchmark
//! thread's own CPU time, which a busy machine does not inflate.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, criterion_group, criterion_main};
use ludopia::bots::Strategy;
use ludopia::fair::{Batch, Context, Proof, tagged};
use ludopia::rules::Preset;
use ludopia::table::{CHAIN_LEN, Control, Participant, Record, TableConfig, Timing, verify_proof};
use ludopia::ui::driver::{Driver, Resumable};
use std::hint::black_box;

const ENTRIES: usize = 1000;

/// The binary proof of the first `ENTRIES` entries of a real game: four
/// Random bots at a classic table, from the first seed whose game is that long.
fn real_proof() -> Vec<u8> {
    for i in 0u32..1000 {
        let entropy = tagged("ludopia/bench/entropy", &[&i.to_be_bytes()]).0;
        let config = TableConfig {
            rules: Preset::Classic.rules(),
            seats: [Control::Bot(Strategy::Random); 4],
            host: Participant::LOCAL,
            timing: Timing::INSTANT,
            chain_len: CHAIN_LEN,
        };
        let Ok(table) = Driver::here(config, entropy) else { continue };
        let Some(Resumable { mut proof, .. }) = table.resumable() else { continue };
        if proof.entries.len() >= ENTRIES {
            proof.entries.truncate(ENTRIES);
            return proof.to_postcard();
        }
    }
    panic!("no game of {ENTRIES} entries in a thousand seeds");
}

/// What `ludopia verify FILE` does with the file's bytes.
fn verify_like_the_command(bytes: &[u8]) {
    let proof: Proof<Record> = match Proof::read(black_box(bytes)) {
        Ok(p) => p,
        Err(e) => panic!("unreadable: {e}"),
    };
    match verify_proof(&proof) {
        Ok((valid, _)) => assert_eq!(valid.through, ENTRIES as u64),
        Err(e) => panic!("{e}"),
    }
}

// The fair tests use the parts this bench does not.
#[allow(dead_code)]
#[path = "../tests/support/fair.rs"]
mod support;

fn read_and_verify(bytes: &[u8]) {
    let proof: Proof<support::Roll> = match Proof::read(black_box(bytes)) {
        Ok(p) => p,
        Err(e) => panic!("unreadable: {e}"),
    };
    if let Err(e) = support::verify(&proof) {
        panic!("{e}");
    }
}

fn wall(c: &mut Criterion) {
    let real = real_proof();
    c.bench_function("ludopia verify, a real game's 1000-entry proof (wall)", |b| {
        b.iter(|| verify_like_the_command(&real))
    });
    let bytes = support::Game::new(1000).proof.to_postcard();
    c.bench_function("read and verify a 1000-entry proof (wall)", |b| b.iter(|| read_and_verify(&bytes)));
}

fn cpu(c: &mut Criterion<ThreadCpu>) {
    if thread_cpu_ns().is_none() {
        eprintln!("no /proc/thread-self/schedstat: skipping the CPU-time measurement");
        return;
    }
    let real = real_proof();
    c.bench_function("ludopia verify, a real game's 1000-entry proof (thread CPU)", |b| {
        b.iter(|| verify_like_the_command(&real))
    });
    let game = support::Game::new(1000);
    let bytes = game.proof.to_postcard();
    c.bench_function("read and verify a 1000-entry proof (thread CPU)", |b| {
        b.iter(|| read_and_verify(&bytes))
    });
    // The share of the signature checks alone: one batch, as a proof's
    // verification makes them, and one strict check each, as a replica in
    // play makes them.
    let host = *game.verified.host();
    c.bench_function("1000 entry signatures in one batch (thread CPU)", |b| {
        b.iter(|| {
            let mut batch = Batch::default();
            for entry in &game.proof.entries {
                batch.push(&host, Context::Entry, &entry.hash(), &entry.sig);
            }
            assert_eq!(black_box(&batch).verify(), Ok(()));
        })
    });
    c.bench_function("1000 strict entry signatures (thread CPU)", |b| {
        b.iter(|| {
            for entry in &game.proof.entries {
                let checked = host.verify(Context::Entry, black_box(entry.body.bytes()), &entry.sig);
                assert!(checked.is_ok());
            }
        })
    });
}

/// Nanoseconds this thread has run on a CPU (Linux schedstat).
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

struct ThreadCpu;

static WALL: WallTime = WallTime;

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns().unwrap_or(0)
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().unwrap_or(0).saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}

criterion_group! {
    name = wall_time;
    config = Criterion::default().sample_size(20);
    targets = wall
}
criterion_group! {
    name = cpu_time;
    config = Criterion::default().with_measurement(ThreadCpu).sample_size(20);
    targets = cpu
}
criterion_main!(wall_time, cpu_time);
