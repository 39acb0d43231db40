//! Compile, then play a bounded random game and count perft 2 from the
//! start: no panic, and terminal ⇔ no legal moves along the way.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ludeme::expand::{Choices, load_bytes};

fuzz_target!(|data: &[u8]| {
    let Ok((_, ex)) = load_bytes("fuzz.lud", data, &Choices::default()) else {
        return;
    };
    let Ok(game) = ludeme::compile::compile(&ex.game, ex.options.clone()) else {
        return;
    };
    let mut st = game.initial_state();
    let mut ws = game.new_workspace();
    let _ = game.perft(&st, 2, &mut ws);
    // a cheap deterministic "random" line: the seed is the input's length
    let mut x = data.len() as u64 | 1;
    for _ in 0..60 {
        let legal = game.legal_moves(&st);
        if st.is_over() {
            assert!(legal.is_empty(), "a game over with legal moves");
            break;
        }
        if legal.is_empty() {
            break;
        }
        let _ = game.move_texts(&legal);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = legal[(x % legal.len() as u64) as usize].clone();
        game.apply(&mut st, &m);
    }
});
