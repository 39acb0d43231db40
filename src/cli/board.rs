use super::LoadArgs;
use crate::board::{Board, draw, find_board_form, to_json_text};
use crate::diag::Sources;
use crate::syntax::Node;
use clap::Args;

#[derive(Args, Debug)]
pub struct BoardArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    /// Print the board as JSON instead of a drawing.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &BoardArgs) -> Result<(), String> {
    let (sources, game) = load(&a.load)?;
    print!("{}", board_text(&sources, &game, a.json)?);
    Ok(())
}

/// The output of `ludeme board` for an expanded `(game ...)` form: the
/// drawing, or the JSON (one line per site, then a newline); or the
/// rendered error.
pub fn board_text(sources: &Sources, game: &Node, json: bool) -> Result<String, String> {
    let form = find_board_form(game).ok_or_else(|| {
        crate::diag::Diagnostic::at(game.span, "no `(board ...)` in the game's equipment")
            .expected("`(equipment { (board ...) ... })`")
            .render(sources)
    })?;
    let board = Board::from_node(form).map_err(|d| d.render(sources))?;
    if json {
        Ok(to_json_text(&board))
    } else {
        Ok(draw(&board, &|_| None))
    }
}

/// Reads, parses and expands the rules file (with the chosen options):
/// the sources (to render later errors) and the expanded `(game ...)` form.
fn load(a: &LoadArgs) -> Result<(Sources, Node), String> {
    let (sources, expanded) =
        crate::expand::load_path(&a.file, &a.choices()).map_err(|e| e.to_string())?;
    Ok((sources, expanded.game))
}
