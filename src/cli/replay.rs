//! `ludeme replay RECORD.json [--file LUD]`: plays a game record's moves
//! again, checking each is legal where it is played and that the game ends
//! as recorded; reports the first divergence (ply, move, why). A record of
//! a game under rules since changed fails exactly where the change shows.

use super::play::{load_rules, options_text};
use super::record::{GameRecord, expanded_hash, replay};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The game record (JSON, from `play --record` or `match --records`).
    pub record: PathBuf,
    /// Replay under this rules file instead of the recorded one.
    #[arg(long, value_name = "LUD")]
    pub file: Option<PathBuf>,
}

pub fn run_replay(a: &ReplayArgs) -> Result<(), String> {
    let rec = GameRecord::read(&a.record)?;
    let (load_args, limits) = rec.load_args(a.file.as_deref());
    let loaded = load_rules(&load_args, &limits)?;
    let game = loaded.game();
    let hash = expanded_hash(&load_args)?;
    println!(
        "replay: {} ({}), {} moves, from {}",
        game.name,
        options_text(game),
        rec.moves.len(),
        load_args.file.display()
    );
    if hash != rec.hash {
        println!(
            "note: the expanded description differs from the recorded one (hash {} now, {} recorded)",
            hash, rec.hash
        );
    }
    let replayed = crate::with_rules!(&loaded, |r| replay(r, &rec.moves, rec.result.as_deref())
        .map(|_| ()));
    match replayed {
        Ok(_) => {
            println!(
                "ok: {} moves legal, result {} as recorded",
                rec.moves.len(),
                rec.result.as_deref().unwrap_or("none (stopped)")
            );
            Ok(())
        }
        Err(d) => Err(format!("error: the replay of {} {d}\n", a.record.display())),
    }
}
