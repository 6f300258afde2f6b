#!/usr/bin/env bash
# What the guests' signed reveals and heads, sent to each other, add to the
# time from a guest's act to every guest holding its entry: net_probe's bench
# (a host and three guests on loopback, real drivers, bots at full speed) as
# shipped and built with the measurement-only feature quiet-peers (no reveal
# or head between guests), run in turns so that the machine's load falls on
# both alike. Prints each run's p50 and the difference of the medians.
#
#   bash scripts/measure-peer-messages.sh [ROUNDS] [GAMES]    (default 5 rounds of 10 games)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
games=${2:-10}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# One build folder: cargo keeps the two feature sets' builds side by side.
# The shipped one is built last, so the folder's net_probe stays the shipped one.
cargo build --locked --example net_probe --features quiet-peers
cp target/debug/examples/net_probe "$dir/quiet"
cargo build --locked --example net_probe
cp target/debug/examples/net_probe "$dir/shipped"
shipped=$dir/shipped
quiet=$dir/quiet

p50() { "$1" bench "$games" | sed -n 's/.*"p50_ms":\([0-9.]*\).*/\1/p'; }
with=(); without=()
for round in $(seq 1 "$rounds"); do
  a=$(p50 "$shipped"); b=$(p50 "$quiet")
  echo "round $round: p50 ${a} ms with the guests' reveals and heads, ${b} ms without"
  with+=("$a"); without+=("$b")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
m1=$(median "${with[@]}"); m0=$(median "${without[@]}")
awk -v a="$m1" -v b="$m0" 'BEGIN { printf "median p50: %.3f ms with, %.3f ms without: the reveals and heads add %.3f ms (target <= 1 ms)\n", a, b, a - b }'
