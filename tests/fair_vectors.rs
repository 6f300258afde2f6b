//! Known-answer tests: dice.md Appendix A, and every other hash input of
//! `fair`, kept in tests/vectors/fair.json so another implementation can
//! check itself. `LUDOPIA_WRITE_VECTORS=1 cargo test --test fair_vectors`
//! rewrites the file after a deliberate format change.

use ludopia::fair::canonical::encode;
use ludopia::fair::hash::{TAG_GAME, tag_prefix};
use ludopia::fair::{
    Body, Chain, Commitment, Context, Digest, Genesis, Head, Identity, PROTOCOL_VERSION, Reveal, SignedEntry,
    SignedGenesis, SignedHead, SignedReveal, Snapshot, Timing, die_face, roll_seed, state_hash, tagged,
};
use ludopia::rules::{Preset, Seat, SeatSet};
use sha2::{Digest as _, Sha256};
use std::collections::BTreeMap;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn sha(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

/// Appendix A's inputs.
fn nonce() -> Digest {
    Digest(std::array::from_fn(|i| i as u8))
}

fn game_id() -> Digest {
    Digest(sha("example game id"))
}

fn chains() -> Vec<Chain> {
    Seat::ALL.into_iter().map(|s| Chain::new(nonce(), s, &sha(&format!("seed{}", u8::from(s))), 8)).collect()
}

fn appendix_roll(chains: &[Chain], k: u32, active: SeatSet) -> (Digest, u8) {
    let reveals = std::array::from_fn(|i| {
        let seat = Seat::ALL[i];
        if active.contains(seat) { chains[i].link(k) } else { None }
    });
    let roller = Seat::ALL[((k - 1) % 4) as usize];
    match roll_seed(&game_id(), k, roller, active, &reveals) {
        Ok(seed) => (seed, die_face(&seed).get()),
        Err(e) => panic!("appendix roll {k}: {e}"),
    }
}

#[test]
fn appendix_a() {
    let chains = chains();
    let anchors: Vec<String> = chains.iter().map(|c| c.anchor().to_hex()).collect();
    assert_eq!(
        anchors,
        [
            "dd5e741c1af75a3e1d43db90dee82de324767afabdd925eca02470b32579591a",
            "4abe63574a9af25327801d75263bf6385da9114ea804e93c01a4505414f079a7",
            "5572f3c014369aae30d709158f4433cff1b96dfa274754bd3f9bd2028df5c369",
            "88af1924bbe57ad56d838f904e19594fa972f02fe5b0ee5c7d8e7810612147e8",
        ]
    );
    let rolls = [
        (1, SeatSet::FULL, "1b8ac8d9e549370113c7d1c5a9a92ccf6afe9d6bfa07c47aeb38232a699b9090", 6),
        (2, SeatSet::FULL, "d6277acb90ff8038f16e9b925bc53751980b57cfb14bf543c4ec91cea02b3345", 4),
        (3, SeatSet::FULL, "2dc7ad3e4a61eb2ff8d853fd31969e150d44142f223808b54b5b0eb3362f0b37", 6),
        (
            3,
            SeatSet::FULL.without(Seat::ALL[3]),
            "9c6d66636dab845bed7c278f88a59c3d37ca8b0cb4513408b9bb0342e78b412f",
            5,
        ),
    ];
    for (k, active, seed, face) in rolls {
        let (got_seed, got_face) = appendix_roll(&chains, k, active);
        assert_eq!(
            (got_seed.to_hex().as_str(), got_face),
            (seed, face),
            "roll {k} mask {:#b}",
            active.bits()
        );
    }
}

/// Every hash input `fair` defines, computed from fixed inputs.
fn vectors() -> BTreeMap<String, String> {
    let mut v = BTreeMap::new();
    let mut put = |name: &str, value: String| {
        v.insert(name.to_string(), value);
    };
    put("tagged/game/abc", tagged(TAG_GAME, &[b"abc"]).to_hex());

    // Appendix A.
    let chains = chains();
    for (s, chain) in chains.iter().enumerate() {
        put(&format!("chain/seat{s}/anchor"), chain.anchor().to_hex());
        for k in 1..=8 {
            put(&format!("chain/seat{s}/link{k}"), chain.link(k).map(|l| l.to_hex()).unwrap_or_default());
        }
    }
    for k in 1..=8 {
        let (seed, face) = appendix_roll(&chains, k, SeatSet::FULL);
        put(&format!("roll/k{k}/seed"), seed.to_hex());
        put(&format!("roll/k{k}/face"), face.to_string());
    }
    let (seed, face) = appendix_roll(&chains, 3, SeatSet::FULL.without(Seat::ALL[3]));
    put("roll/k3-mask0111/seed", seed.to_hex());
    put("roll/k3-mask0111/face", face.to_string());
    let (rejecting, face) = rejecting_seed();
    put("die/rejecting-seed", rejecting.to_hex());
    put("die/rejecting-seed/face", face.to_string());

    put("state/example-state", state_hash(b"example state").to_hex());

    // Signature contexts: the 96-byte message over H(body) and the
    // (deterministic) ed25519 signature by the key of secret 01 01 .. 01.
    let signer = Identity::from_secret(&[1; 32]);
    put("key/secret-01/public", hex(&signer.public_key().0));
    for context in Context::ALL {
        let name = context.sig_tag().trim_start_matches("ludo-p2p/v1/");
        let body_hash = context.body_hash(b"example body");
        put(&format!("{name}/tag-prefix"), hex(&tag_prefix(context.sig_tag())));
        put(&format!("{name}/body-hash"), body_hash.to_hex());
        put(&format!("{name}/message"), hex(&context.message(&body_hash)));
        put(&format!("{name}/signature"), hex(&signer.sign(context, b"example body").0));
    }

    // A genesis: Classic rules, four seats with keys of secrets 01.., 02..,
    // 03.., 04.. and the Appendix A anchors, host seat 0, chain length 8.
    let genesis = Genesis {
        protocol: PROTOCOL_VERSION,
        game_nonce: nonce(),
        rules: Preset::Classic.rules(),
        players: SeatSet::FULL,
        seats: std::array::from_fn(|i| {
            Some(Commitment {
                key: Identity::from_secret(&[i as u8 + 1; 32]).public_key(),
                anchor: chains[i].anchor(),
            })
        }),
        host: Seat::ALL[0],
        held: SeatSet::EMPTY.with(Seat::ALL[0]),
        chain_len: 8,
        timing: Timing::PEOPLE,
    };
    let signed = SignedGenesis::new(&genesis);
    put("genesis/bytes", hex(signed.genesis.bytes()));
    put("genesis/game-id", signed.game_id().to_hex());

    // An entry with a u32 as content, and a reveal and a snapshot of it.
    let body = Body {
        game_id: game_id(),
        seq: 1,
        prev: game_id(),
        content: 7u32,
        state_hash: state_hash(b"example state"),
    };
    let entry = SignedEntry::sign(&signer, &body);
    put("entry/bytes", hex(entry.body.bytes()));
    put("entry/hash", entry.hash().to_hex());
    put("entry/signature", hex(&entry.sig.0));
    let reveal =
        Reveal { game_id: game_id(), seat: Seat::ALL[2], k: 1, link: chains[2].link(1).unwrap_or_default() };
    put("reveal/bytes", hex(&encode(&reveal)));
    // The seat signs its reveal (it goes to the host and to every other
    // guest) and its head (the newest entry it verified, for its peers).
    let seat2 = Identity::from_secret(&[3; 32]);
    let signed_reveal = SignedReveal::new(&seat2, &reveal);
    put("reveal/signature", hex(&signed_reveal.sig.0));
    let head = Head { game_id: game_id(), seat: Seat::ALL[2], seq: 1, entry: entry.hash() };
    let signed_head = SignedHead::new(&seat2, &head);
    put("head/bytes", hex(signed_head.body.bytes()));
    put("head/signature", hex(&signed_head.sig.0));
    let snapshot = Snapshot { game_id: game_id(), version: 1, after: entry.hash(), state: 7u32 };
    put("snapshot/bytes", hex(&encode(&snapshot)));
    v
}

/// The first seed `H("reject" || i)` whose first die byte is rejected, and
/// its face: shows the sampling moving on to the next byte.
fn rejecting_seed() -> (Digest, u8) {
    let seed = (0u32..)
        .map(|i| tagged("test/reject", &[&i.to_be_bytes()]))
        .find(|s| tagged("ludo-p2p/v1/die", &[s.as_bytes(), &0u32.to_be_bytes()]).0[0] >= 252);
    let seed = seed.unwrap_or_default();
    (seed, die_face(&seed).get())
}

#[test]
fn rejection_sampling_skips_high_bytes() {
    let (seed, face) = rejecting_seed();
    let block = tagged("ludo-p2p/v1/die", &[seed.as_bytes(), &0u32.to_be_bytes()]).0;
    assert!(block[0] >= 252);
    let first_ok = block.into_iter().find(|&b| b < 252).unwrap_or(255);
    assert_eq!(face, 1 + first_ok % 6);
}

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/fair.json");

#[test]
fn vectors_file_matches() {
    let computed = vectors();
    if std::env::var_os("LUDOPIA_WRITE_VECTORS").is_some() {
        let file = serde_json::json!({
            "about": ABOUT,
            "vectors": computed,
        });
        let text = serde_json::to_string_pretty(&file).unwrap_or_default();
        std::fs::write(FILE, text + "\n").unwrap_or_else(|e| panic!("writing {FILE}: {e}"));
    }
    let text = std::fs::read_to_string(FILE).unwrap_or_else(|e| panic!("reading {FILE}: {e}"));
    let file: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{FILE}: {e}"));
    let stored: BTreeMap<String, String> =
        serde_json::from_value(file["vectors"].clone()).unwrap_or_else(|e| panic!("{FILE} vectors: {e}"));
    assert_eq!(stored, computed);
}

const ABOUT: &[&str] = &[
    "Test vectors of Ludopia's fair dice and signed log (ludo-p2p/v1, src/fair). Hex is lower case.",
    "H_t(x) = SHA256(SHA256(t) || SHA256(t) || x); tagged/game/abc is H_{ludo-p2p/v1/game}(\"abc\").",
    "chain: game_nonce = 00 01 .. 1f, N = 8, e[8] = SHA256(\"seed\" + s) for seat s, e[j-1] = H_{ludo-p2p/v1/chain}(nonce || s:u8 || j:u32be || e[j]); linkK = e[K].",
    "roll: game_id = SHA256(\"example game id\"), roller = (k-1) mod 4, all four seats active unless the name says mask0111; seed = H_{ludo-p2p/v1/roll}(game_id || k:u32be || roller:u8 || mask:u8 || links of active seats); face = 1 + b % 6 for the first byte b < 252 of H_{ludo-p2p/v1/die}(seed || ctr:u32be), ctr = 0, 1, ...",
    "die/rejecting-seed: the first H_{test/reject}(i:u32be) whose first die byte is >= 252.",
    "state/example-state = H_{ludo-p2p/v1/state}(\"example state\").",
    "sig/<context>: tag-prefix = SHA256(tag) || SHA256(tag) for tag ludo-p2p/v1/sig/<context>; body-hash = H(\"example body\") with the context's body tag (ludo-p2p/v1/game for genesis, ludo-p2p/v1/entry for entry, else ludo-p2p/v1/<context>); message = tag-prefix || body-hash (the bytes signed); signature = ed25519 (RFC 8032) by the key whose secret is 32 bytes of 01 (key/secret-01/public).",
    "genesis: postcard of {protocol 2, game_nonce, Classic rules, players 0b1111, seats [key of secret i+1, chain anchor of seat i], host 0, held 0b0001, chain_len 8, timing {bot_delay 700, drop_grace 15000, expiry 120000, reveal_wait 5000}}; game-id = H_{ludo-p2p/v1/game}(bytes).",
    "entry: postcard of {game_id, seq 1, prev = game_id, content = 7u32, state_hash = state/example-state}; hash = H_{ludo-p2p/v1/entry}(bytes); signature by secret 01 over sig/entry's tag-prefix || hash.",
    "reveal: postcard of {game_id, seat 2, k 1, link = chain/seat2/link1}; signature by the key of secret 03 .. 03 (seat 2's) over sig/reveal's tag-prefix || H_{ludo-p2p/v1/reveal}(bytes). snapshot: postcard of {game_id, version 1, after = entry/hash, state = 7u32}.",
    "head: postcard of {game_id, seat 2, seq 1, entry = entry/hash}; signature by seat 2's key over sig/head's tag-prefix || H_{ludo-p2p/v1/head}(bytes).",
];
