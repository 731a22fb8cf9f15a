//! `floe play`: people take seats against bots at the terminal, answering on standard
//! input; the game is kept as a record that `floe replay --record` tells again.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use clap::Args;
use floe_bots::outsider::{Asked, Outsider};
use floe_lab::planning::read_rules_flag;
use floe_lab::table::{PERSON, Sitting};

/// Flags of `floe play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game to play (an unknown name lists the games).
    #[arg(long, default_value = floe_games::DEFAULT_GAME)]
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
    /// Where to write the game record (default: `results/play/GAME-seed-SEED.toml`).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Runs `floe play`.
pub fn run(a: &PlayArgs) -> Result<()> {
    floe_lab::planning::known_game(&a.game)?;
    let seats = match &a.bots {
        Some(bots) => bots.clone(),
        None => std::iter::once(PERSON)
            .chain(std::iter::repeat_n("greedy", a.players.saturating_sub(1)))
            .collect::<Vec<_>>()
            .join(","),
    };
    let rules = match &a.rules {
        None => None,
        Some(path) => Some(read_rules_flag(path)?),
    };
    let person = Arc::new(Person::new(Box::new(std::io::BufReader::new(
        std::io::stdin(),
    ))));
    let sitting = Sitting::new(&a.game, rules, a.players, &seats, a.seed, person)?;
    let record_path = a.record.clone().unwrap_or_else(|| {
        Path::new("results/play").join(format!("{}-seed-{}.toml", a.game, a.seed))
    });
    let mut stdout = std::io::stdout();
    let people: Vec<String> = sitting.people.iter().map(|s| format!("S{s}")).collect();
    writeln!(
        stdout,
        "{} ({} players, seed {}): you play {}; answer each question with its number, q to \
         quit",
        a.game,
        a.players,
        a.seed,
        people.join(" and ")
    )?;
    let record = sitting.play(&mut |line| {
        let _ = writeln!(std::io::stdout(), "{}", line.trim_end());
    })?;
    write_record(&record_path, &record.to_toml())?;
    writeln!(
        stdout,
        "wrote {} (see it again: floe replay --record {})",
        record_path.display(),
        record_path.display()
    )?;
    Ok(())
}

/// Writes the record whole or not at all: into a file beside it, then renamed over it.
fn write_record(path: &Path, text: &str) -> Result<()> {
    let named = format!("--record {}", path.display());
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder)
            .with_context(|| format!("{named}: cannot create {}", folder.display()))?;
    }
    let staged = path.with_extension("toml.partial");
    std::fs::write(&staged, text).with_context(|| format!("{named}: cannot write it"))?;
    std::fs::rename(&staged, path).with_context(|| format!("{named}: cannot write it"))
}

/// A person at the terminal: shown the seat's observation and the question, answers by
/// number on standard input. `q` or the end of input ends the program at once: the game is
/// left unfinished and no record is written.
struct Person {
    input: Mutex<Box<dyn BufRead + Send>>,
}

/// What `floe play` says when a person leaves before the end.
const LEFT: &str = "Error: the game was left unfinished; no record written";

impl Person {
    fn new(input: Box<dyn BufRead + Send>) -> Person {
        Person {
            input: Mutex::new(input),
        }
    }

    /// Reads the person's choice among `count` answers: its position from 1. A line that
    /// is not a choice is answered with a message and a new prompt; `q` or the end of
    /// input ends the program.
    fn choose(&self, out: &mut impl Write, count: usize) -> usize {
        let mut input = self.input.lock().expect("not poisoned");
        loop {
            let _ = write!(out, "answer (1-{count}, q to quit)> ");
            let _ = out.flush();
            let mut line = String::new();
            let read = input.read_line(&mut line);
            let line = line.trim();
            if matches!(read, Ok(0) | Err(_)) || line == "q" {
                let _ = writeln!(out);
                eprintln!("{LEFT}");
                std::process::exit(1);
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=count).contains(&n) => return n - 1,
                _ => {
                    let _ = writeln!(
                        out,
                        "{line:?} is not an answer: give a number from 1 to {count}"
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
        for (i, (_, text)) in answers.iter().enumerate() {
            let _ = writeln!(out, "  {}) {text}", i + 1);
        }
        answers[self.choose(&mut out, answers.len())].0
    }
}
