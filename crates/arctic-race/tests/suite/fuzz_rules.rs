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
use floe_core::RuleSet;

// Both valid files: the one written by hand and the canonical one. The keys are the
// top-level keys of a rules file: what an error without a line must name.
floe_conformance::rules_loader_tests! {
    game: "arctic-race",
    files: [include_str!("../../../../experiments/rules/classic.toml"), Rules::classic().to_toml()],
    load: |t| Rules::from_toml(t).map(ArcticRace::new),
    keys: &["name", "round_limit", "colours", "tiles_removed", "track", "tiles", "scoring"],
    long: "long run: cargo test --release -p arctic-race --test fuzz_rules -- --ignored",
}
