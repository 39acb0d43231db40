//! Snapshot tests of rules descriptions, the way docs/snapshot-testing.md
//! "Snapshot-testing your rules" shows a user: every `NAME.moves` (or
//! `NAME.ANYTHING.moves`) in `tests/rule_snapshots/` holds a line of play
//! for the `NAME.lud` beside it; its snapshot is the trace of that line
//! (each position's board, mover and legal moves, as `ludeme trace`
//! prints it). In a `.moves` file, lines starting with `#` are comments,
//! `# option: Header/Item` chooses an option, and every other line holds
//! moves, space-separated.

use ludeme::Choices;
use std::path::Path;

/// The options and the line of play of a `.moves` file.
fn read_moves(text: &str) -> (Choices, String) {
    let mut choices = Choices::default();
    let mut moves = Vec::new();
    for line in text.lines().map(str::trim) {
        match line.strip_prefix('#') {
            Some(comment) => {
                if let Some(o) = comment.trim().strip_prefix("option:") {
                    choices.options.push(o.trim().to_string());
                }
            }
            None => moves.extend(line.split_whitespace()),
        }
    }
    (choices, moves.join(" "))
}

/// `NAME.lud` for `NAME.moves` and `NAME.ANYTHING.moves`.
fn rules_for(moves: &Path) -> std::path::PathBuf {
    let file = moves.file_name().unwrap().to_string_lossy();
    let name = file.split('.').next().unwrap();
    moves.with_file_name(format!("{name}.lud"))
}

#[test]
fn rule_snapshots() {
    insta::glob!("rule_snapshots/*.moves", |path| {
        let (choices, line) = read_moves(&std::fs::read_to_string(path).unwrap());
        let game = ludeme::load_file(&rules_for(path), &choices).unwrap_or_else(|e| panic!("{e}"));
        let trace = ludeme::cli::play::trace(&game, &line)
            .unwrap_or_else(|e| panic!("{}:\n{e}", path.display()));
        insta::assert_snapshot!(trace);
    });
}
