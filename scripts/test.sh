#!/usr/bin/env bash
# Runs every check Ludopia has, on a fresh Debian machine too: installs what
# is missing, then formatting, lints, the whole test suite, the real window
# under Xvfb, the packages and the network-namespace tests.
#
# Each crate is built once: clippy lints the workspace while it compiles
# the test build (clippy-driver as the workspace's compiler), and the
# window, packaging and namespace tests use the programs that build made.
# The Windows installer cross-builds in the background, at low priority,
# while the test suite runs.
set -euo pipefail
cd "$(dirname "$0")/.."
# The window test (Xvfb, screenshots, input, xprop), the namespace tests, and
# the packaging tests (validators, the AppImage's squashfs and its runtime's
# download and FUSE, the Windows cross-build, NSIS, Wine).
ludopia_packages=(xvfb imagemagick xdotool x11-utils iproute2 nftables miniupnpd-nftables desktop-file-utils appstream
  squashfs-tools curl libfuse2 fuse3 gcc-mingw-w64-x86-64 nsis wine wine64)
source scripts/setup.sh
# CI builds into one folder kept on its machine between runs (a machine-wide
# cache: only what changed is built again; a cold run still fits CI's time).
if [[ ${CI:-} == true && -z ${CARGO_TARGET_DIR:-} ]]; then
  export CARGO_TARGET_DIR=/var/cache/ludopia/target
fi
target=${CARGO_TARGET_DIR:-target}
mkdir -p "$target"

step() { printf '\n== %s (at %d s)\n' "$1" "$SECONDS"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "clippy -D warnings on every target, while building them"
# What `cargo clippy --all-targets -- -D warnings` checks, without a second
# (check-only) build of every dependency.
export RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
ICED_TEST_BACKEND=tiny-skia cargo test --locked --all-targets --no-run
cargo build --locked --example net_probe

step "the Windows installer, cross-built in the background"
windows_log="$target/windows-build.log"
(
  unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
  LUDOPIA_PROFILE=pack-check nice -n 19 bash packaging/windows/build.sh >"$windows_log" 2>&1
) &
windows=$!

step "cargo test (benchmarks are built above and run with cargo bench)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# The GUI simulator tests render with the software renderer.
# --no-fail-fast: every binary runs, so the total counts (and shows) every failure.
ICED_TEST_BACKEND=tiny-skia cargo test --locked --no-fail-fast --lib --bins --tests 2>&1 | tee "$log" || status=$?
# One closing line for the whole suite (cargo prints one per test binary).
passed=$(grep -oE '^test result: .* ([0-9]+) passed' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}' || true)
failed=$(grep -oE '^test result: .* ([0-9]+) failed' "$log" | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}' || true)

check() { # name command...: one more passed or failed check
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); status=1; echo "FAILED: $name"; fi
}

step "fuzzing: not run by this check"
# Said plainly in every run's output (docs/testing.md, Fuzzing).
echo "The fuzz targets are not run here: cargo-fuzz builds every dependency again with"
echo "coverage instrumentation (about 30 minutes on 2 cores, past this check's budget)."
echo "tests/decoders.rs above ran every checked-in seed and regression through the same"
echo "functions on stable. To fuzz: bash scripts/fuzz.sh [SECONDS_PER_TARGET]"

step "the real window under Xvfb"
check window env GUI_OUT="$target/gui" bash tests/gui/window.sh "$target/debug/ludopia"
check board-size env GUI_OUT="$target/gui" bash tests/gui/board-size.sh "$target/debug/ludopia"

step "network-namespace tests"
# Real NAT routers in namespaces: one retry for the scheduling noise of a
# loaded 2-core machine, said plainly when used.
netns() { NO_BUILD=1 bash tests/netns/run.sh || { echo "netns tests failed once; running them again"; NO_BUILD=1 bash tests/netns/run.sh; }; }
check netns netns

step "resilience: cut links, a reset connection, a long think (network namespaces)"
# Its five scenarios run at once, each on a LAN of its own; the longest is
# a 150 s think.
check resilience env LUDOPIA="$target/debug/ludopia" bash tests/netns/resilience.sh

step "packaging: metadata, the AppImage under Xvfb, the Windows installer and its window under Wine"
windows_built() {
  wait "$windows" && return 0
  echo "the Windows cross-build failed:"; tail -n 40 "$windows_log"; return 1
}
if windows_built; then
  check packaging env LUDOPIA_WINDOWS_BUILT=1 bash packaging/test.sh "$target/debug/ludopia"
else
  failed=$((failed + 1)); status=1
fi

echo
echo "total: $passed passed, $failed failed (in $SECONDS s)"
exit "$status"
