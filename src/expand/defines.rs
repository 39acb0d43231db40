//! Define expansion.
//!
//! Each define's body is expanded once (memoized) with its own parameters
//! left in place; a call then substitutes its already-expanded arguments for
//! `#1`, `#2`, ... . Expanding the arguments in the caller's context and the
//! body in the define's context keeps the recursion check exact: a chain
//! `"A" -> "B" -> "A"` is found when "A" is needed while its own body is
//! being expanded.

use crate::diag::{Diagnostic, FileId, Span};
use crate::syntax::{Kind, Node};
use indexmap::IndexMap;
use std::collections::HashMap;
use std::rc::Rc;

/// Most nodes one expanded tree (or define body) may have.
pub const MAX_NODES: usize = 200_000;
/// Deepest an expanded tree may be.
pub const MAX_EXPANDED_DEPTH: usize = 512;
/// Longest chain of defines expanding inside each other.
pub const MAX_CHAIN: usize = 64;

/// A define's body: the file's own (taken when first expanded), or a
/// standard one, shared by every load and given this load's file id.
#[derive(Clone, Debug)]
pub(crate) enum Define {
    Own(Option<Node>),
    Standard(&'static Node),
}

enum Memo {
    InProgress,
    Done(Rc<Option<Node>>),
}

pub(crate) struct Expander {
    defines: IndexMap<String, Define>,
    standard_file: FileId,
    memo: HashMap<String, Memo>,
    chain: Vec<String>,
}

fn set_file(node: &mut Node, file: FileId) {
    node.span.file = file;
    match &mut node.kind {
        Kind::Form { head, args } => {
            set_file(head, file);
            args.iter_mut().for_each(|a| set_file(a, file));
        }
        Kind::Array(items) => items.iter_mut().for_each(|a| set_file(a, file)),
        Kind::Named { value, .. } => set_file(value, file),
        _ => {}
    }
}

/// Size and depth of a tree, without recursion.
pub(crate) fn measure(node: &Node) -> (usize, usize) {
    let mut count = 0;
    let mut max_depth = 0;
    let mut stack: Vec<(&Node, usize)> = vec![(node, 1)];
    while let Some((n, d)) = stack.pop() {
        count += 1;
        max_depth = max_depth.max(d);
        match &n.kind {
            Kind::Form { head, args } => {
                stack.push((head, d + 1));
                stack.extend(args.iter().map(|a| (a, d + 1)));
            }
            Kind::Array(items) => stack.extend(items.iter().map(|a| (a, d + 1))),
            Kind::Named { value, .. } => stack.push((value, d + 1)),
            _ => {}
        }
    }
    (count, max_depth)
}

pub(crate) fn check_size(node: &Node, at: Span) -> Result<(), Diagnostic> {
    let (count, depth) = measure(node);
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
    pub fn new(defines: IndexMap<String, Define>, standard_file: FileId) -> Expander {
        Expander {
            defines,
            standard_file,
            memo: HashMap::new(),
            chain: Vec::new(),
        }
    }

    /// Expands every define call in `node`. `None`: the node vanished (`~`,
    /// or a define that expands to nothing).
    pub fn expand(&mut self, node: Node) -> Result<Option<Node>, Diagnostic> {
        let span = node.span;
        match node.kind {
            Kind::Str(s) => {
                if self.defines.contains_key(&s) {
                    self.call(&s, Vec::new(), span)
                } else {
                    Ok(Some(Node::new(Kind::Str(s), span)))
                }
            }
            Kind::Form { head, mut args } => {
                if let Kind::Str(name) = &head.kind {
                    if self.defines.contains_key(name) {
                        return self.call(name, args, head.span);
                    }
                    return Err(self.unknown(name, head.span));
                }
                self.expand_vec(&mut args)?;
                Ok(Some(Node::new(Kind::Form { head, args }, span)))
            }
            Kind::Array(mut items) => {
                self.expand_vec(&mut items)?;
                Ok(Some(Node::new(Kind::Array(items), span)))
            }
            Kind::Named { name, value } => Ok(self.expand(*value)?.map(|v| {
                Node::new(
                    Kind::Named {
                        name,
                        value: Box::new(v),
                    },
                    span,
                )
            })),
            Kind::Tilde => Ok(None),
            kind => Ok(Some(Node::new(kind, span))),
        }
    }

    /// Expands the elements of a list in place, dropping those that vanish.
    fn expand_vec(&mut self, v: &mut Vec<Node>) -> Result<(), Diagnostic> {
        let mut kept = 0;
        for i in 0..v.len() {
            let n = std::mem::replace(&mut v[i], Node::new(Kind::Tilde, Span::default()));
            if let Some(x) = self.expand(n)? {
                v[kept] = x;
                kept += 1;
            }
        }
        v.truncate(kept);
        Ok(())
    }

    fn unknown(&self, name: &str, span: Span) -> Diagnostic {
        let d = Diagnostic::at(span, format!("unknown define \"{name}\""));
        let near = self
            .defines
            .keys()
            .map(|k| (distance(k, name), k))
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
    ) -> Result<Option<Node>, Diagnostic> {
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.expand(a)?);
        }
        let body = self.body(name, span)?;
        let Some(body) = body.as_ref() else {
            return Ok(None);
        };
        // each argument is cloned for all its uses but the last, which takes it
        let mut uses = vec![0u32; values.len()];
        count_params(body, &mut uses);
        let out = subst(body, &mut values, &mut uses)?;
        if let Some(n) = &out {
            check_size(n, span)?;
        }
        Ok(out)
    }

    fn body(&mut self, name: &str, span: Span) -> Result<Rc<Option<Node>>, Diagnostic> {
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
        let body = match &mut self.defines[name] {
            Define::Own(body) => body.take().expect("a body is expanded once"),
            Define::Standard(body) => {
                let mut b = (*body).clone();
                set_file(&mut b, self.standard_file);
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
        if let Some(n) = &r {
            check_size(n, span)?;
        }
        let r = Rc::new(r);
        self.memo
            .insert(name.to_string(), Memo::Done(Rc::clone(&r)));
        Ok(r)
    }
}

/// Replaces `#n` by the n-th argument. A missing argument (or `~`) removes
/// the `#n` from its parent: a positional argument or array element that is
/// only `#n`, or a named argument whose value is `#n`, disappears.
fn subst(
    node: &Node,
    args: &mut [Option<Node>],
    uses: &mut [u32],
) -> Result<Option<Node>, Diagnostic> {
    Ok(match &node.kind {
        Kind::Param(n) => take_arg(args, uses, *n),
        Kind::Form { head, args: fargs } => {
            let new_head = match &head.kind {
                Kind::Param(n) => match take_arg(args, uses, *n) {
                    Some(h) if matches!(h.kind, Kind::Word(_) | Kind::Param(_)) => h,
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
                _ => (**head).clone(),
            };
            let mut new_args = Vec::with_capacity(fargs.len());
            for a in fargs {
                new_args.extend(subst(a, args, uses)?);
            }
            Some(Node::new(
                Kind::Form {
                    head: Box::new(new_head),
                    args: new_args,
                },
                node.span,
            ))
        }
        Kind::Array(items) => {
            let mut new = Vec::with_capacity(items.len());
            for a in items {
                new.extend(subst(a, args, uses)?);
            }
            Some(Node::new(Kind::Array(new), node.span))
        }
        Kind::Named { name, value } => subst(value, args, uses)?.map(|v| {
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

/// Argument `#n` for one use: a clone, or the argument itself on its last
/// use.
fn take_arg(args: &mut [Option<Node>], uses: &mut [u32], n: u32) -> Option<Node> {
    let i = (n as usize).checked_sub(1)?;
    let slot = args.get_mut(i)?;
    uses[i] = uses[i].saturating_sub(1);
    if uses[i] == 0 {
        slot.take()
    } else {
        slot.clone()
    }
}

/// How many times each `#n` occurs in a body.
fn count_params(node: &Node, uses: &mut [u32]) {
    match &node.kind {
        Kind::Param(n) => {
            if let Some(u) = (*n as usize).checked_sub(1).and_then(|i| uses.get_mut(i)) {
                *u += 1;
            }
        }
        Kind::Form { head, args } => {
            count_params(head, uses);
            args.iter().for_each(|a| count_params(a, uses));
        }
        Kind::Array(items) => items.iter().for_each(|a| count_params(a, uses)),
        Kind::Named { value, .. } => count_params(value, uses),
        _ => {}
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
