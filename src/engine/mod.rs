//! The rules engine: game state, legal moves, applying a move, the end.
//!
//! A [`Game`] is a compiled description. [`Game::initial_state`] gives the
//! start; [`Game::legal_moves`] lists the moves; [`Game::apply`] plays one
//! (its actions, its consequences, the end rules, the length limits, the
//! phases and the next player, in the order of `docs/engine.md`).

pub mod apply;
mod bitregion;
mod cells;
mod connect;
mod counters;
mod declined;
pub mod eval;
pub mod fast;
pub(crate) mod fastgen;
pub mod ir;
mod lean;
pub mod movegen;
mod moverprog;
mod nbrlists;
pub mod notation;
pub mod perft;
mod piecebits;
mod piecegen;
mod planreport;
mod repeat;
mod rootgen;
mod route;
pub mod sets;
mod sink;
mod sitekey;
pub use sitekey::parse_site_key;
mod sitetest;
mod slots;
mod stepgen;
pub(crate) mod steps;

use crate::board::{Board, NONE, Site};
use ir::*;
use sets::SiteSet;

/// Most players a game may have.
pub const MAX_PLAYERS: usize = 4;
/// Generator id of a move that no generator made (the forced pass).
pub const NO_GEN: u32 = u32::MAX;

/// One player's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerResult {
    Win,
    Loss,
    Draw,
}

/// The result of a finished game, per player (index 1..=players).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub results: [PlayerResult; MAX_PLAYERS + 1],
    pub players: u8,
}

impl Outcome {
    pub fn draw(players: u8) -> Outcome {
        Outcome {
            results: [PlayerResult::Draw; MAX_PLAYERS + 1],
            players,
        }
    }

    pub fn win(players: u8, winner: u8) -> Outcome {
        let mut o = Outcome {
            results: [PlayerResult::Loss; MAX_PLAYERS + 1],
            players,
        };
        o.results[winner as usize] = PlayerResult::Win;
        o
    }

    /// The single winner, if there is one.
    pub fn winner(&self) -> Option<u8> {
        let w: Vec<u8> = (1..=self.players)
            .filter(|&p| self.results[p as usize] == PlayerResult::Win)
            .collect();
        if w.len() == 1 { Some(w[0]) } else { None }
    }

    pub fn is_draw(&self) -> bool {
        (1..=self.players).all(|p| self.results[p as usize] == PlayerResult::Draw)
    }

    /// `P1`, `P2` or `draw`.
    pub fn text(&self) -> String {
        match self.winner() {
            Some(p) => format!("P{p}"),
            None if self.is_draw() => "draw".to_string(),
            None => (1..=self.players)
                .map(|p| format!("P{p}:{:?}", self.results[p as usize]))
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

/// What a move does, for its text form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A new piece added to `to`.
    Add,
    /// A piece taken from the hand site `from` and put on `to`.
    Place,
    /// A piece (or stack) moved from `from` to `to`.
    Step,
    /// The top piece at `to` removed.
    Remove,
    Pass,
    /// `what` is the proposal's number.
    Propose,
    /// A site chosen (`from` = `to`); nothing moves.
    Select,
    /// The swap rule's move (`(meta (swap))`, reference only): the second
    /// player takes the first player's side and moves again.
    Swap,
}

/// Most legal moves one decision may have: about 100 MB of moves. The move
/// generators stop soon after it (at most one origin's moves past it), and
/// a command meeting a longer list stops with an error, so that a rule
/// moving any piece to any site of a huge board cannot exhaust memory.
/// See [`over_move_limit`].
pub const MAX_MOVES: usize = 1 << 22;

/// Whether a list of legal moves went past [`MAX_MOVES`] (the generators
/// stopped early, so the list is not the whole set of legal moves).
pub fn over_move_limit(moves: &[Move]) -> bool {
    moves.len() > MAX_MOVES
}

/// A legal move. Small and `Copy`: generation writes these into a reused
/// buffer without allocating. Laid out in C order (the order the compiler
/// chose anyway: no padding), so a generator loop can write a move as its
/// origin and target word and the rest copied (`sink::MoveTail`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Move {
    pub from: Site,
    pub to: Site,
    /// The generator node that made it (its effects and consequences).
    pub node: u32,
    /// `(site)` of an enclosing `forEach Site`, or NONE.
    pub site: Site,
    /// The component added, placed or moved (or the proposal number).
    pub what: u8,
    /// Direction of a hop (for its jumped sites), or 255.
    pub dir: u8,
    pub kind: MoveKind,
    /// Whole stack moved.
    pub stack: bool,
}

impl Move {
    /// A piece (or stack) carried from `from` to `to` by generator `node`.
    pub fn carry(from: Site, to: Site, what: u8, stack: bool, node: u32) -> Move {
        Move {
            kind: MoveKind::Step,
            from,
            to,
            what,
            stack,
            node,
            ..Move::pass()
        }
    }

    /// An add of component `what` by generator `node`, its `to` (and,
    /// from a hand, its `from`) still to be set.
    pub(crate) fn add(what: u8, stack: bool, node: u32) -> Move {
        Move {
            kind: MoveKind::Add,
            what,
            stack,
            node,
            ..Move::pass()
        }
    }

    /// A hop from `from` to `to` along direction `dir`, jumping `jumped`
    /// sites (none: it landed next to its origin, and has no direction).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn hop(
        from: Site,
        to: Site,
        what: u8,
        dir: u8,
        jumped: usize,
        stack: bool,
        node: u32,
        site: Site,
    ) -> Move {
        Move {
            dir: if jumped > 0 { dir } else { 255 },
            site,
            ..Move::carry(from, to, what, stack, node)
        }
    }

    pub fn pass() -> Move {
        Move {
            kind: MoveKind::Pass,
            from: NONE,
            to: NONE,
            what: 0,
            dir: 255,
            stack: false,
            node: NO_GEN,
            site: NONE,
        }
    }
}

/// A game position and everything the rules read of the past.
#[derive(Debug, PartialEq, Eq)]
pub struct State {
    /// Per site (board sites, then hand sites): top component, 0 = empty.
    pub(crate) what: Vec<u8>,
    /// Per site: stack height (board) or number of pieces (hand).
    pub(crate) count: Vec<u16>,
    /// Stacking games only: `cap` levels per board site, bottom first.
    pub(crate) stack: Vec<u8>,
    pub(crate) scores: [i32; MAX_PLAYERS + 1],
    pub(crate) phase: [u8; MAX_PLAYERS + 1],
    /// Pieces per owner (0 = neutral), board and hand, every stone.
    pub(crate) pieces: [u32; MAX_PLAYERS + 1],
    /// Pieces per component, board and hand, every stone.
    pub(crate) comp_count: Vec<u32>,
    pub(crate) mover: u8,
    pub(crate) prev_mover: u8,
    /// Decisions played so far (`(count Moves)`).
    pub(crate) decisions: u32,
    /// Turns completed so far.
    pub(crate) turns: u32,
    /// Decisions in the current turn so far.
    pub(crate) turn_decisions: u32,
    /// Consecutive completed turns that were a single pass.
    pub(crate) pass_turns: u32,
    pub(crate) proposed: u64,
    pub(crate) last_from: Site,
    pub(crate) last_to: Site,
    pub(crate) outcome: Option<Outcome>,
    /// Positions of the current turn (for `(no Repeat PositionalInTurn)`).
    pub(crate) turn_hashes: Vec<u64>,
    /// The most pieces (board and hand, every stone) of a position of
    /// `turn_hashes`: a position with more is none of them.
    pub(crate) turn_peak: u32,
    /// The fewest pieces (board and hand, every stone) of a position of
    /// `turn_hashes`: a position with fewer is none of them.
    pub(crate) turn_floor: u32,
    pub(crate) move_again: bool,
    pub(crate) next_override: u8,
    /// Zobrist hash of the pieces (board levels and hand counts), kept up
    /// to date by every piece change.
    pub(crate) hash: u64,
    /// Boards of at most 64 sites: per owner (0 = neutral), the board sites
    /// whose top piece is theirs, kept up to date by every piece change
    /// (all zero on larger boards).
    pub(crate) occ: [u64; MAX_PLAYERS + 1],
    /// Games with stacks on boards of at most 64 sites: the board sites
    /// whose stack is two or more high, kept up to date by every change of
    /// a board stack's height (zero in the other games).
    pub(crate) tall: u64,
}

impl Clone for State {
    fn clone(&self) -> State {
        let mut s = State {
            what: Vec::new(),
            count: Vec::new(),
            stack: Vec::new(),
            comp_count: Vec::new(),
            turn_hashes: Vec::new(),
            ..*self
        };
        s.clone_from(self);
        s
    }

    /// Copies without allocating once the buffers have their size (the hot
    /// path of `do ... ifAfterwards`, repetition checks and perft).
    fn clone_from(&mut self, o: &State) {
        self.what.clone_from(&o.what);
        self.count.clone_from(&o.count);
        self.stack.clone_from(&o.stack);
        self.comp_count.clone_from(&o.comp_count);
        self.turn_hashes.clone_from(&o.turn_hashes);
        self.copy_scalars(o);
    }
}

impl State {
    /// Makes `self` a copy of `o` for what applying a move's actions can
    /// change and read (everything but the turn's position list), without
    /// the per-vector overhead of `clone_from` when the buffers already have
    /// their sizes. Used on the scratch state of the repetition check.
    pub(crate) fn reset_pieces_from(&mut self, o: &State) {
        if self.what.len() != o.what.len()
            || self.stack.len() != o.stack.len()
            || self.comp_count.len() != o.comp_count.len()
        {
            self.clone_from(o);
            return;
        }
        self.what.copy_from_slice(&o.what);
        self.count.copy_from_slice(&o.count);
        self.stack.copy_from_slice(&o.stack);
        self.comp_count.copy_from_slice(&o.comp_count);
        self.copy_scalars(o);
    }

    /// Every field of `o` that is not a vector.
    #[inline]
    fn copy_scalars(&mut self, o: &State) {
        self.scores = o.scores;
        self.phase = o.phase;
        self.pieces = o.pieces;
        self.mover = o.mover;
        self.prev_mover = o.prev_mover;
        self.decisions = o.decisions;
        self.turns = o.turns;
        self.turn_decisions = o.turn_decisions;
        self.turn_peak = o.turn_peak;
        self.turn_floor = o.turn_floor;
        self.pass_turns = o.pass_turns;
        self.proposed = o.proposed;
        self.last_from = o.last_from;
        self.last_to = o.last_to;
        self.outcome = o.outcome;
        self.move_again = o.move_again;
        self.next_override = o.next_override;
        self.hash = o.hash;
        self.occ = o.occ;
        self.tall = o.tall;
    }

    /// The player to move.
    pub fn mover(&self) -> u8 {
        self.mover
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn score(&self, player: u8) -> i32 {
        self.scores[player as usize]
    }

    /// Decisions played so far.
    pub fn decisions(&self) -> u32 {
        self.decisions
    }

    /// The top component at a site (0 = empty).
    pub fn what(&self, s: Site) -> u8 {
        self.what[s as usize]
    }

    /// Stack height at a board site, or pieces held at a hand site.
    pub fn count(&self, s: Site) -> u32 {
        self.count[s as usize] as u32
    }

    /// Current phase number of a player.
    pub fn phase(&self, player: u8) -> u8 {
        self.phase[player as usize]
    }

    /// Pieces owned by a player (0 = neutral), on the board and in hand.
    pub fn pieces(&self, player: u8) -> u32 {
        self.pieces[player as usize]
    }
}

/// Reusable buffers for move generation and evaluation.
#[derive(Clone, Debug)]
pub struct Workspace {
    pub(crate) sets: Vec<SiteSet>,
    pub(crate) nsites: usize,
    pub(crate) scratch: Option<Box<State>>,
    pub(crate) queue: Vec<u32>,
    pub(crate) dist: Vec<u32>,
    /// Per cached `count Steps` search: its answers in the current position.
    pub(crate) steps_cache: Vec<steps::StepTable>,
    /// Scratch bit sets of the cached `count Steps` search.
    pub(crate) step_bits: Vec<u64>,
    /// The last slot plan made for `(to)`-only tests: (epoch, node, plan);
    /// the same for every origin in a position (see `stepgen.rs`).
    pub(crate) to_plan: Option<(u64, u32, slots::SlotPlan)>,
    /// Per generator node: the components and board sites last found for
    /// the tests on the top piece at `(to)` of a step, (epoch, components,
    /// sites); the same for every origin in a position (see `stepgen.rs`).
    pub(crate) to_sites: Vec<(u64, u64, u64)>,
    pub(crate) epoch: u64,
    /// Per (kind, origin, target): the stamp of the last de-duplication
    /// that met it. Empty on a board too large for it (see `seen_set`).
    pub(crate) seen: Vec<u32>,
    pub(crate) seen_stamp: u32,
    /// The moves met by a de-duplication where `seen` cannot tell (a large
    /// board, or a repeated kind, from and to).
    pub(crate) seen_set:
        std::collections::HashSet<(MoveKind, Site, Site, u8), crate::fnv::FnvBuild>,
    pub(crate) group: SiteSet,
    pub(crate) low: Vec<u32>,
    pub(crate) dfs: Vec<(Site, Site, usize)>,
    /// The last position's occupied board sites found to be one group, and
    /// what was learned about them (see `connect.rs`).
    pub(crate) one_group_memo: Option<connect::GroupMemo>,
}

/// Most entries of the dense de-duplication table (16 MB): boards of up to
/// about 800 sites; larger ones de-duplicate through a hash set.
const DENSE_SEEN: usize = 1 << 22;

impl Workspace {
    pub(crate) fn take_set(&mut self) -> SiteSet {
        match self.sets.pop() {
            Some(mut s) => {
                s.clear();
                s
            }
            None => SiteSet::with_capacity(self.nsites),
        }
    }

    pub(crate) fn give_set(&mut self, s: SiteSet) {
        self.sets.push(s);
    }
}

/// A compiled game: board, components, rules.
#[derive(Clone, Debug)]
pub struct Game {
    pub name: String,
    pub board: Board,
    pub players: u8,
    pub comps: Vec<Component>,
    /// Owner of each component (a compact copy of `comps[c].owner`).
    pub(crate) owners: Vec<u8>,
    /// Hand sites per player (0 when the game has no hands).
    pub hand_sites: u32,
    /// Per player (index 0 unused): the rank of its hand in Ludii's
    /// numbering of hand sites (see `sitekey.rs`).
    pub(crate) hand_order: Vec<u8>,
    pub stacking: bool,
    pub(crate) stack_cap: usize,
    pub(crate) gens: Vec<GenNode>,
    /// The generators of `(can Move M)`, by [`BoolE::CanMove`]'s index.
    pub(crate) deferred_gens: Vec<u32>,
    pub phases: Vec<Phase>,
    pub(crate) start: Vec<StartRule>,
    pub(crate) end: Vec<EndRule>,
    pub(crate) uses_all_passed: bool,
    /// The end rules with `Next` read as the mover, for a decision that
    /// moves again (Ludii's moveAgain makes the mover the next player);
    /// none when no end rule reads `Next` in a game that moves again.
    pub(crate) end_again: Option<Box<ir::EndAfterAgain>>,
    pub(crate) no_repeat_in_turn: bool,
    /// Meta rules played by the reference only: `(swap)`, `(noRepeat)`.
    pub(crate) meta: MetaRules,
    pub proposals: Vec<String>,
    /// Turns after which the game is a draw (2500 for two players).
    pub max_turns: u32,
    /// Decisions after which the game is a draw (10 000).
    pub max_decisions: u32,
    pub(crate) zobrist: Vec<u64>,
    /// The keys of the hand sites' counts below [`HAND_KEY_LEVELS`], per
    /// hand site and component (the values `zkey` computes for them).
    pub(crate) hand_zobrist: Vec<u64>,
    pub(crate) n_step_caches: u32,
    /// Per `count Steps` cache slot: the neighbour sets of its search.
    pub(crate) step_plans: Vec<steps::StepPlan>,
    /// Per phase: whether its move lists need de-duplicating.
    pub(crate) may_duplicate: Vec<bool>,
    /// Per generator node: its moves change pieces only by their own add or
    /// carry (see `repeat.rs`).
    pub(crate) plain_nodes: Vec<bool>,
    /// Shapes of the rule tree with a fast path (see `fast.rs`).
    pub(crate) fast: fast::FastInfo,
    /// The generators' fast loops (see `fastgen`).
    pub(crate) plan: fastgen::Plan,
    /// Option headers and the items chosen.
    pub options: Vec<(String, String)>,
    /// Boards of at most 64 sites: per relation, per site, the neighbours
    /// as a bit mask (see `connect.rs`); empty otherwise.
    pub(crate) small_adj: Vec<u64>,
    /// Same keys as `small_adj`: the neighbours in list order, one byte
    /// (site + 1) each from the low byte up, ending at a zero byte; 0 for a
    /// site with more than eight (see `connect.rs`).
    pub(crate) small_nbrs: Vec<u64>,
    /// Boards of at most 64 sites: per relation, per byte of a site set
    /// (as many as the board's sites need) and per value of that byte, the
    /// union of the neighbour masks of its sites, made when first asked for
    /// (see `connect.rs`).
    pub(crate) small_dilate: [std::sync::OnceLock<Vec<u64>>; crate::board::Relation::ALL.len()],
    /// Boards of at most 64 sites: per relation, the neighbour masks and
    /// per site whether a set of the site's neighbours is joined among
    /// itself, made when first asked for (see `connect.rs`,
    /// [`connect::GroupTables`]). A list of one rather than a box: with a
    /// box the `Game`'s layout changes, and with it the code made for hot
    /// loops elsewhere (Abrobad's bit programs measured 1.6 % slower).
    pub(crate) small_joined:
        [std::sync::OnceLock<Vec<connect::GroupTables>>; crate::board::Relation::ALL.len()],
    /// The ludemes of this game that only the reference interpreter plays
    /// (empty: the engine plays it). When not empty the engine's analyses
    /// were not built and its move generation must not be called: load
    /// through [`crate::dispatch`], which then gives a
    /// [`crate::plan::Reference`].
    pub reference_only: Vec<&'static str>,
}

impl Game {
    /// The compiled move generators, for debugging.
    pub fn debug_gens(&self) -> String {
        format!("{:#?}", self.gens)
    }

    /// All sites: board then hands.
    pub fn total_sites(&self) -> usize {
        self.board.len() + self.hand_sites as usize * self.players as usize
    }

    /// The hand site of a player (the first, when there are several).
    pub fn hand_site(&self, player: u8) -> Site {
        (self.board.len() as u32) + (player as u32 - 1) * self.hand_sites
    }

    pub fn is_hand_site(&self, s: Site) -> bool {
        (s as usize) >= self.board.len() && s != NONE
    }

    #[inline]
    pub fn owner(&self, comp: u8) -> u8 {
        self.owners[comp as usize]
    }

    pub fn new_workspace(&self) -> Workspace {
        let n = self.total_sites();
        Workspace {
            sets: Vec::new(),
            nsites: n,
            scratch: None,
            queue: Vec::with_capacity(n),
            dist: vec![0; n],
            steps_cache: vec![steps::StepTable::default(); self.n_step_caches as usize],
            step_bits: Vec::new(),
            to_plan: None,
            to_sites: vec![(0, 0, 0); self.gens.len()],
            epoch: 1,
            // dense (24·n² bytes) only on small boards; else `seen_set`
            seen: if 6 * (n + 1) * (n + 1) <= DENSE_SEEN {
                vec![0; 6 * (n + 1) * (n + 1)]
            } else {
                Vec::new()
            },
            seen_set: Default::default(),
            seen_stamp: 0,
            group: SiteSet::with_capacity(n),
            low: Vec::with_capacity(n),
            dfs: Vec::with_capacity(n),
            one_group_memo: None,
        }
    }

    pub fn next_player(&self, p: u8) -> u8 {
        p % self.players + 1
    }

    /// The position before the first decision.
    pub fn initial_state(&self) -> State {
        let n = self.total_sites();
        let mut st = State {
            what: vec![0; n],
            count: vec![0; n],
            stack: if self.stacking {
                vec![0; self.board.len() * self.stack_cap]
            } else {
                Vec::new()
            },
            scores: [0; MAX_PLAYERS + 1],
            phase: [0; MAX_PLAYERS + 1],
            pieces: [0; MAX_PLAYERS + 1],
            comp_count: vec![0; self.comps.len()],
            mover: 1,
            prev_mover: 0,
            decisions: 0,
            turns: 0,
            turn_decisions: 0,
            pass_turns: 0,
            proposed: 0,
            last_from: NONE,
            last_to: NONE,
            outcome: None,
            turn_hashes: Vec::new(),
            turn_peak: 0,
            turn_floor: u32::MAX,
            move_again: false,
            next_override: 0,
            hash: 0,
            occ: [0; MAX_PLAYERS + 1],
            tall: 0,
        };
        let mut ws = self.new_workspace();
        for rule in &self.start {
            match rule {
                StartRule::Place {
                    comp,
                    region,
                    count,
                } => {
                    let mut set = ws.take_set();
                    self.eval_region(region, &st, eval::Ctx::default(), &mut ws, &mut set);
                    for s in set.iter() {
                        // Ludii adds nothing on an occupied board site
                        // without stacks: the piece there stays
                        if !self.stacking && !self.is_hand_site(s) && st.what[s as usize] != 0 {
                            continue;
                        }
                        for _ in 0..*count {
                            self.put(&mut st, s, *comp);
                        }
                    }
                    ws.give_set(set);
                }
                StartRule::PlaceHand { comp, count } => {
                    let site = self.hand_site(self.owner(*comp).max(1));
                    for _ in 0..*count {
                        self.put(&mut st, site, *comp);
                    }
                }
                StartRule::SetNextPlayer(p) => st.mover = *p,
                StartRule::SetScore(p, v) => st.scores[*p as usize] = *v,
                StartRule::SetCount { .. } => declined::declined("set Count"),
                StartRule::SetState { .. } => declined::declined("place state:"),
            }
        }
        // every player starts in the first phase written for them
        for p in 1..=self.players {
            st.phase[p as usize] = self
                .phases
                .iter()
                .position(|ph| ph.owner.is_none() || ph.owner == Some(p))
                .unwrap_or(0) as u8;
        }
        if self.no_repeat_in_turn {
            self.record_turn_position(&mut st);
        }
        st
    }

    /// Sets up a position by hand (for scripted tests and analysis): the
    /// stack at a board site, bottom first (empty slice = empty site).
    pub fn set_stack(&self, st: &mut State, s: Site, stack: &[u8]) {
        while st.what[s as usize] != 0 {
            self.take(st, s);
        }
        for &c in stack {
            self.put(st, s, c);
        }
        if self.no_repeat_in_turn {
            self.restart_turn_positions(st);
        }
    }

    /// Sets how many pieces of `comp` the hand site `s` holds.
    pub fn set_hand(&self, st: &mut State, s: Site, comp: u8, count: u16) {
        while st.what[s as usize] != 0 {
            self.take(st, s);
        }
        for _ in 0..count {
            self.put(st, s, comp);
        }
    }

    /// Sets the player to move (a new turn begins).
    pub fn set_mover(&self, st: &mut State, p: u8) {
        st.mover = p;
        st.turn_decisions = 0;
        if self.no_repeat_in_turn {
            self.restart_turn_positions(st);
        }
    }

    /// Sets how many decisions have been played (what `(count Moves)`
    /// reads), for positions set up by hand.
    pub fn set_decisions(&self, st: &mut State, n: u32) {
        st.decisions = n;
    }

    /// Component number of a piece name (`"Disc1"`).
    pub fn component(&self, name: &str) -> Option<u8> {
        self.comps
            .iter()
            .position(|c| c.name == name && !name.is_empty())
            .map(|i| i as u8)
    }

    /// Legal moves (allocating convenience; see [`Game::legal_moves_into`]).
    pub fn legal_moves(&self, st: &State) -> Vec<Move> {
        let mut ws = self.new_workspace();
        let mut out = Vec::new();
        self.legal_moves_into(st, &mut ws, &mut out);
        out
    }

    /// Applies a move (allocating convenience; see [`Game::apply_with`]).
    pub fn apply(&self, st: &mut State, m: &Move) {
        let mut ws = self.new_workspace();
        self.apply_with(st, m, &mut ws);
    }

    /// Hash of the position's pieces (board, every level, and hands);
    /// maintained incrementally.
    #[inline]
    pub fn position_hash(&self, st: &State) -> u64 {
        st.hash
    }

    /// The pieces of `st`: board and hand, every stone, every owner.
    #[inline]
    pub(crate) fn total_pieces(st: &State) -> u32 {
        st.pieces.iter().sum()
    }

    /// Adds the current position to the turn's (for `(no Repeat
    /// PositionalInTurn)`): its hash, and its pieces to the turn's peak
    /// and floor.
    #[inline]
    pub(crate) fn record_turn_position(&self, st: &mut State) {
        st.turn_hashes.push(self.position_hash(st));
        let pieces = Self::total_pieces(st);
        st.turn_peak = st.turn_peak.max(pieces);
        st.turn_floor = st.turn_floor.min(pieces);
    }

    /// Makes the current position the turn's only one (a new turn).
    #[inline]
    pub(crate) fn restart_turn_positions(&self, st: &mut State) {
        st.turn_hashes.clear();
        st.turn_hashes.push(self.position_hash(st));
        let pieces = Self::total_pieces(st);
        st.turn_peak = pieces;
        st.turn_floor = pieces;
    }

    /// Zobrist key of `comp` at `s`: level `lvl` of a board stack, or a hand
    /// site holding `lvl` pieces.
    #[inline]
    pub(crate) fn zkey(&self, s: usize, comp: u8, lvl: usize) -> u64 {
        let ncomp = self.comps.len();
        let n = self.board.len();
        if s >= n {
            // a hand count: from the table when it has it
            let i = ((s - n) * ncomp + comp as usize) * HAND_KEY_LEVELS + lvl;
            if lvl < HAND_KEY_LEVELS
                && let Some(&k) = self.hand_zobrist.get(i)
            {
                return k;
            }
            hand_key(s, comp as usize, lvl, ncomp)
        } else {
            self.zobrist_key(s, comp as usize, lvl, ncomp)
        }
    }

    /// The change of the position's key when hand site `s`, holding `c`
    /// (one or more) pieces of `comp`, gives one up, as [`Game::take`]
    /// makes it: the key of count `c` out and, when pieces remain, the key
    /// of count `c - 1` in; both read from the table in one look when it
    /// has them.
    #[inline(always)]
    pub(crate) fn hand_take_key(&self, s: usize, comp: u8, c: usize) -> u64 {
        let i = ((s - self.board.len()) * self.comps.len() + comp as usize) * HAND_KEY_LEVELS + c;
        match self.hand_zobrist.get(i - 1..=i) {
            Some(&[below, k]) if c < HAND_KEY_LEVELS => match c > 1 {
                true => k ^ below,
                false => k,
            },
            _ => match c > 1 {
                true => self.zkey(s, comp, c) ^ self.zkey(s, comp, c - 1),
                false => self.zkey(s, comp, c),
            },
        }
    }

    /// [`Game::zkey`] of level `lvl` of board site `s` (inlined where
    /// a lean path knows `s` is on the board).
    #[inline(always)]
    pub(crate) fn board_key(&self, s: usize, comp: u8, lvl: usize) -> u64 {
        self.zobrist_key(s, comp as usize, lvl, self.comps.len())
    }

    #[inline(always)]
    fn zobrist_key(&self, s: usize, comp: usize, lvl: usize, ncomp: usize) -> u64 {
        let i = (s * ncomp + comp) * self.stack_cap.min(8) + lvl.min(7);
        match self.zobrist.get(i) {
            Some(k) => *k,
            None => splitmix(i as u64 ^ 0x9e37_79b9_7f4a_7c15),
        }
    }

    pub(crate) fn make_zobrist(&mut self) {
        let n = self.board.len() * self.comps.len() * self.stack_cap.min(8);
        self.zobrist = (0..n as u64)
            .map(|i| splitmix(i.wrapping_add(0x1234_5678)))
            .collect();
        let ncomp = self.comps.len();
        let hands = self.board.len()..self.total_sites();
        self.hand_zobrist = hands
            .flat_map(|s| (0..ncomp).map(move |c| (s, c)))
            .flat_map(|(s, c)| (0..HAND_KEY_LEVELS).map(move |l| hand_key(s, c, l, ncomp)))
            .collect();
    }

    /// Places one piece of `comp` on top of site `s`.
    #[inline]
    pub(crate) fn put(&self, st: &mut State, s: Site, comp: u8) {
        let su = s as usize;
        if self.is_hand_site(s) {
            let c = st.count[su] as usize;
            if c > 0 {
                st.hash ^= self.zkey(su, st.what[su], c);
            }
            st.what[su] = comp;
            st.count[su] += 1;
            st.hash ^= self.zkey(su, comp, c + 1);
        } else if self.stacking {
            let h = st.count[su] as usize;
            if h < self.stack_cap {
                self.set_top_owner(st, su, st.what[su], comp);
                st.stack[su * self.stack_cap + h] = comp;
                st.count[su] += 1;
                self.set_tall(st, su, h + 1);
                st.what[su] = comp;
                st.hash ^= self.zkey(su, comp, h);
            } else {
                return; // stack full: the piece is not placed (and not counted)
            }
        } else {
            if st.what[su] != 0 {
                let old = st.what[su];
                st.pieces[self.owner(old) as usize] -= 1;
                st.comp_count[old as usize] -= 1;
                st.hash ^= self.zkey(su, old, 0);
            }
            self.set_top_owner(st, su, st.what[su], comp);
            st.what[su] = comp;
            st.count[su] = 1;
            st.hash ^= self.zkey(su, comp, 0);
        }
        st.pieces[self.owner(comp) as usize] += 1;
        st.comp_count[comp as usize] += 1;
    }

    /// [`Game::put`] of a piece (`comp` != 0) onto board site `s`, empty,
    /// in a game without stacks: the same changes, without the hand and
    /// stack cases and the removal of a covered piece.
    #[inline]
    pub(crate) fn put_on_empty(&self, st: &mut State, s: Site, comp: u8) {
        let su = s as usize;
        debug_assert!(!self.stacking && comp != 0 && su < self.board.len() && st.what[su] == 0);
        let o = self.owner(comp) as usize;
        if self.board.len() <= 64 {
            st.occ[o] |= 1u64 << su;
        }
        st.what[su] = comp;
        st.count[su] = 1;
        st.hash ^= self.zobrist_key(su, comp as usize, 0, self.comps.len());
        st.pieces[o] += 1;
        st.comp_count[comp as usize] += 1;
    }

    /// [`Game::put`] of a piece (`comp` != 0) onto each board site of
    /// `bits` (a board of at most 64 sites, without stacks), as a loop of
    /// puts in any order makes it (each put changes only its own site, the
    /// counters by one and the hash by its site's key): the empty sites at
    /// once (their owner's set and the counters by the word), the occupied
    /// ones by [`Game::put`].
    pub(crate) fn put_on_empty_bits(&self, st: &mut State, bits: u64, comp: u8) {
        debug_assert!(!self.stacking && comp != 0 && self.board.len() <= 64);
        let occupied = st.occ.iter().fold(0u64, |a, &o| a | o);
        for s in bitregion::Bits(bits & occupied) {
            self.put(st, s, comp);
        }
        let empty = bits & !occupied;
        if empty == 0 {
            return;
        }
        let o = self.owner(comp) as usize;
        st.occ[o] |= empty;
        st.pieces[o] += empty.count_ones();
        st.comp_count[comp as usize] += empty.count_ones();
        let ncomp = self.comps.len();
        for s in bitregion::Bits(empty) {
            let su = s as usize;
            st.what[su] = comp;
            st.count[su] = 1;
            st.hash ^= self.zobrist_key(su, comp as usize, 0, ncomp);
        }
    }

    /// The pieces of `st` as [`FlatBoard`] changes them, in a game without
    /// stacks (None in the others).
    #[inline(always)]
    pub(crate) fn flat_board<'a>(&'a self, st: &'a mut State) -> Option<FlatBoard<'a>> {
        // without stacks a board site holds one level (`stack_cap` 1)
        if self.stacking || self.stack_cap != 1 {
            return None;
        }
        let n = self.board.len();
        let hash = st.hash;
        let State {
            what,
            count,
            comp_count,
            pieces,
            occ,
            ..
        } = st;
        Some(FlatBoard {
            what: what.get_mut(..n)?,
            count: count.get_mut(..n)?,
            comp_count,
            pieces,
            occ,
            hash,
            owners: &self.owners,
            zobrist: &self.zobrist,
            ncomp: self.comps.len(),
            small: n <= 64,
            game: self,
        })
    }

    /// `zkey(su, comp, 0)` of board site `su` in a game without stacks.
    #[inline(always)]
    fn flat_key(&self, su: usize, comp: u8) -> u64 {
        let nc = self.comps.len();
        match self.zobrist.get(su * nc + comp as usize) {
            Some(k) if self.stack_cap == 1 => *k,
            _ => self.zkey(su, comp, 0),
        }
    }

    /// Keeps [`State::occ`] up to date when the top of board site `su`
    /// changes from component `old` to `new` (0 = empty).
    #[inline(always)]
    pub(crate) fn set_top_owner(&self, st: &mut State, su: usize, old: u8, new: u8) {
        if self.board.len() <= 64 {
            let bit = 1u64 << su;
            if old != 0 {
                st.occ[self.owner(old) as usize] &= !bit;
            }
            if new != 0 {
                st.occ[self.owner(new) as usize] |= bit;
            }
        }
    }

    /// In a game with stacks on a board of at most 64 sites, board site
    /// `su`'s bit of [`State::tall`] for a stack `h` high.
    #[inline(always)]
    pub(crate) fn set_tall(&self, st: &mut State, su: usize, h: usize) {
        if self.stacking && self.board.len() <= 64 && su < 64 {
            st.tall = st.tall & !(1u64 << su) | ((h >= 2) as u64) << su;
        }
    }

    /// Ludii's removal at site `s` (a Remove move, `(remove R)`): the top
    /// piece of a board site; in a game without stacks a hand site is
    /// emptied whole, as Ludii's flat container state clears the site.
    pub(crate) fn remove_at(&self, st: &mut State, s: Site) {
        if !self.stacking && self.is_hand_site(s) {
            while self.take(st, s) != 0 {}
        } else {
            self.take(st, s);
        }
    }

    /// Takes the top piece off site `s`; returns its component (0 if none).
    #[inline]
    pub(crate) fn take(&self, st: &mut State, s: Site) -> u8 {
        let su = s as usize;
        let comp = st.what[su];
        if comp == 0 {
            return 0;
        }
        if self.is_hand_site(s) {
            let c = st.count[su] as usize;
            st.hash ^= self.zkey(su, comp, c);
            st.count[su] -= 1;
            if c > 1 {
                st.hash ^= self.zkey(su, comp, c - 1);
            } else {
                st.what[su] = 0;
            }
        } else if self.stacking {
            let h = st.count[su] as usize - 1;
            st.hash ^= self.zkey(su, comp, h);
            st.stack[su * self.stack_cap + h] = 0;
            st.count[su] = h as u16;
            self.set_tall(st, su, h);
            st.what[su] = if h == 0 {
                0
            } else {
                st.stack[su * self.stack_cap + h - 1]
            };
            self.set_top_owner(st, su, comp, st.what[su]);
        } else {
            self.set_top_owner(st, su, comp, 0);
            st.hash ^= self.zkey(su, comp, 0);
            st.what[su] = 0;
            st.count[su] = 0;
        }
        st.pieces[self.owner(comp) as usize] -= 1;
        st.comp_count[comp as usize] -= 1;
        comp
    }

    /// In a game with stacks, the top `n` pieces of board site `from` carried
    /// onto board site `to` (another one) in one go: the same changes as
    /// `n` [`Game::take`]s from `from` and then the [`Game::put`]s of the
    /// pieces taken, bottom first, onto `to` (each piece's keys out at its
    /// old level and in at its new one; the piece counts unchanged, as a
    /// take and a put of the same piece leave them; the occupied sets from
    /// the two new tops). False (nothing done) when it does not apply: no
    /// piece to carry, fewer than `n` there, the same site, or a stack
    /// that would pass the cap (the generic puts drop what does not fit).
    #[inline]
    pub(crate) fn carry_stack(&self, st: &mut State, from: Site, to: Site, n: usize) -> bool {
        let (f, t) = (from as usize, to as usize);
        let nb = self.board.len();
        let cap = self.stack_cap;
        if !self.stacking || f >= nb || t >= nb || f == t || n == 0 {
            return false;
        }
        let (hf, ht) = (st.count[f] as usize, st.count[t] as usize);
        if n > hf || ht + n > cap {
            return false;
        }
        let (old_f, old_t) = (st.what[f], st.what[t]);
        let (bf, bt) = (f * cap + hf - n, t * cap + ht);
        let mut hash = st.hash;
        for i in 0..n {
            let c = st.stack[bf + i];
            hash ^= self.zkey(f, c, hf - n + i) ^ self.zkey(t, c, ht + i);
            st.stack[bt + i] = c;
            st.stack[bf + i] = 0;
        }
        st.hash = hash;
        st.count[f] = (hf - n) as u16;
        st.what[f] = if hf == n { 0 } else { st.stack[bf - 1] };
        st.count[t] = (ht + n) as u16;
        self.set_tall(st, f, hf - n);
        self.set_tall(st, t, ht + n);
        st.what[t] = st.stack[bt + n - 1];
        self.set_top_owner(st, f, old_f, st.what[f]);
        self.set_top_owner(st, t, old_t, st.what[t]);
        true
    }

    /// The components of a stack, bottom first.
    pub fn stack_at(&self, st: &State, s: Site) -> Vec<u8> {
        let su = s as usize;
        if self.stacking && !self.is_hand_site(s) {
            st.stack[su * self.stack_cap..su * self.stack_cap + st.count[su] as usize].to_vec()
        } else if st.what[su] == 0 {
            Vec::new()
        } else {
            vec![st.what[su]; st.count[su] as usize]
        }
    }
}

/// The hand counts whose keys are kept in [`Game::hand_zobrist`] (the
/// others are computed).
const HAND_KEY_LEVELS: usize = 64;

/// The pieces of a game without stacks (one level per board site) as a
/// move's actions change them: the board's cells (the first `n` sites of
/// [`State::what`] and [`State::count`]), the counters, the owner sets and
/// the hash, borrowed from the [`State`] once ([`Game::flat_board`]), with
/// the game's tables they read. [`FlatBoard::take`], [`FlatBoard::put`]
/// and [`FlatBoard::carry`] make the changes [`Game::take`] and
/// [`Game::put`] make on board sites. Read once per move because the
/// compiler, unable to tell a store into a cell from one into the state's
/// fields, would otherwise read every length and table again after each
/// store; the board's cells are slices of exactly `n`, so a site checked
/// once against `n` is checked for both. The hash is kept in a local and
/// written back by [`FlatBoard::finish`].
pub(crate) struct FlatBoard<'a> {
    pub(crate) what: &'a mut [u8],
    count: &'a mut [u16],
    comp_count: &'a mut Vec<u32>,
    pieces: &'a mut [u32; MAX_PLAYERS + 1],
    occ: &'a mut [u64; MAX_PLAYERS + 1],
    hash: u64,
    owners: &'a [u8],
    zobrist: &'a [u64],
    ncomp: usize,
    /// The board has at most 64 sites (the owner sets are kept).
    small: bool,
    game: &'a Game,
}

impl FlatBoard<'_> {
    /// The board's size.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.what.len()
    }

    /// `zkey(su, comp, 0)`, as [`Game::flat_key`] reads it.
    #[inline(always)]
    fn key(&self, su: usize, comp: u8) -> u64 {
        match self.zobrist.get(su * self.ncomp + comp as usize) {
            Some(k) => *k,
            None => self.game.zkey(su, comp, 0),
        }
    }

    /// The counters, hash and owner set without the piece `comp` (not 0)
    /// of board site `su`; the cell itself is left to the caller.
    #[inline(always)]
    fn lift(&mut self, su: usize, comp: u8) {
        let o = self.owners[comp as usize] as usize;
        self.pieces[o] -= 1;
        self.comp_count[comp as usize] -= 1;
        self.hash ^= self.key(su, comp);
        if self.small {
            self.occ[o] &= !(1u64 << su);
        }
    }

    /// [`Game::take`] from board site `su` (below [`FlatBoard::len`]): its
    /// component, 0 when it was empty.
    #[inline(always)]
    pub(crate) fn take(&mut self, su: usize) -> u8 {
        let comp = self.what[su];
        if comp != 0 {
            self.lift(su, comp);
            self.what[su] = 0;
            self.count[su] = 0;
        }
        comp
    }

    /// [`Game::put`] of `comp` (not 0) onto board site `su` (below
    /// [`FlatBoard::len`]): what stood there is replaced.
    #[inline(always)]
    pub(crate) fn put(&mut self, su: usize, comp: u8) {
        let old = self.what[su];
        if old != 0 {
            self.lift(su, old);
        }
        let o = self.owners[comp as usize] as usize;
        if self.small {
            self.occ[o] |= 1u64 << su;
        }
        self.what[su] = comp;
        self.count[su] = 1;
        self.hash ^= self.key(su, comp);
        self.pieces[o] += 1;
        self.comp_count[comp as usize] += 1;
    }

    /// [`Game::take`] from board site `f` and [`Game::put`] of what it took
    /// onto board site `t` (another one; both below [`FlatBoard::len`]):
    /// what stood on `t` is replaced; the carried piece's counters are
    /// unchanged.
    #[inline(always)]
    pub(crate) fn carry(&mut self, f: usize, t: usize) {
        let (c, old) = (self.what[f], self.what[t]);
        if c == 0 {
            return;
        }
        if old != 0 {
            self.lift(t, old);
        }
        if self.small {
            self.occ[self.owners[c as usize] as usize] ^= (1u64 << f) | (1u64 << t);
        }
        self.hash ^= self.key(f, c) ^ self.key(t, c);
        self.what[f] = 0;
        self.count[f] = 0;
        self.what[t] = c;
        self.count[t] = 1;
    }

    /// Writes the hash back into the state.
    #[inline(always)]
    pub(crate) fn finish(self) -> u64 {
        self.hash
    }
}

/// The key of `lvl` pieces of component `comp` at hand site `s`.
fn hand_key(s: usize, comp: usize, lvl: usize, ncomp: usize) -> u64 {
    splitmix((s * ncomp + comp) as u64 ^ ((lvl as u64) << 40))
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
