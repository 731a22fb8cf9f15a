//! Fuzzes the rules loader, `Rules::from_toml`, with arbitrary bytes, TOML-like text and
//! mutations of a complete rules file (and of the canonical one).
//!
//! Asserted for every input: no panic; an error has a message and names its line (or a
//! key); accepted rules write canonical rules that load back equal, and one game with
//! random bots plays to its end on them. Every case must finish within a second. The
//! `#[ignore]`d `*_long` tests run the same properties with many more cases
//! (`FLOE_FUZZ_CASES` overrides their count).

use floe_conformance::fuzz;
use floe_core::RuleSet;
use goofspiel::{Goofspiel, Rules};

/// A rules file that sets every key.
const FULL: &str = "# A tilted variant.\nname = \"tilted\"\ncards = 8\ntie_bonus = 3\n\
                    colours = [\"red\", \"blue\", \"green\", \"yellow\", \"pink\"]\n";
const KEYS: &[&str] = &["name", "cards", "tie_bonus", "colours"];
const CASES: u32 = 3000;
const LONG: u32 = 100_000;

/// Loads `text`; checks the error, or that the rules round-trip and play.
fn check(text: &str, pick: u64) {
    fuzz::check_load(
        text,
        pick,
        |t| Rules::from_toml(t).map(Goofspiel::new),
        KEYS,
    );
}

/// Both valid files: the one written by hand and the canonical one.
fn files() -> Vec<String> {
    vec![FULL.to_string(), Rules::standard().to_toml()]
}

#[test]
fn the_full_file_loads() {
    assert_eq!(Rules::from_toml(FULL).unwrap().cards(), 8);
}

#[test]
fn loader_properties() {
    fuzz::rules_loader("goofspiel", CASES, &files(), check);
}

#[test]
#[ignore = "long run: cargo test --release -p goofspiel --test fuzz_rules -- --ignored"]
fn loader_properties_long() {
    fuzz::rules_loader("goofspiel", fuzz::long_cases(LONG), &files(), check);
}
