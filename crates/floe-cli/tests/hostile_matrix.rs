//! The hostile-input matrix, generated from the command line itself: the test walks clap's
//! tree of `floe`, and for every argument of every subcommand whose value is a path (read
//! or written) it tries a pipe, a device, a link to `/dev/zero`, a link to nothing, a
//! folder, a large sparse file, a name that is not UTF-8 and a user's own file; for every
//! argument whose value is text it tries terminal control sequences, HTML and script, a
//! spreadsheet formula and newlines. Every case must end within seconds, name the flag or
//! the path when it fails, leave every file that was there byte-identical (a device stays
//! a device, a pipe a pipe), leave no staging file behind, and print no raw control
//! character. A new flag is covered without editing this test; a new subcommand fails it
//! until it is given a line that runs in a moment ([`base`]).

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::builder::ValueParser;
use floe_io::gate;

mod common;
mod hostile;

use hostile::{HOSTILE, Hostile, INSIDE, Seen, copy_folder, make, make_at, snapshot};

/// The most any case may take: far more than any takes, far less than a hang.
const LIMIT: Duration = Duration::from_secs(20);

/// A small experiment spec.
const SPEC: &str = "players = [2]\n[[lineups]]\nbots = \"random\"\ngames = 6\n";

/// A small tune spec.
const TUNE: &str = "name = \"t\"\ngame = \"arctic-race\"\nplayers = [2]\nbots = \"random\"\n\
                    seed = 1\nbudget = 100\nround_games = 50\nvalidation_games = 20\n\
                    [[params]]\nname = \"tiles_removed\"\nvalues = [0, 1]\n\
                    [objective]\nseat_spread = 1.0\n";

/// Texts from a hostile user, each for one medium it could act on.
const TEXTS: [&str; 4] = [
    "\u{1b}[2J\u{1b}]0;owned\u{7}red",
    "<script>alert(1)</script>",
    "=HYPERLINK(\"http://example.invalid\")",
    "two\nlines\rback",
];

/// The inputs every base line may use, made once: specs, a results folder, two shards.
struct Fixture {
    dir: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let at = dir.path();
        fs::write(at.join("spec.toml"), SPEC).unwrap();
        fs::write(at.join("tune.toml"), TUNE).unwrap();
        run_ok(
            at,
            &[
                "simulate",
                "--players",
                "2",
                "--games",
                "6",
                "--per-game",
                "--quiet",
                "--out",
                "results",
            ],
        );
        for k in ["1/2", "2/2"] {
            let out = format!("shard{}", &k[..1]);
            let line = [
                "simulate",
                "--players",
                "2",
                "--games",
                "6",
                "--per-game",
                "--quiet",
                "--shard",
                k,
            ];
            run_ok(at, &[&line[..], &["--out", &out]].concat());
        }
        Fixture { dir }
    }

    fn path(&self, name: &str) -> OsString {
        self.dir.path().join(name).into_os_string()
    }
}

fn run_ok(dir: &Path, args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_floe"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A command line: its flags (each with its value, if it takes one) and its positional
/// values by argument, in the order clap numbers them.
#[derive(Clone)]
struct Line {
    sub: &'static str,
    flags: Vec<(String, Option<OsString>)>,
    positional: BTreeMap<String, Vec<OsString>>,
    /// What the command reads on standard input.
    stdin: &'static [u8],
    /// Folders of the fixture the case gets a copy of, in its own folder.
    copies: &'static [&'static str],
}

impl Line {
    fn new(sub: &'static str, words: &[&str]) -> Line {
        let mut flags = Vec::new();
        let mut words = words.iter().peekable();
        while let Some(word) = words.next() {
            let value = match words.peek() {
                Some(next) if !next.starts_with("--") => words.next().map(OsString::from),
                _ => None,
            };
            flags.push((word.trim_start_matches('-').to_string(), value));
        }
        Line {
            sub,
            flags,
            positional: BTreeMap::new(),
            stdin: b"",
            copies: &[],
        }
    }

    fn positional(mut self, id: &str, values: Vec<OsString>) -> Line {
        self.positional.insert(id.to_string(), values);
        self
    }

    /// The line with `arg` given `value` instead of what it had.
    fn with(&self, arg: &clap::Arg, value: &OsStr) -> Line {
        let mut line = self.clone();
        let id = arg.get_id().to_string();
        match arg.get_long() {
            None => {
                line.positional.insert(id, vec![value.to_os_string()]);
            }
            Some(long) => {
                line.flags.retain(|(name, _)| name != long);
                line.flags
                    .push((long.to_string(), Some(value.to_os_string())));
            }
        }
        line
    }

    fn args(&self, command: &clap::Command) -> Vec<OsString> {
        let mut args = vec![OsString::from(self.sub)];
        for (name, value) in &self.flags {
            args.push(format!("--{name}").into());
            args.extend(value.clone());
        }
        let mut positional: Vec<&clap::Arg> = command
            .get_positionals()
            .filter(|a| self.positional.contains_key(a.get_id().as_str()))
            .collect();
        positional.sort_by_key(|a| a.get_index());
        for arg in positional {
            args.extend(self.positional[arg.get_id().as_str()].iter().cloned());
        }
        args
    }
}

/// A line of each subcommand that runs in a moment, in a case's folder, with what it reads
/// from the fixture. A subcommand without one fails the test.
fn base(sub: &str, fx: &Fixture) -> Option<Line> {
    let quick = ["--players", "2", "--quiet", "--out", "out"];
    Some(match sub {
        "simulate" => Line::new("simulate", &[&quick[..], &["--games", "6"]].concat()),
        "tournament" => Line::new(
            "tournament",
            &[&quick[..], &["--games", "2", "--bots", "random,greedy"]].concat(),
        ),
        "profile" => Line::new(
            "profile",
            &[&quick[..], &["--games", "2", "--ladder", "random,greedy"]].concat(),
        ),
        "experiment" => Line::new("experiment", &["--quiet", "--out", "out"])
            .positional("spec", vec![fx.path("spec.toml")]),
        "tune" => Line::new("tune", &["--quiet", "--out", "out"])
            .positional("spec", vec![fx.path("tune.toml")]),
        "merge" => Line::new("merge", &["--quiet", "--out", "out"])
            .positional("dirs", vec![fx.path("shard1"), fx.path("shard2")]),
        "plot" => Line {
            copies: &["results"],
            ..Line::new("plot", &[]).positional("dir", vec!["results".into()])
        },
        "report" => Line {
            copies: &["results"],
            ..Line::new("report", &[]).positional("dir", vec!["results".into()])
        },
        "replay" => Line::new("replay", &["--players", "2"]),
        "play" => Line {
            stdin: b"q\n",
            ..Line::new("play", &["--players", "2", "--bots", "person,random"])
        },
        "bots" => Line::new("bots", &[]),
        "solve" => Line::new(
            "solve",
            &[
                "--bots",
                "random",
                "--samples",
                "2",
                "--resamples",
                "2",
                "--quiet",
                "--out",
                "out",
            ],
        ),
        _ => return None,
    })
}

/// One case: a line, and what it must name if it fails.
struct Case {
    line: Line,
    args: Vec<OsString>,
    names: Vec<String>,
    made: Option<Hostile>,
    text: Option<&'static str>,
    /// Paths inside the command's own folders that must stay as they were all the same.
    keep: Vec<PathBuf>,
}

/// Runs `case` in a fresh folder and returns what is wrong with how it ended, if anything.
fn try_case(case: &Case, dir: &Path) -> Option<String> {
    let mut before = BTreeMap::new();
    snapshot(dir, &mut before);
    let mut child = Command::new(env!("CARGO_BIN_EXE_floe"))
        .args(&case.args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(case.line.stdin);
    // Read as the command writes, so that a long output never blocks it.
    let drain = |mut from: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Some(format!("did not end within {LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = stdout.join().unwrap();
    let stderr = stderr.join().unwrap();
    let code = status.code();
    if code.is_none() || code == Some(101) {
        return Some(format!("crashed ({status:?}): {stderr}"));
    }
    if gate::has_raw_control(&stderr) || gate::has_raw_control(&stdout) {
        return Some(format!(
            "printed a raw control character: {stderr:?} {stdout:?}"
        ));
    }
    if !status.success() && !case.names.iter().any(|n| stderr.contains(n.as_str())) {
        return Some(format!("failed naming none of {:?}: {stderr}", case.names));
    }
    let mut after = BTreeMap::new();
    snapshot(dir, &mut after);
    // A results folder the command was given is its own to write (the reliability tests
    // hold what it may change there); everything else must be as it was.
    let own = |path: &Path| {
        case.line
            .copies
            .iter()
            .any(|c| path.starts_with(dir.join(c)))
    };
    // An output folder's lock file is Floe's to rewrite (it names the run holding it).
    let lock = |path: &Path, seen: &Seen| {
        path.ends_with(".floe-lock") && matches!(seen, Seen::File(_) | Seen::Large(..))
    };
    let checked = |p: &Path, s: &Seen| (!own(p) && !lock(p, s)) || case.keep.iter().any(|k| k == p);
    for (path, seen) in before.iter().filter(|(p, s)| checked(p, s)) {
        match after.get(path) {
            Some(now) if now == seen => {}
            now => return Some(format!("changed {}: {seen:?} -> {now:?}", path.display())),
        }
    }
    for path in after.keys() {
        let name = path.file_name().unwrap().to_string_lossy();
        if name.contains("floe-partial") {
            return Some(format!("left {} behind", path.display()));
        }
        if let Some(text) = case.text {
            let written = fs::read(path).unwrap_or_default();
            let written = String::from_utf8_lossy(&written);
            if name.ends_with(".html") && written.contains("<script>alert(1)") {
                return Some(format!("{} holds the raw script", path.display()));
            }
            if name.ends_with(".csv") && formula_cell(&written) {
                return Some(format!(
                    "{} holds a live formula from {text:?}",
                    path.display()
                ));
            }
        }
    }
    None
}

/// Returns whether a cell of the CSV `text` starts as a formula would.
fn formula_cell(text: &str) -> bool {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    reader
        .records()
        .flatten()
        .any(|r| r.iter().any(|cell| cell.starts_with("=HYPERLINK")))
}

/// The value parser's type: a path, or text.
fn takes(arg: &clap::Arg, parser: ValueParser) -> bool {
    arg.get_action().takes_values() && arg.get_value_parser().type_id() == parser.type_id()
}

/// Every case of the matrix: each path argument with each hostile thing, each text
/// argument with each hostile text, for every subcommand.
fn cases(fx: &Fixture, command: &clap::Command) -> (Vec<Case>, Vec<String>) {
    let mut cases = Vec::new();
    let mut missing = Vec::new();
    for sub in command.get_subcommands() {
        let name = sub.get_name();
        let Some(line) = base(name, fx) else {
            missing.push(name.to_string());
            continue;
        };
        for arg in sub.get_arguments().filter(|a| !a.is_hide_set()) {
            let shown = match arg.get_long() {
                Some(long) => format!("--{long}"),
                None => arg
                    .get_value_names()
                    .map_or(arg.get_id().to_string(), |v| v[0].to_string()),
            };
            if takes(arg, ValueParser::path_buf()) {
                for hostile in HOSTILE {
                    cases.push(Case {
                        line: line.clone(),
                        args: Vec::new(),
                        names: vec![shown.clone()],
                        made: Some(hostile),
                        text: None,
                        keep: Vec::new(),
                    });
                    let case = cases.last_mut().unwrap();
                    case.line = line.with(arg, OsStr::new("PLACEHOLDER"));
                }
            } else if arg.get_action().takes_values() {
                // A list of bot specs names files too: a network's (`onnx:PATH`), read
                // through the same door as every path argument.
                // A spec is text, so a name that is not UTF-8 cannot be written in one.
                if names_bot_specs(arg) {
                    for hostile in HOSTILE
                        .into_iter()
                        .filter(|h| !matches!(h, Hostile::OddName))
                    {
                        cases.push(Case {
                            line: line.with(arg, OsStr::new("onnx:PLACEHOLDER")),
                            args: Vec::new(),
                            names: vec![shown.clone()],
                            made: Some(hostile),
                            text: None,
                            keep: Vec::new(),
                        });
                    }
                }
                // Any value typed (a number, a choice) may be echoed in an error.
                for text in TEXTS {
                    cases.push(Case {
                        line: line.with(arg, OsStr::new(text)),
                        args: Vec::new(),
                        names: vec![
                            shown.clone(),
                            gate::quoted(text),
                            gate::terminal(text).into_owned(),
                        ],
                        made: None,
                        text: Some(text),
                        keep: Vec::new(),
                    });
                }
            }
        }
        for case in cases
            .iter_mut()
            .filter(|c| c.line.sub == name && c.args.is_empty())
        {
            case.args = case.line.args(sub);
        }
    }
    (cases, missing)
}

/// Returns whether `arg` takes bot specs (its help says so): each may name a network's
/// file.
fn names_bot_specs(arg: &clap::Arg) -> bool {
    arg.get_help()
        .is_some_and(|h| h.to_string().to_lowercase().contains("bot spec"))
}

/// Tries every one of `cases` by `try_one` on four threads. `try_one` returns `None` for a
/// case this machine cannot set up (a device it may not make), else what went wrong, if
/// anything. Returns what went wrong in each case, and how many cases were tried.
fn each_in_parallel<T: Sync>(
    cases: &[T],
    try_one: impl Fn(&T) -> Option<Option<String>> + Sync,
) -> (Vec<String>, usize) {
    let next = Mutex::new(cases.iter());
    let failures = Mutex::new(Vec::new());
    let tried = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                while let Some(case) = { next.lock().unwrap().next() } {
                    let Some(outcome) = try_one(case) else {
                        continue;
                    };
                    *tried.lock().unwrap() += 1;
                    failures.lock().unwrap().extend(outcome);
                }
            });
        }
    });
    (failures.into_inner().unwrap(), tried.into_inner().unwrap())
}

#[test]
fn every_path_and_text_argument_of_every_command_meets_hostile_input() {
    let fx = Fixture::new();
    let command = floe_cli::command();
    let (cases, missing) = cases(&fx, &command);
    assert!(
        missing.is_empty(),
        "subcommands without a base line in this test: {missing:?}"
    );
    assert!(cases.len() > 100, "only {} cases", cases.len());
    let spec_lists = cases
        .iter()
        .filter(|c| {
            c.made.is_some()
                && c.line
                    .flags
                    .iter()
                    .any(|f| f.1.as_ref().is_some_and(|v| v == "onnx:PLACEHOLDER"))
        })
        .count();
    assert!(
        spec_lists >= 6 * (HOSTILE.len() - 1),
        "only {spec_lists} cases name a network in a list of bot specs"
    );
    let mut fixture_before = BTreeMap::new();
    snapshot(fx.dir.path(), &mut fixture_before);
    let (failures, tried) = each_in_parallel(&cases, |case| {
        let dir = tempfile::tempdir().unwrap();
        for copy in case.line.copies {
            copy_folder(&fx.dir.path().join(copy), &dir.path().join(copy));
        }
        let mut args = case.args.clone();
        let mut names = case.names.clone();
        if let Some(hostile) = case.made {
            let path = make(hostile, dir.path())?;
            names.push(gate::path(&path));
            names.push(gate::path(Path::new(path.file_name().unwrap())));
            for a in &mut args {
                if let Some((before, after)) = a.to_str().and_then(|a| a.split_once("PLACEHOLDER"))
                {
                    let mut filled = OsString::from(before);
                    filled.push(&path);
                    filled.push(after);
                    *a = filled;
                }
            }
        }
        let case = Case {
            args,
            names,
            line: case.line.clone(),
            made: case.made,
            text: case.text,
            keep: Vec::new(),
        };
        Some(try_case(&case, dir.path()).map(|wrong| {
            let shown: Vec<String> = case
                .args
                .iter()
                .map(|a| gate::quoted(&a.to_string_lossy()))
                .collect();
            format!("floe {} [{:?}]: {wrong}", shown.join(" "), case.made)
        }))
    });
    let mut fixture_after = BTreeMap::new();
    snapshot(fx.dir.path(), &mut fixture_after);
    assert!(
        fixture_before == fixture_after,
        "the fixture's inputs changed"
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        tried,
        failures.join("\n")
    );
}

/// A file inside a folder a command reads, to be replaced by something hostile: the
/// command's base line, its subcommand and argument, the folder and the file.
struct Inside {
    line: Line,
    sub: clap::Command,
    arg: clap::Arg,
    folder: PathBuf,
    file: PathBuf,
    hostile: Hostile,
}

/// Every file of every fixture folder a command's path argument reads, as each of the
/// [`INSIDE`] hostile things.
fn inside_cases(fx: &Fixture, command: &clap::Command) -> Vec<Inside> {
    let mut cases = Vec::new();
    for sub in command.get_subcommands() {
        let line = base(sub.get_name(), fx).expect("every subcommand has a base line");
        for arg in sub
            .get_arguments()
            .filter(|a| takes(a, ValueParser::path_buf()))
        {
            // The folder the base line gives this argument, if it gives one of the fixture's.
            let given = match arg.get_long() {
                None => line
                    .positional
                    .get(arg.get_id().as_str())
                    .and_then(|v| v.first()),
                Some(long) => line
                    .flags
                    .iter()
                    .find(|(n, _)| n == long)
                    .and_then(|(_, v)| v.as_ref()),
            };
            let Some(folder) = given.map(|g| fx.dir.path().join(g)).filter(|f| f.is_dir()) else {
                continue;
            };
            let mut files: Vec<PathBuf> = fs::read_dir(&folder)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect();
            files.sort();
            for file in files {
                for &hostile in INSIDE {
                    cases.push(Inside {
                        line: line.clone(),
                        sub: sub.clone(),
                        arg: arg.clone(),
                        folder: folder.clone(),
                        file: file.clone(),
                        hostile,
                    });
                }
            }
        }
    }
    cases
}

/// Runs `case`'s command on a copy of its folder whose file is replaced by the hostile
/// thing: `None` when this machine cannot make it, else what went wrong, if anything.
fn try_inside(fx: &Fixture, case: &Inside) -> Option<Option<String>> {
    let Inside {
        line,
        sub,
        arg,
        folder,
        file,
        hostile,
    } = case;
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("folder");
    copy_folder(folder, &copy);
    let name = file.file_name().unwrap();
    fs::remove_file(copy.join(name)).unwrap();
    if !make_at(*hostile, &copy.join(name)) {
        return None;
    }
    // The copy stands for the first folder the argument was given.
    let mut line = line.with(arg, copy.as_os_str());
    if let Some(given) = line.positional.get_mut(arg.get_id().as_str())
        && let Some(rest) =
            base(sub.get_name(), fx).and_then(|b| b.positional.get(arg.get_id().as_str()).cloned())
    {
        given.extend(rest.into_iter().skip(1));
    }
    // The folder is the command's own to write (plot and report write into it), but what
    // was put in place of its file is not Floe's: it stays, unless it is a plain file at a
    // name Floe listed as its own.
    let case = Case {
        args: line.args(sub),
        names: vec![name.to_string_lossy().into_owned()],
        line: Line {
            copies: &["folder"],
            ..line
        },
        made: Some(*hostile),
        text: None,
        keep: match hostile {
            Hostile::Sparse => Vec::new(),
            _ => vec![copy.join(name)],
        },
    };
    Some(try_case(&case, dir.path()).map(|wrong| {
        format!(
            "floe {} with {} as {hostile:?}: {wrong}",
            sub.get_name(),
            name.to_string_lossy()
        )
    }))
}

#[test]
fn every_file_inside_a_folder_a_command_reads_meets_hostile_input() {
    let fx = Fixture::new();
    let cases = inside_cases(&fx, &floe_cli::command());
    assert!(cases.len() > 30, "only {} cases", cases.len());
    let (failures, tried) = each_in_parallel(&cases, |case| try_inside(&fx, case));
    assert!(
        failures.is_empty(),
        "{} of {tried} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every command that shows a rules file's texts, given one whose name (and, where the
/// game has them, first colour) is each hostile text: the commands end, and nothing they
/// print, write as CSV or draw as a page lets the text act.
#[test]
fn texts_of_a_rules_file_reach_no_output_raw() {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments/rules");
    let games = [
        ("arctic-race", "classic.toml"),
        ("arctic", "arctic.toml"),
        ("north-pole", "north-pole.toml"),
    ];
    let mut failures = Vec::new();
    for (game, file) in games {
        let rules = fs::read_to_string(shipped.join(file)).unwrap();
        for text in TEXTS {
            // TOML's basic strings escape as Rust's debug quoting does.
            let quoted = gate::quoted(text);
            let hostile = rules
                .lines()
                .map(|l| {
                    if l.starts_with("name = ") {
                        format!("name = {quoted}")
                    } else if l.starts_with("colours = [\"") {
                        l.replacen("[\"", &format!("[{quoted}, \""), 1)
                    } else {
                        l.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("\n");
            let dir = tempfile::tempdir().unwrap();
            fs::write(dir.path().join("rules.toml"), hostile).unwrap();
            let game_rules = ["--game", game, "--players", "2", "--rules", "rules.toml"];
            let lines: [&[&str]; 5] = [
                &["simulate", "--games", "4", "--per-game", "--out", "out"],
                &[
                    "tournament",
                    "--games",
                    "2",
                    "--bots",
                    "random,greedy",
                    "--out",
                    "tour",
                ],
                &["replay"],
                &["replay", "--html", "drawn.html"],
                &["replay", "--seat", "1"],
            ];
            for words in lines {
                let line = Line::new("", &[]);
                let args: Vec<OsString> = words
                    .iter()
                    .chain(&game_rules)
                    .map(OsString::from)
                    .collect();
                let case = Case {
                    line,
                    args,
                    names: vec!["--rules".into(), "rules.toml".into()],
                    made: None,
                    text: Some(text),
                    keep: Vec::new(),
                };
                if let Some(wrong) = try_case(&case, dir.path()) {
                    failures.push(format!("{game} {words:?} with {quoted}: {wrong}"));
                }
            }
            let report = Case {
                line: Line::new("", &[]),
                args: vec!["report".into(), "out".into()],
                names: vec!["out".into()],
                made: None,
                text: Some(text),
                keep: Vec::new(),
            };
            if let Some(wrong) = try_case(&report, dir.path()) {
                failures.push(format!("{game} report with {quoted}: {wrong}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
