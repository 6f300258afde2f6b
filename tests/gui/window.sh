#!/usr/bin/env bash
# The real window under Xvfb: starts ludopia on a table of four bots, waits
# for the board to appear, takes a screenshot and checks it is the board (each
# seat colour and the parchment present, not a blank or black window) and
# that the window carries its X11 class and icon (xprop); then that an
# invite link opened while the window runs goes to that window (no second
# window). Prints the time to the first frame showing the board and the CPU
# the app used while idle on the home screen.
#
#   tests/gui/window.sh [path/to/ludopia]     (default: target/release/ludopia)
#
# Needs: xvfb (xvfb-run, Xvfb), imagemagick (import, convert), xdotool,
# x11-utils (xprop), libxkbcommon-x11-0. GUI_TRIES, GUI_WM_CLASS,
# GUI_PLAY_ON and GUI_INVITE: see inside-xvfb.sh. Screenshots go to ${GUI_OUT:-target/gui}/.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-target/release/ludopia}
OUT=${GUI_OUT:-target/gui}
mkdir -p "$OUT"
for tool in xvfb-run import convert xdotool xprop; do
    command -v "$tool" >/dev/null || { echo "window.sh: $tool is missing (apt-get install xvfb imagemagick xdotool x11-utils)" >&2; exit 2; }
done
[ -x "$BIN" ] || { echo "window.sh: no binary at $BIN (cargo build --release)" >&2; exit 2; }
# A screen with room for the window at its full 1280x820 (it shrinks to fit a
# smaller one).
# -noreset: Xvfb otherwise resets when its last client leaves, and a
# window started during the reset cannot open the display.
exec xvfb-run -a -s "-screen 0 1366x940x24 -noreset" bash tests/gui/inside-xvfb.sh "$BIN" "$OUT"
