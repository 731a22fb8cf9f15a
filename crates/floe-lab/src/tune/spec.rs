//! Tune specs: the TOML files that say what `floe tune` searches, for what, with how many
//! games. Read and checked so that every error names the file, the line and the key; the
//! checks that need the game's rules are in [`super::plan`].

use std::path::{Path, PathBuf};

use anyhow::Result;
use floe_bots::{BotSpec, Registry};
use floe_core::{ParamValue, line_of};
use serde::Deserialize;
use toml::Spanned;

use super::objective::{Objective, STATISTICS, Statistic};
use super::search::Method;
use crate::spec::{Header, SpecText, at, player_counts, read_header, read_toml};

/// The spec as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TuneFile {
    name: Option<Spanned<String>>,
    description: Option<String>,
    game: Option<Spanned<String>>,
    rules: Option<Spanned<String>>,
    seed: Option<u64>,
    players: Spanned<Vec<Spanned<i64>>>,
    bots: Spanned<String>,
    tuned: Option<Spanned<String>>,
    budget: Spanned<i64>,
    method: Option<Spanned<String>>,
    racing_max_space: Option<Spanned<i64>>,
    round_games: Option<Spanned<i64>>,
    confidence: Option<Spanned<f64>>,
    finalists: Option<Spanned<i64>>,
    validation_games: Option<Spanned<i64>>,
    ntbea_neighbours: Option<Spanned<i64>>,
    ntbea_exploration: Option<Spanned<f64>>,
    ntbea_batch: Option<Spanned<i64>>,
    params: Spanned<Vec<ParamFile>>,
    objective: Spanned<ObjectiveFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ParamFile {
    name: Spanned<String>,
    values: Option<Spanned<Vec<Spanned<ParamValue>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectiveFile {
    seat_spread: Option<Spanned<f64>>,
    seat_chi2: Option<Spanned<f64>>,
    length: Option<Spanned<f64>>,
    round_limit: Option<Spanned<f64>>,
    ties: Option<Spanned<f64>>,
    strength: Option<Spanned<f64>>,
    length_target: Option<Spanned<f64>>,
}

/// The defaults of the spec's optional keys (documented in the README).
pub mod defaults {
    /// The method picked by the space's size: racing up to this many candidates.
    pub const RACING_MAX_SPACE: usize = 64;
    /// Games per candidate per round.
    pub const ROUND_GAMES: u64 = 2_000;
    /// The confidence of racing's comparisons and of every interval reported.
    pub const CONFIDENCE: f64 = 0.95;
    /// Candidates measured again on fresh deals.
    pub const FINALISTS: usize = 5;
    /// NTBEA: neighbours drawn per round.
    pub const NEIGHBOURS: usize = 50;
    /// NTBEA: the exploration weight of the upper confidence bound.
    pub const EXPLORATION: f64 = 2.0;
    /// NTBEA: candidates evaluated per round (on shared deals).
    pub const BATCH: usize = 4;
}

/// One tuned parameter, as the spec names it.
#[derive(Clone, Debug)]
pub struct TunedParam {
    /// The parameter's name (for a per-player-count parameter, without the count).
    pub name: String,
    /// The values to try with their lines, or `None` for every value it allows.
    pub values: Option<Vec<(ParamValue, usize)>>,
    /// The line of `name`.
    pub line: usize,
}

/// A checked tune spec.
#[derive(Clone, Debug)]
pub struct TuneSpec {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// The run's name (default: the file's stem): its results folder's name.
    pub name: String,
    /// What it asks.
    pub description: String,
    /// The game.
    pub game: String,
    /// The rules file and the line naming it.
    pub rules: Option<(PathBuf, usize)>,
    /// The master seed of every game, search and validation.
    pub seed: u64,
    /// The player counts, each tuned on its own.
    pub players: Vec<usize>,
    /// The line of `players`.
    pub players_line: usize,
    /// The bots: one spec for every seat, or one per seat; with a tuned bot, the reference
    /// line-up it meets.
    pub bots: String,
    /// The line of `bots`.
    pub bots_line: usize,
    /// The bot whose parameters are tuned (its spec as written, before the tuned values
    /// are added), with its line: it meets the reference line-up on duplicate deals.
    pub tuned: Option<(BotSpec, usize)>,
    /// Games the search may spend at each player count.
    pub budget: u64,
    /// The line of `budget`.
    pub budget_line: usize,
    /// The method asked for, or `None` to choose by the space's size.
    pub method: Option<Method>,
    /// Largest space raced when the method is chosen.
    pub racing_max_space: usize,
    /// Games per candidate per round.
    pub round_games: u64,
    /// The line of `round_games` (of `budget` when it is left out).
    pub round_games_line: usize,
    /// The confidence of comparisons and intervals.
    pub confidence: f64,
    /// Candidates measured again.
    pub finalists: usize,
    /// Games of the validation at each player count, shared out among the finalists and
    /// the rules' own table.
    pub validation_games: u64,
    /// The line of `validation_games` (of `budget` when it is left out).
    pub validation_line: usize,
    /// NTBEA's neighbours per round.
    pub neighbours: usize,
    /// NTBEA's exploration weight.
    pub exploration: f64,
    /// NTBEA's candidates per round.
    pub batch: usize,
    /// The parameters tuned.
    pub params: Vec<TunedParam>,
    /// The line of `[objective]`.
    pub objective_line: usize,
    /// What is minimised.
    pub objective: Objective,
    /// The bots `bots` and `tuned` may name besides the built-in ones.
    pub registry: Registry,
}

impl TuneSpec {
    /// Returns an error at `line` of the spec, naming `key`.
    pub fn error_at(
        &self,
        line: usize,
        key: &str,
        message: impl std::fmt::Display,
    ) -> anyhow::Error {
        at(&self.path, line, key, message)
    }

    /// Reads and checks the spec at `path`, whose bots may be those of `registry` too:
    /// everything that does not need the game.
    ///
    /// # Errors
    /// Names the file, line and key of the first problem.
    pub fn read(path: &Path, registry: &Registry) -> Result<TuneSpec> {
        let (text, file): (String, TuneFile) = read_toml(path, "tune spec")?;
        let spec = SpecText {
            path,
            text: &text,
            registry,
        };
        let Header {
            name, game, rules, ..
        } = read_header(path, &text, &file.name, &file.game, &file.rules, "tune")?;
        let players = player_counts(path, &text, &file.players, "players")?;
        spec.bot_specs(&file.bots, "bots")?;
        let optional = |v: &Option<Spanned<i64>>, key: &str, default: u64| -> Result<u64> {
            v.as_ref().map_or(Ok(default), |v| spec.positive(v, key))
        };
        let budget = spec.positive(&file.budget, "budget")?;
        let method = read_method(&spec, file.method.as_ref())?;
        let confidence = match &file.confidence {
            None => defaults::CONFIDENCE,
            Some(c) if *c.get_ref() > 0.0 && *c.get_ref() < 1.0 => *c.get_ref(),
            Some(c) => {
                let message = format!("{} is not between 0 and 1", c.get_ref());
                return Err(spec.err(c.span(), "confidence", message));
            }
        };
        let exploration = match &file.ntbea_exploration {
            None => defaults::EXPLORATION,
            Some(k) if *k.get_ref() >= 0.0 && k.get_ref().is_finite() => *k.get_ref(),
            Some(k) => {
                let message = format!("{} is not a number of 0 or more", k.get_ref());
                return Err(spec.err(k.span(), "ntbea_exploration", message));
            }
        };
        let validation_line = file
            .validation_games
            .as_ref()
            .map_or(spec.line(file.budget.span()), |v| spec.line(v.span()));
        let params = read_params(path, &text, &file.params)?;
        let objective = read_objective(path, &text, &file.objective)?;
        let tuned = read_tuned(&spec, &file, &objective)?;
        Ok(TuneSpec {
            path: path.to_path_buf(),
            name,
            description: file.description.clone().unwrap_or_default(),
            game,
            rules,
            seed: file.seed.unwrap_or(1),
            players,
            players_line: spec.line(file.players.span()),
            bots: file.bots.get_ref().clone(),
            bots_line: spec.line(file.bots.span()),
            tuned,
            budget,
            budget_line: spec.line(file.budget.span()),
            method,
            racing_max_space: optional(
                &file.racing_max_space,
                "racing_max_space",
                defaults::RACING_MAX_SPACE as u64,
            )? as usize,
            round_games: optional(&file.round_games, "round_games", defaults::ROUND_GAMES)?,
            round_games_line: file
                .round_games
                .as_ref()
                .map_or(spec.line(file.budget.span()), |v| spec.line(v.span())),
            confidence,
            finalists: optional(&file.finalists, "finalists", defaults::FINALISTS as u64)? as usize,
            validation_games: optional(&file.validation_games, "validation_games", budget)?,
            validation_line,
            neighbours: optional(
                &file.ntbea_neighbours,
                "ntbea_neighbours",
                defaults::NEIGHBOURS as u64,
            )? as usize,
            exploration,
            batch: optional(&file.ntbea_batch, "ntbea_batch", defaults::BATCH as u64)? as usize,
            params,
            objective_line: spec.line(file.objective.span()),
            objective,
            text,
            registry: registry.clone(),
        })
    }
}

/// Reads `method`: `auto` (or none) lets the tuner choose.
fn read_method(spec: &SpecText, method: Option<&Spanned<String>>) -> Result<Option<Method>> {
    let Some(m) = method else {
        return Ok(None);
    };
    match m.get_ref().as_str() {
        "auto" => Ok(None),
        "racing" => Ok(Some(Method::Racing)),
        "ntbea" => Ok(Some(Method::Ntbea)),
        other => Err(spec.err(
            m.span(),
            "method",
            format!("{other:?} is not auto, racing or ntbea"),
        )),
    }
}

/// Reads `tuned`, the bot whose parameters are tuned, and its line: named exactly when
/// `objective` weighs its strength.
fn read_tuned(
    spec: &SpecText,
    file: &TuneFile,
    objective: &Objective,
) -> Result<Option<(BotSpec, usize)>> {
    let strength = objective.weights.iter().any(|w| w.0 == Statistic::Strength);
    match &file.tuned {
        None if strength => Err(spec.err(
            file.objective.span(),
            "objective.strength",
            "measures a tuned bot: name it, as in tuned = \"mcts:iters=200\"",
        )),
        None => Ok(None),
        Some(t) => {
            let bot = spec
                .registry
                .parse(t.get_ref())
                .map_err(|e| spec.err(t.span(), "tuned", e))?;
            if !strength {
                return Err(spec.err(
                    t.span(),
                    "tuned",
                    "a tuned bot is measured by its strength: weigh objective.strength above 0",
                ));
            }
            Ok(Some((bot, spec.line(t.span()))))
        }
    }
}

/// Reads the `[[params]]` tables: at least one, no name twice, a values list not empty.
fn read_params(path: &Path, text: &str, list: &Spanned<Vec<ParamFile>>) -> Result<Vec<TunedParam>> {
    if list.get_ref().is_empty() {
        return Err(at(
            path,
            line_of(text, list.span().start),
            "params",
            "give at least one [[params]] table",
        ));
    }
    let mut params: Vec<TunedParam> = Vec::new();
    for (i, p) in list.get_ref().iter().enumerate() {
        let line = line_of(text, p.name.span().start);
        if let Some(j) = params.iter().position(|q| q.name == *p.name.get_ref()) {
            return Err(at(
                path,
                line,
                &format!("params[{i}].name"),
                format!("{:?} is tuned twice (also params[{j}])", p.name.get_ref()),
            ));
        }
        let values = match &p.values {
            None => None,
            Some(v) if v.get_ref().is_empty() => {
                return Err(at(
                    path,
                    line_of(text, v.span().start),
                    &format!("params[{i}].values"),
                    "list at least one value",
                ));
            }
            Some(v) => Some(
                v.get_ref()
                    .iter()
                    .map(|x| (x.get_ref().clone(), line_of(text, x.span().start)))
                    .collect(),
            ),
        };
        params.push(TunedParam {
            name: p.name.get_ref().clone(),
            values,
            line,
        });
    }
    Ok(params)
}

/// Reads `[objective]`: weights of 0 or more, at least one above 0, and a target for
/// `length`.
fn read_objective(path: &Path, text: &str, o: &Spanned<ObjectiveFile>) -> Result<Objective> {
    let f = o.get_ref();
    let given = [
        ("seat_spread", &f.seat_spread),
        ("seat_chi2", &f.seat_chi2),
        ("length", &f.length),
        ("round_limit", &f.round_limit),
        ("ties", &f.ties),
        ("strength", &f.strength),
    ];
    let mut weights = Vec::new();
    for (key, weight) in given {
        let Some(w) = weight else { continue };
        let line = line_of(text, w.span().start);
        if !(w.get_ref().is_finite() && *w.get_ref() >= 0.0) {
            return Err(at(
                path,
                line,
                &format!("objective.{key}"),
                format!("{} is not a weight of 0 or more", w.get_ref()),
            ));
        }
        let statistic: Statistic = STATISTICS
            .iter()
            .find(|(name, _, _)| *name == key)
            .map(|s| s.1)
            .expect("every key is a statistic");
        if *w.get_ref() > 0.0 {
            weights.push((statistic, *w.get_ref()));
        }
    }
    let line = line_of(text, o.span().start);
    if weights.is_empty() {
        let names: Vec<&str> = STATISTICS.iter().map(|s| s.0).collect();
        return Err(at(
            path,
            line,
            "objective",
            format!("weigh at least one statistic above 0: {}", names.join(", ")),
        ));
    }
    let length_target = match (
        &f.length_target,
        weights.iter().any(|w| w.0 == Statistic::Length),
    ) {
        (Some(t), _) if t.get_ref().is_finite() => *t.get_ref(),
        (Some(t), _) => {
            return Err(at(
                path,
                line_of(text, t.span().start),
                "objective.length_target",
                format!("{} is not a number of rounds", t.get_ref()),
            ));
        }
        (None, true) => {
            return Err(at(
                path,
                line,
                "objective.length_target",
                "give the target mean rounds the length statistic measures from",
            ));
        }
        (None, false) => 0.0,
    };
    Ok(Objective {
        weights,
        length_target,
    })
}
