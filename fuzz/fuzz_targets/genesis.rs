#![no_main]
// Seeds: fuzz/corpus/genesis (see ludopia::untrusted::genesis).
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = ludopia::untrusted::genesis(bytes);
});
