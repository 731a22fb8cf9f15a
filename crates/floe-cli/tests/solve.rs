//! `floe solve`: a small game's value and each bot's exploitability, written as a table
//! with its dictionary; the same bytes on any thread count; a game too large or with
//! private facts refused before anything is solved, naming the flag.

mod common;

use std::process::Stdio;

use common::{csv_column, fails, floe_line, read, spawn_run, stdout_of, write};

/// A rules file of Goofspiel with `cards` cards (and `more` lines), in `dir`.
fn rules(dir: &std::path::Path, text: &str) -> std::path::PathBuf {
    write(dir, "small.toml", text)
}

/// Returns the numbers of column `name` of `exploitability.csv` in `out`.
fn column(out: &std::path::Path, name: &str) -> Vec<f64> {
    csv_column(&read(out, "exploitability.csv"), name)
        .iter()
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn the_value_and_each_bots_exploitability_are_written_and_printed() {
    let tmp = tempfile::tempdir().unwrap();
    let small = rules(tmp.path(), "cards = 3\n");
    let out = tmp.path().join("solved");
    let mut cmd = floe_line("solve --bots random,greedy --samples 200 --resamples 50 --out");
    cmd.arg(&out).arg("--rules").arg(&small);
    let text = stdout_of(cmd);
    assert!(
        text.starts_with(
            "goofspiel (small rules), 2 players, payoff difference: the game is worth +0.0000 \
             to seat 0 at an equilibrium."
        ),
        "{text}"
    );
    assert!(
        text.contains("sampled 200 times at each of 114 questions"),
        "{text}"
    );
    assert_eq!(
        csv_column(&read(&out, "exploitability.csv"), "bot"),
        ["random", "greedy"]
    );
    // Both seats alike: the game is worth nothing to either.
    assert!(column(&out, "value").iter().all(|v| v.abs() < 1e-9));
    // The random bot plays the uniform strategy, whose exploitability OpenSpiel gives
    // as 0.666667 (half of Floe's payoff); sampling noise is exploited too, so the
    // estimate lies a little above.
    let random = column(&out, "exploitability")[0];
    assert!((1.3333..1.55).contains(&random), "{random}");
    let (low, high) = (column(&out, "ci_low")[0], column(&out, "ci_high")[0]);
    assert!(
        low <= random && random <= high && low < high,
        "{low} {random} {high}"
    );
    // The dictionary says what every column means.
    let dictionary = read(&out, "columns.csv");
    for name in read(&out, "exploitability.csv")
        .lines()
        .next()
        .unwrap()
        .split(',')
    {
        assert!(
            dictionary.contains(&format!("exploitability.csv,{name},")),
            "{name} is not in columns.csv"
        );
    }
}

#[test]
fn a_tie_bonus_gives_seat_0_a_value_and_the_payoff_is_chosen() {
    let tmp = tempfile::tempdir().unwrap();
    let small = rules(
        tmp.path(),
        "cards = 3\ntie_bonus = 1\nprizes = \"descending\"\n",
    );
    let out = tmp.path().join("solved");
    let mut cmd =
        floe_line("solve --bots random --samples 20 --resamples 0 --payoff win-loss -q --out");
    cmd.arg(&out).arg("--rules").arg(&small);
    assert_eq!(stdout_of(cmd), "", "quiet prints nothing");
    assert_eq!(
        csv_column(&read(&out, "exploitability.csv"), "payoff"),
        ["win-loss"]
    );
    let value = column(&out, "value")[0];
    assert!(value > 0.0 && value <= 1.0, "{value}");
}

#[test]
fn the_table_is_the_same_on_one_thread_and_on_two() {
    let tmp = tempfile::tempdir().unwrap();
    let small = rules(tmp.path(), "cards = 3\n");
    let table = |threads: &str| {
        let out = tmp.path().join(threads);
        let mut cmd =
            floe_line("solve --bots random,mcts:iters=10 --samples 10 --resamples 20 -q -j");
        cmd.arg(threads)
            .arg("--rules")
            .arg(&small)
            .arg("--out")
            .arg(&out);
        stdout_of(cmd);
        read(&out, "exploitability.csv")
    };
    assert_eq!(table("1"), table("2"));
}

#[test]
fn games_that_cannot_be_solved_are_refused_naming_the_flag() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("never");
    let mut cmd = floe_line("solve --game arctic-race --out");
    cmd.arg(&out);
    fails(cmd, "Error: --game: arctic-race cannot be solved exactly");
    let big = rules(tmp.path(), "cards = 6\n");
    let mut cmd = floe_line("solve --rules");
    cmd.arg(&big).arg("--out").arg(&out);
    fails(
        cmd,
        "goofspiel with 6 cards is too large to solve exactly: with the prizes shuffled, at \
         most 5 cards",
    );
    let mut cmd = floe_line("solve --bots nobody --out");
    cmd.arg(&out);
    fails(cmd, "Error: --bots \"nobody\": unknown bot \"nobody\"");
    assert!(!out.exists(), "nothing written");
}

#[test]
fn ctrl_c_stops_a_solve_cleanly_writing_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("stopped");
    // Half a minute of sampling in a debug build: stopped long before it ends.
    let child = spawn_run(
        &["solve", "--bots", "mcts:iters=5000"],
        &out,
        Stdio::piped(),
    );
    let staging = out.join(format!(".floe-partial-{}", child.id()));
    while !staging.exists() {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let ended = child.wait_with_output().unwrap();
    assert_eq!(ended.status.code(), Some(130));
    let said = String::from_utf8_lossy(&ended.stderr);
    assert!(said.contains("Stopped by a signal"), "{said}");
    assert!(!out.join("exploitability.csv").exists());
    assert!(!staging.exists(), "the staging folder is removed");
}
