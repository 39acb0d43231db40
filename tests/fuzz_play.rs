//! Property tests of the whole pipeline: mutated descriptions (token
//! edits of our rules and fixtures) are compiled and, when they compile,
//! played a few plies. Invariants: no panic; every error located; a state
//! is over exactly when it has no legal moves; the record of the moves
//! played, replayed by its texts, reaches the same state.

use ludeme::Choices;
use ludeme::expand::load_text;
use proptest::prelude::*;

/// The descriptions mutated: our seed games and the front end's fixtures.
fn bases() -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["rules", "tests/fixtures"] {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "lud") && !p.ends_with("standard.lud"))
            .collect();
        paths.sort();
        out.extend(paths.iter().map(|p| std::fs::read_to_string(p).unwrap()));
    }
    out
}

/// Atoms, brackets and strings of a description, with the text between.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_str = false;
    for c in text.chars() {
        if in_str {
            cur.push(c);
            if c == '"' {
                in_str = false;
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        match c {
            '"' => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                cur.push(c);
                in_str = true;
            }
            '(' | ')' | '{' | '}' | ' ' | '\n' | '\t' => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                out.push(c.to_string());
            }
            _ => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[derive(Clone, Debug)]
enum Edit {
    /// Token i becomes a copy of token j (of the same description).
    Replace(usize, usize),
    Delete(usize),
    /// Tokens i.. i+n copied after themselves.
    Duplicate(usize, usize),
    /// A number somewhere becomes this one.
    Number(usize, i64),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Replace(i, j)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), 1usize..12).prop_map(|(i, n)| Edit::Duplicate(i, n)),
        (
            any::<usize>(),
            prop_oneof![-2i64..12, Just(100), Just(1000), Just(100_001)]
        )
            .prop_map(|(i, v)| Edit::Number(i, v)),
    ]
}

fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut t = tokens(text);
    for e in edits {
        let n = t.len().max(1);
        match *e {
            Edit::Replace(i, j) if !t.is_empty() => {
                let v = t[j % n].clone();
                t[i % n] = v;
            }
            Edit::Delete(i) if !t.is_empty() => {
                t.remove(i % n);
            }
            Edit::Duplicate(i, len) if !t.is_empty() => {
                let s = i % n;
                let piece: Vec<String> = t[s..(s + len).min(t.len())].to_vec();
                t.splice(s..s, piece);
            }
            Edit::Number(i, v) => {
                let nums: Vec<usize> = (0..t.len())
                    .filter(|&k| t[k].parse::<i64>().is_ok())
                    .collect();
                if !nums.is_empty() {
                    t[nums[i % nums.len()]] = v.to_string();
                }
            }
            _ => {}
        }
    }
    t.concat()
}

fn check(text: &str, plies: usize, seed: u64) -> Result<(), TestCaseError> {
    let (sources, ex) = match load_text("m.lud", text, &Choices::default()) {
        Ok(x) => x,
        Err(e) => {
            prop_assert!(e.diagnostic.span.is_some(), "no location:\n{}", e);
            return Ok(());
        }
    };
    let game = match ludeme::compile::compile(&ex.game, ex.options.clone()) {
        Ok(g) => g,
        Err(d) => {
            prop_assert!(d.span.is_some(), "no location:\n{}", d.render(&sources));
            // (in this file, or in a standard define's body it calls)
            prop_assert!(d.location(&sources).is_some(), "{}", d.render(&sources));
            return Ok(());
        }
    };
    // a small board only: a few plies of a large one take long in CI
    if game.total_sites() > 2000 {
        return Ok(());
    }
    // the engine, or the reference interpreter for a game it declines
    let loaded = ludeme::dispatch::Loaded::new(game, ludeme::plan::PassSet::all());
    ludeme::with_rules!(&loaded, |r| play_a_few(r, text, plies, seed))
}

fn play_a_few<R: ludeme::plan::Rules>(
    r: &R,
    text: &str,
    plies: usize,
    seed: u64,
) -> Result<(), TestCaseError> {
    let game = r.game();
    let mut st = r.initial_state();
    let mut record = Vec::new();
    let mut x = seed | 1;
    for _ in 0..plies {
        let legal = r.legal(&st);
        prop_assert_eq!(
            r.outcome(&st).is_some(),
            legal.is_empty(),
            "over ⇔ no moves\n{}",
            text
        );
        if legal.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let i = (x % legal.len() as u64) as usize;
        record.push(game.move_text(&legal[i], &legal));
        let mut ws = r.workspace();
        r.play(&mut st, &legal[i], &mut ws);
    }
    let line = record.join(" ");
    let again = ludeme::cli::play::replay(r, &line, &mut |_, _| {});
    prop_assert!(
        again.is_ok(),
        "the record does not replay: {:?}",
        again.err()
    );
    let again = again.unwrap();
    prop_assert_eq!(r.view(&again), r.view(&st));
    Ok(())
}

#[test]
fn unmutated_bases_play() {
    for b in bases() {
        check(&b, 12, 7).unwrap();
    }
}

proptest! {
    // PROPTEST_CASES=n runs more (or fewer) cases.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(96),
        // the same cases on every run, so CI is repeatable; explore others
        // with PROPTEST_RNG_SEED=N (and more with PROPTEST_CASES)
        rng_seed: proptest::test_runner::RngSeed::Fixed(
            std::env::var("PROPTEST_RNG_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(2026),
        ),
        ..ProptestConfig::default()
    })]

    #[test]
    fn mutated_descriptions_compile_and_play(
        which in any::<usize>(),
        edits in proptest::collection::vec(edit(), 1..4),
        seed in any::<u64>(),
    ) {
        let bases = bases();
        let text = mutate(&bases[which % bases.len()], &edits);
        check(&text, 6, seed)?;
    }
}
