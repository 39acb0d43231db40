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
    /// Also play random games with the reference interpreter and the engine
    /// (with `--passes`, the plan compared) in lockstep; print the first divergence (exit 1)
    /// or a summary.
    #[arg(long)]
    pub crosscheck: bool,
    /// Games for `--crosscheck`.
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub games: u32,
    /// Most decisions per game for `--crosscheck`.
    #[arg(long, default_value_t = 400, value_name = "N")]
    pub plies: usize,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Also print the plan: which implementation plays the game and, on
    /// the engine, which optimisation passes fired on which generator
    /// node, phase and end rule.
    #[arg(long)]
    pub plan: bool,
}

/// `ludeme expand FILE`: the expanded `(game ...)` form, pretty-printed.
pub fn run_expand(a: &ExpandArgs) -> Result<(), String> {
    let (_, ex) = load_path(&a.load.file, &a.load.choices()).map_err(|e| e.to_string())?;
    println!("{}", pretty(&ex.game));
    // the metadata is not rules: kept as written, after the game
    if let Some(m) = &ex.info.metadata {
        println!("{}", pretty(m));
    }
    Ok(())
}

/// `ludeme check FILE`: parse, expand and compile; one summary line, or the
/// rendered error.
pub fn run_check(a: &CheckArgs) -> Result<(), String> {
    let (sources, ex) = load_path(&a.load.file, &a.load.choices()).map_err(|e| e.to_string())?;
    let game =
        crate::compile::compile(&ex.game, ex.options.clone()).map_err(|d| d.render(&sources))?;
    println!("{}", summary(&ex, &game));
    let passes = crate::plan::PassSet::parse(&a.load.passes)?;
    if a.plan {
        match crate::dispatch::Loaded::new(game.clone(), passes) {
            crate::dispatch::Loaded::Reference(r) => {
                println!(
                    "plan: the reference interpreter ({})",
                    match r.game.reference_only.is_empty() {
                        true => "`--passes none`".to_string(),
                        false => format!(
                            "the engine declines {}",
                            crate::dispatch::Loaded::Reference(r.clone())
                                .reference_reason()
                                .unwrap_or_default()
                        ),
                    }
                )
            }
            crate::dispatch::Loaded::Engine(g) => {
                let names: Vec<&str> = crate::plan::Pass::ALL
                    .iter()
                    .filter(|p| passes.effective().has(**p))
                    .map(|p| p.name())
                    .collect();
                println!("plan: the engine, passes {}", names.join(", "));
                print!("{}", g.plan_report());
            }
        }
    }
    if a.crosscheck && !game.reference_only.is_empty() {
        let names: Vec<String> = game
            .reference_only
            .iter()
            .map(|n| format!("`{n}`"))
            .collect();
        println!(
            "crosscheck: nothing to compare: this game runs on the reference interpreter only (it uses {})",
            names.join(", ")
        );
    } else if a.crosscheck {
        let reference = crate::plan::Reference::new(&game);
        let result = if passes.is_none() {
            crate::plan::lockstep(&reference, &reference.clone(), a.games, a.plies, a.seed)
        } else {
            let engine = game.with_passes(passes);
            crate::plan::lockstep(&reference, &engine, a.games, a.plies, a.seed)
        };
        match result {
            Ok(plies) => println!(
                "crosscheck ok: {} games, {plies} plies: the reference interpreter and passes `{}` agree",
                a.games, a.load.passes
            ),
            Err(d) => {
                return Err(format!(
                    "error: crosscheck failed: reference vs passes `{}`: {d}\n",
                    a.load.passes
                ));
            }
        }
    }
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
