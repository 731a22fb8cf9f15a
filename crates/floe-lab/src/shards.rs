//! Sharded runs. With a shard of K/N a run plays only its block of game indices and
//! writes, instead of its results, the exact counts of its games (`counts.csv`) and a
//! manifest (`shard.toml`) that records the run's [`Plan`]. [`read_shards`] checks that a
//! set of shard folders is one whole run and sums their counts; executing the recorded plan
//! from those counts writes its files byte for byte as the unsharded run would.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use floe_sim::output::OutputDir;
use floe_sim::{Shard, Tally};
use serde::{Deserialize, Serialize};

use crate::plan::Plan;
use crate::provenance;

/// A shard's counts: `cell,name,index,value` rows.
pub const COUNTS: &str = "counts.csv";
/// A shard's manifest.
pub const MANIFEST: &str = "shard.toml";

/// What a shard folder says about itself. Everything but `shard`, `games_played` and
/// `command` must be the same in every shard of a run.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ShardManifest {
    /// Floe's version.
    pub floe_version: String,
    /// The git commit of the working tree the shard ran in.
    pub git_commit: String,
    /// The command line that ran it, for people (merge reads the plan).
    pub command: Vec<String>,
    /// The SHA-256 of the rules the games were played with (canonical form).
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
    /// The run.
    pub plan: Plan,
}

/// The two files of a shard, opened before its games are played.
pub(crate) struct ShardFiles {
    shard: Shard,
    counts: BufWriter<File>,
    manifest: BufWriter<File>,
}

impl ShardFiles {
    /// Opens a shard's files in `out`.
    pub(crate) fn open(shard: Shard, out: &mut OutputDir) -> Result<ShardFiles> {
        Ok(ShardFiles {
            shard,
            counts: out.file(COUNTS)?,
            manifest: out.file(MANIFEST)?,
        })
    }

    /// Writes the counts of every cell's tally, in the plan's cell order, and the manifest.
    pub(crate) fn write(
        mut self,
        plan: &Plan,
        command: &[String],
        tallies: &[Tally],
    ) -> Result<()> {
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
        let bots: Vec<&str> = plan.cells.iter().map(|c| c.bots.as_str()).collect();
        let manifest = ShardManifest {
            floe_version: provenance::VERSION.to_string(),
            git_commit: provenance::git_commit(),
            command: command.to_vec(),
            inputs_hash: plan.rules_fingerprint(),
            bots: bots.join(" | "),
            seed: plan.seed,
            shard: self.shard.to_string(),
            games: plan.cells.iter().map(|c| c.games).sum(),
            games_played: tallies.iter().map(|t| t.games).sum(),
            plan: plan.clone(),
        };
        self.manifest
            .write_all(toml::to_string(&manifest)?.as_bytes())?;
        self.manifest.flush()?;
        Ok(())
    }
}

/// The summed counts of a complete set of shards.
#[derive(Debug, Clone)]
pub struct Merged {
    counts: BTreeMap<(usize, String, usize), i128>,
    /// The shard folders in shard order (for per-game files, concatenated in that order).
    pub dirs: Vec<PathBuf>,
}

impl Merged {
    /// Returns the merged tally of `cell`, starting from the run's `empty` tally.
    ///
    /// # Errors
    /// Fails if the counts do not fit the run's shape, or its round counts do not fit
    /// together.
    pub fn tally(&self, cell: usize, mut empty: Tally) -> Result<Tally> {
        for ((c, name, index), value) in self.counts.range((cell, String::new(), 0)..) {
            if *c != cell {
                break;
            }
            empty
                .add_count(name, *index, *value)
                .map_err(|e| anyhow!("cell {cell}: {e}"))?;
        }
        empty
            .check_rounds()
            .map_err(|e| anyhow!("cell {cell}: the merged counts do not fit together: {e}"))?;
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

/// Names the first way in which the manifests `a` and `b` (with their shards) are not
/// shards of one run.
fn difference(a: &ShardManifest, sa: Shard, b: &ShardManifest, sb: Shard) -> Option<&'static str> {
    let (p, q) = (&a.plan, &b.plan);
    [
        ("Floe version", a.floe_version != b.floe_version),
        ("git commit", a.git_commit != b.git_commit),
        ("shard count", sa.count != sb.count),
        ("kind of run", p.kind != q.kind),
        ("game", p.game != q.game),
        (
            "rules",
            a.inputs_hash != b.inputs_hash || p.rules != q.rules,
        ),
        ("seed", p.seed != q.seed),
        ("seating", p.seating != q.seating),
        ("colour dealing", p.shuffle_colours != q.shuffle_colours),
        ("per-game rows", p.per_game != q.per_game),
        ("experiment", p.experiment != q.experiment),
        ("cells (bots, players, games or sweep)", p.cells != q.cells),
        ("games", a.games != b.games),
    ]
    .into_iter()
    .find(|d| d.1)
    .map(|d| d.0)
}

/// Checks that `dirs` are the shard folders of one whole run, none given twice and none
/// missing, and returns its plan with the summed counts.
///
/// # Errors
/// Names the folders that do not belong together, the shard given twice, or the missing
/// shards.
pub fn read_shards(dirs: &[PathBuf]) -> Result<(Plan, Merged)> {
    let mut shards: Vec<(Shard, PathBuf, ShardManifest)> = Vec::new();
    for dir in dirs {
        let m = read_manifest(dir)?;
        let shard: Shard = m
            .shard
            .parse()
            .map_err(|e| anyhow!("{}: shard {e}", dir.display()))?;
        shards.push((shard, dir.clone(), m));
    }
    let Some((first_shard, first_dir, first)) = shards.first().cloned() else {
        bail!("give the shard folders to merge");
    };
    for (shard, dir, m) in &shards[1..] {
        if let Some(what) = difference(&first, first_shard, m, *shard) {
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
        dirs: shards.iter().map(|s| s.1.clone()).collect(),
    };
    Ok((first.plan, merged))
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
