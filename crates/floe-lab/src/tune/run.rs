//! Carrying out a tune spec: checking it against the game before any game is played,
//! searching each player count, validating the best candidates on fresh deals, and
//! writing the results folder.
//!
//! Every game of a tune has the spec's master seed; what keeps rounds and validation apart
//! is the game's index. Search round r plays indices `[r R, (r + 1) R)` (R the round's
//! games); validation plays one block above every index the search used. A game's seed is
//! a bijection of its index for a fixed master seed ([`floe_core::game_seed`]), so the
//! validation's deals are never the search's.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::{Context, Result, anyhow};
use floe_bots::{
    BotParam, BotParamKind, BotSpec, BotValue, KnownBot, Registry, SpecError, split_spec_list,
};
use floe_core::{Game, ParamValue, RuleSet, param};
use floe_games::GameVisitor;
use floe_io::count;
use floe_sim::report::RunRow;
use floe_sim::table::{Cell, Column, Kind, Row, Table};
use floe_sim::{Dealing, RunConfig, Seating, Setting, Shard};

use super::objective::{Measure, Objective, Statistic};
use super::search::{self, Method, Point, Settings, space_size};
use super::spec::{TuneSpec, TunedParam};
use crate::Machine;
use crate::finalists::{Weighed, verdict_of};
use crate::message::SettingError;
use crate::output_dir::{OutputDir, Scope};
use crate::progress::{Progress, Silent};
use crate::request::{NamedBy, read_rules};

/// One tuned parameter at one player count: its path and the values tried.
#[derive(Clone, Debug)]
pub struct Dimension {
    /// The parameter's path: a rule's (`tiles_removed.4`) or the tuned bot's (`mcts.c`).
    pub path: String,
    /// The values tried.
    pub values: Vec<ParamValue>,
    /// The value candidates are compared with: the rules' own, or the bot's default in
    /// the game.
    pub baseline: ParamValue,
    /// Whether it is the tuned bot's parameter.
    pub bot: bool,
}

/// The tuning of one player count, checked.
#[derive(Clone, Debug)]
pub struct CountPlan {
    /// Seats per game.
    pub players: usize,
    /// The parameters tuned.
    pub dims: Vec<Dimension>,
    /// The method used.
    pub method: Method,
    /// Candidates in the space.
    pub space: usize,
}

impl CountPlan {
    /// Returns the values of candidate `point`.
    pub fn values(&self, point: &Point) -> Vec<ParamValue> {
        self.dims
            .iter()
            .zip(point)
            .map(|(d, &i)| d.values[i].clone())
            .collect()
    }

    /// Returns the point of the baseline values (the rules' own, the bot's defaults), if they
    /// lie on the grid.
    pub fn rules_point(&self) -> Option<Point> {
        self.dims
            .iter()
            .map(|d| d.values.iter().position(|v| *v == d.baseline))
            .collect()
    }

    /// Names what candidates are compared with: the rules' own table, the tuned bot's
    /// defaults, or both.
    pub fn baseline_name(&self) -> &'static str {
        match (
            self.dims.iter().any(|d| !d.bot),
            self.dims.iter().any(|d| d.bot),
        ) {
            (true, true) => "the rules' own table and the bot's defaults",
            (false, true) => "the bot's defaults in this game",
            _ => "the rules' own table",
        }
    }

    /// Names a candidate, as `tiles_removed.4=6 hand_limit=5`.
    pub fn name(&self, values: &[ParamValue]) -> String {
        self.dims
            .iter()
            .zip(values)
            .map(|(d, v)| format!("{}={v}", d.path))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Which games a set of candidates plays: block `index` of blocks of `size` games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// Games in the block.
    pub size: u64,
    /// The block's number.
    pub index: u64,
}

impl Block {
    /// Returns the game indices of the block.
    pub fn games(self) -> std::ops::Range<u64> {
        self.size * self.index..self.size * (self.index + 1)
    }

    /// The block of validation games of `size` that lies above every index of a search of
    /// `rounds` rounds of `round_games`.
    pub fn validation(size: u64, rounds: u64, round_games: u64) -> Block {
        Block {
            size,
            index: (rounds * round_games).div_ceil(size),
        }
    }
}

/// Checks `spec` against `game`, for each player count, before anything is played.
///
/// # Errors
/// Names the spec's line and key: an unknown parameter, a value the rules refuse, a
/// statistic the game cannot measure, a budget too small for one round.
pub fn plan<G: Game>(spec: &TuneSpec, game: &G) -> Result<Vec<CountPlan>> {
    let decls = game.rules().parameters();
    let uses_round_limit = spec
        .objective
        .weights
        .iter()
        .any(|w| w.0 == Statistic::RoundLimit);
    if uses_round_limit && !game.end_causes().contains(&"round-limit") {
        return Err(spec.error_at(
            spec.objective_line,
            "objective.round_limit",
            format!(
                "{} has no round limit (its games end by: {})",
                game.name(),
                game.end_causes().join(", ")
            ),
        ));
    }
    let mut plans = Vec::new();
    for &players in &spec.players {
        floe_sim::check_players(game, players).map_err(|e| {
            spec.error_at(
                spec.players_line,
                "players",
                e.to_string().trim_start_matches("players: "),
            )
        })?;
        check_bots(spec, game, players)?;
        let mut dims = Vec::new();
        for (i, p) in spec.params.iter().enumerate() {
            dims.push(match bot_param(spec, &p.name) {
                Some((bot, param)) => bot_dimension(spec, game, i, p, bot, param)?,
                None => rules_dimension(spec, game, &decls, players, i, p)?,
            });
        }
        let sizes: Vec<usize> = dims.iter().map(|d| d.values.len()).collect();
        let space = space_size(&sizes);
        let method = spec.method.unwrap_or(if space <= spec.racing_max_space {
            Method::Racing
        } else {
            Method::Ntbea
        });
        if method == Method::Ntbea {
            check_ntbea(spec, players, space)?;
        }
        let round = match method {
            Method::Racing => space as u64,
            Method::Ntbea => spec.batch as u64,
        }
        .saturating_mul(spec.round_games);
        if round > spec.budget {
            return Err(spec.error_at(
                spec.budget_line,
                "budget",
                format!(
                    "{} cannot pay for one round at {players} players: {} plays {} x {} \
                     (round_games) = {} a round",
                    count(spec.budget, "game"),
                    method.name(),
                    count(round / spec.round_games, "candidate"),
                    count(spec.round_games, "game"),
                    count(round, "game")
                ),
            ));
        }
        let cycle = cycle(spec, players);
        if !spec.round_games.is_multiple_of(cycle) {
            return Err(spec.error_at(
                spec.round_games_line,
                "round_games",
                format!(
                    "{} is not a whole number of seatings: the tuned bot and the reference \
                     bots sit in {cycle} seatings on each deal, so give a multiple of {cycle}",
                    spec.round_games
                ),
            ));
        }
        let measured = spec.finalists.min(space) as u64 + 1;
        if spec.validation_games < measured * cycle {
            let baseline = if spec.tuned.is_some() {
                "the finalists and the defaults"
            } else {
                "the finalists and the rules' own table"
            };
            return Err(spec.error_at(
                spec.validation_line,
                "validation_games",
                format!(
                    "{} cannot measure {} ({baseline}) on {} each",
                    count(spec.validation_games, "game"),
                    count(measured, "candidate"),
                    count(cycle, "game")
                ),
            ));
        }
        plans.push(CountPlan {
            players,
            dims,
            method,
            space,
        });
    }
    Ok(plans)
}

/// Checks NTBEA's `ntbea_batch` and `ntbea_neighbours`, where the spec gives them, against
/// the `space` of candidates at `players` seats. A round evaluates each candidate at most
/// once and draws neighbours (up to four tries each) until it has as many distinct ones
/// as asked: a batch larger than the space, or more neighbours than the candidates other
/// than the current one, can never be had, and a huge count would spin through its
/// tries (or overflow counting them) after the games have begun. The defaults are caps
/// the search stops short of in a small space, and are not refused.
fn check_ntbea(spec: &TuneSpec, players: usize, space: usize) -> Result<()> {
    if let Some(line) = spec.batch_line.filter(|_| spec.batch > space) {
        return Err(spec.error_at(
            line,
            "ntbea_batch",
            format!(
                "{} is more than the {} of the space at {players} players: a round \
                 evaluates each candidate at most once; give at most {space} or leave it out",
                spec.batch,
                count(space, "candidate")
            ),
        ));
    }
    let others = space.saturating_sub(1);
    if let Some(line) = spec.neighbours_line.filter(|_| spec.neighbours > others) {
        return Err(spec.error_at(
            line,
            "ntbea_neighbours",
            format!(
                "{} is more than a round can draw at {players} players: besides the current \
                 candidate the space holds {}; give at most {others} or leave it out",
                spec.neighbours,
                count(others, "candidate")
            ),
        ));
    }
    Ok(())
}

/// Returns the tuned dimension of the rules' parameter `p` (the spec's `params[i]`) at
/// `players` seats, checking every value against the rules.
fn rules_dimension<G: Game>(
    spec: &TuneSpec,
    game: &G,
    decls: &[floe_core::ParamDecl],
    players: usize,
    i: usize,
    p: &TunedParam,
) -> Result<Dimension> {
    let key = format!("params[{i}]");
    let decl = decls.iter().find(|d| d.path == p.name).ok_or_else(|| {
        let mut known: Vec<String> = decls.iter().map(|d| d.path.clone()).collect();
        if let Some(bot) = spec.tuned.as_ref().and_then(|t| t.0.known()) {
            known.extend(
                bot.params
                    .iter()
                    .map(|q| format!("{}.{}", bot.name, q.name)),
            );
        }
        spec.error_at(
            p.line,
            &format!("{key}.name"),
            format!(
                "{} cannot be tuned; parameters: {}",
                floe_io::gate::quoted(&p.name),
                known.join(", ")
            ),
        )
    })?;
    let path = match decl.per_players {
        Some(_) => format!("{}.{players}", p.name),
        None => p.name.clone(),
    };
    let (resolved, _) = param::resolve(decls, &path)
        .map_err(|e| spec.error_at(p.line, &format!("{key}.name"), e.message))?;
    let values: Vec<(ParamValue, usize)> = match &p.values {
        Some(v) => v.clone(),
        None => crate::request::accepted_values(game, &path, &resolved.kind, players)
            .ok_or_else(|| {
                spec.error_at(
                    p.line,
                    &key,
                    format!("list the values to try: {} takes {}", p.name, resolved.kind),
                )
            })?
            .into_iter()
            .map(|v| (v, p.line))
            .collect(),
    };
    let mut tried = Vec::new();
    for (j, (value, line)) in values.into_iter().enumerate() {
        crate::request::seating_with(game, &path, &value, players).map_err(|e| {
            spec.error_at(
                line,
                &format!("{key}.values[{j}]"),
                format!("{players} players: {e}"),
            )
        })?;
        if tried.contains(&value) {
            return Err(spec.error_at(
                line,
                &format!("{key}.values[{j}]"),
                format!("{value} is listed twice"),
            ));
        }
        tried.push(value);
    }
    let baseline = game
        .rules()
        .parameter(&path)
        .map_err(|e| spec.error_at(p.line, &key, e.message))?;
    Ok(Dimension {
        path,
        values: tried,
        baseline,
        bot: false,
    })
}

/// Splits `name` into the tuned bot and its parameter when it names one (`mcts.c` when
/// the spec tunes an `mcts` bot).
fn bot_param<'s>(spec: &'s TuneSpec, name: &str) -> Option<(&'s KnownBot, &'static BotParam)> {
    let bot = spec.tuned.as_ref()?.0.known()?;
    let param = name.strip_prefix(bot.name)?.strip_prefix('.')?;
    Some((bot, bot.params.iter().find(|q| q.name == param)?))
}

/// The spec value of a bot parameter's value, so that values compare as the bot reads them
/// (`1` and `1.0` are one value of a number parameter).
fn bot_value(v: BotValue) -> ParamValue {
    match v {
        BotValue::Whole(x) => ParamValue::Whole(x as i64),
        BotValue::Number(x) => ParamValue::Number(x),
        BotValue::Word(w) => ParamValue::Name(w.to_string()),
    }
}

/// Most values of a whole-number bot parameter tried when the spec lists none.
const MAX_LISTED: u64 = 64;

/// Returns the tuned dimension of the tuned bot's parameter `param` (the spec's
/// `params[i]`): its values, each read as the bot reads it, and its default in `game`.
fn bot_dimension<G: Game>(
    spec: &TuneSpec,
    game: &G,
    i: usize,
    p: &TunedParam,
    bot: &KnownBot,
    param: &'static BotParam,
) -> Result<Dimension> {
    let key = format!("params[{i}]");
    let (tuned, _) = spec
        .tuned
        .as_ref()
        .expect("a bot parameter has a tuned bot");
    let refuse = |line: usize, key: &str, message: String| spec.error_at(line, key, message);
    let Some(default) = floe_bots::default_in::<G>(bot.name, param) else {
        return Err(refuse(
            p.line,
            &format!("{key}.name"),
            format!(
                "{} is off unless given, so it has no default to compare with and cannot be tuned",
                p.name
            ),
        ));
    };
    let values: Vec<(String, usize)> = match (&p.values, param.kind) {
        (Some(v), _) => v.iter().map(|(x, line)| (x.to_string(), *line)).collect(),
        (None, BotParamKind::Word(words)) => {
            words.iter().map(|w| (w.to_string(), p.line)).collect()
        }
        (None, BotParamKind::Whole { min, max }) if max - min < MAX_LISTED => {
            (min..=max).map(|x| (x.to_string(), p.line)).collect()
        }
        (None, kind) => {
            return Err(refuse(
                p.line,
                &key,
                format!("list the values to try: {} takes {kind}", p.name),
            ));
        }
    };
    let mut tried = Vec::new();
    for (j, (text, line)) in values.into_iter().enumerate() {
        let at = format!("{key}.values[{j}]");
        let value = param.kind.read(&text).map(bot_value).ok_or_else(|| {
            refuse(
                line,
                &at,
                format!("{} must be {}, not {text}", p.name, param.kind),
            )
        })?;
        if tried.contains(&value) {
            return Err(refuse(line, &at, format!("{value} is listed twice")));
        }
        let spec_of =
            candidate(&spec.registry, tuned, &[(param.name, &value)]).map_err(|e| match e {
                SpecError::Repeated { .. } => refuse(
                    p.line,
                    &format!("{key}.name"),
                    format!(
                        "tuned = \"{tuned}\" sets {} already: leave it out there to tune it",
                        param.name
                    ),
                ),
                e => refuse(line, &at, format!("in tuned = \"{tuned}\": {e}")),
            })?;
        spec_of
            .check_game(game)
            .map_err(|e| refuse(line, &at, e.to_string()))?;
        tried.push(value);
    }
    let baseline = bot_value(
        param
            .kind
            .read(default)
            .expect("the conformance kit checks defaults"),
    );
    Ok(Dimension {
        path: p.name.clone(),
        values: tried,
        baseline,
        bot: true,
    })
}

/// Returns the tuned bot `tuned` (of `registry`) with `values` set (each a parameter's
/// name and value).
///
/// # Errors
/// Refuses a parameter the spec `tuned` sets already.
fn candidate(
    registry: &Registry,
    tuned: &BotSpec,
    values: &[(&str, &ParamValue)],
) -> Result<BotSpec, SpecError> {
    let text = tuned.to_string();
    let set: Vec<String> = values.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let sep = if text.contains(':') { "," } else { ":" };
    registry.parse(&format!("{text}{sep}{}", set.join(",")))
}

/// Returns who plays a candidate's games at `players` seats, and how they sit. Without a
/// tuned bot: the spec's bots, one spec for every seat or one per seat, in fixed seats.
/// With one: the tuned bot with the candidate's values of its parameters (`bot_values`,
/// each a parameter's path and value) as the first entrant and each reference bot after
/// it, seated in turn on duplicate deals, so that every deal is played from every seat.
fn lineup(
    spec: &TuneSpec,
    players: usize,
    bot_values: &[(&str, &ParamValue)],
) -> (Vec<BotSpec>, Seating) {
    let specs: Vec<BotSpec> = split_spec_list(&spec.bots)
        .iter()
        .map(|s| spec.registry.parse(s).expect("checked when read"))
        .collect();
    match &spec.tuned {
        Some((tuned, _)) => {
            let values: Vec<(&str, &ParamValue)> = bot_values
                .iter()
                .map(|&(path, v)| (path.split_once('.').map_or(path, |p| p.1), v))
                .collect();
            let bot = candidate(&spec.registry, tuned, &values).expect("checked when planned");
            (
                std::iter::once(bot).chain(specs).collect(),
                Seating::Duplicate,
            )
        }
        None if specs.len() == 1 => (vec![specs[0].clone(); players], Seating::Fixed),
        None => (specs, Seating::Fixed),
    }
}

/// Returns the games of one seating cycle of the spec's line-up (1 without a tuned bot):
/// every block of games is a whole number of them.
fn cycle(spec: &TuneSpec, players: usize) -> u64 {
    let (bots, seating) = lineup(spec, players, &[]);
    seating.cycle(bots.len())
}

/// Checks the bots against `game` at `players` seats.
fn check_bots<G: Game>(spec: &TuneSpec, game: &G, players: usize) -> Result<()> {
    let (bots, seating) = lineup(spec, players, &[]);
    for b in &bots {
        b.check_game(game)
            .map_err(|e| spec.error_at(spec.bots_line, "bots", e))?;
    }
    let cycle = seating.cycle(bots.len());
    let cfg = config(
        spec,
        (bots, seating),
        players,
        Block {
            size: cycle,
            index: 0,
        },
        Machine::default(),
    );
    cfg.check(game)
        .map_err(|e| spec.error_at(spec.bots_line, "bots", format!("{players} players: {e}")))
}

/// The run of `block` at `players` seats, by `lineup`.
fn config(
    spec: &TuneSpec,
    (bots, seating): (Vec<BotSpec>, Seating),
    players: usize,
    block: Block,
    machine: Machine,
) -> RunConfig {
    RunConfig {
        players,
        bots,
        dealing: Dealing {
            seed: spec.seed,
            seating,
            ..Dealing::default()
        },
        games: block.size * (block.index + 1),
        threads: machine.threads,
        shard: Shard {
            index: block.index,
            count: block.index + 1,
        },
    }
}

/// One candidate measured in validation.
#[derive(Clone, Debug)]
pub struct Validated {
    /// Its values.
    pub values: Vec<ParamValue>,
    /// Whether it is the baseline: the rules' own table, the bot's defaults.
    pub rules: bool,
    /// Its rank in the search (from 1), `None` for the rules' table when not a finalist.
    pub search_rank: Option<usize>,
    /// The search's estimate of its objective.
    pub search_objective: Option<f64>,
    /// Its measure on the validation deals.
    pub measure: Measure,
    /// The objective on them, and its interval.
    pub objective: f64,
    /// The interval.
    pub interval: (f64, f64),
}

/// What tuning one player count found.
#[derive(Clone, Debug)]
pub struct CountResult {
    /// The plan.
    pub plan: CountPlan,
    /// The search.
    pub searched: search::Searched,
    /// The validation block.
    pub block: Block,
    /// The finalists and the rules' own table, measured again, best first.
    pub validated: Vec<Validated>,
}

/// Plays `plans` of `spec` on `game` (`base` rules), reporting games to `progress`.
fn tune_counts<G: Game>(
    spec: &TuneSpec,
    game: &G,
    plans: &[CountPlan],
    machine: Machine,
    progress: &dyn Progress,
    stop: &Arc<AtomicBool>,
) -> Result<Vec<CountResult>> {
    plans
        .iter()
        .map(|plan| {
            let trial = Trial {
                spec,
                game,
                plan,
                machine,
                progress,
                stop,
                round_limit: game.end_causes().iter().position(|c| *c == "round-limit"),
            };
            trial.tune()
        })
        .collect()
}

/// One player count's tune: its plan and what its games are played with.
struct Trial<'a, G: Game> {
    spec: &'a TuneSpec,
    game: &'a G,
    plan: &'a CountPlan,
    machine: Machine,
    progress: &'a dyn Progress,
    stop: &'a Arc<AtomicBool>,
    /// The index of the game's `round-limit` end cause, if it has one.
    round_limit: Option<usize>,
}

/// A candidate to validate: its values, and its rank and objective in the search (none
/// for the rules' own table when the search did not measure it).
type Finalist = (Vec<ParamValue>, Option<usize>, Option<f64>);

impl<G: Game> Trial<'_, G> {
    /// Searches the plan's space, then validates the finalists on fresh deals.
    fn tune(&self) -> Result<CountResult> {
        let searched = self.search()?;
        let (chosen, baselines) = self.finalists(&searched);
        let (spec, players) = (self.spec, self.plan.players);
        let cycle = cycle(spec, players);
        let size = spec.validation_games / chosen.len() as u64 / cycle * cycle;
        let block = Block::validation(size, searched.rounds, spec.round_games);
        self.progress
            .cell(&format!("{players} players, validation"));
        let mut validated = Vec::new();
        for (i, (values, search_rank, search_objective)) in chosen.into_iter().enumerate() {
            let measure = self.measure(&values, block)?;
            let seed = floe_core::game_seed(spec.seed ^ 0x5A11_DA7E, (players * 64 + i) as u64);
            validated.push(Validated {
                rules: values == baselines,
                values,
                search_rank,
                search_objective,
                objective: spec.objective.value(&measure),
                interval: spec.objective.interval(&measure, spec.confidence, seed),
                measure,
            });
        }
        validated.sort_by(|a, b| a.objective.total_cmp(&b.objective));
        Ok(CountResult {
            plan: self.plan.clone(),
            searched,
            block,
            validated,
        })
    }

    /// Plays one block of games of the candidate `values` (rules and bot parameters set).
    fn measure(&self, values: &[ParamValue], block: Block) -> Result<Measure> {
        let mut rules = self.game.rules().clone();
        let mut bot_values = Vec::new();
        for (d, v) in self.plan.dims.iter().zip(values) {
            if d.bot {
                bot_values.push((d.path.as_str(), v));
            } else {
                rules
                    .set_parameter(&d.path, v)
                    .map_err(|e| anyhow!("{e}"))?;
            }
        }
        let g = G::from_rules(rules);
        let players = self.plan.players;
        let cfg = config(
            self.spec,
            lineup(self.spec, players, &bot_values),
            players,
            block,
            self.machine,
        );
        let advance = |n| self.progress.advance(n);
        let tally = floe_sim::run_until(&g, &cfg, &advance, None, self.stop)?;
        Ok(Measure::of(&tally, players, self.round_limit))
    }

    /// Searches the plan's space with its method, round by round.
    fn search(&self) -> Result<search::Searched> {
        let (spec, plan, players) = (self.spec, self.plan, self.plan.players);
        self.progress.cell(&format!(
            "{players} players, search ({})",
            plan.method.name()
        ));
        let mut evaluate = |points: &[Point], round: u64| -> Result<Vec<Measure>> {
            let block = Block {
                size: spec.round_games,
                index: round,
            };
            points
                .iter()
                .map(|p| self.measure(&plan.values(p), block))
                .collect()
        };
        let settings = Settings {
            budget: spec.budget,
            round_games: spec.round_games,
            confidence: spec.confidence,
            neighbours: spec.neighbours,
            exploration: spec.exploration,
            batch: spec.batch,
            seed: floe_core::game_seed(spec.seed, players as u64),
        };
        let sizes: Vec<usize> = plan.dims.iter().map(|d| d.values.len()).collect();
        let mut watch = |spent: u64, best: &Point, value: f64| {
            self.progress.cell(&format!(
                "{players} players, {} ({spent} games): best {} at {value:.5}",
                plan.method.name(),
                plan.name(&plan.values(best))
            ));
        };
        match plan.method {
            Method::Racing => search::race(
                &sizes,
                &spec.objective,
                &settings,
                &mut evaluate,
                &mut watch,
            ),
            Method::Ntbea => {
                let start = plan
                    .rules_point()
                    .unwrap_or_else(|| sizes.iter().map(|n| n / 2).collect());
                search::ntbea(
                    &sizes,
                    start,
                    &spec.objective,
                    &settings,
                    &mut evaluate,
                    &mut watch,
                )
            }
        }
    }

    /// The search's best candidates, then the rules' own table if it is not one of them;
    /// and the rules' own values.
    fn finalists(&self, searched: &search::Searched) -> (Vec<Finalist>, Vec<ParamValue>) {
        let plan = self.plan;
        let mut chosen: Vec<Finalist> = searched
            .ranked
            .iter()
            .take(self.spec.finalists)
            .enumerate()
            .map(|(i, (p, v))| (plan.values(p), Some(i + 1), Some(*v)))
            .collect();
        let baselines: Vec<ParamValue> = plan.dims.iter().map(|d| d.baseline.clone()).collect();
        if !chosen.iter().any(|c| c.0 == baselines) {
            let ranked = searched
                .ranked
                .iter()
                .position(|(p, _)| plan.values(p) == baselines);
            chosen.push((
                baselines.clone(),
                ranked.map(|r| r + 1),
                ranked.map(|r| searched.ranked[r].1),
            ));
        }
        (chosen, baselines)
    }
}

/// Checks `spec` against its game and rules without playing, and returns the plan of each
/// player count.
///
/// # Errors
/// As [`plan`], and for a rules file that cannot be read or loaded.
pub fn check(spec: &TuneSpec) -> Result<Vec<CountPlan>> {
    struct Check<'a>(&'a TuneSpec);
    impl GameVisitor for Check<'_> {
        type Output = Result<Vec<CountPlan>>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<Vec<CountPlan>> {
            plan(self.0, &game)
        }
    }
    let rules = rules_file(spec)?;
    crate::request::with_game(&spec.game, rules.as_ref(), Check(spec))
}

/// One player count's tune as `floe tune --check` prices it: its plan, the most games it
/// may play (the search's budget and the validation), and their estimated seconds.
#[derive(Debug)]
pub struct Priced {
    /// The plan.
    pub plan: CountPlan,
    /// The most games played: the budget and the validation games.
    pub games: u64,
    /// Their estimated wall time on the machine's threads, in seconds.
    pub seconds: f64,
}

/// The least wall time the baseline is timed for, so that one fast game does not decide.
const TIMED_FOR: std::time::Duration = std::time::Duration::from_millis(200);

/// Checks `spec` and prices each player count: the baseline candidate is timed on its
/// first games on `machine`'s threads (doubling whole seatings until they take a fifth of
/// a second), and the count's games are priced at that rate (candidates that change a
/// game's length change the time with it).
///
/// # Errors
/// As [`check`].
pub fn price(spec: &TuneSpec, machine: Machine) -> Result<Vec<Priced>> {
    struct Price<'a>(&'a TuneSpec, Machine);
    impl GameVisitor for Price<'_> {
        type Output = Result<Vec<Priced>>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<Vec<Priced>> {
            let (spec, machine) = (self.0, self.1);
            let stop = Arc::new(AtomicBool::new(false));
            let mut priced = Vec::new();
            for plan in plan(spec, &game)? {
                let trial = Trial {
                    spec,
                    game: &game,
                    plan: &plan,
                    machine,
                    progress: &Silent,
                    stop: &stop,
                    round_limit: None,
                };
                let baseline: Vec<ParamValue> =
                    plan.dims.iter().map(|d| d.baseline.clone()).collect();
                let mut size = cycle(spec, plan.players);
                let seconds_a_game = loop {
                    let started = Instant::now();
                    trial.measure(&baseline, Block { size, index: 0 })?;
                    let took = started.elapsed();
                    if took >= TIMED_FOR || size >= 1 << 16 {
                        break took.as_secs_f64() / size as f64;
                    }
                    size *= 2;
                };
                let games = spec.budget + spec.validation_games;
                priced.push(Priced {
                    plan,
                    games,
                    seconds: seconds_a_game * games as f64,
                });
            }
            Ok(priced)
        }
    }
    let rules = rules_file(spec)?;
    crate::request::with_game(&spec.game, rules.as_ref(), Price(spec, machine))
}

/// Returns `spec` cut down to a quick trial of `games` games at each player count: the
/// search's budget and the validation take `games` each, and a round is cut to whole
/// seatings so that the search can run about three rounds of its widest space.
///
/// # Errors
/// Names the setting when `games` cannot pay for one round of the search, or for the
/// validation of the finalists and the baseline; else as [`check`].
pub fn trial(spec: &TuneSpec, games: u64) -> Result<TuneSpec> {
    let plans = check(spec)?;
    let widest = plans
        .iter()
        .map(|p| match p.method {
            Method::Racing => p.space as u64,
            Method::Ntbea => spec.batch as u64,
        })
        .max()
        .unwrap_or(1);
    let seatings = plans
        .iter()
        .map(|p| cycle(spec, p.players))
        .fold(1, |a, b| a * b / gcd(a, b));
    let measured = plans
        .iter()
        .map(|p| spec.finalists.min(p.space) as u64 + 1)
        .max()
        .unwrap_or(1);
    let least = widest
        .saturating_mul(seatings)
        .max(measured.saturating_mul(seatings));
    if games < least {
        return Err(SettingError::new(
            Setting::Games,
            format!(
                "too few for a trial of this spec: one round of {} and the validation of \
                 {measured} need at least {} at each player count",
                count(widest, "candidate"),
                count(least, "game")
            ),
        )
        .value(games)
        .into());
    }
    let round_games = (games / widest.saturating_mul(3) / seatings).max(1) * seatings;
    let quick = TuneSpec {
        budget: games,
        validation_games: games,
        round_games,
        ..spec.clone()
    };
    if quick.most_games().is_none() {
        return Err(SettingError::new(
            Setting::Games,
            format!(
                "too many for a trial: it numbers up to 3 x that many games at each of the \
                 spec's player counts ({}): the search's, then the validation's from a block \
                 past them; more than {} in all, the most a run can count",
                quick.players.len(),
                u64::MAX
            ),
        )
        .value(games)
        .into());
    }
    check(&quick)?;
    Ok(quick)
}

/// The greatest common divisor of `a` and `b`.
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Reads the spec's rules file, if it names one.
fn rules_file(spec: &TuneSpec) -> Result<Option<crate::request::RulesFile>> {
    spec.rules
        .as_ref()
        .map(|(path, line)| {
            read_rules(
                path,
                NamedBy::Words(format!("{}: line {line}: rules", spec.path.display())),
            )
        })
        .transpose()
}

/// What a tune did, for the front end to show.
#[derive(Debug)]
pub struct TuneReport {
    /// A summary per player count.
    pub text: String,
    /// Games played.
    pub games: u64,
    /// The files written.
    pub written: Vec<PathBuf>,
    /// What was found, per player count.
    pub results: Vec<CountResult>,
}

/// The result tables of a tune.
const TABLES: [&str; 3] = ["search.csv", "progress.csv", "validation.csv"];

/// Reads `spec`'s game and rules, checks the whole spec, plays it and writes `out`.
///
/// # Errors
/// Fails on a spec that does not fit its game (naming line and key), a run stopped by
/// `stop`, or a folder that cannot be written.
pub fn tune(
    spec: &TuneSpec,
    out: &Path,
    machine: Machine,
    force: bool,
    progress: &dyn Progress,
    stop: &Arc<AtomicBool>,
) -> Result<TuneReport> {
    struct Visit<'a> {
        spec: &'a TuneSpec,
        out: &'a Path,
        machine: Machine,
        force: bool,
        progress: &'a dyn Progress,
        stop: &'a Arc<AtomicBool>,
    }
    impl GameVisitor for Visit<'_> {
        type Output = Result<TuneReport>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<TuneReport> {
            let plans = plan(self.spec, &game)?;
            let mut dir = OutputDir::prepare(
                self.out,
                &[&TABLES[..], &["manifest.toml", PICK, crate::page::PAGE]].concat(),
                true,
                Scope::Everything,
                self.force,
            )
            .with_context(|| format!("cannot write the results into {}", self.out.display()))?;
            let total: u64 = plans.len() as u64 * (self.spec.budget + self.spec.validation_games);
            self.progress.begin(total);
            let started = Instant::now();
            let results = tune_counts(
                self.spec,
                &game,
                &plans,
                self.machine,
                self.progress,
                self.stop,
            )?;
            self.progress.end();
            let games = results
                .iter()
                .map(|r| {
                    r.searched.spent + r.validated.iter().map(|v| v.measure.games).sum::<u64>()
                })
                .sum();
            write_tables(self.spec, &game, &results, &mut dir)?;
            let mut manifest = dir.file("manifest.toml")?;
            let text = toml::to_string(&Manifest {
                kind: "tune",
                game: game.name(),
                name: &self.spec.name,
                floe_version: env!("CARGO_PKG_VERSION"),
                git_commit: crate::provenance::BUILD_COMMIT,
                wall_seconds: started.elapsed().as_secs_f64(),
                games,
                spec: &self.spec.text,
                plugged: BotSpec::identities(&lineup(self.spec, self.spec.players[0], &[]).0),
            })?;
            manifest.write_all(text.as_bytes())?;
            drop(manifest);
            crate::page::stage(&mut dir)?;
            let written = dir.commit()?;
            Ok(TuneReport {
                text: summary(self.spec, &results),
                games,
                written,
                results,
            })
        }
    }
    let rules = rules_file(spec)?;
    let visitor = Visit {
        spec,
        out,
        machine,
        force,
        progress,
        stop,
    };
    crate::request::with_game(&spec.game, rules.as_ref(), visitor)
}

/// What was tuned, by what, and how long it took: `manifest.toml`.
#[derive(serde::Serialize)]
struct Manifest<'a> {
    kind: &'static str,
    game: &'static str,
    name: &'a str,
    floe_version: &'static str,
    git_commit: &'static str,
    wall_seconds: f64,
    games: u64,
    /// The spec itself: with it (and this build) the results can be made again.
    spec: &'a str,
    /// The identity of each plugged bot the spec names, by name (left out when none).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    plugged: BTreeMap<String, String>,
}

/// Writes the tables and charts of `results` into `dir`.
fn write_tables<G: Game>(
    spec: &TuneSpec,
    game: &G,
    results: &[CountResult],
    dir: &mut OutputDir,
) -> Result<()> {
    let tables = [
        search_table(spec, game, results),
        progress_table(spec, game, results),
        validation_table(spec, game, results),
    ];
    for r in results {
        draw_progress(spec, r, dir)?;
        draw_finalists(spec, r, dir)?;
    }
    for (name, table) in TABLES.iter().zip(tables) {
        table.write(dir.file(name)?)?;
    }
    if let Some(text) = pick_rules(spec, game, results)? {
        dir.file(PICK)?.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// The rules file of a tune's pick.
const PICK: &str = "pick.toml";

/// Returns [`PICK`]'s text: the rules the tune started from with every player count's pick
/// set, named after the tune, as a complete rules file ready to be a run's rules (it loads
/// back into exactly those rules); `None` for a tune of bot parameters only.
fn pick_rules<G: Game>(
    spec: &TuneSpec,
    game: &G,
    results: &[CountResult],
) -> Result<Option<String>> {
    let mut rules = game.rules().clone();
    let mut set = Vec::new();
    for r in results {
        let Some(pick) = r.validated.first() else {
            continue;
        };
        for (d, v) in r.plan.dims.iter().zip(&pick.values).filter(|(d, _)| !d.bot) {
            rules
                .set_parameter(&d.path, v)
                .map_err(|e| anyhow!("{e}"))?;
            set.push(format!("{} = {v}", d.path));
        }
    }
    if set.is_empty() {
        return Ok(None);
    }
    let canonical = rules.to_toml();
    // The canonical file starts with the rule set's name: the pick's is the tune's.
    let renamed = match canonical.split_once('\n') {
        Some((first, rest)) if first.starts_with("name = ") => {
            format!("name = {}\n{rest}", toml::Value::from(spec.name.as_str()))
        }
        _ => canonical,
    };
    Ok(Some(format!(
        "# The pick of the tune {} at every player count ({}), on the rules it started\n\
         # from: a complete rules file, ready to be any run's rules. Whether the pick is told\n\
         # apart from those rules is the verdict in the tune's report (and finalists-Np.svg).\n\
         {renamed}",
        floe_io::gate::quoted(&spec.name),
        set.join(", ")
    )))
}

/// A table of the tune whose columns are the run's ([`RunRow`]) and then `columns`, by
/// name and kind (the tuner writes no column dictionary: they are not described).
fn tune_table(columns: &[(&str, Kind)]) -> Table {
    let own = columns
        .iter()
        .map(|&(name, kind)| Column::new(name, kind, ""));
    Table::new(RunRow::columns().into_iter().chain(own).collect())
}

/// The run's columns ([`RunRow`]) for a row at `players` players.
fn lead<G: Game>(spec: &TuneSpec, game: &G, players: usize) -> Vec<Cell> {
    RunRow {
        game: game.name().to_string(),
        rules: game.rules().name().to_string(),
        players,
        bots: spec.bots.clone(),
        seed: spec.seed,
    }
    .cells()
}

/// `search.csv`: every candidate measured in the search, round by round.
fn search_table<G: Game>(spec: &TuneSpec, game: &G, results: &[CountResult]) -> Table {
    let mut search = tune_table(&[
        ("method", Kind::Text),
        ("round", Kind::Whole),
        ("candidate", Kind::Text),
        ("games", Kind::Whole),
        ("objective", Kind::Real),
        ("ci_low", Kind::Real),
        ("ci_high", Kind::Real),
        ("status", Kind::Text),
    ]);
    for r in results {
        let plan = &r.plan;
        for e in &r.searched.evaluations {
            let mut row = lead(spec, game, plan.players);
            row.extend([
                plan.method.name().into(),
                e.round.into(),
                plan.name(&plan.values(&e.point)).into(),
                e.games.into(),
                Cell::finite(e.objective),
                Cell::finite(e.interval.0),
                Cell::finite(e.interval.1),
                e.status.to_string().into(),
            ]);
            search.rows.push(row);
        }
    }
    search
}

/// `progress.csv`: the best estimate after each round, against games spent.
fn progress_table<G: Game>(spec: &TuneSpec, game: &G, results: &[CountResult]) -> Table {
    let mut progress = tune_table(&[
        ("method", Kind::Text),
        ("round", Kind::Whole),
        ("games_spent", Kind::Whole),
        ("best_objective", Kind::Real),
    ]);
    for r in results {
        let plan = &r.plan;
        for (round, (spent, best)) in r.searched.progress.iter().enumerate() {
            let mut row = lead(spec, game, plan.players);
            row.extend([
                plan.method.name().into(),
                round.into(),
                (*spent).into(),
                Cell::finite(*best),
            ]);
            progress.rows.push(row);
        }
    }
    progress
}

/// `validation.csv`: the finalists measured again on fresh deals, the pick first.
fn validation_table<G: Game>(spec: &TuneSpec, game: &G, results: &[CountResult]) -> Table {
    let mut validation = tune_table(&[
        ("candidate", Kind::Text),
        ("rules_table", Kind::Flag),
        ("pick", Kind::Flag),
        ("search_rank", Kind::Whole),
        ("search_objective", Kind::Real),
        ("games", Kind::Whole),
        ("first_game", Kind::Whole),
        ("objective", Kind::Real),
        ("ci_low", Kind::Real),
        ("ci_high", Kind::Real),
        ("seat_spread", Kind::Real),
        ("seat_chi2", Kind::Real),
        ("mean_rounds", Kind::Real),
        ("round_limit_share", Kind::Real),
        ("tie_share", Kind::Real),
        ("score_share", Kind::Real),
        ("score_ci_low", Kind::Real),
        ("score_ci_high", Kind::Real),
    ]);
    for r in results {
        let plan = &r.plan;
        for (i, v) in r.validated.iter().enumerate() {
            let m = &v.measure;
            let mut row = lead(spec, game, plan.players);
            row.extend([
                plan.name(&v.values).into(),
                v.rules.into(),
                (i == 0).into(),
                v.search_rank.into(),
                v.search_objective.map_or(Cell::Empty, Cell::finite),
                m.games.into(),
                r.block.games().start.into(),
                Cell::finite(v.objective),
                Cell::finite(v.interval.0),
                Cell::finite(v.interval.1),
                Cell::finite(m.statistic(Statistic::SeatSpread, 0.0)),
                Cell::finite(m.statistic(Statistic::SeatChi2, 0.0)),
                Cell::finite(m.mean_rounds()),
                Cell::finite(m.statistic(Statistic::RoundLimit, 0.0)),
                Cell::finite(m.statistic(Statistic::Ties, 0.0)),
            ]);
            let (share, lo, hi) = if spec.tuned.is_some() {
                m.score_share()
            } else {
                (f64::NAN, f64::NAN, f64::NAN)
            };
            row.extend([share, lo, hi].map(Cell::finite));
            validation.rows.push(row);
        }
    }
    validation
}

/// Draws `progress-Np.svg` of one player count's search into `dir`, when it has rounds.
fn draw_progress(spec: &TuneSpec, r: &CountResult, dir: &mut OutputDir) -> Result<()> {
    let plan = &r.plan;
    let series = floe_plot::Series {
        name: format!("{} players, best estimate", plan.players),
        points: r
            .searched
            .progress
            .iter()
            .map(|&(g, v)| (g as f64, spec.objective.shown(v)))
            .collect(),
        marked: None,
        bands: Vec::new(),
        reference: Vec::new(),
    };
    if series.points.is_empty() {
        return Ok(());
    }
    let chart = format!("progress-{}p.svg", plan.players);
    floe_plot::line_chart(
        &dir.staging().join(&chart),
        &format!(
            "{}: the objective of the best candidate against games spent ({})",
            spec.name,
            plan.method.name()
        ),
        "games spent",
        spec.objective.label(),
        &[series],
    )?;
    dir.add_chart(&chart);
    Ok(())
}

/// Draws `finalists-Np.svg`: one player count's finalists and the baseline (ringed) as
/// measured on the fresh validation games, each objective with its interval, the pick
/// first, so that a reader sees whether the intervals overlap.
fn draw_finalists(spec: &TuneSpec, r: &CountResult, dir: &mut OutputDir) -> Result<()> {
    let plan = &r.plan;
    if r.validated.is_empty() {
        return Ok(());
    }
    // Each step is named by its values alone, the parameters named once on the axis, so
    // that the names of a tune of several parameters stay short enough to read.
    let steps: Vec<String> = r
        .validated
        .iter()
        .map(|v| {
            let values: Vec<String> = v.values.iter().map(ToString::to_string).collect();
            values.join(", ")
        })
        .collect();
    let params: Vec<&str> = plan.dims.iter().map(|d| d.path.as_str()).collect();
    let x_label = format!("candidate ({}), the pick first", params.join(", "));
    let at = |k: usize| k as f64;
    let series = floe_plot::Series {
        name: format!("{} players", plan.players),
        points: r
            .validated
            .iter()
            .enumerate()
            .map(|(k, v)| (at(k), spec.objective.shown(v.objective)))
            .collect(),
        marked: r.validated.iter().position(|v| v.rules).map(at),
        bands: r
            .validated
            .iter()
            .enumerate()
            .map(|(k, v)| {
                let shown = |x| spec.objective.shown(x);
                (at(k), shown(v.interval.0), shown(v.interval.1))
            })
            .collect(),
        reference: Vec::new(),
    };
    let chart = format!("finalists-{}p.svg", plan.players);
    floe_plot::step_chart(
        &dir.staging().join(&chart),
        &format!(
            "{}: finalists on fresh games, {} players (bars: {:.0}% intervals; ring: {})",
            spec.name,
            plan.players,
            100.0 * spec.confidence,
            plan.baseline_name()
        ),
        &x_label,
        spec.objective.label(),
        &steps,
        &[series],
    )?;
    dir.add_chart(&chart);
    Ok(())
}

/// Returns the report's text: per player count, the method, the games, and the finalists
/// and the rules' own table as validated.
fn summary(spec: &TuneSpec, results: &[CountResult]) -> String {
    let mut out = String::new();
    let pct = spec.confidence * 100.0;
    for r in results {
        let plan = &r.plan;
        let _ = writeln!(
            out,
            "{} players: {} over {}, {}, {}; validation on games {}..{} ({pct:.0}% intervals):",
            plan.players,
            plan.method.name(),
            count(plan.space, "candidate"),
            count(r.searched.rounds, "round"),
            count(r.searched.spent, "search game"),
            r.block.games().start,
            r.block.games().start + r.validated.first().map_or(0, |v| v.measure.games),
        );
        for (i, v) in r.validated.iter().enumerate() {
            let score = match v.measure.score_share() {
                (share, lo, hi) if spec.tuned.is_some() => format!(
                    ", score share {:.1}% ({:.1}-{:.1}%)",
                    100.0 * share,
                    100.0 * lo,
                    100.0 * hi
                ),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "  {} {:<40} objective {}{score}{}",
                if i == 0 { "*" } else { " " },
                plan.name(&v.values),
                objective_text(&spec.objective, v.objective, v.interval),
                if v.rules {
                    format!("  <- {}", plan.baseline_name())
                } else {
                    String::new()
                }
            );
        }
        let _ = writeln!(out, "  {}", verdict(plan, &r.validated, pct));
    }
    out
}

/// Returns an objective's value and interval as the tuner prints them: in percentage
/// points when the objective is one of shares ([`Objective::in_points`]), as every other
/// rate Floe prints, else as it is.
fn objective_text(objective: &Objective, value: f64, (lo, hi): (f64, f64)) -> String {
    let shown = |x| objective.shown(x);
    if objective.in_points() {
        format!(
            "{:.2} points ({:.2}-{:.2})",
            shown(value),
            shown(lo),
            shown(hi)
        )
    } else {
        format!("{value:.5} ({lo:.5}-{hi:.5})")
    }
}

/// Returns the verdict on one player count's finalists against the baseline (the rules'
/// own table, the bot's defaults): see [`verdict_of`].
fn verdict(plan: &CountPlan, validated: &[Validated], pct: f64) -> String {
    let finalists: Vec<Weighed> = validated
        .iter()
        .map(|v| (plan.name(&v.values), v.rules, v.interval))
        .collect();
    verdict_of(plan.baseline_name(), &finalists, pct)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::spec::tests::{read, text};

    /// Checks `extra` keys of a spec of two candidates against the game, as the run and
    /// `--check` both do.
    fn checked(extra: &str) -> Result<Vec<CountPlan>, String> {
        let spec = read(&text("[2]", extra, "seat_spread = 1.0")).unwrap();
        check(&spec).map_err(|e| format!("{e:#}"))
    }

    #[test]
    fn ntbea_asks_no_more_of_a_round_than_the_space_holds() {
        let ntbea = "method = \"ntbea\"\n";
        let e = checked(&format!("{ntbea}ntbea_batch = 3")).unwrap_err();
        assert!(
            e.ends_with(
                "t.toml: line 7: ntbea_batch: 3 is more than the 2 candidates of the space at \
                 2 players: a round evaluates each candidate at most once; give at most 2 or \
                 leave it out"
            ),
            "{e}"
        );
        let e = checked(&format!("{ntbea}ntbea_neighbours = 1000000000000")).unwrap_err();
        assert!(
            e.ends_with(
                "t.toml: line 7: ntbea_neighbours: 1000000000000 is more than a round can draw \
                 at 2 players: besides the current candidate the space holds 1 candidate; give \
                 at most 1 or leave it out"
            ),
            "{e}"
        );
        // The defaults (4 a batch, 50 neighbours) are caps, and racing draws neither.
        assert!(checked(ntbea).is_ok());
        assert!(checked("ntbea_batch = 3\nntbea_neighbours = 9").is_ok());
        assert!(checked(&format!("{ntbea}ntbea_batch = 2\nntbea_neighbours = 1")).is_ok());
    }

    #[test]
    fn a_trial_too_large_to_count_is_refused_naming_the_games() {
        let spec = read(&text("[2, 3]", "", "seat_spread = 1.0")).unwrap();
        let e = trial(&spec, u64::MAX / 4).unwrap_err();
        let refused = e.downcast_ref::<SettingError>().expect("a setting refused");
        assert_eq!(refused.setting, Setting::Games);
        assert!(e.to_string().contains("too many for a trial"), "{e}");
        assert!(trial(&spec, 1_000).is_ok());
    }
}
