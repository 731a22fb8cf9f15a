//! Fuzzes the rules loader, `Rules::from_toml`, with arbitrary bytes, TOML-like text and
//! mutations of `experiments/rules/classic.toml` and of the canonical rules file.
//!
//! Asserted for every input: no panic; an error has a message and names its place (a
//! line of the file, or a key of the rules when the value came from the classic
//! defaults); accepted rules write canonical rules that load back equal, and one game
//! with random bots plays to its end on them. Every case must finish within a second.
//! The `#[ignore]`d `*_long` tests run the same properties with many more cases
//! (`FLOE_FUZZ_CASES` overrides their count).

use arctic_race::{ArcticRace, Rules};
use floe_conformance::fuzz;
use floe_core::RuleSet;

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

/// Loads `text`; checks the error, or that the rules round-trip and play.
fn check(text: &str, pick: u64) {
    fuzz::check_load(
        text,
        pick,
        |t| Rules::from_toml(t).map(ArcticRace::new),
        KEYS,
    );
}

/// Both valid files: the one written by hand and the canonical one.
fn files() -> Vec<String> {
    vec![CLASSIC.to_string(), Rules::classic().to_toml()]
}

#[test]
fn loader_properties() {
    fuzz::rules_loader("arctic-race", CASES, &files(), check);
}

#[test]
#[ignore = "long run: cargo test --release -p arctic-race --test fuzz_rules -- --ignored"]
fn loader_properties_long() {
    fuzz::rules_loader("arctic-race", fuzz::long_cases(LONG), &files(), check);
}
