//! `(count Steps STEP ORIGIN TARGETS)` from every origin at once.
//!
//! When the count is a function of the position and the origin alone (the
//! search is `cacheable`: its step condition reads nothing of the move but
//! `(to)`, its targets nothing of it), one breadth-first search backwards
//! from the targets gives the count from every board site: the fewest steps
//! from a site to a target is 1 + the fewest from the best site it can step
//! into (one whose condition holds), and 0 on a target. A target whose
//! condition fails answers 0 as an origin but cannot be stepped into. This
//! is the same number [`Interp::count_steps`] finds forwards from one
//! origin; `tests/equivalence.rs` checks the two against each other on
//! Icebreaker through the engine.

use super::eval::UNREACHABLE;
use super::{Ctx, Interp, State, Workspace};
use crate::board::{Board, Site};
use crate::engine::ir::*;

/// Per board site `t`: the sites `s` from which one step by `dirs` leads
/// to `t`.
pub(crate) fn predecessors(board: &Board, dirs: &DirSpec) -> Vec<Vec<Site>> {
    let n = board.len();
    let mut preds = vec![Vec::new(); n];
    for s in 0..n as Site {
        match dirs {
            DirSpec::Relation(rel) => {
                for &t in board.neighbours(s, *rel) {
                    preds[t as usize].push(s);
                }
            }
            DirSpec::Dirs(ds) => {
                for &d in ds {
                    if let Some(t) = board.step(s, d) {
                        preds[t as usize].push(s);
                    }
                }
            }
        }
    }
    preds
}

impl Interp {
    /// Into `table` (per board site): the count of search `id` from that
    /// site in `st`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn steps_table(
        &self,
        id: u32,
        search: &StepSearch,
        targets: &RegionE,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        table: &mut Vec<i32>,
    ) {
        let n = self.rules.board.len();
        let preds = &self.rules.step_preds[id as usize];
        let mut tset = ws.take_set();
        self.region(targets, st, ctx, ws, &mut tset);
        table.clear();
        if tset.is_empty() {
            // no targets: 0 from everywhere
            table.resize(n, 0);
            ws.give_set(tset);
            return;
        }
        table.resize(n, UNREACHABLE);
        let enter = |t: Site, ws: &mut Workspace| match &search.enter {
            Some(c) => self.bool(c, st, Ctx { to: t, ..ctx }, ws),
            None => true,
        };
        // the sites one can step into, nearest to a target first
        let mut queue = std::mem::take(&mut ws.order);
        queue.clear();
        for t in tset.iter().take_while(|&t| (t as usize) < n) {
            table[t as usize] = 0;
            if enter(t, ws) {
                queue.push(t);
            }
        }
        let mut i = 0;
        while i < queue.len() {
            let v = queue[i];
            i += 1;
            let d = table[v as usize] + 1;
            for &u in &preds[v as usize] {
                if table[u as usize] == UNREACHABLE {
                    table[u as usize] = d;
                    if enter(u, ws) {
                        queue.push(u);
                    }
                }
            }
        }
        ws.order = queue;
        ws.give_set(tset);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The table made backwards from the targets gives, from every site,
    /// the count the forward search from that site gives, along random
    /// Icebreaker games.
    #[test]
    fn table_matches_the_forward_search() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/icebreaker.lud");
        let game = crate::compile_file(&path, &crate::Choices::default()).unwrap();
        let interp = Interp::new(&game);
        let (id, (search, targets)) = interp
            .rules
            .searches
            .iter()
            .enumerate()
            .find_map(|(i, s)| s.as_ref().map(|s| (i, s)))
            .expect("Icebreaker counts steps");
        assert!(search.cacheable);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let mut ws = interp.new_workspace();
        let mut checked = 0;
        for _ in 0..4 {
            let mut st = interp.initial_state();
            while !st.is_over() {
                let mut table = Vec::new();
                interp.steps_table(
                    id as u32,
                    search,
                    targets,
                    &st,
                    Ctx::default(),
                    &mut ws,
                    &mut table,
                );
                assert_eq!(table.len(), interp.rules.board.len());
                for (o, &got) in table.iter().enumerate() {
                    let want =
                        interp.count_steps(search, o as i32, targets, &st, Ctx::default(), &mut ws);
                    assert_eq!(got, want, "from {o}");
                    checked += 1;
                }
                let moves = interp.legal_moves(&st);
                let m = moves[rng.random_range(0..moves.len())];
                interp.apply(&mut st, &m);
            }
        }
        assert!(checked > 1000);
    }
}
