//! The fair dice and the signed log against cheating: tampering, replay,
//! reordering, equivocation, lying hosts, bad genesis records, snapshots,
//! proof files, and the uniformity of the faces.

mod support;

use ludopia::fair::canonical::encode;
use ludopia::fair::{
    AppendError, At, Body, Canonical, Chain, Digest, EntryError, Equivocation, Evidence, EvidenceError,
    GenesisError, LogVerifier, PROTOCOL_VERSION, Proof, ProofError, ProofFileError, PublicKey, Reveal,
    RevealError, SignatureError, SignedEntry, SignedGenesis, SignedReveal, SignedSnapshot, Snapshot,
    SnapshotError, SnapshotVerdict, die_face, roll_seed, state_hash, tagged,
};
use ludopia::rules::{Seat, SeatSet};
use proptest::prelude::*;
use support::fair::{Game, Replica, Roll, State, verify};

fn invalid_at(proof: &Proof<Roll>) -> (At, ProofError<String>) {
    match verify(proof) {
        Ok(valid) => panic!("expected a failure, got {valid}"),
        Err(e) => (e.at, e.reason),
    }
}

#[test]
fn an_honest_game_verifies_through_its_last_entry() {
    let game = Game::new(12);
    let valid = verify(&game.proof).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(valid.through, 12);
    assert_eq!(valid.to_string(), "valid through entry 12");
    assert_eq!(valid.game_id, game.proof.genesis.game_id());
}

#[test]
fn every_flipped_byte_of_an_entry_is_caught_at_that_entry() {
    let game = Game::new(4);
    let entry = &game.proof.entries[2];
    let len = entry.body.bytes().len();
    for i in 0..len + 64 {
        let mut proof = game.proof.clone();
        let target = &mut proof.entries[2];
        if i < len {
            let mut bytes = target.body.bytes().to_vec();
            bytes[i] ^= 0x01;
            target.body = Canonical::from_bytes(bytes);
        } else {
            target.sig.0[i - len] ^= 0x01;
        }
        let (at, reason) = invalid_at(&proof);
        assert_eq!(at, At::Entry(3), "byte {i}");
        assert!(matches!(reason, ProofError::Entry(_)), "byte {i}: {reason}");
    }
}

/// The signatures of a proof are checked as one batch after the entries:
/// the first bad one is still the fault reported, before any later one.
#[test]
fn a_bad_signature_is_reported_before_a_later_fault() {
    let game = Game::new(8);
    let mut proof = game.proof.clone();
    proof.entries[1].sig.0[5] ^= 0x10;
    proof.entries[3].sig.0[7] ^= 0x10;
    proof.entries.swap(5, 6);
    let bad_signature = ProofError::Entry(EntryError::BadSignature(SignatureError::BadSignature));
    assert_eq!(invalid_at(&proof), (At::Entry(2), bad_signature.clone()));
    proof.entries[1] = game.proof.entries[1].clone();
    assert_eq!(invalid_at(&proof), (At::Entry(4), bad_signature));
    proof.entries[3] = game.proof.entries[3].clone();
    assert!(matches!(invalid_at(&proof), (At::Entry(6), ProofError::Entry(EntryError::OutOfOrder { .. }))));
}

#[test]
fn flips_in_entry_fields_give_precise_reasons() {
    let game = Game::new(3);
    let flip = |offset: usize| {
        let mut proof = game.proof.clone();
        let mut bytes = proof.entries[1].body.bytes().to_vec();
        bytes[offset] ^= 0x01;
        proof.entries[1].body = Canonical::from_bytes(bytes);
        invalid_at(&proof).1
    };
    // Layout: game_id (32) | seq varint (1) | prev (32) | content ... | state_hash (32).
    assert!(matches!(flip(0), ProofError::Entry(EntryError::WrongGame { .. })));
    assert!(matches!(flip(32), ProofError::Entry(EntryError::OutOfOrder { expected: 2, found: 3 })));
    assert!(matches!(flip(40), ProofError::Entry(EntryError::WrongPrev { .. })));
    let len = game.proof.entries[1].body.bytes().len();
    assert!(matches!(
        flip(len - 1),
        ProofError::Entry(EntryError::BadSignature(SignatureError::BadSignature))
    ));
    let mut proof = game.proof.clone();
    let mut bytes = proof.entries[1].body.bytes().to_vec();
    bytes.push(0);
    proof.entries[1].body = Canonical::from_bytes(bytes);
    assert!(matches!(invalid_at(&proof).1, ProofError::Entry(EntryError::NotCanonical(_))));
}

#[test]
fn every_flipped_byte_of_the_genesis_is_caught_at_the_genesis() {
    let game = Game::new(2);
    let len = game.proof.genesis.genesis.bytes().len();
    for i in 0..len {
        let mut proof = game.proof.clone();
        let mut bytes = proof.genesis.genesis.bytes().to_vec();
        bytes[i] ^= 0x01;
        proof.genesis.genesis = Canonical::from_bytes(bytes);
        let (at, reason) = invalid_at(&proof);
        assert_eq!(at, At::Genesis, "byte {i}");
        assert!(matches!(reason, ProofError::Genesis(_)), "byte {i}: {reason}");
    }
    for seat in 0..4 {
        let mut proof = game.proof.clone();
        if let Some(sig) = &mut proof.genesis.sigs[seat] {
            sig.0[10] ^= 0x80;
        }
        let (at, reason) = invalid_at(&proof);
        assert_eq!(
            (at, reason),
            (At::Genesis, ProofError::Genesis(GenesisError::BadSignature(Seat::ALL[seat])))
        );
    }
}

#[test]
fn replayed_and_reordered_entries_are_rejected() {
    let game = Game::new(4);
    let e = &game.proof.entries;
    let with = |entries: Vec<SignedEntry<Roll>>| {
        let mut proof = game.proof.clone();
        proof.entries = entries;
        invalid_at(&proof)
    };
    assert_eq!(
        with(vec![e[0].clone(), e[1].clone(), e[1].clone()]),
        (At::Entry(3), ProofError::Entry(EntryError::Duplicate { seq: 2 }))
    );
    assert_eq!(
        with(vec![e[0].clone(), e[2].clone(), e[1].clone()]),
        (At::Entry(2), ProofError::Entry(EntryError::OutOfOrder { expected: 2, found: 3 }))
    );
    // Entry 1 of another game (its chains are longer, so its genesis and
    // game id differ) is refused outright.
    let other = Game::new(9);
    assert_ne!(other.verified.game_id(), game.verified.game_id());
    assert!(matches!(
        with(vec![other.proof.entries[0].clone()]),
        (At::Entry(1), ProofError::Entry(EntryError::WrongGame { .. }))
    ));
    // A live replica ignores a duplicate but flags an older entry number.
    let mut log = LogVerifier::<Roll>::new(&game.verified);
    for entry in &e[..3] {
        assert!(log.append(entry.clone(), |_| Ok::<(), String>(())).is_ok());
    }
    assert_eq!(
        log.append(e[1].clone(), |_| Ok::<(), String>(())),
        Err(AppendError::Entry(EntryError::Duplicate { seq: 2 }))
    );
    assert_eq!(log.head(), (3, e[2].hash()));
}

/// The host signs `content` as entry `seq` on top of entry `seq - 1`.
fn forge(game: &Game, seq: usize, content: Roll, state: &State) -> SignedEntry<Roll> {
    let prev = match seq {
        1 => game.verified.game_id(),
        _ => game.proof.entries[seq - 2].hash(),
    };
    let body = Body {
        game_id: game.verified.game_id(),
        seq: seq as u64,
        prev,
        content,
        state_hash: state_hash(&encode(state)),
    };
    SignedEntry::sign(&game.identities[0], &body)
}

#[test]
fn equivocation_is_detected_and_proves_itself() {
    let game = Game::new(3);
    let mut honest = game.proof.entries[1].body.decode().unwrap_or_else(|e| panic!("{e}"));
    honest.state_hash = Digest([0xee; 32]);
    let other = SignedEntry::sign(&game.identities[0], &honest);
    let mut log = LogVerifier::<Roll>::new(&game.verified);
    for entry in &game.proof.entries {
        assert!(log.append(entry.clone(), |_| Ok::<(), String>(())).is_ok());
    }
    let evidence = match log.append(other.clone(), |_| Ok::<(), String>(())) {
        Err(AppendError::Equivocation(evidence)) => *evidence,
        other => panic!("expected equivocation, got {other:?}"),
    };
    assert_eq!(evidence.verify(&game.verified), Ok(2));

    // It stands on its own in a proof file, and forgeries of it do not.
    let mut proof = game.proof.clone();
    proof.evidence.push(Evidence::Equivocation(evidence.clone()));
    let valid = verify(&proof).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(valid.equivocations, [2]);
    assert_eq!(valid.to_string(), "valid through entry 3; the host equivocated at entry 2");
    let same = Equivocation { a: evidence.a.clone(), b: evidence.a.clone() };
    assert_eq!(same.verify(&game.verified), Err(EvidenceError::SameBytes));
    let not_host = Equivocation { a: evidence.a.clone(), b: SignedEntry::sign(&game.identities[1], &honest) };
    assert!(matches!(
        not_host.verify(&game.verified),
        Err(EvidenceError::NotAnEntry { second: true, reason: EntryError::BadSignature(_) })
    ));
    let apart = Equivocation { a: game.proof.entries[0].clone(), b: other };
    assert_eq!(apart.verify(&game.verified), Err(EvidenceError::DifferentSeq { a: 1, b: 2 }));
    proof.evidence = vec![Evidence::Equivocation(same)];
    assert_eq!(invalid_at(&proof), (At::Evidence(0), ProofError::Evidence(EvidenceError::SameBytes)));
}

#[test]
fn a_host_that_lies_about_a_roll_or_a_state_is_caught() {
    let game = Game::new(5);
    let mut roll = game.proof.entries[3].body.decode().unwrap_or_else(|e| panic!("{e}")).content;
    let before = {
        let mut replica = Replica::start(&game.verified);
        for entry in &game.proof.entries[..3] {
            let body = entry.body.decode().unwrap_or_else(|e| panic!("{e}"));
            replica.check(&body).unwrap_or_else(|e| panic!("{e}"));
        }
        replica.state
    };
    let honest = roll.clone();
    let honest_face = roll.face;
    roll.face = honest_face % 6 + 1;
    let mut proof = game.proof.clone();
    proof.entries.truncate(3);
    proof.entries.push(forge(&game, 4, roll.clone(), &before.after(&roll)));
    let (at, reason) = invalid_at(&proof);
    assert_eq!(at, At::Entry(4));
    assert_eq!(
        reason,
        ProofError::Transition(format!("roll 4 shows {} but the dice say {honest_face}", roll.face))
    );

    // A link that does not chain (the host invents seat 2's reveal).
    roll.face = honest_face;
    roll.reveals[2] = Some(Digest([2; 32]));
    proof.entries[3] = forge(&game, 4, roll.clone(), &before.after(&roll));
    assert_eq!(
        invalid_at(&proof),
        (At::Entry(4), ProofError::Transition("seat 2's link for roll 4 does not chain".into()))
    );

    // The right roll, the wrong resulting state.
    let mut wrong = before.after(&honest);
    wrong.totals[0] += 1;
    proof.entries[3] = forge(&game, 4, honest, &wrong);
    assert_eq!(
        invalid_at(&proof),
        (At::Entry(4), ProofError::Transition("the state hash does not match".into()))
    );
}

#[test]
fn bad_genesis_records_are_refused() {
    let game = Game::new(0);
    let base = game.verified.genesis().clone();
    let check = |g: &ludopia::fair::Genesis| g.check().map(|_| ());
    let mut g = base.clone();
    let mut identity_point = [0u8; 32];
    identity_point[0] = 1;
    if let Some(c) = &mut g.seats[2] {
        c.key = PublicKey(identity_point);
    }
    assert_eq!(check(&g), Err(GenesisError::Key { seat: Seat::ALL[2], error: SignatureError::WeakKey }));
    let mut g = base.clone();
    g.seats[3] = g.seats[1];
    assert_eq!(check(&g), Err(GenesisError::DuplicateKey(Seat::ALL[1], Seat::ALL[3])));
    let mut g = base.clone();
    if let (Some(a), Some(c)) = (g.seats[0], &mut g.seats[3]) {
        c.anchor = a.anchor;
    }
    assert_eq!(check(&g), Err(GenesisError::DuplicateAnchor(Seat::ALL[0], Seat::ALL[3])));
    let mut g = base.clone();
    g.players = SeatSet::FULL.without(Seat::ALL[0]);
    assert_eq!(check(&g), Err(GenesisError::HostNotPlaying(Seat::ALL[0])));
    let mut g = base.clone();
    g.players = SeatSet::FULL.without(Seat::ALL[3]);
    assert_eq!(check(&g), Err(GenesisError::SeatMismatch(Seat::ALL[3])));
    let mut g = base.clone();
    g.protocol = PROTOCOL_VERSION - 1;
    assert_eq!(check(&g), Err(GenesisError::UnsupportedProtocol(PROTOCOL_VERSION - 1)));
    let mut g = base.clone();
    g.chain_len = 0;
    assert_eq!(check(&g), Err(GenesisError::ChainLength(0)));

    // Signatures: all players, nobody else, over this game id.
    let mut signed = SignedGenesis::new(&base);
    for (seat, id) in Seat::ALL.into_iter().zip(&game.identities).take(3) {
        let sig = signed.sign(id);
        signed.add(seat, sig);
    }
    assert_eq!(signed.verify(), Err(GenesisError::MissingSignature(Seat::ALL[3])));
    let forged = signed.sign(&game.identities[0]);
    signed.add(Seat::ALL[3], forged);
    assert_eq!(signed.verify(), Err(GenesisError::BadSignature(Seat::ALL[3])));
}

#[test]
fn reveals_verify_alone_and_refuse_other_seats_and_rolls() {
    let game = Game::new(0);
    let reveal = Reveal {
        game_id: game.verified.game_id(),
        seat: Seat::ALL[1],
        k: 5,
        link: game.chains[1].link(5).unwrap_or_default(),
    };
    let signed = SignedReveal::new(&game.identities[1], &reveal);
    assert_eq!(signed.verify(&game.verified), Ok(reveal));
    let by_other = SignedReveal::new(&game.identities[2], &reveal);
    assert_eq!(by_other.verify(&game.verified), Err(RevealError::BadSignature(SignatureError::BadSignature)));
    let wrong_k = Reveal { k: 6, ..reveal };
    assert_eq!(
        SignedReveal::new(&game.identities[1], &wrong_k).verify(&game.verified),
        Err(RevealError::BadLink { seat: Seat::ALL[1], k: 6 })
    );
    let wrong_seat = Reveal { seat: Seat::ALL[2], ..reveal };
    assert_eq!(
        SignedReveal::new(&game.identities[2], &wrong_seat).verify(&game.verified),
        Err(RevealError::BadLink { seat: Seat::ALL[2], k: 5 })
    );
    let mut proof = game.proof.clone();
    proof.reveals = vec![signed, by_other];
    assert_eq!(
        invalid_at(&proof),
        (At::Reveal(1), ProofError::Reveal(RevealError::BadSignature(SignatureError::BadSignature)))
    );
}

#[test]
fn snapshots_older_current_newer_and_conflicting() {
    let game = Game::new(4);
    let host = &game.identities[0];
    let mut log = LogVerifier::<Roll>::new(&game.verified);
    let mut states = vec![Replica::start(&game.verified).state];
    for entry in &game.proof.entries[..3] {
        let mut replica = Replica {
            nonce: support::fair::nonce(),
            game_id: game.verified.game_id(),
            state: states[states.len() - 1].clone(),
        };
        let state = log
            .append(entry.clone(), |body| replica.check(body).map(|()| replica.state.clone()))
            .unwrap_or_else(|e| panic!("{e}"));
        states.push(state);
    }
    let snap = |version: usize, after: Digest, state: &State| {
        SignedSnapshot::sign(
            host,
            &Snapshot {
                game_id: game.verified.game_id(),
                version: version as u64,
                after,
                state: state.clone(),
            },
        )
    };
    let hash = |seq: usize| game.proof.entries[seq - 1].hash();
    assert_eq!(snap(3, hash(3), &states[3]).against(&game.verified, &log), Ok(SnapshotVerdict::Current));
    assert_eq!(snap(2, hash(2), &states[2]).against(&game.verified, &log), Ok(SnapshotVerdict::Older));
    assert_eq!(
        snap(0, game.verified.game_id(), &states[0]).against(&game.verified, &log),
        Ok(SnapshotVerdict::Older)
    );
    assert_eq!(
        snap(2, hash(2), &states[1]).against(&game.verified, &log),
        Err(SnapshotError::WrongState { version: 2 })
    );
    assert_eq!(
        snap(2, hash(1), &states[2]).against(&game.verified, &log),
        Err(SnapshotError::WrongEntry { version: 2 })
    );
    let later = game.state.clone();
    let newer = snap(4, hash(4), &later);
    let Ok(SnapshotVerdict::Newer(snapshot)) = newer.against(&game.verified, &log) else {
        panic!("a newer snapshot is offered to start from");
    };
    // A late joiner starts from it and verifies forward.
    let mut late = LogVerifier::<Roll>::resume(&game.verified, snapshot.version, snapshot.after);
    assert_eq!(newer.against(&game.verified, &late), Ok(SnapshotVerdict::Current));
    assert_eq!(
        late.append(game.proof.entries[3].clone(), |_| Ok::<(), String>(())),
        Err(AppendError::Entry(EntryError::Replayed { seq: 4, head: 4 }))
    );
    // Not signed by the host.
    let forged = SignedSnapshot::sign(&game.identities[1], &snapshot);
    assert_eq!(forged.verify(&game.verified), Err(SnapshotError::BadSignature(SignatureError::BadSignature)));
}

#[test]
fn proof_files_round_trip_in_both_forms() {
    let mut game = Game::new(6);
    game.proof.reveals.push(SignedReveal::new(
        &game.identities[3],
        &Reveal {
            game_id: game.verified.game_id(),
            seat: Seat::ALL[3],
            k: 7,
            link: game.chains[3].link(7).unwrap_or_default(),
        },
    ));
    let binary = game.proof.to_postcard();
    assert!(binary.starts_with(b"LUDOPRF1\x00\x01"));
    assert_eq!(Proof::<Roll>::read(&binary).as_ref(), Ok(&game.proof));
    let json = game.proof.to_json().unwrap_or_else(|e| panic!("{e}"));
    assert!(json.contains("\"magic\": \"LUDOPRF1\""));
    assert!(json.contains("\"face\""), "entries are readable in JSON");
    let back = Proof::<Roll>::read(json.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, game.proof);
    assert_eq!(verify(&back).map(|v| v.through), Ok(6));

    // Editing a face in the JSON breaks the host's signature on that entry.
    let roll = game.proof.entries[0].body.decode().unwrap_or_else(|e| panic!("{e}")).content;
    let edited =
        json.replacen(&format!("\"face\": {}", roll.face), &format!("\"face\": {}", roll.face % 6 + 1), 1);
    let tampered = Proof::<Roll>::read(edited.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        invalid_at(&tampered),
        (At::Entry(1), ProofError::Entry(EntryError::BadSignature(SignatureError::BadSignature)))
    );
}

#[test]
fn unreadable_files_say_why() {
    let binary = Game::new(2).proof.to_postcard();
    assert_eq!(Proof::<Roll>::read(b"hello"), Err(ProofFileError::NotAProof));
    assert_eq!(Proof::<Roll>::read(b""), Err(ProofFileError::NotAProof));
    let json = Game::new(1).proof.to_json().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        Proof::<Roll>::read(json.replace("LUDOPRF1", "LUDOPRF9").as_bytes()),
        Err(ProofFileError::NotAProof)
    );
    let mut version = binary.clone();
    version[9] = 2;
    assert_eq!(Proof::<Roll>::read(&version), Err(ProofFileError::UnsupportedVersion(2)));
    assert!(matches!(Proof::<Roll>::read(&binary[..binary.len() - 1]), Err(ProofFileError::Malformed(_))));
    let mut longer = binary.clone();
    longer.push(0);
    assert!(matches!(Proof::<Roll>::read(&longer), Err(ProofFileError::Malformed(_))));
    assert!(matches!(Proof::<Roll>::read(b"{ not json"), Err(ProofFileError::Malformed(_))));
    assert_eq!(
        ProofFileError::UnsupportedVersion(2).to_string(),
        "proof format version 2 is not supported (this reads 1)"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Flipping any byte of a whole proof file never leaves it valid.
    #[test]
    fn no_flipped_byte_of_a_proof_file_goes_unnoticed(at: prop::sample::Index, flip in 1u8..) {
        let game = Game::new(3);
        let mut bytes = game.proof.to_postcard();
        let i = at.index(bytes.len());
        bytes[i] ^= flip;
        if let Ok(proof) = Proof::<Roll>::read(&bytes) {
            prop_assert!(verify(&proof).is_err(), "byte {} flipped by {:#x} still verifies", i, flip);
        }
    }
}

/// Chi-square of 60,000 faces, each rolled through the protocol (four
/// seats' links, a roll seed, rejection sampling). Five degrees of freedom;
/// 20.515 is the 0.999 quantile, so a fair die fails one seed in 1,000 and
/// this fixed seed set either always passes or always fails.
#[test]
fn faces_are_uniform() {
    let game_id = tagged("test/chi-square", &[b"game"]);
    let mut counts = [0u32; 6];
    for k in 1..=60_000u32 {
        let reveals =
            std::array::from_fn(|s| Some(tagged("test/chi-square", &[&k.to_be_bytes(), &[s as u8]])));
        let roller = Seat::ALL[(k % 4) as usize];
        let seed = roll_seed(&game_id, k, roller, SeatSet::FULL, &reveals).unwrap_or_else(|e| panic!("{e}"));
        counts[usize::from(die_face(&seed).get() - 1)] += 1;
    }
    let expected = 10_000.0;
    let chi2: f64 = counts.iter().map(|&c| (f64::from(c) - expected).powi(2) / expected).sum();
    assert!(chi2 < 20.515, "chi-square {chi2:.2} for counts {counts:?}");
    assert!(counts.iter().all(|&c| c > 0));
}

#[test]
fn a_copied_chain_seed_gives_another_chain() {
    // Seat 1 reusing seat 0's seed still commits to other links: every
    // step is bound to the seat, so no seat can cancel or mirror another.
    let nonce = support::fair::nonce();
    let a = Chain::new(nonce, Seat::ALL[0], &[9; 32], 16);
    let b = Chain::new(nonce, Seat::ALL[1], &[9; 32], 16);
    assert_ne!(a.anchor(), b.anchor());
    let link = a.link(1).unwrap_or_default();
    assert!(ludopia::fair::verify_link(&nonce, Seat::ALL[0], 1, &link, &a.anchor()));
    assert!(!ludopia::fair::verify_link(&nonce, Seat::ALL[1], 1, &link, &b.anchor()));
}
