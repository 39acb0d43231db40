//! The compile stage: the expanded syntax tree becomes a typed rule tree
//! ([`crate::engine::Game`]). Names are resolved here once; unknown ludemes,
//! wrong or missing arguments and ludemes we do not implement are located
//! errors.

mod args;
mod by_piece;
mod captures;
mod chess;
mod chessvar;
mod conditions;
mod connect;
mod dice;
mod dirchoice;
mod end_foreach;
mod exprs;
mod foreach_piece;
mod fuse;
mod hands;
mod hops;
mod lines;
mod ludii_names;
mod mancala;
mod meta;
mod moves;
mod pieces;
mod play;
mod playervalue;
mod race;
mod reference;
mod regions;
mod steps;

use crate::board::Board;
use crate::diag::{Diagnostic, Result};
use crate::engine::Game;
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};
use args::Args;
use ludii_names::{LUDII_ARGUMENTS, LUDII_CONSTANTS, LUDII_LUDEMES};

/// Whether `name` is a ludeme of Ludii's (`(is ...)`, `(regions ...)`).
pub(crate) fn is_ludii_ludeme(name: &str) -> bool {
    LUDII_LUDEMES.binary_search(&name).is_ok()
}

/// Whether `word` is a constant of Ludii's (`Loop`, `Bottom`, `Even`).
pub(crate) fn is_ludii_constant(word: &str) -> bool {
    LUDII_CONSTANTS.binary_search(&word).is_ok()
}

/// Whether `name` names an argument of some Ludii ludeme (`through:`).
pub(crate) fn is_ludii_argument(name: &str) -> bool {
    LUDII_ARGUMENTS.binary_search(&name).is_ok()
}

/// Ludii ludemes this engine knows by name but does not implement: using one
/// is a clear "not supported" error, never silently ignored.
const UNSUPPORTED: &[&str] = &[
    "deck",
    "domino",
    "tile",
    "card",
    "shoot",
    "trigger",
    "vote",
    "claim",
    "select",
    "bet",
    "note",
    "swap",
    "leap",
    "enclose",
    "directional",
    "flip",
    "push",
    "satisfy",
    "while",
    "repeat",
    "seq",
    "mode",
    "dominoes",
    "graph",
    "tiling",
    "spiral",
    "merge",
    "shift",
];

/// Kind words of Ludii ludemes (`(move Shoot ...)`, `(forEach Player ...)`,
/// `(is Connected ...)`, `(count Rows)` ...) that this engine does not
/// implement: written after a ludeme we know, they are "not supported", not
/// typos.
const UNSUPPORTED_KINDS: &[&str] = &[
    "Claim",
    "Swap",
    "Vote",
    "Bet",
    "Set",
    "Promote",
    "Random",
    "Play",
    "Player",
    "Players",
    "Value",
    "Direction",
    "Group",
    "Level",
    "Team",
    "Die",
    "Dice",
    "Phase",
    "Track",
    "Connected",
    "Loop",
    "Pattern",
    "Threatened",
    "Full",
    "Repeat",
    "Target",
    "Pending",
    "Active",
    "Related",
    "Within",
    "Cells",
    "Vertices",
    "Edges",
    "Pips",
    "LegalMoves",
    "Side",
    "Column",
    "Row",
    "Hint",
];

/// Every ludeme head the compile stage reads somewhere, for "did you mean".
const KNOWN_HEADS: &[&str] = &[
    "ahead",
    "where",
    "row",
    "column",
    "coord",
    "custodial",
    "intervene",
    "surround",
    "game",
    "players",
    "equipment",
    "rules",
    "board",
    "piece",
    "hand",
    "start",
    "play",
    "end",
    "phase",
    "nextPhase",
    "place",
    "result",
    "byScore",
    "score",
    "meta",
    "no",
    "then",
    "apply",
    "range",
    "directions",
    "step",
    "exact",
    "move",
    "hop",
    "forEach",
    "or",
    "priority",
    "if",
    "do",
    "moveAgain",
    "addScore",
    "set",
    "remove",
    "add",
    "and",
    "promote",
    "not",
    "=",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "is",
    "all",
    "mover",
    "next",
    "prev",
    "from",
    "to",
    "between",
    "site",
    "player",
    "+",
    "-",
    "*",
    "/",
    "%",
    "max",
    "min",
    "abs",
    "count",
    "size",
    "who",
    "what",
    "id",
    "handSite",
    "centrePoint",
    "sites",
    "difference",
    "intersection",
    "union",
    "expand",
    "regions",
];

/// What a ludeme that can stand in one place only is (`(sites ...)` is a
/// region), for "a region where a move is expected".
fn kind_of_head(head: &str) -> Option<&'static str> {
    Some(match head {
        "sites" | "difference" | "intersection" | "union" | "expand" => "a region",
        "is" | "not" | "=" | "!=" | "<" | "<=" | ">" | ">=" | "all" => "a condition",
        "mover" | "next" | "prev" | "site" | "player" | "+" | "-" | "*" | "/" | "%" | "max"
        | "min" | "abs" | "count" | "size" | "who" | "what" | "id" | "handSite" | "centrePoint" => {
            "an integer"
        }
        "moveAgain" | "addScore" | "promote" | "remove" | "add" => "an effect",
        "move" | "priority" | "do" => "a move",
        "board" | "piece" | "hand" | "regions" => "an item of equipment",
        "place" => "a start rule",
        "result" | "byScore" => "an end rule",
        "players" | "equipment" | "rules" | "start" | "play" | "end" | "phase" | "meta"
        | "nextPhase" => "a part of the game's structure",
        _ => return None,
    })
}

/// A word written after a ludeme's head to say which kind it is
/// (`Step` in `(move Step ...)`), as opposed to a player or a direction.
pub(crate) fn is_kind_word(w: &str) -> bool {
    let upper = w.starts_with(|c: char| c.is_ascii_uppercase());
    let role =
        matches!(
            w,
            "Mover" | "Next" | "Prev" | "All" | "Each" | "Shared" | "Neutral" | "Enemy" | "Friend"
        ) || (w.len() > 1 && w.starts_with('P') && w[1..].bytes().all(|b| b.is_ascii_digit()));
    let compass = w.len() <= 3 && w.bytes().all(|b| b.is_ascii_uppercase());
    upper && !role && !compass
}

/// Edit distance (an adjacent transposition counts as one edit, case is
/// ignored), for "did you mean". Three rows of the table (a transposition
/// looks two rows back), so memory is linear in `b`.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    // rows i-2, i-1 and i of d[i][j], the distance between a[..i] and b[..j]
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(before[j - 2] + 1);
            }
            cur[j] = v;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Whether `written` is probably a typo for `meant`.
pub(crate) fn is_close(written: &str, meant: &str) -> bool {
    // at most two edits: lengths further apart cannot be close (and an
    // unknown name may be megabytes long: no quadratic table for it)
    if written.len().abs_diff(meant.len()) > 2 * 4 {
        return false;
    }
    let d = distance(written, meant);
    d <= 2 && d * 3 <= meant.chars().count().max(written.chars().count())
}

/// ` (did you mean `X`?)` for the closest of `candidates`, or nothing.
fn did_you_mean<'a>(written: &str, candidates: impl Iterator<Item = &'a str>) -> String {
    candidates
        .filter(|c| *c != written && is_close(written, c))
        .min_by_key(|c| distance(written, c))
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default()
}

/// The kind word of a form (`Shoot` in `(move Shoot ...)`), if any.
fn kind_word(node: &Node) -> Option<&Node> {
    node.form_args()?
        .iter()
        .find(|a| !matches!(a.kind, Kind::Named { .. }))
        .filter(|a| a.as_word().is_some_and(is_kind_word))
}

/// The span of a form's head, with its kind word when it has one: the
/// caret goes under `(move Shoot`, not the whole form.
fn head_span(node: &Node) -> crate::diag::Span {
    let end = match (&node.kind, kind_word(node)) {
        (_, Some(k)) => k.span.end,
        (Kind::Form { head, .. }, None) => head.span.end,
        _ => node.span.end,
    };
    crate::diag::Span {
        end: end.max(node.span.start),
        ..node.span
    }
}

/// A ludeme (or a kind of one, `(move Shoot ...)`) that is not available
/// where it is written: a Ludii ludeme we do not implement, or an unknown
/// kind word (a typo, with "did you mean").
pub(crate) fn unsupported(node: &Node, what: &str) -> Diagnostic {
    let head = node.head_word().or(node.as_word()).unwrap_or("?");
    let kind = kind_word(node).and_then(|k| k.as_word());
    let name = match kind {
        Some(k) => format!("({head} {k} ...)"),
        None if node.head_word().is_some() => format!("({head} ...)"),
        None => head.to_string(),
    };
    let ludii = match kind {
        Some(k) => UNSUPPORTED_KINDS.contains(&k) || is_ludii_constant(k),
        None => UNSUPPORTED.contains(&head) || is_ludii_ludeme(head),
    };
    let span = head_span(node);
    if ludii || kind.is_none() {
        return Diagnostic::at(span, format!("Ludii's `{name}` is not supported yet"))
            .expected(what.to_string());
    }
    let k = kind.unwrap_or_default();
    // the kind words this ludeme takes, as listed in `what`
    let words = what
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| is_kind_word(w));
    Diagnostic::at(span, format!("`{k}` is not a kind of `({head} ...)`"))
        .expected(format!("{what}{}", did_you_mean(k, words)))
}

/// A ludeme (or value) where something else is expected: a ludeme we do
/// not support, a ludeme of another kind (a region where a move is
/// expected), an unknown name (with "did you mean"), or a plain value.
pub(crate) fn unknown(node: &Node, what: &str, choices: &str) -> Diagnostic {
    let expected = format!("{what}: {choices}");
    if let Kind::Form { head, .. } = &node.kind
        && let Some(h) = head.as_word()
    {
        if UNSUPPORTED.contains(&h) || (!KNOWN_HEADS.contains(&h) && is_ludii_ludeme(h)) {
            return unsupported(node, what);
        }

        if let Some(kind) = kind_of_head(h).filter(|k| *k != what) {
            return Diagnostic::at(
                node.span,
                format!("{} is {kind}, but {what} is expected here", node.describe()),
            )
            .expected(expected);
        }
        // a ludeme we know, of a kind Ludii has and we do not
        // (`(count MovesThisTurn)` where an integer is expected)
        if KNOWN_HEADS.contains(&h)
            && kind_word(node)
                .and_then(|k| k.as_word())
                .is_some_and(|k| UNSUPPORTED_KINDS.contains(&k) || is_ludii_constant(k))
        {
            return unsupported(node, what);
        }
        if !KNOWN_HEADS.contains(&h) {
            let hint = did_you_mean(h, KNOWN_HEADS.iter().copied());
            return Diagnostic::at(head.span, format!("unknown ludeme `{h}`"))
                .expected(format!("{expected}{hint}"));
        }
    }
    if let Some(w) = node.as_word()
        && is_ludii_constant(w)
    {
        return Diagnostic::at(
            node.span,
            format!("Ludii's `{w}` as {what} is not supported yet"),
        )
        .expected(expected);
    }
    Diagnostic::at(node.span, format!("{} is not {what}", node.describe())).expected(expected)
}

/// Compiles an expanded `(game "Name" ...)` form.
pub fn compile(game: &Node, options: Vec<(String, String)>) -> Result<Game> {
    if game.head_word() != Some("game") {
        return Err(Diagnostic::at(game.span, "expected a `(game ...)` form")
            .expected("`(game \"Name\" ...)`"));
    }
    let mut c = Compiler::default();
    let mut a = Args::of(game);
    let name = a
        .take_if(|n| matches!(n.kind, Kind::Str(_)))
        .and_then(|n| n.as_str())
        .ok_or_else(|| {
            Diagnostic::at(game.span, "the game has no name").expected("`(game \"Name\" ...)`")
        })?
        .to_string();
    let players = a.form("players").ok_or_else(|| {
        Diagnostic::at(game.span, "the game has no `(players ...)`").expected("`(players 2)`")
    })?;
    c.players(players)?;
    let equipment = a.form("equipment").ok_or_else(|| {
        Diagnostic::at(game.span, "the game has no `(equipment ...)`")
            .expected("`(equipment { (board ...) ... })`")
    })?;
    c.equipment(equipment)?;
    let rules = a.form("rules").ok_or_else(|| {
        Diagnostic::at(game.span, "the game has no `(rules ...)`")
            .expected("`(rules (play ...) (end ...))`")
    })?;
    let meta_outer = a.form("meta");
    a.finish()?;
    if let Some(m) = meta_outer {
        c.meta(m)?;
    }
    c.again_reads_next = c.check_next_after_again(game);
    c.rules(rules)?;
    c.finish(name, options)
}

#[derive(Default)]
pub(crate) struct Compiler {
    pub(crate) players: u8,
    pub(crate) board: Option<Board>,
    pub(crate) comps: Vec<Component>,
    /// Moves written inside `(piece ...)`, per component.
    pub(crate) piece_moves: Vec<(u8, Node)>,
    /// The components whose own moves are being compiled into a
    /// `(forEach Piece)` (a piece's moves that run its own again would
    /// never end).
    pub(crate) inlining: Vec<u8>,
    pub(crate) gens: Vec<GenNode>,
    pub(crate) proposals: std::cell::RefCell<Vec<String>>,
    pub(crate) n_step_caches: std::cell::Cell<u32>,
    pub(crate) step_searches: std::cell::RefCell<Vec<(StepSearch, RegionE)>>,
    pub(crate) hand_sites: u32,
    /// The players with a hand in Ludii, in its order (`hands.rs`).
    pub(crate) hand_owners: Vec<u8>,
    pub(crate) stacking: bool,
    pub(crate) phases: Vec<Phase>,
    pub(crate) start: Vec<StartRule>,
    pub(crate) end: Vec<EndRule>,
    pub(crate) no_repeat_in_turn: bool,
    /// `(swap)`, `(noRepeat)` (`compile/meta.rs`).
    pub(crate) meta_rules: crate::engine::ir::MetaRules,
    pub(crate) uses_all_passed: bool,
    /// The game moves again during play and its end rules read `Next`
    /// (`reference.rs`): they are compiled a second time, for the engine,
    /// with `Next` meaning the mover (`end_again`).
    pub(crate) again_reads_next: bool,
    /// While set, `Next` compiles as `Mover` (`reference.rs`).
    pub(crate) next_is_mover: std::cell::Cell<bool>,
    pub(crate) end_again: crate::engine::ir::EndAfterAgain,
    /// The `(regions ...)` of the equipment, in order.
    pub(crate) regions: Vec<EquipRegion>,
    /// Ludemes used that only the reference interpreter plays
    /// (`compile/reference.rs`).
    pub(crate) reference_only: std::cell::RefCell<Vec<&'static str>>,
    /// Where the first ludeme of piece states is (`chess.rs`).
    pub(crate) piece_state_at: std::cell::Cell<Option<crate::diag::Span>>,
    /// The `(map ...)` items of the equipment: name and `{(pair ...)}`.
    pub(crate) maps: Vec<(String, Node)>,
    /// The moves of each `(can Move M)` and the piece context they were
    /// written in, compiled after the rules (`compile/pieces.rs`).
    pub(crate) deferred: std::cell::RefCell<Vec<(Node, Vec<u8>)>>,
    /// Per player: the way their pieces face (`(player N)`).
    pub(crate) player_facing: Vec<Option<crate::board::Dir>>,
    /// Per component: the way it faces (`(piece "X" P1 N)`).
    pub(crate) comp_facing: Vec<Option<crate::board::Dir>>,
    /// Per component: its `value:` (Ludii's default 1; `compile/chessvar.rs`).
    pub(crate) comp_value: Vec<i32>,
    /// The `(dice ...)` of the equipment, in order (`compile/dice.rs`).
    pub(crate) dice: Vec<DiceSet>,
}

/// One `(regions ...)` of the equipment: Ludii's name (default
/// `"RegionP1"`, or `"Region"` and the role), owner (0: none) and sites.
pub(crate) struct EquipRegion {
    pub(crate) name: String,
    pub(crate) owner: u8,
    pub(crate) sites: crate::engine::sets::SiteSet,
    /// The sites of each item of `{REGION ...}` (one set for the others),
    /// as Ludii's `(is Connected P)` reads them.
    pub(crate) parts: Vec<crate::engine::sets::SiteSet>,
}

impl Compiler {
    fn players(&mut self, node: &Node) -> Result<()> {
        let mut a = Args::of(node);
        let arg = a.required("a number of players, or `{(player ...) ...}`")?;
        let n = match &arg.kind {
            Kind::Int(i) => *i,
            Kind::Array(v) => {
                // `(player N)`: the way the player's pieces face
                self.player_facing = std::iter::once(None)
                    .chain(v.iter().map(|p| {
                        let mut b = Args::of(p);
                        b.take_if(|x| {
                            x.as_word()
                                .is_some_and(|w| crate::board::Dir::from_name(w).is_some())
                        })
                        .and_then(|x| x.as_word())
                        .and_then(crate::board::Dir::from_name)
                    }))
                    .collect();
                v.len() as i64
            }
            _ => {
                return Err(Diagnostic::at(
                    arg.span,
                    format!("{} is not a number of players", arg.describe()),
                )
                .expected("`(players 2)`"));
            }
        };
        a.finish()?;
        if !(1..=crate::engine::MAX_PLAYERS as i64).contains(&n) {
            return Err(
                Diagnostic::at(arg.span, format!("{n} players is not supported"))
                    .expected(format!("1 to {} players", crate::engine::MAX_PLAYERS)),
            );
        }
        self.players = n as u8;
        Ok(())
    }

    fn equipment(&mut self, node: &Node) -> Result<()> {
        let mut a = Args::of(node);
        let items = a.items();
        a.finish()?;
        self.comps.push(Component {
            name: String::new(),
            base: String::new(),
            owner: 0,
        });
        for item in items {
            match item.head_word() {
                Some("board") => {
                    if self.board.is_some() {
                        return Err(Diagnostic::at(item.span, "a second `(board ...)`")
                            .expected("one board"));
                    }
                    self.board = Some(Board::from_node(item)?);
                }
                Some("mancalaBoard") => {
                    if self.board.is_some() {
                        return Err(
                            Diagnostic::at(item.span, "a second board").expected("one board")
                        );
                    }
                    self.board = Some(crate::board::mancala::from_node(item, self.players)?);
                }
                Some("piece") => self.piece(item)?,
                Some("regions") => self.equipment_region(item)?,
                Some("map") => self.equipment_map(item)?,
                // (Ludii numbers the hands' sites before the dice's,
                // whatever their order in the equipment)
                Some("hand") => self.hand(item)?,
                Some("dice") => self.equipment_dice(item)?,
                _ => {
                    return Err(unknown(
                        item,
                        "an item of equipment",
                        "(board ...), (piece ...), (hand Each), (regions ...)",
                    ));
                }
            }
        }
        if self.board.is_none() {
            return Err(
                Diagnostic::at(node.span, "the equipment has no board").expected("`(board ...)`")
            );
        }
        Ok(())
    }

    /// `(regions ["Name"] [ROLE] SITES|REGION|{REGION ...})`: a region the
    /// board fixes, kept for `(sites "Name")` and `(sites ROLE)`.
    fn equipment_region(&mut self, node: &Node) -> Result<()> {
        if self.board.is_none() {
            return Err(
                Diagnostic::at(node.span, "`(regions ...)` before the board")
                    .expected("the `(board ...)` first in the equipment"),
            );
        }
        let mut a = Args::of(node);
        let name = a
            .take_if(|x| matches!(x.kind, Kind::Str(_)))
            .and_then(|x| x.as_str())
            .map(str::to_string);
        let role = a.take_if(|x| {
            x.as_word().is_some_and(|w| {
                matches!(w, "Neutral" | "Shared" | "Each" | "All")
                    || (w.starts_with('P') && w[1..].parse::<u8>().is_ok())
            })
        });
        let owner = match role.and_then(|r| r.as_word()) {
            None | Some("Neutral") => 0,
            Some(w) if w.starts_with('P') => match self.role(role.expect("a role"))? {
                Role::Player(p) => p,
                _ => 0,
            },
            Some(w) => {
                return Err(Diagnostic::at(
                    role.map_or(node.span, |r| r.span),
                    format!("regions of `{w}` are not supported"),
                )
                .expected("no owner, `Neutral` or a player `P1`..`Pn`"));
            }
        };
        let name = name
            .unwrap_or_else(|| format!("Region{}", role.and_then(|r| r.as_word()).unwrap_or("P1")));
        let what = a.required("the region's sites: `{...}` or a region")?;
        a.finish()?;
        let items: Vec<&Node> = match &what.kind {
            Kind::Array(v) if v.iter().any(|x| matches!(x.kind, Kind::Form { .. })) => {
                v.iter().collect()
            }
            _ => vec![what],
        };
        let mut sites = self.site_set(&[]);
        let mut parts = Vec::new();
        for it in items {
            if let Some(w) = it.as_word() {
                return Err(Diagnostic::at(
                    it.span,
                    format!("Ludii's region type `{w}` in `(regions ...)` is not supported yet"),
                )
                .expected("`{...}` of sites or a region"));
            }
            match self.region(it)? {
                RegionE::Fixed(set) => {
                    sites.union_with(&set);
                    parts.push(set);
                }
                _ => {
                    return Err(Diagnostic::at(
                        it.span,
                        "a region that changes during play in `(regions ...)` is not supported",
                    )
                    .expected("a region the board fixes"));
                }
            }
        }
        self.regions.push(EquipRegion {
            name,
            owner,
            sites,
            parts,
        });
        Ok(())
    }

    fn piece(&mut self, node: &Node) -> Result<()> {
        let mut a = Args::of(node);
        let name_node = a.required("the piece's name, a string")?;
        let base = name_node
            .as_str()
            .ok_or_else(|| {
                Diagnostic::at(name_node.span, "a piece's name must be a string")
                    .expected("`(piece \"Disc\" Each)`")
            })?
            .to_string();
        let owner_node = a.required("the owner: `Each`, `Neutral`, `Shared`, `P1`, `P2` ...")?;
        let owners: Vec<u8> = match owner_node.as_word() {
            Some("Each") => (1..=self.players).collect(),
            Some("Neutral") | Some("Shared") => vec![0],
            Some(w)
                if w.starts_with('P')
                    && w[1..]
                        .parse::<u8>()
                        .is_ok_and(|p| p >= 1 && p <= self.players) =>
            {
                vec![w[1..].parse().unwrap_or(1)]
            }
            _ => {
                return Err(Diagnostic::at(
                    owner_node.span,
                    format!("{} is not an owner of a piece", owner_node.describe()),
                )
                .expected("`Each`, `Neutral`, `Shared` or a player `P1`..`P{n}`"));
            }
        };
        let facing = a
            .take_if(|x| {
                x.as_word()
                    .is_some_and(|w| crate::board::Dir::from_name(w).is_some())
            })
            .and_then(|x| x.as_word())
            .and_then(crate::board::Dir::from_name);
        let moves = a.next();
        if let Some(m) = a
            .named("maxState")
            .or(a.named("maxValue"))
            .or(a.named("maxCount"))
        {
            return Err(unsupported(m, "a piece without piece states"));
        }
        let value = self.piece_value_arg(&mut a)?;
        a.finish()?;
        for o in owners {
            let idx = self.comps.len();
            if idx > 250 {
                return Err(
                    Diagnostic::at(node.span, "too many pieces").expected("at most 250 components")
                );
            }
            self.comps.push(Component {
                name: format!("{base}{o}"),
                base: base.clone(),
                owner: o,
            });
            self.comp_facing.resize(idx, None);
            self.comp_facing.push(facing);
            self.comp_value.resize(idx, 1);
            self.comp_value.push(value);
            if let Some(m) = moves {
                self.piece_moves.push((idx as u8, m.clone()));
            }
        }
        Ok(())
    }

    fn meta(&mut self, node: &Node) -> Result<()> {
        let mut a = Args::of(node);
        while let Some(item) = a.next() {
            let items: Vec<&Node> = match &item.kind {
                Kind::Array(v) => v.iter().collect(),
                _ => vec![item],
            };
            for it in items {
                let mut b = Args::of(it);
                match it.head_word() {
                    Some("no") => {
                        let w = b.word(&["Repeat"]);
                        let kind = b.word(&["PositionalInTurn"]);
                        if w.is_none() || kind.is_none() {
                            return Err(unsupported(it, "`(no Repeat PositionalInTurn)`"));
                        }
                        b.finish()?;
                        self.no_repeat_in_turn = true;
                    }
                    _ => match self.meta_more(it) {
                        Some(r) => r?,
                        None => {
                            return Err(unknown(
                                it,
                                "a meta rule",
                                "(no Repeat PositionalInTurn), (swap), (noRepeat)",
                            ));
                        }
                    },
                }
            }
        }
        a.finish()
    }

    fn rules(&mut self, node: &Node) -> Result<()> {
        let mut a = Args::of(node);
        if let Some(m) = a.form("meta") {
            self.meta(m)?;
        }
        let start = a.form("start");
        let play = a.form("play");
        let end = a.form("end");
        let phases = a.named("phases");
        a.finish()?;
        if let Some(s) = start {
            self.start_rules(s)?;
        }
        match (play, phases) {
            (Some(p), None) => {
                let mut pa = Args::of(p);
                let m = pa.required("the moves")?;
                pa.finish()?;
                let id = self.moves_node(m, None)?;
                self.phases.push(Phase {
                    name: "Play".into(),
                    owner: None,
                    play: id,
                    end: vec![],
                    next: vec![],
                });
            }
            (None, Some(ph)) => self.phases(ph)?,
            (Some(p), Some(_)) => {
                return Err(Diagnostic::at(p.span, "both `(play ...)` and `phases:`")
                    .expected("one of them"));
            }
            (None, None) => {
                return Err(Diagnostic::at(node.span, "the rules have no `(play ...)`")
                    .expected("`(play ...)` or `phases:{...}`"));
            }
        }
        if let Some(e) = end {
            self.end = self.end_rules(e)?;
            if self.again_reads_next {
                self.end_again.end = self.end_rules_after_again(e)?;
            }
        }
        Ok(())
    }

    fn start_rules(&mut self, node: &Node) -> Result<()> {
        let mut a = Args::of(node);
        let items = a.items();
        a.finish()?;
        for it in items {
            match it.head_word() {
                Some("place") => self.place(it)?,
                Some("set") => {
                    let mut b = Args::of(it);
                    match b.word(&["NextPlayer", "Score", "Count"]) {
                        Some("Count") => {
                            self.start_set_count(it, &mut b)?;
                            b.finish()?;
                        }
                        Some("NextPlayer") => {
                            let p = b.required("`(player N)`")?;
                            let v = self.int(p)?;
                            b.finish()?;
                            match v {
                                IntE::Const(n) if n >= 1 && n <= self.players as i32 => {
                                    self.start.push(StartRule::SetNextPlayer(n as u8))
                                }
                                _ => {
                                    return Err(Diagnostic::at(p.span, "bad first player")
                                        .expected("`(player N)`, a player number"));
                                }
                            }
                        }
                        Some("Score") => {
                            let who = b.required("a player or `Each`")?;
                            let v = b.required("a score")?;
                            let v = v.as_int().ok_or_else(|| {
                                Diagnostic::at(v.span, "bad score").expected("an integer")
                            })? as i32;
                            let players: Vec<u8> = if who.as_word() == Some("Each") {
                                (1..=self.players).collect()
                            } else {
                                match self.role(who)? {
                                    Role::Player(p) => vec![p],
                                    _ => {
                                        return Err(Diagnostic::at(who.span, "bad player")
                                            .expected("P1, P2 ... or Each"));
                                    }
                                }
                            };
                            b.finish()?;
                            for p in players {
                                self.start.push(StartRule::SetScore(p, v));
                            }
                        }
                        _ => {
                            return Err(unsupported(
                                it,
                                "`(set NextPlayer (player N))` or `(set Score P N)`",
                            ));
                        }
                    }
                }
                _ => {
                    return Err(unknown(
                        it,
                        "a start rule",
                        "(place ...), (set NextPlayer ...)",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Component numbers for a piece name: `"Disc1"` exactly, or every
    /// component of base `"Disc"`.
    pub(crate) fn comps_named(&self, name: &str) -> Vec<u8> {
        if let Some(i) = self
            .comps
            .iter()
            .position(|c| !c.name.is_empty() && c.name == name)
        {
            return vec![i as u8];
        }
        (0..self.comps.len())
            .filter(|&i| !self.comps[i].name.is_empty() && self.comps[i].base == name)
            .map(|i| i as u8)
            .collect()
    }

    pub(crate) fn piece_names(&self) -> String {
        self.comps
            .iter()
            .filter(|c| !c.name.is_empty())
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn place(&mut self, node: &Node) -> Result<()> {
        let mut a = Args::of(node);
        // `(place Stack "Piece" SITE)`: a stacking game (`hands.rs`)
        if self.place_kind(&mut a)? {
            self.stacking = true;
        }
        let pn = a.required("a piece name")?;
        let name = pn.as_str().ok_or_else(|| {
            Diagnostic::at(pn.span, "expected a piece name").expected("a string such as \"Disc1\"")
        })?;
        let comps = self.comps_named(name);
        if comps.is_empty() {
            return Err(
                Diagnostic::at(pn.span, format!("no piece is named \"{name}\""))
                    .expected(format!("one of: {}", self.piece_names())),
            );
        }
        let state = self.place_state(&mut a)?;
        let count = match a.named("count") {
            Some(c) => c
                .as_int()
                .filter(|&i| (1..=10000).contains(&i))
                .ok_or_else(|| {
                    Diagnostic::at(c.span, "bad count").expected("a whole number from 1 to 10000")
                })? as u16,
            None => 1,
        };
        // `coord:"A1"`: the site of that label (Ludii's `PlaceItem`)
        let wh = match a.named("coord") {
            Some(c) if c.as_str().is_some() => c,
            Some(c) => {
                return Err(
                    Diagnostic::at(c.span, "bad `coord:`").expected("a label such as \"A1\"")
                );
            }
            None => a.required("where: a region, a site or \"Hand\"")?,
        };
        a.finish()?;
        if let Some(h) = wh.as_str().filter(|s| s.starts_with("Hand")) {
            if self.hand_sites == 0 {
                return Err(Diagnostic::at(wh.span, "the game has no hands")
                    .expected("`(hand Each)` in the equipment"));
            }
            let only: Option<u8> = h[4..].parse().ok();
            for c in comps {
                let o = self.comps[c as usize].owner;
                if only.is_none_or(|p| p == o) {
                    self.start.push(StartRule::PlaceHand { comp: c, count });
                }
            }
            return Ok(());
        }
        if comps.len() != 1 {
            return Err(
                Diagnostic::at(pn.span, format!("\"{name}\" names several pieces"))
                    .expected(format!("one of: {}", self.piece_names())),
            );
        }
        let region = self.region(wh)?;
        if count > 1 {
            // a count on a board site (`interp::initial_state`)
            self.needs_reference("place count:");
        }
        self.start.push(StartRule::Place {
            comp: comps[0],
            region: region.clone(),
            count,
        });
        // `state:N` (`chess.rs`)
        if let Some(state) = state {
            self.start.push(StartRule::SetState { region, state });
        }
        Ok(())
    }

    fn phases(&mut self, node: &Node) -> Result<()> {
        let items: Vec<&Node> = match &node.kind {
            Kind::Array(v) => v.iter().collect(),
            _ => vec![node],
        };
        if items.is_empty() {
            // (found by fuzzing: no phase left nothing to play)
            return Err(Diagnostic::at(node.span, "`phases:` lists no phase")
                .expected("`phases:{(phase \"Name\" (play ...)) ...}`"));
        }
        // names first, so nextPhase can point forward
        for it in &items {
            if it.head_word() != Some("phase") {
                return Err(unknown(
                    it,
                    "a phase",
                    "(phase \"Name\" (play ...) (nextPhase ...))",
                ));
            }
            let a = Args::of(it);
            let _ = a;
            let name = it
                .form_args()
                .and_then(|v| v.first())
                .and_then(|n| n.as_str())
                .ok_or_else(|| {
                    Diagnostic::at(it.span, "a phase needs a name")
                        .expected("`(phase \"Name\" ...)`")
                })?;
            self.phases.push(Phase {
                name: name.to_string(),
                owner: None,
                play: 0,
                end: vec![],
                next: vec![],
            });
        }
        for (i, it) in items.iter().enumerate() {
            let mut a = Args::of(it);
            a.next(); // the name
            // a phase written for one player: `(phase "Setup" P2 ...)`;
            // `Shared` (every player) is what a phase without a role means
            if let Some(w) = a.take_if(|n| {
                n.as_word()
                    .is_some_and(|w| w.starts_with('P') || w == "Shared" || w == "Mover")
            }) && w.as_word() != Some("Shared")
            {
                match self.role(w)? {
                    Role::Player(p) if p >= 1 => self.phases[i].owner = Some(p),
                    _ => {
                        return Err(Diagnostic::at(
                            w.span,
                            format!("{} as a phase's player is not supported", w.describe()),
                        )
                        .expected("a player `P1`, `P2` ... or `Shared`"));
                    }
                }
            }
            let play = a.form("play").ok_or_else(|| {
                Diagnostic::at(it.span, "a phase needs `(play ...)`").expected("`(play ...)`")
            })?;
            let mut pa = Args::of(play);
            let m = pa.required("the moves")?;
            pa.finish()?;
            let id = self.moves_node(m, None)?;
            self.phases[i].play = id;
            if let Some(e) = a.form("end") {
                self.phases[i].end = self.end_rules(e)?;
                if self.again_reads_next {
                    let again = self.end_rules_after_again(e)?;
                    self.end_again.phases.push((i, again));
                }
            }
            let mut nexts = Vec::new();
            while let Some(np) = a.form("nextPhase") {
                nexts.push(self.next_phase(np, i)?);
            }
            // `{(nextPhase ...) ...}`: several, in order
            if let Some(v) = a.take_if(|n| match &n.kind {
                Kind::Array(v) => v.iter().all(|x| x.head_word() == Some("nextPhase")),
                _ => false,
            }) && let Kind::Array(v) = &v.kind
            {
                for np in v {
                    nexts.push(self.next_phase(np, i)?);
                }
            }
            a.finish()?;
            self.phases[i].next = nexts;
        }
        Ok(())
    }

    /// `(nextPhase [WHO] [C] ["Name"])` written in phase `here`; without
    /// a name, the phase after `here` (the first after the last), as
    /// Ludii's `(current phase + 1) % phases`.
    fn next_phase(&mut self, node: &Node, here: usize) -> Result<NextPhase> {
        let mut a = Args::of(node);
        let who = match a.take_if(|n| {
            n.as_word().is_some_and(|w| {
                matches!(w, "Mover" | "Next" | "Prev")
                    || (w.starts_with('P') && w[1..].parse::<u8>().is_ok())
            })
        }) {
            Some(w) => Some(self.role(w)?),
            None => None,
        };
        let Some(name_node) = a.take_if(|n| matches!(n.kind, Kind::Str(_))) else {
            let cond = match a.next() {
                Some(c) => self.boolean(c)?,
                None => BoolE::Const(true),
            };
            a.finish()?;
            return Ok(NextPhase {
                who,
                cond,
                to: ((here + 1) % self.phases.len()) as u8,
            });
        };
        let cond = match a.next() {
            Some(c) => self.boolean(c)?,
            None => BoolE::Const(true),
        };
        a.finish()?;
        let name = name_node.as_str().unwrap_or("");
        let to =
            self.phases
                .iter()
                .position(|p| p.name == name)
                .ok_or_else(|| {
                    Diagnostic::at(name_node.span, format!("no phase is named \"{name}\""))
                        .expected(format!(
                            "one of: {}",
                            self.phases
                                .iter()
                                .map(|p| format!("\"{}\"", p.name))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ))
                })?;
        Ok(NextPhase {
            who,
            cond,
            to: to as u8,
        })
    }

    fn end_rules(&mut self, node: &Node) -> Result<Vec<EndRule>> {
        let mut a = Args::of(node);
        let items = a.items();
        a.finish()?;
        let mut out = Vec::new();
        for it in items {
            self.flatten_end(it, Vec::new(), &mut out)?;
        }
        Ok(out)
    }

    fn flatten_end(
        &mut self,
        node: &Node,
        conds: Vec<BoolE>,
        out: &mut Vec<EndRule>,
    ) -> Result<()> {
        let cond_of = |mut c: Vec<BoolE>| {
            if c.len() == 1 {
                c.pop().unwrap_or(BoolE::Const(true))
            } else {
                BoolE::And(c)
            }
        };
        match node.head_word() {
            // `(forEach Player|NonMover if:C RESULT)`: end_foreach.rs
            Some("forEach") => self.end_for_each(node, conds, out),
            Some("if") => {
                // Ludii's end `(if C [SUBS] [RESULT])`: when C holds, the sub
                // rules in order, then RESULT if none of them applied.
                let mut a = Args::of(node);
                let c = a.required("a condition")?;
                let c = self.boolean(c)?;
                if contains_all_passed(&c) {
                    self.uses_all_passed = true;
                }
                let mut parts = Vec::new();
                while let Some(x) = a.next() {
                    match &x.kind {
                        Kind::Array(v) => parts.extend(v.iter()),
                        _ => parts.push(x),
                    }
                }
                a.finish()?;
                if parts.is_empty() {
                    return Err(Diagnostic::at(node.span, "an end rule with no result")
                        .expected("`(if COND RESULT)`"));
                }
                let mut inner = conds;
                inner.push(c);
                for p in parts {
                    self.flatten_end(p, inner.clone(), out)?;
                }
                Ok(())
            }
            Some("result") => {
                let mut a = Args::of(node);
                let r = a.required("a player (Mover, Next, P1 ...)")?;
                let role = if r.as_word() == Some("All") {
                    Role::All
                } else {
                    self.role(r)?
                };
                let k = a.required("Win, Loss or Draw")?;
                let kind = match k.as_word() {
                    Some("Win") => ResultKind::Win,
                    Some("Loss") => ResultKind::Loss,
                    Some("Draw") | Some("Tie") => ResultKind::Draw,
                    _ => {
                        return Err(Diagnostic::at(
                            k.span,
                            format!("{} is not a result", k.describe()),
                        )
                        .expected("`Win`, `Loss` or `Draw`"));
                    }
                };
                a.finish()?;
                let kind = if role == Role::All {
                    ResultKind::Draw
                } else {
                    kind
                };
                out.push(EndRule {
                    cond: cond_of(conds),
                    result: ResultSpec::Result(role, kind),
                });
                Ok(())
            }
            Some("byScore") => {
                let mut a = Args::of(node);
                let misere = match a.named("misere") {
                    Some(n) => matches!(n.kind, Kind::Bool(true)),
                    None => false,
                };
                let mut scores = Vec::new();
                if let Some(arr) = a.take_if(|n| matches!(n.kind, Kind::Array(_)))
                    && let Kind::Array(v) = &arr.kind
                {
                    for s in v {
                        if s.head_word() != Some("score") {
                            return Err(unknown(s, "a score", "(score P1 VALUE)"));
                        }
                        let mut b = Args::of(s);
                        let p = b.required("a player")?;
                        let p = match self.role(p)? {
                            Role::Player(p) => p,
                            _ => {
                                return Err(Diagnostic::at(p.span, "expected a fixed player")
                                    .expected("P1, P2 ..."));
                            }
                        };
                        let v = b.required("a value")?;
                        let v = self.int(v)?;
                        b.finish()?;
                        scores.push((p, v));
                    }
                }
                a.finish()?;
                out.push(EndRule {
                    cond: cond_of(conds),
                    result: ResultSpec::ByScore(scores, misere),
                });
                Ok(())
            }
            _ => Err(unknown(
                node,
                "an end rule",
                "(if COND RESULT), (result P Win|Loss|Draw), (byScore)",
            )),
        }
    }

    fn finish(mut self, name: String, options: Vec<(String, String)>) -> Result<Game> {
        // the default first phase of each player
        self.check_ranked_results();
        let deferred_gens = self.compile_deferred()?;
        self.check_piece_state()?;
        self.meta_rules.piece_state = self.uses_piece_state();
        let board = self.board.take().unwrap_or_else(unreachable_board);
        let stack_cap = if self.stacking { 32 } else { 1 };
        let hand_order = self.hand_order();
        let mut game = Game {
            name,
            board,
            players: self.players,
            owners: self.comps.iter().map(|c| c.owner).collect(),
            comps: self.comps,
            hand_sites: self.hand_sites,
            hand_order,
            stacking: self.stacking,
            stack_cap,
            gens: self.gens,
            deferred_gens,
            phases: self.phases,
            start: self.start,
            end: self.end,
            // Ludii: a game with dice never ends because all passed
            // (`GameType.NotAllPass`, set for hand dice)
            uses_all_passed: self.uses_all_passed || !self.dice.is_empty(),
            end_again: self
                .again_reads_next
                .then(|| Box::new(std::mem::take(&mut self.end_again))),
            no_repeat_in_turn: self.no_repeat_in_turn,
            meta: self.meta_rules,
            proposals: self.proposals.into_inner(),
            max_turns: 1250 * self.players as u32,
            max_decisions: 10_000,
            zobrist: Vec::new(),
            hand_zobrist: Vec::new(),
            n_step_caches: self.n_step_caches.get(),
            step_plans: Vec::new(),
            may_duplicate: Vec::new(),
            plain_nodes: Vec::new(),
            fast: Default::default(),
            plan: Default::default(),
            options,
            small_adj: Vec::new(),
            small_nbrs: Vec::new(),
            small_dilate: Default::default(),
            small_joined: Default::default(),
            reference_only: self.reference_only.take(),
        };
        game.make_zobrist();
        let reference_only = !game.reference_only.is_empty();
        // the neighbour masks first: the plan's bit-set programs copy them
        game.make_small_adj();
        if !reference_only {
            game.make_plan();
        }
        game.step_plans = self
            .step_searches
            .take()
            .iter()
            .map(|(search, targets)| {
                if search.cacheable {
                    game.step_plan(search, targets)
                } else {
                    Default::default()
                }
            })
            .collect();
        if reference_only {
            // the engine does not play this game (`src/dispatch.rs`): its
            // analyses are not built, so none meets a rule it declines
            game.may_duplicate = vec![true; game.phases.len()];
            return Ok(game);
        }
        game.may_duplicate = game
            .phases
            .iter()
            .map(|p| game.tree_may_duplicate(p.play))
            .collect();
        game.plain_nodes = game.compute_plain_nodes();
        game.fast = crate::engine::fast::FastInfo::analyse(&game);
        Ok(game)
    }
}

impl Compiler {
    pub(crate) fn n_step_caches_cell(&self) -> &std::cell::Cell<u32> {
        &self.n_step_caches
    }

    pub(crate) fn proposals_cell(&self) -> &std::cell::RefCell<Vec<String>> {
        &self.proposals
    }
}

fn unreachable_board() -> Board {
    // equipment() refuses a game without a board; this is never reached
    Board::square(1)
}

fn contains_all_passed(b: &BoolE) -> bool {
    match b {
        BoolE::AllPassed => true,
        BoolE::Not(a) => contains_all_passed(a),
        BoolE::And(v) | BoolE::Or(v) => v.iter().any(contains_all_passed),
        _ => false,
    }
}
