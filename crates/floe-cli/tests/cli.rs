//! Runs the real `floe` binary: outputs, determinism, replays and every bad input.

mod common;

use std::borrow::BorrowMut;
use std::fs;
use std::path::Path;

use assert_cmd::Command;

use common::{
    assert_contains_all, assert_same_files, csv_column, fails, floe_line, prints, read, stdout_of,
    words, write,
};
use predicates::prelude::*;

#[test]
fn simulate_writes_the_documented_files() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    floe_line("simulate --players 3 --games 400 --seed 7 --per-game --quiet --out")
        .arg(&out)
        .assert()
        .success()
        .stdout("");
    let stats = read(&out, "game_stats.csv");
    let mut lines = stats.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game,rules,players,bots,seed,shuffle_colours,games,mean_rounds,sd_rounds,\
         p_three_finished,p_tiles_exhausted,p_round_limit,p_tie,mean_winner_score,mean_margin,\
         rounds_q10,rounds_median,rounds_q90,seat_spread"
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("arctic-race,classic,3,random,7,false,400,")
    );
    // One table per kind of group, each row carrying the run's columns; wins are whole.
    let run = "game,rules,players,bots,seed";
    let fields = "games,wins,shared_wins,win_rate,ci_low,ci_high,mean_score";
    for (file, key, rows) in [
        ("seats.csv", "seat", 3),
        ("colours.csv", "colour", 3),
        ("bots.csv", "bot", 1),
    ] {
        let table = read(&out, file);
        assert!(
            table.starts_with(&format!("{run},{key},{fields}\n")),
            "{table}"
        );
        assert_eq!(table.lines().count(), 1 + rows, "{table}");
        assert!(
            table
                .lines()
                .skip(1)
                .all(|l| l.starts_with("arctic-race,classic,3,random,7,")),
            "{table}"
        );
    }
    let bots = read(&out, "bots.csv");
    let row: Vec<&str> = bots.lines().nth(1).unwrap().split(',').collect();
    let (games, wins, shared): (u64, u64, u64) = (
        row[6].parse().unwrap(),
        row[7].parse().unwrap(),
        row[8].parse().unwrap(),
    );
    assert_eq!(games, 1200);
    assert!(wins + shared >= 400, "every game has a winner: {bots}");
    let games = read(&out, "games.csv");
    assert!(games.starts_with(
        "game,rules,players,bots,seed,game_index,game_seed,seat,colour,bot,score,won,win_share,\
         finished_racers,rounds,end_cause\n"
    ));
    assert_eq!(games.lines().count(), 1 + 400 * 3);
    let seed = games.lines().nth(1).unwrap().split(',').nth(6).unwrap();
    assert!(
        seed.starts_with("0x") && seed.len() == 18,
        "a game seed is hexadecimal text: {seed}"
    );
    common::assert_columns_documented(
        &out,
        &["game_stats.csv", "seats.csv", "games.csv", "tests.csv"],
    );
    let mut leftovers = common::listing(&out);
    leftovers.retain(|n| n != ".floe-lock");
    assert_eq!(
        leftovers.len(),
        12,
        "game_stats, seats, colours, bots, tests, games, columns, manifest, the page, the \
         chart of seats (SVG and PNG), the list of Floe's files (beside the folder's lock \
         file) and no temporary files: {leftovers:?}"
    );
    assert!(
        leftovers.contains(&"seats-random.svg".to_string()),
        "{leftovers:?}"
    );
    let owned = read(&out, "floe-files.toml");
    for file in ["game_stats.csv", "games.csv", "manifest.toml"] {
        assert!(owned.contains(&format!("\"{file}\"")), "{owned}");
    }
}

#[test]
fn simulate_prints_a_table() {
    let tmp = tempfile::tempdir().unwrap();
    prints(
        floe_line("simulate --games 200 --out").arg(tmp.path()),
        "kind    key",
    )
    .stdout(predicate::str::contains("seat    0"))
    .stdout(predicate::str::contains("wrote"));
}

#[test]
fn thread_count_gives_byte_identical_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |threads: &str| {
        let out = tmp.path().join(format!("t{threads}"));
        floe_line("simulate --players 5 --games 3000 --seed 11 --shuffle-colours --per-game")
            .args(["--quiet", "--threads", threads, "--out"])
            .arg(&out)
            .assert()
            .success();
        out
    };
    let (one, two) = (run("1"), run("2"));
    let names = words("game_stats.csv seats.csv colours.csv games.csv");
    assert_same_files(&one, &two, &names);
}

#[test]
fn the_shipped_classic_rules_file_equals_the_built_in_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let classic =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments/rules/classic.toml");
    let run = |name: &str, rules: Option<&Path>| {
        let out = tmp.path().join(name);
        let mut cmd = floe_line("simulate --games 500 --quiet --out");
        cmd.arg(&out);
        if let Some(r) = rules {
            cmd.arg("--rules").arg(r);
        }
        cmd.assert().success();
        read(&out, "seats.csv")
    };
    assert_eq!(run("builtin", None), run("file", Some(&classic)));
    let short = write(
        tmp.path(),
        "short.toml",
        "name = \"short\"\nround_limit = 3\n",
    );
    let out = tmp.path().join("short");
    let mut cmd = floe_line("simulate --games 100 --quiet --rules");
    cmd.arg(&short).arg("--out").arg(&out).assert().success();
    let stats = read(&out, "game_stats.csv");
    assert!(
        stats.contains(",3.000000,0.000000,"),
        "every game stops at the 3-round limit: {stats}"
    );
    let row = stats.lines().nth(1).unwrap();
    assert!(
        row.starts_with("arctic-race,short,4,random,1,false,"),
        "{stats}"
    );
}

#[test]
fn replay_shows_a_game_of_the_run() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    common::ok(&words("simulate --games 20 --seed 5 --per-game"), &out);
    let games = read(&out, "games.csv");
    let row = games
        .lines()
        .find(|l| l.split(',').nth(5) == Some("13"))
        .unwrap();
    let cols: Vec<&str> = row.split(',').collect();
    let (seed, score, rounds, cause) = (cols[6], cols[10], cols[14], cols[15]);
    let text = stdout_of(floe_line("replay --seed 5 --index 13"));
    assert_contains_all(
        &text,
        &[
            &format!("game 13 (game seed {seed})"),
            "== round 1: seat 0 holds the start token",
            "seat 0 chooses among: commit the 1-2-3 card",
            &format!("== game over after {rounds} rounds: {cause} =="),
            &format!("final scores ({cause}):\n  seat 0: {score} points"),
        ],
    );
    // The same command prints the same log.
    floe_line("replay --seed 5 --index 13")
        .assert()
        .success()
        .stdout(text);
}

/// Runs `cmd` (a `floe` command line) with `--out DIR` and checks it fails with
/// `message` and writes nothing.
fn refused(mut cmd: impl BorrowMut<Command>, message: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let cmd = cmd.borrow_mut().arg("--out").arg(&out);
    let shown = format!("{cmd:?}");
    fails(cmd, message);
    assert!(!out.exists(), "{shown} left {} behind", out.display());
}

/// Checks that each of `cases`, a `floe` command line and its message, is refused as
/// [`refused`] says.
fn all_refused(cases: &[(&str, &str)]) {
    for (line, message) in cases {
        refused(floe_line(line), message);
    }
}

#[test]
fn bad_table_and_run_sizes_are_refused() {
    all_refused(&[
        (
            "simulate --players 1",
            "Error: --players: arctic-race seats 2 to 6 players, not 1",
        ),
        ("simulate --players 7", "not 7"),
        ("simulate --games 0", "Error: --games: must be at least 1"),
        ("simulate --threads 0", "Error: --threads 0"),
        ("simulate --players x", "invalid value 'x' for '--players"),
    ]);
}

#[test]
fn bad_bots_are_refused() {
    all_refused(&[
        (
            "simulate --bots randon",
            "Error: --bots \"randon\": unknown bot \"randon\"; known bots: random",
        ),
        (
            "simulate --bots random,random,random",
            "Error: --bots: 3 bot specs for 4 players",
        ),
        (
            "simulate --bots random,x,random,random",
            "spec 2 (\"x\"): unknown bot",
        ),
        (
            "simulate --bots random:depth=3",
            "bot \"random\" has no parameter \"depth\"",
        ),
    ]);
}

#[test]
fn bad_rules_files_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = |path: &Path| -> Command {
        let mut cmd = floe_line("simulate --rules");
        cmd.arg(path);
        cmd
    };
    let missing = tmp.path().join("missing.toml");
    refused(rules(&missing), "missing.toml: cannot read the rules file");
    let bad = tmp.path().join("bad.toml");
    for (text, message) in [
        (
            "name = \"bad\"\n[[tiles]]\ncopies = 30\nfaces = [\"blank\", \"+7\", \"blank\"]\n",
            "bad.toml: line 4: tiles[0].faces[1]: unknown icon \"+7\"",
        ),
        (
            "tiles_removed = [8, 6, 4, 2, 40]\n",
            "line 1: tiles_removed[4] (6 players)",
        ),
        (
            "[track.river]\nslots = 0\n",
            "line 2: track.river.slots: a river needs at least 1 slot",
        ),
        ("name = [\n", "bad.toml: line 1"),
    ] {
        fs::write(&bad, text).unwrap();
        refused(rules(&bad), message);
    }
    fails(floe_line("replay --rules").arg(&bad), "bad.toml: line 1");
}

#[test]
fn an_unwritable_output_path_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("a-file");
    fs::write(&file, "x").unwrap();
    let out = file.join("out");
    fails(
        floe_line("simulate --games 10 --out").arg(&out),
        "Error: --out",
    )
    .stderr(predicate::str::contains("a-file/out"));
    assert_eq!(fs::read_to_string(&file).unwrap(), "x");
}

#[test]
fn absurd_sizes_are_refused_cleanly() {
    refused(
        floe_line("simulate --players 18446744073709551615"),
        "Error: --players: arctic-race seats 2 to 6 players",
    );
    prints(
        floe_line("replay --index 18446744073709551615"),
        "game 18446744073709551615",
    );
    fails(
        floe_line("replay --games 20 --index 20"),
        "Error: --index 20: a run of --games 20 has games 0 to 19",
    );
}

#[test]
fn a_simulate_command_line_replays_with_index_added() {
    let line = "replay --games 50 --threads 2 --out /nonexistent --per-game --quiet --index 4";
    prints(floe_line(line), "game 4 (game seed");
}

#[test]
fn an_existing_folder_that_cannot_be_written_fails_before_the_run() {
    // /sys/kernel exists and refuses new files even for root.
    let dir = Path::new("/sys/kernel");
    if !dir.is_dir() {
        return;
    }
    let mut cmd = floe_line("simulate --games 100000000 --quiet --out");
    cmd.arg(dir).timeout(std::time::Duration::from_secs(60));
    fails(cmd, "Error: --out /sys/kernel");
    assert!(!dir.join("game_stats.csv.tmp").exists());
}

/// Runs a small tournament into `out` with `threads` threads, and returns its stdout.
fn small_tournament(out: &Path, threads: &str, extra: &[&str]) -> String {
    let mut cmd = floe_line(
        "tournament --players 4 --bots random,greedy:depth=0,mcts:iters=20 --games 60 --seed 3",
    );
    cmd.args(["--threads", threads]).args(extra);
    stdout_of(cmd.arg("--out").arg(out))
}

#[test]
fn tournament_writes_standings_and_head_to_head() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("ladder");
    let table = small_tournament(&out, "2", &["--duplicate"]);
    assert!(table.contains("scored above (row vs column)"), "{table}");
    let standings = read(&out, "tournament.csv");
    let mut lines = standings.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game,rules,players,bots,seed,bot,games,wins,shared_wins,win_rate,ci_low,ci_high,\
         mean_score,mean_rank"
    );
    let run = "arctic-race,classic,4,\"random,greedy:depth=0,mcts:iters=20\",3,";
    let bots: Vec<&str> = lines
        .map(|l| l.strip_prefix(run).unwrap().split(',').next().unwrap())
        .collect();
    assert_eq!(bots, ["random", "greedy:depth=0", "mcts:iters=20"]);
    // 60 games of 4 seats among 3 entrants: 80 seat-games each.
    assert!(
        standings.contains(&format!("\n{run}random,80,")),
        "{standings}"
    );
    let pairs = read(&out, "pairwise.csv");
    assert!(pairs.starts_with(
        "game,rules,players,bots,seed,bot,opponent,games,share_above,ci_low,ci_high,share_tied\n"
    ));
    assert_eq!(pairs.lines().count(), 1 + 3 * 2, "{pairs}");
    // Four seats, three entrants: every two entrants meet in every game.
    assert!(
        pairs.contains(&format!("\n{run}random,greedy:depth=0,60,")),
        "{pairs}"
    );
    assert!(read(&out, "game_stats.csv").contains("random,greedy:depth=0,mcts:iters=20"));
    let manifest = read(&out, "manifest.toml");
    assert!(manifest.contains("kind = \"tournament\""), "{manifest}");
}

#[test]
fn tournament_writes_and_prints_bradley_terry_ratings() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("ladder");
    let table = small_tournament(&out, "2", &["--duplicate"]);
    let ratings = read(&out, "ratings.csv");
    let mut lines = ratings.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game,rules,players,bots,seed,bot,comparisons,rating,rating_se,rating_low,rating_high,note"
    );
    let run = "arctic-race,classic,4,\"random,greedy:depth=0,mcts:iters=20\",3,";
    let rows: Vec<Vec<&str>> = lines
        .map(|l| l.strip_prefix(run).unwrap().split(',').collect())
        .collect();
    // Four seats, three entrants: each meets both others in all 60 games.
    let entrants: Vec<(&str, &str)> = rows.iter().map(|r| (r[0], r[1])).collect();
    assert_eq!(
        entrants,
        [
            ("random", "120"),
            ("greedy:depth=0", "120"),
            ("mcts:iters=20", "120")
        ]
    );
    let number = |r: &[&str], i: usize| -> f64 { r[i].parse().unwrap() };
    let sum: f64 = rows.iter().map(|r| number(r, 2)).sum();
    assert!(sum.abs() < 1e-5, "the mean rating is 0: {ratings}");
    for r in &rows {
        let (rating, se, lo, hi) = (number(r, 2), number(r, 3), number(r, 4), number(r, 5));
        assert!(se > 0.0 && lo < rating && rating < hi, "{ratings}");
        assert!((hi - lo - 2.0 * 1.959964 * se).abs() < 1e-4, "{ratings}");
        assert_eq!(r[6], "", "{ratings}");
    }
    // Printed after the standings, best first, with one decimal.
    let block = table
        .split("\nBradley-Terry ratings (Elo scale, mean 0; 95% Wald interval):\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{table}"));
    let mut best_first = rows.clone();
    best_first.sort_by(|a, b| number(b, 2).total_cmp(&number(a, 2)));
    let printed: Vec<(&str, f64)> = block
        .lines()
        .skip(1)
        .take(3)
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            (fields[0], fields[1].parse().unwrap())
        })
        .collect();
    for ((bot, rating), row) in printed.iter().zip(&best_first) {
        assert_eq!(*bot, row[0], "{table}");
        assert!((rating - number(row, 2)).abs() <= 0.05, "{table}");
    }
    common::assert_columns_documented(&out, &["ratings.csv"]);
}

#[test]
fn two_entrant_ratings_differ_by_400_log10_of_wins_over_losses() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pair");
    let mut cmd = floe_line("tournament --players 2 --bots random,greedy:depth=0");
    cmd.args(words("--games 200 --seed 5 --quiet --out"));
    cmd.arg(&out).assert().success();
    let run = "arctic-race,classic,2,\"random,greedy:depth=0\",5,";
    let rows = |name: &str| -> Vec<Vec<String>> {
        read(&out, name)
            .lines()
            .skip(1)
            .map(|l| {
                l.strip_prefix(run)
                    .unwrap()
                    .split(',')
                    .map(String::from)
                    .collect()
            })
            .collect()
    };
    let pair = &rows("pairwise.csv")[0];
    assert_eq!(pair[..2], ["random", "greedy:depth=0"], "{pair:?}");
    let number = |x: &String| -> f64 { x.parse().unwrap() };
    let (games, above, tied) = (number(&pair[2]), number(&pair[3]), number(&pair[6]));
    let wins = games * (above + tied / 2.0);
    let diff = 400.0 * (wins / (games - wins)).log10();
    let ratings = rows("ratings.csv");
    let (random, greedy) = (number(&ratings[0][2]), number(&ratings[1][2]));
    assert!((random - greedy - diff).abs() < 1e-5, "{diff}: {ratings:?}");
    assert!((random - diff / 2.0).abs() < 1e-5, "{diff}: {ratings:?}");
}

#[test]
fn a_tournament_seats_one_bot_against_three_copies_of_another() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("one-vs-three");
    let table = stdout_of(
        floe_line(
            "tournament --players 4 --bots greedy,random,random,random --games 16 --duplicate",
        )
        .arg("--out")
        .arg(&out),
    );
    assert!(table.contains("greedy"), "{table}");
    let standings = read(&out, "tournament.csv");
    // One entrant each, in the order entered: one seat of greedy's and three of random's
    // in each of the 16 games.
    assert_eq!(csv_column(&standings, "bot"), ["greedy", "random"]);
    assert_eq!(csv_column(&standings, "games"), ["16", "48"]);
}

#[test]
fn tournament_csv_does_not_depend_on_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    small_tournament(&one, "1", &["--quiet"]);
    small_tournament(&two, "2", &["--quiet"]);
    let names = words("tournament.csv pairwise.csv ratings.csv game_stats.csv");
    assert_same_files(&one, &two, &names);
}

#[test]
fn bad_tournaments_are_refused() {
    all_refused(&[
        (
            "tournament --bots random,greedy,mcts --games 100",
            "Error: --games: 100 is not a multiple of 6, the seatings that give the 3 entrants",
        ),
        (
            "tournament --bots random,mcts:iters=-3",
            "spec 2 (\"mcts:iters=-3\"): bot \"mcts\": parameter \"iters\" must be a whole number from 1",
        ),
        ("tournament --players 9", "Error: --players"),
        ("tournament --threads 0", "Error: --threads 0"),
    ]);
}

#[test]
fn a_tournament_game_replays_with_its_seating_and_deal() {
    let replay = |index: &str, extra: &[&str]| -> String {
        let mut cmd = floe_line("replay --tournament --players 2 --bots random,greedy --games 10");
        stdout_of(cmd.args(["--index", index]).args(extra))
    };
    let head = |text: &str| text.lines().take(3).collect::<Vec<_>>().join("\n");
    let (two, three) = (replay("2", &["--duplicate"]), replay("3", &["--duplicate"]));
    // One deal, played from both seats: the same game seed, the entrants swapped.
    let seed = |text: &str| {
        text.lines()
            .next()
            .unwrap()
            .split("game seed")
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert_eq!(seed(&two), seed(&three));
    assert!(head(&two).contains("seat 0: yellow, bot random"), "{two}");
    assert!(
        head(&three).contains("seat 0: yellow, bot greedy"),
        "{three}"
    );
    // Without --duplicate every game has its own deal.
    assert_ne!(seed(&replay("2", &[])), seed(&replay("3", &[])));
    fails(
        floe_line("replay --tournament --bots random,greedy --games 9"),
        "--games: 9 is not a multiple of 2, the seatings",
    );
}

#[test]
fn short_flags_and_a_json_report() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("json");
    let output = floe_line("simulate -n 50 -j 1 --players 3 --format json -o")
        .arg(&out)
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&output.get_output().stdout).unwrap();
    assert_eq!(report["kind"], "simulate");
    assert_eq!(report["games"], 50);
    let seats = report["tables"]["seats.csv"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    assert_eq!(seats[2]["seat"], 2);
    assert_eq!(seats[2]["games"], 50);
    assert!(seats[2]["win_rate"].is_f64(), "{}", seats[2]);
    assert_eq!(seats[2]["bots"], "random");
    let written = report["written"].as_array().unwrap();
    assert!(
        written
            .iter()
            .any(|p| p.as_str().unwrap().ends_with("columns.csv"))
    );
    floe_line("simulate -n 50 -q -o")
        .arg(&out)
        .assert()
        .success()
        .stdout("");
}

#[test]
fn the_top_level_help_lists_every_command() {
    let help = stdout_of(floe_line("--help"));
    for command in words("simulate tournament experiment merge plot replay") {
        assert!(
            help.contains(&format!("  {command} ")),
            "{command} missing from\n{help}"
        );
    }
}

/// Race to the North Pole replays at 2 and 4 players and in team play (its golden replay
/// is at 3 players): the board with the rotation, each seat's side, ship and Pole, the
/// cards of every side, the storm pile, and the questions with their answers.
#[test]
fn north_pole_replays_at_every_table_and_in_team_play() {
    let tmp = tempfile::tempdir().unwrap();
    let teams = write(tmp.path(), "teams.toml", "team_play = true\n");
    let replay = |players: &str, rules: Option<&Path>| {
        let mut cmd = floe_line("replay --game north-pole --bots greedy --seed 3 --index 1");
        cmd.args(["--players", players]);
        if let Some(r) = rules {
            cmd.arg("--rules").arg(r);
        }
        stdout_of(cmd)
    };
    for (players, rules) in [("2", None), ("4", None), ("4", Some(teams.as_path()))] {
        let text = replay(players, rules);
        for part in [
            "    a   b   c   d   e   f   g   h",
            "top board turned ",
            "open entries ",
            "seat 0 (side S",
            "cards on side E: ",
            "storm pile ",
            "seat 0 chooses among: camp:c1 | camp:d1 | camp:e1 | camp:f1",
            "final scores (",
        ] {
            assert!(
                text.contains(part),
                "{players} players: no {part:?} in\n{text}"
            );
        }
        let teams = text.contains("seat 1 (side W, team 2");
        assert_eq!(teams, rules.is_some(), "{players} players: teams shown");
    }
    // Team play is for 4 players only.
    fails(
        floe_line("simulate --game north-pole --players 3 --rules").arg(&teams),
        "--players: north-pole cannot seat 3 players under these rules: team play (team_play = true in the rules",
    );
}

#[test]
fn bots_lists_every_parameter_with_the_games_defaults() {
    let text = stdout_of(floe_line("bots --game north-pole"));
    for bot in floe_bots::KNOWN_BOTS {
        assert!(
            text.contains(&format!("{}: {}", bot.name, bot.about)),
            "{text}"
        );
    }
    assert!(text.contains(
        "  c         a number from 0 to 100; default 0.01 in north-pole (declared 0.7): exploration"
    ));
    assert!(text.contains("  iters     a whole number from 1 to 10000000; default 1000: "));
    // Arctic Race's own bot parameter shows there, and only there.
    assert!(!text.contains("  progress  "));
    let race = stdout_of(floe_line("bots --game arctic-race"));
    assert!(race.contains("  progress  a number from 0 to 100; default 0.5: "));
    assert!(race.contains("default margin in arctic-race (declared score)"));
    fails(
        floe_line("bots --game chess"),
        "--game chess: unknown game \"chess\"",
    );
}

/// The README's first command, and every other command left to its default folder, writes
/// where git does not look: a clone stays clean after runs (the committed reference
/// results in `results/` are never overwritten by them).
#[test]
fn runs_left_to_their_default_folders_leave_a_clone_clean() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@t"])
            .args(args)
            .current_dir(repo)
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git {args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    git(&["init", "-q"]);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    fs::copy(root.join(".gitignore"), repo.join(".gitignore")).unwrap();
    let spec = "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 20\n";
    write(repo, "tiny.toml", spec);
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "a clone"]);
    for line in [
        "simulate --games 50",
        "tournament --bots random,greedy --games 4",
        "experiment tiny.toml",
        "profile --players 2 --ladder random,greedy --games 2",
    ] {
        let mut cmd = floe_line(line);
        cmd.current_dir(repo).arg("--quiet").assert().success();
    }
    assert!(repo.join("runs/simulate/game_stats.csv").is_file());
    assert!(repo.join("runs/tiny/cells.csv").is_file());
    assert!(
        repo.join("runs/profile-arctic-race-2p/profile.csv")
            .is_file()
    );
    assert_eq!(git(&["status", "--porcelain", "--untracked-files=all"]), "");
}

/// `experiment --check` prints every cell with its games and an estimated time, and the
/// totals, and plays nothing into any folder.
#[test]
fn an_experiment_check_prices_its_cells_without_running_them() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = "players = [2, 3]\n[[lineups]]\nbots = \"random\"\ngames = 50\n";
    write(tmp.path(), "tiny.toml", spec);
    let stdout = stdout_of(floe_line("experiment tiny.toml --check").current_dir(tmp.path()));
    assert_contains_all(
        &stdout,
        &[
            "  random, 2 players: 50 games, about ",
            "  random, 3 players: 50 games, about ",
            "2 cells, 100 games: about ",
        ],
    );
    assert_eq!(
        common::listing(tmp.path()),
        ["tiny.toml"],
        "nothing written"
    );
}
