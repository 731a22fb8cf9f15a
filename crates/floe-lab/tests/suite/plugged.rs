//! A bot plugged in from another crate ([`floe_bots::Registry`]) in every run the lab
//! carries out: its identity is recorded in the plan, its games do not depend on the
//! threads, merge refuses shards or a build whose plugged bot is another, and a spec,
//! or a ladder names it like a built-in bot (the tuner's test of it is in floe-tune).

use std::fs;
use std::path::{Path, PathBuf};

use floe_bots::{PluggedBot, Registry};
use floe_conformance::tilt::{LEAN, MakeTilt, Tilt, bot};
use floe_lab::request::{RunRequest, plan_experiment, plan_run};
use floe_lab::shards::read_shards;
use floe_lab::spec::Spec;
use floe_lab::{Dealing, Machine, Plan, RunKind, RunOptions, Seating, Shard, Silent, execute};

/// A registry with `tilt` of `identity` for every game.
fn tilt(identity: &str) -> Registry {
    let mut registry = Registry::default();
    registry.add(floe_games::every_game(bot(identity).params(LEAN), MakeTilt));
    registry
}

/// The plan of a 2-player Arctic Race tournament of `bots` (with `registry`'s bots).
fn tournament(bots: &str, registry: &Registry) -> Plan {
    plan_run(RunRequest {
        kind: RunKind::Tournament,
        game: "arctic-race".into(),
        rules: None,
        players: 2,
        bots: bots.into(),
        games: 48,
        dealing: Dealing {
            seed: 9,
            shuffle_colours: false,
            seating: Seating::Rotated,
        },
        per_game: false,
        arc: false,
        registry: registry.clone(),
    })
    .unwrap()
    .plan
}

/// Carries out `plan` into `out` on `threads` threads, as `shard` (or whole), or from
/// `merged` shards, with `registry`'s bots.
fn run(
    plan: &Plan,
    out: &Path,
    machine: Machine,
    merged: Option<&floe_lab::shards::Merged>,
    registry: &Registry,
) -> anyhow::Result<floe_lab::Report> {
    execute(
        plan,
        &RunOptions {
            out,
            machine,
            merged,
            command: vec!["test".into()],
            force: false,
            progress: &Silent,
            stop: None,
            registry,
        },
    )
}

/// The tables a tournament writes.
const TABLES: [&str; 6] = [
    "tournament.csv",
    "game_stats.csv",
    "seats.csv",
    "tests.csv",
    "pairwise.csv",
    "ratings.csv",
];

/// The tables of the tournament in the folder `dir`, as text, in [`TABLES`]' order.
fn tables(dir: &Path) -> Vec<String> {
    TABLES
        .iter()
        .map(|t| fs::read_to_string(dir.join(t)).unwrap())
        .collect()
}

const ENTRANTS: &str = "random,tilt,tilt:lean=low";

#[test]
fn a_plugged_bot_plays_the_same_games_on_any_number_of_threads_and_is_rated() {
    let tmp = tempfile::tempdir().unwrap();
    let registry = tilt("tilt 1");
    let plan = tournament(ENTRANTS, &registry);
    let mut seen = Vec::new();
    for threads in [1, 2, 3] {
        let out = tmp.path().join(format!("t{threads}"));
        let machine = Machine {
            threads,
            shard: None,
        };
        run(&plan, &out, machine, None, &registry).unwrap();
        seen.push(tables(&out));
    }
    assert_eq!(seen[0], seen[1], "1 and 2 threads");
    assert_eq!(seen[0], seen[2], "1 and 3 threads");
    let ratings = &seen[0][5];
    for entrant in ["tilt", "tilt:lean=low"] {
        assert!(
            ratings
                .lines()
                .any(|l| l.contains(&format!(",{entrant},32,"))),
            "{entrant} rated: {ratings}"
        );
    }
}

#[test]
fn the_manifest_records_a_plugged_bots_identity_and_only_when_one_plays() {
    let tmp = tempfile::tempdir().unwrap();
    let registry = tilt("tilt 1");
    let plan = tournament(ENTRANTS, &registry);
    run(&plan, tmp.path(), Machine::default(), None, &registry).unwrap();
    let manifest = fs::read_to_string(tmp.path().join("manifest.toml")).unwrap();
    assert!(
        manifest.contains("[plan.plugged]\ntilt = \"tilt 1\"\n"),
        "{manifest}"
    );
    assert!(tournament("random,greedy", &registry).plugged.is_empty());
}

/// Plays shard `index` of 2 of `plan` with `registry`'s bots into `dir/INDEX`.
fn shard(plan: &Plan, dir: &Path, index: u64, registry: &Registry) -> PathBuf {
    let out = dir.join(index.to_string());
    let shard = Some(Shard { index, count: 2 });
    let machine = Machine { threads: 1, shard };
    run(plan, &out, machine, None, registry).unwrap();
    out
}

#[test]
fn merge_takes_shards_of_one_plugged_bot_and_refuses_another_of_the_same_name() {
    let tmp = tempfile::tempdir().unwrap();
    let (old, new) = (tilt("tilt 1"), tilt("tilt 2"));
    let plan = tournament(ENTRANTS, &old);
    let whole = tmp.path().join("whole");
    run(&plan, &whole, Machine::default(), None, &old).unwrap();

    let dir = tmp.path().join("shards");
    let shards = [shard(&plan, &dir, 0, &old), shard(&plan, &dir, 1, &old)];
    let (merged_plan, merged) = read_shards(&shards, false).unwrap();
    let out = tmp.path().join("merged");
    run(&merged_plan, &out, Machine::default(), Some(&merged), &old).unwrap();
    assert_eq!(tables(&out), tables(&whole), "merged as the whole run");

    // The same shards, merged by a build whose `tilt` is another.
    let e = run(
        &merged_plan,
        &tmp.path().join("x"),
        Machine::default(),
        Some(&merged),
        &new,
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "bot \"tilt\" is \"tilt 2\" in this build, but the plan was made with \"tilt 1\": \
         carry it out (or merge its shards) with a build of that bot"
    );
    // ... or by one without it.
    let e = run(
        &merged_plan,
        &tmp.path().join("y"),
        Machine::default(),
        Some(&merged),
        &Registry::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("unknown bot \"tilt\"; known bots: random, greedy, mcts, onnx"),
        "{e}"
    );

    // Shards played by two builds of `tilt`, same name, same plan otherwise.
    let other = shard(
        &tournament(ENTRANTS, &new),
        &tmp.path().join("new"),
        1,
        &new,
    );
    let e = read_shards(&[shards[0].clone(), other], false)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("are not shards of one run: their plugged bot or network \"tilt\" differs: "),
        "{e}"
    );
}

#[test]
fn a_plugged_bot_is_refused_in_a_game_it_does_not_play() {
    let bot = PluggedBot::new("racer", "plays Arctic Race only", "racer 1")
        .game::<arctic_race::ArcticRace>(|_| Box::new(Tilt { lean: "low" }));
    let mut registry = Registry::default();
    registry.add(bot);
    let request = |game: &str| RunRequest {
        kind: RunKind::Simulate,
        game: game.into(),
        rules: None,
        players: 2,
        bots: "random,racer".into(),
        games: 2,
        dealing: Dealing::default(),
        per_game: false,
        arc: false,
        registry: registry.clone(),
    };
    assert!(plan_run(request("arctic-race")).is_ok());
    let e = plan_run(request("north-pole")).err().unwrap().to_string();
    assert_eq!(
        e,
        "bots \"random,racer\": spec 2 (\"racer\"): bot \"racer\" does not play north-pole; \
         it plays arctic-race"
    );
}

#[test]
fn an_experiment_spec_names_a_plugged_bot_as_a_built_in_one() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("spec.toml");
    let spec = "game = \"goofspiel\"\nplayers = [2]\nseating = \"rotated\"\n\n\
                [[lineups]]\nbots = \"random,tilt:lean=high\"\ngames = 20\n";
    fs::write(&path, spec).unwrap();
    let e = Spec::read(&path, &Registry::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.ends_with("line 6: lineups[0].bots: spec 2 (\"tilt:lean=high\"): unknown bot \"tilt\"; known bots: random, greedy, mcts, onnx"),
        "{e}"
    );
    let registry = tilt("tilt 1");
    let planned = plan_experiment(&Spec::read(&path, &registry).unwrap(), None).unwrap();
    assert_eq!(planned.plan.plugged["tilt"], "tilt 1");
    let out = tmp.path().join("out");
    run(&planned.plan, &out, Machine::default(), None, &registry).unwrap();
    let ratings = fs::read_to_string(out.join("ratings.csv")).unwrap();
    assert!(ratings.contains(",tilt:lean=high,20,"), "{ratings}");
}
