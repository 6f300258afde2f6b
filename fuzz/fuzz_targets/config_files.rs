#![no_main]
// Seeds: fuzz/corpus/config_files (see ludopia::untrusted::config_files).
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = ludopia::untrusted::config_files(bytes);
});
