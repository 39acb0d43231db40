//! Piece programs run on one-word bit sets (`src/engine/piecebits.rs`)
//! against the generic evaluation (the same game with the fast paths off):
//! along random games, the same legal moves in the same order and the same
//! state after every decision.

mod common;
use common::*;
use ludeme::{Choices, Game};

fn load_text(text: &str) -> Game {
    ludeme::compile_str("bits.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Steps and hops whose cell tests keep whole owners: empty or occupied
/// sites, one player's pieces (`what` against a player's only kind), the
/// neutral blockers, anything but them; hop ranges from 0 up, capped below
/// the radials' lengths and not, a range no run can reach; one piece kind
/// per player (the loop over all of the mover's pieces) and, with `kinds`,
/// a second kind with its own program (a loop per piece); then the Disc's
/// test of the opponent's Discs keeps some of the opponent's kinds and not
/// the others, which keeps the Disc's program off the bit sets.
fn owner_shapes(board: &str, kinds: bool) -> String {
    let (second, place) = if kinds {
        (
            r#"(piece "Cross" Each
                (or
                    (move Step Diagonal (to if:(= (what at:(to)) (id "Blocker0"))))
                    (move Hop (between (range 0 2) if:(is Empty (between))) (to if:(is Occupied (to))))
                )
            )"#,
            r#"(place "Cross1" (sites {2})) (place "Cross2" (sites {9}))"#,
        )
    } else {
        ("", "")
    };
    format!(
        r#"(game "Bits" (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" Each
                    (or {{
                        (move Step (to if:(is Empty (to))))
                        (move Step Orthogonal (to if:(= (what at:(to)) (id "Disc" P2))))
                        (move Hop (between (range 1 9) if:(is Occupied (between))) (to if:(is Empty (to))))
                        (move Hop Orthogonal (between (range 1 2) if:(= (what at:(between)) (id "Disc" P1))) (to if:(not (= (what at:(to)) (id "Blocker0")))))
                        (move Hop Diagonal (between (range 2 3) if:(is Empty (between))) (to if:(is Empty (to))))
                        (move Hop Orthogonal (between (range 3 1) if:(is Empty (between))) (to if:(is Empty (to))))
                    }})
                )
                {second}
                (piece "Blocker" Neutral)
            }})
            (rules
                (start {{ (place "Disc1" (sites {{0 1}})) (place "Disc2" (sites {{7 8}})) (place "Blocker0" (sites {{4}})) {place} }})
                (play
                    (or
                        (forEach Piece)
                        (move Add (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Own)))))
                    )
                )
                (end (if (>= (count Moves) 60) (result Mover Draw)))
            )
        )"#
    )
}

#[test]
fn owner_tests_on_bit_sets_agree_with_the_generic_path() {
    for board in [
        "(square 5)",
        "(hex 4)",
        "(rectangle 3 7)",
        "(hex Limping 3)",
        "(square 8)", // 64 sites: every bit of the word is a site
        "(concentric Square rings:3) use:Vertex",
    ] {
        for kinds in [false, true] {
            let g = load_text(&owner_shapes(board, kinds));
            // per player, the Disc's `or` or (with two kinds) the Cross's
            assert_eq!(g.bit_programs(), 2, "{board}");
            assert_eq!(g.piece_programs(), 2 + 2 * kinds as usize, "{board}");
            assert_eq!(g.generic_twin().bit_programs(), 0);
            agrees_with_generic(&g, 30, 60, 29);
        }
    }
}

/// A board too large for one word: no program on bit sets.
#[test]
fn a_board_of_more_than_64_sites_agrees_with_the_generic_path() {
    let g = load_text(&owner_shapes("(square 9)", true));
    assert_eq!(g.bit_programs(), 0);
    assert_eq!(g.piece_programs(), 4);
    agrees_with_generic(&g, 20, 60, 37);
}

/// Abrobad's movement options on the boards of at most 64 sites.
#[test]
fn abrobad_movements_on_bit_sets_agree_with_the_generic_path() {
    for size in ["Limping Hex 2-3", "Limping Hex 4-5"] {
        for movement in ["Step or jump to first empty", "Step or hop to empty"] {
            let opt = format!("Movement Type (in any direction)/{movement}");
            let g = load("abrobad.lud", &[&opt, &format!("Board Size/{size}")]);
            assert_eq!(g.bit_programs(), 2, "{size} {movement}");
            agrees_with_generic(&g, 30, 600, 41);
        }
    }
}

/// A player's second kind of piece without moves: the loop over the
/// owner's sites must skip those pieces (with one kind per owner, the
/// owner's sites are taken whole); a step then a hop (the program's own
/// loop) and a longer program (the op loop); the `forEach Piece` as the
/// play rule itself (its route straight to the program) and as a leaf of
/// an `or` (a flat program resolved per mover).
#[test]
fn pieces_of_another_kind_of_the_same_owner_make_no_moves() {
    for moves in [
        "(or (move Step (to if:(is Empty (to)))) (move Hop (between (range 1 9) if:(is Occupied (between))) (to if:(is Empty (to)))))",
        "(or { (move Step (to if:(is Empty (to)))) (move Step Diagonal (to if:(is Empty (to)))) (move Hop (between (range 1 9) if:(is Occupied (between))) (to if:(is Empty (to)))) })",
    ] {
        for (board, play) in [
            (
                "(square 5)",
                "(or (forEach Piece) (move Add (piece (mover)) (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Own))))))",
            ),
            (
                "(hex Limping 3)",
                "(or (forEach Piece) (move Add (piece (mover)) (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Own))))))",
            ),
            ("(square 5)", "(forEach Piece)"),
            ("(hex Limping 3)", "(forEach Piece)"),
        ] {
            let g = load_text(&format!(
                r#"(game "Kinds" (players 2)
                    (equipment {{
                        (board {board})
                        (piece "Disc" Each {moves})
                        (piece "Marker" Each)
                    }})
                    (rules
                        (start {{ (place "Disc1" (sites {{0 1}})) (place "Disc2" (sites {{7 8}})) (place "Marker1" (sites {{3 12}})) (place "Marker2" (sites {{5 14}})) }})
                        (play {play})
                        (end (if (>= (count Moves) 60) (result Mover Draw)))
                    )
                )"#
            ));
            assert_eq!(g.bit_programs(), 2, "{board}");
            agrees_with_generic(&g, 30, 60, 43);
        }
    }
}

/// A two-player game on `board` with `pieces` (a neutral Blocker kind and
/// a Disc per player, declared in the order that gives their ids): P1's
/// Discs on `discs`, P2's on 7 and 8, Blockers on 3, 4 and 12; a turn
/// moves a piece or adds a Blocker with none of the mover's pieces around
/// it, and the game is drawn after 60 decisions.
fn blocker_game(board: &str, pieces: &str, discs: &str) -> Game {
    load_text(&format!(
        r#"(game "Blockers" (players 2)
            (equipment {{ (board {board}) {pieces} }})
            (rules
                (start {{ (place "Disc1" {discs}) (place "Disc2" (sites {{7 8}})) (place "Blocker0" (sites {{3 4 12}})) }})
                (play
                    (or
                        (forEach Piece)
                        (move Add (piece "Blocker0") (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Own)))))
                    )
                )
                (end (if (>= (count Moves) 60) (result Mover Draw)))
            )
        )"#
    ))
}

/// Hops of one length (MIN = MAX: `fixed` hops, their rays those with a
/// site after the run): over one site (the default range) and over two,
/// in the op loop (two hops then a step) and in the step-then-hop loop;
/// on boards whose edges cut some radials short.
#[test]
fn hops_of_one_length_agree_with_the_generic_path() {
    for moves in [
        r#"(or {
            (move Hop (between if:(= (what at:(between)) (id "Blocker0"))) (to if:(is Empty (to))))
            (move Hop (between if:(not (= (what at:(between)) (id "Blocker0")))) (to if:(is Empty (to))))
            (move Step (to if:(is Occupied (to))))
        })"#,
        "(or (move Step (to if:(is Empty (to)))) (move Hop Orthogonal (between (range 2 2) if:(is Occupied (between))) (to if:(is Occupied (to)))))",
        "(or (move Step Diagonal (to if:(is Empty (to)))) (move Hop (between if:(is Occupied (between))) (to if:(is Empty (to)))))",
    ] {
        for board in [
            "(square 5)",
            "(hex Limping 3)",
            "(rectangle 3 7)",
            "(square 8)",
        ] {
            let pieces = format!(r#"(piece "Disc" Each {moves}) (piece "Blocker" Neutral)"#);
            let g = blocker_game(board, &pieces, "(sites {0 1})");
            assert_eq!(g.bit_programs(), 2, "{board} {moves}");
            agrees_with_generic(&g, 30, 60, 47);
        }
    }
}

/// The op loop (more than a step then a hop) with the shapes it treats on
/// its own: fixed hops over one site and over two whose first sites are
/// often none of OVER's (the hop skipped whole per piece), tests read as
/// the occupied sites less some owners' (the Discs: the blockers' id is
/// below theirs) and as the board less some owners' (anything but a
/// blocker, anything but P1's Discs); one piece per player (the loop's
/// usual case) and several.
#[test]
fn fixed_hops_and_owner_complements_in_the_op_loop_agree_with_the_generic_path() {
    let moves = r#"(or {
        (move Hop (between if:(= (what at:(between)) (id "Blocker0"))) (to if:(is Empty (to))))
        (move Hop Orthogonal (between (range 2 2) if:(= (what at:(between)) (id "Blocker0"))) (to if:(not (= (what at:(to)) (id "Blocker0")))))
        (move Hop Diagonal (between if:(> (what at:(between)) (id "Blocker0"))) (to if:(is Empty (to))))
        (move Step (to if:(not (= (what at:(to)) (id "Disc" P1)))))
        (move Step Orthogonal (to if:(> (what at:(to)) (id "Blocker0"))))
    })"#;
    for board in ["(square 6)", "(hex Limping 3)", "(rectangle 3 7)"] {
        for discs in ["(sites {0}) ", "(sites {0 1 5})"] {
            let pieces = format!(r#"(piece "Blocker" Neutral) (piece "Disc" Each {moves})"#);
            let g = blocker_game(board, &pieces, discs);
            assert_eq!(g.bit_programs(), 2, "{board} {discs}");
            agrees_with_generic(&g, 30, 60, 53);
        }
    }
}

/// Steps over a relation giving some sites more than eight neighbours (all
/// twelve around a hex cell: lists too long for a packed word, read out of
/// line in the op loop), with fixed hops and a step over eight or fewer;
/// one piece per player and several.
#[test]
fn steps_over_lists_of_more_than_eight_sites_agree_with_the_generic_path() {
    let moves = r#"(or {
        (move Hop (between if:(= (what at:(between)) (id "Blocker0"))) (to if:(is Empty (to))))
        (move Step All (to if:(not (= (what at:(to)) (id "Disc" P1)))))
        (move Step Orthogonal (to if:(is Empty (to))))
    })"#;
    for board in ["(hex 4)", "(square 6)"] {
        for discs in ["(sites {18})", "(sites {0 9 18})"] {
            let pieces = format!(r#"(piece "Blocker" Neutral) (piece "Disc" Each {moves})"#);
            let g = blocker_game(board, &pieces, discs);
            assert_eq!(g.bit_programs(), 2, "{board} {discs}");
            agrees_with_generic(&g, 30, 60, 59);
        }
    }
}

/// The op loop with hops whose rays come from tables shared between ops
/// and programs (built once per relation and range): a hop of range 0..2
/// (it may land next to its origin, so no first site is needed to pass
/// OVER: it is never skipped whole), hops of one length over two
/// relations, and the same hops again in a later op; one piece per player
/// and several.
#[test]
fn hops_sharing_ray_tables_in_the_op_loop_agree_with_the_generic_path() {
    let moves = r#"(or {
        (move Hop (between (range 0 2) if:(= (what at:(between)) (id "Blocker0"))) (to if:(is Empty (to))))
        (move Hop Diagonal (between if:(is Occupied (between))) (to if:(is Empty (to))))
        (move Step Orthogonal (to if:(is Empty (to))))
        (move Hop (between if:(is Occupied (between))) (to if:(is Empty (to))))
        (move Hop Diagonal (between if:(is Empty (between))) (to if:(is Empty (to))))
    })"#;
    for board in ["(square 5)", "(hex Limping 3)"] {
        for discs in ["(sites {0})", "(sites {0 1 5})"] {
            let pieces = format!(r#"(piece "Blocker" Neutral) (piece "Disc" Each {moves})"#);
            let g = blocker_game(board, &pieces, discs);
            assert_eq!(g.bit_programs(), 2, "{board} {discs}");
            agrees_with_generic(&g, 30, 60, 61);
        }
    }
}
