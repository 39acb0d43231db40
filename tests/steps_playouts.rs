//! The per-position `count Steps` table and the step generator that reads
//! it (`engine/steps.rs`, `engine/stepgen.rs`) along random games: the
//! Icebreaker description against a disguised copy whose search reads
//! `(from)` (so it is searched from each origin, and the comparison is a
//! general one), on boards of one, two and three 64-site words; and the
//! same comparison on small games with one-way steps. At every decision
//! both must list the same moves in the same order and reach the same
//! state.

use ludeme::{Choices, Game};
use rand::{Rng, SeedableRng};

fn load(name: &str, text: &str, options: &[&str]) -> Game {
    let choices = Choices {
        options: options.iter().map(|s| s.to_string()).collect(),
        ruleset: None,
    };
    ludeme::compile_str(name, text, &choices).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `games` random games of at most `max` decisions with both games,
/// checking they agree at every step; returns the decisions played.
fn agree(fast: &Game, slow: &Game, games: u32, max: usize, seed: u64) -> usize {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let (mut wf, mut wsl) = (fast.new_workspace(), slow.new_workspace());
    let (mut lf, mut ls) = (Vec::new(), Vec::new());
    let mut played = 0;
    for _ in 0..games {
        let mut sf = fast.initial_state();
        let mut ss = slow.initial_state();
        for _ in 0..max {
            fast.legal_moves_into(&sf, &mut wf, &mut lf);
            slow.legal_moves_into(&ss, &mut wsl, &mut ls);
            assert_eq!(
                fast.move_texts(&lf),
                slow.move_texts(&ls),
                "legal moves differ after {played} decisions"
            );
            if lf.is_empty() {
                break;
            }
            let i = rng.random_range(0..lf.len());
            fast.apply_with(&mut sf, &lf[i], &mut wf);
            slow.apply_with(&mut ss, &ls[i], &mut wsl);
            assert_eq!(sf, ss, "states differ");
            played += 1;
        }
    }
    played
}

const SEA_STEP: &str = r#"(define "SeaStep" (step (to if:("NoShipAt" (to)))))"#;
const SEA_STEP_SEARCHED: &str =
    r#"(define "SeaStep" (step (to if:(and ("NoShipAt" (to)) (!= (from) -5)))))"#;

#[test]
fn icebreaker_agrees_with_the_search_from_each_origin() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/icebreaker.lud");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(SEA_STEP));
    let searched = text.replace(SEA_STEP, SEA_STEP_SEARCHED);
    for (size, games) in [("4", 6), ("5", 6), ("6", 3), ("8", 2)] {
        let opt = format!("Board Size/{size}");
        let fast = load("icebreaker.lud", &text, &[&opt]);
        let slow = load("searched.lud", &searched, &[&opt]);
        assert!(fast.debug_gens().contains("StepsCmp"));
        assert!(!slow.debug_gens().contains("StepsCmp"));
        let played = agree(&fast, &slow, games, 400, 11);
        assert!(
            played > 25 * games as usize,
            "size {size}: {played} decisions"
        );
    }
}

/// Discs that step one way (or any way) to a cell nearer to the markers,
/// through cells without a P2 disc; the markers are taken. The table's
/// search runs backwards along the one-way steps.
fn one_way(board: &str, dirs: &str, searched: bool) -> Game {
    one_way_with(board, dirs, searched, "(mover)", "")
}

/// [`one_way`] with `who` the player whose pieces a disc may not step
/// onto, and `then` the step's consequences.
fn one_way_with(board: &str, dirs: &str, searched: bool, who: &str, then: &str) -> Game {
    let extra = if searched { "(!= (from) -5)" } else { "" };
    let step = format!("(step {dirs} (to if:(and (!= (who at:(to)) 2) {extra})))");
    let d = |s: &str| format!("(count Steps {step} {s} (sites Occupied by:Neutral))");
    let text = format!(
        r#"(game "OneWay"
    (players 2)
    (equipment {{
        (board {board})
        (piece "Disc" Each
            (move Step {dirs}
                (to if:(and (!= (who at:(to)) {who}) (<= {to} (- {from} 1))))
                {then}
            )
        )
        (piece "Marker" Neutral)
    }})
    (rules
        (start {{
            (place "Marker0" (sites Inner))
            (place "Disc1" {{0 1}})
            (place "Disc2" (sites Corners))
        }})
        (play (forEach Piece))
    )
)"#,
        to = d("(to)"),
        from = d("(from)"),
    );
    load("oneway.lud", &text, &[])
}

#[test]
fn one_way_steps_agree_with_the_search_from_each_origin() {
    let mut played = 0;
    for board in ["(square 5)", "(square 9)", "(hex 4)", "(hex 6)"] {
        for dirs in [
            "Orthogonal",
            "Adjacent",
            "(directions {N E})",
            "(directions {S W NE})",
        ] {
            let fast = one_way(board, dirs, false);
            let slow = one_way(board, dirs, true);
            assert!(fast.debug_gens().contains("StepsCmp"), "{board} {dirs}");
            assert!(!slow.debug_gens().contains("StepsCmp"));
            played += agree(&fast, &slow, 4, 60, 5);
        }
    }
    assert!(played > 300, "{played} decisions");
}

/// The same discs, not stepping onto the pieces of the previous mover,
/// and moving again after a step to a low-numbered cell: one generator
/// meets positions where `(prev)` differs, so the plan of its `(to)` tests
/// (made once per position) must be made again in each.
#[test]
fn one_way_steps_against_the_previous_mover_agree() {
    let mut played = 0;
    let then = "(then (if (< (to) 12) (moveAgain)))";
    for board in ["(square 5)", "(hex 4)"] {
        for dirs in ["Orthogonal", "Adjacent"] {
            let fast = one_way_with(board, dirs, false, "(prev)", then);
            let slow = one_way_with(board, dirs, true, "(prev)", then);
            assert!(fast.debug_gens().contains("StepsCmp"), "{board} {dirs}");
            played += agree(&fast, &slow, 6, 60, 9);
        }
    }
    assert!(played > 200, "{played} decisions");
}

/// Discs that step nearer to the markers (or the enemy's discs) and take
/// what they land on, through cells the search may not enter (the
/// enemy's discs, the previous mover's): the origins outside the search's
/// cells then count from their neighbours, and the comparisons keep such
/// cells as well; taking the last target leaves an empty target region
/// (every count 0). Under several comparison operators, against the same
/// game searched from each origin. A second step, only to empty cells,
/// has `(to)` tests of its own in the same positions; with boats, the
/// cells a disc may land on are part of P1's cells.
#[test]
fn steps_onto_cells_the_search_does_not_enter_agree() {
    let game =
        |board: &str, cond: &str, (enter, targets, boats): (&str, &str, bool), searched: bool| {
            let enterable = format!("(!= (who at:(to)) {enter})");
            let enterable = if searched {
                format!("(and {enterable} (!= (from) -5))")
            } else {
                enterable
            };
            let step = format!("(step Adjacent (to if:{enterable}))");
            let d = |s: &str| format!("(count Steps {step} {s} {targets})");
            let near = |c: &str| {
                c.replace("{to}", &d("(to)"))
                    .replace("{from}", &d("(from)"))
            };
            let (cond, other) = (near(cond), near("(< {to} {from})"));
            // with boats, the discs may land on P2's boats but not on P1's:
            // the cells that may pass are not whole owners' cells
            let (boats, not_boat1, place_boats) = if boats {
                (
                    r#"(piece "Boat" Each)"#,
                    r#"(!= (what at:(to)) (id "Boat1"))"#,
                    r#"(place "Boat1" {6 12}) (place "Boat2" {16 18})"#,
                )
            } else {
                ("", "", "")
            };
            let text = format!(
                r#"(game "Take"
    (players 2)
    (equipment {{
        (board {board})
        (piece "Disc" Each
            (or
                (move Step Adjacent
                    (to if:(and (!= (who at:(to)) (mover)) {not_boat1} {cond})
                        (apply (if (is Occupied (to)) (remove (to))))
                    )
                )
                (move Step Orthogonal (to if:(and (is Empty (to)) {other})))
            )
        )
        (piece "Marker" Neutral)
        {boats}
    }})
    (rules
        (start {{
            (place "Marker0" (sites Inner))
            (place "Disc1" {{0 2}})
            (place "Disc2" {{4 8}})
            {place_boats}
        }})
        (play (forEach Piece))
    )
)"#
            );
            load("take.lud", &text, &[])
        };
    let conds = [
        "(= {to} (- {from} 1))",
        "(<= {to} (- {from} 1))",
        "(> {from} {to})",
        "(!= {to} {from})",
    ];
    let mut played = 0;
    for board in ["(square 5)", "(hex 4)", "(square 9)"] {
        for (c, cond) in conds.iter().enumerate() {
            for shape in [
                ("(next)", "(sites Occupied by:Neutral)", false),
                ("(prev)", "(sites Occupied by:Next)", false),
                ("(next)", "(sites Occupied by:Neutral)", true),
            ] {
                let fast = game(board, cond, shape, false);
                let slow = game(board, cond, shape, true);
                assert!(fast.debug_gens().contains("StepsCmp"), "{board} {cond}");
                assert_eq!(fast.debug_gens().contains("What("), shape.2);
                assert!(!slow.debug_gens().contains("StepsCmp"));
                played += agree(&fast, &slow, 4, 80, 20 + c as u64);
            }
        }
    }
    assert!(played > 1000, "{played} decisions");
}
