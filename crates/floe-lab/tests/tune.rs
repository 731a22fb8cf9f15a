//! The tuner on the test game, whose `tie_bonus` tilts it toward seat 0 by a known amount
//! (0 is fair): it finds the fair value, validates it honestly on fresh deals, gives the
//! same bytes whatever the threads, and refuses bad specs before playing.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use floe_lab::tune::run::Block;
use floe_lab::tune::{TuneReport, TuneSpec, tune};
use floe_lab::{Machine, Silent};

/// A goofspiel spec tuning `tie_bonus` (and whatever `extra` adds), with `method`.
fn spec_text(method: &str, extra: &str) -> String {
    format!(
        "name = \"goof\"\ngame = \"goofspiel\"\nplayers = [2]\nbots = \"random\"\nseed = 7\n\
         budget = 80_000\nround_games = 2_000\nmethod = \"{method}\"\nntbea_batch = 2\n\n\
         [[params]]\nname = \"tie_bonus\"\nvalues = [0, 1, 2, 3, 4, 5, 6]\n{extra}\n\
         [objective]\nseat_spread = 1.0\n"
    )
}

fn write_spec(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("goof.toml");
    fs::write(&path, text).unwrap();
    path
}

fn run(dir: &Path, text: &str, threads: usize) -> TuneReport {
    let spec = TuneSpec::read(&write_spec(dir, text)).unwrap();
    let machine = Machine::new(Some(threads), None).unwrap();
    tune(
        &spec,
        &dir.join("out"),
        machine,
        false,
        &Silent,
        &AtomicBool::new(false),
    )
    .unwrap()
}

/// Checks that the pick is the fair value or its neighbour, and that its validation
/// interval overlaps the interval measured at the fair value on the same deals.
fn check_fair(report: &TuneReport) {
    let result = &report.results[0];
    let pick = &result.validated[0];
    let name = result.plan.name(&pick.values);
    assert!(
        name == "tie_bonus=0" || name == "tie_bonus=1",
        "picked {name}: {:?}",
        result
            .validated
            .iter()
            .map(|v| (result.plan.name(&v.values), v.objective))
            .collect::<Vec<_>>()
    );
    let fair = result
        .validated
        .iter()
        .find(|v| v.rules)
        .expect("the rules' own table (tie_bonus 0) is always validated");
    assert!(
        pick.interval.0 <= fair.interval.1 && fair.interval.0 <= pick.interval.1,
        "pick {:?} and fair {:?} do not overlap",
        pick.interval,
        fair.interval
    );
    assert!(result.searched.spent <= 80_000, "within the budget");
}

#[test]
fn racing_finds_the_fair_tie_bonus_and_validates_it() {
    let tmp = tempfile::tempdir().unwrap();
    let report = run(tmp.path(), &spec_text("racing", ""), 2);
    check_fair(&report);
    let validation = fs::read_to_string(tmp.path().join("out/validation.csv")).unwrap();
    assert!(
        validation.lines().nth(1).unwrap().contains(",tie_bonus=0,")
            || validation.contains(",tie_bonus=1,")
    );
    assert!(
        tmp.path().join("out/progress-2p.svg").exists(),
        "the chart of objective against games"
    );
}

#[test]
fn ntbea_finds_it_too_in_a_space_of_two_parameters() {
    let tmp = tempfile::tempdir().unwrap();
    let extra = "\n[[params]]\nname = \"cards\"\nvalues = [4, 5, 6, 7, 8]\n";
    let report = run(tmp.path(), &spec_text("ntbea", extra), 2);
    let result = &report.results[0];
    let pick = result.plan.name(&result.validated[0].values);
    assert!(
        pick.starts_with("tie_bonus=0 ") || pick.starts_with("tie_bonus=1 "),
        "picked {pick}"
    );
    assert!(result.searched.spent <= 80_000);
}

#[test]
fn validation_deals_are_never_search_deals() {
    let tmp = tempfile::tempdir().unwrap();
    let report = run(tmp.path(), &spec_text("racing", ""), 2);
    let r = &report.results[0];
    let searched: Vec<u64> = (0..r.searched.rounds)
        .flat_map(|round| {
            Block {
                size: 2_000,
                index: round,
            }
            .games()
        })
        .collect();
    let validated: Vec<u64> = r.block.games().collect();
    assert!(
        validated.iter().all(|i| !searched.contains(i)),
        "indices apart"
    );
    let seeds = |indices: &[u64]| -> std::collections::HashSet<u64> {
        indices
            .iter()
            .map(|&i| floe_core::game_seed(7, i))
            .collect()
    };
    assert!(
        seeds(&searched).is_disjoint(&seeds(&validated)),
        "and so the deals"
    );
    // A validation block lies above any search, whatever the sizes.
    for (size, rounds, round_games) in [(7, 3, 5), (1000, 1, 2000), (3, 10, 1)] {
        let block = Block::validation(size, rounds, round_games);
        assert!(block.games().start >= rounds * round_games);
    }
}

#[test]
fn the_same_spec_gives_the_same_bytes_whatever_the_threads() {
    let one = tempfile::tempdir().unwrap();
    let two = tempfile::tempdir().unwrap();
    let extra = "\n[[params]]\nname = \"cards\"\nvalues = [5, 6]\n";
    run(one.path(), &spec_text("ntbea", extra), 1);
    run(two.path(), &spec_text("ntbea", extra), 2);
    for name in ["search.csv", "progress.csv", "validation.csv"] {
        let a = fs::read(one.path().join("out").join(name)).unwrap();
        let b = fs::read(two.path().join("out").join(name)).unwrap();
        assert_eq!(a, b, "{name}");
    }
}

/// Checks that `text` is refused with `message`, before any game is played.
fn refused(text: &str, message: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let path = write_spec(tmp.path(), text);
    let e = TuneSpec::read(&path)
        .and_then(|spec| {
            tune(
                &spec,
                &tmp.path().join("out"),
                Machine::default(),
                false,
                &Silent,
                &AtomicBool::new(false),
            )
        })
        .unwrap_err();
    let e = format!("{e:#}");
    assert!(e.contains(message), "{e:?} lacks {message:?}");
    assert!(
        !tmp.path().join("out").exists(),
        "nothing written for a refused spec"
    );
}

#[test]
fn bad_specs_are_refused_naming_line_and_key() {
    let good = spec_text("racing", "");
    refused(
        &good.replace("name = \"tie_bonus\"", "name = \"tie_bonsu\""),
        "line 12: params[0].name: \"tie_bonsu\" cannot be tuned; parameters: cards, tie_bonus",
    );
    refused(
        &good.replace("values = [0, 1, 2, 3, 4, 5, 6]", "values = []"),
        "line 13: params[0].values: list at least one value",
    );
    refused(
        &good.replace("values = [0, 1, 2, 3, 4, 5, 6]", "values = [0, 1, 99]"),
        "line 13: params[0].values[2]: 2 players: tie_bonus",
    );
    refused(
        &good.replace("seat_spread = 1.0", "seat_sprad = 1.0"),
        "line 16: unknown field `seat_sprad`",
    );
    refused(
        &good.replace("budget = 80_000", "budget = 10_000"),
        "line 6: budget: 10000 games cannot pay for one round at 2 players: racing plays 7 candidate(s) x 2000 games",
    );
    refused(
        &good.replace("seat_spread = 1.0", "round_limit = 1.0"),
        "objective.round_limit: goofspiel has no round limit",
    );
    refused(
        &good.replace("seat_spread = 1.0", "length = 1.0"),
        "objective.length_target: give the target",
    );
    refused(
        &good.replace("players = [2]", "players = [9]"),
        "line 3: players: goofspiel seats 2 to 4 players, not 9",
    );
    refused(
        &good.replace("method = \"racing\"", "method = \"grid\""),
        "line 8: method: \"grid\" is not auto, racing or ntbea",
    );
    refused(
        &good.replace("bots = \"random\"", "bots = \"randon\""),
        "line 4: bots: spec 1 (\"randon\"): unknown bot",
    );
}
