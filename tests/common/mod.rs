//! Shared helpers for the game tests.
#![allow(dead_code)]

use ludeme::{Choices, Game, State};

pub fn load(file: &str, options: &[&str]) -> Game {
    let choices = Choices {
        options: options.iter().map(|s| s.to_string()).collect(),
        ruleset: None,
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(file);
    match ludeme::compile_file(&path, &choices) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

/// Perft by the default engine, checked against the reference interpreter
/// from the same position (so every perft number of the suite holds under
/// `--passes none` too). A position in the middle of a turn of a game with
/// `(no Repeat PositionalInTurn)` is checked by the engine alone: the
/// engine keeps the turn's earlier positions only as hashes.
pub fn perft(game: &Game, st: &State, depth: u32) -> u64 {
    use ludeme::plan::{Reference, Rules};
    let mut ws = game.new_workspace();
    let n = game.perft(st, depth, &mut ws);
    let reference = Reference::new(game);
    let rs = reference.state_from(st);
    let view = Rules::view(game, st);
    if view.turn_decisions == 0 || !reference.interp.rules.no_repeat_in_turn {
        assert_eq!(
            reference.view(&rs),
            view,
            "the reference's copy of the state"
        );
        let mut wr = reference.workspace();
        assert_eq!(
            reference.perft(&rs, depth, &mut wr),
            n,
            "perft {depth} of the reference"
        );
    }
    n
}

/// Plays a line of move texts from the start.
pub fn after(game: &Game, line: &str) -> State {
    match ludeme::cli::play::play_line(game, line) {
        Ok((st, _)) => st,
        Err(e) => panic!("{e}"),
    }
}

pub fn moves(game: &Game, st: &State) -> Vec<String> {
    game.move_texts(&game.legal_moves(st))
}

pub fn play(game: &Game, st: &mut State, text: &str) {
    let m = game.parse_move(st, text).unwrap_or_else(|e| panic!("{e}"));
    game.apply(st, &m);
}

pub fn site(game: &Game, label: &str) -> u32 {
    game.board
        .site_by_label(label)
        .unwrap_or_else(|| panic!("no site {label}"))
}

/// Random games from the start: checks that the game is over exactly when
/// there are no legal moves, that `invariant` holds after every decision,
/// and that replaying the record reaches the same final state.
pub fn random_playouts(game: &Game, games: u32, seed: u64, invariant: impl Fn(&Game, &State)) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut ws = game.new_workspace();
    let mut legal = Vec::new();
    for _ in 0..games {
        let mut st = game.initial_state();
        let mut record = Vec::new();
        invariant(game, &st);
        loop {
            game.legal_moves_into(&st, &mut ws, &mut legal);
            assert_eq!(st.is_over(), legal.is_empty(), "terminal <=> no moves");
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.random_range(0..legal.len())];
            record.push(game.move_text(&m, &legal));
            game.apply_with(&mut st, &m, &mut ws);
            invariant(game, &st);
        }
        let replay = after(game, &record.join(" "));
        assert_eq!(replay, st, "replaying the record reaches the same state");
    }
}

/// A line of play from a seeded random game (at most `n` moves).
pub fn seeded_line(g: &Game, seed: u64, n: usize) -> String {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut st = g.initial_state();
    let mut line = Vec::new();
    while !st.is_over() && line.len() < n {
        let legal = g.legal_moves(&st);
        let m = legal[rng.random_range(0..legal.len())];
        line.push(g.move_text(&m, &legal));
        g.apply(&mut st, &m);
    }
    line.join(" ")
}

/// Plays `games` random games of at most `max` decisions with both the
/// game and its generic twin, checking they agree at every step; returns
/// how many games were won by a player.
pub fn agrees_with_generic(g: &Game, games: u32, max: usize, seed: u64) -> u32 {
    let generic = g.generic_twin();
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let (mut ws, mut wg) = (g.new_workspace(), generic.new_workspace());
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    let mut won = 0;
    for _ in 0..games {
        let mut st = g.initial_state();
        let mut sg = generic.initial_state();
        for _ in 0..max {
            g.legal_moves_into(&st, &mut ws, &mut fast);
            generic.legal_moves_into(&sg, &mut wg, &mut slow);
            assert_eq!(fast, slow, "legal moves differ");
            if fast.is_empty() {
                break;
            }
            let m = fast[rng.random_range(0..fast.len())];
            g.apply_with(&mut st, &m, &mut ws);
            generic.apply_with(&mut sg, &m, &mut wg);
            assert_eq!(st, sg, "states differ after {m:?}");
        }
        won += st.outcome().is_some_and(|o| o.winner().is_some()) as u32;
    }
    won
}

/// Plays `games` random games of at most `max` decisions with two games
/// that must behave alike (a fast one and a disguised one), checking they
/// offer the same moves at every step and, after each move, `same(a, b)`;
/// returns how many moves from a board site they offered (so a test can
/// check its path was exercised).
pub fn same_lines(
    fast: &Game,
    slow: &Game,
    (games, max, seed): (u32, usize, u64),
    same: impl Fn(&State, &State),
) -> usize {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let (mut wf, mut ws) = (fast.new_workspace(), slow.new_workspace());
    let (mut lf, mut ls) = (Vec::new(), Vec::new());
    let mut steps = 0;
    let n = fast.board.len() as u32;
    for _ in 0..games {
        let mut a = fast.initial_state();
        let mut b = slow.initial_state();
        for _ in 0..max {
            fast.legal_moves_into(&a, &mut wf, &mut lf);
            slow.legal_moves_into(&b, &mut ws, &mut ls);
            assert_eq!(lf, ls);
            if lf.is_empty() {
                break;
            }
            steps += lf.iter().filter(|m| m.from < n).count();
            let m = lf[rng.random_range(0..lf.len())];
            fast.apply_with(&mut a, &m, &mut wf);
            slow.apply_with(&mut b, &m, &mut ws);
            same(&a, &b);
        }
    }
    steps
}

/// Perft from the start of `rules/FILE` at depths 1..=N, by default
/// passes and by the reference interpreter alone (`--passes none`); the
/// two must agree.
pub fn rules_perfts(file: &str, depth: u32) -> Vec<u64> {
    use ludeme::dispatch::load_file;
    use ludeme::plan::{PassSet, Rules};
    use ludeme::with_rules;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(file);
    let counts = |passes: PassSet| {
        let l = load_file(&path, &Choices::default(), passes).unwrap_or_else(|e| panic!("{e}"));
        with_rules!(&l, |r| {
            let st = r.initial_state();
            let mut ws = r.workspace();
            (1..=depth)
                .map(|d| r.perft(&st, d, &mut ws))
                .collect::<Vec<u64>>()
        })
    };
    let all = counts(PassSet::all());
    assert_eq!(all, counts(PassSet::none()), "{file}: passes and reference");
    all
}
