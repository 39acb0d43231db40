//! Every agent and playing command on the reference interpreter (issue
//! 21): a game the engine declines is played by `match` with search
//! agents, recorded and replayed, benched with MCTS, and played by a
//! human; and on a game both implementations play, the same seeds give
//! the same games on either (one code path, two implementations).

use ludeme::agents::{Agent, AgentSpec, MctsAgent};
use ludeme::{Choices, Loaded, Rules};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Our own sowing fixture: `(sow …)`, `(mapEntry …)` and `(move Select)`
/// run on the reference interpreter only.
const SOWING: &str = "tests/fixtures/mancala_small.lud";

/// Tic-tac-toe, written here: the engine plays it, and so does the
/// reference interpreter (`--passes none`).
const NOUGHTS: &str = r#"(game "Noughts"
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
    String::from_utf8(o.stdout).expect("utf-8 output")
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("reference_agents_{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sowing() -> Loaded {
    ludeme::load_file(SOWING.as_ref(), &Choices::default()).unwrap()
}

#[test]
fn the_library_entry_point_dispatches() {
    let g = sowing();
    assert!(
        matches!(g, Loaded::Reference(_)),
        "{:?}",
        g.reference_reason()
    );
    assert!(g.reference_reason().unwrap().contains("sow"));
    let n = ludeme::load_str("n.lud", NOUGHTS, &Choices::default()).unwrap();
    assert!(matches!(n, Loaded::Engine(_)));
    // the engine's own type is still there for code that needs it
    let game = ludeme::compile_file(SOWING.as_ref(), &Choices::default()).unwrap();
    assert!(!game.reference_only.is_empty());
}

/// MCTS and flat MC search the reference interpreter's game through the
/// dispatching type, to the game's end.
#[test]
fn search_agents_play_a_reference_only_game() {
    let g = sowing();
    for specs in [["mcts:iters=40", "mc:playouts=20"], ["mc", "mcts"]] {
        let mut agents: Vec<Box<dyn Agent<Loaded>>> = specs
            .iter()
            .enumerate()
            .map(|(p, s)| AgentSpec::parse(s).unwrap().build(p as u64).unwrap())
            .collect();
        let mut st = g.initial_state();
        let mut ws = g.workspace();
        let mut plies = 0;
        while g.outcome(&st).is_none() {
            let legal = g.legal(&st);
            let i = agents[g.mover(&st) as usize - 1].choose(&g, &st, &legal, &mut ws);
            assert!(i < legal.len());
            for a in &mut agents {
                a.observe(&g, &legal[i]);
            }
            g.play(&mut st, &legal[i], &mut ws);
            plies += 1;
            assert!(plies < 500, "the game ends");
        }
        assert!(plies > 2);
    }
}

/// MCTS keeps its tree between decisions on the reference interpreter too.
#[test]
fn mcts_keeps_its_subtree_on_the_reference() {
    let Loaded::Reference(r) = sowing() else {
        panic!("the sowing fixture runs on the reference interpreter")
    };
    let r = *r;
    let mut a = MctsAgent::<ludeme::Reference>::new(
        1,
        ludeme::agents::mcts::MctsConfig {
            iters: Some(200),
            ..Default::default()
        },
    );
    let st = r.initial_state();
    let mut ws = r.workspace();
    let legal = r.legal(&st);
    let i = a.choose(&r, &st, &legal, &mut ws);
    assert!(a.tree_size() > 100, "{}", a.tree_size());
    a.observe(&r, &legal[i]);
    let kept = a.tree_size();
    assert!(kept > 0 && kept < 200, "{kept}");
}

#[test]
fn match_with_mcts_and_mc_on_a_reference_only_game() {
    let args = [
        "match",
        SOWING,
        "--agents",
        "mcts:iters=50,mc:playouts=30",
        "--games",
        "4",
        "--swap",
        "--threads",
        "2",
        "--json",
    ];
    let a = ok(&args);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["games"], 4);
    assert_eq!(v["game"], "Small Sowing");
    let agents = v["agents"].as_array().unwrap();
    assert_eq!(agents[0]["agent"], "mcts:iters=50");
    assert_eq!(agents[1]["agent"], "mc:playouts=30");
    for l in agents {
        let sum = l["wins"].as_u64().unwrap()
            + l["draws"].as_u64().unwrap()
            + l["losses"].as_u64().unwrap();
        assert_eq!(sum, 4);
    }
    // deterministic for a seed, whatever the threads
    let games = |s: &str| {
        let v: serde_json::Value = serde_json::from_str(s).unwrap();
        v["game_list"].clone()
    };
    let mut one = args.to_vec();
    one[8] = "1";
    assert_eq!(games(&a), games(&ok(&one)));
}

/// The same match on the engine and on the reference interpreter
/// (`--passes none`): the same games, move for move.
#[test]
fn a_match_is_the_same_on_either_implementation() {
    let dir = scratch("either");
    let lud = dir.join("noughts.lud");
    std::fs::write(&lud, NOUGHTS).unwrap();
    let lud = lud.display().to_string();
    let run = |passes: &str, recs: &str| {
        let recs = dir.join(recs).display().to_string();
        let out = ok(&[
            "match",
            &lud,
            "--agents",
            "mcts:iters=60,mc:playouts=40",
            "--games",
            "4",
            "--swap",
            "--json",
            "--passes",
            passes,
            "--records",
            &recs,
        ]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let moves: Vec<Vec<String>> = (1..=4)
            .map(|k| {
                let p = PathBuf::from(&recs).join(format!("game-{k:04}.json"));
                ludeme::cli::record::GameRecord::read(&p).unwrap().moves
            })
            .collect();
        (v["game_list"].clone(), moves)
    };
    let engine = run("all", "engine");
    let reference = run("none", "reference");
    assert_eq!(engine, reference);
    assert!(engine.1.iter().all(|m| m.len() >= 5));
}

#[test]
fn record_and_replay_round_trip_on_a_reference_only_game() {
    let dir = scratch("record");
    let rec = dir.join("sowing.json");
    let rec_s = rec.display().to_string();
    let played = ok(&[
        "play",
        SOWING,
        "--agents",
        "mcts:iters=30,mc:playouts=10",
        "--seed",
        "7",
        "--record",
        &rec_s,
    ]);
    let r = ludeme::cli::record::GameRecord::read(&rec).unwrap();
    assert_eq!(r.agents, ["mcts:iters=30", "mc:playouts=10"]);
    let shown: Vec<&str> = played
        .lines()
        .filter_map(|l| {
            l.split_once(". P")
                .map(|(_, m)| m.split_once(' ').unwrap().1)
        })
        .collect();
    assert_eq!(r.moves, shown);
    let result = r.result.clone().expect("the game ran to its end");
    assert!(
        played
            .lines()
            .last()
            .unwrap()
            .starts_with(&format!("result: {result} "))
    );
    // JSON → record → JSON is the identity
    assert_eq!(r.to_json(), std::fs::read_to_string(&rec).unwrap());
    let replayed = ok(&["replay", &rec_s]);
    assert!(
        replayed.contains(&format!(
            "ok: {} moves legal, result {result} as recorded",
            r.moves.len()
        )),
        "{replayed}"
    );
    // trace reads the record as `--moves` would
    assert_eq!(
        ok(&["trace", &rec_s]),
        ok(&["trace", SOWING, "--moves", &r.moves.join(" ")])
    );
    // a record with a move changed diverges there, by name
    let mut bad = r.clone();
    let k = bad.moves.len() / 2;
    bad.moves[k] = "Z9".into();
    let bad_path = dir.join("bad.json");
    bad.write(&bad_path).unwrap();
    let o = ludeme_in(&["replay", &bad_path.display().to_string()], "");
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!(
            "diverges at ply {k} (move {}, `Z9`): not a legal move for P",
            k + 1
        )),
        "{err}"
    );
}

#[test]
fn human_on_a_reference_only_game_rejects_an_illegal_move() {
    // A1 is P1's store, not a hole: refused with the player, the move
    // number and the nearest legal moves; then b1 (any case) is played.
    let o = ludeme_in(
        &["play", SOWING, "--agents", "human,random"],
        "A1\nb1\nquit\n",
    );
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains(
            "`A1` is not a legal move for P1 at move 1; nearest: B1 C1 D1 (`?` lists all)"
        ),
        "{out}"
    );
    assert!(out.lines().any(|l| l == "1. P1 B1"), "{out}");
    assert!(out.contains("quit after"), "{out}");
}

#[test]
fn bench_mcts_on_a_reference_only_game() {
    let out = ok(&["bench", SOWING, "--playouts", "5", "--mcts-iters", "50"]);
    assert!(out.contains("mcts iterations: 50\n"), "{out}");
    assert!(out.contains("playouts: 5\n"), "{out}");
}
