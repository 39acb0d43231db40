//! Icebreaker: perft, scripted positions, `count Steps` and `sites Distance`
//! unit tests, snapshots, random playouts checked against an independent
//! implementation of the rules.

mod common;
use common::*;

use ludeme::engine::MoveKind;
use ludeme::{Choices, Game, State};
use std::collections::{BTreeMap, BTreeSet};

/// `count Steps` of an unreachable target (Ludii's `Constants.INFINITY`).
const INF: i32 = 1_000_000_000;

fn icebreaker(size: u32) -> Game {
    load("icebreaker.lud", &[&format!("Board Size/{size}")])
}

/// Icebergs at the start: every cell but the six corners.
fn initial_ice(size: u32) -> u32 {
    3 * size * (size - 1) + 1 - 6
}

/// The score that ends the game: more than half the icebergs.
fn winning_score(size: u32) -> i32 {
    (initial_ice(size) / 2 + 1) as i32
}

fn comp(g: &Game, name: &str) -> u8 {
    g.component(name)
        .unwrap_or_else(|| panic!("no component {name}"))
}

/// A position on an otherwise empty sea: P1's ships, P2's ships, icebergs,
/// the player to move. Scores are 0.
fn sea(g: &Game, p1: &[&str], p2: &[&str], ice: &[&str], mover: u8) -> State {
    let mut st = g.initial_state();
    for s in 0..g.board.len() as u32 {
        g.set_stack(&mut st, s, &[]);
    }
    for (labels, name) in [(p1, "Ship1"), (p2, "Ship2"), (ice, "Disc0")] {
        let c = comp(g, name);
        for l in labels {
            g.set_stack(&mut st, site(g, l), &[c]);
        }
    }
    g.set_mover(&mut st, mover);
    st
}

/// The legal moves of the ship on `from`, sorted.
fn moves_of(g: &Game, st: &State, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    let mut v: Vec<String> = moves(g, st)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

//------------------------------------------------------------------------------
// An independent implementation of the rules (icebreaker.md), written from
// the rules page, not from the description: a multi-source breadth-first
// search from the icebergs over the cells without a ship.

struct Reference<'a> {
    g: &'a Game,
    ice: u8,
    half: i32,
}

impl<'a> Reference<'a> {
    fn new(g: &'a Game, size: u32) -> Self {
        Reference {
            g,
            ice: comp(g, "Disc0"),
            half: (initial_ice(size) / 2) as i32,
        }
    }

    fn is_ship(&self, st: &State, s: u32) -> bool {
        let w = st.what(s);
        w != 0 && w != self.ice
    }

    fn neighbours(&self, s: u32) -> &[u32] {
        self.g
            .board
            .neighbours(s, ludeme::board::Relation::Adjacent)
    }

    /// For every cell without a ship: the length of the shortest path of
    /// ship-free cells from it to an iceberg (INF if there is none).
    fn sea_distances(&self, st: &State) -> Vec<i32> {
        let n = self.g.board.len();
        let mut d = vec![INF; n];
        let mut queue = std::collections::VecDeque::new();
        for s in 0..n as u32 {
            if st.what(s) == self.ice {
                d[s as usize] = 0;
                queue.push_back(s);
            }
        }
        while let Some(s) = queue.pop_front() {
            for &t in self.neighbours(s) {
                if d[t as usize] == INF && !self.is_ship(st, t) {
                    d[t as usize] = d[s as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
        d
    }

    /// Distance from a cell (a ship's or not) to its nearest iceberg: the
    /// cell itself is left, never entered.
    fn distance(&self, st: &State, d: &[i32], s: u32) -> i32 {
        if st.what(s) == self.ice {
            return 0;
        }
        let best = self
            .neighbours(s)
            .iter()
            .filter(|&&t| !self.is_ship(st, t))
            .map(|&t| d[t as usize])
            .min()
            .unwrap_or(INF);
        if best == INF { INF } else { best + 1 }
    }

    /// The mover's legal moves, sorted (`pass` when there are none).
    fn moves(&self, st: &State) -> Vec<String> {
        let d = self.sea_distances(st);
        let mut out = Vec::new();
        let owner = |s: u32| self.g.owner(st.what(s));
        for s in 0..self.g.board.len() as u32 {
            if !self.is_ship(st, s) || owner(s) != st.mover() {
                continue;
            }
            let here = self.distance(st, &d, s);
            for &t in self.neighbours(s) {
                if !self.is_ship(st, t) && self.distance(st, &d, t) == here - 1 {
                    out.push(format!(
                        "{}-{}",
                        self.g.board.label(s),
                        self.g.board.label(t)
                    ));
                }
            }
        }
        if out.is_empty() {
            out.push("pass".to_string());
        }
        out.sort();
        out
    }
}

/// Random games on the board of `size`, each decision checked against the
/// reference: the legal moves, the ship moved, the iceberg broken, the
/// scores, the end and the winner.
fn play_against_reference(size: u32, games: u32, seed: u64) {
    use rand::{Rng, SeedableRng};
    let g = icebreaker(size);
    let r = Reference::new(&g, size);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut ws = g.new_workspace();
    let mut legal = Vec::new();
    let mut finished_by_score = 0;
    for _ in 0..games {
        let mut st = g.initial_state();
        let mut pass_turns = 0;
        while !st.is_over() {
            g.legal_moves_into(&st, &mut ws, &mut legal);
            let mut texts = g.move_texts(&legal);
            texts.sort();
            assert_eq!(texts, r.moves(&st), "size {size}\n{}", g.picture(&st));
            // a ship beside an iceberg only ever breaks one
            for m in &legal {
                if m.kind == MoveKind::Step
                    && r.neighbours(m.from).iter().any(|&t| st.what(t) == r.ice)
                {
                    assert_eq!(st.what(m.to), r.ice, "{}", g.picture(&st));
                }
            }
            let m = legal[rng.random_range(0..legal.len())];
            let before = st.clone();
            let mover = before.mover();
            g.apply_with(&mut st, &m, &mut ws);

            let mut board_after: Vec<u8> =
                (0..g.board.len() as u32).map(|s| before.what(s)).collect();
            let mut scores = [0, before.score(1), before.score(2)];
            if m.kind == MoveKind::Pass {
                pass_turns += 1;
            } else {
                pass_turns = 0;
                assert_eq!(m.kind, MoveKind::Step);
                if before.what(m.to) == r.ice {
                    scores[mover as usize] += 1;
                }
                board_after[m.to as usize] = before.what(m.from);
                board_after[m.from as usize] = 0;
            }
            for s in 0..g.board.len() as u32 {
                assert_eq!(st.what(s), board_after[s as usize], "site {s}");
            }
            assert_eq!((st.score(1), st.score(2)), (scores[1], scores[2]));
            let won = scores[mover as usize] > r.half;
            let drawn = pass_turns >= 2 || st.decisions() >= 2500;
            match st.outcome() {
                None => assert!(!won && !drawn, "the game should be over"),
                Some(o) if won => {
                    assert_eq!(o.winner(), Some(mover));
                    assert_eq!(scores[mover as usize], r.half + 1);
                    finished_by_score += 1;
                }
                Some(o) => assert!(drawn && o.is_draw(), "{}", o.text()),
            }
        }
    }
    assert!(
        finished_by_score > 0,
        "no game on size {size} ended by score"
    );
}

//------------------------------------------------------------------------------
// Perft

#[test]
fn perft_size5() {
    let g = load("icebreaker.lud", &[]);
    let s = g.initial_state();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(counts, vec![9, 81, 783, 7563]);
}

#[test]
fn perft_size4() {
    let g = icebreaker(4);
    assert_eq!(perft(&g, &g.initial_state(), 3), 777);
}

//------------------------------------------------------------------------------
// The start

#[test]
fn start_position() {
    for size in 4..=8 {
        let g = icebreaker(size);
        let st = g.initial_state();
        assert_eq!(g.board.len() as u32, 3 * size * (size - 1) + 1);
        assert_eq!((st.pieces(1), st.pieces(2)), (3, 3));
        assert_eq!(st.pieces(0), initial_ice(size));
        let corners = g.board.corners();
        assert_eq!(corners.len(), 6);
        for &c in corners {
            assert!(st.what(c) == comp(&g, "Ship1") || st.what(c) == comp(&g, "Ship2"));
        }
        assert_eq!(st.mover(), 1);
    }
    // size 5: P1 at E9, I5, A1; P2 at I9, A5, E1
    let g = load("icebreaker.lud", &[]);
    let st = g.initial_state();
    for (l, p) in [
        ("E9", 1),
        ("I5", 1),
        ("A1", 1),
        ("I9", 2),
        ("A5", 2),
        ("E1", 2),
    ] {
        assert_eq!(g.owner(st.what(site(&g, l))), p, "{l}");
    }
    assert_eq!(st.pieces(0), 55);
}

//------------------------------------------------------------------------------
// Scripted positions (size 5)

#[test]
fn every_first_move_breaks_ice() {
    let g = load("icebreaker.lud", &[]);
    let st = g.initial_state();
    for m in moves(&g, &st) {
        let mut s = st.clone();
        play(&g, &mut s, &m);
        assert_eq!((s.score(1), s.score(2)), (1, 0), "{m}");
        assert_eq!(s.pieces(0), 54, "{m}");
    }
}

#[test]
fn a_ship_beside_an_iceberg_must_break_one() {
    let g = load("icebreaker.lud", &[]);
    // E5 touches icebergs F5 and E6; its empty neighbour D4 touches the
    // iceberg D3, so D4 is at distance 1 as well: not a step closer.
    let st = sea(
        &g,
        &["E5", "A1", "E9"],
        &["I9", "A5", "E1"],
        &["F5", "E6", "D3"],
        1,
    );
    assert_eq!(moves_of(&g, &st, "E5"), sorted(&["E5-F5", "E5-E6"]));
    for m in moves_of(&g, &st, "E5") {
        let mut s = st.clone();
        play(&g, &mut s, &m);
        assert_eq!(s.score(1), 1, "{m}");
        assert_eq!(s.pieces(0), 2, "{m}");
        assert_eq!(s.what(site(&g, &m[3..])), comp(&g, "Ship1"));
        assert_eq!(s.what(site(&g, "E5")), 0);
    }
    // a single iceberg beside it: the only move of that ship
    let st = sea(
        &g,
        &["E5", "A1", "E9"],
        &["I9", "A5", "E1"],
        &["F5", "C3"],
        1,
    );
    assert_eq!(moves_of(&g, &st, "E5"), vec!["E5-F5"]);
}

#[test]
fn a_ship_may_not_step_onto_a_ship() {
    let g = load("icebreaker.lud", &[]);
    // F5 lies between E5 and the only iceberg G5: whichever side's ship is
    // on F5, E5 sails around it (E5 is 3 away; F6 and E4 are 2 away).
    for (p1, p2) in [
        (["E5", "A1", "E9"], ["F5", "A5", "E1"]),
        (["E5", "F5", "E9"], ["I9", "A5", "E1"]),
    ] {
        let st = sea(&g, &p1, &p2, &["G5"], 1);
        assert_eq!(moves_of(&g, &st, "E5"), sorted(&["E5-F6", "E5-E4"]));
    }
    // a ship beside both an iceberg and a ship breaks the iceberg
    let st = sea(
        &g,
        &["E5", "A1", "E9"],
        &["F5", "A5", "E1"],
        &["E6", "G5"],
        1,
    );
    assert_eq!(moves_of(&g, &st, "E5"), vec!["E5-E6"]);
}

#[test]
fn distance_goes_around_ships() {
    let g = load("icebreaker.lud", &[]);
    // The only iceberg is G5, two steps east of E5 (E5-F5-G5). Ships on F5,
    // F6, E4 and E3 block that way and the way below; the shortest way
    // round is E5-E6-F7-G7-G6-G5 (5 steps), the one below is 7.
    let st = sea(&g, &["E5", "E4", "E3"], &["F5", "F6", "A1"], &["G5"], 1);
    assert_eq!(moves_of(&g, &st, "E5"), vec!["E5-E6"]);
    // following the detour (P1 kept to move), the ship has exactly one
    // step each time and breaks G5 on the fifth
    let mut st = st;
    let route = ["E5-E6", "E6-F7", "F7-G7", "G7-G6", "G6-G5"];
    for (i, step) in route.iter().enumerate() {
        assert_eq!(
            moves_of(&g, &st, &step[..2]),
            vec![step.to_string()],
            "step {i}"
        );
        play(&g, &mut st, step);
        g.set_mover(&mut st, 1);
    }
    assert_eq!(st.score(1), 1);
    assert_eq!(st.pieces(0), 0);
}

#[test]
fn scores_count_captures() {
    let g = load("icebreaker.lud", &[]);
    let mut st = g.initial_state();
    for (m, s1, s2) in [
        ("E9-E8", 1, 0),
        ("I9-H8", 1, 1),
        ("A1-A2", 2, 1),
        ("E1-E2", 2, 2),
    ] {
        play(&g, &mut st, m);
        assert_eq!((st.score(1), st.score(2)), (s1, s2), "after {m}");
    }
    assert_eq!(st.pieces(0), 51);
    // a step onto open water scores nothing
    let mut st = sea(&g, &["E5", "A1", "E9"], &["I9", "A5", "E1"], &["G5"], 1);
    assert_eq!(moves_of(&g, &st, "E5"), vec!["E5-F5"]);
    play(&g, &mut st, "E5-F5");
    assert_eq!((st.score(1), st.score(2)), (0, 0));
    assert_eq!(st.pieces(0), 1);
}

#[test]
fn the_capture_that_passes_half_the_ice_ends_the_game() {
    for size in [4, 5] {
        let g = icebreaker(size);
        let win = winning_score(size);
        for seed in 0..4 {
            let line = seeded_line(&g, seed, 10_000);
            let (end, states) = ludeme::cli::play::play_line(&g, &line).unwrap();
            let o = end.outcome().expect("the game ends");
            let before = &states[states.len() - 2];
            let p = before.mover();
            // the winner had one capture to go; the last move was a capture
            assert!(!before.is_over());
            assert_eq!(before.score(p), win - 1, "size {size} seed {seed}");
            assert_eq!(end.score(p), win);
            assert_eq!(end.pieces(0), before.pieces(0) - 1);
            assert!(end.score(3 - p) < win);
            assert_eq!(o.winner(), Some(p), "higher score wins");
            assert_eq!(
                end.score(1) + end.score(2),
                initial_ice(size) as i32 - end.pieces(0) as i32
            );
            // no earlier position was over, and nobody had the winning score
            for s in &states[..states.len() - 1] {
                assert!(!s.is_over());
                assert!(s.score(1) < win && s.score(2) < win);
            }
        }
    }
    assert_eq!(winning_score(5), 28);
    assert_eq!(winning_score(4), 16);
}

#[test]
fn twenty_seven_captures_do_not_end_the_game_on_size_5() {
    // from a seeded game: the position where the eventual winner has 27
    // and is to move; a capture ends it, a step into open water does not.
    let g = load("icebreaker.lud", &[]);
    let ice = comp(&g, "Disc0");
    let mut checked = 0;
    for seed in 0..20 {
        let line = seeded_line(&g, seed, 10_000);
        let (_, states) = ludeme::cli::play::play_line(&g, &line).unwrap();
        for st in &states {
            let p = st.mover();
            if st.is_over() || st.score(p) != 27 {
                continue;
            }
            for m in g.legal_moves(st) {
                let mut s = st.clone();
                g.apply(&mut s, &m);
                if m.kind == MoveKind::Step && st.what(m.to) == ice {
                    assert_eq!(s.score(p), 28);
                    assert_eq!(s.outcome().and_then(|o| o.winner()), Some(p));
                    checked += 1;
                } else {
                    assert_eq!(s.score(p), 27);
                    assert!(!s.is_over());
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0);
}

//------------------------------------------------------------------------------
// `count Steps` and `sites Distance`, through tiny descriptions

fn tiny(board: &str, start: &str, play: &str) -> Game {
    let text = format!(
        r#"(game "Tiny"
    (players 2)
    (equipment {{
        (board {board})
        (piece "Disc" Each)
        (piece "Marker" Neutral)
    }})
    (rules
        (start {{ {start} }})
        (play {play})
    )
)"#
    );
    ludeme::compile_str("tiny.lud", &text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// `(place ...)` rules for markers (targets) and P2 discs (walls).
fn placements(markers: &[&str], walls: &[&str]) -> String {
    let list = |v: &[&str]| {
        v.iter()
            .map(|l| format!("\"{l}\""))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut s = String::new();
    if !markers.is_empty() {
        s.push_str(&format!("(place \"Marker0\" {{{}}}) ", list(markers)));
    }
    if !walls.is_empty() {
        s.push_str(&format!("(place \"Disc2\" {{{}}})", list(walls)));
    }
    s
}

/// The legal moves (site labels of `move Add`), sorted; `pass` if none.
fn add_sites(g: &Game) -> Vec<String> {
    let mut v = moves(g, &g.initial_state());
    v.sort();
    v
}

/// A step that may enter any cell but a P2 disc (a wall).
const PAST_WALLS: &str = "(step Orthogonal (to if:(!= (who at:(to)) 2)))";

/// For every empty cell X of a 5x5 square: `(count Steps STEP X TARGETS)`,
/// read off the score that `(set Score Mover ...)` leaves after adding a
/// disc on X.
fn steps_from_each_empty_cell(
    markers: &[&str],
    walls: &[&str],
    step: &str,
    targets: &str,
) -> BTreeMap<String, i32> {
    let g = tiny(
        "(square 5)",
        &placements(markers, walls),
        &format!(
            "(move Add (to (sites Empty)) (then (set Score Mover (count Steps {step} (to) {targets}))))"
        ),
    );
    let st = g.initial_state();
    let mut out = BTreeMap::new();
    for m in g.legal_moves(&st) {
        let mut s = st.clone();
        g.apply(&mut s, &m);
        out.insert(g.board.label(m.to).to_string(), s.score(1));
    }
    out
}

fn manhattan(a: &str, b: &str) -> i32 {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    (a[0] as i32 - b[0] as i32).abs() + (a[1] as i32 - b[1] as i32).abs()
}

#[test]
fn count_steps_on_an_open_board_is_the_path_length() {
    let d = steps_from_each_empty_cell(&["C3"], &[], PAST_WALLS, "(sites Occupied by:Neutral)");
    assert_eq!(d.len(), 24);
    for (l, v) in &d {
        assert_eq!(*v, manhattan(l, "C3"), "{l}");
    }
    // two targets: the nearer counts
    let d = steps_from_each_empty_cell(
        &["A1", "E5"],
        &[],
        PAST_WALLS,
        "(sites Occupied by:Neutral)",
    );
    for (l, v) in &d {
        assert_eq!(*v, manhattan(l, "A1").min(manhattan(l, "E5")), "{l}");
    }
}

#[test]
fn count_steps_goes_around_walls() {
    // a wall C1..C4 between the A-B columns and the target E1
    let d = steps_from_each_empty_cell(
        &["E1"],
        &["C1", "C2", "C3", "C4"],
        PAST_WALLS,
        "(sites Occupied by:Neutral)",
    );
    assert_eq!(d["D1"], 1);
    assert_eq!(d["E5"], 4);
    assert_eq!(d["C5"], 6);
    assert_eq!(d["B1"], 11); // B1 .. B5 C5 D5 .. D1 E1
    assert_eq!(d["A1"], 12);
    assert_eq!(d["A5"], 8);
}

#[test]
fn count_steps_to_an_unreachable_target_is_a_billion() {
    // a full wall C1..C5: the A and B columns can't reach E1
    let walls = ["C1", "C2", "C3", "C4", "C5"];
    let d = steps_from_each_empty_cell(&["E1"], &walls, PAST_WALLS, "(sites Occupied by:Neutral)");
    for (l, v) in &d {
        if l.starts_with('A') || l.starts_with('B') {
            assert_eq!(*v, INF, "{l}");
        } else {
            assert_eq!(*v, manhattan(l, "E1"), "{l}");
        }
    }
    // the same, visible as legal moves: `(= (count Steps ...) 1000000000)`
    let g = tiny(
        "(square 5)",
        &placements(&["E1"], &walls),
        &format!(
            "(move Add (to (sites Empty) if:(= (count Steps {PAST_WALLS} (to) (sites Occupied by:Neutral)) 1000000000)))"
        ),
    );
    let expected: Vec<String> = ["A", "B"]
        .iter()
        .flat_map(|c| (1..=5).map(move |r| format!("{c}{r}")))
        .collect();
    assert_eq!(add_sites(&g), expected);
}

#[test]
fn count_steps_enters_a_target_only_if_the_step_allows_it() {
    // `(is Empty (to))`: the marker itself can't be entered, so it is never
    // reached, from anywhere
    let d = steps_from_each_empty_cell(
        &["C3"],
        &[],
        "(step Orthogonal (to if:(is Empty (to))))",
        "(sites Occupied by:Neutral)",
    );
    assert_eq!(d.len(), 24);
    assert!(d.values().all(|&v| v == INF), "{d:?}");
}

#[test]
fn count_steps_is_zero_from_a_target() {
    // every empty cell is a target of `(sites Empty)`: 0 steps
    let g = tiny(
        "(square 5)",
        &placements(&["C3"], &[]),
        &format!(
            "(move Add (to (sites Empty) if:(= (count Steps {PAST_WALLS} (to) (sites Empty)) 0)))"
        ),
    );
    assert_eq!(add_sites(&g).len(), 24);
}

#[test]
fn count_steps_never_tests_its_origin() {
    // From a fixed origin C3 that holds a wall: the step condition is
    // tested on the cells entered, not on the origin, so distances are as on
    // an open board. The target `(to)` depends on the candidate: the search
    // runs per candidate.
    for n in 1..=4 {
        let g = tiny(
            "(square 5)",
            &placements(&[], &["C3"]),
            &format!(
                "(move Add (to (sites Empty) if:(= (count Steps {PAST_WALLS} \"C3\" (to)) {n})))"
            ),
        );
        let mut expected: Vec<String> = g
            .board
            .all_sites()
            .map(|s| g.board.label(s).to_string())
            .filter(|l| manhattan(l, "C3") == n)
            .collect();
        expected.sort();
        assert_eq!(add_sites(&g), expected, "n = {n}");
    }
}

#[test]
fn count_steps_to_an_empty_region_is_zero() {
    // Ludii's CountSteps returns 0 as soon as the target region is empty,
    // before any search
    let d = steps_from_each_empty_cell(&[], &["A1"], PAST_WALLS, "(sites Occupied by:Neutral)");
    assert_eq!(d.len(), 24);
    assert!(d.values().all(|&v| v == 0), "{d:?}");
}

#[test]
fn count_steps_binds_from_to_the_cell_being_left() {
    // As in Ludii, a search step from cell Y evaluates the step's condition
    // with (from) = Y and (to) = the cell entered. `(is Empty (from))`: the
    // search leaves only empty cells but may enter any; the walls B3 and D3
    // can be entered but not left, and the marker C3 is entered from an
    // empty neighbour.
    let step = "(step Orthogonal (to if:(is Empty (from))))";
    for n in 1..=4 {
        let g = tiny(
            "(square 5)",
            &placements(&["C3"], &["B3", "D3"]),
            &format!(
                "(move Add (to (sites Empty) if:(= (count Steps {step} (to) (sites Occupied by:Neutral)) {n})))"
            ),
        );
        let mut expected: Vec<String> = g
            .board
            .all_sites()
            .map(|s| g.board.label(s).to_string())
            .filter(|l| !["C3", "B3", "D3"].contains(&l.as_str()))
            .filter(|l| {
                // A3 and E3 must go round their wall: 4 steps, not 2
                let d = if l == "A3" || l == "E3" {
                    4
                } else {
                    manhattan(l, "C3")
                };
                d == n
            })
            .collect();
        expected.sort();
        assert_eq!(add_sites(&g), expected, "n = {n}");
    }
}

/// Legal moves of a game whose moves are `(move Add (to REGION))`.
fn region_sites(board: &str, markers: &[&str], walls: &[&str], region: &str) -> Vec<String> {
    let g = tiny(
        board,
        &placements(markers, walls),
        &format!("(move Add (to {region}))"),
    );
    add_sites(&g)
}

const EMPTY_STEP: &str = "(step Orthogonal (to if:(is Empty (to))))";

#[test]
fn sites_distance_exact() {
    let at = |n: i32| {
        region_sites(
            "(square 5)",
            &[],
            &[],
            &format!("(sites Distance {EMPTY_STEP} from:\"C3\" (exact {n}))"),
        )
    };
    assert_eq!(at(1), sorted(&["B3", "C2", "C4", "D3"]));
    // the origin is 2 steps away by going out and back, but it is never in
    // the region
    assert_eq!(
        at(2),
        sorted(&["A3", "B2", "B4", "C1", "C5", "D2", "D4", "E3"])
    );
    assert_eq!(at(4), sorted(&["A1", "A5", "E1", "E5"]));
    // nothing is 5 away: the empty region, so no move but the forced pass
    assert_eq!(at(5), vec!["pass"]);
}

#[test]
fn sites_distance_with_walls_and_a_boxed_origin() {
    // C3 boxed in by walls: nothing at any distance (never C3 itself)
    for n in 1..=3 {
        assert_eq!(
            region_sites(
                "(square 5)",
                &[],
                &["B3", "D3", "C2", "C4"],
                &format!("(sites Distance {EMPTY_STEP} from:\"C3\" (exact {n}))"),
            ),
            vec!["pass"],
            "n = {n}"
        );
    }
    // a wall C1..C4: from A1, C5 is 6 away and E1 12
    let walls = ["C1", "C2", "C3", "C4"];
    let at = |n: i32| {
        region_sites(
            "(square 5)",
            &[],
            &walls,
            &format!("(sites Distance {EMPTY_STEP} from:\"A1\" (exact {n}))"),
        )
    };
    assert_eq!(at(6), sorted(&["C5"]));
    assert_eq!(at(12), sorted(&["E1"]));
    assert_eq!(at(13), vec!["pass"]);
}

#[test]
fn sites_distance_agrees_with_count_steps() {
    // the same search two ways: the sites at distance exactly n from A1, and
    // the candidates X with (count Steps STEP A1 X) = n
    let walls = ["B2", "C2", "C3", "D4", "B4", "E2"];
    let mut seen = BTreeSet::new();
    for n in 1..=12 {
        let a = region_sites(
            "(square 5)",
            &[],
            &walls,
            &format!("(sites Distance {EMPTY_STEP} from:\"A1\" (exact {n}))"),
        );
        let g = tiny(
            "(square 5)",
            &placements(&[], &walls),
            &format!(
                "(move Add (to (sites Empty) if:(= (count Steps {EMPTY_STEP} \"A1\" (to)) {n})))"
            ),
        );
        let b = add_sites(&g);
        assert_eq!(a, b, "n = {n}");
        for x in a.into_iter().filter(|x| x != "pass") {
            assert!(seen.insert(x));
        }
    }
    // every empty cell but A1 is reached at exactly one distance
    assert_eq!(seen.len(), 25 - walls.len() - 1);
}

#[test]
fn sites_distance_on_the_hexagon_is_the_ring() {
    // from the centre of (hex 5), ring n holds 6n cells; none lies 5 away
    for n in 1..=5 {
        let v = region_sites(
            "(hex 5)",
            &[],
            &[],
            &format!(
                "(sites Distance (step (to if:(is Empty (to)))) from:(centrePoint) (exact {n}))"
            ),
        );
        if n == 5 {
            assert_eq!(v, vec!["pass"]);
        } else {
            assert_eq!(v.len(), 6 * n as usize, "n = {n}");
        }
    }
}

//------------------------------------------------------------------------------
// Snapshots

#[test]
fn snapshot_start() {
    let g = load("icebreaker.lud", &[]);
    let st = g.initial_state();
    insta::assert_snapshot!(format!(
        "{}legal: {}",
        g.picture(&st),
        moves(&g, &st).join(" ")
    ));
}

#[test]
fn snapshot_seeded_game_trace() {
    let g = icebreaker(4);
    let line = seeded_line(&g, 3, 10_000);
    insta::assert_snapshot!(ludeme::cli::play::trace(&g, &line).unwrap());
}

//------------------------------------------------------------------------------
// Random playouts

#[test]
fn random_playouts_conserve_ships_and_ice() {
    for (size, games) in [(4, 100), (5, 60), (6, 30), (7, 15), (8, 10)] {
        let g = icebreaker(size);
        let ice0 = initial_ice(size) as i32;
        let win = winning_score(size);
        random_playouts(&g, games, 17 + size as u64, |_, st| {
            assert_eq!((st.pieces(1), st.pieces(2)), (3, 3), "three ships each");
            let (s1, s2) = (st.score(1), st.score(2));
            assert!(s1 >= 0 && s2 >= 0);
            assert_eq!(st.pieces(0) as i32 + s1 + s2, ice0, "icebergs + captures");
            assert!(s1 <= win && s2 <= win);
            if let Some(p) = st.outcome().and_then(|o| o.winner()) {
                assert_eq!(st.score(p), win);
                assert!(st.score(3 - p) < win);
            }
        });
    }
}

#[test]
fn random_games_match_the_reference_size4() {
    play_against_reference(4, 200, 1);
}

#[test]
fn random_games_match_the_reference_size5() {
    play_against_reference(5, 100, 2);
}

#[test]
fn random_games_match_the_reference_sizes_6_to_8() {
    play_against_reference(6, 30, 3);
    play_against_reference(7, 15, 4);
    play_against_reference(8, 10, 5);
}
