use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Output piped into `head` and the like: die quietly of SIGPIPE, as
    // other command-line tools do, instead of panicking in `println!` on
    // the write error Rust gets with SIGPIPE ignored (its default).
    #[cfg(unix)]
    // SAFETY: restores the default action of one signal before any thread
    // starts; no handler runs Rust code.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
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
