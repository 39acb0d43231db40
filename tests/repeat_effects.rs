//! `(no Repeat PositionalInTurn)` with moves whose own effect changes a
//! site (`src/engine/repeat.rs`: the hash after such a move is told from the
//! state before it, without applying it to a copy) against the generic
//! evaluation, which applies every candidate to a copy: along random games,
//! the same legal moves in the same order and the same states.

mod common;
use common::*;
use ludeme::{Choices, Game};

/// Hops whose `between` effect adds, removes or promotes the jumped piece
/// (one site jumped; a hop over a run of two takes the general path),
/// steps whose `to` effect removes the piece taken or adds one on `(from)`
/// (which the step then carries), and an add whose `to` effect changes a
/// fixed site. The orthogonal hops toggle a marker and may go on, so a
/// turn can come back to one of its positions.
const MARKS: &str = r#"(game "Marks" (players 2)
    (equipment {
        (board (square 5))
        (piece "Pawn" Each
            (or {
                (move Hop Orthogonal
                    (between if:(not (= (who at:(between)) (next)))
                        (apply (if (is Empty (between)) (add (piece "Marker0") (to (between))) (remove (between)))))
                    (to if:(is Empty (to)))
                    (then (if (< (count Sites in:(sites Occupied by:Neutral)) 5) (moveAgain))))
                (move Hop Diagonal
                    (between if:(is Occupied (between))
                        (apply (if (= (what at:(between)) (id "Marker0"))
                            (promote (between) (piece (id "Marker" Mover)))
                            (if (is Friend (who at:(between))) (add (piece "Marker0") (to (between))) (remove (between))))))
                    (to if:(is Empty (to))))
                (move Step Diagonal (to if:(is Occupied (to)) (apply (remove (to)))) (then (moveAgain)))
                (move Step Orthogonal (to if:(is Empty (to))
                    (apply (if (is In (to) (sites Corners)) (add (piece "Marker0") (to (from)))))))
                (move Hop (between (range 1 2) if:(is Occupied (between)) (apply (remove (between)))) (to if:(is Empty (to))))
            })
        )
        (piece "Marker" Each)
        (piece "Marker" Neutral)
    })
    (rules
        META
        (start { (place "Pawn1" (sites {0 12})) (place "Pawn2" (sites {24 13})) (place "Marker0" (sites {6 18})) })
        (play (or (forEach Piece)
            (move Add (piece "Marker0") (to (sites Empty) if:(is In (to) (sites Outer))
                (apply (if (is Occupied 4) (remove 4) (add (piece "Marker0") (to 20)))))
                (then (moveAgain)))))
        (end (if (= 0 (count Pieces Next "Pawn")) (result Mover Win)))
    )
)"#;

fn marks(meta: bool) -> Game {
    let text = MARKS.replace(
        "META",
        if meta {
            "(meta (no Repeat PositionalInTurn))"
        } else {
            ""
        },
    );
    ludeme::compile_str("marks.lud", &text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn moves_with_effects_agree_with_the_generic_path_under_no_repeat() {
    let g = marks(true);
    let won = agrees_with_generic(&g, 60, 200, 29);
    assert!(won > 10, "only {won} games won");
}

/// The rule does drop moves in these games: along random games, some
/// positions list fewer moves with it than without it.
#[test]
fn the_no_repeat_rule_drops_moves_in_the_marks_game() {
    let (g, free) = (marks(true), marks(false));
    let mut dropped = 0;
    for seed in 0..100 {
        let mut st = g.initial_state();
        for m in seeded_line(&g, seed, 200).split_whitespace() {
            if g.legal_moves(&st).len() < free.legal_moves(&st).len() {
                dropped += 1;
            }
            play(&g, &mut st, m);
        }
    }
    assert!(dropped > 30, "only {dropped} positions lost moves");
}

/// The first decision of a turn (`src/engine/repeat.rs`,
/// `changes_position`): a carry from an occupied site or an add onto an
/// empty one cannot repeat the turn's only position, so its hash is not
/// computed; but a move whose consequence puts everything back (the
/// diagonal steps and adds to the corners here), an add of a disc onto a
/// disc of the same kind, a pass, and a decision later in the turn
/// (after the orthogonal steps' `moveAgain`) still do repeat, and are
/// dropped as by the generic path.
const UNDO: &str = r#"(game "Undo" (players 2)
    (equipment {
        (board (square 4))
        (piece "Disc" Each
            (or {
                (move Step Orthogonal (to if:(is Empty (to)))
                    (then (if (= 0 (% (count Moves) 2)) (moveAgain))))
                (move Step Diagonal (to if:(is Empty (to)))
                    (then (and { (remove (to)) (add (piece (id "Disc" Mover)) (to (from))) })))
            })
        )
    })
    (rules
        (meta (no Repeat PositionalInTurn))
        (start { (place "Disc1" (sites {0 5})) (place "Disc2" (sites {15 10})) })
        (play (or { (forEach Piece) (move Pass)
            (move Add (to (sites Empty) if:(is In (to) (sites Corners))) (then (remove (to))))
            (move Add (to (sites Board) if:(is Friend (who at:(to))))) }))
        (end (if (>= (count Moves) 40) (result Mover Draw)))
    )
)"#;

#[test]
fn moves_that_put_everything_back_are_dropped_as_by_the_generic_path() {
    let g = ludeme::compile_str("undo.lud", UNDO, &Choices::default())
        .unwrap_or_else(|e| panic!("{e}"));
    agrees_with_generic(&g, 40, 60, 5);
    // from the start: the orthogonal steps only (no diagonal step, add or
    // pass, which all leave the position as it is)
    assert_eq!(g.legal_moves(&g.initial_state()).len(), 6);
    let texts = moves(&g, &g.initial_state());
    assert!(
        !texts.is_empty() && texts.iter().all(|t| t.contains('-')),
        "{texts:?}"
    );
}

/// Phases where every move changes the position (`src/engine/repeat.rs`,
/// `compute_changing_phases`) keep the first decision's moves without a
/// hash: placements from the hand whose own effect only removes pieces,
/// steps and hops with effects, adds onto empty sites. A placement whose
/// own effect adds a piece to the hand it comes from, onto a disc of the
/// same kind (replaced), leaves the position as it was: such a phase is
/// not one of them, and those placements are dropped as by the generic
/// path.
#[test]
fn phases_whose_moves_all_change_the_position_skip_the_first_hash() {
    let game = |apply: &str, to: &str| {
        let text = format!(
            r#"(game "Hands" (players 2)
                (equipment {{ (board (square 4)) (hand Each)
                    (piece "Disc" Each (or (move Step (to if:(is Occupied (to)) (apply (remove (to)))))
                        (move Hop (between if:(is Empty (between)) (apply (add (piece "Marker0") (to (between))))) (to if:(is Empty (to))))))
                    (piece "Marker" Neutral) }})
                (rules (meta (no Repeat PositionalInTurn))
                    (start {{ (place "Disc" "Hand" count:3) (place "Disc1" (sites {{0}})) (place "Disc2" (sites {{15}})) }})
                    (play (or {{ (forEach Piece)
                        (move (from (handSite Mover)) (to {to} (apply {apply})))
                        (move Add (piece "Marker0") (to (sites Empty) if:(is In (to) (sites Corners)))) }}))
                    (end (if (>= (count Moves) 30) (result Mover Draw)))))"#
        );
        ludeme::compile_str("hands.lud", &text, &Choices::default())
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let mover_sites = "(sites Occupied by:Mover container:\"Board\")";
    let removes = game("(remove (sites Occupied by:Neutral))", mover_sites);
    assert_eq!(removes.changing_phases(), vec![true]);
    agrees_with_generic(&removes, 40, 60, 11);
    let adds = game(
        "(add (piece \"Disc\" Mover) (to (handSite Mover)))",
        mover_sites,
    );
    assert_eq!(adds.changing_phases(), vec![false]);
    agrees_with_generic(&adds, 40, 60, 11);
    // from the start: P1's placement onto its own disc repeats the position
    let st = adds.initial_state();
    // the hand's site is past the board's 16
    let placements = |g: &Game| {
        g.legal_moves(&st)
            .iter()
            .filter(|m| (16..20).contains(&m.from))
            .count()
    };
    assert_eq!(placements(&adds), 0, "{:?}", moves(&adds, &st));
    assert_eq!(placements(&removes), 1, "{:?}", moves(&removes, &st));
    assert_eq!(
        ludeme::compile_file(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/abrana.lud"),
            &Choices::default()
        )
        .unwrap()
        .changing_phases(),
        vec![true; 4]
    );
}

/// Phases whose every move adds a piece and changes nothing else
/// (`src/engine/repeat.rs`, `compute_adding_phases`) keep a decision's
/// moves without a hash when its position has the most pieces of the turn
/// (`State::turn_peak`): the position after an add has more than all of
/// the turn's. Here a turn takes a marker off in one phase, then puts
/// markers back in another, one at a time: the first put onto the site
/// just emptied brings back the turn's first position (more pieces than
/// the current one), and is dropped as by the generic path; the puts after
/// it keep all their moves.
const PEAKS: &str = r#"(game "Peaks" (players 2)
    (equipment { (board (square 3)) (piece "Marker" Neutral) })
    (rules
        (meta (no Repeat PositionalInTurn))
        (start (place "Marker0" (sites {0 4 8})))
        phases:{
            (phase "Take"
                (play (move Remove (sites Occupied by:Neutral) (then (moveAgain))))
                (nextPhase Mover "Put"))
            (phase "Put"
                (play (move Add (piece "Marker0") (to (sites Empty))
                    (then (if (< (count Sites in:(sites Occupied by:Neutral)) 5) (moveAgain)))))
                (nextPhase Mover (= (count Sites in:(sites Occupied by:Neutral)) 5) "Take"))
        }
        (end (if (>= (count Moves) 60) (result Mover Draw)))
    )
)"#;

#[test]
fn adds_past_the_turns_peak_keep_their_moves_and_the_rest_are_filtered() {
    let g = ludeme::compile_str("peaks.lud", PEAKS, &Choices::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.adding_phases(), vec![false, true]);
    assert_eq!(g.generic_twin().adding_phases(), Vec::<bool>::new());
    agrees_with_generic(&g, 40, 60, 17);
    // P1 takes the marker off 0: of the seven empty sites, 0 is dropped
    let mut st = g.initial_state();
    let take = moves(&g, &st)[0].clone();
    play(&g, &mut st, &take);
    assert_eq!(st.mover(), 1);
    assert_eq!(g.legal_moves(&st).len(), 7 - 1, "{:?}", moves(&g, &st));
    // a put onto another site: the turn's peak again, every move kept
    let put = moves(&g, &st)[0].clone();
    play(&g, &mut st, &put);
    assert_eq!(st.mover(), 1);
    assert_eq!(g.legal_moves(&st).len(), 6, "{:?}", moves(&g, &st));
}

/// Moves that take pieces off (`src/engine/repeat.rs`,
/// `compute_lowering_nodes`, `lowers_pieces`: a carry from an occupied
/// site onto another occupied one, whose own effects never add a piece)
/// keep their place without a hash when the position has the fewest pieces
/// of the turn (`State::turn_floor`): the position after such a move has
/// fewer than all of the turn's. Here a turn may step the pawn off a site,
/// put a marker there and take it back: that capture brings back the
/// turn's first position (fewer pieces than the current one), and is
/// dropped as by the generic path; a capture from a position with as few
/// pieces as all of the turn's is kept. The mirror for hops that put a
/// marker on the site they jump (`lowers_pieces`' twin `raises_pieces`,
/// with `State::turn_peak`): taking a marker, stepping on and hopping
/// back over the emptied site brings back the turn's first position,
/// and is dropped.
const FLOORS: &str = r#"(game "Floors" (players 2)
    (equipment {
        (board (square 4))
        (piece "Pawn" Each
            (or {
                (move Step (to if:(is Empty (to))) (then (moveAgain)))
                (move Step (to if:(is Occupied (to)) (apply (remove (to))))
                    (then (if (< (count Sites in:(sites Occupied by:Neutral)) 3) (moveAgain))))
                (move Hop
                    (between if:(is Empty (between)) (apply (add (piece "Marker0") (to (between)))))
                    (to if:(is Empty (to)))
                    (then (moveAgain)))
            })
        )
        (piece "Marker" Neutral)
    })
    (rules
        (meta (no Repeat PositionalInTurn))
        (start { (place "Pawn1" (sites {0})) (place "Pawn2" (sites {15})) (place "Marker0" (sites {5 11})) })
        (play (or (forEach Piece)
            (move Add (piece "Marker0") (to (sites Empty))
                (then (if (< (count Sites in:(sites Occupied by:Neutral)) 4) (moveAgain))))))
        (end (if (= 0 (count Pieces Next "Pawn")) (result Mover Win)))
    )
)"#;

#[test]
fn captures_below_the_turns_floor_keep_their_moves_and_the_rest_are_filtered() {
    let g = ludeme::compile_str("floors.lud", FLOORS, &Choices::default())
        .unwrap_or_else(|e| panic!("{e}"));
    // the orthogonal step and the capture (each player's); not the add
    assert_eq!(g.lowering_nodes(), 4);
    assert_eq!(g.generic_twin().lowering_nodes(), 0);
    // in Abrana: each player's free jump and step onto a marker or pawn,
    // and the two entries; not the regular jump, whose `between` effect
    // may add a marker, nor the reservations (adds)
    let abrana = ludeme::compile_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/abrana.lud"),
        &Choices::default(),
    )
    .unwrap();
    assert_eq!(abrana.lowering_nodes(), 6);
    let won = agrees_with_generic(&g, 200, 80, 23);
    assert!(won > 20, "only {won} games won");
    // P1 steps from A1 to B1 and puts a marker on A1: taking it back
    // brings back the turn's first position, and is dropped, while the
    // capture of the marker on B2 is kept
    let st = after(&g, "A1-B1 A1");
    assert_eq!(st.mover(), 1);
    let texts = moves(&g, &st);
    assert!(!texts.contains(&"B1-A1".to_string()), "{texts:?}");
    assert!(texts.contains(&"B1-B2".to_string()), "{texts:?}");
    // P1 takes the marker on B2 and steps on to C3: the hop back to A1
    // over B2, which puts a marker there, brings back the turn's first
    // position (more pieces than the current one), and is dropped
    let st = after(&g, "A1-B2 B2-C3");
    assert_eq!(st.mover(), 1);
    let texts = moves(&g, &st);
    assert!(!texts.contains(&"C3-A1".to_string()), "{texts:?}");
    assert!(texts.contains(&"C3-A3".to_string()), "{texts:?}");
}
