//! TEMPORARY placeholder.
use crate::rules::Rules;
use floe_core::{ParamDecl, ParamValue, RuleSet};
impl RuleSet for Rules {
    fn name(&self) -> &str {
        &self.name
    }
    fn to_toml(&self) -> String {
        String::new()
    }
    fn parameters(&self) -> Vec<ParamDecl> {
        Vec::new()
    }
    fn value_of(&self, _: &ParamDecl, _: Option<usize>) -> ParamValue {
        ParamValue::Whole(0)
    }
    fn put_value(&mut self, _: &ParamDecl, _: Option<usize>, _: &ParamValue) -> Result<(), String> {
        Ok(())
    }
}
