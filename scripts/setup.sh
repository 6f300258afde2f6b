# Sourced by scripts/test.sh and scripts/play.sh: installs what a fresh
# Debian machine lacks to build and run Ludopia. A script may add to
# `ludopia_packages` before sourcing this.

# To build, and the libraries the window loads at run time (X11, keyboard,
# Vulkan; the software renderer needs only X11; ALSA for sound).
ludopia_packages+=(build-essential pkg-config libasound2-dev libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libvulkan1)
missing=()
for p in "${ludopia_packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_=""
  [[ $(id -u) == 0 ]] || sudo_="sudo"
  echo "installing: ${missing[*]}"
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq "${missing[@]}"
fi

if ! command -v cargo >/dev/null; then
  [[ -f "$HOME/.cargo/env" ]] && source "$HOME/.cargo/env"
fi
command -v cargo >/dev/null || { echo "Rust is missing: install it with rustup (https://rustup.rs)" >&2; exit 1; }
rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
