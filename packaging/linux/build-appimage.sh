#!/usr/bin/env bash
# Builds the Linux AppDir target/packaging/Ludopia.AppDir (the program, its
# .desktop entry, icons, AppStream metadata and AppRun) and from it
# target/packaging/Ludopia-<version>-x86_64.AppImage: the AppImage type-2
# runtime followed by a gzip squashfs of the AppDir (docs/packaging.md).
#
# The runtime is the classic one (AppImageKit's, MIT) that the `appimage`
# 0.4.0 crate on crates.io carries as assets/runtime-x86_64; no Debian
# package ships one. The crate is downloaded once into
# target/packaging/cache and both it and the runtime are checked against
# the checksums pinned below, so a changed download fails the build.
# (An offline machine: put appimage-0.4.0.crate in that folder by hand.)
#
# LUDOPIA_BINARY=path packs an already-built program instead of building
# `cargo build --release` (the CI's test packs its debug build).
set -euo pipefail
cd "$(dirname "$0")/../.."
ludopia_packages=(squashfs-tools curl)
source scripts/setup.sh
source packaging/version.sh
target=${CARGO_TARGET_DIR:-target}

runtime_crate=appimage-0.4.0.crate
runtime_crate_url=https://static.crates.io/crates/appimage/$runtime_crate
# The crates.io index's `cksum` for appimage 0.4.0.
runtime_crate_sha256=567a4da6b94a2ac20a27620933c80fc14cf475b5fe7d7b137d20eb237d6b1920
runtime_member=appimage-0.4.0/assets/runtime-x86_64
runtime_sha256=328e0d745c5c6817048c27bc3e8314871703f8f47ffa81a37cb06cd95a94b323

bin=${LUDOPIA_BINARY:-}
if [[ -z $bin ]]; then
  cargo build --locked --release --bin ludopia
  bin="$target/release/ludopia"
fi

# The runtime first: a failed download stops before anything is built.
cache="$target/packaging/cache"
mkdir -p "$cache"
if [[ ! -f $cache/$runtime_crate ]]; then
  curl -fsSL --retry 3 -o "$cache/$runtime_crate.part" "$runtime_crate_url"
  mv "$cache/$runtime_crate.part" "$cache/$runtime_crate"
fi
sha256sum --quiet -c <<<"$runtime_crate_sha256  $cache/$runtime_crate" \
  || { echo "build-appimage.sh: $cache/$runtime_crate is not the pinned appimage 0.4.0 crate; delete it to download it again" >&2; exit 1; }
runtime="$cache/runtime-x86_64"
tar -xzOf "$cache/$runtime_crate" "$runtime_member" >"$runtime"
sha256sum --quiet -c <<<"$runtime_sha256  $runtime" \
  || { echo "build-appimage.sh: the crate's runtime-x86_64 is not the pinned one" >&2; exit 1; }

app="$target/packaging/Ludopia.AppDir"
rm -rf "$app"
mkdir -p "$app/usr/bin" "$app/usr/share/applications" "$app/usr/share/metainfo"
install -m 755 "$bin" "$app/usr/bin/ludopia"
# Players need no symbols (release builds keep some for local profiling).
strip "$app/usr/bin/ludopia"
install -m 755 packaging/linux/AppRun "$app/AppRun"
install -m 644 resources/ludopia.desktop "$app/usr/share/applications/ludopia.desktop"
install -m 644 resources/io.github.ludopia.Ludopia.metainfo.xml "$app/usr/share/metainfo/"
for png in resources/icons/ludopia-*.png; do
  size=${png##*-}; size=${size%.png}
  install -D -m 644 "$png" "$app/usr/share/icons/hicolor/${size}x${size}/apps/ludopia.png"
done
install -D -m 644 resources/icons/ludopia.svg "$app/usr/share/icons/hicolor/scalable/apps/ludopia.svg"
# The AppImage conventions: the entry, the icon and .DirIcon at the top.
ln -s usr/share/applications/ludopia.desktop "$app/ludopia.desktop"
ln -s usr/share/icons/hicolor/256x256/apps/ludopia.png "$app/ludopia.png"
ln -s ludopia.png "$app/.DirIcon"
echo "built $app"

# A type-2 AppImage is the runtime with the squashfs appended where its ELF
# ends. gzip: the classic runtime reads no zstd, and xz unpacks slower at
# every start for a few hundred KB.
out="$target/packaging/Ludopia-$version-x86_64.AppImage"
fs="$target/packaging/Ludopia.squashfs"
rm -f "$out" "$fs"
mksquashfs "$app" "$fs" -root-owned -noappend -comp gzip -quiet -no-progress
cat "$runtime" "$fs" >"$out"
rm -f "$fs"
chmod 755 "$out"
echo "built $out ($(stat -c %s "$out") bytes)"
