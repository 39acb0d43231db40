use super::LoadArgs;
use crate::engine::Game;
use crate::expand::{Expanded, load_path, pretty};
use clap::Args;

#[derive(Args, Debug)]
pub struct ExpandArgs {
    #[command(flatten)]
    pub load: LoadArgs,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub load: LoadArgs,
}

/// `ludeme expand FILE`: the expanded `(game ...)` form, pretty-printed.
pub fn run_expand(a: &ExpandArgs) -> Result<(), String> {
    let (_, ex) = load_path(&a.load.file, &a.load.choices()).map_err(|e| e.to_string())?;
    println!("{}", pretty(&ex.game));
    Ok(())
}

/// `ludeme check FILE`: parse, expand and compile; one summary line, or the
/// rendered error.
pub fn run_check(a: &CheckArgs) -> Result<(), String> {
    let (sources, ex) = load_path(&a.load.file, &a.load.choices()).map_err(|e| e.to_string())?;
    let game =
        crate::compile::compile(&ex.game, ex.options.clone()).map_err(|d| d.render(&sources))?;
    println!("{}", summary(&ex, &game));
    Ok(())
}

/// `ok: Abande: 2 players, 37 sites, 2 pieces, options Board/Hexagon 4`
/// (options separated by `; `, then `, ruleset "NAME"` if one was chosen).
pub fn summary(ex: &Expanded, game: &Game) -> String {
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let pieces = game.comps.iter().filter(|c| !c.name.is_empty()).count();
    let mut s = format!(
        "ok: {}: {}, {}, {}, ",
        game.name,
        plural(game.players as usize, "player"),
        plural(game.board.len(), "site"),
        plural(pieces, "piece"),
    );
    if ex.options.is_empty() {
        s.push_str("no options");
    } else {
        let chosen: Vec<String> = ex.options.iter().map(|(h, i)| format!("{h}/{i}")).collect();
        s.push_str(&format!("options {}", chosen.join("; ")));
    }
    if let Some(r) = &ex.ruleset {
        s.push_str(&format!(", ruleset \"{r}\""));
    }
    if !game.reference_only.is_empty() {
        let names: Vec<String> = game
            .reference_only
            .iter()
            .map(|n| format!("`{n}`"))
            .collect();
        s.push_str(&format!(
            "; runs on the reference interpreter (uses {})",
            names.join(", ")
        ));
    }
    s
}
