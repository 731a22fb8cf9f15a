//! An experiment spec's declared questions (`[[questions]]`, and `adjust` for their
//! p-values): read and checked so that every error names the file, the line and the key,
//! first what needs no game ([`read_questions`]), then the measures and swept values the
//! game's cells give ([`check_questions`]).

use anyhow::Result;
use floe_core::{Game, ParamValue};
use floe_io::gate::quoted;
use floe_sim::answers::{Adjust, Ask, Goal, Question, WIN_RATE, WIN_RATE_OF, measures, numeric};
use serde::Deserialize;
use toml::Spanned;

use crate::plan::CellPlan;
use crate::spec_text::{SpecText, at};

/// A question as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionFile {
    ask: Spanned<String>,
    measure: Option<Spanned<String>>,
    between: Option<Spanned<Vec<Spanned<ParamValue>>>>,
    goal: Option<Spanned<String>>,
    of: Option<Spanned<String>>,
}

/// A checked question and the lines of its keys, for the checks that need the game.
#[derive(Debug)]
pub struct Declared {
    /// The question.
    pub question: Question,
    /// The line of `ask`.
    pub ask_line: usize,
    /// The line of `measure` (of `ask` without one).
    pub measure_line: usize,
    /// The line of `between` (of `ask` without one).
    pub between_line: usize,
    /// The line of `of` (of `ask` without one).
    pub of_line: usize,
}

/// Returns the name of a spec key of question `i`: `questions[0].measure`.
fn key(i: usize, name: &str) -> String {
    format!("questions[{i}].{name}")
}

/// Returns `names` as a message lists them: `a, b or c`.
fn either(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// Reads the `adjust` key: `holm` (the default) or `fdr`.
pub fn read_adjust(spec: &SpecText, adjust: Option<&Spanned<String>>) -> Result<Adjust> {
    let Some(a) = adjust else {
        return Ok(Adjust::default());
    };
    [Adjust::Holm, Adjust::Fdr]
        .into_iter()
        .find(|x| x.name() == a.get_ref())
        .ok_or_else(|| {
            let why = format!("{} is not holm or fdr", quoted(a.get_ref()));
            spec.err(a.span(), "adjust", why)
        })
}

/// What the questions need of a spec's sweep: whether there is one, and the values it
/// lists (`None` for every value the parameter allows).
#[derive(Clone, Copy)]
pub struct Swept<'a> {
    /// Whether the spec sweeps a parameter.
    pub any: bool,
    /// The values it lists, with their lines.
    pub listed: Option<&'a [(ParamValue, usize)]>,
}

/// Reads and checks the questions `list` of a spec whose sweep is `sweep`: a known ask; a
/// measure for every ask but `fair` and `stronger`; a sweep for every ask but `fair` and
/// `stronger` (which takes none); two listed values of the sweep in a compare's `between`,
/// two bots in a stronger's; a goal for a best; no key an ask does not take.
pub fn read_questions(
    spec: &SpecText,
    list: &[QuestionFile],
    sweep: Swept<'_>,
) -> Result<Vec<Declared>> {
    list.iter()
        .enumerate()
        .map(|(i, q)| read_question(spec, i, q, sweep))
        .collect()
}

/// Reads question `i` ([`read_questions`]).
fn read_question(
    spec: &SpecText,
    i: usize,
    q: &QuestionFile,
    sweep: Swept<'_>,
) -> Result<Declared> {
    let names: Vec<&str> = Ask::ALL.iter().map(|(n, _)| *n).collect();
    let ask = Ask::ALL
        .iter()
        .find(|(n, _)| n == q.ask.get_ref())
        .map(|(_, a)| *a)
        .ok_or_else(|| {
            let why = format!(
                "unknown ask {}; asks: {}",
                quoted(q.ask.get_ref()),
                either(&names)
            );
            spec.err(q.ask.span(), &key(i, "ask"), why)
        })?;
    let ask_line = spec.line(q.ask.span());
    let refuse = |span: std::ops::Range<usize>, name: &str, why: String| {
        Err(spec.err(span, &key(i, name), why))
    };
    let name = ask.name();
    match ask {
        Ask::Fair => {}
        Ask::Stronger if sweep.any => {
            return refuse(
                q.ask.span(),
                "ask",
                "stronger weighs two bots of a line-up in a run without a sweep; ask compare \
                 of a sweep's values"
                    .into(),
            );
        }
        Ask::Stronger => {}
        _ if !sweep.any => {
            return refuse(
                q.ask.span(),
                "ask",
                format!("{name} asks of a swept parameter; add a [sweep]"),
            );
        }
        _ => {}
    }
    match (&q.measure, ask) {
        (Some(m), Ask::Fair) => {
            return refuse(
                m.span(),
                "measure",
                "fair asks of the seats' win shares; give no measure".into(),
            );
        }
        (Some(m), Ask::Stronger) => {
            return refuse(
                m.span(),
                "measure",
                "stronger weighs the two bots' head-to-head scores; give no measure".into(),
            );
        }
        (None, a) if a != Ask::Fair && a != Ask::Stronger => {
            return refuse(
                q.ask.span(),
                "ask",
                format!("{name} asks of a measure; give one in `measure`"),
            );
        }
        _ => {}
    }
    let between = read_between(spec, i, q, ask, sweep)?;
    let goal = match (&q.goal, ask) {
        (None, Ask::Best) => {
            return refuse(
                q.ask.span(),
                "ask",
                "best needs a goal: lowest or highest".into(),
            );
        }
        (None, _) => None,
        (Some(g), Ask::Best) => Some(match g.get_ref().as_str() {
            "lowest" => Goal::Lowest,
            "highest" => Goal::Highest,
            other => {
                return refuse(
                    g.span(),
                    "goal",
                    format!("{} is not lowest or highest", quoted(other)),
                );
            }
        }),
        (Some(g), _) => {
            return refuse(
                g.span(),
                "goal",
                format!("{name} takes no goal (only best does)"),
            );
        }
    };
    let line = |v: Option<std::ops::Range<usize>>| v.map_or(ask_line, |s| spec.line(s));
    Ok(Declared {
        question: Question {
            ask,
            measure: q.measure.as_ref().map(|m| m.get_ref().clone()),
            between,
            goal,
            of: read_of(spec, i, q)?,
        },
        ask_line,
        measure_line: line(q.measure.as_ref().map(Spanned::span)),
        between_line: line(q.between.as_ref().map(Spanned::span)),
        of_line: line(q.of.as_ref().map(Spanned::span)),
    })
}

/// Reads the `of` of question `i`: whose win rate, `seat N`, `colour NAME` or `bot SPEC`
/// ([`WIN_RATE_OF`]), given exactly when the measure is [`WIN_RATE`].
fn read_of(spec: &SpecText, i: usize, q: &QuestionFile) -> Result<Option<String>> {
    let win_rate = q.measure.as_ref().is_some_and(|m| m.get_ref() == WIN_RATE);
    let kinds = either(&WIN_RATE_OF);
    match (&q.of, win_rate) {
        (None, false) => Ok(None),
        (None, true) => {
            let span = q.measure.as_ref().map_or(q.ask.span(), Spanned::span);
            let why = format!("{WIN_RATE} needs `of`: whose win rate ({kinds}, then its name)");
            Err(spec.err(span, &key(i, "measure"), why))
        }
        (Some(of), false) => {
            let why = format!("`of` names whose {WIN_RATE}; this measure takes none");
            Err(spec.err(of.span(), &key(i, "of"), why))
        }
        (Some(of), true) => {
            let text = of.get_ref().trim();
            let named = text
                .split_once(' ')
                .is_some_and(|(kind, name)| WIN_RATE_OF.contains(&kind) && !name.trim().is_empty());
            match named {
                true => Ok(Some(text.to_string())),
                false => {
                    let why = format!("{} is not {kinds} and a name (\"seat 0\")", quoted(text));
                    Err(spec.err(of.span(), &key(i, "of"), why))
                }
            }
        }
    }
}

/// Reads the `between` of question `i`: two different values for a compare, each one the
/// sweep lists (when it lists them); two different bots for a stronger; none for any
/// other ask.
fn read_between(
    spec: &SpecText,
    i: usize,
    q: &QuestionFile,
    ask: Ask,
    sweep: Swept<'_>,
) -> Result<Vec<ParamValue>> {
    let k = key(i, "between");
    let Some(between) = &q.between else {
        let why = match ask {
            Ask::Compare => "compare needs `between`: two values of the sweep",
            Ask::Stronger => "stronger needs `between`: two bots of a line-up",
            _ => return Ok(Vec::new()),
        };
        return Err(spec.err(q.ask.span(), &key(i, "ask"), why));
    };
    if ask != Ask::Compare && ask != Ask::Stronger {
        let why = format!(
            "{} takes no `between` (only compare and stronger do)",
            ask.name()
        );
        return Err(spec.err(between.span(), &k, why));
    }
    let values = between.get_ref();
    let two = match ask {
        Ask::Stronger => "give two different bots of a line-up",
        _ => "give two different values of the sweep",
    };
    if values.len() != 2 || values[0].get_ref() == values[1].get_ref() {
        return Err(spec.err(between.span(), &k, two));
    }
    if ask == Ask::Stronger {
        return Ok(values.iter().map(|v| v.get_ref().clone()).collect());
    }
    let listed = sweep.listed;
    for (j, v) in values.iter().enumerate() {
        if let Some(listed) = listed
            && !listed.iter().any(|(x, _)| x == v.get_ref())
        {
            let shown: Vec<String> = listed.iter().map(|(x, _)| x.to_string()).collect();
            let why = format!(
                "{} is not a value of the sweep ({})",
                v.get_ref(),
                shown.join(", ")
            );
            return Err(spec.err(v.span(), &format!("{k}[{j}]"), why));
        }
    }
    Ok(values.iter().map(|v| v.get_ref().clone()).collect())
}

/// Checks the questions `declared` by the spec at `path` against `game` (named `name`)
/// and the experiment's `cells`: every measure one of the game's ([`measures`]), a
/// compare's values swept at some player count, and an effect's sweep numeric.
pub fn check_questions<G: Game>(
    path: &std::path::Path,
    name: &str,
    declared: &[Declared],
    game: &G,
    cells: &[CellPlan],
) -> Result<()> {
    let known = measures(game);
    let swept: Vec<&ParamValue> = cells
        .iter()
        .filter_map(|c| c.sweep.as_ref().map(|s| &s.value))
        .collect();
    for (i, d) in declared.iter().enumerate() {
        let q = &d.question;
        if let Some(m) = &q.measure
            && !known.contains(m)
        {
            let why = format!(
                "unknown measure {}; measures of {name}: {}",
                quoted(m),
                known.join(", ")
            );
            return Err(at(path, d.measure_line, &key(i, "measure"), why));
        }
        if let Some(of) = &q.of
            && let Some(why) = unknown_of(of, game, cells)
        {
            return Err(at(path, d.of_line, &key(i, "of"), why));
        }
        if q.ask == Ask::Stronger {
            let pair = |c: &&CellPlan| {
                let seated = floe_bots::split_spec_list(&c.bots);
                q.between
                    .iter()
                    .all(|b| seated.iter().any(|s| s.trim() == b.to_string()))
            };
            if !cells.iter().any(|c| pair(&c)) {
                let (a, b) = (&q.between[0], &q.between[1]);
                let why = format!(
                    "no line-up seats both {} and {} (name them as its bots are written)",
                    quoted(&a.to_string()),
                    quoted(&b.to_string())
                );
                return Err(at(path, d.between_line, &key(i, "between"), why));
            }
        } else if let Some((j, v)) = q
            .between
            .iter()
            .enumerate()
            .find(|(_, v)| !swept.contains(v))
        {
            let why = format!("{v} is not a value the sweep plays");
            return Err(at(
                path,
                d.between_line,
                &format!("{}[{j}]", key(i, "between")),
                why,
            ));
        }
        if q.ask == Ask::Effect
            && let Some(v) = swept.iter().find(|v| numeric(v).is_none())
        {
            let why = format!(
                "effect needs a swept number, and the sweep plays {v}; ask compare or best"
            );
            return Err(at(path, d.ask_line, &key(i, "ask"), why));
        }
    }
    Ok(())
}

/// Returns why `of` names no seat, colour or bot of every cell of `game` (`cells`), or
/// `None` when it does: a seat every cell seats, a colour of the game, a bot of a line-up
/// (as its bot list writes it).
fn unknown_of<G: Game>(of: &str, game: &G, cells: &[CellPlan]) -> Option<String> {
    let (kind, name) = of.split_once(' ')?;
    let name = name.trim();
    let fewest = cells.iter().map(|c| c.players).min().unwrap_or(0);
    let known = match kind {
        "seat" => name.parse::<usize>().is_ok_and(|s| s < fewest),
        "colour" => game.colours().iter().any(|c| c == name),
        _ => cells.iter().any(|c| {
            floe_bots::split_spec_list(&c.bots)
                .iter()
                .any(|b| b.trim() == name)
        }),
    };
    let listed = match kind {
        "seat" => format!("seats 0 to {}", fewest.saturating_sub(1)),
        "colour" => format!("colours: {}", game.colours().join(", ")),
        _ => "a bot of a line-up's bots, as written".to_string(),
    };
    (!known).then(|| format!("{} is not a {kind} of every cell ({listed})", quoted(name)))
}
