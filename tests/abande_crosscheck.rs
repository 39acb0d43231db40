//! Abande against an independent, hand-written implementation: random games
//! on both boards, comparing the legal moves after every decision and the
//! final scores and result. The reference reads the position only through
//! the public state accessors and the board's neighbour lists.

mod common;
use common::*;
use ludeme::board::Relation;
use ludeme::engine::MoveKind;
use ludeme::{Game, State};

/// The stones of a stack, bottom first, as owners (1 or 2).
fn owners(g: &Game, st: &State, s: u32) -> Vec<u8> {
    g.stack_at(st, s)
        .iter()
        .map(|&c| g.comps[c as usize].owner)
        .collect()
}

fn top(g: &Game, st: &State, s: u32) -> u8 {
    owners(g, st, s).last().copied().unwrap_or(0)
}

/// Whether the occupied sites of `occ` form exactly one group.
fn one_group(g: &Game, occ: &[bool]) -> bool {
    let Some(start) = occ.iter().position(|&o| o) else {
        return false;
    };
    let mut seen = vec![false; occ.len()];
    let mut todo = vec![start as u32];
    seen[start] = true;
    while let Some(s) = todo.pop() {
        for &t in g.board.neighbours(s, Relation::Adjacent) {
            if occ[t as usize] && !seen[t as usize] {
                seen[t as usize] = true;
                todo.push(t);
            }
        }
    }
    occ.iter().zip(&seen).all(|(&o, &v)| !o || v)
}

/// The legal moves by the rules, as (kind, from, to), sorted.
fn reference_moves(g: &Game, st: &State) -> Vec<(MoveKind, u32, u32)> {
    let n = g.board.len() as u32;
    let me = st.mover();
    let hand = g.hand_site(me);
    let in_hand = st.count(hand);
    let mut out = Vec::new();
    if st.decisions() == 0 {
        for t in 0..n {
            if st.count(t) == 0 && in_hand > 0 {
                out.push((MoveKind::Place, hand, t));
            }
        }
    } else {
        if in_hand > 0 {
            for t in 0..n {
                let touches = g
                    .board
                    .neighbours(t, Relation::Adjacent)
                    .iter()
                    .any(|&u| st.count(u) > 0);
                if st.count(t) == 0 && touches {
                    out.push((MoveKind::Place, hand, t));
                }
            }
        }
        let stones: u32 = (0..n).map(|s| st.count(s)).sum();
        if stones >= 3 {
            for f in 0..n {
                if top(g, st, f) != me {
                    continue;
                }
                for &t in g.board.neighbours(f, Relation::Adjacent) {
                    let enemy = top(g, st, t);
                    if enemy == 0 || enemy == me || st.count(f) + st.count(t) > 3 {
                        continue;
                    }
                    let mut occ: Vec<bool> = (0..n).map(|s| st.count(s) > 0).collect();
                    occ[f as usize] = false;
                    if one_group(g, &occ) {
                        out.push((MoveKind::Step, f, t));
                    }
                }
            }
        }
        if in_hand == 0 {
            out.push((MoveKind::Pass, u32::MAX, u32::MAX));
        }
    }
    if out.is_empty() {
        out.push((MoveKind::Pass, u32::MAX, u32::MAX));
    }
    out.sort_by_key(|&(k, f, t)| (k as u8, f, t));
    out
}

/// Points of `p`: the height of every stack `p` owns that touches one of `q`.
fn points(g: &Game, st: &State, p: u8, q: u8) -> i32 {
    (0..g.board.len() as u32)
        .filter(|&s| top(g, st, s) == p)
        .filter(|&s| {
            g.board
                .neighbours(s, Relation::Adjacent)
                .iter()
                .any(|&t| top(g, st, t) == q)
        })
        .map(|s| st.count(s) as i32)
        .sum()
}

fn crosscheck(options: &[&str], games: u32, seed: u64) {
    use rand::{Rng, SeedableRng};
    let g = load("abande.lud", options);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut ws = g.new_workspace();
    let mut legal = Vec::new();
    let mut moves_seen = 0usize;
    for _ in 0..games {
        let mut st = g.initial_state();
        let mut passes = 0;
        loop {
            g.legal_moves_into(&st, &mut ws, &mut legal);
            if st.is_over() {
                assert!(legal.is_empty());
                break;
            }
            assert!(passes < 2, "two passes in a row end the game");
            let mut got: Vec<(MoveKind, u32, u32)> =
                legal.iter().map(|m| (m.kind, m.from, m.to)).collect();
            got.sort_by_key(|&(k, f, t)| (k as u8, f, t));
            assert_eq!(got, reference_moves(&g, &st), "after {}", st.decisions());
            moves_seen += got.len();
            let m = legal[rng.random_range(0..legal.len())];
            passes = if m.kind == MoveKind::Pass {
                passes + 1
            } else {
                0
            };
            g.apply_with(&mut st, &m, &mut ws);
        }
        assert_eq!(passes, 2);
        let (a, b) = (points(&g, &st, 1, 2), points(&g, &st, 2, 1));
        assert_eq!((st.score(1), st.score(2)), (a, b));
        let o = st.outcome().unwrap();
        let want = match a.cmp(&b) {
            std::cmp::Ordering::Greater => "P1",
            std::cmp::Ordering::Less => "P2",
            std::cmp::Ordering::Equal => "draw",
        };
        assert_eq!(o.text(), want);
    }
    assert!(moves_seen > games as usize * 100);
}

#[test]
fn crosscheck_hexagon() {
    crosscheck(&[], 150, 1);
}

#[test]
fn crosscheck_square7() {
    crosscheck(&["Board/Square 7"], 100, 2);
}
