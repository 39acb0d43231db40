//! The board in the terminal, and as JSON.
//!
//! Cell boards are drawn row by row, each site's text in a fixed-width slot
//! placed by its x position (hex rows come out offset by half a slot, as in
//! docs/boards.md). Vertex boards (the morris board, grids of points) are drawn on
//! their grid with their lines: `-` between sites of one row, `|` between
//! sites of one column, `/` and `\` for diagonal lines.

use super::{Board, Dir, Relation, Site, SiteType};
use serde_json::{Map, Value, json};

/// Draws `board`: every site shows `occupant(site)` if that is `Some`, else
/// `index:label`. Lines end without trailing spaces; the text ends with a
/// newline.
pub fn draw(board: &Board, occupant: &dyn Fn(Site) -> Option<String>) -> String {
    let texts: Vec<String> = board
        .all_sites()
        .map(|s| occupant(s).unwrap_or_else(|| format!("{}:{}", s, board.label(s))))
        .collect();
    let longest = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let width = (longest + 2).max(8);
    if canvas_size(board, width + width % 2, longest) > MAX_CANVAS {
        return draw_list(board, occupant);
    }
    let lines = match board.site_type {
        SiteType::Cell => draw_cells(board, &texts, width + width % 2),
        SiteType::Vertex => {
            // vertical lines hang from the middle of the shortest text (the
            // third character of `21:A7`, as in docs/boards.md)
            let shortest = texts.iter().map(|t| t.chars().count()).min().unwrap_or(0);
            draw_vertices(board, &texts, width, (shortest / 2).min(2))
        }
    };
    let mut out = String::new();
    for l in lines {
        let l: String = l.into_iter().collect();
        out.push_str(l.trim_end());
        out.push('\n');
    }
    out
}

/// The most characters a drawn board may take (its lines times its
/// widest line). A larger picture (a concentric board's grows with the
/// square of its rings) is a list of the occupied sites instead.
pub const MAX_CANVAS: usize = 1 << 22;

/// The characters of the picture's canvas: lines times the widest line.
fn canvas_size(board: &Board, width: usize, longest: usize) -> usize {
    let (x0, x1) = board
        .sites
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), s| (a.min(s.x), b.max(s.x)));
    let (y0, y1) = board
        .sites
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), s| (a.min(s.y), b.max(s.y)));
    // (y0, y1 matter to vertex boards: two text lines per unit)
    if board.sites.is_empty() {
        return 0;
    }
    let cols = ((x1 - x0) * width as f64).round().max(0.0) + (longest + 1) as f64;
    let lines = match board.site_type {
        SiteType::Cell => levels(board.sites.iter().map(|s| s.y)).len() as f64,
        SiteType::Vertex => ((y1 - y0) * 2.0).round() + 1.0,
    };
    let size = cols * lines;
    if size.is_finite() && size < usize::MAX as f64 {
        size as usize
    } else {
        usize::MAX
    }
}

/// A board too large to draw: one line per occupied site, `index:label
/// occupant`, in site order.
fn draw_list(board: &Board, occupant: &dyn Fn(Site) -> Option<String>) -> String {
    let mut out = format!(
        "(a board of {} sites, too large to draw: its occupied sites)\n",
        board.len()
    );
    for s in board.all_sites() {
        if let Some(t) = occupant(s) {
            out.push_str(&format!("{}:{} {}\n", s, board.label(s), t));
        }
    }
    out
}

/// Distinct values of `v` (rounded), ascending.
fn levels(values: impl Iterator<Item = f64>) -> Vec<i64> {
    let mut v: Vec<i64> = values.map(|x| (x * 1e6).round() as i64).collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn put(canvas: &mut [Vec<char>], line: usize, col: usize, text: &str) {
    let row = &mut canvas[line];
    for (i, ch) in text.chars().enumerate() {
        if row.len() <= col + i {
            row.resize(col + i + 1, ' ');
        }
        row[col + i] = ch;
    }
}

/// Puts a line character where nothing is drawn yet.
fn mark(canvas: &mut [Vec<char>], line: usize, col: usize, ch: char) {
    let row = &mut canvas[line];
    if row.len() <= col {
        row.resize(col + 1, ' ');
    }
    if row[col] == ' ' {
        row[col] = ch;
    }
}

fn draw_cells(board: &Board, texts: &[String], width: usize) -> Vec<Vec<char>> {
    let rows = levels(board.sites.iter().map(|s| s.y));
    let x0 = board.sites.iter().map(|s| s.x).fold(f64::MAX, f64::min);
    // one slot per unit: the least gap between two sites of one row (1 on a
    // square board, √3 between hexagons), the least gap of all without one
    let mut unit = f64::MAX;
    let mut by_row: Vec<(i64, f64)> = board
        .sites
        .iter()
        .map(|s| ((s.y * 1e6).round() as i64, s.x))
        .collect();
    by_row.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    for w in by_row.windows(2) {
        if w[0].0 == w[1].0 && w[1].1 - w[0].1 > 1e-6 {
            unit = unit.min(w[1].1 - w[0].1);
        }
    }
    if unit == f64::MAX {
        let xs = levels(board.sites.iter().map(|s| s.x));
        unit = xs
            .windows(2)
            .map(|w| (w[1] - w[0]) as f64 / 1e6)
            .fold(f64::MAX, f64::min);
        if unit == f64::MAX {
            unit = 1.0;
        }
    }
    let mut canvas = vec![Vec::new(); rows.len()];
    for s in &board.sites {
        let y = (s.y * 1e6).round() as i64;
        let line = rows.len() - 1 - rows.binary_search(&y).expect("row level");
        let col = ((s.x - x0) / unit * width as f64).round() as usize;
        put(&mut canvas, line, col, &texts[s.index as usize]);
    }
    canvas
}

fn draw_vertices(board: &Board, texts: &[String], width: usize, offset: usize) -> Vec<Vec<char>> {
    let x0 = board.sites.iter().map(|s| s.x).fold(f64::MAX, f64::min);
    let y1 = board.sites.iter().map(|s| s.y).fold(f64::MIN, f64::max);
    // the grid's step: the least gap between two x (y) positions, at most 1
    let gap = |v: Vec<i64>| {
        v.windows(2)
            .map(|w| (w[1] - w[0]) as f64 / 1e6)
            .fold(1.0, f64::min)
    };
    let ux = gap(levels(board.sites.iter().map(|s| s.x)));
    let uy = gap(levels(board.sites.iter().map(|s| s.y)));
    // grid position: column (in slots) and text line, two lines per step
    let pos = |s: Site| {
        let info = &board.sites[s as usize];
        let col = ((info.x - x0) / ux * width as f64).round() as usize;
        let line = ((y1 - info.y) / uy * 2.0).round() as usize;
        (line, col)
    };
    let height = board.all_sites().map(|s| pos(s).0).max().unwrap_or(0) + 1;
    let mut canvas = vec![Vec::new(); height];
    for s in board.all_sites() {
        let (line, col) = pos(s);
        put(&mut canvas, line, col, &texts[s as usize]);
    }
    for &(a, b) in board.edges() {
        let ((la, ca), (lb, cb)) = (pos(a), pos(b));
        if la == lb {
            let (left, right, lc) = if ca < cb { (a, cb, ca) } else { (b, ca, cb) };
            let start = lc + texts[left as usize].chars().count();
            for c in start..right {
                mark(&mut canvas, la, c, '-');
            }
        } else {
            let (top, bottom) = if la < lb {
                ((la, ca), (lb, cb))
            } else {
                ((lb, cb), (la, ca))
            };
            let ch = match top.1.cmp(&bottom.1) {
                std::cmp::Ordering::Equal => '|',
                std::cmp::Ordering::Greater => '/',
                std::cmp::Ordering::Less => '\\',
            };
            for l in top.0 + 1..bottom.0 {
                let t = (l - top.0) as f64 / (bottom.0 - top.0) as f64;
                let c = top.1 as f64 + (bottom.1 as f64 - top.1 as f64) * t + offset as f64;
                mark(&mut canvas, l, c.round() as usize, ch);
            }
        }
    }
    canvas
}

fn round6(v: f64) -> f64 {
    let r = (v * 1e6).round() / 1e6;
    if r == 0.0 { 0.0 } else { r }
}

/// `{"sites": [...], "regions": {...}}`: in index order each site's
/// `index`, `label`, `x`, `y`, Ludii's `row`, `col` and `phase` (where
/// known), its
/// `steps` (the site one step away in each direction, any relation), its
/// `adjacent`, `orthogonal` and `diagonal` neighbours (clockwise
/// from N) and `directions`, from each Adjacent direction's name to the
/// neighbour there; then the board's fixed regions (`top`, `bottom`,
/// `left`, `right`, `corners`, `outer`, `inner`, `centre`).
pub fn to_json(board: &Board) -> Value {
    let sites: Vec<Value> = board
        .all_sites()
        .map(|s| {
            let info = &board.sites[s as usize];
            let mut dirs = Map::new();
            let adjacent = board.neighbours(s, Relation::Adjacent);
            for (t, d) in adjacent.iter().zip(board.dirs(s, Relation::Adjacent)) {
                dirs.insert(Dir::name(*d).to_string(), json!(t));
            }
            let mut steps = Map::new();
            for d in Dir::ALL {
                if let Some(t) = board.step(s, d) {
                    steps.insert(d.name().to_string(), json!(t));
                }
            }
            let mut site = json!({
                "index": s,
                "label": info.label,
                "x": round6(info.x),
                "y": round6(info.y),
                "row": info.row,
                "col": info.col,
                "phase": info.phase,
                "steps": steps,
                "adjacent": adjacent,
                "orthogonal": board.neighbours(s, Relation::Orthogonal),
                "diagonal": board.neighbours(s, Relation::Diagonal),
                "directions": dirs,
            });
            if !board.phases_known() {
                site.as_object_mut().expect("an object").remove("phase");
            }
            site
        })
        .collect();
    let tracks: Vec<Value> = board
        .tracks
        .iter()
        .map(|t| json!({"name": t.name, "owner": t.owner, "loop": t.looped, "sites": t.sites}))
        .collect();
    let mut v = json!({
        "sites": sites,
        "regions": {
            "top": board.top(),
            "bottom": board.bottom(),
            "left": board.left(),
            "right": board.right(),
            "corners": board.corners(),
            "outer": board.outer(),
            "inner": board.inner(),
            "centre": board.centre_sites(),
        },
    });
    if !tracks.is_empty() {
        v["tracks"] = Value::Array(tracks);
    }
    v
}

/// [`to_json`] as text: valid JSON with one site per line.
pub fn to_json_text(board: &Board) -> String {
    let v = to_json(board);
    let sites = v["sites"].as_array().expect("sites");
    let mut out = String::from("{\"sites\": [\n");
    for (i, s) in sites.iter().enumerate() {
        out.push_str("  ");
        out.push_str(&s.to_string());
        out.push_str(if i + 1 < sites.len() { ",\n" } else { "\n" });
    }
    out.push_str("],\n\"regions\": ");
    out.push_str(&v["regions"].to_string());
    if !board.tracks.is_empty() {
        out.push_str(",\n\"tracks\": ");
        out.push_str(&v["tracks"].to_string());
    }
    out.push_str("}\n");
    out
}
