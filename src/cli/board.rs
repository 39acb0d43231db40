use super::LoadArgs;
use clap::Args;

#[derive(Args, Debug)]
pub struct BoardArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    /// Print the board as JSON instead of a drawing.
    #[arg(long)]
    pub json: bool,
}

pub fn run(_a: &BoardArgs) -> Result<(), String> {
    Err("board: not built yet".into())
}
