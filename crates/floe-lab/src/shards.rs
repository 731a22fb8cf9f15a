//! Sharded runs. With a shard of K/N a run plays only its block of game indices and
//! writes, instead of its results, the exact counts of its games (`counts.csv`) and a
//! manifest (`shard.toml`) that records the run's [`Plan`]. [`read_shards`] checks that a
//! set of shard folders is one whole run and sums their counts; executing the recorded plan
//! from those counts writes its files byte for byte as the unsharded run would.

use std::collections::BTreeMap;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use floe_sim::{RunConfig, Setting, Shard, Tally};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::message::Message;
use crate::output_dir::{OutputDir, OutputError};
use crate::plan::{GAMES, Plan};
use crate::provenance;
use floe_io::digest::{hex, sha256_hex};

/// A shard's counts: `cell,name,index,value` rows.
pub const COUNTS: &str = "counts.csv";
/// A shard's manifest.
pub const MANIFEST: &str = "shard.toml";

/// What a shard folder says about itself. Everything but `shard`, `games_played`,
/// `command` and `files` must be the same in every shard of a run.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ShardManifest {
    /// The version of Floe that ran the shard.
    pub floe_version: String,
    /// The commit the binary that ran the shard was built from.
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
    /// The SHA-256 of every file the shard wrote besides this one, by name.
    pub files: BTreeMap<String, String>,
    /// The size in bytes of every file the shard wrote besides this one, by name: checked
    /// before the checksum, so that a file swapped for a huge one is refused at once
    /// rather than read through. Left out by shards of earlier builds.
    #[serde(default)]
    pub sizes: BTreeMap<String, u64>,
    /// The run.
    pub plan: Plan,
}

/// The start of a manifest's last line, which seals the text above it.
const SEAL: &str = "seal = ";

/// Returns `text` (a manifest) with its seal appended: the SHA-256 of the text, so that a
/// manifest edited by hand is known as such.
pub fn sealed(text: &str) -> String {
    format!("{text}{SEAL}\"{}\"\n", sha256_hex(text.as_bytes()))
}

/// Seals the manifest of the shard folder `dir` again after it or the shard's files were
/// changed: records the checksums its files have now (when the manifest still parses) and
/// a new seal. This is what a careful forger would do; tests use it to reach the checks
/// of the counts that stand behind the checksums.
///
/// # Errors
/// Fails if a file cannot be read or written.
#[doc(hidden)]
pub fn reseal(dir: &Path) -> Result<()> {
    let path = dir.join(MANIFEST);
    let text =
        String::from_utf8_lossy(&floe_io::read::bytes(&path, floe_io::read::Kind::MANIFEST)?)
            .into_owned();
    let mut body = match text.trim_end().rsplit_once('\n') {
        Some((body, last)) if last.starts_with(SEAL) => format!("{body}\n"),
        _ => text.clone(),
    };
    if let Ok(mut manifest) = toml::from_str::<ShardManifest>(&body) {
        for (name, sum) in &mut manifest.files {
            *sum = file_sha256(&dir.join(name)).unwrap_or_default();
        }
        for (name, size) in &mut manifest.sizes {
            *size = file_size(&dir.join(name)).unwrap_or_default();
        }
        body = toml::to_string(&manifest)?;
    }
    floe_io::write::whole(
        &path,
        sealed(&body).as_bytes(),
        floe_io::write::Existing::Replace,
        "",
    )?;
    Ok(())
}

/// Returns the size of the file at `path` (following links: what a reader would read).
fn file_size(path: &Path) -> std::io::Result<u64> {
    std::fs::metadata(path)
        .map(|m| m.len())
        .map_err(|e| floe_io::read::error(floe_io::read::Kind::GAME_ROWS, path, e))
}

/// Returns the SHA-256 of the file at `path`, read in pieces (a `games.csv` may be large).
fn file_sha256(path: &Path) -> std::io::Result<String> {
    let mut hasher = Sha256::new();
    std::io::copy(
        &mut floe_io::read::open(path, floe_io::read::Kind::GAME_ROWS)?,
        &mut hasher,
    )?;
    Ok(hex(&hasher.finalize()))
}

/// The two files of a shard, opened before its games are played.
pub(crate) struct ShardFiles {
    shard: Shard,
    counts: crate::output_dir::OutFile,
    manifest: crate::output_dir::OutFile,
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

    /// Writes the counts of every cell's tally, in the plan's cell order, and the manifest
    /// with the checksums of the shard's files in `dir` (its `games.csv`, written already).
    pub(crate) fn write(
        mut self,
        plan: &Plan,
        command: &[String],
        tallies: &[Tally],
        dir: &Path,
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
        let mut files = BTreeMap::new();
        let mut sizes = BTreeMap::new();
        for name in shard_files(plan) {
            let path = dir.join(name);
            let sum = file_sha256(&path).with_context(|| format!("{}", path.display()))?;
            files.insert(name.to_string(), sum);
            sizes.insert(name.to_string(), file_size(&path)?);
        }
        let bots: Vec<&str> = plan.cells.iter().map(|c| c.bots.as_str()).collect();
        let manifest = ShardManifest {
            floe_version: provenance::VERSION.to_string(),
            git_commit: provenance::BUILD_COMMIT.to_string(),
            command: command.to_vec(),
            inputs_hash: plan.rules_fingerprint(),
            bots: bots.join(" | "),
            seed: plan.dealing.seed,
            shard: self.shard.to_string(),
            games: plan.cells.iter().map(|c| c.games).sum(),
            games_played: tallies.iter().map(|t| t.games).sum(),
            files,
            sizes,
            plan: plan.clone(),
        };
        self.manifest
            .write_all(sealed(&toml::to_string(&manifest)?).as_bytes())?;
        self.manifest.flush()?;
        Ok(())
    }
}

/// The files a shard of `plan` writes besides its manifest.
fn shard_files(plan: &Plan) -> Vec<&'static str> {
    let mut names = vec![COUNTS];
    if plan.per_game {
        names.push(GAMES);
    }
    names
}

/// One shard's counts: by (cell, name, index), the value and the line it was read from.
type Counts = BTreeMap<(usize, String, usize), (i128, usize)>;

/// A shard folder read and checked.
#[derive(Debug, Clone)]
struct ShardRead {
    shard: Shard,
    dir: PathBuf,
    counts: Counts,
}

impl ShardRead {
    /// Returns this shard's tally of `cell` (played by `game` under `config`): checked to
    /// be its block of games, to fit together, and to be possible in the game.
    ///
    /// # Errors
    /// Names the shard's counts file, and the line of a count that does not fit.
    fn tally<G: floe_core::Game>(
        &self,
        cell: usize,
        game: &G,
        config: &RunConfig,
    ) -> Result<Tally> {
        let (players, games) = (config.players, config.games);
        let path = self.dir.join(COUNTS);
        let mut part = floe_sim::empty_tally(game, config);
        for ((_, name, index), (value, line)) in self
            .counts
            .range((cell, String::new(), 0)..(cell + 1, String::new(), 0))
        {
            part.add_count(name, *index, *value)
                .map_err(|e| anyhow!("{}: line {line}: {e}", path.display()))?;
        }
        let want = self.shard.games(games).count() as u64;
        if part.games != want {
            bail!(
                "{}: cell {cell} counts {} games, but shard {} of the run plays {want}",
                path.display(),
                part.games,
                self.shard
            );
        }
        part.check(players).map_err(|e| {
            anyhow!(
                "{}: cell {cell}: the counts do not fit together: {e}",
                path.display()
            )
        })?;
        part.check_game(game, players, config.dealing.shuffle_colours)
            .map_err(|e| {
                anyhow!(
                    "{}: cell {cell}: the counts are not possible in {}: {e}",
                    path.display(),
                    game.name()
                )
            })?;
        Ok(part)
    }
}

/// The counts of a complete set of shards, each checked.
#[derive(Debug, Clone)]
pub struct Merged {
    shards: Vec<ShardRead>,
    /// The shard folders in shard order (for per-game files, concatenated in that order).
    pub dirs: Vec<PathBuf>,
}

impl Merged {
    /// Returns the merged tally of `cell` (played by `game` under `config`).
    ///
    /// # Errors
    /// Names the shard and line whose counts do not fit the run's shape, the shard whose
    /// counts do not fit together as those of its block of games do or are not possible
    /// in the game, or a merged sum that does not fit.
    pub fn tally<G: floe_core::Game>(
        &self,
        cell: usize,
        game: &G,
        config: &RunConfig,
    ) -> Result<Tally> {
        let mut merged = floe_sim::empty_tally(game, config);
        for s in &self.shards {
            let part = s.tally(cell, game, config)?;
            merged
                .merge_checked(&part)
                .map_err(|e| anyhow!("{}: cell {cell}: {e}", s.dir.join(COUNTS).display()))?;
        }
        Ok(merged)
    }

    /// Appends to `out` the per-game rows of every shard, in shard order (the shards'
    /// blocks of games are consecutive, so this gives the rows of the unsharded run in
    /// order), after checking each shard's `games.csv` against its counts: the header of
    /// the run, then for each cell (`cells`, each its game, run and label) the rows of
    /// exactly its block of games in order, one per seat in seat order, labelled as the
    /// cell, whose rounds, end causes, scores and wins add up to the shard's counts.
    ///
    /// # Errors
    /// Names the shard's file, the row and what does not fit.
    pub fn append_checked_rows<G: floe_core::Game>(
        &self,
        cells: &[(&G, &RunConfig, &floe_sim::report::RunLabel)],
        header: &[String],
        out: &mut impl Write,
    ) -> Result<()> {
        let mut writer = csv::Writer::from_writer(out);
        let columns = GameColumns::of(header);
        for s in &self.shards {
            let path = s.dir.join(GAMES);
            let file = floe_io::read::open(&path, floe_io::read::Kind::GAME_ROWS)?;
            let mut reader = csv::Reader::from_reader(BufReader::new(file));
            let found = reader
                .headers()
                .with_context(|| format!("{}", path.display()))?
                .clone();
            if found.iter().ne(header.iter().map(String::as_str)) {
                bail!("{}: its header is not the run's", path.display());
            }
            let mut rows = ShardRows {
                path: &path,
                header,
                columns: &columns,
                records: reader.into_records(),
                row: 0,
            };
            for (cell, (game, config, label)) in cells.iter().enumerate() {
                let counts = s.tally(cell, *game, config)?;
                let recount = rows.copy_cell(cell, *game, config, label, s.shard, &mut writer)?;
                let seats_fit = (0..config.players).all(|p| {
                    recount.seats[p].score_sum == counts.seats[p].score_sum
                        && recount.seats[p].sole_wins
                            == counts.seats[p].sole_wins + counts.seats[p].shared_wins
                });
                if recount.rounds_sum != counts.rounds_sum
                    || recount.end_causes != counts.end_causes
                    || !seats_fit
                {
                    bail!(
                        "{}: the rows of cell {cell} do not add up to the shard's counts \
                         (rounds, end causes, scores or wins differ)",
                        path.display()
                    );
                }
            }
            if rows.records.next().is_some() {
                bail!(rows.at(rows.row + 1, "a row beyond the shard's games".into()));
            }
        }
        writer.flush()?;
        Ok(())
    }
}

/// The columns of `games.csv` that the check of a shard's rows reads.
struct GameColumns {
    index: usize,
    seat: usize,
    score: usize,
    won: usize,
    rounds: usize,
    end: usize,
}

impl GameColumns {
    /// Finds the columns in the run's `header`.
    fn of(header: &[String]) -> GameColumns {
        let col = |name: &str| {
            header
                .iter()
                .position(|h| h == name)
                .expect("a games.csv column")
        };
        GameColumns {
            index: col("game_index"),
            seat: col("seat"),
            score: col("score"),
            won: col("won"),
            rounds: col("rounds"),
            end: col("end_cause"),
        }
    }
}

/// One shard's `games.csv` being read: its rows and where the reading is.
struct ShardRows<'a, R: std::io::Read> {
    path: &'a Path,
    header: &'a [String],
    columns: &'a GameColumns,
    records: csv::StringRecordsIntoIter<R>,
    /// The number of the last row read (1 for the first after the header).
    row: u64,
}

impl<R: std::io::Read> ShardRows<'_, R> {
    /// An error at `row` of the file.
    fn at(&self, row: u64, what: String) -> anyhow::Error {
        anyhow!("{}: row {row}: {what}", self.path.display())
    }

    /// Copies the rows of cell `cell` (its `game`, `config` and `label`) in the `shard`'s
    /// block of games to `writer`, checking that each is the expected game and seat of the
    /// cell, and returns what they add up to.
    fn copy_cell<G: floe_core::Game, W: Write>(
        &mut self,
        cell: usize,
        game: &G,
        config: &RunConfig,
        label: &floe_sim::report::RunLabel,
        shard: Shard,
        writer: &mut csv::Writer<W>,
    ) -> Result<floe_sim::Tally> {
        let run: Vec<String> = label
            .columns()
            .into_iter()
            .map(|c| floe_sim::table::csv_field(&c.1))
            .collect();
        let mut recount = floe_sim::Tally::new(0, 0);
        for index in shard.games(config.games) {
            for seat in 0..config.players {
                self.row += 1;
                let row = self.row;
                let record = self
                    .records
                    .next()
                    .ok_or_else(|| {
                        self.at(
                            row,
                            format!("missing: cell {cell} has no row of game {index}, seat {seat}"),
                        )
                    })?
                    .map_err(|e| self.at(row, e.to_string()))?;
                let number = |c: usize| -> Result<i64> {
                    let field = record.get(c).unwrap_or("");
                    field.parse().map_err(|_| {
                        let column = &self.header[c];
                        self.at(
                            row,
                            format!(
                                "{} is not a number ({column})",
                                floe_io::gate::quoted(field)
                            ),
                        )
                    })
                };
                let c = self.columns;
                if record
                    .iter()
                    .take(run.len())
                    .ne(run.iter().map(String::as_str))
                    || number(c.index)? != index as i64
                    || number(c.seat)? != seat as i64
                {
                    let expected = format!(
                        "it should be game {index}, seat {seat} of cell {cell} ({})",
                        run.join(",")
                    );
                    bail!(self.at(row, expected));
                }
                let score = number(c.score)?;
                recount.seats[seat].score_sum = recount.seats[seat].score_sum.saturating_add(score);
                // Every win, sole or shared, counted in sole_wins.
                recount.seats[seat].sole_wins += u64::from(number(c.won)? == 1);
                if seat == 0 {
                    let rounds = number(c.rounds)?;
                    recount.games += 1;
                    recount.rounds_sum = recount
                        .rounds_sum
                        .saturating_add(u64::try_from(rounds).unwrap_or(u64::MAX));
                    let end = record.get(c.end).unwrap_or("");
                    let cause = game.end_causes().iter().position(|x| *x == end);
                    let cause = cause.ok_or_else(|| {
                        self.at(
                            row,
                            format!(
                                "{} is not an end cause of {}",
                                floe_io::gate::quoted(end),
                                game.name()
                            ),
                        )
                    })?;
                    recount.end_causes[cause] += 1;
                }
                writer.write_record(&record)?;
            }
        }
        Ok(recount)
    }
}

/// Reads the manifest of the shard folder `dir` and checks its seal.
fn read_manifest(dir: &Path) -> Result<ShardManifest> {
    let path = dir.join(MANIFEST);
    if std::fs::symlink_metadata(&path).is_err() {
        bail!(
            "{}: not a finished shard folder (no {MANIFEST})",
            dir.display()
        );
    }
    let text = floe_io::read::text(&path, floe_io::read::Kind::MANIFEST)?;
    let body = text.trim_end_matches('\n');
    let (body, seal) = match body.rsplit_once('\n') {
        Some((body, last)) => (format!("{body}\n"), last),
        None => (String::new(), body),
    };
    if !seal.starts_with(SEAL) {
        bail!(
            "{}: its last line is not its seal; it was not written by a shard",
            path.display()
        );
    }
    if sealed(&body) != text {
        bail!(
            "{}: the file was changed after the shard wrote it (its seal does not match its \
             text); rerun the shard",
            path.display()
        );
    }
    toml::from_str(&body).with_context(|| format!("{}", path.display()))
}

/// Names the first way in which the manifests `a` and `b` (with their shards) are not
/// shards of one run: what differs, with its verb agreeing ("seed differs", "rules
/// differ"), to follow "their".
fn difference(
    a: &ShardManifest,
    sa: Shard,
    b: &ShardManifest,
    sb: Shard,
    other_builds: bool,
) -> Option<String> {
    let (p, q) = (&a.plan, &b.plan);
    [
        (
            "Floe version differs",
            !other_builds && a.floe_version != b.floe_version,
        ),
        (
            "git commit differs",
            !other_builds && a.git_commit != b.git_commit,
        ),
        ("shard count differs", sa.count != sb.count),
        ("kind of run differs", p.kind != q.kind),
        ("game differs", p.game != q.game),
        (
            "rules differ",
            a.inputs_hash != b.inputs_hash || p.rules != q.rules,
        ),
        ("seed differs", p.dealing.seed != q.dealing.seed),
        ("seating differs", p.dealing.seating != q.dealing.seating),
        (
            "colour dealing differs",
            p.dealing.shuffle_colours != q.dealing.shuffle_colours,
        ),
        ("per-game rows differ", p.per_game != q.per_game),
        ("following of the games' arcs differs", p.arc != q.arc),
        ("experiment differs", p.experiment != q.experiment),
        (
            "cells (bots, players, games or sweep) differ",
            p.cells != q.cells,
        ),
    ]
    .into_iter()
    .find(|d| d.1)
    .map(|d| d.0.to_string())
    .or_else(|| identity_difference(&p.plugged, &q.plugged))
    .or_else(|| (a.games != b.games).then(|| "games differ".to_string()))
}

/// Names the first plugged bot or network whose identity differs between two plans (a
/// bot built otherwise, a network file with other contents), with both identities.
fn identity_difference(
    a: &std::collections::BTreeMap<String, String>,
    b: &std::collections::BTreeMap<String, String>,
) -> Option<String> {
    let shown = |id: Option<&String>| id.map_or("none".to_string(), |i| floe_io::gate::quoted(i));
    a.keys()
        .chain(b.keys())
        .find(|name| a.get(*name) != b.get(*name))
        .map(|name| {
            format!(
                "plugged bot or network {} differs: {} against {}",
                floe_io::gate::quoted(name),
                shown(a.get(name)),
                shown(b.get(name))
            )
        })
}

/// Checks what one shard's manifest says of itself: built by this binary (unless
/// `other_builds`), the run's size, the games it played, and the checksum of every file.
fn check_shard(dir: &Path, shard: Shard, m: &ShardManifest, other_builds: bool) -> Result<()> {
    let at = || dir.join(MANIFEST).display().to_string();
    let (version, commit) = (provenance::VERSION, provenance::BUILD_COMMIT);
    if !other_builds && (m.floe_version != version || m.git_commit != commit) {
        return Err(OutputError {
            path: dir.join(MANIFEST),
            message: Message::from(format!(
                "the shard was run by floe {} built from commit {}, but this is floe \
                 {version} built from commit {commit}; merge with the binary that ran the \
                 shards, or give ",
                m.floe_version, m.git_commit
            ))
            .mention(Setting::AllowOtherBuild)
            .then(" to merge across builds deliberately"),
        }
        .into());
    }
    let plan = &m.plan;
    let games: u64 = plan.cells.iter().map(|c| c.games).sum();
    let here: u64 = plan
        .cells
        .iter()
        .map(|c| shard.games(c.games).count() as u64)
        .sum();
    if m.games != games || m.games_played != here {
        bail!(
            "{}: it says games = {} and games_played = {}, but shard {shard} of its plan \
             has {games} and {here}",
            at(),
            m.games,
            m.games_played
        );
    }
    let bots: Vec<&str> = plan.cells.iter().map(|c| c.bots.as_str()).collect();
    if m.bots != bots.join(" | ")
        || m.inputs_hash != plan.rules_fingerprint()
        || m.seed != plan.dealing.seed
    {
        bail!(
            "{}: its bots, inputs_hash or seed differ from its plan",
            at()
        );
    }
    let expected = shard_files(plan);
    if m.files
        .keys()
        .map(String::as_str)
        .ne(expected.iter().copied())
    {
        bail!(
            "{}: it lists the files {}, but a shard of its plan writes {}",
            at(),
            floe_io::gate::quoted_list(m.files.keys()),
            floe_io::gate::quoted_list(&expected)
        );
    }
    for (name, want) in &m.files {
        let path = dir.join(name);
        // A special file in the way is left for the reader to name as such.
        let regular = std::fs::metadata(&path).is_ok_and(|m| m.is_file());
        if let Some(&size) = m.sizes.get(name).filter(|_| regular) {
            let found = file_size(&path)?;
            if found != size {
                bail!(
                    "{}: the file was changed after the shard wrote it (it holds {found} \
                     bytes, {MANIFEST} records {size}); rerun the shard",
                    floe_io::gate::path(&path)
                );
            }
        }
        let found = file_sha256(&path).with_context(|| format!("{}", path.display()))?;
        if &found != want {
            bail!(
                "{}: the file was changed after the shard wrote it (its SHA-256 is {found}, \
                 {MANIFEST} records {want}); rerun the shard",
                path.display()
            );
        }
    }
    Ok(())
}

/// Checks that `dirs` are the shard folders of one whole run, none given twice and none
/// missing, each with its files as it wrote them (and, unless `other_builds`, written by
/// this build of Floe), and returns its plan with the shards' counts.
///
/// # Errors
/// Names the folders that do not belong together, the shard given twice, the missing
/// shards, or the shard, file and line that does not hold what its shard wrote.
pub fn read_shards(dirs: &[PathBuf], other_builds: bool) -> Result<(Plan, Merged)> {
    let mut shards: Vec<(Shard, PathBuf, ShardManifest)> = Vec::new();
    for dir in dirs {
        crate::output_dir::check_complete(dir)?;
        let m = read_manifest(dir)?;
        let shard: Shard = m
            .shard
            .parse()
            .map_err(|e| anyhow!("{}: shard {e}", dir.join(MANIFEST).display()))?;
        check_shard(dir, shard, &m, other_builds)?;
        shards.push((shard, dir.clone(), m));
    }
    let Some((first_shard, first_dir, first)) = shards.first().cloned() else {
        bail!("give the shard folders to merge");
    };
    for (shard, dir, m) in &shards[1..] {
        if let Some(what) = difference(&first, first_shard, m, *shard, other_builds) {
            bail!(
                "{} and {} are not shards of one run: their {what}",
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
    let mut read = Vec::new();
    for (shard, dir, _) in &shards {
        read.push(ShardRead {
            shard: *shard,
            dir: dir.clone(),
            counts: read_counts(dir, first.plan.cells.len())?,
        });
    }
    let merged = Merged {
        shards: read,
        dirs: shards.iter().map(|s| s.1.clone()).collect(),
    };
    Ok((first.plan, merged))
}

/// Reads the counts of the shard folder `dir`, of a run of `cells` cells: whole numbers,
/// each counter once, in a cell of the run.
fn read_counts(dir: &Path, cells: usize) -> Result<Counts> {
    let path = dir.join(COUNTS);
    let file = floe_io::read::open(&path, floe_io::read::Kind::TABLE)?;
    let mut reader = csv::Reader::from_reader(file);
    let header = reader
        .headers()
        .with_context(|| format!("{}", path.display()))?;
    if header != vec!["cell", "name", "index", "value"] {
        bail!(
            "{}: line 1: the header is not cell,name,index,value",
            path.display()
        );
    }
    let mut counts = Counts::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let at = || format!("{}: line {line}", path.display());
        let record = record.with_context(at)?;
        if record.len() != 4 {
            bail!("{}: {}, not 4", at(), floe_io::count(record.len(), "field"));
        }
        let whole = |i: usize, what: &str| -> Result<u128> {
            record[i].parse().map_err(|_| {
                anyhow!(
                    "{}: {what} {} is not a whole number",
                    at(),
                    floe_io::gate::quoted(&record[i])
                )
            })
        };
        let cell = usize::try_from(whole(0, "cell")?).unwrap_or(usize::MAX);
        if cell >= cells {
            bail!(
                "{}: cell {cell}, but the run has {}",
                at(),
                floe_io::count(cells, "cell")
            );
        }
        let index = usize::try_from(whole(2, "index")?).unwrap_or(usize::MAX);
        let value: i128 = record[3].parse().map_err(|_| {
            anyhow!(
                "{}: value {} is not a whole number",
                at(),
                floe_io::gate::quoted(&record[3])
            )
        })?;
        // Only sums of scores and of figures may be negative, and a shard leaves out what
        // is 0.
        let signed = record[1].ends_with("score_sum") || &record[1] == "figure_sum";
        if value == 0 || (value < 0 && !signed) {
            bail!(
                "{}: {} is {value}, which no shard writes (counts are above 0)",
                at(),
                &record[1]
            );
        }
        let key = (cell, record[1].to_string(), index);
        if let Some((_, first)) = counts.insert(key, (value, line)) {
            bail!(
                "{}: {}[{index}] of cell {cell} again (first on line {first})",
                at(),
                &record[1]
            );
        }
    }
    Ok(counts)
}
