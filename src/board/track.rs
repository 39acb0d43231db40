//! Tracks: Ludii's `(track "Name" "0,E,N1,W" loop:B OWNER directed:B)` or
//! `(track "Name" {0 1 2 ...} ...)`, fixed sequences of sites over a board
//! (mancala sowing, race games). A description string starts with a site;
//! each later step is a site number, `End` (off the board), or a compass
//! direction with an optional length (`N1`): the sites along that
//! direction's radial from the current site (all of them, or that many).
//! Consecutive repeats of a site are folded into a "bump" count of the
//! element, as Ludii does; each element knows its successor and
//! predecessor (`loop:` closes the ring, `directed:` drops the
//! predecessors of the middle elements).

use super::{Board, Dir, Site};
use crate::diag::Diagnostic;
use crate::syntax::{Kind, Node};

/// The marker of Ludii's `End` step (a site off the board).
pub const TRACK_END: Site = Site::MAX - 1;

/// One track of a board.
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    pub name: String,
    /// 0: nobody's; else the player owning the track.
    pub owner: u8,
    pub looped: bool,
    pub directed: bool,
    /// The elements' sites, in order (consecutive repeats folded).
    pub sites: Vec<Site>,
    /// Per element: how many repeats were folded into it.
    pub bumps: Vec<u32>,
}

impl Track {
    /// Index of the element after element `i` (None at the end of an
    /// open track).
    pub fn next_index(&self, i: usize) -> Option<usize> {
        let n = self.sites.len();
        if i + 1 < n {
            Some(i + 1)
        } else if self.looped {
            Some(0)
        } else {
            None
        }
    }

    /// Index of the element before element `i`, as Ludii links them.
    pub fn prev_index(&self, i: usize) -> Option<usize> {
        let n = self.sites.len();
        if i == 0 {
            return if self.looped { Some(n - 1) } else { None };
        }
        if i + 1 == n || !self.directed {
            Some(i - 1)
        } else {
            None
        }
    }

    /// Whether an element's site comes back later on the track (Ludii's
    /// `internalLoop`, only looked for on a track without repeats).
    pub fn has_internal_loop(&self) -> bool {
        if self.bumps.iter().any(|&b| b > 0) {
            return false;
        }
        let mut seen = std::collections::HashSet::new();
        !self.sites.iter().all(|s| seen.insert(*s))
    }

    /// The first element at site `s`.
    pub fn index_of(&self, s: Site) -> Option<usize> {
        self.sites.iter().position(|&t| t == s)
    }

    /// Builds a track from its sites (before folding repeats).
    pub fn from_sites(
        name: String,
        owner: u8,
        looped: bool,
        directed: bool,
        raw: &[Site],
    ) -> Track {
        let mut sites = Vec::new();
        let mut bumps = Vec::new();
        let mut bump = 0;
        for (i, &s) in raw.iter().enumerate() {
            if i + 1 == raw.len() || raw[i + 1] != s {
                sites.push(s);
                bumps.push(bump);
                bump = 0;
            } else {
                bump += 1;
            }
        }
        Track {
            name,
            owner,
            looped,
            directed,
            sites,
            bumps,
        }
    }
}

fn bad(node: &Node, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::at(node.span, msg.into())
        .expected("`(track \"Name\" \"0,E,N,W\" loop:True [P1])` or `(track \"Name\" {0 1 2 ...})`")
}

/// Reads a `(track ...)` form against a built board.
pub fn read(board: &Board, form: &Node, players: u8) -> Result<Track, Diagnostic> {
    if form.head_word() != Some("track") {
        return Err(bad(form, format!("found {}", form.describe())));
    }
    let mut name: Option<String> = None;
    let mut raw: Option<Vec<Site>> = None;
    let mut looped = false;
    let mut directed = false;
    let mut owner = 0u8;
    for a in form.form_args().unwrap_or(&[]) {
        match &a.kind {
            Kind::Named { name: n, value } => {
                let b = match value.kind {
                    Kind::Bool(b) => b,
                    _ => return Err(bad(value, format!("bad `{n}:` value {}", value.describe()))),
                };
                match n.as_str() {
                    "loop" => looped = b,
                    "directed" => directed = b,
                    _ => return Err(bad(a, format!("unknown argument `{n}:` of `(track ...)`"))),
                }
            }
            Kind::Str(s) if name.is_none() => name = Some(s.as_str().to_string()),
            Kind::Str(s) if raw.is_none() => raw = Some(steps(board, a, s.as_str())?),
            Kind::Array(items) if raw.is_none() => {
                let mut v = Vec::new();
                for it in items {
                    match it.as_int() {
                        Some(i) if i >= 0 && (i as usize) < board.len() => v.push(i as Site),
                        // Ludii's `End`: off the board, past the last site
                        None if it.as_word() == Some("End") => v.push(TRACK_END),
                        _ => {
                            return Err(bad(
                                it,
                                format!("{} is not a site of the board", it.describe()),
                            ));
                        }
                    }
                }
                raw = Some(v);
            }
            Kind::Int(i) if owner == 0 && *i >= 0 && *i <= players as i64 => owner = *i as u8,
            _ => match a.as_word() {
                Some(w)
                    if w.starts_with('P')
                        && w[1..].parse::<u8>().is_ok_and(|p| p >= 1 && p <= players) =>
                {
                    owner = w[1..].parse().unwrap_or(0)
                }
                Some("Shared" | "Neutral") => owner = 0,
                _ => {
                    return Err(bad(
                        a,
                        format!("unexpected {} in `(track ...)`", a.describe()),
                    ));
                }
            },
        }
    }
    let Some(raw) = raw else {
        return Err(bad(form, "a track needs its sites"));
    };
    if raw.len() < 2 {
        return Err(bad(form, "a track needs at least two sites"));
    }
    Ok(Track::from_sites(
        name.unwrap_or_else(|| "Track".into()),
        owner,
        looped,
        directed,
        &raw,
    ))
}

/// The sites of a description string such as `"0,E,N1,W"`.
fn steps(board: &Board, node: &Node, text: &str) -> Result<Vec<Site>, Diagnostic> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let is_num = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let site = |s: &str| -> Result<Site, Diagnostic> {
        match s.parse::<u64>() {
            Ok(i) if (i as usize) < board.len() => Ok(i as Site),
            _ => Err(bad(
                node,
                format!("`{s}` in the track is not a site of the board"),
            )),
        }
    };
    if !is_num(parts[0]) {
        return Err(bad(
            node,
            format!("the track's first step `{}` is not a site", parts[0]),
        ));
    }
    let mut out = vec![site(parts[0])?];
    let mut current = Some(out[0]);
    for p in &parts[1..] {
        if is_num(p) {
            let s = site(p)?;
            out.push(s);
            current = Some(s);
        } else if *p == "End" {
            out.push(TRACK_END);
            current = None;
        } else {
            // a direction, then an optional count: `N`, `E3`
            let (dir_part, count) =
                p.split_at(p.find(|c: char| c.is_ascii_digit()).unwrap_or(p.len()));
            let len: Option<usize> = if count.is_empty() {
                None
            } else {
                match count.parse() {
                    Ok(n) => Some(n),
                    // (found by fuzzing: a step such as `N1é`)
                    Err(_) => return Err(bad(node, format!("bad track step `{p}`"))),
                }
            };
            let Some(d) = Dir::from_name(dir_part) else {
                return Err(bad(node, format!("bad direction in track step `{p}`")));
            };
            let Some(cur) = current else {
                return Err(bad(
                    node,
                    format!("track step `{p}` has no site to start from"),
                ));
            };
            for &s in board.radial(cur, d).iter().take(len.unwrap_or(usize::MAX)) {
                out.push(s);
                current = Some(s);
            }
        }
    }
    Ok(out)
}
