#!/usr/bin/env bash
# Renders ludopia.svg (drawn by hand) into the PNG sizes the Linux desktop and
# the AppImage use, the multi-size ludopia.ico Windows builds embed, and
# ludopia-64.rgba: the window's own icon (X11's _NET_WM_ICON, the Windows
# title bar), raw RGBA that the program includes as it is, since its iced
# has no PNG decoder (Cargo.toml's image-without-codecs).
# Needs librsvg2-bin (rsvg-convert) and imagemagick (convert). The outputs are
# committed; run this again after changing the SVG.
set -euo pipefail
cd "$(dirname "$0")"
sizes=(16 24 32 48 64 128 256)
for s in "${sizes[@]}"; do
  rsvg-convert -w "$s" -h "$s" ludopia.svg -o "ludopia-$s.png"
done
files=()
for s in "${sizes[@]}"; do files+=("ludopia-$s.png"); done
convert "${files[@]}" ludopia.ico
convert ludopia-64.png -depth 8 rgba:ludopia-64.rgba
