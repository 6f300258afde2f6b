#![no_main]
// Seeds: fuzz/corpus/snapshot (see ludopia::untrusted::snapshot).
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = ludopia::untrusted::snapshot(bytes);
});
