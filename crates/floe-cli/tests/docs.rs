//! The pages are tests: every code block of `README.md`, `CHANGELOG.md` and `docs/*.md`
//! runs or is checked here, so that no example drifts from what Floe does. The conventions
//! a page's author follows (```` ```console ```` blocks with `$ ` commands and the output
//! under them, `...` elisions, `no-run`, `file=`, `from=`, generated parts, links) are
//! written once, in `docs/extending.md` ("The pages are tests"); this file carries them
//! out, and `crates/floe-py/tests/test_docs.py` runs the Python blocks.
//! `FLOE_DOCS=docs/PAGE.md` runs one page alone; `FLOE_BLESS=1` writes the generated parts
//! anew.

use std::collections::BTreeSet;
use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "docs/generated.rs"]
mod generated;

use generated::check_generated;

/// The most no-run blocks all the pages may hold: the examples that run are the rule.
const MOST_NO_RUN: usize = 12;

/// The most one command may take before it is stopped: far more than any example takes.
const LIMIT: Duration = Duration::from_secs(120);

/// The columns every table starts with, documented once.
const RUN_COLUMNS: [&str; 5] = ["game", "rules", "players", "bots", "seed"];

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The pages whose blocks run: the README, the changelog and every chapter in `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md"), PathBuf::from("CHANGELOG.md")];
    let mut chapters: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| Path::new("docs").join(p.file_name().unwrap()))
        .collect();
    chapters.sort();
    pages.extend(chapters);
    pages
}

/// A fenced code block of a page.
struct Block {
    /// The fence's language (`console`, `toml`, ...).
    lang: String,
    /// The words after the language (`no-run`, `file=NAME`, `from=PATH`).
    attrs: Vec<String>,
    /// The line of the opening fence, from 1.
    line: usize,
    body: Vec<String>,
}

impl Block {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find_map(|a| a.strip_prefix(key)?.strip_prefix('='))
    }

    fn no_run(&self) -> bool {
        self.attrs.iter().any(|a| a == "no-run")
    }
}

/// The info string of a fence line (`console no-run` of ```` ```console no-run ````), or
/// `None` for any other line. An info string holds no backtick (CommonMark), so a line of
/// inline code is no fence.
fn fence(line: &str) -> Option<&str> {
    let info = line.trim_start().strip_prefix("```")?;
    match info.contains('`') {
        true => None,
        false => Some(info),
    }
}

/// Returns the fenced blocks of `text`; a fence left open is an error of the page.
fn blocks(page: &Path, text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    // The open block and its fence's indentation (a block in a list is indented), which
    // its lines lose.
    let mut open: Option<(Block, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start().len();
        match (&mut open, fence(line)) {
            (None, Some(info)) => {
                let mut words = info.split_whitespace().map(String::from);
                let block = Block {
                    lang: words.next().unwrap_or_default(),
                    attrs: words.collect(),
                    line: i + 1,
                    body: Vec::new(),
                };
                open = Some((block, indent));
            }
            (Some(_), Some("")) => out.push(open.take().unwrap().0),
            (Some((b, fence)), _) => {
                let cut = indent.min(*fence);
                b.body.push(line[cut..].to_string());
            }
            (None, None) => {}
        }
    }
    if let Some((b, _)) = open {
        panic!("{}:{}: a fence never closed", page.display(), b.line);
    }
    out
}

/// A command of a console block and the lines the page shows under it.
struct Shown {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn commands(block: &Block) -> Vec<Shown> {
    let mut out: Vec<Shown> = Vec::new();
    for (i, line) in block.body.iter().enumerate() {
        match (line.strip_prefix("$ "), out.last_mut()) {
            (Some(command), _) => out.push(Shown {
                line: block.line + 1 + i,
                command: command.to_string(),
                expected: Vec::new(),
            }),
            (None, Some(shown)) => shown.expected.push(line.clone()),
            (None, None) => panic!(
                "line {}: a console block starts with a `$ ` command",
                block.line + 1 + i
            ),
        }
    }
    out
}

/// Each duration, which changes from run to run and machine to machine, as `#`, unit and
/// all: `4.72 s`, `5.99 ms`, `211663 games/s`, `3 min` and `1.9 h` all read `#`.
fn without_durations(line: &str) -> String {
    const UNITS: [&str; 8] = ["games/s", "ms", "µs", "s", "min", "h", "seconds", "minutes"];
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let digits = from
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(from.len());
        let after = &from[digits..];
        let unit = after.strip_prefix(' ').and_then(|u| {
            UNITS.iter().find(|unit| {
                u.strip_prefix(**unit)
                    .is_some_and(|tail| !tail.starts_with(|c: char| c.is_alphanumeric()))
            })
        });
        let glued = out.ends_with(|c: char| c.is_alphanumeric());
        match unit {
            Some(unit) if !glued => {
                out.push('#');
                rest = &after[1 + unit.len()..];
            }
            _ => {
                out.push_str(&from[..digits]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The words of a command that plays games or builds (`floe experiment`, `cargo install`,
/// `maturin develop`): a page that suggests one without running it says how long it takes
/// on a 2-core machine, in a comment or in the output it shows.
const TAKES_TIME: [&str; 9] = [
    "simulate",
    "tournament",
    "profile",
    "experiment",
    "tune",
    "merge",
    "install",
    "test",
    "develop",
];

/// Whether the unrun command `shown` takes a while ([`TAKES_TIME`]; a `--check` or
/// `--help` does not) and says nowhere, in its comment or its output, how long.
fn keeps_its_time_quiet(shown: &Shown) -> bool {
    let words = shell_words(&shown.command);
    let takes_time = !words.iter().any(|w| w == "--check" || w == "--help")
        && words.iter().any(|w| TAKES_TIME.contains(&w.as_str()));
    let said = std::iter::once(&shown.command)
        .chain(&shown.expected)
        .any(|l| without_durations(l) != *l);
    takes_time && !said
}

/// Whether `line` is `pattern`, where `...` in the pattern stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || !line[first.len()..].ends_with(last) {
        return false;
    }
    let mut at = first.len();
    let end = line.len() - last.len();
    for part in &parts[1..parts.len() - 1] {
        match line[at..end].find(part) {
            Some(found) => at += found + part.len(),
            None => return false,
        }
    }
    true
}

/// Whether `actual` is what `expected` shows: line by line, a line `...` standing for any
/// lines (none included).
fn lines_match(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e.trim() == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((e, rest)) => actual.split_first().is_some_and(|(a, more)| {
            line_matches(&without_durations(e.trim_end()), &without_durations(a))
                && lines_match(rest, more)
        }),
    }
}

/// What a page's run found wrong, each with its place.
#[derive(Default)]
struct Faults(Vec<String>);

impl Faults {
    fn at(&mut self, page: &Path, line: usize, what: impl std::fmt::Display) {
        self.0.push(format!("{}:{line}: {what}", page.display()));
    }
}

/// Runs `command` with `sh` in `dir`, `floe` first on the path, and returns its exit
/// status and what it printed to standard output and error, interleaved.
fn run_shell(command: &str, dir: &Path, bin: &Path) -> (bool, String) {
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).unwrap();
        bytes
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > LIMIT {
            child.kill().unwrap();
            panic!("`{command}` took over {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let text = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    (status.success(), text)
}

/// The words of a shell command line: split on blanks, quotes kept together and removed,
/// a comment left out.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            // A comment runs to the end of the line.
            (None, '#') if word.is_none() => break,
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// Checks a command that does not run: a Floe command line must parse as clap reads it,
/// and any other program must be one of a few, its repository paths there.
fn check_unrun(command: &str) -> Result<(), String> {
    for part in command.split("&&") {
        let mut words = shell_words(part);
        // Settings of the environment (`CPUS=8`) come first.
        words.retain(|w| !w.contains('=') || w.starts_with('-'));
        // A program is known by its name, wherever it is installed (`.venv/bin/pip`).
        let program = |w: &String| w.rsplit('/').next().unwrap_or(w).to_string();
        let mut names: Vec<String> = words.iter().map(program).collect();
        if let Some(first) = words.first().filter(|w| w.starts_with("scripts/")) {
            names[0] = first.clone();
        }
        let floe_args = match names.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["floe", ..] => Some(words[1..].to_vec()),
            // An example of another crate (`--example versus`) is its own program.
            ["cargo", "run", ..] if words.iter().any(|w| w == "--example") => None,
            ["cargo", "run", ..] => {
                let dashes = words.iter().position(|w| w == "--").ok_or("no `--`")?;
                Some(words[dashes + 1..].to_vec())
            }
            [launcher, ..] if launcher.starts_with("scripts/") => {
                if !root().join(launcher).is_file() {
                    return Err(format!("no launcher {launcher}"));
                }
                let dashes = words.iter().position(|w| w == "--").ok_or("no `--`")?;
                Some(words[dashes + 1..].to_vec())
            }
            [
                "cargo" | "pip" | "python3" | "maturin" | "pytest" | "cd",
                ..,
            ] => None,
            _ => {
                return Err(format!(
                    "`{part}` is not a command the pages may leave unrun"
                ));
            }
        };
        for path in words.iter().filter(|w| {
            ["crates/", "./crates/", "scripts/", "examples/"]
                .iter()
                .any(|p| w.starts_with(p))
        }) {
            if !root().join(path).exists() {
                return Err(format!("{path} is not in the repository"));
            }
        }
        if let Some(args) = floe_args {
            let line = std::iter::once("floe".to_string()).chain(args);
            match floe_cli::command().try_get_matches_from(line) {
                Err(e) if e.kind() != clap::error::ErrorKind::DisplayHelp => {
                    return Err(format!("clap refuses it: {e}"));
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// Checks that each part of an excerpt (its lines between `...` lines) is in `file`, in
/// order.
fn check_excerpt(block: &Block, file: &str) -> Result<(), String> {
    let text = fs::read_to_string(root().join(file)).map_err(|e| format!("{file}: {e}"))?;
    let mut at = 0;
    for part in block.body.split(|l| l.trim() == "...") {
        let part = part.join("\n");
        match text[at..].find(&part) {
            Some(found) => at += found + part.len(),
            None => return Err(format!("not in {file} (after what came before):\n{part}")),
        }
    }
    Ok(())
}

/// Everything a page's run made: its folder (the generated parts read the tables of runs
/// there) and its faults.
struct PageRun {
    page: PathBuf,
    dir: tempfile::TempDir,
    faults: Faults,
    no_run: usize,
}

/// Runs every block of `page` in order in a fresh folder.
fn run_page(page: &Path, bin: &Path) -> PageRun {
    let text = fs::read_to_string(root().join(page)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&root().join("experiments"), &dir.path().join("experiments"));
    let mut faults = Faults::default();
    let mut no_run = 0;
    for block in blocks(page, &text) {
        match block.lang.as_str() {
            "console" if block.no_run() => {
                no_run += 1;
                for shown in commands(&block) {
                    if let Err(e) = check_unrun(&shown.command) {
                        faults.at(page, shown.line, format!("`{}`: {e}", shown.command));
                    }
                    if keeps_its_time_quiet(&shown) {
                        faults.at(
                            page,
                            shown.line,
                            format!(
                                "`{}` is suggested but not run here: say how long it takes \
                                 on a 2-core machine (`# about 3 min on 2 cores`)",
                                shown.command
                            ),
                        );
                    }
                }
            }
            "console" => {
                for shown in commands(&block) {
                    let start = Instant::now();
                    let (ok, printed) = run_shell(&shown.command, dir.path(), bin);
                    eprintln!(
                        "{}:{}: {:.2} s: {}",
                        page.display(),
                        shown.line,
                        start.elapsed().as_secs_f64(),
                        shown.command
                    );
                    let actual: Vec<String> = printed.lines().map(String::from).collect();
                    let refused = shown.expected.iter().any(|l| l.starts_with("Error: "));
                    if !lines_match(&shown.expected, &actual) || (!ok && !refused) {
                        faults.at(
                            page,
                            shown.line,
                            format!(
                                "`{}` (exit {}) printed:\n{printed}",
                                shown.command,
                                if ok { "success" } else { "failure" }
                            ),
                        );
                    }
                }
            }
            "toml" | "rust" => match (block.attr("file"), block.attr("from")) {
                (Some(name), None) if block.lang == "toml" => {
                    fs::write(dir.path().join(name), block.body.join("\n") + "\n").unwrap()
                }
                (None, Some(file)) => {
                    if let Err(e) = check_excerpt(&block, file) {
                        faults.at(page, block.line, e);
                    }
                }
                _ => faults.at(
                    page,
                    block.line,
                    "a toml block names its file=NAME or from=PATH, a rust block its from=PATH",
                ),
            },
            "python" | "output" => {} // crates/floe-py/tests/test_docs.py runs these
            "text" => {
                if let Some(i) = block.body.iter().position(|l| l.starts_with("$ ")) {
                    let at = block.line + 1 + i;
                    faults.at(
                        page,
                        at,
                        "a command in a text block: make it a console block",
                    );
                }
            }
            other => faults.at(
                page,
                block.line,
                format!("unknown fence `{other}`: console, toml, rust, python, output or text"),
            ),
        }
    }
    PageRun {
        page: page.to_path_buf(),
        dir,
        faults,
        no_run,
    }
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        match entry.file_type().unwrap().is_dir() {
            true => copy_tree(&entry.path(), &target),
            false => drop(fs::copy(entry.path(), &target).unwrap()),
        }
    }
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings (outside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if fence(line).is_some() {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.insert(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// Checks every relative link of a page: to a file or folder of the repository and, with
/// `#anchor`, to a heading of that page.
fn check_links(page: &Path, faults: &mut Faults) {
    let text = fs::read_to_string(root().join(page)).unwrap();
    let base = page.parent().unwrap();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if fence(line).is_some() {
            fenced = !fenced;
        }
        if fenced {
            continue;
        }
        for piece in line.split("](").skip(1) {
            let Some(target) = piece.split(')').next() else {
                continue;
            };
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, hash) = target.split_once('#').unwrap_or((target, ""));
            let linked = match file {
                "" => page.to_path_buf(),
                file => base.join(file),
            };
            let full = root().join(&linked);
            if !full.exists() {
                faults.at(
                    page,
                    i + 1,
                    format!("a link to {target}, which is not there"),
                );
            } else if !hash.is_empty()
                && !anchors(&fs::read_to_string(&full).unwrap()).contains(hash)
            {
                faults.at(page, i + 1, format!("a link to {target}: no such heading"));
            }
        }
    }
}

/// Every block of every page runs, or is checked, and shows what Floe prints; the
/// generated parts are Floe's own; every link leads somewhere.
#[test]
fn every_page_shows_what_floe_does() {
    let bless = std::env::var_os("FLOE_BLESS").is_some();
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_floe"), bin.path().join("floe")).unwrap();
    // `FLOE_DOCS=docs/PAGE.md` runs that page alone, while it is being written.
    let only = std::env::var("FLOE_DOCS").ok();
    let pages: Vec<PathBuf> = pages()
        .into_iter()
        .filter(|p| only.as_ref().is_none_or(|o| p == Path::new(o)))
        .collect();
    // The pages run side by side, each in its own folder.
    let mut runs: Vec<PageRun> = std::thread::scope(|s| {
        let handles: Vec<_> = pages
            .iter()
            .map(|p| s.spawn(|| run_page(p, bin.path())))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut generated = BTreeSet::new();
    for run in &mut runs {
        generated.extend(check_generated(run, bless));
        check_links(&run.page.clone(), &mut run.faults);
    }
    let mut faults = Faults::default();
    let no_run: usize = runs.iter().map(|r| r.no_run).sum();
    if no_run > MOST_NO_RUN && only.is_none() {
        let what = format!("{no_run} no-run blocks, more than {MOST_NO_RUN}: make some run");
        faults.at(Path::new("docs"), 1, what);
    }
    // Every command's flags are in docs/commands.md.
    for sub in floe_cli::command()
        .get_subcommands()
        .filter(|_| only.is_none())
    {
        let what = format!("flags of floe {}", sub.get_name());
        if !generated.contains(&what) {
            faults.at(Path::new("docs/commands.md"), 1, format!("no `{what}`"));
        }
    }
    for run in runs {
        faults.0.extend(run.faults.0);
    }
    assert!(faults.0.is_empty(), "\n{}", faults.0.join("\n\n"));
}

/// The matching rules the pages rely on.
#[test]
fn shown_output_matches_as_the_convention_says() {
    let lines = |t: &str| t.lines().map(String::from).collect::<Vec<_>>();
    assert!(lines_match(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(lines_match(&lines("a\n...\nd"), &lines("a\nd")));
    assert!(!lines_match(&lines("a\nd"), &lines("a\nb\nd")));
    assert!(lines_match(&lines("x ... z"), &lines("x y y z")));
    assert!(!lines_match(&lines("x ... z"), &lines("x y y")));
    assert!(lines_match(
        &lines("2000 games in 0.04 s (49000 games/s)"),
        &lines("2000 games in 1.25 s (1600 games/s)")
    ));
    // A count of games is no duration.
    assert!(!lines_match(&lines("2000 games"), &lines("3000 games")));
    assert!(!lines_match(&lines("seat 1"), &lines("seat 2")));
    assert_eq!(without_durations("about 3 min, 1.9 h"), "about #, #");
    assert_eq!(
        without_durations("2 seats, 5 players"),
        "2 seats, 5 players"
    );
    assert!(check_unrun("cargo run --release -- simulate --games 5").is_ok());
    assert!(check_unrun("floe simulate --gmaes 5").is_err());
    assert!(check_unrun("rm -rf /").is_err());
}

/// A suggested command that plays games or builds, left unrun, says how long it takes:
/// in its comment or in the output shown; a `--check` or a quick command need not.
#[test]
fn an_unrun_command_that_takes_time_says_how_long() {
    let shown = |command: &str, expected: &[&str]| Shown {
        line: 1,
        command: command.to_string(),
        expected: expected.iter().map(|l| l.to_string()).collect(),
    };
    assert!(keeps_its_time_quiet(&shown(
        "floe experiment big.toml",
        &[]
    )));
    assert!(keeps_its_time_quiet(&shown(
        "cargo install --path crates/floe-cli",
        &[]
    )));
    for said in [
        shown("floe experiment big.toml   # about 13 min on 2 cores", &[]),
        shown("floe experiment big.toml", &["...", "6000 games in 4.72 s"]),
        shown("floe experiment big.toml --check", &[]),
        shown("floe bots", &[]),
    ] {
        assert!(!keeps_its_time_quiet(&said), "{}", said.command);
    }
}
