//! A hand-written parser for the same language as `grammar/lud.pest`, used
//! first because it is many times faster than the pest parser (pest spends a
//! few hundred instructions per rule call, about ten calls per token).
//!
//! It only ever says "this is the tree" or "no": on any doubt it returns
//! `None` and [`super::parse`] runs the pest parser, which gives the tree or
//! the diagnostic. The grammar stays the definition of the language; the test
//! `fast_parser_agrees_with_the_grammar` (tests/fuzz.rs) checks that both
//! parsers give the same tree on the fixtures, on random mutations of them
//! and on random token soups.
//!
//! Runs first, before the pre-scan: it declines unbalanced brackets and
//! unclosed strings like any other doubt, and nesting deeper than
//! [`MAX_DEPTH`], so its recursion is bounded whatever the text.

use super::ast::{Kind, Node, Text};
use super::parse::{CLOSE_MARK, MAX_DEPTH, OPEN_MARK, atom, is_bool, is_word, range, unescape};
use crate::diag::{FileId, Span};
use crate::fnv::FnvBuild;
use std::collections::HashMap;
use std::sync::Arc;

struct P<'a> {
    /// An option value opened or closed a form (see [`parse`]).
    marked: bool,
    text: &'a str,
    b: &'a [u8],
    i: usize,
    file: FileId,
    /// One shared text per distinct word or string: a description repeats
    /// the same few dozen names many times.
    interned: HashMap<&'a str, Text, FnvBuild>,
    /// The elements of the forms and arrays being read, innermost last: each
    /// list is moved out into a vector of its exact length when it closes.
    pending: Vec<Node>,
    /// How deeply `value` is nested: past [`MAX_DEPTH`] the parser declines
    /// (the pre-scan then gives the error), so its recursion is bounded.
    depth: usize,
}

fn is_atom_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'#' | b'~')
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

const OPERATORS: [&str; 12] = [
    "<=", ">=", "!=", "=", "+", "-", "*", "/", "%", "^", "<", ">",
];

/// The top-level forms of `text`, or `None` to let pest decide.
pub(super) fn parse(text: &str, file: FileId) -> Option<Vec<Node>> {
    let mut p = P {
        text,
        b: text.as_bytes(),
        i: 0,
        file,
        interned: HashMap::default(),
        pending: Vec::with_capacity(64),
        // a top-level form is the first level
        depth: 1,
        marked: false,
    };
    let mut out = Vec::new();
    p.ws();
    while p.i < p.b.len() {
        out.push(p.top()?);
        p.ws();
    }
    // option values that open or close a form (`<(dual >` … `<)>`) balance
    // only as raw brackets: the pre-scan judges them, as it does for pest
    if p.marked {
        super::parse::prescan(text, file).ok()?;
    }
    Some(out)
}

impl<'a> P<'a> {
    fn intern(&mut self, text: &'a str) -> Text {
        self.interned
            .entry(text)
            .or_insert_with(|| Text::from(text))
            .clone()
    }

    /// A token's meaning, as [`atom`] gives it, with words interned.
    fn atom(&mut self, text: &'a str, span: Span) -> Option<Kind> {
        // `atom`'s order: `~`, `True`/`False` and `#n` come before words
        if is_word(text) && is_bool(text).is_none() {
            return Some(Kind::Word(self.intern(text)));
        }
        atom(text, span).ok()
    }

    fn span(&self, start: usize) -> Span {
        Span::new(self.file, start, self.i)
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        if self.peek() == Some(c) {
            self.i += 1;
            Some(())
        } else {
            None
        }
    }

    /// `keyword` followed by no word character.
    fn keyword_at(&self, at: usize, kw: &str) -> bool {
        self.b[at..].starts_with(kw.as_bytes())
            && !self.b.get(at + kw.len()).is_some_and(|&c| is_word_byte(c))
    }

    /// Whitespace (Unicode White_Space, as pest's WHITE_SPACE), `//` comments
    /// and byte-order marks.
    fn ws(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\n' | b'\t' | b'\r' | 0x0b | 0x0c => self.i += 1,
                b'/' if self.b.get(self.i + 1) == Some(&b'/') => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.i += 1;
                    }
                }
                c if c >= 0x80 => {
                    let ch = self.text[self.i..].chars().next().expect("a char");
                    if ch.is_whitespace() || ch == '\u{FEFF}' {
                        self.i += ch.len_utf8();
                    } else {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    fn top(&mut self) -> Option<Node> {
        if self.peek() != Some(b'(') {
            return None;
        }
        let save = self.i;
        self.i += 1;
        self.ws();
        let at = self.i;
        self.i = save;
        if self.keyword_at(at, "option") {
            self.option_decl()
        } else if self.keyword_at(at, "rulesets") {
            self.rulesets_decl()
        } else {
            self.form()
        }
    }

    fn keyword(&mut self, kw: &str) -> Option<Node> {
        let start = self.i;
        if !self.keyword_at(start, kw) {
            return None;
        }
        self.i += kw.len();
        Some(Node::new(Kind::Word(kw.into()), self.span(start)))
    }

    fn option_decl(&mut self) -> Option<Node> {
        let start = self.i;
        self.eat(b'(')?;
        self.ws();
        let head = self.keyword("option")?;
        self.ws();
        let mut args = vec![self.string()?];
        self.ws();
        args.push(self.placeholder()?);
        self.ws();
        if self.b[self.i..].starts_with(b"args") {
            let a = self.i;
            self.i += 4;
            self.ws();
            self.eat(b':')?;
            self.ws();
            self.eat(b'{')?;
            self.ws();
            let mut refs = Vec::new();
            while self.peek() == Some(b'<') {
                refs.push(self.placeholder()?);
                // a stray `>` after a tag, which Ludii skips
                while self.peek() == Some(b'>') {
                    self.i += 1;
                    self.ws();
                }
                self.ws();
            }
            self.eat(b'}')?;
            let span = self.span(a);
            args.push(Node::new(
                Kind::Named {
                    name: "args".into(),
                    value: Box::new(Node::new(Kind::Array(refs), span)),
                },
                span,
            ));
            self.ws();
        }
        // the items
        let a = self.i;
        self.eat(b'{')?;
        self.ws();
        let mut items = Vec::new();
        while self.peek() == Some(b'(') {
            items.push(self.item()?);
            self.ws();
            if let Some(m) = self.mark() {
                items.push(m);
                self.ws();
            }
        }
        self.eat(b'}')?;
        args.push(Node::new(Kind::Array(items), self.span(a)));
        self.ws();
        self.eat(b')')?;
        Some(self.form_node(start, head, args))
    }

    fn mark(&mut self) -> Option<Node> {
        let start = self.i;
        while self.peek() == Some(b'*') {
            self.i += 1;
        }
        if self.i == start {
            return None;
        }
        Some(Node::new(
            Kind::Word(self.text[start..self.i].into()),
            self.span(start),
        ))
    }

    fn item(&mut self) -> Option<Node> {
        let start = self.i;
        self.eat(b'(')?;
        self.ws();
        let head = if self.peek() == Some(b'"') {
            Node::new(Kind::Word("item".into()), self.span(self.i))
        } else {
            let h = self.keyword("item")?;
            self.ws();
            h
        };
        let mut args = vec![self.string()?];
        self.ws();
        while self.peek() == Some(b'<') {
            let a = self.i;
            self.i += 1;
            self.ws();
            let from = self.pending.len();
            let toks: Vec<Node> = if self.peek() == Some(b')') {
                // `<)>`: closes the form an earlier value opened
                let span = Span::new(self.file, self.i, self.i + 1);
                self.i += 1;
                self.ws();
                if self.peek() != Some(b'>') {
                    return None;
                }
                self.marked = true;
                vec![Node::new(Kind::Word(CLOSE_MARK.into()), span)]
            } else {
                let save = self.i;
                let mut whole = true;
                while self.peek() != Some(b'>') {
                    if self.element().is_none() {
                        whole = false;
                        break;
                    }
                    self.ws();
                }
                if whole {
                    self.pending.drain(from..).collect()
                } else {
                    // `<(dual >`: opens a form a later value closes
                    self.pending.truncate(from);
                    self.i = save;
                    vec![self.open_form()?]
                }
            };
            self.i += 1;
            args.push(Node::new(Kind::Array(toks), self.span(a)));
            self.ws();
        }
        if self.peek() == Some(b'"') {
            args.push(self.string()?);
            self.ws();
        }
        self.eat(b')')?;
        Some(self.form_node(start, head, args))
    }

    /// `(head args...` up to the `>` of an option value (not consumed).
    fn open_form(&mut self) -> Option<Node> {
        let start = self.i;
        self.eat(b'(')?;
        self.ws();
        let head = self.head()?;
        self.ws();
        let from = self.pending.len();
        self.pending.push(head);
        while self.peek() != Some(b'>') {
            self.element()?;
            self.ws();
        }
        let args: Vec<Node> = self.pending.drain(from..).collect();
        let span = self.span(start);
        self.marked = true;
        Some(Node::new(
            Kind::Form {
                head: Arc::new(Node::new(Kind::Word(OPEN_MARK.into()), span)),
                args,
            },
            span,
        ))
    }

    fn rulesets_decl(&mut self) -> Option<Node> {
        let start = self.i;
        self.eat(b'(')?;
        self.ws();
        let head = self.keyword("rulesets")?;
        self.ws();
        let a = self.i;
        self.eat(b'{')?;
        self.ws();
        let mut items = Vec::new();
        while self.peek() == Some(b'(') {
            items.push(self.form()?);
            self.ws();
            if let Some(m) = self.mark() {
                items.push(m);
                self.ws();
            }
        }
        self.eat(b'}')?;
        let arr = Node::new(Kind::Array(items), self.span(a));
        self.ws();
        self.eat(b')')?;
        Some(self.form_node(start, head, vec![arr]))
    }

    fn form_node(&self, start: usize, head: Node, args: Vec<Node>) -> Node {
        Node::new(
            Kind::Form {
                head: Arc::new(head),
                args,
            },
            self.span(start),
        )
    }

    fn form(&mut self) -> Option<Node> {
        let start = self.i;
        self.eat(b'(')?;
        self.ws();
        if self.peek() == Some(b'(') {
            // `((x ...))`: the doubled brackets are one pair
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return None;
            }
            let inner = self.form();
            self.depth -= 1;
            let inner = inner?;
            self.ws();
            self.eat(b')')?;
            return Some(inner);
        }
        let head = self.head()?;
        self.ws();
        let args = self.elements(b')')?;
        Some(self.form_node(start, head, args))
    }

    fn head(&mut self) -> Option<Node> {
        let c = self.peek()?;
        let node = if is_atom_byte(c) {
            let start = self.i;
            let text = self.atom_text();
            if text == "-" {
                Node::new(Kind::Word("-".into()), self.span(start))
            } else {
                let span = self.span(start);
                Node::new(self.atom(text, span)?, span)
            }
        } else if c == b'"' {
            self.string()?
        } else if let Some(op) = OPERATORS
            .iter()
            .find(|op| self.b[self.i..].starts_with(op.as_bytes()))
        {
            let start = self.i;
            let after = self.b.get(self.i + op.len()).copied();
            if after.is_some_and(|c| is_word_byte(c) || c == b'.') {
                // pest tries a placeholder next, which `<` may start
                return if c == b'<' { self.placeholder() } else { None };
            }
            self.i += op.len();
            Node::new(Kind::Word((*op).into()), self.span(start))
        } else {
            return None;
        };
        match node.kind {
            Kind::Word(_) | Kind::Str(_) | Kind::OptionRef { .. } | Kind::Param(_) => Some(node),
            _ => None,
        }
    }

    fn atom_text(&mut self) -> &'a str {
        let start = self.i;
        while self.peek().is_some_and(is_atom_byte) {
            self.i += 1;
        }
        let text: &'a str = self.text;
        &text[start..self.i]
    }

    /// An element of a list, pushed on `pending`: one value, or the numbers
    /// of a range `a..b`.
    fn element(&mut self) -> Option<()> {
        if self.peek().is_some_and(is_atom_byte) {
            let start = self.i;
            let text = self.atom_text();
            if text.contains("..")
                && self.peek() != Some(b':')
                && let Some(r) = range(text, self.span(start))
            {
                self.pending.extend(r.ok()?);
                return Some(());
            }
            self.i = start;
        }
        let v = self.value()?;
        self.pending.push(v);
        Some(())
    }

    fn value(&mut self) -> Option<Node> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let v = self.value_inner();
        self.depth -= 1;
        v
    }

    fn value_inner(&mut self) -> Option<Node> {
        match self.peek()? {
            b'(' => self.form(),
            b'{' => {
                let start = self.i;
                self.i += 1;
                self.ws();
                let items = self.elements(b'}')?;
                Some(Node::new(Kind::Array(items), self.span(start)))
            }
            b'"' => self.string(),
            b'<' => self.placeholder(),
            c if is_atom_byte(c) => {
                let start = self.i;
                let text = self.atom_text();
                let span = self.span(start);
                if self.peek() != Some(b':') {
                    return Some(Node::new(self.atom(text, span)?, span));
                }
                if !is_word(text) {
                    return None;
                }
                let name = self.intern(text);
                self.i += 1;
                self.ws();
                let value = self.value()?;
                Some(Node::new(
                    Kind::Named {
                        name,
                        value: Box::new(value),
                    },
                    self.span(start),
                ))
            }
            _ => None,
        }
    }

    fn string(&mut self) -> Option<Node> {
        let start = self.i;
        self.eat(b'"')?;
        let body_start = self.i;
        let mut escaped = false;
        loop {
            match self.peek()? {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    self.i += 1;
                    let ch = self.text.get(self.i..)?.chars().next()?;
                    self.i += ch.len_utf8();
                }
                _ => self.i += 1,
            }
        }
        let body = &self.text[body_start..self.i];
        self.i += 1;
        let s = if escaped {
            unescape(body).into()
        } else {
            self.intern(body)
        };
        Some(Node::new(Kind::Str(s), self.span(start)))
    }

    fn placeholder(&mut self) -> Option<Node> {
        let start = self.i;
        self.eat(b'<')?;
        let key = self.key()?;
        let arg = if self.peek() == Some(b':') {
            self.i += 1;
            Some(self.key()?)
        } else {
            None
        };
        self.eat(b'>')?;
        Some(Node::new(Kind::OptionRef { key, arg }, self.span(start)))
    }

    fn key(&mut self) -> Option<Text> {
        let start = self.i;
        while self.peek().is_some_and(is_word_byte) {
            self.i += 1;
        }
        let text: &'a str = self.text;
        (self.i > start).then(|| self.intern(&text[start..self.i]))
    }

    /// The values up to the closing byte `close` (which is consumed).
    fn elements(&mut self, close: u8) -> Option<Vec<Node>> {
        let from = self.pending.len();
        while self.peek() != Some(close) {
            self.element()?;
            self.ws();
        }
        self.i += 1;
        Some(self.pending.drain(from..).collect())
    }
}
