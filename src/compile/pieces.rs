//! Move ludemes of pieces (issue 24), played by the reference interpreter
//! only: `(can Move M)`, `(no Moves WHO)`, moves used as a consequence
//! (`(then (move ...))`, `(move Promote ...)`), and directions relative to
//! the way a piece faces (`Forward`, `FR`, `FL`, ...).

use super::args::Args;
use super::{Compiler, unsupported};
use crate::board::{Dir, Relation};
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

/// Ludii's relative directions (`RelativeDirection`), by name.
const RELATIVE: &[&str] = &[
    "Forward",
    "Backward",
    "Rightward",
    "Leftward",
    "Forwards",
    "Backwards",
    "Rightwards",
    "Leftwards",
    "FL",
    "FLL",
    "FLLL",
    "BL",
    "BLL",
    "BLLL",
    "FR",
    "FRR",
    "FRRR",
    "BR",
    "BRR",
    "BRRR",
];

pub(crate) fn is_relative(w: &str) -> bool {
    RELATIVE.contains(&w)
}

/// `d` turned by `k` sixteenths of a turn clockwise.
fn turn(d: Dir, k: i32) -> Dir {
    Dir::ALL[(d as i32 + k).rem_euclid(16) as usize]
}

/// Ludii 1.0.8's `RelativeDirection.directions(facing, supported)`: the
/// compass directions a relative direction names for a piece facing
/// `f`, among the directions the board supports.
fn resolve(name: &str, f: Dir, supported: &[Dir]) -> Vec<Dir> {
    let has = |d: Dir| supported.contains(&d);
    let only = |d: Dir| if has(d) { vec![d] } else { vec![] };
    // the first supported direction from `start` on, turning by `k`
    let first = |start: Dir, k: i32| {
        let mut d = start;
        for _ in 0..16 {
            if has(d) {
                return vec![d];
            }
            d = turn(d, k);
        }
        vec![]
    };
    // the supported directions from `a` (inclusive) turning by `k` until
    // `b` (exclusive)
    let span = |a: Dir, b: Dir, k: i32| {
        let mut out = Vec::new();
        let mut d = a;
        for _ in 0..16 {
            if d == b {
                break;
            }
            if has(d) {
                out.push(d);
            }
            d = turn(d, k);
        }
        out
    };
    let back = turn(f, 8);
    match name {
        "Forward" => only(f),
        "Backward" => only(back),
        "Rightward" => only(turn(f, 4)),
        "Leftward" => only(turn(f, -4)),
        "Forwards" => span(turn(f, -3), turn(f, 4), 1),
        "Backwards" => span(turn(back, -3), turn(back, 4), 1),
        "Rightwards" => span(turn(f, 1), back, 1),
        "Leftwards" => span(turn(f, -1), back, -1),
        // the L/R variants with two or three letters name the same
        // direction as the one-letter one in Ludii 1.0.8 (its loops stop
        // at the first supported direction)
        "FL" | "FLL" | "FLLL" => first(turn(f, -1), -1),
        "BL" | "BLL" | "BLLL" => first(turn(back, -1), -1),
        "FR" | "FRR" | "FRRR" => first(turn(f, 1), 1),
        _ => first(turn(back, 1), 1),
    }
}

impl Compiler {
    /// The way the piece whose own moves are being compiled faces: its
    /// owner's direction (`(player N)`), else its own (`(piece "X" P1
    /// N)`), else north (as Ludii's `Directions.convertToAbsolute`).
    pub(crate) fn facing(&self) -> Option<Dir> {
        let comp = *self.inlining.last()?;
        let owner = self.comps[comp as usize].owner as usize;
        let by_player = self.player_facing.get(owner).copied().flatten();
        let own = self.comp_facing.get(comp as usize).copied().flatten();
        Some(by_player.or(own).unwrap_or(Dir::N))
    }

    /// Relative directions (`Forward`, `{FR FL}`, with `of:REL`), resolved
    /// for the piece whose moves are being compiled: each piece faces one
    /// fixed way, so they are compass directions per piece. The board's
    /// supported directions of the relation are those of all its sites.
    pub(crate) fn relative_dirs(&self, at: &Node, words: &[&str], of: Relation) -> Result<DirSpec> {
        let f = self.facing().ok_or_else(|| {
            Diagnostic::at(
                at.span,
                format!(
                    "Ludii's relative direction `{}` outside a piece's own moves is not supported yet",
                    words.first().copied().unwrap_or("Forward")
                ),
            )
            .expected("relative directions in the moves of a `(piece ...)`")
        })?;
        let board = self.board.as_ref().ok_or_else(|| {
            Diagnostic::at(at.span, "a direction before the board").expected("the board first")
        })?;
        let mut supported: Vec<Dir> = Vec::new();
        for s in 0..board.len() as u32 {
            for &d in board.dirs(s, of) {
                if !supported.contains(&d) {
                    supported.push(d);
                }
            }
        }
        let mut out: Vec<Dir> = Vec::new();
        for w in words {
            for d in resolve(w, f, &supported) {
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
        out.sort();
        Ok(DirSpec::Dirs(out))
    }

    /// `(directions {REL ...} [of:RELATION])` with relative directions.
    pub(crate) fn relative_directions_form(&self, n: &Node) -> Option<Result<DirSpec>> {
        let mut a = Args::of(n);
        let arg = a.next()?;
        let words: Vec<&str> = match &arg.kind {
            Kind::Array(v) => v.iter().filter_map(|x| x.as_word()).collect(),
            Kind::Word(w) => vec![w],
            _ => return None,
        };
        if words.is_empty() || !words.iter().all(|w| is_relative(w)) {
            return None;
        }
        Some((|| {
            let of = match a.named("of") {
                Some(r) => r.as_word().and_then(Relation::from_name).ok_or_else(|| {
                    Diagnostic::at(r.span, format!("{} is not a relation", r.describe()))
                        .expected("Orthogonal, Diagonal, Adjacent or All")
                })?,
                None => Relation::Adjacent,
            };
            if let Some(b) = a.named("bySite") {
                return Err(unsupported(b, "`(directions ...)` without bySite:"));
            }
            a.finish()?;
            self.needs_reference("relative directions");
            self.relative_dirs(n, &words, of)
        })())
    }

    /// `(can Move M)`: M is compiled once the rules are read (a condition
    /// is compiled without access to the move tree).
    pub(crate) fn can_move(&self, n: &Node, a: &mut Args) -> Result<BoolE> {
        if a.word(&["Move"]).is_none() {
            return Err(unsupported(n, "`(can Move MOVES)`"));
        }
        let m = a.required("moves")?;
        let mut d = self.deferred.borrow_mut();
        d.push((m.clone(), self.inlining.clone()));
        self.needs_reference("can Move");
        Ok(BoolE::CanMove((d.len() - 1) as u32))
    }

    /// `(no Moves WHO)` for Mover, Next or a player `Pn`.
    pub(crate) fn no_moves(&self, n: &Node, a: &mut Args) -> Result<BoolE> {
        if a.word(&["Moves"]).is_none() {
            return Err(unsupported(n, "`(no Moves Mover|Next)`"));
        }
        let w = a.required("a player: Mover or Next")?;
        let role = match w.as_word() {
            Some("Mover") => Role::Mover,
            Some("Next") => Role::Next,
            Some(p) if p.starts_with('P') && p[1..].parse::<u8>().is_ok() => self.role(w)?,
            _ => {
                return Err(Diagnostic::at(
                    w.span,
                    format!("Ludii's `(no Moves {})` is not supported yet", w.describe()),
                )
                .expected("`(no Moves Mover)` or `(no Moves Next)`"));
            }
        };
        self.needs_reference("no Moves");
        Ok(BoolE::NoMoves(role))
    }

    /// The moves of every `(can Move M)`, compiled now (with the piece
    /// context they were written in); M may hold `(can Move ...)` again.
    pub(crate) fn compile_deferred(&mut self) -> Result<Vec<u32>> {
        let mut out = Vec::new();
        loop {
            let next = self.deferred.borrow().get(out.len()).cloned();
            let Some((node, inlining)) = next else { break };
            let saved = std::mem::replace(&mut self.inlining, inlining);
            let g = self.moves_node(&node, None);
            self.inlining = saved;
            out.push(g?);
        }
        Ok(out)
    }

    /// The arguments of `(promote SITE (piece X) [WHO])` and `(move
    /// Promote ...)`: with WHO, the piece of that name WHO owns.
    pub(crate) fn promote_args(&mut self, n: &Node, a: &mut Args) -> Result<Effect> {
        let s = a.required("a site")?;
        let site = self.int(s)?;
        let p = a.form("piece").ok_or_else(|| {
            Diagnostic::at(n.span, "`move Promote` needs the new piece")
                .expected("`(move Promote SITE (piece \"Name\") [Mover])`")
        })?;
        let who = a.take_if(|x| x.as_word().is_some());
        let piece = match who {
            Some(w) => {
                let mut b = Args::of(p);
                let name = b.required("a piece name")?;
                let s = name.as_str().ok_or_else(|| {
                    Diagnostic::at(name.span, "expected a piece name")
                        .expected("`(piece \"Name\")`")
                })?;
                b.finish()?;
                let base = self.comps_named(s);
                if base.is_empty() {
                    return Err(
                        Diagnostic::at(name.span, format!("no piece is named \"{s}\""))
                            .expected(format!("one of: {}", self.piece_names())),
                    );
                }
                PieceSel::OfPlayer {
                    base,
                    who: self.role(w)?,
                }
            }
            None => self.piece_sel(p)?,
        };
        Ok(Effect::Promote(site, piece))
    }

    /// Moves where an effect is expected: `(move Promote SITE (piece X)
    /// [WHO])` replaces a piece; other moves are made and applied as a
    /// consequence (`Effect::Moves`).
    pub(crate) fn effect_moves(&mut self, n: &Node) -> Result<Effect> {
        let mut a = Args::of(n);
        if n.head_word() == Some("move") && a.word(&["Promote"]).is_some() {
            let e = self.promote_args(n, &mut a)?;
            a.finish()?;
            return Ok(e);
        }
        let g = self.moves_node(n, None)?;
        self.needs_reference("moves as a consequence");
        Ok(Effect::Moves(g))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EIGHT: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    #[test]
    fn relative_directions_on_eight_directions() {
        assert_eq!(resolve("FR", Dir::N, &EIGHT), vec![Dir::NE]);
        assert_eq!(resolve("FL", Dir::N, &EIGHT), vec![Dir::NW]);
        assert_eq!(resolve("FR", Dir::S, &EIGHT), vec![Dir::SW]);
        assert_eq!(resolve("FL", Dir::S, &EIGHT), vec![Dir::SE]);
        assert_eq!(resolve("Forward", Dir::S, &EIGHT), vec![Dir::S]);
        assert_eq!(
            resolve("Forwards", Dir::N, &EIGHT),
            vec![Dir::NW, Dir::N, Dir::NE]
        );
        assert_eq!(
            resolve("Rightwards", Dir::N, &EIGHT),
            vec![Dir::NE, Dir::E, Dir::SE]
        );
        assert_eq!(resolve("Leftward", Dir::E, &EIGHT), vec![Dir::N]);
        assert_eq!(resolve("BR", Dir::N, &EIGHT), vec![Dir::SW]);
    }

    #[test]
    fn relative_directions_skip_unsupported_ones() {
        let four = [Dir::N, Dir::E, Dir::S, Dir::W];
        assert_eq!(resolve("FR", Dir::N, &four), vec![Dir::E]);
        assert_eq!(resolve("Forward", Dir::NE, &four), Vec::<Dir>::new());
        assert_eq!(resolve("Forwards", Dir::N, &four), vec![Dir::N]);
    }
}
