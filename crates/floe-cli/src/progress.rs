//! The progress bar of a long run.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Returns the progress bar of a run of `games` games: on stderr, drawn only when stderr
/// is a terminal, and hidden with `quiet`.
pub fn bar(games: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{bar:40} {human_pos}/{human_len} games  {rate}  ETA {eta}  {msg}",
    )
    .expect("the progress template is valid")
    .with_key(
        "rate",
        |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0} games/s", state.per_sec());
        },
    );
    bar.set_style(style);
    bar
}

/// Prints the lines that close a run's report: its speed (or, for a merge, the shards it
/// came from) and the files written.
///
/// # Errors
/// Fails if `out` fails.
pub fn print_footer(
    out: &mut impl std::io::Write,
    flags: &crate::args::RunFlags,
    games: u64,
    elapsed: std::time::Duration,
    written: &[std::path::PathBuf],
) -> std::io::Result<()> {
    let secs = elapsed.as_secs_f64();
    match &flags.merged {
        Some(m) => writeln!(out, "\n{games} games, merged from {} shards", m.dirs.len())?,
        None => writeln!(
            out,
            "\n{games} games in {secs:.2} s ({:.0} games/s)",
            games as f64 / secs.max(1e-9)
        )?,
    }
    for path in written {
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}
