//! The per-owner occupied sets, the direct `forEach Piece` loop over them
//! and the lean apply of a bare carry (`src/engine/lean.rs`) against the
//! generic evaluation (the same game with the fast paths off): along random
//! games, the same legal moves in the same order and the same state (sets
//! included) after every decision.

mod common;
use common::agrees_with_generic;
use ludeme::{Choices, Game};

fn load(text: &str) -> Game {
    ludeme::compile_str("t.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Two phases per player: entering from the hand (with a phase change;
/// a placement with a consequence, so its decisions take the general
/// apply), then moving, where a piece
/// steps or, with few pieces left, flies; lines of three remove. With
/// `discs`, a second piece kind per player, with moves only while its owner
/// has six pieces or more (so that either one or both kinds move). An end
/// rule per phase and one for the game, all on piece counts.
fn phased(board: &str, count: u32, discs: bool) -> String {
    let (disc, place) = if discs {
        (
            r#"(piece "Disc" Each
                (if (>= (count Pieces Mover) 6) (move Step Diagonal (to if:(is Empty (to)))))
            )"#,
            r#"(place "Disc1" (sites {0})) (place "Disc2" (sites {1}))"#,
        )
    } else {
        ("", "")
    };
    format!(
        r#"(game "Phased"
            (players 2)
            (equipment {{
                (board {board} use:Vertex)
                (hand Each)
                (piece "Marker" Each
                    (if (<= (count Pieces Mover) 4)
                        (move (from) (to (sites Empty)))
                        (move Step (to if:(is Empty (to))) (then (if (is Line 3 Orthogonal) (moveAgain))))
                    )
                )
                {disc}
            }})
            (rules
                (start {{
                    (place "Marker" "Hand" count:{count})
                    {place}
                }})
                phases:{{
                    (phase "Placement"
                        (play
                            (if (is Prev Mover)
                                (move Remove (sites Occupied by:Enemy container:"Board"))
                                (move (from (handSite Mover)) (to (sites Empty))
                                    (then (if (is Line 3 Orthogonal) (moveAgain))))
                            )
                        )
                        (nextPhase Mover (all Sites (sites Hand Mover) if:(is Empty (site))) "Movement")
                    )
                    (phase "Movement"
                        (play
                            (if (is Prev Mover)
                                (move Remove (sites Occupied by:Enemy container:"Board"))
                                (forEach Piece)
                            )
                        )
                        (end (if (= (count Pieces Next) 3) (result Next Loss)))
                    )
                }}
                (end (if (<= (count Pieces Next) 2) (result Mover Win)))
            )
        )"#
    )
}

#[test]
fn a_phased_morris_game_agrees_with_the_generic_path() {
    for (board, count) in [
        ("(concentric Square rings:3)", 6),
        ("(square 4)", 5),
        ("(square 8)", 12),
        ("(square 9)", 12), // 81 sites: no occupied sets
    ] {
        for discs in [true, false] {
            let g = load(&phased(board, count, discs));
            let won = agrees_with_generic(&g, 12, 2000, 5);
            assert!(won >= 6, "{board}: only {won} games won");
        }
    }
}

/// An end rule that already holds when the first carry is played: the lean
/// apply decides the game there, as the general one does.
#[test]
fn an_end_rule_decided_on_a_carry_agrees_with_the_generic_path() {
    for (cond, result) in [
        ("(<= (count Pieces Next) 1)", "(result Mover Win)"),
        ("(>= (count Pieces Mover) 2)", "(result Mover Loss)"),
        ("(= (count Pieces Mover) 2)", "(result Mover Draw)"),
    ] {
        let g = load(&format!(
            r#"(game "T" (players 2)
                (equipment {{ (board (square 4)) (piece "Disc" Each (move Step (to if:(is Empty (to))))) }})
                (rules
                    (start {{ (place "Disc1" (sites {{0 5}})) (place "Disc2" (sites {{15}})) }})
                    (play (forEach Piece))
                    (end (if {cond} {result}))
                )
            )"#
        ));
        agrees_with_generic(&g, 5, 50, 1);
        let mut st = g.initial_state();
        let m = g.legal_moves(&st)[0];
        g.apply(&mut st, &m);
        assert!(st.is_over(), "{cond}");
    }
}

/// A phase's only end rule, or none at all: on the lean path the rule's
/// player is resolved per mover at load (`lean.rs`, `LeanTurn`).
#[test]
fn a_phase_only_end_rule_agrees_with_the_generic_path() {
    for (end, over) in [
        (
            "(end (if (<= (count Pieces Next) 1) (result Mover Win)))",
            1,
        ),
        (
            "(end (if (<= (count Pieces Mover) 1) (result Mover Loss)))",
            2,
        ),
        ("", 0),
    ] {
        let g = load(&format!(
            r#"(game "T" (players 2)
                (equipment {{ (board (square 4)) (piece "Disc" Each (move Step (to if:(is Empty (to))))) }})
                (rules
                    (start {{ (place "Disc1" (sites {{0 5}})) (place "Disc2" (sites {{15}})) }})
                    phases:{{ (phase "Only" (play (forEach Piece)) {end}) }}
                )
            )"#
        ));
        agrees_with_generic(&g, 3, 40, 2);
        let mut st = g.initial_state();
        let mut plies = 0;
        while !st.is_over() && plies < 2 {
            let m = g.legal_moves(&st)[0];
            g.apply(&mut st, &m);
            plies += 1;
        }
        assert_eq!(
            (st.is_over(), plies),
            (over > 0, if over > 0 { over } else { 2 }),
            "{end}"
        );
    }
}

/// Passes between carries: a carry ends the run of passes (two passes in a
/// row draw the game), on the lean path as on the general one.
#[test]
fn carries_between_passes_agree_with_the_generic_path() {
    let g = load(
        r#"(game "T" (players 2)
            (equipment { (board (square 3)) (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to))))) })
            (rules
                (start { (place "Disc1" (sites {0 4})) (place "Disc2" (sites {8})) })
                (play (or (forEach Piece) (move Pass)))
                (end (if (<= (count Pieces Next) 0) (result Mover Win)))
            )
        )"#,
    );
    agrees_with_generic(&g, 40, 300, 9);
}

/// Stacks: whole stacks climb onto occupied sites and single top pieces
/// step off them, so a site's top owner changes with every move (the
/// occupied sets follow the top piece).
#[test]
fn stacks_agree_with_the_generic_path() {
    let g = load(
        r#"(game "T" (players 2)
            (equipment {
                (board (square 4))
                (piece "Disc" Each
                    (or
                        (move Step Orthogonal (to if:(is Occupied (to))) stack:True)
                        (move Step Diagonal (to if:(not (is Friend (who at:(to))))))
                    )
                )
            })
            (rules
                (start { (place "Disc1" (sites {0 1 2 3 5})) (place "Disc2" (sites {10 12 13 14 15})) })
                (play (forEach Piece))
            )
        )"#,
    );
    agrees_with_generic(&g, 20, 300, 13);
}

/// Placements and movement with a proposal: plain adds and hops take the
/// lean apply too (not a capturing hop, whose effect removes a piece), and an end rule `(and (is Proposed P) …)` is decided
/// there in full (reading the move) once P is proposed. The proposal does
/// not end the game, so later adds, steps and hops are played with it
/// made, on boards with and without occupied sets.
#[test]
fn adds_hops_and_a_proposal_agree_with_the_generic_path() {
    for board in ["(hex 3)", "(square 9)"] {
        let g = load(&format!(
            r#"(game "T" (players 2)
                (equipment {{
                    (board {board})
                    (piece "Disc" Each
                        (or
                            (move Step (to if:(is Empty (to))))
                            (move Hop (between (range 1 3) if:(is Occupied (between))) (to if:(is Empty (to))))
                            (move Hop Diagonal (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Empty (to))))
                        )
                    )
                }})
                (rules
                    (play
                        (or {{
                            (move Add (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Own)))))
                            (forEach Piece)
                            (move Propose "Stop")
                        }})
                    )
                    (end {{
                        (if (and (is Proposed "Stop") (= (what at:(to)) 2) (>= (count Moves) 12)) (result Mover Win))
                        (if (>= (count Pieces Mover) 40) (result Mover Draw))
                    }})
                )
            )"#
        ));
        let won = agrees_with_generic(&g, 40, 200, 17);
        assert!(won >= 10, "{board}: only {won} games won");
    }
}

/// Steps to empty sites over relations with up to eight neighbours per site
/// (their moves come from the neighbour lists packed one byte per site, in
/// list order; `connect.rs`), on boards whose site numbers do not follow
/// the lists' clockwise order: many pieces each, so that most have several
/// targets.
#[test]
fn steps_in_neighbour_order_agree_with_the_generic_path() {
    for (board, rel, sites1, sites2) in [
        ("(square 5)", "All", "{0 1 2 6 7 12}", "{24 23 22 18 17}"),
        ("(square 5)", "Diagonal", "{0 2 4 6 8}", "{20 22 24 16}"),
        ("(hex 3)", "Adjacent", "{0 1 2 3}", "{15 16 17 18}"),
        (
            "(rectangle 3 7)",
            "Orthogonal",
            "{0 1 7 8}",
            "{20 19 13 12}",
        ),
        (
            "(concentric Square rings:3) use:Vertex",
            "Orthogonal",
            "{0 1 2 3 4}",
            "{23 22 21 20}",
        ),
    ] {
        let g = load(&format!(
            r#"(game "T" (players 2)
                (equipment {{ (board {board}) (piece "Disc" Each (move Step {rel} (to if:(is Empty (to))))) }})
                (rules
                    (start {{ (place "Disc1" (sites {sites1})) (place "Disc2" (sites {sites2})) }})
                    (play (forEach Piece))
                    (end (if (>= (count Moves) 150) (result Mover Draw)))
                )
            )"#
        ));
        agrees_with_generic(&g, 8, 200, 3);
    }
}

/// Carries whose own effect changes one cell (`src/engine/cells.rs`) or
/// whose consequence is `moveAgain`, through the lean apply: hops whose
/// jumped cell gets a marker (black on the border, the mover's colour
/// inside), turns black or leaves, by conditions on its content, owner
/// and place, over one or two cells (a promotion of an empty one does
/// nothing), some going on with `moveAgain`;
/// steps that take what they step onto, or leave a marker behind (an
/// effect at `(from)`, which the step then carries); and a step whose
/// effect reads another cell and a hop whose `moveAgain` has a condition
/// (both through the general apply). With `META`,
/// the no-repetition rule (whose check reads the same tables when the
/// turn has gone on). End rules on piece counts, one of them shared.
const CELLS: &str = r#"(game "Cells" (players 2)
    (equipment {
        (board (square 5))
        (piece "Pawn" Each
            (or {
                (move Hop Orthogonal
                    (between if:(not (= (what at:(between)) (id "Marker0")))
                        (apply (if (is Empty (between))
                            (if (is In (between) (sites Outer))
                                (add (piece "Marker0") (to (between)))
                                (add (piece (id "Marker" Mover)) (to (between))))
                            (if (or (= (what at:(between)) (id "Marker1")) (= (what at:(between)) (id "Marker2")))
                                (promote (between) (piece "Marker0"))))))
                    (to if:(is Empty (to))))
                (move Hop Diagonal
                    (between if:(= (what at:(between)) (id "Marker0")))
                    (to if:(is Empty (to)))
                    (then (moveAgain)))
                (move Hop Diagonal
                    (between if:(is Occupied (between))
                        (apply (if (is Friend (who at:(between)))
                            (remove (between))
                            (if (= (who at:(between)) (next)) (promote (between) (piece (id "Marker" Mover)))))))
                    (to if:(is Empty (to)))
                    (then (if (< (count Moves) 30) (moveAgain))))
                (move Hop Orthogonal
                    (between (range 1 2) if:(not (is Friend (who at:(between))))
                        (apply (if (is Enemy (who at:(between))) (remove (between)) (promote (between) (piece "Marker0")))))
                    (to if:(is Empty (to))))
                (move Step Adjacent (to if:(is Occupied (to)) (apply (remove (to)))))
                (move Step Orthogonal (to if:(is Empty (to))
                    (apply (if (is In (from) (sites Corners)) (add (piece "Marker0") (to (from)))))))
                (move Step Diagonal (to if:(is Empty (to))
                    (apply (if (is Empty 12) (add (piece "Marker0") (to 12)) (remove (to)))))
                    (then (moveAgain)))
            })
        )
        (piece "Marker" Each)
        (piece "Marker" Neutral)
    })
    (rules
        META
        (start { (place "Pawn1" (sites {0 6})) (place "Pawn2" (sites {24 18}))
                 (place "Marker0" (sites {7 17})) (place "Marker1" (sites {11})) (place "Marker2" (sites {13})) })
        (play (forEach Piece))
        (end {
            (if (= 0 (count Pieces Next "Pawn")) (result Mover Win))
            (if (>= (count Pieces Neutral) 7)
                { (if (> (count Pieces P1 "Marker") (count Pieces P2 "Marker")) (result P1 Win)) }
                (result Mover Draw))
        })
    )
)"#;

#[test]
fn carries_with_one_cell_effects_agree_with_the_generic_path() {
    for meta in ["", "(meta (no Repeat PositionalInTurn))"] {
        let g = load(&CELLS.replace("META", meta));
        // every pawn move but the step whose effect reads another cell and
        // the hop whose `moveAgain` has a condition (two pieces, five each)
        assert_eq!(g.effect_carry_nodes(), 10, "{meta}");
        assert_eq!(g.generic_twin().effect_carry_nodes(), 0);
        let won = agrees_with_generic(&g, 150, 120, 17);
        assert!(won > 20, "only {won} games won ({meta})");
    }
}

/// Moves of nodes the lean apply sends straight to its effect carry
/// (`Game::effect_carry_turn`: a carry with a one-cell effect or
/// `moveAgain`, no bare carry nor add) before its other paths, and
/// among them moves the effect carry does not take, which then go the
/// whole way as before: discs enter from the hand and go on
/// (`moveAgain`, a carry from a hand site, for the general apply), hop
/// over a piece and go on, or step onto one and take it. With `META`,
/// the no-repetition rule.
const ENTRIES: &str = r#"(game "Entries" (players 2)
    (equipment {
        (board (square 4))
        (hand Each)
        (piece "Disc" Each
            (or
                (move Step (to if:(is Occupied (to)) (apply (remove (to)))))
                (move Hop (between if:(is Occupied (between))) (to if:(is Empty (to))) (then (moveAgain)))))
    })
    (rules
        META
        (start { (place "Disc1" (sites {0})) (place "Disc2" (sites {15})) (place "Disc" "Hand" count:3) })
        (play (or (forEach Piece) (move (from (handSite Mover)) (to (sites Empty)) (then (moveAgain)))))
        (end (if (= 0 (count Pieces Next "Disc")) (result Mover Win)))
    )
)"#;

#[test]
fn moves_the_effect_carry_does_not_take_agree_with_the_generic_path() {
    for meta in ["", "(meta (no Repeat PositionalInTurn))"] {
        let g = load(&ENTRIES.replace("META", meta));
        // each player's step and hop, and the entry
        assert_eq!(g.effect_first_nodes_count(), 5, "{meta}");
        assert_eq!(g.generic_twin().effect_first_nodes_count(), 0);
        let won = agrees_with_generic(&g, 100, 120, 37);
        assert!(won > 5, "only {won} games won ({meta})");
    }
}

/// A game with stacks whose moves all take the lean apply: stones enter
/// from the hand onto any site (on top of a stack there), a whole stack
/// climbs onto an occupied site and a top stone steps onto a site without
/// a friend on top, so stacks grow, move whole and come apart.
#[test]
fn placements_and_stack_carries_agree_with_the_generic_path() {
    for board in ["(hex 3)", "(square 9)"] {
        let g = load(&format!(
            r#"(game "T" (players 2)
                (equipment {{
                    (board {board})
                    (hand Each)
                    (piece "Disc" Each
                        (or
                            (move Step (to if:(is Occupied (to))) stack:True)
                            (move Step (to if:(not (is Friend (who at:(to))))))
                        )
                    )
                }})
                (rules
                    (start (place "Disc" "Hand" count:12))
                    (play (or (move (from (handSite Mover)) (to (sites Board))) (forEach Piece)))
                )
            )"#
        ));
        agrees_with_generic(&g, 12, 300, 21);
    }
}

/// Pawns that hop over cells (leaving a marker of the mover's colour on an
/// empty one, taking an enemy, turning a marker black; over a black one
/// the turn goes on) and step onto occupied cells, taking what is there;
/// the end rules are `PHASE_END` and `GAME_END`.
const COUNTED: &str = r#"(game "Counted" (players PLAYERS)
    (equipment {
        (board (square 5))
        (piece "Pawn" Each
            (or {
                (move Hop Adjacent
                    (between if:(not (= (what at:(between)) (id "Marker0")))
                        (apply (if (is Empty (between))
                            (add (piece (id "Marker" Mover)) (to (between)))
                            (if (is Enemy (who at:(between)))
                                (remove (between))
                                (promote (between) (piece "Marker0"))))))
                    (to if:(is Empty (to))))
                (move Hop Adjacent
                    (between if:(= (what at:(between)) (id "Marker0")))
                    (to if:(is Empty (to)))
                    (then (moveAgain)))
                (move Step Adjacent (to if:(is Occupied (to)) (apply (remove (to)))))
            })
        )
        (piece "Marker" Each)
        (piece "Marker" Neutral)
    })
    (rules
        (start { (place "Pawn1" (sites {0 6})) (place "Pawn2" (sites {24 18})) START })
        phases:{ (phase "Main" (play (forEach Piece)) PHASE_END) }
        GAME_END
    )
)"#;

/// End rules that are all counter conditions, decided on the lean path
/// with their counters resolved for the mover at load (`counters.rs`,
/// `MoverEnds`): named pieces of the mover, the next and the previous
/// player, pieces per player, on the board, moves and turns, two counters compared,
/// `not`, `and` and `or` nested, a guard shared by several rules (also
/// where none of them holds, so that a later rule decides), and the
/// phase's rules before the game's; with two players and three (where the
/// next player is not the previous one).
#[test]
fn end_rules_resolved_for_the_mover_agree_with_the_generic_path() {
    let cases = [
        (
            2,
            "",
            r#"(end {
                (if (= 0 (count Pieces Next "Pawn")) (result Mover Win))
                (if (or {
                        (>= (count Pieces Neutral "Marker") 4)
                        (>= (count Pieces P1 "Marker") 4)
                        (>= (count Pieces P2 "Marker") 4)
                    })
                    {
                        (if (> (count Pieces P1 "Marker") (count Pieces P2 "Marker")) (result P1 Win))
                        (if (< (count Pieces P1 "Marker") (count Pieces P2 "Marker")) (result P2 Win))
                    }
                    (result Mover Draw))
            })"#,
            "(end (if (>= (count Moves) 40) (result Mover Loss)))",
        ),
        (
            2,
            "",
            r#"(end (if (and (<= (count Pieces Mover "Pawn") 1) (not (< (count Pieces Prev) (count Pieces Next))))
                (result Mover Loss)))"#,
            r#"(end {
                (if (>= (count Pieces Mover "Marker") 2) {
                    (if (<= (count Pieces Next) 1) (result Mover Win))
                    (if (= (count Pieces Next "Marker") 5) (result Next Win))
                })
                (if (>= (count Turns) 25) (result Next Win))
                (if (or (and (>= (count Pieces Mover "Marker") 3) (< (count Pieces Next "Marker") 2))
                        (= (count Pieces P1) 2))
                    (result Mover Win))
            })"#,
        ),
        (
            3,
            r#"(place "Pawn3" (sites {4 20}))"#,
            r#"(end {
                (if (= 0 (count Pieces Next "Pawn")) (result Mover Win))
                (if (>= (count Pieces Next "Marker") 3) (result Next Win))
            })"#,
            r#"(end {
                (if (>= (count Pieces Prev "Marker") 4) (result Mover Loss))
                (if (>= (count Pieces Mover in:(sites Board)) 5) (result Mover Win))
                (if (<= (count Pieces Next) 1) (result Next Loss))
            })"#,
        ),
    ];
    for (players, start, phase_end, game_end) in cases {
        let g = load(
            &COUNTED
                .replace("PLAYERS", &players.to_string())
                .replace("START", start)
                .replace("PHASE_END", phase_end)
                .replace("GAME_END", game_end),
        );
        if players > 2 {
            // a win or loss for one of more than two players ranks them and
            // play goes on (Ludii's End.applyResult): the engine declines
            // it and the game runs on the reference interpreter
            assert!(!g.reference_only.is_empty(), "{phase_end} {game_end}");
            continue;
        }
        // one lean phase: its end rules resolved for each mover
        assert!(g.mover_end_rules() > 0, "{phase_end} {game_end}");
        assert_eq!(g.generic_twin().mover_end_rules(), 0);
        let won = agrees_with_generic(&g, 150, 120, 29);
        assert!(won > 20, "only {won} games won ({phase_end} {game_end})");
    }
}

/// End rules whose guards are all tests of named pieces' counts, so that
/// the lean end check reads them first in one flat pass (`counters.rs`,
/// `MoverEnds::quick`), a pass over whole chunks of four tests (a list of
/// one chunk held in the phase's `LeanEnd`): lists of two, three, four,
/// five and six tests (padded), the games ended by the first test and by
/// the last one of a list.
#[test]
fn quick_end_tests_of_any_length_agree_with_the_generic_path() {
    let pawn = r#"(if (= 0 (count Pieces Next "Pawn")) (result Mover Win))"#;
    let mine = |k| format!(r#"(if (>= (count Pieces Mover "Marker") {k}) (result Mover Win))"#);
    let any = |ks: &[(&str, u32)]| {
        let tests: Vec<String> = ks
            .iter()
            .map(|(who, k)| format!(r#"(>= (count Pieces {who} "Marker") {k})"#))
            .collect();
        format!("(if (or {{ {} }}) (result Mover Draw))", tests.join(" "))
    };
    let cases = [
        (2, format!("(end {{ {pawn} {} }})", mine(3)), String::new()),
        (
            3,
            format!("(end {{ {pawn} {} }})", mine(4)),
            format!("(end {})", any(&[("Neutral", 3)])),
        ),
        // the test that ends most games in the chunk's last place
        (
            4,
            format!("(end {{ {pawn} {} }})", any(&[("P1", 5), ("P2", 5)])),
            format!("(end {})", mine(3)),
        ),
        (
            5,
            format!(
                "(end {{ {pawn} {} }})",
                any(&[("P1", 4), ("P2", 4), ("Neutral", 2)])
            ),
            format!("(end {})", mine(3)),
        ),
        (
            6,
            format!("(end {{ {pawn} {} }})", mine(5)),
            format!(
                "(end {})",
                any(&[("P1", 5), ("P2", 5), ("Neutral", 3), ("Next", 4)])
            ),
        ),
    ];
    for (tests, phase_end, game_end) in cases {
        let g = load(
            &COUNTED
                .replace("PLAYERS", "2")
                .replace("START", "")
                .replace("PHASE_END", &phase_end)
                .replace("GAME_END", &game_end),
        );
        // each mover's list (entries 1 and 2, by mover) read in one pass,
        // padded to whole chunks
        let padded = (tests as usize).div_ceil(4) * 4;
        let quick = g.quick_end_tests();
        assert_eq!(quick[1..3], [padded; 2], "{phase_end} {game_end}");
        assert!(g.generic_twin().quick_end_tests().is_empty());
        let won = agrees_with_generic(&g, 150, 120, 31);
        assert!(won > 20, "only {won} games won ({phase_end} {game_end})");
    }
}

/// Setup phases with `nextPhase` rules on the lean path (`apply_lean_phased`):
/// adds whose one consequence is `(if C (moveAgain))` or `moveAgain`, bare
/// adds and placements from the hand, phase changes on counts of sites
/// (either side of the comparison, a region with and without the hands,
/// one with no one-word form on the largest board) and on the hands, an
/// end rule in a setup phase, then a game of steps; on boards with and
/// without one-word sets.
#[test]
fn setup_phases_with_phase_changes_agree_with_the_generic_path() {
    let reserves = [
        r#"(move Add (piece "Marker0") (to (sites Outer) if:(is Empty (to)))
               (then (if (< (count Sites in:(sites Occupied by:Neutral)) 3) (moveAgain))))"#,
        r#"(move Add (piece "Marker0") (to (sites Empty))
               (then (if (> 2 (count Sites in:(sites Occupied by:Neutral container:"Board"))) (moveAgain))))"#,
        r#"(move Add (piece "Marker0") (to (sites Empty)) (then (moveAgain)))"#,
        r#"(move Add (piece "Marker0") (to (sites Empty)))"#,
    ];
    let limits = [
        r#"(= (count Sites in:(sites Occupied by:Neutral)) 3)"#,
        r#"(<= 3 (count Sites in:(sites Occupied by:Neutral container:"Board")))"#,
        r#"(>= (count Sites in:(difference (sites Occupied by:Neutral) (sites Outer))) 1)"#,
    ];
    let mut runs = 0;
    for board in ["(square 5)", "(hex 3)", "(square 9)"] {
        for (i, reserve) in reserves.iter().enumerate() {
            for (j, limit) in limits.iter().enumerate() {
                let text = format!(
                    r#"(game "Setup" (players 2)
                        (equipment {{
                            (board {board})
                            (hand Each)
                            (piece "Pawn" Each (move Step (to if:(not (is Friend (who at:(to)))))))
                            (piece "Marker" Neutral)
                        }})
                        (rules
                            (start {{ (place "Pawn" "Hand" count:2) (set NextPlayer (player 2)) }})
                            phases:{{
                                (phase "Reserve" P2 (play {reserve})
                                    (end (if (>= (count Moves) 25) (result Mover Draw)))
                                    (nextPhase Mover {limit} "Arrive"))
                                (phase "Enter" P1 (play (move (from (handSite Mover)) (to (sites Empty))))
                                    (nextPhase Mover (is Empty (handSite Mover)) "Play"))
                                (phase "Arrive" P2 (play (move (from (handSite Mover)) (to (sites Empty))))
                                    (nextPhase Mover (= 0 (count Pieces Mover in:(sites Hand Mover))) "Play"))
                                (phase "Play" (play (forEach Piece))
                                    (end (if (>= (count Moves) 30) (result Mover Draw))))
                            }}
                        )
                    )"#
                );
                let g = load(&text);
                assert!(g.lean_phased_turns() > 0);
                agrees_with_generic(&g, 10, 40, 71 + (i * 3 + j) as u64);
                runs += 1;
            }
        }
    }
    assert_eq!(runs, 36);
}

/// End rules `(all Passed)`, alone and among others: after a decision on
/// the lean path (a placement or a carry, never a pass) such a rule is
/// false, so a phase whose rules are all of that form decides nothing
/// there, and the other rules are read as listed; a pass (the general
/// path) after the opponent's pass ends the game. The stones enter from
/// the hand, step to empty sites, and pass only with an empty hand.
#[test]
fn all_passed_end_rules_agree_with_the_generic_path() {
    let scores = "(byScore { (score P1 (count Pieces P1)) (score P2 (count Pieces P2)) })";
    let ends = [
        (format!("(end (if (all Passed) {scores}))"), ""),
        (
            format!(
                "(end {{ (if (all Passed) {scores}) (if (>= (count Moves) 16) (result Mover Win)) }})"
            ),
            "",
        ),
        (
            format!(
                "(end {{ (if (>= (count Moves) 16) (result Next Win)) (if (all Passed) {scores}) }})"
            ),
            "",
        ),
        (
            "(end (if (all Passed) (result Mover Draw)))".to_string(),
            "(end (if (>= (count Moves) 15) (result Mover Win)))",
        ),
        (
            "(end (if (all Passed) (result Mover Draw)))".to_string(),
            "(end (if (all Passed) (result Mover Win)))",
        ),
    ];
    let mut decided = 0;
    for (game_end, phase_end) in &ends {
        let g = load(&format!(
            r#"(game "T" (players 2)
                (equipment {{
                    (board (square 4))
                    (hand Each)
                    (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to)))))
                }})
                (rules
                    (start (place "Disc" "Hand" count:6))
                    phases:{{ (phase "Main"
                        (play (or {{
                            (move (from (handSite Mover)) (to (sites Empty)))
                            (forEach Piece)
                            (if (all Sites (sites Hand Mover) if:(is Empty (site))) (move Pass))
                        }}))
                        {phase_end}
                    ) }}
                    {game_end}
                )
            )"#
        ));
        decided += agrees_with_generic(&g, 30, 200, 83);
    }
    assert!(decided > 0);
}

/// Placements from the hand whose own effect removes a region
/// (`apply_lean_place_remove`): the reserved sites cleared as the last
/// pawn enters onto one of them, onto an empty site or onto an enemy
/// piece (which the pawn replaces), the region read before the carry
/// (the mover's own pieces, the entering one not among them), hands of
/// two pieces (one left after the first placement), a region that is
/// the empty sites, and one with no one-word form (the largest board, and
/// a hand that still holds a matching piece): the general path there.
#[test]
fn placements_that_clear_a_region_agree_with_the_generic_path() {
    let arrivals = [
        r#"(move (from (handSite Mover)) (to (sites Occupied by:Neutral) (apply (remove (sites Occupied by:Neutral)))))"#,
        r#"(move (from (handSite Mover)) (to (sites Empty) (apply (remove (sites Occupied by:Neutral)))))"#,
        r#"(move (from (handSite Mover)) (to (sites Occupied by:Next container:"Board") (apply (remove (sites Occupied by:Neutral container:"Board")))))"#,
        r#"(move (from (handSite Mover)) (to (sites Empty) (apply (remove (sites Occupied by:Mover container:"Board")))))"#,
        r#"(move (from (handSite Mover)) (to (sites Occupied by:Neutral) (apply (remove (sites Occupied by:Mover)))))"#,
        r#"(move (from (handSite Mover)) (to (sites Occupied by:Neutral) (apply (remove (sites Empty)))))"#,
    ];
    let mut runs = 0;
    for board in ["(square 5)", "(hex 3)", "(square 9)"] {
        for (i, arrive) in arrivals.iter().enumerate() {
            let text = format!(
                r#"(game "Arrive" (players 2)
                    (equipment {{
                        (board {board})
                        (hand Each)
                        (piece "Pawn" Each (move Step (to if:(not (is Friend (who at:(to)))))))
                        (piece "Marker" Neutral)
                    }})
                    (rules
                        (start {{ (place "Pawn" "Hand" count:2) (set NextPlayer (player 2)) }})
                        phases:{{
                            (phase "Reserve" P2
                                (play (move Add (piece "Marker0") (to (sites Outer) if:(is Empty (to)))
                                    (then (if (< (count Sites in:(sites Occupied by:Neutral)) 3) (moveAgain)))))
                                (nextPhase Mover (= (count Sites in:(sites Occupied by:Neutral)) 3) "Arrive"))
                            (phase "Enter" P1
                                (play (move (from (handSite Mover)) (to (sites Empty))))
                                (nextPhase Mover (is Empty (handSite Mover)) "Play"))
                            (phase "Arrive" P2 (play {arrive})
                                (nextPhase Mover (is Empty (handSite Mover)) "Play"))
                            (phase "Play" (play (forEach Piece))
                                (end (if (>= (count Moves) 30) (result Mover Draw))))
                        }}
                    )
                )"#
            );
            let g = load(&text);
            assert_eq!(g.lean_place_removes(), 1, "{board} {i}");
            agrees_with_generic(&g, 12, 40, 91 + i as u64);
            runs += 1;
        }
    }
    assert_eq!(runs, 18);
}

/// Phase changes on the lean path read by their forms decided at load
/// (`PhaseNext`): a `nextPhase` without a condition (always), one on a
/// count of sites, one evaluated in full; setup phases without end rules
/// in a game with end rules (which then decide in the setup: the first
/// decisions reach the limit) and without any (none is read).
#[test]
fn phase_changes_by_their_forms_agree_with_the_generic_path() {
    let game_ends = [
        "",
        "(end (if (>= (count Moves) 2) (result Mover Draw)))",
        "(end (if (>= (count Moves) 3) (result Next Win)))",
        "(end (if (>= (count Moves) 5) (result Mover Win)))",
    ];
    let enters = [
        r#"(nextPhase Mover "Play")"#,
        r#"(nextPhase Mover (is Empty (handSite Mover)) "Play")"#,
        r#"(nextPhase Mover (>= (count Sites in:(sites Occupied by:P1)) 2) "Play")"#,
    ];
    let mut runs = 0;
    for (i, game_end) in game_ends.iter().enumerate() {
        for (j, enter) in enters.iter().enumerate() {
            let text = format!(
                r#"(game "Change" (players 2)
                    (equipment {{
                        (board (square 5))
                        (hand Each)
                        (piece "Pawn" Each (move Step (to if:(not (is Friend (who at:(to)))))))
                        (piece "Marker" Neutral)
                    }})
                    (rules
                        (start {{ (place "Pawn" "Hand" count:2) (set NextPlayer (player 2)) }})
                        phases:{{
                            (phase "Reserve" P2
                                (play (move Add (piece "Marker0") (to (sites Outer) if:(is Empty (to)))
                                    (then (if (< (count Sites in:(sites Occupied by:Neutral)) 2) (moveAgain)))))
                                (nextPhase Mover (= (count Sites in:(sites Occupied by:Neutral)) 2) "Arrive"))
                            (phase "Enter" P1
                                (play (move (from (handSite Mover)) (to (sites Empty))))
                                {enter})
                            (phase "Arrive" P2
                                (play (move (from (handSite Mover)) (to (sites Occupied by:Neutral) (apply (remove (sites Occupied by:Neutral))))))
                                (nextPhase Mover "Play"))
                            (phase "Play" (play (forEach Piece))
                                (end (if (>= (count Moves) 30) (result Mover Draw))))
                        }}
                        {game_end}
                    )
                )"#
            );
            let g = load(&text);
            assert!(g.lean_phased_turns() > 0);
            agrees_with_generic(&g, 10, 40, 131 + (i * 3 + j) as u64);
            runs += 1;
        }
    }
    assert_eq!(runs, 12);
}

/// Setup phases whose play rule is one placement from the hand (a
/// program of one `HandPlace` leaf, `run_one_place`): onto the empty
/// sites (one word), onto the empty border sites, and onto a region with
/// no one-word form while the mover's hand holds a piece of its own
/// (`(sites Occupied by:Mover)` with the hands: the general walk).
#[test]
fn one_placement_programs_agree_with_the_generic_path() {
    let enters = [
        r#"(move (from (handSite Mover)) (to (sites Empty)))"#,
        r#"(move (from (handSite Mover)) (to (sites Outer) if:(is Empty (to))))"#,
        r#"(move (from (handSite Mover)) (to (union (sites Occupied by:Mover) (sites {6 7 8}))))"#,
    ];
    for (i, enter) in enters.iter().enumerate() {
        let text = format!(
            r#"(game "Enter" (players 2)
                (equipment {{
                    (board (square 5))
                    (hand Each)
                    (piece "Pawn" Each (move Step (to if:(not (is Friend (who at:(to)))))))
                }})
                (rules
                    (start {{ (place "Pawn" "Hand" count:3) (place "Pawn1" (sites {{7}})) }})
                    phases:{{
                        (phase "Enter" (play {enter})
                            (nextPhase Mover (is Empty (handSite Mover)) "Play"))
                        (phase "Play" (play (forEach Piece))
                            (end (if (>= (count Moves) 30) (result Mover Draw))))
                    }}
                )
            )"#
        );
        let g = load(&text);
        agrees_with_generic(&g, 20, 40, 151 + i as u64);
    }
}
