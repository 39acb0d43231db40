//! One equivalence tester (in the spirit of ripgrep's `SearcherTester`):
//! for every game in `rules/` and every test fixture that loads, under
//! each option item (one header varied at a time, the others at their
//! defaults), the reference interpreter (`PassSet::none()`) against the
//! default engine (`PassSet::all()`), and the engine with each pass family
//! alone and with each one dropped against the reference:
//! - perft from the start to the deepest depth whose leaves stay under a
//!   budget (at least depth 2);
//! - seeded random games in lockstep comparing, at every ply, the legal
//!   move lists (every field, in order), the semantic state and the result.

use ludeme::plan::{Pass, PassSet, Reference, Rules, lockstep};
use ludeme::{Choices, Game};
use std::path::{Path, PathBuf};

/// Perft leaves counted per comparison, at most (the depth stops before).
const PERFT_BUDGET: u64 = 60_000;

/// One game (file and options) and what to compare on it.
struct Tester {
    games: u32,
    max_plies: usize,
    seed: u64,
}

impl Tester {
    fn check(&self, label: &str, g: &Game) {
        let reference = Reference::new(g);
        // perft: the reference against the default engine, deepening while
        // the leaves stay within the budget
        let (mut wr, mut wd) = (reference.workspace(), Rules::workspace(g));
        let (sr, sd) = (reference.initial_state(), Rules::initial_state(g));
        let mut depth = 1;
        loop {
            let r = reference.perft(&sr, depth, &mut wr);
            let d = Rules::perft(g, &sd, depth, &mut wd);
            assert_eq!(r, d, "{label}: perft {depth}: reference {r}, default {d}");
            if r > PERFT_BUDGET / 8 || depth >= 6 || r == 0 {
                break;
            }
            depth += 1;
        }
        // lockstep: default and each pass set against the reference
        let mut sets = vec![("all".to_string(), PassSet::all())];
        for p in Pass::ALL {
            sets.push((format!("only {}", p.name()), PassSet::only(p)));
            sets.push((format!("-{}", p.name()), PassSet::all().without(p)));
        }
        // `fast` needs `fastgen`: sets that differ only there are one
        let mut seen = Vec::new();
        sets.retain(|(_, s)| {
            let e = s.effective();
            !seen.contains(&e) && {
                seen.push(e);
                true
            }
        });
        for (i, (name, set)) in sets.iter().enumerate() {
            let engine = g.with_passes(*set);
            // the default gets every game; the partial sets fewer
            let games = if i == 0 {
                self.games
            } else {
                self.games.div_ceil(3)
            };
            if let Err(d) = lockstep(&reference, &engine, games, self.max_plies, self.seed) {
                panic!("{label}: reference vs passes {name}: {d}");
            }
        }
    }
}

/// The option items of a description: per `(option "Header" ...)`, the
/// names of its `(item "Name" ...)` forms (a plain scan of the text).
fn option_items(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for chunk in text.split("(option \"").skip(1) {
        let Some(end) = chunk.find('"') else { continue };
        let header = chunk[..end].to_string();
        let body = chunk.split("(rulesets").next().unwrap_or(chunk);
        let items = body
            .split("(item \"")
            .skip(1)
            .filter_map(|s| s.find('"').map(|e| s[..e].to_string()))
            .collect();
        out.push((header, items));
    }
    out
}

fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut v = Vec::new();
    for dir in ["rules", "tests/fixtures"] {
        let mut fs: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "lud"))
            .collect();
        fs.sort();
        v.extend(fs);
    }
    v
}

fn check_file(path: &Path, tester: &Tester) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut choices = vec![Choices::default()];
    for (header, items) in option_items(&text) {
        for item in items {
            choices.push(Choices {
                options: vec![format!("{header}/{item}")],
                ruleset: None,
            });
        }
    }
    let mut checked = 0;
    for c in &choices {
        // the defines library and fixtures that are not whole games do not
        // load: nothing to play
        let Ok(g) = ludeme::compile_file(path, c) else {
            continue;
        };
        if !g.reference_only.is_empty() {
            // a game the engine declines is the reference's alone: nothing
            // to compare it with; it must still play (a first move at
            // least: `ludii_style.lud`'s second player faces north, as
            // Ludii's pieces do by default, so has no `Forward` move and
            // the game ends after the first)
            use ludeme::plan::{Reference, Rules};
            let r = Reference::new(&g);
            let mut ws = r.workspace();
            assert!(r.perft(&r.initial_state(), 1, &mut ws) > 0, "{name}");
            continue;
        }
        tester.check(&format!("{name} {:?}", c.options), &g);
        checked += 1;
    }
    checked
}

#[test]
fn reference_and_engine_agree_on_every_game() {
    let tester = Tester {
        games: 6,
        max_plies: 150,
        seed: 21,
    };
    let mut checked = 0;
    for f in files() {
        checked += check_file(&f, &tester);
    }
    // the five seed games and their option items, and the fixtures
    assert!(checked >= 20, "only {checked} games checked");
}
