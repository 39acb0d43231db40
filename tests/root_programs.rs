//! Play rules run as flat programs (`src/engine/rootgen.rs`) against the
//! generic evaluation (the same game with the fast paths off): along random
//! games, the same legal moves in the same order and the same state after
//! every decision.

mod common;
use common::*;
use ludeme::{Choices, Game};

fn game(board: &str, play: &str) -> Game {
    let text = format!(
        r#"(game "Roots" (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" Each
                    (or
                        (move Step (to if:(is Empty (to))))
                        (move Hop (between if:(is Occupied (between))) (to if:(is Empty (to))))
                    )
                )
            }})
            (rules
                (play {play})
                (end {{
                    (if (and (is Proposed "Stop") (>= (count Moves) 12)) (result Mover Win))
                    (if (>= (count Moves) 50) (result Mover Draw))
                }})
            )
        )"#
    );
    ludeme::compile_str("roots.lud", &text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Priorities and `or`s of adds under neighbour counts (every filter,
/// several comparisons, the mover's piece, a named piece, none), piece
/// moves, proposals and passes, a priority nested in another (generated
/// by the general walk), on boards with and without one-word sets.
#[test]
fn flat_play_rules_agree_with_the_generic_path() {
    let plays = [
        // Abrobad's: placement forced while one exists
        r#"(priority
            (move Add (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Own)))))
            (or (forEach Piece) (move Propose "Stop")))"#,
        r#"(priority {
            (move Add (to (sites Empty) if:(>= (count Sites in:(sites Around (to) Enemy)) 2)))
            (priority
                (move Add (to (sites Empty) if:(< (count Sites in:(sites Around (to) Empty)) 3)))
                (forEach Piece))
            (move Pass)
        })"#,
        r#"(or {
            (move Add (piece "Disc1") (to (sites Empty) if:(!= 1 (count Sites in:(sites Around (to) Occupied)))))
            (forEach Piece)
            (move Pass)
            (move Propose "Stop")
        })"#,
        r#"(priority
            (move Add (to (sites Empty) if:(<= (count Sites in:(sites Around (to) Orthogonal)) 1)))
            (or (move Add (to (sites Empty))) (move Pass)))"#,
        // comparisons with 0 and below: the union of the kept sites'
        // neighbour sets
        r#"(priority {
            (move Add (to (sites Empty) if:(> (count Sites in:(sites Around (to) Enemy)) 0)))
            (move Add (to (sites Empty) if:(!= 0 (count Sites in:(sites Around (to) Empty)))))
            (or (forEach Piece) (move Propose "Stop"))
        })"#,
        r#"(or {
            (move Add (piece "Disc1") (to (sites Empty) if:(<= (count Sites in:(sites Around (to) Occupied)) 0)))
            (move Add (piece "Disc2") (to (sites Empty) if:(< (count Sites in:(sites Around (to) Own)) 0)))
            (move Add (piece "Disc2") (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Orthogonal)))))
            (move Add (piece "Disc2") (to (sites Empty) if:(>= (count Sites in:(sites Around (to) Diagonal Empty)) -1)))
            (move Pass)
        })"#,
    ];
    for board in ["(hex 3)", "(hex Limping 2)", "(square 9)"] {
        for play in plays {
            let g = game(board, play);
            assert!(g.root_programs() > 0, "{board} {play}");
            assert_eq!(g.generic_twin().root_programs(), 0);
            agrees_with_generic(&g, 30, 60, 43);
        }
    }
}

/// Placements from the hand as leaves of a flat program (each site of the
/// destination region in order, as one word when it has that form, else
/// through the general walk): the mover's hand or the next player's, onto
/// empty sites, sites next to the pieces, enemy pieces (replaced) or the
/// outer sites, with hands that run out, on boards with and without
/// one-word sets, with and without stacks.
#[test]
fn placements_from_the_hand_agree_with_the_generic_path() {
    let plays = [
        r#"(or { (move (from (handSite Mover)) (to (sites Empty))) (forEach Piece) (move Pass) })"#,
        r#"(or {
            (move (from (handSite Mover)) (to (sites Around (sites Occupied by:All container:"Board") Empty)))
            (move (from (handSite Next)) (to (sites Occupied by:Enemy container:"Board")))
            (move Pass)
        })"#,
        r#"(or (move (from (handSite Mover)) (to (sites Outer))) (move Pass))"#,
        r#"(priority (move (from (handSite Mover)) (to (difference (sites Empty) (sites Outer)))) (move Pass))"#,
    ];
    for board in ["(hex 3)", "(square 9)"] {
        for stack in ["False", "True"] {
            for play in plays {
                let g = hands_game(2, board, stack, play, 40);
                assert!(g.root_programs() > 0, "{board} {play}");
                agrees_with_generic(&g, 20, 60, 47);
            }
        }
    }
}

/// A game of `players` on `board` whose Discs step to empty sites
/// (`stack`: onto stacks, True or False) and start in the hands, seven
/// each, with P1's first Disc on site 0; `play` is the play rule, and the
/// game is drawn after `limit` decisions.
fn hands_game(players: u8, board: &str, stack: &str, play: &str, limit: u32) -> Game {
    let text = format!(
        r#"(game "Hands" (players {players})
            (equipment {{
                (board {board})
                (hand Each)
                (piece "Disc" Each (move Step (to if:(is Empty (to))) stack:{stack}))
            }})
            (rules
                (start {{ (place "Disc" "Hand" count:7) (place "Disc1" (sites {{0}})) }})
                (play {play})
                (end (if (>= (count Moves) {limit}) (result Mover Draw)))
            )
        )"#
    );
    ludeme::compile_str("hands.lud", &text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Play rules of one placement from the hand or one add, as setup phases
/// have them (a program of that one leaf): adds onto a fixed region or
/// onto an owner's sites, with `(is Empty (to))` or without a condition
/// (with and without stacks: with stacks and no condition it stays
/// general), a `moveAgain` until enough are added, placements onto the
/// empty outer sites or onto the sites an owner holds (replacing them, the
/// hand's pieces running out), then phase changes into a game of steps;
/// on boards with and without one-word sets.
#[test]
fn one_leaf_setup_phases_agree_with_the_generic_path() {
    let reserves = [
        r#"(move Add (piece "Marker0") (to (sites Outer) if:(is Empty (to)))
               (then (if (< (count Sites in:(sites Occupied by:Neutral)) 3) (moveAgain))))"#,
        r#"(move Add (piece "Marker0") (to (sites Outer))
               (then (if (< (count Sites in:(sites Occupied by:Neutral)) 3) (moveAgain))))"#,
        r#"(move Add (piece "Marker0") (to (union (sites Occupied by:P1) (sites Outer)) if:(is Empty (to)))
               (then (if (< (count Sites in:(sites Occupied by:Neutral)) 3) (moveAgain))))"#,
    ];
    let enters = [
        r#"(move (from (handSite Mover)) (to (sites Outer) if:(is Empty (to))))"#,
        r#"(move (from (handSite Mover)) (to (sites Occupied by:Neutral)))"#,
        r#"(move (from (handSite Mover)) (to (sites Occupied by:Neutral) (apply (remove (sites Occupied by:Neutral)))))"#,
        r#"(move (from (handSite Mover)) (to (difference (sites Board) (sites Outer)) if:(is Empty (to))))"#,
    ];
    let mut programs = 0;
    for board in ["(square 5)", "(hex 3)", "(square 9)"] {
        for stack in ["False", "True"] {
            for (i, reserve) in reserves.iter().enumerate() {
                for (j, enter) in enters.iter().enumerate() {
                    let text = format!(
                        r#"(game "Setup" (players 2)
                            (equipment {{
                                (board {board})
                                (hand Each)
                                (piece "Pawn" Each (move Step (to if:(not (is Friend (who at:(to))))) stack:{stack}))
                                (piece "Marker" Neutral)
                            }})
                            (rules
                                (start {{ (place "Pawn" "Hand" count:2) (set NextPlayer (player 2)) }})
                                phases:{{
                                    (phase "Reserve" P2 (play {reserve})
                                        (nextPhase Mover (= (count Sites in:(sites Occupied by:Neutral)) 3) "Arrive"))
                                    (phase "Enter" P1 (play {enter}) (nextPhase Mover (is Empty (handSite Mover)) "Play"))
                                    (phase "Arrive" P2 (play {enter}) (nextPhase Mover (is Empty (handSite Mover)) "Play"))
                                    (phase "Play" (play (forEach Piece))
                                        (end (if (>= (count Moves) 30) (result Mover Draw))))
                                }}
                            )
                        )"#
                    );
                    let g = ludeme::compile_str("setup.lud", &text, &Choices::default())
                        .unwrap_or_else(|e| panic!("{e}"));
                    programs += g.root_programs();
                    assert_eq!(g.generic_twin().root_programs(), 0);
                    let won = agrees_with_generic(&g, 12, 40, 53 + (i * 4 + j) as u64);
                    let _ = won;
                }
            }
        }
    }
    assert!(programs > 20, "{programs}");
}

/// Flat programs resolved per mover at load with guarded leaves and
/// placements from the hand: an `if` whose condition (an empty hand, the
/// mover's, the next player's or player 1's; a piece count of the mover,
/// the next player or on the board) is read ahead of its leaf (a
/// placement from the mover's or the next player's hand, a step of one
/// group as Abande has it, the pieces' moves, a pass); with three players
/// (the next player is not the previous one) and two, on boards with and
/// without one-word sets (resolved on the first only), with and without
/// stacks. Only player 1 starts
/// with a piece on the board, so the counts tell the movers apart.
#[test]
fn guarded_leaves_resolved_for_the_mover_agree_with_the_generic_path() {
    let empty = |who: &str| format!("(all Sites (sites Hand {who}) if:(is Empty (site)))");
    let plays = [
        // Abande's (from four stones: with player 1's first, the count
        // passes it on a turn of player 1)
        format!(
            r#"(or {{
                (move (from (handSite Mover)) (to (sites Around (sites Occupied by:All container:"Board") Empty)))
                (if (<= 4 (count Pieces All in:(sites Board)))
                    (do (forEach Piece) ifAfterwards:(= 1 (count Groups if:(is Occupied (to))))))
                (if {} (move Pass))
            }})"#,
            empty("Mover")
        ),
        format!(
            r#"(or {{
                (if {} (forEach Piece))
                (if (>= (count Pieces Mover) 8) (move (from (handSite Mover)) (to (sites Empty))))
                (if (< (count Pieces Next) 8) (move (from (handSite Next)) (to (sites Outer))))
                (if {} (move Pass))
            }})"#,
            empty("Next"),
            empty("Mover")
        ),
        format!(
            r#"(priority {{
                (if {} (move (from (handSite Mover)) (to (sites Empty))))
                (or (if (>= (count Pieces Mover in:(sites Board)) 2) (forEach Piece)) (move Pass))
            }})"#,
            empty("P1")
        ),
    ];
    for players in [2, 3] {
        for board in ["(hex 3)", "(square 9)"] {
            for stack in ["False", "True"] {
                for play in &plays {
                    let g = hands_game(players, board, stack, play, 50);
                    // (past 64 sites a placement is no leaf of its own)
                    assert!(
                        g.mover_programs() > 0 || board == "(square 9)",
                        "{board} {play}"
                    );
                    agrees_with_generic(&g, 20, 60, 53);
                }
            }
        }
    }
}
