//! `ludopia --version` prints Cargo.toml's version, the one the Windows
//! installer, the AppImage and the AppStream metadata carry.

use std::process::Command;

#[test]
fn version_is_the_package_version() {
    let out = Command::new(env!("CARGO_BIN_EXE_ludopia")).arg("--version").output().unwrap();
    assert!(out.status.success(), "--version failed: {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("ludopia {}\n", env!("CARGO_PKG_VERSION")));
}
