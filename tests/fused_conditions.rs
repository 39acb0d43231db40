//! Compile-time specialisations and fast paths checked against the generic
//! evaluation: each game is loaded twice, once as written (so the fast paths
//! apply) and once disguised so that none does (every `(to)` / `(from)` as
//! `(+ (to) 0)` / `(+ (from) 0)`, `(sites Board)` as a filtered region, a
//! `sites Around` with a condition that always holds); random games must
//! then see the same legal moves and the same results in both.

use ludeme::{Choices, Game};

const GAME: &str = r#"
(game "Fuse"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "Disc" Each (move Step (to if:COND) stack:True))
        (hand Each)
    })
    (rules
        (start (place "Disc" "Hand" count:12))
        (play
            (or {
                (if (> 3 (count Pieces Enemy in:(sites Board)))
                    (move (from (handSite Mover)) (to (sites Empty)))
                    (move (from (handSite Mover))
                        (to (sites Around (sites Occupied by:Enemy container:"Board") Empty AROUND))
                    )
                )
                (if (<= 2 (count Pieces Mover in:(sites Board))) (forEach Piece))
            })
        )
        (end {
            (if (= (count Pieces All in:(sites Board)) 20) (result Mover Win))
            (if (= (count Pieces P2 in:(sites Board)) 11) (result P2 Win))
        })
    )
)
"#;

/// Step conditions, each a different mix of fused tests.
const CONDS: &[&str] = &[
    // enemy below, at most three high together
    "(and (is Enemy (who at:(to))) (<= (+ (size Stack at:(from)) (size Stack at:(to))) 3))",
    // a fused conjunction inside an `or`
    "(or (is Empty (to)) (and (is Friend (who at:(to))) (< (size Stack at:(to)) 2)))",
    // a role, a component and a flipped comparison
    "(and (= (who at:(to)) (next)) (!= (what at:(from)) 0) (> 4 (size Stack at:(to))))",
    // the same slot twice in a sum
    "(and (is Occupied (to)) (<= (+ (size Stack at:(to)) (size Stack at:(to))) 2) (is Mover (who at:(from))))",
    // a lone comparison, constant first
    "(= 1 (size Stack at:(to)))",
];

fn load(text: &str) -> Game {
    ludeme::compile_str("fuse.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// The game with `cond` as written, and with the context sites disguised.
fn pair(cond: &str) -> (Game, Game) {
    pair_on(cond, "(square 5)")
}

fn pair_on(cond: &str, board: &str) -> (Game, Game) {
    let game = GAME.replace("COND", cond).replace("(square 5)", board);
    let fast = game.replace("AROUND", "");
    let slow = game
        .replace("AROUND", "if:True")
        .replace("(sites Board)", "(forEach (sites Board) if:True)")
        .replace("(to)", "(+ (to) 0)")
        .replace("(from)", "(+ (from) 0)");
    (load(&fast), load(&slow))
}

fn same_games(fast: &Game, slow: &Game, games: u32, seed: u64) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let (mut wf, mut ws) = (fast.new_workspace(), slow.new_workspace());
    let (mut lf, mut ls) = (Vec::new(), Vec::new());
    let mut steps = 0;
    for _ in 0..games {
        let mut a = fast.initial_state();
        let mut b = slow.initial_state();
        for _ in 0..80 {
            fast.legal_moves_into(&a, &mut wf, &mut lf);
            slow.legal_moves_into(&b, &mut ws, &mut ls);
            assert_eq!(lf, ls);
            if lf.is_empty() {
                break;
            }
            steps += lf.iter().filter(|m| m.from < 25).count();
            let m = lf[rng.random_range(0..lf.len())];
            fast.apply_with(&mut a, &m, &mut wf);
            slow.apply_with(&mut b, &m, &mut ws);
            assert_eq!(a.outcome(), b.outcome());
        }
    }
    assert!(steps > 100, "the step condition was exercised: {steps}");
}

#[test]
fn fused_step_conditions_match_the_generic_evaluation() {
    for (i, cond) in CONDS.iter().enumerate() {
        let (fast, slow) = pair(cond);
        assert!(fast.debug_gens().contains("SlotTests"), "{cond}");
        assert!(!slow.debug_gens().contains("SlotTests"), "{cond}");
        assert!(fast.debug_gens().contains("CountPiecesOnBoard"));
        assert!(!slow.debug_gens().contains("CountPiecesOnBoard"));
        same_games(&fast, &slow, 40, i as u64);
    }
}

#[test]
fn fast_paths_on_a_board_of_more_than_64_sites() {
    // one-word site masks don't fit: the loops over neighbour lists
    let (fast, slow) = pair_on(CONDS[0], "(square 9)");
    assert_eq!(fast.board.len(), 81);
    same_games(&fast, &slow, 30, 9);
}

#[test]
fn fused_tests_then_count_steps_comparisons_match_the_generic_evaluation() {
    // `(and SLOT_TESTS STEPS_CMP)`: the cell tests planned per origin, then
    // the distances read from the per-position table (the disguised copy
    // searches from each candidate instead)
    let cond = "(and (is Enemy (who at:(to))) \
        (<= (count Steps (step Orthogonal (to if:(is Empty (to)))) (to) (sites Corners)) \
            (count Steps (step Orthogonal (to if:(is Empty (to)))) (from) (sites Corners))))";
    let (fast, slow) = pair(cond);
    assert!(
        fast.debug_gens().contains("StepsCmp"),
        "{}",
        fast.debug_gens()
    );
    assert!(fast.debug_gens().contains("SlotTests"));
    assert!(!slow.debug_gens().contains("StepsCmp"));
    same_games(&fast, &slow, 40, 17);
}
