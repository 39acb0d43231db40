//! Move generation and playout speed on the bundled games.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use std::hint::black_box;

fn load(file: &str) -> Option<ludeme::Game> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(file);
    ludeme::compile_file(&path, &ludeme::Choices::default()).ok()
}

fn playouts(c: &mut Criterion) {
    for file in [
        "abande.lud",
        "icebreaker.lud",
        "abrobad.lud",
        "atidada.lud",
        "abrana.lud",
    ] {
        let Some(game) = load(file) else { continue };
        let mut ws = game.new_workspace();
        let mut legal = Vec::new();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
        let init = game.initial_state();
        c.bench_function(&format!("playout {file}"), |b| {
            b.iter(|| {
                let mut st = init.clone();
                while !st.is_over() {
                    game.legal_moves_into(&st, &mut ws, &mut legal);
                    let m = legal[rng.random_range(0..legal.len())];
                    game.apply_with(&mut st, &m, &mut ws);
                }
                black_box(st.decisions())
            })
        });
        c.bench_function(&format!("perft 3 {file}"), |b| {
            b.iter(|| black_box(game.perft(&init, 3, &mut ws)))
        });
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
