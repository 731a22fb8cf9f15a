//! `floe play`: people take seats against bots at the terminal, answering on standard
//! input; the game is kept as a record that `floe replay --record` tells again.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{Result, anyhow};
use clap::Args;
use floe_bots::Registry;
use floe_core::Descriptor;
use floe_lab::request::read_rules_setting;
use floe_play::people::{PERSON, Sitting};
use floe_play::session::Session;

use crate::args::default_out;
use crate::record_file::{LEFT, RecordFile};

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
    /// Where to write the game record (default: `runs/play/GAME-seed-SEED-N.toml`, N
    /// the first number free, so no game's record replaces another's).
    /// Checked before the first question; an existing file there must be a record Floe
    /// wrote, unless `--force`.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Replace a file at `--record` that is not a game record Floe wrote.
    #[arg(long)]
    pub force: bool,
    /// Play in a browser instead: the game is served on this machine (127.0.0.1) and
    /// drawn, the questions put as buttons; Ctrl-C stops the server.
    #[arg(long)]
    pub web: bool,
    /// With --web: the port to serve on (default: a free one, printed).
    #[arg(long, requires = "web", default_value_t = 0)]
    pub port: u16,
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
    if a.web && sitting.people.len() > 1 {
        anyhow::bail!(
            "--web seats one person (the page shows one seat's view), not {}: give the \
             other seats to bots in --bots, or play at the terminal",
            sitting.people.len()
        );
    }
    let record_file = match &a.record {
        Some(path) => RecordFile::open(path, a.force)?,
        None => RecordFile::open_new(&default_out("play"), &format!("{}-seed-{}", a.game, a.seed))?,
    };
    if a.web {
        let mut heading = vec![format!(
            "{} ({} players, seed {})",
            a.game, a.players, a.seed
        )];
        heading.extend(sitting.seat_lines());
        return crate::web::serve(sitting, record_file, heading, a.port);
    }
    play_at_terminal(a, &mut sitting, descriptor, record_file).map_err(left_unfinished)
}

/// Plays `sitting` with its people at the terminal, then writes its record.
fn play_at_terminal(
    a: &PlayArgs,
    sitting: &mut Sitting,
    descriptor: &Descriptor,
    record_file: RecordFile,
) -> Result<()> {
    let mut out = floe_io::console::stdout();
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
        person.ask(&mut out, sitting, seat)?;
    }
    let scores = sitting.game().final_scores().expect("the game is over");
    writeln!(out, "{}", scores.trim_end())?;
    let written = floe_io::gate::path(&record_file.write(&sitting.record().to_toml())?);
    // The record is safe: a terminal gone away now loses only this line.
    writeln!(
        out,
        "wrote {written} (see it again: floe replay --record {written})"
    )
    .and_then(|()| out.flush())
    .map_err(|e| anyhow!("{e}; the record was written to {written}"))
}

/// A person's game whose terminal went away (closed, a full disk) ends unfinished, and
/// says so: the error names the stream and that no record was written.
fn left_unfinished(e: anyhow::Error) -> anyhow::Error {
    match e.downcast_ref::<std::io::Error>() {
        Some(io) if floe_io::console::failed_stream(io).is_some() => anyhow!("{io}; {LEFT}"),
        _ => e,
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
                    "{} is not an answer: give a number from 1 to {count} (? for help)",
                    floe_io::gate::quoted(line)
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
