//! Parse and expand any bytes: a tree or a located error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ludeme::expand::{Choices, load_bytes};

fuzz_target!(|data: &[u8]| {
    if let Err(e) = load_bytes("fuzz.lud", data, &Choices::default()) {
        assert!(e.diagnostic.span.is_some(), "no location: {e}");
    }
});
