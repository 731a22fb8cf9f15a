//! `floe play`: people take seats against bots at the terminal, answering on standard
//! input; the game is kept as a record that `floe replay --record` tells again.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};
use clap::Args;
use floe_bots::Registry;
use floe_core::Descriptor;
use floe_lab::people::{PERSON, Sitting};
use floe_lab::request::read_rules_setting;
use floe_lab::session::Session;

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

/// Runs `floe play`, its bot list read with `bots`.
pub fn run(a: &PlayArgs, bots: &Registry) -> Result<()> {
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
    let mut sitting = Sitting::new(&a.game, rules, a.players, &seats, a.seed, bots)?;
    let record_path = a
        .record
        .clone()
        .unwrap_or_else(|| default_out("play").join(format!("{}-seed-{}.toml", a.game, a.seed)));
    let record_file = RecordFile::open(&record_path, a.force)?;
    let mut out = std::io::stdout().lock();
    let people: Vec<String> = sitting.people.iter().map(|s| format!("S{s}")).collect();
    writeln!(
        out,
        "{} ({} players, seed {}): you play {}; answer each question with its number, ? for \
         help, b for the board, u to take back your last answer, q to quit",
        a.game,
        a.players,
        a.seed,
        people.join(" and ")
    )?;
    for line in sitting.opening() {
        writeln!(out, "{line}")?;
    }
    let stdin = std::io::stdin();
    let mut person = Person::new(stdin.lock(), descriptor, a.players);
    loop {
        // A terminal that cannot be written stops the game at the next question.
        let mut shown = Ok(());
        let asked = sitting.play_bots(&mut |line| {
            if shown.is_ok() {
                shown = writeln!(out, "{}", line.trim_end());
            }
        })?;
        shown?;
        let Some(seat) = asked else { break };
        person.ask(&mut out, &mut sitting, seat)?;
    }
    let scores = sitting.game().final_scores().expect("the game is over");
    writeln!(out, "{}", scores.trim_end())?;
    record_file.write(&sitting.record().to_toml())?;
    writeln!(
        out,
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

/// People at the terminal: each question is put with the board as the seat asked sees
/// it, the question in words and every answer with what it does; a person answers by
/// number on standard input, or asks for help (`?`), the board (`b`), to take back their
/// last answer (`u`), or leaves (`q`, or the end of input: the game is left unfinished
/// and no record is written).
struct Person<R> {
    input: R,
    /// The game's summary ("The game in brief" of its guide), shown on `?`.
    brief: Option<&'static str>,
    /// The game's name, to point at its whole guide.
    game: &'static str,
    /// Per seat, the board the person there last saw or made with their own answer: it is
    /// shown again at a question only once something else changed it, since the events
    /// told what their own answer did.
    known: Vec<Option<String>>,
}

/// How a person leaves before the end of the game.
const LEFT: &str = "the game was left unfinished; no record written";

/// What a person typed at a question.
enum Typed {
    /// The answer at this position of the list, from 0.
    Answer(usize),
    /// `?`: the game in brief, the board and the answers.
    Help,
    /// `b`: the board and the answers.
    Board,
    /// `u`: take back the last answer.
    TakeBack,
    /// `q`, or the end of input.
    Quit,
    /// Anything else: said why it is not an answer.
    Wrong(String),
}

impl<R: BufRead> Person<R> {
    fn new(input: R, game: &Descriptor, players: usize) -> Person<R> {
        Person {
            input,
            brief: game.brief(),
            game: game.name,
            known: vec![None; players],
        }
    }

    /// Puts the question pending to the person at `seat` and reads until they answer it,
    /// take an answer back or leave.
    ///
    /// # Errors
    /// Fails when the person leaves, and on a terminal that cannot be written.
    fn ask(&mut self, out: &mut impl Write, sitting: &mut Sitting, seat: usize) -> Result<()> {
        let board = sitting.game().observation(seat)?.text;
        writeln!(out, "\n--- S{seat}, your question ---")?;
        if self.known[seat].as_ref() != Some(&board) {
            writeln!(out, "{}", board.trim_end())?;
            self.known[seat] = Some(board);
        } else {
            writeln!(out, "(the board is as you left it: b shows it)")?;
        }
        let count = sitting.game().answers().len();
        show_question(out, sitting.game())?;
        loop {
            write!(
                out,
                "answer (1-{count}; ? help, b board, u take back, q quit)> "
            )?;
            out.flush()?;
            match self.read(count) {
                Typed::Answer(i) => {
                    let index = sitting.game().answers()[i].index;
                    for line in sitting.answer(index)? {
                        writeln!(out, "{}", line.trim_end())?;
                    }
                    self.known[seat] = Some(sitting.game().observation(seat)?.text);
                    return Ok(());
                }
                Typed::Help => {
                    if let Some(brief) = self.brief {
                        writeln!(out, "\n{brief}\n")?;
                    }
                    writeln!(
                        out,
                        "The whole guide: docs/{}.md in Floe's repository. Type an answer's \
                         number to give it; b shows the board, u takes back your last answer \
                         (while nothing hidden has come out since), q leaves the game.",
                        self.game
                    )?;
                    show_board(out, sitting.game(), seat)?;
                }
                Typed::Board => show_board(out, sitting.game(), seat)?,
                Typed::TakeBack => match sitting.take_back() {
                    Ok(answer) => {
                        writeln!(
                            out,
                            "took back \"{answer}\" and every answer after it: the game is as \
                             it was before it"
                        )?;
                        return Ok(());
                    }
                    Err(kept) => writeln!(out, "cannot take it back: {kept}")?,
                },
                Typed::Quit => {
                    writeln!(out)?;
                    return Err(anyhow!(LEFT));
                }
                Typed::Wrong(why) => writeln!(out, "{why}")?,
            }
        }
    }

    /// Reads one line and says what it asks, at a question of `count` answers.
    fn read(&mut self, count: usize) -> Typed {
        let mut line = String::new();
        let read = self.input.read_line(&mut line);
        if matches!(&read, Err(e) if e.kind() == std::io::ErrorKind::InvalidData) {
            return Typed::Wrong(format!(
                "that answer is not text (not UTF-8): give a number from 1 to {count}"
            ));
        }
        let line = line.trim();
        match line {
            _ if matches!(read, Ok(0) | Err(_)) => Typed::Quit,
            "q" => Typed::Quit,
            "?" => Typed::Help,
            "b" => Typed::Board,
            "u" => Typed::TakeBack,
            _ => match line.parse::<usize>() {
                Ok(n) if (1..=count).contains(&n) => Typed::Answer(n - 1),
                _ => Typed::Wrong(format!(
                    "{line:?} is not an answer: give a number from 1 to {count} (? for help)"
                )),
            },
        }
    }
}

/// Writes the board as `seat` sees it, then the question pending and its answers.
fn show_board(out: &mut impl Write, game: &Session, seat: usize) -> Result<()> {
    writeln!(out, "{}", game.observation(seat)?.text.trim_end())?;
    show_question(out, game)
}

/// Writes the question pending in words and its answers, numbered from 1, each with what
/// it does.
fn show_question(out: &mut impl Write, game: &Session) -> Result<()> {
    if let Some(question) = game.question() {
        writeln!(out, "Question: {question}")?;
    }
    for (i, answer) in game.answers().iter().enumerate() {
        writeln!(out, "  {}) {}", i + 1, answer.described)?;
    }
    Ok(())
}
