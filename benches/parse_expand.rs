//! Parse + expand of a ~10 kB description (defines, options, a ruleset,
//! metadata), the work `ludeme check` does before compiling.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use ludeme::expand::{Choices, load_text};

/// A made-up description of about 10 kB in the style of Ludii's files.
pub fn description() -> String {
    let mut s = String::new();
    s.push_str("// Generated for the benchmark.\n\n");
    for i in 0..12 {
        s.push_str(&format!(
            "(define \"Step{i}\"\n    (move Step #1 (to if:(and (is Empty (to)) (not (is In (to) (sites \"Zone{i}\"))))) #2)\n)\n\n"
        ));
        s.push_str(&format!(
            "(define \"Capture{i}\"\n    (move Hop #1 (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Empty (to))) (then (if (can Move (\"Step{i}\" (from (last To)) ~)) (moveAgain))))\n)\n\n"
        ));
    }
    s.push_str("(game \"Benchmark\"\n    (players 2)\n    (equipment {\n        (board <Board:shape> use:Cell)\n");
    for i in 0..12 {
        s.push_str(&format!(
            "        (piece \"Piece{i}\" Each (or (\"Step{i}\" <Moves:dirs> (then (set Score Mover (+ (score Mover) {i})))) (\"Capture{i}\" <Moves:dirs>)))\n"
        ));
        s.push_str(&format!(
            "        (regions \"Zone{i}\" P{} (sites {{{} {} {}}}))\n",
            i % 2 + 1,
            i,
            i + 1,
            i + 2
        ));
    }
    s.push_str("        (hand Each)\n    })\n    (rules\n        (start {\n");
    for i in 0..12 {
        s.push_str(&format!(
            "            (place \"Piece{i}{}\" (sites {{{}}}))\n",
            i % 2 + 1,
            i * 3
        ));
    }
    s.push_str("        })\n        (play\n            (if \"SameTurn\"\n                (\"RemoveAnyEnemyPiece\" ~)\n                (or {\n");
    for i in 0..12 {
        s.push_str(&format!(
            "                    (forEach Piece \"Piece{i}\" (\"StepToEmpty\" <Moves:dirs> (then (\"ReplayIfLine3\" Orthogonal exact:True))))\n"
        ));
    }
    s.push_str("                })\n            )\n        )\n        (end {\n");
    for i in 0..6 {
        s.push_str(&format!(
            "            (if (>= (score Mover) {}) (result Mover Win))\n            (if (and (\"HandEmpty\" P1) (= (count Moves) {})) (result Mover Draw))\n",
            100 + i,
            i * 10
        ));
    }
    s.push_str("        })\n    )\n)\n\n");
    s.push_str(
        "(option \"Board\" <Board> args:{ <shape> } {\n    (item \"Hexagon\" <(hex 5)> \"A hexagon.\")*\n    (item \"Square\" <(square 8)> \"A square.\")\n})\n\n",
    );
    s.push_str(
        "(option \"Moves\" <Moves> args:{ <dirs> } {\n    (item \"Orthogonal\" <Orthogonal>)\n    (item \"All\" <All>)*\n})\n\n",
    );
    s.push_str("(rulesets {\n    (ruleset \"Ruleset/Standard (Suggested)\" { \"Board/Hexagon\" \"Moves/All\" })\n})\n\n");
    s.push_str("(metadata\n    (info {\n        (description \"A \\\"benchmark\\\" game // with comments in strings.\")\n        (rules \"Move, capture, score.\")\n    })\n    (graphics { (board Colour Phase0 (colour 200 200 200)) })\n)\n");
    s
}

fn bench(c: &mut Criterion) {
    let text = description();
    assert!(
        (9_000..12_000).contains(&text.len()),
        "description is {} bytes",
        text.len()
    );
    let choices = Choices {
        options: vec![],
        ruleset: Some("Standard".into()),
    };
    load_text("bench.lud", &text, &choices).expect("the benchmark description loads");
    // The result is dropped outside the timed part: freeing the tree is the
    // caller's business, when it is done with the game.
    c.bench_function(&format!("parse+expand {} bytes", text.len()), |b| {
        b.iter_with_large_drop(|| load_text("bench.lud", black_box(&text), &choices).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
