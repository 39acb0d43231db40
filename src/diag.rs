//! Source files, spans and located diagnostics.
//!
//! Every error a user can cause (bad syntax, unknown ludeme, bad option, an
//! illegal move) becomes a [`Diagnostic`]: a message, an optional span into a
//! source file, and what was expected. [`Diagnostic::render`] prints it as
//! `file:line:col`, the source line and a caret under the offending text.

use std::borrow::Cow;
use std::fmt;

/// Index of a file in a [`Sources`] table.
pub type FileId = u32;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }
}

/// One loaded source text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    /// Borrowed for texts built into the tool (the standard defines).
    pub text: Cow<'static, str>,
}

/// All source texts of one load: the standard defines, the user's file, and
/// any text made up by the tool itself (command-line option values).
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    pub fn new() -> Sources {
        Sources::default()
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.push(name.into(), Cow::Owned(text.into()))
    }

    /// [`Sources::add`] for a text that lives as long as the program (not
    /// copied).
    pub fn add_static(&mut self, name: impl Into<String>, text: &'static str) -> FileId {
        self.push(name.into(), Cow::Borrowed(text))
    }

    fn push(&mut self, name: String, text: Cow<'static, str>) -> FileId {
        self.files.push(SourceFile { name, text });
        (self.files.len() - 1) as FileId
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id as usize]
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: u32) -> (usize, usize) {
        let text = &self.get(file).text;
        let offset = (offset as usize).min(text.len());
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }

    /// The text a span covers.
    pub fn slice(&self, span: Span) -> &str {
        let text = &self.get(span.file).text;
        let s = floor_char_boundary(text, span.start as usize);
        let e = floor_char_boundary(text, (span.end as usize).max(s));
        &text[s..e]
    }
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A located error (or an error about the command line, with no span).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub span: Option<Span>,
    /// What was expected there, in words.
    pub expected: Option<String>,
    /// Extra lines (`= note: ...`).
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span: None,
            expected: None,
            notes: Vec::new(),
        }
    }

    pub fn at(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span: Some(span),
            ..Diagnostic::new(message)
        }
    }

    pub fn expected(mut self, what: impl Into<String>) -> Diagnostic {
        self.expected = Some(what.into());
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// `file:line:col` of the span, if any.
    pub fn location(&self, sources: &Sources) -> Option<String> {
        let span = self.span?;
        let (line, col) = sources.line_col(span.file, span.start);
        Some(format!("{}:{}:{}", sources.get(span.file).name, line, col))
    }

    /// The full human-readable text: location, message, the source line with
    /// a caret under the span, what was expected, notes.
    pub fn render(&self, sources: &Sources) -> String {
        let mut out = String::new();
        // `=` lines sit under the gutter's `|`, however wide the line number
        let mut gutter = 1;
        match self.location(sources) {
            Some(loc) => out.push_str(&format!("error: {loc}: {}\n", self.message)),
            None => out.push_str(&format!("error: {}\n", self.message)),
        }
        if let Some(span) = self.span {
            let file = sources.get(span.file);
            let (line, col) = sources.line_col(span.file, span.start);
            let line_text = file.text.lines().nth(line - 1).unwrap_or("");
            let line_text = line_text.trim_end_matches('\r');
            gutter = line.to_string().len();
            // caret width: the span's characters on its first line, at least 1
            let span_text = sources.slice(span);
            let first = span_text.lines().next().unwrap_or("");
            let line_rest = line_text.chars().count().saturating_sub(col - 1);
            let width = first.chars().count().min(line_rest).max(1);
            // a long line (a megabyte on one line) is shown as a window of
            // at most SHOWN characters around the span's start
            let total = line_text.chars().count();
            let (shown, col, width) = if total <= SHOWN {
                (line_text.to_string(), col, width)
            } else {
                let skip = (col - 1).saturating_sub(SHOWN / 4);
                let window: String = line_text.chars().skip(skip).take(SHOWN).collect();
                let lead = if skip > 0 { "…" } else { "" };
                let width = width.min(SHOWN - (col - 1 - skip));
                let trail = if skip + SHOWN < total { "…" } else { "" };
                (
                    format!("{lead}{window}{trail}"),
                    col - skip + lead.len().min(1),
                    width,
                )
            };
            out.push_str(&format!("{:gutter$} |\n", ""));
            out.push_str(&format!("{line} | {}\n", shown.replace('\t', " ")));
            out.push_str(&format!(
                "{:gutter$} | {}{}\n",
                "",
                " ".repeat(col - 1),
                "^".repeat(width)
            ));
        }
        if let Some(exp) = &self.expected {
            out.push_str(&format!("{:gutter$} = expected {exp}\n", ""));
        }
        for n in &self.notes {
            out.push_str(&format!("{:gutter$} = note: {n}\n", ""));
        }
        out
    }
}

/// The most characters of a source line an error shows.
const SHOWN: usize = 512;

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(exp) = &self.expected {
            write!(f, " (expected {exp})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

pub type Result<T> = std::result::Result<T, Diagnostic>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_and_caret() {
        let mut s = Sources::new();
        let f = s.add("x.lud", "(game \"X\"\n  (foo 1))\n");
        let d =
            Diagnostic::at(Span::new(f, 13, 16), "unknown ludeme `foo`").expected("a ludeme name");
        let r = d.render(&s);
        assert!(
            r.starts_with("error: x.lud:2:4: unknown ludeme `foo`\n"),
            "{r}"
        );
        assert!(r.contains("2 |   (foo 1))\n  |    ^^^\n"), "{r}");
        assert!(r.contains("= expected a ludeme name"), "{r}");
    }
}
