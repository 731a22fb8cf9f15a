//! The terminal's gate for text from outside: a rules file's name, a colour, a bot's
//! label, a path, a Python function's name. Such text reaches a terminal only through
//! [`terminal`] (which [`crate::console`] applies to everything it prints, and the Python
//! extension to every message it hands Python) or, inside a sentence, through [`quoted`],
//! [`line`] and [`path`], so that no control sequence from a file can move the cursor,
//! retitle the window or hide what follows, and no newline in a name can forge a line of
//! Floe's own.
//!
//! The other media have their own one gate each: CSV cells are made formula-neutral by
//! `floe_sim::table::spreadsheet_safe`, and HTML pages escape every text (maud escapes by
//! construction; the drawn pages' data goes through `floe_pages::drawn`'s script escaping).

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::Path;

/// Returns whether `c` would act on a terminal rather than be shown: C0 controls (but the
/// newline and the tab a message is laid out with), DEL, the C1 controls, and the
/// bidirectional overrides that reorder what follows them on screen.
fn acts(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Writes `c` as it is seen, as Rust writes it in a string: `\r`, `\n`, `\t`, or its code
/// (`\u{1b}` for escape).
fn escape(c: char, out: &mut String) {
    match c {
        '\r' => out.push_str("\\r"),
        '\n' => out.push_str("\\n"),
        '\t' => out.push_str("\\t"),
        _ => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
    }
}

/// Returns whether `c` is escaped in text kept on one line: what [`acts`], and the newline
/// and the tab that would break or stretch the line.
fn breaks_line(c: char) -> bool {
    acts(c) || c == '\n' || c == '\t'
}

/// Returns `text` with every character `escaped` says shown escaped ([`escape`]), borrowed
/// when there is none.
fn escaping(text: &str, escaped: fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            escape(c, &mut out);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Returns `text` as a terminal may show it: every character that would act on the
/// terminal shown visibly escaped (`\u{1b}[2J`), newlines and tabs kept.
pub fn terminal(text: &str) -> Cow<'_, str> {
    escaping(text, acts)
}

/// Returns `text` as a terminal may show it inside a line of Floe's own, as given but for
/// every control character escaped, a newline and a tab too: for a value after its
/// setting's name (`game=NAME: ...`), where quotes would double those a value already
/// carries, and a newline in it would forge a line of Floe's.
pub fn line(text: &str) -> Cow<'_, str> {
    escaping(text, breaks_line)
}

/// Returns `text` inside double quotes, for a sentence about it: every control character
/// escaped (newlines and tabs too, so the sentence stays one line), a quote or backslash
/// inside escaped with a backslash: as Rust's `{:?}` quotes a string, so a message reads
/// the same, but without naming Rust's debug formatting in the code that words it.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if breaks_line(c) => escape(c, &mut out),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Returns `items` each [`quoted`], joined with ", ": a list of names in a sentence
/// (`"random", "greedy"`).
pub fn quoted_list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let quoted: Vec<String> = items.into_iter().map(|s| quoted(s.as_ref())).collect();
    quoted.join(", ")
}

/// Returns `path` as a message shows it: as given, with any character that is not UTF-8
/// replaced and every control character (a newline too) escaped ([`line`]).
pub fn path(path: &Path) -> String {
    line(&path.to_string_lossy()).into_owned()
}

/// Returns `text` as XML (an SVG chart) may hold it: each control character that XML 1.0
/// forbids, and the terminal-acting ones it allows (a chart's text shows them, it does not
/// act on them, but a person copying it into a terminal would), visibly escaped; newlines,
/// tabs and carriage returns, which XML allows, kept. The text's markup is escaped by the
/// drawing already: this is the gate for what escaping cannot express.
pub fn xml(text: &str) -> Cow<'_, str> {
    escaping(text, |c| acts(c) && c != '\r')
}

/// Returns whether `text` holds a character that would act on a terminal (what
/// [`terminal`] escapes): what the tests look for in everything Floe prints.
pub fn has_raw_control(text: &str) -> bool {
    text.chars().any(acts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_sequences_are_shown_not_acted_on() {
        assert_eq!(terminal("plain\tline\n"), "plain\tline\n");
        assert_eq!(terminal("\u{1b}[2Jtitle\u{7}"), "\\u{1b}[2Jtitle\\u{7}");
        assert_eq!(terminal("a\rb\u{9b}c\u{202e}d"), "a\\rb\\u{9b}c\\u{202e}d");
        assert!(!has_raw_control(&terminal("\u{1b}]0;owned\u{7}")));
    }

    #[test]
    fn a_value_in_a_line_stays_on_it_unquoted() {
        assert_eq!(line("3/2"), "3/2");
        assert_eq!(line("\"q\""), "\"q\"");
        assert_eq!(line("a\nb\t\u{1b}[2J"), "a\\nb\\t\\u{1b}[2J");
    }

    #[test]
    fn quoted_text_stays_on_one_line() {
        assert_eq!(
            quoted("two\nlines \"q\" \\"),
            "\"two\\nlines \\\"q\\\" \\\\\""
        );
        assert_eq!(quoted("é"), "\"é\"");
        assert_eq!(quoted_list(["a", "b\n"]), "\"a\", \"b\\n\"");
        assert_eq!(quoted_list(Vec::<String>::new()), "");
    }

    #[cfg(unix)]
    #[test]
    fn paths_are_shown_with_their_odd_bytes_replaced_and_controls_escaped() {
        use std::os::unix::ffi::OsStrExt;
        let odd = Path::new(std::ffi::OsStr::from_bytes(b"out/\xffx\n\x1b.csv"));
        assert_eq!(path(odd), "out/\u{fffd}x\\n\\u{1b}.csv");
    }
}
