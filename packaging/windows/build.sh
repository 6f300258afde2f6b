#!/usr/bin/env bash
# Builds the Windows installer on Debian: cross-compiles ludopia.exe for
# x86_64-pc-windows-gnu with mingw-w64 and packs it with NSIS into
# target/packaging/Ludopia-<version>-setup.exe.
#
# LUDOPIA_PROFILE chooses the cargo profile: `release` (the default, what
# players get) or `pack-check` (unoptimised, quick to build: the CI's test).
set -euo pipefail
cd "$(dirname "$0")/../.."
ludopia_packages=(gcc-mingw-w64-x86-64 nsis)
source scripts/setup.sh
source packaging/version.sh
triple=x86_64-pc-windows-gnu
rustup target list --installed | grep -qx "$triple" || rustup target add "$triple"

profile=${LUDOPIA_PROFILE:-release}
target=${CARGO_TARGET_DIR:-target}
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
# Players need no debug info (Cargo.toml keeps some for local release builds).
CARGO_PROFILE_RELEASE_DEBUG=0 cargo build --locked --profile "$profile" --target "$triple" --bin ludopia

stage="$target/packaging/windows"
rm -rf "$stage"
mkdir -p "$stage"
cp "$target/$triple/$profile/ludopia.exe" "$stage/"
x86_64-w64-mingw32-strip "$stage/ludopia.exe"
cp resources/icons/ludopia.ico "$stage/"
# Lato is embedded in the program; its licence travels with it.
cp resources/fonts/LICENSE-Lato.txt "$stage/"

# The version resource wants four numbers: 1.2.3-beta.1 → 1.2.3.0.
IFS=. read -r major minor patch <<<"${version%%[-+]*}"
out="$target/packaging/Ludopia-$version-setup.exe"
fast=()
# The test's installer is thrown away: zlib packs it in seconds, lzma takes a minute.
[[ $profile == pack-check ]] && fast=(-DFAST_COMPRESSION)
makensis -V2 -NOCD "${fast[@]}" \
  -DVERSION="$version" -DVERSION_QUAD="$major.$minor.$patch.0" \
  -DSTAGE="$(realpath "$stage")" -DOUTFILE="$(realpath -m "$out")" \
  packaging/windows/ludopia.nsi
echo "built $out"
