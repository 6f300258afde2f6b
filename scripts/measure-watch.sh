#!/usr/bin/env bash
# How fast a watcher joins a running game: a host (with two bots) and a
# joiner play a race game at bot speed on loopback; once the host has signed
# 1,000 entries the joiner is held still (SIGSTOP), so the table waits for
# its dice link, and a watcher starts. Prints the time from the watcher's
# start to its verified snapshot (`watching`), the snapshot's head against
# the host's head, and whether it ended with the host's places.
#
#   bash scripts/measure-watch.sh [path/to/ludopia]    (default target/debug/ludopia)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/ludopia}
listen=/ip4/127.0.0.1/tcp/0
dir=$(mktemp -d)
joiner=
cleanup() {
  [[ -n $joiner ]] && kill -CONT "$joiner" 2>/dev/null
  kill $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
ms() { echo $(($(date +%s%N) / 1000000)); }
entries() { grep -c '"event":"entry"' "$1" || true; }

LUDOPIA_HOME=$dir/host "$bin" host --headless --preset race --bots 2 --listen $listen >"$dir/host.out" &
until grep -q "\"ticket\"" "$dir/host.out"; do sleep 0.05; done
ticket=$(head -n 1 "$dir/host.out" | sed 's/.*"ticket":"\([^"]*\)".*/\1/')
LUDOPIA_HOME=$dir/join "$bin" join --headless "$ticket" --listen $listen >"$dir/join.out" &
joiner=$!
until (($(entries "$dir/host.out") >= 1000)); do
  grep -q '"event":"over"' "$dir/host.out" && { echo "the game ended before 1,000 entries" >&2; exit 1; }
  sleep 0.005
done
kill -STOP "$joiner"
sleep 0.3
held=$(entries "$dir/host.out")
start=$(ms)
LUDOPIA_HOME=$dir/watch "$bin" join --headless "$ticket" --watch --listen $listen >"$dir/watch.out" &
watcher=$!
until grep -q '"event":"watching"' "$dir/watch.out"; do sleep 0.001; done
took=$(($(ms) - start))
head=$(grep '"event":"watching"' "$dir/watch.out" | sed 's/.*"head":\([0-9]*\).*/\1/')
kill -CONT "$joiner"
joiner=
wait "$watcher"
host_places=$(grep '"event":"over"' "$dir/host.out" | tail -n 1)
watch_places=$(grep '"event":"over"' "$dir/watch.out" | tail -n 1)
same=no
[[ -n $host_places && $host_places == "$watch_places" ]] && same=yes
echo "watcher start to verified snapshot: $took ms; snapshot head $head of the host's $held entries; same places as the host: $same"
[[ $same == yes ]]
