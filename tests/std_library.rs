//! The standard library (rules/standard.lud and rules/defs/*.lud): every
//! define parses, has its doc comment, has a unique name, and expands without
//! error with its documented arity and with every optional argument left out;
//! fixtures of our own calling each family are snapshotted; a file's own
//! define of a standard name wins.

use ludeme::diag::Sources;
use ludeme::expand::{Choices, STANDARD_LIBRARY, load_text, pretty};
use ludeme::syntax::{self, Kind, Node};
use std::collections::BTreeMap;

/// Every standard define: name -> (file, body).
fn library() -> BTreeMap<String, (&'static str, Node)> {
    let mut all = BTreeMap::new();
    for (file, text) in STANDARD_LIBRARY {
        let mut s = Sources::new();
        let f = s.add_static(*file, text);
        let top = syntax::parse(&s, f).unwrap_or_else(|e| panic!("{}", e.render(&s)));
        for d in top {
            assert_eq!(d.head_word(), Some("define"), "{file}: only defines");
            let args = d.form_args().unwrap();
            assert_eq!(args.len(), 2, "{file}: a define has a name and a body");
            let name = args[0].as_str().unwrap().to_string();
            let body = args[1].clone();
            if let Some((other, _)) = all.insert(name.clone(), (*file, body)) {
                panic!("\"{name}\" is defined in {other} and in {file}");
            }
        }
    }
    all
}

/// The highest `#n` in a body.
fn arity(n: &Node) -> u32 {
    match &n.kind {
        Kind::Param(i) => *i,
        Kind::Form { head, args } => args.iter().map(arity).fold(arity(head), u32::max),
        Kind::Array(items) => items.iter().map(arity).max().unwrap_or(0),
        Kind::Named { value, .. } => arity(value),
        _ => 0,
    }
}

/// Every word in a tree, for checking where arguments went.
fn words(n: &Node, out: &mut Vec<String>) {
    match &n.kind {
        Kind::Word(w) => out.push(w.to_string()),
        Kind::Form { head, args } => {
            words(head, out);
            args.iter().for_each(|a| words(a, out));
        }
        Kind::Array(items) => items.iter().for_each(|a| words(a, out)),
        Kind::Named { value, .. } => words(value, out),
        _ => {}
    }
}

#[test]
fn the_library_has_the_ludii_names_and_every_define_parses_once() {
    let all = library();
    // Ludii 1.0.8's standard defines, all present under their names.
    for name in [
        "AlquerqueBoard",
        "HoundsAndJackalsBoard",
        "LascaBoard",
        "HandEmpty",
        "IsInCheck",
        "NewTurn",
        "NoPiece",
        "NoSites",
        "SameTurn",
        "OccupiedNbors",
        "NoMoves",
        "HopCapture",
        "HopDiagonalCapture",
        "HopOrthogonalCapture",
        "HopRotationalCapture",
        "HopSequenceCapture",
        "HopDiagonalSequenceCapture",
        "HopOrthogonalSequenceCapture",
        "HopRotationalSequenceCapture",
        "HopSequenceCaptureAgain",
        "HopDiagonalSequenceCaptureAgain",
        "HopOrthogonalSequenceCaptureAgain",
        "HopRotationalSequenceCaptureAgain",
        "StepToEmpty",
        "StepDiagonalToEmpty",
        "StepForwardToEmpty",
        "StepForwardsToEmpty",
        "StepOrthogonalToEmpty",
        "StepRotationalToEmpty",
        "DominoWalk",
        "GiraffeWalk",
        "KnightWalk",
        "LWalk",
        "TWalk",
    ] {
        assert!(all.contains_key(name), "\"{name}\" is missing");
    }
}

#[test]
fn every_define_has_its_own_doc_comment() {
    for (file, text) in STANDARD_LIBRARY {
        let lines: Vec<&str> = text.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            if l.starts_with("(define ") {
                let above = if i > 0 { lines[i - 1].trim() } else { "" };
                assert!(
                    above.starts_with("// "),
                    "{file}:{}: `{l}` has no doc comment right above it",
                    i + 1
                );
            }
        }
    }
}

/// Defines some standard bodies expect the calling description to supply
/// (the mancala ones read "Columns" and "PiecesOwnedBy").
const CALLER: &str = "(define \"Columns\" 6) (define \"PiecesOwnedBy\" (count Pieces #1))";

#[test]
fn every_define_expands_with_its_arity_and_without_its_arguments() {
    for (name, (file, body)) in library() {
        let n = arity(&body);
        // each argument a distinct word, to find it in the expansion
        let args: Vec<String> = (1..=n).map(|i| format!("Arg{i}")).collect();
        let full = format!("{CALLER} (game \"T\" (\"{name}\" {}))", args.join(" "));
        let (_, ex) = load_text("t.lud", &full, &Choices::default())
            .unwrap_or_else(|e| panic!("{name} ({file}) with {n} arguments:\n{e}"));
        let mut seen = Vec::new();
        words(&ex.game, &mut seen);
        for a in &args {
            assert!(
                seen.contains(a),
                "{name}: {a} is not in {}",
                pretty(&ex.game)
            );
        }
        // left out, every argument vanishes (Ludii's "missing or ~")
        for call in [format!("(\"{name}\")"), format!("\"{name}\"")] {
            let text = format!("{CALLER} (game \"T\" {call})");
            let (_, ex) = load_text("t.lud", &text, &Choices::default())
                .unwrap_or_else(|e| panic!("{name} called as {call}:\n{e}"));
            let mut seen = Vec::new();
            words(&ex.game, &mut seen);
            assert!(!seen.iter().any(|w| w.starts_with("Arg")));
        }
        // arguments beyond the last `#n` are ignored, as in Ludii
        let extra = format!(
            "{CALLER} (game \"T\" (\"{name}\" {} Extra))",
            args.join(" ")
        );
        let (_, ex) = load_text("t.lud", &extra, &Choices::default()).unwrap();
        let mut seen = Vec::new();
        words(&ex.game, &mut seen);
        assert!(!seen.contains(&"Extra".to_string()), "{name}");
    }
}

#[test]
fn family_fixtures_expand() {
    insta::glob!("std_defines/*.lud", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!(
            "tests/std_defines/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let (_, ex) =
            load_text(&name, &text, &Choices::default()).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        insta::assert_snapshot!(pretty(&ex.game));
    });
}

#[test]
fn a_files_own_define_of_a_standard_name_wins() {
    let text = std::fs::read_to_string("tests/std_defines/own_wins.lud").unwrap();
    let (_, ex) = load_text("own_wins.lud", &text, &Choices::default()).unwrap();
    let out = pretty(&ex.game);
    // the file's "NoPiece" and "StepToEmpty", not the library's
    assert!(out.contains("(no Pieces Next)"), "{out}");
    assert!(!out.contains("(count Pieces"), "{out}");
    assert!(out.contains("(move Step Forward"), "{out}");
    // inside a standard body too ("StepToEnemy" calls "IsEnemyOn"), as in
    // Ludii, whose textual expansion applies the file's defines everywhere
    assert!(out.contains("(is Enemy (who at:(to) level:0))"), "{out}");
    // a standard define the file does not override still expands
    assert!(out.contains("(count Sites in:(sites Empty))"), "{out}");
    // the same call without the file's defines uses the library's
    let plain = text
        .lines()
        .filter(|l| !l.starts_with("(define"))
        .collect::<Vec<_>>()
        .join("\n");
    let (_, ex) = load_text("plain.lud", &plain, &Choices::default()).unwrap();
    let out = pretty(&ex.game);
    assert!(out.contains("(= (count Pieces Next) 0)"), "{out}");
    assert!(out.contains("(move Step (to if:(is Empty (to))))"), "{out}");
    assert!(
        out.contains("(to if:(is Enemy (who at:(to))) (apply"),
        "{out}"
    );
}
