//! Board construction: generators and Ludii's graph operators, up to about
//! 1,000 sites (target: under 5 ms each).

use criterion::{Criterion, criterion_group, criterion_main};
use ludeme::board::Board;
use std::hint::black_box;

fn form(text: &str) -> ludeme::syntax::Node {
    let text = format!(
        r#"(game "T" (players 2) (equipment {{ (board {text}) (piece "Disc" Each) }})
            (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))"#
    );
    let mut sources = ludeme::diag::Sources::default();
    let id = sources.add("b.lud", text);
    let nodes = ludeme::syntax::parse(&sources, id).expect("parses");
    ludeme::board::find_board_form(&nodes[0])
        .expect("a board")
        .clone()
}

fn boards(c: &mut Criterion) {
    for (name, text) in [
        ("square 32 (1024 cells)", "(square 32)"),
        ("hex 18 (919 cells)", "(hex 18)"),
        (
            "merge alquerque+wedge (31 points)",
            "(merge (shift 0 2 (square 5 diagonals:Alternating)) (wedge 3)) use:Vertex",
        ),
        (
            "merge 2 squares 22 (946 points)",
            "(merge (square 22 diagonals:Alternating) (shift 21 0 (square 22 diagonals:Alternating))) use:Vertex",
        ),
        ("rotate 90 hex 18 (919 cells)", "(rotate 90 (hex 18))"),
        (
            "remove+shift square 32 (1022 cells)",
            "(remove (shift 1 1 (square 32)) cells:{0 1})",
        ),
    ] {
        let node = form(text);
        let n = Board::from_node(&node).expect("builds").len();
        c.bench_function(&format!("board {name} [{n}]"), |b| {
            b.iter(|| black_box(Board::from_node(&node).expect("builds").len()))
        });
    }
}

criterion_group!(benches, boards);
criterion_main!(benches);
