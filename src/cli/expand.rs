use super::LoadArgs;
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

pub fn run_expand(_a: &ExpandArgs) -> Result<(), String> {
    Err("expand: not built yet".into())
}

pub fn run_check(_a: &CheckArgs) -> Result<(), String> {
    Err("check: not built yet".into())
}
