//! A game stepped from outside, kept and set up again: as its setup and steps ([`Saved`],
//! what Python pickles), and as the record `floe play` writes and `floe replay` tells
//! ([`record_of`], [`open_record`]).
//!
//! A session is a pure function of its setup (game, players, seed, rules) and its steps:
//! the answers carried out and the bots asked, each bot drawing from its seat's random
//! numbers as far as it was asked. So a session set up again by replaying its steps stands
//! exactly where the original stood and goes on exactly as it would have, bots included.

use std::path::Path;

use anyhow::{Result, bail};
use floe_bots::Registry;
use floe_lab::request::{NamedBy, RulesFile};
use serde::{Deserialize, Serialize};

use crate::people::{PERSON, Record, record_error, unasked};
use crate::session::{Session, Step};

/// A session's setup and steps, and the bot seated at each seat (by its front end), as
/// data: enough to set it up again exactly ([`Saved::restore`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    /// The Floe version that saved it.
    pub floe_version: String,
    /// The game's registry name.
    pub game: String,
    /// The players.
    pub players: usize,
    /// The master seed it was dealt with.
    pub seed: u64,
    /// The rules, as a rules file (canonical TOML).
    pub rules: String,
    /// The bot spec seated at each seat, `None` where answers come from outside.
    pub bots: Vec<Option<String>>,
    /// Every step since the deal, in order.
    pub steps: Vec<Step>,
}

impl Saved {
    /// Returns `session` as data, with `bots` seated.
    pub fn of(session: &Session, bots: &[Option<String>]) -> Saved {
        Saved {
            floe_version: env!("CARGO_PKG_VERSION").to_string(),
            game: session.game().to_string(),
            players: session.players(),
            seed: session.seed(),
            rules: session.rules_toml(),
            bots: bots.to_vec(),
            steps: session.steps().to_vec(),
        }
    }

    /// Returns the saved game as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a saved game serializes")
    }

    /// Reads a saved game from JSON text.
    ///
    /// # Errors
    /// Says what of the text is not a saved game.
    pub fn from_json(text: &str) -> Result<Saved> {
        serde_json::from_str(text).map_err(|e| anyhow::anyhow!("not a saved Floe game: {e}"))
    }

    /// Sets the game up again (its bot specs read with `registry`) and replays its steps.
    ///
    /// # Errors
    /// Fails if its rules or seats no longer load, or a step does not replay: an answer
    /// refused, or a bot that answers otherwise than it did (a search cut short by Ctrl-C
    /// drew fewer random numbers than a whole one).
    pub fn restore(&self, registry: &Registry) -> Result<Session> {
        let rules = RulesFile {
            named_by: NamedBy::Words("the saved game's rules".into()),
            text: self.rules.clone(),
            stem: "rules".into(),
        };
        let mut session =
            Session::with_bots(&self.game, Some(&rules), self.players, self.seed, registry)?;
        for (at, step) in self.steps.iter().enumerate() {
            let replayed = match step {
                Step::Answered { answer, .. } => session.apply_quietly(*answer),
                Step::Asked { spec, answer, .. } => match session.bot_answer(spec)? {
                    again if again == *answer => Ok(()),
                    again => bail!(
                        "step {at} of the saved game: bot {} answers {again} where it answered \
                         {answer} (was its search cut short?)",
                        floe_io::gate::quoted(spec)
                    ),
                },
            };
            replayed.map_err(|e| anyhow::anyhow!("step {at} of the saved game: {e}"))?;
        }
        Ok(session)
    }
}

/// Returns the record of `session` as `floe play` writes it, `bots` seated: a seat is its
/// bot's when each of its questions was answered by asking that bot once and carrying
/// out its answer (as a run's seat is), and a person's otherwise, its answers the
/// record's. `floe replay --record` then tells this game.
pub fn record_of(session: &Session, bots: &[Option<String>]) -> Record {
    let steps = session.steps();
    let mut person: Vec<bool> = bots.iter().map(Option::is_none).collect();
    let mut at = 0;
    while let Some(step) = steps.get(at) {
        let seat = match step {
            Step::Answered { seat, .. } | Step::Asked { seat, .. } => *seat,
        };
        let by_its_bot = match (step, steps.get(at + 1)) {
            (Step::Asked { spec, answer, .. }, Some(Step::Answered { seat: s, answer: a })) => {
                bots[seat].as_deref() == Some(&**spec) && *s == seat && a == answer
            }
            _ => false,
        };
        if by_its_bot {
            at += 2;
        } else {
            person[seat] = true;
            at += 1;
        }
    }
    let answers = steps
        .iter()
        .filter_map(|s| match s {
            Step::Answered { seat, answer } if person[*seat] => Some(*answer),
            _ => None,
        })
        .collect();
    Record {
        floe_version: env!("CARGO_PKG_VERSION").to_string(),
        game: session.game().to_string(),
        players: session.players(),
        seed: session.seed(),
        seats: (0..bots.len())
            .map(|s| match (&bots[s], person[s]) {
                (Some(spec), false) => spec.clone(),
                _ => PERSON.to_string(),
            })
            .collect(),
        answers,
        rules: session.rules_toml(),
        plugged: Default::default(),
    }
}

/// Opens the game of `record` (read from `path`, its bots read with `registry`) where the
/// record ends: its people's answers carried out and its bots asked in turn, up to the
/// first question of a person the record has no answer for, or the end. Returns the
/// session and the bot of each seat (`None` for a person's).
///
/// # Errors
/// Names the file: rules or seats that do not fit the game, an answer that is not among
/// those offered, or answers left when the game ends.
pub fn open_record(
    record: &Record,
    path: &Path,
    registry: &Registry,
) -> Result<(Session, Vec<Option<String>>)> {
    record.check(path, registry)?;
    let rules = record.rules_file(path);
    let mut session = Session::with_bots(
        &record.game,
        Some(&rules),
        record.players,
        record.seed,
        registry,
    )?;
    let bots: Vec<Option<String>> = record
        .seats
        .iter()
        .map(|s| (s != PERSON).then(|| s.clone()))
        .collect();
    let mut answers = record.answers.iter().enumerate();
    while let Some(seat) = session.to_act() {
        if let Some(spec) = &bots[seat] {
            session.play_bot_quietly(spec)?;
            continue;
        }
        let Some((at, &answer)) = answers.next() else {
            break;
        };
        session.apply_quietly(answer).map_err(|e| {
            record_error(path, format!("answer {at} of the record ({answer}): {e}"))
        })?;
    }
    let left = answers.len();
    if left > 0 {
        return Err(record_error(path, unasked(left, record.answers.len())).into());
    }
    Ok((session, bots))
}
