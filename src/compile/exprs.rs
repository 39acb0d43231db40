//! Integer, boolean, region, player and direction functions.

use super::args::Args;
use super::{Compiler, unknown, unsupported};
use crate::board::{Dir, Relation};
use crate::diag::{Diagnostic, Result};
use crate::engine::eval::bool_reads_context_besides_to;
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

const INT_FORMS: &str = "a number, (mover), (next), (from), (to), (between), (site), (+ ...), (- ...), (count ...), (size Stack at:X), (score P), (who at:X), (what at:X), (id ...), (handSite P), (centrePoint), (last To|From), a site label string";
const BOOL_FORMS: &str = "True, False, (is ...), (= a b), (!= a b), (< a b), (<= a b), (> a b), (>= a b), (and ...), (or ...), (not X), (all ...)";
const REGION_FORMS: &str = "(sites ...), (difference A B), (intersection A B), (union A B), (expand R), (forEach R if:C), a site";

impl Compiler {
    pub(crate) fn role(&self, n: &Node) -> Result<Role> {
        let bad = || {
            let what = match n.as_word() {
                Some(w) if w.starts_with('P') && w[1..].parse::<u8>().is_ok() => format!(
                    "{} is not a player of this {}-player game",
                    n.describe(),
                    self.players
                ),
                _ => format!("{} is not a player", n.describe()),
            };
            Diagnostic::at(n.span, what).expected(format!(
                "a player: Mover, Next, Prev, P1..P{} (or `(mover)`, `(next)`, `(player N)`)",
                self.players
            ))
        };
        match &n.kind {
            Kind::Word(w) => match w.as_str() {
                "Mover" => Ok(Role::Mover),
                "Next" => Ok(self.next_role()),
                "Prev" => Ok(Role::Prev),
                "Neutral" => Ok(Role::Player(0)),
                "All" => Ok(Role::All),
                "Enemy" => Ok(Role::Enemy),
                _ if w.starts_with('P') => match w[1..].parse::<u8>() {
                    Ok(p) if p >= 1 && p <= self.players => Ok(Role::Player(p)),
                    _ => Err(bad()),
                },
                _ => Err(bad()),
            },
            Kind::Form { .. } => match n.head_word() {
                Some("mover") => Ok(Role::Mover),
                Some("next") => Ok(self.next_role()),
                Some("prev") => Ok(Role::Prev),
                Some("player") => match self.int(n)? {
                    IntE::Const(p) if p >= 1 && p <= self.players as i32 => {
                        Ok(Role::Player(p as u8))
                    }
                    _ => Err(bad()),
                },
                _ => Err(bad()),
            },
            Kind::Int(p) if *p >= 1 && *p <= self.players as i64 => Ok(Role::Player(*p as u8)),
            _ => Err(bad()),
        }
    }

    pub(crate) fn dirs(&self, n: &Node) -> Option<Result<DirSpec>> {
        match &n.kind {
            Kind::Word(w) => {
                if let Some(r) = Relation::from_name(w) {
                    return Some(Ok(DirSpec::Relation(r)));
                }
                if super::pieces::is_relative(w) {
                    self.needs_reference("relative directions");
                    return Some(self.relative_dirs(n, &[w.as_ref()], Relation::Adjacent));
                }
                Dir::from_name(w).map(|d| Ok(DirSpec::Dirs(vec![d])))
            }
            Kind::Form { .. }
                if n.head_word() == Some("directions")
                    && let Some(r) = self.relative_directions_form(n) =>
            {
                Some(r)
            }
            Kind::Form { .. } if n.head_word() == Some("directions") => Some((|| {
                let mut a = Args::of(n);
                let arg = a.required("directions")?;
                let words: Vec<&Node> = match &arg.kind {
                    Kind::Array(v) => v.iter().collect(),
                    _ => vec![arg],
                };
                a.finish()?;
                if words.len() == 1
                    && let Some(r) = words[0].as_word().and_then(Relation::from_name)
                {
                    return Ok(DirSpec::Relation(r));
                }
                let mut out = Vec::new();
                for w in words {
                    match w.as_word().and_then(Dir::from_name) {
                        Some(d) => out.push(d),
                        None => {
                            return Err(Diagnostic::at(
                                w.span,
                                format!("{} is not a direction", w.describe()),
                            )
                            .expected("a compass direction (N, NNE, NE, ENE, E, ... NNW)"));
                        }
                    }
                }
                out.sort();
                Ok(DirSpec::Dirs(out))
            })()),
            _ => None,
        }
    }

    /// Takes an optional direction argument.
    pub(crate) fn take_dirs(&self, a: &mut Args) -> Result<Option<DirSpec>> {
        match a.take_if(|n| self.dirs(n).is_some()) {
            Some(n) => Ok(Some(
                self.dirs(n)
                    .unwrap_or(Ok(DirSpec::Relation(Relation::Adjacent)))?,
            )),
            None => Ok(None),
        }
    }

    fn site_label(&self, n: &Node, s: &str) -> Result<i32> {
        let board = self.board.as_ref().ok_or_else(|| {
            Diagnostic::at(n.span, "a site label before the board").expected("the board first")
        })?;
        board.site_by_label(s).map(|i| i as i32).ok_or_else(|| {
            Diagnostic::at(n.span, format!("\"{s}\" is not a site of this board")).expected(
                format!(
                    "a label from {} to {}",
                    board.label(0),
                    board.label(board.len() as u32 - 1)
                ),
            )
        })
    }

    fn at_arg(&self, a: &mut Args, what: &str) -> Result<IntE> {
        match a.named("at") {
            Some(n) => self.int(n),
            None => {
                let n = a.required(what)?;
                self.int(n)
            }
        }
    }

    pub(crate) fn int(&self, n: &Node) -> Result<IntE> {
        self.int_raw(n).map(|e| self.fold(e))
    }

    /// Folds what does not depend on the state: arithmetic on constants,
    /// and the size of fixed board regions.
    fn fold(&self, e: IntE) -> IntE {
        match e {
            IntE::Arith(op, args) if args.iter().all(|a| matches!(a, IntE::Const(_))) => {
                let v: Vec<i32> = args
                    .iter()
                    .map(|a| if let IntE::Const(c) = a { *c } else { 0 })
                    .collect();
                let mut acc = v[0];
                for &x in &v[1..] {
                    acc = match op {
                        ArithOp::Add => acc.wrapping_add(x),
                        ArithOp::Sub => acc.wrapping_sub(x),
                        ArithOp::Mul => acc.wrapping_mul(x),
                        ArithOp::Div => {
                            if x == 0 {
                                0
                            } else {
                                acc.wrapping_div(x)
                            }
                        }
                        ArithOp::Mod => {
                            if x == 0 {
                                0
                            } else {
                                acc.wrapping_rem(x)
                            }
                        }
                        ArithOp::Max => acc.max(x),
                        ArithOp::Min => acc.min(x),
                    };
                }
                IntE::Const(acc)
            }
            IntE::CountSites(r) if matches!(&*r, RegionE::Around { of, distance: None, include_self: false, .. } if matches!(**of, RegionE::Site(_))) => {
                match *r {
                    RegionE::Around {
                        of,
                        dirs,
                        filter,
                        cond,
                        ..
                    } => match *of {
                        RegionE::Site(site) => IntE::CountAround {
                            site,
                            dirs,
                            filter,
                            cond,
                        },
                        other => IntE::CountSites(Box::new(RegionE::Around {
                            of: Box::new(other),
                            dirs,
                            filter,
                            cond,
                            distance: None,
                            include_self: false,
                        })),
                    },
                    other => IntE::CountSites(Box::new(other)),
                }
            }
            IntE::CountSites(r) => match (&*r, self.board.as_ref()) {
                (RegionE::Fixed(set), Some(_)) => IntE::Const(set.count() as i32),
                (RegionE::Board, Some(b)) => IntE::Const(b.len() as i32),
                (RegionE::Corners, Some(b)) => IntE::Const(b.corners().len() as i32),
                (RegionE::Outer, Some(b)) => IntE::Const(b.outer().len() as i32),
                (RegionE::Inner, Some(b)) => IntE::Const(b.inner().len() as i32),
                _ => IntE::CountSites(r),
            },
            e => e,
        }
    }

    fn int_raw(&self, n: &Node) -> Result<IntE> {
        match &n.kind {
            Kind::Int(i) => i32::try_from(*i).map(IntE::Const).map_err(|_| {
                Diagnostic::at(n.span, "number too large").expected("a 32-bit integer")
            }),
            Kind::Str(s) => {
                if let Some(c) = self
                    .comps_named(s)
                    .first()
                    .filter(|_| self.comps_named(s).len() == 1)
                {
                    return Ok(IntE::Const(*c as i32));
                }
                Ok(IntE::Const(self.site_label(n, s)?))
            }
            // Ludii's integer constants: no site (`Off`, `Undefined`) and
            // the end of a track (`End`)
            Kind::Word(w) if matches!(&**w, "Off" | "Undefined") => Ok(IntE::Const(-1)),
            Kind::Word(w) if &**w == "End" => Ok(IntE::Const(-2)),
            Kind::Word(_) => Ok(IntE::Role(
                self.role(n)
                    .map_err(|_| unknown(n, "an integer", INT_FORMS))?,
            )),
            Kind::Form { .. } => {
                let head = n.head_word().unwrap_or("");
                let mut a = Args::of(n);
                let v = match head {
                    "mover" => IntE::Role(Role::Mover),
                    "next" => IntE::Role(self.next_role()),
                    "prev" => IntE::Role(Role::Prev),
                    "from" => IntE::From,
                    "to" => IntE::To,
                    "between" => IntE::Between,
                    "site" => IntE::Site,
                    "player" => {
                        let p = a.required("a player number")?;
                        self.int(p)?
                    }
                    "+" | "-" | "*" | "/" | "%" | "max" | "min" => {
                        let op = match head {
                            "+" => ArithOp::Add,
                            "-" => ArithOp::Sub,
                            "*" => ArithOp::Mul,
                            "/" => ArithOp::Div,
                            "%" => ArithOp::Mod,
                            "max" => ArithOp::Max,
                            _ => ArithOp::Min,
                        };
                        let mut args = Vec::new();
                        while let Some(x) = a.next() {
                            match &x.kind {
                                Kind::Array(v) => {
                                    for y in v {
                                        args.push(self.int(y)?);
                                    }
                                }
                                _ => args.push(self.int(x)?),
                            }
                        }
                        if args.is_empty() {
                            return Err(Diagnostic::at(
                                n.span,
                                format!("`({head} ...)` needs arguments"),
                            )
                            .expected("integers"));
                        }
                        if head == "-" && args.len() == 1 {
                            args.insert(0, IntE::Const(0));
                        }
                        IntE::Arith(op, args)
                    }
                    "abs" => {
                        let x = a.required("an integer")?;
                        IntE::Abs(Box::new(self.int(x)?))
                    }
                    "if" => {
                        let c = a.required("a condition")?;
                        let x = a.required("a value")?;
                        let y = a.required("a value")?;
                        IntE::If(
                            Box::new(self.boolean(c)?),
                            Box::new(self.int(x)?),
                            Box::new(self.int(y)?),
                        )
                    }
                    "count" => self.count(n, &mut a)?,
                    "mapEntry" => self.map_entry(n, &mut a)?,
                    "trackSite" => self.track_site(n, &mut a)?,
                    "value" => self.value_or_player(n, &mut a)?,
                    "var" => self.var(n, &mut a)?,
                    "state" => self.state_form(n, &mut a)?,
                    "counter" => self.counter_form(),
                    "size" => {
                        if a.word(&["Stack"]).is_none() {
                            return Err(unsupported(n, "`(size Stack at:X)`"));
                        }
                        match slot_of(&self.at_arg(&mut a, "a site")?) {
                            Ok(slot) => IntE::SizeAt(slot),
                            Err(e) => IntE::SizeStack(Box::new(e)),
                        }
                    }
                    "score" => {
                        let p = a.required("a player")?;
                        IntE::Score(self.role(p)?)
                    }
                    "who" => IntE::Who(Box::new(self.at_arg(&mut a, "a site")?)),
                    "what" => IntE::What(Box::new(self.at_arg(&mut a, "a site")?)),
                    "id" => {
                        let x = a.required("a piece name or a player")?;
                        match &x.kind {
                            Kind::Str(s) => {
                                let mut comps = self.comps_named(s);
                                if comps.is_empty() && a.peek().is_some() {
                                    // Ludii's `(id "X" P)`: the first piece
                                    // of P's whose name holds X, else -1
                                    comps = self.comps_containing(s);
                                    if comps.is_empty() {
                                        let r = a.required("a player")?;
                                        self.role(r)?;
                                        return Ok(IntE::Const(-1));
                                    }
                                }
                                if comps.is_empty() {
                                    return Err(Diagnostic::at(
                                        x.span,
                                        format!("no piece is named \"{s}\""),
                                    )
                                    .expected(format!("one of: {}", self.piece_names())));
                                }
                                match a.next() {
                                    Some(r) => {
                                        let role = self.role(r)?;
                                        match role {
                                            Role::Player(p) => IntE::Const(
                                                comps
                                                    .iter()
                                                    .copied()
                                                    .find(|&c| self.comps[c as usize].owner == p)
                                                    .unwrap_or(0)
                                                    as i32,
                                            ),
                                            _ => {
                                                // resolved at play time: component of `base` owned by the role
                                                let mut e = IntE::Const(0);
                                                for &c in comps.iter().rev() {
                                                    e = IntE::If(
                                                        Box::new(BoolE::Cmp(
                                                            CmpOp::Eq,
                                                            Box::new(IntE::Role(role)),
                                                            Box::new(IntE::Const(
                                                                self.comps[c as usize].owner as i32,
                                                            )),
                                                        )),
                                                        Box::new(IntE::Const(c as i32)),
                                                        Box::new(e),
                                                    );
                                                }
                                                e
                                            }
                                        }
                                    }
                                    None if comps.len() == 1 => IntE::Const(comps[0] as i32),
                                    None => {
                                        return Err(Diagnostic::at(
                                            x.span,
                                            format!("\"{s}\" names several pieces"),
                                        )
                                        .expected("a full piece name, or a player after it"));
                                    }
                                }
                            }
                            _ => IntE::Role(self.role(x)?),
                        }
                    }
                    "handSite" => {
                        let p = a.required("a player")?;
                        if self.hand_sites == 0 {
                            return Err(Diagnostic::at(n.span, "the game has no hands")
                                .expected("`(hand Each)` in the equipment"));
                        }
                        IntE::HandSite(self.role(p)?)
                    }
                    "last" => self.last(n, &mut a)?,
                    "ahead" | "where" | "row" | "column" | "coord" => {
                        self.regions_int(n, head, &mut a)?
                    }
                    "phase" => self.phase_of(n, &mut a)?,
                    "centrePoint" => {
                        self.corners_known(n, "(centrePoint)")?;
                        let b = self.board.as_ref().map(|b| b.centre()).unwrap_or(0);
                        IntE::Const(b as i32)
                    }
                    _ => return Err(unknown(n, "an integer", INT_FORMS)),
                };
                a.finish()?;
                Ok(v)
            }
            _ => Err(unknown(n, "an integer", INT_FORMS)),
        }
    }

    fn count(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        let kind = a.word(&[
            "Sites",
            "Pieces",
            "Moves",
            "Turns",
            "Groups",
            "Steps",
            "MovesThisTurn",
            "Players",
            "Rows",
            "Columns",
            "Pips",
        ]);
        Ok(match kind {
            Some("Pips") => self.count_pips(a)?,
            Some(k @ ("Rows" | "Columns")) => self.count_lines(n, k == "Columns")?,
            // `(count Players)`: the number of players, fixed by `(players N)`
            Some("Players") => IntE::Const(self.players as i32),
            Some("MovesThisTurn") => self.count_moves_this_turn(),
            Some("Sites") => {
                let r = match a.named("in") {
                    Some(r) => r,
                    None => a.required("a region (in:...)")?,
                };
                IntE::CountSites(Box::new(self.region(r)?))
            }
            Some("Pieces") => {
                let who = match a.take_if(|x| {
                    x.as_word().is_some()
                        || matches!(x.head_word(), Some("mover" | "next" | "prev" | "player"))
                }) {
                    Some(w) => self.role(w)?,
                    None => Role::All,
                };
                let comps = match a.take_if(|x| matches!(x.kind, Kind::Str(_))) {
                    Some(x) => {
                        let name = x.as_str().unwrap_or("");
                        let cs = self.comps_named(name);
                        if cs.is_empty() {
                            return Err(Diagnostic::at(
                                x.span,
                                format!("no piece is named \"{name}\""),
                            )
                            .expected(format!("one of: {}", self.piece_names())));
                        }
                        Some(cs)
                    }
                    None => None,
                };
                let region = match a.named("in") {
                    Some(r) => Some(Box::new(self.region(r)?)),
                    None => None,
                };
                // the whole board, every piece kind: per-owner counters
                // less the hands give the same number
                let whole_board = match (region.as_deref(), self.board.as_ref()) {
                    (Some(RegionE::Fixed(set)), Some(b)) => {
                        set.count() as usize == b.len()
                            && set.iter().all(|s| (s as usize) < b.len())
                    }
                    _ => false,
                };
                match (&region, &comps, who) {
                    // Named pieces of a single player, anywhere: the generic
                    // path sums `comp_count` over the named components whose
                    // owner is that player; list those per player now.
                    (None, Some(cs), Role::Player(_) | Role::Mover | Role::Next | Role::Prev) => {
                        let by_player = (0..=crate::engine::MAX_PLAYERS as u8)
                            .map(|p| {
                                cs.iter()
                                    .copied()
                                    .filter(|&c| c != 0 && self.comps[c as usize].owner == p)
                                    .collect()
                            })
                            .collect();
                        IntE::CountComps { who, by_player }
                    }
                    (_, None, _) if whole_board => IntE::CountPiecesOnBoard(who),
                    _ => IntE::CountPieces { who, region, comps },
                }
            }
            Some("Moves") => IntE::CountMoves,
            Some("Turns") => IntE::CountTurns,
            Some("Groups") => {
                let dirs = self
                    .take_dirs(a)?
                    .unwrap_or(DirSpec::Relation(Relation::Adjacent));
                let role = self.count_groups_role(a)?;
                let cond = match a.named("if") {
                    Some(c) => Some(Box::new(self.boolean(c)?)),
                    None => role,
                };
                let min = match a.named("min") {
                    Some(m) => m
                        .as_int()
                        .ok_or_else(|| Diagnostic::at(m.span, "bad min").expected("an integer"))?
                        as i32,
                    None => 0,
                };
                IntE::CountGroups { dirs, cond, min }
            }
            Some("Steps") if a.peek_form("step").is_none() => self.count_distance(n, a)?,
            Some("Steps") => {
                let step = a.form("step").ok_or_else(|| {
                    Diagnostic::at(n.span, "`count Steps` needs a `(step ...)`")
                        .expected("`(count Steps (step DIRS (to if:C)) FROM TARGETS)`")
                })?;
                let search = self.step_search(step)?;
                let from = a.required("the origin site")?;
                let from = self.int(from)?;
                let targets = a.required("the target region")?;
                let targets = self.region(targets)?;
                let mut search = search;
                // (the cache's tables are dense, n²/4 bytes: not on a board
                // too large for them)
                let dense = self
                    .board
                    .as_ref()
                    .is_some_and(|b| b.len() <= crate::engine::fastgen::DENSE_SITES);
                search.cacheable = search.cacheable
                    && dense
                    && !crate::engine::eval::region_reads_context(&targets);
                let id = self.step_cache_slot(&search, &targets);
                IntE::CountSteps {
                    search,
                    from: Box::new(from),
                    targets: Box::new(targets),
                    id,
                }
            }
            None if let Some(e) = self.count_at_in(a)? => e,
            _ => {
                return Err(unsupported(
                    n,
                    "`(count Sites|Pieces|Moves|Turns|Groups|Steps ...)`",
                ));
            }
        })
    }

    /// Searches with the same step and targets share one per-position
    /// cache slot (their distance maps are the same).
    fn step_cache_slot(&self, search: &StepSearch, targets: &RegionE) -> u32 {
        let mut seen = self.step_searches.borrow_mut();
        if let Some(i) = seen.iter().position(|(s, t)| s == search && t == targets) {
            return i as u32;
        }
        seen.push((search.clone(), targets.clone()));
        self.n_step_caches_next()
    }

    fn n_step_caches_next(&self) -> u32 {
        let c = self.n_step_caches_cell();
        let v = c.get();
        c.set(v + 1);
        v
    }

    pub(crate) fn step_search(&self, n: &Node) -> Result<StepSearch> {
        let mut a = Args::of(n);
        let dirs = self
            .take_dirs(&mut a)?
            .unwrap_or(DirSpec::Relation(Relation::Adjacent));
        let enter = match a.form("to") {
            Some(t) => {
                let mut b = Args::of(t);
                let c = b.named("if").map(|c| self.boolean(c)).transpose()?;
                b.finish()?;
                c
            }
            None => None,
        };
        a.finish()?;
        let cacheable = enter
            .as_ref()
            .is_none_or(|e| !bool_reads_context_besides_to(e));
        Ok(StepSearch {
            dirs,
            enter: enter.map(Box::new),
            cacheable,
        })
    }

    pub(crate) fn boolean(&self, n: &Node) -> Result<BoolE> {
        match &n.kind {
            Kind::Bool(b) => Ok(BoolE::Const(*b)),
            Kind::Form { .. } => {
                let head = n.head_word().unwrap_or("");
                let mut a = Args::of(n);
                let v = match head {
                    "not" => {
                        let x = a.required("a condition")?;
                        // the negation of a comparison is the comparison with
                        // the opposite operator (both sides are evaluated
                        // either way): `(not (= (what at:(between)) X))`
                        // becomes one slot lookup
                        match self.boolean(x)? {
                            BoolE::Cmp(op, l, r) => BoolE::Cmp(negate(op), l, r),
                            BoolE::WhatAt(s, op, v) => BoolE::WhatAt(s, negate(op), v),
                            BoolE::WhoAt(s, op, v) => BoolE::WhoAt(s, negate(op), v),
                            b => BoolE::Not(Box::new(b)),
                        }
                    }
                    "and" | "or" => {
                        let mut v = Vec::new();
                        while let Some(x) = a.next() {
                            match &x.kind {
                                Kind::Array(items) => {
                                    for y in items {
                                        v.push(self.boolean(y)?);
                                    }
                                }
                                _ => v.push(self.boolean(x)?),
                            }
                        }
                        if head == "and" {
                            super::steps::fuse_runs(super::fuse::slot_tests(BoolE::And(v)))
                        } else {
                            BoolE::Or(v)
                        }
                    }
                    "=" | "!=" | "<" | "<=" | ">" | ">=" => {
                        let op = match head {
                            "=" => CmpOp::Eq,
                            "!=" => CmpOp::Ne,
                            "<" => CmpOp::Lt,
                            "<=" => CmpOp::Le,
                            ">" => CmpOp::Gt,
                            _ => CmpOp::Ge,
                        };
                        let x = a.required("an integer")?;
                        let y = a.required("an integer")?;
                        let c = specialise_cmp(op, self.int(x)?, self.int(y)?);
                        super::steps::steps_cmp(super::fuse::slot_tests(c))
                    }
                    "is" => self.is(n, &mut a)?,
                    // `(if C A B)` as a condition: A where C holds, else B
                    "if" => {
                        let c = a.required("a condition")?;
                        let c = self.boolean(c)?;
                        let x = a.required("a condition")?;
                        let x = self.boolean(x)?;
                        let y = a.required("a condition")?;
                        let y = self.boolean(y)?;
                        BoolE::Or(vec![
                            BoolE::And(vec![c.clone(), x]),
                            BoolE::And(vec![BoolE::Not(Box::new(c)), y]),
                        ])
                    }
                    "can" => self.can_move(n, &mut a)?,
                    "no" => self.no_moves(n, &mut a)?,
                    "all" => match a.word(&["Passed", "Sites", "Groups"]) {
                        Some("Passed") => BoolE::AllPassed,
                        Some("Sites") => {
                            let r = a.required("a region")?;
                            let r = self.region(r)?;
                            let c = a.named("if").ok_or_else(|| {
                                Diagnostic::at(n.span, "`all Sites` needs `if:`")
                                    .expected("`(all Sites R if:C)`")
                            })?;
                            BoolE::AllSites(Box::new(r), Box::new(self.boolean(c)?))
                        }
                        Some("Groups") => {
                            a.word(&["Cell", "Vertex"]);
                            let dirs = self
                                .take_dirs(&mut a)?
                                .unwrap_or(DirSpec::Relation(Relation::Adjacent));
                            let of = a.named("of").ok_or_else(|| {
                                Diagnostic::at(n.span, "`all Groups` needs `of:`")
                                    .expected("`(all Groups DIRS of:C if:D)`")
                            })?;
                            let c = a.named("if").ok_or_else(|| {
                                Diagnostic::at(n.span, "`all Groups` needs `if:`")
                                    .expected("`(all Groups DIRS of:C if:D)`")
                            })?;
                            BoolE::AllGroups {
                                dirs,
                                of: Box::new(self.boolean(of)?),
                                cond: Box::new(self.boolean(c)?),
                            }
                        }
                        _ => {
                            return Err(unsupported(
                                n,
                                "`(all Passed)`, `(all Sites ...)` or `(all Groups ...)`",
                            ));
                        }
                    },
                    _ => return Err(unknown(n, "a condition", BOOL_FORMS)),
                };
                a.finish()?;
                Ok(v)
            }
            _ => Err(unknown(n, "a condition", BOOL_FORMS)),
        }
    }

    fn is(&self, n: &Node, a: &mut Args) -> Result<BoolE> {
        if a.word(&["Threatened"]).is_some() {
            return self.is_threatened(n, a);
        }
        let kind = a.word(&[
            "Empty",
            "Occupied",
            "Enemy",
            "Friend",
            "Mover",
            "Next",
            "In",
            "Prev",
            "Proposed",
            "Line",
            "Even",
            "Odd",
            "Full",
            "Visited",
            "Pending",
            "Triggered",
            "Within",
            "Connected",
        ]);
        Ok(match kind {
            Some("Connected") => self.is_connected(a)?,
            Some("Visited") => {
                let x = a.required("a site")?;
                self.needs_reference("is Visited");
                BoolE::IsVisited(Box::new(self.int(x)?))
            }
            Some("Pending") => self.is_pending(),
            Some("Triggered") => self.is_triggered(a)?,
            Some("Within") => self.is_within(n, a)?,
            Some("Even") => self.is_parity(false, a)?,
            Some("Odd") => self.is_parity(true, a)?,
            Some("Full") => self.is_full(),
            Some("Empty") => match slot_of(&self.at_arg(a, "a site")?) {
                Ok(s) => BoolE::EmptyAt(s),
                Err(e) => BoolE::IsEmpty(Box::new(e)),
            },
            Some("Occupied") => match slot_of(&self.at_arg(a, "a site")?) {
                Ok(s) => BoolE::OccupiedAt(s),
                Err(e) => BoolE::IsOccupied(Box::new(e)),
            },
            Some("Enemy") => {
                let p = a.required("a player")?;
                match self.int(p)? {
                    IntE::Who(at) => match slot_of(&at) {
                        Ok(s) => BoolE::EnemyAt(s),
                        Err(e) => BoolE::IsEnemy(Box::new(IntE::Who(Box::new(e)))),
                    },
                    e => BoolE::IsEnemy(Box::new(e)),
                }
            }
            Some("Friend") | Some("Mover") => {
                let p = a.required("a player")?;
                match self.int(p)? {
                    IntE::Who(at) => match slot_of(&at) {
                        Ok(s) => BoolE::FriendAt(s),
                        Err(e) => BoolE::IsFriend(Box::new(IntE::Who(Box::new(e)))),
                    },
                    e => BoolE::IsFriend(Box::new(e)),
                }
            }
            Some("Next") => {
                let p = a.required("a player")?;
                BoolE::Cmp(
                    CmpOp::Eq,
                    Box::new(self.int(p)?),
                    Box::new(IntE::Role(self.next_role())),
                )
            }
            Some("In") => {
                let s = a.required("a site")?;
                let r = a.required("a region")?;
                BoolE::IsIn(Box::new(self.int(s)?), Box::new(self.region(r)?))
            }
            Some("Prev") => {
                let w = a.required("`Mover`")?;
                if w.as_word() != Some("Mover") {
                    return Err(
                        Diagnostic::at(w.span, "only `(is Prev Mover)` is supported")
                            .expected("`Mover`"),
                    );
                }
                BoolE::IsPrevMover
            }
            Some("Proposed") => {
                let s = a.required("a proposal name")?;
                let name = s.as_str().ok_or_else(|| {
                    Diagnostic::at(s.span, "expected a proposal name").expected("a string")
                })?;
                BoolE::IsProposed(self.proposal_id(name))
            }
            Some("Line") => {
                let len = a.required("a length")?;
                let len = self.int(len)?;
                let dirs = self
                    .take_dirs(a)?
                    .unwrap_or(DirSpec::Relation(Relation::Adjacent));
                let exact = match a.named("exact") {
                    Some(e) => match e.kind {
                        Kind::Bool(b) => b,
                        _ => {
                            return Err(Diagnostic::at(e.span, "expected True or False")
                                .expected("a boolean"));
                        }
                    },
                    None => false,
                };
                let through = a
                    .named("through")
                    .map(|t| self.int(t))
                    .transpose()?
                    .map(Box::new);
                if self.by_level(a)? {
                    if exact {
                        return Err(Diagnostic::at(
                            n.span,
                            "Ludii's `(is Line ... exact:True byLevel:True)` is not supported yet",
                        )
                        .expected("`byLevel:` without `exact:`"));
                    }
                    self.needs_reference("is Line byLevel:");
                    return Ok(BoolE::IsLineByLevel {
                        len: Box::new(len),
                        dirs,
                        through,
                    });
                }
                let general = self.line_pieces(n, a, (&len, &dirs, exact, &through))?;
                if let (DirSpec::Relation(rel), Some(b)) = (&dirs, &self.board)
                    && crate::board::lines_bend(b, *rel)
                {
                    return Err(Diagnostic::at(
                        n.span,
                        "Ludii's `(is Line …)` on a board whose lines turn from one relation into another (its radials) is not supported yet",
                    )
                    .expected("a board whose steps keep to one relation"));
                }
                match general {
                    Some(g) => g,
                    None => BoolE::IsLine {
                        len: Box::new(len),
                        dirs,
                        exact,
                        through,
                    },
                }
            }
            _ => {
                return Err(unsupported(
                    n,
                    "`(is Empty|Occupied|Enemy|Friend|Mover|In|Prev|Proposed|Line|Even|Odd|Full ...)`",
                ));
            }
        })
    }

    pub(crate) fn proposal_id(&self, name: &str) -> u32 {
        let cell = self.proposals_cell();
        let mut p = cell.borrow_mut();
        if let Some(i) = p.iter().position(|x| x == name) {
            return i as u32;
        }
        p.push(name.to_string());
        (p.len() - 1) as u32
    }

    pub(crate) fn region(&self, n: &Node) -> Result<RegionE> {
        let r = self.region_raw(n)?;
        Ok(match self.fixed_region(&r) {
            Some(set) => RegionE::Fixed(set),
            None => r,
        })
    }

    /// The sites of a region that depends only on the board.
    fn fixed_region(&self, r: &RegionE) -> Option<crate::engine::sets::SiteSet> {
        use crate::engine::sets::SiteSet;
        let b = self.board.as_ref()?;
        // as wide as the engine's sets: the board, then the hand sites
        let mut set =
            SiteSet::with_capacity(b.len() + self.hand_sites as usize * self.players as usize);
        match r {
            RegionE::Board => (0..b.len() as u32).for_each(|s| set.insert(s)),
            RegionE::Corners => b.corners().iter().for_each(|&s| set.insert(s)),
            RegionE::Outer => b.outer().iter().for_each(|&s| set.insert(s)),
            RegionE::Inner => b.inner().iter().for_each(|&s| set.insert(s)),
            RegionE::Fixed(f) => return Some(f.clone()),
            RegionE::Site(e) => match **e {
                IntE::Const(c) if c >= 0 && (c as usize) < b.len() => set.insert(c as u32),
                _ => return None,
            },
            RegionE::List(v) => {
                for e in v {
                    match e {
                        IntE::Const(c) if *c >= 0 && (*c as usize) < b.len() => {
                            set.insert(*c as u32)
                        }
                        _ => return None,
                    }
                }
            }
            RegionE::Union(v) | RegionE::Intersection(v) => {
                let union = matches!(r, RegionE::Union(_));
                let mut first = true;
                for x in v {
                    let y = self.fixed_region(x)?;
                    if first {
                        set = y;
                        first = false;
                    } else if union {
                        set.union_with(&y);
                    } else {
                        set.intersect_with(&y);
                    }
                }
            }
            RegionE::Difference(a, c) => {
                set = self.fixed_region(a)?;
                set.subtract(&self.fixed_region(c)?);
            }
            _ => return None,
        }
        Some(set)
    }

    fn region_raw(&self, n: &Node) -> Result<RegionE> {
        match &n.kind {
            Kind::Array(v) => Ok(RegionE::List(
                v.iter().map(|x| self.int(x)).collect::<Result<_>>()?,
            )),
            Kind::Form { .. } => {
                let head = n.head_word().unwrap_or("");
                let mut a = Args::of(n);
                let v = match head {
                    "sites" => self.sites(n, &mut a)?,
                    "difference" => {
                        let x = a.required("a region")?;
                        let y = a.required("a region")?;
                        RegionE::Difference(Box::new(self.region(x)?), Box::new(self.region(y)?))
                    }
                    "intersection" | "union" => {
                        let mut v = Vec::new();
                        while let Some(x) = a.next() {
                            match &x.kind {
                                Kind::Array(items) => {
                                    for y in items {
                                        v.push(self.region(y)?);
                                    }
                                }
                                _ => v.push(self.region(x)?),
                            }
                        }
                        if v.is_empty() {
                            return Err(Diagnostic::at(
                                n.span,
                                format!("`({head} ...)` needs regions"),
                            )
                            .expected("two or more regions"));
                        }
                        if head == "union" {
                            RegionE::Union(v)
                        } else {
                            RegionE::Intersection(v)
                        }
                    }
                    "expand" => self.expand(n, &mut a)?,
                    "forEach" => {
                        let r = a.required("a region")?;
                        let r = self.region(r)?;
                        let c = a.named("if").ok_or_else(|| {
                            Diagnostic::at(n.span, "`forEach` over a region needs `if:`")
                                .expected("`(forEach REGION if:C)`")
                        })?;
                        RegionE::Filter(Box::new(r), Box::new(self.boolean(c)?))
                    }
                    "if" => {
                        let c = a.required("a condition")?;
                        let x = a.required("a region")?;
                        let y = a.required("a region")?;
                        RegionE::If(
                            Box::new(self.boolean(c)?),
                            Box::new(self.region(x)?),
                            Box::new(self.region(y)?),
                        )
                    }
                    _ => {
                        drop(a);
                        // a site stands for the region of that one site: an
                        // integer ludeme's own error is the one to show
                        let site_head = super::kind_of_head(head) == Some("an integer")
                            || matches!(head, "from" | "to" | "between");
                        return match self.int(n) {
                            Ok(i) => Ok(RegionE::Site(Box::new(i))),
                            Err(e) if site_head => Err(e),
                            Err(_) => Err(unknown(n, "a region", REGION_FORMS)),
                        };
                    }
                };
                a.finish()?;
                Ok(v)
            }
            _ => match self.int(n) {
                Ok(i) => Ok(RegionE::Site(Box::new(i))),
                // a site label or number that is not on the board
                Err(e) if matches!(n.kind, Kind::Str(_) | Kind::Int(_)) => Err(e),
                Err(_) => Err(unknown(n, "a region", REGION_FORMS)),
            },
        }
    }

    /// `(sites Top|Bottom|Left|Right|Centre|Row N|Column N|Phase N)`: a
    /// fixed set of the board's sites.
    fn board_region(&self, n: &Node, w: &str, a: &mut Args) -> Result<RegionE> {
        let b = self.board.as_ref().ok_or_else(|| {
            Diagnostic::at(n.span, "a board region before the board").expected("the board first")
        })?;
        let sites: Vec<u32> = match w {
            "Top" => b.top().to_vec(),
            "Bottom" => b.bottom().to_vec(),
            "Left" => b.left().to_vec(),
            "Right" => b.right().to_vec(),
            "Centre" => {
                self.corners_known(n, "(sites Centre)")?;
                b.centre_sites().to_vec()
            }
            _ => {
                let k = a.required("a number")?;
                let k = match self.int(k)? {
                    IntE::Const(c) if c >= 0 => c as u32,
                    _ => {
                        return Err(Diagnostic::at(
                            k.span,
                            format!("`(sites {w} N)` with a number that changes is not supported"),
                        )
                        .expected("a whole number from 0"));
                    }
                };
                match w {
                    "Row" => b.row(k),
                    "Column" => b.column(k),
                    _ => {
                        if !b.phases_known() {
                            return Err(Diagnostic::at(
                                n.span,
                                "`(sites Phase N)` on `(hex Limping N)` is not supported yet",
                            )
                            .expected("another board"));
                        }
                        b.phase(k)
                    }
                }
            }
        };
        Ok(RegionE::Fixed(self.site_set(&sites)))
    }

    /// An error where the board's corners and centre are not Ludii's
    /// (`Board::corners_known`).
    pub(crate) fn corners_known(&self, n: &Node, what: &str) -> Result<()> {
        match &self.board {
            Some(b) if !b.corners_known() => Err(Diagnostic::at(
                n.span,
                format!(
                    "Ludii's `{what}` on this board (a concave corner, or cells of a `(graph ...)` or `(circle ...)`) is not supported yet"
                ),
            )
            .expected("another region")),
            _ => Ok(()),
        }
    }

    /// A set as wide as the engine's sets (the board, then the hand sites).
    pub(crate) fn site_set(&self, sites: &[u32]) -> crate::engine::sets::SiteSet {
        let n = self.board.as_ref().map_or(0, |b| b.len());
        let mut set = crate::engine::sets::SiteSet::with_capacity(
            n + self.hand_sites as usize * self.players as usize,
        );
        sites.iter().for_each(|&s| set.insert(s));
        set
    }

    /// The equipment regions of a name (`who` None: exactly that name) or
    /// of a player (whose names contain `name`), as Ludii reads
    /// `(sites "Name")` and `(sites WHO ["Name"])`.
    fn named_region(&self, n: &Node, who: Option<Role>, name: &str) -> Result<RegionE> {
        let regions = &self.regions;
        let union = |owner: Option<u8>| {
            let mut set = self.site_set(&[]);
            for r in regions {
                let hit = match owner {
                    None => r.name == name,
                    Some(p) => r.owner == p && r.name.contains(name),
                };
                if hit {
                    set.union_with(&r.sites);
                }
            }
            set
        };
        match who {
            None => {
                if !regions.iter().any(|r| r.name == name) {
                    let names: Vec<&str> = regions.iter().map(|r| r.name.as_str()).collect();
                    return Err(Diagnostic::at(
                        n.span,
                        format!("no region \"{name}\" in the equipment"),
                    )
                    .expected(if names.is_empty() {
                        "a `(regions \"Name\" ...)` in the equipment".to_string()
                    } else {
                        format!("one of {}", names.join(", "))
                    }));
                }
                Ok(RegionE::Fixed(union(None)))
            }
            Some(Role::Player(p)) => Ok(RegionE::Fixed(union(Some(p)))),
            Some(role @ (Role::Mover | Role::Next | Role::Prev)) => {
                let sets = (0..=self.players + 1).map(|p| union(Some(p))).collect();
                Ok(RegionE::PerPlayer { who: role, sets })
            }
            Some(_) => Err(
                Diagnostic::at(n.span, "this player's regions are not supported")
                    .expected("`(sites P1)`, `(sites Mover)`, `(sites Next)` or `(sites Prev)`"),
            ),
        }
    }

    /// `(expand REGION|origin:SITE steps:N DIR)` of a fixed region: Ludii's
    /// layers, each adding the sites one step (Adjacent, or in DIR) from the
    /// region so far.
    pub(crate) fn expand(&self, n: &Node, a: &mut Args) -> Result<RegionE> {
        let base = match a.named("origin") {
            Some(o) => RegionE::Site(Box::new(self.int(o)?)),
            None => self.region_raw(a.required("a region")?)?,
        };
        let steps = match a.named("steps") {
            Some(k) => match self.int(k)? {
                IntE::Const(c) => c,
                _ => {
                    return Err(Diagnostic::at(
                        k.span,
                        "`(expand ... steps:N)` with a number that changes is not supported",
                    )
                    .expected("a whole number"));
                }
            },
            None => 1,
        };
        let dirs = self.take_dirs(a)?;
        let Some(mut set) = self.fixed_region(&base) else {
            return Err(Diagnostic::at(
                n.span,
                "`(expand ...)` of a region that changes during play is not supported yet",
            )
            .expected("a region fixed by the board"));
        };
        let b = self.board.as_ref().expect("a fixed region has a board");
        for _ in 0..steps.max(0) {
            let now: Vec<u32> = set.iter().collect();
            for s in now {
                if (s as usize) >= b.len() {
                    continue;
                }
                match &dirs {
                    None => b
                        .neighbours(s, Relation::Adjacent)
                        .iter()
                        .for_each(|&t| set.insert(t)),
                    Some(DirSpec::Relation(rel)) => {
                        b.neighbours(s, *rel).iter().for_each(|&t| set.insert(t))
                    }
                    Some(DirSpec::Dirs(v)) => {
                        for d in v {
                            if let Some(t) = b.step(s, *d) {
                                set.insert(t);
                            }
                        }
                    }
                }
            }
        }
        Ok(RegionE::Fixed(set))
    }

    /// `(sites Side N|NE|E|SE|S|SW|W|NW)`: a fixed set (`board/sides.rs`).
    fn sites_side(&self, n: &Node, a: &mut Args) -> Result<RegionE> {
        use crate::board::sides;
        let b = self.board.as_ref().ok_or_else(|| {
            Diagnostic::at(n.span, "a board region before the board").expected("the board first")
        })?;
        let Some(w) = a.word(&sides::SIDE_NAMES) else {
            return Err(unsupported(n, "`(sites Side N|NE|E|SE|S|SW|W|NW)`"));
        };
        let side = sides::side_index(w).unwrap_or(0);
        let all = sides::sides(b).map_err(|why| {
            Diagnostic::at(
                n.span,
                format!("Ludii's `(sites Side ...)` is not supported on this board: {why}"),
            )
        })?;
        let mut set = crate::engine::sets::SiteSet::with_capacity(
            b.len() + self.hand_sites as usize * self.players as usize,
        );
        all[side].iter().for_each(|&s| set.insert(s));
        Ok(RegionE::Fixed(set))
    }

    fn sites(&self, n: &Node, a: &mut Args) -> Result<RegionE> {
        if let Some(arr) = a.take_if(|x| matches!(x.kind, Kind::Array(_))) {
            return self.region(arr);
        }
        // `(sites P1|Mover|Next|Prev ["Name"])`: a player's equipment regions
        // (only as the first argument: `(sites Hand Mover)` is a hand)
        let is_role = |x: &Node| {
            x.as_word().is_some_and(|w| {
                matches!(w, "Mover" | "Next" | "Prev")
                    || (w.starts_with('P') && w[1..].parse::<u8>().is_ok())
            })
        };
        if let Some(who) = a.peek().filter(|x| is_role(x)).and_then(|_| a.next()) {
            let role = self.role(who)?;
            let name = match a.take_if(|x| matches!(x.kind, Kind::Str(_))) {
                Some(x) => x.as_str().unwrap_or_default(),
                None => "",
            };
            return self.named_region(n, Some(role), name);
        }
        // `(sites "Name")`: the equipment regions of that name
        if let Some(name) = a
            .peek()
            .filter(|x| matches!(x.kind, Kind::Str(_)))
            .and_then(|_| a.next())
        {
            let name = name.as_str().unwrap_or_default();
            return self.named_region(n, None, name);
        }
        if a.word(&["Start"]).is_some() {
            return self.sites_start(n, a);
        }
        if a.word(&["Pending"]).is_some() {
            return Ok(self.sites_pending());
        }
        if a.word(&["From"]).is_some() {
            return self.sites_from(a);
        }
        if a.word(&["ToClear"]).is_some() {
            self.needs_reference("sites ToClear");
            return Ok(RegionE::ToClear);
        }
        if a.word(&["Track"]).is_some() {
            return self.sites_track(n, a);
        }
        if a.word(&["Side"]).is_some() {
            return self.sites_side(n, a);
        }
        if let Some(w) = a.word(&[
            "Top", "Bottom", "Left", "Right", "Centre", "Row", "Column", "Phase",
        ]) {
            return self.board_region(n, w, a);
        }
        let kind = a.word(&[
            "Board",
            "Empty",
            "Corners",
            "Outer",
            "Perimeter",
            "Inner",
            "Occupied",
            "Around",
            "Hand",
            "Distance",
            "LineOfSight",
        ]);
        Ok(match kind {
            None if a.peek().is_none() => RegionE::CurrentGroup,
            Some("Board") => RegionE::Board,
            Some("Empty") => RegionE::Empty,
            Some("Corners") => {
                self.corners_known(n, "(sites Corners)")?;
                RegionE::Corners
            }
            Some("Outer") | Some("Perimeter") => RegionE::Outer,
            Some("Inner") => RegionE::Inner,
            Some("Occupied") => {
                let by = a.named("by").ok_or_else(|| {
                    Diagnostic::at(n.span, "`sites Occupied` needs `by:`")
                        .expected("`(sites Occupied by:Mover)`")
                })?;
                let who = self.role(by)?;
                let board_only = match a.named("container") {
                    Some(c) => match c.as_str() {
                        Some("Board") => true,
                        _ => {
                            return Err(Diagnostic::at(
                                c.span,
                                "only the board container is supported",
                            )
                            .expected("container:\"Board\""));
                        }
                    },
                    None => false,
                };
                match a.named("component") {
                    Some(c) => self.occupied_by_component(who, c)?,
                    None => RegionE::Occupied { who, board_only },
                }
            }
            Some("Around") => {
                let of = a.required("a site or region")?;
                let of = self.region(of)?;
                let filter = match a.word(&["Own", "Enemy", "Empty", "NotEmpty", "Occupied"]) {
                    Some("Own") => Some(AroundFilter::Own),
                    Some("Enemy") => Some(AroundFilter::Enemy),
                    Some("Empty") => Some(AroundFilter::Empty),
                    Some(_) => Some(AroundFilter::Occupied),
                    None => None,
                };
                let dirs = self
                    .take_dirs(a)?
                    .unwrap_or(DirSpec::Relation(Relation::Adjacent));
                let cond = a
                    .named("if")
                    .map(|c| self.boolean(c))
                    .transpose()?
                    .map(Box::new);
                let distance = a
                    .named("distance")
                    .map(|d| self.int(d))
                    .transpose()?
                    .map(Box::new);
                let include_self = a
                    .named("includeSelf")
                    .is_some_and(|b| matches!(b.kind, Kind::Bool(true)));
                RegionE::Around {
                    of: Box::new(of),
                    dirs,
                    filter,
                    cond,
                    distance,
                    include_self,
                }
            }
            Some("Hand") => {
                let p = a.required("a player")?;
                if self.hand_sites == 0 {
                    return Err(Diagnostic::at(n.span, "the game has no hands")
                        .expected("`(hand Each)` in the equipment"));
                }
                RegionE::Hand(self.role(p)?)
            }
            Some("Distance") => {
                let step = a.form("step").ok_or_else(|| {
                    Diagnostic::at(n.span, "`sites Distance` needs a `(step ...)`")
                        .expected("`(sites Distance (step ...) from:X (exact N))`")
                })?;
                let search = self.step_search(step)?;
                let from = a.named("from").ok_or_else(|| {
                    Diagnostic::at(n.span, "`sites Distance` needs `from:`").expected("from:SITE")
                })?;
                let from = self.int(from)?;
                let ex = a.form("exact").ok_or_else(|| {
                    Diagnostic::at(n.span, "`sites Distance` needs `(exact N)`")
                        .expected("`(exact N)`")
                })?;
                let mut b = Args::of(ex);
                let e = b.required("a distance")?;
                let e = self.int(e)?;
                b.finish()?;
                RegionE::Distance {
                    search,
                    from: Box::new(from),
                    exact: Box::new(e),
                }
            }
            Some("LineOfSight") => {
                if a.word(&["Farthest"]).is_none() {
                    return Err(unsupported(n, "`(sites LineOfSight Farthest at:X)`"));
                }
                let at = a.named("at").ok_or_else(|| {
                    Diagnostic::at(n.span, "`sites LineOfSight` needs `at:`").expected("at:SITE")
                })?;
                let at = self.int(at)?;
                let dirs = self
                    .take_dirs(a)?
                    .unwrap_or(DirSpec::Relation(Relation::Adjacent));
                RegionE::LineOfSightFarthest {
                    at: Box::new(at),
                    dirs,
                }
            }
            _ => {
                return Err(unsupported(
                    n,
                    "`(sites Board|Empty|Corners|Outer|Perimeter|Inner|Occupied|Around|Hand|Distance|LineOfSight ...)` or `(sites {...})`",
                ));
            }
        })
    }
}

/// The context slot an integer names, if it is `(from)`, `(to)`,
/// `(between)` or `(site)`.
fn slot_of(e: &IntE) -> std::result::Result<Slot, IntE> {
    match e {
        IntE::From => Ok(Slot::From),
        IntE::To => Ok(Slot::To),
        IntE::Between => Ok(Slot::Between),
        IntE::Site => Ok(Slot::Site),
        other => Err(other.clone()),
    }
}

/// The operator `o` with `negate(o)(a, b) == !o(a, b)` for all integers.
fn negate(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Eq => CmpOp::Ne,
        CmpOp::Ne => CmpOp::Eq,
        CmpOp::Lt => CmpOp::Ge,
        CmpOp::Le => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Le,
        CmpOp::Ge => CmpOp::Lt,
    }
}

/// `(= (who at:(to)) X)` and `(= (what at:(to)) X)` (either way round)
/// become slot lookups; other comparisons stay general.
fn specialise_cmp(op: CmpOp, a: IntE, b: IntE) -> BoolE {
    fn lookup(e: &IntE) -> Option<(bool, Slot)> {
        match e {
            IntE::Who(s) => slot_of(s).ok().map(|s| (true, s)),
            IntE::What(s) => slot_of(s).ok().map(|s| (false, s)),
            _ => None,
        }
    }
    let make = |who: bool, slot, op, v: IntE| {
        if who {
            BoolE::WhoAt(slot, op, Box::new(v))
        } else {
            BoolE::WhatAt(slot, op, Box::new(v))
        }
    };
    // `(OP (count Sites in:(sites Around (to) FILTER)) K)` with a constant K:
    // the neighbour count of a context site compared in place (same count
    // as `IntE::CountAround`, which has no `if:` here).
    fn around(e: &IntE) -> Option<(Slot, &DirSpec, Option<AroundFilter>)> {
        match e {
            IntE::CountAround {
                site,
                dirs,
                filter,
                cond: None,
            } => slot_of(site).ok().map(|s| (s, dirs, *filter)),
            _ => None,
        }
    }
    let around_cmp =
        |(slot, dirs, filter): (Slot, &DirSpec, Option<AroundFilter>), op, k| BoolE::AroundCmp {
            slot,
            dirs: dirs.clone(),
            filter,
            op,
            k,
        };
    match (&a, &b) {
        (x, IntE::Const(k)) if around(x).is_some() => {
            return around_cmp(around(x).unwrap(), op, *k);
        }
        (IntE::Const(k), x) if around(x).is_some() => {
            return around_cmp(around(x).unwrap(), op.swapped(), *k);
        }
        _ => {}
    }
    if let Some((who, slot)) = lookup(&a) {
        return make(who, slot, op, b);
    }
    if let Some((who, slot)) = lookup(&b) {
        return make(who, slot, op.swapped(), a);
    }
    BoolE::Cmp(op, Box::new(a), Box::new(b))
}
