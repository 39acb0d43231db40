//! Compile, then play a bounded random game and count perft 2 from the
//! start, through the dispatch (engine, or the reference interpreter for a
//! game the engine declines): no panic, and terminal ⇔ no legal moves
//! along the way.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ludeme::dispatch::Loaded;
use ludeme::expand::{Choices, load_bytes};
use ludeme::plan::{PassSet, Rules};

fn line<R: Rules>(r: &R, seed: u64) {
    let mut st = r.initial_state();
    let mut ws = r.workspace();
    let _ = r.perft(&st, 2, &mut ws);
    // a cheap deterministic "random" line
    let mut x = seed | 1;
    let mut legal = Vec::new();
    for _ in 0..60 {
        r.legal_into(&st, &mut ws, &mut legal);
        if r.outcome(&st).is_some() {
            assert!(legal.is_empty(), "a game over with legal moves");
            break;
        }
        if legal.is_empty() {
            break;
        }
        let _ = r.game().move_texts(&legal);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = legal[(x % legal.len() as u64) as usize].clone();
        r.play(&mut st, &m, &mut ws);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok((_, ex)) = load_bytes("fuzz.lud", data, &Choices::default()) else {
        return;
    };
    let Ok(game) = ludeme::compile::compile(&ex.game, ex.options.clone()) else {
        return;
    };
    let loaded = Loaded::new(game, PassSet::all());
    ludeme::with_rules!(&loaded, |r| line(r, data.len() as u64));
});
