//! The syntax tree of a `.lud` description. Every node carries its span.

use crate::diag::Span;
use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// The text of a word, string, name or option key. Shared: copying a tree
/// (as define expansion does for every call) never copies text.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text(Arc<str>);

impl Text {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text(Arc::from(s))
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text(Arc::from(s))
    }
}

impl From<Text> for String {
    fn from(t: Text) -> String {
        t.0.to_string()
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<Text> for str {
    fn eq(&self, other: &Text) -> bool {
        self == &*other.0
    }
}

impl PartialEq<Text> for &str {
    fn eq(&self, other: &Text) -> bool {
        *self == &*other.0
    }
}

impl PartialEq<Text> for String {
    fn eq(&self, other: &Text) -> bool {
        **self == *other.0
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub kind: Kind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `(head arg ...)`. The head is usually a `Word` (a ludeme name), a
    /// `Str` (a define call `("Name" a b)`) or an `OptionRef`. It is shared:
    /// copying a form (as every define call does with the define's body)
    /// copies its arguments but not its head.
    Form {
        head: Arc<Node>,
        args: Vec<Node>,
    },
    /// `{ a b ... }`
    Array(Vec<Node>),
    /// `name:value`
    Named {
        name: Text,
        value: Box<Node>,
    },
    /// `"text"`, escapes resolved.
    Str(Text),
    Int(i64),
    Float(f64),
    /// `True` / `False`
    Bool(bool),
    /// A bare word: `P1`, `Mover`, `Orthogonal`, `hex`, ...
    Word(Text),
    /// `<Key>` or `<Key:arg>`
    OptionRef {
        key: Text,
        arg: Option<Text>,
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
