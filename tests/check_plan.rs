//! `ludeme check --plan`: which implementation plays a game and which of
//! the engine's passes fired where.

use std::process::Command;

fn check(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_ludeme"))
        .arg("check")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the ludeme binary runs");
    assert!(
        o.status.success(),
        "check {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn the_plan_names_the_passes_that_fired() {
    let all = check(&["rules/abande.lud", "--plan"]);
    assert!(
        all.contains("\nplan: the engine, passes fast, fastgen, dedup\n"),
        "{all}"
    );
    let nodes: usize = all
        .lines()
        .find_map(|l| l.strip_prefix("generator nodes: "))
        .expect(&all)
        .parse()
        .unwrap();
    let listed = all.lines().filter(|l| l.starts_with("  #")).count();
    assert_eq!(listed, nodes, "{all}");
    assert!(
        all.lines().any(|l| l.trim_start().starts_with("fast: ")),
        "{all}"
    );
    assert!(
        all.lines().any(|l| l.trim_start().starts_with("fastgen: ")),
        "{all}"
    );
    assert!(all.contains("phase 0 "), "{all}");
    assert!(all.contains("end rules: "), "{all}");
    // without `fast` (and so its paths), only the other passes fire
    let no_fast = check(&["rules/abande.lud", "--plan", "--passes", "-fast"]);
    assert!(
        no_fast.contains("plan: the engine, passes fastgen, dedup\n"),
        "{no_fast}"
    );
    assert!(
        !no_fast
            .lines()
            .any(|l| l.trim_start().starts_with("fast: ")),
        "{no_fast}"
    );
    assert!(no_fast.contains("fastgen: "), "{no_fast}");
    // `fast` needs `fastgen`: alone, nothing of the engine's passes fires
    let dedup = check(&["rules/abande.lud", "--plan", "--passes", "dedup"]);
    assert!(
        dedup.contains("plan: the engine, passes dedup\n"),
        "{dedup}"
    );
    assert!(!dedup.contains("fast"), "{dedup}");
}

#[test]
fn the_plan_of_the_reference_interpreter() {
    let none = check(&["rules/abande.lud", "--plan", "--passes", "none"]);
    assert!(
        none.contains("\nplan: the reference interpreter (`--passes none`)\n"),
        "{none}"
    );
    assert!(!none.contains("generator nodes"), "{none}");
    let sow = check(&["tests/fixtures/mancala_small.lud", "--plan"]);
    assert!(
        sow.contains("plan: the reference interpreter (the engine declines `"),
        "{sow}"
    );
    assert!(sow.contains("sow"), "{sow}");
}
