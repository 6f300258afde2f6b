//! One running Ludopia per profile: two peers on one profile would be the
//! same player twice, with one saved game between them. The lock is an
//! advisory lock on a file in the data folder, released when the process
//! ends however it ends (the system drops it with the file handle).

use super::Home;
use super::file::{ProfileError, io_error};
use std::fs::{self, File, OpenOptions, TryLockError};
use std::path::PathBuf;

const LOCK_FILE: &str = "in-use.lock";

/// Held while this process uses the profile.
#[derive(Debug)]
pub struct ProfileLock {
    _file: File,
}

impl Home {
    /// Takes the profile for this process; [`ProfileError::InUse`] if
    /// another running Ludopia holds it.
    pub fn lock(&self) -> Result<ProfileLock, ProfileError> {
        let dir = self.data_dir();
        fs::create_dir_all(dir).map_err(io_error("create the folder", dir))?;
        let path: PathBuf = dir.join(LOCK_FILE);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io_error("open", &path))?;
        match file.try_lock() {
            Ok(()) => Ok(ProfileLock { _file: file }),
            Err(TryLockError::WouldBlock) => Err(ProfileError::InUse(dir.to_path_buf())),
            Err(TryLockError::Error(e)) => Err(io_error("lock", &path)(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_is_held_by_one_process_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::at(dir.path());
        let held = home.lock().unwrap();
        assert!(matches!(home.lock(), Err(ProfileError::InUse(_))));
        drop(held);
        assert!(home.lock().is_ok());
    }
}
