//! Reading Ludii's `(board …)` form: which generator, its sizes, `use:`.
//! Every error is located at the offending node and says what was expected.

use super::{
    Board, MAX_SITES, Shape, SiteType, builder, concentric, graph, graphops, hex, limping, morris,
    square,
};
use crate::diag::Diagnostic;
use crate::syntax::{Kind, Node};

const SHAPES: &str = "`(square N)`, `(rectangle R C)` (with `diagonals:`), `(hex N)`, \
                      `(hex Limping N)`, `(hex Diamond N)`, `(concentric Square rings:R)`, \
                      `(morris R)`, `(graph vertices:{...} edges:{...})` or `(circle {N ...})`";

/// Positional and named arguments of a form, split.
pub(super) struct Args<'a> {
    pub(super) positional: Vec<&'a Node>,
    pub(super) named: Vec<(&'a str, &'a Node, &'a Node)>,
}

pub(super) fn split(args: &[Node]) -> Args<'_> {
    let mut out = Args {
        positional: Vec::new(),
        named: Vec::new(),
    };
    for a in args {
        match &a.kind {
            Kind::Named { name, value } => out.named.push((name.as_str(), value, a)),
            _ => out.positional.push(a),
        }
    }
    out
}

/// A positive whole size, at most [`MAX_SITES`] (every shape has at least
/// as many sites as any of its sizes: a larger one is a board too large,
/// said here with the size as written, never a clamped count).
pub(super) fn size(node: &Node, what: &str) -> Result<u32, Diagnostic> {
    if node.head_word().is_some() {
        let i = dim(node, what)?;
        let mut n = node.clone();
        n.kind = Kind::Int(i);
        return size(&n, what);
    }
    match &node.kind {
        Kind::Int(i) if *i > MAX_SITES as i64 => Err(Diagnostic::at(
            node.span,
            format!("board too large: {what} is {i} (a board has at most {MAX_SITES} sites)"),
        )
        .expected("a smaller size")),
        Kind::Int(i) if *i >= 1 => Ok(*i as u32),
        Kind::Int(i) => Err(Diagnostic::at(
            node.span,
            format!("{what} must be at least 1, found {i}"),
        )
        .expected("a positive integer")),
        Kind::Float(f) => Err(Diagnostic::at(
            node.span,
            format!("{what} must be a whole number, found {f}"),
        )
        .expected("a positive integer")),
        _ => Err(Diagnostic::at(
            node.span,
            format!("{what} must be a number, found {}", node.describe()),
        )
        .expected("a positive integer")),
    }
}

/// A size written as Ludii's arithmetic on sizes (`DimFunction`): `(+ A
/// B)`, `(- A B)`, `(* A B)`, `(/ A B)` (integer division), `(^ A B)`,
/// `(max A B)`, `(min A B)`, `(abs A)`, over whole numbers.
fn dim(node: &Node, what: &str) -> Result<i64, Diagnostic> {
    let bad = || {
        Diagnostic::at(
            node.span,
            format!("{what} must be a number, found {}", node.describe()),
        )
        .expected("a positive integer, or `+`, `-`, `*`, `/`, `^`, `max`, `min`, `abs` of integers")
    };
    if let Some(i) = node.as_int() {
        return Ok(i);
    }
    let (Some(head), Some(args)) = (node.head_word(), node.form_args()) else {
        return Err(bad());
    };
    let vals = args
        .iter()
        .map(|a| dim(a, what))
        .collect::<Result<Vec<i64>, _>>()?;
    let big = |v: Option<i64>| v.filter(|v| v.abs() <= MAX_SITES as i64 * 1000);
    let v = match (head, vals.as_slice()) {
        ("+", [a, b]) => big(a.checked_add(*b)),
        ("-", [a, b]) => big(a.checked_sub(*b)),
        ("*", [a, b]) => big(a.checked_mul(*b)),
        ("/", [a, b]) if *b != 0 => Some(a / b),
        ("^", [a, b]) => big(u32::try_from(*b).ok().and_then(|b| a.checked_pow(b))),
        ("max", [a, b]) => Some(*a.max(b)),
        ("min", [a, b]) => Some(*a.min(b)),
        ("abs", [a]) => Some(a.abs()),
        _ => return Err(bad()),
    };
    v.ok_or_else(|| {
        Diagnostic::at(
            node.span,
            format!("board too large: {what} is out of range"),
        )
        .expected("a smaller size")
    })
}

fn no_named(args: &Args, shape: &str) -> Result<(), Diagnostic> {
    if let Some((name, _, node)) = args.named.first() {
        return Err(Diagnostic::at(
            node.span,
            format!("`{name}:` is not supported for `({shape} ...)`"),
        )
        .expected(format!("`({shape} ...)` without named arguments")));
    }
    Ok(())
}

/// Exactly `n` positional arguments, else an error at the form.
pub(super) fn positional<'a>(
    form: &Node,
    args: &Args<'a>,
    n: usize,
    expected: &str,
) -> Result<Vec<&'a Node>, Diagnostic> {
    if args.positional.len() != n {
        let span = args.positional.get(n).map_or(form.span, |a| a.span);
        return Err(Diagnostic::at(
            span,
            format!(
                "wrong number of arguments: found {}, needs {n}",
                args.positional.len()
            ),
        )
        .expected(expected.to_string()));
    }
    Ok(args.positional.clone())
}

pub(super) fn check_count(form: &Node, count: u64) -> Result<(), Diagnostic> {
    if count > MAX_SITES {
        return Err(Diagnostic::at(
            form.span,
            format!("board too large: {count} sites (at most {MAX_SITES})"),
        )
        .expected("a smaller size"));
    }
    Ok(())
}

/// The number of players assumed when a track names its owner (players
/// are unknown while the board is read; the owner is checked when compiled).
const TRACK_PLAYERS: u8 = 16;

/// Ludii's `(board SHAPE TRACKS ...)`: the second argument of a board may be
/// one `(track ...)` or an array of them.
fn is_tracks(node: &Node) -> bool {
    match &node.kind {
        Kind::Array(items) => {
            !items.is_empty() && items.iter().all(|t| t.head_word() == Some("track"))
        }
        _ => node.head_word() == Some("track"),
    }
}

pub fn from_node(board: &Node) -> Result<Board, Diagnostic> {
    let mut out = shape_of(board)?;
    if board.head_word() == Some("board") {
        let args = split(board.form_args().unwrap_or(&[]));
        if let [_, t, ..] = args.positional.as_slice()
            && is_tracks(t)
        {
            let forms: Vec<&Node> = match &t.kind {
                Kind::Array(items) => items.iter().collect(),
                _ => vec![*t],
            };
            for f in forms {
                let tr = super::track::read(&out, f, TRACK_PLAYERS)?;
                out.tracks.push(tr);
            }
        }
    }
    Ok(out)
}

fn shape_of(board: &Node) -> Result<Board, Diagnostic> {
    if board.head_word() == Some("mancalaBoard") {
        // (players unknown here: a track's owner is checked when compiled)
        return super::mancala::from_node(board, 16);
    }
    if board.head_word() != Some("board") {
        return Err(
            Diagnostic::at(board.span, format!("found {}", board.describe()))
                .expected("`(board ...)`"),
        );
    }
    let args = split(board.form_args().unwrap_or(&[]));

    let mut site_type = SiteType::Cell;
    let mut use_node: Option<&Node> = None;
    for &(name, value, node) in &args.named {
        match name {
            "use" => {
                // Ludii reads its enum constants in any case (`use:vertex`)
                site_type = match value.as_word() {
                    Some(w) if w.eq_ignore_ascii_case("Cell") => SiteType::Cell,
                    Some(w) if w.eq_ignore_ascii_case("Vertex") => SiteType::Vertex,
                    Some(w) if w.eq_ignore_ascii_case("Edge") => {
                        return Err(Diagnostic::at(value.span, "`use:Edge` is not supported")
                            .expected("`Cell` or `Vertex`"));
                    }
                    _ => {
                        return Err(Diagnostic::at(
                            value.span,
                            format!("bad `use:` value {}", value.describe()),
                        )
                        .expected("`Cell` or `Vertex`"));
                    }
                };
                use_node = Some(node);
            }
            // how stacks are stored; no effect on the graph
            "largeStack" => {}
            _ => {
                return Err(Diagnostic::at(
                    node.span,
                    format!("unknown argument `{name}:` of `(board ...)`"),
                )
                .expected("`use:` or `largeStack:`"));
            }
        }
    }

    let graph = match args.positional.as_slice() {
        [g] => *g,
        [g, t] if is_tracks(t) => *g,
        [] => {
            return Err(Diagnostic::at(board.span, "`(board ...)` has no shape")
                .expected(format!("a shape: {SHAPES}")));
        }
        [_, extra, ..] => {
            return Err(Diagnostic::at(
                extra.span,
                format!("unexpected {} in `(board ...)`", extra.describe()),
            )
            .expected("one shape, then `use:`"));
        }
    };

    let Some(head) = graph.head_word() else {
        return Err(Diagnostic::at(
            graph.span,
            format!(
                "found {} where a board shape was expected",
                graph.describe()
            ),
        )
        .expected(SHAPES));
    };
    if graphops::is_operator(head) || matches!(head, "wedge" | "tri" | "shape") {
        return graphops::board(graph, site_type);
    }
    let gargs = split(graph.form_args().unwrap_or(&[]));
    let vertex_unsupported = |shape: &str| {
        Diagnostic::at(
            use_node.map_or(graph.span, |n| n.span),
            format!("`use:Vertex` is not supported on `({shape} ...)`"),
        )
        .expected("`use:Cell` (the default)")
    };

    match head {
        "square" | "rectangle" => {
            // Ludii's `(rectangle N)` is the square of N (its columns optional)
            let (expected, want) = if head == "square" {
                ("`(square N)`", 1)
            } else {
                (
                    "`(rectangle ROWS COLUMNS)`",
                    gargs.positional.len().clamp(1, 2),
                )
            };
            let mut diagonals = square::Diagonals::None;
            for &(name, value, node) in &gargs.named {
                if name != "diagonals" {
                    return Err(Diagnostic::at(
                        node.span,
                        format!("`{name}:` is not supported for `({head} ...)`"),
                    )
                    .expected(format!("{expected} or `diagonals:`")));
                }
                diagonals = match value.as_word() {
                    Some(w) => square::Diagonals::from_name(w),
                    None => None,
                }
                .ok_or_else(|| {
                    Diagnostic::at(
                        value.span,
                        format!("`diagonals:{}` is not supported", value.describe()),
                    )
                    .expected("`Alternating`, `Concentric` or `Solid`")
                })?;
            }
            let a = positional(graph, &gargs, want, expected)?;
            let rows = size(
                a[0],
                if want == 1 {
                    "the board size"
                } else {
                    "the number of rows"
                },
            )?;
            let cols = if want == 1 {
                rows
            } else {
                size(a[1], "the number of columns")?
            };
            if diagonals == square::Diagonals::None {
                check_count(graph, square::count(rows as u64, cols as u64))?;
                return Ok(builder::build(
                    Shape::Square { rows, cols },
                    site_type,
                    square::proto(rows, cols, site_type),
                ));
            }
            if site_type != SiteType::Vertex {
                return Err(Diagnostic::at(
                    use_node.map_or(graph.span, |n| n.span),
                    "`diagonals:` on a board played on cells is not supported",
                )
                .expected(format!(
                    "`use:Vertex` after the shape: `(board ({head} ... diagonals:...) use:Vertex)`"
                )));
            }
            check_count(
                graph,
                square::count_with(rows as u64, cols as u64, diagonals),
            )?;
            let mut board = builder::build(
                Shape::SquareDiagonals {
                    rows,
                    cols,
                    diagonals,
                },
                site_type,
                square::proto_diagonals(rows, cols, diagonals),
            );
            // the faces of Ludii's graph, for the hand sites' numbering
            board.ludii_cells = graphops::square_graph(rows, cols, diagonals, SiteType::Vertex)
                .faces
                .len() as u32;
            Ok(board)
        }
        "hex" => {
            no_named(&gargs, "hex")?;
            if let Some(w @ ("Triangle" | "triangle")) =
                gargs.positional.first().and_then(|n| n.as_word())
            {
                let a = positional(graph, &gargs, 2, &format!("`(hex {w} N)`"))?;
                let n = size(a[1], "the board size")?;
                if site_type == SiteType::Vertex {
                    return Err(vertex_unsupported("hex Triangle"));
                }
                check_count(graph, hex::triangle_count(n as u64))?;
                return Ok(builder::build(
                    Shape::HexTriangle { size: n },
                    site_type,
                    hex::triangle(n),
                ));
            }
            let (limping, diamond) = match gargs.positional.first().map(|n| (n, n.as_word())) {
                Some((_, Some("Limping"))) => (true, false),
                Some((_, Some("Diamond"))) => (false, true),
                Some((_, Some("Hexagon"))) => (false, false),
                Some((n, Some(w))) => {
                    return Err(Diagnostic::at(
                        n.span,
                        format!("hex board shape `{w}` is not supported"),
                    )
                    .expected("`Limping`, `Diamond`, `Hexagon`, `Triangle` or a size"));
                }
                _ => (false, false),
            };
            let has_word = gargs
                .positional
                .first()
                .is_some_and(|n| n.as_word().is_some());
            let expected = if diamond {
                "`(hex Diamond N)`"
            } else if limping {
                "`(hex Limping N)`"
            } else {
                "`(hex N)`"
            };
            let a = positional(graph, &gargs, 1 + has_word as usize, expected)?;
            let n = size(a[has_word as usize], "the board size")?;
            if site_type == SiteType::Vertex {
                return Err(vertex_unsupported("hex"));
            }
            if diamond {
                check_count(graph, hex::diamond_count(n as u64))?;
                Ok(builder::build(
                    Shape::HexDiamond { size: n },
                    site_type,
                    hex::diamond(n),
                ))
            } else if limping {
                check_count(graph, limping::count(n as u64))?;
                Ok(builder::build(
                    Shape::LimpingHex { size: n },
                    site_type,
                    limping::proto(n),
                ))
            } else {
                check_count(graph, hex::count(n as u64))?;
                Ok(builder::build(
                    Shape::Hex { size: n },
                    site_type,
                    hex::proto(n),
                ))
            }
        }
        "concentric" => {
            let a = positional(graph, &gargs, 1, "`(concentric Square rings:R)`")?;
            if a[0].as_word() != Some("Square") {
                return Err(Diagnostic::at(
                    a[0].span,
                    format!("concentric board {} is not supported", a[0].describe()),
                )
                .expected("`Square`"));
            }
            let mut rings: Option<u32> = None;
            let mut join = false;
            for &(name, value, node) in &gargs.named {
                match name {
                    "rings" => rings = Some(size(value, "the number of rings")?),
                    "joinCorners" => match value.kind {
                        Kind::Bool(b) => join = b,
                        _ => {
                            return Err(Diagnostic::at(
                                value.span,
                                format!("bad `joinCorners:` value {}", value.describe()),
                            )
                            .expected("`True` or `False`"));
                        }
                    },
                    _ => {
                        return Err(Diagnostic::at(
                            node.span,
                            format!("`{name}:` is not supported for `(concentric Square ...)`"),
                        )
                        .expected("`rings:` or `joinCorners:`"));
                    }
                }
            }
            let Some(rings) = rings else {
                return Err(
                    Diagnostic::at(graph.span, "`(concentric Square ...)` needs `rings:`")
                        .expected("`(concentric Square rings:R)`"),
                );
            };
            if site_type != SiteType::Vertex {
                return Err(Diagnostic::at(
                    use_node.map_or(graph.span, |n| n.span),
                    "a concentric board played on cells is not supported",
                )
                .expected("`use:Vertex` after the shape: `(board (concentric Square rings:R) use:Vertex)`"));
            }
            check_count(graph, concentric::count(rings as u64))?;
            Ok(builder::build(
                Shape::Concentric {
                    rings,
                    join_corners: join,
                },
                site_type,
                concentric::proto(rings, join),
            ))
        }
        "morris" => morris::read(graph, &gargs.positional, &gargs.named, site_type, use_node),
        "graph" => {
            if site_type != SiteType::Vertex {
                return Err(on_cells(graph, use_node, "graph"));
            }
            let g = read_graph(graph, &gargs)?;
            let vertices = g.pts.len() as u32;
            Ok(builder::build(
                Shape::Graph { vertices },
                site_type,
                graph::vertex_proto(&g, true),
            ))
        }
        "circle" => {
            no_named(&gargs, "circle")?;
            if site_type != SiteType::Vertex {
                return Err(on_cells(graph, use_node, "circle"));
            }
            let rings = circle_rings(graph, &gargs)?;
            let g = graph::circle(&rings);
            Ok(builder::build(
                Shape::Circle { rings },
                site_type,
                graph::vertex_proto(&g, false),
            ))
        }
        other => Err(
            Diagnostic::at(graph.span, format!("unknown board shape `{other}`")).expected(SHAPES),
        ),
    }
}

/// The ring sizes of `(circle {N ...})`, checked against the size limit.
pub(super) fn circle_rings(graph: &Node, gargs: &Args) -> Result<Vec<u32>, Diagnostic> {
    let a = positional(graph, gargs, 1, "`(circle {N ...})`")?;
    let Kind::Array(items) = &a[0].kind else {
        return Err(
            Diagnostic::at(a[0].span, format!("found {}", a[0].describe()))
                .expected("a list of ring sizes: `{8}`, `{6 6 6}`"),
        );
    };
    let mut rings = Vec::new();
    for item in items {
        rings.push(size(item, "a ring size")?);
    }
    if rings.is_empty() {
        return Err(Diagnostic::at(a[0].span, "`(circle {})` has no rings")
            .expected("a list of ring sizes: `{8}`, `{6 6 6}`"));
    }
    let wide: Vec<u64> = rings.iter().map(|&r| u64::from(r)).collect();
    check_count(graph, graph::circle_count(&wide))?;
    Ok(rings)
}

fn on_cells(graph: &Node, use_node: Option<&Node>, shape: &str) -> Diagnostic {
    Diagnostic::at(
        use_node.map_or(graph.span, |n| n.span),
        format!("a `({shape} ...)` board played on cells is not supported yet"),
    )
    .expected(format!(
        "`use:Vertex` after the shape: `(board ({shape} ...) use:Vertex)`"
    ))
}

/// A number of a `(graph ...)` form.
fn coordinate(n: &Node) -> Result<f64, Diagnostic> {
    match n.kind {
        Kind::Int(i) => Ok(i as f64),
        Kind::Float(f) if f.is_finite() => Ok(f),
        _ => Err(Diagnostic::at(n.span, format!("found {}", n.describe())).expected("a number")),
    }
}

/// `(graph vertices:{{x y} ...} edges:{{a b} ...})`.
pub(super) fn read_graph(form: &Node, args: &Args) -> Result<graph::Graph, Diagnostic> {
    const FORM: &str = "`(graph vertices:{{x y} ...} edges:{{a b} ...})`";
    if let Some(extra) = args.positional.first() {
        return Err(Diagnostic::at(
            extra.span,
            format!("unexpected {} in `(graph ...)`", extra.describe()),
        )
        .expected(FORM));
    }
    let mut g = graph::Graph::default();
    let mut edges: Option<&[Node]> = None;
    let mut have_vertices = false;
    for &(name, value, node) in &args.named {
        let Kind::Array(items) = &value.kind else {
            return Err(
                Diagnostic::at(value.span, format!("found {}", value.describe())).expected(FORM),
            );
        };
        match name {
            "vertices" => {
                have_vertices = true;
                if items.len() as u64 > MAX_SITES {
                    return Err(Diagnostic::at(
                        value.span,
                        format!(
                            "board too large: {} sites (at most {MAX_SITES})",
                            items.len()
                        ),
                    )
                    .expected("a smaller graph"));
                }
                for it in items {
                    match &it.kind {
                        Kind::Array(xy) if xy.len() == 2 || xy.len() == 3 => {
                            if xy.len() == 3 && coordinate(&xy[2])? != 0.0 {
                                return Err(Diagnostic::at(
                                    xy[2].span,
                                    "a `(graph ...)` vertex off the plane is not supported",
                                )
                                .expected("`{x y}`"));
                            }
                            g.pts.push((coordinate(&xy[0])?, coordinate(&xy[1])?));
                        }
                        _ => {
                            return Err(Diagnostic::at(
                                it.span,
                                format!("found {}", it.describe()),
                            )
                            .expected("a vertex `{x y}`"));
                        }
                    }
                }
            }
            "edges" => edges = Some(items),
            _ => {
                return Err(Diagnostic::at(
                    node.span,
                    format!("`{name}:` is not supported for `(graph ...)`"),
                )
                .expected("`vertices:` and `edges:`"));
            }
        }
    }
    if !have_vertices || g.pts.is_empty() {
        return Err(Diagnostic::at(form.span, "`(graph ...)` has no vertices").expected(FORM));
    }
    if let Some(items) = edges {
        for it in items {
            let pair = match &it.kind {
                Kind::Array(ab) if ab.len() == 2 => [&ab[0], &ab[1]],
                _ => {
                    return Err(Diagnostic::at(it.span, format!("found {}", it.describe()))
                        .expected("an edge `{a b}` of two vertex indices"));
                }
            };
            let mut ends = [0usize; 2];
            for (k, v) in pair.iter().enumerate() {
                ends[k] = match v.kind {
                    Kind::Int(i) if i >= 0 && (i as usize) < g.pts.len() => i as usize,
                    _ => {
                        return Err(Diagnostic::at(v.span, format!("found {}", v.describe()))
                            .expected(format!("a vertex index from 0 to {}", g.pts.len() - 1)));
                    }
                };
            }
            g.find_or_add_edge(ends[0], ends[1]);
        }
    }
    Ok(g)
}
