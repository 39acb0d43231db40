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
    ludeme::compile_str("regions.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
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

/// Scores counted over `(forEach R if:(OP (count Sites in:(sites Around
/// (site) …)) K))` (`bitregion.rs` region_bits_at: each site's neighbour
/// count one popcount), with each filter and condition, the comparison
/// either way round, and stacks (every stone of a stack counts).
const SCORES: &[(&str, &str)] = &[
    (
        r#"(count Pieces All in:(forEach (sites Occupied by:P1 container:"Board") if:(< 0 (count Sites in:(sites Around (site) if:(= (who at:(to)) P2))))))"#,
        r#"(count Pieces All in:(forEach (sites Occupied by:P2 container:"Board") if:(< 0 (count Sites in:(sites Around (site) if:(= (who at:(to)) P1))))))"#,
    ),
    (
        r#"(count Pieces P1 in:(forEach (sites Occupied by:All container:"Board") if:(>= (count Sites in:(sites Around (site) Orthogonal Empty)) 2)))"#,
        r#"(count Pieces P2 in:(forEach (sites Board) if:(= 1 (count Sites in:(sites Around (site) if:(or (is Empty (to)) (= (who at:(to)) P1)))))))"#,
    ),
    (
        r#"(count Pieces All in:(forEach (sites Around (sites Occupied by:P2 container:"Board") Empty) if:(!= (count Sites in:(sites Around (site) Enemy)) 1)))"#,
        r#"(count Pieces P2 in:(forEach (sites Occupied by:Mover container:"Board") if:(> 3 (count Sites in:(sites Around (site) Occupied)))))"#,
    ),
];

/// Placements next to the pieces on the board and stacking steps onto
/// enemy pieces; the game ends when both players pass, scored by `p1`
/// and `p2`.
fn scored_game(board: &str, (p1, p2): (&str, &str)) -> String {
    format!(
        r#"(game "Scores"
            (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" Each
                    (move Step (to if:(and (is Enemy (who at:(to))) (<= (size Stack at:(to)) 2))) stack:True)
                )
                (hand Each)
            }})
            (rules
                (start (place "Disc" "Hand" count:9))
                (play
                    (if (= (count Moves) 0)
                        (move (from (handSite Mover)) (to (sites Empty)))
                        (or {{
                            (move (from (handSite Mover))
                                (to (sites Around (sites Occupied by:All container:"Board") Empty)))
                            (forEach Piece)
                            (if (all Sites (sites Hand Mover) if:(is Empty (site))) (move Pass))
                        }})
                    )
                )
                (end (if (all Passed) (byScore {{ (score P1 {p1}) (score P2 {p2}) }})))
            )
        )"#
    )
}

#[test]
fn scores_over_neighbour_counts_agree_with_the_generic_evaluation() {
    for (i, board) in ["(hex 4)", "(square 6)"].iter().enumerate() {
        for (j, scores) in SCORES.iter().enumerate() {
            let g = load(&scored_game(board, *scores));
            // the scores are compared with the states at the end
            let won = agrees_with_generic(&g, 40, 400, (10 * i + j) as u64);
            assert!(won > 5, "{board} {j}: only {won} games won");
        }
    }
}

/// Constant regions of board sites and `(sites Occupied by:WHO)` with the
/// hands (one word when no hand site holds such a piece, else the generic
/// set) as the targets of adds (empty sites only, or each site tested) and
/// of placements from the hand (`(is Empty (to))` as a mask), removed by
/// an effect, and counted by `count Sites` in a consequence and in the end
/// rules (the mover's pieces, counted with its hand while it holds any).
#[test]
fn constant_regions_and_occupied_sites_with_hands_agree_with_the_generic_evaluation() {
    let text = r#"(game "Reserve" (players 2)
        (equipment { (board (square 5)) (hand Each)
            (piece "Pawn" Each (or (move Step (to if:(is Occupied (to)) (apply (remove (to)))))
                (move Hop (between if:(is Occupied (between))) (to if:(is Empty (to))))))
            (piece "Marker" Neutral) })
        (rules
            (start (place "Pawn" "Hand" count:3))
            (play (or {
                (move Add (piece "Marker0") (to (sites Outer) if:(is Empty (to)))
                    (then (if (< (count Sites in:(sites Occupied by:Neutral)) 3) (moveAgain))))
                (move Add (piece "Marker0") (to (sites {0 6 12 18 24})))
                (move Add (piece "Marker0") (to (sites {1 2 3 7}) if:(is Occupied (to))))
                (move (from (handSite Mover)) (to (sites Outer) if:(is Empty (to))))
                (move (from (handSite Mover)) (to (sites Occupied by:Neutral) (apply (remove (sites Occupied by:Neutral)))))
                (forEach Piece)
            }))
            (end {
                (if (= (count Sites in:(sites Occupied by:Mover)) 3) (result Mover Win))
                (if (>= (count Moves) 60) (result Mover Draw))
            })))"#;
    let g = load(text);
    let won = agrees_with_generic(&g, 60, 80, 17);
    assert!(won > 10, "only {won} won");
}

/// A consequence that adds a piece to every site of a region that is one
/// word (`(add … (to REGION))` without stacks: the empty sites filled at
/// once, the occupied ones by the general put, which replaces the piece
/// there): the empty sites, the next player's sites (all of them taken
/// over), and empty sites next to the mover's. The states (pieces,
/// counters, hash) must agree with the generic twin's site-by-site puts;
/// fails with the occupied sites skipped or a counter or hash key left out.
#[test]
fn adds_to_regions_as_words_agree_with_the_generic_path() {
    for board in ["(square 5)", "(hex 3)"] {
        let text = format!(
            r#"(game "Fill" (players 2)
                (equipment {{ (board {board}) (piece "Disc" Each) (piece "Cross" Each) }})
                (rules
                    (play (or {{
                        (move Add (piece (id "Disc" Mover)) (to (sites Empty)))
                        (if (< (count Moves) 6)
                            (move Add (piece (id "Cross" Mover)) (to (sites Empty))
                                (then (add (piece (id "Disc" Next))
                                    (to (sites Around (sites Occupied by:Mover) Orthogonal Empty))))
                            )
                        )
                        (move Add (piece (id "Cross" Mover)) (to (sites Empty))
                            (then (add (piece (id "Cross" Mover)) (to (sites Occupied by:Next container:"Board"))))
                        )
                        (if (> (count Moves) 8)
                            (move Propose "Fill"
                                (then (add (piece (id "Disc" Next)) (to (sites Empty))))
                            )
                        )
                    }}))
                    (end {{
                        (if (is Proposed "Fill") (result Mover Win))
                        (if (>= (count Moves) 40) (result Mover Draw))
                    }})
                )
            )"#
        );
        let g = load(&text);
        let won = agrees_with_generic(&g, 100, 60, 5);
        assert!(won > 20, "{board}: only {won} games won");
    }
}
