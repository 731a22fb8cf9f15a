//! A game with people at the table: played once (`floe play`), kept as a [`Record`] of
//! the seed, the seating and every answer the people gave, and told again from it
//! (`floe replay --record`).
//!
//! People are outsiders ([`floe_bots::outsider`]) seated under the name [`PERSON`]. The
//! game is game 0 of a one-cell run with the record's master seed, played by the runner's
//! own [`floe_sim::replay`], so the record's answers, given back in order, play the same
//! game again.

use std::collections::VecDeque;
use std::path::Path;
use std::sync::{Arc, Mutex};

use anyhow::{Result, anyhow};
use floe_bots::outsider::{Asked, Outsider, Plug};
use floe_bots::split_spec_list;
use floe_core::{Game, Seat};
use floe_games::GameVisitor;
use floe_sim::{Line, Setting};

use crate::RunKind;
use crate::message::{Message, SettingError};
use crate::plan::Plan;
use crate::request::{NamedBy, RulesFile, RunRequest, plan_run};
use crate::setup::{Machine, setup};

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
}

impl Record {
    /// Reads the record at `path`.
    ///
    /// # Errors
    /// Names the file, and the line and key of a bad entry.
    pub fn read(path: &Path) -> Result<Record> {
        let text = crate::input::read_text(path)
            .map_err(|e| record_error(path, "cannot read the game record").because(e))?;
        toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map(|s| format!("line {}: ", text[..s.start].matches('\n').count() + 1))
                .unwrap_or_default();
            record_error(path, format!("{line}{}", e.message())).into()
        })
    }

    /// Returns the record as TOML text.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a record serializes to TOML")
    }

    /// Returns the one-game plan the record was played under, its people seated by
    /// `person`.
    fn plan(&self, path: &Path, person: Plug) -> Result<Plan> {
        let rules = RulesFile {
            named_by: NamedBy::Setting {
                setting: Setting::Record,
                value: path.display().to_string(),
                part: "rules",
            },
            text: self.rules.clone(),
            stem: "rules".into(),
        };
        plan_game(
            &self.game,
            Some(rules),
            self.players,
            &self.seats.join(","),
            self.seed,
            person,
        )
    }
}

/// Plans game 0 of a run of `game` (under `rules`) with master seed `seed`, with one bot
/// spec per seat in `seats` ([`PERSON`] seating `person`).
fn plan_game(
    game: &str,
    rules: Option<RulesFile>,
    players: usize,
    seats: &str,
    seed: u64,
    person: Plug,
) -> Result<Plan> {
    let planned = plan_run(RunRequest {
        kind: RunKind::Simulate,
        game: game.to_string(),
        rules,
        players,
        bots: seats.to_string(),
        games: 1,
        dealing: floe_sim::Dealing {
            seed,
            ..floe_sim::Dealing::default()
        },
        per_game: false,
        outsiders: vec![person],
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

/// A game to play with people: who sits where, and the game.
pub struct Sitting {
    /// The one-game plan.
    pub plan: Plan,
    /// The seats people take.
    pub people: Vec<usize>,
    /// Who sits where: a bot spec per seat, [`PERSON`] for a person's seat.
    seats: Vec<String>,
    person: Plug,
    given: Arc<Keeper>,
}

/// Keeps every answer the people give, in order.
struct Keeper {
    person: Arc<dyn Outsider>,
    given: Mutex<Vec<usize>>,
}

impl Outsider for Keeper {
    fn answer(&self, question: &dyn Asked) -> usize {
        let chosen = self.person.answer(question);
        self.given.lock().expect("not poisoned").push(chosen);
        chosen
    }
}

impl Sitting {
    /// Seats `person` wherever `seats` (one bot spec per seat, comma-separated) says
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
        person: Arc<dyn Outsider>,
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
        let given = Arc::new(Keeper {
            person,
            given: Mutex::new(Vec::new()),
        });
        let plug = Plug::new(PERSON, given.clone());
        let plan = plan_game(game, rules, players, seats, seed, plug.clone())?;
        Ok(Sitting {
            plan,
            people,
            seats: specs.iter().map(|s| s.trim().to_string()).collect(),
            person: plug,
            given,
        })
    }

    /// Plays the game: people answer through the outsider, and `show` receives every
    /// event as the people see it (see [`tell_events`]) and, at the end, the final
    /// scores. Returns the record of the game.
    ///
    /// # Errors
    /// Fails if the plan does not fit its game.
    pub fn play(&self, show: &mut dyn FnMut(&str)) -> Result<Record> {
        let plan = &self.plan;
        tell_events(plan, &self.people, std::slice::from_ref(&self.person), show)?;
        Ok(Record {
            floe_version: env!("CARGO_PKG_VERSION").to_string(),
            game: plan.game.clone(),
            players: plan.cells[0].players,
            seed: plan.dealing.seed,
            seats: self.seats.clone(),
            answers: self.given.given.lock().expect("not poisoned").clone(),
            rules: plan.rules.clone(),
        })
    }
}

/// Plays game 0 of the one-cell `plan` with `outsiders` and hands `show` each event as
/// the people at `people` see it ([`Game::seen_by`]): as the person just asked sees it
/// when a person answered last, else as the first person does (people who share a
/// terminal share what is shown there). Then hands it the final scores.
fn tell_events(
    plan: &Plan,
    people: &[usize],
    outsiders: &[Plug],
    show: &mut dyn FnMut(&str),
) -> Result<()> {
    struct Tell<'a> {
        plan: &'a Plan,
        people: &'a [usize],
        outsiders: &'a [Plug],
        show: &'a mut dyn FnMut(&str),
    }
    impl GameVisitor for Tell<'_> {
        type Output = Result<()>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<()> {
            let Tell {
                plan,
                people,
                outsiders,
                show,
            } = self;
            let setup = setup(game, plan, &plan.cells[0], Machine::default(), outsiders)
                .map_err(|m| anyhow!("{m}"))?;
            let game = &setup.game;
            let mut viewer = Seat(people[0] as u8);
            let record = floe_sim::replay(game, &setup.config, 0, &mut |line| match line {
                Line::Question { seat, .. } => {
                    viewer = if people.contains(&seat.index()) {
                        seat
                    } else {
                        Seat(people[0] as u8)
                    };
                }
                Line::Event(e) => show(&game.seen_by(e, viewer).to_string()),
                Line::Over(_) => {}
            });
            show(&crate::replay::final_scores(
                game,
                &setup.label,
                &record.outcome,
            ));
            Ok(())
        }
    }
    let visitor = Tell {
        plan,
        people,
        outsiders,
        show,
    };
    floe_games::visit(&plan.game, Some(&plan.rules), visitor).map_err(|e| anyhow!("{e}"))?
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

/// Tells the game of `record` (read from `path`) again, in full or as `seat` saw it (see
/// [`crate::replay::replay`]).
///
/// # Errors
/// Fails if the record does not fit its game: bad rules or seats, or answers that are
/// not among those offered, too few or too many.
pub fn replay_record(record: &Record, path: &Path, seat: Option<usize>) -> Result<String> {
    let recorded = Arc::new(Recorded {
        answers: Mutex::new(record.answers.iter().copied().collect()),
        given: record.answers.len(),
        fault: Mutex::new(None),
    });
    let plan = record
        .plan(path, Plug::new(PERSON, recorded.clone()))
        .map_err(|e| record_error(path, "the record does not fit its game").because(e))?;
    let text = crate::replay::replay(&plan, 0, seat, &[Plug::new(PERSON, recorded.clone())])?;
    if let Some(fault) = recorded.fault.lock().expect("not poisoned").take() {
        return Err(record_error(path, fault).into());
    }
    let left = recorded.answers.lock().expect("not poisoned").len();
    if left > 0 {
        return Err(record_error(
            path,
            format!(
                "the game ends with {left} of the record's {} answers not asked for",
                record.answers.len()
            ),
        )
        .into());
    }
    Ok(text)
}

/// The record at `path` refused for `message`.
fn record_error(path: &Path, message: impl Into<Message>) -> SettingError {
    SettingError::new(Setting::Record, message).value(path.display())
}
