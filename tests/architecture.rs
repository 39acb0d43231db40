//! The import rules of ARCHITECTURE.md, checked on the source text.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The names the reference interpreter may reach in `crate::engine`: the
/// rule tree and site sets (pure data), the move and outcome types, and the
/// `Game` it copies its rules from. Everything else there is the engine's
/// optimisation layer.
const ALLOWED: &[&str] = &[
    "ir",
    "sets",
    "Game",
    "Move",
    "MoveKind",
    "Outcome",
    "PlayerResult",
    "MAX_PLAYERS",
    "MAX_MOVES",
    "NO_GEN",
];

/// Every `engine::NAME` (and `engine::{A, B::..}`) path in `text`.
fn engine_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (i, _) in text.match_indices("engine::") {
        let rest = &text[i + "engine::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    names.push(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.push(name);
        }
    }
    names
}

#[test]
fn interp_imports_nothing_of_the_optimisation_layer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/interp"), &mut files);
    assert!(files.len() >= 4, "the interpreter's files: {files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for name in engine_names(&text) {
            assert!(
                ALLOWED.contains(&name.as_str()),
                "{}: reaches engine::{name}, outside the interpreter's allowed data ({ALLOWED:?})",
                f.display()
            );
        }
        for banned in [
            "crate::plan",
            "super::super",
            "game.fast",
            "game.plan",
            "generic_twin",
        ] {
            assert!(
                !text.contains(banned),
                "{}: uses `{banned}` (the interpreter never reads the plan layer or the engine's analyses)",
                f.display()
            );
        }
    }
}

/// The checker itself sees a violation.
#[test]
fn engine_names_finds_paths() {
    let t = "use crate::engine::{ir::*, fast::FastInfo};\nuse crate::engine::lean;";
    assert_eq!(engine_names(t), ["ir", "fast", "lean"]);
}
