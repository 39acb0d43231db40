//! The `ludeme` binary end to end: exit codes, output formats, and error
//! texts. No command may ever panic.

use std::process::{Command, Output};

/// Runs `ludeme ARGS` from the crate's root.
fn ludeme(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_ludeme"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the ludeme binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked"),
        "ludeme {args:?} panicked:\n{stderr}"
    );
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs a command that must succeed; its stdout.
fn ok(args: &[&str]) -> String {
    let o = ludeme(args);
    assert!(
        o.status.success(),
        "ludeme {args:?} failed:\n{}",
        stderr(&o)
    );
    stdout(&o)
}

/// Runs a command that must fail; its stderr (never empty).
fn fails(args: &[&str]) -> String {
    let o = ludeme(args);
    assert!(
        !o.status.success(),
        "ludeme {args:?} succeeded:\n{}",
        stdout(&o)
    );
    let e = stderr(&o);
    assert!(!e.trim().is_empty(), "ludeme {args:?}: no error text");
    e
}

const ABANDE: &str = "rules/abande.lud";

fn legal(after: &str) -> Vec<String> {
    ok(&["moves", ABANDE, "--after", after])
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn an_illegal_move_names_the_move_its_ply_and_the_legal_moves() {
    let at_ply_2 = legal("D4 E4");
    assert!(!at_ply_2.is_empty());
    let e = fails(&["moves", ABANDE, "--after", "D4 E4 Z99 C4"]);
    assert!(e.contains("`Z99`"), "{e}");
    assert!(e.contains("ply 2"), "{e}");
    // every legal move at that ply is listed
    for m in &at_ply_2 {
        assert!(e.split_whitespace().any(|w| w == m), "{m} missing:\n{e}");
    }
    // the same through perft and trace
    let e = fails(&["perft", ABANDE, "1", "--after", "D4 Z99"]);
    assert!(e.contains("`Z99`") && e.contains("ply 1"), "{e}");
    let e = fails(&["trace", ABANDE, "--moves", "Z99"]);
    assert!(e.contains("`Z99`") && e.contains("ply 0"), "{e}");
}

#[test]
fn every_ply_prints_the_legal_moves_before_each_move() {
    let line = "D4 E4 C4";
    let out = ok(&["moves", ABANDE, "--after", line, "--every-ply"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    let plies: Vec<&str> = line.split_whitespace().collect();
    for (k, l) in lines.iter().enumerate() {
        let rest = l
            .strip_prefix(&format!("{k}: "))
            .unwrap_or_else(|| panic!("line {k}: {l}"));
        let after = plies[..k].join(" ");
        assert_eq!(rest, legal(&after).join(" "), "ply {k}");
        // the move played next is among them
        if let Some(m) = plies.get(k) {
            assert!(
                rest.split(' ').any(|x| x == *m),
                "ply {k}: {m} not in {rest}"
            );
        }
    }
}

#[test]
fn every_ply_ends_with_the_result_of_a_finished_game() {
    let game = ok(&["play", ABANDE, "--seed", "3"]);
    let moves = played_moves(&game);
    let out = ok(&["moves", ABANDE, "--after", &moves.join(" "), "--every-ply"]);
    let last = out.lines().last().unwrap();
    let k = moves.len();
    let result = last
        .strip_prefix(&format!("{k}: over: "))
        .unwrap_or_else(|| panic!("{last}"));
    assert!(["P1", "P2", "draw"].contains(&result), "{last}");
    assert_eq!(out.lines().count(), k + 1);
    // and without --every-ply: just the result
    let out = ok(&["moves", ABANDE, "--after", &moves.join(" ")]);
    assert_eq!(out.trim(), format!("over: {result}"));
}

/// The moves of `ludeme play`'s output (`N. PX MOVE` lines).
fn played_moves(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.ends_with('.'))
        })
        .filter_map(|l| l.split_whitespace().nth(2).map(String::from))
        .collect()
}

#[test]
fn perft_divide_sums_to_perft() {
    for (options, after) in [
        (&[][..], ""),
        (&["--option", "Board/Square 7"][..], "D4 E4 C4"),
    ] {
        let mut args = vec!["perft", ABANDE, "3", "--after", after];
        args.extend_from_slice(options);
        let plain = ok(&args);
        let depth3: u64 = plain
            .lines()
            .find_map(|l| l.strip_prefix("3 "))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{plain}"));
        args.push("--divide");
        let divided = ok(&args);
        let mut sum = 0;
        let mut total = None;
        for l in divided.lines() {
            let (m, n) = l.rsplit_once(' ').unwrap();
            let n: u64 = n.parse().unwrap();
            if m == "total" {
                total = Some(n);
            } else {
                sum += n;
            }
        }
        assert_eq!(total, Some(sum), "{divided}");
        assert_eq!(sum, depth3, "{options:?} {after}");
        // one line per root move
        let roots = legal_with(options, after).len();
        assert_eq!(divided.lines().count(), roots + 1);
    }
}

fn legal_with(options: &[&str], after: &str) -> Vec<String> {
    let mut args = vec!["moves", ABANDE, "--after", after];
    args.extend_from_slice(options);
    ok(&args).lines().map(String::from).collect()
}

#[test]
fn the_start_perft_matches_the_known_counts() {
    assert_eq!(ok(&["perft", ABANDE, "3"]), "1 37\n2 180\n3 1176\n");
    // the same under the reference interpreter and with a pass dropped
    for passes in ["none", "-fast", "fastgen,dedup"] {
        assert_eq!(
            ok(&["perft", ABANDE, "3", "--passes", passes]),
            "1 37\n2 180\n3 1176\n",
            "--passes {passes}"
        );
    }
    let e = fails(&["perft", ABANDE, "1", "--passes", "-nosuch"]);
    assert!(e.contains("unknown pass `nosuch`"), "{e}");
    // check --crosscheck: an ok summary
    let out = ok(&[
        "check",
        ABANDE,
        "--crosscheck",
        "--games",
        "2",
        "--plies",
        "40",
    ]);
    assert!(out.contains("crosscheck ok: 2 games"), "{out}");
}

#[test]
fn play_with_a_seed_is_repeatable() {
    let a = ok(&["play", ABANDE, "--seed", "42"]);
    let b = ok(&["play", ABANDE, "--seed", "42"]);
    assert_eq!(a, b);
    assert!(a.lines().last().unwrap().starts_with("result: "), "{a}");
    // the game it prints is legal move by move, and over at the end
    let moves = played_moves(&a);
    assert!(!moves.is_empty());
    let out = ok(&["moves", ABANDE, "--after", &moves.join(" ")]);
    assert!(out.starts_with("over: "), "{out}");
    // another seed, another game (very likely)
    let c = ok(&["play", ABANDE, "--seed", "43"]);
    assert_ne!(a, c);
    // --show and --max-moves
    let shown = ok(&["play", ABANDE, "--seed", "42", "--show", "--max-moves", "3"]);
    assert_eq!(played_moves(&shown), moves[..3]);
    assert!(
        shown.trim_end().ends_with("stopped after 3 moves"),
        "{shown}"
    );
}

#[test]
fn check_summarises_every_rules_file() {
    let out = ok(&["check", ABANDE]);
    assert_eq!(
        out,
        "ok: Abande: 2 players, 37 sites, 2 pieces, options Board/Hexagon 4\n"
    );
    let out = ok(&["check", ABANDE, "--option", "Board/Square 7"]);
    assert_eq!(
        out,
        "ok: Abande: 2 players, 49 sites, 2 pieces, options Board/Square 7\n"
    );
    for f in ["icebreaker", "abrobad", "atidada", "abrana"] {
        let out = ok(&["check", &format!("rules/{f}.lud")]);
        assert!(out.starts_with("ok: ") && out.lines().count() == 1, "{out}");
    }
}

#[test]
fn check_on_a_bad_file_shows_where() {
    let e = fails(&["check", "tests/bad_compile/unknown_player.lud"]);
    assert!(
        e.starts_with("error: tests/bad_compile/unknown_player.lud:10:"),
        "{e}"
    );
    assert!(e.contains('^') && e.contains("= expected"), "{e}");
    // a front-end error too
    let e = fails(&["check", "tests/bad/unclosed_paren.lud"]);
    assert!(e.starts_with("error: tests/bad/unclosed_paren.lud:"), "{e}");
    // and a file that is not there
    let e = fails(&["check", "tests/no_such_file.lud"]);
    assert!(e.contains("tests/no_such_file.lud"), "{e}");
}

#[test]
fn an_unknown_option_lists_the_valid_ones() {
    for cmd in ["check", "moves", "board", "expand", "perft"] {
        let mut args = vec![cmd, ABANDE, "--option", "Board/Circle 9"];
        if cmd == "perft" {
            args.push("1");
        }
        let e = fails(&args);
        assert!(e.contains("Circle 9"), "{cmd}: {e}");
        assert!(
            e.contains("Hexagon 4") && e.contains("Square 7"),
            "{cmd}: {e}"
        );
    }
    let e = fails(&["check", ABANDE, "--option", "Size/4"]);
    assert!(e.contains("Board"), "{e}");
}

#[test]
fn board_draws_and_prints_json_for_every_rules_file() {
    for f in ["abande", "icebreaker", "abrobad", "atidada", "abrana"] {
        let file = format!("rules/{f}.lud");
        let drawing = ok(&["board", &file]);
        assert!(!drawing.trim().is_empty(), "{f}");
        let json = ok(&["board", &file, "--json"]);
        let v: serde_json::Value =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{f}: not JSON ({e}):\n{json}"));
        let sites = v["sites"].as_array().expect("a `sites` array");
        assert!(!sites.is_empty(), "{f}");
        if f == "abande" {
            assert_eq!(sites.len(), 37);
        }
    }
    // options choose the board
    let hex = ok(&["board", ABANDE, "--json"]);
    let square = ok(&["board", ABANDE, "--json", "--option", "Board/Square 7"]);
    assert_ne!(hex, square);
}

#[test]
fn bad_arguments_fail_cleanly() {
    fails(&["perft", ABANDE, "notanumber"]);
    fails(&["play", ABANDE, "--agents", "nobody,random"]);
    fails(&["moves"]);
    fails(&["frobnicate", ABANDE]);
    fails(&["board", "tests/bad/empty.lud"]);
    fails(&["moves", "tests/bad_compile/unsupported_dice.lud"]);
    // bench and trace on a short run
    let out = ok(&["bench", ABANDE, "--playouts", "3"]);
    assert!(out.contains("playouts/s"), "{out}");
    let out = ok(&["trace", ABANDE, "--moves", "D4 E4"]);
    assert!(out.contains("== ply 2"), "{out}");
}

#[test]
fn moves_named_by_their_sites_follow_the_same_line() {
    // A line of text moves, then the same line named by site keys (as the
    // differential runner follows Ludii's picks): the same legal moves after
    // every ply, and as many keys as texts.
    let game = ok(&["play", ABANDE, "--seed", "5", "--max-moves", "12"]);
    let moves = played_moves(&game);
    assert!(moves.len() >= 10, "{game}");
    let json = ok(&["board", ABANDE, "--json"]);
    let index = |label: &str| -> usize {
        let at = json.find(&format!("\"label\":\"{label}\"")).unwrap();
        let head = &json[..at];
        let i = head.rfind("\"index\":").unwrap() + "\"index\":".len();
        head[i..].split(',').next().unwrap().parse().unwrap()
    };
    let by_text = ok(&[
        "moves",
        ABANDE,
        "--sites",
        "--every-ply",
        "--after",
        &moves.join(" "),
    ]);
    // `C3-E5` is a step between two board sites; `C3` enters a piece from
    // the mover's hand (a site after the board's 37)
    let keys: Vec<String> = moves
        .iter()
        .zip(by_text.lines())
        .map(|(m, line)| match m.split_once('-') {
            Some((f, t)) => format!("@{}-{}", index(f), index(t)),
            None => {
                let to = index(m);
                let from_hand: Vec<&str> = line
                    .split(' ')
                    .skip(1)
                    .filter(|k| {
                        let (f, t) = k.split_once('-').unwrap();
                        t.parse::<usize>() == Ok(to) && f.parse::<usize>().unwrap() >= 37
                    })
                    .collect();
                assert_eq!(from_hand.len(), 1, "{m}: {line}");
                format!("@{}", from_hand[0])
            }
        })
        .collect();
    let by_keys = ok(&[
        "moves",
        ABANDE,
        "--sites",
        "--every-ply",
        "--after",
        &keys.join(" "),
    ]);
    assert_eq!(by_text, by_keys);
    let texts = ok(&["moves", ABANDE, "--every-ply", "--after", &moves.join(" ")]);
    for (t, k) in texts.lines().zip(by_text.lines()) {
        assert_eq!(t.split(' ').count(), k.split(' ').count(), "{t}\n{k}");
    }
    for (k, key) in keys.iter().enumerate() {
        let line = by_text.lines().nth(k).unwrap();
        assert!(
            line.split(' ').any(|x| x == &key[1..]),
            "ply {k}: {key} not in {line}"
        );
    }
    let e = fails(&["moves", ABANDE, "--after", "@999-999"]);
    assert!(e.contains("`999-999`") && e.contains("ply 0"), "{e}");
}

/// `conform` over a folder of our own descriptions: one that loads and
/// plays, one with a syntax error, one that names a Ludii ludeme ludeme does
/// not implement; the summary, the classes and the JSON agree.
#[test]
fn conform_runs_a_folder() {
    let dir = std::env::temp_dir().join(format!("ludeme-conform-{}", std::process::id()));
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(
        dir.join("good.lud"),
        r#"(game "Good" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
            (rules (play (move Add (to (sites Empty))))
            (end { (if (is Line 3) (result Mover Win))
                   (if (= 0 (count Sites in:(sites Empty))) (result All Draw)) })))"#,
    )
    .unwrap();
    std::fs::write(
        sub.join("syntax.lud"),
        "(game \"Bad\" (players 2) (equipment {)))",
    )
    .unwrap();
    std::fs::write(
        sub.join("loop.lud"),
        r#"(game "Loop" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
            (rules (play (move Add (to (sites Empty)))) (end (if (is Loop) (result Mover Win)))))"#,
    )
    .unwrap();
    std::fs::write(sub.join("notes.txt"), "not a description").unwrap();
    let d = dir.to_str().unwrap();
    let table = ok(&[
        "conform",
        d,
        "--jobs",
        "2",
        "--timeout",
        "60",
        "--bench-secs",
        "0.05",
    ]);
    assert!(table.contains("1/3 load, 1 play"), "{table}");
    assert!(table.contains("good.lud | yes | yes |"), "{table}");
    assert!(table.contains("syntax.lud | no | no | syntax |"), "{table}");
    assert!(
        table.contains("loop.lud | no | no | unsupported ludeme | (is Loop ...) |"),
        "{table}"
    );
    let json = ok(&["conform", d, "--json", "--bench-secs", "0.05"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["total"], 3);
    assert_eq!(v["load"], 1);
    assert_eq!(v["play"], 1);
    assert!(v["files"][0]["playouts_per_sec"].as_f64().unwrap() > 0.0);
    assert_eq!(v["blockers"].as_array().unwrap().len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Ludii ludeme that ludeme does not implement says so by name.
#[test]
fn unsupported_ludii_ludeme_is_named() {
    let dir = std::env::temp_dir().join(format!("ludeme-unsupported-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("loop.lud");
    std::fs::write(
        &f,
        r#"(game "Loop" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
            (rules (play (move Add (to (sites Empty)))) (end (if (is Loop) (result Mover Win)))))"#,
    )
    .unwrap();
    let e = fails(&["check", f.to_str().unwrap()]);
    assert!(
        e.contains("Ludii's `(is Loop ...)` is not supported yet"),
        "{e}"
    );
    assert!(e.contains(":2:"), "located: {e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
