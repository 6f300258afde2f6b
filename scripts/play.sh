#!/usr/bin/env bash
# Starts Ludopia, installing what a fresh Debian machine lacks first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
exec cargo run --release --locked -- "$@"
