//! Parse, expand and compile any bytes: a game or a located error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ludeme::expand::{Choices, load_bytes};

fuzz_target!(|data: &[u8]| {
    let Ok((sources, ex)) = load_bytes("fuzz.lud", data, &Choices::default()) else {
        return;
    };
    if let Err(d) = ludeme::compile::compile(&ex.game, ex.options.clone()) {
        assert!(d.span.is_some(), "no location: {}", d.render(&sources));
    }
});
