//! A tune spec checked against its game, before any game is played: the space of each
//! player count (its dimensions, the rules' and the bots' parameters), the line-up and the
//! runs a candidate is measured by.

use anyhow::Result;
use floe_bots::{
    BotParam, BotParamKind, BotSpec, BotValue, KnownBot, Registry, SpecError, split_spec_list,
};
use floe_core::{Game, ParamValue, RuleSet, param};
use floe_games::GameVisitor;
use floe_io::count;
use floe_sim::{Dealing, RunConfig, Seating, Shard};

use crate::objective::Statistic;
use crate::search::{Method, Point, space_size};
use crate::spec::{TuneSpec, TunedParam};
use floe_lab::Machine;
use floe_lab::request::{NamedBy, read_rules};

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
    check_round_limit(spec, game)?;
    let mut plans = Vec::new();
    for &players in &spec.players {
        plans.push(plan_count(spec, game, &decls, players)?);
    }
    Ok(plans)
}

/// Fails when the objective weighs `round_limit` in a game with no round limit.
fn check_round_limit<G: Game>(spec: &TuneSpec, game: &G) -> Result<()> {
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
    Ok(())
}

/// Checks `spec` against `game` at `players` seats (whose rules declare `decls`) and
/// plans that count: its dimensions, method and space.
fn plan_count<G: Game>(
    spec: &TuneSpec,
    game: &G,
    decls: &[floe_core::ParamDecl],
    players: usize,
) -> Result<CountPlan> {
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
            None => rules_dimension(spec, game, decls, players, i, p)?,
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
    check_round_budget(spec, players, method, space)?;
    check_game_counts(spec, players, space)?;
    Ok(CountPlan {
        players,
        dims,
        method,
        space,
    })
}

/// Fails when `budget` cannot pay for one round of `method` over a `space` of candidates
/// at `players` seats.
fn check_round_budget(spec: &TuneSpec, players: usize, method: Method, space: usize) -> Result<()> {
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
    Ok(())
}

/// Fails when `round_games` is not a whole number of the line-up's seatings at `players`
/// seats, or `validation_games` cannot measure the finalists of a `space` and the
/// baseline on one cycle of seatings each.
fn check_game_counts(spec: &TuneSpec, players: usize, space: usize) -> Result<()> {
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
    Ok(())
}

/// Checks NTBEA's `ntbea_batch` and `ntbea_neighbours`, where the spec gives them, against
/// the `space` of candidates at `players` seats. A round evaluates each candidate at most
/// once and draws neighbours (up to four tries each) until it has as many distinct ones
/// as asked: a batch larger than the space, or more neighbours than the candidates other
/// than the current one, can never be had, and a huge count would spin through its
/// tries (or overflow counting them) after the games have begun. The defaults are caps
/// the search stops short of in a small space, and are not refused.
pub(super) fn check_ntbea(spec: &TuneSpec, players: usize, space: usize) -> Result<()> {
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
pub(super) fn rules_dimension<G: Game>(
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
        None => floe_lab::request::accepted_values(game, &path, &resolved.kind, players)
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
        floe_lab::request::seating_with(game, &path, &value, players).map_err(|e| {
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
pub(super) fn bot_param<'s>(
    spec: &'s TuneSpec,
    name: &str,
) -> Option<(&'s KnownBot, &'static BotParam)> {
    let bot = spec.tuned.as_ref()?.0.known()?;
    let param = name.strip_prefix(bot.name)?.strip_prefix('.')?;
    Some((bot, bot.params.iter().find(|q| q.name == param)?))
}

/// The spec value of a bot parameter's value, so that values compare as the bot reads them
/// (`1` and `1.0` are one value of a number parameter).
pub(super) fn bot_value(v: BotValue) -> ParamValue {
    match v {
        BotValue::Whole(x) => ParamValue::Whole(x as i64),
        BotValue::Number(x) => ParamValue::Number(x),
        BotValue::Word(w) => ParamValue::Name(w.to_string()),
        BotValue::Model(m) => ParamValue::Name(floe_io::gate::path(m.path())),
    }
}

/// Most values of a whole-number bot parameter tried when the spec lists none.
pub(super) const MAX_LISTED: u64 = 64;

/// Returns the tuned dimension of the tuned bot's parameter `param` (the spec's
/// `params[i]`): its values, each read as the bot reads it, and its default in `game`.
pub(super) fn bot_dimension<G: Game>(
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
pub(super) fn candidate(
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
pub(super) fn lineup(
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
pub(super) fn cycle(spec: &TuneSpec, players: usize) -> u64 {
    let (bots, seating) = lineup(spec, players, &[]);
    seating.cycle(bots.len())
}

/// Checks the bots against `game` at `players` seats.
pub(super) fn check_bots<G: Game>(spec: &TuneSpec, game: &G, players: usize) -> Result<()> {
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
pub(super) fn config(
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
        arc: spec.arc,
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
    floe_lab::request::with_game(&spec.game, rules.as_ref(), Check(spec))
}

/// Reads the spec's rules file, if it names one.
pub(super) fn rules_file(spec: &TuneSpec) -> Result<Option<floe_lab::request::RulesFile>> {
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
