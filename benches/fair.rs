//! Verifying a whole game's proof: 1,000 host-signed entries, each with
//! four chain links to check, a roll seed and a face (a four-player game
//! makes a few hundred to about a thousand entries).

use criterion::{Criterion, criterion_group, criterion_main};
use ludopia::fair::Proof;
use std::hint::black_box;

#[path = "../tests/fair_support/mod.rs"]
mod support;

fn verify_game(c: &mut Criterion) {
    let game = support::Game::new(1000);
    let bytes = game.proof.to_postcard();
    c.bench_function("read and verify a 1000-entry proof", |b| {
        b.iter(|| {
            let proof: Proof<support::Roll> = match Proof::read(black_box(&bytes)) {
                Ok(p) => p,
                Err(e) => panic!("unreadable: {e}"),
            };
            assert!(support::verify(&proof).is_ok());
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = verify_game
}
criterion_main!(benches);
