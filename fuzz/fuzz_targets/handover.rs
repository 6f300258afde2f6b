#![no_main]
// Seeds: fuzz/corpus/handover (see ludopia::untrusted::handover).
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = ludopia::untrusted::handover(bytes);
});
