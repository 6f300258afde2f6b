#!/usr/bin/env bash
# A headless bots' game between a host (with two bots) and a joiner on
# loopback, timed from the joiner's JSON lines as they arrive: for every
# entry that records the joiner's own act (its roll or its move), the time
# since the entry before it, when the joiner could act. That gap is the bot's
# decision, the intent's way to the host, the host's table and the entry's
# way back: a fixed back-off on the host's rate limit would show as 100 ms
# or more. Prints the count, p50, p99 and worst over GAMES games (default 5).
#
#   bash scripts/measure-intents.sh [path/to/ludopia] [GAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/ludopia}
games=${2:-5}
listen=/ip4/127.0.0.1/tcp/0
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$dir"' EXIT
# Each line with its arrival time, in seconds.
stamp() { python3 -u -c 'import sys, time
for line in sys.stdin:
    sys.stdout.write(f"{time.time():.6f} {line}")'; }

for g in $(seq "$games"); do
  rm -rf "$dir/host" "$dir/join"
  LUDOPIA_HOME=$dir/host "$bin" host --headless --preset race --bots 2 --listen $listen >"$dir/host.out" &
  until grep -q "\"ticket\"" "$dir/host.out"; do sleep 0.05; done
  ticket=$(head -n 1 "$dir/host.out" | sed 's/.*"ticket":"\([^"]*\)".*/\1/')
  LUDOPIA_HOME=$dir/join "$bin" join --headless "$ticket" --listen $listen | stamp >"$dir/join-$g.out"
  wait
done

python3 - "$dir"/join-*.out <<'PY'
import json, sys
gaps = []
for path in sys.argv[1:]:
    seat, last = None, None
    for row in open(path):
        at, _, text = row.partition(" ")
        line = json.loads(text)
        at = float(at)
        if line.get("event") == "joined":
            seat = line["seat"]
        if line.get("event") != "entry":
            continue
        record = line["record"]
        mine = ("roll" in record and record["roll"]["seat"] == seat and record["roll"]["by"] == "player") or (
            "act" in record and record["act"]["by"] == "player")
        if mine and last is not None:
            gaps.append((at - last) * 1000)
        last = at
gaps.sort()
if not gaps:
    sys.exit("no act of the joiner was timed")
pick = lambda q: gaps[min(len(gaps) - 1, int(q * len(gaps)))]
print(f"{len(gaps)} acts of the joiner over {len(sys.argv) - 1} games: entry before to its own entry "
      f"p50 {pick(0.5):.1f} ms, p99 {pick(0.99):.1f} ms, worst {gaps[-1]:.1f} ms")
PY
