#![no_main]
// Seeds: fuzz/corpus/ticket (see ludopia::untrusted::ticket).
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = ludopia::untrusted::ticket(bytes);
});
