//! Sharded runs. With `--shard K/N` a run command plays only its block of game indices and
//! writes, instead of its results, the exact counts of its games (`counts.csv`) and a
//! manifest (`shard.toml`). `floe merge` checks that a set of shard folders is one whole
//! run, sums their counts, and hands them to the same command, which then writes its files
//! byte for byte as the unsharded run would.

use std::collections::BTreeMap;
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Parser};
use floe_core::Game;
use floe_sim::output::OutputDir;
use floe_sim::{RecordSink, Shard, Tally};
use serde::{Deserialize, Serialize};

use crate::args::{RunFlags, Setup};
use crate::{Cli, Command};

/// A shard's counts: `cell,name,index,value` rows.
pub const COUNTS: &str = "counts.csv";
/// A shard's manifest.
pub const MANIFEST: &str = "shard.toml";

/// Flags that change how a run is carried out but not its results; left out of the command
/// a shard records, so shards run with different thread counts still merge.
const HOW_FLAGS: [&str; 4] = ["--shard", "--out", "--threads", "--quiet"];

/// What a shard folder says about itself. Everything but `shard` and `games_played` must
/// be the same in every shard of a run.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ShardManifest {
    /// Floe's version.
    pub floe_version: String,
    /// The git commit of the working tree the shard ran in.
    pub git_commit: String,
    /// The command line without the flags that do not change results.
    pub command: Vec<String>,
    /// A fingerprint of the rules (and spec) the games were played with.
    pub inputs_hash: String,
    /// The bots, as given (an experiment's line-ups of each cell, joined by ` | `).
    pub bots: String,
    /// The master seed.
    pub seed: u64,
    /// This shard, `K/N`.
    pub shard: String,
    /// Games in the whole run (over all cells, for an experiment).
    pub games: u64,
    /// Games this shard played (over all cells).
    pub games_played: u64,
}

/// Returns a fingerprint of `what` (the rules as loaded, and an experiment's spec): equal
/// inputs give equal fingerprints with the same Floe build.
pub fn fingerprint(what: &impl Hash) -> String {
    let mut h = std::hash::DefaultHasher::new();
    what.hash(&mut h);
    format!("{:016x}", h.finish())
}

/// Returns this process's command line without the flags that do not change results.
fn result_command() -> Vec<String> {
    let mut kept = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let flag = arg.split('=').next().unwrap_or_default();
        if HOW_FLAGS.contains(&flag) {
            // `--quiet` takes no value; the others take the next word unless given `=value`.
            if flag != "--quiet" && !arg.contains('=') {
                args.next();
            }
            continue;
        }
        kept.push(arg);
    }
    kept
}

/// The two files of a shard, opened before its games are played.
pub struct ShardFiles {
    shard: Shard,
    counts: BufWriter<File>,
    manifest: BufWriter<File>,
}

impl ShardFiles {
    /// Opens a shard's files in `out` if the run is sharded.
    ///
    /// # Errors
    /// Fails if a file cannot be created.
    pub fn open(flags: &RunFlags, out: &mut OutputDir) -> Result<Option<ShardFiles>> {
        let Some(shard) = flags.shard else {
            return Ok(None);
        };
        Ok(Some(ShardFiles {
            shard,
            counts: out.file(COUNTS)?,
            manifest: out.file(MANIFEST)?,
        }))
    }

    /// Writes the counts of every cell's tally (one cell, or an experiment's cells in
    /// order, each with its setup), and the manifest.
    ///
    /// # Errors
    /// Fails if writing fails.
    pub fn write<G: Game>(mut self, setups: &[&Setup<G>], tallies: &[Tally]) -> Result<()> {
        let mut w = csv::Writer::from_writer(&mut self.counts);
        w.write_record(["cell", "name", "index", "value"])?;
        for (cell, tally) in tallies.iter().enumerate() {
            for (name, index, value) in tally.counts() {
                w.write_record([cell.to_string(), name, index.to_string(), value.to_string()])?;
            }
        }
        w.flush()?;
        drop(w);
        self.counts.flush()?;
        let bots: Vec<&str> = setups.iter().map(|s| s.label.bots.as_str()).collect();
        let manifest = ShardManifest {
            floe_version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit: crate::experiment::git_commit(),
            command: result_command(),
            inputs_hash: setups[0].inputs_hash.clone(),
            bots: bots.join(" | "),
            seed: setups[0].label.seed,
            shard: self.shard.to_string(),
            games: setups.iter().map(|s| s.config.games).sum(),
            games_played: tallies.iter().map(|t| t.games).sum(),
        };
        self.manifest
            .write_all(toml::to_string(&manifest)?.as_bytes())?;
        self.manifest.flush()?;
        Ok(())
    }
}

/// The summed counts of a complete set of shards, handed to the command that merges them.
#[derive(Debug, Clone)]
pub struct Merged {
    counts: BTreeMap<(usize, String, usize), i128>,
    inputs_hash: String,
    /// The shard folders in shard order (for per-game files, concatenated in that order).
    pub dirs: Vec<PathBuf>,
}

impl Merged {
    /// Returns the merged tally of `cell`, starting from the run's `empty` tally.
    ///
    /// # Errors
    /// Fails if the counts do not fit the run's shape.
    pub fn tally(&self, cell: usize, mut empty: Tally) -> Result<Tally> {
        for ((c, name, index), value) in self.counts.range((cell, String::new(), 0)..) {
            if *c != cell {
                break;
            }
            empty
                .add_count(name, *index, *value)
                .map_err(|e| anyhow!("cell {cell}: {e}"))?;
        }
        Ok(empty)
    }

    /// Appends to `out` the rows (all but the header line) of the file `name` of every
    /// shard, in shard order: the shards' blocks of games are consecutive, so this gives
    /// the rows of the unsharded run in order.
    ///
    /// # Errors
    /// Fails if a shard lacks the file or writing fails.
    pub fn append_rows(&self, name: &str, out: &mut impl Write) -> Result<()> {
        for dir in &self.dirs {
            let path = dir.join(name);
            let text = std::fs::read_to_string(&path).with_context(|| {
                format!(
                    "{}: this shard was not run with the flag that writes it",
                    path.display()
                )
            })?;
            let body = text.split_once('\n').map_or("", |(_, rest)| rest);
            out.write_all(body.as_bytes())?;
        }
        Ok(())
    }

    /// Checks that the rebuilt run was played with the same rules and spec as the shards.
    ///
    /// # Errors
    /// Fails if the rules file or spec changed since the shards ran.
    pub fn check_inputs<G: Game>(&self, setup: &Setup<G>) -> Result<()> {
        if setup.inputs_hash != self.inputs_hash {
            bail!(
                "the rules or spec differ from those the shards were played with (fingerprint \
                 {} now, {} in the shards); restore them to merge",
                setup.inputs_hash,
                self.inputs_hash
            );
        }
        Ok(())
    }
}

/// Plays the run of `setup` (cell `cell` of the command), or takes its tally from merged
/// shards.
///
/// # Errors
/// Fails if the run fails or the merged counts do not fit it.
pub fn tally<G: Game>(
    flags: &RunFlags,
    cell: usize,
    setup: &Setup<G>,
    progress: &(dyn Fn(u64) + Sync),
    per_game: Option<&mut RecordSink<'_>>,
) -> Result<Tally> {
    match &flags.merged {
        Some(m) => {
            m.check_inputs(setup)?;
            m.tally(cell, floe_sim::empty_tally(&setup.game, &setup.config))
        }
        None => Ok(floe_sim::run(
            &setup.game,
            &setup.config,
            progress,
            per_game,
        )?),
    }
}

/// Plays a one-cell run (or takes it from merged shards) behind a progress bar, and
/// returns its tally and how long it took.
///
/// # Errors
/// As [`tally`].
pub fn tally_with_bar<G: Game>(
    flags: &RunFlags,
    setup: &Setup<G>,
    per_game: Option<&mut RecordSink<'_>>,
) -> Result<(Tally, std::time::Duration)> {
    let config = &setup.config;
    let bar = crate::progress::bar(config.shard.games(config.games).count() as u64, flags.quiet);
    let started = std::time::Instant::now();
    let tally = tally(flags, 0, setup, &|n| bar.inc(n), per_game)?;
    bar.finish_and_clear();
    Ok((tally, started.elapsed()))
}

/// Flags of `floe merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shard folders (each written with `--shard K/N`), in any order.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Folder for the merged results (created if needed).
    #[arg(long)]
    pub out: PathBuf,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

/// Reads the manifest of the shard folder `dir`.
fn read_manifest(dir: &Path) -> Result<ShardManifest> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "{}: not a finished shard folder (no readable {MANIFEST})",
            dir.display()
        )
    })?;
    toml::from_str(&text).with_context(|| format!("{}", path.display()))
}

/// Runs `floe merge`.
pub fn run(a: &MergeArgs) -> Result<()> {
    // Writing the results into a shard's folder would delete that shard's counts.
    let out = std::fs::canonicalize(&a.out).ok();
    if let Some(dir) = a
        .dirs
        .iter()
        .find(|d| out.is_some() && std::fs::canonicalize(d).ok() == out)
    {
        bail!(
            "--out {}: that is the shard folder {}; write the merged results elsewhere",
            a.out.display(),
            dir.display()
        );
    }
    let mut shards: Vec<(Shard, PathBuf, ShardManifest)> = Vec::new();
    for dir in &a.dirs {
        let m = read_manifest(dir)?;
        let shard: Shard = m
            .shard
            .parse()
            .map_err(|e| anyhow!("{}: shard {e}", dir.display()))?;
        shards.push((shard, dir.clone(), m));
    }
    let (first_shard, first_dir, first) = shards[0].clone();
    for (shard, dir, m) in &shards[1..] {
        let differs = [
            ("Floe version", m.floe_version != first.floe_version),
            ("git commit", m.git_commit != first.git_commit),
            ("command", m.command != first.command),
            ("rules", m.inputs_hash != first.inputs_hash),
            ("bots", m.bots != first.bots),
            ("seed", m.seed != first.seed),
            ("games", m.games != first.games),
            ("shard count", shard.count != first_shard.count),
        ];
        if let Some((what, _)) = differs.iter().find(|d| d.1) {
            bail!(
                "{} and {} are not shards of one run: their {what} differs",
                first_dir.display(),
                dir.display()
            );
        }
    }
    shards.sort_by_key(|s| s.0.index);
    for pair in shards.windows(2) {
        if pair[0].0 == pair[1].0 {
            bail!(
                "shard {} is given twice: {} and {}",
                pair[0].0,
                pair[0].1.display(),
                pair[1].1.display()
            );
        }
    }
    let missing: Vec<String> = (0..first_shard.count)
        .filter(|&i| !shards.iter().any(|s| s.0.index == i))
        .map(|index| {
            Shard {
                index,
                count: first_shard.count,
            }
            .to_string()
        })
        .collect();
    if !missing.is_empty() {
        bail!("missing shards: {}", missing.join(", "));
    }
    let mut counts = BTreeMap::new();
    for (_, dir, _) in &shards {
        add_counts(dir, &mut counts)?;
    }
    let merged = Merged {
        counts,
        inputs_hash: first.inputs_hash.clone(),
        dirs: shards.iter().map(|s| s.1.clone()).collect(),
    };
    // The shards' own command, writing to --out from the merged counts.
    let mut argv = vec!["floe".to_string()];
    argv.extend(first.command.iter().cloned());
    argv.extend(["--out".to_string(), a.out.display().to_string()]);
    if a.quiet {
        argv.push("--quiet".into());
    }
    let cli = Cli::try_parse_from(&argv).map_err(|e| {
        anyhow!(
            "the shards' command {:?} does not parse: {e}",
            first.command
        )
    })?;
    match cli.command {
        Command::Simulate(mut c) => {
            c.run.merged = Some(merged);
            crate::simulate::run(&c)
        }
        Command::Tournament(mut c) => {
            c.run.merged = Some(merged);
            crate::tournament::run(&c)
        }
        Command::Experiment(mut c) => {
            c.run.merged = Some(merged);
            crate::experiment::run(&c)
        }
        _ => bail!("the shards' command {:?} cannot be merged", first.command),
    }
}

/// Adds the counts of the shard folder `dir` into `counts`.
fn add_counts(dir: &Path, counts: &mut BTreeMap<(usize, String, usize), i128>) -> Result<()> {
    let path = dir.join(COUNTS);
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("{}", path.display()))?;
    for (line, record) in reader.records().enumerate() {
        let at = || format!("{}: line {}", path.display(), line + 2);
        let record = record.with_context(at)?;
        let field = |i: usize| {
            record
                .get(i)
                .ok_or_else(|| anyhow!("{}: too few fields", at()))
        };
        let cell: usize = field(0)?.parse().with_context(at)?;
        let index: usize = field(2)?.parse().with_context(at)?;
        let value: i128 = field(3)?.parse().with_context(at)?;
        *counts
            .entry((cell, field(1)?.to_string(), index))
            .or_insert(0) += value;
    }
    Ok(())
}
