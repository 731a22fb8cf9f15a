//! The generated parts of the pages (between `<!-- generated: ... -->` markers): the
//! flag tables of every command, made from the command line itself, and the column tables
//! of the output files, made from the `columns.csv` of small real runs. A part that differs
//! from what it would be now fails the test; `FLOE_BLESS=1` writes it anew.

use std::collections::BTreeMap;

use super::*;

/// The generated parts of a page: `(what, first line, last line)` of each, the lines
/// between its markers.
pub(super) fn generated_parts(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(what) = line
            .strip_prefix("<!-- generated: ")
            .and_then(|l| l.strip_suffix(" -->"))
        {
            let end = (i..lines.len())
                .find(|&j| lines[j] == "<!-- end generated -->")
                .unwrap_or_else(|| panic!("line {}: a generated part never ends", i + 1));
            out.push((what.to_string(), i + 1, end));
        }
    }
    out
}

/// A cell of a Markdown table: one line, its bars escaped.
pub(super) fn cell(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

/// The flag table of `floe SUB`, from clap: what `floe help SUB` says, as a table.
pub(super) fn flags_table(sub: &str) -> Result<String, String> {
    let cli = floe_cli::command();
    let command = cli
        .find_subcommand(sub)
        .ok_or_else(|| format!("floe has no command {sub}"))?;
    let mut out = String::from("| flag | default | meaning |\n|---|---|---|\n");
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        if id == "help" || id == "version" {
            continue;
        }
        let value = arg
            .get_value_names()
            .map(|v| v.join(" "))
            .unwrap_or_else(|| id.to_uppercase());
        let takes_value = arg.get_action().takes_values();
        let name = match (arg.get_long(), arg.get_short()) {
            (None, _) => format!("`{value}`"),
            (Some(long), short) => {
                let long = match takes_value {
                    true => format!("`--{long} {value}`"),
                    false => format!("`--{long}`"),
                };
                match short {
                    Some(s) => format!("`-{s}`, {long}"),
                    None => long,
                }
            }
        };
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        let default = match (takes_value, defaults.is_empty()) {
            (true, false) => format!("`{}`", defaults.join(",")),
            _ => String::new(),
        };
        let help = arg
            .get_long_help()
            .or(arg.get_help())
            .map(|h| h.to_string())
            .unwrap_or_default();
        // The values a flag takes, unless its help already names each of them.
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| format!("`{}`", v.get_name()))
            .collect();
        let named = values.iter().all(|v| help.contains(v.as_str()));
        let meaning = match values.is_empty() || !takes_value || named {
            true => cell(&help),
            false => format!("{} (one of {})", cell(&help), values.join(", ")),
        };
        out.push_str(&format!("| {name} | {default} | {meaning} |\n"));
    }
    Ok(out)
}

/// The rows of `columns.csv` in `folder` for `file`: `(column, meaning)`.
pub(super) fn dictionary(folder: &Path, file: &str) -> Result<Vec<(String, String)>, String> {
    let path = folder.join("columns.csv");
    let mut reader = csv::Reader::from_path(&path).map_err(|e| format!("{e}"))?;
    let mut out = Vec::new();
    for row in reader.records() {
        let row = row.map_err(|e| format!("{e}"))?;
        if &row[0] == file {
            out.push((row[1].to_string(), row[2].to_string()));
        }
    }
    match out.is_empty() {
        true => Err(format!("{} lists no column of {file}", path.display())),
        false => Ok(out),
    }
}

/// A table of columns and their meanings.
pub(super) fn column_table(rows: &[(String, String)]) -> String {
    let mut out = String::from("| column | meaning |\n|---|---|\n");
    for (column, meaning) in rows {
        out.push_str(&format!("| `{column}` | {} |\n", cell(meaning)));
    }
    out
}

/// The meanings the page gives in the table `now`, by column.
pub(super) fn meanings_in(now: &str) -> BTreeMap<String, String> {
    now.lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.strip_prefix("| `")?.splitn(2, "` | ").collect();
            let meaning = cells.get(1)?.strip_suffix(" |")?;
            Some((cells[0].to_string(), meaning.to_string()))
        })
        .collect()
}

/// Makes the generated part `what` of a page, from the page's run folder `dir`; `now` is
/// what the page holds there (a header table keeps its handwritten meanings).
pub(super) fn generate(what: &str, dir: &Path, now: &str) -> Result<String, String> {
    let words: Vec<&str> = what.split_whitespace().collect();
    match words[..] {
        ["flags", "of", "floe", sub] => flags_table(sub),
        ["run", "columns", "of", table] => {
            let (folder, file) = table.rsplit_once('/').ok_or("DIR/FILE")?;
            let rows = dictionary(&dir.join(folder), file)?;
            let lead: Vec<_> = rows.into_iter().take(RUN_COLUMNS.len()).collect();
            let names: Vec<&str> = lead.iter().map(|(c, _)| c.as_str()).collect();
            match names == RUN_COLUMNS {
                true => Ok(column_table(&lead)),
                false => Err(format!(
                    "{table} starts with {names:?}, not the run's columns"
                )),
            }
        }
        ["columns", "of", ref tables @ ..] if !tables.is_empty() => {
            // Several tables alike (seats, colours, bots) share one list: a column that
            // not all of them have says which do.
            let mut each = Vec::new();
            for table in tables {
                let (folder, file) = table.rsplit_once('/').ok_or("DIR/FILE")?;
                each.push((file, dictionary(&dir.join(folder), file)?));
            }
            let mut rows: Vec<(String, String)> = Vec::new();
            for (_, columns) in &each {
                for (column, meaning) in columns {
                    let known = rows.iter().any(|(c, _)| c == column);
                    if RUN_COLUMNS.contains(&column.as_str()) || known {
                        continue;
                    }
                    let holders: Vec<&str> = each
                        .iter()
                        .filter(|(_, cs)| cs.iter().any(|(c, _)| c == column))
                        .map(|(f, _)| *f)
                        .collect();
                    let meaning = match holders.len() == each.len() {
                        true => meaning.clone(),
                        false => format!("({}) {meaning}", holders.join(", ")),
                    };
                    rows.push((column.clone(), meaning));
                }
            }
            Ok(column_table(&rows))
        }
        ["header", "of", table] => {
            // A table without a column dictionary: its names are read from the file, its
            // meanings are the page's own.
            let text = fs::read_to_string(dir.join(table)).map_err(|e| format!("{e}"))?;
            let header = text.lines().next().unwrap_or_default();
            let meanings = meanings_in(now);
            let rows: Vec<(String, String)> = header
                .split(',')
                .filter(|c| !RUN_COLUMNS.contains(c))
                .map(|c| (c.to_string(), meanings.get(c).cloned().unwrap_or_default()))
                .collect();
            let mut out = String::from("| column | meaning |\n|---|---|\n");
            for (column, meaning) in rows {
                out.push_str(&format!("| `{column}` | {meaning} |\n"));
            }
            Ok(out)
        }
        _ => Err(format!("unknown generated part `{what}`")),
    }
}

/// Checks (or with `FLOE_BLESS=1` rewrites) the generated parts of a page that ran, and
/// that every table of the folders they read is documented.
pub(super) fn check_generated(run: &mut PageRun, bless: bool) -> BTreeSet<String> {
    let path = root().join(&run.page);
    let text = fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut at = 0;
    let mut whats = BTreeSet::new();
    let mut read_folders = BTreeSet::new();
    let mut documented = BTreeSet::new();
    for (what, first, end) in generated_parts(&text) {
        out.extend(lines[at..first].iter().map(|l| l.to_string()));
        let now = lines[first..end].join("\n") + "\n";
        let made = generate(&what, run.dir.path(), &now).unwrap_or_else(|e| {
            run.faults.at(&run.page, first, &e);
            now.clone()
        });
        if made != now && !bless {
            let hint = "FLOE_BLESS=1 cargo test -p floe-cli --test docs writes it anew";
            let fault = format!("`{what}` differs ({hint}); it should read:\n{made}");
            run.faults.at(&run.page, first, fault);
        }
        out.extend(made.lines().map(String::from));
        for table in what.split_whitespace().filter(|t| t.contains('/')) {
            let (folder, file) = table.rsplit_once('/').unwrap();
            read_folders.insert(folder.to_string());
            documented.insert(file.to_string());
        }
        whats.insert(what);
        at = end;
    }
    out.extend(lines[at..].iter().map(|l| l.to_string()));
    for folder in read_folders {
        for file in tables_in(&run.dir.path().join(&folder)) {
            if !documented.contains(&file) {
                let fault = format!("{folder}/{file} is written but not documented here");
                run.faults.at(&run.page, 1, fault);
            }
        }
    }
    if bless {
        fs::write(&path, out.join("\n") + "\n").unwrap();
    }
    whats
}

/// The tables of a results folder: the files its `columns.csv` lists, or else its CSV files.
pub(super) fn tables_in(folder: &Path) -> BTreeSet<String> {
    match csv::Reader::from_path(folder.join("columns.csv")) {
        Ok(mut reader) => reader
            .records()
            .map(|r| r.unwrap()[0].to_string())
            .collect(),
        Err(_) => fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".csv"))
            .collect(),
    }
}
