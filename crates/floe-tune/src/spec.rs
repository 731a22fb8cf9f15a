//! Tune specs: the TOML files that say what `floe tune` searches, for what, with how many
//! games. Read and checked so that every error names the file, the line and the key; the
//! checks that need the game's rules are in [`crate::plan`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Result;
use floe_bots::{BotSpec, Registry};
use floe_core::{ParamValue, line_of};
use serde::Deserialize;
use toml::Spanned;

use crate::objective::{LARGEST_OBJECTIVE, Objective, Statistic, statistics};
use crate::search::Method;
use floe_lab::spec::{Header, SpecText, at, number, player_counts, read_header, read_toml};
use floe_sim::arc::MEASURES;

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
    /// Weights and targets by key: read by [`read_objective`] against the statistics'
    /// names ([`statistics`]), so that every measure is a key without being listed here.
    objective: Spanned<BTreeMap<String, Spanned<f64>>>,
    arc: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ParamFile {
    name: Spanned<String>,
    values: Option<Spanned<Vec<Spanned<ParamValue>>>>,
}

/// The keys of `[objective]`, by name.
type ObjectiveFile = BTreeMap<String, Spanned<f64>>;

/// The defaults of the spec's optional keys (documented in docs/designers.md, "Tuning the rules").
pub mod defaults {
    /// The method picked by the space's size: racing up to this many candidates.
    pub const RACING_MAX_SPACE: usize = 64;
    /// Games per candidate per round.
    pub const ROUND_GAMES: u64 = 2_000;
    /// The confidence of racing's comparisons and of every interval reported.
    pub const CONFIDENCE: f64 = floe_sim::verdict::CONFIDENCE;
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
    /// The line of `ntbea_neighbours`, `None` when it is left to the default.
    pub neighbours_line: Option<usize>,
    /// NTBEA's exploration weight.
    pub exploration: f64,
    /// NTBEA's candidates per round.
    pub batch: usize,
    /// The line of `ntbea_batch`, `None` when it is left to the default.
    pub batch_line: Option<usize>,
    /// The parameters tuned.
    pub params: Vec<TunedParam>,
    /// The line of `[objective]`.
    pub objective_line: usize,
    /// What is minimised.
    pub objective: Objective,
    /// Whether the runs follow how each game unfolds and write `arc.csv` (`arc = true`,
    /// `--arc`, or an objective that weighs a measure of it).
    pub arc: bool,
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
        let budget = spec.positive(&file.budget, "budget")?;
        let method = read_method(&spec, file.method.as_ref())?;
        let confidence = read_confidence(&spec, file.confidence.as_ref())?;
        let exploration = read_exploration(&spec, file.ntbea_exploration.as_ref())?;
        let params = read_params(path, &text, &file.params)?;
        let most_players = players.iter().copied().max().unwrap_or(0);
        let objective = read_objective(path, &text, &file.objective, most_players)?;
        let tuned = read_tuned(&spec, &file, &objective)?;
        let counts = read_counts(&spec, &file, budget)?;
        let read = TuneSpec {
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
            racing_max_space: counts.racing_max_space,
            round_games: counts.round_games,
            round_games_line: counts.round_games_line,
            confidence,
            finalists: counts.finalists,
            validation_games: counts.validation_games,
            validation_line: counts.validation_line,
            neighbours: counts.neighbours,
            neighbours_line: counts.neighbours_line,
            exploration,
            batch: counts.batch,
            batch_line: counts.batch_line,
            params,
            objective_line: spec.line(file.objective.span()),
            arc: file.arc.unwrap_or(false) || objective.follows_arcs(),
            objective,
            text,
            registry: registry.clone(),
        };
        read.check_most_games()?;
        Ok(read)
    }

    /// Fails, at `budget`, when the tune's games do not fit the 64 bits they are counted in
    /// (see [`TuneSpec::most_games`]).
    fn check_most_games(&self) -> Result<()> {
        if self.most_games().is_none() {
            return Err(self.error_at(
                self.budget_line,
                "budget",
                format!(
                    "{} games, with validation_games = {}, are more than a tune can count: \
                     at each of the spec's player counts ({}) it numbers up to budget + 2 x \
                     validation_games games, the validation's deals lying past the \
                     search's, and it counts at most {} games in all",
                    self.budget,
                    self.validation_games,
                    self.players.len(),
                    u64::MAX
                ),
            ));
        }
        Ok(())
    }

    /// Returns the most games the tune counts, or `None` when they do not fit the 64 bits
    /// every run counts games in: at each player count, the search's budget and a
    /// validation block that starts at most one block past it (so its deals are never the
    /// search's), budget + 2 x validation_games, summed over the player counts (the
    /// progress reported). Checked when a spec is read and when `--games` makes a trial
    /// of it, so that no game index or total wraps after the games have begun.
    pub fn most_games(&self) -> Option<u64> {
        self.validation_games
            .checked_mul(2)?
            .checked_add(self.budget)?
            .checked_mul(self.players.len() as u64)
    }
}

/// The spec's optional counts (each at least 1, with its default when left out) and the
/// lines that name them.
struct Counts {
    racing_max_space: usize,
    round_games: u64,
    round_games_line: usize,
    finalists: usize,
    validation_games: u64,
    validation_line: usize,
    neighbours: usize,
    neighbours_line: Option<usize>,
    batch: usize,
    batch_line: Option<usize>,
}

/// Reads the optional counts of `file` (`validation_games` defaulting to `budget`), in
/// the order their errors are reported.
fn read_counts(spec: &SpecText, file: &TuneFile, budget: u64) -> Result<Counts> {
    let optional = |v: &Option<Spanned<i64>>, key: &str, default: u64| -> Result<u64> {
        v.as_ref().map_or(Ok(default), |v| spec.positive(v, key))
    };
    // The line of an optional key, or of `budget` when it is left out.
    let line_or_budget = |v: &Option<Spanned<i64>>| {
        v.as_ref()
            .map_or(spec.line(file.budget.span()), |v| spec.line(v.span()))
    };
    Ok(Counts {
        racing_max_space: optional(
            &file.racing_max_space,
            "racing_max_space",
            defaults::RACING_MAX_SPACE as u64,
        )? as usize,
        round_games: optional(&file.round_games, "round_games", defaults::ROUND_GAMES)?,
        round_games_line: line_or_budget(&file.round_games),
        finalists: optional(&file.finalists, "finalists", defaults::FINALISTS as u64)? as usize,
        validation_games: optional(&file.validation_games, "validation_games", budget)?,
        validation_line: line_or_budget(&file.validation_games),
        neighbours: optional(
            &file.ntbea_neighbours,
            "ntbea_neighbours",
            defaults::NEIGHBOURS as u64,
        )? as usize,
        neighbours_line: file.ntbea_neighbours.as_ref().map(|v| spec.line(v.span())),
        batch: optional(&file.ntbea_batch, "ntbea_batch", defaults::BATCH as u64)? as usize,
        batch_line: file.ntbea_batch.as_ref().map(|v| spec.line(v.span())),
    })
}

/// Reads `confidence`: strictly between 0 and 1.
fn read_confidence(spec: &SpecText, confidence: Option<&Spanned<f64>>) -> Result<f64> {
    match confidence {
        None => Ok(defaults::CONFIDENCE),
        Some(c) if *c.get_ref() > 0.0 && *c.get_ref() < 1.0 => Ok(*c.get_ref()),
        Some(c) => {
            let message = format!("{} is not between 0 and 1", c.get_ref());
            Err(spec.err(c.span(), "confidence", message))
        }
    }
}

/// Reads `ntbea_exploration`, from 0 to [`LARGEST_OBJECTIVE`].
fn read_exploration(spec: &SpecText, exploration: Option<&Spanned<f64>>) -> Result<f64> {
    // The exploration weight scales a bonus of at most about 7,000 (see the search's
    // upper confidence bound) that is added to objectives: held to the objectives'
    // own bound, the sum stays finite.
    match exploration {
        None => Ok(defaults::EXPLORATION),
        Some(k) if (0.0..=LARGEST_OBJECTIVE).contains(k.get_ref()) => Ok(*k.get_ref()),
        Some(k) => {
            let message = format!(
                "{} is not a number from 0 to {}, the most an objective may reach",
                number(*k.get_ref()),
                number(LARGEST_OBJECTIVE)
            );
            Err(spec.err(k.span(), "ntbea_exploration", message))
        }
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
            format!(
                "{} is not auto, racing or ntbea",
                floe_io::gate::quoted(other)
            ),
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
                format!(
                    "{} is tuned twice (also params[{j}])",
                    floe_io::gate::quoted(p.name.get_ref())
                ),
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

/// A weight above 0 of `[objective]`: its statistic, the weight, its key and its line.
type Weighed = (Statistic, f64, &'static str, usize);

/// The key of the target of the statistic named `name` (`length_target`, `drama_target`).
fn target_key(name: &str) -> String {
    format!("{name}_target")
}

/// Reads `[objective]` for games of at most `players` seats: only keys it knows (a
/// statistic's weight or target), weights of 0 or more, at least one above 0, a target of
/// 0 rounds or more for `length` and one in a measure's range for a measure of how games
/// unfold, and no weight so large that the objective could pass [`LARGEST_OBJECTIVE`]
/// (the weights times their statistics' largest values), which would overflow after the
/// games.
fn read_objective(
    path: &Path,
    text: &str,
    o: &Spanned<ObjectiveFile>,
    players: usize,
) -> Result<Objective> {
    let f = o.get_ref();
    check_objective_keys(path, text, f)?;
    let weighed = read_weights(path, text, f)?;
    let line = line_of(text, o.span().start);
    if weighed.is_empty() {
        let names: Vec<&str> = statistics().map(|s| s.0).collect();
        return Err(at(
            path,
            line,
            "objective",
            format!("weigh at least one statistic above 0: {}", names.join(", ")),
        ));
    }
    let objective = Objective {
        weights: weighed.iter().map(|w| (w.0, w.1)).collect(),
        length_target: read_length_target(path, text, f, &weighed, line)?,
        arc_targets: read_arc_targets(path, text, f)?,
    };
    check_largest_objective(path, &weighed, players, &objective)?;
    Ok(objective)
}

/// Fails at the first key of `[objective]` that is neither a statistic's weight nor its
/// target, naming the keys there are.
fn check_objective_keys(path: &Path, text: &str, f: &ObjectiveFile) -> Result<()> {
    let known = |key: &str| {
        statistics().any(|(name, s, _)| {
            key == name
                || (matches!(s, Statistic::Length | Statistic::Arc(_)) && key == target_key(name))
        })
    };
    match f.iter().find(|(key, _)| !known(key)) {
        None => Ok(()),
        Some((key, value)) => {
            let names: Vec<&str> = statistics().map(|s| s.0).collect();
            Err(at(
                path,
                line_of(text, value.span().start),
                &format!("objective.{key}"),
                format!(
                    "unknown key: an objective weighs {} (each by a number of 0 or more), \
                     and length and each measure of how games unfold may have a target, \
                     NAME_target",
                    names.join(", ")
                ),
            ))
        }
    }
}

/// Reads the weights of `[objective]`, each 0 or more: those above 0, in the order of
/// [`statistics`] (so that an objective adds its terms in one order, whatever the file's).
fn read_weights(path: &Path, text: &str, f: &ObjectiveFile) -> Result<Vec<Weighed>> {
    let mut weighed = Vec::new();
    for (key, statistic, _) in statistics() {
        let Some(w) = f.get(key) else { continue };
        let line = line_of(text, w.span().start);
        if !(w.get_ref().is_finite() && *w.get_ref() >= 0.0) {
            return Err(at(
                path,
                line,
                &format!("objective.{key}"),
                format!("{} is not a weight of 0 or more", number(*w.get_ref())),
            ));
        }
        if *w.get_ref() > 0.0 {
            weighed.push((statistic, *w.get_ref(), key, line));
        }
    }
    Ok(weighed)
}

/// Reads `objective.length_target`, 0 rounds or more: required when `length` is weighed
/// (the error then at `line`, that of `[objective]`), 0 when neither is given.
fn read_length_target(
    path: &Path,
    text: &str,
    f: &ObjectiveFile,
    weighed: &[Weighed],
    line: usize,
) -> Result<f64> {
    match (
        f.get("length_target"),
        weighed.iter().any(|w| w.0 == Statistic::Length),
    ) {
        (Some(t), _) if t.get_ref().is_finite() && *t.get_ref() >= 0.0 => Ok(*t.get_ref()),
        (Some(t), _) => Err(at(
            path,
            line_of(text, t.span().start),
            "objective.length_target",
            format!(
                "{} is not a number of rounds (0 or more)",
                number(*t.get_ref())
            ),
        )),
        (None, true) => Err(at(
            path,
            line,
            "objective.length_target",
            "give the target mean rounds the length statistic measures from",
        )),
        (None, false) => Ok(0.0),
    }
}

/// Reads each measure of how games unfold's target, `NAME_target`: 0 when not given (the
/// measure made as small as it goes), else a number of 0 or more, at most 1 for a share.
fn read_arc_targets(path: &Path, text: &str, f: &ObjectiveFile) -> Result<[f64; MEASURES.len()]> {
    let mut targets = [0.0; MEASURES.len()];
    for (target, m) in targets.iter_mut().zip(&MEASURES) {
        let key = target_key(m.name);
        let Some(t) = f.get(&key) else { continue };
        let (x, most) = (*t.get_ref(), if m.share { 1.0 } else { f64::INFINITY });
        if !(x.is_finite() && (0.0..=most).contains(&x)) {
            let range = if m.share {
                "a share, 0 to 1"
            } else {
                "a number of 0 or more"
            };
            return Err(at(
                path,
                line_of(text, t.span().start),
                &format!("objective.{key}"),
                format!("{} is not {range}, as {} is", number(x), m.name),
            ));
        }
        *target = x;
    }
    Ok(targets)
}

/// Fails at the first weight with which the objective, at games of at most `players`
/// seats, could pass [`LARGEST_OBJECTIVE`].
fn check_largest_objective(
    path: &Path,
    weighed: &[Weighed],
    players: usize,
    objective: &Objective,
) -> Result<()> {
    let mut largest = 0.0;
    for (i, &(statistic, weight, key, line)) in weighed.iter().enumerate() {
        let target = objective.target(statistic);
        let most = statistic.largest(players, target);
        largest += weight * most;
        // Finite weights times finite largest values: never NaN, at worst infinite.
        if largest > LARGEST_OBJECTIVE {
            let why = match statistic {
                Statistic::SeatChi2 => format!("one seat winning every game of {players}"),
                Statistic::Length | Statistic::Arc(_) if target >= most && target > 0.0 => {
                    target_key(key)
                }
                Statistic::Length => "rounds, the longest mean a run counts".into(),
                Statistic::Arc(_) if !statistic.is_share() => {
                    "the largest value a game's measure is counted at".into()
                }
                _ => "a share".into(),
            };
            let others = if i > 0 {
                " and the weights above it"
            } else {
                ""
            };
            return Err(at(
                path,
                line,
                &format!("objective.{key}"),
                format!(
                    "{} is too large: with {key} at its largest, {} ({why}){others}, the \
                     objective could reach {}, and it may reach at most {} so that the \
                     search's sums of objectives stay finite",
                    number(weight),
                    number(most),
                    number(largest),
                    number(LARGEST_OBJECTIVE)
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A goofspiel spec tuning `tie_bonus` (two values) at `players`, with `extra` keys
    /// and the `[objective]` table's `objective`.
    pub(crate) fn text(players: &str, extra: &str, objective: &str) -> String {
        format!(
            "game = \"goofspiel\"\nplayers = {players}\nbots = \"random\"\nbudget = 400\n\
             round_games = 20\n{extra}\n[[params]]\nname = \"tie_bonus\"\nvalues = [0, 1]\n\
             [objective]\n{objective}\n"
        )
    }

    /// Reads `text` as the spec `t.toml`, returning its error as shown.
    pub(crate) fn read(text: &str) -> Result<TuneSpec, String> {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("t.toml");
        std::fs::write(&path, text).unwrap();
        TuneSpec::read(&path, &Registry::default()).map_err(|e| format!("{e:#}"))
    }

    fn refused(text: &str, message: &str) {
        let e = read(text).err().unwrap_or_else(|| panic!("read: {text}"));
        assert!(e.contains(message), "{e:?} lacks {message:?}");
    }

    #[test]
    fn weights_that_could_overflow_the_objective_are_refused() {
        refused(
            &text("[2]", "", "seat_spread = 1.7e308"),
            "line 11: objective.seat_spread: 1.7e308 is too large: with seat_spread at its \
             largest, 1 (a share), the objective could reach 1.7e308, and it may reach at \
             most 1e280",
        );
        // Two weights that fit alone but not together: the second is named.
        refused(
            &text("[2]", "", "seat_spread = 6e279\nties = 6e279"),
            "line 12: objective.ties: 6e279 is too large: with ties at its largest, 1 (a \
             share) and the weights above it, the objective could reach 1.2e280",
        );
        // The chi-square's largest value grows with the spec's largest table.
        refused(
            &text("[2, 4]", "", "seat_chi2 = 4e279"),
            "objective.seat_chi2: 4e279 is too large: with seat_chi2 at its largest, 3 (one \
             seat winning every game of 4)",
        );
        refused(
            &text("[2]", "", "length = 1e270\nlength_target = 30"),
            "objective.length: 1e270 is too large: with length at its largest, \
             1.8446744073709552e19 (rounds, the longest mean a run counts)",
        );
        refused(
            &text("[2]", "", "length = 1.0\nlength_target = 1e300"),
            "objective.length: 1 is too large: with length at its largest, 1e300 \
             (length_target)",
        );
        let fine = read(&text(
            "[2, 4]",
            "",
            "seat_spread = 1e279\nseat_chi2 = 1e279",
        ))
        .unwrap();
        assert_eq!(fine.objective.weights.len(), 2);
    }

    #[test]
    fn a_length_target_is_a_number_of_rounds_of_0_or_more() {
        for (target, shown) in [
            ("-5", "-5"),
            ("-0.5", "-0.5"),
            ("nan", "NaN"),
            ("-inf", "-inf"),
        ] {
            refused(
                &text(
                    "[2]",
                    "",
                    &format!("length = 1.0\nlength_target = {target}"),
                ),
                &format!(
                    "line 12: objective.length_target: {shown} is not a number of rounds (0 or \
                     more)"
                ),
            );
        }
        let zero = read(&text("[2]", "", "length = 1.0\nlength_target = 0")).unwrap();
        assert_eq!(zero.objective.length_target, 0.0);
    }

    #[test]
    fn an_objective_weighs_the_measures_of_how_games_unfold_by_name_with_targets() {
        let spec = read(&text(
            "[2]",
            "",
            "drama = 1.0\nlead_changes = 0.5\nlead_changes_target = 8",
        ))
        .unwrap();
        assert!(spec.arc, "weighing a measure follows the arcs");
        let at = |name: &str| MEASURES.iter().position(|m| m.name == name).unwrap();
        // In the measures' order, whatever the file's.
        assert_eq!(
            spec.objective.weights,
            [
                (Statistic::Arc(at("lead_changes")), 0.5),
                (Statistic::Arc(at("drama")), 1.0)
            ]
        );
        assert_eq!(spec.objective.arc_targets[at("lead_changes")], 8.0);
        assert!(!read(&text("[2]", "", "ties = 1.0")).unwrap().arc);
        assert!(read(&text("[2]", "arc = true", "ties = 1.0")).unwrap().arc);
        refused(
            &text("[2]", "", "drama = 1.0\ndrama_target = 1.5"),
            "line 12: objective.drama_target: 1.5 is not a share, 0 to 1, as drama is",
        );
        refused(
            &text("[2]", "", "branching = 1.0\nbranching_target = -1"),
            "line 12: objective.branching_target: -1 is not a number of 0 or more",
        );
        refused(
            &text("[2]", "", "ties = 1.0\nlead_change = 1.0"),
            "line 12: objective.lead_change: unknown key: an objective weighs seat_spread, \
             seat_chi2, length, round_limit, ties, strength, lead_changes, drama",
        );
        refused(
            &text("[2]", "", "ties = 1.0\nties_target = 1.0"),
            "objective.ties_target: unknown key",
        );
    }

    #[test]
    fn a_tune_counts_its_games_in_64_bits() {
        let most = read(&text("[2, 3]", "validation_games = 100", "ties = 1.0")).unwrap();
        assert_eq!(most.most_games(), Some(2 * (400 + 2 * 100)));
        // budget + 2 x validation_games fits at one player count, not at two.
        let half = u64::MAX / 2;
        let at_most = text(
            "[2]",
            &format!("validation_games = {}", half / 2),
            "ties = 1.0",
        );
        let over = text(
            "[2, 3]",
            &format!("validation_games = {}", half / 2),
            "ties = 1.0",
        );
        assert!(read(&at_most).is_ok());
        refused(
            &over,
            "line 4: budget: 400 games, with validation_games = 4611686018427387903, are more \
             than a tune can count",
        );
        refused(
            &text("[2]", "", "ties = 1.0")
                .replace("budget = 400", &format!("budget = {}", i64::MAX)),
            "budget: 9223372036854775807 games, with validation_games = 9223372036854775807",
        );
    }

    #[test]
    fn the_exploration_weight_is_held_to_the_objective_s_bound() {
        refused(
            &text("[2]", "ntbea_exploration = 1e300", "ties = 1.0"),
            "line 6: ntbea_exploration: 1e300 is not a number from 0 to 1e280",
        );
        assert!(read(&text("[2]", "ntbea_exploration = 1e280", "ties = 1.0")).is_ok());
    }
}
