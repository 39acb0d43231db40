//! `ludeme check --plan`: which of the engine's optimisation passes fired
//! where in a game's rule tree (per generator node, per phase, for the
//! end rules), read from what the load-time analyses recorded. A
//! diagnostic for people; nothing plays from it.

use super::Game;
use super::fast::Direct;
use std::fmt::Write;

/// The variant name of a `Debug` text (`Step { .. }` → `Step`).
fn variant(debug: &str) -> &str {
    let end = debug
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(debug.len());
    &debug[..end]
}

impl Game {
    /// The plan report: one line per generator node whose moves the
    /// engine makes otherwise than the generic walk, with the passes
    /// (`fast`, `fastgen`, `dedup`) and the form each one found, then the
    /// phases and the end rules (of the game as built: with fewer passes,
    /// fewer fire).
    pub fn plan_report(&self) -> String {
        let f = &self.fast;
        let mut out = String::new();
        let (mut fired, mut generic) = (0usize, 0usize);
        let _ = writeln!(out, "generator nodes: {}", self.gens.len());
        for (i, node) in self.gens.iter().enumerate() {
            let g = i as u32;
            let mut what: Vec<String> = Vec::new();
            let flag = |v: &Vec<bool>| v.get(i).copied().unwrap_or(false);
            if f.enabled {
                if flag(&f.fixed_if) {
                    what.push("fast: condition decided once per position".into());
                }
                if let Some(Some((rel, stacks))) = f.step_to_empty.get(i) {
                    what.push(format!(
                        "fast: step to empty over {rel:?}{}",
                        if *stacks { " (whole stacks)" } else { "" }
                    ));
                }
                if flag(&f.bare_carry) {
                    what.push("fast: bare carry".into());
                }
                if flag(&f.bare_add) {
                    what.push("fast: bare add".into());
                }
                if let Some(Some(c)) = f.if_cond.get(i) {
                    what.push(format!(
                        "fast: direct condition {}",
                        variant(&format!("{c:?}"))
                    ));
                }
                if let Some(Some(_)) = f.add_again.get(i) {
                    what.push("fast: add with moveAgain (lean)".into());
                }
                if let Some(Some(_)) = f.place_remove.get(i) {
                    what.push("fast: placement clearing a region (lean)".into());
                }
                if flag(&f.own_effect) {
                    what.push("fast: hash after own effect (repeat)".into());
                }
                if flag(&f.changes_position) {
                    what.push("fast: always changes the position (repeat)".into());
                }
                if flag(&f.lowers_pieces) {
                    what.push("fast: lowers the piece count (repeat)".into());
                }
                if let Some(Some(_)) = f.effect_carry.get(i) {
                    what.push("fast: one-cell effect carry (cells)".into());
                }
                if flag(&f.effect_first) {
                    what.push("fast: straight to the effect carry".into());
                }
                if let Some(d) = f.direct.get(i)
                    && *d != Direct::Other
                {
                    what.push(format!("fast: direct form {}", variant(&format!("{d:?}"))));
                }
                if let Some(gs) = f.group_steps.get(i)
                    && gs.iter().any(Option::is_some)
                {
                    what.push("fast: one-group steps (connect)".into());
                }
            }
            if let Some(leaf) = self.plan.leaf_name(g) {
                what.push(format!("fastgen: loop {leaf}"));
            }
            if self.plan.pieces.ops(g).is_some() {
                what.push("fastgen: flat piece program".into());
            }
            if self.plan.bits.has(g) {
                what.push("fastgen: bit-set program".into());
            }
            if self.may_duplicate.get(i) == Some(&false) {
                what.push("dedup: no de-duplication needed".into());
            }
            let kind = format!("{:?}", node.kind);
            let parent = node
                .parent
                .map_or_else(|| "top".to_string(), |p| format!("under #{p}"));
            if what.is_empty() {
                generic += 1;
                let _ = writeln!(out, "  #{i} {} ({parent}): generic", variant(&kind));
            } else {
                fired += 1;
                let _ = writeln!(out, "  #{i} {} ({parent}):", variant(&kind));
                for w in what {
                    let _ = writeln!(out, "      {w}");
                }
            }
        }
        let _ = writeln!(out, "nodes with a pass: {fired}; generic: {generic}");
        for (p, ph) in self.phases.iter().enumerate() {
            let mut what: Vec<&str> = Vec::new();
            let flag = |v: &Vec<bool>| v.get(p).copied().unwrap_or(false);
            if flag(&f.lean_phase) {
                what.push("lean apply");
            }
            if flag(&f.changing_phase) {
                what.push("every move changes the position");
            }
            if flag(&f.adding_phase) {
                what.push("every move adds one piece");
            }
            if f.route_root.get(p).is_some() {
                what.push("routes per mover");
            }
            if f.phase_end_plan.get(p).is_some_and(Option::is_some) {
                what.push("end rules planned (counters)");
            }
            let _ = writeln!(
                out,
                "phase {p} \"{}\": {}",
                ph.name,
                if what.is_empty() {
                    "generic".to_string()
                } else {
                    format!("fast: {}", what.join(", "))
                }
            );
        }
        let direct = f.end_cond.iter().filter(|c| c.is_some()).count();
        let _ = writeln!(
            out,
            "end rules: {} of {} conditions in a direct form{}",
            direct,
            f.end_cond.len(),
            if f.end_plan.is_some() {
                "; planned as a whole (counters)"
            } else {
                ""
            }
        );
        out
    }
}
