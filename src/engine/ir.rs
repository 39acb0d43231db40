//! The typed rule tree the compile stage produces and the engine evaluates.
//! Every name is resolved at compile time: components are numbers, options
//! are gone, directions are enum values.

use crate::board::{Dir, Relation};

/// A player named by role, resolved against the state at play time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A fixed player number (`P1` = 1); 0 is Neutral.
    Player(u8),
    Mover,
    Next,
    Prev,
    /// Every player (only where a set of players makes sense).
    All,
    /// The players who are not the mover.
    Enemy,
}

/// Directions for a step, hop, slide or neighbourhood.
#[derive(Clone, Debug, PartialEq)]
pub enum DirSpec {
    Relation(Relation),
    Dirs(Vec<Dir>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    /// The comparison with its operands swapped: `a OP b` is
    /// `b OP.swapped() a`.
    pub fn swapped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            o => o,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Max,
    Min,
}

/// A site of the move context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    From,
    To,
    Between,
    Site,
}

/// Integer functions (sites and players are integers too, as in Ludii).
#[derive(Clone, Debug, PartialEq)]
pub enum IntE {
    Const(i32),
    Role(Role),
    From,
    To,
    Between,
    /// `(site)`: the site of the enclosing `forEach Site` / `all Sites` loop.
    Site,
    Arith(ArithOp, Vec<IntE>),
    Abs(Box<IntE>),
    If(Box<BoolE>, Box<IntE>, Box<IntE>),
    CountSites(Box<RegionE>),
    /// All pieces of a player (hand and board; every stone of a stack), or
    /// only those in a region.
    CountPieces {
        who: Role,
        region: Option<Box<RegionE>>,
        comps: Option<Vec<u8>>,
    },
    /// `(count Pieces P "Name")` for one player P (fixed, Mover, Next or
    /// Prev): the sum of the per-component counters over the named
    /// components that player owns; `by_player[p]` lists them for player p
    /// (a compile-time specialisation of `CountPieces` without a region).
    CountComps {
        who: Role,
        by_player: Vec<Vec<u8>>,
    },
    /// `(count Pieces WHO in:(sites Board))`: every stone of WHO's on the
    /// board, answered from the per-owner counters less the hands (a
    /// compile-time specialisation of `CountPieces` over the whole board).
    CountPiecesOnBoard(Role),
    CountMoves,
    CountTurns,
    /// Connected components of the sites where `cond` holds (`(to)` = site).
    CountGroups {
        dirs: DirSpec,
        cond: Option<Box<BoolE>>,
        min: i32,
    },
    /// Breadth-first distance (see [`StepSearch`]); `id` indexes the
    /// per-position cache.
    CountSteps {
        search: StepSearch,
        from: Box<IntE>,
        targets: Box<RegionE>,
        id: u32,
    },
    SizeStack(Box<IntE>),
    /// `(size Stack at:(to))` and the like.
    SizeAt(Slot),
    Score(Role),
    /// Owner (player) of the top piece at a site; 0 if empty or neutral.
    Who(Box<IntE>),
    /// Component number of the top piece at a site; 0 if empty.
    What(Box<IntE>),
    HandSite(Role),
    /// `(count Sites in:(sites Around X ...))` for a single site X, counted
    /// without building a region (a compile-time specialisation).
    CountAround {
        site: Box<IntE>,
        dirs: DirSpec,
        filter: Option<AroundFilter>,
        cond: Option<Box<BoolE>>,
    },
    /// `(last To)` / `(last From)`: a site of the last decision (-1 before
    /// the first). Reference interpreter only (see `src/dispatch.rs`).
    Last(LastSite),
    /// `(mapEntry ["Name"] KEY)`: the value of KEY in the game's maps
    /// (`pairs`: key, value; the named map's, or every map's in order), -1
    /// when no map holds it. Reference interpreter only.
    /// `(count MovesThisTurn)`: the decisions already made in this turn
    /// (Ludii's `numTurnSamePlayer`). Reference interpreter only.
    MovesThisTurn,
    MapEntry {
        pairs: Vec<(i32, i32)>,
        key: Box<IntE>,
    },
    /// Counts of seeds and maps (mancala). Reference interpreter only.
    Mancala(Box<MancalaInt>),
    /// Sites found by position: `(ahead ...)`, `(where ...)`, `(row
    /// of:X)`, `(column of:X)`. Reference interpreter only.
    Regions(Box<RegionsInt>),
    /// Tracks and pending values (race games). Reference interpreter only.
    Race(Box<RaceInt>),
    /// `(value Player P)` (see `src/interp/playervalue.rs`). Reference
    /// interpreter only.
    PlayerValue(Role),
    /// Piece states and the counter (chess family). Reference interpreter
    /// only (`src/interp/chess.rs`).
    Chess(Box<ChessInt>),
    /// Integers of the draughts, tafl and hunt games' moves (issue 24).
    /// Reference interpreter only (`src/interp/play.rs`).
    Play(Box<PlayInt>),
    /// Integers of the connection games (issue 24). Reference interpreter
    /// only (`src/interp/connect.rs`).
    Connect(Box<ConnectInt>),
}

/// Integer ludemes of the connection games (see `src/interp/connect.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum ConnectInt {
    /// `(is Connected ...)` as 0 or 1.
    Connected(Box<Connected>),
    /// `(is Line ...)` with `what:`, `whats:`, a player or `if:`, as 0 or
    /// 1 (`src/interp/lines.rs`).
    Line(Box<GeneralLine>),
}

/// `(is Line LEN [DIRS] [through:S] [exact:B] [P|what:X|whats:{X ...}]
/// [if:C])`: Ludii's `IsLine` outside stacks.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneralLine {
    pub len: IntE,
    pub dirs: DirSpec,
    pub exact: bool,
    /// The pivot (`(last To)` when absent).
    pub through: Option<IntE>,
    pub pieces: LinePieces,
    /// Holds (with `(to)` = the site) on the pivot and every site counted.
    pub cond: Option<BoolE>,
}

/// Which components a general line is made of.
#[derive(Clone, Debug, PartialEq)]
pub enum LinePieces {
    /// The pivot's component.
    AtPivot,
    /// Every component of this player.
    Owner(IntE),
    /// These components.
    Whats(Vec<IntE>),
}

/// `(is Connected [N] [at:S] [DIRS] REGIONS|ROLE|TYPE)`: Ludii's
/// `IsConnected`.
#[derive(Clone, Debug, PartialEq)]
pub struct Connected {
    /// How many of the regions to connect (all of them when absent).
    pub number: Option<IntE>,
    /// The site the group grows from (`(last To)` by default).
    pub at: IntE,
    pub dirs: DirSpec,
    pub regions: ConnRegions,
}

/// The regions `(is Connected ...)` connects.
#[derive(Clone, Debug, PartialEq)]
pub enum ConnRegions {
    /// `{REGION ...}`, evaluated at each test.
    List(Vec<RegionE>),
    /// A region type (`Sides`, `Corners`, `SidesNoCorners`): its sets.
    Static(Vec<crate::engine::sets::SiteSet>),
    /// A player's regions (`Mover`, `P1`, ...): per player number, the
    /// sets of each `(regions P ...)` item they own.
    Owned(IntE, Vec<Vec<crate::engine::sets::SiteSet>>),
}

/// Integer ludemes of the draughts, tafl and hunt games' moves (see
/// `src/interp/play.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum PlayInt {
    /// `(is Triggered "Event" P)` as 0 or 1: P was triggered (Ludii keeps
    /// one flag per player, whatever the event's name) and is still
    /// playing.
    Triggered(IntE),
    /// `(is Within PIECE in:REGION)` as 0 or 1: a piece of component
    /// PIECE stands (at any level) on a site of REGION.
    Within(IntE, RegionE),
    /// `(count Steps A B)` without a `(step ...)`: the number of steps
    /// from site A to site B along the board's Adjacent relation (Ludii's
    /// table `distancesToOtherSite`: 0 from a site to itself and to a site
    /// it cannot reach; 0 for an off-board site).
    Distance(IntE, IntE),
}

/// Effects of the draughts, tafl and hunt games' moves (see
/// `src/interp/play.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum PlayEffect {
    /// `(trigger "Event" P)`: sets P's triggered flag (for the rest of the
    /// game).
    Trigger(IntE),
    /// `(set Pending REGION)`: each site of REGION becomes a pending value
    /// (Ludii's `SetPending` with a region: nothing when it is empty).
    PendingSites(RegionE),
}

/// Integer ludemes of sites and regions (see `src/interp/regions.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum RegionsInt {
    /// `(ahead SITE [steps:N] DIR)`: N sites on from SITE in direction DIR
    /// (SITE itself when there are not that many; -1 for no site).
    Ahead {
        site: IntE,
        steps: IntE,
        dir: crate::board::Dir,
    },
    /// `(where "Name" P)`: the lowest board site holding P's piece of
    /// that name (`by_player[p]`: P's components of it), -1 if none.
    WhereNamed { who: IntE, by_player: Vec<Vec<u8>> },
    /// `(where WHAT)`: the lowest board site holding component WHAT.
    WhereWhat(IntE),
    /// `(row of:X)` (`column: false`) or `(column of:X)`.
    RowOf { site: IntE, column: bool },
}

/// Which site of the last decision `(last ...)` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastSite {
    From,
    To,
    /// `afterConsequence:True`: of the last action of the last decision
    /// with its consequences.
    FromAfter,
    ToAfter,
}

/// The step relation of a search (`(step DIRS (to if:C))`).
#[derive(Clone, Debug, PartialEq)]
pub struct StepSearch {
    pub dirs: DirSpec,
    /// A site may be entered only where this holds (with `(to)` = the site).
    pub enter: Option<Box<BoolE>>,
    /// True when `enter` reads nothing of the move context but `(to)`, so a
    /// search can be cached per position.
    pub cacheable: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BoolE {
    Const(bool),
    Not(Box<BoolE>),
    And(Vec<BoolE>),
    Or(Vec<BoolE>),
    Cmp(CmpOp, Box<IntE>, Box<IntE>),
    IsEmpty(Box<IntE>),
    IsOccupied(Box<IntE>),
    /// `(is Enemy P)`: P is a player other than the mover (not neutral).
    IsEnemy(Box<IntE>),
    /// `(is Friend P)` / `(is Mover P)`: P is the mover.
    IsFriend(Box<IntE>),
    IsIn(Box<IntE>, Box<RegionE>),
    /// `(is Prev Mover)`: the previous decision was the mover's.
    IsPrevMover,
    IsProposed(u32),
    IsLine {
        len: Box<IntE>,
        dirs: DirSpec,
        exact: bool,
        through: Option<Box<IntE>>,
    },
    AllPassed,
    /// `(all Sites R if:C)`, `(site)` bound to each site.
    AllSites(Box<RegionE>, Box<BoolE>),
    /// `(all Groups DIRS of:C if:D)`: every group of sites where C holds
    /// satisfies D (with `(sites)` = the group).
    AllGroups {
        dirs: DirSpec,
        of: Box<BoolE>,
        cond: Box<BoolE>,
    },
    /// `(is Empty (to))` and the like, specialised to a context site.
    EmptyAt(Slot),
    OccupiedAt(Slot),
    /// `(is Enemy (who at:(to)))`: the top piece there is an enemy's.
    EnemyAt(Slot),
    /// `(is Friend (who at:(to)))` / `(is Mover (who at:(to)))`.
    FriendAt(Slot),
    /// `(= (who at:(to)) X)` and the like.
    WhoAt(Slot, CmpOp, Box<IntE>),
    /// `(= (what at:(to)) X)` and the like.
    WhatAt(Slot, CmpOp, Box<IntE>),
    /// A conjunction of tests that read only the cells at context sites
    /// (and the mover): a compile-time fusion of small conditions such as
    /// `(and (is Enemy (who at:(to))) (<= (+ (size Stack at:(from)) (size
    /// Stack at:(to))) 3))`, evaluated in one flat loop (see
    /// `compile::fuse`).
    SlotTests(Vec<SlotTest>),
    /// `(OP (count Sites in:(sites Around (to) [FILTER])) K)` (either way
    /// round) for a context site and a constant `K`, read as `count OP K`:
    /// the neighbours are counted in place and the count stops as soon as
    /// the comparison is decided (a compile-time specialisation of `Cmp`
    /// over [`IntE::CountAround`] without `if:`).
    AroundCmp {
        slot: Slot,
        dirs: DirSpec,
        filter: Option<AroundFilter>,
        op: CmpOp,
        k: i32,
    },
    /// `(OP A B)` where each side is a cacheable `(count Steps ...)` from a
    /// context site, maybe plus or minus a constant, or a constant, and at
    /// least one is a `count Steps`: both read from the position's table of
    /// answers (`engine/steps.rs`), a compile-time specialisation of `Cmp`
    /// (see `compile/steps.rs`).
    StepsCmp {
        op: CmpOp,
        a: StepsTerm,
        b: StepsTerm,
    },
    /// `(is Even X)` / `(is Odd X)`: the parity of X (`odd` = true for Odd).
    /// Reference interpreter only.
    Parity {
        odd: bool,
        value: Box<IntE>,
    },
    /// `(is Full)`: the board has no empty site. Reference interpreter only.
    IsFull,
    /// `(is Line N byLevel:True [through:S])` in a stacking game: a line
    /// of N pieces like the top one at S, on one level, across levels
    /// diagonally, or down S's stack. Reference interpreter only.
    IsLineByLevel {
        len: Box<IntE>,
        dirs: DirSpec,
        through: Option<Box<IntE>>,
    },
    /// `(can Move M)`: M has a move; the index names M's generator in
    /// `Game::deferred_gens`. Reference interpreter only.
    CanMove(u32),
    /// `(no Moves WHO)`: WHO has no move. Reference interpreter only.
    NoMoves(Role),
    /// `(is Visited S)`: an earlier decision of this turn went from or to
    /// S. Reference interpreter only.
    IsVisited(Box<IntE>),
    /// `(is Threatened (id ...) [at:S])`. Reference interpreter only
    /// (`src/interp/chess.rs`).
    Threatened(Box<Threatened>),
}

/// One side of [`BoolE::StepsCmp`]: a cached `(count Steps ...)` (its
/// cache slot `id`) from the context site in `slot`, plus `plus`; or, with
/// `id` = [`StepsTerm::CONST`], the constant `plus`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepsTerm {
    pub id: u32,
    pub slot: Slot,
    pub plus: i32,
}

impl StepsTerm {
    pub const CONST: u32 = u32::MAX;
}

/// One test of [`BoolE::SlotTests`]; each means exactly what the condition
/// it replaces means.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SlotTest {
    /// [`BoolE::EmptyAt`]
    Empty(Slot),
    /// [`BoolE::OccupiedAt`]
    Occupied(Slot),
    /// [`BoolE::EnemyAt`]
    Enemy(Slot),
    /// [`BoolE::FriendAt`]
    Friend(Slot),
    /// [`BoolE::WhoAt`] with a constant or a role.
    Who(Slot, CmpOp, SlotVal),
    /// [`BoolE::WhatAt`] with a constant or a role.
    What(Slot, CmpOp, SlotVal),
    /// The stack height at a slot, plus that at a second one if given,
    /// compared with a constant: `(Cmp op (+ (SizeAt a) (SizeAt b)) k)`.
    Size(Slot, Option<Slot>, CmpOp, i32),
}

/// The value side of a [`SlotTest`]: `IntE::Const` or `IntE::Role`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SlotVal {
    Const(i32),
    Role(Role),
}

/// Which pieces `(sites Around ...)` keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AroundFilter {
    Own,
    Enemy,
    Empty,
    Occupied,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RegionE {
    Board,
    Empty,
    Corners,
    Outer,
    Inner,
    /// Sites whose top piece belongs to `who` (`Role::All`: any piece).
    Occupied {
        who: Role,
        board_only: bool,
    },
    Around {
        of: Box<RegionE>,
        dirs: DirSpec,
        filter: Option<AroundFilter>,
        cond: Option<Box<BoolE>>,
        distance: Option<Box<IntE>>,
        include_self: bool,
    },
    /// A single site (an integer used as a region).
    Site(Box<IntE>),
    /// `(sites {...})`
    List(Vec<IntE>),
    Union(Vec<RegionE>),
    Intersection(Vec<RegionE>),
    Difference(Box<RegionE>, Box<RegionE>),
    /// `(sites Distance STEP from:X (exact N))`
    Distance {
        search: StepSearch,
        from: Box<IntE>,
        exact: Box<IntE>,
    },
    /// `(sites LineOfSight Farthest at:X DIRS)`
    LineOfSightFarthest {
        at: Box<IntE>,
        dirs: DirSpec,
    },
    /// The hand sites of a player.
    Hand(Role),
    /// `(forEach R if:C)`: the sites of R where C holds (`(site)` bound).
    Filter(Box<RegionE>, Box<BoolE>),
    /// `(sites)` inside `all Groups`: the current group.
    CurrentGroup,
    If(Box<BoolE>, Box<RegionE>, Box<RegionE>),
    /// A region that depends only on the board, computed at compile time.
    Fixed(super::sets::SiteSet),
    /// `(sites Mover)`, `(sites Next "Home")`, ...: the equipment regions of
    /// the player `who` names now; `sets[p]` is player p's (fixed) union.
    PerPlayer {
        who: Role,
        sets: Vec<super::sets::SiteSet>,
    },
    /// `(sites ToClear)`: the sites marked by `(remove ... at:EndOfTurn)`
    /// this turn. Reference interpreter only.
    ToClear,
    /// `(sites Start (piece X))`: the sites where the start rules put
    /// component X. Reference interpreter only (`src/interp/chess.rs`).
    StartOf(Box<IntE>),
    /// `(sites Pending)`: the pending values that are sites. Reference
    /// interpreter only.
    Pending,
    /// `(sites From MOVES)`: the origins of the moves MOVES makes now (the
    /// generator of `deferred_gens` at this index, as `BoolE::CanMove`).
    /// Reference interpreter only (`src/interp/play.rs`).
    SitesFrom(u32),
}

impl RegionE {
    /// The parts of `(sites Around OF REL FILTER)` taken by one relation,
    /// without a condition or a distance: (OF, REL, FILTER, whether OF's
    /// own sites count too); None for any other region.
    #[inline(always)]
    pub(crate) fn around_by_relation(
        &self,
    ) -> Option<(&RegionE, Relation, Option<AroundFilter>, bool)> {
        match self {
            RegionE::Around {
                of,
                dirs: DirSpec::Relation(rel),
                filter,
                cond: None,
                distance: None,
                include_self,
            } => Some((of, *rel, *filter, *include_self)),
            _ => None,
        }
    }
}

/// Which component an `add` puts down.
#[derive(Clone, Debug, PartialEq)]
pub enum PieceSel {
    /// A fixed component number.
    Component(u8),
    /// A component number computed at play time (`(piece (next))`).
    Expr(IntE),
    /// A named piece for a player (`(id "Marker" Mover)`).
    OfPlayer { base: Vec<u8>, who: Role },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    MoveAgain,
    AddScore(Role, IntE),
    SetScore(Role, IntE),
    /// Removes the top piece at every site of the region.
    Remove(RegionE),
    /// Adds one piece at every site of the region.
    Add {
        piece: PieceSel,
        to: RegionE,
        stack: bool,
    },
    If(BoolE, Box<Effect>, Option<Box<Effect>>),
    And(Vec<Effect>),
    ForEachSite(RegionE, Box<Effect>),
    /// `(set NextPlayer (player N))`
    SetNextPlayer(IntE),
    Propose(u32),
    /// Replaces the top piece at a site by another component.
    Promote(IntE, PieceSel),
    /// Moves used as a consequence (`(then (move ...))`): every move of
    /// the generator node, made on the state before any is applied, then
    /// each applied with its own consequences. Reference interpreter only.
    Moves(u32),
    /// Sowing and moves of several seeds (mancala). Reference interpreter
    /// only.
    Mancala(Box<MancalaEffect>),
    /// `(remove R at:EndOfTurn)`: every occupied site of R is marked "to
    /// clear" (`(sites ToClear)`); the marked pieces go when a decision
    /// ends the turn. Reference interpreter only (`interp/hops.rs`).
    RemoveLater(RegionE),
    /// Pending values (race games). Reference interpreter only.
    Race(Box<RaceEffect>),
    /// `(set Value P X)`: player P's value (see
    /// `src/interp/playervalue.rs`). Reference interpreter only.
    SetPlayerValue(Role, IntE),
    /// Piece states and the counter (chess family). Reference interpreter
    /// only (`src/interp/chess.rs`).
    Chess(Box<ChessEffect>),
    /// Effects of the draughts, tafl and hunt games' moves. Reference
    /// interpreter only (`src/interp/play.rs`).
    Play(Box<PlayEffect>),
}

/// Where a move's piece comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum FromSpec {
    /// `(from)` of the enclosing `forEach Piece`.
    Current,
    Region(RegionE),
}

/// A node of the compiled move-generator tree. Leaves make moves; every
/// node may carry consequences (`then`), applied innermost first.
#[derive(Clone, Debug, PartialEq)]
pub struct GenNode {
    pub kind: GenKind,
    pub then: Option<Effect>,
    pub parent: Option<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum GenKind {
    Add {
        piece: PieceSel,
        to: RegionE,
        to_if: Option<BoolE>,
        to_apply: Option<Effect>,
        stack: bool,
    },
    FromTo {
        from: FromSpec,
        from_if: Option<BoolE>,
        to: RegionE,
        to_if: Option<BoolE>,
        to_apply: Option<Effect>,
        stack: bool,
    },
    Step {
        from: FromSpec,
        dirs: DirSpec,
        to_if: Option<BoolE>,
        to_apply: Option<Effect>,
        stack: bool,
    },
    Hop {
        from: FromSpec,
        dirs: DirSpec,
        min: i32,
        max: i32,
        between_if: Option<BoolE>,
        between_apply: Option<Effect>,
        to_if: Option<BoolE>,
        to_apply: Option<Effect>,
        stack: bool,
    },
    Slide {
        from: FromSpec,
        dirs: DirSpec,
        between_if: Option<BoolE>,
        to_if: Option<BoolE>,
        stack: bool,
        /// `(to (apply if:C))`: the slide may stop only where C holds (it
        /// passes the other free sites). Reference interpreter only.
        land_if: Option<Box<BoolE>>,
    },
    Remove {
        region: RegionE,
    },
    Pass,
    Propose(u32),
    /// For each site holding a piece of the mover with moves of its own:
    /// `(comp, generator)` pairs.
    ForEachPiece(Vec<(u8, u32)>),
    Or(Vec<u32>),
    Priority(Vec<u32>),
    If(BoolE, u32, Option<u32>),
    /// `(do M ifAfterwards:C)`: M's moves after which C holds.
    Do {
        moves: u32,
        if_afterwards: BoolE,
        /// Set when the condition is `(= 1 (count Groups if:(is Occupied
        /// (to))))` over a relation: then a move that only empties its
        /// origin can be judged by the articulation points of the position.
        connected: Option<crate::board::Relation>,
    },
    /// `(do E next:M)`: the moves of M in the position after the effect
    /// E (e.g. `(roll)`); each plays E first. With `pass` (a game with
    /// dice), no move of M is a pass that plays E. Reference interpreter
    /// only (`src/interp/dice.rs`).
    DoNext {
        prior: Effect,
        next: u32,
        pass: bool,
    },
    /// `(forEach Site R M)`: M for each site of R with `(site)` bound.
    ForEachSite {
        region: RegionE,
        moves: u32,
    },
    /// `(move Select (from R if:C))`: a site of R where C holds is chosen
    /// (from = to = that site); nothing moves, the consequences act.
    /// Reference interpreter only.
    Select {
        from: RegionE,
        from_if: Option<BoolE>,
    },
    /// `(custodial ...)` / `(intervene ...)`: one move per captured site
    /// (its effect applied with `(between)` and `(to)` = the site).
    /// Reference interpreter only (see `src/interp/captures.rs`).
    Capture(Box<Capture>),
    /// `(move Shoot (piece P) ...)`: P added on each site along each
    /// direction from a site while the sites are free. Reference
    /// interpreter only.
    Shoot(Box<Shoot>),
    /// `(move Leap WALKS ...)`: a piece carried to the end of each walk.
    /// Reference interpreter only.
    Leap(Box<Leap>),
    /// A hop with Ludii's every argument (`before:`, `after:`, a hurdle
    /// length range of expressions). Reference interpreter only
    /// (`interp/hops.rs`).
    HopRange(Box<HopRange>),
    /// `(max Moves M)`: the moves of M that start the longest run of
    /// decisions of the same player. Reference interpreter only.
    MaxMoves(u32),
    /// `(move Promote SITE (piece X|{X ...}) [WHO])` as a decision: one
    /// move per piece, replacing the piece at SITE (from = to = SITE).
    /// Reference interpreter only.
    Promote {
        site: IntE,
        pieces: Vec<PieceSel>,
    },
    /// `(move Slide ...)` with Ludii's every argument (a range of
    /// distances, `(to ... (apply E))`). Reference interpreter only
    /// (`src/interp/chess.rs`).
    SlideFull(Box<SlideFull>),
    /// `(forEach Piece WHO)` for a player WHO other than the mover: the
    /// moves of WHO's pieces, made with WHO as the mover (and the mover
    /// as the previous one). Reference interpreter only
    /// (`src/interp/chess.rs`).
    ForEachPieceOf {
        who: Role,
        list: Vec<(u8, u32)>,
    },
    /// A move with relative directions outside a piece's own moves: for
    /// each origin of `from` holding a piece, the copy of the move compiled
    /// for that piece's component (`(comp, generator)`), with `(from)` =
    /// the origin. Reference interpreter only (`compile/by_piece.rs`).
    ByPieceAt {
        from: FromSpec,
        list: Vec<(u8, u32)>,
    },
    /// A move with `SameDirection`: the copy compiled for the direction
    /// of the last move (`(dir index, generator)`: the first direction
    /// from `(last From)` whose line reaches `(last To)`); none without
    /// one. Reference interpreter only (`compile/by_piece.rs`).
    ByLastDirection(Vec<(u8, u32)>),
    /// A move with `(difference D OppositeDirection)`: the copy compiled
    /// without the direction from `(last To)` back to `(last From)` (the
    /// first whose line reaches it), or `none` without one. Reference
    /// interpreter only (`compile/dirchoice.rs`).
    ByLastOpposite {
        list: Vec<(u8, u32)>,
        none: u32,
    },
}

/// Which capture ludeme a [`Capture`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureKind {
    /// Enemies in a line from the origin, closed by a friend.
    Custodial,
    /// Enemies on both sides of the origin, in opposite directions.
    Intervene,
    /// Enemies next to the origin with friends (or the origin) all around.
    Surround,
}

/// `(custodial|intervene (from F) DIRS (between RANGE if:C (apply E))
/// (to if:D (apply E)))`.
#[derive(Clone, Debug, PartialEq)]
pub struct Capture {
    pub kind: CaptureKind,
    pub from: IntE,
    pub dirs: DirSpec,
    pub min: IntE,
    pub max: IntE,
    /// A site that can be captured (custodial: `(between)`; intervene:
    /// `(to)`).
    pub target: BoolE,
    /// Custodial: the site that closes the line (`(to)`).
    pub close: BoolE,
    /// The effect on each captured site.
    pub apply: Effect,
    /// Surround: how many sites around may fail `close` (`except:`).
    pub except: IntE,
    /// Surround: a component one of the sites around must hold (`with:`).
    pub with: Option<PieceSel>,
}

/// `(move Shoot (piece P) [(from F)] [DIR] [(to if:C)])`.
#[derive(Clone, Debug, PartialEq)]
pub struct Shoot {
    pub piece: PieceSel,
    pub from: IntE,
    pub dirs: DirSpec,
    /// Where the shot may land (`(to)` = the site); none: an empty site.
    pub to_if: Option<BoolE>,
}

/// One step of a leap's walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkStep {
    F,
    R,
    L,
}

/// `(move Leap [(from F)] WALKS [forward:B] [rotations:B] (to if:C (apply E)))`.
#[derive(Clone, Debug, PartialEq)]
pub struct Leap {
    pub from: FromSpec,
    pub walks: Vec<Vec<WalkStep>>,
    /// `forward:True`: the way the leaping piece faces (only sites ahead).
    pub forward: Option<crate::board::Dir>,
    pub rotations: bool,
    /// The board's orthogonal directions, in compass order (where walks
    /// start and turn).
    pub ortho: Vec<crate::board::Dir>,
    pub to_if: Option<BoolE>,
    pub to_apply: Option<Effect>,
}

/// `(move Hop ...)` / `(hop ...)` with `(between [RANGE] [before:B]
/// [after:A] ...)`: over at most B sites where the landing condition holds,
/// a run of MIN..MAX hurdles, then onto a site at most A beyond.
#[derive(Clone, Debug, PartialEq)]
pub struct HopRange {
    pub from: FromSpec,
    pub dirs: DirSpec,
    pub before: IntE,
    pub min: IntE,
    pub max: IntE,
    pub after: IntE,
    pub between_if: Option<BoolE>,
    pub between_apply: Option<Effect>,
    pub to_if: Option<BoolE>,
    pub to_apply: Option<Effect>,
    pub stack: bool,
}

/// How a game result is given.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultSpec {
    /// `(result ROLE Win|Loss|Draw)`
    Result(Role, ResultKind),
    /// `(byScore {(score P E) ...})`
    ByScore(Vec<(u8, IntE)>, bool),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKind {
    Win,
    Loss,
    Draw,
}

/// One flattened end rule: when `cond` holds, `result` applies.
#[derive(Clone, Debug, PartialEq)]
pub struct EndRule {
    pub cond: BoolE,
    pub result: ResultSpec,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NextPhase {
    /// Whose phase changes: `Some(Role::Mover)`, or `None` for everyone.
    pub who: Option<Role>,
    pub cond: BoolE,
    pub to: u8,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Phase {
    pub name: String,
    /// A phase written for one player only (`(phase "Setup" P2 ...)`).
    pub owner: Option<u8>,
    pub play: u32,
    pub end: Vec<EndRule>,
    pub next: Vec<NextPhase>,
}

/// A component (piece kind for one owner): `Disc1`, `Disc2`, `Disc0`.
#[derive(Clone, Debug, PartialEq)]
pub struct Component {
    pub name: String,
    pub base: String,
    pub owner: u8,
}

/// Start rules.
#[derive(Clone, Debug, PartialEq)]
pub enum StartRule {
    /// Place one `comp` on every site of the region.
    Place {
        comp: u8,
        region: RegionE,
        count: u16,
    },
    /// Put `count` pieces of `comp` in its owner's hand.
    PlaceHand {
        comp: u8,
        count: u16,
    },
    SetNextPlayer(u8),
    SetScore(u8, i32),
    /// `(set Count N to:R)`: N pieces of `comp` on every site of R.
    SetCount {
        comp: u8,
        region: RegionE,
        count: u16,
    },
    /// `(place ... state:N)`: the pieces on every site of R get state N.
    /// Reference interpreter only.
    SetState {
        region: RegionE,
        state: i32,
    },
}

/// Integer ludemes of the mancala games (see `src/interp/mancala.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum MancalaInt {
    /// `(count at:X)`: the pieces at site X.
    CountAt(IntE),
    /// `(count in:R)`: the pieces on the sites of R.
    CountIn(RegionE),
}

/// Effects of the mancala games (see `src/interp/mancala.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum MancalaEffect {
    /// `(fromTo (from A) (to B) [count:N])` as an effect: N pieces (1)
    /// from A to B.
    MoveCount {
        from: IntE,
        to: IntE,
        count: Option<IntE>,
    },
    /// `(sow ...)`.
    Sow(Box<Sow>),
    /// `(set Count at:X N)`: the pieces at X become N of their kind.
    SetCount { at: IntE, count: IntE },
}

/// `(sow [START] [count:N] ["Track"] [owner:P] [if:C] [apply:E]
/// [includeSelf:B] [origin:B] [skipIf:C] [backtracking:C] [(then E)])`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sow {
    /// Where the seeds are taken (default `(last To)`).
    pub start: IntE,
    /// How many are sown (default: all at `start`).
    pub count: Option<IntE>,
    /// The tracks the name selects (all when no name), in board order.
    pub tracks: Vec<crate::board::track::Track>,
    pub named: Option<String>,
    pub owner: Option<IntE>,
    pub cond: BoolE,
    pub apply: Option<Effect>,
    pub include_self: bool,
    pub origin: BoolE,
    pub skip: Option<BoolE>,
    pub backtracking: Option<BoolE>,
    pub then: Option<Effect>,
}

/// Meta rules that only the reference interpreter plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MetaRules {
    /// `(swap)`: at the decision numbered `players - 1` (the second of a
    /// two-player game) the mover may also swap sides with the first
    /// player and move again.
    pub swap: bool,
    /// `(noRepeat [InGame|Situational])`: a move (not a pass) is illegal
    /// when the position after it (pieces, phases, sides) was seen at the
    /// end of an earlier turn of the game.
    pub no_repeat_game: bool,
    /// The game reads or sets piece states (`state:`, `(state at:)`,
    /// `(set State ...)`): the interpreter keeps a state per site.
    pub piece_state: bool,
}

/// Integer ludemes of the race games (see `src/interp/race.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum RaceInt {
    /// `(trackSite Move [from:X] [ROLE|"Name"] steps:N)`: the site N
    /// elements after X on the player's track (-1 when off an open track).
    TrackSiteMove(Box<TrackMove>),
    /// `(value Pending)`: the pending value when there is exactly one,
    /// else 0.
    PendingValue,
    /// How many pending values there are (`(is Pending)` is this > 0).
    PendingCount,
    /// `(var)`: the value `(set Var ...)` last stored (-1 before).
    Var,
    /// `(count Pips [ROLE|of:P])`: the sum of the current values of the
    /// first `(dice ...)` owned by the player (0: shared), 0 if none.
    Pips(IntE, Vec<DiceSet>),
}

/// One `(dice ...)` of the equipment (see `src/interp/dice.rs`): its
/// owner (0: shared) and, per die, its faces' values.
#[derive(Clone, Debug, PartialEq)]
pub struct DiceSet {
    pub owner: u8,
    pub faces: Vec<Vec<i32>>,
}

/// Effects of the race games (see `src/interp/race.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum RaceEffect {
    /// `(set Pending [X])`: X (1 without a value) becomes pending until
    /// the next decision is applied.
    SetPending(Option<IntE>),
    /// `(set Var [X])`: X (-1 without a value) is stored for `(var)`.
    SetVar(Option<IntE>),
    /// `(roll)`: every die of every `(dice ...)` is rolled, in order.
    Roll(Vec<DiceSet>),
}

/// The arguments of `(trackSite Move ...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct TrackMove {
    pub from: IntE,
    pub player: IntE,
    pub name: Option<String>,
    pub steps: IntE,
    /// Every track of the board, in board order.
    pub tracks: Vec<crate::board::track::Track>,
}

/// Integer ludemes of piece states (see `src/interp/chess.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum ChessInt {
    /// `(state at:X)`: the state of the piece at X (0 when none).
    StateAt(IntE),
    /// `(counter)`: Ludii's counter (-1 at the start, one more after each
    /// decision's end rules, `(set Counter)` sets it).
    Counter,
}

/// Effects on piece states (see `src/interp/chess.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum ChessEffect {
    /// `(set State at:X V)`: the piece at X gets state V.
    SetState { at: IntE, value: IntE },
    /// `(set Counter [V])` (V = -1 without a value).
    SetCounter(IntE),
}

/// `(is Threatened WHAT [at:S])`: an enemy of WHAT's owner, to move in
/// the position, has a move (its play rules, with nested threats false)
/// to S (default: the lowest site holding WHAT).
#[derive(Clone, Debug, PartialEq)]
pub struct Threatened {
    pub what: IntE,
    pub at: Option<IntE>,
}

/// `(move Slide [(from F)] [DIRS] [(between [(exact N)|(range A B)]
/// [if:B])] [(to [if:C] [(apply E)])])`: along each radial, sites
/// 1..=MAX: a site where C holds (at distance >= MIN) ends the slide with
/// a move there, E applied; else the slide goes on while B holds (no B:
/// empty), with a move at each distance >= MIN.
#[derive(Clone, Debug, PartialEq)]
pub struct SlideFull {
    pub from: FromSpec,
    pub dirs: DirSpec,
    pub min: IntE,
    pub max: IntE,
    pub between_if: Option<BoolE>,
    pub to_if: Option<BoolE>,
    pub to_apply: Option<Effect>,
    pub stack: bool,
}

/// A game's end rules as they read after a decision that moves again:
/// `Next` is then the mover (`compile/reference.rs`). The engine uses them
/// in place of `Game::end` and each phase's `end` for such a decision.
#[derive(Clone, Debug, Default)]
pub struct EndAfterAgain {
    pub end: Vec<EndRule>,
    /// (phase index, its end rules)
    pub phases: Vec<(usize, Vec<EndRule>)>,
}
