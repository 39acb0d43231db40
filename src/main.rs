use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = ludeme::cli::Cli::parse();
    match ludeme::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprint!("{e}");
            if !e.ends_with('\n') {
                eprintln!();
            }
            ExitCode::FAILURE
        }
    }
}
