#!/usr/bin/env bash
# Builds the Linux AppDir target/packaging/Ludopia.AppDir (the program, its
# .desktop entry, icons, AppStream metadata and AppRun) and from it
# target/packaging/Ludopia-<version>-x86_64.AppImage when the AppImage
# runtime is at hand. No Debian package ships that runtime, so give one of:
#   APPIMAGETOOL=/path/to/appimagetool   (from github.com/AppImage/appimagetool/releases)
#   APPIMAGE_RUNTIME=/path/to/runtime-x86_64   (from github.com/AppImage/type2-runtime/releases;
#                                          packed here with Debian's mksquashfs)
# APPIMAGE_RUNTIME is also passed to appimagetool, which otherwise downloads it.
# LUDOPIA_BINARY=path packs an already-built program instead of building
# `cargo build --release` (the CI's test packs its debug build).
set -euo pipefail
cd "$(dirname "$0")/../.."
ludopia_packages=(squashfs-tools)
source scripts/setup.sh
source packaging/version.sh
target=${CARGO_TARGET_DIR:-target}

bin=${LUDOPIA_BINARY:-}
if [[ -z $bin ]]; then
  cargo build --locked --release --bin ludopia
  bin="$target/release/ludopia"
fi

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

out="$target/packaging/Ludopia-$version-x86_64.AppImage"
rm -f "$out"
if [[ -n ${APPIMAGETOOL:-} ]]; then
  runtime=()
  [[ -n ${APPIMAGE_RUNTIME:-} ]] && runtime=(--runtime-file "$APPIMAGE_RUNTIME")
  # appimagetool is an AppImage itself: extracting it spares the need for FUSE.
  APPIMAGE_EXTRACT_AND_RUN=1 ARCH=x86_64 "$APPIMAGETOOL" "${runtime[@]}" "$app" "$out"
elif [[ -n ${APPIMAGE_RUNTIME:-} ]]; then
  # A type-2 AppImage is the runtime followed by a squashfs of the AppDir.
  fs="$target/packaging/Ludopia.squashfs"
  mksquashfs "$app" "$fs" -root-owned -noappend -comp gzip -quiet
  cat "$APPIMAGE_RUNTIME" "$fs" >"$out"
  rm -f "$fs"
  chmod 755 "$out"
else
  echo "AppImage NOT built: the AppImage type-2 runtime is missing (no Debian package ships it)."
  echo "  Set APPIMAGE_RUNTIME=/path/to/runtime-x86_64 (https://github.com/AppImage/type2-runtime/releases)"
  echo "  or APPIMAGETOOL=/path/to/appimagetool-x86_64.AppImage (https://github.com/AppImage/appimagetool/releases)."
  echo "  The AppDir above is complete: \`$app/AppRun\` runs the game."
  exit 0
fi
echo "built $out"
