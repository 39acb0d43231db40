//! Define expansion.
//!
//! Each define's body is expanded once (memoized) with its own parameters
//! left in place; a call then substitutes its already-expanded arguments for
//! `#1`, `#2`, ... . Expanding the arguments in the caller's context and the
//! body in the define's context keeps the recursion check exact: a chain
//! `"A" -> "B" -> "A"` is found when "A" is needed while its own body is
//! being expanded.

use crate::diag::{Diagnostic, FileId, Span};
use crate::fnv::FnvBuild;
use crate::syntax::{Kind, Node};
use indexmap::IndexMap;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// Most nodes one expanded tree (or define body) may have.
pub const MAX_NODES: usize = 200_000;
/// Deepest an expanded tree may be.
pub const MAX_EXPANDED_DEPTH: usize = 512;
/// Longest chain of defines expanding inside each other.
pub const MAX_CHAIN: usize = 64;

/// The head of the form that stands for a define body of several forms (or
/// none), spliced where the define is called. Not a word a file can write.
pub(crate) const SPLICE: &str = "\u{0}splice";

/// A define body of several forms (or none), as one node.
pub(crate) fn splice(nodes: Vec<Node>, span: Span) -> Node {
    Node::new(
        Kind::Form {
            head: Arc::new(Node::new(Kind::Word(SPLICE.into()), span)),
            args: nodes,
        },
        span,
    )
}

fn is_splice(n: &Node) -> bool {
    n.head_word() == Some(SPLICE)
}

/// A spliced body, or a named argument (`a:b:…`, at any depth) whose value
/// is one.
fn holds_splice(n: &Node) -> bool {
    match &n.kind {
        Kind::Named { value, .. } => holds_splice(value),
        _ => is_splice(n),
    }
}

/// Splices every spliced body inside `node` into its parent list.
fn flatten(node: &mut Node) {
    match &mut node.kind {
        Kind::Form { args, .. } => flatten_vec(args),
        Kind::Array(items) => flatten_vec(items),
        Kind::Named { value, .. } => flatten(value),
        _ => {}
    }
}

fn flatten_vec(v: &mut Vec<Node>) {
    if !v.iter().any(holds_splice) {
        v.iter_mut().for_each(flatten);
        return;
    }
    let old = std::mem::take(v);
    for mut n in old {
        flatten(&mut n);
        push_spliced(n, v);
    }
}

/// Pushes `n` onto `out`, a spliced body as its forms; a named argument
/// whose value is a spliced body takes the first form, the others follow.
fn push_spliced(n: Node, out: &mut Vec<Node>) {
    let span = n.span;
    match n.kind {
        Kind::Form { head, args } if head.as_word() == Some(SPLICE) => {
            for a in args {
                push_spliced(a, out);
            }
        }
        Kind::Named { name, value } if holds_splice(&value) => {
            // the value's first form stays named, the others follow (a
            // value named again, `a:b:…`, is spliced the same way)
            let mut inner = Vec::new();
            push_spliced(*value, &mut inner);
            let mut args = inner.into_iter();
            if let Some(first) = args.next() {
                out.push(Node::new(
                    Kind::Named {
                        name,
                        value: Box::new(first),
                    },
                    span,
                ));
            }
            out.extend(args);
        }
        kind => out.push(Node::new(kind, span)),
    }
}

/// A define of the file itself: its body, taken when first expanded. (The
/// standard library's defines are not copied per load: the expander looks a
/// name up among the file's own defines first, then in the library's
/// process-wide index.)
#[derive(Clone, Debug)]
pub(crate) enum Define {
    Own(Option<Node>),
}

enum Memo {
    InProgress,
    Done(Rc<Body>),
}

/// A define's expanded body, and its shape (what a call needs to know to
/// size its result before building it).
struct Body {
    node: Option<Node>,
    shape: BodyShape,
}

/// Node count (an upper bound) and depth of a tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Size {
    pub nodes: usize,
    pub depth: usize,
}

impl Size {
    const LEAF: Size = Size { nodes: 1, depth: 1 };

    /// The size of a node of `own` nodes (1 for a form's head, 0 for a bare
    /// array or named argument, which are one node) over children of size
    /// `self`.
    fn around(self, own: usize) -> Size {
        Size {
            nodes: self.nodes.saturating_add(1 + own),
            depth: self.depth.max(own) + 1,
        }
    }
}

pub(crate) struct Expander {
    defines: IndexMap<String, Define, FnvBuild>,
    /// This load's file ids of the standard library's files, by index in
    /// [`super::STANDARD_LIBRARY`].
    standard_files: Vec<FileId>,
    memo: HashMap<String, Memo, FnvBuild>,
    chain: Vec<String>,
}

fn set_file(node: &mut Node, file: FileId) {
    node.span.file = file;
    match &mut node.kind {
        Kind::Form { head, args } => {
            set_file(Arc::make_mut(head), file);
            args.iter_mut().for_each(|a| set_file(a, file));
        }
        Kind::Array(items) => items.iter_mut().for_each(|a| set_file(a, file)),
        Kind::Named { value, .. } => set_file(value, file),
        _ => {}
    }
}

pub(crate) fn check_counts(count: usize, depth: usize, at: Span) -> Result<(), Diagnostic> {
    if count > MAX_NODES {
        return Err(
            Diagnostic::at(at, format!("this expands to more than {MAX_NODES} nodes"))
                .expected("defines that expand to a reasonably sized description"),
        );
    }
    if depth > MAX_EXPANDED_DEPTH {
        return Err(Diagnostic::at(
            at,
            format!("this expands to a tree nested more than {MAX_EXPANDED_DEPTH} deep"),
        )
        .expected("defines that nest less deeply"));
    }
    Ok(())
}

impl Expander {
    pub fn new(
        defines: IndexMap<String, Define, FnvBuild>,
        standard_files: Vec<FileId>,
    ) -> Expander {
        Expander {
            defines,
            standard_files,
            memo: HashMap::default(),
            chain: Vec::new(),
        }
    }

    /// Whether `name` is a define: the file's own or a standard one.
    fn is_define(&self, name: &str) -> bool {
        self.defines.contains_key(name) || super::standard_define(name).is_some()
    }

    /// Expands every define call in `node`. `None`: the node vanished (`~`,
    /// or a define that expands to nothing).
    pub fn expand(&mut self, node: Node) -> Result<Option<Node>, Diagnostic> {
        Ok(self.expand_sized(node)?.map(|(n, _)| n))
    }

    /// Expands `node` onto `out`: nothing, one node, or the forms of a
    /// define body of several.
    pub fn expand_into(&mut self, node: Node, out: &mut Vec<Node>) -> Result<(), Diagnostic> {
        if let Some(n) = self.expand(node)? {
            push_spliced(n, out);
        }
        Ok(())
    }

    /// [`Expander::expand`], also giving the result's size (an upper bound
    /// on its node count, and its depth), so that no tree is measured twice.
    fn expand_sized(&mut self, node: Node) -> Result<Option<(Node, Size)>, Diagnostic> {
        let span = node.span;
        match node.kind {
            Kind::Str(s) => {
                if self.is_define(s.as_str()) {
                    self.call(&s, Vec::new(), span)
                } else {
                    Ok(Some((Node::new(Kind::Str(s), span), Size::LEAF)))
                }
            }
            Kind::Form { head, mut args } => {
                if let Kind::Str(name) = &head.kind {
                    if self.is_define(name.as_str()) {
                        return self.call(name, args, head.span);
                    }
                    return Err(self.unknown(name, head.span));
                }
                let size = self.expand_vec(&mut args)?.around(1);
                Ok(Some((Node::new(Kind::Form { head, args }, span), size)))
            }
            Kind::Array(mut items) => {
                let size = self.expand_vec(&mut items)?.around(0);
                Ok(Some((Node::new(Kind::Array(items), span), size)))
            }
            Kind::Named { name, value } => Ok(self.expand_sized(*value)?.map(|(v, size)| {
                let node = Node::new(
                    Kind::Named {
                        name,
                        value: Box::new(v),
                    },
                    span,
                );
                (node, size.around(0))
            })),
            Kind::Tilde => Ok(None),
            kind => Ok(Some((Node::new(kind, span), Size::LEAF))),
        }
    }

    /// Expands the elements of a list in place, dropping those that vanish;
    /// gives their total count and greatest depth.
    fn expand_vec(&mut self, v: &mut Vec<Node>) -> Result<Size, Diagnostic> {
        let mut kept = 0;
        let mut size = Size { nodes: 0, depth: 0 };
        for i in 0..v.len() {
            let n = std::mem::replace(&mut v[i], Node::new(Kind::Tilde, Span::default()));
            if let Some((x, s)) = self.expand_sized(n)? {
                size.nodes = size.nodes.saturating_add(s.nodes);
                size.depth = size.depth.max(s.depth);
                if holds_splice(&x) {
                    // a body of several forms: they take this element's
                    // place; the elements after it are still to expand
                    let mut rest = v.split_off(i + 1);
                    v.truncate(kept);
                    push_spliced(x, v);
                    let s2 = self.expand_vec(&mut rest)?;
                    size.nodes = size.nodes.saturating_add(s2.nodes);
                    size.depth = size.depth.max(s2.depth);
                    v.append(&mut rest);
                    return Ok(size);
                }
                v[kept] = x;
                kept += 1;
            }
        }
        v.truncate(kept);
        Ok(size)
    }

    fn unknown(&self, name: &str, span: Span) -> Diagnostic {
        let d = Diagnostic::at(span, format!("unknown define \"{name}\""));
        let mut names: Vec<&str> = self.defines.keys().map(String::as_str).collect();
        names.extend(super::standard_names().map(|n| -> &str { n }));
        let near = names
            .into_iter()
            .filter_map(|k| {
                // a name too far from `k` in length cannot be close: skip
                // it before the quadratic distance (an unknown name may be
                // megabytes long)
                let limit = 2.max(k.len() / 4);
                (name.len().abs_diff(k.len()) <= 4 * limit).then(|| (distance(k, name), k))
            })
            .filter(|(d, k)| *d <= 2.max(k.len() / 4))
            .min();
        match near {
            Some((_, k)) => d.expected(format!("a define name (did you mean \"{k}\"?)")),
            None => d.expected(
                "a define name (a form whose head is a string calls the define of that name)",
            ),
        }
    }

    fn call(
        &mut self,
        name: &str,
        args: Vec<Node>,
        span: Span,
    ) -> Result<Option<(Node, Size)>, Diagnostic> {
        // each argument's expanded value, its size and, below, its uses
        let mut values: Vec<Arg> = Vec::with_capacity(args.len());
        for a in args {
            let (value, size) = self.expand_sized(a)?.unzip();
            values.push(Arg {
                value,
                size,
                uses: 0,
            });
        }
        let body = self.body(name, span)?;
        let Some(node) = &body.node else {
            return Ok(None);
        };
        // The size of the result, known before building it: the body's own
        // nodes plus each argument's size once per use (an upper bound when a
        // missing argument takes its parent with it).
        let shape = &body.shape;
        let mut size = Size {
            nodes: shape.nodes,
            depth: shape.depth,
        };
        for (i, arg) in values.iter_mut().enumerate() {
            let (Some(s), Some(&u)) = (arg.size, shape.uses.get(i)) else {
                continue;
            };
            arg.uses = u;
            if u > 0 {
                size.nodes = size
                    .nodes
                    .saturating_add(s.nodes.saturating_mul(u as usize));
                size.depth = size.depth.max(shape.deepest[i] as usize - 1 + s.depth);
            }
        }
        check_counts(size.nodes, size.depth, span)?;
        let spliced_arg = values
            .iter()
            .any(|a| a.value.as_ref().is_some_and(holds_splice));
        // each argument is cloned for all its uses but the last, which takes it
        let mut out = subst(node, &mut values)?;
        if spliced_arg && let Some(n) = &mut out {
            // an argument of several forms splices into the body's lists
            flatten(n);
        }
        Ok(out.map(|n| (n, size)))
    }

    fn body(&mut self, name: &str, span: Span) -> Result<Rc<Body>, Diagnostic> {
        match self.memo.get(name) {
            Some(Memo::Done(b)) => return Ok(b.clone()),
            Some(Memo::InProgress) => {
                let from = self.chain.iter().position(|c| c == name).unwrap_or(0);
                let mut names: Vec<String> = self.chain[from..]
                    .iter()
                    .map(|c| format!("\"{c}\""))
                    .collect();
                names.push(format!("\"{name}\""));
                return Err(Diagnostic::at(
                    span,
                    format!("recursive define: {}", names.join(" -> ")),
                )
                .expected("defines that do not expand into themselves"));
            }
            None => {}
        }
        if self.chain.len() >= MAX_CHAIN {
            return Err(
                Diagnostic::at(span, format!("defines nested more than {MAX_CHAIN} deep"))
                    .expected("a shallower chain of defines"),
            );
        }
        let body = match self.defines.get_mut(name) {
            Some(Define::Own(body)) => body.take().expect("a body is expanded once"),
            None => {
                let d = super::standard_define(name).expect("a standard define");
                let mut b = d.body().clone();
                set_file(&mut b, self.standard_files[d.file]);
                b
            }
        };
        self.memo.insert(name.to_string(), Memo::InProgress);
        self.chain.push(name.to_string());
        let r = self.expand(body);
        self.chain.pop();
        let r = match r {
            Ok(r) => r,
            Err(e) => {
                self.memo.remove(name);
                return Err(e);
            }
        };
        let mut shape = BodyShape {
            uses: Vec::new(),
            deepest: Vec::new(),
            nodes: 0,
            depth: 0,
        };
        if let Some(n) = &r {
            shape.walk(n, 1);
            // the whole body, its `#n` included
            let params: usize = shape.uses.iter().map(|&u| u as usize).sum();
            let deepest = shape.deepest.iter().copied().max().unwrap_or(0) as usize;
            check_counts(shape.nodes + params, shape.depth.max(deepest), span)?;
        }
        let r = Rc::new(Body { node: r, shape });
        self.memo
            .insert(name.to_string(), Memo::Done(Rc::clone(&r)));
        Ok(r)
    }
}

/// Replaces `#n` by the n-th argument. A missing argument (or `~`) removes
/// the `#n` from its parent: a positional argument or array element that is
/// only `#n`, or a named argument whose value is `#n`, disappears.
fn subst(node: &Node, args: &mut [Arg]) -> Result<Option<Node>, Diagnostic> {
    Ok(match &node.kind {
        Kind::Param(n) => take_arg(args, *n),
        Kind::Form { head, args: fargs } => {
            let new_head = match &head.kind {
                Kind::Param(n) => match take_arg(args, *n) {
                    Some(h) if matches!(h.kind, Kind::Word(_) | Kind::Param(_)) => Arc::new(h),
                    Some(h) => {
                        return Err(Diagnostic::at(
                            h.span,
                            format!("argument #{n} stands as a ludeme name but is not a word"),
                        )
                        .expected("a ludeme name"));
                    }
                    None => {
                        return Err(Diagnostic::at(
                            head.span,
                            format!("argument #{n} is missing but stands as a ludeme name"),
                        )
                        .expected(format!("the define to be called with argument #{n}")));
                    }
                },
                _ => Arc::clone(head),
            };
            let mut new_args = Vec::with_capacity(fargs.len());
            for a in fargs {
                new_args.extend(subst(a, args)?);
            }
            Some(Node::new(
                Kind::Form {
                    head: new_head,
                    args: new_args,
                },
                node.span,
            ))
        }
        Kind::Array(items) => {
            let mut new = Vec::with_capacity(items.len());
            for a in items {
                new.extend(subst(a, args)?);
            }
            Some(Node::new(Kind::Array(new), node.span))
        }
        Kind::Named { name, value } => subst(value, args)?.map(|v| {
            Node::new(
                Kind::Named {
                    name: name.clone(),
                    value: Box::new(v),
                },
                node.span,
            )
        }),
        _ => Some(node.clone()),
    })
}

/// A define call's argument: its expanded value (`None`: missing or `~`),
/// its size, and how many of its uses in the body are still to come.
struct Arg {
    value: Option<Node>,
    size: Option<Size>,
    uses: u32,
}

/// Argument `#n` for one use: a clone, or the argument itself on its last
/// use.
fn take_arg(args: &mut [Arg], n: u32) -> Option<Node> {
    let i = (n as usize).checked_sub(1)?;
    let arg = args.get_mut(i)?;
    arg.uses = arg.uses.saturating_sub(1);
    if arg.uses == 0 {
        arg.value.take()
    } else {
        arg.value.clone()
    }
}

/// What a call needs to know of a define body before substituting: how many
/// times each `#n` occurs and how deep its deepest occurrence is, and the
/// number and depth of the body's other nodes.
struct BodyShape {
    uses: Vec<u32>,
    deepest: Vec<u32>,
    nodes: usize,
    depth: usize,
}

impl BodyShape {
    fn walk(&mut self, node: &Node, depth: u32) {
        if let Kind::Param(n) = &node.kind {
            if let Some(i) = (*n as usize).checked_sub(1) {
                if i >= self.uses.len() {
                    self.uses.resize(i + 1, 0);
                    self.deepest.resize(i + 1, 0);
                }
                self.uses[i] += 1;
                self.deepest[i] = self.deepest[i].max(depth);
            }
            return;
        }
        self.nodes += 1;
        self.depth = self.depth.max(depth as usize);
        match &node.kind {
            Kind::Form { head, args } => {
                self.walk(head, depth + 1);
                args.iter().for_each(|a| self.walk(a, depth + 1));
            }
            Kind::Array(items) => items.iter().for_each(|a| self.walk(a, depth + 1)),
            Kind::Named { value, .. } => self.walk(value, depth + 1),
            _ => {}
        }
    }
}

/// Edit distance, for "did you mean".
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
