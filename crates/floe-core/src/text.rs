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

/// Returns the dotted key of the TOML entry on the line of byte offset `at` in `text`, as
/// messages name keys: `round_limit`, `lineups[1].games` (the second `[[lineups]]`
/// table), `objective.length`; `None` when that line holds no `key = value`. A parser's
/// error points at the value; this says whose value it is.
///
/// # Examples
/// ```
/// let text = "name = \"x\"\n[[lineups]]\ngames = 1\n[[lineups]]\ngames = \"ten\"\n";
/// assert_eq!(floe_core::key_at(text, text.find("\"ten").unwrap()).as_deref(), Some("lineups[1].games"));
/// assert_eq!(floe_core::key_at(text, 0).as_deref(), Some("name"));
/// ```
pub fn key_at(text: &str, at: usize) -> Option<String> {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next().unwrap_or("");
    let key = line.split_once('=')?.0.trim();
    let plain = |k: &str| {
        !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '"'))
    };
    if !plain(key) {
        return None;
    }
    let key = key.replace('"', "");
    // The table the line sits in: the last header above it.
    let above = &text[..start];
    let header = above
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['));
    let table = match header {
        None => return Some(key),
        Some(h) if h.starts_with("[[") => {
            let name = h
                .trim_start_matches("[[")
                .split("]]")
                .next()?
                .trim()
                .to_string();
            let index = above
                .lines()
                .filter(|l| {
                    l.trim()
                        .trim_start_matches("[[")
                        .split("]]")
                        .next()
                        .map(str::trim)
                        == Some(&name)
                        && l.trim().starts_with("[[")
                })
                .count()
                .checked_sub(1)?;
            format!("{name}[{index}]")
        }
        Some(h) => h
            .trim_start_matches('[')
            .split(']')
            .next()?
            .trim()
            .to_string(),
    };
    Some(format!("{table}.{key}"))
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

/// Serializes each named type as its `name()` (`"fox"`, `"March"`), the spelling that
/// observations and replays use for a game's named values in JSON.
#[macro_export]
macro_rules! serialize_by_name {
    ($($t:ty),+ $(,)?) => {$(
        impl ::serde::Serialize for $t {
            fn serialize<S: ::serde::Serializer>(&self, out: S) -> Result<S::Ok, S::Error> {
                out.serialize_str(self.name())
            }
        }
    )+};
}
