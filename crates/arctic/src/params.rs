//! The rule parameters Arctic declares, and the canonical rules file.
//!
//! Every row of the page's Parameters table is a parameter, so an experiment can sweep any
//! of them: `sets.N` (the set numbers at N players), `reserve_per_extra_player`,
//! `hand_size`, `hand_limit`, `river_size`, `empty_top_placement`, `landscape_values`,
//! `run_points`, `diversity_points`, `penalty_points`, `power_side.<animal>` (one per
//! animal), `tie_break` and `round_limit`. Each value is checked against the range of the
//! same key of a rules file, then the whole rules against [`Rules::check`], so a value is
//! refused exactly when a rules file holding it would be. [`RuleSet::to_toml`] writes the
//! complete rules back as a rules file: the canonical form that fingerprints and run plans
//! record.

use floe_core::param::{one_of, whole};
use floe_core::{Param, ParamKind, ParamValue, RuleSet, named_param, whole_param};
use serde::Serialize;

use crate::cards::Animal;
use crate::rules::{
    EMPTY_TOP_PLACEMENT, HAND_LIMIT, HAND_SIZE, LANDSCAPE_LEN, MAX_PLAYERS, MIN_PLAYERS,
    PENALTY_POINTS, POINTS, POINTS_LEN, RESERVE_PER_EXTRA_PLAYER, RIVER_SIZE, ROUND_LIMIT, Rules,
    SET_NUMBERS, SIDE_RULES, TIE_BREAKS, set_numbers, sets_mask,
};

/// The kind of a list of exactly `len` points.
fn points(len: usize) -> ParamKind {
    ParamKind::List {
        item: Box::new(whole(&POINTS)),
        min_len: len,
        max_len: len,
    }
}

/// Returns the values of a points table as a parameter value.
fn point_list(values: &[i32]) -> ParamValue {
    ParamValue::List(
        values
            .iter()
            .map(|&v| ParamValue::Whole(i64::from(v)))
            .collect(),
    )
}

/// A value's whole numbers as a points table.
fn table(v: &ParamValue) -> Vec<i32> {
    let values = v.as_wholes().expect("checked");
    values.into_iter().map(|x| x as i32).collect()
}

/// A value's name.
fn name(v: &ParamValue) -> &str {
    match v {
        ParamValue::Name(n) => n.as_str(),
        _ => unreachable!("checked: a name"),
    }
}

/// A points table of `$len` values, the rules' `$field`.
macro_rules! points {
    ($field:ident, $len:expr, $about:literal) => {
        Param {
            path: stringify!($field),
            about: $about,
            per_players: None,
            kind: |_| points($len),
            get: |r, _| point_list(&r.$field),
            set: |r, _, v| {
                r.$field.copy_from_slice(&table(v));
                Ok(())
            },
        }
    };
}

/// The side up of `$animal`'s power card, `power_side.$name`.
macro_rules! power_side {
    ($animal:expr, $name:literal) => {
        Param {
            path: concat!("power_side.", $name),
            about: concat!("the side up of the ", $name, " power card"),
            per_players: None,
            kind: |_| one_of(&SIDE_RULES.names()),
            get: |r, _| ParamValue::Name(r.power_side($animal).name().into()),
            set: |r, _, v| {
                r.power_side[$animal.index()] = SIDE_RULES.value(name(v)).expect("checked");
                Ok(())
            },
        }
    };
}

impl RuleSet for Rules {
    /// Every row of the page's Parameters table, each in the range of its rules-file key.
    const PARAMS: &'static [Param<Rules>] = &[
        Param {
            path: "sets",
            about: "the card sets (1 to 4, distinct) shuffled together",
            per_players: Some(MIN_PLAYERS..=MAX_PLAYERS),
            kind: |_| ParamKind::List {
                item: Box::new(whole(&SET_NUMBERS)),
                min_len: 1,
                max_len: *SET_NUMBERS.end() as usize,
            },
            get: |r, players| {
                let n = players.expect("sets holds a value per player count");
                ParamValue::List(
                    set_numbers(r.sets(n))
                        .into_iter()
                        .map(|s| ParamValue::Whole(i64::from(s)))
                        .collect(),
                )
            },
            set: |r, players, v| {
                let n = players.expect("sets holds a value per player count");
                let numbers = v.as_wholes().expect("checked");
                r.sets[n - MIN_PLAYERS] = sets_mask(&numbers).map_err(|(_, m)| m)?;
                Ok(())
            },
        },
        whole_param!(
            reserve_per_extra_player,
            RESERVE_PER_EXTRA_PLAYER,
            "Reserve cards per player beyond the first"
        ),
        whole_param!(hand_size, HAND_SIZE, "cards dealt to each hand"),
        whole_param!(
            hand_limit,
            HAND_LIMIT,
            "most cards a hand keeps at the end of a turn"
        ),
        whole_param!(river_size, RIVER_SIZE, "River cards"),
        whole_param!(
            empty_top_placement,
            EMPTY_TOP_PLACEMENT,
            "the placement value with no face-up top card"
        ),
        points!(
            landscape_values,
            LANDSCAPE_LEN,
            "the value of each Landscape position; tokens start at position 2"
        ),
        points!(
            run_points,
            POINTS_LEN,
            "points of an animal's longest run by its length 0 to 6 (the last for 6 or more)"
        ),
        points!(
            diversity_points,
            POINTS_LEN,
            "points by the number of animals with a run of 2 or more, 0 to 6"
        ),
        whole_param!(penalty_points, PENALTY_POINTS, "points per penalty card"),
        power_side!(Animal::Fox, "fox"),
        power_side!(Animal::Moose, "moose"),
        power_side!(Animal::Walrus, "walrus"),
        power_side!(Animal::Orca, "orca"),
        power_side!(Animal::Puffin, "puffin"),
        power_side!(Animal::Bear, "bear"),
        named_param!(
            tie_break,
            TIE_BREAKS,
            "who wins a tie: the earliest seat, or every tied seat"
        ),
        whole_param!(
            round_limit,
            ROUND_LIMIT,
            "rounds after which an unfinished game ends and is scored"
        ),
    ];

    fn name(&self) -> &str {
        &self.name
    }

    fn colours(&self) -> &[String] {
        &self.colours
    }

    /// The whole rules' check ([`Rules::check`]).
    fn settle(&mut self) -> Result<(), String> {
        self.check().map_err(|p| p.message)
    }

    /// # Examples
    /// ```
    /// use arctic::Rules;
    /// use floe_core::RuleSet;
    /// let rules = Rules::from_toml("hand_limit = 9").unwrap();
    /// assert_eq!(Rules::from_toml(&rules.to_toml()).unwrap(), rules);
    /// ```
    fn to_toml(&self) -> String {
        let side = |a: Animal| self.power_side[a.index()].name();
        let file = CanonicalRules {
            name: &self.name,
            sets: self.sets.iter().map(|&m| set_numbers(m)).collect(),
            reserve_per_extra_player: self.reserve_per_extra_player,
            hand_size: self.hand_size,
            hand_limit: self.hand_limit,
            river_size: self.river_size,
            empty_top_placement: self.empty_top_placement,
            landscape_values: self.landscape_values,
            run_points: self.run_points,
            diversity_points: self.diversity_points,
            penalty_points: self.penalty_points,
            tie_break: self.tie_break.name(),
            round_limit: self.round_limit,
            colours: &self.colours,
            power_side: CanonicalSides {
                fox: side(Animal::Fox),
                moose: side(Animal::Moose),
                walrus: side(Animal::Walrus),
                orca: side(Animal::Orca),
                puffin: side(Animal::Puffin),
                bear: side(Animal::Bear),
            },
        };
        toml::to_string(&file).expect("rules serialise to TOML")
    }
}

/// A rules file in canonical form: every key, in the order of the page's Parameters
/// table (the `[power_side]` table last, as TOML needs).
#[derive(Serialize)]
struct CanonicalRules<'a> {
    name: &'a str,
    sets: Vec<Vec<u8>>,
    reserve_per_extra_player: u8,
    hand_size: u8,
    hand_limit: u8,
    river_size: u8,
    empty_top_placement: u8,
    landscape_values: [i32; LANDSCAPE_LEN],
    run_points: [i32; POINTS_LEN],
    diversity_points: [i32; POINTS_LEN],
    penalty_points: i32,
    tie_break: &'a str,
    round_limit: u32,
    colours: &'a [String],
    power_side: CanonicalSides<'a>,
}

#[derive(Serialize)]
struct CanonicalSides<'a> {
    fox: &'a str,
    moose: &'a str,
    walrus: &'a str,
    orca: &'a str,
    puffin: &'a str,
    bear: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Rules {
        Rules::from_toml(text).unwrap()
    }

    #[test]
    fn canonical_rules_load_back_equal() {
        for text in [
            "",
            "name = \"short\"\nround_limit = 40\ntie_break = \"shared\"",
            "sets = [[2, 1], [4, 3, 1], [1, 2, 3, 4]]\nhand_size = 5\nhand_limit = 14\n\
             river_size = 10\nreserve_per_extra_player = 0\nempty_top_placement = 5",
            "landscape_values = [-5, 0, 1, 2, 3, 1000]\nrun_points = [0, 1, 1, 1, 1, 1, 1]\n\
             diversity_points = [-1000, -1000, 0, 0, 0, 0, 1000]\npenalty_points = 0\n\
             [power_side]\nfox = \"A\"\nbear = \"B\"",
        ] {
            floe_conformance::fuzz::check_canonical(text, load);
        }
    }

    #[test]
    fn every_parameter_of_the_page_is_declared() {
        let paths: Vec<String> = Rules::standard()
            .parameters()
            .into_iter()
            .map(|d| d.path)
            .collect();
        assert_eq!(
            paths,
            [
                "sets",
                "reserve_per_extra_player",
                "hand_size",
                "hand_limit",
                "river_size",
                "empty_top_placement",
                "landscape_values",
                "run_points",
                "diversity_points",
                "penalty_points",
                "power_side.fox",
                "power_side.moose",
                "power_side.walrus",
                "power_side.orca",
                "power_side.puffin",
                "power_side.bear",
                "tie_break",
                "round_limit",
            ]
        );
    }

    #[test]
    fn parameters_read_the_standard_rules() {
        let r = Rules::standard();
        let wholes =
            |v: &[i64]| ParamValue::List(v.iter().map(|&x| ParamValue::Whole(x)).collect());
        assert_eq!(r.parameter("sets.2"), Ok(wholes(&[1, 2])));
        assert_eq!(r.parameter("sets.4"), Ok(wholes(&[1, 2, 3, 4])));
        assert_eq!(
            r.parameter("reserve_per_extra_player"),
            Ok(ParamValue::Whole(5))
        );
        assert_eq!(r.parameter("hand_size"), Ok(ParamValue::Whole(3)));
        assert_eq!(r.parameter("hand_limit"), Ok(ParamValue::Whole(7)));
        assert_eq!(r.parameter("river_size"), Ok(ParamValue::Whole(6)));
        assert_eq!(r.parameter("empty_top_placement"), Ok(ParamValue::Whole(1)));
        assert_eq!(
            r.parameter("landscape_values"),
            Ok(wholes(&[0, 1, 3, 6, 10, 15]))
        );
        assert_eq!(
            r.parameter("run_points"),
            Ok(wholes(&[0, 0, 1, 3, 6, 10, 15]))
        );
        assert_eq!(
            r.parameter("diversity_points"),
            Ok(wholes(&[0, 0, 1, 3, 6, 10, 15]))
        );
        assert_eq!(r.parameter("penalty_points"), Ok(ParamValue::Whole(-1)));
        assert_eq!(
            r.parameter("power_side.orca"),
            Ok(ParamValue::Name("random".into()))
        );
        assert_eq!(
            r.parameter("tie_break"),
            Ok(ParamValue::Name("turn-order".into()))
        );
        assert_eq!(r.parameter("round_limit"), Ok(ParamValue::Whole(100)));
    }

    #[test]
    fn every_parameter_sets_like_a_rules_file() {
        let mut r = Rules::standard();
        let set = |r: &mut Rules, path: &str, v: ParamValue| r.set_parameter(path, &v).unwrap();
        let wholes =
            |v: &[i64]| ParamValue::List(v.iter().map(|&x| ParamValue::Whole(x)).collect());
        set(&mut r, "sets.3", wholes(&[4, 2, 1]));
        set(&mut r, "reserve_per_extra_player", ParamValue::Whole(7));
        set(&mut r, "hand_limit", ParamValue::Whole(10));
        set(&mut r, "hand_size", ParamValue::Whole(4));
        set(&mut r, "river_size", ParamValue::Whole(8));
        set(&mut r, "empty_top_placement", ParamValue::Whole(2));
        set(&mut r, "landscape_values", wholes(&[1, 1, 2, 3, 5, 8]));
        set(&mut r, "run_points", wholes(&[0, 0, 2, 4, 6, 8, 10]));
        set(&mut r, "diversity_points", wholes(&[0, 1, 2, 3, 4, 5, 6]));
        set(&mut r, "penalty_points", ParamValue::Whole(-2));
        set(&mut r, "power_side.fox", ParamValue::Name("B".into()));
        set(&mut r, "tie_break", ParamValue::Name("shared".into()));
        set(&mut r, "round_limit", ParamValue::Whole(30));
        let file = load(
            "sets = [[1, 2], [1, 2, 4], [1, 2, 3, 4]]\nreserve_per_extra_player = 7\n\
             hand_size = 4\nhand_limit = 10\nriver_size = 8\nempty_top_placement = 2\n\
             landscape_values = [1, 1, 2, 3, 5, 8]\nrun_points = [0, 0, 2, 4, 6, 8, 10]\n\
             diversity_points = [0, 1, 2, 3, 4, 5, 6]\npenalty_points = -2\n\
             tie_break = \"shared\"\nround_limit = 30\n[power_side]\nfox = \"B\"\n",
        );
        assert_eq!(r, file);
        assert_eq!(
            load(&r.to_toml()),
            r,
            "set values are kept in the canonical form"
        );
    }

    #[test]
    fn parameters_refuse_what_the_loader_refuses() {
        let mut r = Rules::standard();
        let refused = |r: &mut Rules, path: &str, v: ParamValue| {
            r.set_parameter(path, &v).unwrap_err().to_string()
        };
        let wholes =
            |v: &[i64]| ParamValue::List(v.iter().map(|&x| ParamValue::Whole(x)).collect());
        let e = refused(&mut r, "sets.4", wholes(&[1]));
        assert!(
            e.contains("at 4 players the deck (sets 1: 30 cards)"),
            "{e}"
        );
        let e = refused(&mut r, "sets.2", wholes(&[1, 1]));
        assert!(e.contains("set 1 is listed twice"), "{e}");
        let e = refused(&mut r, "sets.2", wholes(&[5]));
        assert!(e.contains("from 1 to 4"), "{e}");
        let e = refused(&mut r, "hand_limit", ParamValue::Whole(2));
        assert!(e.contains("below the starting hand of 3"), "{e}");
        let e = refused(&mut r, "hand_limit", ParamValue::Whole(15));
        assert!(e.contains("from 1 to 14"), "{e}");
        let e = refused(&mut r, "hand_size", ParamValue::Whole(0));
        assert!(e.contains("from 1 to 14"), "{e}");
        let e = refused(&mut r, "river_size", ParamValue::Whole(11));
        assert!(e.contains("from 1 to 10"), "{e}");
        let e = refused(&mut r, "empty_top_placement", ParamValue::Whole(6));
        assert!(e.contains("from 1 to 5"), "{e}");
        let e = refused(&mut r, "landscape_values", wholes(&[0, 1, 3, 6, 10]));
        assert!(e.contains("6 to 6 items"), "{e}");
        let e = refused(&mut r, "power_side.fox", ParamValue::Name("C".into()));
        assert!(e.contains("one of A, B, random"), "{e}");
        let e = refused(&mut r, "tie_break", ParamValue::Name("seat".into()));
        assert!(e.contains("turn-order, shared"), "{e}");
        let e = refused(&mut r, "round_limit", ParamValue::Whole(0));
        assert!(e.contains("from 1 to 1000000"), "{e}");
        let e = refused(&mut r, "reserve_per_extra_player", ParamValue::Whole(40));
        assert!(
            e.contains("at 3 players") && e.contains("Reserve (80)"),
            "{e}"
        );
        let e = refused(&mut r, "penalty_points", ParamValue::Whole(1));
        assert!(e.contains("from -1000 to 0"), "{e}");
        let e = r.parameter("power_side.seal").unwrap_err();
        assert!(e.message.contains("no such parameter"), "{e}");
        assert_eq!(r, Rules::standard(), "refused values change nothing");
    }
}
