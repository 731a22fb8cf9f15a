//! A bot plugged in from another crate in a profile's ladder: the ladder climbs to it, and
//! the manifest records its identity.

use std::fs;

use floe_bots::Registry;
use floe_conformance::tilt::{LEAN, MakeTilt, bot};
use floe_lab::{Dealing, Machine, Silent};
use floe_profile::{ProfileOptions, ProfileRequest, plan_profile, run_profile};

/// A registry with `tilt` of `identity` for every game.
fn tilt(identity: &str) -> Registry {
    let mut registry = Registry::default();
    registry.add(floe_games::every_game(bot(identity).params(LEAN), MakeTilt));
    registry
}

#[test]
fn a_profile_ladder_climbs_to_a_plugged_bot() {
    let tmp = tempfile::tempdir().unwrap();
    let registry = tilt("tilt 1");
    let planned = plan_profile(ProfileRequest {
        game: "goofspiel".into(),
        rules: None,
        players: 2,
        ladder: Some("random,tilt:lean=high".into()),
        deals: 10,
        dealing: Dealing::default(),
        arc: false,
        registry,
    })
    .unwrap();
    let report = run_profile(
        &planned,
        &ProfileOptions {
            out: tmp.path(),
            machine: Machine::default(),
            command: vec!["test".into()],
            force: false,
            progress: &Silent,
            stop: None,
        },
    )
    .unwrap();
    assert_eq!(report.ladder, ["random", "tilt:lean=high"]);
    let manifest = fs::read_to_string(tmp.path().join("manifest.toml")).unwrap();
    assert!(manifest.contains("tilt = \"tilt 1\""), "{manifest}");
}
