//! The syntax tree of a `.lud` description. Every node carries its span.

use crate::diag::Span;

#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub kind: Kind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `(head arg ...)`. The head is usually a `Word` (a ludeme name), a
    /// `Str` (a define call `("Name" a b)`) or an `OptionRef`.
    Form {
        head: Box<Node>,
        args: Vec<Node>,
    },
    /// `{ a b ... }`
    Array(Vec<Node>),
    /// `name:value`
    Named {
        name: String,
        value: Box<Node>,
    },
    /// `"text"`, escapes resolved.
    Str(String),
    Int(i64),
    Float(f64),
    /// `True` / `False`
    Bool(bool),
    /// A bare word: `P1`, `Mover`, `Orthogonal`, `hex`, ...
    Word(String),
    /// `<Key>` or `<Key:arg>`
    OptionRef {
        key: String,
        arg: Option<String>,
    },
    /// `#n` inside a define body.
    Param(u32),
    /// `~`, the empty argument.
    Tilde,
}

impl Node {
    pub fn new(kind: Kind, span: Span) -> Node {
        Node { kind, span }
    }

    /// The head word of a form (`move` in `(move Step ...)`).
    pub fn head_word(&self) -> Option<&str> {
        match &self.kind {
            Kind::Form { head, .. } => match &head.kind {
                Kind::Word(w) => Some(w),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn form_args(&self) -> Option<&[Node]> {
        match &self.kind {
            Kind::Form { args, .. } => Some(args),
            _ => None,
        }
    }

    pub fn as_word(&self) -> Option<&str> {
        match &self.kind {
            Kind::Word(w) => Some(w),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match &self.kind {
            Kind::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// A short description of what this node is, for error messages.
    pub fn describe(&self) -> String {
        match &self.kind {
            Kind::Form { head, .. } => match &head.kind {
                Kind::Word(w) => format!("`({w} ...)`"),
                Kind::Str(s) => format!("`(\"{s}\" ...)`"),
                _ => "a form".to_string(),
            },
            Kind::Array(_) => "an array `{...}`".to_string(),
            Kind::Named { name, .. } => format!("the named argument `{name}:`"),
            Kind::Str(s) => format!("the string \"{s}\""),
            Kind::Int(i) => format!("the integer {i}"),
            Kind::Float(f) => format!("the number {f}"),
            Kind::Bool(b) => format!("`{}`", if *b { "True" } else { "False" }),
            Kind::Word(w) => format!("`{w}`"),
            Kind::OptionRef { key, arg } => match arg {
                Some(a) => format!("`<{key}:{a}>`"),
                None => format!("`<{key}>`"),
            },
            Kind::Param(n) => format!("`#{n}`"),
            Kind::Tilde => "`~`".to_string(),
        }
    }
}
