#!/usr/bin/env bash
# The real window under Xvfb: starts ludopia on a table of four bots, waits
# for the board to appear, takes a screenshot and checks it is the board (each
# seat colour and the parchment present, not a blank or black window). Prints
# the time to the first frame showing the board and the CPU the app used
# while idle on the home screen.
#
#   tests/gui/window.sh [path/to/ludopia]     (default: target/release/ludopia)
#
# Needs: xvfb (xvfb-run, Xvfb), imagemagick (import, convert), xdotool,
# libxkbcommon-x11-0. Screenshots go to ${GUI_OUT:-target/gui}/.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-target/release/ludopia}
OUT=${GUI_OUT:-target/gui}
mkdir -p "$OUT"
for tool in xvfb-run import convert xdotool; do
    command -v "$tool" >/dev/null || { echo "window.sh: $tool is missing (apt-get install xvfb imagemagick xdotool)" >&2; exit 2; }
done
[ -x "$BIN" ] || { echo "window.sh: no binary at $BIN (cargo build --release)" >&2; exit 2; }
exec xvfb-run -a -s "-screen 0 1280x860x24" bash tests/gui/inside-xvfb.sh "$BIN" "$OUT"
