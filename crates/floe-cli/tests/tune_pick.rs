//! `floe tune` backs what it writes (issue 44, point 6): every finalist's printed estimate
//! lies inside its printed interval, in the console, `validation.csv` and the page; and
//! `pick.toml`, a rules file ready for `--rules`, is written only when the verdict says a
//! candidate beats the rules' own table. A quick trial whose candidates the games cannot
//! tell apart says to keep the rules' table and writes no pick.

use std::fs;
use std::path::Path;

mod common;

use common::{assert_contains_all, floe_line, floe_on, lossy_stdout_of, read, write};

/// A goofspiel tune of `tie_bonus` over `values`, on the rules file `rules` when given.
fn spec(dir: &Path, rules: Option<&str>, values: &str) -> std::path::PathBuf {
    let rules = rules.map_or(String::new(), |r| format!("rules = \"{r}\"\n"));
    let text = format!(
        "name = \"goof-tune\"\ngame = \"goofspiel\"\n{rules}players = [2]\nbots = \"random\"\n\
         seed = 5\nbudget = 40_000\nround_games = 2_000\n\n[[params]]\nname = \"tie_bonus\"\n\
         values = {values}\n\n[objective]\nseat_spread = 1.0\n"
    );
    write(dir, "tune.toml", text)
}

/// Runs `floe tune SPEC --games GAMES --out OUT` and returns what it printed.
fn tune(spec: &Path, games: &str, out: &Path) -> String {
    lossy_stdout_of(
        floe_on("tune", spec)
            .args(["--games", games, "--threads", "2"])
            .arg("--out")
            .arg(out),
    )
}

/// Checks that every row of `out`'s `validation.csv` holds its objective inside its
/// interval, and returns the candidate the `pick` column flags.
fn estimates_inside_and_pick(out: &Path) -> String {
    let mut reader = csv::Reader::from_path(out.join("validation.csv")).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    let mut picked = Vec::new();
    for row in reader.records() {
        let row = row.unwrap();
        let num = |name: &str| row[at(name)].parse::<f64>().unwrap();
        let (value, lo, hi) = (num("objective"), num("ci_low"), num("ci_high"));
        assert!(lo <= value && value <= hi, "{row:?}");
        if &row[at("pick")] == "true" {
            picked.push(row[at("candidate")].to_string());
        }
    }
    assert_eq!(picked.len(), 1, "one pick per player count: {picked:?}");
    picked.remove(0)
}

/// Checks that each finalist line printed (`objective E points (L-H)`) holds E in [L, H].
fn printed_estimates_inside(text: &str) {
    let lines: Vec<&str> = text.lines().filter(|l| l.contains(" objective ")).collect();
    assert!(!lines.is_empty(), "{text}");
    for line in lines {
        let rest = line.split(" objective ").nth(1).unwrap();
        let (value, rest) = rest.split_once(" points (").unwrap();
        let (lo, rest) = rest.split_once('-').unwrap();
        let hi = rest.split_once(')').unwrap().0;
        let [value, lo, hi] = [value, lo, hi].map(|x| x.parse::<f64>().unwrap());
        assert!(lo <= value && value <= hi, "{line}");
    }
}

/// The quick trial of the issue, in small: the rules' own `tie_bonus` 0 is the fair one,
/// so no candidate can beat it. The tune says to keep the rules' table, on the console
/// and its page, flags the rules' table as the pick and writes no `pick.toml`.
#[test]
fn a_trial_the_games_cannot_tell_apart_keeps_the_rules_and_writes_no_pick() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = spec(tmp.path(), None, "[0, 1, 2]");
    let out = tmp.path().join("out");
    let text = tune(&spec, "3000", &out);
    assert_contains_all(
        &text,
        &[
            "verdict: no candidate is distinguishable from the rules' own table",
            "pick: keep the rules' own table: no candidate beats it at any player count; no \
             pick.toml written (validation.csv keeps every estimate)",
        ],
    );
    printed_estimates_inside(&text);
    assert!(!out.join("pick.toml").exists(), "no rules file of a pick");
    assert_eq!(estimates_inside_and_pick(&out), "tie_bonus=0");
    let page = read(&out, "report.html");
    assert!(
        page.contains("pick: keep the rules")
            && page.contains(" own table: no candidate beats it at any player count."),
        "the page says so too"
    );
}

/// Rules tilted toward seat 0 (`tie_bonus` 4): the fair value beats them, so the tune
/// writes its pick as a rules file, which a run takes as its rules. Tuned again into the
/// same folder on the untilted rules, the tune keeps them, and the earlier `pick.toml`
/// (Floe's own file there) goes with the rest of the earlier result.
#[test]
fn a_candidate_that_beats_the_rules_is_written_as_a_loadable_pick() {
    let tmp = tempfile::tempdir().unwrap();
    write(
        tmp.path(),
        "tilted.toml",
        "name = \"tilted\"\ntie_bonus = 4\n",
    );
    let spec_path = spec(tmp.path(), Some("tilted.toml"), "[0, 4]");
    let out = tmp.path().join("out");
    let text = tune(&spec_path, "3000", &out);
    assert_contains_all(
        &text,
        &[
            "verdict: tie_bonus=0 beats the rules' own table at 95%",
            "pick: tie_bonus=0 at 2 players; written as pick.toml, a complete rules file",
        ],
    );
    printed_estimates_inside(&text);
    assert_eq!(estimates_inside_and_pick(&out), "tie_bonus=0");
    let pick = read(&out, "pick.toml");
    assert!(pick.contains("tie_bonus = 0"), "{pick}");
    assert!(read(&out, "report.html").contains("pick: tie_bonus=0 at 2 players."));
    let simulated = tmp.path().join("simulated");
    floe_line("simulate --game goofspiel --players 2 --games 100 --quiet --rules")
        .arg(out.join("pick.toml"))
        .arg("--out")
        .arg(&simulated)
        .assert()
        .success();
    let stats = read(&simulated, "game_stats.csv");
    assert!(
        stats
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("goofspiel,goof-tune,2,"),
        "{stats}"
    );
    let spec_path = spec(tmp.path(), None, "[0, 4]");
    let text = tune(&spec_path, "3000", &out);
    assert!(text.contains("pick: keep the rules' own table"), "{text}");
    assert!(!out.join("pick.toml").exists(), "the earlier pick is gone");
    assert!(fs::read_dir(&out).unwrap().count() > 3);
}
