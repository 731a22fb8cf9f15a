//! Building a [`Plan`]: from the flags of a one-cell run, or from an experiment spec.
//! Everything is checked here, against the loaded game, so that nothing is played on bad
//! input; each error names the flag, or the spec's file, line and key.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};
use floe_bots::{BotSpec, Registry};
use floe_core::{Game, ParamDecl, ParamKind, ParamValue, RuleSet, param};
use floe_games::GameVisitor;
use floe_sim::{Dealing, RunError, Setting};

use crate::message::{Message, SettingError};
use crate::plan::{CellPlan, ExperimentInfo, Plan, RunKind, SweepPoint};
use crate::questions::check_questions;
use crate::setup::{Machine, setup};
use crate::spec::{Lineup, Spec, Sweep};

/// A rules file read for a run: its text, what names it in errors (the setting, or the
/// spec line that named the file) and the name of its rules if it sets none.
pub struct RulesFile {
    /// How errors name the file.
    pub named_by: NamedBy,
    /// The file's text.
    pub text: String,
    /// The file's stem (`my` for `my.toml`): the rules' name when the file has no `name`
    /// key, so that results label a variant by its file and not as the built-in rules.
    pub stem: String,
}

/// What names a rules file in errors.
#[derive(Clone, Debug)]
pub enum NamedBy {
    /// The setting that gave it, with its value: the rules file itself (`--rules my.toml`)
    /// or, with `part`, the rules a file holds (`--record game.toml: rules`).
    Setting {
        /// The setting.
        setting: Setting,
        /// Its value, as it should read.
        value: String,
        /// What of the setting's file the rules are (`rules`), or empty for the file.
        part: &'static str,
    },
    /// Words of its own: a spec's file, line and key; the profile's rules.
    Words(String),
}

impl NamedBy {
    /// The rules file given as the `rules` setting, at `path`.
    pub fn rules_setting(path: &Path) -> NamedBy {
        NamedBy::Setting {
            setting: Setting::Rules,
            value: path.display().to_string(),
            part: "",
        }
    }

    /// `cause`, after `message` (when not empty), named by this.
    pub fn refuse(&self, message: &str, cause: anyhow::Error) -> anyhow::Error {
        match self {
            NamedBy::Setting {
                setting,
                value,
                part,
            } => {
                let said = [*part, message]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(": ");
                SettingError::new(*setting, said)
                    .value(value)
                    .because(cause)
                    .into()
            }
            NamedBy::Words(words) => match message.is_empty() {
                true => cause,
                false => cause.context(message.to_string()),
            }
            .context(words.clone()),
        }
    }
}

/// Reads the rules file at `path` ([`floe_io::read::Kind::RULES`]), named in errors by
/// `named_by`.
///
/// # Errors
/// Fails if the file cannot be read, is a folder, too large or not UTF-8.
pub fn read_rules(path: &Path, named_by: NamedBy) -> Result<RulesFile> {
    let text = floe_io::read::text(path, floe_io::read::Kind::RULES)
        .map_err(|e| named_by.refuse("", e.into()))?;
    Ok(RulesFile {
        named_by,
        text,
        stem: path
            .file_stem()
            .map_or("rules".into(), |s| s.to_string_lossy().into_owned()),
    })
}

/// Reads the rules file that the `rules` setting names, named in errors by the setting.
///
/// # Errors
/// As [`read_rules`].
pub fn read_rules_setting(path: &Path) -> Result<RulesFile> {
    read_rules(path, NamedBy::rules_setting(path))
}

/// The rules a [`RunRequest`] names.
pub enum RequestRules {
    /// The rules file the `rules` setting names, read when the request is planned
    /// ([`plan_run`]), once its game is known to exist: an unknown game is named before
    /// any file is read.
    Setting(PathBuf),
    /// Rules read already (a record's, the profile's).
    Read(RulesFile),
}

impl RequestRules {
    /// Returns the rules file, reading it if it has not been read.
    ///
    /// # Errors
    /// As [`read_rules`].
    fn read(self) -> Result<RulesFile> {
        match self {
            RequestRules::Setting(path) => read_rules_setting(&path),
            RequestRules::Read(file) => Ok(file),
        }
    }
}

/// A one-cell run as `simulate` and `tournament` describe it.
pub struct RunRequest {
    /// Which results are written.
    pub kind: RunKind,
    /// The game's registry name.
    pub game: String,
    /// The rules file, or `None` for the game's default rules.
    pub rules: Option<RequestRules>,
    /// Players per game.
    pub players: usize,
    /// The bots text: a spec for every seat, one per seat, or the entrants.
    pub bots: String,
    /// Games to play.
    pub games: u64,
    /// The seed, seating and colours.
    pub dealing: Dealing,
    /// Also write one row per game and seat.
    pub per_game: bool,
    /// Also follow how each game unfolds ([`Plan::arc`]).
    pub arc: bool,
    /// The bots the bots text may name besides the built-in ones: plugged in, or
    /// outsiders (people, Python functions).
    pub registry: Registry,
}

/// A checked plan and the warnings its bots give.
pub struct Planned {
    /// The plan.
    pub plan: Plan,
    /// Warnings for the user.
    pub notes: Vec<Message>,
}

/// Runs `visitor` on the game `name` loaded with `rules` (an error names the rules file).
pub fn with_game<V: GameVisitor<Output = Result<T>>, T>(
    name: &str,
    rules: Option<&RulesFile>,
    visitor: V,
) -> Result<T> {
    match rules {
        None => floe_games::visit(name, None, visitor).map_err(|e| anyhow!("{e}"))?,
        Some(r) => floe_games::visit_file(name, &r.text, &r.stem, visitor)
            .map_err(|e| r.named_by.refuse("", anyhow!("{e}")))?,
    }
}

/// Returns every bot (the built-in ones, then those plugged into `registry`) and its
/// parameters with game `name`'s defaults, for people ([`floe_bots::bots_help`]).
///
/// # Errors
/// Lists the games when there is none of that name.
pub fn bots_help(name: &str, registry: &Registry) -> Result<String> {
    struct Help<'a>(&'a Registry);
    impl GameVisitor for Help<'_> {
        type Output = String;
        fn visit<G: Game + 'static>(self, game: G) -> String {
            floe_bots::bots_help(&game, self.0)
        }
    }
    known_game(name)?;
    floe_games::visit(name, None, Help(registry)).map_err(|e| anyhow!("{e}"))
}

/// Checks that Floe has a game named `name`.
///
/// # Errors
/// Lists the games when there is none of that name.
pub fn known_game(name: &str) -> Result<(), SettingError> {
    if !floe_games::GAMES.iter().any(|g| g.name == name) {
        return Err(SettingError::new(
            Setting::Game,
            format!(
                "unknown game {}; games: {}",
                floe_io::gate::quoted(name),
                floe_games::listed_names().join(", ")
            ),
        )
        .value(name));
    }
    Ok(())
}

/// Checks the one-cell run `req` and returns its plan.
///
/// # Errors
/// Names the flag (or rules file line) of the first problem.
pub fn plan_run(req: RunRequest) -> Result<Planned> {
    known_game(&req.game)?;
    struct Check(RunRequest);
    impl GameVisitor for Check {
        type Output = Result<Planned>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<Planned> {
            let req = self.0;
            let mut plan = Plan {
                kind: req.kind,
                game: req.game,
                rules: game.rules().to_toml(),
                dealing: req.dealing,
                per_game: req.per_game,
                arc: req.arc,
                plugged: BTreeMap::new(),
                experiment: None,
                cells: vec![CellPlan {
                    players: req.players,
                    bots: req.bots.trim().to_string(),
                    games: req.games,
                    sweep: None,
                    by: None,
                }],
            };
            let checked = setup(
                game,
                &plan,
                &plan.cells[0],
                Machine::default(),
                &req.registry,
            )?;
            plan.plugged = BotSpec::identities(&checked.config.bots);
            Ok(Planned {
                notes: checked.notes,
                plan,
            })
        }
    }
    let mut req = req;
    let rules = req.rules.take().map(RequestRules::read).transpose()?;
    let game = req.game.clone();
    with_game(&game, rules.as_ref(), Check(req))
}

/// Lays out and checks every cell of the experiment `spec` (with `games` per cell instead
/// of the spec's counts, if given) and returns its plan.
///
/// # Errors
/// Names the spec's file, line and key of the first problem (or `--games`).
pub fn plan_experiment(spec: &Spec, games: Option<u64>) -> Result<Planned> {
    if games == Some(0) {
        return Err(SettingError::new(
            Setting::Games,
            "play at least 1 game per cell (or leave it out for the spec's counts)",
        )
        .value(0)
        .into());
    }
    let rules = match &spec.rules {
        None => None,
        Some((path, line)) => Some(read_rules(
            path,
            NamedBy::Words(format!("{}: line {line}: rules", spec.path.display())),
        )?),
    };
    struct Cells<'a> {
        spec: &'a Spec,
        games: Option<u64>,
    }
    impl GameVisitor for Cells<'_> {
        type Output = Result<Planned>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<Planned> {
            experiment_cells(self.spec, self.games, game)
        }
    }
    with_game(&spec.game, rules.as_ref(), Cells { spec, games })
}

/// The cells of `spec` for `game` (its base rules loaded), checked.
fn experiment_cells<G: Game>(spec: &Spec, games: Option<u64>, game: G) -> Result<Planned> {
    let mut plan = Plan {
        kind: RunKind::Experiment,
        game: spec.game.clone(),
        rules: game.rules().to_toml(),
        dealing: spec.dealing,
        per_game: false,
        arc: spec.arc,
        plugged: BTreeMap::new(),
        experiment: Some(ExperimentInfo {
            name: spec.name.clone(),
            description: spec.description.clone(),
            spec_file: spec.path.display().to_string(),
            spec: spec.text.clone(),
            questions: spec.questions.iter().map(|d| d.question.clone()).collect(),
            adjust: (!spec.questions.is_empty()).then_some(spec.adjust),
        }),
        cells: Vec::new(),
    };
    let decls = game.rules().parameters();
    let mut notes = Vec::new();
    let mut total: u64 = 0;
    for (i, lineup) in spec.lineups.iter().enumerate() {
        for &players in &lineup.players {
            let axis = |sweep: Option<&Sweep>| -> Result<Vec<Option<SweepPoint>>> {
                Ok(match sweep {
                    None => vec![None],
                    Some(sweep) => sweep_points(spec, sweep, &decls, &game, players)?
                        .into_iter()
                        .map(Some)
                        .collect(),
                })
            };
            let first = axis(spec.sweep.as_ref())?;
            let second = axis(spec.sweep.as_ref().and_then(|s| s.by.as_deref()))?;
            for (sweep, by) in first
                .iter()
                .flat_map(|a| second.iter().map(move |b| (a, b)))
            {
                let cell = CellPlan {
                    players,
                    bots: lineup.bots.clone(),
                    games: games.unwrap_or(lineup.games),
                    sweep: sweep.clone(),
                    by: by.clone(),
                };
                let checked = setup(
                    game.clone(),
                    &plan,
                    &cell,
                    Machine::default(),
                    &spec.registry,
                )
                .map_err(|m| misfit(spec, lineup, games.is_some(), m))?;
                total = total.checked_add(cell.games).ok_or_else(|| {
                    too_many_games(spec, i, cell.games, games.is_some(), plan.cells.len() + 1)
                })?;
                plan.plugged
                    .extend(BotSpec::identities(&checked.config.bots));
                if notes.is_empty() {
                    notes = checked.notes;
                }
                plan.cells.push(cell);
            }
        }
    }
    check_questions(&spec.path, &spec.game, &spec.questions, &game, &plan.cells)?;
    Ok(Planned { plan, notes })
}

/// Returns every value of `kind` that `game`'s rules accept at `path` and that leaves the
/// game seating `players` (`None` when the kind has too many values to list): what a sweep
/// or a tune tries when its spec lists none. A value the rules refuse at some player count
/// (an Arctic Reserve too large for the 4-player deal, team play at 2 players) is left
/// out, not an error: the spec asked for what is allowed.
pub fn accepted_values<G: Game>(
    game: &G,
    path: &str,
    kind: &ParamKind,
    players: usize,
) -> Option<Vec<ParamValue>> {
    Some(
        kind.all_values()?
            .into_iter()
            .filter(|v| seating_with(game, path, v, players).is_ok())
            .collect(),
    )
}

/// Checks that `game`'s rules take `value` at `path` and then seat `players` players,
/// and returns the message of the first that fails.
pub fn seating_with<G: Game>(
    game: &G,
    path: &str,
    value: &ParamValue,
    players: usize,
) -> Result<(), String> {
    let mut rules = game.rules().clone();
    rules
        .set_parameter(path, value)
        .map_err(|e| e.to_string())?;
    floe_sim::check_players(&G::from_rules(rules), players).map_err(|e| match e {
        RunError::Config { message, .. } => message,
        other => other.to_string(),
    })
}

/// Returns the points of `sweep` at `players` players: each value with the path it sets
/// and the rules' own value.
fn sweep_points<G: Game>(
    spec: &Spec,
    sweep: &Sweep,
    decls: &[ParamDecl],
    game: &G,
    players: usize,
) -> Result<Vec<SweepPoint>> {
    let unknown = || {
        let known: Vec<&str> = decls.iter().map(|d| d.path.as_str()).collect();
        spec.error_at(
            sweep.line,
            &sweep.key("param"),
            format!(
                "{} cannot be swept; parameters: {}",
                floe_io::gate::quoted(&sweep.param),
                known.join(", ")
            ),
        )
    };
    let decl = decls
        .iter()
        .find(|d| d.path == sweep.param)
        .ok_or_else(unknown)?;
    let path = match &decl.per_players {
        Some(_) => format!("{}.{players}", sweep.param),
        None => sweep.param.clone(),
    };
    let decl = param::resolve(decls, &path)
        .map_err(|e| spec.error_at(sweep.line, &sweep.key("param"), e.message))?
        .0;
    let rules_value = game
        .rules()
        .parameter(&path)
        .map_err(|e| spec.error_at(sweep.line, &sweep.key("param"), e.message))?;
    let values: Vec<(ParamValue, usize)> = match &sweep.values {
        Some(values) => values.clone(),
        None => accepted_values(game, &path, &decl.kind, players)
            .ok_or_else(|| {
                spec.error_at(
                    sweep.line,
                    sweep.key,
                    format!(
                        "list the values to sweep: {} takes {}",
                        sweep.param, decl.kind
                    ),
                )
            })?
            .into_iter()
            .map(|v| (v, sweep.values_line))
            .collect(),
    };
    let mut points = Vec::new();
    for (value, _line) in values {
        if let Err(message) = decl.kind.check(&value) {
            let message = match (&decl.kind, value.as_whole()) {
                (ParamKind::Whole { min, max }, Some(_)) => format!(
                    "{value} is out of range for {players} players: {} allows {min} to {max}",
                    sweep.param
                ),
                _ => format!("for {players} players: {message}"),
            };
            return Err(spec.error_at(sweep.values_line, &sweep.key("values"), message));
        }
        points.push(SweepPoint {
            param: sweep.param.clone(),
            path: path.clone(),
            value,
            rules_value: rules_value.clone(),
        });
    }
    Ok(points)
}

/// Refuses an experiment whose games in all, counted in 64 bits as every run counts them
/// (its progress, its shards' manifests, its report), would wrap: `games` a cell of
/// `lineups[i]` (or of the games setting, when `games_given`) reached past that count at
/// its `cells`-th cell.
fn too_many_games(
    spec: &Spec,
    i: usize,
    games: u64,
    games_given: bool,
    cells: usize,
) -> anyhow::Error {
    let message = format!(
        "with cells of {games} games, the experiment's first {cells} cells already hold \
         more than {} games in all, the most a run can count; play fewer games a cell",
        u64::MAX
    );
    match games_given {
        true => SettingError::new(Setting::Games, message)
            .value(games)
            .into(),
        false => spec.error_at(
            spec.lineups[i].lines.1,
            &format!("lineups[{i}].games"),
            message,
        ),
    }
}

/// Points a setting that does not fit at the spec's line that set it (or at the games
/// setting, when that replaced the spec's counts).
fn misfit(spec: &Spec, lineup: &Lineup, games_given: bool, m: SettingError) -> anyhow::Error {
    if m.setting == Setting::Games && games_given {
        return SettingError::new(Setting::Games, m.message).into();
    }
    let (line, key) = match m.setting {
        Setting::Players => (lineup.lines.2, "players"),
        Setting::Games => (lineup.lines.1, "games"),
        // A grid's cell sets two parameters; the message names the one refused.
        Setting::Sweep => match &spec.sweep {
            Some(s) if s.by.is_some() => (s.line, "sweep"),
            s => (s.as_ref().map_or(1, |s| s.values_line), "sweep.values"),
        },
        _ => (lineup.lines.0, "bots"),
    };
    spec.error_at(line, key, m.message.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::tests::read;

    #[test]
    fn an_experiment_counts_its_games_in_64_bits() {
        let spec = |players: &str, games: u64| {
            read(&format!(
                "players = {players}\n[[lineups]]\nbots = \"random\"\ngames = {games}\n"
            ))
            .unwrap()
        };
        let half = u64::MAX / 2;
        let two = plan_experiment(&spec("[2, 3]", half), None).unwrap();
        assert_eq!(
            two.plan.cells.iter().map(|c| c.games).sum::<u64>(),
            2 * half
        );
        let e = format!(
            "{:#}",
            plan_experiment(&spec("[2, 3, 4]", half), None)
                .err()
                .unwrap()
        );
        assert!(
            e.ends_with(&format!(
                "e.toml: line 4: lineups[0].games: with cells of {half} games, the \
                 experiment's first 3 cells already hold more than {} games in all, the most \
                 a run can count; play fewer games a cell",
                u64::MAX
            )),
            "{e}"
        );
        // The games setting, replacing the spec's counts, is named instead.
        let e = plan_experiment(&spec("[2, 3, 4]", 10), Some(half))
            .err()
            .unwrap();
        let refused = e.downcast_ref::<SettingError>().expect("a setting refused");
        assert_eq!(refused.setting, Setting::Games);
        assert!(plan_experiment(&spec("[2, 3, 4]", half), Some(10)).is_ok());
    }
}
