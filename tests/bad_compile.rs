//! The compile stage's bad-input corpus: every file of `tests/bad_compile/`
//! parses and expands, and compiling it fails with a located error (file,
//! line and column, the source line with a caret, what was expected), whose
//! rendered text is snapshotted.

use ludeme::Choices;
use ludeme::expand::load_text;

#[test]
fn errors() {
    insta::glob!("bad_compile/*.lud", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!(
            "tests/bad_compile/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        // the front end accepts the file: the error is the compile stage's
        let (sources, ex) = load_text(&name, &text, &Choices::default())
            .unwrap_or_else(|e| panic!("{name} does not expand:\n{e}"));
        let d = match ludeme::compile::compile(&ex.game, ex.options.clone()) {
            Ok(_) => panic!("{name} compiled"),
            Err(d) => d,
        };
        let rendered = d.render(&sources);
        assert!(d.span.is_some(), "{name}: no location:\n{rendered}");
        assert!(
            rendered.starts_with(&format!("error: {name}:")),
            "{rendered}"
        );
        assert!(rendered.contains(" ^"), "{name}: no caret:\n{rendered}");
        assert!(rendered.contains("= expected"), "{rendered}");
        // the API reports the same text
        let via_api = ludeme::compile_str(&name, &text, &Choices::default())
            .err()
            .map(|e| e.to_string());
        assert_eq!(via_api.as_deref(), Some(rendered.as_str()));
        insta::assert_snapshot!(rendered);
    });
}
