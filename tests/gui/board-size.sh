#!/usr/bin/env bash
# The board's size in the real window, measured in screenshots under Xvfb:
# ludopia opens on a table of four bots, the window is set to 1280x820 and
# then to 960x660, and in each screenshot the 15x15 grid's height is read
# from its yards (green at the top right, blue at the bottom left) in a
# strip down the middle of the window, which lies inside the board. Fails
# unless the grid covers at least 80% of the window's height at both sizes.
#
#   tests/gui/board-size.sh [path/to/ludopia]     (default: target/debug/ludopia)
#
# Needs: xvfb (xvfb-run), imagemagick (import, convert), xdotool,
# libxkbcommon-x11-0. Screenshots go to ${GUI_OUT:-target/gui}/board-WxH.png.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-target/debug/ludopia}
OUT=${GUI_OUT:-target/gui}
mkdir -p "$OUT"
for tool in xvfb-run import convert xdotool; do
    command -v "$tool" >/dev/null || { echo "board-size.sh: $tool is missing (apt-get install xvfb imagemagick xdotool)" >&2; exit 2; }
done
[ -x "$BIN" ] || { echo "board-size.sh: no binary at $BIN (cargo build --bin ludopia)" >&2; exit 2; }
if [ -z "${DISPLAY_READY:-}" ]; then
    # -noreset: Xvfb otherwise resets when its last client leaves, and a
    # window started during the reset cannot open the display.
    exec env DISPLAY_READY=1 xvfb-run -a -s "-screen 0 1400x900x24 -noreset" bash "$0" "$BIN"
fi

export LUDOPIA_HOME="$OUT/board-home"   # never the user's profile
rm -rf "$LUDOPIA_HOME"
export LUDOPIA_RENDERER=${LUDOPIA_RENDERER:-software}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}

LUDOPIA_TABLE=bots "$BIN" >"$OUT/board-size.log" 2>&1 &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT
win=$(xdotool search --sync --name '^Ludopia$' | head -n 1)

# The box (WxH+X+Y) round the pixels of `colour` in an image.
rows() {
    convert "$1" -alpha off -fuzz 10% -fill black +opaque "$2" -fill white -opaque "$2" \
        -format '%@' info: 2>/dev/null
}

fail=0
for size in 1280x820 960x660; do
    w=${size%x*}; h=${size#*x}
    xdotool windowsize "$win" "$w" "$h"
    sleep 2   # the window lays itself out again at its new size
    shot="$OUT/board-$size.png"
    grid=""
    for _ in $(seq 1 60); do
        sleep 0.25
        import -window "$win" "$shot" 2>/dev/null || continue
        read -r W H < <(identify -format '%w %h\n' "$shot")
        # Not at the size yet: the window may have set its own size after
        # ours (it fits itself to the screen as it starts), so ask again.
        if [ "$W" != "$w" ] || [ "$H" != "$h" ]; then
            xdotool windowsize "$win" "$w" "$h"
            continue
        fi
        # A strip a third of the height wide, centred: inside the board
        # (never a seat card) and crossing the inner edges of its yards.
        strip=$((H * 3 / 10))
        convert "$shot" -crop "${strip}x${H}+$(( (W - strip) / 2 ))+0" +repage "$OUT/strip.png"
        top=$(rows "$OUT/strip.png" '#2ea04a')      # green yard, top right
        bottom=$(rows "$OUT/strip.png" '#1e7be0')   # blue yard, bottom left
        # Not drawn yet: no yard in the picture.
        case "$top$bottom" in ""|0x0*|*+0+00x0*) continue ;; esac
        case "$top" in 0x0*) continue ;; esac
        case "$bottom" in 0x0*) continue ;; esac
        # %@ is WxH+X+Y of what is left after trimming to the colour.
        t=$(echo "$top" | sed 's/.*+//'); bh=$(echo "$bottom" | sed 's/^[0-9]*x\([0-9]*\)+[0-9]*+\([0-9]*\)$/\1 \2/')
        b=$(( $(echo "$bh" | cut -d' ' -f1) + $(echo "$bh" | cut -d' ' -f2) ))
        grid=$((b - t))
        break
    done
    if [ -z "$grid" ]; then
        echo "FAIL: no board measured at $size ($shot)"; fail=1; continue
    fi
    share=$(awk -v g="$grid" -v h="$h" 'BEGIN { printf "%.3f", g / h }')
    echo "at $size the 15x15 grid is $grid px tall: $share of the window's height ($shot)"
    awk -v s="$share" 'BEGIN { exit !(s >= 0.8) }' || { echo "FAIL: below 0.8 at $size"; fail=1; }
done
kill $app; wait $app 2>/dev/null || true
trap - EXIT
[ $fail -eq 0 ] && echo "PASS: the grid covers at least 80% of the window's height at 1280x820 and 960x660"
exit $fail
