#![no_main]
// Seeds: fuzz/corpus/proof_binary (see ludopia::untrusted::proof).
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = ludopia::untrusted::proof(bytes);
});
