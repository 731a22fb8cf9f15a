//! How the games unfold (`--arc`, `arc = true`): every command that runs games into
//! results (simulate, tournament, experiment, tune, profile) writes `arc.csv` when asked
//! and nothing else changes; shards merge into the
//! whole run's; a run that does not ask is as before.

mod common;

use common::*;

/// The measures' names, in order, as `arc.csv` lists them for each of `cells` cells.
fn measures(cells: usize) -> Vec<String> {
    let names = floe_sim::arc::MEASURES.iter().map(|m| m.name.to_string());
    names
        .cycle()
        .take(cells * floe_sim::arc::MEASURES.len())
        .collect()
}

/// Runs `line` with and without `--arc` and checks that `arc.csv` (and for a sweep its
/// charts) is written only with it, a row per measure per cell, documented, and that every
/// other table is the same.
fn arc_adds_only_its_table(line: &str, cells: usize) {
    let (_a, with) = ran(&format!("{line} --arc"));
    let (_b, without) = ran(line);
    let arc = read(&with, "arc.csv");
    let names = csv_column(&arc, "measure");
    assert_eq!(names, measures(cells), "{line}");
    assert_columns_documented(&with, &["arc.csv"]);
    let columns = read(&with, "columns.csv");
    for m in measures(1) {
        assert!(columns.contains(&format!("arc.csv,measure={m},")), "{m}");
    }
    let mut others = listing(&with);
    // A sweep draws each measure too (arc-NAME.svg and its PNG).
    others.retain(|n| {
        n != "arc.csv" && !n.starts_with("arc-") && n != "columns.csv" && !records_the_run(n)
    });
    let mut plain = listing(&without);
    plain.retain(|n| n != "columns.csv" && !records_the_run(n));
    assert_eq!(others, plain, "{line}: only arc.csv is added");
    let names: Vec<&str> = others
        .iter()
        .map(String::as_str)
        .filter(|n| n.ends_with(".csv"))
        .collect();
    assert_same_files(&with, &without, &names);
}

#[test]
fn simulate_with_arc_writes_arc_csv_and_changes_nothing_else() {
    arc_adds_only_its_table(
        "simulate --game goofspiel --players 2 --bots greedy,random --games 400",
        1,
    );
}

#[test]
fn tournament_with_arc_writes_arc_csv_and_changes_nothing_else() {
    arc_adds_only_its_table(
        "tournament --game arctic-race --players 3 --bots random,greedy --games 120 --duplicate",
        1,
    );
}

#[test]
fn profile_with_arc_writes_arc_csv_and_changes_nothing_else() {
    arc_adds_only_its_table(
        "profile --game goofspiel --players 2 --ladder random,greedy --games 40",
        1,
    );
}

#[test]
fn experiment_with_the_arc_flag_writes_arc_csv_and_changes_nothing_else() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = write(
        tmp.path(),
        "plain.toml",
        "game = \"goofspiel\"\nplayers = [2]\n\n[[lineups]]\nbots = \"random\"\ngames = 200\n\n\
         [sweep]\nparam = \"cards\"\nvalues = [3, 5]\n",
    );
    arc_adds_only_its_table(&format!("experiment {}", spec.display()), 2);
}

/// A tune spec of Goofspiel's `cards` at 2 players under random play, with `objective`.
fn tune_spec(dir: &std::path::Path, name: &str, objective: &str) -> std::path::PathBuf {
    write(
        dir,
        &format!("{name}.toml"),
        format!(
            "name = \"{name}\"\ngame = \"goofspiel\"\nplayers = [2]\nbots = \"random\"\n\
             budget = 600\nround_games = 100\nvalidation_games = 400\n\n[[params]]\n\
             name = \"cards\"\nvalues = [3, 5, 7]\n\n[objective]\n{objective}\n"
        ),
    )
}

#[test]
fn a_tune_follows_the_arcs_when_asked_and_changes_nothing_else() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = tune_spec(tmp.path(), "spread", "seat_spread = 1.0");
    let (_a, with) = ran(&format!("tune {} --arc", spec.display()));
    let (_b, without) = ran(&format!("tune {}", spec.display()));
    assert!(!without.join("arc.csv").exists());
    let arc = read(&with, "arc.csv");
    // Every finalist (the three values, the rules' own among them) has a row per measure.
    assert_eq!(csv_column(&arc, "measure"), measures(3));
    let mut names = listing(&with);
    names.retain(|n| n.ends_with(".csv") && n != "arc.csv");
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    assert_eq!(names, ["progress.csv", "search.csv", "validation.csv"]);
    assert_same_files(&with, &without, &names);
}

/// "Most lead changes": a target above what the games reach makes the measure's mean as
/// large as it goes. The validation's objective is the distance of each candidate's mean
/// from the target, the mean `arc.csv` gives; the tune follows the arcs unasked.
#[test]
fn a_tune_objective_weighs_a_measure_of_how_games_unfold_by_its_distance_from_a_target() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = tune_spec(
        tmp.path(),
        "leads",
        "lead_changes = 1.0\nlead_changes_target = 20",
    );
    let (_t, out) = ran(&format!("tune {}", spec.display()));
    let arc = read(&out, "arc.csv");
    let validation = read(&out, "validation.csv");
    let (candidates, objectives) = (
        csv_column(&validation, "candidate"),
        csv_column(&validation, "objective"),
    );
    let (arc_candidates, arc_measures, means) = (
        csv_column(&arc, "candidate"),
        csv_column(&arc, "measure"),
        csv_column(&arc, "mean"),
    );
    for (candidate, objective) in candidates.iter().zip(&objectives) {
        let mean = (0..means.len())
            .find(|&i| &arc_candidates[i] == candidate && arc_measures[i] == "lead_changes")
            .map(|i| means[i].parse::<f64>().unwrap())
            .unwrap_or_else(|| panic!("{candidate} has no lead_changes row"));
        let objective: f64 = objective.parse().unwrap();
        assert!(
            (objective - (20.0 - mean)).abs() < 1e-5,
            "{candidate}: {objective} vs {mean}"
        );
    }
    // The fewest cards leave the fewest rounds to change the lead in: ranked last.
    assert_eq!(candidates.last().map(String::as_str), Some("cards=3"));
}

#[test]
fn an_experiment_that_asks_for_arcs_writes_a_row_per_measure_and_cell() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = write(
        tmp.path(),
        "arcs.toml",
        "game = \"goofspiel\"\nplayers = [2]\narc = true\n\n[[lineups]]\nbots = \"random\"\n\
         games = 200\n\n[sweep]\nparam = \"cards\"\nvalues = [3, 5]\n",
    );
    let out = tmp.path().join("arcs");
    experiment_ok(&spec, &out);
    let arc = read(&out, "arc.csv");
    assert_eq!(csv_column(&arc, "measure"), measures(2));
    assert_eq!(csv_column(&arc, "cards")[..1], ["3".to_string()]);
    assert_columns_documented(&out, &["arc.csv"]);
}

#[test]
fn shards_with_arcs_merge_into_the_whole_runs_and_refuse_shards_without() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let line = "simulate --game arctic-race --players 2 --bots greedy --games 300 --arc";
    ok(&words(line), &dir.join("whole"));
    for k in 1..=2 {
        ok(
            &words(&format!("{line} --shard {k}/2")),
            &dir.join(format!("s{k}")),
        );
    }
    merge_into([dir.join("s1"), dir.join("s2")], &dir.join("merged"))
        .assert()
        .success();
    assert_same_files(&dir.join("whole"), &dir.join("merged"), &["arc.csv"]);
    let plain = line.replace(" --arc", "");
    ok(&words(&format!("{plain} --shard 2/2")), &dir.join("p2"));
    let refused = merge_into([dir.join("s1"), dir.join("p2")], &dir.join("mixed"))
        .assert()
        .failure();
    let text = String::from_utf8_lossy(&refused.get_output().stderr).into_owned();
    assert!(
        text.contains("following of the games' arcs differs"),
        "{text}"
    );
}

/// A study may ask of a measure of how its games unfold, and then follows them without
/// being told to: Goofspiel's lead changes grow with its cards (more rounds to change
/// hands in), and the answer says so.
#[test]
fn a_question_of_how_games_unfold_is_answered_and_follows_the_arcs() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = write(
        tmp.path(),
        "asked.toml",
        "game = \"goofspiel\"\nplayers = [2]\n\n[[lineups]]\nbots = \"random\"\ngames = 2000\n\n\
         [sweep]\nparam = \"cards\"\nvalues = [3, 13]\n\n[[questions]]\nask = \"compare\"\n\
         measure = \"lead_changes\"\nbetween = [3, 13]\n",
    );
    let out = tmp.path().join("asked");
    experiment_ok(&spec, &out);
    assert!(
        out.join("arc.csv").exists(),
        "asking of an arc follows the arcs"
    );
    let answers = read(&out, "answers.csv");
    assert_eq!(csv_column(&answers, "measure"), ["lead_changes"]);
    let arc = read(&out, "arc.csv");
    let means: Vec<f64> = csv_column(&arc, "mean")
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let lead_changes = |cell: usize| means[cell * floe_sim::arc::MEASURES.len()];
    assert!(lead_changes(1) > lead_changes(0) + 0.5, "{arc}");
    let verdicts = csv_column(&answers, "verdict").join(" ");
    assert!(verdicts.contains("differ"), "{answers}");
}

/// With `--per-game`, `games.csv` carries each game's measures on every seat's row, and
/// their means over the games are `arc.csv`'s; without `--arc` it carries none.
#[test]
fn per_game_rows_carry_each_games_measures_and_their_means_are_the_cells() {
    let line = "simulate --game arctic-race --players 3 --bots greedy --games 200 --per-game";
    let (_a, with) = ran(&format!("{line} --arc"));
    let games = read(&with, "games.csv");
    let arc = read(&with, "arc.csv");
    let index = csv_column(&games, "game_index");
    for (i, m) in floe_sim::arc::MEASURES.iter().enumerate() {
        let column = csv_column(&games, m.name);
        // One value per game: the first seat's row of each game.
        let per_game: Vec<f64> = column
            .iter()
            .zip(&index)
            .enumerate()
            .filter(|(row, (_, game))| *row == 0 || index[row - 1] != **game)
            .filter_map(|(_, (v, _))| v.parse().ok())
            .collect();
        let mean = per_game.iter().sum::<f64>() / per_game.len() as f64;
        let written: f64 = csv_column(&arc, "mean")[i].parse().unwrap();
        assert!(
            (mean - written).abs() < 1e-5,
            "{}: {mean} vs {written}",
            m.name
        );
        assert_eq!(
            per_game.len().to_string(),
            csv_column(&arc, "games")[i],
            "{}",
            m.name
        );
    }
    assert_columns_documented(&with, &["games.csv"]);
    let (_b, without) = ran(line);
    let header = read(&without, "games.csv");
    let header = header.lines().next().unwrap();
    assert!(!header.contains("lead_changes"), "{header}");
}
