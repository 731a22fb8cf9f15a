//! Fuzzes the rules loader, `Rules::from_toml`, with arbitrary bytes, TOML-like text and
//! mutations of `experiments/rules/arctic.toml` and of the canonical rules file.
//!
//! Asserted for every input: no panic; an error has a message, names the file and names
//! its place (a line of the file, or a key of the rules); accepted rules write canonical
//! rules that load back equal, and one game with random bots plays to its end on them.
//! Every case must finish within a second. The `#[ignore]`d `*_long` tests run the same
//! properties with many more cases (`FLOE_FUZZ_CASES` overrides their count).

use arctic::{Arctic, Rules};
use floe_core::RuleSet;

// Both valid files: the committed one and the canonical one. The keys are the top-level
// keys of a rules file: what an error without a line must name.
floe_conformance::rules_loader_tests! {
    game: "arctic",
    files: [include_str!("../../../../experiments/rules/arctic.toml"), Rules::standard().to_toml()],
    load: |t| Rules::from_toml(t).map(Arctic::new),
    keys: &[
        "name", "sets", "reserve_per_extra_player", "hand_size", "hand_limit", "river_size",
        "empty_top_placement", "landscape_values", "run_points", "diversity_points",
        "penalty_points", "power_side", "tie_break", "round_limit", "colours",
    ],
    long: "long run: cargo test --release -p arctic --test fuzz_rules -- --ignored",
}
