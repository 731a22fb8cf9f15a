//! Experiment specs: the TOML files in `experiments/` that declare a study, read and checked
//! so that every error names the file, the line and the key.

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};
use floe_bots::Registry;
use floe_core::{ParamValue, line_of};
use floe_io::gate::quoted;
use floe_sim::{Dealing, Seating};
use serde::Deserialize;
use toml::Spanned;

use crate::questions::{Declared, QuestionFile, Swept, read_adjust, read_questions};
pub use crate::spec_text::{SpecText, at};
use floe_sim::answers::Adjust;

/// The spec as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecFile {
    name: Option<Spanned<String>>,
    description: Option<String>,
    game: Option<Spanned<String>>,
    rules: Option<Spanned<String>>,
    seed: Option<u64>,
    players: Spanned<Vec<Spanned<i64>>>,
    shuffle_colours: Option<bool>,
    seating: Option<Spanned<String>>,
    lineups: Spanned<Vec<LineupFile>>,
    sweep: Option<SweepFile>,
    questions: Option<Vec<QuestionFile>>,
    adjust: Option<Spanned<String>>,
    arc: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineupFile {
    bots: Spanned<String>,
    games: Spanned<i64>,
    players: Option<Spanned<Vec<Spanned<i64>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SweepFile {
    param: Spanned<String>,
    values: Option<Spanned<Vec<Spanned<ParamValue>>>>,
    /// A second parameter: the cells are then the grid of every pair of values.
    by: Option<Spanned<Box<SweepFile>>>,
}

/// A checked experiment spec.
#[derive(Debug)]
pub struct Spec {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its text, copied into the manifest.
    pub text: String,
    /// The experiment's name (default: the file's stem): the results folder's name.
    pub name: String,
    /// Free text on what the experiment asks.
    pub description: String,
    /// The game's registry name.
    pub game: String,
    /// The line naming the game (1 when the spec leaves it to the default).
    pub game_line: usize,
    /// The rules file, resolved against the spec's folder, and the line naming it.
    pub rules: Option<(PathBuf, usize)>,
    /// The seed, seating and colours of every cell.
    pub dealing: Dealing,
    /// The bot line-ups.
    pub lineups: Vec<Lineup>,
    /// The rule parameter swept, if any.
    pub sweep: Option<Sweep>,
    /// The bots the line-ups may name besides the built-in ones.
    pub registry: Registry,
    /// The questions the experiment declares it asks (`[[questions]]`), in order.
    pub questions: Vec<Declared>,
    /// How their p-values are adjusted together.
    pub adjust: Adjust,
    /// Whether to follow how each game unfolds and write `arc.csv` (`arc = true`).
    pub arc: bool,
}

/// One line-up of bots and its games per cell.
#[derive(Debug)]
pub struct Lineup {
    /// The `--bots` text.
    pub bots: String,
    /// Games per cell.
    pub games: u64,
    /// Player counts for this line-up (default: the spec's).
    pub players: Vec<usize>,
    /// The lines of `bots`, `games` and `players`.
    pub lines: (usize, usize, usize),
}

/// A rule parameter swept over values.
#[derive(Debug)]
pub struct Sweep {
    /// The parameter's name, as the game's rules name it.
    pub param: String,
    /// The values with their lines, or `None` for every value the parameter allows.
    pub values: Option<Vec<(ParamValue, usize)>>,
    /// The line of `param`.
    pub line: usize,
    /// The line of `values` (of `param` when there are none).
    pub values_line: usize,
    /// Where the spec gives it: `sweep`, or `sweep.by` for a grid's second parameter.
    pub key: &'static str,
    /// A grid's second parameter (`[sweep.by]`): the cells are every pair of values.
    pub by: Option<Box<Sweep>>,
}

impl Sweep {
    /// Returns the spec key `name` of this sweep's table (`sweep.values`, `sweep.by.param`).
    pub fn key(&self, name: &str) -> String {
        format!("{}.{name}", self.key)
    }
}

/// Reads the sweep table `s` at `key` (`sweep`, or `sweep.by` for a grid's second
/// parameter): its values listed once each, and at most one `by` below `sweep`, on
/// another parameter.
fn read_sweep(spec: &SpecText, s: SweepFile, key: &'static str) -> Result<Sweep> {
    if let Some(values) = &s.values {
        distinct(
            spec.path,
            spec.text,
            values,
            &format!("{key}.values"),
            "value",
        )?;
    }
    let param_line = spec.line(s.param.span());
    let by = match s.by {
        None => None,
        Some(by) if key == "sweep" => {
            let span = by.span();
            let by = read_sweep(spec, *by.into_inner(), "sweep.by")?;
            if by.param == *s.param.get_ref() {
                return Err(spec.err(
                    span,
                    "sweep.by.param",
                    format!(
                        "a grid sweeps two different parameters: {} and one other",
                        quoted(s.param.get_ref())
                    ),
                ));
            }
            Some(Box::new(by))
        }
        Some(by) => {
            return Err(spec.err(
                by.span(),
                &format!("{key}.by"),
                "a grid sweeps two parameters, not three",
            ));
        }
    };
    Ok(Sweep {
        param: s.param.get_ref().clone(),
        values_line: s
            .values
            .as_ref()
            .map_or(param_line, |v| spec.line(v.span())),
        values: s.values.map(|v| {
            v.into_inner()
                .into_iter()
                .map(|x| {
                    let at = spec.line(x.span());
                    (x.into_inner(), at)
                })
                .collect()
        }),
        line: param_line,
        key,
        by,
    })
}

/// Returns the first item of `items` equal to an earlier one, as (earlier, repeat)
/// indices: a list of cells that holds a value twice would play those cells twice and
/// report them as two.
fn first_repeat<T: PartialEq>(items: &[T]) -> Option<(usize, usize)> {
    (1..items.len()).find_map(|j| {
        items[..j]
            .iter()
            .position(|x| *x == items[j])
            .map(|i| (i, j))
    })
}

/// Refuses the list at `key` when it is empty or holds a value twice (naming the line of
/// the repeat), with `what` saying what it lists.
pub fn distinct<T: PartialEq + std::fmt::Display>(
    path: &Path,
    text: &str,
    list: &Spanned<Vec<Spanned<T>>>,
    key: &str,
    what: &str,
) -> Result<()> {
    let items = list.get_ref();
    if items.is_empty() {
        let line = line_of(text, list.span().start);
        return Err(at(path, line, key, format!("list at least one {what}")));
    }
    let values: Vec<&T> = items.iter().map(Spanned::get_ref).collect();
    match first_repeat(&values) {
        None => Ok(()),
        Some((i, j)) => Err(at(
            path,
            line_of(text, items[j].span().start),
            &format!("{key}[{j}]"),
            format!(
                "{} is listed twice (also {key}[{i}]); list each {what} once",
                values[j]
            ),
        )),
    }
}

/// Reads a list of player counts (at least one, each positive, none twice) at `key`.
pub fn player_counts(
    path: &Path,
    text: &str,
    list: &Spanned<Vec<Spanned<i64>>>,
    key: &str,
) -> Result<Vec<usize>> {
    distinct(path, text, list, key, "player count")?;
    list.get_ref()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            usize::try_from(*p.get_ref())
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| {
                    at(
                        path,
                        line_of(text, p.span().start),
                        &format!("{key}[{i}]"),
                        "must be a positive number",
                    )
                })
        })
        .collect()
}

/// Returns `name` if it is a plain folder name, the experiment's results folder under
/// `results/`: not empty, no path separator (`/`, `\`), no leading dot (which also rules
/// out `.` and `..`, and hidden folders a listing would not show), no control characters
/// and no spaces at either end (which a shell or a file listing would hide).
///
/// # Errors
/// Says what is wrong, to follow the name in a message.
fn folder_name(name: &str) -> Result<String, &'static str> {
    let why = if name.trim().is_empty() {
        "is empty"
    } else if name.contains(['/', '\\']) {
        "holds a path separator"
    } else if name.starts_with('.') {
        "starts with a dot"
    } else if name.contains(char::is_control) {
        "holds a control character"
    } else if name.trim() != name {
        "starts or ends with a space"
    } else {
        return Ok(name.to_string());
    };
    Err(why)
}

/// Returns the number `x` as a message shows it: as Rust writes it when that is short
/// (`0.5`, `-5`, `NaN`, `inf`), and with an exponent when it is very large or very small
/// (`1.7e308`, where Rust would write all 309 digits).
pub fn number(x: f64) -> String {
    let size = x.abs();
    if size.is_finite() && size != 0.0 && !(1e-4..1e16).contains(&size) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// Reads the TOML file at `path` (a `what`, as errors call it) into `T`, naming the file
/// and line of a syntax error or an unknown key; returns the text too.
pub fn read_toml<T: serde::de::DeserializeOwned>(
    path: &Path,
    what: &'static str,
) -> Result<(String, T)> {
    let kind = floe_io::read::Kind::new(what, floe_io::read::Kind::SPEC.limit);
    let text = floe_io::read::text(path, kind)?;
    let file = toml::from_str(&text).map_err(|e| {
        let line = e.span().map_or(1, |s| line_of(&text, s.start));
        // A wrong type or a duplicate key is named by its key; an unknown key is named in
        // the message itself.
        let key = e
            .span()
            .filter(|_| !e.message().contains("unknown field"))
            .and_then(|s| floe_core::key_at(&text, s.start))
            .map(|k| format!("{k}: "))
            .unwrap_or_default();
        anyhow!(
            "{}: line {line}: {key}{}",
            path.display(),
            e.message().trim()
        )
    })?;
    Ok((text, file))
}

/// What every study spec (an experiment, a tune) starts with.
pub struct Header {
    /// The study's name: its results folder.
    pub name: String,
    /// The game's registry name.
    pub game: String,
    /// The line naming the game (1 when the spec leaves it to the default).
    pub game_line: usize,
    /// The rules file, resolved against the spec's folder, and the line naming it.
    pub rules: Option<(PathBuf, usize)>,
}

/// Reads the `name`, `game` and `rules` keys of the spec at `path` (its `text`): a name
/// that is a plain folder name (default: the file's stem, else `fallback`), a game Floe
/// has (default: [`floe_games::DEFAULT_GAME`]), and a rules path taken from the spec's
/// folder.
pub fn read_header(
    path: &Path,
    text: &str,
    name: &Option<Spanned<String>>,
    game: &Option<Spanned<String>>,
    rules: &Option<Spanned<String>>,
    fallback: &str,
) -> Result<Header> {
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    let name = match name {
        Some(n) => folder_name(n.get_ref()).map_err(|why| {
            let why = format!("{} {why}; give a plain folder name", quoted(n.get_ref()));
            at(path, line(n.span()), "name", why)
        })?,
        None => {
            let stem = path
                .file_stem()
                .map_or(fallback.into(), |s| s.to_string_lossy().into_owned());
            folder_name(&stem).map_err(|why| {
                let why = format!(
                    "the file's stem {} {why}; set a plain folder name",
                    quoted(&stem)
                );
                at(path, 1, "name", why)
            })?
        }
    };
    let (game, game_line) = match game {
        None => (floe_games::DEFAULT_GAME.to_string(), 1),
        Some(g)
            if floe_games::GAMES
                .iter()
                .any(|known| known.name == g.get_ref()) =>
        {
            (g.get_ref().clone(), line(g.span()))
        }
        Some(g) => {
            return Err(at(
                path,
                line(g.span()),
                "game",
                format!(
                    "unknown game {}; games: {}",
                    quoted(g.get_ref()),
                    floe_games::listed_names().join(", ")
                ),
            ));
        }
    };
    let rules = rules.as_ref().map(|r| {
        let dir = path.parent().unwrap_or(Path::new("."));
        (dir.join(r.get_ref()), line(r.span()))
    });
    Ok(Header {
        name,
        game,
        game_line,
        rules,
    })
}

/// Reads the line-up `l`, `lineups[i]`: its bots, games and players (the spec's
/// `players`, on line `players_line`, when it gives none). A line-up's own `players`
/// narrows the spec's to some of them ("this line-up only at these counts"): a count the
/// spec does not list is refused, since the spec's `players` is what the experiment
/// declares it studies, and a count outside it would add cells the spec never names.
fn read_lineup(
    spec: &SpecText,
    i: usize,
    l: &LineupFile,
    players: &[usize],
    players_line: usize,
) -> Result<Lineup> {
    let key = |k: &str| format!("lineups[{i}].{k}");
    spec.bot_specs(&l.bots, &key("bots"))?;
    let games = spec.positive(&l.games, &key("games"))?;
    let (players, players_line) = match &l.players {
        None => (players.to_vec(), players_line),
        Some(p) => {
            let own = player_counts(spec.path, spec.text, p, &key("players"))?;
            if let Some(j) = own.iter().position(|n| !players.contains(n)) {
                let listed: Vec<String> = players.iter().map(ToString::to_string).collect();
                return Err(spec.err(
                    p.get_ref()[j].span(),
                    &format!("{}[{j}]", key("players")),
                    format!(
                        "{} is not one of the spec's player counts ({}, on line \
                         {players_line}); a line-up's players choose among those",
                        own[j],
                        listed.join(", ")
                    ),
                ));
            }
            (own, spec.line(p.span()))
        }
    };
    Ok(Lineup {
        bots: l.bots.get_ref().trim().to_string(),
        games,
        players,
        lines: (
            spec.line(l.bots.span()),
            spec.line(l.games.span()),
            players_line,
        ),
    })
}

impl Spec {
    /// Reads and checks the spec at `path`, whose line-ups may name the bots of
    /// `registry` too: everything that does not need the game's rules.
    ///
    /// # Errors
    /// Names the file, line and key of the first problem.
    pub fn read(path: &Path, registry: &Registry) -> Result<Spec> {
        let (text, file): (String, SpecFile) = read_toml(path, "experiment spec")?;
        let spec = SpecText {
            path,
            text: &text,
            registry,
        };
        let Header {
            name,
            game,
            game_line,
            rules,
        } = read_header(
            path,
            &text,
            &file.name,
            &file.game,
            &file.rules,
            "experiment",
        )?;
        let seating = match file.seating.as_ref() {
            None => Seating::Fixed,
            Some(s) => Seating::parse(s.get_ref()).ok_or_else(|| {
                spec.err(
                    s.span(),
                    "seating",
                    format!("{} is not {}", quoted(s.get_ref()), seating_names()),
                )
            })?,
        };
        let players = player_counts(path, &text, &file.players, "players")?;
        if file.lineups.get_ref().is_empty() {
            return Err(spec.err(
                file.lineups.span(),
                "lineups",
                "give at least one [[lineups]] table",
            ));
        }
        let lineups = file
            .lineups
            .get_ref()
            .iter()
            .enumerate()
            .map(|(i, l)| read_lineup(&spec, i, l, &players, spec.line(file.players.span())))
            .collect::<Result<Vec<_>>>()?;
        if let Some((i, j)) = first_repeat(&lineups.iter().map(|l| &l.bots).collect::<Vec<_>>()) {
            return Err(at(
                path,
                lineups[j].lines.0,
                &format!("lineups[{j}].bots"),
                format!(
                    "{} is the line-up of lineups[{i}] (line {}) too; give each line-up \
                     once, with all its player counts in its `players`",
                    quoted(&lineups[j].bots),
                    lineups[i].lines.0
                ),
            ));
        }
        let sweep = file
            .sweep
            .map(|s| read_sweep(&spec, s, "sweep"))
            .transpose()?;
        let swept = Swept {
            any: sweep.is_some(),
            listed: sweep.as_ref().and_then(|s| s.values.as_deref()),
        };
        let questions =
            read_questions(&spec, file.questions.as_deref().unwrap_or_default(), swept)?;
        let adjust = read_adjust(&spec, file.adjust.as_ref())?;
        // A study that asks of how its games unfold follows them.
        let asks_arc = questions.iter().any(|d| {
            (d.question.measure.as_deref()).is_some_and(floe_sim::answers::is_arc_measure)
        });
        let arc = file.arc.unwrap_or(false) || asks_arc;
        Ok(Spec {
            path: path.to_path_buf(),
            name,
            description: file.description.unwrap_or_default(),
            game,
            game_line,
            rules,
            dealing: Dealing {
                seed: file.seed.unwrap_or(1),
                shuffle_colours: file.shuffle_colours.unwrap_or(false),
                seating,
            },
            lineups,
            sweep,
            text,
            registry: registry.clone(),
            questions,
            adjust,
            arc,
        })
    }

    /// Returns an error at `line` of the spec, naming `key`.
    pub fn error_at(
        &self,
        line: usize,
        key: &str,
        message: impl std::fmt::Display,
    ) -> anyhow::Error {
        at(&self.path, line, key, message)
    }
}

/// Returns the seatings' names as a spec may write them: `fixed, rotated or duplicate`.
fn seating_names() -> String {
    let names: Vec<&str> = Seating::NAMES.iter().map(|(n, _)| *n).collect();
    let (last, rest) = names.split_last().expect("seatings are named");
    format!("{} or {last}", rest.join(", "))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Reads `text` as the spec `e.toml`, returning its error as shown.
    pub(crate) fn read(text: &str) -> Result<Spec, String> {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("e.toml");
        std::fs::write(&path, text).unwrap();
        Spec::read(&path, &Registry::default()).map_err(|e| format!("{e:#}"))
    }

    #[test]
    fn a_line_up_plays_only_at_the_spec_s_player_counts() {
        let lineup = |players: &str| {
            format!(
                "players = [2, 4]\n[[lineups]]\nbots = \"random\"\ngames = 4\nplayers = {players}\n"
            )
        };
        let e = read(&lineup("[4, 3]")).unwrap_err();
        assert!(
            e.ends_with(
                "e.toml: line 5: lineups[0].players[1]: 3 is not one of the spec's player counts \
                 (2, 4, on line 1); a line-up's players choose among those"
            ),
            "{e}"
        );
        let spec = read(&lineup("[4]")).unwrap();
        assert_eq!(spec.lineups[0].players, [4]);
        let spec = read("players = [2, 4]\n[[lineups]]\nbots = \"random\"\ngames = 4\n").unwrap();
        assert_eq!(spec.lineups[0].players, [2, 4]);
    }

    #[test]
    fn numbers_are_shown_short() {
        for (x, shown) in [
            (0.5, "0.5"),
            (-5.0, "-5"),
            (0.0, "0"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-inf"),
            (1.7e308, "1.7e308"),
            (1e280, "1e280"),
            (2.5e-7, "2.5e-7"),
        ] {
            assert_eq!(number(x), shown);
        }
    }

    #[test]
    fn folder_names_are_plain_and_repeats_are_found() {
        for name in ["tile-balance", "first player", "café", "v1.2"] {
            assert_eq!(folder_name(name).as_deref(), Ok(name));
        }
        for name in ["", " ", ".", "..", ".git", "a/b", "a\\b", "a\nb", "a "] {
            assert!(folder_name(name).is_err(), "{name:?}");
        }
        assert_eq!(first_repeat(&[2, 3, 4]), None);
        assert_eq!(first_repeat(&[2, 3, 3, 2]), Some((1, 2)));
    }
}
