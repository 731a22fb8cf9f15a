//! A game's skill-versus-luck profile (`floe profile`): how far skill carries a player, how
//! often luck overturns it, what the seat is worth, how long games last and how close
//! they end.
//!
//! **The ladder.** Entrants of rising skill, weakest first: `random`, `greedy`,
//! `mcts:iters=100`, `mcts:iters=1000` and, where a decision of it takes under
//! [`DEEP_LIMIT_MS`] milliseconds, `mcts:iters=10000`. Whether it does is measured: one
//! `mcts:iters=1000` bot answers the first [`TIMING_QUESTIONS`] questions of the first
//! [`TIMING_DEALS`] deals of the run (the tournament's own seeds), after one untimed
//! decision that grows its arena, and ten times the median of those decisions is taken
//! as the time of a decision of 10,000 iterations. The opening questions have the whole
//! game left to play out, so they are among a game's slowest. The measure depends on the
//! machine and its load, so the ladder does too; a ladder given explicitly
//! ([`ProfileRequest::ladder`]) is not timed and makes the run reproducible anywhere.
//!
//! **The games.** One tournament of the ladder with duplicate seating
//! ([`floe_sim::Seating::Duplicate`]): every deal is played once in every seating of the
//! cycle, so every entrant plays every seat equally often on the same deals. It is planned
//! by [`floe_lab::request::plan_run`] and played by [`floe_lab::execute`], which write the
//! tournament's usual tables (`tournament.csv`, `ratings.csv`, `pairwise.csv`,
//! `seats.csv`, `game_stats.csv`, ...); the profile is derived from those tables alone, so
//! it agrees with them to the digit. With more entrants than seats each game seats a
//! window of neighbours in the cycle, so adjacent ladder steps always meet.
//!
//! **The profile** (`profile.csv`, one row; `profile_ladder.csv`, one row per entrant;
//! `profile.svg`):
//! - each entrant's Bradley-Terry rating with its 95% interval, from `ratings.csv`;
//! - per step (an entrant and the next weaker one) the share of their games in which the
//!   stronger scored above the weaker, with its 95% Wilson interval, from `pairwise.csv`;
//! - **skill depth**: the steps whose interval lies wholly above [`CLEAR_SHARE`] (55%):
//!   how many rungs of skill the game tells apart ([`skill_depth`]);
//! - **upset rate**: how often the weaker of two adjacent entrants scored above the
//!   stronger, pooled over the steps ([`upset_rate`]);
//! - **seat advantage**: the best seat over the worst in rating points ([`seat_advantage`]);
//! - game length (mean and sd of rounds) and decisiveness (share of tied wins, mean margin)
//!   from `game_stats.csv`. Seat, length and decisiveness are over all the tournament's
//!   games, the ladder's pairings mixed as the cycle mixes them.

use floe_sim::report::TableFile;

mod measures;
mod plan;
mod report;
mod run;
mod timing;

pub use measures::*;
pub use plan::*;
pub use report::*;
pub use run::*;
pub use timing::*;

/// The ladder every profile starts from, weakest first.
pub const BASE_LADDER: [&str; 4] = ["random", "greedy", "mcts:iters=100", "mcts:iters=1000"];

/// The top step, added where a decision of it takes under [`DEEP_LIMIT_MS`].
pub const DEEP: &str = "mcts:iters=10000";

/// The bot timed to decide on [`DEEP`]: a tenth of its iterations.
pub const TIMED: &str = "mcts:iters=1000";

/// How many times longer a decision of [`DEEP`] is taken to be than one of [`TIMED`].
pub const DEEP_FACTOR: f64 = 10.0;

/// [`DEEP`] joins the ladder when its estimated decision takes less than this.
pub const DEEP_LIMIT_MS: f64 = 50.0;

/// Deals whose opening questions are timed.
pub const TIMING_DEALS: u64 = 5;

/// Questions timed in each of those deals.
pub const TIMING_QUESTIONS: usize = 4;

/// A step is clear when the lower end of the stronger entrant's 95% interval lies above
/// this share.
pub const CLEAR_SHARE: f64 = 0.55;

/// The profile's one-row table.
pub const PROFILE: &str = "profile.csv";

/// The profile's table of the ladder, one row per entrant.
pub const LADDER: &str = "profile_ladder.csv";

/// The profile's chart.
pub const CHART: &str = "profile.svg";

/// The tournament's tables that the profile reads, by file name (for its messages).
const RATINGS: &str = TableFile::Ratings.name();
const PAIRWISE: &str = TableFile::Pairwise.name();
const SEATS: &str = TableFile::Seats.name();
const GAME_STATS: &str = TableFile::GameStats.name();

/// What the tournament of a profile writes besides its tables.
const MANIFEST: &str = "manifest.toml";
const COLUMNS: &str = "columns.csv";

/// The tables a duplicate tournament of two entrants or more writes (with `figures.csv`
/// for a game that declares figures).
const TOURNAMENT_FILES: [&str; 8] = [
    TableFile::Tournament.name(),
    GAME_STATS,
    SEATS,
    TableFile::Tests.name(),
    PAIRWISE,
    RATINGS,
    MANIFEST,
    COLUMNS,
];

/// Elo points per unit of natural log-odds, the scale of `ratings.csv`.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use floe_core::Game;
    use floe_games::GameVisitor;
    use floe_sim::stats::{Z95, wilson};
    use floe_sim::table::{Cell, Column, Kind, Table};

    use super::*;
    use floe_lab::{Setting, SettingError};

    /// A table as the tournament gives it, from CSV-like text: a field is a count when it
    /// reads as one, a number when it reads as one, empty when empty, else a text.
    fn table(header: &str, rows: &[&str]) -> Table {
        let field = |f: &str| match (f.parse::<u64>(), f.parse::<f64>()) {
            _ if f.is_empty() => Cell::Empty,
            (Ok(n), _) => Cell::Whole(n),
            (_, Ok(x)) => Cell::Real(x),
            _ => Cell::from(f),
        };
        Table {
            columns: header
                .split(',')
                .map(|c| Column::new(c, Kind::Value, ""))
                .collect(),
            rows: rows
                .iter()
                .map(|r| r.split(',').map(field).collect())
                .collect(),
        }
    }

    fn ladder() -> Vec<String> {
        ["random", "greedy", "mcts"].map(String::from).to_vec()
    }

    fn ratings() -> Table {
        table(
            "bot,comparisons,rating,rating_se,rating_low,rating_high,note",
            &[
                "random,200,-300,20,-339.2,-260.8,",
                "greedy,400,100,15,70.6,129.4,",
                "mcts,200,200,20,160.8,239.2,",
            ],
        )
    }

    /// greedy beats random 90 of 100; mcts beats greedy 52 of 100, greedy above mcts 40,
    /// 8 tied; random and mcts never met.
    fn pairwise() -> Table {
        let (lo1, hi1) = wilson(90.0, 100);
        let (lo2, hi2) = wilson(52.0, 100);
        let (lo3, hi3) = wilson(10.0, 100);
        let (lo4, hi4) = wilson(40.0, 100);
        let rows = [
            format!("greedy,random,100,0.900000,{lo1},{hi1},0"),
            format!("random,greedy,100,0.100000,{lo3},{hi3},0"),
            format!("mcts,greedy,100,0.520000,{lo2},{hi2},0.080000"),
            format!("greedy,mcts,100,0.400000,{lo4},{hi4},0.080000"),
        ];
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        table(
            "bot,opponent,games,share_above,ci_low,ci_high,share_tied",
            &rows,
        )
    }

    #[test]
    fn rungs_read_ratings_and_steps_from_the_tables() {
        let r = rungs(&ladder(), &ratings(), &pairwise()).unwrap();
        assert_eq!(r[0].rating, Some((-300.0, -339.2, -260.8)));
        assert_eq!(r[0].step, None);
        let up = r[1].step.as_ref().unwrap();
        assert_eq!((up.weaker.as_str(), up.games), ("random", 100));
        assert_eq!((up.share_above, up.weaker_above), (0.9, 0.1));
        let top = r[2].step.as_ref().unwrap();
        assert_eq!(
            (top.share_above, top.share_tied, top.weaker_above),
            (0.52, 0.08, 0.4)
        );
        let e = rungs(&["random".into(), "alpha".into()], &ratings(), &pairwise()).unwrap_err();
        assert!(e.to_string().contains("no row for alpha"), "{e}");
    }

    #[test]
    fn skill_depth_counts_steps_whose_interval_clears_55_percent() {
        let r = rungs(&ladder(), &ratings(), &pairwise()).unwrap();
        // 90/100 has a Wilson interval of about 82.6-94.5%: clear; 52 above and 8 tied of
        // 100 (a share of 56%, 46.2-65.3%) not.
        assert!(r[1].step.as_ref().unwrap().clear());
        let top = r[2].step.as_ref().unwrap();
        assert!((top.share() - 0.56).abs() < 1e-12);
        assert_eq!(top.ci(), wilson(56.0, 100));
        assert!(!top.clear() && !top.apart());
        assert_eq!(skill_depth(&r), 1);
        // A share of 60% over 1000 games (56.9-63.0%) clears; over 100 (50.2-69.1%) not.
        let step = |above: f64, games: u64| Step {
            weaker: "w".into(),
            games,
            share_above: above,
            share_tied: 0.0,
            weaker_above: 1.0 - above,
        };
        assert!(step(0.6, 1000).clear());
        assert!(!step(0.6, 100).clear());
        // A pair that never met is no step of depth.
        let mut never = step(0.9, 1000);
        never.games = 0;
        assert!(!never.clear());
        assert!(!never.apart());
    }

    #[test]
    fn a_tie_counts_half_so_a_stronger_entrant_that_often_ties_is_told_apart() {
        // Race to the North Pole at four players: the stronger scores above in 41% of
        // 960 games and ties in 29.5% (two non-winners with the same pawns home). Above
        // alone it looks the weaker; its score share, 55.75% (52.6-58.9%), tells the two
        // apart, though not by the 55% of a clear step.
        let s = Step {
            weaker: "greedy".into(),
            games: 960,
            share_above: 0.41,
            share_tied: 0.295,
            weaker_above: 0.295,
        };
        assert!((s.share() - 0.5575).abs() < 1e-12);
        let (lo, hi) = s.ci();
        assert!(
            (0.52..0.53).contains(&lo) && (0.58..0.59).contains(&hi),
            "{lo} {hi}"
        );
        assert!(s.apart() && !s.clear());
    }

    #[test]
    fn the_upset_rate_pools_the_weaker_entrants_wins_over_the_steps() {
        let r = rungs(&ladder(), &ratings(), &pairwise()).unwrap();
        let u = upset_rate(&r).unwrap();
        // 10 upsets of 100 and 40 of 100: 50 of 200 (ties are no upsets).
        assert_eq!(u.games, 200);
        assert!((u.share - 0.25).abs() < 1e-12, "{u:?}");
        assert_eq!(u.ci, wilson(50.0, 200));
        // Steps whose entrants never met add nothing; with none there is no rate.
        let lone = rungs(&["random".into(), "mcts".into()], &ratings(), &pairwise()).unwrap();
        assert_eq!(lone[1].step.as_ref().unwrap().games, 0);
        assert_eq!(upset_rate(&lone), None);
        assert_eq!(skill_depth(&lone), 0);
    }

    #[test]
    fn the_seat_advantage_is_the_log_ratio_of_win_rates_on_the_elo_scale() {
        // Two seats: 60% against 40% is 400 log10(1.5) = 70.437 points, as ratings.csv
        // gives two entrants with 600 wins to 400.
        let seats = table(
            "game,seat,games,wins,shared_wins,win_rate,ci_low,ci_high,mean_score",
            &[
                "g,0,1000,400,0,0.400000,0,0,0",
                "g,1,1000,600,0,0.600000,0,0,0",
            ],
        );
        let a = seat_advantage(&seats).unwrap().unwrap();
        assert_eq!(
            (a.best.to_string().as_str(), a.worst.to_string().as_str()),
            ("1", "0")
        );
        assert!((a.points - 400.0 * 1.5f64.log10()).abs() < 1e-9, "{a:?}");
        // se = 400/ln 10 * sqrt((1/0.6 + 1/0.4) / 1000) = 11.2134...
        let se = ELO * ((1.0 / 0.6 + 1.0 / 0.4) / 1000.0f64).sqrt();
        assert!((se - 11.2134).abs() < 1e-3, "{se}");
        assert!((a.ci.0 - (a.points - Z95 * se)).abs() < 1e-9);
        assert!((a.ci.1 - (a.points + Z95 * se)).abs() < 1e-9);
        // Four seats: the best over the worst, whatever lies between; equal rates give 0.
        let four = table(
            "seat,games,win_rate",
            &["0,100,0.2", "1,100,0.3", "2,100,0.25", "3,100,0.25"],
        );
        let a = seat_advantage(&four).unwrap().unwrap();
        assert_eq!(
            (a.best.to_string().as_str(), a.worst.to_string().as_str()),
            ("1", "0")
        );
        assert!((a.points - 400.0 * 1.5f64.log10()).abs() < 1e-9);
        let level = table("seat,games,win_rate", &["0,10,0.5", "1,10,0.5"]);
        let a = seat_advantage(&level).unwrap().unwrap();
        assert_eq!(
            (
                a.best.to_string().as_str(),
                a.worst.to_string().as_str(),
                a.points
            ),
            ("0", "1", 0.0)
        );
        // A seat that never won gives no finite advantage.
        let never = table("seat,games,win_rate", &["0,10,0", "1,10,1"]);
        assert_eq!(seat_advantage(&never).unwrap(), None);
    }

    #[test]
    fn the_profile_row_agrees_with_the_tables_it_comes_from() {
        let stats = table(
            "game,rules,players,bots,seed,shuffle_colours,games,mean_rounds,sd_rounds,p_tie,mean_margin",
            &["g,classic,2,x,1,false,600,30.500000,4.250000,0.010000,3.125000"],
        );
        let seats = table("seat,games,win_rate", &["0,600,0.45", "1,600,0.55"]);
        let tables = vec![
            (TableFile::GameStats, stats),
            (TableFile::Seats, seats),
            (TableFile::Ratings, ratings()),
            (TableFile::Pairwise, pairwise()),
        ];
        let d = derive(&ladder(), None, 100, &tables).unwrap();
        let row: Vec<(&str, String)> = d
            .profile
            .header()
            .zip(d.profile.rows[0].iter().map(Cell::to_string))
            .collect();
        let get = |k: &str| row.iter().find(|(c, _)| *c == k).unwrap().1.as_str();
        assert_eq!(get("game"), "g");
        assert_eq!(get("ladder_from"), "given");
        assert_eq!(get("mcts_10000"), "");
        assert_eq!(
            (get("deals"), get("games"), get("entrants")),
            ("100", "600", "3")
        );
        assert_eq!((get("steps"), get("skill_depth")), ("2", "1"));
        assert_eq!((get("upset_rate"), get("upset_games")), ("0.250000", "200"));
        assert_eq!((get("best_seat"), get("worst_seat")), ("1", "0"));
        assert_eq!(get("mean_rounds"), "30.500000");
        assert_eq!(get("p_tie"), "0.010000");
        let ladder = &d.ladder;
        assert_eq!(ladder.rows.len(), 3);
        let clear = ladder.position("clear").unwrap();
        let clear: Vec<String> = ladder.rows.iter().map(|r| r[clear].to_string()).collect();
        assert_eq!(clear, ["", "true", "false"]);
        for (file, t) in [(PROFILE, &d.profile), (LADDER, &d.ladder)] {
            for c in t.columns.iter().skip(5) {
                assert!(!c.meaning.is_empty(), "{file}: {} has no meaning", c.name);
            }
        }
    }

    #[test]
    fn the_timing_takes_the_median_and_decides_on_the_deep_step() {
        let ms =
            |v: &[u64]| -> Vec<Duration> { v.iter().map(|&m| Duration::from_millis(m)).collect() };
        let t = timing_of(&ms(&[3, 1, 100, 4, 2]));
        assert_eq!(
            (t.decisions, t.median_ms, t.estimate_ms, t.deep),
            (5, 3.0, 30.0, true)
        );
        assert!((t.mean_ms - 22.0).abs() < 1e-9);
        let t = timing_of(&ms(&[5, 6]));
        assert_eq!((t.median_ms, t.deep), (5.5, false));
    }

    #[test]
    fn the_timing_times_the_opening_questions_of_seeded_deals() {
        struct Time;
        impl GameVisitor for Time {
            type Output = Timing;
            fn visit<G: Game + 'static>(self, game: G) -> Timing {
                time_ladder(&game, 2, 1)
            }
        }
        let t = floe_games::visit("goofspiel", None, Time).unwrap();
        assert_eq!(t.decisions, TIMING_DEALS as usize * TIMING_QUESTIONS);
        assert!(t.median_ms > 0.0 && t.mean_ms > 0.0, "{t:?}");
        assert_eq!(t.estimate_ms, DEEP_FACTOR * t.median_ms);
        assert_eq!(t.deep, t.estimate_ms < DEEP_LIMIT_MS);
    }

    #[test]
    fn a_bad_ladder_is_refused_naming_the_ladder() {
        let req = |ladder: &str, players: usize| ProfileRequest {
            game: "arctic-race".into(),
            rules: None,
            players,
            ladder: Some(ladder.into()),
            deals: 1,
            dealing: floe_sim::Dealing {
                seed: 1,
                ..floe_sim::Dealing::default()
            },
            arc: false,
            registry: Default::default(),
        };
        let e = |r| format!("{:#}", plan_profile(r).unwrap_err());
        assert!(e(req("random,alpha", 2)).starts_with("ladder \"random,alpha\": spec 2"));
        assert!(e(req("random", 2)).contains("at least two entrants"));
        assert!(e(req("random,random", 2)).contains("entered twice"));
        assert!(e(req("random,greedy", 9)).starts_with("players: "));
        // A tournament's refusal of its bots names the profile's ladder instead.
        let refused = SettingError::new(Setting::Bots, "no").quoted("a,b");
        let e = ladder_error(refused.into());
        assert_eq!(format!("{e:#}"), "ladder \"a,b\": no");
        let ok = plan_profile(req("random, greedy", 2)).unwrap();
        assert_eq!(ok.ladder, Some(vec!["random".into(), "greedy".into()]));
    }

    #[test]
    fn the_manifest_table_is_toml() {
        let timing = timing_of(&[Duration::from_millis(7)]);
        let text = format!(
            "kind = \"tournament\"\n[plan]\nseed = 1\n{}",
            manifest_table(&full_ladder(false), 3, Some(&timing))
        );
        let value: toml::Value = toml::from_str(&text).unwrap();
        let profile = &value["profile"];
        assert_eq!(profile["deep_joined"].as_bool(), Some(false));
        assert_eq!(profile["ladder"].as_array().unwrap().len(), 4);
        assert_eq!(profile["ladder_from"].as_str(), Some("timing"));
    }
}
