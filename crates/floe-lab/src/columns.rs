//! The column dictionary: what every column of every result table means. Each results
//! folder gets a `columns.csv` (`file,column,meaning`) listing every column of every
//! table written there, and, for `figures.csv`, a row `figure=NAME` per figure the game
//! declares, saying what the values of that `figure` mean.

use floe_core::{FigureScope, Game, RuleSet};
use floe_sim::report::{FIGURES_FILE, Table};

/// The meaning of the columns of one table that differ from [`MEANINGS`], by file and name.
const FILE_MEANINGS: &[(&str, &str, &str)] = &[
    (
        FIGURES_FILE,
        "figure",
        "the game-specific figure measured at the end of each game (each is listed below as figure=NAME)",
    ),
    (
        FIGURES_FILE,
        "seat",
        "seat number, from 0, for a figure per seat; empty for a figure per game",
    ),
    (
        FIGURES_FILE,
        "games",
        "games (for a figure per seat: that seat's games) in which the figure was defined",
    ),
    (FIGURES_FILE, "mean", "mean of the figure over those games"),
    (
        FIGURES_FILE,
        "sd",
        "sample standard deviation of the figure over those games (empty below 2 games)",
    ),
    (
        FIGURES_FILE,
        "ci_low",
        "lower end of the mean's 95% interval by the normal approximation (mean - 1.96 sd / sqrt(games)); empty below 2 games",
    ),
    (
        FIGURES_FILE,
        "ci_high",
        "upper end of the mean's 95% interval by the normal approximation (mean + 1.96 sd / sqrt(games)); empty below 2 games",
    ),
];

/// The meaning of the columns every kind of run writes, by name.
const MEANINGS: &[(&str, &str)] = &[
    ("game", "the game's registry name"),
    ("rules", "the name of the rule set the run started from"),
    ("players", "players per game"),
    (
        "bots",
        "the bots as given: one spec for every seat, one per seat, or the entrants",
    ),
    (
        "seed",
        "the run's master seed (game i's seed derives from it and i)",
    ),
    (
        "shuffle_colours",
        "whether colours were dealt to seats at random per game",
    ),
    (
        "games",
        "games played (in a table of seats, colours or bots: seat-games)",
    ),
    ("mean_rounds", "mean rounds per game"),
    ("sd_rounds", "sample standard deviation of rounds per game"),
    ("p_tie", "share of games with a shared win"),
    ("mean_winner_score", "mean of the highest score"),
    (
        "mean_margin",
        "mean of the highest minus the second-highest score",
    ),
    (
        "rounds_q10",
        "10% quantile of rounds per game (exact, from the histogram)",
    ),
    ("rounds_median", "median rounds per game"),
    ("rounds_q90", "90% quantile of rounds per game"),
    ("seat_spread", "highest minus lowest seat win rate"),
    ("seat", "seat number, from 0 (seat 0 starts)"),
    ("colour", "colour name"),
    ("bot", "bot spec as written"),
    ("opponent", "the other bot of the pair"),
    ("wins", "games won alone (a whole count)"),
    (
        "shared_wins",
        "games whose win was shared with other seats (a whole count)",
    ),
    (
        "win_rate",
        "share of games won, a win shared by k counting 1/k",
    ),
    (
        "ci_low",
        "lower end of the rate's 95% Wilson score interval",
    ),
    (
        "ci_high",
        "upper end of the rate's 95% Wilson score interval",
    ),
    ("mean_score", "mean final score"),
    (
        "mean_rank",
        "mean rank by score (1 = highest; equal scores share the mean of their ranks)",
    ),
    (
        "share_above",
        "share of the games where both played in which bot scored above opponent (each seat pair of the two counting equally)",
    ),
    (
        "share_tied",
        "share of those games in which they scored the same",
    ),
    (
        "comparisons",
        "the games against each other entrant, summed over them (a game with k other entrants counts k times): what the rating is fitted from",
    ),
    (
        "rating",
        "Bradley-Terry rating on the Elo scale (P(bot scores above another) = 1/(1+10^(-difference/400)), ties as half), the entrants' mean 0; empty when none is finite (see note)",
    ),
    (
        "rating_se",
        "standard error of the rating, from the Fisher information (approximate: the comparisons within one game are not independent)",
    ),
    ("rating_low", "lower end of the rating's 95% Wald interval"),
    ("rating_high", "upper end of the rating's 95% Wald interval"),
    (
        "note",
        "why the rating is empty (no finite estimate, or entrants with no common scale), else empty",
    ),
    (
        "test",
        "what the chi-square test compares: the win shares of the seats, or of the colours",
    ),
    ("groups", "groups compared"),
    ("chi2", "Pearson's chi-square statistic of equal win shares"),
    ("df", "degrees of freedom (groups - 1)"),
    (
        "p_value",
        "p-value of the test (scientific notation below 0.0001)",
    ),
    ("param", "the rule parameter the experiment sweeps"),
    ("value", "its value in this cell"),
    (
        "rules_value",
        "its value in the rules the experiment started from",
    ),
    (
        "game_index",
        "index of the game in the run (the index that replays it)",
    ),
    (
        "game_seed",
        "the game's own seed, in hexadecimal (text, so no tool rounds it)",
    ),
    ("score", "final score"),
    ("won", "1 if among the winners"),
    (
        "win_share",
        "share of the win: 1/k for a win shared by k, else 0",
    ),
    ("rounds", "rounds played"),
    ("end_cause", "how the game ended"),
];

/// Returns what `column` of the table `file` means in a run of `game` that sweeps `sweep`
/// (if any).
pub fn meaning_in<G: Game>(
    game: &G,
    sweep: Option<&str>,
    file: &str,
    column: &str,
) -> Option<String> {
    match FILE_MEANINGS
        .iter()
        .find(|(f, c, _)| *f == file && *c == column)
    {
        Some((_, _, m)) => Some((*m).to_string()),
        None => meaning(game, sweep, column),
    }
}

/// Returns what `column` means in a run of `game` that sweeps `sweep` (if any).
pub fn meaning<G: Game>(game: &G, sweep: Option<&str>, column: &str) -> Option<String> {
    if let Some((_, m)) = MEANINGS.iter().find(|(c, _)| *c == column) {
        return Some((*m).to_string());
    }
    if let Some(cause) = column.strip_prefix("p_")
        && let Some(name) = game
            .end_causes()
            .iter()
            .find(|c| c.replace('-', "_") == cause)
    {
        return Some(format!("share of games that ended by {name}"));
    }
    if column == game.progress_name() {
        return Some(format!(
            "the seat's progress at the end ({})",
            column.replace('_', " ")
        ));
    }
    if Some(column) == sweep {
        let about = game
            .rules()
            .parameters()
            .into_iter()
            .find(|d| d.path == column)
            .map_or(String::new(), |d| format!(": {}", d.about));
        return Some(format!("the swept parameter's value in this cell{about}"));
    }
    None
}

/// Returns `columns.csv` for the tables written (by file name): a row per file and
/// column, and after the columns of `figures.csv` a row `figure=NAME` per figure. A column
/// the dictionary does not know gets an empty meaning, which a test of every command
/// refuses.
pub fn dictionary<G: Game>(game: &G, sweep: Option<&str>, tables: &[(&str, &Table)]) -> Table {
    let mut out = Table::new(&["file", "column", "meaning"]);
    for (file, table) in tables {
        for column in &table.header {
            out.rows.push(vec![
                (*file).to_string(),
                column.clone(),
                meaning_in(game, sweep, file, column).unwrap_or_default(),
            ]);
        }
        if *file == FIGURES_FILE {
            for f in game.figures() {
                let scope = match f.scope {
                    FigureScope::Game => "per game",
                    FigureScope::Seat => "per seat",
                };
                out.rows.push(vec![
                    (*file).to_string(),
                    format!("figure={}", f.name),
                    format!("({scope}) {}", f.meaning),
                ]);
            }
        }
    }
    out
}
