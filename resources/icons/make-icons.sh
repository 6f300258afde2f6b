#!/usr/bin/env bash
# Renders ludopia.svg (drawn by hand) into the PNG sizes the Linux desktop and
# the AppImage use and the multi-size ludopia.ico Windows builds embed.
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
