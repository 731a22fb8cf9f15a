//! Running a profile: the tournament played, then the profile derived and written.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use floe_core::Game;
use floe_games::GameVisitor;
use floe_sim::Setting;
use floe_sim::report::TableFile;
use floe_sim::table::Table;

use floe_lab::Progress;
use floe_lab::message::{About, Message};
use floe_lab::output_dir::{OutputDir, Scope};
use floe_lab::request::{NamedBy, RulesFile, RunRequest, plan_run};
use floe_lab::{Machine, Report, RunOptions};

use crate::*;

/// How to carry out a profile.
pub struct ProfileOptions<'a> {
    /// The folder to write.
    pub out: &'a Path,
    /// Worker threads (a profile is not sharded).
    pub machine: Machine,
    /// The command line, recorded in the manifest.
    pub command: Vec<String>,
    /// Replace files in `out` that Floe did not write.
    pub force: bool,
    /// Hears how the run advances.
    pub progress: &'a dyn Progress,
    /// Set to stop the run early; it then fails without writing anything.
    pub stop: Option<&'a Arc<AtomicBool>>,
}

/// What a profile did, for the front end to show.
#[derive(Debug)]
pub struct ProfileReport {
    /// The report: the ladder and its timing, the tournament's standings and ratings,
    /// and the profile.
    pub text: String,
    /// The ladder played, weakest first.
    pub ladder: Vec<String>,
    /// The timing, when the ladder was not given.
    pub timing: Option<Timing>,
    /// Games played.
    pub games: u64,
    /// Wall time of the tournament's games.
    pub games_elapsed: Duration,
    /// Wall time of the whole profile (timing included).
    pub elapsed: Duration,
    /// The files written (final paths).
    pub written: Vec<PathBuf>,
    /// The charts drawn.
    pub charts: Vec<PathBuf>,
    /// Remarks for the user (a chart that could not be drawn).
    pub notes: Vec<Message>,
    /// Every table written, by file name: the tournament's, then the profile's.
    pub tables: Vec<(String, Table)>,
}

/// Times the ladder (unless given), plays the tournament and writes the profile's folder:
/// the tournament's tables, `profile.csv`, `profile_ladder.csv`, `profile.svg`, the
/// column dictionary and the manifest, all moved into `opts.out` together at the end.
///
/// # Errors
/// Fails if the folder cannot be written (checked before anything is played), or the run
/// fails.
pub fn run_profile(p: &PlannedProfile, opts: &ProfileOptions<'_>) -> Result<ProfileReport> {
    struct Run<'a> {
        p: &'a PlannedProfile,
        opts: &'a ProfileOptions<'a>,
    }
    impl GameVisitor for Run<'_> {
        type Output = Result<ProfileReport>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<ProfileReport> {
            run_game(&game, self.p, self.opts)
        }
    }
    floe_games::visit(&p.game, Some(&p.rules), Run { p, opts })
        .map_err(|e| anyhow!("the profile's rules of {}: {e}", p.game))?
}

/// [`run_profile`] on the loaded `game`.
pub(super) fn run_game<G: Game>(
    game: &G,
    p: &PlannedProfile,
    opts: &ProfileOptions<'_>,
) -> Result<ProfileReport> {
    let started = Instant::now();
    let out_path = opts.out.display();
    let mut names: Vec<&str> = TOURNAMENT_FILES.to_vec();
    if !game.figures().is_empty() {
        names.push(TableFile::Figures.name());
    }
    if p.arc {
        names.push(TableFile::Arc.name());
    }
    let picture = floe_plot::png_path(Path::new(CHART));
    let picture = picture.to_string_lossy();
    names.extend([PROFILE, LADDER, CHART, &picture, floe_pages::report::PAGE]);
    let mut out = OutputDir::prepare(opts.out, &names, false, Scope::Everything, opts.force)
        .about(Setting::Out, &out_path)?;

    let (ladder, timing) = match &p.ladder {
        Some(given) => (given.clone(), None),
        None => {
            opts.progress
                .cell(&format!("timing {TIMED} to decide on {DEEP}"));
            let timing = time_ladder(game, p.players, p.dealing.seed);
            (full_ladder(timing.deep), Some(timing))
        }
    };
    let report = play_tournament(p, opts, &ladder, &mut out)?;
    let derived = derive(&ladder, timing.as_ref(), p.deals, &report.tables)?;
    let text = format!(
        "{}\n{}{}",
        ladder_text(&ladder, timing.as_ref()),
        report.text,
        profile_text(&derived, table(&report.tables, TableFile::GameStats)?)?
    );
    let mut tables: Vec<(String, Table)> = report
        .tables
        .into_iter()
        .map(|(file, t)| (file.name().to_string(), t))
        .collect();
    tables.push((PROFILE.to_string(), derived.profile.clone()));
    tables.push((LADDER.to_string(), derived.ladder.clone()));
    write_profile(game, &tables, &mut out).about(Setting::Out, &out_path)?;
    let inner = out.staging().join(TOURNAMENT);
    let manifest = floe_io::read::text(&inner.join(MANIFEST), floe_io::read::Kind::MANIFEST)
        .about(Setting::Out, &out_path)?;
    let manifest = manifest + &manifest_table(&ladder, p.deals, timing.as_ref());
    let mut file = out.file(MANIFEST).about(Setting::Out, &out_path)?;
    std::io::Write::write_all(&mut file, manifest.as_bytes())
        .and_then(|()| file.finish())
        .about(Setting::Out, &out_path)?;
    floe_io::write::remove_staging(&inner);

    let mut notes = Vec::new();
    if timing.is_some() {
        notes.push(
            Message::from(format!(
                "note: the timing on this machine chose whether {DEEP} is on the ladder; give "
            ))
            .mention(Setting::Ladder)
            .then(" to fix the ladder"),
        );
    }
    let drawn = draw_chart(&out.staging().join(CHART), &p.game, p.players, &derived)?;
    match drawn {
        true => out.add_chart(CHART),
        false => notes.push(Message::from(format!(
            "note: {CHART} not drawn: some entrant has no finite rating (see {RATINGS})"
        ))),
    }
    out.stage_page()?;

    let (charts, written) = out
        .commit()
        .about(Setting::Out, &out_path)?
        .into_iter()
        .partition(|path| path.file_name().is_some_and(|n| n == CHART));
    Ok(ProfileReport {
        text,
        ladder,
        timing,
        games: report.games,
        games_elapsed: report.elapsed,
        elapsed: started.elapsed(),
        written,
        charts,
        notes,
        tables,
    })
}

/// The staging folder's subfolder where the tournament writes before its tables join the
/// profile's folder.
const TOURNAMENT: &str = "tournament";

/// Plays the duplicate tournament of `ladder` into a subfolder of `out`'s staging folder
/// and moves its tables into `out` (its dictionary and manifest stay behind, to be
/// written again with the profile's part).
fn play_tournament(
    p: &PlannedProfile,
    opts: &ProfileOptions<'_>,
    ladder: &[String],
    out: &mut OutputDir,
) -> Result<Report> {
    let rules = RulesFile {
        named_by: NamedBy::Words("the profile's rules".into()),
        text: p.rules.clone(),
        stem: "rules".into(),
    };
    let request = RunRequest {
        arc: p.arc,
        ..tournament_request(
            &p.game,
            Some(rules),
            p.players,
            ladder,
            p.deals,
            p.dealing,
            &p.registry,
        )?
    };
    let planned = plan_run(request).map_err(ladder_error)?;
    let report: Report = floe_lab::execute(
        &planned.plan,
        &RunOptions {
            out: &out.staging().join(TOURNAMENT),
            machine: Machine {
                threads: opts.machine.threads,
                shard: None,
            },
            merged: None,
            command: opts.command.clone(),
            force: false,
            progress: opts.progress,
            stop: opts.stop,
            registry: &p.registry,
        },
    )?;
    for path in &report.written {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| anyhow!("{}: not a file", path.display()))?;
        // The profile writes its own dictionary, manifest and page over the tournament's.
        if [COLUMNS, MANIFEST, floe_pages::report::PAGE].contains(&name.as_str()) {
            continue;
        }
        floe_io::write::place(path, &out.staging().join(&name))
            .about(Setting::Out, &opts.out.display())?;
        out.add(&name);
    }
    Ok(report)
}

/// Writes the profile's two tables (the last two of `tables`) and the column dictionary
/// of every table into `out`.
fn write_profile<G: Game>(game: &G, tables: &[(String, Table)], out: &mut OutputDir) -> Result<()> {
    let described: Vec<(&str, &Table)> = tables.iter().map(|(n, t)| (n.as_str(), t)).collect();
    for (file, t) in &described[described.len() - 2..] {
        t.write(out.file(file)?)?;
    }
    floe_lab::columns::dictionary(game, &described).write(out.file(COLUMNS)?)?;
    Ok(())
}
