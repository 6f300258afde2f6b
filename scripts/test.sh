#!/usr/bin/env bash
# Runs every check Ludopia has, on a fresh Debian machine too: installs what
# is missing, then formatting, lints and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

step() { printf '\n== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --locked -- -D warnings

step "cargo test"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
cargo test --all-targets --locked 2>&1 | tee "$log" || status=$?
# One closing line for the whole suite (cargo prints one per test binary).
passed=$(grep -oE '^test result: .* ([0-9]+) passed' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}' || true)
failed=$(grep -oE '^test result: .* ([0-9]+) failed' "$log" | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}' || true)
echo
echo "total: $passed passed, $failed failed"
exit "$status"
