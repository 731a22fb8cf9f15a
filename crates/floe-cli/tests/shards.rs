//! Sharded runs on the real binary: shards merged in any order equal the unsharded run byte
//! for byte; incomplete, duplicated or foreign shards are refused. (Tampered and killed
//! shards are in `reliability.rs`.)

use std::fs;
use std::path::{Path, PathBuf};

mod common;

use common::{
    assert_contains_all, assert_same_files, fails, floe_line, merge_into, ok, words, write,
};

/// Runs `args` whole into `dir/whole` and as `n` shards (played in the order `order`)
/// into `dir/shard-K`; merges them (listed in `order` too) into `dir/merged`.
fn whole_and_merged(dir: &Path, args: &[&str], n: usize, order: &[usize]) -> (PathBuf, PathBuf) {
    let whole = dir.join("whole");
    ok(args, &whole);
    let mut shards = Vec::new();
    for &k in order {
        let shard = dir.join(format!("shard-{k}"));
        let spec = format!("{k}/{n}");
        let mut with = args.to_vec();
        with.extend(["--shard", &spec, "--threads", "1"]);
        ok(&with, &shard);
        shards.push(shard);
    }
    let merged = dir.join("merged");
    merge_into(&shards, &merged)
        .arg("--quiet")
        .assert()
        .success();
    (whole, merged)
}

#[test]
fn simulate_shards_merge_to_the_unsharded_run() {
    let tmp = tempfile::tempdir().unwrap();
    let args = words("simulate --players 3 --games 3001 --seed 11 --shuffle-colours --per-game");
    let (whole, merged) = whole_and_merged(tmp.path(), &args, 3, &[2, 3, 1]);
    let files = words("game_stats.csv seats.csv colours.csv bots.csv tests.csv games.csv");
    assert_same_files(&whole, &merged, &files);
    // A shard holds counts and a manifest, not rates.
    let counts = fs::read_to_string(tmp.path().join("shard-1/counts.csv")).unwrap();
    assert!(
        counts.starts_with("cell,name,index,value\n0,games,0,1000\n"),
        "{counts}"
    );
    let manifest = fs::read_to_string(tmp.path().join("shard-1/shard.toml")).unwrap();
    assert_contains_all(
        &manifest,
        &[
            "floe_version",
            "git_commit",
            "command",
            "inputs_hash",
            "bots",
            "seed = 11",
            "shard = \"1/3\"",
            "games = 3001",
            "games_played = 1000",
        ],
    );
    assert!(!tmp.path().join("shard-1/seats.csv").exists());
}

#[test]
fn tournament_shards_merge_to_the_unsharded_run() {
    let tmp = tempfile::tempdir().unwrap();
    let args =
        words("tournament --players 4 --bots random,greedy:depth=0,greedy --games 300 --duplicate");
    let (whole, merged) = whole_and_merged(tmp.path(), &args, 4, &[4, 1, 3, 2]);
    let files = words("tournament.csv pairwise.csv ratings.csv game_stats.csv");
    assert_same_files(&whole, &merged, &files);
}

#[test]
fn experiment_shards_merge_to_the_unsharded_run() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "players = [2, 3]\nshuffle_colours = true\nseating = \"rotated\"\n\n[[lineups]]\n\
                bots = \"random,greedy:depth=0\"\ngames = 400\n\n[sweep]\nparam = \"tiles_removed\"\n\
                values = [2, 8]\n";
    let spec = write(tmp.path(), "study.toml", text);
    let spec = spec.to_str().unwrap();
    let (whole, merged) = whole_and_merged(tmp.path(), &["experiment", spec], 3, &[3, 1, 2]);
    let files = "cells.csv seats.csv colours.csv bots.csv tests.csv pairwise.csv ratings.csv";
    assert_same_files(&whole, &merged, &words(files));
    let manifest = fs::read_to_string(merged.join("manifest.toml")).unwrap();
    assert!(manifest.contains("merged_from = ["), "{manifest}");
    assert!(merged.join("sweep-mean-rounds.svg").exists());
}

#[test]
fn an_experiment_s_answers_merge_to_the_unsharded_run_s() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "players = [2, 3]\n\n[[lineups]]\nbots = \"random\"\ngames = 300\n\n[sweep]\n\
                param = \"tiles_removed\"\nvalues = [2, 5, 8]\n\n[[questions]]\nask = \"effect\"\n\
                measure = \"mean_rounds\"\n\n[[questions]]\nask = \"compare\"\n\
                measure = \"p_tie\"\nbetween = [2, 8]\n\n[[questions]]\nask = \"fair\"\n";
    let spec = write(tmp.path(), "asked.toml", text);
    let spec = spec.to_str().unwrap();
    let (whole, merged) = whole_and_merged(tmp.path(), &["experiment", spec], 2, &[2, 1]);
    assert_same_files(&whole, &merged, &["answers.csv", "columns.csv"]);
}

/// Returns the bytes of `name` in `dir`.
fn bytes(dir: &Path, name: &str) -> Vec<u8> {
    fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{}: {e}", dir.join(name).display()))
}

#[test]
fn arctic_runs_are_the_same_on_any_threads_and_merged_shards_at_2_3_and_4_players() {
    for players in ["2", "3", "4"] {
        simulate_is_the_same_on_any_threads_and_merged_shards("arctic", players, "901", None);
    }
}

#[test]
fn north_pole_runs_are_the_same_on_any_threads_and_merged_shards_at_2_3_4_players_and_teams() {
    for players in ["2", "3", "4"] {
        simulate_is_the_same_on_any_threads_and_merged_shards("north-pole", players, "101", None);
    }
    let tmp = tempfile::tempdir().unwrap();
    let teams = write(tmp.path(), "teams.toml", "team_play = true\n");
    simulate_is_the_same_on_any_threads_and_merged_shards("north-pole", "4", "101", Some(&teams));
}

/// Checks a `simulate` of `games` games of `game` at `players` (under the rules file
/// `rules`, if given), figures included (the first is `turns` in both card games): whole,
/// merged from two shards, and on 1 and 2 threads.
fn simulate_is_the_same_on_any_threads_and_merged_shards(
    game: &str,
    players: &str,
    games: &str,
    rules: Option<&Path>,
) {
    let tmp = tempfile::tempdir().unwrap();
    let rules_flag = rules.map(|r| r.to_str().unwrap().to_string());
    let line =
        format!("simulate --game {game} --players {players} --games {games} --seed 5 --per-game");
    let mut args = words(&line);
    if let Some(file) = &rules_flag {
        args.extend(["--rules", file]);
    }
    let (whole, merged) = whole_and_merged(tmp.path(), &args, 2, &[2, 1]);
    let files =
        words("game_stats.csv seats.csv colours.csv bots.csv tests.csv games.csv figures.csv");
    assert_same_files(&whole, &merged, &files);
    for threads in ["1", "2"] {
        let dir = tmp.path().join(format!("threads-{threads}"));
        let mut with = args.to_vec();
        with.extend(["--threads", threads]);
        ok(&with, &dir);
        assert_same_files(&whole, &dir, &files);
    }
    let figures = fs::read_to_string(whole.join("figures.csv")).unwrap();
    let rules_name = rules.map_or("standard".into(), |r| {
        r.file_stem().unwrap().to_string_lossy().into_owned()
    });
    assert!(
        figures.starts_with(&format!(
            "game,rules,players,bots,seed,figure,seat,games,mean,sd,ci_low,ci_high\n\
             {game},{rules_name},{players},random,5,turns,,{games},"
        )),
        "{figures}"
    );
    // Every column, and every figure, is documented.
    let columns = fs::read_to_string(whole.join("columns.csv")).unwrap();
    let header = figures.lines().next().unwrap().split(',');
    let named = figures
        .lines()
        .skip(1)
        .map(|l| format!("figure={}", l.split(',').nth(5).unwrap()));
    for column in header.map(String::from).chain(named) {
        assert!(
            columns
                .lines()
                .any(|l| l.starts_with(&format!("figures.csv,{column},")) && !l.ends_with(',')),
            "figures.csv: {column} is not in columns.csv"
        );
    }
    assert!(columns.contains(
        "figures.csv,ci_low,lower end of the mean's 95% interval by the normal approximation"
    ));
    // The shard's counts carry the figures' sums.
    let counts = fs::read_to_string(tmp.path().join("shard-1/counts.csv")).unwrap();
    assert!(counts.contains("\n0,figure_sq_sum,0,"), "{counts}");
}

#[test]
fn arctic_experiment_figures_merge_per_cell() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "game = \"arctic\"\nplayers = [2, 4]\n\n[[lineups]]\nbots = \"random\"\ngames = 300\n\n\
                [sweep]\nparam = \"penalty_points\"\nvalues = [-2, 0]\n";
    let spec = write(tmp.path(), "study.toml", text);
    let spec = spec.to_str().unwrap();
    let (whole, merged) = whole_and_merged(tmp.path(), &["experiment", spec], 2, &[1, 2]);
    assert_same_files(&whole, &merged, &["cells.csv", "seats.csv", "figures.csv"]);
    let figures = String::from_utf8(bytes(&whole, "figures.csv")).unwrap();
    assert!(
        figures.starts_with("game,rules,players,bots,seed,penalty_points,figure,seat,"),
        "{figures}"
    );
    // Every cell: 13 figures, the 5 per-seat ones a row per seat.
    let rows = figures.lines().count() - 1;
    assert_eq!(rows, 2 * (8 + 5 * 2) + 2 * (8 + 5 * 4), "{figures}");
    assert!(
        figures.contains(",0,penalty,1,300,0.000000,0.000000,0.000000,0.000000"),
        "no penalty points when they are worth 0: {figures}"
    );
}

/// Writes shards 1 and 2 of a three-shard run (seed `seed`) into `dir`, and shard 3 with
/// `seed3`.
fn three_shards(dir: &Path, seed3: &str) -> Vec<PathBuf> {
    (1..=3)
        .map(|k| {
            let out = dir.join(format!("s{k}"));
            let seed = if k == 3 { seed3 } else { "5" };
            ok(
                &words(&format!("simulate --games 600 --seed {seed} --shard {k}/3")),
                &out,
            );
            out
        })
        .collect()
}

/// Checks that merging `dirs` fails with `message` and writes nothing.
fn merge_refused(dirs: &[&PathBuf], message: &str) {
    let out = dirs[0].parent().unwrap().join("merged");
    fails(merge_into(dirs, &out), message);
    assert!(!out.exists(), "a refused merge wrote {}", out.display());
}

#[test]
fn incomplete_duplicated_or_foreign_shards_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let s = three_shards(tmp.path(), "5");
    merge_refused(&[&s[0], &s[2]], "missing shards: 2/3");
    merge_refused(&[&s[0]], "missing shards: 2/3, 3/3");
    merge_refused(&[&s[0], &s[1], &s[1], &s[2]], "shard 2/3 is given twice");
    let other = tempfile::tempdir().unwrap();
    let foreign = three_shards(other.path(), "6");
    merge_refused(
        &[&s[0], &s[1], &foreign[2]],
        "are not shards of one run: their seed differs",
    );
    let not_a_shard = tmp.path().join("empty");
    fs::create_dir(&not_a_shard).unwrap();
    merge_refused(&[&s[0], &not_a_shard], "not a finished shard folder");
    let other_count = tmp.path().join("of-four");
    ok(
        &words("simulate --games 600 --seed 5 --shard 1/4"),
        &other_count,
    );
    merge_refused(&[&s[0], &other_count], "their shard count differs");
    fails(merge_into(&s, &s[1]), "that is the shard folder");
    assert!(
        s[1].join("counts.csv").exists(),
        "the shard is left as it was"
    );
    fails(
        floe_line("simulate --shard 4/3"),
        "\"4/3\" is not K/N with 1 <= K <= N",
    );
}

#[test]
fn card_game_tournament_shards_merge_to_the_unsharded_run_at_2_3_and_4_players() {
    let tables = ["2", "3", "4"].map(|p| ("arctic", p));
    let poles = ["2", "3", "4"].map(|p| ("north-pole", p));
    for (game, players) in tables.into_iter().chain(poles) {
        let tmp = tempfile::tempdir().unwrap();
        let line = format!(
            "tournament --game {game} --players {players} --bots random,greedy,mcts:iters=10 \
             --games 24 --duplicate"
        );
        let (whole, merged) = whole_and_merged(tmp.path(), &words(&line), 2, &[2, 1]);
        let files = words("tournament.csv pairwise.csv ratings.csv game_stats.csv figures.csv");
        assert_same_files(&whole, &merged, &files);
    }
}
