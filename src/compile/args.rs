//! Argument matching for one ludeme form: positional arguments are taken by
//! what they are (a form's head, a word), named ones by name, and anything
//! left over is an error — nothing written in a description is ignored.

use crate::diag::{Diagnostic, Result, Span};
use crate::syntax::{Kind, Node};
use std::cell::RefCell;

pub struct Args<'a> {
    pub span: Span,
    /// How the form is named in messages: `move Step` for `(move Step ...)`.
    label: String,
    pos: Vec<Option<&'a Node>>,
    /// Name, value, and the whole `name:value` argument.
    named: Vec<(&'a str, Option<&'a Node>, Span)>,
    /// Every name asked for with [`Args::named`]: the named arguments this
    /// form takes, listed when an unknown one is left over.
    asked: RefCell<Vec<String>>,
}

impl<'a> Args<'a> {
    pub fn of(node: &'a Node) -> Args<'a> {
        let (head, args): (String, &'a [Node]) = match &node.kind {
            Kind::Form { head, args } => (
                match &head.kind {
                    Kind::Word(w) => w.to_string(),
                    Kind::Str(s) => format!("\"{s}\""),
                    _ => String::new(),
                },
                args,
            ),
            _ => (String::new(), &[]),
        };
        let mut pos = Vec::new();
        let mut named = Vec::new();
        for a in args {
            match &a.kind {
                Kind::Named { name, value } => named.push((name.as_str(), Some(&**value), a.span)),
                _ => pos.push(Some(a)),
            }
        }
        let label = match pos.first().copied().flatten().and_then(|n| n.as_word()) {
            Some(w) if super::is_kind_word(w) => format!("{head} {w}"),
            _ => head,
        };
        Args {
            span: node.span,
            label,
            pos,
            named,
            asked: RefCell::new(Vec::new()),
        }
    }

    /// Takes a named argument.
    pub fn named(&mut self, name: &str) -> Option<&'a Node> {
        {
            let mut asked = self.asked.borrow_mut();
            if !asked.iter().any(|n| n == name) {
                asked.push(name.to_string());
            }
        }
        for (n, v, _) in self.named.iter_mut() {
            if *n == name && v.is_some() {
                return v.take();
            }
        }
        None
    }

    /// Takes the next positional argument as a list: an array's items, or
    /// the one node (`(start X)` and `(start {X Y})` alike).
    pub fn items(&mut self) -> Vec<&'a Node> {
        match self.next() {
            Some(Node {
                kind: Kind::Array(v),
                ..
            }) => v.iter().collect(),
            Some(n) => vec![n],
            None => vec![],
        }
    }

    /// Takes the next positional argument, whatever it is.
    pub fn next(&mut self) -> Option<&'a Node> {
        self.pos
            .iter_mut()
            .find(|p| p.is_some())
            .and_then(|p| p.take())
    }

    /// Peeks at the next positional argument.
    pub fn peek(&self) -> Option<&'a Node> {
        self.pos.iter().flatten().next().copied()
    }

    /// Takes the first positional argument that satisfies `pred`.
    pub fn take_if(&mut self, pred: impl Fn(&Node) -> bool) -> Option<&'a Node> {
        for p in self.pos.iter_mut() {
            if let Some(n) = p
                && pred(n)
            {
                return p.take();
            }
        }
        None
    }

    /// Takes the first positional form whose head is `head`.
    pub fn form(&mut self, head: &str) -> Option<&'a Node> {
        self.take_if(|n| n.head_word() == Some(head))
    }

    /// The first positional form whose head is `head`, not taken.
    pub fn peek_form(&self, head: &str) -> Option<&'a Node> {
        self.pos
            .iter()
            .flatten()
            .find(|n| n.head_word() == Some(head))
            .copied()
    }

    /// Takes the first positional bare word among `words`.
    pub fn word(&mut self, words: &[&str]) -> Option<&'a str> {
        let n = self.take_if(|n| n.as_word().is_some_and(|w| words.contains(&w)))?;
        n.as_word()
    }

    /// Takes the next positional argument or fails saying what was expected.
    pub fn required(&mut self, what: &str) -> Result<&'a Node> {
        self.next().ok_or_else(|| {
            Diagnostic::at(
                self.span,
                format!("`({} ...)` is missing an argument", self.label),
            )
            .expected(what)
        })
    }

    /// Takes every argument (they were read another way).
    pub fn take_all(&mut self) {
        self.pos.iter_mut().for_each(|p| *p = None);
        self.named.iter_mut().for_each(|(_, v, _)| *v = None);
    }

    /// Fails on any argument not taken.
    pub fn finish(self) -> Result<()> {
        if let Some(n) = self.pos.into_iter().flatten().next() {
            // a Ludii ludeme as an argument of a Ludii ludeme (`(piece
            // "X" Each (move ...))`): most likely a form ludeme does not
            // implement yet
            let ludii_arg = n.head_word().is_some_and(super::is_ludii_ludeme);
            if ludii_arg && super::is_ludii_ludeme(self.label.split(' ').next().unwrap_or("")) {
                return Err(Diagnostic::at(
                    n.span,
                    format!(
                        "Ludii's `({} ...)` with {} is not supported yet",
                        self.label,
                        n.describe()
                    ),
                )
                .expected(format!(
                    "the arguments of `({} ...)` that ludeme implements",
                    self.label
                )));
            }
            return Err(Diagnostic::at(
                n.span,
                format!(
                    "unexpected extra argument to `({} ...)`: {}",
                    self.label,
                    n.describe()
                ),
            )
            .expected(format!(
                "the end of `({} ...)` here (or an argument it takes)",
                self.label
            )));
        }
        if let Some((name, Some(_), span)) = self.named.into_iter().find(|(_, v, _)| v.is_some()) {
            let asked = self.asked.into_inner();
            if super::is_ludii_argument(name)
                && super::is_ludii_ludeme(self.label.split(' ').next().unwrap_or(""))
            {
                return Err(Diagnostic::at(
                    span,
                    format!(
                        "Ludii's `{name}:` in `({} ...)` is not supported yet",
                        self.label
                    ),
                )
                .expected(if asked.is_empty() {
                    format!("no named arguments in `({} ...)`", self.label)
                } else {
                    let list: Vec<String> = asked.iter().map(|n| format!("`{n}:`")).collect();
                    format!("one of {}", list.join(", "))
                }));
            }
            let d = Diagnostic::at(
                span,
                format!("`{name}:` is not an argument of `({} ...)`", self.label),
            );
            let d = if asked.is_empty() {
                d.expected(format!("no named arguments in `({} ...)`", self.label))
            } else {
                let list: Vec<String> = asked.iter().map(|n| format!("`{n}:`")).collect();
                let close = asked
                    .iter()
                    .filter(|n| super::is_close(name, n))
                    .map(|n| format!(" (did you mean `{n}:`?)"))
                    .next()
                    .unwrap_or_default();
                d.expected(format!("one of {}{close}", list.join(", ")))
            };
            return Err(d);
        }
        Ok(())
    }
}
