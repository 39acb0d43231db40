//! The README's code stays true: its API example is the crate's doctest
//! (which `cargo test --doc` compiles and runs), and its snapshot-testing
//! example is `tests/rule_snapshots.rs`.

fn read(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The text between `<!-- section: NAME -->` and its end marker.
fn section(readme: &str, name: &str) -> String {
    let start = format!("<!-- section: {name} -->");
    let end = format!("<!-- end section: {name} -->");
    let a = readme
        .find(&start)
        .unwrap_or_else(|| panic!("no section {name}"));
    let b = readme
        .find(&end)
        .unwrap_or_else(|| panic!("no end of section {name}"));
    readme[a + start.len()..b].to_string()
}

/// The ```rust blocks of a markdown text.
fn rust_blocks(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    for line in md.lines() {
        match &mut cur {
            None if line.trim_start().starts_with("```rust") => cur = Some(String::new()),
            Some(b) if line.trim_start().starts_with("```") => {
                out.push(std::mem::take(b));
                cur = None;
            }
            Some(b) => {
                b.push_str(line);
                b.push('\n');
            }
            None => {}
        }
    }
    out
}

#[test]
fn the_api_example_is_the_doctest() {
    let readme = read("README.md");
    let blocks = rust_blocks(&section(&readme, "api"));
    assert_eq!(blocks.len(), 1, "one example in the api section");
    // the crate doc's example, without the `//! ` prefixes
    let lib = read("src/lib.rs");
    let doc: String = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
        .collect();
    let doc_blocks = rust_blocks(&doc);
    assert_eq!(doc_blocks.len(), 1, "one example in the crate doc");
    assert_eq!(
        blocks[0], doc_blocks[0],
        "README api example != src/lib.rs doctest"
    );
}

#[test]
fn the_snapshot_example_is_the_test() {
    let page = read("docs/snapshot-testing.md");
    let blocks = rust_blocks(&section(&page, "snapshot-testing"));
    assert_eq!(blocks.len(), 1);
    let test = read("tests/rule_snapshots.rs");
    assert!(
        test.contains(&blocks[0]),
        "docs/snapshot-testing.md example differs from tests/rule_snapshots.rs"
    );
}
