use super::LoadArgs;
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

/// `ludeme check FILE`: one summary line, or the rendered error.
pub fn run_check(a: &CheckArgs) -> Result<(), String> {
    let (_, ex) = load_path(&a.load.file, &a.load.choices()).map_err(|e| e.to_string())?;
    println!("{}", summary(&ex));
    Ok(())
}

/// `ok: "Name": 2 options (Board/Hexagon 4; Rules/Standard), ruleset "..."`.
pub fn summary(ex: &Expanded) -> String {
    let mut s = format!("ok: \"{}\": {} option", ex.name, ex.options.len());
    if ex.options.len() != 1 {
        s.push('s');
    }
    if !ex.options.is_empty() {
        let chosen: Vec<String> = ex.options.iter().map(|(h, i)| format!("{h}/{i}")).collect();
        s.push_str(&format!(" ({})", chosen.join("; ")));
    }
    if let Some(r) = &ex.ruleset {
        s.push_str(&format!(", ruleset \"{r}\""));
    }
    s
}
