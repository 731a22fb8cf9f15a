//! The tuner's verdict on its finalists, in words: whether a candidate's objective beats
//! the rules' own table on fresh games, and so what the tune picks. The tuner's console
//! and the report page (`floe_pages::report::verdict`) both say it, so it lives below
//! both, and neither needs the other.

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

/// Returns the finalist the verdict backs, by its index in `finalists` (listed lowest
/// estimate first, as the tuner ranks and writes them): the first that beats the
/// baseline ([`beats`]), so the lowest estimate among those the games tell apart from it.
/// `None` when none does, or the baseline was not measured: the tune then keeps the
/// baseline's values, however low another estimate reads, since the games cannot say it
/// is better.
pub fn backed(finalists: &[Weighed]) -> Option<usize> {
    let (_, _, base) = finalists.iter().find(|f| f.1)?;
    finalists
        .iter()
        .position(|(_, rules, interval)| !rules && beats(*interval, *base))
}

/// Returns what a tune picks, in words, from each player count (as `2`) with the name of
/// the candidate the verdict backs there ([`backed`]), or `None` where it keeps
/// `baseline`. When no count has one, it says to keep the baseline: a designer reads that
/// the rules' own table stands, not the lowest estimate. The tuner's console and the
/// report page both say it.
pub fn decision(baseline: &str, picks: &[(String, Option<String>)]) -> String {
    let chosen: Vec<String> = picks
        .iter()
        .filter_map(|(players, name)| Some(format!("{} at {players} players", name.as_ref()?)))
        .collect();
    let kept: Vec<&str> = picks
        .iter()
        .filter(|p| p.1.is_none())
        .map(|p| p.0.as_str())
        .collect();
    match (chosen.is_empty(), kept.is_empty()) {
        (true, _) => format!("pick: keep {baseline}: no candidate beats it at any player count"),
        (false, true) => format!("pick: {}", chosen.join("; ")),
        (false, false) => format!(
            "pick: {}; keep {baseline} at {} players",
            chosen.join("; "),
            kept.join(", ")
        ),
    }
}

/// Returns the verdict on `finalists` against the baseline among them (named
/// `baseline`), by a conservative test stated in it: a candidate beats the baseline when
/// its interval on the fresh games lies wholly below the baseline's (the objective is
/// better lower). The finalists are listed lowest estimate first, and the lowest
/// estimate alone picks nothing: this says whether the games can tell any of them from
/// the baseline, and the pick is the one it backs ([`backed`]). The tuner's console and
/// the report page both say it.
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
