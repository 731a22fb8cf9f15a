//! Fuzzes the rules loader, `Rules::from_toml`, with arbitrary bytes, TOML-like text and
//! mutations of `experiments/rules/classic.toml` and of the canonical rules file.
//!
//! Asserted for every input: no panic; an error has a message and names its place (a
//! line of the file, or a key of the rules when the value came from the classic
//! defaults); accepted rules write canonical rules that load back equal, and one game
//! with random bots plays to its end on them. Every case must finish within a second.
//! The `#[ignore]`d `*_long` tests run the same properties with many more cases
//! (`FLOE_FUZZ_CASES` overrides their count).

use std::time::Duration;

use arctic_race::{ArcticRace, Rules};
use floe_conformance::fuzz::{self, Mutation};
use floe_core::RuleSet;
use proptest::prelude::*;

const CLASSIC: &str = include_str!("../../../experiments/rules/classic.toml");
/// The top-level keys of a rules file: what an error without a line must name.
const KEYS: &[&str] = &[
    "name",
    "round_limit",
    "colours",
    "tiles_removed",
    "track",
    "tiles",
    "scoring",
];
const CASES: u32 = 3000;
const LONG: u32 = 100_000;
const SLOWEST: Duration = Duration::from_secs(1);

/// Loads `text`; checks the error, or that the rules round-trip and play.
fn check(text: &str, pick: u64) {
    match Rules::from_toml(text) {
        Ok(rules) => {
            let load = |t: &str| {
                Rules::from_toml(t)
                    .map(ArcticRace::new)
                    .map_err(|e| e.to_string())
            };
            fuzz::check_accepted(&ArcticRace::new(rules), load, pick);
        }
        Err(e) => fuzz::check_rules_error(text, e.line, &e.field, &e.message, KEYS),
    }
}

/// A mutated valid file: classic (with comments) or canonical.
fn mutated() -> impl Strategy<Value = (bool, Vec<Mutation>, u64)> {
    (any::<bool>(), fuzz::mutations(), any::<u64>())
}

fn check_mutated((canonical, mutations, pick): (bool, Vec<Mutation>, u64)) {
    let base = if canonical {
        Rules::classic().to_toml()
    } else {
        CLASSIC.to_string()
    };
    let text = fuzz::mutate(base.as_bytes(), "\n", &mutations);
    check(&String::from_utf8_lossy(&text), pick);
}

fn check_bytes(bytes: Vec<u8>) {
    check(&String::from_utf8_lossy(&bytes), 0);
}

fn check_text(text: String) {
    check(&text, 1);
}

#[test]
fn mutated_rules() {
    fuzz::run(
        "arctic-race mutated rules",
        CASES,
        SLOWEST,
        mutated(),
        check_mutated,
    );
}

#[test]
fn arbitrary_bytes() {
    fuzz::run(
        "arctic-race bytes",
        CASES,
        SLOWEST,
        fuzz::bytes(),
        check_bytes,
    );
}

#[test]
fn toml_like_text() {
    fuzz::run(
        "arctic-race toml-like",
        CASES,
        SLOWEST,
        fuzz::toml_like(),
        check_text,
    );
}

#[test]
#[ignore = "long run: cargo test --release -p arctic-race --test fuzz_rules -- --ignored"]
fn mutated_rules_long() {
    let cases = fuzz::long_cases(LONG * 2);
    fuzz::run(
        "arctic-race mutated rules",
        cases,
        SLOWEST,
        mutated(),
        check_mutated,
    );
}

#[test]
#[ignore = "long run: cargo test --release -p arctic-race --test fuzz_rules -- --ignored"]
fn arbitrary_input_long() {
    let cases = fuzz::long_cases(LONG);
    fuzz::run(
        "arctic-race bytes",
        cases,
        SLOWEST,
        fuzz::bytes(),
        check_bytes,
    );
    fuzz::run(
        "arctic-race toml-like",
        cases,
        SLOWEST,
        fuzz::toml_like(),
        check_text,
    );
}
