//! Options and rulesets: reading their declarations, resolving the user's
//! choices, and replacing every `<Key>` / `<Key:arg>` by the chosen value.

use super::Choices;
use crate::diag::{Diagnostic, Sources, Span};
use crate::syntax::{Kind, Node, ast::Text};
use std::sync::Arc;

/// How deep option values may refer to other options (`<<Other>>`).
const MAX_OPTION_NESTING: usize = 8;

#[derive(Clone, Debug)]
pub(crate) struct OptionDecl {
    pub header: String,
    pub header_span: Span,
    pub key: Text,
    pub args: Vec<Text>,
    pub items: Vec<Item>,
    /// Index of the default item.
    pub default: usize,
}

#[derive(Clone, Debug)]
pub(crate) struct Item {
    pub name: String,
    /// One token sequence per declared argument.
    pub values: Vec<Vec<Node>>,
}

#[derive(Clone, Debug)]
pub(crate) struct Ruleset {
    pub name: String,
    /// `"Header/Item"` strings and where they are written.
    pub entries: Vec<(String, Span)>,
}

fn quoted_list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads `(option "Header" <Key> args:{<a> ...} { (item ...)* ... })`. The
/// grammar has already fixed its shape; this checks what it cannot.
pub(crate) fn read_option(form: &Node) -> Result<OptionDecl, Diagnostic> {
    let args = form.form_args().unwrap_or(&[]);
    let mut it = args.iter();
    let header_node = it.next().expect("grammar: option header");
    let header = header_node.as_str().unwrap_or_default().to_string();
    if header.is_empty() || header.contains('/') {
        return Err(Diagnostic::at(header_node.span, "bad option header")
            .expected("a non-empty header without `/` (options are chosen as \"Header/Item\")"));
    }
    let key_node = it.next().expect("grammar: option key");
    let key = match &key_node.kind {
        Kind::OptionRef { key, arg: None } => key.clone(),
        _ => {
            return Err(Diagnostic::at(key_node.span, "bad option key")
                .expected("a bare key like `<Board>` (no `:arg` here)"));
        }
    };
    let mut arg_names = Vec::new();
    let mut items_node = it.next().expect("grammar: option items");
    if let Kind::Named { value, .. } = &items_node.kind {
        if let Kind::Array(refs) = &value.kind {
            for r in refs {
                match &r.kind {
                    Kind::OptionRef { key: a, arg: None } => {
                        if arg_names.contains(a) {
                            return Err(Diagnostic::at(
                                r.span,
                                format!("argument `<{a}>` is declared twice"),
                            )
                            .expected("distinct argument names"));
                        }
                        arg_names.push(a.clone());
                    }
                    _ => {
                        return Err(Diagnostic::at(r.span, "bad option argument")
                            .expected("an argument name like `<size>`"));
                    }
                }
            }
        }
        items_node = it.next().expect("grammar: option items");
    }
    let Kind::Array(entries) = &items_node.kind else {
        unreachable!("grammar: option items are an array")
    };
    let want = arg_names.len().max(1);
    let mut items: Vec<Item> = Vec::new();
    let mut default = None;
    for e in entries {
        match &e.kind {
            Kind::Form { args, .. } => {
                let name_node = &args[0];
                let name = name_node.as_str().unwrap_or_default().to_string();
                if items.iter().any(|i| i.name == name) {
                    return Err(Diagnostic::at(
                        name_node.span,
                        format!("option \"{header}\" has two items named \"{name}\""),
                    )
                    .expected("distinct item names"));
                }
                let values: Vec<Vec<Node>> = args[1..]
                    .iter()
                    .filter_map(|v| match &v.kind {
                        Kind::Array(toks) => Some(toks.clone()),
                        _ => None,
                    })
                    .collect();
                // Ludii takes the `<...>` groups an item has, in order; one
                // with fewer than the declared arguments is fine until a
                // placeholder asks for a value it lacks.
                if values.len() > want {
                    return Err(Diagnostic::at(
                        e.span,
                        format!(
                            "item \"{name}\" has {} values but option \"{header}\" declares {want} argument{}",
                            values.len(),
                            if want == 1 { "" } else { "s" },
                        ),
                    )
                    .expected(format!(
                        "at most {want} value group{} `<...>`",
                        if want == 1 { "" } else { "s" }
                    )));
                }
                items.push(Item { name, values });
            }
            Kind::Word(w) => {
                // `*` / `**` after an item: its priority; the default is
                // the first item of the highest priority (as in Ludii)
                let stars = w.chars().filter(|&c| c == '*').count();
                if default.is_none_or(|(_, best)| stars > best) {
                    default = Some((items.len() - 1, stars));
                }
            }
            _ => unreachable!("grammar: items hold items and marks"),
        }
    }
    if items.is_empty() {
        return Err(
            Diagnostic::at(items_node.span, format!("option \"{header}\" has no items"))
                .expected("at least one `(item \"Name\" <value>)`"),
        );
    }
    Ok(OptionDecl {
        header,
        header_span: header_node.span,
        key,
        args: arg_names,
        items,
        default: default.map_or(0, |(i, _)| i),
    })
}

/// Reads `(rulesets { (ruleset "Ruleset/Name (...)" { "Header/Item" ... }) ... })`.
pub(crate) fn read_rulesets(form: &Node, out: &mut Vec<Ruleset>) -> Result<(), Diagnostic> {
    let bad = |span: Span| {
        Diagnostic::at(span, "malformed rulesets")
            .expected("`(rulesets { (ruleset \"Ruleset/Name\" { \"Header/Item\" ... }) ... })`")
    };
    let args = form.form_args().unwrap_or(&[]);
    let [list] = args else {
        return Err(bad(form.span));
    };
    let Kind::Array(rulesets) = &list.kind else {
        return Err(bad(list.span));
    };
    for rs in rulesets {
        if rs.as_word().is_some_and(|w| w.starts_with('*')) {
            continue; // a priority mark
        }
        if rs.head_word() != Some("ruleset") {
            return Err(bad(rs.span));
        }
        let a = rs.form_args().unwrap_or(&[]);
        let (Some(name_node), Some(entries)) = (a.first(), a.get(1)) else {
            return Err(bad(rs.span));
        };
        let Some(name) = name_node.as_str() else {
            return Err(bad(name_node.span));
        };
        let Kind::Array(es) = &entries.kind else {
            return Err(bad(entries.span));
        };
        let mut list = Vec::new();
        for e in es {
            match e.as_str() {
                Some(s) => list.push((s.to_string(), e.span)),
                None => {
                    return Err(Diagnostic::at(e.span, "bad ruleset entry")
                        .expected("an option choice as a string, \"Header/Item\""));
                }
            }
        }
        if out.iter().any(|r| r.name == name) {
            return Err(Diagnostic::at(
                name_node.span,
                format!("ruleset \"{name}\" is declared twice"),
            )
            .expected("distinct ruleset names"));
        }
        out.push(Ruleset {
            name: name.to_string(),
            entries: list,
        });
    }
    Ok(())
}

/// Where a choice was written, to locate errors about it.
enum Origin {
    /// In the file (a ruleset's entry).
    File(Span),
    /// On the command line; the span is made when needed.
    CommandLine,
}

/// Resolves `"Header/Item"` to (option index, item index).
fn resolve(
    options: &[OptionDecl],
    text: &str,
    origin: &Origin,
    sources: &mut Sources,
) -> Result<(usize, usize), Diagnostic> {
    // Locate part of the choice text: in the file or in a made-up source.
    let locate = |from: usize, to: usize, sources: &mut Sources| -> Option<Span> {
        match origin {
            Origin::File(span) => Some(Span {
                file: span.file,
                start: span.start + 1 + from as u32,
                end: span.start + 1 + to as u32,
            }),
            Origin::CommandLine => {
                let prefix = "--option \"";
                let id = sources.add("command line", format!("{prefix}{text}\""));
                Some(Span::new(id, prefix.len() + from, prefix.len() + to))
            }
        }
    };
    let header_match = options
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            text.len() > o.header.len()
                && text.starts_with(o.header.as_str())
                && text.as_bytes()[o.header.len()] == b'/'
        })
        .max_by_key(|(_, o)| o.header.len());
    let Some((oi, opt)) = header_match else {
        let header_len = text.find('/').unwrap_or(text.len());
        let span = locate(0, header_len.max(1), sources);
        let mut d = Diagnostic::new(if text.contains('/') {
            format!("unknown option header \"{}\"", &text[..header_len])
        } else {
            format!("bad option choice \"{text}\": no `/` between header and item")
        });
        d.span = span;
        return Err(if options.is_empty() {
            d.expected("nothing: this file declares no options")
        } else {
            d.expected(format!(
                "\"Header/Item\" with one of the headers {}",
                quoted_list(options.iter().map(|o| o.header.as_str()))
            ))
        });
    };
    let item = &text[opt.header.len() + 1..];
    if let Some(ii) = opt.items.iter().position(|i| i.name == item) {
        return Ok((oi, ii));
    }
    // Forgive case if it is unambiguous.
    let folded: Vec<usize> = (0..opt.items.len())
        .filter(|&i| opt.items[i].name.eq_ignore_ascii_case(item))
        .collect();
    if let [ii] = folded[..] {
        return Ok((oi, ii));
    }
    let mut d = Diagnostic::new(format!(
        "unknown item \"{item}\" for option \"{}\"",
        opt.header
    ));
    d.span = locate(
        opt.header.len() + 1,
        text.len().max(opt.header.len() + 2),
        sources,
    );
    Err(d.expected(format!(
        "one of {}",
        quoted_list(opt.items.iter().map(|i| i.name.as_str()))
    )))
}

/// Finds a ruleset by its full name, the part after `Ruleset/`, or that part
/// without its ` (...)` remark.
fn find_ruleset<'a>(rulesets: &'a [Ruleset], wanted: &str) -> Option<&'a Ruleset> {
    let short = |n: &'a str| -> (&'a str, &'a str) {
        let after = n.strip_prefix("Ruleset/").unwrap_or(n);
        let before = after.split(" (").next().unwrap_or(after).trim();
        (after, before)
    };
    let exact = rulesets.iter().find(|r| {
        let (after, before) = short(&r.name);
        r.name == wanted || after == wanted || before == wanted
    });
    exact.or_else(|| {
        let found: Vec<&Ruleset> = rulesets
            .iter()
            .filter(|r| {
                let (after, before) = short(&r.name);
                r.name.eq_ignore_ascii_case(wanted)
                    || after.eq_ignore_ascii_case(wanted)
                    || before.eq_ignore_ascii_case(wanted)
            })
            .collect();
        if found.len() == 1 {
            Some(found[0])
        } else {
            None
        }
    })
}

/// The item chosen for every option, and the ruleset's full name if one was
/// chosen.
pub(crate) fn choose(
    options: &[OptionDecl],
    rulesets: &[Ruleset],
    choices: &Choices,
    sources: &mut Sources,
) -> Result<(Vec<usize>, Option<String>), Diagnostic> {
    let mut chosen: Vec<usize> = options.iter().map(|o| o.default).collect();
    let mut ruleset_name = None;
    if let Some(wanted) = &choices.ruleset {
        let Some(rs) = find_ruleset(rulesets, wanted) else {
            let prefix = "--ruleset \"";
            let id = sources.add("command line", format!("{prefix}{wanted}\""));
            let d = Diagnostic::at(
                Span::new(id, prefix.len(), prefix.len() + wanted.len().max(1)),
                format!("unknown ruleset \"{wanted}\""),
            );
            return Err(if rulesets.is_empty() {
                d.expected("nothing: this file declares no rulesets")
            } else {
                d.expected(format!(
                    "one of {}",
                    quoted_list(rulesets.iter().map(|r| r.name.as_str()))
                ))
            });
        };
        for (entry, span) in &rs.entries {
            let (oi, ii) = resolve(options, entry, &Origin::File(*span), sources)?;
            chosen[oi] = ii;
        }
        ruleset_name = Some(rs.name.clone());
    }
    for text in &choices.options {
        let (oi, ii) = resolve(options, text, &Origin::CommandLine, sources)?;
        chosen[oi] = ii;
    }
    Ok((chosen, ruleset_name))
}

/// Replaces option placeholders by the chosen values.
pub(crate) struct Substitute<'a> {
    pub options: &'a [OptionDecl],
    pub chosen: &'a [usize],
}

impl Substitute<'_> {
    fn value(&self, node: &Node, key: &str, arg: &Option<Text>) -> Result<&[Node], Diagnostic> {
        // Two options may share a key with distinct arguments (`<Num:a>`
        // and `<Num:b>`): the first that declares the argument answers.
        let declares = |o: &OptionDecl| match arg {
            Some(a) => o.args.contains(a),
            None => true,
        };
        let oi = self
            .options
            .iter()
            .position(|o| o.key == key && declares(o))
            .or_else(|| self.options.iter().position(|o| o.key == key));
        let Some(oi) = oi else {
            let d = Diagnostic::at(node.span, format!("no option declares `<{key}>`"));
            return Err(if self.options.is_empty() {
                d.expected("an `(option \"Header\" <Key> ...)` declaring it (this file has none)")
            } else {
                d.expected(format!(
                    "one of the declared keys {}",
                    self.options
                        .iter()
                        .map(|o| format!("<{}>", o.key))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            });
        };
        let opt = &self.options[oi];
        let idx = match arg {
            None => 0,
            Some(a) => match opt.args.iter().position(|x| x == a) {
                Some(i) => i,
                None => {
                    let d = Diagnostic::at(
                        node.span,
                        format!("option \"{}\" has no argument `{a}`", opt.header),
                    );
                    return Err(if opt.args.is_empty() {
                        d.expected(format!("`<{key}>` (this option declares no `args:`)"))
                    } else {
                        d.expected(format!(
                            "one of {}",
                            opt.args
                                .iter()
                                .map(|x| format!("<{key}:{x}>"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ))
                    });
                }
            },
        };
        let item = &opt.items[self.chosen[oi]];
        item.values.get(idx).map(Vec::as_slice).ok_or_else(|| {
            Diagnostic::at(
                node.span,
                format!(
                    "the chosen item \"{}\" of option \"{}\" gives no value for {}",
                    item.name,
                    opt.header,
                    node.describe()
                ),
            )
            .expected(format!(
                "an item with a `<...>` value for each of the option's {} arguments",
                opt.args.len().max(1)
            ))
        })
    }

    /// The node with every placeholder replaced; a placeholder may stand for
    /// several tokens (spliced into the parent) or none.
    pub fn apply(&self, node: Node, out: &mut Vec<Node>) -> Result<(), Diagnostic> {
        self.apply_at(node, out, 0)
    }

    /// Applies to every element of a list; rebuilds the list only where a
    /// placeholder (or a named argument holding one) splices tokens in.
    fn apply_vec(&self, v: &mut Vec<Node>, nest: usize) -> Result<(), Diagnostic> {
        fn splices(n: &Node) -> bool {
            match &n.kind {
                Kind::OptionRef { .. } => true,
                Kind::Named { value, .. } => matches!(value.kind, Kind::OptionRef { .. }),
                _ => false,
            }
        }
        if v.iter().any(splices) {
            let old = std::mem::take(v);
            v.reserve(old.len());
            for n in old {
                self.apply_at(n, v, nest)?;
            }
            return close_groups(v);
        }
        // no splicing node: exactly one node comes back for each, in place
        for n in v.iter_mut() {
            self.apply_in_place(n, nest)?;
        }
        Ok(())
    }

    /// Applies to a node that stands for exactly one node (not a
    /// placeholder, nor a named argument holding one), without moving it.
    fn apply_in_place(&self, node: &mut Node, nest: usize) -> Result<(), Diagnostic> {
        match &mut node.kind {
            Kind::Form { head, .. } if matches!(head.kind, Kind::OptionRef { .. }) => {
                let taken = std::mem::replace(node, Node::new(Kind::Tilde, Span::default()));
                let mut one = Vec::with_capacity(1);
                self.apply_at(taken, &mut one, nest)?;
                *node = one.pop().expect("a form stays one node");
            }
            Kind::Form { args, .. } => self.apply_vec(args, nest)?,
            Kind::Array(items) => self.apply_vec(items, nest)?,
            Kind::Named { value, .. } => self.apply_in_place(value, nest)?,
            _ => {}
        }
        Ok(())
    }

    fn apply_at(&self, node: Node, out: &mut Vec<Node>, nest: usize) -> Result<(), Diagnostic> {
        let span = node.span;
        match node.kind {
            Kind::OptionRef { ref key, ref arg } => {
                if nest >= MAX_OPTION_NESTING {
                    return Err(Diagnostic::at(
                        span,
                        "option values refer to each other too deeply (a loop?)",
                    )
                    .expected("option values that end in plain tokens"));
                }
                for v in self.value(&node, key, arg)? {
                    self.apply_at(v.clone(), out, nest + 1)?;
                }
            }
            Kind::Form { head, mut args } => {
                let head_span = head.span;
                let new_head = if matches!(head.kind, Kind::OptionRef { .. }) {
                    let placeholder = head.describe();
                    let mut toks = Vec::new();
                    self.apply_at(Arc::unwrap_or_clone(head), &mut toks, nest)?;
                    if toks.is_empty() {
                        return Err(Diagnostic::at(
                            head_span,
                            "this option value is empty but stands as a ludeme name",
                        )
                        .expected("an option item whose value is a ludeme name"));
                    }
                    let h = toks.remove(0);
                    // the parser's rule for a head, kept after expansion
                    if !matches!(h.kind, Kind::Word(_) | Kind::Str(_) | Kind::Param(_)) {
                        return Err(Diagnostic::at(
                            head_span,
                            format!(
                                "{placeholder} stands as a ludeme name here, but its value begins with {}",
                                h.describe()
                            ),
                        )
                        .expected("an option item whose value begins with a ludeme name"));
                    }
                    args.splice(0..0, toks);
                    Arc::new(h)
                } else {
                    head
                };
                self.apply_vec(&mut args, nest)?;
                out.push(Node::new(
                    Kind::Form {
                        head: new_head,
                        args,
                    },
                    span,
                ));
            }
            Kind::Array(mut items) => {
                self.apply_vec(&mut items, nest)?;
                out.push(Node::new(Kind::Array(items), span));
            }
            Kind::Named { name, value } => {
                let mut vals = Vec::with_capacity(1);
                self.apply_at(*value, &mut vals, nest)?;
                let mut vals = vals.into_iter();
                if let Some(first) = vals.next() {
                    out.push(Node::new(
                        Kind::Named {
                            name,
                            value: Box::new(first),
                        },
                        span,
                    ));
                    out.extend(vals);
                }
            }
            _ => out.push(node),
        }
        Ok(())
    }
}

/// Builds the forms that option values open and close (`<(dual >` then, a
/// few tokens later, `<)>`): the tokens between become the form's last
/// arguments, as Ludii's textual substitution reads them.
fn close_groups(v: &mut Vec<Node>) -> Result<(), Diagnostic> {
    use crate::syntax::{CLOSE_MARK, OPEN_MARK};
    let is_open = |n: &Node| n.head_word() == Some(OPEN_MARK);
    let is_close = |n: &Node| n.as_word() == Some(CLOSE_MARK);
    if !v.iter().any(|n| is_open(n) || is_close(n)) {
        return Ok(());
    }
    let old = std::mem::take(v);
    // the forms being built, innermost last
    let mut open: Vec<(Node, Vec<Node>)> = Vec::new();
    for n in old {
        if is_open(&n) {
            let Kind::Form { args, .. } = n.kind.clone() else {
                unreachable!("an open mark is a form")
            };
            let mut args = args.into_iter();
            let Some(head) = args.next() else {
                return Err(
                    Diagnostic::at(n.span, "an option value opens an empty form")
                        .expected("`<(name ...>` with a ludeme name"),
                );
            };
            open.push((
                Node::new(
                    Kind::Form {
                        head: Arc::new(head),
                        args: Vec::new(),
                    },
                    n.span,
                ),
                args.collect(),
            ));
        } else if is_close(&n) {
            let Some((form, args)) = open.pop() else {
                return Err(Diagnostic::at(
                    n.span,
                    "this option value closes a form that no earlier value opened",
                )
                .expected("`<)>` after a `<(name ...>` in the same list"));
            };
            let Kind::Form { head, .. } = form.kind else {
                unreachable!("built as a form")
            };
            let span = Span {
                end: n.span.end.max(form.span.end),
                ..form.span
            };
            let done = Node::new(Kind::Form { head, args }, span);
            match open.last_mut() {
                Some((_, outer)) => outer.push(done),
                None => v.push(done),
            }
        } else {
            match open.last_mut() {
                Some((_, outer)) => outer.push(n),
                None => v.push(n),
            }
        }
    }
    if let Some((form, _)) = open.pop() {
        return Err(Diagnostic::at(
            form.span,
            "this option value opens a form that no later value closes",
        )
        .expected("a `<)>` value later in the same list"));
    }
    Ok(())
}
