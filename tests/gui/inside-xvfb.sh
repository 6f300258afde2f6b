#!/usr/bin/env bash
# Run by window.sh inside xvfb-run (DISPLAY is set). Arguments: binary, output dir.
set -euo pipefail
BIN=$1
OUT=$2
export LUDOPIA_HOME="$OUT/home"   # never read or write the user's profile
rm -rf "$LUDOPIA_HOME"            # a first run: no saved game, default settings
export LUDOPIA_RENDERER=${LUDOPIA_RENDERER:-software}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}

# Fraction of the screenshot's pixels within 5% of a colour.
share() { convert "$1" -alpha off -fuzz 5% -fill white -opaque "$2" -fill black +opaque white -format "%[fx:mean]" info:; }

# 1. The board: four bots at the table.
start=$(date +%s.%N)
LUDOPIA_TABLE=bots "$BIN" >"$OUT/app.log" 2>&1 &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT
shown=""
for _ in $(seq 1 100); do
    import -window root "$OUT/board.png" 2>/dev/null || true
    if [ -f "$OUT/board.png" ] && [ "$(share "$OUT/board.png" '#e53935')" != "0" ] \
        && awk -v s="$(share "$OUT/board.png" '#fdf8ec')" 'BEGIN { exit !(s > 0.02) }'; then
        shown=$(date +%s.%N)
        break
    fi
    kill -0 $app 2>/dev/null || { echo "the app exited:"; cat "$OUT/app.log"; exit 1; }
    sleep 0.1
done
[ -n "$shown" ] || { echo "FAIL: the board never appeared"; cat "$OUT/app.log"; exit 1; }
echo "first frame with the board: $(awk -v a="$start" -v b="$shown" 'BEGIN { printf "%.2f", b - a }') s after launch (upper bound: includes one screenshot)"
sleep 3
import -window root "$OUT/board.png"
fail=0
for colour in '#e53935' '#2ea04a' '#fbc02d' '#1e7be0' '#fdf8ec'; do
    s=$(share "$OUT/board.png" "$colour")
    printf '%s covers %s of the screen\n' "$colour" "$s"
    awk -v s="$s" 'BEGIN { exit !(s > 0.004) }' || { echo "FAIL: $colour is missing"; fail=1; }
done
sd=$(convert "$OUT/board.png" -colorspace gray -format "%[fx:standard_deviation]" info:)
awk -v s="$sd" 'BEGIN { exit !(s > 0.05) }' || { echo "FAIL: the screen is flat (sd $sd)"; fail=1; }
kill $app; wait $app 2>/dev/null || true

# 2. Idle: the home screen, nothing animating, for 10 s.
"$BIN" >>"$OUT/app.log" 2>&1 &
app=$!
sleep 4
import -window root "$OUT/home.png"
ticks() { awk '{ print $14 + $15 }' "/proc/$app/stat"; }
before=$(ticks)
sleep 10
after=$(ticks)
echo "idle CPU on the home screen: $((after - before)) ticks in 10 s (1 tick = 10 ms)"
kill $app; wait $app 2>/dev/null || true
trap - EXIT
[ $fail -eq 0 ] && echo "PASS: the window shows the board ($OUT/board.png)"
exit $fail
