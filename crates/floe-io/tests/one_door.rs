//! One door for every byte, checked on the sources: outside `floe-io`, no code of Floe's
//! (every crate, the bots, the Python extension, the example bot) opens, creates, renames
//! or removes a file, or prints to a standard stream, except through `floe-io`. Test
//! modules, test folders and build scripts are left out: they are not what a person runs.
//! A new file is covered without editing this test.

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
    let mut files = Vec::new();
    for dir in ["crates", "bots", "examples", "benches"] {
        sources(&root.join(dir), &mut files);
    }
    assert!(files.len() > 100, "found only {} sources", files.len());
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

#[test]
fn test_items_are_left_out_and_the_rest_is_kept() {
    let text = "fn a() {}\n#[cfg(test)]\nmod tests {\n fn b() { if x { println!() } }\n}\nfn c() {}\n#[cfg(test)]\nuse x;\nfn d() {}";
    assert_eq!(without_tests(text), "fn a() {}\n\nfn c() {}\n\nfn d() {}");
    assert!(calls("File::open(p)", "File::open"));
    assert!(calls("std::fs::File::open(p)", "File::open"));
    assert!(!calls("RecordFile::open(p)", "File::open"));
}
