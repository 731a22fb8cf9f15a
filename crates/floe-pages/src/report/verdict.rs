//! The answers a results folder gives, in plain sentences with their intervals, read back
//! from its tables: whether seats (colours, bots) win equal shares, which bot rates
//! highest, and whether a tuner's finalists beat the baseline and so what it picks. Each
//! sentence says "cannot tell" when the games cannot.

use std::path::Path;

use anyhow::Result;
use floe_sim::report::GroupKind;
use floe_sim::stats::holm;
use floe_sim::table::Cell;

use floe_sim::answers::{Adjust, AnswerRow, LEVEL, RULES_OWN, sentence};
use floe_sim::table::PValue;

use crate::judged::header_before;
use crate::rows::{Row, cell, num, read, text};
use floe_sim::verdict::{Weighed, backed, decision, verdict_of};

/// What the page says first: a line on the whole folder, then a line per cell.
#[derive(Debug, Default)]
pub struct Answer {
    /// The answers to the questions the study declared (`answers.csv`), a sentence each,
    /// as the run printed them: said before anything else.
    pub declared: Vec<String>,
    /// The folder's answer, a sentence per kind of question it holds.
    pub headline: Vec<String>,
    /// The sentences that find something: cells whose groups differ, the strongest
    /// entrants, a tuner's verdicts.
    pub found: Vec<String>,
    /// The cells whose groups the games cannot tell apart, one sentence each: listed
    /// under the others, as there may be many.
    pub cannot_tell: Vec<String>,
}

/// Returns the answers of the results folder `dir`: the tests of equal shares, the
/// ratings and the tuner's validation (at the tune's `confidence`, its candidates
/// measured against `baseline`, as "the rules' own table"), whichever it holds.
///
/// # Errors
/// Names a table that cannot be read.
pub fn answer(dir: &Path, confidence: f64, baseline: &str) -> Result<Answer> {
    let mut answer = Answer::default();
    if let Some(rows) = read(dir, "answers.csv")? {
        answer.declared = declared(&rows)?;
    }
    if let Some(tests) = read(dir, "tests.csv")? {
        shares(dir, &tests, &mut answer)?;
    }
    if let Some(ratings) = read(dir, "ratings.csv")? {
        strongest(&ratings, &mut answer)?;
    }
    if let Some(validation) = read(dir, "validation.csv")? {
        tuned(&validation, confidence, baseline, &mut answer)?;
    }
    if let Some(profile) = read(dir, "profile.csv")? {
        for row in &profile {
            answer.headline.push(profiled(row)?);
        }
    }
    Ok(answer)
}

/// The sentences of `answers.csv`'s rows, worded as the run printed them
/// ([`floe_sim::answers::sentence`]): the page and the console say one thing.
fn declared(rows: &[Row]) -> Result<Vec<String>> {
    let lineups = rows
        .iter()
        .map(|r| text(r, "bots"))
        .collect::<Result<std::collections::BTreeSet<_>>>()?
        .len()
        > 1;
    rows.iter()
        .map(|r| {
            let number = |col| cell(r, col).map(Cell::number);
            let row = AnswerRow {
                question: num(r, "question")? as u64,
                ask: text(r, "ask")?,
                measure: text(r, "measure")?,
                players: num(r, "players")? as usize,
                bots: text(r, "bots")?,
                compared: text(r, "compared")?,
                estimate: number("estimate")?,
                ci_low: number("ci_low")?,
                ci_high: number("ci_high")?,
                p_value: number("p_value")?.map(PValue),
                p_adjusted: number("p_adjusted")?.map(PValue),
                adjust: text(r, "adjust")?,
                verdict: text(r, "verdict")?,
            };
            let shown = Adjust::named(&row.adjust).map_or(row.adjust.clone(), |a| a.shown().into());
            Ok(sentence(&row, &shown, lineups).trim().to_string())
        })
        .collect()
}

/// Says what a profile found: how many steps of its ladder are clearly apart, how often
/// the weaker entrant wins, and the seat advantage, each with its interval.
fn profiled(row: &Row) -> Result<String> {
    let pct = |col| Ok::<_, anyhow::Error>(100.0 * num(row, col)?);
    let depth = num(row, "skill_depth")?;
    let mut line = format!(
        "Skill profile, {} players: {depth} of the ladder's {} {} clearly apart (skill depth); \
         the weaker of two neighbours wins {:.1}% of their games (95% CI {:.1}-{:.1}).",
        text(row, "players")?,
        floe_io::count(num(row, "steps")?, "step"),
        if depth == 1.0 { "is" } else { "are" },
        pct("upset_rate")?,
        pct("upset_low")?,
        pct("upset_high")?
    );
    if let Ok(advantage) = num(row, "seat_advantage") {
        line += &format!(
            " Seat {} over seat {}: {advantage:.0} rating points (95% CI {:.0} to {:.0}).",
            text(row, "best_seat")?,
            text(row, "worst_seat")?,
            num(row, "seat_advantage_low")?,
            num(row, "seat_advantage_high")?
        );
    }
    Ok(line)
}

/// Returns the columns `columns` of `row` that name its cell (the run's columns and a
/// swept parameter's value), written `name value`, a value the rules themselves hold at
/// that player count (one of `rules`, [`rules_values`]) marked as such.
fn cell_name(row: &Row, columns: &[String], rules: &[RulesValue]) -> String {
    let players = row.get("players").map(ToString::to_string);
    columns
        .iter()
        .filter_map(|c| {
            let v = row.get(c)?;
            match c.as_str() {
                "game" | "rules" | "seed" => None,
                "players" => Some(format!("{v} players")),
                "bots" => Some(format!("bots {v}")),
                _ => {
                    let own = rules.iter().any(|r| {
                        Some(&r.players) == players.as_ref()
                            && r.param == *c
                            && r.value == v.to_string()
                    });
                    let mark = if own { RULES_OWN } else { "" };
                    Some(format!("{c} = {v}{mark}"))
                }
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A swept parameter's value that the rules themselves hold at a player count.
struct RulesValue {
    players: String,
    param: String,
    value: String,
}

/// Returns the rules' own value of each swept parameter at each player count, from the
/// folder's `cells.csv` (none for a run without a sweep).
fn rules_values(dir: &Path) -> Result<Vec<RulesValue>> {
    let mut found = Vec::new();
    for row in read(dir, "cells.csv")?.unwrap_or_default() {
        for (param, rules) in [("param", "rules_value"), ("by_param", "by_rules_value")] {
            if let (Ok(param), Ok(value)) = (text(&row, param), text(&row, rules)) {
                found.push(RulesValue {
                    players: text(&row, "players")?,
                    param,
                    value,
                });
            }
        }
    }
    Ok(found)
}

/// Says, for each test of equal win shares in `tests`, whether the groups differ: by
/// Holm's adjustment over every test in the file (the file's `p_holm` when it has one,
/// else computed here the same way), with the best and worst group's share and interval
/// against the fair share.
fn shares(dir: &Path, tests: &[Row], answer: &mut Answer) -> Result<()> {
    let raw: Vec<f64> = tests
        .iter()
        .map(|r| num(r, "p_value"))
        .collect::<Result<_>>()?;
    let adjusted = match tests.iter().map(|r| num(r, "p_holm")).collect() {
        Ok(p) => p,
        Err(_) => holm(&raw),
    };
    let cell_columns = header_before(dir, "tests.csv", "test")?;
    let rules = rules_values(dir)?;
    // Each kind's table, read once for all the tests of that kind.
    let mut tables: Vec<(GroupKind, Vec<Row>)> = Vec::new();
    for kind in GroupKind::ALL {
        tables.push((kind, read(dir, kind.file().name())?.unwrap_or_default()));
    }
    let mut flagged = 0;
    let mut kinds: Vec<&str> = Vec::new();
    for (row, &p) in tests.iter().zip(&adjusted) {
        let test = text(row, "test")?;
        let Some(kind) = GroupKind::ALL.into_iter().find(|k| k.name() == test) else {
            continue;
        };
        if !kinds.contains(&kind.name()) {
            kinds.push(kind.name());
        }
        let cell = cell_name(row, &cell_columns, &rules);
        let players = num(row, "players")?;
        let groups: Vec<Row> = tables
            .iter()
            .filter(|(k, _)| *k == kind)
            .flat_map(|(_, rows)| rows)
            .filter(|g| cell_columns.iter().all(|c| g.get(c) == row.get(c)))
            .cloned()
            .collect();
        let line = share_line(kind, &cell, &groups, players, p)?;
        if p < LEVEL {
            flagged += 1;
            answer.found.push(line);
        } else {
            answer.cannot_tell.push(line);
        }
    }
    let n = tests.len();
    let by = kinds.join(", ");
    answer.headline.push(match flagged {
        0 => format!(
            "Win shares by {by}: no test of equal shares shows a difference once adjusted for \
             the {} made (Holm's method, {:.0}% level). At these games the data cannot tell \
             them apart; that is not proof they are equal, and more games narrow the intervals.",
            floe_io::count(n, "test"),
            100.0 * LEVEL
        ),
        k => format!(
            "Win shares by {by}: {k} of the {} of equal shares show{} a difference that \
             survives Holm's adjustment for testing {n} at once ({:.0}% level, the chance of \
             any false alarm among them kept to {:.0}%).",
            floe_io::count(n, "test"),
            if k == 1 { "s" } else { "" },
            100.0 * LEVEL,
            100.0 * LEVEL
        ),
    });
    Ok(())
}

/// Returns the sentence on one test: the groups differ or cannot be told apart, the best
/// and worst group with their shares and intervals, the fair share and the p-value after
/// Holm's adjustment.
fn share_line(kind: GroupKind, cell: &str, groups: &[Row], players: f64, p: f64) -> Result<String> {
    let word = kind.name();
    let verdict = if p < LEVEL {
        format!("the {word}s differ")
    } else {
        format!("cannot tell the {word}s apart")
    };
    let mut line = format!("{cell}: {verdict}");
    let rated: Vec<(&Row, f64)> = groups
        .iter()
        .map(|g| Ok((g, num(g, "win_rate")?)))
        .collect::<Result<_>>()?;
    let best = rated.iter().max_by(|a, b| a.1.total_cmp(&b.1));
    let worst = rated.iter().min_by(|a, b| a.1.total_cmp(&b.1));
    if let (Some(&(b, _)), Some(&(w, _))) = (best, worst) {
        let shown = |g: &Row| -> Result<String> {
            Ok(format!(
                "{word} {} {:.1}% ({:.1}-{:.1})",
                text(g, kind.key().name.as_str())?,
                100.0 * num(g, "win_rate")?,
                100.0 * num(g, "ci_low")?,
                100.0 * num(g, "ci_high")?
            ))
        };
        line += &format!(": highest {}, lowest {}", shown(b)?, shown(w)?);
    }
    line += &format!(", fair {:.1}% (Holm p {})", 100.0 / players, p_text(p));
    Ok(line)
}

/// Returns `p` as a person reads it: "< 0.001", four decimals below 0.1 (so a value just
/// under the level does not read as the level), else two.
fn p_text(p: f64) -> String {
    match p {
        p if p < 0.001 => "< 0.001".to_string(),
        p if p < 0.1 => format!("= {p:.4}"),
        p => format!("= {p:.2}"),
    }
}

/// Says, for each line-up and player count of `ratings`, which entrant rates highest and
/// whether its interval lies wholly above the next one's (else the two cannot be told
/// apart).
fn strongest(ratings: &[Row], answer: &mut Answer) -> Result<()> {
    let mut groups: Vec<(String, Vec<&Row>)> = Vec::new();
    for row in ratings {
        let key = format!(
            "{} players, line-up {}",
            text(row, "players")?,
            text(row, "bots")?
        );
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, rows)) => rows.push(row),
            None => groups.push((key, vec![row])),
        }
    }
    let (mut told, all) = (0, groups.len());
    for (key, rows) in groups {
        let mut rated: Vec<(&Row, f64)> = rows
            .into_iter()
            .filter_map(|r| {
                num(r, "rating")
                    .ok()
                    .filter(|x| x.is_finite())
                    .map(|x| (r, x))
            })
            .collect();
        rated.sort_by(|a, b| b.1.total_cmp(&a.1));
        let line = match rated.as_slice() {
            [(top, _), (next, _), ..] => {
                let (t, n) = (Rating::of(top)?, Rating::of(next)?);
                if t.low > n.high {
                    told += 1;
                    format!(
                        "{key}: {} rates highest, {t}, its interval wholly above {}'s {n}",
                        t.name, n.name
                    )
                } else {
                    format!(
                        "{key}: cannot tell {} from {}: their ratings' intervals overlap ({t} \
                         against {n})",
                        t.name, n.name
                    )
                }
            }
            _ => format!(
                "{key}: fewer than two entrants have a finite rating (see the note column of \
                 ratings.csv)"
            ),
        };
        answer.found.push(line);
    }
    answer.headline.push(format!(
        "Strength (Bradley-Terry ratings with 95% intervals): in {told} of {} the top \
         entrant's interval lies wholly above the next one's; elsewhere the games cannot tell \
         the top two apart.",
        floe_io::count(all, "line-up")
    ));
    Ok(())
}

/// An entrant's rating with its 95% interval, as `ratings.csv` gives it.
struct Rating {
    name: String,
    rating: f64,
    low: f64,
    high: f64,
}

impl Rating {
    fn of(row: &Row) -> Result<Rating> {
        Ok(Rating {
            name: text(row, "bot")?,
            rating: num(row, "rating")?,
            low: num(row, "rating_low")?,
            high: num(row, "rating_high")?,
        })
    }
}

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.0} (95% CI {:.0} to {:.0})",
            self.rating, self.low, self.high
        )
    }
}

/// Says, for each player count of a tune's `validation` table, whether a finalist beats
/// the baseline: the tuner's own verdict ([`verdict_of`]) on the rows as written (lowest
/// estimate first); then what the tune picks over the counts ([`decision`]): keep
/// `baseline` where no candidate beats it.
fn tuned(validation: &[Row], confidence: f64, baseline: &str, answer: &mut Answer) -> Result<()> {
    let mut counts: Vec<(String, Vec<Weighed>)> = Vec::new();
    for row in validation {
        let players = text(row, "players")?;
        let baseline = matches!(row.get("rules_table"), Some(Cell::Flag(true)));
        let weighed = (
            text(row, "candidate")?,
            baseline,
            (num(row, "ci_low")?, num(row, "ci_high")?),
        );
        match counts.iter_mut().find(|(p, _)| *p == players) {
            Some((_, rows)) => rows.push(weighed),
            None => counts.push((players, vec![weighed])),
        }
    }
    let all = counts.len();
    let mut picks = Vec::new();
    for (players, finalists) in counts {
        let named = finalists
            .iter()
            .find(|f| f.1)
            .map_or("the baseline".to_string(), |f| {
                format!("the baseline {}", f.0)
            });
        let verdict = verdict_of(&named, &finalists, 100.0 * confidence);
        answer.found.push(format!("{players} players: {verdict}"));
        let pick = backed(&finalists).map(|i| finalists[i].0.clone());
        picks.push((players, pick));
    }
    let beaten = picks.iter().filter(|p| p.1.is_some()).count();
    answer.headline.push(format!(
        "Tuning: the finalists measured again on fresh games ({:.0}% intervals); in {beaten} \
         of {} a candidate beats the baseline, by the test below.",
        100.0 * confidence,
        floe_io::count(all, "player count")
    ));
    answer
        .headline
        .push(format!("{}.", decision(baseline, &picks)));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder holding `files`, each a name and its text.
    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    const SEATS: &str = "game,rules,players,bots,seed,seat,games,wins,shared_wins,win_rate,\
                         ci_low,ci_high,mean_score\n\
                         g,r,2,random,1,0,1000,600,0,0.600000,0.569000,0.630000,1.0\n\
                         g,r,2,random,1,1,1000,400,0,0.400000,0.370000,0.431000,1.0\n\
                         g,r,3,random,1,0,900,310,0,0.344444,0.314000,0.376000,1.0\n\
                         g,r,3,random,1,1,900,300,0,0.333333,0.303000,0.365000,1.0\n\
                         g,r,3,random,1,2,900,290,0,0.322222,0.292000,0.354000,1.0\n";

    /// Two cells, one with a p-value far below the level and one far above: the first
    /// differs and the second cannot be told apart, after Holm's adjustment over both
    /// (computed here, as the file has no `p_holm`: 2e-10 and 0.5 become 4e-10 and 0.5).
    #[test]
    fn a_cell_below_the_level_differs_and_one_above_cannot_be_told_apart() {
        let tests = "game,rules,players,bots,seed,test,groups,chi2,df,p_value\n\
                     g,r,2,random,1,seat,2,40.0,1,2e-10\n\
                     g,r,3,random,1,seat,3,1.4,2,0.5\n";
        let dir = folder(&[("tests.csv", tests), ("seats.csv", SEATS)]);
        let a = answer(dir.path(), 0.95, "the rules' own table").unwrap();
        assert_eq!(
            a.found,
            [
                "2 players, bots random: the seats differ: highest seat 0 60.0% (56.9-63.0), \
              lowest seat 1 40.0% (37.0-43.1), fair 50.0% (Holm p < 0.001)"
            ]
        );
        assert_eq!(
            a.cannot_tell,
            [
                "3 players, bots random: cannot tell the seats apart: highest seat 0 34.4% \
              (31.4-37.6), lowest seat 2 32.2% (29.2-35.4), fair 33.3% (Holm p = 0.50)"
            ]
        );
        assert!(a.headline[0].starts_with("Win shares by seat: 1 of the 2 tests"));
    }

    /// Holm's adjustment is over every test in the file: a p-value of 0.03 alone differs,
    /// but beside a second test of 0.04 it becomes 0.06 and 0.04 and neither differs.
    #[test]
    fn the_adjustment_counts_every_test_made() {
        let one = "game,rules,players,bots,seed,test,groups,chi2,df,p_value\n\
                   g,r,2,random,1,seat,2,4.7,1,0.03\n";
        let dir = folder(&[("tests.csv", one), ("seats.csv", SEATS)]);
        assert_eq!(
            answer(dir.path(), 0.95, "the rules' own table")
                .unwrap()
                .found
                .len(),
            1
        );
        let two = format!("{one}g,r,3,random,1,seat,3,6.4,2,0.04\n");
        let dir = folder(&[("tests.csv", &two), ("seats.csv", SEATS)]);
        let a = answer(dir.path(), 0.95, "the rules' own table").unwrap();
        assert!(a.found.is_empty(), "{:?}", a.found);
        assert!(
            a.cannot_tell[0].ends_with("(Holm p = 0.0600)"),
            "{:?}",
            a.cannot_tell
        );
        assert!(a.headline[0].contains("no test of equal shares shows a difference"));
    }

    /// The top entrant is called strongest only when its interval lies wholly above the
    /// next one's; overlapping intervals cannot be told apart.
    #[test]
    fn ratings_name_the_strongest_only_when_the_intervals_part() {
        let ratings = "game,rules,players,bots,seed,bot,comparisons,rating,rating_se,\
                       rating_low,rating_high,note\n\
                       g,r,2,\"a,b,c\",1,a,10,100,10,80,120,\n\
                       g,r,2,\"a,b,c\",1,b,10,50,10,30,70,\n\
                       g,r,2,\"a,b,c\",1,c,10,-150,10,-170,-130,\n\
                       g,r,4,\"a,b\",1,a,10,10,10,-10,30,\n\
                       g,r,4,\"a,b\",1,b,10,-10,10,-30,10,\n";
        let dir = folder(&[("ratings.csv", ratings)]);
        let a = answer(dir.path(), 0.95, "the rules' own table").unwrap();
        assert_eq!(
            a.found,
            [
                "2 players, line-up a,b,c: a rates highest, 100 (95% CI 80 to 120), its \
                 interval wholly above b's 50 (95% CI 30 to 70)",
                "4 players, line-up a,b: cannot tell a from b: their ratings' intervals \
                 overlap (10 (95% CI -10 to 30) against -10 (95% CI -30 to 10))"
            ]
        );
        assert!(a.headline[0].contains("in 1 of 2 line-ups"));
    }

    /// A tune's page gives the tuner's own verdict: a candidate beats the baseline only
    /// with its interval wholly below the baseline's.
    #[test]
    fn a_tunes_verdict_is_the_tuners() {
        let validation = "game,rules,players,bots,seed,candidate,rules_table,pick,objective,\
                          ci_low,ci_high\n\
                          g,r,2,greedy,1,x=1,false,true,0.01,0.00,0.02\n\
                          g,r,2,greedy,1,x=8,true,false,0.05,0.03,0.07\n\
                          g,r,3,greedy,1,x=2,false,true,0.02,0.01,0.04\n\
                          g,r,3,greedy,1,x=8,true,false,0.03,0.02,0.05\n";
        let dir = folder(&[("validation.csv", validation)]);
        let a = answer(dir.path(), 0.9, "the rules' own table").unwrap();
        assert_eq!(
            a.found,
            [
                "2 players: verdict: x=1 beats the baseline x=8 at 90% (interval wholly \
                 below its)",
                "3 players: verdict: no candidate is distinguishable from the baseline x=8 at \
                 90% (no interval lies wholly below its): keep it, or measure more games"
            ]
        );
        assert!(a.headline[0].contains("in 1 of 2 player counts"));
        assert_eq!(
            a.headline[1],
            "pick: x=1 at 2 players; keep the rules' own table at 3 players."
        );
    }

    /// The pick is the lowest estimate among the candidates that beat the baseline, not
    /// the lowest estimate: and when none beats it at any count, the page says to keep it.
    #[test]
    fn a_tune_picks_only_what_beats_the_baseline() {
        let header = "game,rules,players,bots,seed,candidate,rules_table,pick,objective,\
                      ci_low,ci_high\n";
        // x=1 reads lowest but its interval reaches into the baseline's; x=2 lies wholly
        // below it.
        let rows = "g,r,2,greedy,1,x=1,false,true,0.01,0.00,0.06\n\
                    g,r,2,greedy,1,x=2,false,false,0.02,0.01,0.03\n\
                    g,r,2,greedy,1,x=8,true,false,0.05,0.04,0.07\n";
        let dir = folder(&[("validation.csv", &format!("{header}{rows}"))]);
        let a = answer(dir.path(), 0.95, "the rules' own table").unwrap();
        assert_eq!(a.headline[1], "pick: x=2 at 2 players.");
        // The quick trial of issue 44: every interval overlaps the rules' own.
        let rows = "g,r,4,greedy,1,x=12,false,true,0.0075,0.00,0.0562\n\
                    g,r,4,greedy,1,x=4,true,false,0.0210,0.0020,0.0650\n\
                    g,r,5,greedy,1,x=2,true,true,0.0100,0.0010,0.0400\n\
                    g,r,5,greedy,1,x=0,false,false,0.0120,0.0030,0.0450\n";
        let dir = folder(&[("validation.csv", &format!("{header}{rows}"))]);
        let a = answer(dir.path(), 0.95, "the rules' own table").unwrap();
        assert!(a.headline[0].contains("in 0 of 2 player counts"));
        assert_eq!(
            a.headline[1],
            "pick: keep the rules' own table: no candidate beats it at any player count."
        );
    }
}
