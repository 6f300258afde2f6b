#!/usr/bin/env bash
# Runs every check Ludopia has, on a fresh Debian machine too: installs what
# is missing, then formatting, lints, the whole test suite, the real window
# under Xvfb and the network-namespace tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# The window test (Xvfb, screenshots, input) and the namespace tests.
ludopia_packages=(xvfb imagemagick xdotool iproute2 nftables)
source scripts/setup.sh

step() { printf '\n== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --locked -- -D warnings

step "cargo test (benchmarks are compiled by clippy and run with cargo bench)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# The GUI simulator tests render with the software renderer.
# --no-fail-fast: every binary runs, so the total counts (and shows) every failure.
ICED_TEST_BACKEND=tiny-skia cargo test --locked --no-fail-fast --lib --bins --tests 2>&1 | tee "$log" || status=$?
# One closing line for the whole suite (cargo prints one per test binary).
passed=$(grep -oE '^test result: .* ([0-9]+) passed' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}' || true)
failed=$(grep -oE '^test result: .* ([0-9]+) failed' "$log" | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}' || true)

step "the real window under Xvfb"
target=${CARGO_TARGET_DIR:-target}
if cargo build --locked --bin ludopia && GUI_OUT="$target/gui" bash tests/gui/window.sh "$target/debug/ludopia"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); status=1
fi

step "packaging: metadata, the AppDir under Xvfb, the Windows installer under Wine"
# Reuses the debug program built above for the AppDir; cross-builds Windows.
if bash packaging/test.sh "$target/debug/ludopia"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); status=1
fi

step "network-namespace tests"
# Real NAT routers in namespaces: one retry for the scheduling noise of a
# loaded 2-core machine, said plainly when used.
if bash tests/netns/run.sh || { echo "netns tests failed once; running them again"; bash tests/netns/run.sh; }; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); status=1
fi

echo
echo "total: $passed passed, $failed failed"
exit "$status"
