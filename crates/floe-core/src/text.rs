//! Helpers for the text of a rules or spec file: where a value lies and how a range is
//! worded, so every loader names places and ranges alike.

use std::ops::RangeInclusive;

/// Returns the 1-based line of byte offset `at` in `text` (an offset past the end counts
/// as the end).
///
/// # Examples
/// ```
/// assert_eq!(floe_core::line_of("a = 1\nb = 2\n", 6), 2);
/// assert_eq!(floe_core::line_of("a = 1", 99), 1);
/// ```
pub fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Says that `x` lies outside `range`, as every rules loader and parameter words it.
///
/// # Examples
/// ```
/// assert_eq!(floe_core::out_of_range(0, &(1..=13)), "0 is out of range: allowed 1..=13");
/// ```
pub fn out_of_range(x: i64, range: &RangeInclusive<i64>) -> String {
    format!(
        "{x} is out of range: allowed {}..={}",
        range.start(),
        range.end()
    )
}
