//! Capture and region ludemes of issues 23 and 24 (`src/compile/captures.rs`,
//! `src/compile/regions.rs`, `src/interp/captures.rs`,
//! `src/interp/regions.rs`). Each description is our own; each perft number
//! was checked against Ludii 1.0.8 (`run.sh perft` on the same description
//! saved as a .lud file).

use ludeme::Choices;
use ludeme::dispatch::{Loaded, load_str};
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;

fn load(text: &str) -> Loaded {
    match load_str("test.lud", text, &Choices::default(), PassSet::all()) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    }
}

fn perft(l: &Loaded, depth: u32) -> Vec<u64> {
    with_rules!(l, |r| {
        let st = r.initial_state();
        let mut ws = r.workspace();
        (1..=depth).map(|d| r.perft(&st, d, &mut ws)).collect()
    })
}

/// `(custodial ...)` with `(between (max 1) ...)`: a step that closes an enemy between two of the mover's stones removes it.
const CUSTODIAL: &str = r#"
(game "Sandwich"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "Stone" Each
            (move Step Orthogonal
                (to if:(is Empty (to)))
                (then
                    (custodial
                        (from (last To))
                        Orthogonal
                        (between (max 1) if:(is Enemy (who at:(between))) (apply (remove (between))))
                        (to if:(is Friend (who at:(to))))))))
    })
    (rules
        (start {
            (place "Stone1" {"A1" "C1" "E1" "B3" "D3"})
            (place "Stone2" {"A5" "C5" "E5" "B2" "C3" "D4"})
        })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn custodial_matches_ludii_perft() {
    let l = load(CUSTODIAL);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 11 164 1882 24394
    assert_eq!(perft(&l, 4), [11, 164, 1882, 24394]);
}

/// `(custodial ...)` with its defaults (Adjacent, up to 1000 sites, enemies closed by a friend) after a slide.
const LONG_CUSTODIAL: &str = r#"
(game "LongSandwich"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "Stone" Each
            (move Slide
                (then
                    (custodial (from (last To))
                        (to if:(is Friend (who at:(to))))))))
    })
    (rules
        (start {
            (place "Stone1" {"A1" "E1" "A3" "E5"})
            (place "Stone2" {"B1" "C1" "B2" "C3" "B4" "D5"})
        })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn long_custodial_matches_ludii_perft() {
    let l = load(LONG_CUSTODIAL);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 14 543 9749
    assert_eq!(perft(&l, 3), [14, 543, 9749]);
}

/// `(intervene ...)`: a step between two enemies (orthogonally) removes both; next to one enemy only, Ludii 1.0.8 applies the effect at the opposite site.
const INTERVENE: &str = r#"
(game "Between"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "Stone" Each
            (move Step Orthogonal
                (to if:(is Empty (to)))
                (then
                    (intervene (from (last To)) Orthogonal
                        (to if:(is Enemy (who at:(to))) (apply (remove (to))))))))
    })
    (rules
        (start {
            (place "Stone1" {"A1" "C1" "E1" "C4"})
            (place "Stone2" {"A3" "C3" "E3" "B2" "D2" "B5"})
        })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn intervene_matches_ludii_perft() {
    let l = load(INTERVENE);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 10 184 1537 23677
    assert_eq!(perft(&l, 4), [10, 184, 1537, 23677]);
}

/// `(surround ... except:1)`: an enemy next to the step's end with friends on all sides around it but one is removed.
const SURROUND: &str = r#"
(game "Around"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Stone" Each
            (move Step Orthogonal
                (to if:(is Empty (to)))
                (then
                    (surround (from (last To)) Orthogonal
                        (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                        (to if:(is Friend (who at:(to))))
                        except:1))))
    })
    (rules
        (start {
            (place "Stone1" {"A1" "C1" "A3" "D3" "B4"})
            (place "Stone2" {"B1" "D1" "B3" "C4" "D4"})
        })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn surround_matches_ludii_perft() {
    let l = load(SURROUND);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 7 41 311 1966
    assert_eq!(perft(&l, 4), [7, 41, 311, 1966]);
}

/// `(move Shoot (piece "Dot0"))` after a queen's slide, as in Amazons.
const SHOOT: &str = r#"
(game "MiniAmazons"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Queen" Each (move Slide (then (moveAgain))))
        (piece "Dot" Neutral)
    })
    (rules
        (start { (place "Queen1" {"A1" "D2"}) (place "Queen2" {"A4" "C4"}) })
        (play
            (if (is Even (count Moves))
                (forEach Piece)
                (move Shoot (piece "Dot0"))))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn shoot_matches_ludii_perft() {
    let l = load(SHOOT);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 17 125 1409 9188
    assert_eq!(perft(&l, 4), [17, 125, 1409, 9188]);
}

/// `(move Leap ...)`: knights leaping forward only (`forward:True`) and capturing, rooks leaping two sites north only (`rotations:False`).
const LEAP: &str = r#"
(game "KnightRace"
    (players {(player N) (player S)})
    (equipment {
        (board (square 5))
        (piece "Knight" Each
            (move Leap {{F F R F} {F F L F}} forward:True
                (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))
        (piece "Rook" Each
            (move Leap {{F F}} rotations:False
                (to if:(is Empty (to)))))
        (regions P1 (sites Top))
        (regions P2 (sites Bottom))
    })
    (rules
        (start {
            (place "Knight1" {"A1" "C1"}) (place "Rook1" {"E1"})
            (place "Knight2" {"B5" "D5"}) (place "Rook2" {"A5"})
        })
        (play (forEach Piece))
        (end (if (is In (last To) (sites Mover)) (result Mover Win)))))
"#;

#[test]
fn leap_matches_ludii_perft() {
    let l = load(LEAP);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 7 42 257 1191
    assert_eq!(perft(&l, 4), [7, 42, 257, 1191]);
}

/// `(ahead ...)` with and without `steps:`, `(where "Name" P)`, `(where (id ...))`, `(row of:)`, `(column of:)`.
const AHEAD: &str = r#"
(game "AheadWhere"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "King" Each
            (or
                (move (from) (to (ahead (from) steps:2 N) if:(is Empty (to))))
                (move (from) (to (ahead (from) E) if:(is Empty (to))))))
        (piece "Pawn" Each (move Step W (to if:(is Empty (to)))))
    })
    (rules
        (start {
            (place "King1" {"A1"}) (place "Pawn1" {"E2" "E4"})
            (place "King2" {"C3"}) (place "Pawn2" {"D1"})
        })
        (play (forEach Piece))
        (end {
            (if (= (row of:(where "King" Mover)) 4) (result Mover Win))
            (if (= (column of:(where (id "King" Next))) 0) (result Next Win))
        })))
"#;

#[test]
fn ahead_and_where_match_ludii_perft() {
    let l = load(AHEAD);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 4 12 7 18
    assert_eq!(perft(&l, 4), [4, 12, 7, 18]);
}

/// `(is Visited ...)`: the second step of a turn may not return to a site the turn visited.
const VISITED: &str = r#"
(game "Chain"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to))) (then (moveAgain))))
    })
    (rules
        (start { (place "Disc1" {"A1" "D1"}) (place "Disc2" {"A4" "D4"}) })
        (play
            (if (is Even (count Moves))
                (forEach Piece)
                (move Step (from (last To)) Orthogonal
                    (to if:(and (is Empty (to)) (not (is Visited (to))))))))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn is_visited_matches_ludii_perft() {
    let l = load(VISITED);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 4 8 30 60 270
    assert_eq!(perft(&l, 5), [4, 8, 30, 60, 270]);
}

fn load_err(text: &str) -> String {
    match load_str("test.lud", text, &Choices::default(), PassSet::all()) {
        Ok(_) => panic!("loaded"),
        Err(e) => e.to_string(),
    }
}

/// Arguments these ludemes do not take are located errors, never ignored.
#[test]
fn bad_arguments_are_located_errors() {
    let bad_walk = SHOOT.replace(
        "(move Slide (then (moveAgain)))",
        "(move Leap {{F X}} (to if:(is Empty (to))))",
    );
    let e = load_err(&bad_walk);
    assert!(e.contains("expected a walk of F, R and L steps"), "{e}");
    let bad_except = CUSTODIAL.replace(
        "(to if:(is Friend (who at:(to))))))))",
        "(to if:(is Friend (who at:(to)))) except:1))))",
    );
    let e = load_err(&bad_except);
    assert!(e.contains("`except:` belongs to `(surround ...)`"), "{e}");
}
