//! `floe profile`: its tables agree with the tournament's, it is reproducible whatever
//! the thread count, and bad input is refused before any game is played.

mod common;

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use common::{assert_contains_all, assert_same_files, floe_line, read, stdout_of, words};

/// The small, fast ladder of the tests: 40 deals of 6 seatings.
const ARGS: &str =
    "profile --game arctic-race --players 2 --games 40 --ladder random,greedy,mcts:iters=20";

const LADDER: [&str; 3] = ["random", "greedy", "mcts:iters=20"];

type Row = HashMap<String, String>;

fn rows(dir: &Path, name: &str) -> Vec<Row> {
    let mut reader =
        csv::Reader::from_path(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

fn header(dir: &Path, name: &str) -> String {
    read(dir, name).lines().next().unwrap().to_string()
}

fn num(row: &Row, column: &str) -> f64 {
    row[column]
        .parse()
        .unwrap_or_else(|_| panic!("{column}: {:?} is not a number", row[column]))
}

/// The row of `rows` whose `bot` (and `opponent`, if given) are these.
fn find<'a>(rows: &'a [Row], bot: &str, opponent: Option<&str>) -> &'a Row {
    rows.iter()
        .find(|r| r["bot"] == bot && opponent.is_none_or(|o| r["opponent"] == o))
        .unwrap_or_else(|| panic!("no row for {bot} {opponent:?}"))
}

fn run(out: &Path, threads: &str) {
    common::ok(&words(&format!("{ARGS} --threads {threads}")), out);
}

#[test]
fn the_profile_agrees_with_the_tournament_and_does_not_depend_on_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    run(&one, "1");
    run(&two, "2");
    let files = words("profile.csv profile_ladder.csv ratings.csv pairwise.csv");
    assert_same_files(&one, &two, &files);
    let out = &one;
    let run_columns = "game,rules,players,bots,seed";
    assert_eq!(
        header(out, "profile.csv"),
        format!(
            "{run_columns},ladder_from,mcts_10000,deals,games,entrants,steps,skill_depth,\
             upset_rate,upset_low,upset_high,upset_games,seat_advantage,seat_advantage_low,\
             seat_advantage_high,best_seat,worst_seat,mean_rounds,sd_rounds,p_tie,mean_margin"
        )
    );
    assert_eq!(
        header(out, "profile_ladder.csv"),
        format!(
            "{run_columns},step,bot,rating,rating_low,rating_high,weaker,games,share,ci_low,\
             ci_high,share_above,share_tied,weaker_above,apart,clear"
        )
    );
    let profile = rows(out, "profile.csv");
    assert_eq!(profile.len(), 1);
    let p = &profile[0];
    assert_eq!(p["game"], "arctic-race");
    assert_eq!(p["players"], "2");
    assert_eq!(p["bots"], "random,greedy,mcts:iters=20");
    assert_eq!(p["seed"], "1");
    assert_eq!(p["ladder_from"], "given");
    assert_eq!(p["mcts_10000"], "", "a given ladder is not timed");
    // Three entrants: a cycle of 6 seatings per deal.
    assert_eq!((p["deals"].as_str(), p["games"].as_str()), ("40", "240"));
    assert_eq!((p["entrants"].as_str(), p["steps"].as_str()), ("3", "2"));

    let (depth, upsets, games) = check_steps(out);
    assert_eq!(p["skill_depth"], depth.to_string());
    assert_eq!(p["upset_games"], games.to_string());
    let rate = upsets / games as f64;
    assert!((num(p, "upset_rate") - rate).abs() < 1e-6, "{p:?}");
    assert!(num(p, "upset_low") <= num(p, "upset_rate"));
    assert!(num(p, "upset_rate") <= num(p, "upset_high"));

    check_seat_and_length(out, p);
    check_files(out);
}

/// Checks each step of `profile_ladder.csv` against `ratings.csv` and `pairwise.csv`, and
/// returns the clear steps, and the upsets and games over all steps.
fn check_steps(out: &Path) -> (usize, f64, u64) {
    let ladder = rows(out, "profile_ladder.csv");
    let ratings = rows(out, "ratings.csv");
    let pairwise = rows(out, "pairwise.csv");
    assert_eq!(ladder.len(), 3);
    let (mut depth, mut upsets, mut games) = (0, 0.0, 0u64);
    for (k, (row, bot)) in ladder.iter().zip(LADDER).enumerate() {
        assert_eq!(
            (row["step"].as_str(), row["bot"].as_str()),
            (&*k.to_string(), bot)
        );
        let rated = find(&ratings, bot, None);
        for c in ["rating", "rating_low", "rating_high"] {
            assert_eq!(row[c], rated[c], "{bot}: {c} is ratings.csv's");
        }
        if k == 0 {
            for c in ["weaker", "games", "share", "share_above", "apart", "clear"] {
                assert_eq!(row[c], "", "step 0 has no {c}");
            }
            continue;
        }
        let weaker = LADDER[k - 1];
        assert_eq!(row["weaker"], weaker);
        let up = find(&pairwise, bot, Some(weaker));
        let down = find(&pairwise, weaker, Some(bot));
        for c in ["games", "share_above", "share_tied"] {
            assert_eq!(row[c], up[c], "{bot} over {weaker}: {c} is pairwise.csv's");
        }
        assert_eq!(row["weaker_above"], down["share_above"]);
        // The step's share counts a tie half, with its Wilson interval over the games.
        let n: u64 = up["games"].parse().unwrap();
        let share = num(up, "share_above") + num(up, "share_tied") / 2.0;
        assert!((num(row, "share") - share).abs() < 1e-6, "{row:?}");
        let (z, m) = (1.959_963_984_540_054_f64, n as f64);
        let centre = share + z * z / (2.0 * m);
        let spread = z * (share * (1.0 - share) / m + z * z / (4.0 * m * m)).sqrt();
        let low = (centre - spread) / (1.0 + z * z / m);
        assert!((num(row, "ci_low") - low).abs() < 1e-5, "{row:?}");
        assert!(num(row, "ci_low") <= share && share <= num(row, "ci_high"));
        assert_eq!(row["apart"], (num(row, "ci_low") > 0.5).to_string());
        let clear = num(row, "ci_low") > 0.55;
        assert_eq!(row["clear"], clear.to_string());
        depth += usize::from(clear);
        upsets += num(down, "share_above") * n as f64;
        games += n;
    }
    (depth, upsets, games)
}

/// Checks the seat advantage against `seats.csv`, and length and decisiveness against
/// `game_stats.csv`, in the profile's row `p`.
fn check_seat_and_length(out: &Path, p: &Row) {
    // The seat advantage is the best seat's win rate over the worst's on the Elo scale.
    let seats = rows(out, "seats.csv");
    let rate_of = |seat: &str| {
        num(
            seats.iter().find(|r| r["seat"] == seat).unwrap(),
            "win_rate",
        )
    };
    let (best, worst) = (rate_of(&p["best_seat"]), rate_of(&p["worst_seat"]));
    assert_ne!(p["best_seat"], p["worst_seat"]);
    assert!(
        seats
            .iter()
            .all(|r| (worst..=best).contains(&num(r, "win_rate")))
    );
    let points = 400.0 * (best / worst).log10();
    assert!((num(p, "seat_advantage") - points).abs() < 1e-5, "{p:?}");
    assert!(num(p, "seat_advantage_low") <= num(p, "seat_advantage"));
    assert!(num(p, "seat_advantage") <= num(p, "seat_advantage_high"));

    // Length and decisiveness are game_stats.csv's.
    let stats = &rows(out, "game_stats.csv")[0];
    for c in ["games", "mean_rounds", "sd_rounds", "p_tie", "mean_margin"] {
        assert_eq!(p[c], stats[c], "{c} is game_stats.csv's");
    }
}

/// Checks that every column is documented, the manifest records the ladder, the chart
/// names every entrant, and the folder lists its files.
fn check_files(out: &Path) {
    // Every column of every table is documented.
    let tables = "profile.csv profile_ladder.csv ratings.csv pairwise.csv tournament.csv \
                  seats.csv game_stats.csv tests.csv";
    common::assert_columns_documented(out, &words(tables));
    // The manifest records the ladder; the chart names every entrant.
    let manifest = fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(manifest.contains("[profile]"), "{manifest}");
    assert!(manifest.contains("ladder_from = \"given\""), "{manifest}");
    let chart = fs::read_to_string(out.join("profile.svg")).unwrap();
    let texts: Vec<&str> = chart.lines().map(str::trim).collect();
    for bot in LADDER {
        assert!(texts.contains(&bot), "the chart does not name {bot}");
    }
    let owned = fs::read_to_string(out.join("floe-files.toml")).unwrap();
    for file in words("profile.csv profile_ladder.csv profile.svg ratings.csv") {
        assert!(owned.contains(&format!("\"{file}\"")), "{owned}");
    }
}

#[test]
fn the_report_shows_the_ladder_and_the_profile() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("p");
    let mut cmd = floe_line("profile --players 2 --games 2 --ladder random,greedy:depth=0 --out");
    let text = stdout_of(cmd.arg(&out));
    assert_contains_all(
        &text,
        &[
            "ladder (weakest first): random, greedy:depth=0",
            "given (not timed)",
            "skill depth: ",
            "upset rate: ",
            "seat advantage: ",
            "game length: ",
            "decisiveness: ",
            "4 games in ",
            "wrote ",
            "profile.csv",
        ],
    );
}

#[test]
fn bad_input_is_refused_naming_the_flag_before_any_game() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("never");
    let cases = [
        ("--game chess", "--game chess: unknown game"),
        (
            "--players 7",
            "--players: arctic-race seats 2 to 6 players, not 7",
        ),
        (
            "--players 1",
            "--players: arctic-race seats 2 to 6 players, not 1",
        ),
        (
            "--ladder random,alpha",
            "--ladder \"random,alpha\": spec 2 (\"alpha\"): unknown bot \"alpha\"",
        ),
        (
            "--ladder random,mcts:iters=0",
            "--ladder \"random,mcts:iters=0\": spec 2",
        ),
        (
            "--ladder greedy",
            "--ladder \"greedy\": give at least two entrants",
        ),
        (
            "--ladder random,greedy,random",
            "--ladder \"random,greedy,random\": \"random\" is entered twice",
        ),
        ("--games 0", "--games 0: play at least 1 deal"),
    ];
    for (args, message) in cases {
        let mut cmd = floe_line(&format!("profile {args} --out"));
        let output = cmd.arg(&out).output().unwrap();
        assert!(!output.status.success(), "{args:?} was accepted");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with(&format!("Error: {message}")),
            "{args:?}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "{args:?}: printed something");
        assert!(!out.exists(), "{args:?}: the output folder was made");
    }
}

#[test]
fn a_file_floe_did_not_write_is_refused_before_any_game() {
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join("profile.csv"), "mine").unwrap();
    let mut cmd =
        floe_line("profile --players 2 --ladder random,greedy --games 2000 --quiet --out");
    let output = cmd.arg(tmp.path()).output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("profile.csv: Floe did not write this file"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(tmp.path().join("profile.csv")).unwrap(),
        "mine"
    );
}

#[test]
fn a_timed_ladder_says_which_flag_fixes_it() {
    let tmp = tempfile::tempdir().unwrap();
    let mut cmd = floe_line("profile --game goofspiel --players 2 --games 1 --out");
    let output = cmd.arg(tmp.path()).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains(
            "note: the timing on this machine chose whether mcts:iters=10000 is on the \
             ladder; give --ladder to fix the ladder"
        ),
        "{stderr}"
    );
}
