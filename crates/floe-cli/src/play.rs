//! `floe play`: people take seats against bots at the terminal, answering on standard
//! input; the game is kept as a record that `floe replay --record` tells again.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use clap::Args;
use floe_bots::outsider::{Asked, Outsider};
use floe_core::Descriptor;
use floe_lab::people::{PERSON, Sitting};
use floe_lab::request::read_rules_setting;

use crate::args::default_out;

/// Flags of `floe play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game to play.
    #[arg(long, default_value = floe_games::DEFAULT_GAME, help = crate::args::game_help("The game to play"))]
    pub game: String,
    /// Players at the table.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Who sits where: one bot spec per seat, comma-separated, `person` for each seat a
    /// person takes (default: a person in seat 0, `greedy` in the others).
    #[arg(long)]
    pub bots: Option<String>,
    /// Master seed: the game is game 0 of a run with this seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Rules file (TOML) replacing the game's built-in rules.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Where to write the game record (default: `runs/play/GAME-seed-SEED.toml`).
    /// Checked before the first question; an existing file there must be a record Floe
    /// wrote, unless `--force`.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Replace a file at `--record` that is not a game record Floe wrote.
    #[arg(long)]
    pub force: bool,
}

/// Runs `floe play`.
pub fn run(a: &PlayArgs) -> Result<()> {
    floe_lab::request::known_game(&a.game)?;
    let seats = match &a.bots {
        Some(bots) => bots.clone(),
        None => std::iter::once(PERSON)
            .chain(std::iter::repeat_n("greedy", a.players.saturating_sub(1)))
            .collect::<Vec<_>>()
            .join(","),
    };
    let rules = match &a.rules {
        None => None,
        Some(path) => Some(read_rules_setting(path)?),
    };
    let descriptor = floe_games::GAMES
        .iter()
        .find(|d| d.name == a.game)
        .expect("a known game");
    let person = Arc::new(Person::new(
        Box::new(std::io::BufReader::new(std::io::stdin())),
        descriptor,
    ));
    let sitting = Sitting::new(&a.game, rules, a.players, &seats, a.seed, person.clone())?;
    let record_path = a
        .record
        .clone()
        .unwrap_or_else(|| default_out("play").join(format!("{}-seed-{}.toml", a.game, a.seed)));
    let record_file = RecordFile::open(&record_path, a.force)?;
    *person.staged.lock().expect("not poisoned") = Some(record_file.staged.clone());
    let mut stdout = std::io::stdout();
    let people: Vec<String> = sitting.people.iter().map(|s| format!("S{s}")).collect();
    writeln!(
        stdout,
        "{} ({} players, seed {}): you play {}; answer each question with its number, ? for \
         help, q to quit",
        a.game,
        a.players,
        a.seed,
        people.join(" and ")
    )?;
    let record = sitting.play(&mut |line| {
        let _ = writeln!(std::io::stdout(), "{}", line.trim_end());
    })?;
    record_file.write(&record.to_toml())?;
    writeln!(
        stdout,
        "wrote {} (see it again: floe replay --record {})",
        record_path.display(),
        record_path.display()
    )?;
    Ok(())
}

/// The file a game's record goes to, made ready before the first question so that a
/// person's answers are never lost to a path that cannot take them: the path is checked
/// (a regular file, and a record Floe wrote unless forced), and a staging file beside it
/// is opened and locked, so that one game at a time writes the record. The record is
/// written whole or not at all: into the staging file, then renamed over the path.
struct RecordFile {
    path: PathBuf,
    staged: PathBuf,
    file: std::fs::File,
    /// The outermost folder made for the record, removed when no record is written.
    created: Option<PathBuf>,
    written: bool,
}

impl RecordFile {
    /// Checks `path` and opens its staging file (see [`RecordFile`]).
    ///
    /// # Errors
    /// Names `--record` and what is wrong: not a regular file, someone else's file (unless
    /// `force`), a place that cannot be written, another game writing the same record.
    fn open(path: &Path, force: bool) -> Result<RecordFile> {
        let named = format!("--record {}", path.display());
        let refuse = |why: &str| anyhow::anyhow!("{named}: {why}");
        match std::fs::symlink_metadata(path) {
            Ok(m) if !m.file_type().is_file() => {
                return Err(refuse(
                    "is not a regular file (a folder, a link, a device or a pipe), so Floe \
                     will not replace it; choose another --record",
                ));
            }
            Ok(_) if !force && floe_lab::people::Record::read(path).is_err() => {
                return Err(refuse(
                    "is not a game record Floe wrote, and the game would replace it; move it, \
                     choose another --record, or give --force to replace it",
                ));
            }
            _ => {}
        }
        let folder = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let created = folder
            .ancestors()
            .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
            .last()
            .map(Path::to_path_buf);
        std::fs::create_dir_all(folder)
            .with_context(|| format!("{named}: cannot create {}", folder.display()))?;
        let name = path
            .file_name()
            .ok_or_else(|| refuse("names no file"))?
            .to_string_lossy();
        let staged = folder.join(format!(".{name}.floe-partial"));
        let mut record = RecordFile {
            path: path.to_path_buf(),
            staged: staged.clone(),
            // Opened without truncating: another game may hold it.
            file: std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&staged)
                .with_context(|| {
                    format!("{named}: cannot write beside it ({})", staged.display())
                })?,
            created,
            written: false,
        };
        match record.file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                // The other game's staging file: not ours to remove.
                record.written = true;
                return Err(refuse(
                    "another game is being played into this record; choose another --record",
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(anyhow::Error::new(e)
                    .context(format!("{named}: cannot lock {}", staged.display())));
            }
        }
        Ok(record)
    }

    /// Writes `text` as the record, whole.
    fn write(mut self, text: &str) -> Result<()> {
        use std::io::{Seek, Write as _};
        let named = format!("--record {}", self.path.display());
        self.file
            .set_len(0)
            .and_then(|()| self.file.rewind())
            .and_then(|()| self.file.write_all(text.as_bytes()))
            .and_then(|()| self.file.sync_all())
            .and_then(|()| std::fs::rename(&self.staged, &self.path))
            .with_context(|| format!("{named}: cannot write it"))?;
        self.written = true;
        Ok(())
    }
}

impl Drop for RecordFile {
    fn drop(&mut self) {
        if self.written {
            return;
        }
        let _ = std::fs::remove_file(&self.staged);
        if let Some(top) = &self.created {
            let folder = self.staged.parent().unwrap_or(top);
            for f in folder.ancestors() {
                if std::fs::remove_dir(f).is_err() || f == top {
                    break;
                }
            }
        }
    }
}

/// A person at the terminal: shown the seat's observation and the question, answers by
/// number on standard input. `q` or the end of input ends the program at once: the game is
/// left unfinished and no record is written.
struct Person {
    input: Mutex<Box<dyn BufRead + Send>>,
    /// The record's staging file, removed when the person leaves.
    staged: Mutex<Option<PathBuf>>,
    /// The game's summary ("The game in brief" of its guide), shown on `?`.
    brief: Option<&'static str>,
    /// The game's name, to point at its whole guide.
    game: &'static str,
}

/// What `floe play` says when a person leaves before the end.
const LEFT: &str = "Error: the game was left unfinished; no record written";

impl Person {
    fn new(input: Box<dyn BufRead + Send>, game: &Descriptor) -> Person {
        Person {
            input: Mutex::new(input),
            staged: Mutex::new(None),
            brief: game.brief(),
            game: game.name,
        }
    }

    /// Writes the numbered `answers`.
    fn list(out: &mut impl Write, answers: &[(usize, String)]) {
        for (i, (_, text)) in answers.iter().enumerate() {
            let _ = writeln!(out, "  {}) {text}", i + 1);
        }
    }

    /// Writes the help `?` asks for: the game in brief, where its whole guide is, and the
    /// answers on offer.
    fn help(&self, out: &mut impl Write, answers: &[(usize, String)]) {
        if let Some(brief) = self.brief {
            let _ = writeln!(out, "\n{brief}\n");
        }
        let _ = writeln!(
            out,
            "The whole guide: docs/{}.md in Floe's repository. The answers on offer now:",
            self.game
        );
        Person::list(out, answers);
    }

    /// Reads the person's choice among `answers`: its position from 1. `?` shows the game
    /// in brief and the answers again; a line that is not a choice is answered with a
    /// message and a new prompt; `q` or the end of input ends the program.
    fn choose(&self, out: &mut impl Write, answers: &[(usize, String)]) -> usize {
        let count = answers.len();
        let mut input = self.input.lock().expect("not poisoned");
        loop {
            let _ = write!(out, "answer (1-{count}, ? for help, q to quit)> ");
            let _ = out.flush();
            let mut line = String::new();
            let read = input.read_line(&mut line);
            if matches!(&read, Err(e) if e.kind() == std::io::ErrorKind::InvalidData) {
                let _ = writeln!(
                    out,
                    "that answer is not text (not UTF-8): give a number from 1 to {count}"
                );
                continue;
            }
            let line = line.trim();
            if matches!(read, Ok(0) | Err(_)) || line == "q" {
                let _ = writeln!(out);
                eprintln!("{LEFT}");
                if let Some(staged) = self.staged.lock().expect("not poisoned").take() {
                    let _ = std::fs::remove_file(staged);
                }
                std::process::exit(1);
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=count).contains(&n) => return n - 1,
                _ if line == "?" => self.help(out, answers),
                _ => {
                    let _ = writeln!(
                        out,
                        "{line:?} is not an answer: give a number from 1 to {count} (? for help)"
                    );
                }
            }
        }
    }
}

impl Outsider for Person {
    fn answer(&self, question: &dyn Asked) -> usize {
        let answers = question.answers();
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "\n--- S{}, your question ---", question.seat());
        let _ = writeln!(out, "{}", question.observation_text().trim_end());
        Person::list(&mut out, &answers);
        answers[self.choose(&mut out, &answers)].0
    }
}
