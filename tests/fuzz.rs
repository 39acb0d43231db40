//! Property tests: no input makes the parser or the expander panic (or
//! overflow the stack). Every input gives a tree or a located error, and a
//! tree prints to text that expands to the same text again.

use ludeme::diag::Sources;
use ludeme::expand::{Choices, load_bytes, load_text, pretty};
use ludeme::syntax;
use proptest::prelude::*;

fn fixtures() -> Vec<String> {
    // (the fixtures, read once per call: cheap next to parsing)
    let mut out: Vec<(String, String)> = std::fs::read_dir("tests/fixtures")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "lud"))
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out.into_iter().map(|(_, t)| t).collect()
}

/// The result of loading `bytes` is a tree that prints stably, or an error
/// with a location (every error a file can cause has one).
fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    match load_bytes("fuzz.lud", bytes, &Choices::default()) {
        Ok((_, ex)) => {
            let once = pretty(&ex.game);
            let again = load_text("again.lud", &once, &Choices::default());
            prop_assert!(again.is_ok(), "printed text does not load:\n{once}");
            let (_, ex2) = again.unwrap();
            prop_assert_eq!(pretty(&ex2.game), once);
        }
        Err(e) => {
            let text = e.to_string();
            prop_assert!(e.diagnostic.span.is_some(), "no location:\n{}", text);
            prop_assert!(text.starts_with("error: fuzz.lud:"), "{}", text);
        }
    }
    Ok(())
}

/// The fast parser and the pest grammar agree: same tree (spans included),
/// or both reject (the diagnostic always comes from the pest path). The
/// fast parser runs before the pre-scan, so a text it reads must also pass
/// the pre-scan (`parse_with_pest` runs it). An empty result is the one
/// exception: `parse` leaves it to the pre-scan (an empty file is an error).
fn agree(text: &str) -> Result<(), TestCaseError> {
    let mut s = Sources::new();
    let f = s.add("fuzz.lud", text);
    let pest = syntax::parse_with_pest(&s, f);
    match syntax::parse_fast(&s, f) {
        Some(fast) if fast.is_empty() => {
            let d = syntax::parse(&s, f);
            prop_assert_eq!(d, pest, "on {:?}", text)
        }
        Some(fast) => prop_assert_eq!(Ok(fast), pest, "on {:?}", text),
        // declining is only right where pest finds an error
        None => prop_assert!(pest.is_err(), "the fast parser declined {:?}", text),
    }
    Ok(())
}

/// Characters that matter to the grammar, and a few that do not.
const ALPHABET: &[char] = &[
    '(', ')', '{', '}', '<', '>', ':', '#', '~', '"', '\\', ' ', '\n', '/', '*', '-', '.', '0',
    '1', '9', 'a', 'P', 'T', '=', '!', '_', 'é', '\t',
];

#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Swap(usize, usize),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), proptest::sample::select(ALPHABET)).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Edit::Duplicate(i, n)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Delete(i) => {
                if !chars.is_empty() {
                    chars.remove(i % n);
                }
            }
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Swap(i, j) => {
                if !chars.is_empty() {
                    chars.swap(i % n, j % n);
                }
            }
            Edit::Duplicate(i, len) => {
                if !chars.is_empty() {
                    let s = i % n;
                    let e = (s + len).min(chars.len());
                    let piece: Vec<char> = chars[s..e].to_vec();
                    chars.splice(s..s, piece);
                }
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn fast_parser_agrees_with_the_grammar_on_fixtures() {
    for text in fixtures() {
        agree(&text).unwrap();
    }
    for (_, text) in ludeme::expand::STANDARD_LIBRARY {
        agree(text).unwrap();
    }
    for entry in std::fs::read_dir("tests/bad").unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        agree(&String::from_utf8_lossy(&bytes)).unwrap();
    }
}

/// Token-level pieces, so that soups are often valid.
const PIECES: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    " ",
    "\n",
    "a",
    "P1",
    "-1",
    "0.5",
    "True",
    "#1",
    "~",
    "x:",
    "\"s\"",
    "\"a\\\"b\"",
    "<K>",
    "<K:a>",
    "<=",
    "<",
    ">",
    "-",
    "*",
    "//c\n",
    "(option \"H\" <K> {",
    "(item \"I\" <1>)",
    "<(hex 4)>",
    "<>",
    "(rulesets {",
    "(ruleset \"R\" {\"H/I\"})",
    "args:{<a>}",
    "\u{a0}",
    "\u{feff}",
    "é",
];

proptest! {
    // PROPTEST_CASES=n runs more (or fewer) cases.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(400),
        // the same cases on every run, so CI is repeatable; explore others
        // with PROPTEST_RNG_SEED=N (and more with PROPTEST_CASES)
        rng_seed: proptest::test_runner::RngSeed::Fixed(
            std::env::var("PROPTEST_RNG_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(2026),
        ),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        check(&bytes)?;
    }

    #[test]
    fn arbitrary_grammar_soup(chars in proptest::collection::vec(proptest::sample::select(ALPHABET), 0..400)) {
        let s: String = chars.into_iter().collect();
        check(s.as_bytes())?;
        agree(&s)?;
        let wrapped = format!("(game \"G\" {s})");
        check(wrapped.as_bytes())?;
        agree(&wrapped)?;
    }

    #[test]
    fn piece_soup(pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..60)) {
        let s: String = pieces.concat();
        agree(&s)?;
        check(s.as_bytes())?;
        let wrapped = format!("(game \"G\" {s})");
        agree(&wrapped)?;
        check(wrapped.as_bytes())?;
    }

    #[test]
    fn mutated_fixtures(which in 0usize..64, edits in proptest::collection::vec(edit(), 1..6)) {
        let fx = fixtures();
        let text = &fx[which % fx.len()];
        let mutated = apply(text, &edits);
        check(mutated.as_bytes())?;
        agree(&mutated)?;
    }
}
