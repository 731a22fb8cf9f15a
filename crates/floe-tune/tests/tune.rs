//! The tuner on the test game, whose `tie_bonus` tilts it toward seat 0 by a known amount
//! (0 is fair): it finds the fair value, validates it honestly on fresh deals, gives the
//! same bytes whatever the threads, and refuses bad specs before playing.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use floe_lab::{Machine, Silent};
use floe_tune::plan::Block;
use floe_tune::{TuneReport, TuneSpec, tune};

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
    let spec = TuneSpec::read(&write_spec(dir, text), &Default::default()).unwrap();
    let machine = Machine::new(Some(threads), None).unwrap();
    tune(
        &spec,
        &dir.join("out"),
        machine,
        false,
        &Silent,
        &Arc::default(),
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
            .map(|v| (result.plan.name(&v.values), v.estimate.value))
            .collect::<Vec<_>>()
    );
    let fair = result
        .validated
        .iter()
        .find(|v| v.rules)
        .expect("the rules' own table (tie_bonus 0) is always validated");
    assert!(
        pick.estimate.interval.0 <= fair.estimate.interval.1
            && fair.estimate.interval.0 <= pick.estimate.interval.1,
        "pick {:?} and fair {:?} do not overlap",
        pick.estimate,
        fair.estimate
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
    // The rules' own table is the fair value: no candidate can beat it, so the tune keeps
    // it, says so, and writes no rules file of a pick; validation.csv flags the rules'
    // own table as the pick.
    assert!(
        report.text.contains(
            "pick: keep the rules' own table: no candidate beats it at any player count; no \
             pick.toml written (validation.csv keeps every estimate)"
        ),
        "{}",
        report.text
    );
    assert!(!tmp.path().join("out/pick.toml").exists());
    let rules_row = validation
        .lines()
        .find(|l| l.contains(",tie_bonus=0,"))
        .unwrap();
    assert!(rules_row.contains(",tie_bonus=0,true,true,"), "{rules_row}");
    // The finalists' chart names every finalist by its values, the rules' own table among
    // them, and the parameter once, on its axis.
    let finalists = fs::read_to_string(tmp.path().join("out/finalists-2p.svg")).unwrap();
    assert!(finalists.contains("candidate (tie_bonus), lowest estimate first"));
    for v in &report.results[0].validated {
        let name = v.values[0].to_string();
        assert!(
            finalists.lines().any(|l| l == name),
            "{name} is not on the chart"
        );
    }
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

/// Runs the tune `text` on 1 and on 2 threads and checks that both write the same bytes
/// to each of their CSV files: what every tune, of rules or of a bot, must keep.
fn same_bytes_on_1_and_2_threads(text: &str) {
    let one = tempfile::tempdir().unwrap();
    let two = tempfile::tempdir().unwrap();
    run(one.path(), text, 1);
    run(two.path(), text, 2);
    for name in ["search.csv", "progress.csv", "validation.csv"] {
        let a = fs::read(one.path().join("out").join(name)).unwrap();
        let b = fs::read(two.path().join("out").join(name)).unwrap();
        assert_eq!(a, b, "{name}");
    }
}

#[test]
fn the_same_spec_gives_the_same_bytes_whatever_the_threads() {
    let extra = "\n[[params]]\nname = \"cards\"\nvalues = [5, 6]\n";
    same_bytes_on_1_and_2_threads(&spec_text("ntbea", extra));
}

/// Checks that `text` is refused with `message`, before any game is played.
fn refused(text: &str, message: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let path = write_spec(tmp.path(), text);
    let e = TuneSpec::read(&path, &Default::default())
        .and_then(|spec| {
            tune(
                &spec,
                &tmp.path().join("out"),
                Machine::default(),
                false,
                &Silent,
                &Arc::default(),
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
        "line 16: objective.seat_sprad: unknown key: an objective weighs seat_spread,",
    );
    refused(
        &good.replace("budget = 80_000", "budget = 10_000"),
        "line 6: budget: 10000 games cannot pay for one round at 2 players: racing plays 7 candidates x 2000 games",
    );
    refused(
        &good.replace("seat_spread = 1.0", "round_limit = 1.0"),
        "objective.round_limit: goofspiel has no round limit",
    );
    refused(
        &good.replace("seat_spread = 1.0", "length = 1.0"),
        "objective.length_target: give the target",
    );
    // Case 10 of the reliability round: a target that is not a number panicked the search.
    for (target, shown) in [("nan", "NaN"), ("inf", "inf"), ("-inf", "-inf")] {
        refused(
            &good.replace(
                "seat_spread = 1.0",
                &format!("length = 1.0\nlength_target = {target}"),
            ),
            &format!("line 17: objective.length_target: {shown} is not a number of rounds"),
        );
    }
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

/// A goofspiel spec tuning the `mcts` bot's `iters` against a random reference bot (the
/// bot's default there is 1,000 iterations, validated beside the finalists).
fn bot_spec_text(iters: &str, extra: &str) -> String {
    format!(
        "name = \"goof-mcts\"\ngame = \"goofspiel\"\nplayers = [2]\nbots = \"random\"\n\
         tuned = \"mcts:c=0.7\"\nseed = 7\nbudget = 240\nround_games = 40\n\
         validation_games = 240\nfinalists = 2\n\n\
         [[params]]\nname = \"mcts.iters\"\nvalues = {iters}\n{extra}\n\
         [objective]\nstrength = 1.0\n"
    )
}

#[test]
fn a_bot_tune_finds_that_more_search_is_stronger_and_validates_it_against_the_defaults() {
    let tmp = tempfile::tempdir().unwrap();
    let report = run(tmp.path(), &bot_spec_text("[1, 300]", ""), 2);
    let r = &report.results[0];
    assert_eq!(r.plan.baseline_name(), "the bot's defaults in this game");
    assert!(
        !tmp.path().join("out/pick.toml").exists(),
        "no rules to write for a bot"
    );
    let names: Vec<String> = r.validated.iter().map(|v| r.plan.name(&v.values)).collect();
    assert_eq!(names.len(), 3, "two finalists and the default: {names:?}");
    let of = |name: &str| {
        r.validated
            .iter()
            .find(|v| r.plan.name(&v.values) == name)
            .unwrap_or_else(|| panic!("{name} validated: {names:?}"))
    };
    let (weak, strong) = (of("mcts.iters=1"), of("mcts.iters=300"));
    let default = of("mcts.iters=1000");
    assert!(
        default.rules && !strong.rules,
        "the default is the baseline"
    );
    // One iteration is the random bot's play: level with the reference. Three hundred
    // score above it, clearly.
    let (share, lo, _) = strong.measure.score_share();
    assert!(lo > 0.5, "300 iterations above random: {share} from {lo}");
    let (share1, lo1, hi1) = weak.measure.score_share();
    assert!(lo1 < 0.5 && 0.5 < hi1, "1 iteration level: {share1}");
    assert!(strong.estimate.value < weak.estimate.value);
    assert!(
        (strong.estimate.value - (1.0 - share)).abs() < 1e-12,
        "strength = 1 - share"
    );
    // Every validated candidate met the reference bot once per game (two seatings a deal).
    assert!(
        r.validated
            .iter()
            .all(|v| v.measure.meetings == v.measure.games && v.measure.games % 2 == 0)
    );
    let validation = fs::read_to_string(tmp.path().join("out/validation.csv")).unwrap();
    let header = validation.lines().next().unwrap();
    assert!(
        header.ends_with(",score_share,score_ci_low,score_ci_high"),
        "{header}"
    );
    assert!(report.text.contains("score share"), "{}", report.text);
    assert!(
        report.text.contains("<- the bot's defaults in this game"),
        "{}",
        report.text
    );
    // 300 iterations do not beat the defaults' 1,000: the pick is the defaults, starred.
    assert!(
        report
            .text
            .contains("pick: keep the bot's defaults in this game: no candidate beats it"),
        "{}",
        report.text
    );
    assert!(
        report.text.contains("  * mcts.iters=1000 "),
        "{}",
        report.text
    );
}

#[test]
fn a_bot_tune_gives_the_same_bytes_whatever_the_threads() {
    let extra = "\n[[params]]\nname = \"mcts.reward\"\nvalues = [\"win\", \"score\"]\n";
    same_bytes_on_1_and_2_threads(&bot_spec_text("[2, 20]", extra));
}

#[test]
fn bad_bot_tunes_are_refused_naming_line_key_and_range() {
    let good = bot_spec_text("[1, 300]", "");
    refused(
        &good.replace("tuned = \"mcts:c=0.7\"\n", ""),
        "line 15: objective.strength: measures a tuned bot: name it",
    );
    refused(
        &good.replace("strength = 1.0", "seat_spread = 1.0"),
        "line 5: tuned: a tuned bot is measured by its strength",
    );
    refused(
        &good.replace("mcts:c=0.7", "mcst"),
        "line 5: tuned: unknown bot \"mcst\"",
    );
    refused(
        &good.replace("mcts.iters", "mcts.itres"),
        "line 13: params[0].name: \"mcts.itres\" cannot be tuned; parameters: cards, tie_bonus, prizes, mcts.iters, mcts.ms, mcts.c",
    );
    refused(
        &good.replace("[1, 300]", "[1, 0]"),
        "line 14: params[0].values[1]: mcts.iters must be a whole number from 1 to",
    );
    refused(
        &good.replace("[1, 300]", "[1, 1]"),
        "line 14: params[0].values[1]: 1 is listed twice",
    );
    refused(
        &good
            .replace("mcts.iters", "mcts.c")
            .replace("values = [1, 300]\n", ""),
        "line 13: params[0]: list the values to try: mcts.c takes a number from 0 to",
    );
    refused(
        &good
            .replace("mcts.iters", "mcts.c")
            .replace("[1, 300]", "[0.3]"),
        "line 13: params[0].name: tuned = \"mcts:c=0.7\" sets c already: leave it out there to tune it",
    );
    refused(
        &good
            .replace("mcts.iters", "mcts.ms")
            .replace("[1, 300]", "[5]"),
        "line 13: params[0].name: mcts.ms is off unless given",
    );
    refused(
        &good.replace("round_games = 40", "round_games = 41"),
        "line 8: round_games: 41 is not a whole number of seatings",
    );
    refused(
        &good.replace("validation_games = 240", "validation_games = 5"),
        "line 9: validation_games: 5 games cannot measure 3 candidates (the finalists and the defaults) on 2 games each",
    );
}

/// Returns the rule set's name and `tie_bonus` of the goofspiel rules file `text`, as a
/// run given it as its rules loads them.
fn loaded(text: &str) -> (String, String) {
    struct Rules;
    impl floe_games::GameVisitor for Rules {
        type Output = (String, String);
        fn visit<G: floe_core::Game + 'static>(self, game: G) -> (String, String) {
            use floe_core::RuleSet;
            let tie_bonus = game.rules().parameter("tie_bonus").unwrap();
            (
                game.rules().name().to_string(),
                format!("tie_bonus={tie_bonus}"),
            )
        }
    }
    floe_games::visit_file("goofspiel", text, "x", Rules).unwrap()
}

/// The verdict against the rules' own table: none when the finalists are all fair (every
/// `cards` count of an untilted game), and the tune keeps the rules' table and writes no
/// rules file; the fair value when the rules are tilted, written as a rules file that
/// loads back into it. Every finalist's estimate lies inside its interval.
#[test]
fn the_verdict_tells_equal_candidates_from_better_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let says = |spec: &str, verdict: &str, pick: &str| {
        let report = run(tmp.path(), spec, 2);
        assert!(report.text.contains(verdict), "{}", report.text);
        assert!(report.text.contains(pick), "{}", report.text);
        for v in &report.results[0].validated {
            assert!(v.estimate.holds(), "{:?}", v.estimate);
        }
        fs::read_to_string(tmp.path().join("out/pick.toml")).ok()
    };
    let equal = "name = \"goof\"\ngame = \"goofspiel\"\nplayers = [2]\nbots = \"random\"\nseed = 7\n\
                 budget = 12_000\nround_games = 2_000\n\n[[params]]\nname = \"cards\"\n\
                 values = [6, 8, 10, 13]\n\n[objective]\nseat_spread = 1.0\n";
    fs::write(tmp.path().join("tilted.toml"), "tie_bonus = 4\n").unwrap();
    let tilted = "name = \"goof\"\ngame = \"goofspiel\"\nrules = \"tilted.toml\"\nplayers = [2]\n\
                  bots = \"random\"\nseed = 7\nbudget = 12_000\nround_games = 2_000\n\n\
                  [[params]]\nname = \"tie_bonus\"\nvalues = [0, 4]\n\n[objective]\nseat_spread = 1.0\n";
    let pick = says(
        tilted,
        "verdict: tie_bonus=0 beats the rules' own table at 95%",
        "pick: tie_bonus=0 at 2 players; written as pick.toml, a complete rules file",
    )
    .expect("a pick the verdict backs is written");
    assert_eq!(
        loaded(&pick),
        ("goof".into(), "tie_bonus=0".into()),
        "{pick}"
    );
    // Tuned again into the same folder, the equal candidates leave no pick behind: the
    // folder's earlier pick.toml is Floe's own, and goes with the rest of that run.
    let pick = says(
        equal,
        "verdict: no candidate is distinguishable from the rules' own table at 95%",
        "pick: keep the rules' own table: no candidate beats it at any player count; no \
         pick.toml written",
    );
    assert_eq!(
        pick, None,
        "no rules file when the verdict keeps the rules' table"
    );
}
