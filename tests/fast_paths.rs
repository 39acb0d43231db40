//! The engine's fast paths against the general evaluation they replace:
//! each specialised shape is checked on positions and boards of its own,
//! not only through one game's perft.

mod common;
use ludeme::board::{Dir, NONE, Relation};
use ludeme::engine::eval::Ctx;
use ludeme::engine::ir::*;
use ludeme::{Choices, Game, State};
use rand::{Rng, SeedableRng};

fn load(text: &str) -> Game {
    ludeme::compile_str("t.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// A random position: every board site empty or holding a stone of either
/// player, and a random mover.
fn random_position(g: &Game, rng: &mut rand::rngs::SmallRng) -> State {
    let (d1, d2) = (g.component("Disc1").unwrap(), g.component("Disc2").unwrap());
    let mut st = g.initial_state();
    for s in 0..g.board.len() as u32 {
        match rng.random_range(0..3) {
            0 => g.set_stack(&mut st, s, &[]),
            1 => g.set_stack(&mut st, s, &[d1]),
            _ => g.set_stack(&mut st, s, &[d2]),
        }
    }
    g.set_mover(&mut st, rng.random_range(1..=2));
    st
}

fn board_game(board: &str) -> Game {
    load(&format!(
        r#"(game "T" (players 2)
            (equipment {{ (board {board}) (piece "Disc" Each) }})
            (rules (play (move Add (to (sites Empty))))))"#
    ))
}

/// `BoolE::AroundCmp` (the neighbour count compared in place, stopping
/// early) gives what the general comparison over `IntE::CountAround` gives,
/// for every operator, constants on both sides of the range, every filter,
/// relations and explicit directions, each context slot, and a slot that
/// holds no site.
#[test]
fn around_cmp_agrees_with_the_general_count() {
    let ops = [
        CmpOp::Eq,
        CmpOp::Ne,
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
    ];
    let filters = [
        None,
        Some(AroundFilter::Own),
        Some(AroundFilter::Enemy),
        Some(AroundFilter::Empty),
        Some(AroundFilter::Occupied),
    ];
    let dirs = [
        DirSpec::Relation(Relation::Adjacent),
        DirSpec::Relation(Relation::Orthogonal),
        DirSpec::Relation(Relation::Diagonal),
        DirSpec::Dirs(vec![Dir::N, Dir::E, Dir::SW]),
    ];
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    for board in ["(square 4)", "(hex 3)", "(rectangle 2 5)"] {
        let g = board_game(board);
        let mut ws = g.new_workspace();
        for _ in 0..20 {
            let st = random_position(&g, &mut rng);
            for d in &dirs {
                for &filter in &filters {
                    for &op in &ops {
                        for k in -1..=9 {
                            for (slot, int) in [(Slot::To, IntE::To), (Slot::From, IntE::From)] {
                                let fast = BoolE::AroundCmp {
                                    slot,
                                    dirs: d.clone(),
                                    filter,
                                    op,
                                    k,
                                };
                                let general = BoolE::Cmp(
                                    op,
                                    Box::new(IntE::CountAround {
                                        site: Box::new(int),
                                        dirs: d.clone(),
                                        filter,
                                        cond: None,
                                    }),
                                    Box::new(IntE::Const(k)),
                                );
                                for s in (0..g.board.len() as u32).chain([NONE]) {
                                    let ctx = Ctx {
                                        from: s,
                                        to: s,
                                        between: NONE,
                                        site: NONE,
                                    };
                                    assert_eq!(
                                        g.eval_bool(&fast, &st, ctx, &mut ws),
                                        g.eval_bool(&general, &st, ctx, &mut ws),
                                        "{board} {d:?} {filter:?} {op:?} {k} at {s}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The comparison is recognised either way round (the constant first
/// flips the operator), and only with a constant and no `if:`.
#[test]
fn around_cmp_is_recognised_only_for_its_shape() {
    let game = |cond: &str| {
        load(&format!(
            r#"(game "T" (players 2)
                (equipment {{ (board (square 4)) (piece "Disc" Each) }})
                (rules (play (move Add (to (sites Empty) if:{cond})))))"#
        ))
        .debug_gens()
    };
    let g = game("(< 1 (count Sites in:(sites Around (to) Enemy)))");
    assert!(g.contains("AroundCmp") && g.contains("op: Gt"), "{g}");
    let g = game("(>= (count Sites in:(sites Around (to) Own)) 2)");
    assert!(g.contains("AroundCmp") && g.contains("op: Ge"), "{g}");
    let g = game("(= (count Sites in:(sites Around (to))) (count Moves))");
    assert!(!g.contains("AroundCmp"), "{g}");
    let g = game("(= 0 (count Sites in:(sites Around (to) if:(is Empty (to)))))");
    assert!(!g.contains("AroundCmp"), "{g}");
}

/// Placement conditions the generators read directly (a neighbour count
/// compared with a constant), each with an equivalent form they don't
/// recognise, so that it goes through `eval_bool`.
const PLACEMENTS: [(&str, &str); 4] = [
    (
        "(= 0 (count Sites in:(sites Around (to) Own)))",
        "(= 1 (+ 1 (count Sites in:(sites Around (to) Own))))",
    ),
    (
        "(<= (count Sites in:(sites Around (to) Enemy)) 1)",
        "(<= (+ 0 (count Sites in:(sites Around (to) Enemy))) 1)",
    ),
    (
        "(< 2 (count Sites in:(sites Around (to) Orthogonal Empty)))",
        "(< 2 (+ 0 (count Sites in:(sites Around (to) Orthogonal Empty))))",
    ),
    (
        "(!= 3 (count Sites in:(sites Around (to) Diagonal)))",
        "(!= 3 (+ 0 (count Sites in:(sites Around (to) Diagonal))))",
    ),
];

/// A game with placement and movement whose conditions are the shapes the
/// generators read directly; `general` rewrites each into an equivalent
/// form they don't recognise, so it goes through `eval_bool`. The pieces'
/// moves sit in nested `or`s, one with consequences.
fn twin_rules(board: &str, place: (&str, &str), general: bool) -> String {
    let (empty_to, occupied_to, occupied_between, empty_between, place) = if general {
        (
            "(not (is Occupied (to)))",
            "(not (is Empty (to)))",
            "(not (is Empty (between)))",
            "(not (is Occupied (between)))",
            place.1,
        )
    } else {
        (
            "(is Empty (to))",
            "(is Occupied (to))",
            "(is Occupied (between))",
            "(is Empty (between))",
            place.0,
        )
    };
    format!(
        r#"(game "Twin" (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" Each
                    (or
                        (or {{
                            (move Step (to if:{empty_to}))
                            (move Hop (between (range 1 3) if:{occupied_between}) (to if:{empty_to}))
                        }} (then (addScore Mover 1)))
                        (or
                            (move Hop Orthogonal (between (range 2 2) if:{empty_between}) (to if:{occupied_to}))
                            (move Slide Orthogonal (between if:{empty_between}))
                        )
                    )
                )
            }})
            (rules
                (play (priority
                    (move Add (to (sites Empty) if:{place}))
                    (or (forEach Piece) (move Add (to (sites Board) if:{empty_to})))
                ))
                (end (if (>= (count Moves) 40) (result Mover Draw)))
            )
        )"#
    )
}

/// Random games: the fast and the general forms list the same moves, in
/// the same order, at every position, and reach the same states.
#[test]
fn generator_fast_paths_agree_with_eval_bool() {
    for board in [
        "(square 4)",
        "(hex 3)",
        "(hex Limping 2)",
        "(rectangle 3 5)",
    ] {
        let mut moved = 0;
        for place in PLACEMENTS {
            let fast = load(&twin_rules(board, place, false));
            let general = load(&twin_rules(board, place, true));
            assert!(fast.debug_gens().contains("AroundCmp"));
            assert!(!general.debug_gens().contains("AroundCmp"));
            let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
            for _ in 0..20 {
                let (mut a, mut b) = (fast.initial_state(), general.initial_state());
                while !a.is_over() {
                    let (ma, mb) = (fast.legal_moves(&a), general.legal_moves(&b));
                    let texts = fast.move_texts(&ma);
                    assert_eq!(texts, general.move_texts(&mb), "{board} {place:?}");
                    moved += texts.iter().filter(|t| t.contains('-')).count();
                    let i = rng.random_range(0..ma.len());
                    fast.apply(&mut a, &ma[i]);
                    general.apply(&mut b, &mb[i]);
                    assert_eq!((a.score(1), a.score(2)), (b.score(1), b.score(2)));
                }
                assert!(b.is_over());
            }
        }
        assert!(moved > 0, "{board}: no piece ever moved");
    }
}
