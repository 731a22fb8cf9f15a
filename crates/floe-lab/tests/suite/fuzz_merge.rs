//! Fuzzes merge's readers: `read_shards` (each shard folder's `shard.toml` and
//! `counts.csv`) and `execute` with the merged counts, as `floe merge` calls them. The
//! inputs are valid shard folders of a `simulate` run (with `--per-game`) and of a
//! tournament, made once with the library, with one file of one shard mutated (deleted,
//! duplicated and swapped lines and keys, wrong-typed and huge values, truncation,
//! flipped bytes) or replaced by arbitrary bytes. Half the cases then reseal the shard as
//! a careful forger would (its manifest's checksums recomputed and the manifest sealed
//! again), so that the counts and manifest readers themselves are reached, not only the
//! checksums.
//!
//! Asserted for every input: no panic; an error names its place: the shard folder or file
//! (with a line for `counts.csv`), or the count and cell of the run it does not fit. Every
//! case must finish within two seconds. The `#[ignore]`d `shards_long` runs the same
//! properties with many more cases (`FLOE_FUZZ_CASES` overrides their count).

use std::path::{Path, PathBuf};
use std::time::Duration;

use floe_conformance::fuzz;
use floe_lab::request::{RunRequest, plan_run};
use floe_lab::shards::{read_shards, reseal as reseal_shard};
use floe_lab::{Machine, RunKind, RunOptions, Silent, execute};
use floe_sim::{Dealing, Seating, Shard};
use proptest::prelude::*;
use proptest::sample::Index;

const SHARDS: u64 = 2;
const FILES: &[&str] = &["counts.csv", "shard.toml", "games.csv"];
const CASES: u32 = 1000;
const LONG: u32 = 100_000;
const SLOWEST: Duration = Duration::from_secs(2);

/// The shard folders of two runs, `RUN/shard_K`, under one temporary folder.
struct Runs {
    root: tempfile::TempDir,
}

/// Plays `kind` in `SHARDS` shards into `dir/shard_K`.
fn play_shards(dir: &Path, kind: RunKind, bots: &str, seating: Seating, per_game: bool) {
    let planned = plan_run(RunRequest {
        kind,
        game: "arctic-race".into(),
        rules: None,
        players: 3,
        bots: bots.into(),
        games: 24,
        dealing: Dealing {
            seed: 5,
            shuffle_colours: true,
            seating,
        },
        per_game,
        arc: false,
        registry: Default::default(),
    })
    .unwrap();
    for index in 0..SHARDS {
        let shard = Some(Shard {
            index,
            count: SHARDS,
        });
        let opts = RunOptions {
            out: &dir.join(format!("shard_{index}")),
            machine: Machine { threads: 1, shard },
            merged: None,
            command: vec!["floe".into()],
            force: false,
            progress: &Silent,
            stop: None,
            registry: &Default::default(),
        };
        execute(&planned.plan, &opts).unwrap();
    }
}

impl Runs {
    fn new() -> Runs {
        let root = tempfile::tempdir().unwrap();
        let run = |name: &str| root.path().join("valid").join(name);
        play_shards(
            &run("simulate"),
            RunKind::Simulate,
            "random",
            Seating::Fixed,
            true,
        );
        let entrants = "random,greedy:depth=0";
        play_shards(
            &run("tournament"),
            RunKind::Tournament,
            entrants,
            Seating::Rotated,
            false,
        );
        Runs { root }
    }

    /// Copies the valid shards of `run` to a fresh folder and returns their paths.
    fn copy(&self, run: &str) -> Vec<PathBuf> {
        let work = self.root.path().join("work");
        let _ = std::fs::remove_dir_all(&work);
        (0..SHARDS)
            .map(|k| {
                let (from, to) = (
                    self.root
                        .path()
                        .join("valid")
                        .join(run)
                        .join(format!("shard_{k}")),
                    work.join(format!("shard_{k}")),
                );
                std::fs::create_dir_all(&to).unwrap();
                for file in std::fs::read_dir(&from).unwrap() {
                    let file = file.unwrap().path();
                    std::fs::copy(&file, to.join(file.file_name().unwrap())).unwrap();
                }
                to
            })
            .collect()
    }

    /// Replaces `file` of shard `shard` of `run` by `change` of its text (then, with
    /// `reseal`, seals the shard again), merges the shards and checks the result: returns
    /// the error, if any.
    fn check(
        &self,
        run: &str,
        (shard, file, reseal): (usize, &str, bool),
        change: impl Fn(&[u8]) -> Vec<u8>,
    ) -> Option<String> {
        let dirs = self.copy(run);
        let path = dirs[shard].join(file);
        let Ok(text) = std::fs::read(&path) else {
            return None; // this run does not write the file
        };
        // A manifest is changed above its seal, which `reseal` then renews.
        let text = match (reseal, file) {
            (true, "shard.toml") => {
                let text = String::from_utf8(text).unwrap();
                text.as_bytes()[..text.trim_end().rfind('\n').unwrap() + 1].to_vec()
            }
            _ => text,
        };
        std::fs::write(&path, change(&text)).unwrap();
        if reseal {
            reseal_shard(&dirs[shard]).unwrap();
        }
        let out = self.root.path().join("work/merged");
        let merged = read_shards(&dirs, false).and_then(|(plan, merged)| {
            let opts = RunOptions {
                out: &out,
                machine: Machine::default(),
                merged: Some(&merged),
                command: vec!["floe".into(), "merge".into()],
                force: false,
                progress: &Silent,
                stop: None,
                registry: &Default::default(),
            };
            execute(&plan, &opts)
        });
        let shown = format!("{:#}", merged.err()?);
        let work = self.root.path().join("work").display().to_string();
        let place = shown.contains(&work) || shown.contains("cell ") || shown.contains("--");
        assert!(place, "the error names no place: {shown}");
        Some(shown)
    }
}

/// Which run, shard and file, and whether the shard is sealed again.
fn target() -> impl Strategy<Value = (bool, Index, Index, bool)> {
    (any::<bool>(), any::<Index>(), any::<Index>(), any::<bool>())
}

fn pick(
    (tournament, shard, file, reseal): (bool, Index, Index, bool),
) -> (&'static str, (usize, &'static str, bool)) {
    let run = if tournament { "tournament" } else { "simulate" };
    (
        run,
        (
            shard.index(SHARDS as usize),
            FILES[file.index(FILES.len())],
            reseal,
        ),
    )
}

/// Runs the property `name` on `cases` inputs drawn from `input`: a shard file of `runs`
/// replaced by `change` of its text and the input, merged and checked (see
/// [`Runs::check`]). The mutated and the arbitrary shards differ only in these.
fn shard_property<V: std::fmt::Debug>(
    runs: &Runs,
    name: &str,
    cases: u32,
    input: impl Strategy<Value = V>,
    change: impl Fn(&[u8], &V) -> Vec<u8>,
) {
    fuzz::run(
        name,
        cases,
        SLOWEST,
        (target(), input),
        |(target, value)| {
            let (run, which) = pick(target);
            runs.check(run, which, |text| change(text, &value));
        },
    );
}

fn mutated_shards(runs: &Runs, cases: u32) {
    let mutate = |text: &[u8], mutations: &Vec<_>| fuzz::mutate(text, "\n", mutations);
    shard_property(runs, "shards mutated", cases, fuzz::mutations(), mutate);
}

fn arbitrary_shards(runs: &Runs, cases: u32) {
    let replace = |_: &[u8], bytes: &Vec<u8>| bytes.clone();
    shard_property(runs, "shards bytes", cases, fuzz::bytes(), replace);
}

#[test]
fn valid_shards_merge() {
    let runs = Runs::new();
    for run in ["simulate", "tournament"] {
        let dirs = runs.copy(run);
        let (plan, merged) = read_shards(&dirs, false).unwrap();
        let opts = RunOptions {
            out: &runs.root.path().join("work/merged"),
            machine: Machine::default(),
            merged: Some(&merged),
            command: Vec::new(),
            force: false,
            progress: &Silent,
            stop: None,
            registry: &Default::default(),
        };
        assert_eq!(execute(&plan, &opts).unwrap().games, 24);
    }
}

/// Found by `mutated`: without its header line, `counts.csv` lost its first count
/// (`games`) to the header, and the round statistics overflowed on the counts left.
#[test]
fn counts_without_their_header_are_refused() {
    let runs = Runs::new();
    let drop_header = |text: &[u8]| text.splitn(2, |&b| b == b'\n').nth(1).unwrap().to_vec();
    let e = runs
        .check("simulate", (0, "counts.csv", false), drop_header)
        .unwrap();
    assert!(e.contains("counts.csv: the file was changed after"), "{e}");
    let e = runs
        .check("simulate", (0, "counts.csv", true), drop_header)
        .unwrap();
    assert!(
        e.contains("counts.csv: line 1: the header is not cell,name,index,value"),
        "{e}"
    );
}

#[test]
fn mutated() {
    mutated_shards(&Runs::new(), CASES);
}

#[test]
fn arbitrary() {
    arbitrary_shards(&Runs::new(), CASES / 2);
}

#[test]
#[ignore = "long run: cargo test --release -p floe-lab --test fuzz_merge -- --ignored"]
fn shards_long() {
    let runs = Runs::new();
    mutated_shards(&runs, fuzz::long_cases(LONG));
    arbitrary_shards(&runs, fuzz::long_cases(LONG / 4));
}
