//! Fuzzes the rules loader, `Rules::from_toml`, with arbitrary bytes, TOML-like text and
//! mutations of a complete rules file (and of the canonical one).
//!
//! Asserted for every input: no panic; an error has a message and names its line (or a
//! key); accepted rules write canonical rules that load back equal, and one game with
//! random bots plays to its end on them. Every case must finish within a second. The
//! `#[ignore]`d `*_long` tests run the same properties with many more cases
//! (`FLOE_FUZZ_CASES` overrides their count).

use floe_core::RuleSet;
use goofspiel::{Goofspiel, Rules};

/// A rules file that sets every key.
const FULL: &str = "# A tilted variant.\nname = \"tilted\"\ncards = 8\ntie_bonus = 3\n\
                    colours = [\"red\", \"blue\", \"green\", \"yellow\", \"pink\"]\n";

#[test]
fn the_full_file_loads() {
    assert_eq!(Rules::from_toml(FULL).unwrap().cards(), 8);
}

// Both valid files: the one written by hand and the canonical one; the keys are those
// of the file.
floe_conformance::rules_loader_tests! {
    game: "goofspiel",
    files: [FULL, Rules::standard().to_toml()],
    load: |t| Rules::from_toml(t).map(Goofspiel::new),
    keys: &["name", "cards", "tie_bonus", "colours"],
    long: "long run: cargo test --release -p goofspiel --test fuzz_rules -- --ignored",
}
