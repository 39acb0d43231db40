//! Abrana: perft, scripted positions for each rule, snapshots, random
//! playouts, and a rule change made in the rules file alone.
//!
//! Board (6x6): the border is the outer ring (columns A and F, rows 1 and
//! 6), the inner grid is B2..E5. Pieces: `Pawn1` (P1), `Pawn2` (P2), red
//! `Marker1`, green `Marker2`, black `Marker0`.

mod common;
use common::*;
use ludeme::{Choices, Game, State};

// ---------------------------------------------------------------------------
// Helpers of this file

/// The name of the piece at a board cell, or "" when it is empty.
fn at(g: &Game, st: &State, label: &str) -> String {
    match st.what(site(g, label)) {
        0 => String::new(),
        c => g.comps[c as usize].name.clone(),
    }
}

/// How many pieces of component `name` stand on the board.
fn on_board(g: &Game, st: &State, name: &str) -> usize {
    let c = g.component(name).unwrap();
    (0..g.board.len() as u32)
        .filter(|&s| st.what(s) == c)
        .count()
}

/// (black, red, green) markers on the board.
fn markers(g: &Game, st: &State) -> (usize, usize, usize) {
    (
        on_board(g, st, "Marker0"),
        on_board(g, st, "Marker1"),
        on_board(g, st, "Marker2"),
    )
}

/// The pawns of player `p`, on the board and in the hand.
fn pawns(g: &Game, st: &State, p: u8) -> usize {
    let c = g.component(&format!("Pawn{p}")).unwrap();
    let hand = g.hand_site(p);
    let in_hand = if st.what(hand) == c {
        st.count(hand) as usize
    } else {
        0
    };
    on_board(g, st, &format!("Pawn{p}")) + in_hand
}

fn has(list: &[String], m: &str) -> bool {
    list.iter().any(|x| x == m)
}

/// A position of the regular turns set up by hand: the setup is played
/// (so both players are in the "Play" phase), the board is cleared, the
/// given pieces are put down and `mover` starts a new turn.
fn position(g: &Game, pieces: &[(&str, &str)], mover: u8) -> State {
    let mut st = after(g, "A1 F6 B1 A1");
    for s in 0..g.board.len() as u32 {
        g.set_stack(&mut st, s, &[]);
    }
    for (label, name) in pieces {
        let c = g
            .component(name)
            .unwrap_or_else(|| panic!("no piece {name}"));
        g.set_stack(&mut st, site(g, label), &[c]);
    }
    g.set_mover(&mut st, mover);
    st
}

/// The rules file with one define's body replaced (as a designer would
/// edit it), loaded from the text.
fn load_edited(define: &str, old: &str, new: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/abrana.lud");
    let text = std::fs::read_to_string(path).unwrap();
    let (from, to) = (
        format!("(define \"{define}\" {old})"),
        format!("(define \"{define}\" {new})"),
    );
    assert_eq!(text.matches(&from).count(), 1, "one `{from}` in the file");
    let text = text.replace(&from, &to);
    ludeme::compile_str("abrana-edited.lud", &text, &Choices::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

// ---------------------------------------------------------------------------
// Perft

#[test]
fn perft_from_the_start() {
    let g = load("abrana.lud", &[]);
    let s = g.initial_state();
    let counts: Vec<u64> = (1..=6).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, vec![20, 380, 6840, 13680, 52272, 191088]);
}

// ---------------------------------------------------------------------------
// The setup

#[test]
fn setup_p2_reserves_two_border_cells_first() {
    let g = load("abrana.lud", &[]);
    let st = g.initial_state();
    assert_eq!(st.mover(), 2, "P2 makes the first decision");
    let m = moves(&g, &st);
    assert_eq!(m.len(), 20, "every border cell: {m:?}");
    assert!(!has(&m, "B2") && !has(&m, "C3"), "no inner cell: {m:?}");

    // the first reservation: P2 decides again
    let st = after(&g, "A1");
    assert_eq!(at(&g, &st, "A1"), "Marker0");
    assert_eq!(st.mover(), 2);
    let m = moves(&g, &st);
    assert_eq!(m.len(), 19);
    assert!(!has(&m, "A1"), "a reserved cell is not free: {m:?}");

    // the second reservation: now P1
    let st = after(&g, "A1 F6");
    assert_eq!(st.mover(), 1);
    assert_eq!(markers(&g, &st), (2, 0, 0));
    assert_eq!(st.count(g.hand_site(1)), 1, "P1's pawn still in hand");
    assert_eq!(st.count(g.hand_site(2)), 1, "P2's pawn still in hand");
}

#[test]
fn setup_p1_enters_on_another_empty_border_cell() {
    let g = load("abrana.lud", &[]);
    let st = after(&g, "A1 F6");
    let m = moves(&g, &st);
    assert_eq!(m.len(), 18, "the border minus both reservations: {m:?}");
    assert!(!has(&m, "A1") && !has(&m, "F6") && !has(&m, "C3"), "{m:?}");
    assert!(g.parse_move(&st, "A1").is_err());

    let st = after(&g, "A1 F6 B1");
    assert_eq!(at(&g, &st, "B1"), "Pawn1");
    assert_eq!(st.count(g.hand_site(1)), 0);
    assert_eq!(st.mover(), 2);
}

#[test]
fn setup_p2_enters_on_a_reserved_cell_and_both_reservations_vanish() {
    let g = load("abrana.lud", &[]);
    let st = after(&g, "A1 F6 B1");
    assert_eq!(moves(&g, &st), vec!["A1", "F6"], "only the reserved cells");

    for (cell, other) in [("A1", "F6"), ("F6", "A1")] {
        let st = after(&g, &format!("A1 F6 B1 {cell}"));
        assert_eq!(at(&g, &st, cell), "Pawn2");
        assert_eq!(at(&g, &st, other), "", "the other reservation is gone");
        assert_eq!(markers(&g, &st), (0, 0, 0));
        assert_eq!(st.count(g.hand_site(2)), 0);
        // regular turns follow, P1 first
        assert_eq!(st.mover(), 1);
        let play = g.phases.iter().position(|p| p.name == "Play").unwrap() as u8;
        assert_eq!((st.phase(1), st.phase(2)), (play, play));
        assert!(!st.is_over());
    }
}

// ---------------------------------------------------------------------------
// Free jumps and the ban on repeating a position within a turn

#[test]
fn a_free_jump_then_a_regular_move_in_the_same_turn() {
    let g = load("abrana.lud", &[]);
    // P1 C1-E1 leaves a black marker on D1 (border); P2 F6-D6 one on E6
    let st = after(&g, "A1 F6 C1 F6 C1-E1 F6-D6");
    assert_eq!(at(&g, &st, "D1"), "Marker0");
    let m = moves(&g, &st);
    assert!(has(&m, "E1-C1"), "a free jump over the black D1: {m:?}");

    // the free jump changes nothing but the pawn's cell; P1 decides again
    let mut st = after(&g, "A1 F6 C1 F6 C1-E1 F6-D6 E1-C1");
    assert_eq!(st.mover(), 1, "the same player decides again");
    assert_eq!(at(&g, &st, "C1"), "Pawn1");
    assert_eq!(at(&g, &st, "D1"), "Marker0", "the jumped marker stays");
    assert_eq!(markers(&g, &st), (2, 0, 0));
    assert_eq!(
        moves(&g, &st),
        vec!["C1-C3", "C1-E3", "C1-A1", "C1-A3", "C1-D1"]
    );

    // then the regular move, which ends the turn
    play(&g, &mut st, "C1-A1");
    assert_eq!(at(&g, &st, "B1"), "Marker0");
    assert_eq!(st.mover(), 2);
}

#[test]
fn a_free_jump_back_is_not_offered() {
    let g = load("abrana.lud", &[]);
    let st = after(&g, "A1 F6 C1 F6 C1-E1 F6-D6 E1-C1");
    // C1-E1 over the black D1 would bring back the turn's starting position
    assert!(!has(&moves(&g, &st), "C1-E1"));
    // in the next turn it is allowed again
    let st = after(&g, "A1 F6 C1 F6 C1-E1 F6-D6 E1-C1 C1-A1 D6-B6");
    assert!(has(&moves(&g, &st), "A1-C1"), "over B1, black");
}

#[test]
fn free_jumps_round_in_a_circle_are_not_offered() {
    let g = load("abrana.lud", &[]);
    // black markers on D3, D4 and C4 make a triangle of free jumps:
    // C3-E3 (over D3), E3-C5 (over D4), C5-C3 (over C4)
    let mut st = position(
        &g,
        &[
            ("C3", "Pawn1"),
            ("D3", "Marker0"),
            ("D4", "Marker0"),
            ("C4", "Marker0"),
            ("F6", "Pawn2"),
        ],
        1,
    );
    let m = moves(&g, &st);
    for free in ["C3-E3", "C3-E5", "C3-C5"] {
        assert!(has(&m, free), "{free}: {m:?}");
    }
    play(&g, &mut st, "C3-E3");
    let m = moves(&g, &st);
    assert!(!has(&m, "E3-C3"), "back to the start: {m:?}");
    assert!(has(&m, "E3-C5"), "{m:?}");
    play(&g, &mut st, "E3-C5");
    assert_eq!(st.mover(), 1);
    let m = moves(&g, &st);
    assert!(!has(&m, "C5-C3"), "closing the circle: {m:?}");
    assert!(!has(&m, "C5-E3"), "back one jump: {m:?}");
    // the regular moves are still there (a step onto C4, a jump over C6...)
    assert!(has(&m, "C5-C4") && has(&m, "C5-A5"), "{m:?}");
    assert!(m.iter().all(|x| x.starts_with("C5-")), "{m:?}");
}

#[test]
fn a_regular_move_that_recreates_the_turns_first_position_is_not_offered() {
    let g = load("abrana.lud", &[]);
    // Two free jumps C3-E3 (over D3) and E3-C5 (over D4); then the regular
    // jump C5-C3 over P2's pawn on C4 would change nothing but bring the
    // pawn home: the position at the start of the turn.
    let mut st = position(
        &g,
        &[
            ("C3", "Pawn1"),
            ("D3", "Marker0"),
            ("D4", "Marker0"),
            ("C4", "Pawn2"),
        ],
        1,
    );
    play(&g, &mut st, "C3-E3");
    play(&g, &mut st, "E3-C5");
    let m = moves(&g, &st);
    assert!(!has(&m, "C5-C3"), "{m:?}");
    assert!(has(&m, "C5-C4"), "taking the pawn is still there: {m:?}");
    // in a new turn the same jump is a move
    let mut fresh = st.clone();
    g.set_mover(&mut fresh, 1);
    assert!(has(&moves(&g, &fresh), "C5-C3"));
}

// ---------------------------------------------------------------------------
// Passing

#[test]
fn a_player_without_any_move_passes() {
    let g = load("abrana.lud", &[]);
    // P1 in the corner A1: no neighbour is occupied (no step), and every
    // jump over an empty neighbour lands on an occupied cell.
    let mut st = position(
        &g,
        &[
            ("A1", "Pawn1"),
            ("A3", "Marker1"),
            ("C3", "Marker2"),
            ("C1", "Marker0"),
            ("F6", "Pawn2"),
        ],
        1,
    );
    assert_eq!(moves(&g, &st), vec!["pass"]);
    play(&g, &mut st, "pass");
    assert_eq!(st.mover(), 2);
    assert!(!st.is_over());
    assert_eq!(markers(&g, &st), (1, 1, 1), "a pass changes nothing");
}

#[test]
fn a_player_hemmed_in_during_a_game_passes() {
    // From a random game: P2's pawn on A5 has no occupied neighbour, and
    // every jump lands on a marker (A3, C5), on P1's pawn (C3) or off the
    // board.
    let g = load("abrana.lud", &[]);
    let line = "D6 C1 C6 C1 C6-A6 C1-A3 A6-B6 A3-A5 B6-D6 A5-A4 D6-B6 B6-D4 \
                A4-A6 D4-F6 A6-A5 F6-D6 A5-A3 D6-E6 A3-C3 E6-C4 C3-C1 C4-E6 \
                C1-B2 E6-D5 B2-B4 D5-D3 B4-B6 D3-D4 B6-B4 D4-F4 B4-B6 B6-B5 \
                F4-E5 B5-A4 E5-E3 A4-A2 E3-E5 E5-C3 A2-A4 A4-A6 C3-A1 A6-A5 \
                A1-C3";
    let mut st = after(&g, line);
    assert_eq!(st.mover(), 2);
    assert_eq!(at(&g, &st, "A5"), "Pawn2");
    assert_eq!(moves(&g, &st), vec!["pass"]);
    let before = markers(&g, &st);
    play(&g, &mut st, "pass");
    assert_eq!(st.mover(), 1);
    assert_eq!(markers(&g, &st), before);
    assert!(!st.is_over());
}

#[test]
fn two_passes_in_a_row_draw() {
    // docs/engine.md: when every player's last turn was a single pass, the game
    // is a draw (Abrana's end rules do not use `(all Passed)`).
    let g = load("abrana.lud", &[]);
    let mut st = position(
        &g,
        &[
            ("A1", "Pawn1"),
            ("A3", "Marker1"),
            ("C3", "Marker2"),
            ("C1", "Marker0"),
            ("F6", "Pawn2"),
            ("F4", "Marker1"),
            ("D4", "Marker2"),
            ("D6", "Marker0"),
        ],
        1,
    );
    play(&g, &mut st, "pass");
    assert_eq!(moves(&g, &st), vec!["pass"]);
    play(&g, &mut st, "pass");
    assert_eq!(st.outcome().unwrap().text(), "draw");
}

#[test]
fn a_player_left_without_a_move_after_a_free_jump_passes() {
    // In real play this cannot happen: the black marker just jumped is next
    // to the pawn, and stepping onto it is always a new position. So the
    // position is edited after the free jump (the jumped marker taken away,
    // E3 hemmed in) to check that the forced pass ends the turn, and that
    // such a turn is not a "single pass" turn.
    let g = load("abrana.lud", &[]);
    let mut st = position(
        &g,
        &[
            ("C3", "Pawn1"),
            ("D3", "Marker0"),
            ("C1", "Marker1"),
            ("C5", "Marker1"),
            ("E1", "Marker2"),
            ("E5", "Marker2"),
            // P2 in the corner A6 without a move either
            ("A6", "Pawn2"),
            ("A4", "Marker1"),
            ("C4", "Marker0"),
            ("C6", "Marker0"),
        ],
        1,
    );
    play(&g, &mut st, "C3-E3");
    assert_eq!(st.mover(), 1);
    assert!(has(&moves(&g, &st), "E3-D3"), "the step back onto D3");
    // edit: D3 emptied, C3 occupied (so the jump over D3 is blocked too)
    g.set_stack(&mut st, site(&g, "D3"), &[]);
    let m0 = g.component("Marker0").unwrap();
    g.set_stack(&mut st, site(&g, "C3"), &[m0]);
    assert_eq!(st.mover(), 1);
    assert_eq!(moves(&g, &st), vec!["pass"]);
    play(&g, &mut st, "pass");
    assert_eq!(st.mover(), 2, "the pass ends P1's turn");
    assert!(!st.is_over());
    // P2 has no move and passes: P1's turn was not a single pass, so no draw
    assert_eq!(moves(&g, &st), vec!["pass"]);
    play(&g, &mut st, "pass");
    assert!(!st.is_over(), "only one single-pass turn so far");
    assert_eq!(st.mover(), 1);
}

// ---------------------------------------------------------------------------
// Markers

#[test]
fn jumps_over_empty_cells_leave_black_markers_on_the_border_coloured_inside() {
    let g = load("abrana.lud", &[]);
    // P2 reserves C1 and D1; P1 enters on A3; P2 on D1 (C1 freed)
    let st = after(&g, "C1 D1 A3 D1");
    assert_eq!(markers(&g, &st), (0, 0, 0));

    // A3-C1: a diagonal jump from the border to the border over B2, a corner
    // of the inner grid: the marker is P1's red one
    let st = after(&g, "C1 D1 A3 D1 A3-C1");
    assert_eq!(at(&g, &st, "B2"), "Marker1");
    assert_eq!(markers(&g, &st), (0, 1, 0));

    // P2 D1-F3 over the inner E2: green
    let st = after(&g, "C1 D1 A3 D1 A3-C1 D1-F3");
    assert_eq!(at(&g, &st, "E2"), "Marker2");
    assert_eq!(markers(&g, &st), (0, 1, 1));

    // P1 C1-E1 along the border over D1: black
    let st = after(&g, "C1 D1 A3 D1 A3-C1 D1-F3 C1-E1");
    assert_eq!(at(&g, &st, "D1"), "Marker0");
    // P2 F3-F5 over the border F4: black
    let st = after(&g, "C1 D1 A3 D1 A3-C1 D1-F3 C1-E1 F3-F5");
    assert_eq!(at(&g, &st, "F4"), "Marker0");
    assert_eq!(markers(&g, &st), (2, 1, 1));
    assert_eq!(at(&g, &st, "F5"), "Pawn2");
}

#[test]
fn a_jumped_coloured_marker_turns_black() {
    let g = load("abrana.lud", &[]);
    // red B2 and green E2 as above
    let base = "C1 D1 A3 D1 A3-C1 D1-F3";
    // P1 jumps his own red B2 (C1-A3): black
    let st = after(&g, &format!("{base} C1-A3"));
    assert_eq!(at(&g, &st, "B2"), "Marker0");
    assert_eq!(markers(&g, &st), (1, 0, 1));
    // P2 jumps her own green E2 (F3-D1): black
    let st = after(&g, &format!("{base} C1-A3 F3-D1"));
    assert_eq!(at(&g, &st, "E2"), "Marker0");
    assert_eq!(markers(&g, &st), (2, 0, 0));
    // a jump over the opponent's colour turns it black too: P1 over green,
    // P2 over red
    let mut st = position(
        &g,
        &[
            ("C3", "Pawn1"),
            ("D4", "Marker2"),
            ("F1", "Pawn2"),
            ("E2", "Marker1"),
        ],
        1,
    );
    play(&g, &mut st, "C3-E5");
    assert_eq!(at(&g, &st, "D4"), "Marker0");
    assert_eq!(st.mover(), 2, "a regular jump ends the turn");
    play(&g, &mut st, "F1-D3");
    assert_eq!(at(&g, &st, "E2"), "Marker0");
    assert_eq!(markers(&g, &st), (2, 0, 0));
}

#[test]
fn a_jump_over_a_black_marker_is_free_and_changes_nothing() {
    let g = load("abrana.lud", &[]);
    let mut st = position(
        &g,
        &[("C3", "Pawn1"), ("D4", "Marker0"), ("F1", "Pawn2")],
        1,
    );
    play(&g, &mut st, "C3-E5");
    assert_eq!(at(&g, &st, "D4"), "Marker0");
    assert_eq!(markers(&g, &st), (1, 0, 0));
    assert_eq!(st.mover(), 1, "a free jump: the same player again");
}

#[test]
fn a_jump_over_the_opponents_pawn_changes_nothing() {
    let g = load("abrana.lud", &[]);
    // P2 reserves B1 and F6; P1 enters on C1; P2 on B1
    let st = after(&g, "B1 F6 C1 B1");
    assert!(has(&moves(&g, &st), "C1-A1"));
    let st = after(&g, "B1 F6 C1 B1 C1-A1");
    assert_eq!(at(&g, &st, "A1"), "Pawn1");
    assert_eq!(at(&g, &st, "B1"), "Pawn2");
    assert_eq!(markers(&g, &st), (0, 0, 0));
    assert_eq!(st.mover(), 2, "a regular jump ends the turn");
    assert!(!st.is_over());
}

#[test]
fn a_pawn_steps_only_onto_occupied_cells_and_removes_the_marker_there() {
    let g = load("abrana.lud", &[]);
    let base = "C1 D1 A3 D1 A3-C1 D1-F3";
    let st = after(&g, base);
    let m = moves(&g, &st);
    // C1's neighbours: B1, B2 (red), C2, D1, D2; only B2 is occupied
    let steps: Vec<&String> = m
        .iter()
        .filter(|x| {
            let (f, t) = x.split_once('-').unwrap();
            let (f, t) = (site(&g, f) as i32, site(&g, t) as i32);
            ((f % 6) - (t % 6)).abs() <= 1 && ((f / 6) - (t / 6)).abs() <= 1
        })
        .collect();
    assert_eq!(steps, vec!["C1-B2"], "{m:?}");
    // onto the own red marker: it leaves the board
    let st = after(&g, &format!("{base} C1-B2"));
    assert_eq!(at(&g, &st, "B2"), "Pawn1");
    assert_eq!(markers(&g, &st), (0, 0, 1));
    assert_eq!(st.mover(), 2);
    // onto a green and a black marker
    let mut st = position(
        &g,
        &[
            ("C3", "Pawn1"),
            ("D3", "Marker2"),
            ("F6", "Pawn2"),
            ("E6", "Marker0"),
        ],
        1,
    );
    play(&g, &mut st, "C3-D3");
    assert_eq!(markers(&g, &st), (1, 0, 0));
    play(&g, &mut st, "F6-E6");
    assert_eq!(markers(&g, &st), (0, 0, 0));
    assert_eq!(at(&g, &st, "E6"), "Pawn2");
    assert!(!st.is_over());
}

// ---------------------------------------------------------------------------
// The end

#[test]
fn stepping_onto_the_opponents_pawn_wins() {
    let g = load("abrana.lud", &[]);
    let st = after(&g, "A1 F6 B1 A1");
    assert_eq!(moves(&g, &st), vec!["B1-B3", "B1-D3", "B1-D1", "B1-A1"]);
    let st = after(&g, "A1 F6 B1 A1 B1-A1");
    assert_eq!(at(&g, &st, "A1"), "Pawn1");
    assert_eq!(pawns(&g, &st, 2), 0);
    assert_eq!(st.outcome().unwrap().text(), "P1");
    assert!(moves(&g, &st).is_empty());

    // P2 takes P1's pawn
    let mut st = position(&g, &[("C3", "Pawn1"), ("D4", "Pawn2")], 2);
    play(&g, &mut st, "D4-C3");
    assert_eq!(st.outcome().unwrap().text(), "P2");
}

#[test]
fn taking_the_pawn_wins_even_with_fewer_markers() {
    let g = load("abrana.lud", &[]);
    let mut st = position(
        &g,
        &[
            ("C3", "Pawn1"),
            ("D4", "Pawn2"),
            ("A1", "Marker1"),
            ("B1", "Marker1"),
            ("C1", "Marker1"),
            ("D1", "Marker1"),
            ("E1", "Marker1"),
        ],
        2,
    );
    play(&g, &mut st, "D4-C3");
    assert_eq!(st.outcome().unwrap().text(), "P2");
}

/// Five black markers on row 6; P1 on C1 jumps to E1 over the border D1 and
/// makes the sixth. `extra` adds coloured markers.
fn six_black_after(extra: &[(&str, &str)]) -> State {
    let g = load("abrana.lud", &[]);
    let mut pieces = vec![
        ("C1", "Pawn1"),
        ("F3", "Pawn2"),
        ("A6", "Marker0"),
        ("B6", "Marker0"),
        ("C6", "Marker0"),
        ("D6", "Marker0"),
        ("E6", "Marker0"),
    ];
    pieces.extend_from_slice(extra);
    let mut st = position(&g, &pieces, 1);
    assert!(!st.is_over());
    play(&g, &mut st, "C1-E1");
    assert_eq!(markers(&g, &st).0, 6);
    st
}

#[test]
fn six_black_markers_end_the_game_equal_colours_draw() {
    let st = six_black_after(&[]);
    assert_eq!(st.outcome().unwrap().text(), "draw", "0 red, 0 green");
    let st = six_black_after(&[("B4", "Marker1"), ("E4", "Marker2")]);
    assert_eq!(st.outcome().unwrap().text(), "draw", "1 red, 1 green");
}

#[test]
fn six_black_markers_more_own_colour_wins() {
    let st = six_black_after(&[("B4", "Marker1")]);
    assert_eq!(st.outcome().unwrap().text(), "P1", "1 red, 0 green");
    // P1 made the sixth black marker, but P2 has more of her colour
    let st = six_black_after(&[("B4", "Marker1"), ("E4", "Marker2"), ("E3", "Marker2")]);
    assert_eq!(st.outcome().unwrap().text(), "P2", "1 red, 2 green");
}

#[test]
fn five_markers_of_a_colour_do_not_end_the_game() {
    let g = load("abrana.lud", &[]);
    let mut st = position(
        &g,
        &[
            ("C1", "Pawn1"),
            ("F3", "Pawn2"),
            ("A6", "Marker0"),
            ("B6", "Marker0"),
            ("C6", "Marker0"),
            ("D6", "Marker0"),
            ("B4", "Marker1"),
            ("B5", "Marker1"),
            ("C5", "Marker1"),
            ("D5", "Marker1"),
        ],
        1,
    );
    play(&g, &mut st, "C1-E1"); // fifth black
    assert!(!st.is_over());
    play(&g, &mut st, "F3-D3"); // P2's first green (E3)
    assert!(!st.is_over());
    play(&g, &mut st, "E1-C3"); // fifth red (D2)
    assert_eq!(markers(&g, &st), (5, 5, 1));
    assert!(!st.is_over());
}

#[test]
fn six_coloured_markers_end_the_game() {
    let g = load("abrana.lud", &[]);
    let red: Vec<(&str, &str)> = ["B4", "B5", "C5", "D5", "E5"]
        .iter()
        .map(|s| (*s, "Marker1"))
        .collect();
    let mut pieces = vec![("C1", "Pawn1"), ("F6", "Pawn2")];
    pieces.extend(red);
    pieces.push(("E4", "Marker2"));
    let mut st = position(&g, &pieces, 1);
    play(&g, &mut st, "C1-C3"); // red C2: the sixth
    assert_eq!(markers(&g, &st), (0, 6, 1));
    assert_eq!(st.outcome().unwrap().text(), "P1");

    // six green made by P2
    let green: Vec<(&str, &str)> = ["B4", "B5", "C5", "D5", "E5"]
        .iter()
        .map(|s| (*s, "Marker2"))
        .collect();
    let mut pieces = vec![("A1", "Pawn1"), ("C1", "Pawn2"), ("E4", "Marker1")];
    pieces.extend(green);
    let mut st = position(&g, &pieces, 2);
    play(&g, &mut st, "C1-E3"); // green D2
    assert_eq!(markers(&g, &st), (0, 1, 6));
    assert_eq!(st.outcome().unwrap().text(), "P2");
}

// ---------------------------------------------------------------------------
// A designer's change: the marker limit lives in one define

#[test]
fn changing_the_marker_limit_changes_when_the_game_ends() {
    // three black markers: D1 (ply 4), E6 (ply 5), B1 (ply 7)
    let line = "A1 F6 C1 F6 C1-E1 F6-D6 E1-C1 C1-A1";
    let six = load("abrana.lud", &[]);
    let st = after(&six, line);
    assert_eq!(markers(&six, &st), (3, 0, 0));
    assert!(!st.is_over(), "limit 6: the game goes on");

    let three = load_edited("MarkerLimit", "6", "3");
    let st = after(&three, line);
    assert_eq!(st.outcome().unwrap().text(), "draw", "limit 3: over, 0-0");
    let before = line.rsplit_once(' ').unwrap().0;
    assert!(!after(&three, before).is_over(), "two black markers only");

    // the perft numbers of the setup do not depend on the limit
    let s = three.initial_state();
    assert_eq!(perft(&three, &s, 4), 13680);
}

#[test]
fn a_limit_of_two_does_not_count_the_reservations() {
    // The setup's two black reservation markers are not game markers: with
    // a limit of 2 the setup is still played to the end.
    let two = load_edited("MarkerLimit", "6", "2");
    let st = after(&two, "A1 F6");
    assert!(!st.is_over(), "two reservations do not end the game");
    let st = after(&two, "A1 F6 C1 F6 C1-E1");
    assert!(!st.is_over());
    let st = after(&two, "A1 F6 C1 F6 C1-E1 F6-D6");
    assert_eq!(st.outcome().unwrap().text(), "draw", "D1 and E6");
}

#[test]
fn changing_the_number_of_reservations() {
    let g = load_edited("Reservations", "2", "3");
    let st = g.initial_state();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&g, &st, d)).collect();
    // three reservations (20 * 19 * 18), P1 enters (17), P2 picks one of 3
    assert_eq!(counts, vec![20, 380, 6840, 116280, 348840]);
    let st = after(&g, "A1 F6 C6 B1");
    assert_eq!(moves(&g, &st), vec!["A1", "C6", "F6"]);
    let st = after(&g, "A1 F6 C6 B1 C6");
    assert_eq!(markers(&g, &st), (0, 0, 0), "all three reservations vanish");
    assert_eq!(st.mover(), 1);
}

// ---------------------------------------------------------------------------
// Random games

#[test]
fn random_playouts_keep_the_rules_invariants() {
    let g = load("abrana.lud", &[]);
    random_playouts(&g, 300, 2024, |g, st| {
        let (black, red, green) = markers(g, st);
        let (p1, p2) = (pawns(g, st, 1), pawns(g, st, 2));
        if !st.is_over() {
            // before the end: below the limit, one pawn each (hand or board)
            assert!(black < 6 && red < 6 && green < 6, "{}", g.picture(st));
            assert_eq!((p1, p2), (1, 1), "{}", g.picture(st));
            return;
        }
        // the end: exactly when a pawn is gone or a colour reached 6 (never
        // beyond), and the result follows from that. (Two single-pass turns
        // in a row would also end it, see `two_passes_in_a_row_draw`; these
        // games have none.)
        assert!(black <= 6 && red <= 6 && green <= 6, "{}", g.picture(st));
        assert!(p1 + p2 == 1 || (p1, p2) == (1, 1), "{}", g.picture(st));
        let pawn_gone = p1 + p2 == 1;
        let limit = black == 6 || red == 6 || green == 6;
        assert!(pawn_gone || limit, "{}", g.picture(st));
        let expect = if pawn_gone {
            if p1 == 1 { "P1" } else { "P2" }
        } else if red > green {
            "P1"
        } else if green > red {
            "P2"
        } else {
            "draw"
        };
        assert_eq!(st.outcome().unwrap().text(), expect, "{}", g.picture(st));
    });
}

// ---------------------------------------------------------------------------
// Snapshots

#[test]
fn snapshot_setup_sequence() {
    let g = load("abrana.lud", &[]);
    insta::assert_snapshot!(ludeme::cli::play::trace(&g, "A1 F6 B1 F6").unwrap());
}

#[test]
fn snapshot_seeded_game_trace() {
    let g = load("abrana.lud", &[]);
    let line = seeded_line(&g, SEED, 80);
    insta::assert_snapshot!(ludeme::cli::play::trace(&g, &line).unwrap());
}

/// The seeded game of the snapshot: 25 decisions with four free jumps,
/// ended by the sixth black marker (1 red against 0 green: P1 wins).
const SEED: u64 = 0;

// ---------------------------------------------------------------------------
// An independent implementation of abrana.md, written from the rules text
// alone, compared with the engine move by move on random games.

mod reference {
    /// Cell contents.
    pub const EMPTY: u8 = 0;
    pub const BLACK: u8 = 3;
    /// Pawn of player p = p; marker of player p's colour = 3 + p.
    pub fn pawn(p: u8) -> u8 {
        p
    }
    pub fn colour(p: u8) -> u8 {
        3 + p
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Stage {
        Reserve,
        Enter,
        Arrive,
        Play,
    }

    #[derive(Clone, Debug)]
    pub struct Abrana {
        pub cells: [u8; 36],
        pub in_hand: [bool; 3],
        pub stage: Stage,
        pub mover: u8,
        /// The positions of the current turn.
        pub seen: Vec<([u8; 36], [bool; 3])>,
        /// Decisions already made in the current turn.
        pub in_turn: u32,
        /// Consecutive turns that were a single pass.
        pub single_passes: u32,
        /// "P1", "P2" or "draw".
        pub result: Option<&'static str>,
    }

    pub fn label(s: usize) -> String {
        format!("{}{}", (b'A' + (s % 6) as u8) as char, s / 6 + 1)
    }

    fn border(s: usize) -> bool {
        let (c, r) = (s % 6, s / 6);
        c == 0 || c == 5 || r == 0 || r == 5
    }

    fn beyond(s: usize, d: (i32, i32)) -> Option<usize> {
        let (c, r) = ((s % 6) as i32 + d.0, (s / 6) as i32 + d.1);
        ((0..6).contains(&c) && (0..6).contains(&r)).then_some((r * 6 + c) as usize)
    }

    const DIRS: [(i32, i32); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];

    /// A decision: its text and the position it leads to, whether the same
    /// player decides again.
    #[derive(Clone)]
    pub struct Decision {
        pub text: String,
        cells: [u8; 36],
        in_hand: [bool; 3],
        again: bool,
        pass: bool,
    }

    impl Abrana {
        pub fn new() -> Abrana {
            let mut a = Abrana {
                cells: [EMPTY; 36],
                in_hand: [false, true, true],
                stage: Stage::Reserve,
                mover: 2,
                seen: Vec::new(),
                in_turn: 0,
                single_passes: 0,
                result: None,
            };
            a.seen.push((a.cells, a.in_hand));
            a
        }

        fn count(&self, what: u8) -> usize {
            self.cells.iter().filter(|&&c| c == what).count()
        }

        fn decision(
            &self,
            text: String,
            cells: [u8; 36],
            in_hand: [bool; 3],
            again: bool,
        ) -> Decision {
            Decision {
                text,
                cells,
                in_hand,
                again,
                pass: false,
            }
        }

        pub fn decisions(&self) -> Vec<Decision> {
            if self.result.is_some() {
                return Vec::new();
            }
            let me = self.mover;
            let mut out = Vec::new();
            match self.stage {
                Stage::Reserve | Stage::Enter => {
                    for s in (0..36).filter(|&s| border(s) && self.cells[s] == EMPTY) {
                        let mut cells = self.cells;
                        let mut hand = self.in_hand;
                        let again = if self.stage == Stage::Reserve {
                            cells[s] = BLACK;
                            self.count(BLACK) + 1 < 2
                        } else {
                            cells[s] = pawn(me);
                            hand[me as usize] = false;
                            false
                        };
                        out.push(self.decision(label(s), cells, hand, again));
                    }
                }
                Stage::Arrive => {
                    for s in (0..36).filter(|&s| self.cells[s] == BLACK) {
                        let mut cells = self.cells;
                        for c in cells.iter_mut().filter(|c| **c == BLACK) {
                            *c = EMPTY;
                        }
                        cells[s] = pawn(me);
                        let mut hand = self.in_hand;
                        hand[me as usize] = false;
                        out.push(self.decision(label(s), cells, hand, false));
                    }
                }
                Stage::Play => {
                    if let Some(from) = (0..36).find(|&s| self.cells[s] == pawn(me)) {
                        for d in DIRS {
                            let Some(next) = beyond(from, d) else {
                                continue;
                            };
                            let there = self.cells[next];
                            let text = |to: usize| format!("{}-{}", label(from), label(to));
                            if there != EMPTY {
                                // a step onto an occupied cell takes what is there
                                let mut cells = self.cells;
                                cells[from] = EMPTY;
                                cells[next] = pawn(me);
                                out.push(self.decision(text(next), cells, self.in_hand, false));
                            }
                            let Some(land) = beyond(next, d) else {
                                continue;
                            };
                            if self.cells[land] != EMPTY {
                                continue;
                            }
                            let mut cells = self.cells;
                            cells[from] = EMPTY;
                            cells[land] = pawn(me);
                            let free = there == BLACK;
                            if there == EMPTY {
                                cells[next] = if border(next) { BLACK } else { colour(me) };
                            } else if there == colour(1) || there == colour(2) {
                                cells[next] = BLACK;
                            }
                            out.push(self.decision(text(land), cells, self.in_hand, free));
                        }
                    }
                }
            }
            out.retain(|m| !self.seen.contains(&(m.cells, m.in_hand)));
            if out.is_empty() {
                out.push(Decision {
                    text: "pass".into(),
                    cells: self.cells,
                    in_hand: self.in_hand,
                    again: false,
                    pass: true,
                });
            }
            out
        }

        pub fn play(&mut self, m: &Decision) {
            let me = self.mover;
            let playing = self.stage == Stage::Play;
            self.cells = m.cells;
            self.in_hand = m.in_hand;
            if m.pass && self.in_turn == 0 {
                self.single_passes += 1;
            } else {
                self.single_passes = 0;
            }
            // the end, judged in the regular turns
            if playing {
                let other = 3 - me;
                let (black, red, green) = (
                    self.count(BLACK),
                    self.count(colour(1)),
                    self.count(colour(2)),
                );
                if self.count(pawn(other)) == 0 {
                    self.result = Some(if me == 1 { "P1" } else { "P2" });
                } else if black >= 6 || red >= 6 || green >= 6 {
                    self.result = Some(match red.cmp(&green) {
                        std::cmp::Ordering::Greater => "P1",
                        std::cmp::Ordering::Less => "P2",
                        std::cmp::Ordering::Equal => "draw",
                    });
                }
            }
            if self.result.is_none() && self.single_passes >= 2 {
                self.result = Some("draw");
            }
            // the setup's order
            self.stage = match self.stage {
                Stage::Reserve if !m.again => Stage::Enter,
                Stage::Enter => Stage::Arrive,
                Stage::Arrive => Stage::Play,
                s => s,
            };
            if m.again {
                self.in_turn += 1;
            } else {
                self.in_turn = 0;
                self.seen.clear();
                self.mover = 3 - me;
            }
            self.seen.push((self.cells, self.in_hand));
        }
    }
}

#[test]
fn random_games_agree_with_an_independent_implementation() {
    use rand::{Rng, SeedableRng};
    use reference::*;
    let g = load("abrana.lud", &[]);
    let code = |c: &str| match c {
        "" => EMPTY,
        "Pawn1" => pawn(1),
        "Pawn2" => pawn(2),
        "Marker0" => BLACK,
        "Marker1" => colour(1),
        "Marker2" => colour(2),
        other => panic!("{other}"),
    };
    let mut rng = rand::rngs::SmallRng::seed_from_u64(99);
    let mut ws = g.new_workspace();
    let mut legal = Vec::new();
    for _ in 0..400 {
        let mut st = g.initial_state();
        let mut r = Abrana::new();
        let mut line = Vec::new();
        loop {
            g.legal_moves_into(&st, &mut ws, &mut legal);
            let mut ours = g.move_texts(&legal);
            let theirs_d = r.decisions();
            let mut theirs: Vec<String> = theirs_d.iter().map(|d| d.text.clone()).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "after {}", line.join(" "));
            assert_eq!(
                st.outcome().map(|o| o.text()),
                r.result.map(String::from),
                "after {}",
                line.join(" ")
            );
            for s in 0..36 {
                assert_eq!(
                    code(&at(&g, &st, &label(s))),
                    r.cells[s],
                    "{} after {}",
                    label(s),
                    line.join(" ")
                );
            }
            if legal.is_empty() {
                break;
            }
            assert_eq!(st.mover(), r.mover);
            let m = legal[rng.random_range(0..legal.len())];
            let text = g.move_text(&m, &legal);
            let d = theirs_d.iter().find(|d| d.text == text).unwrap().clone();
            g.apply_with(&mut st, &m, &mut ws);
            r.play(&d);
            line.push(text);
        }
    }
}
