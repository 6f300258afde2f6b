//! TEMPORARY shim until the fair branch lands (not for main).
use sha2::{Digest, Sha256};
pub type Hash32 = [u8; 32];
pub fn tagged(tag: &str, parts: &[&[u8]]) -> Hash32 {
    let t = Sha256::digest(tag.as_bytes());
    let mut h = Sha256::new();
    h.update(t);
    h.update(t);
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}
pub fn chain_step(nonce: &Hash32, seat: u8, j: u32, e_j: &Hash32) -> Hash32 {
    tagged("ludo-p2p/v1/chain", &[nonce, &[seat], &j.to_be_bytes(), e_j])
}
pub fn roll_seed(game_id: &Hash32, k: u32, roller: u8, mask: u8, links: &[Hash32]) -> Hash32 {
    let mut parts: Vec<&[u8]> = vec![game_id, &[]];
    let kb = k.to_be_bytes();
    let rb = [roller, mask];
    parts[1] = &kb;
    parts.push(&rb);
    for l in links {
        parts.push(l);
    }
    tagged("ludo-p2p/v1/roll", &parts)
}
pub fn die_face(r: &Hash32) -> u8 {
    let mut ctr = 0u32;
    loop {
        for b in tagged("ludo-p2p/v1/die", &[r, &ctr.to_be_bytes()]) {
            if b < 252 {
                return 1 + b % 6;
            }
        }
        ctr += 1;
    }
}
