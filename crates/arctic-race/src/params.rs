//! The rule parameters Arctic Race declares, and the canonical rules file.
//!
//! Experiments sweep and tuners set rules through these paths: `tiles_removed.N` (tiles
//! removed at setup for N players), `round_limit`, and the scoring rows `scoring.race_1`
//! to `scoring.race_5`. Each value is checked as the same key of a rules file would be.
//! [`RuleSet::to_toml`] writes the complete rules back as a rules file: the canonical form
//! that fingerprints and run plans record.

use floe_core::{MAX_SEATS, Param, ParamKind, ParamValue, RuleSet, RulesError, whole_param};
use serde::Serialize;

use crate::rules::{MAX_PLACES, MAX_ROUND_LIMIT, MIN_PLAYERS, Rules};

/// The scoring row of race `$n` (from 1), `scoring.race_$n`.
macro_rules! scoring_row {
    ($n:literal) => {
        Param {
            path: concat!("scoring.race_", $n),
            about: concat!(
                "points by place in race ",
                $n,
                "; the last value counts for every later place"
            ),
            per_players: None,
            kind: |_| ParamKind::List {
                item: Box::new(ParamKind::Whole { min: 0, max: 255 }),
                min_len: 1,
                max_len: MAX_PLACES,
            },
            get: |r, _| wholes(&r.points[$n - 1]),
            set: |r, _, v| {
                let points = v.as_wholes().expect("checked");
                r.points[$n - 1] = points.into_iter().map(|p| p as u8).collect();
                Ok(())
            },
        }
    };
}

/// The points of a scoring row as a parameter's value.
fn wholes(points: &[u8]) -> ParamValue {
    ParamValue::List(
        points
            .iter()
            .map(|&p| ParamValue::Whole(i64::from(p)))
            .collect(),
    )
}

impl RuleSet for Rules {
    /// `tiles_removed` (per player count; its range follows the tile set), `round_limit`,
    /// and the scoring rows `scoring.race_1` to `scoring.race_5`.
    const PARAMS: &'static [Param<Rules>] = &[
        Param {
            path: "tiles_removed",
            about: "tiles removed face down at setup",
            per_players: Some(MIN_PLAYERS..=MAX_SEATS),
            kind: |r| ParamKind::Whole {
                min: 0,
                max: r.max_tiles_removed() as i64,
            },
            get: |r, players| {
                ParamValue::Whole(r.tiles_removed(players.expect("per player count")) as i64)
            },
            set: |r, players, v| {
                let removed = v.as_whole().expect("checked") as usize;
                r.set_tiles_removed(players.expect("per player count"), removed)
                    .map_err(|e: RulesError| e.message)
            },
        },
        whole_param!(
            round_limit,
            1..=i64::from(MAX_ROUND_LIMIT),
            "rounds after which the game ends and is scored"
        ),
        scoring_row!(1),
        scoring_row!(2),
        scoring_row!(3),
        scoring_row!(4),
        scoring_row!(5),
    ];

    fn name(&self) -> &str {
        &self.name
    }

    fn colours(&self) -> &[String] {
        &self.colours
    }

    fn to_toml(&self) -> String {
        self.canonical_toml()
    }
}

impl Rules {
    /// Returns these rules as a complete rules file that loads back into equal rules.
    ///
    /// # Examples
    /// ```
    /// use arctic_race::Rules;
    /// use floe_core::RuleSet;
    /// let rules = Rules::from_toml("round_limit = 40").unwrap();
    /// assert_eq!(Rules::from_toml(&rules.to_toml()).unwrap(), rules);
    /// ```
    fn canonical_toml(&self) -> String {
        let icons = |range: std::ops::Range<usize>| -> Vec<String> {
            self.fixed_icons[range]
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        let bank_b_start = self.river_start + self.slots * self.slot_len;
        let tiles = (0..self.tile_kinds.len())
            .map(|k| CanonicalTile {
                copies: self.tile_set.iter().filter(|&&t| t as usize == k).count(),
                faces: self
                    .tile_faces(k as u8)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            })
            .collect();
        let row = |race: usize| self.points[race].to_vec();
        let file = CanonicalRules {
            name: &self.name,
            round_limit: self.round_limit,
            colours: &self.colours,
            tiles_removed: self.tiles_removed[MIN_PLAYERS..=MAX_SEATS].to_vec(),
            track: CanonicalTrack {
                bank_a: icons(0..self.river_start),
                bank_b: icons(bank_b_start..self.track_len),
                river: CanonicalRiver {
                    slots: self.slots,
                    slot_length: self.slot_len,
                },
            },
            tiles,
            scoring: CanonicalScoring {
                race_1: row(0),
                race_2: row(1),
                race_3: row(2),
                race_4: row(3),
                race_5: row(4),
            },
        };
        toml::to_string(&file).expect("rules serialise to TOML")
    }
}

/// A rules file in canonical form: every key, in the order of `classic.toml`.
#[derive(Serialize)]
struct CanonicalRules<'a> {
    name: &'a str,
    round_limit: u32,
    colours: &'a [String],
    tiles_removed: Vec<u8>,
    track: CanonicalTrack,
    tiles: Vec<CanonicalTile>,
    scoring: CanonicalScoring,
}

#[derive(Serialize)]
struct CanonicalTrack {
    bank_a: Vec<String>,
    bank_b: Vec<String>,
    river: CanonicalRiver,
}

#[derive(Serialize)]
struct CanonicalRiver {
    slots: usize,
    slot_length: usize,
}

#[derive(Serialize)]
struct CanonicalTile {
    copies: usize,
    faces: Vec<String>,
}

#[derive(Serialize)]
struct CanonicalScoring {
    race_1: Vec<u8>,
    race_2: Vec<u8>,
    race_3: Vec<u8>,
    race_4: Vec<u8>,
    race_5: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_core::ParamValue;

    #[test]
    fn canonical_rules_load_back_equal() {
        for text in [
            "",
            "round_limit = 40\nname = \"short\"",
            "tiles_removed = [10, 6, 4, 2, 1]\n[scoring]\nrace_2 = [9]",
            "[track]\nbank_a = [\"+1\"]\n[track.river]\nslots = 2\nslot_length = 2\n[[tiles]]\ncopies = 3\nfaces = [\"die\", \"hand\"]\n",
        ] {
            let text = if text.contains("slot_length = 2") {
                format!("tiles_removed = [0, 0, 0, 0, 0]\n{text}")
            } else {
                text.to_string()
            };
            floe_conformance::fuzz::check_canonical(&text, |t| Rules::from_toml(t).unwrap());
        }
    }

    #[test]
    fn parameters_read_and_set_like_a_rules_file() {
        let mut r = Rules::classic();
        assert_eq!(r.parameter("tiles_removed.2"), Ok(ParamValue::Whole(8)));
        assert_eq!(r.parameter("round_limit"), Ok(ParamValue::Whole(500)));
        assert_eq!(
            r.parameter("scoring.race_1").unwrap().as_wholes(),
            Some(vec![7, 5, 4, 3])
        );
        r.set_parameter("tiles_removed.3", &ParamValue::Whole(11))
            .unwrap();
        assert_eq!(r.tiles_removed(3), 11);
        r.set_parameter("round_limit", &ParamValue::Whole(40))
            .unwrap();
        assert_eq!(r.round_limit(), 40);
        let row = ParamValue::List(vec![ParamValue::Whole(9), ParamValue::Whole(1)]);
        r.set_parameter("scoring.race_2", &row).unwrap();
        assert_eq!(r.points(1, 1), 9);
        assert_eq!(r.points(1, 5), 1);
        assert_eq!(
            Rules::from_toml(&r.to_toml()).unwrap(),
            r,
            "set values are kept in the canonical form"
        );
    }

    #[test]
    fn bad_parameters_are_named() {
        let mut r = Rules::classic();
        let e = r
            .set_parameter("tiles_removed.4", &ParamValue::Whole(26))
            .unwrap_err();
        assert_eq!(e.path, "tiles_removed.4");
        assert!(e.message.contains("from 0 to 25"), "{e}");
        let e = r
            .set_parameter("round_limit", &ParamValue::Whole(0))
            .unwrap_err();
        assert!(e.message.contains("from 1 to 1000000"), "{e}");
        let e = r
            .set_parameter("scoring.race_1", &ParamValue::List(vec![]))
            .unwrap_err();
        assert!(e.message.contains("1 to 8 items"), "{e}");
        let e = r.parameter("round_limits").unwrap_err();
        assert!(
            e.message.contains("parameters: tiles_removed, round_limit"),
            "{e}"
        );
        assert_eq!(r, Rules::classic(), "refused values change nothing");
    }
}
