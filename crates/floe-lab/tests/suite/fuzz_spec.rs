//! Fuzzes the experiment spec loader, `Spec::read`, and the planning of a spec against
//! its game, `plan_experiment`, with arbitrary bytes, TOML-like text and mutations of the
//! committed specs (`experiments/*.toml`) and of specs that name a rules file, sweep
//! listed values, declare questions or play Goofspiel.
//!
//! Asserted for every input: no panic; an error names its place: a line of the spec (or,
//! for a rules file it names, of that file), or the spec's path when the file cannot be
//! read as text; a plan that passes writes TOML that reads back. Every case must finish
//! within a second. The `#[ignore]`d `specs_long` runs the same properties with many
//! more cases (`FLOE_FUZZ_CASES` overrides their count).

use std::path::Path;
use std::time::Duration;

use floe_conformance::fuzz::{self, Mutation};
use floe_lab::Plan;
use floe_lab::request::plan_experiment;
use floe_lab::spec::Spec;
use proptest::prelude::*;
use proptest::sample::Index;

/// The committed specs and a few more that reach the other keys.
const SPECS: &[&str] = &[
    include_str!("../../../../experiments/bot-ladder.toml"),
    include_str!("../../../../experiments/colour.toml"),
    include_str!("../../../../experiments/first-player.toml"),
    include_str!("../../../../experiments/tile-balance.toml"),
    include_str!("../../../../experiments/tile-balance-random.toml"),
    "name = \"limits\"\nrules = \"rules/classic.toml\"\nseating = \"rotated\"\nplayers = [2, 3, 4]\n\
     [[lineups]]\nbots = \"random,greedy:depth=0\"\ngames = 10\nplayers = [2, 4]\n\
     [sweep]\nparam = \"round_limit\"\nvalues = [1, 40, 1000000]\n",
    "name = \"rows\"\nplayers = [2]\n[[lineups]]\nbots = \"random\"\ngames = 5\n\
     [sweep]\nparam = \"scoring.race_1\"\nvalues = [[7, 5, 4, 3], [1]]\n",
    "name = \"asks\"\nplayers = [2, 3]\nadjust = \"fdr\"\n[[lineups]]\nbots = \"random\"\ngames = 5\n\
     [sweep]\nparam = \"tiles_removed\"\nvalues = [2, 8]\n\
     [[questions]]\nask = \"compare\"\nmeasure = \"mean_rounds\"\nbetween = [2, 8]\n\
     [[questions]]\nask = \"best\"\nmeasure = \"p_tie\"\ngoal = \"lowest\"\n\
     [[questions]]\nask = \"effect\"\nmeasure = \"p_tiles_exhausted\"\n[[questions]]\nask = \"fair\"\n",
    "name = \"tilt\"\ngame = \"goofspiel\"\nseed = 9\nshuffle_colours = true\nplayers = [2, 4]\n\
     [[lineups]]\nbots = \"mcts:iters=5\"\ngames = 3\n[sweep]\nparam = \"tie_bonus\"\n",
];
const CASES: u32 = 2000;
const LONG: u32 = 100_000;
const SLOWEST: Duration = Duration::from_secs(1);

/// Writes `bytes` as the spec `dir/spec.toml` (beside `dir/rules/classic.toml`), reads it
/// and plans it, and checks the result.
fn check(dir: &Path, bytes: &[u8]) {
    let path = dir.join("spec.toml");
    std::fs::write(&path, bytes).unwrap();
    let result =
        Spec::read(&path, &Default::default()).and_then(|spec| plan_experiment(&spec, None));
    match result {
        Ok(planned) => {
            let text = planned.plan.to_toml();
            toml::from_str::<Plan>(&text).expect("a plan's TOML reads back");
        }
        Err(e) => {
            let shown = format!("{e:#}");
            let place = shown.contains("line ")
                || (shown.contains(&path.display().to_string()) && shown.contains("cannot read"));
            assert!(place, "the error names no place: {shown}");
        }
    }
}

/// A folder with the classic rules in it, for the specs that name a rules file.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("rules")).unwrap();
    let classic = include_str!("../../../../experiments/rules/classic.toml");
    std::fs::write(dir.path().join("rules/classic.toml"), classic).unwrap();
    dir
}

fn mutations() -> impl Strategy<Value = (Index, Vec<Mutation>)> {
    (any::<Index>(), fuzz::mutations())
}

fn mutated_specs(cases: u32) {
    let dir = folder();
    fuzz::run(
        "specs mutated",
        cases,
        SLOWEST,
        mutations(),
        |(spec, mutations)| {
            let base = SPECS[spec.index(SPECS.len())];
            check(dir.path(), &fuzz::mutate(base.as_bytes(), "\n", &mutations));
        },
    );
}

fn arbitrary_specs(cases: u32) {
    let dir = folder();
    fuzz::run("specs bytes", cases, SLOWEST, fuzz::bytes(), |b| {
        check(dir.path(), &b)
    });
    let toml = fuzz::toml_like();
    fuzz::run("specs toml-like", cases, SLOWEST, toml, |t| {
        check(dir.path(), t.as_bytes())
    });
}

#[test]
fn every_base_spec_plans() {
    let dir = folder();
    for text in SPECS {
        std::fs::write(dir.path().join("spec.toml"), text).unwrap();
        let spec = Spec::read(&dir.path().join("spec.toml"), &Default::default()).unwrap();
        plan_experiment(&spec, None).unwrap_or_else(|e| panic!("{e:#}\n{text}"));
    }
}

#[test]
fn mutated() {
    mutated_specs(CASES);
}

#[test]
fn arbitrary() {
    arbitrary_specs(CASES / 2);
}

#[test]
#[ignore = "long run: cargo test --release -p floe-lab --test fuzz_spec -- --ignored"]
fn specs_long() {
    mutated_specs(fuzz::long_cases(LONG));
    arbitrary_specs(fuzz::long_cases(LONG / 2));
}
