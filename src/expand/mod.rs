//! Expansion: defines, options, rulesets, metadata.
//!
//! [`expand`] takes a parsed file to the single `(game "Name" ...)` form the
//! compile stage reads: option placeholders replaced by the chosen items'
//! values, define calls replaced by their bodies (the file's own defines and
//! the standard library's, `rules/standard.lud` and `rules/defs/`), `~` and missing arguments
//! gone. Every node keeps the span where its text was written.

mod defines;
mod options;
mod pretty;

pub use defines::{MAX_CHAIN, MAX_EXPANDED_DEPTH, MAX_NODES};
pub use pretty::{flat, pretty};

use crate::diag::{Diagnostic, FileId, Sources, Span};
use crate::fnv::FnvBuild;
use crate::syntax::{self, Kind, Node};
use defines::{Define, Expander};
use indexmap::IndexMap;
use options::{OptionDecl, Ruleset, Substitute};
use std::fmt;
use std::sync::OnceLock;

/// The standard defines, available to every description.
pub const STANDARD_DEFINES: &str = include_str!("../../rules/standard.lud");
/// The name the standard defines' file has in diagnostics.
pub const STANDARD_DEFINES_NAME: &str = "rules/standard.lud";
/// Every file of the standard library, by family: (name in diagnostics,
/// text). Indexed once per process; a define is parsed (once per process)
/// and expanded only when a description calls it.
pub const STANDARD_LIBRARY: &[(&str, &str)] = &[
    (STANDARD_DEFINES_NAME, STANDARD_DEFINES),
    (
        "rules/defs/board.lud",
        include_str!("../../rules/defs/board.lud"),
    ),
    (
        "rules/defs/conditions.lud",
        include_str!("../../rules/defs/conditions.lud"),
    ),
    (
        "rules/defs/functions.lud",
        include_str!("../../rules/defs/functions.lud"),
    ),
    (
        "rules/defs/end.lud",
        include_str!("../../rules/defs/end.lud"),
    ),
    (
        "rules/defs/moves.lud",
        include_str!("../../rules/defs/moves.lud"),
    ),
    (
        "rules/defs/walks.lud",
        include_str!("../../rules/defs/walks.lud"),
    ),
    (
        "rules/defs/phases.lud",
        include_str!("../../rules/defs/phases.lud"),
    ),
    (
        "rules/defs/captures.lud",
        include_str!("../../rules/defs/captures.lud"),
    ),
    (
        "rules/defs/pieces.lud",
        include_str!("../../rules/defs/pieces.lud"),
    ),
    (
        "rules/defs/start.lud",
        include_str!("../../rules/defs/start.lud"),
    ),
    (
        "rules/defs/equipment.lud",
        include_str!("../../rules/defs/equipment.lud"),
    ),
    (
        "rules/defs/tracks.lud",
        include_str!("../../rules/defs/tracks.lud"),
    ),
];

/// What the user chose on the command line (or through the API).
#[derive(Clone, Debug, Default)]
pub struct Choices {
    /// `"Header/Item"` strings.
    pub options: Vec<String>,
    pub ruleset: Option<String>,
}

/// The game's metadata: `(metadata (info { ... }) ...)`. Only `info` is read;
/// the rest is kept aside, never read as rules.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Info {
    /// The game's name (from `(game "Name" ...)`).
    pub name: String,
    pub description: Option<String>,
    pub rules: Option<String>,
    pub source: Option<String>,
    pub author: Option<String>,
    pub date: Option<String>,
    /// Every `(key "text")` entry of `info`, in file order (for a chosen
    /// ruleset, its `useFor` entries replace the general ones).
    pub fields: Vec<(String, String)>,
    /// The whole `(metadata ...)` form, if any, unexpanded.
    pub metadata: Option<Node>,
}

impl Info {
    /// An `info` entry by key.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// An expanded description.
#[derive(Clone, Debug)]
pub struct Expanded {
    /// The `(game "Name" ...)` form, fully expanded: no define calls, no
    /// option placeholders, no `#n`, no `~`.
    pub game: Node,
    /// The game's name.
    pub name: String,
    pub info: Info,
    /// Every option header and the item chosen for it, in file order.
    pub options: Vec<(String, String)>,
    /// The full name of the chosen ruleset, if one was chosen.
    pub ruleset: Option<String>,
}

/// A failed load: the diagnostic and the sources it points into.
#[derive(Clone, Debug)]
pub struct LoadError {
    pub sources: Sources,
    pub diagnostic: Diagnostic,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.render(&self.sources))
    }
}

impl std::error::Error for LoadError {}

/// The largest description read, in bytes (1 MiB; Ludii's largest game
/// file is under 100 kB). A larger input is an error at this offset.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// The error for an input of `len` bytes over [`MAX_INPUT_BYTES`]: the
/// source kept is the part up to the limit, the error located at its end.
fn too_large(name: &str, bytes: &[u8], len: Option<usize>) -> Box<LoadError> {
    let head = &bytes[..bytes.len().min(MAX_INPUT_BYTES)];
    let text = String::from_utf8_lossy(head).into_owned();
    let end = text.len();
    let mut sources = Sources::new();
    let file = sources.add(name, text);
    let size = match len {
        Some(n) => format!("{n} bytes"),
        None => format!("more than {MAX_INPUT_BYTES} bytes"),
    };
    let diagnostic = Diagnostic::at(
        Span::new(file, end, end),
        format!("the input is too large: {size} (at most {MAX_INPUT_BYTES})"),
    )
    .expected("a description of at most 1 MiB");
    Box::new(LoadError {
        sources,
        diagnostic,
    })
}

/// Parses, expands and returns a description given as text.
pub fn load_text(
    name: &str,
    text: &str,
    choices: &Choices,
) -> Result<(Sources, Expanded), Box<LoadError>> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(too_large(name, text.as_bytes(), Some(text.len())));
    }
    let mut sources = Sources::new();
    let file = sources.add(name, text);
    finish(sources, file, choices)
}

/// Like [`load_text`] for raw bytes: text that is not UTF-8 is a located error.
pub fn load_bytes(
    name: &str,
    bytes: &[u8],
    choices: &Choices,
) -> Result<(Sources, Expanded), Box<LoadError>> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(too_large(name, bytes, Some(bytes.len())));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => load_text(name, text, choices),
        Err(e) => {
            let mut sources = Sources::new();
            // The lossy text is identical up to the first bad byte, which
            // becomes U+FFFD (3 bytes): the span covers it.
            let at = e.valid_up_to();
            let file = sources.add(name, String::from_utf8_lossy(bytes).into_owned());
            let diagnostic = Diagnostic::at(
                Span::new(file, at, at + '\u{FFFD}'.len_utf8()),
                "the file is not valid UTF-8",
            )
            .expected("UTF-8 text")
            .note(format!("byte 0x{:02X} at offset {at}", bytes[at]));
            Err(Box::new(LoadError {
                sources,
                diagnostic,
            }))
        }
    }
}

/// Reads, parses and expands a description file.
pub fn load_path(
    path: &std::path::Path,
    choices: &Choices,
) -> Result<(Sources, Expanded), Box<LoadError>> {
    // read at most one byte past the limit (`/dev/zero` never ends)
    let read = std::fs::File::open(path).and_then(|f| {
        use std::io::Read;
        // sized by the file's length where it has one (no growing, no
        // zeroing of spare room), never past the limit
        let len = f
            .metadata()
            .map_or(0, |m| m.len())
            .min(MAX_INPUT_BYTES as u64 + 1);
        let mut bytes = Vec::with_capacity(len as usize);
        f.take(MAX_INPUT_BYTES as u64 + 1).read_to_end(&mut bytes)?;
        Ok(bytes)
    });
    match read {
        Ok(bytes) if bytes.len() > MAX_INPUT_BYTES => {
            Err(too_large(&path.display().to_string(), &bytes, None))
        }
        Ok(bytes) => load_bytes(&path.display().to_string(), &bytes, choices),
        Err(e) => Err(Box::new(LoadError {
            sources: Sources::new(),
            diagnostic: Diagnostic::new(format!("cannot read `{}`: {e}", path.display()))
                .expected("a readable `.lud` file"),
        })),
    }
}

fn finish(
    mut sources: Sources,
    file: FileId,
    choices: &Choices,
) -> Result<(Sources, Expanded), Box<LoadError>> {
    match expand(&mut sources, file, choices) {
        Ok(e) => Ok((sources, e)),
        Err(diagnostic) => Err(Box::new(LoadError {
            sources,
            diagnostic,
        })),
    }
}

const TOP_LEVEL: &str =
    "`(game ...)`, `(define ...)`, `(option ...)`, `(rulesets ...)` or `(metadata ...)`";

/// A define of the standard library: where it is written, and its body,
/// parsed the first time a description calls it (once per process).
#[derive(Debug)]
pub(crate) struct StandardDefine {
    /// Index in [`STANDARD_LIBRARY`].
    pub(crate) file: usize,
    /// Byte range of the whole `(define ...)` form in that file.
    start: usize,
    end: usize,
    body: OnceLock<Node>,
}

impl StandardDefine {
    /// The body, its spans pointing into the library file.
    pub(crate) fn body(&self) -> &Node {
        self.body.get_or_init(|| {
            let (name, text) = STANDARD_LIBRARY[self.file];
            let mut s = Sources::new();
            let f = s.add_static(name, &text[self.start..self.end]);
            let top = syntax::parse(&s, f).expect("a standard define parses");
            let node = top.into_iter().next().expect("one define");
            let (_, _, mut body) = read_define(node)
                .expect("a standard define is well formed")
                .expect("a define");
            shift_spans(&mut body, self.start as u32);
            body
        })
    }
}

fn shift_spans(node: &mut Node, by: u32) {
    node.span.start += by;
    node.span.end += by;
    match &mut node.kind {
        Kind::Form { head, args } => {
            shift_spans(std::sync::Arc::make_mut(head), by);
            args.iter_mut().for_each(|a| shift_spans(a, by));
        }
        Kind::Array(items) => items.iter_mut().for_each(|a| shift_spans(a, by)),
        Kind::Named { value, .. } => shift_spans(value, by),
        _ => {}
    }
}

/// The standard library's index, built once per process by a scan of its
/// files for `(define "Name" ...)` forms (no parse): a load then parses only
/// the defines it calls.
struct StandardIndex {
    names: Vec<&'static str>,
    defines: Vec<StandardDefine>,
    by_name: std::collections::HashMap<&'static str, usize, FnvBuild>,
}

fn standard_index() -> &'static StandardIndex {
    static INDEX: OnceLock<StandardIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = StandardIndex {
            names: Vec::new(),
            defines: Vec::new(),
            by_name: Default::default(),
        };
        for (file, (_, text)) in STANDARD_LIBRARY.iter().enumerate() {
            for (start, end) in top_level_forms(text) {
                let name = define_name(&text[start..end]).expect("a define's name");
                let body = OnceLock::new();
                index.by_name.insert(name, index.defines.len());
                index.names.push(name);
                index.defines.push(StandardDefine {
                    file,
                    start,
                    end,
                    body,
                });
            }
        }
        index
    })
}

/// The standard define of that name, if any.
pub(crate) fn standard_define(name: &str) -> Option<&'static StandardDefine> {
    let index = standard_index();
    index.by_name.get(name).map(|&i| &index.defines[i])
}

/// The names of the standard defines, in library order.
pub(crate) fn standard_names() -> impl Iterator<Item = &'static str> {
    standard_index().names.iter().copied()
}

/// Byte ranges of the defines of a library file: each begins a line with
/// `(define "` and runs to the next one (its doc comment included, which the
/// parser skips) or to the end of the text. A substring search, far cheaper
/// than a parse; tests/std_library.rs checks it finds what a parse finds.
fn top_level_forms(text: &'static str) -> Vec<(usize, usize)> {
    const OPEN: &str = "(define \"";
    // line starts found by a byte search for newlines
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| text[i..].starts_with(OPEN))
        .collect();
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    starts.iter().copied().zip(ends).collect()
}

/// The name of `(define "Name" ...)`.
fn define_name(form: &str) -> Option<&str> {
    let rest = form.strip_prefix("(define")?.trim_start();
    let rest = rest.strip_prefix('"')?;
    rest.split('"').next()
}

/// Parses `file`, adds the standard defines to `sources` and expands.
pub fn expand(
    sources: &mut Sources,
    file: FileId,
    choices: &Choices,
) -> Result<Expanded, Diagnostic> {
    let top = syntax::parse(sources, file)?;
    let files: Vec<FileId> = STANDARD_LIBRARY
        .iter()
        .map(|(name, text)| sources.add_static(*name, text))
        .collect();

    let mut defines: IndexMap<String, Define, FnvBuild> = IndexMap::default();
    let mut define_spans: IndexMap<String, Span, FnvBuild> = IndexMap::default();

    let mut game: Option<Node> = None;
    let mut opts: Vec<OptionDecl> = Vec::new();
    let mut rulesets: Vec<Ruleset> = Vec::new();
    let mut metadata: Option<Node> = None;
    let mut seen_rulesets: Option<Span> = None;
    for node in top {
        match node.head_word() {
            Some("define") => {
                let (name, span, body) = read_define(node)?.expect("a define");
                if define_spans.contains_key(&name) {
                    // Ludii expands every call with the first define of a
                    // name (its expander substitutes the defines in file
                    // order); a later one of the same name is never used.
                    continue;
                }
                define_spans.insert(name.clone(), span);
                defines.insert(name, Define::Own(Some(body)));
            }
            Some("game") => {
                if let Some(g) = &game {
                    let (l, c) = sources.line_col(g.span.file, g.span.start);
                    return Err(Diagnostic::at(node.span, "a second `(game ...)`")
                        .expected("one `(game ...)` per file")
                        .note(format!("the first is at {l}:{c}")));
                }
                let args = node.form_args().unwrap_or(&[]);
                match args.first().map(|a| &a.kind) {
                    Some(Kind::Str(_)) => {}
                    _ => {
                        let at = args.first().map(|a| a.span).unwrap_or(node.span);
                        return Err(Diagnostic::at(at, "the game has no name")
                            .expected("`(game \"Name\" ...)`"));
                    }
                }
                game = Some(node);
            }
            Some("option") => {
                let o = options::read_option(&node)?;
                if let Some(p) = opts.iter().find(|p| p.header == o.header) {
                    let (l, c) = sources.line_col(p.header_span.file, p.header_span.start);
                    return Err(Diagnostic::at(
                        o.header_span,
                        format!("option \"{}\" is declared twice", o.header),
                    )
                    .expected("distinct option headers")
                    .note(format!("the first is at {l}:{c}")));
                }
                if let Some(p) = opts.iter().find(|p| {
                    p.key == o.key
                        && (p.args.is_empty() || p.args.iter().any(|a| o.args.contains(a)))
                }) {
                    // a shared key is fine only with distinct argument names
                    return Err(Diagnostic::at(
                        o.header_span,
                        format!(
                            "options \"{}\" and \"{}\" both use the key <{}>",
                            p.header, o.header, o.key
                        ),
                    )
                    .expected("a distinct key for each option, or distinct `args:` names"));
                }
                opts.push(o);
            }
            Some("rulesets") => {
                if let Some(first) = seen_rulesets {
                    let (l, c) = sources.line_col(first.file, first.start);
                    return Err(Diagnostic::at(node.span, "a second `(rulesets ...)`")
                        .expected("one `(rulesets { ... })` listing every ruleset")
                        .note(format!("the first is at {l}:{c}")));
                }
                seen_rulesets = Some(node.span);
                options::read_rulesets(&node, &mut rulesets)?;
            }
            Some("metadata") => {
                if metadata.is_some() {
                    return Err(Diagnostic::at(node.span, "a second `(metadata ...)`")
                        .expected("one `(metadata ...)` per file"));
                }
                metadata = Some(node);
            }
            Some("match") => {
                // Ludii's description of a match of several games
                return Err(Diagnostic::at(
                    node.span,
                    "Ludii's `(match ...)` is not supported yet",
                )
                .expected("a `(game \"Name\" ...)` description"));
            }
            _ => {
                let at = match &node.kind {
                    Kind::Form { head, .. } => head.span,
                    _ => node.span,
                };
                return Err(Diagnostic::at(
                    at,
                    format!("unexpected {} at the top level", node.describe()),
                )
                .expected(TOP_LEVEL));
            }
        }
    }
    let Some(game) = game else {
        let d = Diagnostic::at(
            Span::new(file, 0, 0),
            "no `(game \"Name\" ...)` in this file",
        )
        .expected("a `(game \"Name\" ...)` form");
        return Err(d);
    };

    // Options first: they may stand anywhere, also inside define bodies.
    let (chosen, ruleset) = options::choose(&opts, &rulesets, choices, sources)?;
    let sub = Substitute {
        options: &opts,
        chosen: &chosen,
    };
    let one = |n: Node| -> Result<Node, Diagnostic> {
        let span = n.span;
        let mut v = Vec::with_capacity(1);
        sub.apply(n, &mut v)?;
        match v.len() {
            1 => Ok(v.pop().expect("one")),
            _ => Err(
                Diagnostic::at(span, "this option value must be exactly one token here")
                    .expected("an option item whose value is one token"),
            ),
        }
    };
    for Define::Own(body) in defines.values_mut() {
        // an option value may make a body of several forms, or none
        let b = body.take().expect("a body");
        let span = b.span;
        let mut v = Vec::with_capacity(1);
        sub.apply(b, &mut v)?;
        *body = Some(match v.len() {
            1 => v.pop().expect("one"),
            _ => defines::splice(v, span),
        });
    }
    let game_span = game.span;
    let game_sub = one(game)?;

    // Then defines. The game's name is never a define call.
    let mut ex = Expander::new(defines, files);
    let Kind::Form { head, args } = game_sub.kind else {
        unreachable!("the game is a form")
    };
    let mut args = args.into_iter();
    let name_node = args.next().expect("the game's name");
    let name = name_node.as_str().unwrap_or_default().to_string();
    let mut new_args = Vec::with_capacity(args.len() + 1);
    new_args.push(name_node);
    for a in args {
        ex.expand_into(a, &mut new_args)?;
    }
    let expanded = Node::new(
        Kind::Form {
            head,
            args: new_args,
        },
        game_sub.span,
    );
    check_expanded(&expanded, game_span)?;

    let info = read_info(&name, metadata, ruleset.as_deref());
    let options = opts
        .iter()
        .zip(&chosen)
        .map(|(o, &i)| (o.header.clone(), o.items[i].name.clone()))
        .collect();
    Ok(Expanded {
        game: expanded,
        name,
        info,
        options,
        ruleset,
    })
}

/// `(define "Name" BODY)` → (name, span of the name, body).
fn read_define(node: Node) -> Result<Option<(String, Span, Node)>, Diagnostic> {
    if node.head_word() != Some("define") {
        return Ok(None);
    }
    let span = node.span;
    let Kind::Form { args, .. } = node.kind else {
        unreachable!("a define is a form")
    };
    let shape = "`(define \"Name\" BODY)`";
    let mut args = args.into_iter();
    let Some(name_node) = args.next() else {
        return Err(Diagnostic::at(span, "a define without a name").expected(shape));
    };
    let Some(name) = name_node.as_str() else {
        return Err(
            Diagnostic::at(name_node.span, "a define's name must be a string").expected(shape),
        );
    };
    // Ludii splices a define's text where it is called: a body of several
    // forms (or none) stands for all of them (none).
    let body: Vec<Node> = args.collect();
    let body = match body.len() {
        1 => body.into_iter().next().expect("one"),
        _ => defines::splice(body, span),
    };
    Ok(Some((name.to_string(), name_node.span, body)))
}

/// The expanded game is not too large, and no `#n`, placeholder or `~`
/// survived expansion (one walk for both; a size error comes first).
fn check_expanded(node: &Node, at: Span) -> Result<(), Diagnostic> {
    let mut left: Option<&Node> = None;
    let mut count = 0;
    let mut max_depth = 0;
    let mut stack: Vec<(&Node, usize)> = Vec::with_capacity(64);
    stack.push((node, 1));
    while let Some((n, d)) = stack.pop() {
        count += 1;
        max_depth = max_depth.max(d);
        match &n.kind {
            Kind::Param(_) | Kind::OptionRef { .. } | Kind::Tilde => {
                left.get_or_insert(n);
            }
            Kind::Word(w) if w == syntax::CLOSE_MARK => {
                left.get_or_insert(n);
            }
            Kind::Form { head, .. } if head.as_word() == Some(syntax::OPEN_MARK) => {
                left.get_or_insert(n);
            }
            Kind::Form { head, args } => {
                stack.push((head, d + 1));
                stack.extend(args.iter().map(|a| (a, d + 1)));
            }
            Kind::Array(items) => stack.extend(items.iter().map(|a| (a, d + 1))),
            Kind::Named { value, .. } => stack.push((value, d + 1)),
            _ => {}
        }
    }
    defines::check_counts(count, max_depth, at)?;
    match left {
        None => Ok(()),
        Some(n) => Err(match n.kind {
            Kind::Param(i) => Diagnostic::at(n.span, format!("`#{i}` outside a define"))
                .expected("`#n` only inside `(define \"Name\" ...)` bodies"),
            Kind::Word(_) | Kind::Form { .. } => Diagnostic::at(
                n.span,
                "an option value's open bracket (`<(name ...>` or `<)>`) left unmatched here",
            )
            .expected("the opening and the closing value in the same list"),
            _ => Diagnostic::at(n.span, format!("{} left after expansion", n.describe()))
                .expected("a value"),
        }),
    }
}

/// Reads `(metadata (info { (key "text") ... (useFor { "Ruleset/X" } (key "text") ...) }) ...)`.
fn read_info(name: &str, metadata: Option<Node>, ruleset: Option<&str>) -> Info {
    let mut info = Info {
        name: name.to_string(),
        ..Info::default()
    };
    let Some(meta) = metadata else {
        return info;
    };
    let mut general: Vec<(String, String)> = Vec::new();
    let mut specific: Vec<(String, String)> = Vec::new();
    fn entry(n: &Node) -> Option<(String, String)> {
        let key = n.head_word()?;
        match n.form_args()? {
            [v] => Some((key.to_string(), v.as_str()?.to_string())),
            _ => None,
        }
    }
    for section in meta.form_args().unwrap_or(&[]) {
        if section.head_word() != Some("info") {
            continue;
        }
        for list in section.form_args().unwrap_or(&[]) {
            let Kind::Array(entries) = &list.kind else {
                continue;
            };
            for e in entries {
                if e.head_word() == Some("useFor") {
                    let args = e.form_args().unwrap_or(&[]);
                    let applies = match (args.first().map(|a| &a.kind), ruleset) {
                        (Some(Kind::Array(names)), Some(rs)) => {
                            names.iter().any(|n| n.as_str() == Some(rs))
                        }
                        _ => false,
                    };
                    if applies {
                        specific.extend(args[1..].iter().filter_map(entry));
                    }
                } else if let Some(kv) = entry(e) {
                    general.push(kv);
                }
            }
        }
    }
    for (k, v) in general {
        match specific.iter().position(|(sk, _)| *sk == k) {
            Some(i) => {
                let kv = specific.remove(i);
                info.fields.push(kv);
            }
            None => info.fields.push((k, v)),
        }
    }
    info.fields.extend(specific);
    info.description = info.get("description").map(str::to_string);
    info.rules = info.get("rules").map(str::to_string);
    info.source = info.get("source").map(str::to_string);
    info.author = info.get("author").map(str::to_string);
    info.date = info.get("date").map(str::to_string);
    info.metadata = Some(meta);
    info
}
