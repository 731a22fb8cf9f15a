//! Where the tuner decides: its finalists and the rules' own table measured again on
//! fresh deals ([`Validated`]), and the verdict on them per player count ([`verdict`]):
//! whether any candidate beats the baseline. The rule and its wording
//! ([`floe_sim::verdict`]) are shared with the report page, which says the same verdict
//! from the folder's `validation.csv`.

use floe_core::ParamValue;
use floe_sim::verdict::{Weighed, verdict_of};

use crate::objective::Measure;
use crate::plan::CountPlan;

/// One candidate measured in validation.
#[derive(Clone, Debug)]
pub struct Validated {
    /// Its values.
    pub values: Vec<ParamValue>,
    /// Whether it is the baseline: the rules' own table, the bot's defaults.
    pub rules: bool,
    /// Its rank in the search (from 1), `None` for the rules' table when not a finalist.
    pub search_rank: Option<usize>,
    /// The search's estimate of its objective.
    pub search_objective: Option<f64>,
    /// Its measure on the validation deals.
    pub measure: Measure,
    /// The objective on them, and its interval.
    pub objective: f64,
    /// The interval.
    pub interval: (f64, f64),
}

/// Returns the verdict on one player count's finalists against the baseline (the rules'
/// own table, the bot's defaults): see [`verdict_of`].
pub fn verdict(plan: &CountPlan, validated: &[Validated], pct: f64) -> String {
    let finalists: Vec<Weighed> = validated
        .iter()
        .map(|v| (plan.name(&v.values), v.rules, v.interval))
        .collect();
    verdict_of(plan.baseline_name(), &finalists, pct)
}
