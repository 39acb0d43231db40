//! UCT Monte-Carlo tree search: UCB1 selection with a configurable
//! constant, one node expanded per iteration (its untried moves taken in a
//! random order), a uniformly random playout from it, and every player's
//! score of the result (win 1, draw ½, loss 0) backed up the path, each
//! node's choice made for whoever moves there (so any number of players
//! and turns of several decisions work alike). The budget is a number of
//! iterations or seconds per decision; the subtree below the moves played
//! is kept for the next decision. The move played is the root's most
//! visited child (ties: the better mean, then the first).
//!
//! Deterministic for a seed and an iteration budget: the only randomness
//! is the agent's own generator, and nothing reads the clock unless a time
//! budget is set.

use super::{Agent, pick, random_playout, scores};
use crate::engine::{MAX_PLAYERS, Move};
use crate::plan::Rules;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::time::{Duration, Instant};

/// Iterations per decision of a bare `mcts`.
pub const DEFAULT_ITERS: u32 = 1000;
/// The default exploration constant, √2.
pub const DEFAULT_C: f64 = std::f64::consts::SQRT_2;
/// Most nodes a tree may hold (a time budget stops growing it there).
pub const MAX_NODES: usize = 1 << 20;

/// An MCTS agent's settings (`mcts:iters=N:time=S:c=X`).
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per decision.
    pub iters: Option<u32>,
    /// Seconds per decision (the search stops at whichever budget ends first).
    pub time: Option<f64>,
    /// UCB1's exploration constant.
    pub c: f64,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            iters: None,
            time: None,
            c: DEFAULT_C,
        }
    }
}

impl MctsConfig {
    /// The spec string that makes this configuration.
    pub fn spec(&self) -> String {
        let mut s = "mcts".to_string();
        if let Some(i) = self.iters {
            s.push_str(&format!(":iters={i}"));
        }
        if let Some(t) = self.time {
            s.push_str(&format!(":time={t}"));
        }
        if (self.c - DEFAULT_C).abs() > 1e-6 {
            s.push_str(&format!(":c={}", self.c));
        }
        s
    }
}

struct Node<S> {
    state: S,
    /// Who moves at this node, and whether the game is over here.
    mover: u8,
    over: bool,
    /// Legal moves not expanded yet.
    untried: Vec<Move>,
    /// Expanded moves and their nodes.
    children: Vec<(Move, u32)>,
    visits: u32,
    /// Per player, the sum of the scores of the playouts through here.
    total: [f64; MAX_PLAYERS + 1],
}

/// The UCT agent for a game played by `R` (its tree holds `R`'s states).
pub struct MctsAgent<R: Rules> {
    rng: SmallRng,
    cfg: MctsConfig,
    /// The tree; the root, when there is one, is node 0.
    nodes: Vec<Node<R::State>>,
    buf: Vec<Move>,
    path: Vec<u32>,
    scratch: Option<R::State>,
    /// Iterations run over the agent's life (for `bench`).
    pub iterations: u64,
}

impl<R: Rules> MctsAgent<R> {
    pub fn new(seed: u64, cfg: MctsConfig) -> MctsAgent<R> {
        MctsAgent {
            rng: SmallRng::seed_from_u64(seed),
            cfg,
            nodes: Vec::new(),
            buf: Vec::new(),
            path: Vec::new(),
            scratch: None,
            iterations: 0,
        }
    }

    /// Nodes in the tree kept now.
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    fn new_node(&mut self, game: &R, state: R::State, ws: &mut R::Ws) -> Node<R::State> {
        let mut untried = Vec::new();
        let over = game.outcome(&state).is_some();
        if !over {
            game.legal_into(&state, ws, &mut untried);
        }
        Node {
            mover: game.mover(&state),
            over,
            state,
            untried,
            children: Vec::new(),
            visits: 0,
            total: [0.0; MAX_PLAYERS + 1],
        }
    }

    /// The child of `n` UCB1 prefers for the player who moves at `n`.
    fn select(&self, n: usize) -> u32 {
        let node = &self.nodes[n];
        let p = node.mover as usize;
        let log_n = (node.visits.max(1) as f64).ln();
        let mut best = (f64::NEG_INFINITY, node.children[0].1);
        for &(_, c) in &node.children {
            let ch = &self.nodes[c as usize];
            let v = ch.visits.max(1) as f64;
            let ucb = ch.total[p] / v + self.cfg.c * (log_n / v).sqrt();
            if ucb > best.0 {
                best = (ucb, c);
            }
        }
        best.1
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self, game: &R, ws: &mut R::Ws) {
        self.path.clear();
        self.path.push(0);
        let mut n = 0usize;
        loop {
            if self.nodes[n].over {
                break;
            }
            if !self.nodes[n].untried.is_empty() {
                if self.nodes.len() >= MAX_NODES {
                    break;
                }
                let k = pick(&mut self.rng, self.nodes[n].untried.len());
                let m = self.nodes[n].untried.swap_remove(k);
                let mut s = self.nodes[n].state.clone();
                game.play(&mut s, &m, ws);
                let child = self.new_node(game, s, ws);
                let id = self.nodes.len() as u32;
                self.nodes.push(child);
                self.nodes[n].children.push((m, id));
                self.path.push(id);
                break;
            }
            let c = self.select(n);
            self.path.push(c);
            n = c as usize;
        }
        let leaf = *self.path.last().expect("the path holds the root") as usize;
        let mut s = match self.scratch.take() {
            Some(mut s) => {
                s.clone_from(&self.nodes[leaf].state);
                s
            }
            None => self.nodes[leaf].state.clone(),
        };
        random_playout(game, &mut s, &mut self.rng, ws, &mut self.buf);
        let score = game.outcome(&s).map(|o| scores(&o)).unwrap_or_default();
        self.scratch = Some(s);
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            for (t, x) in node.total.iter_mut().zip(score) {
                *t += x;
            }
        }
        self.iterations += 1;
    }
}

impl<R: Rules> Agent<R> for MctsAgent<R> {
    fn choose(&mut self, game: &R, st: &R::State, legal: &[Move], ws: &mut R::Ws) -> usize {
        if legal.len() == 1 {
            return 0;
        }
        if self.nodes.first().is_none_or(|r| r.state != *st) {
            self.nodes.clear();
            let root = self.new_node(game, st.clone(), ws);
            self.nodes.push(root);
        }
        let deadline = self
            .cfg
            .time
            .map(|t| Instant::now() + Duration::from_secs_f64(t));
        let mut done = 0u32;
        loop {
            if self.cfg.iters.is_some_and(|i| done >= i)
                || deadline.is_some_and(|d| Instant::now() >= d)
                || (self.nodes.len() >= MAX_NODES && done > 0)
            {
                break;
            }
            self.iterate(game, ws);
            done += 1;
        }
        let root = &self.nodes[0];
        let p = game.mover(st) as usize;
        let mut best: Option<(u32, f64, Move)> = None;
        for &(m, c) in &root.children {
            let ch = &self.nodes[c as usize];
            let mean = ch.total[p] / ch.visits.max(1) as f64;
            if best.is_none_or(|(v, q, _)| ch.visits > v || (ch.visits == v && mean > q)) {
                best = Some((ch.visits, mean, m));
            }
        }
        best.and_then(|(_, _, m)| legal.iter().position(|l| *l == m))
            .unwrap_or(0)
    }

    fn name(&self) -> String {
        self.cfg.spec()
    }

    /// Keeps the subtree below `m` (the root's child), or drops the tree.
    fn observe(&mut self, _game: &R, m: &Move) {
        let Some(root) = self.nodes.first() else {
            return;
        };
        let Some(&(_, c)) = root.children.iter().find(|(cm, _)| cm == m) else {
            self.nodes.clear();
            return;
        };
        let mut old: Vec<Option<Node<R::State>>> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(Some)
            .collect();
        let mut new = Vec::new();
        new.push(old[c as usize].take().expect("a child is in the tree once"));
        let mut i = 0;
        while i < new.len() {
            for j in 0..new[i].children.len() {
                let ci = new[i].children[j].1 as usize;
                new[i].children[j].1 = new.len() as u32;
                new.push(old[ci].take().expect("a child is in the tree once"));
            }
            i += 1;
        }
        self.nodes = new;
    }

    fn reset(&mut self) {
        self.nodes.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, State};

    const TTT: &str = r#"(game "T" (players 2)
        (equipment { (board (square 3)) (piece "Disc" Each) })
        (rules (play (move Add (to (sites Empty))))
            (end {
                (if (is Line 3) (result Mover Win))
                (if (= 0 (count Sites in:(sites Empty))) (result All Draw))
            })))"#;

    fn game() -> Game {
        crate::compile_str("t.lud", TTT, &crate::Choices::default()).unwrap()
    }

    fn after(g: &Game, line: &str) -> State {
        crate::cli::play::play_line(g, line).unwrap().0
    }

    fn agent(seed: u64, iters: u32) -> MctsAgent<Game> {
        MctsAgent::new(
            seed,
            MctsConfig {
                iters: Some(iters),
                ..Default::default()
            },
        )
    }

    /// A whole game of MCTS against itself, as move texts.
    fn self_play(seed: u64, iters: u32) -> Vec<String> {
        let g = game();
        let mut a = [agent(seed, iters), agent(seed + 1, iters)];
        let mut st = g.initial_state();
        let mut ws = g.new_workspace();
        let mut out = Vec::new();
        while !st.is_over() {
            let legal = g.legal_moves(&st);
            let i = a[st.mover() as usize - 1].choose(&g, &st, &legal, &mut ws);
            out.push(g.move_text(&legal[i], &legal));
            for x in &mut a {
                x.observe(&g, &legal[i]);
            }
            g.apply_with(&mut st, &legal[i], &mut ws);
        }
        out
    }

    #[test]
    fn deterministic_for_a_seed_and_budget() {
        assert_eq!(self_play(3, 200), self_play(3, 200));
        let differ = (0..8).any(|s| self_play(s, 200) != self_play(s + 100, 200));
        assert!(differ, "the seed changes some game");
    }

    #[test]
    fn takes_a_win_and_blocks_a_loss() {
        let g = game();
        let mut ws = g.new_workspace();
        // P1 has A1 A2 and wins at A3
        let st = after(&g, "A1 B1 A2 B2");
        let legal = g.legal_moves(&st);
        let i = agent(1, 300).choose(&g, &st, &legal, &mut ws);
        assert_eq!(g.move_text(&legal[i], &legal), "A3");
        // P2 must block C3 (P1 threatens the diagonal A1 B2 C3)
        let st = after(&g, "A1 A2 B2");
        let legal = g.legal_moves(&st);
        let i = agent(2, 1000).choose(&g, &st, &legal, &mut ws);
        assert_eq!(g.move_text(&legal[i], &legal), "C3");
    }

    #[test]
    fn keeps_the_subtree_of_the_moves_played() {
        let g = game();
        let mut ws = g.new_workspace();
        let mut a = agent(5, 500);
        let mut st = g.initial_state();
        let legal = g.legal_moves(&st);
        let i = a.choose(&g, &st, &legal, &mut ws);
        assert!(a.tree_size() > 400);
        a.observe(&g, &legal[i]);
        g.apply_with(&mut st, &legal[i], &mut ws);
        let kept = a.tree_size();
        assert!(kept > 10 && kept < 500, "{kept}");
        let before = a.nodes[0].visits;
        assert_eq!(a.nodes[0].state, st);
        // the opponent's reply: the tree below it is kept and searched on
        let legal = g.legal_moves(&st);
        a.observe(&g, &legal[0]);
        g.apply_with(&mut st, &legal[0], &mut ws);
        let visits = a.nodes.first().map_or(0, |n| n.visits);
        assert!(visits <= before);
        let legal = g.legal_moves(&st);
        a.choose(&g, &st, &legal, &mut ws);
        assert_eq!(a.nodes[0].visits, visits + 500);
        a.reset();
        assert_eq!(a.tree_size(), 0);
    }
}
