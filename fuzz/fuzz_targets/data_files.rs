#![no_main]
// Seeds: fuzz/corpus/data_files (see ludopia::untrusted::data_files).
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = ludopia::untrusted::data_files(bytes);
});
