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

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/lud.pest"]
struct LudParser;

/// Deepest bracket nesting a file may have.
pub const MAX_DEPTH: usize = 256;

/// Parses one source file into its top-level forms.
pub fn parse(sources: &Sources, file: FileId) -> Result<Vec<Node>, Diagnostic> {
    let text = &sources.get(file).text;
    let multiline = prescan(text, file)?;
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
fn prescan(text: &str, file: FileId) -> Result<Option<usize>, Diagnostic> {
    let mut multiline: Option<usize> = None;
    let r = prescan_inner(text, file, &mut multiline);
    match (r, multiline) {
        (Err(d), Some(at)) if d.span.is_some_and(|s| s.start as usize > at) => {
            Err(d.note(multiline_note(text, at)))
        }
        (r, _) => r.map(|()| multiline),
    }
}

fn prescan_inner(
    text: &str,
    file: FileId,
    multiline: &mut Option<usize>,
) -> Result<(), Diagnostic> {
    let bytes = text.as_bytes();
    let mut stack: Vec<(u8, usize)> = Vec::new();
    // a byte-order mark is not content
    let mut i = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let mut any_token = false;
    while i < bytes.len() {
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
        Rule::item => "an item `(item \"Name\" <value> ...)`",
        Rule::item_value => "an item value `<...>`",
        Rule::item_close => "`>` closing the item value",
        Rule::default_mark => "`*` (default item)",
        Rule::kw_option => "`option`",
        Rule::kw_rulesets => "`rulesets`",
        Rule::rulesets_decl => {
            "`(rulesets { (ruleset \"Ruleset/Name\" { \"Header/Item\" ... }) ... })`"
        }
        Rule::item_anon => "an item `(item \"Name\" <value> ...)`",
        Rule::kw_item => "`item`",
        Rule::named => "a named argument `name:value`",
        Rule::name_key => "a named argument `name:value`",
        Rule::form => "a form `(...)`",
        Rule::array => "an array `{...}`",
        Rule::rparen => "`)`",
        Rule::rbrace => "`}`",
        Rule::placeholder => "an option placeholder `<Key>`",
        Rule::option_key => "an option key",
        Rule::param => "a define parameter `#1`",
        Rule::tilde => "`~`",
        Rule::operator => "an operator",
        Rule::string => "a string",
        Rule::str_body => "a string",
        Rule::float | Rule::int | Rule::bad_number => "a number",
        Rule::bool => "`True` or `False`",
        Rule::word => "a word",
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
    // A head position: after `(`.
    if has(Rule::option_decl) && has(Rule::form) {
        push("a top-level form `(...)`");
    }
    if has(Rule::operator) {
        push("a ludeme name (a word, an operator, a define name or an `<Option>`)");
    }
    // Any value position.
    let value_rules = [
        Rule::form,
        Rule::array,
        Rule::named,
        Rule::string,
        Rule::int,
        Rule::word,
    ];
    let is_value = value_rules.iter().filter(|r| has(**r)).count() >= 3;
    if is_value && !has(Rule::operator) {
        push(
            "a value (a form, array, string, number, word, `name:value`, `<Option>`, `#n` or `~`)",
        );
    }
    for r in positives {
        if is_value
            && matches!(
                r,
                Rule::form
                    | Rule::array
                    | Rule::named
                    | Rule::name_key
                    | Rule::placeholder
                    | Rule::param
                    | Rule::tilde
                    | Rule::string
                    | Rule::float
                    | Rule::int
                    | Rule::bad_number
                    | Rule::bool
                    | Rule::word
            )
        {
            continue;
        }
        if has(Rule::operator)
            && matches!(
                r,
                Rule::placeholder | Rule::operator | Rule::param | Rule::string | Rule::word
            )
        {
            continue;
        }
        if matches!(r, Rule::option_decl | Rule::rulesets_decl) && has(Rule::form) {
            continue;
        }
        if *r == Rule::form && has(Rule::option_decl) {
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

fn unescape(body: &str) -> String {
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

fn build(pair: Pair<'_, Rule>, file: FileId) -> Result<Node, Diagnostic> {
    let span = span_of(&pair, file);
    let kind = match pair.as_rule() {
        Rule::form => {
            let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::rparen);
            let head = build(inner.next().expect("a form has a head"), file)?;
            let args = inner.map(|p| build(p, file)).collect::<Result<_, _>>()?;
            Kind::Form {
                head: Box::new(head),
                args,
            }
        }
        Rule::rulesets_decl => {
            // the array spans from its `{` to its `}`
            let whole = pair.as_str();
            let base = pair.as_span().start();
            let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::rparen);
            let kw = inner.next().expect("keyword");
            let head = Node::new(Kind::Word(kw.as_str().to_string()), span_of(&kw, file));
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
                head: Box::new(head),
                args: vec![arr],
            }
        }
        Rule::array | Rule::items | Rule::item_value => {
            let items = pair
                .into_inner()
                .filter(|p| !matches!(p.as_rule(), Rule::rbrace | Rule::item_close))
                .map(|p| build(p, file))
                .collect::<Result<_, _>>()?;
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
            let head = Node::new(Kind::Word(word.to_string()), span_of(&kw, file));
            let args = inner.map(|p| build(p, file)).collect::<Result<_, _>>()?;
            Kind::Form {
                head: Box::new(head),
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
                name: "args".to_string(),
                value: Box::new(Node::new(Kind::Array(items), span)),
            }
        }
        Rule::named => {
            let mut inner = pair.into_inner();
            let key = inner.next().expect("name");
            let name = key.as_str().trim_end_matches(':').to_string();
            let value = build(inner.next().expect("value"), file)?;
            Kind::Named {
                name,
                value: Box::new(value),
            }
        }
        Rule::placeholder => {
            let mut inner = pair.into_inner();
            let key = inner.next().expect("key").as_str().to_string();
            let arg = inner.next().map(|p| p.as_str().to_string());
            Kind::OptionRef { key, arg }
        }
        Rule::param => {
            let digits = &pair.as_str()[1..];
            match digits.parse::<u32>() {
                Ok(n) if n >= 1 => Kind::Param(n),
                _ => {
                    return Err(Diagnostic::at(span, "bad define parameter")
                        .expected("`#1`, `#2`, ... (a small positive number)"));
                }
            }
        }
        Rule::tilde => Kind::Tilde,
        Rule::string => {
            let body = pair.into_inner().next().map(|p| p.as_str()).unwrap_or("");
            Kind::Str(unescape(body))
        }
        Rule::int => match pair.as_str().parse::<i64>() {
            Ok(i) => Kind::Int(i),
            Err(_) => {
                return Err(Diagnostic::at(
                    span,
                    format!("number `{}` is too large", pair.as_str()),
                )
                .expected(format!(
                    "an integer between {} and {}",
                    i64::MIN,
                    i64::MAX
                )));
            }
        },
        Rule::float => match pair.as_str().parse::<f64>() {
            Ok(f) if f.is_finite() => Kind::Float(f),
            _ => {
                return Err(Diagnostic::at(
                    span,
                    format!("number `{}` is too large", pair.as_str()),
                )
                .expected("a finite decimal number"));
            }
        },
        Rule::bad_number => {
            return Err(
                Diagnostic::at(span, format!("malformed number `{}`", pair.as_str()))
                    .expected("an integer like `12` or `-3`, or a decimal like `0.5`"),
            );
        }
        Rule::bool => Kind::Bool(pair.as_str() == "True"),
        Rule::word | Rule::operator | Rule::default_mark => Kind::Word(pair.as_str().to_string()),
        r => unreachable!("rule {r:?} does not make a node"),
    };
    Ok(Node::new(kind, span))
}
