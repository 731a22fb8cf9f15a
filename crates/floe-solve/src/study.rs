//! `floe solve` (and Python's `floe.exploitability`): a small game's value and how far
//! each bot's play is from an equilibrium of it, as a table a person reads and a folder
//! of CSV files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::Result;
use floe_core::{Game, RuleSet};
use floe_games::GameVisitor;
use floe_lab::message::About;
use floe_lab::output_dir::{OutputDir, Scope};
use floe_lab::request::{NamedBy, RulesFile, with_game};
use floe_lab::{Progress, Registry, Setting, SettingError};
use floe_sim::table::Table;
use floe_sim::table_row;

use crate::exploit::{Sampling, Work, exploitability, questions};
use crate::public::Payoff;
use crate::solve::Solver;

/// The game `floe solve` (and `floe.exploitability`) takes when given none: the one small
/// enough.
pub const DEFAULT_GAME: &str = "goofspiel";

/// The rules of [`DEFAULT_GAME`] taken when given none: 3 cards, the prizes shuffled. At
/// its built-in 5 cards a bot is sampled at 913,010 questions (hours for `mcts`); at 4
/// cards at 7,304 (minutes), at 3 cards at 114 (seconds).
pub const DEFAULT_RULES: &str = "name = \"goofspiel-3\"\ncards = 3\n";

/// The table `floe solve` writes.
pub const TABLE: &str = "exploitability.csv";

/// The column dictionary beside it.
const COLUMNS: &str = "columns.csv";

/// What to solve and whose play to measure.
pub struct SolveRequest {
    /// The game's registry name.
    pub game: String,
    /// The rules file, or `None` for [`DEFAULT_RULES`] in [`DEFAULT_GAME`] and the
    /// built-in rules in any other.
    pub rules: Option<RulesFile>,
    /// How a finished game pays seat 0, by name ([`Payoff::NAMED`]).
    pub payoff: String,
    /// The bots to measure: comma-separated specs, which may name the bots of `registry`.
    pub bots: String,
    /// How each bot's strategy is estimated.
    pub sampling: Sampling,
    /// The bots `bots` may name besides the built-in ones.
    pub registry: Registry,
    /// Set to stop (a signal): the solve then ends soon with an error, writing nothing.
    pub stop: Option<Arc<AtomicBool>>,
}

table_row! {
    /// `exploitability.csv`: one bot's play measured against a best response to it.
    pub struct ExploitRow {
        /// the game
        pub game: String,
        /// the rules' name (the rules file's name key or stem; the game's name for its built-in rules)
        pub rules: String,
        /// what a finished game pays seat 0 (seat 1 the negative): difference (seat 0's score minus seat 1's, OpenSpiel's point_difference doubled) or win-loss (1 for a win, -1 for a loss, 0 for a shared win)
        pub payoff: String,
        /// the game's value to seat 0 under that payoff: what each seat can hold the game to at an equilibrium, with every deal alike (0 for a game fair between the seats)
        pub value: f64,
        /// the bot spec as given
        pub bot: String,
        /// answers drawn from the bot at each question it is asked (its strategy there is their shares)
        pub samples: u64,
        /// resamples of those answers behind the interval (percentile bootstrap)
        pub resamples: u64,
        /// the seed the bot's random numbers derive from: sample i at a question plays with those of game seed i of the seed mixed with a hash of the question
        pub seed: u64,
        /// questions sampled: public positions times the seat asked there, every one a best response can reach
        pub questions: u64,
        /// what the bot loses in seat 0 against a best response, below the value (payoff units; 0 for an equilibrium strategy)
        pub loss_seat_0: f64,
        /// what it loses in seat 1 against a best response, below seat 1's value
        pub loss_seat_1: f64,
        /// the mean of the two losses: OpenSpiel's exploitability (NashConv over two) of the bot playing both seats; a best response also exploits sampling noise, so it leans high for a bot that mixes
        pub exploitability: f64,
        /// lower end of its 95% interval from resampling the bot's answers (the sampling noise only); equal to it for a bot that always gives the same answer
        pub ci_low: f64,
        /// upper end of that interval
        pub ci_high: f64,
    }
}

/// What a solve found.
pub struct SolveReport {
    /// Seat 0's value of the game.
    pub value: f64,
    /// The table, one row per bot.
    pub table: Table,
    /// The table for people.
    pub text: String,
    /// The files written (empty when no folder was asked for).
    pub written: Vec<PathBuf>,
}

/// Where a solve writes its table, if anywhere.
pub struct SolveOut<'a> {
    /// The folder.
    pub dir: &'a Path,
    /// Replace files there that Floe did not write.
    pub force: bool,
}

/// Solves the game of `req` and measures each of its bots, telling `progress` of the
/// work in questions (see [`exploitability`]; [`Progress::cell`] names the bot); writes [`TABLE`] and its column dictionary
/// into `out` when given (checked before anything is solved, moved in at the end).
///
/// # Errors
/// Names the game or rules that cannot be solved exactly, a bot spec that does not parse
/// or fit the game, or the folder that cannot be written.
pub fn run_solve(
    req: &SolveRequest,
    out: Option<SolveOut<'_>>,
    progress: &dyn Progress,
) -> Result<SolveReport> {
    struct Run<'a> {
        req: &'a SolveRequest,
        payoff: Payoff,
        out: Option<SolveOut<'a>>,
        progress: &'a dyn Progress,
    }
    impl GameVisitor for Run<'_> {
        type Output = Result<SolveReport>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<SolveReport> {
            solve_game(&game, self.req, self.payoff, self.out, self.progress)
        }
    }
    floe_lab::request::known_game(&req.game)?;
    let payoff = Payoff::named(&req.payoff)
        .map_err(|e| SettingError::new(Setting::Payoff, e).quoted(&req.payoff))?;
    if req.sampling.samples == 0 {
        return Err(
            SettingError::new(Setting::Samples, "draw at least 1 answer a question")
                .value(0)
                .into(),
        );
    }
    let small = (req.rules.is_none() && req.game == DEFAULT_GAME).then(|| RulesFile {
        named_by: NamedBy::Words(format!("the default rules of {DEFAULT_GAME}")),
        text: DEFAULT_RULES.into(),
        stem: String::new(),
    });
    let rules = req.rules.as_ref().or(small.as_ref());
    let run = Run {
        req,
        payoff,
        out,
        progress,
    };
    with_game(&req.game, rules, run)
}

/// [`run_solve`] on the loaded `game`.
fn solve_game<G: Game>(
    game: &G,
    req: &SolveRequest,
    payoff: Payoff,
    out: Option<SolveOut<'_>>,
    progress: &dyn Progress,
) -> Result<SolveReport> {
    let deals = game.deals(2).map_err(|e| match &req.rules {
        Some(r) => r.named_by.refuse("", anyhow::Error::msg(e)),
        None => SettingError::new(Setting::Game, e).into(),
    })?;
    let texts = floe_lab::split_spec_list(&req.bots);
    let specs = floe_lab::setup::read_bots(game, 2, &req.bots, &req.registry)?;
    let specs: Vec<_> = texts.into_iter().zip(specs).collect();
    if specs.is_empty() {
        return Err(SettingError::new(Setting::Bots, "name at least one bot to measure").into());
    }
    let shown = out.as_ref().map(|o| o.dir.display().to_string());
    let mut dir = match &out {
        None => None,
        Some(o) => Some(
            OutputDir::prepare(o.dir, &[TABLE, COLUMNS], false, Scope::Everything, o.force)
                .about(Setting::Out, &o.dir.display())?,
        ),
    };

    progress.cell("solving the game");
    // Adding 0 turns a value of -0 (a fair game solved from seat 1's side) into 0.
    let value = Solver::new(game, payoff).value(deals.clone()) + 0.0;
    let asked = questions(game, payoff, &deals);
    progress.begin(asked * (1 + u64::from(req.sampling.resamples)) * specs.len() as u64);
    let mut rows = Vec::new();
    for (text, spec) in &specs {
        progress.cell(text);
        let work = Work {
            done: &|n| progress.advance(n),
            stop: req.stop.as_deref(),
        };
        let e = exploitability(game, payoff, &deals, spec, req.sampling, work)
            .ok_or_else(|| anyhow::Error::msg(floe_io::stop::STOPPED))?;
        rows.push(ExploitRow {
            game: game.name().to_string(),
            rules: game.rules().name().to_string(),
            payoff: payoff.name().to_string(),
            value,
            bot: text.clone(),
            samples: u64::from(req.sampling.samples),
            resamples: u64::from(req.sampling.resamples),
            seed: req.sampling.seed,
            questions: asked,
            loss_seat_0: e.by_seat[0],
            loss_seat_1: e.by_seat[1],
            exploitability: e.mean,
            ci_low: e.interval.0,
            ci_high: e.interval.1,
        });
    }
    progress.end();
    let text = text(game, req, value, asked, &rows);
    let table = Table::of(rows);
    let written = match (dir.take(), shown) {
        (Some(mut d), Some(shown)) => {
            let mut write = || -> Result<()> {
                table.write(d.file(TABLE)?)?;
                floe_lab::columns::dictionary(game, &[(TABLE, &table)]).write(d.file(COLUMNS)?)?;
                Ok(())
            };
            write().about(Setting::Out, &shown)?;
            d.commit().about(Setting::Out, &shown)?
        }
        _ => Vec::new(),
    };
    Ok(SolveReport {
        value,
        table,
        text,
        written,
    })
}

/// Returns the solve's findings for people: the value, then a line per bot.
fn text<G: Game>(
    game: &G,
    req: &SolveRequest,
    value: f64,
    asked: u64,
    rows: &[ExploitRow],
) -> String {
    let mut s = format!(
        "{} ({} rules), 2 players, payoff {}: the game is worth {value:+.4} to seat 0 at an \
         equilibrium.\nExploitability: what a bot's play loses against a best response to it \
         (0 for an equilibrium), its strategy sampled {} at each of {}, 95% \
         interval from {}:\n",
        game.name(),
        floe_io::gate::line(game.rules().name()),
        req.payoff,
        floe_io::count(u64::from(req.sampling.samples), "time"),
        floe_io::count(asked, "question"),
        floe_io::count(u64::from(req.sampling.resamples), "resample"),
    );
    let width = rows
        .iter()
        .map(|r| r.bot.chars().count())
        .max()
        .unwrap_or(0);
    for r in rows {
        let _ = writeln!(
            s,
            "  {:width$}  {:.4} ({:.4}-{:.4})   seat 0 loses {:.4}, seat 1 {:.4}",
            floe_io::gate::line(&r.bot),
            r.exploitability,
            r.ci_low,
            r.ci_high,
            r.loss_seat_0,
            r.loss_seat_1,
        );
    }
    s
}
