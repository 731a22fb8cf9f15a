//! Carrying out a tune spec: searching each player count, validating the best candidates
//! on fresh deals, and pricing or trying a spec. The spec is checked against its game
//! first ([`crate::plan`]); the results folder is written by [`crate::output`].
//!
//! Every game of a tune has the spec's master seed; what keeps rounds and validation apart
//! is the game's index. Search round r plays indices `[r R, (r + 1) R)` (R the round's
//! games); validation plays one block above every index the search used. A game's seed is
//! a bijection of its index for a fixed master seed ([`floe_core::game_seed`]), so the
//! validation's deals are never the search's.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::{Context, Result, anyhow};
use floe_bots::BotSpec;
use floe_core::{Game, ParamValue, RuleSet};
use floe_games::GameVisitor;
use floe_io::count;
use floe_sim::Setting;

use crate::objective::Measure;
use crate::search::{self, Method, Point, Settings};
use crate::spec::TuneSpec;
use floe_lab::Machine;
use floe_lab::message::SettingError;
use floe_lab::output_dir::{OutputDir, Scope};
use floe_lab::{Progress, Silent};

use crate::output::*;
use crate::plan::*;
use crate::verdict::Validated;

/// Plays `plans` of `spec` on `game` (`base` rules), reporting games to `progress`.
pub(super) fn tune_counts<G: Game>(
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
pub(super) struct Trial<'a, G: Game> {
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
pub(super) type Finalist = (Vec<ParamValue>, Option<usize>, Option<f64>);

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
                estimate: spec.objective.estimate(&measure, spec.confidence, seed),
                measure,
            });
        }
        validated.sort_by(|a, b| a.estimate.value.total_cmp(&b.estimate.value));
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
pub(super) const TIMED_FOR: std::time::Duration = std::time::Duration::from_millis(200);

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
    floe_lab::request::with_game(&spec.game, rules.as_ref(), Price(spec, machine))
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
pub(super) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
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
    if progress.wants_estimate() {
        let priced = price(spec, machine)?;
        progress.expect(
            priced.iter().map(|p| p.games).sum(),
            priced.iter().map(|p| p.seconds).sum(),
            false,
        );
    }
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
                &[
                    &TABLES[..],
                    &["manifest.toml", PICK, ARC, floe_pages::report::PAGE],
                ]
                .concat(),
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
            let picked = write_tables(self.spec, &game, &results, &mut dir)?;
            let mut manifest = dir.file("manifest.toml")?;
            let text = toml::to_string(&Manifest {
                kind: "tune",
                game: game.name(),
                name: &self.spec.name,
                floe_version: env!("CARGO_PKG_VERSION"),
                git_commit: floe_lab::provenance::BUILD_COMMIT,
                wall_seconds: started.elapsed().as_secs_f64(),
                games,
                spec: &self.spec.text,
                baseline: plans
                    .first()
                    .map_or("the baseline", CountPlan::baseline_name),
                plugged: BotSpec::identities(&lineup(self.spec, self.spec.players[0], &[]).0),
            })?;
            manifest.write_all(text.as_bytes())?;
            drop(manifest);
            dir.stage_page()?;
            let written = dir.commit()?;
            Ok(TuneReport {
                text: summary(self.spec, &results, picked),
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
    floe_lab::request::with_game(&spec.game, rules.as_ref(), visitor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::tests::{read, text};

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
