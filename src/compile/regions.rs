//! Sites found by position (issue 24), played by the reference interpreter
//! only (`src/interp/regions.rs`): `(ahead ...)`, `(where ...)`, `(row
//! of:X)`, `(column of:X)`, and the constant `(coord "A1")`.

use super::Compiler;
use super::args::Args;
use crate::board::Dir;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

impl Compiler {
    /// `(ahead ...)`, `(where ...)`, `(row of:X)`, `(column of:X)`,
    /// `(coord "A1")`.
    pub(crate) fn regions_int(&self, n: &Node, head: &str, a: &mut Args) -> Result<IntE> {
        let e = match head {
            "coord" => {
                let x = a.required("a site label")?;
                let Kind::Str(_) = x.kind else {
                    return Err(Diagnostic::at(
                        x.span,
                        "Ludii's `(coord ...)` by row and column is not supported yet",
                    )
                    .expected("`(coord \"A1\")`"));
                };
                // a label names a board site: a constant
                return self.int(x);
            }
            "ahead" => {
                let x = a.required("a site")?;
                let site = self.int(x)?;
                let steps = match a.named("steps") {
                    Some(s) => self.int(s)?,
                    None => IntE::Const(1),
                };
                let dir = match a.next() {
                    None => self.ahead_dir(n, "Forward")?,
                    Some(d) => match d.as_word() {
                        Some(w) if Dir::from_name(w).is_some() => {
                            Dir::from_name(w).unwrap_or(Dir::N)
                        }
                        Some(w) if super::pieces::is_relative(w) => self.ahead_dir(d, w)?,
                        _ => {
                            return Err(Diagnostic::at(
                                d.span,
                                format!(
                                    "{} is not a direction `(ahead ...)` supports",
                                    d.describe()
                                ),
                            )
                            .expected("a compass direction (N, NE, E, ...)"));
                        }
                    },
                };
                RegionsInt::Ahead { site, steps, dir }
            }
            "where" => match a.required("a piece name or `(id ...)`")? {
                x @ Node {
                    kind: Kind::Str(s), ..
                } => {
                    let comps = self.comps_named(s);
                    if comps.is_empty() {
                        return Err(Diagnostic::at(x.span, format!("no piece is named \"{s}\""))
                            .expected(format!("one of: {}", self.piece_names())));
                    }
                    let w = a.required("a player")?;
                    let who = self.int(w)?;
                    let by_player = (0..=self.players)
                        .map(|p| {
                            comps
                                .iter()
                                .copied()
                                .filter(|&c| self.comps[c as usize].owner == p)
                                .collect()
                        })
                        .collect();
                    if let Some(s) = a.named("state") {
                        return Err(Diagnostic::at(
                            s.span,
                            "Ludii's `(where ... state:)` is not supported yet",
                        )
                        .expected("`(where \"Name\" P)`"));
                    }
                    RegionsInt::WhereNamed { who, by_player }
                }
                x => RegionsInt::WhereWhat(self.int(x)?),
            },
            _ => {
                let x = a.named("of").ok_or_else(|| {
                    Diagnostic::at(n.span, format!("`({head} ...)` needs `of:`"))
                        .expected(format!("`({head} of:SITE)`"))
                })?;
                RegionsInt::RowOf {
                    site: self.int(x)?,
                    column: head == "column",
                }
            }
        };
        if let Some(v) = self.fold_regions_int(&e) {
            return Ok(IntE::Const(v));
        }
        self.needs_reference(match head {
            "ahead" => "ahead",
            "where" => "where",
            "row" => "row",
            _ => "column",
        });
        Ok(IntE::Regions(Box::new(e)))
    }

    /// The value of `(ahead ...)` or `(row|column of:X)` from a constant
    /// site: a constant, as the interpreter would compute it.
    fn fold_regions_int(&self, e: &RegionsInt) -> Option<i32> {
        let board = self.board.as_ref()?;
        let on_board = |v: i32| v >= 0 && (v as usize) < board.len();
        match e {
            RegionsInt::Ahead {
                site: IntE::Const(s),
                steps: IntE::Const(n),
                dir,
            } if on_board(*s) && *n >= 0 => {
                let radial = board.radial(*s as u32, *dir);
                let n = *n as usize;
                Some(if n == 0 || n > radial.len() {
                    *s
                } else {
                    radial[n - 1] as i32
                })
            }
            RegionsInt::RowOf {
                site: IntE::Const(s),
                column,
            } if on_board(*s) => {
                let info = &board.sites[*s as usize];
                Some((if *column { info.col } else { info.row }) as i32)
            }
            _ => None,
        }
    }

    /// The compass direction a relative direction names in `(ahead ...)`,
    /// for the piece whose moves are compiled (the first when it names
    /// several).
    fn ahead_dir(&self, n: &Node, w: &str) -> Result<Dir> {
        match self.relative_dirs(n, &[w], crate::board::Relation::Adjacent)? {
            DirSpec::Dirs(v) if !v.is_empty() => Ok(v[0]),
            _ => Err(Diagnostic::at(
                n.span,
                format!("`{w}` names no direction of this board here"),
            )
            .expected("a compass direction (N, NE, E, ...)")),
        }
    }

    /// `(count Rows)` / `(count Columns)`: the board's rows (columns) of
    /// sites, a constant.
    pub(crate) fn count_lines(&self, n: &Node, columns: bool) -> Result<IntE> {
        let board = self.board.as_ref().ok_or_else(|| {
            Diagnostic::at(n.span, "a count of rows before the board").expected("the board first")
        })?;
        let k = board
            .sites
            .iter()
            .map(|s| if columns { s.col } else { s.row } + 1)
            .max()
            .unwrap_or(0);
        Ok(IntE::Const(k as i32))
    }
}
