//! The generic graph board: sites, relations, compass directions, radials
//! and regions, all precomputed when the board is built so that play-time
//! queries are slice lookups.
//!
//! Generators (one module each) produce sites (centres) and edges; the shared
//! builder (`builder.rs`) sorts sites into Ludii's index order, labels them,
//! classifies edges into relations and directions and precomputes radials and
//! regions.

use std::collections::HashMap;

use crate::diag::Diagnostic;
use crate::syntax::{Kind, Node};

mod builder;
mod concentric;
pub mod draw;
pub mod graph;
mod graphgen;
pub use graphgen::lines_bend;
pub mod graphops;
mod hex;
mod limping;
pub mod mancala;
mod morris;
mod read;
pub mod sides;
mod split;
pub mod square;
pub mod track;

pub use builder::column_letters;
pub use draw::{draw, to_json, to_json_text};

/// The largest board [`Board::from_node`] builds, in sites.
pub const MAX_SITES: u64 = 100_000;

/// A site index (0 = bottom-left).
pub type Site = u32;

/// Marker for "no site".
pub const NONE: Site = Site::MAX;

/// The 16 compass directions, clockwise from N. Lists of directions are
/// always kept in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    N = 0,
    NNE,
    NE,
    ENE,
    E,
    ESE,
    SE,
    SSE,
    S,
    SSW,
    SW,
    WSW,
    W,
    WNW,
    NW,
    NNW,
}

impl Dir {
    pub const ALL: [Dir; 16] = [
        Dir::N,
        Dir::NNE,
        Dir::NE,
        Dir::ENE,
        Dir::E,
        Dir::ESE,
        Dir::SE,
        Dir::SSE,
        Dir::S,
        Dir::SSW,
        Dir::SW,
        Dir::WSW,
        Dir::W,
        Dir::WNW,
        Dir::NW,
        Dir::NNW,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 8) % 16]
    }

    pub fn name(self) -> &'static str {
        const NAMES: [&str; 16] = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW",
            "NW", "NNW",
        ];
        NAMES[self as usize]
    }

    pub fn from_name(s: &str) -> Option<Dir> {
        Dir::ALL.iter().copied().find(|d| d.name() == s)
    }
}

/// Board relations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Relation {
    Orthogonal = 0,
    Diagonal = 1,
    Adjacent = 2,
    All = 3,
}

impl Relation {
    pub const ALL: [Relation; 4] = [
        Relation::Orthogonal,
        Relation::Diagonal,
        Relation::Adjacent,
        Relation::All,
    ];

    pub fn from_name(s: &str) -> Option<Relation> {
        match s {
            "Orthogonal" => Some(Relation::Orthogonal),
            "Diagonal" => Some(Relation::Diagonal),
            "Adjacent" => Some(Relation::Adjacent),
            "All" => Some(Relation::All),
            _ => None,
        }
    }
}

/// Whether the game is played on cells or on vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SiteType {
    Cell,
    Vertex,
}

/// What generator made the board (for drawing and descriptions).
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Square {
        rows: u32,
        cols: u32,
    },
    /// A grid of points with `diagonals:` lines.
    SquareDiagonals {
        rows: u32,
        cols: u32,
        diagonals: square::Diagonals,
    },
    Hex {
        size: u32,
    },
    /// `(hex Diamond N)`: a rhombus of N×N flat-top hexagons, point down.
    HexDiamond {
        size: u32,
    },
    LimpingHex {
        size: u32,
    },
    /// `(hex Triangle N)`: a triangle of N rows of pointy-top hexagons.
    HexTriangle {
        size: u32,
    },
    Concentric {
        rings: u32,
        join_corners: bool,
    },
    /// `(morris R joinCorners:B)`.
    Morris {
        rings: u32,
        join_corners: bool,
    },
    /// A graph built by Ludii's graph operators (`graphops.rs`).
    Operators,
    /// `(graph vertices:{…} edges:{…})`, on its vertices.
    Graph {
        vertices: u32,
    },
    /// `(circle {N …})`, on its vertices.
    Circle {
        rings: Vec<u32>,
    },
    /// `(mancalaBoard ROWS COLUMNS ...)`, with or without its two stores.
    Mancala {
        rows: u32,
        cols: u32,
        stores: bool,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct SiteInfo {
    pub index: Site,
    pub label: String,
    pub x: f64,
    pub y: f64,
    /// Ludii's row of the site (`(sites Row N)`), from 0.
    pub row: u32,
    /// Ludii's column of the site (`(sites Column N)`), from 0.
    pub col: u32,
    /// Ludii's phase of the site, 0 to 3: the highest of its marks.
    pub phase: u8,
    /// The phases the site is in (bit k: in `(sites Phase k)`); more than
    /// one where Ludii's colouring marked the site twice.
    pub phase_marks: u8,
}

/// A compressed list-of-lists (one list per key).
#[derive(Clone, Debug, Default)]
pub struct Table<T> {
    offsets: Vec<u32>,
    data: Vec<T>,
}

impl<T: Clone> Table<T> {
    pub fn from_lists(lists: Vec<Vec<T>>) -> Table<T> {
        let mut offsets = Vec::with_capacity(lists.len() + 1);
        let mut data = Vec::new();
        offsets.push(0);
        for l in lists {
            data.extend(l);
            offsets.push(data.len() as u32);
        }
        Table { offsets, data }
    }

    #[inline]
    pub fn get(&self, key: usize) -> &[T] {
        &self.data[self.offsets[key] as usize..self.offsets[key + 1] as usize]
    }
}

/// The radials of a board: key `s * 16 + d` gives the sites along
/// direction `d` from `s`. Each straight chain of steps is stored once per
/// direction and every radial along it is a suffix of it, so the table takes
/// 16 entries per site whatever the board's size.
#[derive(Clone, Debug, Default)]
pub struct Radials {
    start: Vec<u32>,
    end: Vec<u32>,
    data: Vec<Site>,
}

impl Radials {
    #[inline]
    pub fn get(&self, key: usize) -> &[Site] {
        &self.data[self.start[key] as usize..self.end[key] as usize]
    }
}

/// A board graph. Build one with [`Board::from_node`] or a generator.
#[derive(Clone, Debug)]
pub struct Board {
    pub shape: Shape,
    pub site_type: SiteType,
    pub sites: Vec<SiteInfo>,
    /// `step[s * 16 + d]`: the neighbour of `s` in direction `d` (any
    /// relation), or [`NONE`].
    pub(crate) step: Vec<Site>,
    /// Per relation (index `rel * n + s`): neighbours of `s`, clockwise from N.
    pub(crate) neighbours: Table<Site>,
    /// Same keys as `neighbours`: the direction of each of those neighbours.
    pub(crate) neighbour_dirs: Table<Dir>,
    /// Key `s * 16 + d`: the sites along direction `d` from `s`, nearest
    /// first, `s` excluded.
    pub(crate) radials: Radials,
    pub(crate) corners: Vec<Site>,
    pub(crate) outer: Vec<Site>,
    pub(crate) inner: Vec<Site>,
    pub(crate) centre: Site,
    /// `(sites Centre)`: every site as near the middle as Ludii measures.
    pub(crate) centre_sites: Vec<Site>,
    /// `(sites Top|Bottom|Left|Right)`: the sites at the largest y, the
    /// smallest y, the smallest x, the largest x (within 0.01).
    pub(crate) top: Vec<Site>,
    /// Whether the phases are known to be Ludii's (not on `(hex Limping N)`,
    /// whose cells Ludii visits in another order).
    pub(crate) phases_known: bool,
    /// Whether `(sites Corners)`, `(sites Centre)` and `(centrePoint)` are
    /// Ludii's (not on a plain graph or circle, which Ludii measures by
    /// angles along its outline).
    pub(crate) corners_known: bool,
    pub(crate) bottom: Vec<Site>,
    pub(crate) left: Vec<Site>,
    pub(crate) right: Vec<Site>,
    pub(crate) by_label: HashMap<String, Site>,
    /// Lines of the board drawing (pairs of sites joined by an edge), used by
    /// the terminal drawing of vertex boards.
    pub(crate) edges: Vec<(Site, Site)>,
    /// The board's tracks (`(track ...)` given with the board).
    pub tracks: Vec<track::Track>,
    /// Ludii's number of cells (faces) of a board played on vertices, where
    /// known (0 otherwise). Ludii numbers the first hand site after the
    /// larger of the board's cells and its sites (see
    /// [`crate::engine::Game::move_sites`]).
    pub ludii_cells: u32,
}

impl Board {
    #[inline]
    pub fn len(&self) -> usize {
        self.sites.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.sites.is_empty()
    }

    /// Neighbour of `s` in direction `d`, if any (any relation).
    #[inline]
    pub fn step(&self, s: Site, d: Dir) -> Option<Site> {
        let t = self.step[s as usize * 16 + d as usize];
        if t == NONE { None } else { Some(t) }
    }

    /// Neighbours of `s` under a relation, clockwise from N.
    #[inline]
    pub fn neighbours(&self, s: Site, rel: Relation) -> &[Site] {
        self.neighbours
            .get(rel as usize * self.sites.len() + s as usize)
    }

    /// Directions of the neighbours of `s` under a relation, in the same
    /// order as [`Board::neighbours`].
    #[inline]
    pub fn dirs(&self, s: Site, rel: Relation) -> &[Dir] {
        self.neighbour_dirs
            .get(rel as usize * self.sites.len() + s as usize)
    }

    /// Sites along direction `d` from `s`, nearest first, `s` excluded.
    #[inline]
    pub fn radial(&self, s: Site, d: Dir) -> &[Site] {
        self.radials.get(s as usize * 16 + d as usize)
    }

    pub fn corners(&self) -> &[Site] {
        &self.corners
    }

    /// `(sites Outer)` / `(sites Perimeter)`.
    pub fn outer(&self) -> &[Site] {
        &self.outer
    }

    /// `(sites Inner)`.
    pub fn inner(&self) -> &[Site] {
        &self.inner
    }

    /// `(centrePoint)`.
    pub fn centre(&self) -> Site {
        self.centre
    }

    /// `(sites Centre)`.
    pub fn centre_sites(&self) -> &[Site] {
        &self.centre_sites
    }

    /// `(sites Top)`.
    pub fn top(&self) -> &[Site] {
        &self.top
    }

    /// `(sites Bottom)`.
    pub fn bottom(&self) -> &[Site] {
        &self.bottom
    }

    /// `(sites Left)`.
    pub fn left(&self) -> &[Site] {
        &self.left
    }

    /// `(sites Right)`.
    pub fn right(&self) -> &[Site] {
        &self.right
    }

    /// `(sites Row N)`: the sites of Ludii's row `n`, ascending.
    pub fn row(&self, n: u32) -> Vec<Site> {
        self.all_sites()
            .filter(|&s| self.sites[s as usize].row == n)
            .collect()
    }

    /// `(sites Column N)`: the sites of Ludii's column `n`, ascending.
    pub fn column(&self, n: u32) -> Vec<Site> {
        self.all_sites()
            .filter(|&s| self.sites[s as usize].col == n)
            .collect()
    }

    /// `(sites Phase N)`: the sites of Ludii's phase `n` (a colouring in
    /// which no two Orthogonal neighbours share a phase), ascending.
    pub fn phases_known(&self) -> bool {
        self.phases_known
    }

    /// Whether corners and centre are Ludii's (see the field).
    pub fn corners_known(&self) -> bool {
        self.corners_known
    }

    pub fn phase(&self, n: u32) -> Vec<Site> {
        self.all_sites()
            .filter(|&s| n < 8 && self.sites[s as usize].phase_marks & (1 << n) != 0)
            .collect()
    }

    pub fn label(&self, s: Site) -> &str {
        &self.sites[s as usize].label
    }

    pub fn site_by_label(&self, label: &str) -> Option<Site> {
        self.by_label.get(label).copied()
    }

    pub fn edges(&self) -> &[(Site, Site)] {
        &self.edges
    }
}

/// Constructors and whole-board queries.
impl Board {
    /// Reads a `(board SHAPE use:Cell|Vertex)` form. Sizes are validated
    /// (positive integers, at most [`MAX_SITES`] sites); every error is
    /// located and says what was expected.
    pub fn from_node(board_form: &Node) -> Result<Board, Diagnostic> {
        read::from_node(board_form)
    }

    /// `(board (square n))`: n×n cells.
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn square(n: u32) -> Board {
        Board::rectangle(n, n)
    }

    /// `(board (rectangle rows cols))`: cells.
    ///
    /// # Panics
    /// If a size is 0.
    pub fn rectangle(rows: u32, cols: u32) -> Board {
        Board::grid(rows, cols, SiteType::Cell)
    }

    /// `(board (rectangle rows cols) use:…)`: a grid of cells, or with
    /// [`SiteType::Vertex`] a grid of rows×cols points.
    ///
    /// # Panics
    /// If a size is 0.
    pub fn grid(rows: u32, cols: u32, site_type: SiteType) -> Board {
        builder::build(
            Shape::Square { rows, cols },
            site_type,
            square::proto(rows, cols, site_type),
        )
    }

    /// `(board (hex n))`.
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn hex(n: u32) -> Board {
        builder::build(Shape::Hex { size: n }, SiteType::Cell, hex::proto(n))
    }

    /// `(board (hex Limping n))`.
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn limping_hex(n: u32) -> Board {
        builder::build(
            Shape::LimpingHex { size: n },
            SiteType::Cell,
            limping::proto(n),
        )
    }

    /// `(board (concentric Square rings:R joinCorners:B) use:Vertex)`.
    ///
    /// # Panics
    /// If `rings` is 0.
    pub fn concentric(rings: u32, join_corners: bool) -> Board {
        builder::build(
            Shape::Concentric {
                rings,
                join_corners,
            },
            SiteType::Vertex,
            concentric::proto(rings, join_corners),
        )
    }

    /// All sites, `(sites Board)`.
    pub fn all_sites(&self) -> impl Iterator<Item = Site> + '_ {
        0..self.sites.len() as Site
    }

    /// The maximal straight lines of the board: runs of two or more sites
    /// along one direction of the step table that cannot be extended at
    /// either end. Each line is listed once, from the end where it runs in
    /// a direction from N to SSE, ordered by first site then direction.
    pub fn maximal_lines(&self) -> Vec<Vec<Site>> {
        let mut out = Vec::new();
        for s in self.all_sites() {
            for d in &Dir::ALL[..8] {
                if self.step(s, d.opposite()).is_none() && self.step(s, *d).is_some() {
                    let mut line = vec![s];
                    line.extend_from_slice(self.radial(s, *d));
                    out.push(line);
                }
            }
        }
        out
    }
}

/// The `(board ...)` form of an expanded `(game "Name" ...)` form: the first
/// `(board ...)` inside `(equipment { ... })`. `None` when there is none.
pub fn find_board_form(game: &Node) -> Option<&Node> {
    let equipment = game
        .form_args()?
        .iter()
        .find(|a| a.head_word() == Some("equipment"))?;
    equipment.form_args()?.iter().find_map(|a| match &a.kind {
        Kind::Array(items) => items
            .iter()
            .find(|i| matches!(i.head_word(), Some("board" | "mancalaBoard"))),
        _ if matches!(a.head_word(), Some("board" | "mancalaBoard")) => Some(a),
        _ => None,
    })
}
