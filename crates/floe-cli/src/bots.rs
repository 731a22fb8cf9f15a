//! `floe bots`: every bot and its parameters, with one game's defaults.

use anyhow::Result;
use clap::Args;
use floe_bots::Registry;

/// Flags of `floe bots`.
#[derive(Args, Debug)]
pub struct BotsArgs {
    /// The game whose defaults to show.
    #[arg(long, default_value = floe_games::DEFAULT_GAME, help = crate::args::game_help("The game whose defaults to show"))]
    pub game: String,
}

/// Runs `floe bots`, printing the list to stdout: the built-in bots, then those of `bots`.
pub fn run(a: &BotsArgs, bots: &Registry) -> Result<()> {
    let text = floe_lab::request::bots_help(&a.game, bots)?;
    floe_io::console::write(floe_io::console::Stream::Out, &text)?;
    Ok(())
}
