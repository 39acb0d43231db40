//! The front end: parse + expand of the fixtures (snapshots, round trip),
//! the error text of every file of the bad corpus (snapshots), and the API.
//!
//! A fixture may ask for extra expansions with lines like
//! `// with: option=Board/Square 7; ruleset=Standard`; a bad file's first
//! such line gives the choices its one case is run with.

use ludeme::diag::{Sources, Span};
use ludeme::expand::{Choices, Expanded, LoadError, load_bytes, load_path, load_text, pretty};
use ludeme::syntax::{self, Kind, Node};
use std::path::Path;

/// The `// with:` lines of a file, as choices.
fn cases(text: &str) -> Vec<(String, Choices)> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("// with:"))
        .map(|spec| {
            let mut c = Choices::default();
            for part in spec.split(';') {
                let part = part.trim();
                if let Some(o) = part.strip_prefix("option=") {
                    c.options.push(o.to_string());
                } else if let Some(r) = part.strip_prefix("ruleset=") {
                    c.ruleset = Some(r.to_string());
                }
            }
            (spec.trim().to_string(), c)
        })
        .collect()
}

/// A file's name as the snapshots show it, relative to the crate.
fn display_name(path: &Path) -> String {
    let dir = path
        .parent()
        .unwrap()
        .file_name()
        .unwrap()
        .to_string_lossy();
    format!(
        "tests/{dir}/{}",
        path.file_name().unwrap().to_string_lossy()
    )
}

fn describe(ex: &Expanded) -> String {
    let mut s = String::new();
    for (h, i) in &ex.options {
        s.push_str(&format!("option: {h}/{i}\n"));
    }
    if let Some(r) = &ex.ruleset {
        s.push_str(&format!("ruleset: {r}\n"));
    }
    for (k, v) in &ex.info.fields {
        s.push_str(&format!("info {k}: {v}\n"));
    }
    s.push_str(&pretty(&ex.game));
    s.push('\n');
    s
}

fn load(name: &str, text: &str, c: &Choices) -> Result<(Sources, Expanded), Box<LoadError>> {
    load_text(name, text, c)
}

#[test]
fn fixtures_expand() {
    insta::glob!("fixtures/*.lud", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = display_name(path);
        let mut out = String::new();
        let mut all = vec![("default".to_string(), Choices::default())];
        all.extend(cases(&text));
        for (label, choices) in all {
            out.push_str(&format!("== {label}\n"));
            match load(&name, &text, &choices) {
                Ok((_, ex)) => out.push_str(&describe(&ex)),
                Err(e) => panic!("{name} ({label}) failed:\n{e}"),
            }
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn fixtures_round_trip() {
    insta::glob!("fixtures/*.lud", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let mut all = vec![Choices::default()];
        all.extend(cases(&text).into_iter().map(|(_, c)| c));
        for choices in all {
            let (_, first) = load("x.lud", &text, &choices).unwrap();
            let once = pretty(&first.game);
            let (_, second) = load("again.lud", &once, &Choices::default())
                .unwrap_or_else(|e| panic!("the printed expansion does not load:\n{e}\n{once}"));
            let twice = pretty(&second.game);
            assert_eq!(once, twice, "{}", path.display());
            assert_eq!(strip(&first.game), strip(&second.game));
        }
    });
}

#[test]
fn bad_inputs() {
    insta::glob!("bad/*.lud", |path| {
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let choices = cases(&text)
            .into_iter()
            .next()
            .map(|(_, c)| c)
            .unwrap_or_default();
        let name = display_name(path);
        let err = match load_bytes(&name, &bytes, &choices) {
            Ok((_, ex)) => panic!("{name} loaded:\n{}", pretty(&ex.game)),
            Err(e) => e,
        };
        let rendered = err.to_string();
        assert!(
            err.diagnostic.span.is_some(),
            "{name}: error without a location:\n{rendered}"
        );
        assert!(rendered.contains("= expected"), "{rendered}");
        insta::assert_snapshot!(rendered);
    });
}

/// The tree without spans, for comparing trees from different texts.
fn strip(n: &Node) -> Node {
    let kind = match &n.kind {
        Kind::Form { head, args } => Kind::Form {
            head: std::sync::Arc::new(strip(head)),
            args: args.iter().map(strip).collect(),
        },
        Kind::Array(items) => Kind::Array(items.iter().map(strip).collect()),
        Kind::Named { name, value } => Kind::Named {
            name: name.clone(),
            value: Box::new(strip(value)),
        },
        k => k.clone(),
    };
    Node::new(kind, Span::default())
}

fn find<'a>(n: &'a Node, pred: &dyn Fn(&Node) -> bool) -> Option<&'a Node> {
    if pred(n) {
        return Some(n);
    }
    match &n.kind {
        Kind::Form { head, args } => {
            find(head, pred).or_else(|| args.iter().find_map(|a| find(a, pred)))
        }
        Kind::Array(items) => items.iter().find_map(|a| find(a, pred)),
        Kind::Named { value, .. } => find(value, pred),
        _ => None,
    }
}

#[test]
fn spans_point_where_tokens_were_written() {
    let text = r#"(define "Go" (move Step #1 (to if:(is Empty (to)))))
(game "Spans"
    (players 2)
    (equipment { (board <Board:shape>) (piece "Disc" Each ("Go" Diagonal)) })
    (rules (play (if "SameTurn" (move Pass) (move Pass))))
)
(option "Board" <Board> args:{ <shape> } { (item "Hex" <(hex 4)>)* })
"#;
    let (sources, ex) = load("spans.lud", text, &Choices::default()).unwrap();
    let slice = |n: &Node| sources.slice(n.span).to_string();
    let file_of = |n: &Node| sources.get(n.span.file).name.clone();
    // a define body's tokens point into the define
    let step = find(&ex.game, &|n| n.head_word() == Some("move")).unwrap();
    assert_eq!(file_of(step), "spans.lud");
    assert!(slice(step).starts_with("(move Step #1"), "{}", slice(step));
    // the argument points at the call's argument
    let diag = find(&ex.game, &|n| n.as_word() == Some("Diagonal")).unwrap();
    let (line, _) = sources.line_col(diag.span.file, diag.span.start);
    assert_eq!(line, 4);
    // an option value points into the item
    let hex = find(&ex.game, &|n| n.head_word() == Some("hex")).unwrap();
    assert_eq!(slice(hex), "(hex 4)");
    assert_eq!(sources.line_col(hex.span.file, hex.span.start).0, 7);
    // a standard define's body points into the prelude
    let prev = find(&ex.game, &|n| {
        n.head_word() == Some("is") && n.form_args().unwrap()[0].as_word() == Some("Prev")
    })
    .unwrap();
    assert_eq!(file_of(prev), "rules/standard.lud");
    assert_eq!(slice(prev), "(is Prev Mover)");
}

#[test]
fn operators_are_heads_not_placeholders() {
    let mut s = Sources::new();
    let f = s.add(
        "ops.lud",
        "(game \"X\" (if (<= 1 2) (< 3 4)) (> 1 0) (>= 2 1))",
    );
    let top = syntax::parse(&s, f).unwrap();
    let heads: Vec<String> = top[0].form_args().unwrap()[1..]
        .iter()
        .flat_map(|n| {
            let mut v = vec![n.head_word().unwrap_or("?").to_string()];
            for a in n.form_args().unwrap() {
                if let Some(h) = a.head_word() {
                    v.push(h.to_string());
                }
            }
            v
        })
        .collect();
    assert_eq!(heads, ["if", "<=", "<", ">", ">="]);
}

#[test]
fn placeholder_as_head_and_in_named_value() {
    let text = r#"(game "X" (players 2) (equipment { (board (<Shape:kind> <Shape:n>) use:<Use>) }))
(option "Shape" <Shape> args:{ <kind> <n> } { (item "Hex" <hex> <4>) (item "Tri" <tri> <5>)* })
(option "Use" <Use> args:{ <u> } { (item "Cells" <Cell>) (item "None" <>) })"#;
    let (_, ex) = load("x.lud", text, &Choices::default()).unwrap();
    assert!(pretty(&ex.game).contains("(board (tri 5) use:Cell)"));
    let c = Choices {
        options: vec!["Use/None".into(), "Shape/Hex".into()],
        ruleset: None,
    };
    let (_, ex) = load("x.lud", text, &c).unwrap();
    assert!(
        pretty(&ex.game).contains("(board (hex 4))"),
        "{}",
        pretty(&ex.game)
    );
    assert_eq!(
        ex.options,
        vec![
            ("Shape".into(), "Hex".into()),
            ("Use".into(), "None".into())
        ]
    );
}

#[test]
fn ruleset_names_match_in_three_ways() {
    let text = std::fs::read_to_string("tests/fixtures/options.lud").unwrap();
    for name in ["Ruleset/Big (Described)", "Big (Described)", "Big"] {
        let c = Choices {
            options: vec![],
            ruleset: Some(name.into()),
        };
        let (_, ex) = load("o.lud", &text, &c).unwrap();
        assert_eq!(ex.ruleset.as_deref(), Some("Ruleset/Big (Described)"));
    }
}

#[test]
fn info_is_kept() {
    let text = std::fs::read_to_string("tests/fixtures/metadata.lud").unwrap();
    let (_, ex) = load("m.lud", &text, &Choices::default()).unwrap();
    assert_eq!(ex.name, "Metadata \"Test\" // not a comment");
    assert_eq!(ex.info.name, ex.name);
    assert_eq!(
        ex.info.description.as_deref(),
        Some("A \"test\" game. See http://example.org // not a comment.")
    );
    assert_eq!(
        ex.info.rules.as_deref(),
        Some("Place a ball; \"score\" counts \\ nothing.")
    );
    assert_eq!(ex.info.author.as_deref(), Some("ludeme"));
    assert!(ex.info.metadata.is_some());
}

#[test]
fn missing_file_is_a_clear_error() {
    let e = load_path(
        Path::new("tests/fixtures/no-such-file.lud"),
        &Choices::default(),
    )
    .unwrap_err();
    let r = e.to_string();
    assert!(
        r.starts_with("error: cannot read `tests/fixtures/no-such-file.lud`"),
        "{r}"
    );
}

#[test]
fn non_utf8_is_located() {
    let e = load_bytes(
        "b.lud",
        b"(game \"X\"\n  (players \xff))",
        &Choices::default(),
    )
    .unwrap_err();
    let r = e.to_string();
    assert!(
        r.starts_with("error: b.lud:2:12: the file is not valid UTF-8"),
        "{r}"
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    for n in [256usize, 257, 5_000, 100_000] {
        let text = format!("(game \"D\" {}{})", "{".repeat(n), "}".repeat(n));
        let r = load("d.lud", &text, &Choices::default());
        // the game form itself is one level
        if n < 256 {
            assert!(r.is_ok());
        } else {
            let r = r.unwrap_err().to_string();
            assert!(r.contains("nested more than 256 deep"), "{r}");
        }
    }
    // the worst that is allowed: brackets and named arguments, deepest nesting
    let worst = format!(
        "(game \"D\" {}{}1{})",
        "(a x:".repeat(255),
        "y:".repeat(256),
        ")".repeat(255)
    );
    let r = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || load("d.lud", &worst, &Choices::default()).map(|(_, ex)| pretty(&ex.game)))
        .unwrap()
        .join()
        .unwrap();
    assert!(r.is_err(), "the expansion is deeper than allowed");
    let ok = format!("(game \"D\" {}{})", "(a ".repeat(255), ")".repeat(255));
    let (_, ex) = load("d.lud", &ok, &Choices::default()).unwrap();
    let again = pretty(&ex.game);
    assert_eq!(
        pretty(&load("d.lud", &again, &Choices::default()).unwrap().1.game),
        again
    );
}

#[test]
fn unknown_options_list_the_valid_ones() {
    let text = std::fs::read_to_string("tests/fixtures/options.lud").unwrap();
    let c = Choices {
        options: vec!["Moves/Diagonal".into()],
        ruleset: None,
    };
    let r = load("o.lud", &text, &c).unwrap_err().to_string();
    assert!(
        r.contains("unknown item \"Diagonal\" for option \"Moves\""),
        "{r}"
    );
    assert!(r.contains("\"Orthogonal\", \"All\", \"None\""), "{r}");
    let c = Choices {
        options: vec!["Colour/Red".into()],
        ruleset: None,
    };
    let r = load("o.lud", &text, &c).unwrap_err().to_string();
    assert!(
        r.contains("\"Board\", \"Moves\", \"Size\", \"Layout\""),
        "{r}"
    );
}

#[test]
fn the_expanded_game_is_clean() {
    fn walk(n: &Node) {
        match &n.kind {
            Kind::Param(_) | Kind::OptionRef { .. } | Kind::Tilde => panic!("{n:?} left"),
            Kind::Form { head, args } => {
                assert!(!matches!(head.kind, Kind::Str(_)), "define call left");
                walk(head);
                args.iter().for_each(walk);
            }
            Kind::Array(items) => items.iter().for_each(walk),
            Kind::Named { value, .. } => walk(value),
            _ => {}
        }
    }
    for entry in std::fs::read_dir("tests/fixtures").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "lud") {
            let (_, ex) = load_path(&path, &Choices::default()).unwrap();
            walk(&ex.game);
        }
    }
}

#[test]
fn the_standard_defines_parse() {
    let mut s = Sources::new();
    let f = s.add("rules/standard.lud", ludeme::expand::STANDARD_DEFINES);
    let top = syntax::parse(&s, f).unwrap();
    let names: Vec<&str> = top
        .iter()
        .map(|d| d.form_args().unwrap()[0].as_str().unwrap())
        .collect();
    assert_eq!(names, ["SameTurn", "NewTurn", "HandEmpty"]);
}

#[test]
fn pretty_prints_whole_files_that_parse_again() {
    for entry in std::fs::read_dir("tests/fixtures").unwrap() {
        let path = entry.unwrap().path();
        let mut s = Sources::new();
        let f = s.add("a.lud", std::fs::read_to_string(&path).unwrap());
        let top = syntax::parse(&s, f).unwrap();
        let printed: Vec<String> = top.iter().map(pretty).collect();
        let printed = printed.join("\n\n");
        let g = s.add("b.lud", printed.clone());
        let again = syntax::parse(&s, g).unwrap_or_else(|e| panic!("{}\n{printed}", e.render(&s)));
        let a: Vec<Node> = top.iter().map(strip).collect();
        let b: Vec<Node> = again.iter().map(strip).collect();
        assert_eq!(a, b, "{}", path.display());
    }
}
