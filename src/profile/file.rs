//! Files that survive a crash: atomic writes (temp file, fsync, rename,
//! fsync the folder), versioned JSON, and files that cannot be read (damaged,
//! or written by a newer Ludopia) moved aside and reported, never lost.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why a profile file could not be read or written.
#[derive(Debug)]
pub enum ProfileError {
    /// No home folder to keep a profile in (and no LUDOPIA_HOME).
    NoHome,
    Io {
        action: &'static str,
        path: PathBuf,
        source: io::Error,
    },
    /// A file exists but is not what it should be, and cannot be replaced
    /// (a saved game whose log no longer verifies, a proof in history).
    Damaged {
        path: PathBuf,
        why: String,
    },
    /// A file could not be read and was kept under another name.
    Kept(Notice),
    /// Another running Ludopia uses the profile in this folder.
    InUse(PathBuf),
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProfileError::NoHome => {
                f.write_str("no home folder for the profile (set LUDOPIA_HOME to choose one)")
            }
            ProfileError::Io { action, path, source } => {
                write!(f, "cannot {action} {}: {source}", path.display())
            }
            ProfileError::Damaged { path, why } => write!(f, "{} is damaged: {why}", path.display()),
            ProfileError::Kept(notice) => notice.fmt(f),
            ProfileError::InUse(dir) => write!(
                f,
                "the profile in {} is in use by another running Ludopia (give each player its own LUDOPIA_HOME)",
                dir.display()
            ),
        }
    }
}

impl std::error::Error for ProfileError {}

pub(crate) fn io_error<'a>(
    action: &'static str,
    path: &'a Path,
) -> impl FnOnce(io::Error) -> ProfileError + 'a {
    move |source| ProfileError::Io { action, path: path.to_path_buf(), source }
}

/// What was wrong with a file that was moved aside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    Damaged(String),
    /// Written by a newer Ludopia, in a format version this one does not know.
    Newer(u32),
}

/// A file that could not be read, kept under another name; shown to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub path: PathBuf,
    pub kept: PathBuf,
    pub problem: Problem,
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self
            .path
            .file_name()
            .map_or_else(|| self.path.display().to_string(), |n| n.to_string_lossy().into_owned());
        match &self.problem {
            Problem::Damaged(why) => write!(f, "{name} could not be read ({why})")?,
            Problem::Newer(v) => write!(f, "{name} is from a newer Ludopia (format {v})")?,
        }
        write!(f, "; it was kept as {}", self.kept.display())
    }
}

/// Writes `bytes` to `path` so that a crash leaves the old file or the new
/// one, never a mix. `private` files (keys, saved games' secrets) are
/// readable only by the user on unix.
pub fn write_atomic(path: &Path, bytes: &[u8], private: bool) -> Result<(), ProfileError> {
    // A bare file name's parent is the empty path: the working folder.
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io_error("create the folder", dir))?;
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp-{}", std::process::id()));
    let temp = dir.join(name);
    let written = (|| {
        let mut options = OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(if private { 0o600 } else { 0o644 });
        }
        #[cfg(not(unix))]
        let _ = private;
        let mut file = options.open(&temp).map_err(io_error("write", &temp))?;
        file.write_all(bytes).map_err(io_error("write", &temp))?;
        file.sync_all().map_err(io_error("flush", &temp))?;
        fs::rename(&temp, path).map_err(io_error("replace", path))
    })();
    if written.is_err() {
        // Best effort: a stray temp file is harmless but untidy.
        let _ = fs::remove_file(&temp);
    }
    written?;
    sync_dir(dir)
}

/// Makes a rename durable: on unix the folder itself is flushed.
fn sync_dir(dir: &Path) -> Result<(), ProfileError> {
    #[cfg(unix)]
    fs::File::open(dir).and_then(|d| d.sync_all()).map_err(io_error("flush the folder", dir))?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Moves a file that cannot be read to `NAME.<kind>-<n>` (the first free n).
pub fn move_aside(path: &Path, problem: Problem) -> Result<Notice, ProfileError> {
    let kind = match problem {
        Problem::Damaged(_) => "corrupt",
        Problem::Newer(_) => "newer",
    };
    let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
    let kept = (1u32..)
        .map(|n| path.with_file_name(format!("{name}.{kind}-{n}")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_file_name(format!("{name}.{kind}")));
    fs::rename(path, &kept).map_err(io_error("move aside", path))?;
    Ok(Notice { path: path.to_path_buf(), kept, problem })
}

/// Reads a file with `decode` (a versioned JSON file: [`decode_versioned`]):
/// its value, the default when there is none yet, or the default and a
/// notice when it was damaged or newer (the file is moved aside first).
pub fn read_versioned<T: Default>(
    path: &Path,
    decode: impl Fn(&[u8]) -> Result<T, Problem>,
) -> Result<(T, Option<Notice>), ProfileError> {
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((T::default(), None)),
        Err(e) => return Err(io_error("read", path)(e)),
    };
    match decode(&bytes) {
        Ok(value) => Ok((value, None)),
        Err(problem) => Ok((T::default(), Some(move_aside(path, problem)?))),
    }
}

/// The value in a versioned JSON file, or what is wrong with it.
pub fn decode_versioned<T: DeserializeOwned>(bytes: &[u8], version: u32) -> Result<T, Problem> {
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| Problem::Damaged(e.to_string()))?;
    let found = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| Problem::Damaged("no format version".into()))?;
    let found = u32::try_from(found).unwrap_or(u32::MAX);
    if found > version {
        return Err(Problem::Newer(found));
    }
    serde_json::from_value(value).map_err(|e| Problem::Damaged(e.to_string()))
}

/// Writes `value` as versioned JSON, atomically.
pub fn write_versioned<T: Serialize>(
    path: &Path,
    version: u32,
    value: &T,
    private: bool,
) -> Result<(), ProfileError> {
    let mut json = serde_json::to_value(value)
        .map_err(|e| ProfileError::Damaged { path: path.to_path_buf(), why: e.to_string() })?;
    if let Some(map) = json.as_object_mut() {
        map.insert("version".into(), version.into());
    }
    let mut bytes = serde_json::to_vec_pretty(&json)
        .map_err(|e| ProfileError::Damaged { path: path.to_path_buf(), why: e.to_string() })?;
    bytes.push(b'\n');
    write_atomic(path, &bytes, private)
}
