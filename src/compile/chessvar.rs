//! Small ludemes of the chess family's variants (issue 24): pieces'
//! values (Ludii's `(piece "X" WHO value:N)`, 1 when not given) and
//! `(value Piece of:C)`, the value of component C (0 for no component);
//! `(phase of:SITE)`, the colour class of a board site; Ludii's `(id "X"
//! P)` when no piece is named X; `(sites Occupied by:P component:"X")`. The values are constant tables, played as
//! a `MapEntry` by the reference interpreter.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::Node;

impl Compiler {
    /// The `value:N` of a `(piece ...)` (a constant), 1 when absent.
    pub(crate) fn piece_value_arg(&self, a: &mut Args) -> Result<i32> {
        let Some(v) = a.named("value") else {
            return Ok(1);
        };
        match v.as_int() {
            Some(i) if i32::try_from(i).is_ok() => Ok(i as i32),
            _ => Err(
                Diagnostic::at(v.span, "a piece's `value:` must be a whole number")
                    .expected("`value:3`"),
            ),
        }
    }

    /// `(value Piece of:C)`: the `value:` of component C (0 for none).
    pub(crate) fn value_piece(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        let of = a.named("of").ok_or_else(|| {
            Diagnostic::at(n.span, "`(value Piece ...)` needs the component")
                .expected("`(value Piece of:(what at:(to)))`")
        })?;
        let key = self.int(of)?;
        let mut pairs = vec![(0, 0)];
        for (c, _) in self.comps.iter().enumerate().skip(1) {
            pairs.push((c as i32, self.comp_value.get(c).copied().unwrap_or(1)));
        }
        self.needs_reference("value Piece");
        Ok(IntE::MapEntry {
            pairs,
            key: Box::new(key),
        })
    }

    /// The components whose full name (with its owner's number) holds
    /// `part`, in order: Ludii's `(id "X" P)` when no piece is named X.
    pub(crate) fn comps_containing(&self, part: &str) -> Vec<u8> {
        (1..self.comps.len())
            .filter(|&i| self.comps[i].name.contains(part))
            .map(|i| i as u8)
            .collect()
    }

    /// `(phase of:SITE)`: the phase (colour class) of a board site.
    pub(crate) fn phase_of(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        let of = a.named("of").ok_or_else(|| {
            Diagnostic::at(n.span, "`(phase ...)` as an integer needs the site")
                .expected("`(phase of:(to))`")
        })?;
        if a.word(&["Cell"]).is_some() {
            // the board's default site type
        } else if let Some(w) = a.peek().and_then(|x| x.as_word()) {
            return Err(super::unsupported(
                n,
                &format!("`(phase {w} of:...)` on other than the cells"),
            ));
        }
        let key = self.int(of)?;
        let b = self.board.as_ref().ok_or_else(|| {
            Diagnostic::at(n.span, "`(phase of:...)` before the board").expected("the board first")
        })?;
        if !b.phases_known() {
            return Err(Diagnostic::at(
                n.span,
                "`(phase of:...)` on `(hex Limping N)` is not supported yet",
            )
            .expected("another board"));
        }
        let mut pairs: Vec<(i32, i32)> = (0..b.len() as i32).map(|s| (s, 0)).collect();
        for k in (0..8u32).rev() {
            for s in b.phase(k) {
                pairs[s as usize].1 = k as i32;
            }
        }
        self.needs_reference("phase of:");
        Ok(IntE::MapEntry {
            pairs,
            key: Box::new(key),
        })
    }

    /// `(sites Occupied by:WHO component:"X")`: the board sites whose piece
    /// is WHO's and one whose name holds X (Ludii's `SitesOccupied`: on the
    /// board only).
    pub(crate) fn occupied_by_component(&self, who: Role, c: &Node) -> Result<RegionE> {
        let Some(part) = c.as_str() else {
            return Err(
                Diagnostic::at(c.span, "`component:` must be a piece's name")
                    .expected("`component:\"Boat\"`"),
            );
        };
        // Ludus Latrunculorum's `(move Select (from (sites Occupied
        // by:Next component:...)))` parts from Ludii (seed 1, ply 288), not
        // yet understood: only the mover's pieces are read here
        if who != Role::Mover {
            return Err(Diagnostic::at(
                c.span,
                "Ludii's `component:` in `(sites Occupied ...)` is supported only with `by:Mover` yet",
            )
            .expected("`(sites Occupied by:Mover component:\"X\")`"));
        }
        let comps = self.comps_containing(part);
        let is = |k: u8| {
            BoolE::Cmp(
                CmpOp::Eq,
                Box::new(IntE::What(Box::new(IntE::Site))),
                Box::new(IntE::Const(i32::from(k))),
            )
        };
        let cond = BoolE::Or(comps.into_iter().map(is).collect());
        Ok(RegionE::Filter(
            Box::new(RegionE::Occupied {
                who,
                board_only: true,
            }),
            Box::new(cond),
        ))
    }
}
