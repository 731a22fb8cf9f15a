//! One door for every byte, checked on the sources: outside `floe-io`, no code of Floe's
//! (every crate, the bots, the Python extension, the example bot) opens, creates, renames
//! or removes a file, or prints to a standard stream, except through `floe-io`. Test
//! modules, test folders and build scripts are left out: they are not what a person runs.
//! A new file is covered without editing this test.
//!
//! The same sources, `floe-io`'s own too, are read for Rust's debug formatting (`{:?}`) in
//! the texts they word: a message shows a person a sentence, not a Rust struct, so debug
//! formatting stays only where a developer alone reads it (an `assert!`, a `panic!`, an
//! `expect`, an `impl Debug`).

use std::path::{Path, PathBuf};

/// What only `floe-io` may do, with what to use instead.
const FORBIDDEN: [(&str, &str); 20] = [
    ("File::open", "floe_io::read::open"),
    ("File::create", "floe_io::write"),
    ("OpenOptions", "floe_io::read or floe_io::write"),
    ("fs::read(", "floe_io::read::bytes"),
    ("fs::read_to_string", "floe_io::read::text"),
    ("fs::write", "floe_io::write::whole"),
    ("fs::rename", "floe_io::write::place"),
    ("fs::copy", "floe_io::write"),
    ("fs::remove_", "floe_io::write::remove"),
    ("fs::create_dir", "floe_io::write::folders"),
    ("fs::hard_link", "floe_io::write"),
    ("from_path(", "a reader or writer of floe_io"),
    ("println!", "floe_io::console::out"),
    ("eprintln!", "floe_io::console::err"),
    ("print!(", "floe_io::console::write"),
    ("eprint!(", "floe_io::console::write"),
    ("io::stdout()", "floe_io::console::stdout"),
    ("io::stderr()", "floe_io::console::screen"),
    ("dbg!(", "nothing: remove it"),
    ("set_handler(", "floe_io::stop::listen"),
];

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every Rust source file of Floe's own code under `dir`: not in a `tests` folder, not a
/// build script, not `floe-io`'s own, not the build's output.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !["tests", "target", "floe-io", ".git", "node_modules"].contains(&name.as_str()) {
                sources(&path, found);
            }
        } else if name.ends_with(".rs") && name != "build.rs" {
            found.push(path);
        }
    }
}

/// Every source file of Floe's own code ([`sources`]), `floe-io`'s own too when
/// `with_door`.
fn floe_sources(root: &Path, with_door: bool) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["crates", "bots", "examples", "benches"] {
        sources(&root.join(dir), &mut files);
    }
    if with_door {
        sources(&root.join("crates/floe-io/src"), &mut files);
    }
    assert!(files.len() > 100, "found only {} sources", files.len());
    files
}

/// Returns `text` without its test items: each `#[cfg(test)]` and the item after it (to
/// its matching closing brace, or its `;`).
fn without_tests(text: &str) -> String {
    let mut kept = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        kept.push_str(&rest[..at]);
        let item = &rest[at..];
        let end = item_end(item);
        rest = &item[end..];
    }
    kept.push_str(rest);
    kept
}

/// The length of the item that `item` starts with: up to its matching `}` or first `;`
/// outside braces. Braces in strings and comments are rare in the items this skips and
/// balance where they occur.
fn item_end(item: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in item.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            ';' if depth == 0 => return i + 1,
            _ => {}
        }
    }
    item.len()
}

/// Returns `line` without a `//` comment (a doc comment names these calls freely).
fn code_of(line: &str) -> &str {
    line.split_once("//").map_or(line, |(code, _)| code)
}

/// Returns whether `code` holds `call` as a name of its own, not the end of a longer one
/// (`RecordFile::open` is not `File::open`).
fn calls(code: &str, call: &str) -> bool {
    code.match_indices(call).any(|(at, _)| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn no_file_is_opened_written_or_printed_outside_the_door() {
    let root = root();
    let files = floe_sources(&root, false);
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let code = without_tests(&text);
        for line in code.lines() {
            let code = code_of(line);
            for (call, instead) in FORBIDDEN {
                if calls(code, call) {
                    let shown = file.strip_prefix(&root).unwrap_or(file).display();
                    found.push(format!("{shown}: `{}`: use {instead}", line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} calls past the door:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The calls whose messages reach only a developer: a broken invariant's, which a person
/// sees only when Floe has a bug to report.
const DEVELOPER_ONLY: [&str; 11] = [
    "assert!",
    "assert_eq!",
    "assert_ne!",
    "debug_assert!",
    "debug_assert_eq!",
    "debug_assert_ne!",
    "panic!",
    "unreachable!",
    "unimplemented!",
    "todo!",
    "expect",
];

/// Returns the byte offsets in `code` of the debug placeholders ([`debug_specs`]) in its
/// string literals, but those inside the arguments of a [`DEVELOPER_ONLY`] call or inside
/// an `impl Debug`. Comments and character literals are skipped, and every bracket open at
/// a point is known with what opened it, so a message that rustfmt splits over many lines
/// is judged by the call it is in.
fn debug_placeholders(code: &str) -> Vec<usize> {
    // For each open bracket: whether what it opens reaches only a developer.
    let mut open: Vec<bool> = Vec::new();
    let mut found = Vec::new();
    // Where the current statement or item began: an `impl` block is told by its header.
    let mut statement = 0;
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |end| end + 2);
            continue;
        }
        let joined = code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if let Some(len) = string_literal(rest, !joined) {
            if !open.contains(&true) {
                found.extend(debug_specs(&rest[..len]).map(|j| i + j));
            }
            i += len;
            continue;
        }
        if rest.starts_with('\'') {
            i += char_literal(rest);
            continue;
        }
        match rest.as_bytes()[0] {
            b'(' => open.push(DEVELOPER_ONLY.contains(&name_before(&code[..i]))),
            b'[' => open.push(false),
            b'{' => {
                let header = &code[statement..i];
                let debug = header
                    .rfind("impl ")
                    .is_some_and(|at| header[at..].contains("Debug for"));
                open.push(debug);
                statement = i + 1;
            }
            b')' | b']' | b'}' => {
                open.pop();
                statement = i + 1;
            }
            b';' => statement = i + 1,
            _ => {}
        }
        i += rest.chars().next().map_or(1, char::len_utf8);
    }
    found
}

/// Returns the offsets in `literal` of each placeholder whose format ends in `?`, Rust's
/// debug formatting: `{:?}`, `{x:?}`, `{:#?}`, `{:>8?}`, `{d:.1?}`.
fn debug_specs(literal: &str) -> impl Iterator<Item = usize> + '_ {
    literal.match_indices("?}").map(|(j, _)| j).filter(|&j| {
        let head = &literal[..j];
        head.rfind('{').is_some_and(|open| {
            let spec = &head[open + 1..];
            spec.contains(':') && !spec.contains(['}', ' ', '\n'])
        })
    })
}

/// Returns the name that `code` ends with, spaces aside: `panic!` for `… panic!`,
/// `expect` for `….expect`, empty after a bracket or an operator.
fn name_before(code: &str) -> &str {
    let code = code.trim_end();
    let start = code
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '!'))
        .map_or(0, |at| at + 1);
    &code[start..]
}

/// Returns the length of the string literal that `rest` starts with, if it does: `"…"`,
/// or, when `rest` starts a word (no name runs into it), `r"…"`, `r#"…"#`, `b"…"`, `br"…"`.
fn string_literal(rest: &str, starts_word: bool) -> Option<usize> {
    let prefix = if starts_word {
        ["br", "b", "cr", "c", "r", ""].into_iter().find(|p| {
            rest.strip_prefix(p)
                .is_some_and(|after| after.trim_start_matches('#').starts_with('"'))
        })?
    } else if rest.starts_with('"') {
        ""
    } else {
        return None;
    };
    let raw = prefix.ends_with('r');
    let after = &rest[prefix.len()..];
    let hashes = after.len() - after.trim_start_matches('#').len();
    if hashes > 0 && !raw {
        return None;
    }
    let body = prefix.len() + hashes + 1;
    let close = format!("\"{}", "#".repeat(hashes));
    let bytes = rest.as_bytes();
    let mut j = body;
    while j < rest.len() {
        if !raw && bytes[j] == b'\\' {
            j += 2;
        } else if bytes[j..].starts_with(close.as_bytes()) {
            return Some(j + close.len());
        } else {
            j += 1;
        }
    }
    Some(rest.len())
}

/// Returns the length of the character literal that `rest` starts with (`'{'`, `'\''`,
/// `'\u{1b}'`), or 1 for the quote of a lifetime (`'a`), which opens nothing.
fn char_literal(rest: &str) -> usize {
    match rest[1..].chars().next() {
        Some('\\') => rest
            .get(3..)
            .and_then(|after| after.find('\''))
            .map_or(rest.len(), |end| end + 4),
        Some(c) if rest[1 + c.len_utf8()..].starts_with('\'') => c.len_utf8() + 2,
        _ => 1,
    }
}

/// Returns the line of `code` that holds the byte at `at`.
fn line_at(code: &str, at: usize) -> &str {
    let start = code[..at].rfind('\n').map_or(0, |n| n + 1);
    let end = code[at..].find('\n').map_or(code.len(), |n| at + n);
    &code[start..end]
}

#[test]
fn no_debug_formatting_in_messages() {
    let root = root();
    let mut found = Vec::new();
    for file in &floe_sources(&root, true) {
        let code = without_tests(&std::fs::read_to_string(file).unwrap());
        let shown = file.strip_prefix(&root).unwrap_or(file).display();
        let mut lines: Vec<&str> = debug_placeholders(&code)
            .into_iter()
            .map(|at| line_at(&code, at).trim())
            .collect();
        lines.dedup();
        found.extend(lines.into_iter().map(|line| {
            format!("{shown}: `{line}`: use floe_io::gate::quoted for a text, words for the rest")
        }));
    }
    assert!(
        found.is_empty(),
        "{} debug formats in messages:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn debug_formatting_is_found_in_messages_but_not_in_developer_only_calls() {
    let found = |code: &str| debug_placeholders(code).len();
    assert_eq!(found(r#"bail!("bad {name:?}")"#), 1);
    assert_eq!(found(r#"Err(format!("{:?} and {:#?}", a, b))"#), 2);
    assert_eq!(found("#[error(\"unknown {name:?}\")]"), 1);
    assert_eq!(found(r##"let m = format!(r#"say "{x:?}""#);"##), 1);
    assert_eq!(found(r#"panic!("{phase:?}")"#), 0);
    assert_eq!(found("assert_eq!(\n    a,\n    b,\n    \"{a:?}\"\n);"), 0);
    assert_eq!(found(r#"x.expect(&format!("{x:?}"))"#), 0);
    assert_eq!(found(r#"x.unwrap_or_else(|_| panic!("got {a:?}"))"#), 0);
    assert_eq!(
        found("impl fmt::Debug for P {\n fn fmt(&self) { write!(f, \"P({:?})\", 1) }\n}"),
        0
    );
    assert_eq!(found(r#"let t = format!("{took:.1?} and {:>8?}");"#), 2);
    assert_eq!(found("// a comment on {:?}\nlet c = '{'; f(\"{x}\")"), 0);
    assert_eq!(found(r#"assert!(c == ')', "{c:?}"); f("{x}? {y}")"#), 0);
    assert_eq!(found(r#"fn f<'a>(s: &'a str) { g(")"); h("{s:?}") }"#), 1);
}

#[test]
fn test_items_are_left_out_and_the_rest_is_kept() {
    let text = "fn a() {}\n#[cfg(test)]\nmod tests {\n fn b() { if x { println!() } }\n}\nfn c() {}\n#[cfg(test)]\nuse x;\nfn d() {}";
    assert_eq!(without_tests(text), "fn a() {}\n\nfn c() {}\n\nfn d() {}");
    assert!(calls("File::open(p)", "File::open"));
    assert!(calls("std::fs::File::open(p)", "File::open"));
    assert!(!calls("RecordFile::open(p)", "File::open"));
}
