//! What the small test games of these tests share.

use floe_core::{Descriptor, RuleSet};

/// The rules of a test game that has none to change: no parameters.
#[derive(Clone, Debug)]
pub struct NoParameters;

impl RuleSet for NoParameters {
    fn name(&self) -> &str {
        "only"
    }
    fn colours(&self) -> &[String] {
        &[]
    }
    fn to_toml(&self) -> String {
        "name = \"only\"\n".into()
    }
}

/// The descriptor of a two-seat test game named `name` that ends one way.
pub const fn two_seat_game(name: &'static str) -> Descriptor {
    Descriptor {
        name,
        about: "a test game",
        player_counts: 2..=2,
        end_causes: &["done"],
        progress_name: "none",
        hidden: true,
    }
}
