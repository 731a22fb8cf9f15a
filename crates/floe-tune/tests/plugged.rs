//! A bot plugged in from another crate ([`floe_bots::Registry`]) in a tune: a spec names
//! its declared parameter like a built-in bot's, and the manifest records its identity.

use std::fs;
use std::sync::Arc;

use floe_bots::Registry;
use floe_conformance::tilt::{LEAN, MakeTilt, bot};
use floe_lab::{Machine, Silent};
use floe_tune::{TuneSpec, tune};

/// A registry with `tilt` of `identity` for every game.
fn tilt(identity: &str) -> Registry {
    let mut registry = Registry::default();
    registry.add(floe_games::every_game(bot(identity).params(LEAN), MakeTilt));
    registry
}

#[test]
fn a_tune_tries_a_plugged_bots_declared_parameter() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("tune.toml");
    let spec = "game = \"goofspiel\"\nplayers = [2]\nbots = \"random\"\ntuned = \"tilt\"\n\
                budget = 120\nround_games = 20\nvalidation_games = 60\nfinalists = 2\n\n\
                [[params]]\nname = \"tilt.lean\"\n\n[objective]\nstrength = 1.0\n";
    fs::write(&path, spec).unwrap();
    let spec = TuneSpec::read(&path, &tilt("tilt 1")).unwrap();
    let out = tmp.path().join("out");
    let report = tune(
        &spec,
        &out,
        Machine::default(),
        false,
        &Silent,
        &Arc::default(),
    )
    .unwrap();
    // No lean scores clearly above the default's: the tune keeps the bot's defaults, as a
    // tune of rules keeps the rules' own table, and stars them as its pick.
    assert!(
        report.text.contains(
            "pick: keep the bot's defaults in this game: no candidate beats it at any player \
             count\n"
        ) && report.text.contains("  * tilt.lean=none "),
        "{}",
        report.text
    );
    let search = fs::read_to_string(out.join("search.csv")).unwrap();
    for lean in ["none", "low", "high"] {
        assert!(search.contains(&format!(",tilt.lean={lean},")), "{search}");
    }
    let manifest = fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(
        manifest.contains("[plugged]\ntilt = \"tilt 1\""),
        "{manifest}"
    );
}
