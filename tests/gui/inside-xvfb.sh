#!/usr/bin/env bash
# Run by window.sh inside xvfb-run (DISPLAY is set). Arguments: binary, output dir.
# GUI_TRIES: how many tenths of a second (about) the board may take to show
# (default 100; the Wine test's unoptimised program takes far longer).
# GUI_WM_CLASS: the X11 class the window must carry (default ludopia; empty
# checks none: a Windows program under Wine has the class Wine gives it).
# GUI_PLAY_ON=S: S seconds after the board check the game the window saves
# must hold at least 4 more entries (rolls and moves), each verified by
# `GUI_VERIFY verify` (default the program under test): the Wine test's
# check that turns are played, where its unoptimised build draws too
# slowly to finish a game (off by default).
set -euo pipefail
BIN=$1
OUT=$2
export LUDOPIA_HOME="$OUT/home"   # never read or write the user's profile
rm -rf "$LUDOPIA_HOME"            # a first run: no saved game, default settings
export LUDOPIA_RENDERER=${LUDOPIA_RENDERER:-software}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}

# Ends the app and what it started: an AppImage's runtime runs the game as
# its child when it extracts itself, and the child must not outlive the test.
stop() {
    pkill -TERM -P "$1" 2>/dev/null || true
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

# Fraction of the screenshot's pixels within 5% of a colour.
share() { convert "$1" -alpha off -fuzz 5% -fill white -opaque "$2" -fill black +opaque white -format "%[fx:mean]" info:; }

# 1. The board: four bots at the table.
start=$(date +%s.%N)
LUDOPIA_TABLE=bots "$BIN" >"$OUT/app.log" 2>&1 &
app=$!
trap 'stop $app' EXIT
shown=""
for _ in $(seq 1 "${GUI_TRIES:-100}"); do
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

# The window's name and icon, as a dock or a task bar reads them.
wid=$(xdotool search --onlyvisible --name '^Ludopia$' 2>/dev/null | head -n 1 || true)
if [ -z "$wid" ]; then
    echo "FAIL: no visible window named Ludopia"; fail=1
else
    class=$(xprop -id "$wid" WM_CLASS)
    want=${GUI_WM_CLASS-ludopia}
    if [ -z "$want" ]; then
        echo "the window's class: ${class#*= } (not checked)"
    elif [ "$class" = "WM_CLASS(STRING) = \"$want\", \"$want\"" ]; then
        echo "the window's class: $want (the desktop entry's StartupWMClass)"
    else
        echo "FAIL: the window's class is '$class', not $want"; fail=1
    fi
    # xprop draws each icon as text: keep only the lines naming a size.
    icons=$(xprop -id "$wid" _NET_WM_ICON | grep -o 'Icon ([0-9]* x [0-9]*)' | paste -sd ' ' || true)
    [ -n "$icons" ] && echo "the window carries its icon: $icons" || { echo "FAIL: the window has no _NET_WM_ICON"; fail=1; }
fi
if [ "${GUI_PLAY_ON:-0}" -gt 0 ]; then
    # The window saves the game's signed log after every entry; `ludopia
    # verify` (GUI_VERIFY, default the program under test) checks each copy
    # and says how many entries it holds: the start, then rolls and moves.
    saved="$LUDOPIA_HOME/data/saves/log.proof"
    entries() {
        cp "$saved" "$OUT/$1.proof" 2>/dev/null || { echo 0; return; }
        "${GUI_VERIFY:-$BIN}" verify "$OUT/$1.proof" 2>/dev/null | tr -d '\r' | tee "$OUT/$1.txt" \
            | sed -n 's/^valid through entry \([0-9]*\).*/\1/p' | grep . || echo 0
    }
    before=$(entries log-at-board)
    sleep "$GUI_PLAY_ON"
    import -window root "$OUT/later.png"
    after=$(entries log-later)
    # At least four more verified entries: two turns or more, each a roll and a move (or a roll that cannot move).
    if [ "$after" -ge $((before + 4)) ]; then
        echo "the bots play on: the saved log went from $before to $after verified entries (rolls and moves) in $GUI_PLAY_ON s; $(sed -n 3p "$OUT/log-later.txt") ($OUT/later.png)"
    else
        echo "FAIL: the table did not play on in $GUI_PLAY_ON s: the saved log went from $before to $after verified entries"; fail=1
    fi
fi
stop $app

# 2. Idle: the home screen, nothing animating, for 10 s.
LUDOPIA_LOG=ludopia=info "$BIN" >"$OUT/home.log" 2>&1 &
app=$!
sleep 4
import -window root "$OUT/home.png"
ticks() { awk '{ print $14 + $15 }' "/proc/$app/stat"; }
before=$(ticks)
sleep 10
after=$(ticks)
echo "idle CPU on the home screen: $((after - before)) ticks in 10 s (1 tick = 10 ms)"

#    An invite link opened while the window runs: a second `ludopia LINK`
#    hands it to this window and exits 0 at once, no second window opens,
#    and the window shows the join screen (its log says so, and the screen
#    changes from home). GUI_INVITE=0 skips it; GUI_INVITE_WITHIN is the
#    time the second program may take (default 5 s); GUI_INVITE_STALE=0
#    skips the check after a killed window; GUI_LOG_IN_HOME=1 reads the
#    app's log from the data folder (a Windows release build's ludopia.log)
#    instead of its stderr.
applog() { if [ "${GUI_LOG_IN_HOME:-0}" = 1 ]; then cat "$LUDOPIA_HOME/data/ludopia.log"; else cat "$1"; fi 2>/dev/null || true; }
if [ "${GUI_INVITE:-1}" = 1 ]; then
    link="ludopia://join/$(cat fuzz/corpus/ticket/seed-ticket)"
    t0=$(date +%s.%N)
    status=0
    timeout 60 "$BIN" "$link" >"$OUT/invite.log" 2>&1 || status=$?
    took=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    within=${GUI_INVITE_WITHIN:-5}
    if [ "$status" = 0 ] && awk -v t="$took" -v w="$within" 'BEGIN { exit !(t < w) }'; then
        echo "a link opened while the window runs: handed over, the second ludopia exited 0 in $took s"
    else
        echo "FAIL: the second ludopia with a link exited $status in $took s (at most $within s): $(cat "$OUT/invite.log")"; fail=1
    fi
    shown=""
    for _ in $(seq 1 "${GUI_TRIES:-100}"); do
        applog "$OUT/home.log" | grep -q 'an invite link arrived from another ludopia' && { shown=1; break; }
        sleep 0.1
    done
    sleep 2
    import -window root "$OUT/invited.png"
    windows=$(xdotool search --name '^Ludopia$' 2>/dev/null | wc -l || true)
    [ "$windows" = 1 ] && echo "one Ludopia window" || { echo "FAIL: $windows windows named Ludopia"; fail=1; }
    changed=$(compare -metric AE -fuzz 5% "$OUT/home.png" "$OUT/invited.png" null: 2>&1 >/dev/null || true)
    if [ -n "$shown" ] && awk -v c="$changed" 'BEGIN { exit !(c + 0 > 2000) }'; then
        echo "the window went to the join screen with the invite ($changed pixels changed, $OUT/invited.png)"
    else
        echo "FAIL: the window did not show the join screen (logged: ${shown:-no}, $changed pixels changed)"; fail=1
    fi
fi
stop $app
cat "$OUT/home.log" >>"$OUT/app.log"
if [ "${GUI_INVITE:-1}" = 1 ] && [ "${GUI_INVITE_STALE:-1}" = 1 ]; then
    # The window above was killed and left its channel's file: a link then
    # opens a window of its own, at the join screen, which takes the next.
    LUDOPIA_LOG=ludopia=info "$BIN" "$link" >"$OUT/stale.log" 2>&1 &
    app=$!
    opened=""
    for _ in $(seq 1 "${GUI_TRIES:-100}"); do
        xdotool search --onlyvisible --name '^Ludopia$' >/dev/null 2>&1 && { opened=1; break; }
        kill -0 $app 2>/dev/null || break
        sleep 0.1
    done
    status=0
    timeout 60 "$BIN" "$link" >"$OUT/invite.log" 2>&1 || status=$?
    taken=""
    for _ in $(seq 1 "${GUI_TRIES:-100}"); do
        applog "$OUT/stale.log" | grep -q 'an invite link arrived from another ludopia' && { taken=1; break; }
        sleep 0.1
    done
    if [ -n "$opened" ] && [ "$status" = 0 ] && [ -n "$taken" ]; then
        echo "after a killed window, a link opens a window of its own, which takes the next link"
    else
        echo "FAIL: after a killed window, a link did not open its own window (window: ${opened:-no}, the next link exited $status, taken: ${taken:-no}; $OUT/stale.log)"; fail=1
    fi
    stop $app
fi

# 3. A bots' game played to the end through the window: two fast bots, the
#    race preset with two pawns each (first home wins), from the settings a
#    player would have saved. The window files the game's proof in the
#    history when it ends; the proof must verify and show the game over.
#    GUI_GAME=0 skips it (the packaging test only needs the board).
proof=""
if [ "${GUI_GAME:-1}" = 1 ]; then
    rm -rf "$LUDOPIA_HOME"
    mkdir -p "$LUDOPIA_HOME/config"
    cat >"$LUDOPIA_HOME/config/settings.json" <<'JSON'
{ "version": 1, "bot_speed": "fast", "preset": "race",
  "rules": { "colour_order": ["red", "green", "yellow", "blue"], "pawns": 2, "first_player": "random",
    "start_blocked_by_own": true, "three_sixes": "none", "capture_bonus": false, "arrival_bonus": true,
    "safe_squares": "none", "one_per_space": true, "blocking": true, "home": "four_spaces",
    "must_capture": false, "end": "first_home", "dice": "rolled", "turn_timer": null } }
JSON
    start=$(date +%s)
    LUDOPIA_TABLE=bots:2 LUDOPIA_FRAME_STATS=1 "$BIN" >"$OUT/game.log" 2>&1 &
    app=$!
    # The cost of a frame while pawns hop and the die tumbles: the app's CPU time
    # over 10 s of play divided by the frames it drew (update, view and drawing).
    frames() { grep -o '^frames [0-9]*' "$OUT/game.log" | tail -n 1 | cut -d' ' -f2 || true; }
    sleep 3
    f0=$(frames); t0=$(ticks)
    sleep 10
    f1=$(frames); t1=$(ticks)
    # The window's size as it opened (it fits itself to the screen).
    size=$(xdotool search --onlyvisible --name '^Ludopia$' getwindowgeometry 2>/dev/null | sed -n 's/.*Geometry: //p' | head -n 1 || true)
    if [ -n "$f0" ] && [ -n "$f1" ] && [ "$f1" -gt "$f0" ]; then
        echo "frames while playing: $((f1 - f0)) in 10 s, $(awk -v t=$((t1 - t0)) -v f=$((f1 - f0)) 'BEGIN { printf "%.1f", t * 10 / f }') ms of CPU a frame (software renderer, a ${size:-?} window)"
    else
        echo "FAIL: no frames counted while bots play ($OUT/game.log)"; fail=1
    fi
    for _ in $(seq 1 900); do
        proof=$(ls "$LUDOPIA_HOME"/data/history/*.proof 2>/dev/null | head -n 1 || true)
        [ -n "$proof" ] && break
        kill -0 $app 2>/dev/null || { echo "the app exited:"; cat "$OUT/game.log"; exit 1; }
        sleep 1
    done
    if [ -z "$proof" ]; then
        import -window root "$OUT/unfinished.png" || true
        echo "FAIL: the bots' game did not end within 15 minutes ($OUT/unfinished.png)"; fail=1
    else
        echo "a game of two bots (race, 2 pawns) played to the end in the window in $(( $(date +%s) - start )) s"
        sleep 3
        import -window root "$OUT/end.png"
        # Verified, and over: the window played the race to its end.
        "$BIN" verify "$proof" | tee "$OUT/verify.txt" || { echo "FAIL: the window's proof does not verify"; fail=1; }
        grep -q '^over: ' "$OUT/verify.txt" || { echo "FAIL: the proof's game is not over"; fail=1; }
    fi
    stop $app
fi
trap - EXIT
[ $fail -eq 0 ] && echo "PASS: the window shows the board ($OUT/board.png)${proof:+ and plays a game to the end ($OUT/end.png)}"
exit $fail
