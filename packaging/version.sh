# Sourced by the packaging scripts: sets `version` to Cargo.toml's package
# version, the one `ludopia --version` prints and every package carries.
id=$(cargo pkgid --quiet --manifest-path "$(dirname "${BASH_SOURCE[0]}")/../Cargo.toml")
# `path+file:///…#ludopia@0.1.0` (or `…#0.1.0` from older cargo).
version=${id##*[#@]}
