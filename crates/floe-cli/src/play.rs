//! `floe play`: people take seats against bots at the terminal, answering on standard
//! input; the game is kept as a record that `floe replay --record` tells again.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, bail};
use clap::Args;
use floe_bots::outsider::{Asked, Outsider};
use floe_lab::planning::read_rules;
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
        Some(path) => Some(read_rules(path, &format!("--rules {}", path.display()))?),
    };
    let person = Arc::new(Person::new(Box::new(std::io::BufReader::new(
        std::io::stdin(),
    ))));
    let sitting = Sitting::new(&a.game, rules, a.players, &seats, a.seed, person.clone())?;
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
        if !person.quit.load(Ordering::Relaxed) {
            println!("{}", line.trim_end());
        }
    })?;
    if person.quit.load(Ordering::Relaxed) {
        bail!("the game was left unfinished; no record written");
    }
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
/// number on standard input. After `q` or the end of input it has quit, and answers every
/// later question with its first answer, unseen, so that the game can end.
struct Person {
    input: Mutex<Box<dyn BufRead + Send>>,
    quit: AtomicBool,
}

impl Person {
    fn new(input: Box<dyn BufRead + Send>) -> Person {
        Person {
            input: Mutex::new(input),
            quit: AtomicBool::new(false),
        }
    }

    /// Reads the person's choice among `count` answers: its position from 1, or `None`
    /// when the person quits. A line that is not a choice is answered with a message
    /// and a new prompt.
    fn choose(&self, count: usize) -> Option<usize> {
        let mut input = self.input.lock().expect("not poisoned");
        loop {
            print!("answer (1-{count}, q to quit)> ");
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    println!("\n(end of input)");
                    return None;
                }
                Ok(_) => {}
            }
            let line = line.trim();
            if line == "q" {
                return None;
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=count).contains(&n) => return Some(n - 1),
                _ => println!("{line:?} is not an answer: give a number from 1 to {count}"),
            }
        }
    }
}

impl Outsider for Person {
    fn answer(&self, question: &dyn Asked) -> usize {
        let answers = question.answers();
        if !self.quit.load(Ordering::Relaxed) {
            println!("\n--- S{}, your question ---", question.seat());
            println!("{}", question.observation_text().trim_end());
            for (i, (_, text)) in answers.iter().enumerate() {
                println!("  {}) {text}", i + 1);
            }
            match self.choose(answers.len()) {
                Some(i) => return answers[i].0,
                None => self.quit.store(true, Ordering::Relaxed),
            }
        }
        answers[0].0
    }
}
