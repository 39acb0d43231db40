//! Move generators and effects.

use super::args::Args;
use super::{Compiler, unknown, unsupported};
use crate::board::Relation;
use crate::diag::{Diagnostic, Result, Span};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

const MOVE_FORMS: &str = "(move ...), (forEach Piece), (forEach Site R M), (or ...), (priority ...), (if C A B), (do M ifAfterwards:C)";
const EFFECT_FORMS: &str = "(moveAgain), (promote SITE (piece X)), (addScore P N), (set Score P N), (set NextPlayer (player N)), (remove X), (add (piece X) (to R)), (if C A B), (and ...), (forEach Site R E)";

/// The parts of a `(to ...)` argument.
pub(super) struct To {
    pub(super) region: Option<RegionE>,
    pub(super) cond: Option<BoolE>,
    pub(super) apply: Option<Effect>,
}

/// Most move nodes one game compiles to (each `(forEach Piece)` copies the
/// moves of the pieces it runs).
pub const MAX_MOVE_NODES: usize = 200_000;

impl Compiler {
    fn new_gen(&mut self, parent: Option<u32>, at: Span) -> Result<u32> {
        if self.gens.len() >= MAX_MOVE_NODES {
            return Err(Diagnostic::at(
                at,
                format!("the moves compile to more than {MAX_MOVE_NODES} nodes"),
            )
            .expected("fewer `(forEach Piece)` over pieces with long moves"));
        }
        self.gens.push(GenNode {
            kind: GenKind::Pass,
            then: None,
            parent,
        });
        Ok((self.gens.len() - 1) as u32)
    }

    /// Compiles moves; returns the node id.
    pub(crate) fn moves_node(&mut self, n: &Node, parent: Option<u32>) -> Result<u32> {
        let id = self.new_gen(parent, n.span)?;
        let head = n.head_word().unwrap_or("");
        let mut a = Args::of(n);
        let then = match a.form("then") {
            Some(t) => Some(self.then(t)?),
            None => None,
        };
        let kind = match head {
            // relative directions outside a piece's moves: by_piece.rs
            // `(if C D1 D2)`, `(difference D1 D2)` as directions: dirchoice.rs
            "move" | "hop" if let Some(k) = self.dir_choice(n, id) => {
                a.take_all();
                k?
            }
            "move" | "hop" if let Some(k) = self.same_direction(n, id) => {
                a.take_all();
                k?
            }
            "move" if let Some(k) = self.relative_by_piece(n, id) => {
                a.take_all();
                k?
            }
            "move" => self.move_form(n, &mut a, id)?,
            "custodial" => self.capture(n, &mut a, CaptureKind::Custodial)?,
            "intervene" => self.capture(n, &mut a, CaptureKind::Intervene)?,
            "surround" => self.capture(n, &mut a, CaptureKind::Surround)?,
            // `(hop ...)`: the moves of `(move Hop ...)` (hops.rs)
            "hop" => self.hop_form(n, &mut a, DirSpec::Relation(Relation::Adjacent))?,
            "max"
                if matches!(
                    a.peek().and_then(|x| x.as_word()),
                    Some("Moves" | "Captures" | "Distance")
                ) =>
            {
                self.max_moves(n, &mut a, id)?
            }
            "or" | "priority" => {
                let mut kids = Vec::new();
                while let Some(x) = a.next() {
                    match &x.kind {
                        Kind::Array(v) => {
                            for y in v {
                                kids.push(self.moves_node(y, Some(id))?);
                            }
                        }
                        _ => kids.push(self.moves_node(x, Some(id))?),
                    }
                }
                if head == "or" {
                    GenKind::Or(kids)
                } else {
                    GenKind::Priority(kids)
                }
            }
            "if" => {
                let c = a.required("a condition")?;
                let c = self.boolean(c)?;
                let x = a.required("moves")?;
                let x = self.moves_node(x, Some(id))?;
                let y = match a.next() {
                    Some(y) => Some(self.moves_node(y, Some(id))?),
                    None => None,
                };
                GenKind::If(c, x, y)
            }
            "do" if matches!(&n.kind, Kind::Form { .. }) && has_named(n, "next") => {
                let next = a.named("next").expect("`next:` is there");
                self.do_next(n, &mut a, next, id)?
            }
            "do" => {
                let m = a.required("moves")?;
                let m = self.moves_node(m, Some(id))?;
                let c = a.named("ifAfterwards").ok_or_else(|| {
                    Diagnostic::at(n.span, "only `(do MOVES ifAfterwards:COND)` is supported")
                        .expected("ifAfterwards:COND")
                })?;
                let cond = self.boolean(c)?;
                let connected = connectivity_test(&cond);
                GenKind::Do {
                    moves: m,
                    if_afterwards: cond,
                    connected,
                }
            }
            "forEach" => match a.word(&["Piece", "Site"]) {
                Some("Piece") => {
                    let names: Option<Vec<String>> =
                        match a.take_if(|x| matches!(x.kind, Kind::Str(_) | Kind::Array(_))) {
                            Some(Node {
                                kind: Kind::Str(s), ..
                            }) => Some(vec![s.to_string()]),
                            Some(Node {
                                kind: Kind::Array(v),
                                ..
                            }) => Some(
                                v.iter()
                                    .filter_map(|x| x.as_str().map(String::from))
                                    .collect(),
                            ),
                            _ => None,
                        };
                    // `(forEach Piece ... MOVES Mover)`: foreach_piece.rs
                    let (who, given) = self.for_each_piece_moves(&mut a, names.as_deref(), id)?;
                    let kind = if let Some(list) = given {
                        GenKind::ForEachPiece(list)
                    } else {
                        let mut list = Vec::new();
                        for (comp, moves) in self.piece_moves.clone() {
                            let c = &self.comps[comp as usize];
                            if names
                                .as_ref()
                                .is_some_and(|ns| !ns.iter().any(|x| *x == c.base || *x == c.name))
                            {
                                continue;
                            }
                            if self.inlining.contains(&comp) {
                                return Err(Diagnostic::at(
                                n.span,
                                format!(
                                    "`(forEach Piece)` here runs the moves of \"{}\", which run this `(forEach Piece)` again (without end)",
                                    c.name
                                ),
                            )
                            .expected("piece moves that do not contain `(forEach Piece)` of the same piece"));
                            }
                            self.inlining.push(comp);
                            let g = self.moves_node(&moves, Some(id));
                            self.inlining.pop();
                            list.push((comp, g?));
                        }
                        GenKind::ForEachPiece(list)
                    };
                    // `(forEach Piece ... WHO)`: chess.rs
                    match (who, kind) {
                        (Some(who), GenKind::ForEachPiece(list)) => {
                            self.for_each_piece_of(who, list)
                        }
                        (_, kind) => kind,
                    }
                }
                Some("Site") => {
                    let r = a.required("a region")?;
                    let region = self.region(r)?;
                    let m = a.required("moves")?;
                    GenKind::ForEachSite {
                        region,
                        moves: self.moves_node(m, Some(id))?,
                    }
                }
                _ => {
                    return Err(unsupported(
                        n,
                        "`(forEach Piece)` or `(forEach Site REGION MOVES)`",
                    ));
                }
            },
            _ => return Err(unknown(n, "a move", MOVE_FORMS)),
        };
        a.finish()?;
        self.gens[id as usize].kind = kind;
        self.gens[id as usize].then = then;
        Ok(id)
    }

    pub(crate) fn then(&mut self, n: &Node) -> Result<Effect> {
        let mut a = Args::of(n);
        let e = a.required("a consequence")?;
        let e = self.effect(e)?;
        a.finish()?;
        Ok(e)
    }

    pub(super) fn stack_arg(&mut self, a: &mut Args) -> Result<bool> {
        match a.named("stack") {
            Some(Node {
                kind: Kind::Bool(b),
                ..
            }) => {
                if *b {
                    self.stacking = true;
                }
                Ok(*b)
            }
            Some(x) => Err(Diagnostic::at(x.span, "expected True or False").expected("stack:True")),
            None => Ok(false),
        }
    }

    pub(super) fn take_from(&mut self, a: &mut Args) -> Result<(FromSpec, Option<BoolE>)> {
        match a.form("from") {
            None => Ok((FromSpec::Current, None)),
            Some(f) => {
                let mut b = Args::of(f);
                let cond = b.named("if").map(|c| self.boolean(c)).transpose()?;
                let spec = match b.next() {
                    Some(r) => FromSpec::Region(self.region(r)?),
                    None => FromSpec::Current,
                };
                if let Some(l) = b.named("level") {
                    return Err(unsupported(l, "a `(from ...)` without level:"));
                }
                b.finish()?;
                Ok((spec, cond))
            }
        }
    }

    pub(super) fn take_to(&mut self, a: &mut Args, want_region: bool, n: &Node) -> Result<To> {
        match a.form("to") {
            None => Ok(To {
                region: None,
                cond: None,
                apply: None,
            }),
            Some(t) => {
                let mut b = Args::of(t);
                let cond = b.named("if").map(|c| self.boolean(c)).transpose()?;
                let apply = match b.form("apply") {
                    Some(ap) => {
                        let mut c = Args::of(ap);
                        let e = c.required("an effect")?;
                        let e = self.effect(e)?;
                        c.finish()?;
                        Some(e)
                    }
                    None => None,
                };
                let region = if want_region {
                    match b.next() {
                        Some(r) => Some(self.region(r)?),
                        None => None,
                    }
                } else {
                    None
                };
                if let Some(l) = b.named("level") {
                    return Err(unsupported(l, "a `(to ...)` without level:"));
                }
                b.finish()?;
                if want_region && region.is_none() {
                    return Err(
                        Diagnostic::at(t.span, "`(to ...)` needs a region here").expected(format!(
                            "`(to REGION if:COND)` in `({} ...)`",
                            n.head_word().unwrap_or("move")
                        )),
                    );
                }
                Ok(To {
                    region,
                    cond,
                    apply,
                })
            }
        }
    }

    /// Recognises `(if (= ROLE o1) c1 (if (= ROLE o2) c2 ... 0))` where
    /// each ci is a component owned by oi (what `(id "Name" ROLE)` compiles
    /// to): the components in order and the role. As a piece, that is
    /// exactly `PieceSel::OfPlayer` (the first listed component owned by
    /// the role's player, or none).
    fn role_chain(&self, e: &IntE) -> Option<(Vec<u8>, Role)> {
        let mut base = Vec::new();
        let mut role = None;
        let mut e = e;
        loop {
            match e {
                IntE::Const(0) => break,
                IntE::If(c, a, b) => {
                    let (BoolE::Cmp(CmpOp::Eq, r, o), IntE::Const(comp)) = (&**c, &**a) else {
                        return None;
                    };
                    let (IntE::Role(r), IntE::Const(o)) = (&**r, &**o) else {
                        return None;
                    };
                    if *role.get_or_insert(*r) != *r
                        || *comp <= 0
                        || *comp as usize >= self.comps.len()
                        || self.comps[*comp as usize].owner as i32 != *o
                    {
                        return None;
                    }
                    base.push(*comp as u8);
                    e = b;
                }
                _ => return None,
            }
        }
        Some((base, role?))
    }

    pub(crate) fn piece_sel(&self, p: &Node) -> Result<PieceSel> {
        let mut a = Args::of(p);
        let x = a.required("a piece name or number")?;
        let sel = match &x.kind {
            Kind::Str(s) => {
                let comps = self.comps_named(s);
                match a.next() {
                    Some(r) if !comps.is_empty() => PieceSel::OfPlayer {
                        base: comps,
                        who: self.role(r)?,
                    },
                    _ if comps.len() == 1 => PieceSel::Component(comps[0]),
                    _ => {
                        let msg = if comps.is_empty() {
                            format!("no piece is named \"{s}\"")
                        } else {
                            format!("\"{s}\" names several pieces")
                        };
                        return Err(Diagnostic::at(x.span, msg)
                            .expected(format!("one of: {}", self.piece_names())));
                    }
                }
            }
            _ => match self.int(x)? {
                IntE::Const(c) if c > 0 && (c as usize) < self.comps.len() => {
                    PieceSel::Component(c as u8)
                }
                e => match self.role_chain(&e) {
                    Some((base, who)) => PieceSel::OfPlayer { base, who },
                    None => PieceSel::Expr(e),
                },
            },
        };
        a.finish()?;
        Ok(sel)
    }

    fn move_form(&mut self, n: &Node, a: &mut Args, id: u32) -> Result<GenKind> {
        let kind = a
            .take_if(|x| x.as_word().is_some())
            .and_then(|x| x.as_word().map(String::from));
        let default_dirs = DirSpec::Relation(Relation::Adjacent);
        Ok(match kind.as_deref() {
            None => {
                let (from, from_if) = self.take_from(a)?;
                if matches!(from, FromSpec::Current) && from_if.is_none() && a.peek().is_none() {
                    return Err(Diagnostic::at(n.span, "`(move ...)` needs a kind or `(from ...)` and `(to ...)`")
                        .expected("`(move Step ...)`, `(move Add ...)`, `(move (from X) (to Y))` ..."));
                }
                let to = self.take_to(a, true, n)?;
                let stack = self.stack_arg(a)?;
                GenKind::FromTo {
                    from,
                    from_if,
                    to: to.region.ok_or_else(|| Diagnostic::at(n.span, "the move has no `(to ...)`").expected("`(to REGION)`"))?,
                    to_if: to.cond,
                    to_apply: to.apply,
                    stack,
                }
            }
            Some("Select") => self.move_select(n, a)?,
            Some("Shoot") => self.move_shoot(n, a)?,
            Some("Leap") => self.move_leap(n, a)?,
            Some("Promote") => self.move_promote(n, a)?,
            Some("Add") => {
                let piece = match a.form("piece") {
                    Some(p) => self.piece_sel(p)?,
                    None => PieceSel::Expr(IntE::Role(Role::Mover)),
                };
                let to = self.take_to(a, true, n)?;
                let stack = self.stack_arg(a)?;
                if let Some(c) = a.named("count") {
                    return Err(unsupported(c, "`(move Add ...)` without count:"));
                }
                GenKind::Add {
                    piece,
                    to: to.region.ok_or_else(|| Diagnostic::at(n.span, "`move Add` has no `(to ...)`").expected("`(to REGION)`"))?,
                    to_if: to.cond,
                    to_apply: to.apply,
                    stack,
                }
            }
            Some("Step") => {
                let (from, from_if) = self.take_from(a)?;
                if from_if.is_some() {
                    return Err(Diagnostic::at(n.span, "`(from ... if:)` is not supported in `move Step`").expected("`(from SITE)`"));
                }
                let dirs = self.take_dirs(a)?.unwrap_or(default_dirs);
                // Ludii's Step: a `(to ...)` without `if:` lands anywhere
                let any = n.form_args().unwrap_or_default().iter().any(|x| x.head_word() == Some("to"));
                let to = self.take_to(a, false, n)?;
                let to_if = to.cond.or(any.then_some(BoolE::Const(true)));
                let stack = self.stack_arg(a)?;
                GenKind::Step { from, dirs, to_if, to_apply: to.apply, stack }
            }
            Some("Hop") => self.hop_form(n, a, default_dirs)?,
            Some("Slide") if super::chess::slide_needs_full(n) => {
                let (from, _) = self.take_from(a)?;
                let dirs = self.take_dirs(a)?.unwrap_or(default_dirs);
                let between = a.form("between");
                self.slide_full(n, from, dirs, between, a)?
            }
            Some("Slide") => {
                let (from, _) = self.take_from(a)?;
                let dirs = self.take_dirs(a)?.unwrap_or(default_dirs);
                let mut between_if = None;
                if let Some(b) = a.form("between") {
                    let mut c = Args::of(b);
                    between_if = c.named("if").map(|x| self.boolean(x)).transpose()?;
                    c.finish()?;
                }
                let (to_if, land_if) = match self.slide_land_if(a)? {
                    Some((c, d)) => (c, Some(d)),
                    None => {
                        let to = self.take_to(a, false, n)?;
                        if to.apply.is_some() {
                            return Err(Diagnostic::at(n.span, "`(apply ...)` in a slide's `(to ...)` is not supported").expected("`(to if:COND)`"));
                        }
                        (to.cond, None)
                    }
                };
                let stack = self.stack_arg(a)?;
                GenKind::Slide { from, dirs, between_if, to_if, stack, land_if }
            }
            Some("Remove") => {
                let r = a.required("a region or site")?;
                GenKind::Remove { region: self.region(r)? }
            }
            Some("Pass") => GenKind::Pass,
            Some("Propose") => {
                let s = a.required("the proposal's name")?;
                let name = s.as_str().ok_or_else(|| Diagnostic::at(s.span, "expected the proposal's name").expected("a string"))?;
                GenKind::Propose(self.proposal_id(name))
            }
            Some(_) => return Err(unsupported(n, "`(move Add|Step|Hop|Slide|Remove|Pass|Propose ...)` or `(move (from ...) (to ...))`")),
        })
        .inspect(|_| {
            let _ = id;
        })
    }

    pub(crate) fn effect(&mut self, n: &Node) -> Result<Effect> {
        let head = n.head_word().unwrap_or("");
        let mut a = Args::of(n);
        let e = match head {
            "moveAgain" => Effect::MoveAgain,
            "roll" => {
                let then = a.form("then").map(|t| self.then(t)).transpose()?;
                let roll = self.roll_effect(n, &mut a)?;
                match then {
                    Some(t) => Effect::And(vec![roll, t]),
                    None => roll,
                }
            }
            "sow" => {
                let then = a.form("then").map(|t| self.then(t)).transpose()?;
                let mut e = self.sow(&mut a)?;
                if let Effect::Mancala(m) = &mut e
                    && let MancalaEffect::Sow(s) = &mut **m
                {
                    s.then = then;
                }
                e
            }
            "fromTo" => self.effect_from_to(n, &mut a)?,
            "addScore" => {
                let p = a.required("a player")?;
                let v = a.required("a value")?;
                Effect::AddScore(self.role(p)?, self.int(v)?)
            }
            "set" => match a.word(&[
                "Score",
                "NextPlayer",
                "Count",
                "Pending",
                "Var",
                "State",
                "Counter",
                "Value",
            ]) {
                Some(w @ ("State" | "Counter")) => self.chess_set(n, &mut a, w)?,
                Some("Value") => self.set_player_value(n, &mut a)?,
                Some("Count") => self.effect_set_count(n, &mut a)?,
                Some("Pending") => self.set_pending(n, &mut a)?,
                Some("Var") => self.set_var(&mut a)?,
                Some("Score") => {
                    let p = a.required("a player")?;
                    let v = a.required("a value")?;
                    Effect::SetScore(self.role(p)?, self.int(v)?)
                }
                Some("NextPlayer") => {
                    let p = a.required("`(player N)`")?;
                    Effect::SetNextPlayer(self.int(p)?)
                }
                _ => {
                    return Err(unsupported(
                        n,
                        "`(set Score P N)`, `(set NextPlayer (player N))` or `(set Count at:SITE N)`",
                    ));
                }
            },
            "remove" => {
                let e = self.remove_effect(&mut a)?;
                // `(remove R (then E))`: E after the pieces are removed
                match a.form("then") {
                    Some(t) => Effect::And(vec![e, self.then(t)?]),
                    None => e,
                }
            }
            "add" => {
                let piece = match a.form("piece") {
                    Some(p) => self.piece_sel(p)?,
                    None => PieceSel::Expr(IntE::Role(Role::Mover)),
                };
                let to = a.form("to").ok_or_else(|| {
                    Diagnostic::at(n.span, "`add` has no `(to ...)`").expected("`(to REGION)`")
                })?;
                let mut b = Args::of(to);
                let r = b.required("a region")?;
                let region = self.region(r)?;
                b.finish()?;
                let stack = self.stack_arg(&mut a)?;
                let add = Effect::Add {
                    piece,
                    to: region,
                    stack,
                };
                // `(add ... (then X))`: X after the pieces are added
                match a.form("then") {
                    Some(t) => Effect::And(vec![add, self.then(t)?]),
                    None => add,
                }
            }
            "if" => {
                let c = a.required("a condition")?;
                let c = self.boolean(c)?;
                let x = a.required("an effect")?;
                let x = self.effect(x)?;
                let y = match a.next() {
                    Some(y) => Some(Box::new(self.effect(y)?)),
                    None => None,
                };
                Effect::If(c, Box::new(x), y)
            }
            "and" => {
                let mut v = Vec::new();
                while let Some(x) = a.next() {
                    match &x.kind {
                        Kind::Array(items) => {
                            for y in items {
                                v.push(self.effect(y)?);
                            }
                        }
                        _ => v.push(self.effect(x)?),
                    }
                }
                Effect::And(v)
            }
            "forEach" => {
                if a.word(&["Site"]).is_none() {
                    return Err(unsupported(n, "`(forEach Site REGION EFFECT)`"));
                }
                let r = a.required("a region")?;
                let r = self.region(r)?;
                let e = a.required("an effect")?;
                Effect::ForEachSite(r, Box::new(self.effect(e)?))
            }
            "promote" => self.promote_args(n, &mut a)?,
            "trigger" => self.trigger(&mut a)?,
            "move" | "or" | "priority" | "hop" | "custodial" | "intervene" | "surround" => {
                return self.effect_moves(n);
            }
            _ => return Err(unknown(n, "an effect", EFFECT_FORMS)),
        };
        a.finish()?;
        Ok(e)
    }
}

/// Recognises `(= 1 (count Groups REL if:(is Occupied (to))))` (either way
/// round): "the occupied sites form one group".
fn connectivity_test(b: &BoolE) -> Option<crate::board::Relation> {
    let BoolE::Cmp(CmpOp::Eq, x, y) = b else {
        return None;
    };
    let groups = match (&**x, &**y) {
        (IntE::Const(1), g) | (g, IntE::Const(1)) => g,
        _ => return None,
    };
    match groups {
        IntE::CountGroups {
            dirs: DirSpec::Relation(rel),
            cond,
            min: 0,
        } => match cond.as_deref() {
            None | Some(BoolE::OccupiedAt(Slot::To)) => Some(*rel),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a form has the named argument `name:`.
fn has_named(n: &Node, name: &str) -> bool {
    Args::of(n).named(name).is_some()
}
