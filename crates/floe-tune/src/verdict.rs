//! Where the tuner decides: its finalists and the rules' own table measured again on
//! fresh deals ([`Validated`]), the verdict on them per player count ([`verdict`]):
//! whether any candidate beats the baseline, and so the pick ([`backed`]). The rule and
//! its wording ([`floe_sim::verdict`]) are shared with the report page, which says the
//! same verdict from the folder's `validation.csv`.

use floe_core::ParamValue;
use floe_sim::verdict::{Weighed, verdict_of};

use crate::objective::{Estimate, Measure};
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
    /// The objective on them with its interval, from one estimator
    /// ([`crate::objective::Objective::estimate`]): what is printed, written and drawn.
    pub estimate: Estimate,
}

/// Returns one player count's finalists as the verdict weighs them, in their order.
fn weighed(plan: &CountPlan, validated: &[Validated]) -> Vec<Weighed> {
    validated
        .iter()
        .map(|v| (plan.name(&v.values), v.rules, v.estimate.interval))
        .collect()
}

/// Returns the verdict on one player count's finalists against the baseline (the rules'
/// own table, the bot's defaults): see [`verdict_of`].
pub fn verdict(plan: &CountPlan, validated: &[Validated], pct: f64) -> String {
    verdict_of(plan.baseline_name(), &weighed(plan, validated), pct)
}

/// Returns the index in `validated` (lowest estimate first) of the candidate the verdict
/// backs at this player count ([`floe_sim::verdict::backed`]), `None` when the tune keeps
/// the baseline's values there.
pub fn backed(plan: &CountPlan, validated: &[Validated]) -> Option<usize> {
    floe_sim::verdict::backed(&weighed(plan, validated))
}

/// Returns the index in `validated` of the pick at this player count: the candidate the
/// verdict backs, else the baseline (`None` only when the baseline was not measured and
/// nothing is backed).
pub fn pick(plan: &CountPlan, validated: &[Validated]) -> Option<usize> {
    backed(plan, validated).or_else(|| validated.iter().position(|v| v.rules))
}
