//! The file names of Floe's charts: what a chart is named after (its kind and line-up),
//! and how a folder knows a chart Floe drew from a file of the user's.

/// The file names of Floe's charts: a folder holding one that Floe did not draw is refused
/// before a run whose charts are not known until its tables are.
pub const CHART_PREFIXES: [&str; 8] = [
    "answer-",
    "sweep-",
    "grid-",
    "seats-",
    "colours-",
    "bots-",
    "ratings-",
    super::arc::PREFIX,
];

/// Returns whether `name` is named like one of Floe's charts (or a chart's PNG copy).
pub fn is_chart_name(name: &str) -> bool {
    (name.ends_with(".svg") || name.ends_with(".png"))
        && CHART_PREFIXES.iter().any(|p| name.starts_with(p))
}

/// Longest slug kept whole: a file name must stay well under the 255 bytes systems allow.
const SLUG_MAX: usize = 80;

/// Returns the file-name form of a line-up of bots: every character but letters and
/// digits as `-`; a longer one than [`SLUG_MAX`] cut, and told apart from others cut
/// alike by the first 8 hex digits of the line-up's SHA-256.
pub(crate) fn slug(bots: &str) -> String {
    let whole: String = bots
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    if whole.len() <= SLUG_MAX {
        return whole;
    }
    let hash = floe_io::digest::sha256_hex(bots.as_bytes());
    format!("{}-{}", &whole[..SLUG_MAX - 9], &hash[..8])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_up_gets_a_short_file_name_of_its_own() {
        assert_eq!(slug("random,greedy"), "random-greedy");
        let long = "mcts:iters=100,tree=single,".repeat(8);
        let other = "mcts:iters=100,tree=single,".repeat(9);
        assert_eq!(slug(&long).len(), SLUG_MAX);
        assert_ne!(slug(&long), slug(&other), "same start, different line-ups");
    }
}
