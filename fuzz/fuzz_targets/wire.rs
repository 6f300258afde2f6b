#![no_main]
// Seeds: fuzz/corpus/wire (see ludopia::untrusted::wire).
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = ludopia::untrusted::wire(bytes);
});
