//! The libraries word no setting as a command-line flag: every message names a
//! `Setting`, and each front end words it (the CLI as `--bots`, Python as `bots=`).
//! This test reads the libraries' sources and refuses any string literal outside their
//! unit tests that holds a flag (`--word` or `--{`).

use std::fs;
use std::path::{Path, PathBuf};

/// The front ends: the crates that word settings as a user types them.
const FRONT_ENDS: [&str; 2] = ["floe-cli", "floe-py"];

/// The sources of every library under the front ends: each crate's `src` but theirs, and
/// the bots', so that a crate split off or added later is read too.
fn libraries(root: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .expect("the crates folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| !FRONT_ENDS.iter().any(|f| p.ends_with(f)))
        .map(|p| p.join("src"))
        .filter(|p| p.is_dir())
        .collect();
    dirs.push(root.join("bots/src"));
    dirs.sort();
    dirs
}

fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// The string literals of `code` (ordinary, byte and raw strings), comments skipped.
fn string_literals(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let rest = |k: usize| chars.get(i + k).copied();
        match chars[i] {
            '/' if rest(1) == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if rest(1) == Some('*') => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            }
            // A character literal ('"', '\''), not a lifetime ('a).
            '\'' if rest(1) == Some('\\') => {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            '\'' if rest(2) == Some('\'') => i += 3,
            'r' if matches!(rest(1), Some('"' | '#'))
                && (i == 0 || !chars[i - 1].is_alphanumeric() || chars[i - 1] == 'b') =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while chars.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if chars.get(j) != Some(&'"') {
                    i += 1;
                    continue;
                }
                let start = j + 1;
                let mut end = start;
                while end < chars.len()
                    && !(chars[end] == '"'
                        && (1..=hashes).all(|h| chars.get(end + h) == Some(&'#')))
                {
                    end += 1;
                }
                found.push(chars[start..end].iter().collect());
                i = end + 1 + hashes;
            }
            '"' => {
                let mut end = i + 1;
                while end < chars.len() && chars[end] != '"' {
                    end += if chars[end] == '\\' { 2 } else { 1 };
                }
                found.push(chars[i + 1..end.min(chars.len())].iter().collect());
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    found
}

/// Whether `text` holds a flag: `--` then a lowercase letter or `{`.
fn words_a_flag(text: &str) -> bool {
    text.match_indices("--").any(|(at, _)| {
        text[at + 2..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_lowercase() || c == '{')
    })
}

#[test]
fn the_lexer_finds_flags_in_strings_only() {
    let code = "// \"--bots\" in a comment\nlet a = '\"'; let b = \"x --games 0\";\n\
                let c = r#\"--{}\"#; fn f<'a>(x: &'a str) {}\nlet d = \"a -- b\";";
    let flagged: Vec<String> = string_literals(code)
        .into_iter()
        .filter(|s| words_a_flag(s))
        .collect();
    assert_eq!(flagged, ["x --games 0", "--{}"]);
}

#[test]
fn no_library_string_words_a_cli_flag() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in libraries(&root) {
        rust_files(&dir, &mut files);
    }
    assert!(files.len() > 150, "found only {} files", files.len());
    let mut offenders = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("a source file");
        // Unit tests may check how a front end words a message.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for literal in string_literals(code) {
            if words_a_flag(&literal) {
                offenders.push(format!("{}: {literal:?}", file.display()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "strings that word a flag (name a floe_sim::Setting instead):\n{}",
        offenders.join("\n")
    );
}
