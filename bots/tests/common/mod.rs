//! What the small test games of these tests share.

use floe_core::{ParamDecl, ParamValue, RuleSet};

/// The rules of a test game that has none to change: no parameters.
#[derive(Clone, Debug)]
pub struct NoParameters;

impl RuleSet for NoParameters {
    fn name(&self) -> &str {
        "only"
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
