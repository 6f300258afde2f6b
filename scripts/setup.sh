# Sourced by scripts/test.sh and scripts/play.sh: installs what a fresh
# Debian machine lacks to build and run Ludopia.

# System packages, installed only when missing (apt-get update is slow).
ludopia_packages=(build-essential pkg-config)
missing=()
for p in "${ludopia_packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_=""
  [[ $(id -u) == 0 ]] || sudo_="sudo"
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq "${missing[@]}"
fi

if ! command -v cargo >/dev/null; then
  [[ -f "$HOME/.cargo/env" ]] && source "$HOME/.cargo/env"
fi
command -v cargo >/dev/null || { echo "Rust is missing: install it with rustup (https://rustup.rs)" >&2; exit 1; }
rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
