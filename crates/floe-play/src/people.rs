//! A game with people at the table: played once (`floe play`), kept as a [`Record`] of
//! the seed, the seating and every answer the people gave, and told again from it
//! (`floe replay --record`).
//!
//! A [`Sitting`] steps the game as a [`Session`]: game 0 of a one-cell run with the
//! record's master seed, the bots answering as they do in that run. Told again, people
//! are outsiders ([`floe_bots::outsider`]) seated under the name [`PERSON`] and the game
//! is played by the runner's own [`floe_sim::replay`], so the record's answers, given
//! back in order, play the same game again.

use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Result, bail};
use floe_bots::outsider::{Asked, Outsider, Plug};
use floe_bots::{Registry, split_spec_list};
use floe_io::gate::quoted;
use floe_io::write::{Existing, Staged};
use floe_sim::Setting;

use crate::session::Session;
use floe_lab::RunKind;
use floe_lab::message::{Message, SettingError};
use floe_lab::plan::Plan;
use floe_lab::request::{NamedBy, RequestRules, RulesFile, RunRequest, plan_run};

/// The name that seats a person in a bot list (`person,greedy,mcts`).
pub const PERSON: &str = "person";

/// What a game with people needs to be played again: written by `floe play`, read by
/// `floe replay --record`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The Floe version that played it.
    pub floe_version: String,
    /// The game's registry name.
    pub game: String,
    /// The players.
    pub players: usize,
    /// The master seed (the game is game 0 of a run with this seed).
    pub seed: u64,
    /// Who sat where: a bot spec per seat, [`PERSON`] for a person's seat.
    pub seats: Vec<String>,
    /// Every answer the people gave, in the order given, as the answers' fixed numbers.
    pub answers: Vec<usize>,
    /// The rules played, as a rules file (canonical TOML).
    pub rules: String,
    /// The identity of each bot plugged in by a user's crate that sat at the table, by
    /// name ([`floe_bots::PluggedBot`]): told again only by a build of the same bots.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub plugged: BTreeMap<String, String>,
}

impl Record {
    /// Reads the record at `path`.
    ///
    /// # Errors
    /// Names the file, and the line and key of a bad entry.
    pub fn read(path: &Path) -> Result<Record> {
        let text = floe_io::read::text(path, floe_io::read::Kind::RECORD)
            .map_err(|e| record_error(path, e.to_string()))?;
        toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map(|s| format!("line {}: ", text[..s.start].matches('\n').count() + 1))
                .unwrap_or_default();
            record_error(path, format!("{line}{}", e.message())).into()
        })
    }

    /// Returns whether the file at `path` is a game record Floe wrote.
    pub fn is_record(path: &Path) -> bool {
        Record::read(path).is_ok()
    }

    /// Writes the record at `path`, whole or not at all, and returns the path: a file
    /// there is replaced only if it is a record Floe wrote, unless `force` (which
    /// `force_named` names, in the front end's words).
    ///
    /// # Errors
    /// Names the path: not a regular file, someone else's file, a place that cannot be
    /// written.
    pub fn write(&self, path: &Path, force: bool, force_named: &str) -> Result<PathBuf> {
        let existing = match force {
            true => Existing::Replace,
            false => Existing::IfFloes(&Record::is_record, force_named),
        };
        let mut staged = Staged::begin(path, existing, "")?;
        staged.write_all(self.to_toml().as_bytes())?;
        Ok(staged.finish()?)
    }

    /// Returns the record as TOML text.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a record serializes to TOML")
    }

    /// Returns the one-game plan the record was played under, its people seated by
    /// `bots` (under [`PERSON`]).
    fn plan(&self, path: &Path, bots: &Registry) -> Result<Plan> {
        let plan = self.planned(path, bots)?;
        if plan.plugged != self.plugged {
            let shown = |bots: &BTreeMap<String, String>| match bots.len() {
                0 => "none".to_string(),
                _ => {
                    let each: Vec<String> = bots
                        .iter()
                        .map(|(name, identity)| format!("{} ({})", quoted(name), quoted(identity)))
                        .collect();
                    each.join(", ")
                }
            };
            bail!(
                "its plugged bots were {}, but this build's are {}: tell it again with a \
                 build of the bots it was played with",
                shown(&self.plugged),
                shown(&plan.plugged)
            );
        }
        Ok(plan)
    }

    /// Checks that the record (read from `path`, its bots read with `registry`) fits its
    /// game: its rules, seats and plugged bots, as `floe replay --record` checks them.
    ///
    /// # Errors
    /// Names the file and what does not fit.
    pub fn check(&self, path: &Path, registry: &Registry) -> Result<()> {
        let mut bots = registry.clone();
        bots.seat(Plug::new(PERSON, Arc::new(Unasked)));
        self.plan(path, &bots)
            .map_err(|e| record_error(path, "the record does not fit its game").because(e))?;
        Ok(())
    }

    /// Returns the record's rules as a rules file named by `path`.
    pub(crate) fn rules_file(&self, path: &Path) -> RulesFile {
        RulesFile {
            named_by: NamedBy::Setting {
                setting: Setting::Record,
                value: path.display().to_string(),
                part: "rules",
            },
            text: self.rules.clone(),
            stem: "rules".into(),
        }
    }

    /// Returns the one-game plan of the record's game, seating, seed and rules.
    fn planned(&self, path: &Path, bots: &Registry) -> Result<Plan> {
        plan_game(
            &self.game,
            Some(self.rules_file(path)),
            self.players,
            &self.seats.join(","),
            self.seed,
            bots,
        )
    }
}

/// Plans game 0 of a run of `game` (under `rules`) with master seed `seed`, with one bot
/// spec per seat in `seats`, read with `bots` (which seats [`PERSON`]).
fn plan_game(
    game: &str,
    rules: Option<RulesFile>,
    players: usize,
    seats: &str,
    seed: u64,
    bots: &Registry,
) -> Result<Plan> {
    let planned = plan_run(RunRequest {
        kind: RunKind::Simulate,
        game: game.to_string(),
        rules: rules.map(RequestRules::Read),
        players,
        bots: seats.to_string(),
        games: 1,
        dealing: floe_sim::Dealing {
            seed,
            ..floe_sim::Dealing::default()
        },
        per_game: false,
        arc: false,
        registry: bots.clone(),
    })?;
    // A game with people is kept to be told again; a bot whose answers depend on the
    // machine's speed would tell another game.
    if !planned.notes.is_empty() {
        return Err(SettingError::new(
            Setting::Bots,
            "a bot with a time limit (ms=) answers as fast as this machine runs, so the game \
             could not be told again from its record; give it iters= instead",
        )
        .quoted(seats)
        .into());
    }
    Ok(planned.plan)
}

/// A game played with people: who sits where, the game as it stands, and, to take an
/// answer back, the game as it stood before each answer a person gave.
pub struct Sitting {
    /// The seats people take.
    pub people: Vec<usize>,
    /// Who sits where: a bot spec per seat, [`PERSON`] for a person's seat.
    seats: Vec<String>,
    /// The rules played, as a rules file (canonical TOML), for the record.
    rules: String,
    /// The identities of the plugged bots seated, for the record.
    plugged: BTreeMap<String, String>,
    /// The master seed.
    seed: u64,
    game: Session,
    /// Every answer given so far, every seat's, in order.
    given: Vec<usize>,
    /// For each answer a person gave, in order: the game just before it, and its place
    /// in `given`.
    before: Vec<(Session, usize)>,
}

/// Stands for the people in the plans a [`Sitting`] and [`Record::check`] check seatings
/// with: those plans are never run, so nobody is asked.
struct Unasked;

impl Outsider for Unasked {
    fn answer(&self, _question: &dyn Asked) -> usize {
        unreachable!("a sitting's plan is checked, never run")
    }
}

/// Why a person's answer cannot be taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// No person has answered yet.
    Nothing,
    /// Since the answer, the game showed what the people could not know before it (a card
    /// drawn or turned up, a die rolled): this line of the game's log or board.
    Revealed {
        /// The answer, as it printed.
        answer: String,
        /// What was shown.
        shown: String,
    },
}

impl fmt::Display for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kept::Nothing => f.write_str("no answer of yours to take back yet"),
            Kept::Revealed { answer, shown } => write!(
                f,
                "\"{answer}\" stays: since it, the game has shown what you could not know \
                 before it ({shown})"
            ),
        }
    }
}

impl std::error::Error for Kept {}

impl Sitting {
    /// Seats people wherever `seats` (one bot spec per seat, comma-separated) says
    /// [`PERSON`], at a game of `game` under `rules` with master seed `seed`.
    ///
    /// # Errors
    /// Fails on an unknown game, bad rules or bot specs, a seat count that does not match
    /// `players`, or no person seated, with the messages of `floe simulate`.
    pub fn new(
        game: &str,
        rules: Option<RulesFile>,
        players: usize,
        seats: &str,
        seed: u64,
        registry: &Registry,
    ) -> Result<Sitting> {
        let mut specs = split_spec_list(seats);
        // One spec stands for every seat, as in a run.
        if specs.len() == 1 {
            specs = vec![specs[0].clone(); players];
        }
        let people: Vec<usize> = (0..specs.len())
            .filter(|&s| specs[s].trim() == PERSON)
            .collect();
        if people.is_empty() {
            return Err(SettingError::new(
                Setting::Bots,
                format!("seat at least one {PERSON} (e.g. {PERSON},greedy)"),
            )
            .quoted(seats)
            .into());
        }
        let session = Session::with_bots(game, rules.as_ref(), players, seed, registry)?;
        let mut bots = registry.clone();
        bots.seat(Plug::new(PERSON, Arc::new(Unasked)));
        let plan = plan_game(game, rules, players, seats, seed, &bots)?;
        Ok(Sitting {
            people,
            seats: specs.iter().map(|s| s.trim().to_string()).collect(),
            rules: plan.rules,
            plugged: plan.plugged,
            seed,
            game: session,
            given: Vec::new(),
            before: Vec::new(),
        })
    }

    /// Returns who sits where, a line per seat: `S0: red, you` or `S1: blue, bot greedy`.
    pub fn seat_lines(&self) -> Vec<String> {
        let colours = self.game.colours();
        self.seats
            .iter()
            .enumerate()
            .map(|(s, spec)| match self.people.contains(&s) {
                true => format!("S{s}: {}, you", colours[s]),
                false => format!("S{s}: {}, bot {spec}", colours[s]),
            })
            .collect()
    }

    /// Returns the game as it stands: its question, answers and what each seat sees.
    pub fn game(&self) -> &Session {
        &self.game
    }

    /// Returns the seat events are shown as when `seat` is asked: a person sees as
    /// themself; a bot's answers are shown as the first person sees them (people who
    /// share a terminal share what is shown there).
    fn viewer(&self, seat: usize) -> usize {
        if self.people.contains(&seat) {
            seat
        } else {
            self.people[0]
        }
    }

    /// Returns what happened before the first question, as the first person saw it.
    pub fn opening(&self) -> Vec<String> {
        self.game
            .opening(self.people[0])
            .expect("the people sit at the table")
    }

    /// Lets the bots answer until a person is asked or the game ends, handing `show` every
    /// event as the people see it; returns the person's seat asked (`None` once the game
    /// is over).
    ///
    /// # Errors
    /// Fails if a bot's spec cannot answer (checked when the sitting was made, so this
    /// does not happen).
    pub fn play_bots(&mut self, show: &mut dyn FnMut(&str)) -> Result<Option<usize>> {
        while let Some(events) = self.play_bot()? {
            for event in events {
                show(&event);
            }
        }
        Ok(self.game.to_act())
    }

    /// Lets the bot asked, if a bot is asked, give its answer, and returns the events it
    /// caused as the people see them; `None` when a person is asked or the game is over.
    ///
    /// # Errors
    /// As [`Sitting::play_bots`].
    pub fn play_bot(&mut self) -> Result<Option<Vec<String>>> {
        let Some(seat) = self.game.to_act().filter(|s| !self.people.contains(s)) else {
            return Ok(None);
        };
        let answer = self.game.bot_answer(&self.seats[seat])?;
        let events = self.game.apply_seen_by(answer, self.viewer(seat))?;
        self.given.push(answer);
        Ok(Some(events))
    }

    /// Carries out the answer numbered `index`, given by the person asked, and returns
    /// the events it caused as they see them. The game as it stood is kept, to take the
    /// answer back ([`Sitting::take_back`]).
    ///
    /// # Errors
    /// Refuses an answer that is not among those offered, leaving the game as it was.
    pub fn answer(&mut self, index: usize) -> Result<Vec<String>> {
        let seat = self
            .game
            .to_act()
            .ok_or_else(|| anyhow::anyhow!("the game is over"))?;
        let before = self.game.clone();
        let events = self.game.apply_seen_by(index, self.viewer(seat))?;
        self.before.push((before, self.given.len()));
        self.given.push(index);
        Ok(events)
    }

    /// Takes back the last answer a person gave, and every answer given after it (the
    /// bots'), when the game has shown the people nothing since that they could not know
    /// before it ([`Session::revealed_by`]): the game is then exactly as it stood before
    /// that answer, its dice to come included, and the answer leaves the record. Returns
    /// the answer taken back, as it printed.
    ///
    /// # Errors
    /// [`Kept`] says why the answer stays: none was given, or something hidden came out.
    pub fn take_back(&mut self) -> Result<String, Kept> {
        let (before, at) = self.before.last().ok_or(Kept::Nothing)?;
        let answer = before
            .action_text(self.given[*at])
            .expect("an answer given has a text");
        let revealed = before
            .revealed_by(&self.given[*at..], &self.people)
            .expect("the answers given were legal");
        if let Some(shown) = revealed {
            return Err(Kept::Revealed { answer, shown });
        }
        let (before, at) = self.before.pop().expect("checked above");
        self.game = before;
        self.given.truncate(at);
        Ok(answer)
    }

    /// Returns the record of the game so far: every answer the people gave and kept.
    pub fn record(&self) -> Record {
        Record {
            floe_version: env!("CARGO_PKG_VERSION").to_string(),
            game: self.game.game().to_string(),
            players: self.game.players(),
            seed: self.seed,
            seats: self.seats.clone(),
            answers: self.before.iter().map(|&(_, at)| self.given[at]).collect(),
            rules: self.rules.clone(),
            plugged: self.plugged.clone(),
        }
    }
}

/// Gives back a record's answers in order; notes where the record and the game part.
struct Recorded {
    answers: Mutex<VecDeque<usize>>,
    given: usize,
    fault: Mutex<Option<String>>,
}

impl Outsider for Recorded {
    fn answer(&self, question: &dyn Asked) -> usize {
        let offered = question.answers();
        let next = self.answers.lock().expect("not poisoned").pop_front();
        let mut fault = self.fault.lock().expect("not poisoned");
        match next {
            Some(n) if offered.iter().any(|(i, _)| *i == n) => return n,
            _ if fault.is_some() => {}
            Some(n) => {
                let at = self.given - self.answers.lock().expect("not poisoned").len();
                let listed: Vec<String> =
                    offered.iter().map(|(i, t)| format!("{i} ({t})")).collect();
                *fault = Some(format!(
                    "answer {at} of the record ({n}) is not among the answers to S{}'s \
                     question: {}",
                    question.seat(),
                    listed.join(" | ")
                ));
            }
            None => {
                *fault = Some(format!(
                    "the record's {} answers end before the game does",
                    self.given
                ));
            }
        }
        offered[0].0
    }
}

/// Tells the game of `record` (read from `path`, its seats read with `registry`) again, in
/// full or as `seat` saw it (see [`crate::replay::replay`]).
///
/// # Errors
/// Fails if the record does not fit its game: bad rules or seats, or answers that are
/// not among those offered, too few or too many.
pub fn replay_record(
    record: &Record,
    path: &Path,
    seat: Option<usize>,
    registry: &Registry,
) -> Result<String> {
    tell_record(record, path, registry, |plan, bots| {
        crate::replay::replay(plan, 0, seat, bots)
    })
}

/// Tells the game of `record` (read from `path`, its seats read with `registry`) again
/// with `tell`, given the record's one-game plan and the bots that give its answers (see
/// [`replay_record`]).
///
/// # Errors
/// As [`replay_record`], and `tell`'s own errors.
pub fn tell_record<T>(
    record: &Record,
    path: &Path,
    registry: &Registry,
    tell: impl FnOnce(&Plan, &Registry) -> Result<T>,
) -> Result<T> {
    let recorded = Arc::new(Recorded {
        answers: Mutex::new(record.answers.iter().copied().collect()),
        given: record.answers.len(),
        fault: Mutex::new(None),
    });
    let mut bots = registry.clone();
    bots.seat(Plug::new(PERSON, recorded.clone()));
    let plan = record
        .plan(path, &bots)
        .map_err(|e| record_error(path, "the record does not fit its game").because(e))?;
    let text = tell(&plan, &bots)?;
    if let Some(fault) = recorded.fault.lock().expect("not poisoned").take() {
        return Err(record_error(path, fault).into());
    }
    let left = recorded.answers.lock().expect("not poisoned").len();
    if left > 0 {
        return Err(record_error(path, unasked(left, record.answers.len())).into());
    }
    Ok(text)
}

/// Says that the game ended with `left` of a record's `total` answers not asked for.
pub(crate) fn unasked(left: usize, total: usize) -> String {
    format!("the game ends with {left} of the record's {total} answers not asked for")
}

/// The record at `path` refused for `message`.
pub(crate) fn record_error(path: &Path, message: impl Into<Message>) -> SettingError {
    SettingError::new(Setting::Record, message).value(path.display())
}
