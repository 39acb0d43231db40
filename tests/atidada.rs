//! Atidada: perft, scripted positions, snapshots, random playouts; and a
//! Ludii user's Nine Men's Morris (`rules/nine_mens_morris.lud`)
//! written with the same ludemes.

mod common;
use common::*;
use ludeme::{Game, State};
use std::cell::RefCell;

// ---------------------------------------------------------------------------
// helpers

/// The name of a player's current phase.
fn phase(g: &Game, st: &State, p: u8) -> String {
    g.phases[st.phase(p) as usize].name.clone()
}

/// Markers of a player on the board.
fn on_board(g: &Game, st: &State, p: u8) -> u32 {
    (0..g.board.len() as u32)
        .filter(|&s| st.what(s) != 0 && g.owner(st.what(s)) == p)
        .count() as u32
}

/// Markers of a player in hand.
fn in_hand(g: &Game, st: &State, p: u8) -> u32 {
    st.count(g.hand_site(p))
}

fn texts(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// Loads a description from `tests/fixtures`.
/// A game of `rules/` with its default options.
fn load_rules(file: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(file);
    ludeme::compile_file(&path, &ludeme::Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// The game `ludeme play FILE --seed SEED --max-moves N` plays (random
/// agents seeded as the CLI seeds them), as a line of move texts.
fn play_seed_line(g: &Game, seed: u64, n: usize) -> String {
    use ludeme::agents::{Agent, RandomAgent};
    let mut agents: Vec<RandomAgent> = (0..g.players as u64)
        .map(|p| RandomAgent::new(seed.wrapping_add(p * 7919)))
        .collect();
    let mut ws = g.new_workspace();
    let mut st = g.initial_state();
    let mut line = Vec::new();
    while !st.is_over() && line.len() < n {
        let legal = g.legal_moves(&st);
        let i = agents[st.mover() as usize - 1].choose(g, &st, &legal, &mut ws);
        line.push(g.move_text(&legal[i], &legal));
        g.apply(&mut st, &legal[i]);
    }
    line.join(" ")
}

// ---------------------------------------------------------------------------
// perft

#[test]
fn perft_default() {
    let g = load("atidada.lud", &[]);
    let s = g.initial_state();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, vec![24, 552, 12144, 255024]);
}

#[test]
fn perft_default_depth5() {
    // 24*23*22*21*20: no line can be made before the fifth placement, and
    // that placement is a leaf.
    let g = load("atidada.lud", &[]);
    assert_eq!(perft(&g, &g.initial_state(), 5), 5100480);
}

#[test]
fn perft_six_rings() {
    // 48 points: 48, 48*47, 48*47*46.
    let g = load("atidada.lud", &["Board/6 Rings"]);
    let s = g.initial_state();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, vec![48, 2256, 103776]);
}

#[test]
fn perft_movement_mills_differ_only_where_a_move_makes_a_line() {
    // Both players in Movement; P1 (6 markers) to step. D2-D3, C3-D3 and
    // E3-D3 each make a line (C3 D3 E3 or D1 D2 D3): with "Yes" the next ply
    // is P1's removal of one of P2's 6 markers, with "No" it is P2's turn.
    let line = "A1 A4 D1 B4 C3 D6 E3 F6 B6 G7 F2 D5 F2-D2 G7-G4";
    let divide = |opt: &str| -> Vec<(String, u64)> {
        let g = load("atidada.lud", &[opt]);
        let st = after(&g, line);
        let legal = g.legal_moves(&st);
        let names = g.move_texts(&legal);
        legal
            .iter()
            .zip(names)
            .map(|(m, t)| {
                let mut c = st.clone();
                g.apply(&mut c, m);
                (t, perft(&g, &c, 1))
            })
            .collect()
    };
    let no = divide("Movement Mills/No");
    let yes = divide("Movement Mills/Yes");
    let expect_no = [
        ("D1-G1", 9),
        ("D2-D3", 10),
        ("D2-F2", 10),
        ("D2-B2", 9),
        ("C3-C4", 9),
        ("C3-D3", 10),
        ("E3-E4", 10),
        ("E3-D3", 10),
    ];
    let expect_yes = [
        ("D1-G1", 9),
        ("D2-D3", 6),
        ("D2-F2", 10),
        ("D2-B2", 9),
        ("C3-C4", 9),
        ("C3-D3", 6),
        ("E3-E4", 10),
        ("E3-D3", 6),
    ];
    let own = |v: &[(&str, u64)]| -> Vec<(String, u64)> {
        v.iter().map(|(t, n)| (t.to_string(), *n)).collect()
    };
    assert_eq!(no, own(&expect_no));
    assert_eq!(yes, own(&expect_yes));
    // the totals `ludeme perft ... 2 --after LINE` prints
    assert_eq!(no.iter().map(|x| x.1).sum::<u64>(), 77);
    assert_eq!(yes.iter().map(|x| x.1).sum::<u64>(), 65);
}

// ---------------------------------------------------------------------------
// scripted positions

#[test]
fn a_line_made_by_placing_grants_a_removal_as_a_continuation() {
    let g = load("atidada.lud", &[]);
    let st = after(&g, "A1 A4 D1 B4");
    assert_eq!(st.mover(), 1);
    let mut st2 = st.clone();
    play(&g, &mut st2, "G1"); // A1 D1 G1
    assert_eq!(st2.mover(), 1, "P1 decides again");
    assert_eq!(st2.decisions(), 5, "the removal is a decision of its own");
    assert_eq!(moves(&g, &st2), texts(&["xA4", "xB4"]));
    play(&g, &mut st2, "xA4");
    assert_eq!(st2.mover(), 2);
    assert_eq!(st2.what(site(&g, "A4")), 0);
    // any other placement passes the turn
    let mut st3 = st.clone();
    play(&g, &mut st3, "G7");
    assert_eq!(st3.mover(), 2);
}

#[test]
fn lines_turn_neither_at_corners_nor_across_the_centre() {
    let g = load("atidada.lud", &[]);
    // A4 A1 D1 bends at the corner A1: no line, P2 to move
    let st = after(&g, "A1 G7 D1 F6 A4");
    assert_eq!(st.mover(), 2);
    // D2 D3 and D5: D3 and D5 are not joined (the centre is empty)
    let st = after(&g, "D3 G7 D5 F6 D2");
    assert_eq!(st.mover(), 2);
    // D1 D2 D3 runs across the rings: a line
    let st = after(&g, "D3 G7 D1 F6 D2");
    assert_eq!(st.mover(), 1);
    assert_eq!(moves(&g, &st), texts(&["xF6", "xG7"]));
}

#[test]
fn a_line_with_the_last_marker_in_hand_removes_in_the_movement_phase() {
    let g = load("atidada.lud", &[]);
    // P1 enters A1 D1 C3 E3 B6, then her sixth and last marker on G1: A1 D1 G1
    let st = after(&g, "A1 A4 D1 B4 C3 D6 E3 F6 B6 G7 G1");
    assert_eq!(in_hand(&g, &st, 1), 0);
    assert_eq!(st.mover(), 1, "the line grants P1 another decision");
    assert_eq!(phase(&g, &st, 1), "Movement", "her hand is empty");
    assert_eq!(phase(&g, &st, 2), "Placement");
    assert_eq!(moves(&g, &st), texts(&["xA4", "xB4", "xD6", "xF6", "xG7"]));
    let mut st = st;
    play(&g, &mut st, "xF6");
    assert_eq!(st.pieces(2), 5);
    assert!(!st.is_over());
    // P2 still places her last marker: one player moves, the other places
    assert_eq!(st.mover(), 2);
    assert_eq!(phase(&g, &st, 1), "Movement");
    assert_eq!(phase(&g, &st, 2), "Placement");
    let m = moves(&g, &st);
    assert_eq!(m.len(), 24 - 6 - 4, "{m:?}");
    assert!(m.iter().all(|t| !t.contains('-') && !t.starts_with('x')));
    play(&g, &mut st, "F6");
    assert_eq!(phase(&g, &st, 2), "Movement");
    // P1 (6 markers) steps along the lines
    assert_eq!(
        moves(&g, &st),
        texts(&["D1-D2", "G1-G4", "C3-C4", "C3-D3", "E3-E4", "E3-D3"])
    );
}

#[test]
fn two_lines_at_once_give_one_removal() {
    let g = load("atidada.lud", &[]);
    // G1 completes A1 D1 G1 and G1 G4 G7 at once
    let st = after(&g, "A1 B2 D1 C4 G4 D6 G7 E3 G1");
    assert_eq!(moves(&g, &st), texts(&["xB2", "xE3", "xC4", "xD6"]));
    let st = after(&g, "A1 B2 D1 C4 G4 D6 G7 E3 G1 xB2");
    assert_eq!(st.mover(), 2);
    assert!(moves(&g, &st).iter().all(|t| !t.starts_with('x')));
}

#[test]
fn only_the_marker_just_placed_counts() {
    let g = load("atidada.lud", &[]);
    // A1 D1 G1 stands already; C3 makes no line of its own
    let st = after(&g, "A1 A4 D1 B4 G1 xA4 F6 C3");
    assert_eq!(st.mover(), 2);
    assert!(moves(&g, &st).iter().all(|t| !t.starts_with('x')));
    // with Movement Mills, leaving a line and coming back makes it again:
    // D2-D3 makes C3 D3 E3, D3-D2 leaves it (nothing), D2-D3 makes it again
    let g = load("atidada.lud", &["Movement Mills/Yes"]);
    let line = "A1 A4 D1 B4 C3 D6 E3 F6 B6 G7 F2 D5 F2-D2 G7-G4 D2-D3 xD6 D5-D6";
    let st = after(&g, &format!("{line} D3-D2"));
    assert_eq!(st.mover(), 2);
    let st = after(&g, &format!("{line} D3-D2 D6-D5 D2-D3"));
    assert_eq!(st.mover(), 1);
    assert_eq!(moves(&g, &st), texts(&["xA4", "xB4", "xG4", "xD5", "xF6"]));
}

#[test]
fn a_blocked_player_passes() {
    // Both in Movement; P1's four markers A1 D1 G1 D2 are hemmed in by P2's
    // A4 G4 B2 F2 D3: her only move is a pass, and the game goes on.
    let g = load("atidada.lud", &[]);
    let mut st = after(&g, "A1 A4 D1 B4 C3 D6 E3 F6 B6 G7 F2 D5");
    assert_eq!(
        (phase(&g, &st, 1), phase(&g, &st, 2)),
        ("Movement".into(), "Movement".into())
    );
    let (p1, p2) = (
        g.component("Marker1").unwrap(),
        g.component("Marker2").unwrap(),
    );
    for s in 0..g.board.len() as u32 {
        g.set_stack(&mut st, s, &[]);
    }
    for l in ["A1", "D1", "G1", "D2"] {
        g.set_stack(&mut st, site(&g, l), &[p1]);
    }
    for l in ["A4", "G4", "B2", "F2", "D3"] {
        g.set_stack(&mut st, site(&g, l), &[p2]);
    }
    g.set_mover(&mut st, 1);
    assert_eq!(moves(&g, &st), texts(&["pass"]));
    play(&g, &mut st, "pass");
    assert!(!st.is_over());
    assert_eq!(st.mover(), 2);
    // P2 opens D3-E3 (D3 to E3): P1's D2 may step up
    play(&g, &mut st, "D3-E3");
    assert_eq!(moves(&g, &st), texts(&["D2-D3"]));
}

#[test]
fn a_removal_with_no_enemy_marker_on_the_board_is_a_pass() {
    // P2's markers are all in hand when P1 completes a line: the removal
    // that follows has no target, so P1 passes and the turn goes to P2.
    let g = load("atidada.lud", &[]);
    let mut st = g.initial_state();
    let p1 = g.component("Marker1").unwrap();
    g.set_stack(&mut st, site(&g, "A1"), &[p1]);
    g.set_stack(&mut st, site(&g, "D1"), &[p1]);
    g.set_hand(&mut st, g.hand_site(1), p1, 4);
    play(&g, &mut st, "G1");
    assert_eq!(st.mover(), 1);
    assert_eq!(moves(&g, &st), texts(&["pass"]));
    play(&g, &mut st, "pass");
    assert_eq!(st.mover(), 2);
    assert!(!st.is_over());
    assert_eq!(moves(&g, &st).len(), 21);
}

#[test]
fn phases_advance_per_player() {
    let g = load("atidada.lud", &["Pieces/3"]);
    let mut st = g.initial_state();
    assert_eq!(
        (phase(&g, &st, 1), phase(&g, &st, 2)),
        ("Placement".into(), "Placement".into())
    );
    for (k, t) in ["A1", "A4", "D1", "B4", "C3"].iter().enumerate() {
        play(&g, &mut st, t);
        let p1 = if k >= 4 { "Movement" } else { "Placement" };
        assert_eq!(phase(&g, &st, 1), p1, "after {t}");
        assert_eq!(phase(&g, &st, 2), "Placement", "after {t}");
    }
    // P1 has entered all three, P2 has one left: P2 places
    assert!(moves(&g, &st).iter().all(|t| !t.contains('-')));
    play(&g, &mut st, "D7");
    assert_eq!(phase(&g, &st, 2), "Movement");
    // now P1 moves (flies: three markers)
    assert!(moves(&g, &st).iter().all(|t| t.contains('-')));
}

#[test]
fn any_enemy_marker_may_be_removed_even_one_in_a_line() {
    let g = load("atidada.lud", &[]);
    // P2 makes A4 B4 C4 and takes F6; then P1 makes A1 D1 G1
    let st = after(&g, "A1 A4 D1 B4 F6 C4");
    assert_eq!(moves(&g, &st), texts(&["xA1", "xD1", "xF6"]));
    let st = after(&g, "A1 A4 D1 B4 F6 C4 xF6 E5 D7 G1");
    assert_eq!(moves(&g, &st), texts(&["xA4", "xB4", "xC4", "xD7"]));
}

#[test]
fn flying_with_exactly_three_markers() {
    let g = load("atidada.lud", &["Pieces/3"]);
    let st = after(&g, "A1 A4 D1 B4 C3 D7");
    assert_eq!(phase(&g, &st, 1), "Movement");
    assert_eq!(st.pieces(1), 3);
    let m = moves(&g, &st);
    assert_eq!(m.len(), 3 * 18, "each marker to any of 18 empty points");
    assert!(m.contains(&"A1-G7".to_string()), "{m:?}");
    assert!(m.contains(&"C3-E4".to_string()), "{m:?}");
    // a fourth marker: no more flying, only steps along the lines
    let mut st4 = st.clone();
    let p1 = g.component("Marker1").unwrap();
    g.set_stack(&mut st4, site(&g, "G7"), &[p1]);
    assert_eq!(st4.pieces(1), 4);
    assert_eq!(
        moves(&g, &st4),
        texts(&["D1-D2", "D1-G1", "C3-C4", "C3-D3", "G7-G4"])
    );
    // P2 flies with her three while P1 steps with four
    play(&g, &mut st4, "D1-G1");
    let m = moves(&g, &st4);
    assert_eq!(m.len(), 3 * 17, "{m:?}");
    assert!(m.contains(&"A4-E5".to_string()), "{m:?}");
}

#[test]
fn the_win_when_the_opponent_is_down_to_two() {
    // Three markers each: P1's line takes one of P2's two on the board; P2
    // still holds one in hand, 1 + 1 = 2 in all: P1 has won.
    let g = load("atidada.lud", &["Pieces/3"]);
    let st = after(&g, "A1 A4 D1 B4 G1 xA4");
    assert!(st.is_over());
    assert_eq!(st.outcome().unwrap().text(), "P1");
    assert_eq!((on_board(&g, &st, 2), in_hand(&g, &st, 2)), (1, 1));
    assert_eq!(st.pieces(2), 2);
    assert!(moves(&g, &st).is_empty());
    // Six markers each: the same line leaves P2 one on the board but four in
    // hand. Hand markers count: the game goes on.
    let g = load("atidada.lud", &[]);
    let st = after(&g, "A1 A4 D1 B4 G1 xA4");
    assert!(!st.is_over());
    assert_eq!((on_board(&g, &st, 2), in_hand(&g, &st, 2)), (1, 4));
    assert_eq!(st.pieces(2), 5);
}

#[test]
fn the_win_in_the_movement_phase() {
    let g = load("atidada.lud", &["Pieces/3", "Movement Mills/Yes"]);
    let st = after(&g, "A1 A4 D1 B4 C3 D7 C3-G1");
    assert_eq!(moves(&g, &st), texts(&["xA4", "xB4", "xD7"]));
    let st = after(&g, "A1 A4 D1 B4 C3 D7 C3-G1 xD7");
    assert_eq!(st.outcome().unwrap().text(), "P1");
}

#[test]
fn movement_mills_option() {
    let line = "A1 A4 D1 B4 C3 D6 E3 F6 B6 G7 F2 D5 F2-D2 G7-G4 D2-D3";
    // default ("No"): the line C3 D3 E3 made by a step gives nothing
    for opts in [&[][..], &["Movement Mills/No"][..]] {
        let g = load("atidada.lud", opts);
        let st = after(&g, line);
        assert_eq!(st.mover(), 2);
        assert!(moves(&g, &st).iter().all(|t| t.contains('-')));
    }
    // "Yes": P1 decides again and removes any of P2's markers
    let g = load("atidada.lud", &["Movement Mills/Yes"]);
    let st = after(&g, line);
    assert_eq!(st.mover(), 1);
    assert_eq!(
        moves(&g, &st),
        texts(&["xA4", "xB4", "xG4", "xD5", "xD6", "xF6"])
    );
    let mut st = st;
    play(&g, &mut st, "xD6");
    assert_eq!((st.mover(), st.pieces(2)), (2, 5));
    // lines made by placing remove in both
    for o in ["No", "Yes"] {
        let g = load("atidada.lud", &[&format!("Movement Mills/{o}")]);
        assert_eq!(after(&g, "A1 A4 D1 B4 G1").mover(), 1);
    }
    // a flying move that makes a line: nothing with "No", a removal with "Yes"
    let fly = "A1 A4 D1 B4 C3 D7 C3-G1";
    let g = load("atidada.lud", &["Pieces/3", "Movement Mills/No"]);
    assert_eq!(after(&g, fly).mover(), 2);
    let g = load("atidada.lud", &["Pieces/3", "Movement Mills/Yes"]);
    assert_eq!(after(&g, fly).mover(), 1);
}

#[test]
fn a_full_board_with_markers_in_hand_is_passed_and_drawn() {
    // Twenty markers each on 24 points: when the board is full a player in
    // Placement has no move and passes; two passes in a row end in a draw.
    let g = load("atidada.lud", &["Pieces/20"]);
    let line = play_seed_line(&g, 3, 200);
    assert!(line.ends_with("pass pass"), "{line}");
    let st = after(&g, &line);
    assert_eq!(st.outcome().unwrap().text(), "draw");
}

#[test]
fn the_turn_limit_draws_on_the_decision_that_completes_the_last_turn() {
    // A removal belongs to the turn of the line that granted it, so the
    // limit counts turns, not decisions.
    let mut g = load("atidada.lud", &["Movement Mills/Yes"]);
    g.max_turns = 60;
    let line = play_seed_line(&g, 1, 1000);
    let st = after(&g, &line);
    assert_eq!(st.outcome().unwrap().text(), "draw");
    // replay without the limit: count the turns completed
    let g2 = load("atidada.lud", &["Movement Mills/Yes"]);
    let (_, states) = ludeme::cli::play::play_line(&g2, &line).unwrap();
    let changes: Vec<bool> = states
        .windows(2)
        .map(|w| w[0].mover() != w[1].mover())
        .collect();
    assert!(changes.iter().any(|c| !c), "the line has continuations");
    assert!(*changes.last().unwrap(), "the last decision ends a turn");
    assert_eq!(changes.iter().filter(|&&c| c).count(), 60);
    assert!(states.len() - 1 > 60, "more decisions than turns");
}

// ---------------------------------------------------------------------------
// random playouts

const OPTION_SETS: &[&[&str]] = &[
    &[],
    &["Pieces/3"],
    &["Pieces/20"],
    &["Movement Mills/Yes"],
    &["Pieces/3", "Movement Mills/Yes"],
    &["Board/6 Rings"],
    &["Board/6 Rings", "Pieces/20", "Movement Mills/Yes"],
];

/// Checks, after every decision: hand + board = a player's pieces; pieces
/// never increase and drop by at most one per decision; a player is in
/// Movement exactly when her hand is empty; the game is won exactly when the
/// loser is down to 2 or fewer, by the player who just moved.
fn morris_invariants(pieces: u32) -> impl Fn(&Game, &State) {
    let prev: RefCell<Option<State>> = RefCell::new(None);
    move |g: &Game, st: &State| {
        let mut prev = prev.borrow_mut();
        if st.decisions() == 0 {
            *prev = None;
        }
        for p in 1..=2u8 {
            assert_eq!(
                on_board(g, st, p) + in_hand(g, st, p),
                st.pieces(p),
                "hand + board = pieces"
            );
            assert!(st.pieces(p) <= pieces);
            let empty = in_hand(g, st, p) == 0;
            assert_eq!(phase(g, st, p) == "Movement", empty, "P{p}: phase");
            if let Some(before) = prev.as_ref() {
                assert!(st.pieces(p) <= before.pieces(p), "pieces never increase");
                assert!(before.pieces(p) - st.pieces(p) <= 1);
                assert!(in_hand(g, st, p) <= in_hand(g, before, p));
            }
        }
        if let Some(before) = prev.as_ref() {
            let total = |s: &State| s.pieces(1) + s.pieces(2);
            assert!(total(before) - total(st) <= 1);
        }
        match st.outcome() {
            Some(o) if !o.is_draw() => {
                let w = o.winner().expect("a single winner");
                let loser = 3 - w;
                assert!(st.pieces(loser) <= 2, "won only when the loser has <= 2");
                let mover = prev.as_ref().map(|b| b.mover()).unwrap();
                assert_eq!(w, mover, "the player who just moved wins");
            }
            _ => {
                if st.decisions() > 0 {
                    assert!(st.pieces(1) > 2 && st.pieces(2) > 2, "<= 2 ends the game");
                }
            }
        }
        *prev = Some(st.clone());
    }
}

#[test]
fn random_playouts_keep_the_counts() {
    for opts in OPTION_SETS {
        let mut g = load("atidada.lud", opts);
        g.max_turns = 200;
        let pieces = match opts.iter().find(|o| o.starts_with("Pieces/")) {
            Some(o) => o["Pieces/".len()..].parse().unwrap(),
            None => 6,
        };
        random_playouts(&g, 30, 17, morris_invariants(pieces));
    }
}

// ---------------------------------------------------------------------------
// snapshots

#[test]
fn snapshot_start_moves() {
    let g = load("atidada.lud", &[]);
    insta::assert_snapshot!(moves(&g, &g.initial_state()).join(" "));
}

/// `ludeme trace` of the first (at most) 60 moves of
/// `ludeme play --seed SEED`, for one option set.
fn seeded_trace(opts: &[&str], seed: u64) -> String {
    let g = load("atidada.lud", opts);
    let line = play_seed_line(&g, seed, 60);
    ludeme::cli::play::trace(&g, &line).unwrap()
}

#[test]
fn snapshot_seeded_game_default() {
    // Ply 10: P1's sixth and last marker makes F2 F4 F6; at ply 11 she is
    // in Movement and removes (xE4) while P2 still places her last marker.
    // Ply 18: P2's A1-D1 makes D1 D2 D3 by a move: nothing (Mills "No").
    insta::assert_snapshot!(seeded_trace(&[], 4));
}

#[test]
fn snapshot_seeded_game_pieces_3() {
    // P2 lines up E4 F4 G4 while placing and wins with the removal.
    insta::assert_snapshot!(seeded_trace(&["Pieces/3"], 3));
}

#[test]
fn snapshot_seeded_game_movement_mills_yes() {
    // Ply 41: P2's B4-A4 makes A1 A4 A7 by a move and she removes (ply 42);
    // ply 49: P1's C4-C5 makes C5 D5 E5 and she removes (ply 50).
    insta::assert_snapshot!(seeded_trace(&["Movement Mills/Yes"], 1));
}

#[test]
fn snapshot_seeded_game_six_rings() {
    // 48 points; lines of 3 or more along the spokes (J7 K7 L7, then
    // I7 J7 K7 L7) remove.
    insta::assert_snapshot!(seeded_trace(&["Board/6 Rings"], 3));
}

#[test]
fn snapshot_seeded_game_pieces_20() {
    // 40 markers for 24 points: the board fills up, both pass, a draw.
    insta::assert_snapshot!(seeded_trace(&["Pieces/20"], 3));
}

// ---------------------------------------------------------------------------
// a Ludii user's Nine Men's Morris

#[test]
fn nine_mens_morris_loads() {
    let g = load_rules("nine_mens_morris.lud");
    assert_eq!(g.name, "Nine Men's Morris");
    assert_eq!(g.board.len(), 24);
    let st = g.initial_state();
    assert_eq!((in_hand(&g, &st, 1), in_hand(&g, &st, 2)), (9, 9));
    assert_eq!(phase(&g, &st, 1), "Placement");
}

#[test]
fn nine_mens_morris_perft() {
    // Start: no line before P1's third marker (ply 5): 24*23*22*21(*20).
    let g = load_rules("nine_mens_morris.lud");
    let s = g.initial_state();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, vec![24, 552, 12144, 255024, 5100480]);
    // After A1 A4 D1 B4 (P1 to enter her third, 20 points empty):
    //  d1 = 20.
    //  d2: G1 makes A1 D1 G1 -> 2 removals (A4, B4, neither in a mill);
    //      the 19 others -> 19 placements for P2: 2 + 19*19 = 363.
    //  d3: G1, remove (2) -> P2 enters on 20 empty: 40.
    //      P1 on C4 (1) -> P2 has no line to make: 19 * 18 = 342.
    //      P1 elsewhere (18) -> P2's C4 makes A4 B4 C4 and takes one of
    //      P1's 3 (none in a mill): 3; her 18 others leave 18 empty: 18*18.
    //      40 + 342 + 18 * (3 + 324) = 6268.
    let s = after(&g, "A1 A4 D1 B4");
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, vec![20, 363, 6268]);
}

#[test]
#[ignore = "96 million leaves: run with --ignored"]
fn nine_mens_morris_perft_depth6() {
    // Of the 5100480 five-ply lines, 16 mills * 3! orders * 21*20 (P2 off the
    // mill) = 40320 end with P1's mill: 2 removals; the others 19 placements.
    // 40320*2 + (5100480-40320)*19 = 96223680.
    let g = load_rules("nine_mens_morris.lud");
    assert_eq!(perft(&g, &g.initial_state(), 6), 96223680);
}

#[test]
fn nine_mens_morris_mill_spares_men_in_a_mill() {
    let g = load_rules("nine_mens_morris.lud");
    // P2's mill A4 B4 C4 takes any of P1's three (none is in a mill)
    let st = after(&g, "A1 A4 D1 B4 F6 C4");
    assert_eq!(st.mover(), 2);
    assert_eq!(moves(&g, &st), texts(&["xA1", "xD1", "xF6"]));
    // P1's mill A1 D1 G1: P2's A4 B4 C4 are in a mill, D7 is not
    let st = after(&g, "A1 A4 D1 B4 F6 C4 xF6 E5 D7 G1");
    assert_eq!(st.mover(), 1);
    assert_eq!(moves(&g, &st), texts(&["xD7"]));
    // with every enemy man in a mill, any may be taken
    let mut st2 = st.clone();
    g.set_stack(&mut st2, site(&g, "D7"), &[]);
    assert_eq!(moves(&g, &st2), texts(&["xA4", "xB4", "xC4"]));
    // Atidada on the same line: lines protect nothing
    let a = load("atidada.lud", &[]);
    let st = after(&a, "A1 A4 D1 B4 F6 C4 xF6 E5 D7 G1");
    assert_eq!(moves(&a, &st), texts(&["xA4", "xB4", "xC4", "xD7"]));
}

#[test]
fn nine_mens_morris_moves_and_flies() {
    let g = load_rules("nine_mens_morris.lud");
    // 18 placements without a mill; both then move along the lines
    let line = "A1 A4 D1 B4 C3 D6 E3 F6 B6 G7 F2 D5 D7 B2 E5 C5 G4 E4";
    let st = after(&g, line);
    assert_eq!(
        (phase(&g, &st, 1), phase(&g, &st, 2)),
        ("Movement".into(), "Movement".into())
    );
    assert_eq!(st.mover(), 1);
    let m = moves(&g, &st);
    assert!(!m.is_empty() && m.iter().all(|t| t.contains('-')), "{m:?}");
    // P1 reduced to three flies
    let mut st3 = st.clone();
    for l in ["E3", "B6", "F2", "D7", "E5", "G4"] {
        g.set_stack(&mut st3, site(&g, l), &[]);
    }
    assert_eq!((st3.pieces(1), st3.pieces(2)), (3, 9));
    let m = moves(&g, &st3);
    assert_eq!(m.len(), 3 * 12, "A1, D1, C3 to any of 12 empty points");
    assert!(m.contains(&"A1-G1".to_string()) && m.contains(&"C3-D7".to_string()));
}

#[test]
fn nine_mens_morris_random_playouts() {
    let mut g = load_rules("nine_mens_morris.lud");
    g.max_turns = 200;
    random_playouts(&g, 30, 5, morris_invariants(9));
}
