//! The identity key: an ed25519 secret made on first run, in a file only
//! the user can read (`ludopia-identity 1 <hex>`). Only its public key ever
//! leaves the computer.

use super::file::{self, Notice, Problem, ProfileError, io_error};
use crate::fair::Identity;
use std::path::Path;
use std::{fs, io};
use zeroize::Zeroizing;

pub const FILE: &str = "identity.key";
const HEADER: &str = "ludopia-identity";
const VERSION: u32 = 1;

/// The secret in the key file, or what is wrong with it.
fn parse(text: &str) -> Result<Zeroizing<[u8; 32]>, Problem> {
    let mut words = text.split_whitespace();
    if words.next() != Some(HEADER) {
        return Err(Problem::Damaged("not an identity key file".into()));
    }
    let version: u32 = words
        .next()
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| Problem::Damaged("no format version".into()))?;
    if version > VERSION {
        return Err(Problem::Newer(version));
    }
    let hex = words.next().unwrap_or_default().as_bytes();
    let mut secret = Zeroizing::new([0u8; 32]);
    if hex.len() != 64 {
        return Err(Problem::Damaged("the key is not 32 bytes".into()));
    }
    for (byte, pair) in secret.iter_mut().zip(hex.chunks(2)) {
        let digits = std::str::from_utf8(pair).ok().and_then(|p| u8::from_str_radix(p, 16).ok());
        *byte = digits.ok_or_else(|| Problem::Damaged("the key is not hex".into()))?;
    }
    Ok(secret)
}

/// The secret in the key file's bytes, or what is wrong with them.
pub(super) fn decode(bytes: &[u8]) -> Result<Zeroizing<[u8; 32]>, Problem> {
    let text = std::str::from_utf8(bytes).map_err(|_| Problem::Damaged("not text".into()))?;
    parse(text)
}

/// The secret, made and stored on first use.
fn secret(path: &Path) -> Result<(Zeroizing<[u8; 32]>, Option<Notice>), ProfileError> {
    let mut notice = None;
    match fs::read(path) {
        Ok(bytes) => match decode(&Zeroizing::new(bytes)) {
            Ok(secret) => return Ok((secret, None)),
            Err(problem) => notice = Some(file::move_aside(path, problem)?),
        },
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(io_error("read", path)(e)),
    }
    let mut secret = Zeroizing::new([0u8; 32]);
    getrandom::fill(secret.as_mut_slice()).map_err(|e| ProfileError::Io {
        action: "make a key for",
        path: path.to_path_buf(),
        source: io::Error::other(e.to_string()),
    })?;
    let hex: String = secret.iter().map(|b| format!("{b:02x}")).collect();
    let text = Zeroizing::new(format!("{HEADER} {VERSION} {hex}\n"));
    file::write_atomic(path, text.as_bytes(), true)?;
    Ok((secret, notice))
}

pub fn load_or_create(path: &Path) -> Result<(Identity, Option<Notice>), ProfileError> {
    let (secret, notice) = secret(path)?;
    Ok((Identity::from_secret(&secret), notice))
}

pub fn keypair(path: &Path) -> Result<libp2p::identity::Keypair, ProfileError> {
    let (mut secret, _) = secret(path)?;
    libp2p::identity::Keypair::ed25519_from_bytes(secret.as_mut_slice())
        .map_err(|e| ProfileError::Damaged { path: path.to_path_buf(), why: e.to_string() })
}
