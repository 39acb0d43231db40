//! Destination regions computed as one word on boards of at most 64 sites
//! (`src/engine/bitregion.rs`): empty and occupied sites, sites around a
//! region over a relation with each filter (and with the centres
//! themselves), and their unions, intersections and differences, against
//! the generic evaluation (the same game with the fast paths off, which
//! evaluates each region as a set): along random games, the same legal
//! moves in the same order and the same states.

mod common;
use common::agrees_with_generic;
use ludeme::{Choices, Game};

/// Regions a piece from the hand may be placed in (each an alternative of
/// its own, so that each is listed in full, in its order).
const REGIONS: &[&str] = &[
    r#"(sites Around (sites Occupied by:All container:"Board") Empty)"#,
    r#"(sites Around (sites Occupied by:Mover container:"Board") Enemy)"#,
    r#"(sites Around (sites Occupied by:Next) Own Orthogonal includeSelf:True)"#,
    r#"(sites Around (sites Occupied by:Mover) Own Orthogonal includeSelf:True)"#,
    r#"(union (sites Around (sites Occupied by:Enemy container:"Board") Empty Diagonal) (difference (sites Empty) (sites Around (sites Occupied by:All container:"Board"))))"#,
    r#"(intersection (sites Board) (sites Around (sites Empty) Occupied))"#,
    r#"(sites Around (sites Around (sites Occupied by:P1 container:"Board")) NotEmpty)"#,
];

/// Placements from the hand into one of the regions (the first decision
/// into any empty site), moves of a top piece next to another of the
/// mover's, and stacking steps onto enemy pieces, so that the tops of
/// stacks change hands.
fn game(board: &str, regions: &[&str]) -> String {
    let places: String = regions
        .iter()
        .map(|r| format!("(move (from (handSite Mover)) (to {r}))\n"))
        .collect();
    // from the board too: a piece's own site may be among the targets
    let own = r#"(move (from (sites Occupied by:Mover container:"Board"))
        (to (sites Around (sites Occupied by:Mover container:"Board") Own)))"#;
    format!(
        r#"(game "Regions"
            (players 2)
            (equipment {{
                (board {board})
                (piece "Stone" Each
                    (move Step (to if:(and (is Enemy (who at:(to))) (<= (+ (size Stack at:(from)) (size Stack at:(to))) 4))) stack:True)
                )
                (hand Each)
            }})
            (rules
                (start (place "Stone" "Hand" count:30))
                (play
                    (if (= (count Moves) 0)
                        (move (from (handSite Mover)) (to (sites Empty)))
                        (or {{ {places} {own} (forEach Piece) }})
                    )
                )
                (end (if (all Passed) (result Mover Draw)))
            )
        )"#
    )
}

fn load(text: &str) -> Game {
    ludeme::load_str("regions.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn regions_as_words_agree_with_the_generic_evaluation() {
    for (i, board) in ["(hex 4)", "(square 7)", "(square 8)", "(square 9)"]
        .iter()
        .enumerate()
    {
        // each region alone, then all of them together
        for (j, r) in REGIONS.iter().enumerate() {
            let g = load(&game(board, &[r]));
            agrees_with_generic(&g, 3, 60, (10 * i + j) as u64);
        }
        let g = load(&game(board, REGIONS));
        agrees_with_generic(&g, 6, 80, i as u64);
    }
}
