//! A stable pretty printer. Its output parses again to the same tree (up to
//! spans): a form that fits in the line width is printed on one line;
//! otherwise its head and leading plain arguments stay on the first line and
//! each other argument goes on a line of its own, four spaces deeper.

use crate::syntax::{Kind, Node};

const WIDTH: usize = 80;
const INDENT: usize = 4;

/// Pretty-prints a node (usually the expanded `(game ...)` form).
pub fn pretty(node: &Node) -> String {
    let mut out = String::new();
    Printer { out: &mut out }.node(node, 0, 0, false);
    out
}

/// The node on one line.
pub fn flat(node: &Node) -> String {
    let mut s = String::new();
    write_flat(node, &mut s, false);
    s
}

fn quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn float(f: f64) -> String {
    let mut s = format!("{f}");
    if !s.contains('.') {
        s.push_str(".0");
    }
    s
}

/// `in_item`: inside `(item ...)`, where arrays are `<...>` value groups.
fn write_flat(node: &Node, out: &mut String, in_item: bool) {
    match &node.kind {
        // an option value that opens a form a later one closes: `(dual x`
        Kind::Form { head, args } if head.as_word() == Some(crate::syntax::OPEN_MARK) => {
            out.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_flat(a, out, false);
            }
        }
        Kind::Word(w) if w == crate::syntax::CLOSE_MARK => out.push(')'),
        Kind::Form { head, args } => {
            let item = head.as_word() == Some("item");
            out.push('(');
            write_flat(head, out, false);
            for a in args {
                out.push(' ');
                write_flat(a, out, item);
            }
            out.push(')');
        }
        Kind::Array(items) => {
            let (open, close) = if in_item { ('<', '>') } else { ('{', '}') };
            out.push(open);
            for (i, a) in items.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_flat(a, out, false);
            }
            out.push(close);
        }
        Kind::Named { name, value } => {
            out.push_str(name);
            out.push(':');
            write_flat(value, out, false);
        }
        Kind::Str(s) => quote(s, out),
        Kind::Int(i) => out.push_str(&i.to_string()),
        Kind::Float(f) => out.push_str(&float(*f)),
        Kind::Bool(b) => out.push_str(if *b { "True" } else { "False" }),
        Kind::Word(w) => out.push_str(w),
        Kind::OptionRef { key, arg } => {
            out.push('<');
            out.push_str(key);
            if let Some(a) = arg {
                out.push(':');
                out.push_str(a);
            }
            out.push('>');
        }
        Kind::Param(n) => {
            out.push('#');
            out.push_str(&n.to_string());
        }
        Kind::Tilde => out.push('~'),
    }
}

fn is_plain(node: &Node) -> bool {
    !matches!(
        node.kind,
        Kind::Form { .. } | Kind::Array(_) | Kind::Named { .. }
    )
}

struct Printer<'a> {
    out: &'a mut String,
}

impl Printer<'_> {
    fn newline(&mut self, indent: usize) {
        self.out.push('\n');
        for _ in 0..indent {
            self.out.push(' ');
        }
    }

    /// Prints `node` starting at column `col` on a line indented by `indent`.
    fn node(&mut self, node: &Node, indent: usize, col: usize, in_item: bool) {
        let f = {
            let mut s = String::new();
            write_flat(node, &mut s, in_item);
            s
        };
        let marker = node.head_word() == Some(crate::syntax::OPEN_MARK);
        if col + f.len() <= WIDTH || is_plain(node) || marker {
            self.out.push_str(&f);
            return;
        }
        match &node.kind {
            Kind::Form { head, args } => {
                let item = head.as_word() == Some("item");
                let mut line = String::from("(");
                write_flat(head, &mut line, false);
                let mut rest = args.as_slice();
                while let Some((a, tail)) = rest.split_first() {
                    if !is_plain(a) {
                        break;
                    }
                    let mut s = String::new();
                    write_flat(a, &mut s, item);
                    if col + line.len() + 1 + s.len() > WIDTH && line.len() > 1 {
                        break;
                    }
                    line.push(' ');
                    line.push_str(&s);
                    rest = tail;
                }
                self.out.push_str(&line);
                if let [only] = rest
                    && let Kind::Array(items) = &only.kind
                    && !item
                {
                    // `(head ... {` elements `})`
                    self.out.push_str(" {");
                    for e in items {
                        self.newline(indent + INDENT);
                        self.node(e, indent + INDENT, indent + INDENT, false);
                    }
                    self.newline(indent);
                    self.out.push_str("})");
                    return;
                }
                for a in rest {
                    self.newline(indent + INDENT);
                    self.node(a, indent + INDENT, indent + INDENT, item);
                }
                self.newline(indent);
                self.out.push(')');
            }
            Kind::Array(items) => {
                let (open, close) = if in_item { ('<', '>') } else { ('{', '}') };
                self.out.push(open);
                for e in items {
                    self.newline(indent + INDENT);
                    self.node(e, indent + INDENT, indent + INDENT, false);
                }
                self.newline(indent);
                self.out.push(close);
            }
            Kind::Named { name, value } => {
                self.out.push_str(name);
                self.out.push(':');
                self.node(value, indent, col + name.len() + 1, false);
            }
            _ => self.out.push_str(&f),
        }
    }
}
