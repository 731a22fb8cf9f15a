//! `floe replay`: one game of a run (of `simulate` or `tournament`), played again from its
//! seed and printed in full.

use anyhow::{Result, bail};
use clap::Args;
use floe_bots::Registry;
use floe_io::write::Existing;
use floe_lab::plan::Plan;
use floe_lab::request::plan_run;
use floe_lab::{RunKind, Setting, Wording};

use crate::args::{GameArgs, warn};
use crate::flags::Flags;

/// Flags of `floe replay`: the run's flags plus the game to show.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Bot spec for every seat (e.g. `random`), or one per seat, comma-separated.
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Index of the game in the run (the `game_index` column of games.csv).
    #[arg(long, default_value_t = 0)]
    pub index: u64,
    /// Tell the game as this seat saw it: its own board, others' face-down cards hidden,
    /// and no `standings:` lines (another seat's standing can tell what this one cannot
    /// know).
    #[arg(long)]
    pub seat: Option<usize>,
    /// The run's size, if given: the index must lie inside it (and for a tournament the
    /// size must be a whole number of cycles of seatings, as `floe tournament` checks).
    #[arg(long)]
    pub games: Option<u64>,
    /// The run was a `floe tournament`: --bots lists the entrants, who take turns at the
    /// seats through the cycle of seatings `floe tournament` uses.
    #[arg(long)]
    pub tournament: bool,
    /// With --tournament: the tournament played each deal once per cycle (`--duplicate`).
    #[arg(long, requires = "tournament")]
    pub duplicate: bool,
    /// Tell the game of a record written by `floe play` (the record names the game, its
    /// rules, seats and seed: only --seat applies).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["tournament", "games", "index"])]
    pub record: Option<std::path::PathBuf>,
    /// Draw the game instead, step by step, into this page (one self-contained HTML file
    /// to open in a browser): told in full with a view as each seat saw it and a chart of
    /// the standings, or with --seat only as that seat saw it.
    #[arg(long, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
    /// With --html: replace a file there that is not a page Floe wrote (a device, a pipe,
    /// a folder or a link is refused even so).
    #[arg(long)]
    pub force: bool,
    // Flags of `simulate` and `tournament` that do not change any game, accepted so that
    // their command lines replay by changing the subcommand (to `replay`, or for a
    // tournament `replay --tournament`) and adding --index.
    #[arg(long = "threads", hide = true)]
    _threads: Option<usize>,
    #[arg(long = "out", hide = true)]
    _out: Option<std::path::PathBuf>,
    #[arg(long = "per-game", hide = true)]
    _per_game: bool,
    #[arg(long = "quiet", hide = true)]
    _quiet: bool,
    #[arg(long = "arc", hide = true)]
    _arc: bool,
}

/// Runs `floe replay`, printing the log to stdout; its bots may be those of `bots` too.
pub fn run(a: &ReplayArgs, bots: &Registry) -> Result<()> {
    if let Some(path) = &a.record {
        let record = floe_play::people::Record::read(path)?;
        // Told first, shown once the record is known to fit its game.
        let told = floe_play::people::tell_record(&record, path, bots, |plan, bots| {
            tell(a, plan, 0, bots)
        })?;
        return show(a, &told);
    }
    match a.games {
        Some(0) => bail!("--games 0: a run has at least 1 game"),
        Some(games) if a.index >= games => bail!(
            "--index {}: a run of --games {games} has games 0 to {}",
            a.index,
            games - 1
        ),
        _ => {}
    }
    let mut request = a.game.request(&a.bots, 1, bots);
    if a.tournament {
        request.kind = RunKind::Tournament;
        request.dealing.seating = crate::tournament::seating(a.duplicate);
        // A replay plays one game, whatever the run's size; but a tournament's size must
        // be a whole number of cycles of seatings, so without --games it is one cycle.
        let entrants = floe_bots::split_spec_list(&a.bots).len();
        request.games = a.games.unwrap_or(request.dealing.seating.cycle(entrants));
    }
    let planned = plan_run(request)?;
    warn(&planned.notes);
    let told = tell(a, &planned.plan, a.index, bots)?;
    show(a, &told)
}

/// Tells game `index` of the one-cell run `plan`: its log, or with `--html` its page.
fn tell(a: &ReplayArgs, plan: &Plan, index: u64, bots: &Registry) -> Result<String> {
    Ok(match &a.html {
        None => floe_play::replay::replay(plan, index, a.seat, bots)?,
        Some(_) => {
            floe_pages::drawn::page(&floe_play::drawn::replay(plan, index, a.seat, bots)?, None)
        }
    })
}

/// Prints the log `told`, or writes it as `--html`'s page.
fn show(a: &ReplayArgs, told: &str) -> Result<()> {
    // A game whose searches a signal cut short is not the game of the run: not shown.
    floe_io::stop::check()?;
    match &a.html {
        None => floe_io::console::write(floe_io::console::Stream::Out, told)?,
        Some(path) => {
            let force_flag = Flags.mention(Setting::Force);
            let existing = if a.force {
                Existing::Replace
            } else {
                Existing::IfFloes(&floe_pages::report::is_floes_page, &force_flag)
            };
            floe_io::write::whole(path, told.as_bytes(), existing, "--html")?;
            floe_io::console::err(&format!(
                "wrote {} (open it in a browser)",
                floe_io::gate::path(path)
            ))?;
        }
    }
    Ok(())
}
