#![no_main]
// Seeds: fuzz/corpus/entry (see ludopia::untrusted::entry).
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = ludopia::untrusted::entry(bytes);
});
