//! `play` with a human at the keyboard (scripted through standard input),
//! `match`, game records (`play --record`, `match --records`, `replay`,
//! `trace RECORD`), and output piped into a reader that stops early.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SEED_GAMES: [&str; 5] = [
    "rules/abande.lud",
    "rules/abrana.lud",
    "rules/abrobad.lud",
    "rules/atidada.lud",
    "rules/icebreaker.lud",
];

/// Tic-tac-toe, written here for these tests.
const TICTACTOE: &str = r#"(game "Noughts"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end {
            (if (is Line 3) (result Mover Win))
            (if (= 0 (count Sites in:(sites Empty))) (result All Draw))
        })
    )
)
"#;

fn ludeme_in(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludeme"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ludeme binary runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes())
        .expect("stdin takes the script");
    let out = child.wait_with_output().expect("ludeme ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked"),
        "ludeme {args:?} panicked:\n{err}"
    );
    out
}

fn ok(args: &[&str]) -> String {
    let o = ludeme_in(args, "");
    assert!(
        o.status.success(),
        "ludeme {args:?} failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ludeme-agents-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, file: &str, text: &str) -> String {
    let p = dir.join(file);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

// ---------------------------------------------------------------------------
// a human at the keyboard

#[test]
fn human_game_scripted_through_stdin() {
    // P1 types a typo, a move in lower case, an illegal move (an occupied
    // cell), asks for the legal moves, undoes, plays by site number, quits.
    let script = "zz\nd3\nd3\n?\nundo\n12\nquit\n";
    let o = ludeme_in(
        &[
            "play",
            "rules/abande.lud",
            "--agents",
            "human,random",
            "--seed",
            "5",
        ],
        script,
    );
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    let has = |s: &str| lines.iter().any(|l| l.contains(s));
    // the typo: nearest legal moves, asked again
    assert!(
        has("`zz` is not a legal move for P1 at move 1; nearest: "),
        "{out}"
    );
    // lower case accepted; the random reply follows
    let first = lines.iter().position(|l| *l == "1. P1 D3").expect(&out);
    assert!(lines[first + 1..].iter().any(|l| l.starts_with("2. P2 ")));
    // D3 again: occupied now, so not legal; the board was shown in between
    assert!(
        has("`d3` is not a legal move for P1 at move 3; nearest: "),
        "{out}"
    );
    assert!(has("to move: P2"));
    // `?` lists the legal moves, as `ludeme moves` would
    let legal = lines.iter().find(|l| l.starts_with("legal (")).expect(&out);
    let reply = lines[first + 1..]
        .iter()
        .find_map(|l| l.strip_prefix("2. P2 "))
        .unwrap();
    let listed = ok(&[
        "moves",
        "rules/abande.lud",
        "--after",
        &format!("D3 {reply}"),
    ]);
    let listed: Vec<&str> = listed.lines().collect();
    assert_eq!(
        *legal,
        format!("legal ({}): {}", listed.len(), listed.join(" "))
    );
    // undo goes back before P1's move; site 12 is D3 again
    assert!(has("undone: back to ply 0, P1 to move"));
    let again = lines.iter().rposition(|l| l.starts_with("1. P1 ")).unwrap();
    assert!(again > first);
    assert_eq!(lines[again], "1. P1 D3");
    assert_eq!(*lines.last().unwrap(), "quit after 2 moves");
}

#[test]
fn human_game_to_its_end_with_a_record() {
    let dir = scratch("ttt");
    let lud = write(&dir, "noughts.lud", TICTACTOE);
    let rec = dir.join("game.json").display().to_string();
    // both players typed: A1 B1 A2 B2, then an illegal B2, then A3 wins
    let o = ludeme_in(
        &["play", &lud, "--agents", "human", "--record", &rec],
        "a1\nB1\n3\nb2\nb2\nA3\n",
    );
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("`b2` is not a legal move for P1"), "{out}");
    assert!(out.contains("5. P1 A3"), "{out}");
    assert!(out.ends_with("result: P1 (scores P1 0, P2 0)\n"), "{out}");
    // the record: the moves as text, the result; it replays
    let json = std::fs::read_to_string(&rec).unwrap();
    let r: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        r["moves"],
        serde_json::json!(["A1", "B1", "A2", "B2", "A3"])
    );
    assert_eq!(r["result"], "P1");
    assert_eq!(r["agents"], serde_json::json!(["human", "human"]));
    assert!(ok(&["replay", &rec]).contains("ok: 5 moves legal, result P1 as recorded"));
    // the record as a snapshot (see docs/agents.md): the file's path is
    // the only field that depends on where the test runs
    let shown = json.replace(&lud, "noughts.lud");
    insta::assert_snapshot!("noughts_record", shown);
}

#[test]
fn end_of_input_quits() {
    let o = ludeme_in(
        &["play", "rules/abrobad.lud", "--agents", "human,random"],
        "",
    );
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("(end of input)"));
    assert!(out.ends_with("quit after 0 moves\n"), "{out}");
}

#[test]
fn bad_agent_specs_are_errors() {
    for agents in ["nobody,random", "mcts:iters=0,random", "mcts:depth=2"] {
        let o = ludeme_in(&["play", "rules/abrobad.lud", "--agents", agents], "");
        assert!(!o.status.success(), "{agents}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.starts_with("error: "), "{agents}: {e}");
    }
    let o = ludeme_in(
        &["match", "rules/abrobad.lud", "--agents", "human,random"],
        "",
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("`human` cannot play in a match"));
    let o = ludeme_in(&["match", "rules/abrobad.lud", "--agents", "random"], "");
    assert!(String::from_utf8_lossy(&o.stderr).contains("one agent per seat"));
    for t in ["0", "100000"] {
        let o = ludeme_in(&["bench", "rules/abrobad.lud", "--threads", t], "");
        assert!(String::from_utf8_lossy(&o.stderr).contains("needs 1 to 256"));
        let args = [
            "match",
            "rules/abrobad.lud",
            "--agents",
            "random,random",
            "--threads",
            t,
        ];
        let o = ludeme_in(&args, "");
        assert!(String::from_utf8_lossy(&o.stderr).contains("needs 1 to 256"));
    }
}

// ---------------------------------------------------------------------------
// matches

/// The table without its one clock-dependent line.
fn untimed(table: &str) -> String {
    table
        .lines()
        .filter(|l| !l.starts_with("time per move:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn match_table_on_a_fixed_seed() {
    let args = |t: &'static str| {
        [
            "match",
            "rules/abrobad.lud",
            "--agents",
            "mcts:iters=60,random",
            "--games",
            "8",
            "--swap",
            "--seed",
            "11",
            "--threads",
            t,
        ]
    };
    let one = ok(&args("1"));
    assert!(one.contains("time per move: A "));
    // the same games whatever the thread count
    assert_eq!(untimed(&one), untimed(&ok(&args("2"))));
    insta::assert_snapshot!("abrobad_match", untimed(&one));
}

#[test]
fn match_json_adds_up() {
    let out = ok(&[
        "match",
        "rules/abrana.lud",
        "--agents",
        "random,mc:playouts=40",
        "--games",
        "6",
        "--seed",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 6);
    let list = v["game_list"].as_array().unwrap();
    assert_eq!(list.len(), 6);
    let draws = list.iter().filter(|g| g["result"] == "draw").count() as u64;
    assert_eq!(v["draws"], draws);
    let agents = v["agents"].as_array().unwrap();
    for a in agents {
        let n = |k: &str| a[k].as_u64().unwrap();
        assert_eq!(n("wins") + n("draws") + n("losses"), 6);
    }
    // without --swap agent A always sits first
    assert_eq!(agents[0]["wins_by_seat"][0], v["wins_by_seat"][0]);
    let p1 = list.iter().filter(|g| g["result"] == "P1").count() as f64;
    assert_eq!(v["first_player_win_rate"].as_f64().unwrap(), p1 / 6.0);
    let lengths: Vec<u64> = list.iter().map(|g| g["length"].as_u64().unwrap()).collect();
    assert_eq!(v["length_max"], *lengths.iter().max().unwrap());
    // game i of a match is `play --seed` of its seed
    let g = &list[3];
    let played = ok(&[
        "play",
        "rules/abrana.lud",
        "--agents",
        "random,mc:playouts=40",
        "--seed",
        &g["seed"].to_string(),
    ]);
    let moves = played.lines().filter(|l| l.contains(". P")).count() as u64;
    assert_eq!(moves, g["length"].as_u64().unwrap());
    assert!(played.contains(&format!("result: {}", g["result"].as_str().unwrap())));
}

// ---------------------------------------------------------------------------
// records

#[test]
fn records_round_trip_for_every_seed_game() {
    let dir = scratch("seeds");
    for file in SEED_GAMES {
        let rec = dir.join("r.json").display().to_string();
        let played = ok(&["play", file, "--seed", "4", "--record", &rec]);
        let json = std::fs::read_to_string(&rec).unwrap();
        // JSON → record → JSON is the identity
        let r: ludeme::cli::record::GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(r.to_json(), json, "{file}");
        assert_eq!(r.file, file);
        let shown: Vec<&str> = played
            .lines()
            .filter_map(|l| {
                l.split_once(". P")
                    .map(|(_, m)| m.split_once(' ').unwrap().1)
            })
            .collect();
        assert_eq!(r.moves, shown, "{file}");
        let result = played.lines().last().unwrap();
        assert!(
            result.starts_with(&format!("result: {} ", r.result.as_deref().unwrap())),
            "{file}: {result}"
        );
        // replay verifies it; trace reads it as --moves would
        let replayed = ok(&["replay", &rec]);
        assert!(replayed.contains("result"), "{file}: {replayed}");
        assert!(!replayed.contains("note:"), "{file}: {replayed}");
        let (short, n) = (&r.moves[..r.moves.len().min(6)], r.moves.len().min(6));
        if n == r.moves.len() {
            assert_eq!(
                ok(&["trace", &rec]),
                ok(&["trace", file, "--moves", &short.join(" ")])
            );
        }
    }
    // a match's records replay too
    let recs = dir.join("match");
    let recs_s = recs.display().to_string();
    ok(&[
        "match",
        "rules/abrobad.lud",
        "--agents",
        "random,mcts:iters=20",
        "--games",
        "3",
        "--swap",
        "--records",
        &recs_s,
    ]);
    for k in 1..=3 {
        let rec = recs.join(format!("game-{k:04}.json")).display().to_string();
        assert!(ok(&["replay", &rec]).contains("ok: "), "{rec}");
        let r = ludeme::cli::record::GameRecord::read(Path::new(&rec)).unwrap();
        let expect = if k % 2 == 1 {
            ["random", "mcts:iters=20"]
        } else {
            ["mcts:iters=20", "random"]
        };
        assert_eq!(r.agents, expect);
    }
}

#[test]
fn trace_reads_a_record() {
    let dir = scratch("trace");
    let rec = dir.join("r.json").display().to_string();
    ok(&["play", "rules/abrobad.lud", "--seed", "9", "--record", &rec]);
    let r = ludeme::cli::record::GameRecord::read(Path::new(&rec)).unwrap();
    assert_eq!(
        ok(&["trace", &rec]),
        ok(&["trace", "rules/abrobad.lud", "--moves", &r.moves.join(" ")])
    );
}

#[test]
fn replay_catches_a_changed_rule() {
    let dir = scratch("changed");
    let original = std::fs::read_to_string("rules/abrobad.lud").unwrap();
    let lud = write(&dir, "abrobad.lud", &original);
    let rec = dir.join("r.json").display().to_string();
    ok(&["play", &lud, "--seed", "3", "--record", &rec]);
    assert!(ok(&["replay", &rec]).contains("ok: "));
    // the placement rule now forbids touching an enemy stone instead
    let place = "(sites Around (to) Own)";
    assert!(original.contains(place));
    write(
        &dir,
        "abrobad.lud",
        &original.replace(place, "(sites Around (to) Enemy)"),
    );
    let o = ludeme_in(&["replay", &rec], "");
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("note: the expanded description differs"),
        "{out}"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    let r = ludeme::cli::record::GameRecord::read(Path::new(&rec)).unwrap();
    // `… diverges at ply K (move K+1, `M`): not a legal move for P… (nearest legal: …)`
    let at = err.split("diverges at ply ").nth(1).expect(&err);
    let ply: usize = at.split(' ').next().unwrap().parse().unwrap();
    assert!(
        at.contains(&format!(
            "(move {}, `{}`): not a legal move for P",
            ply + 1,
            r.moves[ply]
        )),
        "{err}"
    );
    // the moves before it are legal under the new rule, that one is not
    let game = ludeme::compile_file(Path::new(&lud), &Default::default()).unwrap();
    let before = ludeme::cli::play::play_line(&game, &r.moves[..ply].join(" "));
    let (st, _) = before.expect("the moves before the divergence are legal");
    assert!(game.parse_move(&st, &r.moves[ply]).is_err());
    // and the original rule replays it again
    write(&dir, "abrobad.lud", &original);
    assert!(ok(&["replay", &rec]).contains("ok: "));
}

#[test]
fn replay_catches_a_changed_result() {
    let dir = scratch("result");
    let lud = write(&dir, "noughts.lud", TICTACTOE);
    let rec = dir.join("r.json").display().to_string();
    ok(&["play", &lud, "--seed", "1", "--record", &rec]);
    let mut r = ludeme::cli::record::GameRecord::read(Path::new(&rec)).unwrap();
    let truth = r.result.clone().unwrap();
    r.result = Some(if truth == "P1" {
        "P2".into()
    } else {
        "P1".into()
    });
    r.write(Path::new(&rec)).unwrap();
    let o = ludeme_in(&["replay", &rec], "");
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!(
            "diverges at the end (ply {}): the record's result is {}, the replay's is {truth}",
            r.moves.len(),
            r.result.as_deref().unwrap()
        )),
        "{err}"
    );
    // a record that is not one
    let bad = write(&dir, "bad.json", "{\"format\": 3}");
    let o = ludeme_in(&["replay", &bad], "");
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a game record"));
}

// ---------------------------------------------------------------------------
// pipes

/// Output into a reader that stops after one line: no panic, no message.
#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    for args in [
        &["play", "rules/atidada.lud", "--show"][..],
        &["trace", "rules/abande.lud", "--moves", "D3 C2 B2 D2 A2"][..],
        &["expand", "rules/abande.lud"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludeme"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty(), "{args:?}");
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

/// docs/agents.md's snapshot example is the code of a test here.
#[test]
fn docs_snapshot_example_is_tested() {
    let docs = std::fs::read_to_string("docs/agents.md").unwrap();
    let block = docs.split("```rust\n").nth(1).unwrap();
    let block = block.split("```").next().unwrap();
    let here = std::fs::read_to_string("tests/agents_cli.rs").unwrap();
    assert!(
        here.contains(block),
        "docs/agents.md's example is not in the tests"
    );
}
