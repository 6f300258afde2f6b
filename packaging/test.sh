#!/usr/bin/env bash
# The packaging tests (scripts/test.sh runs them): the desktop metadata, the
# Linux AppDir started under Xvfb, and the Windows installer installed,
# run and uninstalled under Wine. Says what it skipped and why, and how long
# each part took.
#
#   packaging/test.sh [path/to/ludopia]   (the Linux program the AppDir packs;
#                                           default target/debug/ludopia)
#
# LUDOPIA_SKIP_WINDOWS=1 skips the Windows installer (its cross-build is the
# long part); LUDOPIA_WINDOWS_BUILT=1 tests the installer scripts/test.sh
# already built (it cross-builds while the test suite runs).
set -euo pipefail
cd "$(dirname "$0")/.."
# Validators, the Windows cross-build and installer tools, and Wine.
ludopia_packages=(desktop-file-utils appstream gcc-mingw-w64-x86-64 nsis wine wine64 xvfb imagemagick xdotool)
source scripts/setup.sh
source packaging/version.sh
target=${CARGO_TARGET_DIR:-target}
bin=${1:-$target/debug/ludopia}

failures=0
skipped=()
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
timed() { printf '  (%s: %d s)\n' "$1" "$2"; }

echo "-- metadata (version $version)"
SECONDS=0
desktop-file-validate resources/ludopia.desktop && echo "desktop entry valid" || fail "desktop-file-validate"
appstreamcli validate --no-net resources/io.github.ludopia.Ludopia.metainfo.xml || fail "appstreamcli validate"
grep -q "<release version=\"$version\"" resources/io.github.ludopia.Ludopia.metainfo.xml \
  && echo "metainfo's newest release is $version" \
  || fail "the metainfo has no <release version=\"$version\"> (Cargo.toml's version)"
got=$("$bin" --version)
[[ $got == "ludopia $version" ]] && echo "\`ludopia --version\`: $got" || fail "\`ludopia --version\` printed '$got'"
timed metadata $SECONDS

echo "-- Linux AppDir"
SECONDS=0
LUDOPIA_BINARY="$bin" bash packaging/linux/build-appimage.sh | tee "$target/packaging-appimage.log"
app="$target/packaging/Ludopia.AppDir"
desktop-file-validate "$app/ludopia.desktop" && echo "the AppDir's desktop entry is valid" || fail "AppDir desktop entry"
for f in AppRun usr/bin/ludopia ludopia.png .DirIcon usr/share/metainfo/io.github.ludopia.Ludopia.metainfo.xml; do
  [[ -e $app/$f ]] || fail "the AppDir lacks $f"
done
# The entry point starts the real game: the board must appear on the screen.
GUI_GAME=0 GUI_OUT="$target/packaging/gui" bash tests/gui/window.sh "$app/AppRun" || fail "AppRun did not show the game under Xvfb"
grep -q "AppImage NOT built" "$target/packaging-appimage.log" \
  && skipped+=("the .AppImage file: no AppImage runtime on this machine (no Debian package ships it; set APPIMAGE_RUNTIME or APPIMAGETOOL)")
timed "AppDir" $SECONDS

echo "-- Windows installer under Wine"
if [[ ${LUDOPIA_SKIP_WINDOWS:-} == 1 ]]; then
  skipped+=("the Windows installer: LUDOPIA_SKIP_WINDOWS=1")
else
  SECONDS=0
  # Unoptimised (profile pack-check): the test needs a program that installs
  # and runs, not a fast one, and the optimised cross-build is much longer.
  if [[ ${LUDOPIA_WINDOWS_BUILT:-} != 1 ]]; then
    LUDOPIA_PROFILE=pack-check bash packaging/windows/build.sh
    timed "cross-build and makensis" $SECONDS
  fi
  SECONDS=0
  exe="$target/packaging/windows/ludopia.exe"
  setup="$target/packaging/Ludopia-$version-setup.exe"
  # Read whole before grep: `grep -q` stopping early would fail the pipe.
  headers=$(x86_64-w64-mingw32-objdump -p -h "$exe")
  grep -q 'Subsystem.*Windows GUI' <<<"$headers" \
    && echo "ludopia.exe is a windowed program (no console window)" || fail "ludopia.exe is a console program"
  grep -q '\.rsrc' <<<"$headers" && grep -qx "$version" <(strings -el "$exe") \
    && echo "ludopia.exe carries its resources (icon, version $version)" || fail "ludopia.exe lacks its icon/version resource"

  # A private Wine: its own prefix and home, so the game's shortcuts and Wine's
  # menu entries never land in the real home. No Mono/Gecko prompts.
  wine_home=$(realpath -m "$target/packaging/wine")
  rm -rf "$wine_home"
  mkdir -p "$wine_home"
  w() { HOME="$wine_home" WINEPREFIX="$wine_home/prefix" WINEDEBUG=-all \
    WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d" "$@"; }
  w wineboot -i >/dev/null 2>&1 || true
  w wine "$setup" /S
  w wineserver -w
  users="$wine_home/prefix/drive_c/users"
  dir=$(find "$users" -path '*/AppData/Local/Programs/Ludopia' -type d | head -n 1)
  if [[ -z $dir || ! -f $dir/ludopia.exe ]]; then
    fail "the silent install (/S) left no ludopia.exe under $users"
  else
    echo "installed silently into ${dir#"$wine_home/prefix/"}"
    shortcuts=("$users"/*/AppData/Roaming/Microsoft/Windows/"Start Menu"/Programs/Ludopia.lnk "$users"/*/Desktop/Ludopia.lnk)
    for s in "${shortcuts[@]}"; do [[ -f $s ]] || fail "no shortcut $s"; done
    # Debian 12's Wine 8 lacks bcryptprimitives.dll, which Rust's std needs
    # (real Windows has it): a test-only shim beside the installed program.
    x86_64-w64-mingw32-gcc -O2 -shared -o "$dir/bcryptprimitives.dll" \
      packaging/windows/test-shim/bcryptprimitives.c -ladvapi32
    got=$(w wine "$dir/ludopia.exe" --version | tr -d '\r') || true
    [[ $got == "ludopia $version" ]] && echo "installed ludopia.exe --version: $got" \
      || fail "the installed ludopia.exe --version printed '$got'"
    # No console: the log goes to the data folder (%APPDATA%\Ludopia\Ludopia\data).
    logs=("$users"/*/AppData/Roaming/Ludopia/Ludopia/data/ludopia.log)
    [[ -f ${logs[0]} ]] && echo "the log file is in the data folder" || fail "no ludopia.log in the data folder"
    # `_?=` runs the uninstaller in place, so the test can wait for it.
    w wine "$dir/Uninstall.exe" /S "_?=$(w winepath -w "$dir")"
    w wineserver -w
    [[ ! -e $dir/ludopia.exe ]] && echo "the uninstaller removed the program" || fail "ludopia.exe is still installed"
    for s in "${shortcuts[@]}"; do [[ ! -e $s ]] || fail "the uninstaller left $s"; done
  fi
  w wineserver -k 2>/dev/null || true
  skipped+=("the window under Wine: only --version runs there (Wine has no Windows firewall, no real shell)")
  timed "Wine install, run, uninstall" $SECONDS
fi

echo
for s in "${skipped[@]}"; do echo "SKIPPED: $s"; done
if ((failures)); then
  echo "packaging: $failures failed"
  exit 1
fi
echo "packaging: PASS"
