//! Game records: one game as JSON (serde), written by `play --record` and
//! `match --records`, read by `replay` and `trace`.
//!
//! A record names the rules file and a hash of its expanded text (so a
//! changed description is noticed), the choices that load it (options,
//! ruleset, length limits), the agents by seat, the seed, the moves as
//! text (`ludeme moves`' notation) and the result (`P1`, `draw`, …; null
//! for a game stopped before its end).

use super::LoadArgs;
use super::play::Limits;
use crate::engine::{Game, Move};
use crate::plan::Rules;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The `format` of the records this version writes.
pub const FORMAT: &str = "ludeme-record 1";

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct GameRecord {
    pub format: String,
    /// The rules file as given on the command line.
    pub file: String,
    /// The game's name.
    pub game: String,
    /// FNV-1a (64 bits, hex) of the expanded description (`ludeme expand`'s
    /// text) with these choices.
    pub hash: String,
    /// Options chosen on the command line (`Header/Item`).
    pub options: Vec<String>,
    pub ruleset: Option<String>,
    /// Every option in force, chosen or default (for the reader).
    pub resolved_options: Vec<String>,
    pub max_turns: u32,
    pub max_decisions: u32,
    /// Agent spec per seat (P1 first).
    pub agents: Vec<String>,
    pub seed: u64,
    pub moves: Vec<String>,
    /// `P1`, `P2`, `draw`, …; None when the game was stopped unfinished.
    pub result: Option<String>,
}

/// FNV-1a, 64 bits: stable across builds and platforms (unlike std's
/// hasher), for the record's hash of the expanded text.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The hash of the expanded description `load` names.
pub fn expanded_hash(load: &LoadArgs) -> Result<String, String> {
    let (_, ex) =
        crate::expand::load_path(&load.file, &load.choices()).map_err(|e| e.to_string())?;
    Ok(format!(
        "{:016x}",
        fnv1a(crate::expand::pretty(&ex.game).as_bytes())
    ))
}

impl GameRecord {
    /// A record of `moves` played in `game`, loaded by `load`, ending with
    /// `result` (`P1`, `draw`, …; None for a game stopped unfinished).
    pub fn new(
        load: &LoadArgs,
        hash: String,
        game: &Game,
        agents: Vec<String>,
        seed: u64,
        moves: Vec<String>,
        result: Option<String>,
    ) -> GameRecord {
        GameRecord {
            format: FORMAT.into(),
            file: load.file.display().to_string(),
            game: game.name.clone(),
            hash,
            options: load.options.clone(),
            ruleset: load.ruleset.clone(),
            resolved_options: game
                .options
                .iter()
                .map(|(h, i)| format!("{h}/{i}"))
                .collect(),
            max_turns: game.max_turns,
            max_decisions: game.max_decisions,
            agents,
            seed,
            moves,
            result,
        }
    }

    /// Reads a record; the error names the file and what is wrong.
    pub fn read(path: &Path) -> Result<GameRecord, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("error: cannot read record {}: {e}", path.display()))?;
        let r: GameRecord = serde_json::from_str(&text).map_err(|e| {
            format!(
                "error: {}:{}:{}: not a game record: {e}",
                path.display(),
                e.line(),
                e.column()
            )
        })?;
        if r.format != FORMAT {
            return Err(format!(
                "error: {}: record format `{}` is not supported (expected `{FORMAT}`)",
                path.display(),
                r.format
            ));
        }
        Ok(r)
    }

    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a record serializes");
        s.push('\n');
        s
    }

    pub fn write(&self, path: &Path) -> Result<(), String> {
        std::fs::write(path, self.to_json())
            .map_err(|e| format!("error: cannot write record {}: {e}", path.display()))
    }

    /// The load arguments and limits that reproduce the game; `file`
    /// replaces the recorded rules file.
    pub fn load_args(&self, file: Option<&Path>) -> (LoadArgs, Limits) {
        (
            LoadArgs {
                file: file.map_or_else(|| PathBuf::from(&self.file), Path::to_path_buf),
                options: self.options.clone(),
                ruleset: self.ruleset.clone(),
                passes: "all".into(),
                // records do not keep a dice seed yet: replayed with 0
                dice_seed: None,
            },
            Limits {
                max_turns: Some(self.max_turns),
                max_decisions: Some(self.max_decisions),
            },
        )
    }
}

/// Where a replay first differs from its record.
#[derive(Debug, Clone, PartialEq)]
pub struct Divergence {
    /// Moves played before it (0 = at the start).
    pub ply: usize,
    /// The recorded move there (None: the record's end).
    pub mv: Option<String>,
    pub why: String,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.mv {
            Some(m) => write!(
                f,
                "diverges at ply {} (move {}, `{m}`): {}",
                self.ply,
                self.ply + 1,
                self.why
            ),
            None => write!(f, "diverges at the end (ply {}): {}", self.ply, self.why),
        }
    }
}

/// Replays `moves` in `game` (on either implementation): each must be
/// legal where it is played, and the game must end with `result`. Returns
/// the final state, or the first divergence.
pub fn replay<R: Rules>(
    game: &R,
    moves: &[String],
    result: Option<&str>,
) -> Result<R::State, Divergence> {
    let mut st = game.initial_state();
    let mut ws = game.workspace();
    let mut legal: Vec<Move> = Vec::new();
    for (ply, text) in moves.iter().enumerate() {
        let diverge = |why: String| Divergence {
            ply,
            mv: Some(text.clone()),
            why,
        };
        if let Some(o) = game.outcome(&st) {
            return Err(diverge(format!(
                "the game is already over (result {})",
                o.text()
            )));
        }
        game.legal_into(&st, &mut ws, &mut legal);
        crate::plan::check_move_limit(&legal).map_err(diverge)?;
        let texts = game.game().move_texts(&legal);
        let Some(i) = texts.iter().position(|t| t == text) else {
            let near: Vec<&str> = crate::agents::human::nearest(&texts, &text.to_lowercase(), 5)
                .into_iter()
                .map(|i| texts[i].as_str())
                .collect();
            return Err(diverge(format!(
                "not a legal move for P{} (nearest legal: {}; {} legal in all)",
                game.mover(&st),
                near.join(" "),
                legal.len()
            )));
        };
        let m = legal[i];
        game.play(&mut st, &m, &mut ws);
    }
    let got = game.outcome(&st).map(|o| o.text());
    if got.as_deref() != result {
        let why = match (result, &got) {
            (Some(r), Some(g)) => format!("the record's result is {r}, the replay's is {g}"),
            (Some(r), None) => format!(
                "the record's result is {r}, but the game is not over (P{} to move)",
                game.mover(&st)
            ),
            (None, Some(g)) => {
                format!("the record has no result (stopped), but the game is over: {g}")
            }
            (None, None) => unreachable!("equal results do not diverge"),
        };
        return Err(Divergence {
            ply: moves.len(),
            mv: None,
            why,
        });
    }
    Ok(st)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_known_values() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
