//! Resource limits (docs/limits.md): each class of input that once
//! crashed, exhausted memory or stalled the engine, now a located error,
//! a clean end, or bounded work. One test per class.

use ludeme::Choices;
use ludeme::expand::{MAX_INPUT_BYTES, load_text};

/// Loads a description; the error text on failure.
fn load(text: &str) -> Result<ludeme::Game, String> {
    ludeme::compile_str("t.lud", text, &Choices::default()).map_err(|e| e.to_string())
}

/// A game on board `board` with a plain add-anywhere rule.
fn game_on(board: &str) -> String {
    format!(
        r#"(game "G" (players 2)
            (equipment {{ (board {board}) (piece "Disc" Each) }})
            (rules (play (move Add (to (sites Empty))))
                   (end (if (is Line 3) (result Mover Win)))))"#
    )
}

/// A define parameter `#N` is at most `#1000`: a huge N once sized two
/// tables of N entries (a 60-byte file asked for 8 GB).
#[test]
fn define_parameters_are_bounded() {
    for n in ["1001", "4294967295", "99999999999999999999"] {
        let text = format!("(define \"F\" (square #{n}))\n{}", game_on("(\"F\" 3)"));
        let e = load(&text).unwrap_err();
        assert!(
            e.starts_with("error: t.lud:1:") && e.contains(&format!("bad define parameter `#{n}`")),
            "{e}"
        );
        assert!(e.contains("up to `#1000`"), "{e}");
    }
    // the highest allowed one works
    let text = format!(
        "(define \"F\" (square #1000))\n{}",
        game_on(&format!("(\"F\" {})", "~ ".repeat(999) + "3"))
    );
    assert!(load(&text).is_ok());
}

/// A piece whose own moves run `(forEach Piece)` (its own moves again):
/// once a stack overflow (abort) in check, play and perft; now an error at
/// the inner `(forEach Piece)`.
#[test]
fn for_each_piece_recursion_is_an_error() {
    let text = r#"(game "Loop" (players 2)
        (equipment { (board (square 3)) (piece "Disc" Each (forEach Piece)) })
        (rules (play (forEach Piece)) (end (if (is Line 3) (result Mover Win)))))"#;
    let e = load(text).unwrap_err();
    assert!(e.starts_with("error: t.lud:2:"), "{e}");
    assert!(e.contains("runs the moves of \"Disc1\""), "{e}");
    // through another piece: A's moves run B's, whose moves run A's
    let text = r#"(game "Loop2" (players 2)
        (equipment { (board (square 3))
            (piece "A" P1 (forEach Piece "B"))
            (piece "B" P1 (or (move Add (to (sites Empty))) (forEach Piece "A"))) })
        (rules (play (forEach Piece)) (end (if (is Line 3) (result Mover Win)))))"#;
    let e = load(text).unwrap_err();
    assert!(
        e.contains("`(forEach Piece)` here runs the moves of"),
        "{e}"
    );
    // a piece whose moves do not loop still compiles and plays
    let text = r#"(game "Fine" (players 2)
        (equipment { (board (square 3)) (piece "Disc" Each (move Add (to (sites Empty)))) })
        (rules (play (forEach Piece)) (end (if (is Line 3) (result Mover Win)))))"#;
    // (no piece on the board yet: as in Ludii, the mover passes)
    let g = load(text).unwrap();
    assert_eq!(g.move_texts(&g.legal_moves(&g.initial_state())), ["pass"]);
}

/// Copies of piece moves by nested `(forEach Piece)` are bounded: each
/// level doubles the moves, 30 levels would be 2^30 nodes.
#[test]
fn inlined_piece_moves_are_bounded() {
    let mut pieces = String::from("(piece \"P0\" P1 (move Add (to (sites Empty))))\n");
    for i in 1..30 {
        let p = i - 1;
        pieces.push_str(&format!(
            "(piece \"P{i}\" P1 (or (forEach Piece \"P{p}\") (forEach Piece \"P{p}\")))\n"
        ));
    }
    let text = format!(
        r#"(game "Wide" (players 2)
        (equipment {{ (board (square 3)) {pieces} }})
        (rules (play (forEach Piece "P29")) (end (if (is Line 3) (result Mover Win)))))"#
    );
    let e = load(&text).unwrap_err();
    assert!(e.starts_with("error: t.lud:"), "{e}");
    assert!(
        e.contains("the moves compile to more than 200000 nodes"),
        "{e}"
    );
}

/// Boards under the site limit: compile and every workspace take memory
/// linear in the sites (they took n²/2 and 24·n² bytes: a 250×250 board
/// asked for 94 GB when a workspace was made, so this test aborted).
#[test]
fn large_boards_take_linear_memory() {
    let g = load(&game_on("(square 250)")).unwrap();
    let st = g.initial_state();
    let mut ws = g.new_workspace();
    assert_eq!(g.perft(&st, 1, &mut ws), 62_500);
    // the de-duplication of moves on a large board (a hash set there):
    // two alternatives that make the same moves give each once
    let text = r#"(game "Dup" (players 2)
        (equipment { (board (square 250)) (piece "Disc" Each) })
        (rules (play (or (move Add (to (sites Empty))) (move Add (to (sites Empty)))))
               (end (if (is Line 3) (result Mover Win)))))"#;
    let g = load(text).unwrap();
    let st = g.initial_state();
    assert_eq!(g.legal_moves(&st).len(), 62_500);
}

/// The reference interpreter's workspace is linear in the sites too: its
/// de-duplication table was 24·(n+1)² bytes on any board, so a 300×300
/// board asked for 194 GB and aborted under `--passes none`.
#[test]
fn reference_workspace_is_linear() {
    use ludeme::plan::Rules;
    let g = load(&game_on("(square 300)")).unwrap();
    let r = ludeme::plan::Reference::new(&g);
    let st = r.initial_state();
    let mut ws = r.workspace();
    assert_eq!(r.perft(&st, 1, &mut ws), 90_000);
}

/// Moves of the same kind, origin and target but different pieces are
/// told apart in linear time: each once scanned every move kept so far
/// (2 × 40,000 adds here: about 1.6·10⁹ comparisons per decision). Both
/// the engine and the reference interpreter, on a board small enough for
/// their dense table, and on one too large for it.
#[test]
fn move_deduplication_is_linear() {
    use ludeme::plan::Rules;
    for (size, n) in [(20, 400usize), (200, 40_000)] {
        let text = format!(
            r#"(game "Two" (players 2)
            (equipment {{ (board (square {size})) (piece "Disc" Each) (piece "Ring" Each) }})
            (rules (play (or {{ (move Add (piece "Disc1") (to (sites Empty)))
                                (move Add (piece "Ring1") (to (sites Empty)))
                                (move Add (piece "Disc1") (to (sites Empty))) }}))
                   (end (if (is Line 3) (result Mover Win)))))"#
        );
        let g = load(&text).unwrap();
        let st = g.initial_state();
        assert_eq!(g.legal_moves(&st).len(), 2 * n, "engine, square {size}");
        let r = ludeme::plan::Reference::new(&g);
        let rst = r.initial_state();
        assert_eq!(r.legal(&rst).len(), 2 * n, "reference, square {size}");
    }
}

/// A count of sites computed from a huge size is said as written, not
/// clamped.
#[test]
fn board_too_large_says_the_size_written() {
    let e = load(&game_on("(square 99999999999)")).unwrap_err();
    assert!(e.contains("the board size is 99999999999"), "{e}");
    assert!(e.starts_with("error: t.lud:2:"), "{e}");
    let e = load(&game_on("(rectangle 2 60000)")).unwrap_err();
    assert!(e.contains("board too large: 120000 sites"), "{e}");
}

/// Inputs over 1 MiB are a located error; a file is read with a cap
/// (`/dev/zero` once grew to 2 GB before failing).
#[test]
fn input_size_is_bounded() {
    let big = " ".repeat(MAX_INPUT_BYTES + 1);
    let e = load_text("big.lud", &big, &Choices::default()).unwrap_err();
    assert!(e.diagnostic.span.is_some());
    let text = e.to_string();
    assert!(text.contains("the input is too large"), "{text}");
    // the shown line is a window, not the megabyte
    assert!(text.len() < 2000, "{} bytes of error", text.len());
    #[cfg(unix)]
    {
        let e = ludeme::compile_file("/dev/zero".as_ref(), &Choices::default()).unwrap_err();
        assert!(e.to_string().contains("more than 1048576 bytes"), "{e}");
    }
}

/// "Did you mean" on a name of half a megabyte: no quadratic table (a
/// 1 MB name took 6 s and a 10 MB one 1.4 GB). The error still says
/// where, and a near name is still suggested.
#[test]
fn suggestions_on_huge_names_are_bounded() {
    let name = "x".repeat(500_000);
    let e = load(&game_on(&format!("(\"{name}\")"))).unwrap_err();
    assert!(e.contains("unknown define"), "{}", &e[..200]);
    let e = load(&game_on(&format!("({name} 3)"))).unwrap_err();
    assert!(e.starts_with("error: t.lud:"), "{}", &e[..200]);
    let text = game_on("(square 3)").replace("(sites Empty)", "(sites Emty)");
    let e = load(&text).unwrap_err();
    assert!(e.contains("(did you mean `Empty`?)"), "{e}");
    let huge = "E".repeat(500_000);
    let text = game_on("(square 3)").replace("(sites Empty)", &format!("(sites {huge})"));
    let e = load(&text).unwrap_err();
    assert!(
        e.contains("is not a kind of `(sites ...)`"),
        "{}",
        &e[..200]
    );
    assert!(!e.contains("did you mean"), "{}", &e[..200]);
}

/// The picture of a concentric board (its canvas grows with rings²) is
/// bounded: past the limit, the occupied sites as a list.
#[test]
fn board_pictures_are_bounded() {
    let g = load(&game_on("(concentric Square rings:5000) use:Vertex")).unwrap();
    let mut st = g.initial_state();
    let m = g.parse_move(&st, &g.site_text(7)).unwrap();
    g.apply(&mut st, &m);
    let p = g.picture(&st);
    assert!(p.len() < 10_000, "{} bytes", p.len());
    assert!(p.contains("too large to draw"), "{p}");
    assert!(p.contains(&format!("7:{} D", g.site_text(7))), "{p}");
    // a small one is still drawn
    let g = load(&game_on("(concentric Square rings:3) use:Vertex")).unwrap();
    assert!(!g.picture(&g.initial_state()).contains("too large"));
}

/// `trace` writes ply by ply (to any writer), the same text as before.
#[test]
fn trace_streams() {
    let g = load(&game_on("(square 3)")).unwrap();
    let mut out = Vec::new();
    ludeme::cli::play::trace_to(&g, "A1 B1 C2", &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text, ludeme::cli::play::trace(&g, "A1 B1 C2").unwrap());
    assert_eq!(text.matches("== ply").count(), 4);
    // an illegal move writes nothing
    let mut out = Vec::new();
    assert!(ludeme::cli::play::trace_to(&g, "A1 A1", &mut out).is_err());
    assert!(out.is_empty());
}

/// Move texts by counting base texts agree with the pairwise definition
/// (a text shared with another legal move gets `/PIECE`).
#[test]
fn move_texts_match_the_pairwise_definition() {
    let text = r#"(game "Two" (players 2)
        (equipment { (board (square 4)) (piece "Disc" Each) (piece "Cross" Each) })
        (rules (play (or (move Add (piece "Disc1") (to (sites Empty)))
                         (move Add (piece "Cross1") (to (sites Corners)))))
               (end (if (is Line 4) (result Mover Win)))))"#;
    let g = load(text).unwrap();
    let st = g.initial_state();
    let legal = g.legal_moves(&st);
    let texts = g.move_texts(&legal);
    let pairwise: Vec<String> = legal.iter().map(|m| g.move_text(m, &legal)).collect();
    assert_eq!(texts, pairwise);
    assert!(texts.iter().any(|t| t.contains('/')), "{texts:?}");
}

/// A removal target in a hand (`(sites Occupied by:Next)` holds the hand's
/// site, as in Ludii): its text is `HandP`, once an index out of bounds in
/// `move_text` (Ludii's Tauru and Bolotudu panicked in play and moves).
#[test]
fn removal_from_a_hand_has_a_text() {
    let text = r#"(game "Hand Removal" (players 2)
        (equipment { (board (rectangle 3 4)) (hand Each) (piece "Ball" Each) })
        (rules
            (start (place "Ball" "Hand" count:3))
            (play (if (is Prev Mover)
                (move Remove (sites Occupied by:Next))
                (move (from (handSite Mover)) (to (sites Empty))
                    (then (if (is Line 2) (moveAgain))))))
            (end (if (is Line 3) (result Mover Win)))))"#;
    let g = load(text).unwrap();
    let st = ludeme::cli::play::play_line(&g, "A1 D3 B1").unwrap().0;
    let texts = g.move_texts(&g.legal_moves(&st));
    assert_eq!(texts, ["xD3", "xHand2"]);
    // Ludii's removal empties a hand site of a game without stacks whole
    // (its flat container state clears the site), on the engine and on the
    // reference interpreter alike
    let (st, _) = ludeme::cli::play::play_line(&g, "A1 D3 B1 xHand2").unwrap();
    assert_eq!(st.count(g.hand_site(2)), 0);
    assert!(
        g.picture(&st).contains("hands: P1 1, P2 0"),
        "{}",
        g.picture(&st)
    );
    {
        use ludeme::plan::{Reference, Rules};
        let r = Reference::new(&g);
        let rs = ludeme::cli::play::replay(&r, "A1 D3 B1 xHand2", &mut |_, _| {}).unwrap();
        assert_eq!(
            r.view(&rs),
            Rules::view(&g, &st),
            "the reference removes alike"
        );
    }
    // Ludii's perft of this description: 12 132 1320 7820 (38960 at depth
    // 5, where Ludii's `is Line` through an emptied last site counts a line
    // of empty sites; not followed yet)
    let mut ws = g.new_workspace();
    assert_eq!(g.perft(&g.initial_state(), 4, &mut ws), 7820);
}

/// An empty `phases:{}` (found by the `play` fuzz target: the first
/// legal-moves call indexed an empty list of phases) is a located error.
#[test]
fn empty_phases_is_an_error() {
    let text = r#"(game "G" (players 2)
        (equipment { (board (square 3)) (piece "Disc" Each) })
        (rules phases:{} (end (if (is Line 3) (result Mover Win)))))"#;
    let e = load(text).unwrap_err();
    assert!(e.starts_with("error: t.lud:3:"), "{e}");
    assert!(e.contains("`phases:` lists no phase"), "{e}");
}

/// Any piece to any site, on a (square 50) full of the mover's pieces.
const ANY_TO_ANY: &str = r#"(game "Any" (players 2)
    (equipment { (board (square 50)) (piece "Disc" Each) })
    (rules (start (place "Disc1" (sites Board)))
           (play (move (from (sites Occupied by:Mover)) (to (sites Board))))
           (end (if (no Moves Next) (result Mover Win)))))"#;

/// A rule that moves any piece to any site makes sites × pieces moves: on a
/// (square 50) full of pieces, 2,500 × 2,500 = 6.25M, past the limit of
/// one decision. The generators stop soon after it (at most one origin's
/// moves past it) in the engine and in the reference interpreter alike,
/// and the list says so; without the limit, a board of 100,000 sites asked
/// for 10¹⁰ moves (240 GB).
#[test]
fn moves_per_decision_are_bounded() {
    use ludeme::plan::Rules;
    let g = load(ANY_TO_ANY).unwrap();
    let st = g.initial_state();
    let moves = g.legal_moves(&st);
    assert!(ludeme::over_move_limit(&moves), "engine: {}", moves.len());
    assert!(
        moves.len() <= ludeme::MAX_MOVES + 2_500,
        "engine: {}",
        moves.len()
    );
    let r = ludeme::plan::Reference::new(&g);
    let rst = r.initial_state();
    let moves = r.legal(&rst);
    assert!(
        ludeme::over_move_limit(&moves),
        "reference: {}",
        moves.len()
    );
    assert!(
        moves.len() <= ludeme::MAX_MOVES + 2_500,
        "reference: {}",
        moves.len()
    );
}

/// The commands do not go on with a list cut at the limit: `moves`,
/// `perft` and `play` stop with the limit named and a non-zero exit.
#[test]
fn commands_stop_at_the_move_limit() {
    let path = std::env::temp_dir().join(format!("ludeme-any-{}.lud", std::process::id()));
    std::fs::write(&path, ANY_TO_ANY).unwrap();
    for args in [
        &["moves"][..],
        &["perft", "1"][..],
        &["play", "--passes", "none"][..],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludeme"))
            .args(&args[..1])
            .arg(&path)
            .args(&args[1..])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(
            err.contains("legal moves, the limit of one decision"),
            "{args:?}: {err}"
        );
    }
    let _ = std::fs::remove_file(&path);
}
