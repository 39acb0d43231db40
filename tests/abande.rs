//! Abande: perft, scripted positions, snapshots, random playouts.

mod common;
use common::*;

#[test]
fn perft_hexagon() {
    let g = load("abande.lud", &[]);
    let s = g.initial_state();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, vec![37, 180, 1176, 10482]);
}

#[test]
fn perft_hexagon_depth5() {
    let g = load("abande.lud", &[]);
    assert_eq!(perft(&g, &g.initial_state(), 5), 109116);
}

#[test]
fn perft_square7() {
    let g = load("abande.lud", &["Board/Square 7"]);
    let s = g.initial_state();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, vec![49, 312, 2784]);
}

#[test]
fn no_moves_before_three_stones() {
    let g = load("abande.lud", &[]);
    // two stones down: P1 may only insert
    let st = after(&g, "D4 E4");
    assert!(
        moves(&g, &st).iter().all(|m| !m.contains('-')),
        "{:?}",
        moves(&g, &st)
    );
    // three stones: P2 may move onto an adjacent enemy stone
    let st = after(&g, "D4 E4 C4");
    assert!(moves(&g, &st).iter().any(|m| m == "E4-D4"));
}

#[test]
fn a_move_that_splits_the_group_is_not_offered() {
    let g = load("abande.lud", &[]);
    // a line C4 D4 E4 F4: P2's E4 onto D4 would leave F4 cut off
    let st = after(&g, "C4 D4 E4 F4 B4");
    let m = moves(&g, &st);
    assert!(!m.contains(&"D4-E4".to_string()), "{m:?}");
    assert!(!m.contains(&"D4-C4".to_string()), "{m:?}");
    // F4 (P2) onto E4 (P1) keeps the rest together
    assert!(m.contains(&"F4-E4".to_string()), "{m:?}");
}

#[test]
fn no_stack_above_three() {
    let g = load("abande.lud", &[]);
    let (p1, p2) = (
        g.component("Stone1").unwrap(),
        g.component("Stone2").unwrap(),
    );
    let mut st = g.initial_state();
    g.set_stack(&mut st, site(&g, "D4"), &[p1, p2]); // P2 owns a 2-stack
    g.set_stack(&mut st, site(&g, "E4"), &[p2, p1]); // P1 owns a 2-stack
    g.set_stack(&mut st, site(&g, "C4"), &[p1]);
    g.set_mover(&mut st, 1);
    g.set_decisions(&mut st, 5);
    let m = moves(&g, &st);
    assert!(!m.contains(&"E4-D4".to_string()), "2+2 > 3: {m:?}");
    assert!(m.contains(&"C4-D4".to_string()), "1+2 <= 3: {m:?}");
}

#[test]
fn pass_only_with_an_empty_reserve_and_two_passes_end_the_game() {
    let g = load("abande.lud", &[]);
    let (p1, p2) = (
        g.component("Stone1").unwrap(),
        g.component("Stone2").unwrap(),
    );
    let mut st = g.initial_state();
    g.set_stack(&mut st, site(&g, "D4"), &[p1]);
    g.set_stack(&mut st, site(&g, "E4"), &[p2]);
    g.set_stack(&mut st, site(&g, "F4"), &[p1]);
    g.set_decisions(&mut st, 3);
    assert!(!moves(&g, &st).contains(&"pass".to_string()));
    g.set_hand(&mut st, g.hand_site(1), p1, 0);
    g.set_hand(&mut st, g.hand_site(2), p2, 0);
    g.set_mover(&mut st, 1);
    assert!(moves(&g, &st).contains(&"pass".to_string()));
    play(&g, &mut st, "pass");
    assert!(!st.is_over());
    play(&g, &mut st, "pass");
    assert!(st.is_over());
}

/// Sets up `stacks` (label, stack bottom first) mid-game with both reserves
/// empty, P1 to move, then plays the two passes that end the game.
fn passed_out(g: &ludeme::Game, stacks: &[(&str, &[u8])]) -> ludeme::State {
    let mut st = g.initial_state();
    for (label, stack) in stacks {
        g.set_stack(&mut st, site(g, label), stack);
    }
    g.set_decisions(&mut st, 30);
    g.set_hand(&mut st, g.hand_site(1), g.component("Stone1").unwrap(), 0);
    g.set_hand(&mut st, g.hand_site(2), g.component("Stone2").unwrap(), 0);
    g.set_mover(&mut st, 1);
    play(g, &mut st, "pass");
    play(g, &mut st, "pass");
    st
}

#[test]
fn isolated_pieces_score_nothing_and_higher_score_wins() {
    let g = load("abande.lud", &[]);
    let (p1, p2) = (
        g.component("Stone1").unwrap(),
        g.component("Stone2").unwrap(),
    );
    // D4 (P1, 3 high) touches E4 (P2, 1); B4 (P2) touches only C4 (P2)
    let st = passed_out(
        &g,
        &[
            ("D4", &[p2, p2, p1]),
            ("E4", &[p2]),
            ("C4", &[p2]),
            ("B4", &[p2]),
        ],
    );
    // P1: D4 = 3. P2: E4 = 1, C4 = 1 (touches D4); B4 isolated = 0.
    assert_eq!((st.score(1), st.score(2)), (3, 2));
    assert_eq!(st.outcome().unwrap().text(), "P1");
}

#[test]
fn equal_scores_are_a_draw() {
    let g = load("abande.lud", &[]);
    let (p1, p2) = (
        g.component("Stone1").unwrap(),
        g.component("Stone2").unwrap(),
    );
    let st = passed_out(&g, &[("D4", &[p1]), ("E4", &[p2])]);
    assert_eq!((st.score(1), st.score(2)), (1, 1));
    assert_eq!(st.outcome().unwrap().text(), "draw");
}

#[test]
fn random_playouts_conserve_stones() {
    for opt in [&[][..], &["Board/Square 7"][..]] {
        let g = load("abande.lud", opt);
        random_playouts(&g, 60, 7, |g, st| {
            for p in 1..=2u8 {
                assert_eq!(
                    st.pieces(p),
                    18,
                    "18 stones per player on board and in reserve"
                );
            }
            let on_board: u32 = (0..g.board.len() as u32).map(|s| st.count(s)).sum();
            let in_hand = st.count(g.hand_site(1)) + st.count(g.hand_site(2));
            assert_eq!(on_board + in_hand, 36);
            assert!((0..g.board.len() as u32).all(|s| st.count(s) <= 3));
        });
    }
}

#[test]
fn snapshot_start_moves() {
    let g = load("abande.lud", &[]);
    insta::assert_snapshot!(moves(&g, &g.initial_state()).join(" "));
}

#[test]
fn snapshot_seeded_game_trace() {
    let g = load("abande.lud", &[]);
    let line = seeded_line(&g, 11, 60);
    insta::assert_snapshot!(ludeme::cli::play::trace(&g, &line).unwrap());
}
