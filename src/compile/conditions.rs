//! Compilation of conditions, integer functions and equipment that only
//! the reference interpreter plays (`src/interp/conditions.rs`): maps
//! (`(map ...)`, `(mapEntry ...)`) and `(is Line ... byLevel:True)`.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

/// Ludii's `StringRoutines.isCoordinate`: digits at the end, after at
/// most three letters (three only when the first two are the same).
fn is_coordinate(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || !b[b.len() - 1].is_ascii_digit() {
        return false;
    }
    let mut c = b.len() as isize - 1;
    while c >= 0 && b[c as usize].is_ascii_digit() {
        c -= 1;
    }
    if c < 0 {
        return true;
    }
    if c > 2 {
        return false;
    }
    if c > 1 && b.len() > 1 && b[0] != b[1] {
        return false;
    }
    while c >= 0 && b[c as usize].is_ascii_alphabetic() {
        c -= 1;
    }
    c < 0
}

impl Compiler {
    /// `(map ["Name"] {(pair K V) ...})` in the equipment: kept as written;
    /// its pairs are read when a `(mapEntry ...)` names it (pieces may be
    /// declared after it).
    pub(crate) fn equipment_map(&mut self, node: &Node) -> Result<()> {
        let mut a = Args::of(node);
        let name = match a.peek().and_then(|n| n.as_str()) {
            Some(s) => {
                let s = s.to_string();
                a.next();
                s
            }
            None => "Map".to_string(),
        };
        let pairs = a.required("`{(pair KEY VALUE) ...}`")?;
        a.finish()?;
        let Kind::Array(items) = &pairs.kind else {
            return Err(
                Diagnostic::at(pairs.span, "bad `(map ...)`").expected("`{(pair KEY VALUE) ...}`")
            );
        };
        for p in items {
            if p.head_word() != Some("pair") {
                return Err(Diagnostic::at(p.span, "expected `(pair KEY VALUE)`")
                    .expected("`(pair KEY VALUE)`"));
            }
        }
        self.maps.push((name, pairs.clone()));
        Ok(())
    }

    /// A key or value of a `(pair ...)`, as Ludii's `Map.computeMap` reads
    /// it: a whole number, a player (`P1` = 1), a site label (a key, or a
    /// value that looks like a coordinate), a piece name (its component),
    /// or a landmark (`FirstSite` = 0, `LastSite` = the last board site).
    /// None: Ludii drops the pair.
    fn pair_part(&self, n: &Node, value: bool) -> Result<Option<i32>> {
        let board_len = self.board.as_ref().map_or(0, |b| b.len()) as i32;
        Ok(match &n.kind {
            Kind::Int(i) => Some(*i as i32),
            Kind::Str(s) => {
                let s = s.as_str();
                let board = self.board.as_ref();
                if !value || is_coordinate(s) {
                    board.and_then(|b| b.site_by_label(s)).map(|x| x as i32)
                } else {
                    self.comps
                        .iter()
                        .position(|c| !c.name.is_empty() && c.name == s)
                        .map(|i| i as i32)
                }
            }
            Kind::Word(w) if value && w.as_str() == "FirstSite" => Some(0),
            Kind::Word(w) if value && w.as_str() == "LastSite" => Some(board_len - 1),
            _ => match self.role(n)? {
                Role::Player(p) => Some(p as i32),
                _ => {
                    return Err(Diagnostic::at(
                        n.span,
                        "Ludii's `(pair ...)` with a player that changes during play is not supported yet",
                    )
                    .expected("a number, P1..Pn, a site label or a piece name"));
                }
            },
        })
    }

    /// `(mapEntry ["Name"] KEY)`: the pairs of the named map (or of every
    /// map, in order, without a name) and the key.
    pub(crate) fn map_entry(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        let name = match a.peek().and_then(|x| x.as_str()) {
            Some(s) if a.peek().is_some() => {
                let s = s.to_string();
                a.next();
                Some(s)
            }
            _ => None,
        };
        let key = a.required("a key")?;
        let key = self.int(key)?;
        let mut pairs = Vec::new();
        let mut found = false;
        for (mname, items) in &self.maps {
            if name.as_ref().is_some_and(|x| x != mname) {
                continue;
            }
            found = true;
            let Kind::Array(items) = &items.kind else {
                continue;
            };
            let start = pairs.len();
            for p in items {
                let mut pa = Args::of(p);
                let k = pa.required("a key")?;
                let v = pa.required("a value")?;
                pa.finish()?;
                if let (Some(k), Some(v)) = (self.pair_part(k, false)?, self.pair_part(v, true)?)
                    && k != -1
                    && v != -1
                {
                    // a later pair with the same key replaces the earlier
                    // one within a map (Ludii's hash map); a value of 0 is
                    // the hash map's "no entry" value, which `MapEntry`
                    // skips as if the pair were not there
                    let slot = pairs[start..].iter().position(|&(pk, _)| pk == k);
                    match slot {
                        Some(i) => pairs[start + i] = (k, v),
                        None => pairs.push((k, v)),
                    }
                }
            }
        }
        if !found {
            return Err(Diagnostic::at(
                n.span,
                format!(
                    "no `(map \"{}\" ...)` in the equipment",
                    name.unwrap_or_default()
                ),
            )
            .expected("the name of a map of the equipment"));
        }
        pairs.retain(|&(_, v)| v != 0);
        self.needs_reference("mapEntry");
        Ok(IntE::MapEntry {
            pairs,
            key: Box::new(key),
        })
    }

    /// `(count MovesThisTurn)`.
    pub(crate) fn count_moves_this_turn(&self) -> IntE {
        self.needs_reference("count MovesThisTurn");
        IntE::MovesThisTurn
    }

    /// The player argument of `(count Groups [DIRS] ROLE)` (Ludii's
    /// `CountGroups` with a `RoleType`): the groups of that player's pieces,
    /// as the condition `(= (who at:(to)) ROLE)`; None without one (or for
    /// `All`: every piece).
    pub(crate) fn count_groups_role(&self, a: &mut Args) -> Result<Option<Box<BoolE>>> {
        let Some(w) = a.take_if(|x| {
            x.as_word().is_some_and(|w| {
                matches!(w, "Mover" | "Next" | "Prev" | "All" | "Enemy")
                    || (w.starts_with('P') && w[1..].parse::<u8>().is_ok())
            })
        }) else {
            return Ok(None);
        };
        Ok(match self.role(w)? {
            Role::All => None,
            Role::Enemy => {
                return Err(Diagnostic::at(
                    w.span,
                    "Ludii's `(count Groups Enemy)` is not supported yet",
                )
                .expected("a player: Mover, Next, Prev, P1..Pn"));
            }
            r => Some(Box::new(BoolE::WhoAt(
                Slot::To,
                CmpOp::Eq,
                Box::new(IntE::Role(r)),
            ))),
        })
    }

    /// `byLevel:B` of `(is Line ...)`: true when B is `True`.
    pub(crate) fn by_level(&self, a: &mut Args) -> Result<bool> {
        match a.named("byLevel") {
            None => Ok(false),
            Some(b) => match b.kind {
                Kind::Bool(v) => Ok(v),
                _ => Err(Diagnostic::at(b.span, "expected True or False").expected("a boolean")),
            },
        }
    }
}
