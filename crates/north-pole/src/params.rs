// TEMPORARY placeholder written by the engine author so the crate compiles: the rules
// loader helper replaces this whole file with the real RuleSet impl.
#![allow(missing_docs)]
use floe_core::{ParamDecl, ParamValue, RuleSet};

use crate::rules::Rules;

impl RuleSet for Rules {
    fn name(&self) -> &str {
        &self.name
    }
    fn to_toml(&self) -> String {
        format!("name = {:?}\n", self.name)
    }
    fn parameters(&self) -> Vec<ParamDecl> {
        Vec::new()
    }
    fn value_of(&self, _: &ParamDecl, _: Option<usize>) -> ParamValue {
        unreachable!("no parameters yet")
    }
    fn put_value(&mut self, _: &ParamDecl, _: Option<usize>, _: &ParamValue) -> Result<(), String> {
        Err("no parameters yet".into())
    }
}
