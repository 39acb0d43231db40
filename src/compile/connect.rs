//! Ludemes of the connection games (issue 24), played by the reference
//! interpreter (`src/interp/connect.rs`): `(is Connected ...)`.

use super::Compiler;
use super::args::Args;
use crate::board::Relation;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::engine::sets::SiteSet;
use crate::syntax::{Kind, Node};

impl Compiler {
    /// `(is Connected [N] [at:S] [DIRS] {REGION ...}|ROLE|TYPE)` (the
    /// `Connected` word taken): Ludii's `IsConnected`.
    pub(crate) fn is_connected(&self, a: &mut Args) -> Result<BoolE> {
        let number = match a.take_if(|x| {
            matches!(x.kind, Kind::Int(_))
                || x.head_word()
                    .is_some_and(|h| h != "directions" && h != "sites")
        }) {
            Some(x) => Some(self.int(x)?),
            None => None,
        };
        if let Some(t) = a.take_if(|x| matches!(x.as_word(), Some("Cell" | "Vertex" | "Edge"))) {
            return Err(super::unsupported(
                t,
                "`(is Connected ...)` on the board's own sites",
            ));
        }
        let at = match a.named("at") {
            Some(x) => self.int(x)?,
            None => IntE::Last(LastSite::To),
        };
        let dirs = self
            .take_dirs(a)?
            .unwrap_or(DirSpec::Relation(Relation::Adjacent));
        let what = a.required("the regions: `{REGION ...}`, a player or a region type")?;
        let regions = match (&what.kind, what.as_word()) {
            (Kind::Array(v), _) => ConnRegions::List(
                v.iter()
                    .map(|r| self.region(r))
                    .collect::<Result<Vec<_>>>()?,
            ),
            (_, Some(w @ ("Sides" | "SidesNoCorners" | "Corners"))) => {
                ConnRegions::Static(self.static_regions(what, w)?)
            }
            (_, Some(_)) => {
                let role = self.role(what)?;
                let mut owned = vec![Vec::new(); self.players as usize + 1];
                for r in &self.regions {
                    if let Some(v) = owned.get_mut(r.owner as usize) {
                        v.extend(r.parts.iter().cloned());
                    }
                }
                ConnRegions::Owned(IntE::Role(role), owned)
            }
            _ => {
                return Err(Diagnostic::at(what.span, "expected the regions to connect")
                    .expected("`{REGION ...}`, a player or `Sides|SidesNoCorners|Corners`"));
            }
        };
        self.needs_reference("is Connected");
        Ok(BoolE::Cmp(
            CmpOp::Ne,
            Box::new(IntE::Connect(Box::new(ConnectInt::Connected(Box::new(
                Connected {
                    number,
                    at,
                    dirs,
                    regions,
                },
            ))))),
            Box::new(IntE::Const(0)),
        ))
    }

    /// Ludii's region types as sets: each corner, each side (N, NE, E,
    /// ... of `(sites Side ...)`), each side less the corners.
    fn static_regions(&self, at: &Node, w: &str) -> Result<Vec<SiteSet>> {
        let Some(b) = self.board.as_ref() else {
            return Err(Diagnostic::at(at.span, format!("`{w}` before the board")));
        };
        self.corners_known(at, w)?;
        let corners = b.corners().to_vec();
        if w == "Corners" {
            return Ok(corners.iter().map(|&c| self.site_set(&[c])).collect());
        }
        let sides = crate::board::sides::sides(b).map_err(|e| {
            Diagnostic::at(at.span, format!("the sides of this board: {e}"))
                .expected("a board whose sides are known")
        })?;
        Ok(sides
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| {
                let keep: Vec<u32> = s
                    .iter()
                    .copied()
                    .filter(|x| w == "Sides" || !corners.contains(x))
                    .collect();
                self.site_set(&keep)
            })
            .collect())
    }
}
