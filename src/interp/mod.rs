//! The reference interpreter: what every ludeme means, in one place.
//!
//! It plays a compiled game straight from the semantic rule tree
//! ([`crate::engine::ir`]): its own plain [`State`], move generation
//! ([`moves`]), evaluation of integers, conditions and regions ([`eval`]),
//! effects, consequences, end rules, phases and the turn ([`effects`],
//! [`Interp::apply_with`]). Each ludeme is handled by one `match` arm with
//! a comment saying what it means (as Ludii defines it, and as
//! `docs`/`engine.md` fixes the conventions the project chose).
//!
//! # Rules of this layer
//! - It imports nothing from the engine's optimisation layer (bitregion,
//!   cells, connect, counters, fast, fastgen, lean, moverprog, nbrlists,
//!   piecebits, piecegen, repeat, rootgen, route, sitetest, slots, stepgen,
//!   steps, sink). It shares only pure data with the engine: the rule tree
//!   ([`crate::engine::ir`], with [`crate::engine::sets::SiteSet`] as the
//!   value of a fixed region), the [`crate::board::Board`], [`Move`],
//!   [`MoveKind`] and [`Outcome`]. `tests/architecture.rs` enforces it.
//! - It reads a [`Game`] only once, in [`Interp::new`], copying its rule
//!   data ([`Rules`]); nothing of the engine's analyses (the `fast` tables,
//!   the generator plans, the de-duplication analysis) is read.
//! - Optimisation variants the compiler still emits (the fused
//!   [`BoolE::SlotTests`], [`BoolE::AroundCmp`], [`BoolE::StepsCmp`],
//!   [`IntE::CountAround`], [`IntE::CountComps`],
//!   [`IntE::CountPiecesOnBoard`], the `connected` hint of a `do`, the
//!   `cacheable` flag of a search) are read by their plain meaning: the
//!   rule they stand for, evaluated the plain way.
//!
//! # State
//! The interpreter keeps its own [`State`] rather than the engine's: that
//! one carries caches kept up to date by every piece change (owner bit
//! sets, a Zobrist hash, piece counters, the turn's piece floor and peak).
//! Here a position is only its pieces ([`Pieces`]: per site the stack,
//! bottom first, and per hand site a count) plus the scalars the rules
//! read (scores, phases, mover, counts of moves and turns, passes,
//! proposals, the last move). Counts such as `(count Pieces P)` are
//! counted from the pieces when asked. `(no Repeat PositionalInTurn)`
//! compares whole [`Pieces`] values, not hashes. To grow toward Ludii's
//! model, per-site `state`/`value`/`who` arrays, variables and per-player
//! counters go into [`State`] (and [`Pieces`] when they are part of the
//! position), with their ludemes in [`eval`] and [`effects`].

mod captures;
mod chess;
pub mod conditions;
mod connect;
mod dice;
pub mod effects;
pub mod eval;
mod hops;
mod lines;
pub mod ludemes;
pub mod mancala;
mod meta;
pub mod moves;
pub mod moves_more;
mod onegroup;
mod play;
mod playervalue;
mod race;
mod regions;
mod steps;

use crate::board::{Board, NONE, Site};
use crate::engine::ir::*;
use crate::engine::sets::SiteSet;
use crate::engine::{Game, MAX_PLAYERS, Move, Outcome};

/// The rule data of a compiled game, copied out of the [`Game`] (only the
/// description, none of the engine's analyses).
#[derive(Clone, Debug)]
pub struct Rules {
    pub name: String,
    pub board: Board,
    pub players: u8,
    /// Owner of each component (0 = neutral; component 0 is "empty").
    pub owners: Vec<u8>,
    /// Hand sites per player (0: no hands).
    pub hand_sites: u32,
    pub stacking: bool,
    /// Most pieces a board stack holds (1 without stacks).
    pub stack_cap: usize,
    pub gens: Vec<GenNode>,
    pub phases: Vec<Phase>,
    pub start: Vec<StartRule>,
    pub end: Vec<EndRule>,
    /// The game reads `(all Passed)` itself (else all passing is a draw).
    pub uses_all_passed: bool,
    /// `(no Repeat PositionalInTurn)` applies to every move.
    pub no_repeat_in_turn: bool,
    /// The game reads `(is Visited …)` (Ludii's `requiresVisited`): then
    /// `(can Move …)` counts the last decision's two sites as visited.
    pub uses_visited: bool,
    /// `(swap)`, `(noRepeat)` (`meta.rs`).
    pub meta: MetaRules,
    pub max_turns: u32,
    pub max_decisions: u32,
    /// Per `count Steps` id: its search and targets (for
    /// [`BoolE::StepsCmp`], which names a count by id).
    pub searches: Vec<Option<(StepSearch, RegionE)>>,
    /// The generators of `(can Move M)`, by [`BoolE::CanMove`]'s index.
    pub deferred_gens: Vec<u32>,
    /// Per `count Steps` id: per board site, the sites one step of its
    /// search leads to it from (empty for an id without a search).
    pub step_preds: Vec<Vec<Vec<Site>>>,
    /// Per [`crate::board::Relation`]: whether every site is a neighbour
    /// of its neighbours (then groups under it are those of an undirected
    /// graph).
    pub symmetric: [bool; 4],
    /// Per component: the board sites the start rules put it on (`(sites
    /// Start ...)`, `chess.rs`).
    pub start_sites: Vec<SiteSet>,
    /// Some node is a `(do E next:M)` (`dice.rs`).
    pub has_do_next: bool,
    /// The seed of the dice's random generator in the start position
    /// (Ludii's harness: 0 for perft, the game's seed for a trace).
    pub chance_seed: u64,
}

/// The reference interpreter of one game.
#[derive(Clone, Debug)]
pub struct Interp {
    pub rules: Rules,
}

/// The pieces of a position: what `(no Repeat PositionalInTurn)` compares.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Pieces {
    /// Per site (board sites, then hand sites): the top component, 0 =
    /// empty.
    pub what: Vec<u8>,
    /// Per site: stack height (board) or pieces held (hand).
    pub count: Vec<u16>,
    /// Stacking games: `stack_cap` levels per board site, bottom first
    /// (levels above the height are 0). Empty otherwise.
    pub levels: Vec<u8>,
    /// Per site: the state of the piece there (0 when none), in games
    /// with piece states (`chess.rs`); empty otherwise.
    pub state: Vec<i32>,
}

/// A position of the reference interpreter and everything the rules read
/// of the past.
#[derive(Debug, PartialEq, Eq)]
pub struct State {
    pub pieces: Pieces,
    /// Per component: its stones on the board (every level) and in the
    /// hands, kept by [`Interp::put`] and [`Interp::take`] (Ludii keeps
    /// such counts too); `(count Pieces ...)` without a region reads them.
    pub comp_count: Vec<u32>,
    pub scores: [i32; MAX_PLAYERS + 1],
    /// Per player: the phase they are in.
    pub phase: [u8; MAX_PLAYERS + 1],
    pub mover: u8,
    /// The player who made the previous decision (0 before the first).
    pub prev_mover: u8,
    /// Decisions so far (`(count Moves)`).
    pub decisions: u32,
    /// Turns completed so far (`(count Turns)`).
    pub turns: u32,
    /// Decisions in the current turn so far.
    pub turn_decisions: u32,
    /// Consecutive completed turns that were a single pass.
    pub pass_turns: u32,
    /// Proposals made (bit per proposal).
    pub proposed: u64,
    pub last_from: Site,
    pub last_to: Site,
    /// The from and to of the last action of the last decision, its
    /// consequences included (Ludii's `(last From|To
    /// afterConsequence:True)`): set by every action that moves, adds or
    /// removes pieces (see [`State::note`]).
    pub after_from: Site,
    pub after_to: Site,
    pub outcome: Option<Outcome>,
    /// The positions of the current turn (with `(no Repeat
    /// PositionalInTurn)`), its first position first.
    pub turn_positions: Vec<Pieces>,
    /// Set by `(moveAgain)` during a decision.
    pub move_again: bool,
    /// Set by `(set NextPlayer ...)` during a decision (0: none).
    pub next_override: u8,
    /// Games of more than two players: each player's rank once a result
    /// made them leave the game (0: still playing); see
    /// [`Interp::rank_result`].
    pub ranks: [u8; MAX_PLAYERS + 1],
    /// The last decision was a pass (then `(last To)` is -1).
    pub last_pass: bool,
    /// Per player: they had no move at their last decision (what `(no
    /// Moves Mover)` reads; see `moves_more.rs`).
    pub stalled: [bool; MAX_PLAYERS + 1],
    /// The sites the current turn's earlier decisions went from and to
    /// (what `(is Visited S)` reads), cleared when a turn ends.
    pub visited: Vec<Site>,
    /// The sites marked by `(remove ... at:EndOfTurn)` this turn
    /// (`(sites ToClear)`), ascending.
    pub to_clear: Vec<Site>,
    /// The swap rule's move was played: the first two players changed
    /// sides (part of a position for `(noRepeat)`; see `meta.rs`).
    pub swapped: bool,
    /// With `(noRepeat)`: the keys of the positions that ended a turn
    /// (the start position first), see [`Interp::position_key`].
    pub seen: Vec<u64>,
    /// Ludii's pending values (`(set Pending ...)`), a set in the order
    /// they were added; emptied when the next decision is applied.
    pub pending: Vec<i32>,
    /// Ludii's `(var)` (its state's temporary value), -1 at the start.
    pub var: i32,
    /// Ludii's `(counter)` (`chess.rs`): -1 at the start, one more after
    /// each decision's end rules.
    pub counter: i32,
    /// Ludii's triggered flags (`(trigger ...)`), a bit per player (bit
    /// `p - 1`); never cleared.
    pub triggered: u32,
    /// The state of the dice's random generator (`dice.rs`).
    pub rng: u64,
    /// The value of each die, all `(dice ...)` in order; empty before
    /// the first roll (each shows its first face).
    pub dice: Vec<i32>,
    /// Per player: Ludii's player value (`(set Value P X)`), 0 unset.
    pub player_values: [i32; MAX_PLAYERS + 1],
}

// `clone_from` field by field reuses the vectors' buffers: the
// interpreter copies a state into a scratch one for every candidate move
// it plays out (`do ... ifAfterwards`, no-repeat), and the derived
// `clone_from` would allocate each time.
impl Clone for Pieces {
    fn clone(&self) -> Pieces {
        Pieces {
            what: self.what.clone(),
            count: self.count.clone(),
            levels: self.levels.clone(),
            state: self.state.clone(),
        }
    }

    fn clone_from(&mut self, o: &Pieces) {
        self.what.clone_from(&o.what);
        self.count.clone_from(&o.count);
        self.levels.clone_from(&o.levels);
        self.state.clone_from(&o.state);
    }
}

impl Clone for State {
    fn clone(&self) -> State {
        let mut s = State {
            pieces: self.pieces.clone(),
            comp_count: Vec::new(),
            turn_positions: Vec::new(),
            visited: Vec::new(),
            to_clear: self.to_clear.clone(),
            seen: Vec::new(),
            pending: self.pending.clone(),
            dice: self.dice.clone(),
            ..*self
        };
        s.comp_count.clone_from(&self.comp_count);
        s.visited.clone_from(&self.visited);
        s.seen.clone_from(&self.seen);
        s.turn_positions.clone_from(&self.turn_positions);
        s
    }

    fn clone_from(&mut self, o: &State) {
        // every field: a new one is a compile error here
        let State {
            pieces,
            comp_count,
            scores,
            phase,
            mover,
            prev_mover,
            decisions,
            turns,
            turn_decisions,
            pass_turns,
            proposed,
            last_from,
            last_to,
            after_from,
            after_to,
            outcome,
            turn_positions,
            move_again,
            next_override,
            ranks,
            last_pass,
            stalled,
            visited,
            to_clear,
            swapped,
            seen,
            pending,
            var,
            counter,
            triggered,
            rng,
            dice,
            player_values,
        } = self;
        pieces.clone_from(&o.pieces);
        comp_count.clone_from(&o.comp_count);
        *scores = o.scores;
        *phase = o.phase;
        *mover = o.mover;
        *prev_mover = o.prev_mover;
        *decisions = o.decisions;
        *turns = o.turns;
        *turn_decisions = o.turn_decisions;
        *pass_turns = o.pass_turns;
        *proposed = o.proposed;
        *last_from = o.last_from;
        *last_to = o.last_to;
        *after_from = o.after_from;
        *after_to = o.after_to;
        *outcome = o.outcome;
        turn_positions.clone_from(&o.turn_positions);
        *move_again = o.move_again;
        *next_override = o.next_override;
        *ranks = o.ranks;
        *last_pass = o.last_pass;
        *stalled = o.stalled;
        visited.clone_from(&o.visited);
        to_clear.clone_from(&o.to_clear);
        *swapped = o.swapped;
        seen.clone_from(&o.seen);
        pending.clone_from(&o.pending);
        *var = o.var;
        *counter = o.counter;
        *triggered = o.triggered;
        *rng = o.rng;
        dice.clone_from(&o.dice);
        *player_values = o.player_values;
    }
}

impl State {
    pub fn mover(&self) -> u8 {
        self.mover
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    /// Records an action from `from` to `to` (an add or a removal: both
    /// its site), what `(last ... afterConsequence:True)` reads.
    pub(crate) fn note(&mut self, from: Site, to: Site) {
        self.after_from = from;
        self.after_to = to;
    }
}

/// Most entries of the dense de-duplication table (16 MB): boards of up to
/// about 800 sites; larger ones de-duplicate through a hash set, so that a
/// workspace stays linear in the board's sites.
const DENSE_SEEN: usize = 1 << 22;

/// Reusable buffers (site sets, search queues, a scratch state).
#[derive(Clone, Debug)]
pub struct Workspace {
    nsites: usize,
    sets: Vec<SiteSet>,
    pub(crate) scratch: Option<Box<State>>,
    /// The group bound by `(all Groups ...)` for `(sites)` inside it.
    pub(crate) group: SiteSet,
    /// Breadth-first search buffers: sites in the order reached, and per
    /// board site its distance.
    pub(crate) order: Vec<Site>,
    pub(crate) dist: Vec<u32>,
    /// Per move list, on boards small enough (see [`DENSE_SEEN`]): a stamp
    /// per (kind, origin, target) met. Empty on larger boards.
    pub(crate) seen: Vec<u32>,
    pub(crate) stamp: u32,
    /// The moves met, as (kind, origin, target, piece), when the table
    /// cannot tell (a large board, or a repeated kind, origin and target).
    pub(crate) seen_set: std::collections::HashSet<(u8, Site, Site, u8), crate::fnv::FnvBuild>,
    /// Answers of `count Steps` searches in one state (see
    /// [`Interp::count_steps`]).
    pub(crate) steps_memo: Option<Box<StepsMemo>>,
    /// The address of the state whose legal moves are being generated (0:
    /// none), and the `count Steps` tables made for it (per search id;
    /// empty: not asked yet). See [`Interp::legal_moves_into`].
    pub(crate) generating: usize,
    pub(crate) generating_tables: Vec<Vec<i32>>,
    /// The dice generator's state after the last `(do E next:M)`'s E
    /// played while generating (`dice.rs`).
    pub(crate) rolled: Option<u64>,
    /// A depth-first search path (see `onegroup`).
    pub(crate) path: Vec<(Site, Site, usize)>,
    /// The pieces a carry lifts, bottom first.
    pub(crate) lifted: Vec<u8>,
    /// Set while `(no Moves Next)` looks at the next player's moves: a
    /// `(no Moves Next)` met inside is false (Ludii's `autoFail`).
    pub(crate) in_no_moves: bool,
    /// Set while a `(sow ...)`'s `apply:` is evaluated: its `(fromTo ...
    /// count:)` moves are recorded here, to be played after (see
    /// `mancala.rs`).
    pub(crate) sow_log: Option<Vec<(Site, Site, u32)>>,
    /// Set while `(is Threatened ...)` looks at an enemy's moves: a
    /// threat asked inside is false (Ludii's `recursiveCalled`).
    pub(crate) in_threat: bool,
}

/// Answers of the searches that depend only on the state and the origin
/// (`StepSearch::cacheable`), remembered for one state: per search id, the
/// count from every board site (empty: not asked yet in this state).
#[derive(Clone, Debug)]
pub(crate) struct StepsMemo {
    pub(crate) state: State,
    pub(crate) tables: Vec<Vec<i32>>,
}

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

/// The move context: `(from)`, `(to)`, `(between)`, `(site)`.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    pub from: Site,
    pub to: Site,
    pub between: Site,
    pub site: Site,
}

impl Default for Ctx {
    fn default() -> Ctx {
        Ctx {
            from: NONE,
            to: NONE,
            between: NONE,
            site: NONE,
        }
    }
}

impl Ctx {
    pub fn slot(&self, s: Slot) -> Site {
        match s {
            Slot::From => self.from,
            Slot::To => self.to,
            Slot::Between => self.between,
            Slot::Site => self.site,
        }
    }
}

impl Interp {
    /// The interpreter of `game`'s rules (copied; the engine's analyses
    /// are not read).
    pub fn new(game: &Game) -> Interp {
        let mut searches = Vec::new();
        for n in &game.gens {
            walk_gen_searches(&n.kind, &mut searches);
            if let Some(e) = &n.then {
                walk_effect(e, &mut searches);
            }
        }
        for ph in &game.phases {
            for r in &ph.end {
                walk_bool(&r.cond, &mut searches);
            }
            for np in &ph.next {
                walk_bool(&np.cond, &mut searches);
            }
        }
        for r in &game.end {
            walk_bool(&r.cond, &mut searches);
        }
        // a count fused into a comparison keeps only its id: its search is
        // kept with the game's cache slots
        if searches.len() < game.n_step_caches as usize {
            searches.resize(game.n_step_caches as usize, None);
        }
        for (id, slot) in searches.iter_mut().enumerate() {
            if slot.is_none()
                && let Some((s, t)) = game.step_search(id as u32)
            {
                *slot = Some((s.clone(), t.clone()));
            }
        }
        let step_preds = searches
            .iter()
            .map(|s| match s {
                Some((search, _)) => steps::predecessors(&game.board, &search.dirs),
                None => Vec::new(),
            })
            .collect();
        let mut interp = Interp {
            rules: Rules {
                name: game.name.clone(),
                board: game.board.clone(),
                players: game.players,
                owners: game.comps.iter().map(|c| c.owner).collect(),
                hand_sites: game.hand_sites,
                stacking: game.stacking,
                stack_cap: game.stack_cap,
                gens: game.gens.clone(),
                phases: game.phases.clone(),
                start: game.start.clone(),
                end: game.end.clone(),
                uses_all_passed: game.uses_all_passed,
                no_repeat_in_turn: game.no_repeat_in_turn,
                uses_visited: game.reference_only.contains(&"is Visited"),
                meta: game.meta,
                max_turns: game.max_turns,
                max_decisions: game.max_decisions,
                searches,
                deferred_gens: game.deferred_gens.clone(),
                step_preds,
                symmetric: crate::board::Relation::ALL.map(|rel| symmetric(&game.board, rel)),
                start_sites: Vec::new(),
                has_do_next: game
                    .gens
                    .iter()
                    .any(|n| matches!(n.kind, GenKind::DoNext { .. })),
                chance_seed: 0,
            },
        };
        interp.rules.start_sites = interp.start_sites();
        interp
    }

    /// All sites: board then hands.
    pub fn total_sites(&self) -> usize {
        let r = &self.rules;
        r.board.len() + r.hand_sites as usize * r.players as usize
    }

    pub fn new_workspace(&self) -> Workspace {
        let n = self.total_sites();
        Workspace {
            nsites: n,
            sets: Vec::new(),
            scratch: None,
            group: SiteSet::with_capacity(n),
            order: Vec::new(),
            dist: Vec::new(),
            // dense (24 * (n + 1)^2 bytes) only on small boards
            seen: if 7 * (n + 1) * (n + 1) <= DENSE_SEEN {
                vec![0; 7 * (n + 1) * (n + 1)]
            } else {
                Vec::new()
            },
            stamp: 0,
            seen_set: Default::default(),
            in_no_moves: false,
            in_threat: false,
            sow_log: None,
            steps_memo: None,
            generating: 0,
            generating_tables: Vec::new(),
            rolled: None,
            path: Vec::new(),
            lifted: Vec::new(),
        }
    }

    /// The hand site of a player (the first, when there are several).
    pub fn hand_site(&self, player: u8) -> Site {
        self.rules.board.len() as Site + (player as Site - 1) * self.rules.hand_sites
    }

    pub fn is_hand_site(&self, s: Site) -> bool {
        (s as usize) >= self.rules.board.len() && s != NONE
    }

    pub fn owner(&self, comp: u8) -> u8 {
        self.rules.owners[comp as usize]
    }

    /// The player after `p` in turn order.
    pub fn next_player(&self, p: u8) -> u8 {
        p % self.rules.players + 1
    }

    /// `(start ...)`: the position before the first decision. Pieces are
    /// placed in the order of the rules; every player begins in the first
    /// phase written for them.
    pub fn initial_state(&self) -> State {
        let r = &self.rules;
        let n = self.total_sites();
        let mut st = State {
            pieces: Pieces {
                what: vec![0; n],
                count: vec![0; n],
                levels: if r.stacking {
                    vec![0; r.board.len() * r.stack_cap]
                } else {
                    Vec::new()
                },
                state: if r.meta.piece_state {
                    vec![0; n]
                } else {
                    Vec::new()
                },
            },
            comp_count: vec![0; r.owners.len()],
            scores: [0; MAX_PLAYERS + 1],
            phase: [0; MAX_PLAYERS + 1],
            mover: 1,
            prev_mover: 0,
            decisions: 0,
            turns: 0,
            turn_decisions: 0,
            pass_turns: 0,
            proposed: 0,
            last_from: NONE,
            last_to: NONE,
            after_from: NONE,
            after_to: NONE,
            outcome: None,
            turn_positions: Vec::new(),
            move_again: false,
            next_override: 0,
            ranks: [0; MAX_PLAYERS + 1],
            last_pass: false,
            stalled: [false; MAX_PLAYERS + 1],
            visited: Vec::new(),
            to_clear: Vec::new(),
            swapped: false,
            seen: Vec::new(),
            pending: Vec::new(),
            var: -1,
            counter: -1,
            triggered: 0,
            rng: r.chance_seed,
            dice: Vec::new(),
            player_values: [0; MAX_PLAYERS + 1],
        };
        let mut ws = self.new_workspace();
        for rule in &r.start {
            match rule {
                // `(place "Piece" REGION [count:N])`: N pieces on every site.
                StartRule::Place {
                    comp,
                    region,
                    count,
                } => {
                    let mut set = ws.take_set();
                    self.region(region, &st, Ctx::default(), &mut ws, &mut set);
                    for s in set.iter() {
                        // Ludii adds nothing on an occupied board site
                        // without stacks: the piece there stays
                        if !self.rules.stacking
                            && !self.is_hand_site(s)
                            && st.pieces.what[s as usize] != 0
                        {
                            continue;
                        }
                        if self.rules.stacking || self.is_hand_site(s) {
                            for _ in 0..*count {
                                self.put(&mut st, s, *comp);
                            }
                        } else {
                            // one piece, `count:` of them (Ludii's count of
                            // a site: Nim's piles)
                            self.put(&mut st, s, *comp);
                            st.pieces.count[s as usize] = *count;
                        }
                    }
                    ws.give_set(set);
                }
                // `(place "Piece" (handSite P) count:N)`
                StartRule::PlaceHand { comp, count } => {
                    let site = self.hand_site(self.owner(*comp).max(1));
                    for _ in 0..*count {
                        self.put(&mut st, site, *comp);
                    }
                }
                StartRule::SetNextPlayer(p) => st.mover = *p,
                StartRule::SetScore(p, v) => st.scores[*p as usize] = *v,
                // `(set Count N to:R)`: N pieces on every site of R
                StartRule::SetCount {
                    comp,
                    region,
                    count,
                } => {
                    let mut set = ws.take_set();
                    self.region(region, &st, Ctx::default(), &mut ws, &mut set);
                    for s in set.iter() {
                        self.add_count(&mut st, s, *comp, *count as u32);
                    }
                    ws.give_set(set);
                }
                // `(place ... state:N)` (`chess.rs`)
                StartRule::SetState { region, state } => {
                    self.start_state(region, *state, &mut st, &mut ws)
                }
            }
        }
        for p in 1..=r.players {
            st.phase[p as usize] = r
                .phases
                .iter()
                .position(|ph| ph.owner.is_none() || ph.owner == Some(p))
                .unwrap_or(0) as u8;
        }
        if r.no_repeat_in_turn {
            st.turn_positions.push(st.pieces.clone());
        }
        if r.meta.no_repeat_game {
            let k = self.position_key(&st);
            st.seen.push(k);
        }
        st
    }

    /// Legal moves (allocating convenience).
    pub fn legal_moves(&self, st: &State) -> Vec<Move> {
        let mut ws = self.new_workspace();
        let mut out = Vec::new();
        self.legal_moves_into(st, &mut ws, &mut out);
        out
    }

    /// Applies a move (allocating convenience).
    pub fn apply(&self, st: &mut State, m: &Move) {
        let mut ws = self.new_workspace();
        self.apply_with(st, m, &mut ws);
    }

    /// `perft(s, 0) = 1`; a finished game adds 0 for every depth >= 1.
    pub fn perft(&self, st: &State, depth: u32, ws: &mut Workspace) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        self.legal_moves_into(st, ws, &mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        let mut child = st.clone();
        for m in &moves {
            child.clone_from(st);
            self.apply_with(&mut child, m, ws);
            total += self.perft(&child, depth - 1, ws);
        }
        total
    }

    // ---- pieces ----

    /// The components at site `s`, bottom first.
    pub fn stack_at(&self, st: &State, s: Site) -> Vec<u8> {
        let su = s as usize;
        let p = &st.pieces;
        if self.rules.stacking && !self.is_hand_site(s) {
            let cap = self.rules.stack_cap;
            p.levels[su * cap..su * cap + p.count[su] as usize].to_vec()
        } else if p.what[su] == 0 {
            Vec::new()
        } else {
            vec![p.what[su]; p.count[su] as usize]
        }
    }

    /// Puts one piece of `comp` on top of site `s`: a hand site counts one
    /// more; a board stack grows by one (a full stack takes nothing); a
    /// board site without stacks holds the new piece only (what stood
    /// there is gone).
    pub(crate) fn put(&self, st: &mut State, s: Site, comp: u8) {
        st.note(s, s);
        let su = s as usize;
        let p = &mut st.pieces;
        if self.is_hand_site(s) {
            p.what[su] = comp;
            p.count[su] += 1;
        } else if self.rules.stacking {
            let h = p.count[su] as usize;
            if h >= self.rules.stack_cap {
                return;
            }
            p.levels[su * self.rules.stack_cap + h] = comp;
            p.count[su] += 1;
            p.what[su] = comp;
        } else {
            if p.what[su] != 0 {
                st.comp_count[p.what[su] as usize] -= 1;
            }
            p.what[su] = comp;
            p.count[su] = 1;
            if let Some(x) = p.state.get_mut(su) {
                *x = 0;
            }
        }
        st.comp_count[comp as usize] += 1;
    }

    /// Ludii's removal at site `s` (a Remove move, `(remove R)`): the top
    /// piece of a board site; in a game without stacks a hand site is
    /// emptied whole (Ludii's flat container state clears the site).
    pub(crate) fn remove_at(&self, st: &mut State, s: Site) {
        if !self.rules.stacking && self.is_hand_site(s) {
            while self.take(st, s) != 0 {}
        } else {
            self.take(st, s);
        }
    }

    /// Takes the top piece off site `s`; its component (0: none there).
    pub(crate) fn take(&self, st: &mut State, s: Site) -> u8 {
        st.note(s, s);
        let su = s as usize;
        let p = &mut st.pieces;
        let comp = p.what[su];
        if comp == 0 {
            return 0;
        }
        if self.is_hand_site(s) {
            p.count[su] -= 1;
            if p.count[su] == 0 {
                p.what[su] = 0;
            }
        } else if self.rules.stacking {
            let cap = self.rules.stack_cap;
            let h = p.count[su] as usize - 1;
            p.levels[su * cap + h] = 0;
            p.count[su] = h as u16;
            p.what[su] = if h == 0 {
                0
            } else {
                p.levels[su * cap + h - 1]
            };
        } else {
            p.what[su] = 0;
            p.count[su] = 0;
            if let Some(x) = p.state.get_mut(su) {
                *x = 0;
            }
        }
        st.comp_count[comp as usize] -= 1;
        comp
    }
}

/// Whether `t` neighbours `s` under `rel` whenever `s` neighbours `t`.
fn symmetric(board: &Board, rel: crate::board::Relation) -> bool {
    (0..board.len() as Site).all(|s| {
        board
            .neighbours(s, rel)
            .iter()
            .all(|&t| board.neighbours(t, rel).contains(&s))
    })
}

fn walk_gen_searches(k: &GenKind, out: &mut Vec<Option<(StepSearch, RegionE)>>) {
    let b = |c: &Option<BoolE>, out: &mut Vec<_>| {
        if let Some(c) = c {
            walk_bool(c, out)
        }
    };
    let e = |c: &Option<Effect>, out: &mut Vec<_>| {
        if let Some(c) = c {
            walk_effect(c, out)
        }
    };
    match k {
        GenKind::Select { from, from_if } => {
            walk_region(from, out);
            b(from_if, out);
        }
        GenKind::Capture(c) => {
            walk_int(&c.from, out);
            walk_int(&c.min, out);
            walk_int(&c.max, out);
            walk_bool(&c.target, out);
            walk_bool(&c.close, out);
            walk_effect(&c.apply, out);
            walk_int(&c.except, out);
        }
        GenKind::Shoot(s) => {
            walk_int(&s.from, out);
            b(&s.to_if, out);
        }
        GenKind::Leap(l) => {
            if let FromSpec::Region(r) = &l.from {
                walk_region(r, out);
            }
            b(&l.to_if, out);
            e(&l.to_apply, out);
        }
        GenKind::Add {
            to,
            to_if,
            to_apply,
            ..
        } => {
            walk_region(to, out);
            b(to_if, out);
            e(to_apply, out);
        }
        GenKind::FromTo {
            from,
            from_if,
            to,
            to_if,
            to_apply,
            ..
        } => {
            if let FromSpec::Region(r) = from {
                walk_region(r, out);
            }
            b(from_if, out);
            walk_region(to, out);
            b(to_if, out);
            e(to_apply, out);
        }
        GenKind::Step {
            from,
            to_if,
            to_apply,
            ..
        } => {
            if let FromSpec::Region(r) = from {
                walk_region(r, out);
            }
            b(to_if, out);
            e(to_apply, out);
        }
        GenKind::Hop {
            from,
            between_if,
            between_apply,
            to_if,
            to_apply,
            ..
        } => {
            if let FromSpec::Region(r) = from {
                walk_region(r, out);
            }
            b(between_if, out);
            e(between_apply, out);
            b(to_if, out);
            e(to_apply, out);
        }
        GenKind::Slide {
            from,
            between_if,
            to_if,
            ..
        } => {
            if let FromSpec::Region(r) = from {
                walk_region(r, out);
            }
            b(between_if, out);
            b(to_if, out);
        }
        GenKind::Remove { region } => walk_region(region, out),
        GenKind::HopRange(h) => {
            if let FromSpec::Region(r) = &h.from {
                walk_region(r, out);
            }
            for x in [&h.before, &h.min, &h.max, &h.after] {
                walk_int(x, out);
            }
            b(&h.between_if, out);
            e(&h.between_apply, out);
            b(&h.to_if, out);
            e(&h.to_apply, out);
        }
        GenKind::MaxMoves(_) => {}
        GenKind::Promote { site, .. } => walk_int(site, out),
        GenKind::ForEachPieceOf { .. } => {}
        GenKind::SlideFull(s) => {
            if let FromSpec::Region(r) = &s.from {
                walk_region(r, out);
            }
            walk_int(&s.min, out);
            walk_int(&s.max, out);
            b(&s.between_if, out);
            b(&s.to_if, out);
            e(&s.to_apply, out);
        }
        GenKind::ByPieceAt { from, .. } => {
            if let FromSpec::Region(r) = from {
                walk_region(r, out);
            }
        }
        GenKind::If(c, _, _) => walk_bool(c, out),
        GenKind::Do { if_afterwards, .. } => walk_bool(if_afterwards, out),
        GenKind::DoNext { prior, .. } => walk_effect(prior, out),
        GenKind::ForEachSite { region, .. } => walk_region(region, out),
        GenKind::Pass
        | GenKind::Propose(_)
        | GenKind::ForEachPiece(_)
        | GenKind::ByLastDirection(_)
        | GenKind::ByLastOpposite { .. }
        | GenKind::Or(_)
        | GenKind::Priority(_) => {}
    }
}

fn walk_effect(e: &Effect, out: &mut Vec<Option<(StepSearch, RegionE)>>) {
    match e {
        Effect::Mancala(m) => match &**m {
            MancalaEffect::MoveCount { from, to, count } => {
                walk_int(from, out);
                walk_int(to, out);
                if let Some(c) = count {
                    walk_int(c, out);
                }
            }
            MancalaEffect::Sow(s) => {
                walk_int(&s.start, out);
                s.count
                    .iter()
                    .chain(&s.owner)
                    .for_each(|x| walk_int(x, out));
                walk_bool(&s.cond, out);
                walk_bool(&s.origin, out);
                s.skip
                    .iter()
                    .chain(&s.backtracking)
                    .for_each(|x| walk_bool(x, out));
                s.apply
                    .iter()
                    .chain(&s.then)
                    .for_each(|x| walk_effect(x, out));
            }
            MancalaEffect::SetCount { at, count } => {
                walk_int(at, out);
                walk_int(count, out);
            }
        },
        Effect::Chess(c) => match &**c {
            ChessEffect::SetState { at, value } => {
                walk_int(at, out);
                walk_int(value, out);
            }
            ChessEffect::SetCounter(v) => walk_int(v, out),
        },
        Effect::Race(r) => match &**r {
            RaceEffect::SetPending(v) | RaceEffect::SetVar(v) => {
                v.iter().for_each(|x| walk_int(x, out))
            }
            RaceEffect::Roll(_) => {}
        },
        Effect::Play(p) => match &**p {
            PlayEffect::Trigger(x) => walk_int(x, out),
            PlayEffect::PendingSites(r) => walk_region(r, out),
        },
        Effect::MoveAgain | Effect::Propose(_) | Effect::Moves(_) => {}
        Effect::AddScore(_, v)
        | Effect::SetScore(_, v)
        | Effect::SetNextPlayer(v)
        | Effect::SetPlayerValue(_, v) => walk_int(v, out),
        Effect::Remove(r) | Effect::RemoveLater(r) => walk_region(r, out),
        Effect::Add { piece, to, .. } => {
            if let PieceSel::Expr(v) = piece {
                walk_int(v, out);
            }
            walk_region(to, out);
        }
        Effect::If(c, a, b) => {
            walk_bool(c, out);
            walk_effect(a, out);
            if let Some(b) = b {
                walk_effect(b, out);
            }
        }
        Effect::And(v) => v.iter().for_each(|e| walk_effect(e, out)),
        Effect::ForEachSite(r, e) => {
            walk_region(r, out);
            walk_effect(e, out);
        }
        Effect::Promote(s, piece) => {
            walk_int(s, out);
            if let PieceSel::Expr(v) = piece {
                walk_int(v, out);
            }
        }
    }
}

fn walk_int(e: &IntE, out: &mut Vec<Option<(StepSearch, RegionE)>>) {
    match e {
        IntE::Arith(_, v) => v.iter().for_each(|a| walk_int(a, out)),
        IntE::Abs(a) | IntE::SizeStack(a) | IntE::Who(a) | IntE::What(a) => walk_int(a, out),
        IntE::Last(_) | IntE::MovesThisTurn | IntE::PlayerValue(_) => {}
        IntE::MapEntry { key, .. } => walk_int(key, out),
        IntE::Regions(r) => match &**r {
            RegionsInt::Ahead { site, steps, .. } => {
                walk_int(site, out);
                walk_int(steps, out);
            }
            RegionsInt::WhereNamed { who: x, .. }
            | RegionsInt::WhereWhat(x)
            | RegionsInt::RowOf { site: x, .. } => walk_int(x, out),
        },
        IntE::Mancala(m) => match &**m {
            MancalaInt::CountAt(x) => walk_int(x, out),
            MancalaInt::CountIn(r) => walk_region(r, out),
        },
        IntE::Chess(c) => match &**c {
            ChessInt::StateAt(x) => walk_int(x, out),
            ChessInt::Counter => {}
        },
        IntE::Race(r) => match &**r {
            RaceInt::TrackSiteMove(m) => {
                walk_int(&m.from, out);
                walk_int(&m.player, out);
                walk_int(&m.steps, out);
            }
            RaceInt::PendingValue | RaceInt::PendingCount | RaceInt::Var => {}
            RaceInt::Pips(who, _) => walk_int(who, out),
        },
        IntE::Connect(c) => match &**c {
            ConnectInt::Connected(c) => {
                walk_int(&c.at, out);
                if let Some(x) = &c.number {
                    walk_int(x, out);
                }
                match &c.regions {
                    ConnRegions::List(v) => v.iter().for_each(|r| walk_region(r, out)),
                    ConnRegions::Owned(p, _) => walk_int(p, out),
                    ConnRegions::Static(_) => {}
                }
            }
            ConnectInt::Line(l) => {
                walk_int(&l.len, out);
                if let Some(t) = &l.through {
                    walk_int(t, out);
                }
                match &l.pieces {
                    LinePieces::AtPivot => {}
                    LinePieces::Owner(p) => walk_int(p, out),
                    LinePieces::Whats(v) => v.iter().for_each(|x| walk_int(x, out)),
                }
                if let Some(c) = &l.cond {
                    walk_bool(c, out);
                }
            }
        },
        IntE::Play(p) => match &**p {
            PlayInt::Triggered(x) => walk_int(x, out),
            PlayInt::Within(x, r) => {
                walk_int(x, out);
                walk_region(r, out);
            }
            PlayInt::Distance(a, b) => {
                walk_int(a, out);
                walk_int(b, out);
            }
        },
        IntE::If(c, a, b) => {
            walk_bool(c, out);
            walk_int(a, out);
            walk_int(b, out);
        }
        IntE::CountSites(r) => walk_region(r, out),
        IntE::CountPieces { region, .. } => {
            if let Some(r) = region {
                walk_region(r, out);
            }
        }
        IntE::CountGroups { cond, .. } => {
            if let Some(c) = cond {
                walk_bool(c, out);
            }
        }
        IntE::CountSteps {
            search,
            from,
            targets,
            id,
        } => {
            let i = *id as usize;
            if out.len() <= i {
                out.resize(i + 1, None);
            }
            out[i] = Some((search.clone(), (**targets).clone()));
            if let Some(c) = &search.enter {
                walk_bool(c, out);
            }
            walk_int(from, out);
            walk_region(targets, out);
        }
        IntE::CountAround { site, cond, .. } => {
            walk_int(site, out);
            if let Some(c) = cond {
                walk_bool(c, out);
            }
        }
        IntE::Const(_)
        | IntE::Role(_)
        | IntE::From
        | IntE::To
        | IntE::Between
        | IntE::Site
        | IntE::CountComps { .. }
        | IntE::CountPiecesOnBoard(_)
        | IntE::CountMoves
        | IntE::CountTurns
        | IntE::SizeAt(_)
        | IntE::Score(_)
        | IntE::HandSite(_) => {}
    }
}

fn walk_bool(b: &BoolE, out: &mut Vec<Option<(StepSearch, RegionE)>>) {
    match b {
        BoolE::Not(a) => walk_bool(a, out),
        BoolE::Parity { value, .. } => walk_int(value, out),
        BoolE::IsLineByLevel { len, through, .. } => {
            walk_int(len, out);
            if let Some(t) = through {
                walk_int(t, out);
            }
        }
        BoolE::IsFull | BoolE::CanMove(_) | BoolE::NoMoves(_) => {}
        BoolE::IsVisited(x) => walk_int(x, out),
        BoolE::Threatened(t) => {
            walk_int(&t.what, out);
            if let Some(x) = &t.at {
                walk_int(x, out);
            }
        }
        BoolE::And(v) | BoolE::Or(v) => v.iter().for_each(|a| walk_bool(a, out)),
        BoolE::Cmp(_, a, c) => {
            walk_int(a, out);
            walk_int(c, out);
        }
        BoolE::IsEmpty(a) | BoolE::IsOccupied(a) | BoolE::IsEnemy(a) | BoolE::IsFriend(a) => {
            walk_int(a, out)
        }
        BoolE::IsIn(a, r) => {
            walk_int(a, out);
            walk_region(r, out);
        }
        BoolE::IsLine { len, through, .. } => {
            walk_int(len, out);
            if let Some(t) = through {
                walk_int(t, out);
            }
        }
        BoolE::AllSites(r, c) => {
            walk_region(r, out);
            walk_bool(c, out);
        }
        BoolE::AllGroups { of, cond, .. } => {
            walk_bool(of, out);
            walk_bool(cond, out);
        }
        BoolE::WhoAt(_, _, v) | BoolE::WhatAt(_, _, v) => walk_int(v, out),
        BoolE::Const(_)
        | BoolE::IsPrevMover
        | BoolE::IsProposed(_)
        | BoolE::AllPassed
        | BoolE::EmptyAt(_)
        | BoolE::OccupiedAt(_)
        | BoolE::EnemyAt(_)
        | BoolE::FriendAt(_)
        | BoolE::SlotTests(_)
        | BoolE::AroundCmp { .. }
        | BoolE::StepsCmp { .. } => {}
    }
}

fn walk_region(r: &RegionE, out: &mut Vec<Option<(StepSearch, RegionE)>>) {
    match r {
        RegionE::Around {
            of, cond, distance, ..
        } => {
            walk_region(of, out);
            if let Some(c) = cond {
                walk_bool(c, out);
            }
            if let Some(d) = distance {
                walk_int(d, out);
            }
        }
        RegionE::Site(e) => walk_int(e, out),
        RegionE::List(v) => v.iter().for_each(|e| walk_int(e, out)),
        RegionE::Union(v) | RegionE::Intersection(v) => v.iter().for_each(|r| walk_region(r, out)),
        RegionE::Difference(a, b) => {
            walk_region(a, out);
            walk_region(b, out);
        }
        RegionE::Distance {
            search,
            from,
            exact,
        } => {
            if let Some(c) = &search.enter {
                walk_bool(c, out);
            }
            walk_int(from, out);
            walk_int(exact, out);
        }
        RegionE::LineOfSightFarthest { at, .. } => walk_int(at, out),
        RegionE::Filter(r, c) => {
            walk_region(r, out);
            walk_bool(c, out);
        }
        RegionE::If(c, a, b) => {
            walk_bool(c, out);
            walk_region(a, out);
            walk_region(b, out);
        }
        RegionE::Board
        | RegionE::Empty
        | RegionE::Corners
        | RegionE::Outer
        | RegionE::Inner
        | RegionE::Occupied { .. }
        | RegionE::Hand(_)
        | RegionE::CurrentGroup
        | RegionE::Fixed(_)
        | RegionE::PerPlayer { .. }
        | RegionE::ToClear
        | RegionE::SitesFrom(_)
        | RegionE::Pending => {}
        RegionE::StartOf(x) => walk_int(x, out),
    }
}
