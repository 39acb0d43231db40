//! `(count Steps ...)` answered from the per-position table (a step
//! condition and targets that read nothing of the move but `(to)`) against
//! the search made from each origin (the same condition, made to read
//! `(from)` so that it can't be cached), on boards of one and of several
//! 64-site words, over relations and over one-way directions, from `(to)`
//! and from `(from)`, in seeded random positions.

use ludeme::board::Relation;
use ludeme::engine::MoveKind;
use ludeme::{Choices, Game};
use rand::{Rng, SeedableRng};

/// Steps that enter anything but a P2 disc: (answered from the table,
/// searched per origin).
fn steps(dirs: &str) -> (String, String) {
    (
        format!("(step {dirs} (to if:(!= (who at:(to)) 2)))"),
        format!("(step {dirs} (to if:(and (!= (who at:(to)) 2) (!= (from) -5))))"),
    )
}

/// A game on `board` with neutral markers, P1 and P2 discs on random cells
/// (about one cell in `1/density` each), whose moves are `play`.
fn game(board: &str, play: &str, seed: u64, density: f64) -> Game {
    let probe = ludeme::compile_str(
        "probe.lud",
        &format!(
            r#"(game "Probe" (players 2) (equipment {{ (board {board}) (piece "Disc" Each) }})
               (rules (play (move Pass))))"#
        ),
        &Choices::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let n = probe.board.len() as u32;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut lists: [Vec<String>; 3] = Default::default();
    for s in 0..n {
        if rng.random_bool(density * 3.0) {
            let label = probe.board.label(s).to_string();
            lists[rng.random_range(0..3)].push(format!("\"{label}\""));
        }
    }
    let mut start = String::new();
    for (piece, list) in ["Marker0", "Disc1", "Disc2"].iter().zip(&lists) {
        if !list.is_empty() {
            start.push_str(&format!("(place \"{piece}\" {{{}}}) ", list.join(" ")));
        }
    }
    let text = format!(
        r#"(game "Steps"
    (players 2)
    (equipment {{
        (board {board})
        (piece "Disc" Each {play})
        (piece "Marker" Neutral)
    }})
    (rules
        (start {{ {start} }})
        (play (or (forEach Piece) {play}))
    )
)"#
    );
    ludeme::compile_str("steps.lud", &text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

const BOARDS: [&str; 4] = ["(square 5)", "(square 9)", "(hex 4)", "(hex 6)"];
const DIRS: [&str; 4] = ["Orthogonal", "Adjacent", "All", "(directions {N E})"];
const TARGETS: [&str; 2] = ["(sites Occupied by:Neutral)", "(sites Occupied by:P1)"];

#[test]
fn the_table_agrees_with_the_search_from_each_origin_at_to() {
    let mut checked = 0;
    for (b, board) in BOARDS.iter().enumerate() {
        for (d, dirs) in DIRS.iter().enumerate() {
            for targets in TARGETS {
                let (cached, searched) = steps(dirs);
                // every empty cell is a legal Add exactly when both agree
                let play = format!(
                    "(move Add (to (sites Empty) if:(= (count Steps {cached} (to) {targets}) (count Steps {searched} (to) {targets}))))"
                );
                for seed in 0..4 {
                    let g = game(board, &play, (b * 100 + d * 10) as u64 + seed, 0.12);
                    let st = g.initial_state();
                    let empty = (0..g.board.len() as u32)
                        .filter(|&s| st.what(s) == 0)
                        .count();
                    let adds = g
                        .legal_moves(&st)
                        .iter()
                        .filter(|m| m.kind == MoveKind::Add)
                        .count();
                    assert!(empty > 0);
                    assert_eq!(adds, empty, "{board} {dirs} {targets} seed {seed}");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 4 * 4 * 2 * 4);
}

#[test]
fn the_table_agrees_with_the_search_from_each_origin_at_from() {
    for (b, board) in BOARDS.iter().enumerate() {
        for (d, dirs) in DIRS.iter().enumerate() {
            for targets in TARGETS {
                let (cached, searched) = steps(dirs);
                // a P1 disc may step to any neighbour exactly when both agree
                // (the origin holds a disc: it is never entered)
                let play = format!(
                    "(move Step Adjacent (to if:(= (count Steps {cached} (from) {targets}) (count Steps {searched} (from) {targets}))))"
                );
                for seed in 0..4 {
                    let g = game(board, &play, (b * 100 + d * 10) as u64 + seed, 0.12);
                    let st = g.initial_state();
                    let mut want = 0;
                    for s in 0..g.board.len() as u32 {
                        if st.what(s) != 0 && g.owner(st.what(s)) == 1 {
                            want += g.board.neighbours(s, Relation::Adjacent).len();
                        }
                    }
                    let steps = g
                        .legal_moves(&st)
                        .iter()
                        .filter(|m| m.kind == MoveKind::Step)
                        .count();
                    assert_eq!(steps, want, "{board} {dirs} {targets} seed {seed}");
                }
            }
        }
    }
}

/// The counts themselves, on a 9x9 board (two words of sites) with a wall:
/// the table gives the length of the way around it, and a billion for a
/// cell walled off.
#[test]
fn the_table_on_a_two_word_board_goes_around_walls() {
    // P2 discs wall off I9 (corner) and make a wall across row 5 but A5
    let mut walls: Vec<String> = ["H9", "I8"].iter().map(|s| format!("\"{s}\"")).collect();
    for c in "BCDEFGHI".chars() {
        walls.push(format!("\"{c}5\""));
    }
    let (cached, _) = steps("Orthogonal");
    let text = format!(
        r#"(game "Walls"
    (players 2)
    (equipment {{ (board (square 9)) (piece "Disc" Each) (piece "Marker" Neutral) }})
    (rules
        (start {{ (place "Marker0" {{"E1"}}) (place "Disc2" {{{}}}) }})
        (play (move Add (to (sites Empty)) (then (set Score Mover (count Steps {cached} (to) (sites Occupied by:Neutral))))))
    )
)"#,
        walls.join(" ")
    );
    let g = ludeme::compile_str("walls.lud", &text, &Choices::default()).unwrap();
    let st = g.initial_state();
    let score_after = |label: &str| {
        let m = g
            .legal_moves(&st)
            .into_iter()
            .find(|m| g.board.label(m.to) == label)
            .unwrap();
        let mut s = st.clone();
        g.apply(&mut s, &m);
        s.score(1)
    };
    assert_eq!(score_after("E2"), 1);
    assert_eq!(score_after("A1"), 4);
    // E6 goes round by A5: E6-A6 (4), A5, A4 and A4-E1 (4 + 3)
    assert_eq!(score_after("E6"), 4 + 1 + 1 + 4 + 3);
    assert_eq!(score_after("I9"), 1_000_000_000);
}

/// The legal moves of a game, as sorted texts.
fn move_texts(g: &Game) -> Vec<String> {
    let st = g.initial_state();
    let mut v = g.move_texts(&g.legal_moves(&st));
    v.sort();
    v
}

/// `(OP A B)` over cached counts (compiled to `StepsCmp`, conjunctions with
/// slot tests fused around it) gives the same moves as the same comparison
/// over counts searched from each origin (left as a general `Cmp`), for
/// several operators and constants on either side.
#[test]
fn steps_comparisons_agree_with_the_general_comparison() {
    let conds = [
        "(= {to} (- {from} 1))",
        "(< {to} {from})",
        "(>= (+ {to} 2) {from})",
        "(!= {to} 1000000000)",
        "(= 1 {to})",
        "(> (+ 1 {from}) 3)",
    ];
    let mut fused = 0;
    for (b, board) in BOARDS.iter().enumerate() {
        for (d, dirs) in DIRS.iter().enumerate() {
            let (cached, searched) = steps(dirs);
            for (c, cond) in conds.iter().enumerate() {
                let target = TARGETS[c % 2];
                let play = |step: &str| {
                    let cond = cond
                        .replace("{to}", &format!("(count Steps {step} (to) {target})"))
                        .replace("{from}", &format!("(count Steps {step} (from) {target})"));
                    format!("(move Step Adjacent (to if:(and (= (who at:(to)) 0) {cond})))")
                };
                for seed in 0..3 {
                    let seed = (b * 1000 + d * 100 + c * 10) as u64 + seed;
                    let fast = game(board, &play(&cached), seed, 0.12);
                    let slow = game(board, &play(&searched), seed, 0.12);
                    assert!(fast.debug_gens().contains("StepsCmp"));
                    assert!(!slow.debug_gens().contains("StepsCmp"));
                    if fast.debug_gens().contains("SlotTests") {
                        fused += 1;
                    }
                    assert_eq!(
                        move_texts(&fast),
                        move_texts(&slow),
                        "{board} {dirs} {cond} seed {seed}"
                    );
                }
            }
        }
    }
    // the `who` test before the comparison is fused into a slot test
    assert_eq!(fused, 4 * 4 * 6 * 3);
}
