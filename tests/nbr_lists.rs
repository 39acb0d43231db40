//! The step to empty sites by per-site subset lists (`src/engine/nbrlists.rs`:
//! a piece's empty neighbours, as one mask, read as a list in neighbour-list
//! order from a table) against the generic evaluation (the same game with the
//! fast paths off): along random games on boards whose sites have up to four
//! neighbours (tabled) or more (the per-neighbour loop), the same legal moves
//! in the same order and the same state after every decision. P1 has a
//! second kind of piece that does not move (its one entry's loop reads each
//! site's component), P2 a second kind that moves over another relation
//! (two entries).

mod common;
use common::agrees_with_generic;
use ludeme::{Choices, Game};

fn load(text: &str) -> Game {
    ludeme::compile_str("t.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn steps(board: &str, rel: &str, other: &str) -> String {
    format!(
        r#"(game "Steps"
            (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" Each (move Step {rel} (to if:(is Empty (to)))))
                (piece "Stone" P1)
                (piece "Ring" P2 (move Step {other} (to if:(is Empty (to)))))
            }})
            (rules
                (start {{
                    (place "Disc1" (sites {{0 1 2 3 9 10}}))
                    (place "Stone1" (sites {{5 12}}))
                    (place "Disc2" (sites {{14 15 16 20 21}}))
                    (place "Ring2" (sites {{22 23}}))
                }})
                (play (forEach Piece))
                (end (if (all Passed) (result Mover Draw)))
            )
        )"#
    )
}

#[test]
fn steps_by_subset_lists_agree_with_the_generic_path() {
    let mut games = 0;
    for board in [
        "(concentric Square rings:3) use:Vertex",
        "(concentric Square rings:6) use:Vertex",
        "(square 5)",
        "(square 7) use:Vertex",
        "(hex 4)",
    ] {
        for (rel, other) in [
            ("Orthogonal", "Diagonal"),
            ("Diagonal", "Orthogonal"),
            ("Adjacent", "Orthogonal"),
            ("All", "Diagonal"),
        ] {
            let g = load(&steps(board, rel, other));
            agrees_with_generic(&g, 3, 300, 5);
            games += 1;
        }
    }
    assert_eq!(games, 20);
}
