//! `(do (forEach Piece) ifAfterwards:(= 1 (count Groups if:(is Occupied
//! (to)))))` over steps with fused cell tests onto enemy stacks
//! (`src/engine/connect.rs` `one_group_steps`: each origin with moves asked
//! once whether its leaving keeps one group; `src/engine/stepgen.rs`
//! `step_pieces_slots`: the height tests on `(to)` as masks of the
//! candidates' heights), against the generic evaluation: along random
//! games, the same legal moves in the same order and the same states. The
//! games vary the height test (every comparison, `(from)` and `(to)`
//! summed, `(to)` twice, stacks taller than the masks tell apart), the
//! step's relation and the group's, whole-stack or top-piece carries, and
//! a start whose pieces are not one group.

mod common;
use common::{agrees_with_generic, same_lines};
use ludeme::{Choices, Game};

/// Discs enter from the hand next to the pieces on the board; a disc (or
/// the stack under it) steps over `rel` onto an enemy piece where
/// `height` holds, keeping every piece in one group over `groups`. `start`
/// places pieces on the board from the start.
fn game(board: &str, rel: &str, height: &str, stack: bool, groups: &str, start: &str) -> String {
    guarded_game(board, rel, height, stack, groups, start, "")
}

/// [`game`] with the step behind `(if GUARD …)` when `guard` is not empty
/// (the step found per position, not at load).
fn guarded_game(
    board: &str,
    rel: &str,
    height: &str,
    stack: bool,
    groups: &str,
    start: &str,
    guard: &str,
) -> String {
    let stack = if stack { "True" } else { "False" };
    let (open, close) = match guard {
        "" => (String::new(), ""),
        g => (format!("(if {g} "), ")"),
    };
    format!(
        r#"(game "OneGroupSteps"
            (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" Each {open}
                    (move Step {rel}
                        (to if:(and (is Enemy (who at:(to))) {height}))
                        stack:{stack}
                    ){close}
                )
                (hand Each)
            }})
            (rules
                (start {{ (place "Disc" "Hand" count:16) {start} }})
                (play
                    (if (= (count Moves) 0)
                        (move (from (handSite Mover)) (to (sites Empty)))
                        (or {{
                            (move (from (handSite Mover))
                                (to (sites Around (sites Occupied by:All container:"Board") Empty)))
                            (if (<= 3 (count Pieces All in:(sites Board)))
                                (do (forEach Piece)
                                    ifAfterwards:(= 1 (count Groups {groups} if:(is Occupied (to)))))
                            )
                            (if (all Sites (sites Hand Mover) if:(is Empty (site))) (move Pass))
                        }})
                    )
                )
                (end (if (all Passed) (result Mover Draw)))
            )
        )"#
    )
}

fn load(text: &str) -> Game {
    ludeme::compile_str("one_group_steps.lud", text, &Choices::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Plays random games of `text` against the generic evaluation, and
/// against the same game with the group test disguised (so that no move is
/// decided without being played out); returns how many step moves were
/// offered.
fn check(text: &str, seed: u64) -> usize {
    let g = load(text);
    let gens = g.debug_gens();
    assert!(gens.contains("SlotTests"), "{text}");
    assert!(gens.contains("connected: Some"), "{text}");
    agrees_with_generic(&g, 16, 160, seed);
    let slow = load(
        &text
            .replace("(= 1 (count Groups", "(= 1 (+ 0 (count Groups")
            .replace("if:(is Occupied (to)))))", "if:(is Occupied (to))))))"),
    );
    assert!(!slow.debug_gens().contains("connected: Some"));
    same_lines(&g, &slow, (16, 160, seed), |a, b| assert_eq!(a, b))
}

/// Stacks in a row at the start (so that every height test has moves).
const STACKS: &str = r#"(place "Disc1" (sites {0}) count:2) (place "Disc2" (sites {1}) count:3)
    (place "Disc2" (sites {2}) count:2)"#;

const HEIGHTS: [&str; 9] = [
    "(<= (+ (size Stack at:(from)) (size Stack at:(to))) 3)",
    "(< (+ (size Stack at:(to)) (size Stack at:(from))) 4)",
    "(>= (+ (size Stack at:(from)) (size Stack at:(to))) 4)",
    "(> (size Stack at:(to)) 1)",
    "(= (+ (size Stack at:(from)) (size Stack at:(to))) 3)",
    "(!= (size Stack at:(to)) 2)",
    "(<= (+ (size Stack at:(to)) (size Stack at:(to))) 5)",
    // stacks grow without bound: taller than the height masks
    "(>= (size Stack at:(to)) 1)",
    // a test on (from) alone besides the one on (to)
    "(and (<= (size Stack at:(from)) 2) (<= (size Stack at:(to)) 2))",
];

#[test]
fn one_group_steps_agree_with_the_generic_evaluation() {
    for (i, height) in HEIGHTS.iter().enumerate() {
        for (j, (board, rel, groups)) in [
            ("(hex 4)", "", ""),
            ("(square 7)", "Orthogonal", "Adjacent"),
            ("(square 6)", "", "Orthogonal"),
        ]
        .iter()
        .enumerate()
        {
            let text = game(board, rel, height, true, groups, STACKS);
            let steps = check(&text, (i * 3 + j) as u64);
            assert!(steps > 100, "only {steps} step moves:\n{text}");
        }
    }
}

/// Top-piece carries (the origin keeps what is under it), and starts whose
/// pieces are apart (the occupied sites are not one group).
#[test]
fn carries_and_split_starts_agree_with_the_generic_evaluation() {
    let (mut carries, mut apart_steps) = (0, 0);
    for (i, height) in HEIGHTS.iter().enumerate() {
        let text = game("(hex 4)", "", height, false, "", STACKS);
        carries += check(&text, 100 + i as u64);
        let apart = r#"(place "Disc1" (sites {0 36}) count:2) (place "Disc2" (sites {18}))"#;
        let text = game("(hex 4)", "", height, true, "", apart);
        apart_steps += check(&text, 200 + i as u64);
    }
    assert!(
        carries > 1000 && apart_steps > 1000,
        "{carries} {apart_steps}"
    );
}

/// The step behind an `if` on the position (decided per position: the
/// step's shape is found then, or, when the `if` gives no moves, the `do`
/// has none), and the step as the `if`'s only branch.
#[test]
fn steps_behind_ifs_agree_with_the_generic_evaluation() {
    let mut steps = 0;
    for (i, height) in HEIGHTS.iter().enumerate().take(5) {
        for guard in ["(< 6 (count Moves))", "(!= 7 (count Moves))"] {
            let text = guarded_game("(hex 4)", "", height, true, "", STACKS, guard);
            assert!(load(&text).debug_gens().contains("If("), "{text}");
            steps += check(&text, 300 + i as u64);
        }
    }
    assert!(steps > 1000, "{steps}");
}

/// Steps whose tests accept an empty `(to)` as well (a move onto an empty
/// site is not decided by its origin alone): the one-group steps must not
/// take them, whether that is known at load or not.
#[test]
fn steps_onto_empty_sites_agree_with_the_generic_evaluation() {
    let mut steps = 0;
    // height tests an empty (to) passes
    for (i, &h) in [0, 1, 5, 6, 8].iter().enumerate() {
        let text = game("(hex 4)", "", HEIGHTS[h], true, "", STACKS)
            .replace("(is Enemy (who at:(to)))", "(!= (who at:(to)) Mover)");
        steps += check(&text, 400 + i as u64);
    }
    assert!(steps > 1000, "{steps}");
}
