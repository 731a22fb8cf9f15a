//! What the small test games of these tests share.

use floe_core::{Descriptor, ParamDecl, ParamValue, RuleSet};

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
    fn parameters(&self) -> Vec<ParamDecl> {
        Vec::new()
    }
    fn value_of(&self, _: &ParamDecl, _: Option<usize>) -> ParamValue {
        unreachable!("no parameters are declared")
    }
    fn put_value(&mut self, _: &ParamDecl, _: Option<usize>, _: &ParamValue) -> Result<(), String> {
        unreachable!("no parameters are declared")
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
