//! The tuner's verdict on its finalists, in words: whether a candidate's objective beats
//! the rules' own table on fresh games. The tuner's console and the report page
//! (`floe_pages::report::verdict`) both say it, so it lives below both, and neither needs
//! the other.

/// The confidence of the tuner's comparisons and intervals when a spec does not say
/// (`confidence`): the page reads a folder's manifest with the same default.
pub const CONFIDENCE: f64 = 0.95;

/// Whether a candidate with the objective's interval `candidate` beats the baseline's
/// `baseline` (the objective is better lower): wholly below it.
pub fn beats(candidate: (f64, f64), baseline: (f64, f64)) -> bool {
    candidate.1 < baseline.0
}

/// A finalist as a verdict weighs it: its name, whether it is the baseline, and the
/// interval of its objective on the fresh games.
pub type Weighed = (String, bool, (f64, f64));

/// Returns the verdict on `finalists` against the baseline among them (named
/// `baseline`), by a conservative test stated in it: a candidate beats the baseline when
/// its interval on the fresh games lies wholly below the baseline's (the objective is
/// better lower). The star in the tuner's list marks only the lowest estimate; this says
/// whether the games can tell it from the baseline. The tuner's console and the report
/// page both say it.
pub fn verdict_of(baseline: &str, finalists: &[Weighed], pct: f64) -> String {
    let Some((_, _, base)) = finalists.iter().find(|f| f.1) else {
        return format!("verdict: {baseline} was not measured; no comparison");
    };
    let better: Vec<&str> = finalists
        .iter()
        .filter(|(_, rules, interval)| !rules && beats(*interval, *base))
        .map(|(name, ..)| name.as_str())
        .collect();
    match better.as_slice() {
        [] => format!(
            "verdict: no candidate is distinguishable from {baseline} at {pct:.0}% (no \
             interval lies wholly below its): keep it, or measure more games"
        ),
        names => format!(
            "verdict: {} beat{} {baseline} at {pct:.0}% (interval{} wholly below its)",
            names.join(", "),
            if names.len() == 1 { "s" } else { "" },
            if names.len() == 1 { "" } else { "s" },
        ),
    }
}
