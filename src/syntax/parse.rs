//! From text to a spanned tree: a structural pre-scan (brackets, strings,
//! nesting depth), then the pest grammar, then the tree.
//!
//! The pre-scan runs first so that the most common mistakes (a missing or
//! wrong closing bracket, an unterminated string) get a message about the
//! bracket or the quote itself rather than whatever token pest stopped at, and
//! so that the recursive-descent parser never sees absurd nesting.

use super::ast::{Kind, Node};
use crate::diag::{Diagnostic, FileId, Sources, Span};
use pest::Parser;
use pest::iterators::Pair;
use std::sync::Arc;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/lud.pest"]
struct LudParser;

/// The head of an option value that opens a form a later value closes
/// (`<(dual >`): its arguments are the form's head and first arguments.
pub const OPEN_MARK: &str = "\u{0}open";
/// An option value that closes the form an earlier one opened (`<)>`).
pub const CLOSE_MARK: &str = "\u{0}close";

/// Deepest bracket nesting a file may have.
pub const MAX_DEPTH: usize = 256;

/// Parses one source file into its top-level forms.
pub fn parse(sources: &Sources, file: FileId) -> Result<Vec<Node>, Diagnostic> {
    let text = &sources.get(file).text;
    // A text the fast parser reads is one the pre-scan passes (balanced
    // brackets, closed strings, bounded nesting, some content), so the
    // pre-scan only runs when the fast parser declines.
    // (an empty result is left to the pre-scan, which tells an empty file)
    if let Some(nodes) = parse_fast(sources, file).filter(|n| !n.is_empty()) {
        return Ok(nodes);
    }
    let multiline = prescan(text, file)?;
    pest_parse(text, file, multiline)
}

/// [`parse`] with the pest parser only (the fast parser is checked against
/// this in the tests).
#[doc(hidden)]
pub fn parse_with_pest(sources: &Sources, file: FileId) -> Result<Vec<Node>, Diagnostic> {
    let text = &sources.get(file).text;
    let multiline = prescan(text, file)?;
    pest_parse(text, file, multiline)
}

/// The fast parser alone, as [`parse`] runs it first (without the
/// pre-scan): `None` where it declines. The tests check that whatever it
/// reads, the pre-scan and pest read the same way.
#[doc(hidden)]
pub fn parse_fast(sources: &Sources, file: FileId) -> Option<Vec<Node>> {
    let text = &sources.get(file).text;
    super::fast::parse(text, file)
}

fn pest_parse(text: &str, file: FileId, multiline: Option<usize>) -> Result<Vec<Node>, Diagnostic> {
    let mut pairs = LudParser::parse(Rule::file, text).map_err(|e| {
        let d = pest_error(text, file, e);
        match multiline {
            Some(at) if d.span.is_some_and(|s| s.start as usize > at) => {
                d.note(multiline_note(text, at))
            }
            _ => d,
        }
    })?;
    let file_pair = pairs.next().expect("the file rule matched");
    let mut out = Vec::new();
    for pair in file_pair.into_inner() {
        if pair.as_rule() == Rule::EOI {
            break;
        }
        out.push(build(pair, file)?);
    }
    Ok(out)
}

fn span_of(pair: &Pair<'_, Rule>, file: FileId) -> Span {
    let s = pair.as_span();
    Span::new(file, s.start(), s.end())
}

// ---------------------------------------------------------------------------
// Pre-scan

fn closer_of(open: u8) -> u8 {
    if open == b'(' { b')' } else { b'}' }
}

fn multiline_note(text: &str, at: usize) -> String {
    let (line, col) = line_col(text, at);
    format!(
        "the string opened at {line}:{col} runs over several lines: is its closing `\"` missing?"
    )
}

/// Checks brackets, strings and nesting. Returns where the first string that
/// runs over several lines opens (legal, but the likely culprit of a later
/// error).
pub(super) fn prescan(text: &str, file: FileId) -> Result<Option<usize>, Diagnostic> {
    let mut multiline: Option<usize> = None;
    let r = prescan_inner(text, file, &mut multiline);
    match (r, multiline) {
        (Err(d), Some(at)) if d.span.is_some_and(|s| s.start as usize > at) => {
            Err(d.note(multiline_note(text, at)))
        }
        (r, _) => r.map(|()| multiline),
    }
}

const SCAN_SPACE: u8 = 0;
const SCAN_PLAIN: u8 = 1;
const SCAN_SPECIAL: u8 = 2;

/// The pre-scan's byte classes: whitespace, token bytes it only needs to
/// see as "something", and the bytes it acts on (brackets, quotes, `/`,
/// `:`, and every non-ASCII byte, which the slow path treats as before).
static SCAN_CLASS: [u8; 256] = {
    let mut t = [SCAN_SPECIAL; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = match c {
            b' ' | b'\t' | b'\r' | b'\n' => SCAN_SPACE,
            b'(' | b')' | b'{' | b'}' | b'"' | b'/' | b':' => SCAN_SPECIAL,
            0..=31 | 127 => SCAN_SPECIAL,
            _ => SCAN_PLAIN,
        };
        b += 1;
    }
    t
};

fn prescan_inner(
    text: &str,
    file: FileId,
    multiline: &mut Option<usize>,
) -> Result<(), Diagnostic> {
    let bytes = text.as_bytes();
    let mut stack: Vec<(u8, usize)> = Vec::new();
    let mut named_run = 0usize;
    let mut colon_end = 0usize;
    // a byte-order mark is not content
    let mut i = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let mut any_token = false;
    while i < bytes.len() {
        // runs of bytes that need no attention (most of a file) go by fast
        match SCAN_CLASS[bytes[i] as usize] {
            SCAN_SPACE => {
                i += 1;
                continue;
            }
            SCAN_PLAIN => {
                any_token = true;
                i += 1;
                continue;
            }
            _ => {}
        }
        let b = bytes[i];
        match b {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' => {
                any_token = true;
                let start = i;
                i += 1;
                loop {
                    match bytes.get(i) {
                        None => {
                            let line_end = text[start..]
                                .find('\n')
                                .map(|n| start + n)
                                .unwrap_or(text.len());
                            let line_end = if text[start..line_end].ends_with('\r') {
                                line_end - 1
                            } else {
                                line_end
                            };
                            return Err(Diagnostic::at(
                                Span::new(file, start, line_end.max(start + 1)),
                                "unterminated string",
                            )
                            .expected(
                                "a closing `\"` (write `\\\"` for a quote inside a string)",
                            ));
                        }
                        Some(b'\\') => i += 2,
                        Some(b'"') => break,
                        Some(b'\n') => {
                            multiline.get_or_insert(start);
                            i += 1;
                        }
                        Some(_) => i += 1,
                    }
                }
            }
            b'(' | b'{' => {
                any_token = true;
                stack.push((b, i));
                if stack.len() > MAX_DEPTH {
                    return Err(Diagnostic::at(
                        Span::new(file, i, i + 1),
                        format!("brackets nested more than {MAX_DEPTH} deep"),
                    )
                    .expected(format!(
                        "at most {MAX_DEPTH} levels of `(...)` and `{{...}}`"
                    )));
                }
            }
            b')' | b'}' => {
                any_token = true;
                match stack.pop() {
                    None => {
                        return Err(Diagnostic::at(
                            Span::new(file, i, i + 1),
                            format!("`{}` closes nothing", b as char),
                        )
                        .expected("a new top-level form `(...)` or the end of the file"));
                    }
                    Some((open, at)) if closer_of(open) != b => {
                        let (line, col) = line_col(text, at);
                        return Err(Diagnostic::at(
                            Span::new(file, i, i + 1),
                            format!(
                                "mismatched `{}`: the `{}` opened at {line}:{col} is still open",
                                b as char, open as char
                            ),
                        )
                        .expected(format!("`{}`", closer_of(open) as char)));
                    }
                    Some(_) => {}
                }
            }
            b' ' | b'\t' | b'\r' | b'\n' => {}
            b':' => {
                any_token = true;
                // `a:b:c:...` nests without brackets: count the run.
                let mut word_start = i;
                while word_start > 0
                    && (bytes[word_start - 1].is_ascii_alphanumeric()
                        || bytes[word_start - 1] == b'_')
                {
                    word_start -= 1;
                }
                let joined = word_start < i
                    && text[colon_end.min(word_start)..word_start]
                        .bytes()
                        .all(|b| b.is_ascii_whitespace());
                named_run = if joined { named_run + 1 } else { 1 };
                colon_end = i + 1;
                if named_run > MAX_DEPTH {
                    return Err(Diagnostic::at(
                        Span::new(file, word_start, i + 1),
                        format!("named arguments nested more than {MAX_DEPTH} deep"),
                    )
                    .expected(format!("at most {MAX_DEPTH} levels of `name:` in a row")));
                }
            }
            _ => any_token = true,
        }
        i += 1;
    }
    if let Some(&(open, at)) = stack.last() {
        return Err(Diagnostic::at(
            Span::new(file, at, at + 1),
            format!("unclosed `{}`", open as char),
        )
        .expected(format!(
            "a matching `{}` before the end of the file",
            closer_of(open) as char
        )));
    }
    if !any_token {
        return Err(Diagnostic::at(Span::new(file, 0, 0), "the file is empty")
            .expected("a `(game \"Name\" ...)` description"));
    }
    Ok(())
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    (line, before[start..].chars().count() + 1)
}

// ---------------------------------------------------------------------------
// pest errors in words

fn phrase(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the file",
        Rule::option_decl => "an option `(option \"Header\" <Key> ...)`",
        Rule::option_args => "`args:{ <a> ... }`",
        Rule::items => "the items `{ (item \"Name\" <value>) ... }`",
        Rule::item | Rule::item_anon => "an item `(item \"Name\" <value> ...)`",
        Rule::item_value => "an item value `<...>`",
        Rule::item_close => "`>` closing the item value",
        Rule::default_mark => "`*` (default item)",
        Rule::kw_option => "`option`",
        Rule::kw_rulesets => "`rulesets`",
        Rule::kw_item => "`item`",
        Rule::rulesets_decl => {
            "`(rulesets { (ruleset \"Ruleset/Name\" { \"Header/Item\" ... }) ... })`"
        }
        Rule::colon => "`:`",
        Rule::form => "a form `(...)`",
        Rule::array => "an array `{...}`",
        Rule::rparen => "`)`",
        Rule::rbrace => "`}`",
        Rule::placeholder => "an option placeholder `<Key>`",
        Rule::option_key => "an option key",
        Rule::operator => "an operator",
        Rule::string | Rule::str_body => "a string",
        Rule::atom_or_named | Rule::atom => "a word or a number",
        _ => return None,
    })
}

fn describe_expected(positives: &[Rule]) -> String {
    let has = |r: Rule| positives.contains(&r);
    let mut items: Vec<&'static str> = Vec::new();
    let mut push = |s: &'static str| {
        if !items.contains(&s) {
            items.push(s);
        }
    };
    let top = has(Rule::option_decl) && has(Rule::form);
    let head = has(Rule::operator);
    let value = has(Rule::form) && has(Rule::array) && !top;
    if top {
        push("a top-level form `(...)`");
    }
    if head {
        push("a ludeme name (a word, an operator, a define name or an `<Option>`)");
    }
    if value {
        push(
            "a value (a form, array, string, number, word, `name:value`, `<Option>`, `#n` or `~`)",
        );
    }
    for r in positives {
        let covered = match r {
            Rule::option_decl | Rule::rulesets_decl | Rule::form => top || value,
            Rule::atom | Rule::operator | Rule::string | Rule::placeholder => head || value,
            Rule::atom_or_named | Rule::array => value,
            _ => false,
        };
        if covered {
            continue;
        }
        if let Some(p) = phrase(*r) {
            push(p);
        }
    }
    match items.len() {
        0 => "something else".to_string(),
        1 => items[0].to_string(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// The token at `pos` as the user sees it (for "unexpected X").
fn token_at(text: &str, pos: usize) -> (usize, String) {
    let rest = &text[pos..];
    let Some(c) = rest.chars().next() else {
        return (0, "end of file".to_string());
    };
    let len = if c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.' {
        rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.'))
            .unwrap_or(rest.len())
    } else {
        c.len_utf8()
    };
    (len, format!("`{}`", &rest[..len]))
}

fn pest_error(text: &str, file: FileId, e: pest::error::Error<Rule>) -> Diagnostic {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let (len, tok) = token_at(text, pos);
    let expected = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => describe_expected(positives),
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    // At the top level, only forms may stand.
    let message = if tok == "end of file" {
        "unexpected end of file".to_string()
    } else {
        format!("unexpected {tok}")
    };
    Diagnostic::at(Span::new(file, pos, pos + len), message).expected(expected)
}

// ---------------------------------------------------------------------------
// The tree

pub(super) fn unescape(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('"') => out.push('"'),
                Some('\\') => out.push('\\'),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

pub(super) fn is_word(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A number as Ludii reads one (Java's `Integer.parseInt` /
/// `Float.parseFloat`, without the hex and `NaN` forms no description
/// uses): `-?` then `digits`, `digits.`, `digits.digits` or `.digits`, then
/// an optional exponent `e-3`.
fn is_number(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let (mantissa, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, f),
        None => (mantissa, ""),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    (!int.is_empty() || !frac.is_empty())
        && digits(int)
        && digits(frac)
        && exp.is_none_or(|e| {
            let e = e.strip_prefix('-').unwrap_or(e);
            !e.is_empty() && digits(e)
        })
}

/// Most numbers one range `a..b` may stand for (Ludii's limit: `|b - a|` at
/// most 1000).
pub const MAX_RANGE: u64 = 1000;

/// A range `a..b` of non-negative integers, as Ludii expands it before
/// reading tokens: `3..6` is `3 4 5 6`, `6..3` is `6 5 4 3`. `None`: not a
/// range. A bare `..` (between two strings, as in a track's
/// `{"Entry".."End"}`) is a word of its own, not a range.
pub(super) fn range(text: &str, span: Span) -> Option<Result<Vec<Node>, Diagnostic>> {
    let (a, b) = text.split_once("..")?;
    if a.is_empty() && b.is_empty() {
        return None;
    }
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
    if !digits(a) || !digits(b) {
        let neg =
            a.strip_prefix('-').is_some_and(digits) && digits(b.strip_prefix('-').unwrap_or(b));
        let d = Diagnostic::at(span, format!("malformed range `{text}`"));
        return Some(Err(if neg {
            d.expected("a range of non-negative integers like `0..5` (Ludii reads the digits of a negative range without its sign: write the numbers out)")
        } else {
            d.expected("a range of integers like `0..5` or `12..7`")
        }));
    }
    let (Ok(x), Ok(y)) = (a.parse::<u64>(), b.parse::<u64>()) else {
        return Some(Err(Diagnostic::at(
            span,
            format!("range `{text}` is too large"),
        )
        .expected(format!("a range of at most {MAX_RANGE} steps"))));
    };
    if x.abs_diff(y) > MAX_RANGE {
        return Some(Err(Diagnostic::at(
            span,
            format!("range `{text}` has more than {MAX_RANGE} steps"),
        )
        .expected(format!(
            "a range of at most {MAX_RANGE} steps (Ludii's limit)"
        ))));
    }
    let (x, y) = (x as i64, y as i64);
    let step = if x <= y { 1 } else { -1 };
    let mut out = Vec::with_capacity(x.abs_diff(y) as usize + 1);
    let mut v = x;
    loop {
        out.push(Node::new(Kind::Int(v), span));
        if v == y {
            break;
        }
        v += step;
    }
    Some(Ok(out))
}

/// Whether a token is written in one of Ludii's boolean forms: `true`,
/// `True`, `TRUE`, ... (Ludii compares ignoring case).
pub(super) fn is_bool(text: &str) -> Option<bool> {
    if text.eq_ignore_ascii_case("true") {
        Some(true)
    } else if text.eq_ignore_ascii_case("false") {
        Some(false)
    } else {
        None
    }
}

/// The highest define parameter `#n` (a define's body sizes tables by its
/// highest parameter: an unbounded `n` would ask for any amount of memory).
pub const MAX_PARAM: u32 = 1000;

/// Tells the plain tokens apart: words, numbers, booleans, `#n`, `~`.
pub(super) fn atom(text: &str, span: Span) -> Result<Kind, Diagnostic> {
    let first = text.as_bytes()[0];
    Ok(match text {
        "~" => Kind::Tilde,
        ".." => Kind::Word("..".into()),
        _ if is_bool(text).is_some() => Kind::Bool(is_bool(text) == Some(true)),
        _ if first == b'#' => match text[1..].parse::<u32>() {
            Ok(n)
                if (1..=MAX_PARAM).contains(&n)
                    && text[1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                Kind::Param(n)
            }
            _ => {
                return Err(
                    Diagnostic::at(span, format!("bad define parameter `{text}`"))
                        .expected(format!("`#1`, `#2`, ... up to `#{MAX_PARAM}`")),
                );
            }
        },
        _ if is_word(text) => Kind::Word(text.into()),
        _ if first.is_ascii_alphabetic() || first == b'_' || text.contains(['#', '~']) => {
            return Err(Diagnostic::at(span, format!("malformed word `{text}`"))
                .expected("a word of letters, digits and `_`, starting with a letter"));
        }
        _ if text.contains("..") && range(text, span).is_some_and(|r| r.is_ok()) => {
            return Err(
                Diagnostic::at(span, format!("the range `{text}` stands alone here")).expected(
                    "a range only among the elements of a list `{...}` or a form's arguments",
                ),
            );
        }
        _ if text.contains("..") => {
            return Err(range(text, span).and_then(|r| r.err()).unwrap_or_else(|| {
                Diagnostic::at(span, format!("malformed range `{text}`"))
                    .expected("a range of integers like `0..5`")
            }));
        }
        _ if !is_number(text) => {
            return Err(Diagnostic::at(span, format!("malformed number `{text}`"))
                .expected("an integer like `12` or `-3`, a decimal like `0.5`, `.5` or `2.`, or a range like `0..5`"));
        }
        _ if text.contains(['.', 'e', 'E']) => match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Kind::Float(f),
            _ => {
                return Err(
                    Diagnostic::at(span, format!("number `{text}` is too large"))
                        .expected("a finite decimal number"),
                );
            }
        },
        _ => match text.parse::<i64>() {
            Ok(i) => Kind::Int(i),
            Err(_) => {
                return Err(
                    Diagnostic::at(span, format!("number `{text}` is too large"))
                        .expected(format!("an integer between {} and {}", i64::MIN, i64::MAX)),
                );
            }
        },
    })
}

/// [`build`] for an element of a list: a range `a..b` stands for its numbers.
fn build_into(pair: Pair<'_, Rule>, file: FileId, out: &mut Vec<Node>) -> Result<(), Diagnostic> {
    if pair.as_rule() == Rule::atom_or_named
        && pair.as_str().contains("..")
        && !pair.as_str().contains(':')
    {
        let text = pair.as_str();
        if let Some(r) = range(text, span_of(&pair, file)) {
            out.extend(r?);
            return Ok(());
        }
    }
    out.push(build(pair, file)?);
    Ok(())
}

fn build(pair: Pair<'_, Rule>, file: FileId) -> Result<Node, Diagnostic> {
    let span = span_of(&pair, file);
    let kind = match pair.as_rule() {
        Rule::form => {
            let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::rparen);
            let head_pair = inner.next().expect("a form has a head");
            if head_pair.as_rule() == Rule::form {
                // `((x ...))`: the doubled brackets are one pair
                return build(head_pair, file);
            }
            let head = if head_pair.as_str() == "-" {
                // the one operator that is also the start of a number
                Node::new(Kind::Word("-".into()), span_of(&head_pair, file))
            } else {
                build(head_pair, file)?
            };
            if !matches!(
                head.kind,
                Kind::Word(_) | Kind::Str(_) | Kind::OptionRef { .. } | Kind::Param(_)
            ) {
                return Err(Diagnostic::at(
                    head.span,
                    format!("{} cannot stand as a ludeme name", head.describe()),
                )
                .expected("a ludeme name (a word, an operator, a define name or an `<Option>`)"));
            }
            let mut args = Vec::new();
            for p in inner {
                build_into(p, file, &mut args)?;
            }
            Kind::Form {
                head: Arc::new(head),
                args,
            }
        }
        Rule::rulesets_decl => {
            // the array spans from its `{` to its `}`
            let whole = pair.as_str();
            let base = pair.as_span().start();
            let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::rparen);
            let kw = inner.next().expect("keyword");
            let head = Node::new(Kind::Word(kw.as_str().into()), span_of(&kw, file));
            let kw_end = kw.as_span().end() - base;
            let open = base + kw_end + whole[kw_end..].find('{').unwrap_or(0);
            let mut close = open + 1;
            let mut items = Vec::new();
            for p in inner {
                if p.as_rule() == Rule::rbrace {
                    close = p.as_span().end();
                } else {
                    items.push(build(p, file)?);
                }
            }
            let arr = Node::new(Kind::Array(items), Span::new(file, open, close));
            Kind::Form {
                head: Arc::new(head),
                args: vec![arr],
            }
        }
        Rule::item_value
            if pair
                .clone()
                .into_inner()
                .next()
                .is_some_and(|p| matches!(p.as_rule(), Rule::open_form | Rule::close_paren)) =>
        {
            let first = pair.into_inner().next().expect("checked");
            let fspan = span_of(&first, file);
            let marker = if first.as_rule() == Rule::close_paren {
                Node::new(Kind::Word(CLOSE_MARK.into()), fspan)
            } else {
                let mut args = Vec::new();
                for p in first.into_inner() {
                    build_into(p, file, &mut args)?;
                }
                Node::new(
                    Kind::Form {
                        head: Arc::new(Node::new(Kind::Word(OPEN_MARK.into()), fspan)),
                        args,
                    },
                    fspan,
                )
            };
            Kind::Array(vec![marker])
        }
        Rule::array | Rule::items | Rule::item_value => {
            let mut items = Vec::new();
            for p in pair
                .into_inner()
                .filter(|p| !matches!(p.as_rule(), Rule::rbrace | Rule::item_close))
            {
                build_into(p, file, &mut items)?;
            }
            Kind::Array(items)
        }
        Rule::option_decl | Rule::item => {
            let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::rparen);
            let kw = inner.next().expect("keyword");
            let word = if kw.as_rule() == Rule::item_anon {
                "item"
            } else {
                kw.as_str()
            };
            let head = Node::new(Kind::Word(word.into()), span_of(&kw, file));
            let args = inner.map(|p| build(p, file)).collect::<Result<_, _>>()?;
            Kind::Form {
                head: Arc::new(head),
                args,
            }
        }
        Rule::option_args => {
            let items = pair
                .into_inner()
                .filter(|p| p.as_rule() != Rule::rbrace)
                .map(|p| build(p, file))
                .collect::<Result<Vec<_>, _>>()?;
            Kind::Named {
                name: "args".into(),
                value: Box::new(Node::new(Kind::Array(items), span)),
            }
        }
        Rule::atom_or_named => {
            let mut inner = pair.into_inner();
            let atom = inner.next().expect("an atom");
            let Some(_colon) = inner.next() else {
                return build(atom, file);
            };
            let name = atom.as_str();
            if !is_word(name) {
                return Err(Diagnostic::at(
                    span_of(&atom, file),
                    format!("`{name}` cannot name an argument"),
                )
                .expected("a word before `:`, as in `if:(...)`"));
            }
            let value = build(inner.next().expect("a value"), file)?;
            Kind::Named {
                name: name.into(),
                value: Box::new(value),
            }
        }
        Rule::atom => atom(pair.as_str(), span)?,
        Rule::placeholder => {
            let mut inner = pair.into_inner();
            let key = inner.next().expect("key").as_str().to_string();
            let arg = inner.next().map(|p| p.as_str().to_string());
            Kind::OptionRef {
                key: key.into(),
                arg: arg.map(Into::into),
            }
        }
        Rule::string => {
            let body = pair.into_inner().next().map(|p| p.as_str()).unwrap_or("");
            Kind::Str(unescape(body).into())
        }
        Rule::operator | Rule::default_mark => Kind::Word(pair.as_str().into()),
        r => unreachable!("rule {r:?} does not make a node"),
    };
    Ok(Node::new(kind, span))
}
