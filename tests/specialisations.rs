//! Compile-time specialisations against the generic paths they replace:
//! each test plays the same random lines in two descriptions that differ
//! only in how a rule is written (one form is specialised, the other is
//! not) and checks that the legal moves and the results agree at every
//! position.

use ludeme::{Choices, Game, State};
use rand::{Rng, SeedableRng};

fn load(text: &str) -> Game {
    ludeme::compile_str("t", text, &Choices::default()).unwrap()
}

fn key(g: &Game, st: &State) -> Vec<(String, u32, u32, u8, u8)> {
    g.legal_moves(st)
        .iter()
        .map(|m| (format!("{:?}", m.kind), m.from, m.to, m.what, m.dir))
        .collect()
}

/// Plays `games` random games in `a` and `b` side by side.
fn same_games(a: &Game, b: &Game, games: u32) -> usize {
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut positions = 0;
    for _ in 0..games {
        let (mut sa, mut sb) = (a.initial_state(), b.initial_state());
        while !sa.is_over() {
            let (ma, mb) = (a.legal_moves(&sa), b.legal_moves(&sb));
            assert_eq!(key(a, &sa), key(b, &sb));
            let i = rng.random_range(0..ma.len());
            a.apply(&mut sa, &ma[i]);
            b.apply(&mut sb, &mb[i]);
            assert_eq!(sa.outcome(), sb.outcome());
            positions += 1;
        }
        assert!(sb.is_over());
    }
    positions
}

/// A game exercising negated comparisons, piece counts per player and
/// named pieces of a role, added and removed at single sites.
const GAME: &str = r#"
(game "T" (players 2)
  (equipment {
    (board (square 5))
    (piece "Disc" Each (or {
      (move Step Adjacent
        (to if:(and (NOT (= (who at:(to)) Mover)) (NOT (= (what at:(to)) (id "Marker" Next))))
            (apply REMOVE_TO)))
      (move Hop Adjacent
        (between if:(and (is Occupied (between)) (NOT (<= (count Sites in:(sites Empty)) 12)))
                 (apply (if (is Empty (between)) (add (piece PIECE) (to (between))))))
        (to if:(is Empty (to))))
      (move Hop Orthogonal
        (between if:(NOT (!= (what at:(between)) (id "Marker" Mover)))
                 (apply REMOVE_BETWEEN))
        (to if:(NOT (is Occupied (to)))))
    }))
    (piece "Marker" Each)
  })
  (rules
    (start { (place "Disc1" (sites {0 6})) (place "Disc2" (sites {24 18})) })
    (play (or (forEach Piece)
              (move Add (piece PIECE) (to (sites Empty)
                 if:(NOT (> (count Pieces Mover MARKER) (count Pieces Next MARKER)))))))
    (end {
      (if (NOT (>= (count Pieces Next DISC) 1)) (result Mover Win))
      (if (>= (count Pieces P1 MARKER) 5) (result P1 Win))
      (if (NOT (< (count Pieces P2 MARKER) 5)) (result P2 Win))
      (if (>= (count Moves) 80) (result Mover Draw))
    })))
"#;

fn variant(generic: bool) -> String {
    let (not, piece, rem_to, rem_b, marker, disc) = if generic {
        // forms the compiler leaves on the generic path
        (
            "not (and",
            "(+ (id \"Marker\" Mover) 0)",
            "(remove (sites {(to)}))",
            "(remove (sites {(between)}))",
            "\"Marker\" in:(sites Board)",
            "\"Disc\" in:(sites Board)",
        )
    } else {
        (
            "not (",
            "(id \"Marker\" Mover)",
            "(remove (to))",
            "(remove (between))",
            "\"Marker\"",
            "\"Disc\"",
        )
    };
    let mut t = GAME
        .replace("REMOVE_TO", rem_to)
        .replace("REMOVE_BETWEEN", rem_b)
        .replace("PIECE", piece)
        .replace("MARKER", marker)
        .replace("DISC", disc);
    // `(NOT X)` -> `(not X)` or `(not (and X))`
    while let Some(i) = t.find("(NOT (") {
        let mut depth = 0;
        let mut end = i + 5;
        for (j, c) in t[i + 5..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = i + 5 + j;
                break;
            }
        }
        let inner = t[i + 5..=end].to_string();
        let close = if generic { ")" } else { "" };
        let repl = if generic {
            format!("({not} {inner}{close})")
        } else {
            format!("(not {inner})")
        };
        t.replace_range(i..=end + 1, &repl);
    }
    t
}

#[test]
fn specialised_forms_play_like_generic_ones() {
    let (fast, slow) = (load(&variant(false)), load(&variant(true)));
    let (f, s) = (fast.debug_gens(), slow.debug_gens());
    // the two descriptions do compile to different shapes
    assert!(f.contains("OfPlayer") && !s.contains("OfPlayer"));
    assert!(s.matches("Not(").count() > f.matches("Not(").count() + 3);
    assert!(f.contains("CountComps") && !s.contains("CountComps"));
    let n = same_games(&fast, &slow, 150);
    assert!(n > 1000, "{n}");
}
