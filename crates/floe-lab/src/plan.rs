//! [`Plan`]: one serialisable description of a run.
//!
//! Every run command builds a plan, [`crate::execute`] carries it out, a shard records it
//! in its manifest, and `merge` reads it back from there: a run is never rebuilt from
//! command-line text. The rules are held in the game's canonical form (a complete rules
//! file), so a plan plays the same games wherever it is read, whatever files have changed
//! since.

use std::collections::BTreeMap;

use floe_core::ParamValue;
use floe_sim::Dealing;
use floe_sim::answers::rules_own;
use floe_sim::answers::{Adjust, Question, Questions};
use serde::{Deserialize, Serialize};

/// Which command's results a run writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunKind {
    /// `floe simulate`: `game_stats.csv`, `seats.csv`, `colours.csv`, `bots.csv`,
    /// `tests.csv` (and `games.csv`) and charts.
    Simulate,
    /// `floe tournament`: `tournament.csv`, `game_stats.csv`, `seats.csv`, `tests.csv`
    /// (and with two entrants or more `pairwise.csv` and `ratings.csv`) and charts.
    Tournament,
    /// `floe experiment`: `cells.csv`, the seat, colour and bot tables, `tests.csv`
    /// (`pairwise.csv` and `ratings.csv` with rotated or duplicate seating) and charts.
    Experiment,
}

/// The file of one row per game and seat, written with [`Plan::per_game`].
pub const GAMES: &str = "games.csv";

/// A whole run: the game, its rules, the seeds and seating, and its cells.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// Which results are written.
    pub kind: RunKind,
    /// The game's registry name.
    pub game: String,
    /// The rules every cell starts from, as the game's canonical rules file.
    pub rules: String,
    /// The seed, seating and colours of every cell (in the manifest as the fields
    /// `seed`, `shuffle_colours` and `seating`).
    #[serde(flatten)]
    pub dealing: Dealing,
    /// Also write one row per game and seat (`simulate --per-game`).
    pub per_game: bool,
    /// Also follow how each game unfolds and write `arc.csv` (`--arc`, or `arc = true` in
    /// an experiment spec); left out of the manifest when off, so such plans read as
    /// before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub arc: bool,
    /// The identity of each plugged bot the cells name ([`floe_bots::PluggedBot`]), by
    /// name: the plan is carried out (played, merged from shards) only with these (left
    /// out of the manifest when the cells name none, so such plans read as before).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub plugged: BTreeMap<String, String>,
    /// The experiment, for a run of [`RunKind::Experiment`].
    pub experiment: Option<ExperimentInfo>,
    /// The cells, run one after another.
    pub cells: Vec<CellPlan>,
}

/// One cell: a line-up of bots at one player count, with one value of a swept parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellPlan {
    /// Players per game.
    pub players: usize,
    /// The bots as written: a spec for every seat, one per seat, or the entrants.
    pub bots: String,
    /// Games in the cell.
    pub games: u64,
    /// The swept parameter's value in this cell, if the run sweeps one.
    pub sweep: Option<SweepPoint>,
    /// A grid's second parameter's value in this cell (left out of the manifest when the
    /// run sweeps one parameter or none, so such plans read as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<SweepPoint>,
}

impl CellPlan {
    /// Names the cell, e.g. `random, 4 players, tiles_removed 6`, a swept value the rules
    /// themselves hold marked `(the rules' own)` ([`rules_own`]).
    pub fn name(&self) -> String {
        let mut name = format!("{}, {} players", self.bots, self.players);
        for s in self.sweep.iter().chain(&self.by) {
            name.push_str(&format!(
                ", {} {}{}",
                s.param,
                s.value,
                rules_own(&s.value, &s.rules_value)
            ));
        }
        name
    }
}

/// The value a cell gives a swept parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// The parameter as the spec names it (`tiles_removed`).
    pub param: String,
    /// The path set in the game (`tiles_removed.4`, with the cell's player count where the
    /// parameter holds one value per count).
    pub path: String,
    /// The value set.
    pub value: ParamValue,
    /// The value the rules themselves hold.
    pub rules_value: ParamValue,
}

/// What an experiment was, for its manifest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExperimentInfo {
    /// The experiment's name (its results folder's name).
    pub name: String,
    /// Free text on what it asks.
    pub description: String,
    /// Where the spec was read from.
    pub spec_file: String,
    /// The spec's text.
    pub spec: String,
    /// The questions the spec declares, answered in `answers.csv` (left out of the
    /// manifest when it declares none, so such plans read as before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<Question>,
    /// How the questions' p-values are adjusted together.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjust: Option<Adjust>,
}

impl ExperimentInfo {
    /// Returns the questions the experiment asks, as the statistics layer takes them.
    pub fn questions(&self) -> Questions {
        Questions {
            list: self.questions.clone(),
            adjust: self.adjust.unwrap_or_default(),
        }
    }
}

impl Plan {
    /// Returns the SHA-256 of the plan's rules (hex): the fingerprint a manifest shows.
    pub fn rules_fingerprint(&self) -> String {
        floe_io::digest::sha256_hex(self.rules.as_bytes())
    }

    /// Returns the plan as TOML.
    ///
    /// # Panics
    /// Never in practice: every plan serialises.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a plan serialises to TOML")
    }
}

#[cfg(test)]
mod tests {
    use floe_sim::Seating;

    use super::*;

    /// Every field of the deal but the seating (which each kind of run sets) is a setting
    /// front ends take by name, under the name the manifest gives it.
    #[test]
    fn every_deal_field_but_the_seating_is_a_named_setting() {
        let written = toml::Table::try_from(floe_sim::Dealing::default()).unwrap();
        let mut fields: Vec<&str> = written
            .keys()
            .map(String::as_str)
            .filter(|&k| k != "seating")
            .collect();
        fields.sort_unstable();
        let mut settings: Vec<&str> = floe_sim::Dealing::SETTINGS
            .iter()
            .map(floe_sim::DealSetting::name)
            .collect();
        settings.sort_unstable();
        assert_eq!(fields, settings);
    }

    #[test]
    fn a_plan_reads_back_equal_from_toml() {
        let plan = Plan {
            kind: RunKind::Experiment,
            game: "arctic-race".into(),
            rules: "name = \"classic\"\n".into(),
            dealing: Dealing {
                seed: u64::MAX,
                shuffle_colours: true,
                seating: Seating::Duplicate,
            },
            per_game: false,
            arc: false,
            plugged: BTreeMap::from([("mine".into(), "my-bots 1.0".into())]),
            experiment: Some(ExperimentInfo {
                name: "x".into(),
                description: "why".into(),
                spec_file: "x.toml".into(),
                spec: "players = [2]\n".into(),
                questions: vec![Question {
                    ask: floe_sim::answers::Ask::Compare,
                    measure: Some("mean_rounds".into()),
                    between: vec![ParamValue::Whole(3), ParamValue::Whole(7)],
                    goal: None,
                    of: Some("seat 0".into()),
                }],
                adjust: Some(Adjust::Fdr),
            }),
            cells: vec![CellPlan {
                players: 4,
                bots: "random,mine".into(),
                games: 10,
                sweep: Some(SweepPoint {
                    param: "scoring.race_1".into(),
                    path: "scoring.race_1".into(),
                    value: ParamValue::List(vec![ParamValue::Whole(3)]),
                    rules_value: ParamValue::List(vec![ParamValue::Whole(7)]),
                }),
                by: Some(SweepPoint {
                    param: "round_limit".into(),
                    path: "round_limit".into(),
                    value: ParamValue::Whole(40),
                    rules_value: ParamValue::Whole(100),
                }),
            }],
        };
        let text = plan.to_toml();
        let back: Plan = toml::from_str(&text).unwrap();
        assert_eq!(back, plan, "{text}");
    }
}
