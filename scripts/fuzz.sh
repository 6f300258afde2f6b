#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets) for a bounded time each, from
# the checked-in seeds in fuzz/corpus/<target>. New inputs a run finds go to
# fuzz/found/<target> (not checked in); a crash is kept in
# fuzz/artifacts/<target> and the script fails. Turn a crash into a fixed
# bug and a file in fuzz/regressions/<target>, which tests/decoders.rs runs
# on stable.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]    (default 60 s, all)
#
# libFuzzer needs cargo-fuzz and an unstable compiler: the project's own
# (stable) toolchain with RUSTC_BOOTSTRAP=1, else a nightly toolchain. Without
# either the script says so and exits 0 (tests/decoders.rs still runs the
# corpora on stable).
# SANITIZER=address builds with AddressSanitizer (slower); the default is
# none: the targets look for panics, and the crate has no unsafe decoding.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-60}
shift || true

if ! command -v cargo-fuzz >/dev/null; then
  echo "fuzz: cargo-fuzz is not installed (cargo install cargo-fuzz); no fuzzing done"
  exit 0
fi
if RUSTC_BOOTSTRAP=1 rustc -Z help >/dev/null 2>&1; then
  export RUSTC_BOOTSTRAP=1
  fuzz=(cargo fuzz)
  echo "fuzz: $(rustc --version) with RUSTC_BOOTSTRAP=1"
elif rustup run nightly rustc --version >/dev/null 2>&1; then
  fuzz=(cargo +nightly fuzz)
  echo "fuzz: nightly toolchain ($(rustup run nightly rustc --version))"
else
  echo "fuzz: no nightly toolchain and RUSTC_BOOTSTRAP does not work here; no fuzzing done"
  exit 0
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <("${fuzz[@]}" list)
fi
build=("${fuzz[@]}" build --sanitizer "${SANITIZER:-none}")
nice -n 10 "${build[@]}"

status=0
for target in "${targets[@]}"; do
  mkdir -p "found/$target" "artifacts/$target"
  echo "== $target for $seconds s"
  # found/ first: libFuzzer writes new inputs to the first folder only.
  if ! nice -n 10 "${fuzz[@]}" run --sanitizer "${SANITIZER:-none}" "$target" "found/$target" "corpus/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="artifacts/$target/"; then
    echo "FAILED: $target (see fuzz/artifacts/$target)"
    status=1
  fi
done
exit "$status"
