//! The plan: which implementation plays a game. [`PassSet::none()`] is the
//! reference interpreter ([`crate::interp`]) alone; [`PassSet::all()`] is
//! the default engine with every optimisation pass; in between, the engine
//! with some pass families turned off.
//!
//! What is real today: the engine's optimisations are not yet separate
//! passes over the IR (issue 21, step 3). A [`Pass`] names a family of them
//! that can be switched off as a whole in a built [`Game`]:
//! - [`Pass::Fast`]: the load-time shape analysis (`engine::fast`) and every
//!   path behind it (lean apply, routes, root and mover programs, counter
//!   end plans, repetition shortcuts, one-group steps, bit regions, …);
//! - [`Pass::Fastgen`]: the generators' fast loops (`engine::fastgen`: piece
//!   programs, bit programs, flat leaves);
//! - [`Pass::Dedup`]: the analysis that skips de-duplicating move lists a
//!   rule tree cannot repeat in.
//!
//! The compile-time fusions (`SlotTests`, `AroundCmp`, `StepsCmp`, the
//! specialised counts) stay in the IR for every engine plan; the reference
//! interpreter reads them by their plain meaning.
//!
//! [`Rules`] is what the playing commands need of an implementation
//! (states, moves, apply, a [`View`] of the state); [`Game`] and
//! [`Reference`] implement it, so the commands are generic and the default
//! engine pays nothing for the switch.

use crate::engine::{Game, MAX_PLAYERS, Move, Outcome, State, Workspace};
use crate::interp::{self, Interp};

/// A family of engine optimisations that can be switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    Fast,
    Fastgen,
    Dedup,
}

impl Pass {
    pub const ALL: [Pass; 3] = [Pass::Fast, Pass::Fastgen, Pass::Dedup];

    pub fn name(self) -> &'static str {
        match self {
            Pass::Fast => "fast",
            Pass::Fastgen => "fastgen",
            Pass::Dedup => "dedup",
        }
    }

    pub fn from_name(s: &str) -> Option<Pass> {
        Pass::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// A set of passes; empty = the reference interpreter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassSet(u32);

impl PassSet {
    /// No pass: the reference interpreter plays.
    pub fn none() -> PassSet {
        PassSet(0)
    }

    /// Every pass: the default engine.
    pub fn all() -> PassSet {
        PassSet(Pass::ALL.iter().fold(0, |m, p| m | 1 << *p as u32))
    }

    /// This one pass alone (on the engine).
    pub fn only(p: Pass) -> PassSet {
        PassSet(1 << p as u32)
    }

    pub fn without(self, p: Pass) -> PassSet {
        PassSet(self.0 & !(1 << p as u32))
    }

    pub fn has(self, p: Pass) -> bool {
        self.0 & (1 << p as u32) != 0
    }

    /// The set as [`Game::with_passes`] applies it (`fast` needs
    /// `fastgen`).
    pub fn effective(self) -> PassSet {
        if self.has(Pass::Fastgen) {
            self
        } else {
            self.without(Pass::Fast)
        }
    }

    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// `none`, `all`, or `-NAME[,-NAME...]` (all but those), or
    /// `NAME[,NAME...]` (only those).
    pub fn parse(s: &str) -> Result<PassSet, String> {
        match s {
            "none" => return Ok(PassSet::none()),
            "all" => return Ok(PassSet::all()),
            _ => {}
        }
        let names: Vec<&str> = s.split(',').map(str::trim).collect();
        let minus = names.iter().all(|n| n.starts_with('-'));
        let mut set = if minus {
            PassSet::all()
        } else {
            PassSet::none()
        };
        for n in names {
            let bare = n.trim_start_matches('-');
            let p = Pass::from_name(bare).ok_or_else(|| {
                let known: Vec<&str> = Pass::ALL.iter().map(|p| p.name()).collect();
                format!(
                    "error: unknown pass `{bare}` in `--passes {s}`\n  = expected none, all, -NAME or NAME, NAME one of: {}\n",
                    known.join(", ")
                )
            })?;
            if minus {
                set = set.without(p);
            } else if n.starts_with('-') {
                return Err(format!(
                    "error: `--passes {s}` mixes NAME and -NAME\n  = expected none, all, -NAME,... or NAME,...\n"
                ));
            } else {
                set.0 |= 1 << p as u32;
            }
        }
        Ok(set)
    }
}

impl Game {
    /// A copy of the game with only the passes of `passes` (on the engine;
    /// for [`PassSet::none()`] use [`Reference`]). [`Pass::Fast`] needs
    /// [`Pass::Fastgen`] (its paths run the generators' plan; the
    /// equivalence tester found them diverging without it), so without
    /// `fastgen` it is off too.
    pub fn with_passes(&self, passes: PassSet) -> Game {
        let mut g = self.clone();
        if !passes.has(Pass::Fast) || !passes.has(Pass::Fastgen) {
            g.fast = Default::default();
        }
        if !passes.has(Pass::Fastgen) {
            g.plan = Default::default();
        }
        if !passes.has(Pass::Dedup) {
            g.may_duplicate = vec![true; g.may_duplicate.len()];
        }
        g
    }
}

/// The semantic state: what the rules can observe of a position, the same
/// for every implementation (pieces per site, bottom first; hands as
/// repeated components).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub stacks: Vec<Vec<u8>>,
    pub scores: [i32; MAX_PLAYERS + 1],
    pub phase: [u8; MAX_PLAYERS + 1],
    pub mover: u8,
    pub prev_mover: u8,
    pub decisions: u32,
    pub turns: u32,
    pub turn_decisions: u32,
    pub pass_turns: u32,
    pub proposed: u64,
    pub last: (u32, u32),
    pub outcome: Option<Outcome>,
}

/// What the playing commands need of an implementation.
/// An error if `legal` was cut at the limit of moves per decision.
pub fn check_move_limit(legal: &[Move]) -> Result<(), String> {
    if crate::over_move_limit(legal) {
        return Err(format!(
            "error: a position has more than {} legal moves, the limit of one decision (docs/limits.md)",
            crate::MAX_MOVES
        ));
    }
    Ok(())
}

pub trait Rules {
    /// A position (equal states are the same position: a search agent
    /// finds its root by it).
    type State: Clone + std::fmt::Debug + PartialEq;
    type Ws;
    /// The compiled game (names, board, notation).
    fn game(&self) -> &Game;
    fn initial_state(&self) -> Self::State;
    fn workspace(&self) -> Self::Ws;
    fn legal_into(&self, st: &Self::State, ws: &mut Self::Ws, out: &mut Vec<Move>);
    fn play(&self, st: &mut Self::State, m: &Move, ws: &mut Self::Ws);
    fn view(&self, st: &Self::State) -> View;
    fn outcome(&self, st: &Self::State) -> Option<Outcome>;
    fn mover(&self, st: &Self::State) -> u8;

    fn legal(&self, st: &Self::State) -> Vec<Move> {
        let mut ws = self.workspace();
        let mut out = Vec::new();
        self.legal_into(st, &mut ws, &mut out);
        out
    }

    fn perft(&self, st: &Self::State, depth: u32, ws: &mut Self::Ws) -> u64 {
        self.perft_checked(st, depth, ws).unwrap_or(u64::MAX)
    }

    /// The perft count, or an error if a position on the way has more
    /// legal moves than one decision may have ([`crate::MAX_MOVES`]: its
    /// list was cut short, so no count would be right).
    fn perft_checked(
        &self,
        st: &Self::State,
        depth: u32,
        ws: &mut Self::Ws,
    ) -> Result<u64, String> {
        if depth == 0 {
            return Ok(1);
        }
        let mut moves = Vec::new();
        self.legal_into(st, ws, &mut moves);
        check_move_limit(&moves)?;
        if depth == 1 {
            return Ok(moves.len() as u64);
        }
        let mut total = 0;
        let mut child = st.clone();
        for m in &moves {
            child.clone_from(st);
            self.play(&mut child, m, ws);
            total += self.perft_checked(&child, depth - 1, ws)?;
        }
        Ok(total)
    }

    /// A legal move's text among `legal` (the notation of `ludeme moves`).
    fn move_text(&self, m: &Move, legal: &[Move]) -> String {
        self.game().move_text(m, legal)
    }

    /// The board with its pieces, hands, scores and whose turn it is.
    fn picture(&self, st: &Self::State) -> String {
        picture_view(self.game(), &self.view(st))
    }

    /// The legal move with this text; an error lists the legal moves.
    fn parse_move(&self, st: &Self::State, text: &str) -> Result<Move, crate::diag::Diagnostic> {
        let g = self.game();
        let legal = self.legal(st);
        let texts = g.move_texts(&legal);
        if let Some(i) = texts.iter().position(|t| t == text) {
            return Ok(legal[i]);
        }
        let by_base: Vec<usize> = (0..legal.len())
            .filter(|&i| g.move_text_base(&legal[i]) == text)
            .collect();
        if by_base.len() == 1 {
            return Ok(legal[by_base[0]]);
        }
        let over = self.outcome(st).is_some();
        let msg = if over {
            format!("`{text}` is not legal: the game is over")
        } else {
            format!("`{text}` is not a legal move for P{}", self.mover(st))
        };
        let mut d = crate::diag::Diagnostic::new(msg);
        if !over {
            d = d.expected(format!("one of: {}", texts.join(" ")));
        }
        Err(d)
    }
}

impl Rules for Game {
    type State = State;
    type Ws = Workspace;
    fn game(&self) -> &Game {
        self
    }
    fn initial_state(&self) -> State {
        Game::initial_state(self)
    }
    fn workspace(&self) -> Workspace {
        self.new_workspace()
    }
    #[inline(always)]
    fn legal_into(&self, st: &State, ws: &mut Workspace, out: &mut Vec<Move>) {
        self.legal_moves_into(st, ws, out)
    }
    #[inline(always)]
    fn play(&self, st: &mut State, m: &Move, ws: &mut Workspace) {
        self.apply_with(st, m, ws)
    }
    fn view(&self, st: &State) -> View {
        View {
            stacks: (0..self.total_sites() as u32)
                .map(|s| self.stack_at(st, s))
                .collect(),
            scores: st.scores,
            phase: st.phase,
            mover: st.mover,
            prev_mover: st.prev_mover,
            decisions: st.decisions,
            turns: st.turns,
            turn_decisions: st.turn_decisions,
            pass_turns: st.pass_turns,
            proposed: st.proposed,
            last: (st.last_from, st.last_to),
            outcome: st.outcome,
        }
    }
    #[inline(always)]
    fn outcome(&self, st: &State) -> Option<Outcome> {
        st.outcome
    }
    #[inline(always)]
    fn mover(&self, st: &State) -> u8 {
        st.mover
    }
    fn picture(&self, st: &State) -> String {
        Game::picture(self, st)
    }
}

/// The reference interpreter with the compiled game it reads (for names
/// and notation).
#[derive(Clone, Debug)]
pub struct Reference {
    pub game: Game,
    pub interp: Interp,
}

impl Reference {
    pub fn new(game: &Game) -> Reference {
        Reference {
            game: game.clone(),
            interp: Interp::new(game),
        }
    }

    /// Seeds the dice's random generator of the start position (Ludii's
    /// trace harness seeds its game's generator with the game's seed).
    pub fn set_chance_seed(&mut self, seed: u64) {
        self.interp.rules.chance_seed = seed;
    }

    /// The interpreter's state for an engine state: its pieces and
    /// counters (the turn's earlier positions, which the engine keeps only
    /// as hashes, are taken to be the current one alone: exact at the start
    /// of a turn).
    pub fn state_from(&self, st: &State) -> interp::State {
        let g = &self.game;
        let mut s = self.interp.initial_state();
        s.pieces.what.clone_from(&st.what);
        s.pieces.count.clone_from(&st.count);
        s.pieces.levels.clone_from(&st.stack);
        s.comp_count.clone_from(&st.comp_count);
        s.scores = st.scores;
        s.phase = st.phase;
        s.mover = st.mover;
        s.prev_mover = st.prev_mover;
        s.decisions = st.decisions;
        s.turns = st.turns;
        s.turn_decisions = st.turn_decisions;
        s.pass_turns = st.pass_turns;
        s.proposed = st.proposed;
        s.last_from = st.last_from;
        s.last_to = st.last_to;
        s.outcome = st.outcome;
        s.move_again = st.move_again;
        s.next_override = st.next_override;
        s.turn_positions.clear();
        if g.no_repeat_in_turn {
            s.turn_positions.push(s.pieces.clone());
        }
        s
    }
}

impl Rules for Reference {
    type State = interp::State;
    type Ws = interp::Workspace;
    fn game(&self) -> &Game {
        &self.game
    }
    fn initial_state(&self) -> interp::State {
        self.interp.initial_state()
    }
    fn workspace(&self) -> interp::Workspace {
        self.interp.new_workspace()
    }
    fn legal_into(&self, st: &interp::State, ws: &mut interp::Workspace, out: &mut Vec<Move>) {
        self.interp.legal_moves_into(st, ws, out)
    }
    fn play(&self, st: &mut interp::State, m: &Move, ws: &mut interp::Workspace) {
        self.interp.apply_with(st, m, ws)
    }
    fn view(&self, st: &interp::State) -> View {
        View {
            stacks: (0..self.interp.total_sites() as u32)
                .map(|s| self.interp.stack_at(st, s))
                .collect(),
            scores: st.scores,
            phase: st.phase,
            mover: st.mover,
            prev_mover: st.prev_mover,
            decisions: st.decisions,
            turns: st.turns,
            turn_decisions: st.turn_decisions,
            pass_turns: st.pass_turns,
            proposed: st.proposed,
            last: (st.last_from, st.last_to),
            outcome: st.outcome,
        }
    }
    fn outcome(&self, st: &interp::State) -> Option<Outcome> {
        st.outcome
    }
    fn mover(&self, st: &interp::State) -> u8 {
        st.mover
    }
}

/// [`Game::picture`] of a [`View`] (the same text).
pub fn picture_view(g: &Game, v: &View) -> String {
    let code = |c: u8| -> String {
        let comp = &g.comps[c as usize];
        let letter = comp.base.chars().next().unwrap_or('?');
        match comp.owner {
            1 => letter.to_ascii_uppercase().to_string(),
            2 => letter.to_ascii_lowercase().to_string(),
            0 => format!("{}0", letter.to_ascii_lowercase()),
            p => format!("{letter}{p}"),
        }
    };
    let occ = |s: crate::board::Site| -> Option<String> {
        let stack = &v.stacks[s as usize];
        if stack.is_empty() {
            None
        } else {
            Some(stack.iter().map(|&c| code(c)).collect())
        }
    };
    let mut out = crate::board::draw::draw(&g.board, &occ);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    let legend: Vec<String> = g
        .comps
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, c)| format!("{}={}", code(i as u8), c.name))
        .collect();
    out.push_str(&format!("pieces: {}\n", legend.join(" ")));
    if g.hand_sites > 0 {
        let hands: Vec<String> = (1..=g.players)
            .map(|p| format!("P{p} {}", v.stacks[g.hand_site(p) as usize].len()))
            .collect();
        out.push_str(&format!("hands: {}\n", hands.join(", ")));
    }
    let scores: Vec<String> = (1..=g.players)
        .map(|p| format!("P{p} {}", v.scores[p as usize]))
        .collect();
    out.push_str(&format!("scores: {}\n", scores.join(", ")));
    match v.outcome {
        Some(o) => out.push_str(&format!("over: {}\n", o.text())),
        None => {
            let ph = &g.phases[v.phase[v.mover as usize] as usize];
            if g.phases.len() > 1 {
                out.push_str(&format!("to move: P{} ({})\n", v.mover, ph.name));
            } else {
                out.push_str(&format!("to move: P{}\n", v.mover));
            }
        }
    }
    out
}

/// Where two implementations first disagree in a lockstep game.
#[derive(Clone, Debug)]
pub struct Divergence {
    pub game: u32,
    pub ply: usize,
    /// The moves played before the divergence, as text.
    pub line: Vec<String>,
    pub what: String,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "divergence in game {} at ply {}", self.game, self.ply)?;
        writeln!(f, "  moves: {}", self.line.join(" "))?;
        write!(f, "  {}", self.what)
    }
}

/// Plays `games` seeded random games of at most `max_plies` decisions with
/// `a` and `b` in lockstep, comparing at every ply the legal move lists
/// (every field, in order), the [`View`] of the state and the result; the
/// moves are picked from `a`'s list. The first divergence, or the number of
/// plies played.
pub fn lockstep<A: Rules, B: Rules>(
    a: &A,
    b: &B,
    games: u32,
    max_plies: usize,
    seed: u64,
) -> Result<u64, Box<Divergence>> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let (mut wa, mut wb) = (a.workspace(), b.workspace());
    let (mut la, mut lb) = (Vec::new(), Vec::new());
    let mut plies = 0u64;
    let g = a.game();
    for game in 0..games {
        let (mut sa, mut sb) = (a.initial_state(), b.initial_state());
        let mut line = Vec::new();
        for ply in 0..=max_plies {
            let fail = |what: String, line: &Vec<String>| {
                Box::new(Divergence {
                    game,
                    ply,
                    line: line.clone(),
                    what,
                })
            };
            let (va, vb) = (a.view(&sa), b.view(&sb));
            if va != vb {
                return Err(fail(
                    format!(
                        "states differ:\n{}\n--- vs ---\n{}\n(first: {va:?}\nsecond: {vb:?})",
                        picture_view(g, &va),
                        picture_view(g, &vb)
                    ),
                    &line,
                ));
            }
            a.legal_into(&sa, &mut wa, &mut la);
            b.legal_into(&sb, &mut wb, &mut lb);
            if la != lb {
                let only_a: Vec<String> = la
                    .iter()
                    .filter(|m| !lb.contains(m))
                    .map(|m| g.move_text(m, &la))
                    .collect();
                let only_b: Vec<String> = lb
                    .iter()
                    .filter(|m| !la.contains(m))
                    .map(|m| g.move_text(m, &lb))
                    .collect();
                return Err(fail(
                    format!(
                        "legal moves differ ({} vs {}); only in the first: [{}]; only in the second: [{}]; first: {}; second: {}",
                        la.len(),
                        lb.len(),
                        only_a.join(" "),
                        only_b.join(" "),
                        g.move_texts(&la).join(" "),
                        g.move_texts(&lb).join(" ")
                    ),
                    &line,
                ));
            }
            if la.is_empty() || ply == max_plies {
                break;
            }
            let m = la[rng.random_range(0..la.len())];
            line.push(g.move_text(&m, &la));
            a.play(&mut sa, &m, &mut wa);
            b.play(&mut sb, &m, &mut wb);
            plies += 1;
        }
    }
    Ok(plies)
}
