//! Abrobad: perft, scripted positions for every movement type, placement and
//! conclusion, snapshots, and random playouts checked against an independent
//! implementation of the rules (`reference` below).

mod common;
use common::*;
use ludeme::{Game, State};
use std::collections::BTreeSet;

const SIZE: &str = "Board Size";
const MOVEMENT: &str = "Movement Type (in any direction)";

/// The five items of the movement option, exactly as the rules name them,
/// with the reference's name for each.
const MOVEMENTS: [(&str, reference::Movement); 5] = [
    ("Step or jump to first empty", reference::Movement::Jump),
    ("Step or hop to empty", reference::Movement::Hop),
    ("Adjacent step", reference::Movement::Step),
    ("Any unobstructed slide", reference::Movement::Slide),
    ("Maximal slide", reference::Movement::MaxSlide),
];

/// Loads Abrobad with a board size (`N` of `Limping Hex N-N+1`) and a
/// movement item.
fn abrobad(n: u32, movement: &str) -> Game {
    let size = format!("{SIZE}/Limping Hex {n}-{}", n + 1);
    let movement = format!("{MOVEMENT}/{movement}");
    load("abrobad.lud", &[&size, &movement])
}

/// A position set up by hand: P1's stones, P2's stones (labels), and the
/// player to move.
fn position(g: &Game, p1: &str, p2: &str, mover: u8) -> State {
    let (d1, d2) = (g.component("Disc1").unwrap(), g.component("Disc2").unwrap());
    let mut st = g.initial_state();
    for l in p1.split_whitespace() {
        g.set_stack(&mut st, site(g, l), &[d1]);
    }
    for l in p2.split_whitespace() {
        g.set_stack(&mut st, site(g, l), &[d2]);
    }
    g.set_mover(&mut st, mover);
    st
}

/// The legal moves of the stone on `from`, sorted.
fn moves_from(g: &Game, st: &State, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    let mut m: Vec<String> = moves(g, st)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect();
    m.sort();
    m
}

fn sorted(texts: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The owner (0, 1, 2) of every board site.
fn owners(g: &Game, st: &State) -> Vec<u8> {
    (0..g.board.len() as u32)
        .map(|s| match st.what(s) {
            0 => 0,
            c => g.owner(c),
        })
        .collect()
}

fn is_placement(m: &str) -> bool {
    !m.contains('-') && !m.contains(':')
}

// ---------------------------------------------------------------------------
// Perft

#[test]
fn perft_default() {
    let g = load("abrobad.lud", &[]);
    let s = g.initial_state();
    let counts: Vec<u64> = [1, 2, 3, 5].iter().map(|&d| perft(&g, &s, d)).collect();
    assert_eq!(counts, vec![12, 132, 840, 13308]);
}

#[test]
fn perft_default_depth7() {
    let g = load("abrobad.lud", &[]);
    assert_eq!(perft(&g, &g.initial_state(), 7), 150060);
}

#[test]
fn perft_limping_hex_3_4() {
    let g = load("abrobad.lud", &["Board Size/Limping Hex 3-4"]);
    let s = g.initial_state();
    assert_eq!(perft(&g, &s, 1), 27);
    assert_eq!(perft(&g, &s, 2), 702);
    assert_eq!(perft(&g, &s, 3), 14400);
}

#[test]
fn every_size_loads_with_3n2_cells_and_every_movement_item_loads() {
    for n in 2..=9 {
        let g = abrobad(n, "Adjacent step");
        assert_eq!(g.board.len() as u32, 3 * n * n, "Limping Hex {n}-{}", n + 1);
        // the first placement may go anywhere
        assert_eq!(g.legal_moves(&g.initial_state()).len() as u32, 3 * n * n);
    }
    for (item, _) in MOVEMENTS {
        let g = abrobad(2, item);
        assert_eq!(perft(&g, &g.initial_state(), 2), 132, "{item}");
    }
}

// ---------------------------------------------------------------------------
// Movement, on a position of the 3-4 board where P1 cannot place.
//
// ```
//            D6(o)   E6(o)   F6(o)
//        C5      D5(X)   E5      F5(o)
//    B4(o)   C4(o)   D4      E4(o)   F4(o)
// A3(o)  B3(o)   C3(X)   D3(o)   E3(X)   F3
//    A2(o)   B2(X)   C2      D2(o)   E2(o)
//        A1      B1(o)   C1      D1(X)
// ```
//
// Every empty cell touches a P1 stone. From C3 the six lines are:
// E: D3 E3 (both occupied), then F3 empty;  W: B3 A3, then the edge;
// NNE: D4 E5 empty, then F6;  NNW: C4 occupied, then C5 empty;
// SSE: C2 C1 empty to the edge;  SSW: B2 occupied, then A1 empty.

const MOVE_P1: &str = "C3 E3 B2 D1 D5";
const MOVE_P2: &str = "A2 B1 D2 E2 A3 B3 D3 B4 C4 E4 F4 F5 D6 E6 F6";

fn movement_position(item: &str) -> (Game, State) {
    let g = abrobad(3, item);
    let st = position(&g, MOVE_P1, MOVE_P2, 1);
    let m = moves(&g, &st);
    assert!(!m.iter().any(|m| is_placement(m)), "no placement: {m:?}");
    assert_eq!(m.last().map(String::as_str), Some("propose:Conclude"));
    (g, st)
}

#[test]
fn step_or_jump_to_first_empty() {
    let (g, st) = movement_position("Step or jump to first empty");
    // steps to D4 and C2; jumps over one stone (C4, B2) and over two (D3 E3,
    // both colours); no jump over B3 A3, whose run reaches the edge
    assert_eq!(
        moves_from(&g, &st, "C3"),
        sorted(&["C3-D4", "C3-C2", "C3-C5", "C3-A1", "C3-F3"])
    );
    // D1: NNW over D2 D3 to D4, NNE over E2 to F3
    assert_eq!(
        moves_from(&g, &st, "D1"),
        sorted(&["D1-C1", "D1-D4", "D1-F3"])
    );
    assert_eq!(moves(&g, &st).len(), 18);
    // the jump lands on F3 and leaves C3 empty; nothing is captured
    let mut after = st.clone();
    play(&g, &mut after, "C3-F3");
    assert_eq!(after.what(site(&g, "C3")), 0);
    assert_eq!(after.what(site(&g, "D3")), g.component("Disc2").unwrap());
    assert_eq!(after.what(site(&g, "F3")), g.component("Disc1").unwrap());
    assert_eq!((after.pieces(1), after.pieces(2)), (5, 15));
    assert_eq!(after.mover(), 2);
    assert!(!after.is_over());
}

#[test]
fn step_or_hop_to_empty() {
    let (g, st) = movement_position("Step or hop to empty");
    // a hop clears exactly one stone: C4 and B2 yes, D3 E3 no
    assert_eq!(
        moves_from(&g, &st, "C3"),
        sorted(&["C3-D4", "C3-C2", "C3-C5", "C3-A1"])
    );
    // D1: over E2 to F3, but not over D2 D3
    assert_eq!(moves_from(&g, &st, "D1"), sorted(&["D1-C1", "D1-F3"]));
    assert_eq!(moves(&g, &st).len(), 16);
}

#[test]
fn adjacent_step() {
    let (g, st) = movement_position("Adjacent step");
    assert_eq!(moves_from(&g, &st, "C3"), sorted(&["C3-D4", "C3-C2"]));
    assert_eq!(moves_from(&g, &st, "D1"), sorted(&["D1-C1"]));
    assert_eq!(moves(&g, &st).len(), 10);
}

#[test]
fn any_unobstructed_slide() {
    let (g, st) = movement_position("Any unobstructed slide");
    // NNE stops before F6, SSE runs to the edge; no slide over a stone
    assert_eq!(
        moves_from(&g, &st, "C3"),
        sorted(&["C3-D4", "C3-E5", "C3-C2", "C3-C1"])
    );
    assert_eq!(moves(&g, &st).len(), 12);
}

#[test]
fn maximal_slide() {
    let (g, st) = movement_position("Maximal slide");
    // only the last empty cell of each line: E5 (before F6), C1 (the edge)
    assert_eq!(moves_from(&g, &st, "C3"), sorted(&["C3-E5", "C3-C1"]));
    // D5's lines: E: E5, then F5; W: C5, then the edge; SSE: D4, then D3
    assert_eq!(
        moves_from(&g, &st, "D5"),
        sorted(&["D5-E5", "D5-C5", "D5-D4"])
    );
    assert_eq!(moves(&g, &st).len(), 10);
}

// ---------------------------------------------------------------------------
// Placement first, conclusion last

#[test]
fn placement_is_forced_while_one_exists() {
    let g = load("abrobad.lud", &[]);
    let st = g.initial_state();
    assert!(moves(&g, &st).iter().all(|m| is_placement(m)));
    // B2 C2 D2: P2 may only place, on the cells not next to C2
    let st = after(&g, "B2 C2 D2");
    assert_eq!(moves(&g, &st), ["A1", "A2", "B3", "C4", "D4"]);
    assert!(g.parse_move(&st, "propose:Conclude").is_err());
    assert!(
        g.parse_move(&st, "C2-C1").is_err(),
        "C1 is empty, C2 could step"
    );
    // one placement left is still forced, though moves and conclusion exist
    let g = abrobad(2, "Adjacent step");
    let st = position(&g, "B1 C2 D3", "A2 B3", 1);
    assert_eq!(moves(&g, &st), ["C4"]);
}

#[test]
fn no_placement_offers_moves_and_conclude_and_placement_comes_back() {
    let g = abrobad(2, "Adjacent step");
    //        C4(X) D4
    //      B3    C3    D3(X)
    //   A2(o) B2    C2(X) D2
    //      A1    B1(X) C1
    let st = position(&g, "B1 C2 D3 C4", "A2", 1);
    let mut m = moves(&g, &st);
    // the conclusion comes after the moves
    assert_eq!(m.pop().as_deref(), Some("propose:Conclude"));
    m.sort();
    assert_eq!(
        m,
        sorted(&[
            "B1-A1", "B1-B2", "B1-C1", "C2-B2", "C2-C1", "C2-C3", "C2-D2", "C4-B3", "C4-C3",
            "C4-D4", "D3-C3", "D3-D2", "D3-D4"
        ])
    );
    // B1 leaves: P2 must place, then P1 must place on A1, which no P1
    // stone touches any more
    let mut st = st;
    play(&g, &mut st, "B1-C1");
    assert_eq!(moves(&g, &st), ["B1", "D2", "C3", "D4"]);
    play(&g, &mut st, "D4");
    assert_eq!(moves(&g, &st), ["A1"]);
    assert!(g.parse_move(&st, "propose:Conclude").is_err());
    assert!(!st.is_over());
}

#[test]
fn concluding_fills_the_board_and_scores_groups_tie_goes_to_the_concluder() {
    let g = load("abrobad.lud", &[]);
    // P1: B1 C2 D3 form one group, C4 another. Concluding gives P2 every
    // empty cell: A1 A2 B2 B3 C3 D4 (one group) and C1 D2 (another).
    let mut st = position(&g, "B1 C2 D3 C4", "A2", 1);
    play(&g, &mut st, "propose:Conclude");
    assert!(st.is_over());
    assert!((0..12).all(|s| st.what(s) != 0), "the board is full");
    assert_eq!((st.pieces(1), st.pieces(2)), (4, 8));
    for l in ["A1", "B2", "B3", "C3", "D4", "C1", "D2"] {
        assert_eq!(g.owner(st.what(site(&g, l))), 2, "{l} filled for P2");
    }
    assert_eq!((st.score(1), st.score(2)), (2, 2));
    assert_eq!(
        st.outcome().unwrap().text(),
        "P1",
        "2 = 2: the concluder wins"
    );

    // the same position with the colours swapped: P2 concludes and wins
    let mut st = position(&g, "A2", "B1 C2 D3 C4", 2);
    play(&g, &mut st, "propose:Conclude");
    assert_eq!((st.score(1), st.score(2)), (2, 2));
    assert_eq!(st.outcome().unwrap().text(), "P2");
}

#[test]
fn more_groups_than_the_opponent_loses() {
    let g = load("abrobad.lud", &[]);
    // P1: B1, C3 apart. P2 receives everything else: one group.
    let mut st = position(&g, "B1 C3", "A2 D2", 1);
    play(&g, &mut st, "propose:Conclude");
    assert_eq!((st.score(1), st.score(2)), (2, 1));
    assert_eq!(st.outcome().unwrap().text(), "P2");
}

#[test]
fn fewer_groups_than_the_opponent_wins() {
    let g = load("abrobad.lud", &[]);
    // P1: A1 B2 C3 D3 D2, one chain. P2's cells: B1 C1 C2 (one group), A2 B3
    // C4 D4 (another).
    let mut st = position(&g, "A1 B2 C3 D3 D2", "", 1);
    play(&g, &mut st, "propose:Conclude");
    assert_eq!((st.score(1), st.score(2)), (1, 2));
    assert_eq!(st.outcome().unwrap().text(), "P1");
}

// ---------------------------------------------------------------------------
// Snapshots

#[test]
fn snapshot_start_moves() {
    let g = load("abrobad.lud", &[]);
    insta::assert_snapshot!(moves(&g, &g.initial_state()).join(" "));
}

#[test]
fn snapshot_seeded_games_to_their_conclusion() {
    for (i, (item, _)) in MOVEMENTS.iter().enumerate() {
        let g = abrobad(2, item);
        let line = seeded_line(&g, 100 + i as u64);
        let trace = ludeme::cli::play::trace(&g, &line).unwrap();
        let st = after(&g, &line);
        assert!(st.is_over(), "{item}: {line}");
        assert!(line.ends_with("propose:Conclude"), "{item}: {line}");
        insta::with_settings!({ description => *item }, {
            insta::assert_snapshot!(format!("seeded_game_{i}"), trace);
        });
    }
}

/// A seeded game: random moves, except that a player offered the
/// conclusion takes it when it wins, or once the game is 24 plies long.
fn seeded_line(g: &Game, seed: u64) -> String {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut st = g.initial_state();
    let mut line = Vec::new();
    while !st.is_over() {
        let legal = g.legal_moves(&st);
        let texts = g.move_texts(&legal);
        let conclude = texts.iter().position(|t| t == "propose:Conclude");
        let pick = match conclude {
            Some(k) => {
                let mut tried = st.clone();
                g.apply(&mut tried, &legal[k]);
                let wins = tried.outcome().unwrap().winner() == Some(st.mover());
                if wins || line.len() >= 24 || legal.len() == 1 {
                    k
                } else {
                    // a random move other than the conclusion
                    let r = rng.random_range(0..legal.len() - 1);
                    if r >= k { r + 1 } else { r }
                }
            }
            None => rng.random_range(0..legal.len()),
        };
        line.push(texts[pick].clone());
        g.apply(&mut st, &legal[pick]);
    }
    line.join(" ")
}

// ---------------------------------------------------------------------------
// Random playouts against the reference

/// A position of a random game: its owners, its mover, the reference's
/// moves.
type Previous = (Vec<u8>, u8, BTreeSet<String>);

#[test]
fn random_playouts_match_the_reference() {
    use std::cell::{Cell, RefCell};
    for n in 2..=4u32 {
        for (item, movement) in MOVEMENTS {
            let g = abrobad(n, item);
            let hex = reference::Hex::new(n as i32);
            // the engine's sites are the reference's cells, in the same order
            for (i, l) in hex.labels.iter().enumerate() {
                assert_eq!(g.board.site_by_label(l), Some(i as u32), "{l}");
            }
            assert_eq!(g.board.len(), hex.labels.len());
            // the previous position: owners, mover, reference moves
            let prev: RefCell<Option<Previous>> = RefCell::new(None);
            // positions where stones could move, and conclusions
            let (moving, concluded) = (Cell::new(0u32), Cell::new(0u32));
            let games = if n == 4 { 40 } else { 80 };
            random_playouts(&g, games, 17 * n as u64, |g, st| {
                let board = owners(g, st);
                let mut prev = prev.borrow_mut();
                if st.decisions() == 0 {
                    assert!(board.iter().all(|&o| o == 0));
                    *prev = None;
                }
                for p in 1..=2u8 {
                    let on_board = board.iter().filter(|&&o| o == p).count() as u32;
                    assert_eq!(st.pieces(p), on_board);
                }
                if let Some((pb, pm, pmoves)) = prev.as_ref() {
                    // the position follows from one of the reference's moves
                    let ok = pmoves
                        .iter()
                        .any(|m| hex.apply(pb, *pm, m).as_ref() == Some(&board));
                    assert!(ok, "{item}: no reference move leads here");
                    // no stone is ever lost
                    for p in 1..=2u8 {
                        let before = pb.iter().filter(|&&o| o == p).count();
                        let now = board.iter().filter(|&&o| o == p).count();
                        assert!(now >= before, "P{p} lost a stone");
                    }
                    match st.outcome() {
                        None => assert_eq!(st.mover(), 3 - pm),
                        Some(o) => {
                            // a conclusion by pm: the board is full, scores are
                            // the group counts, ties go to the concluder
                            assert!(board.iter().all(|&o| o != 0), "full board");
                            let (g1, g2) = (hex.groups(&board, 1), hex.groups(&board, 2));
                            assert_eq!((st.score(1), st.score(2)), (g1 as i32, g2 as i32));
                            let (mine, theirs) = if *pm == 1 { (g1, g2) } else { (g2, g1) };
                            let winner = if mine <= theirs { *pm } else { 3 - pm };
                            assert_eq!(o.winner(), Some(winner), "{item}");
                            concluded.set(concluded.get() + 1);
                        }
                    }
                }
                if st.is_over() {
                    *prev = None;
                    return;
                }
                assert_eq!((st.score(1), st.score(2)), (0, 0));
                let engine: Vec<String> = moves(g, st);
                let set: BTreeSet<String> = engine.iter().cloned().collect();
                assert_eq!(set.len(), engine.len(), "no duplicate texts");
                let expected = hex.moves(&board, st.mover(), movement);
                assert_eq!(set, expected, "{item}, size {n}: {}", g.picture(st));
                if expected.contains("propose:Conclude") {
                    moving.set(moving.get() + 1);
                }
                *prev = Some((board, st.mover(), expected));
            });
            assert_eq!(
                concluded.get(),
                games,
                "{item}, size {n}: every game concluded"
            );
            assert!(moving.get() >= games, "{item}, size {n}: {}", moving.get());
        }
    }
}

/// An independent implementation of Abrobad's rules on `(hex Limping N)`,
/// from the rules text and docs/boards.md: cells by axial coordinates, moves as
/// text.
mod reference {
    use std::collections::BTreeSet;

    #[derive(Clone, Copy, Debug)]
    pub enum Movement {
        Jump,
        Hop,
        Step,
        Slide,
        MaxSlide,
    }

    /// E, W, NNE, NNW, SSE, SSW as (row, column) steps.
    const DIRS: [(i32, i32); 6] = [(0, 1), (0, -1), (1, 1), (1, 0), (-1, 0), (-1, -1)];

    pub struct Hex {
        cells: Vec<(i32, i32)>,
        pub labels: Vec<String>,
    }

    impl Hex {
        pub fn new(n: i32) -> Hex {
            let mut cells = Vec::new();
            for r in 0..2 * n {
                for c in (r - n + 1).max(0)..=(2 * n - 1).min(r + n) {
                    cells.push((r, c));
                }
            }
            let labels = cells
                .iter()
                .map(|&(r, c)| format!("{}{}", (b'A' + c as u8) as char, r + 1))
                .collect();
            Hex { cells, labels }
        }

        fn at(&self, r: i32, c: i32) -> Option<usize> {
            self.cells.iter().position(|&x| x == (r, c))
        }

        /// The cells along a direction from cell `i`, nearest first.
        fn ray(&self, i: usize, (dr, dc): (i32, i32)) -> Vec<usize> {
            let (mut r, mut c) = self.cells[i];
            let mut out = Vec::new();
            loop {
                r += dr;
                c += dc;
                match self.at(r, c) {
                    Some(j) => out.push(j),
                    None => return out,
                }
            }
        }

        fn neighbours(&self, i: usize) -> Vec<usize> {
            DIRS.iter()
                .filter_map(|&(dr, dc)| self.at(self.cells[i].0 + dr, self.cells[i].1 + dc))
                .collect()
        }

        pub fn moves(&self, board: &[u8], mover: u8, movement: Movement) -> BTreeSet<String> {
            let place: BTreeSet<String> = (0..board.len())
                .filter(|&i| board[i] == 0)
                .filter(|&i| self.neighbours(i).iter().all(|&j| board[j] != mover))
                .map(|i| self.labels[i].clone())
                .collect();
            if !place.is_empty() {
                return place;
            }
            let mut out = BTreeSet::new();
            out.insert("propose:Conclude".to_string());
            for f in (0..board.len()).filter(|&i| board[i] == mover) {
                for d in DIRS {
                    let ray = self.ray(f, d);
                    let occupied = ray.iter().take_while(|&&j| board[j] != 0).count();
                    let empty = ray.iter().take_while(|&&j| board[j] == 0).count();
                    let mut to = Vec::new();
                    match movement {
                        Movement::Jump | Movement::Hop | Movement::Step => {
                            if empty > 0 {
                                to.push(ray[0]);
                            }
                            let hop_ok = match movement {
                                Movement::Jump => occupied >= 1,
                                Movement::Hop => occupied == 1,
                                _ => false,
                            };
                            if hop_ok && occupied < ray.len() {
                                to.push(ray[occupied]);
                            }
                        }
                        Movement::Slide => to.extend(&ray[..empty]),
                        Movement::MaxSlide => {
                            if empty > 0 {
                                to.push(ray[empty - 1]);
                            }
                        }
                    }
                    for t in to {
                        out.insert(format!("{}-{}", self.labels[f], self.labels[t]));
                    }
                }
            }
            out
        }

        /// The position after `mover` plays `m` (None if `m` is not a move
        /// text of this board).
        pub fn apply(&self, board: &[u8], mover: u8, m: &str) -> Option<Vec<u8>> {
            let idx = |l: &str| self.labels.iter().position(|x| x == l);
            let mut b = board.to_vec();
            if m == "propose:Conclude" {
                for o in b.iter_mut().filter(|o| **o == 0) {
                    *o = 3 - mover;
                }
            } else if let Some((f, t)) = m.split_once('-') {
                let (f, t) = (idx(f)?, idx(t)?);
                b[f] = 0;
                b[t] = mover;
            } else {
                b[idx(m)?] = mover;
            }
            Some(b)
        }

        /// Connected groups of `p`'s stones.
        pub fn groups(&self, board: &[u8], p: u8) -> usize {
            let mut seen = vec![false; board.len()];
            let mut count = 0;
            for i in 0..board.len() {
                if board[i] != p || seen[i] {
                    continue;
                }
                count += 1;
                seen[i] = true;
                let mut stack = vec![i];
                while let Some(j) = stack.pop() {
                    for k in self.neighbours(j) {
                        if board[k] == p && !seen[k] {
                            seen[k] = true;
                            stack.push(k);
                        }
                    }
                }
            }
            count
        }
    }
}
