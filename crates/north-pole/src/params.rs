//! The rule parameters Race to the North Pole declares, and the canonical rules file.
//!
//! The rows of the page's Parameters table that are single values or lists are
//! parameters, so an experiment can sweep them: `sides.N`, `pawns_on_ship.N` and
//! `storm_threshold.N` (one value per player count N), `hand_size`, `equipment_limit`,
//! `stack_size`, `team_boards` (a list of boards, each a list of two equipment names),
//! `team_assignment` (the 1-based board of seats 0 to 3, or the empty list for random),
//! `random_start`, `disc`, `team_play`, `storm_colour_public`, `storm_hazard_direction`,
//! `scoreboard_mask`, `round_limit` and `tie_break`. The tables (`map`, `deck`, `masks`)
//! are not parameters: a rules file changes them.
//!
//! Each value is checked against the range of the same key of a rules file, then the whole
//! rules against [`Rules::check`], so a value is refused exactly when a rules file holding
//! it would be. [`RuleSet::to_toml`] writes the complete rules back as a rules file
//! (`crate::canonical`).

use floe_core::param::{one_of, whole};
use floe_core::{Param, ParamKind, ParamValue, RuleSet, named_param, switch_param, whole_param};

use crate::deck::{Disc, EQUIPMENT};
use crate::figures::MAX_BOARDS;
use crate::map::SIDE_NAMES;
use crate::rules::{MAX_PLAYERS, MIN_PLAYERS, Rules, TeamAssignment};
use crate::rules_file::{
    BOARD_DISCS, BOARD_NUMBER, DISC_KINDS, EQUIPMENT_LIMIT, HAND_SIZE, HAZARD_DIRECTIONS,
    MIN_BOARDS, PAWNS_ON_SHIP, ROUND_LIMIT, SCOREBOARD_MASKS, STACK_SIZE, STORM_THRESHOLD,
    TIE_BREAKS, assignment_of, sides_of,
};

/// Returns the parameter value of a list of names.
fn names_value<'a>(names: impl IntoIterator<Item = &'a str>) -> ParamValue {
    ParamValue::List(
        names
            .into_iter()
            .map(|n| ParamValue::Name(n.into()))
            .collect(),
    )
}

/// A value's names, in order.
fn names_of(v: &ParamValue) -> Vec<&str> {
    match v {
        ParamValue::List(items) => items
            .iter()
            .map(|i| match i {
                ParamValue::Name(n) => n.as_str(),
                _ => unreachable!("checked: names"),
            })
            .collect(),
        _ => unreachable!("checked: a list"),
    }
}

/// A parameter of one whole number per player count, the rules' table `$field`, each in
/// `$range`.
macro_rules! per_count {
    ($field:ident, $range:expr, $about:literal) => {
        Param {
            path: stringify!($field),
            about: $about,
            per_players: Some(MIN_PLAYERS..=MAX_PLAYERS),
            kind: |_| whole(&$range),
            get: |r, n| ParamValue::Whole(i64::from(r.$field[count(n)])),
            set: |r, n, v| {
                r.$field[count(n)] = v.as_whole().expect("checked") as u8;
                Ok(())
            },
        }
    };
}

/// The index of player count `n` in a per-count table.
fn count(n: Option<usize>) -> usize {
    n.expect("a parameter per player count") - MIN_PLAYERS
}

impl RuleSet for Rules {
    /// The rows of the page's Parameters table that are values or lists, each in the
    /// range of its rules-file key.
    const PARAMS: &'static [Param<Rules>] = &[
        Param {
            path: "sides",
            about: "the table side (S, W, N, E) of each seat, one per seat, distinct",
            per_players: Some(MIN_PLAYERS..=MAX_PLAYERS),
            kind: |_| ParamKind::List {
                item: Box::new(one_of(&SIDE_NAMES)),
                min_len: MIN_PLAYERS,
                max_len: MAX_PLAYERS,
            },
            get: |r, n| {
                let sides = &r.sides[count(n)][..count(n) + MIN_PLAYERS];
                names_value(sides.iter().map(|&s| SIDE_NAMES[usize::from(s)]))
            },
            set: |r, n, v| {
                let players = count(n) + MIN_PLAYERS;
                r.sides[count(n)] = sides_of(players, &names_of(v)).map_err(|(_, m)| m)?;
                Ok(())
            },
        },
        per_count!(
            pawns_on_ship,
            PAWNS_ON_SHIP,
            "pawns in play per player; the rest of 4 start on the scoreboard"
        ),
        per_count!(
            storm_threshold,
            STORM_THRESHOLD,
            "storm pile total that triggers a storm"
        ),
        whole_param!(
            hand_size,
            HAND_SIZE,
            "cards per side at setup, after a redraw, and after phase 4"
        ),
        whole_param!(equipment_limit, EQUIPMENT_LIMIT, "discs a player may keep"),
        whole_param!(stack_size, STACK_SIZE, "discs in the ambush stack"),
        Param {
            path: "team_boards",
            about: "each team board's two brown starting discs",
            per_players: None,
            kind: |_| {
                let equipment: Vec<&str> = EQUIPMENT.iter().map(|d| d.name()).collect();
                ParamKind::List {
                    item: Box::new(ParamKind::List {
                        item: Box::new(one_of(&equipment)),
                        min_len: BOARD_DISCS,
                        max_len: BOARD_DISCS,
                    }),
                    min_len: MIN_BOARDS,
                    max_len: MAX_BOARDS,
                }
            },
            get: |r, _| {
                ParamValue::List(
                    r.team_boards
                        .iter()
                        .map(|b| names_value(b.iter().map(|d| d.name())))
                        .collect(),
                )
            },
            set: |r, _, v| {
                let ParamValue::List(boards) = v else {
                    unreachable!("checked: a list")
                };
                r.team_boards = boards
                    .iter()
                    .map(|b| {
                        let discs = names_of(b);
                        std::array::from_fn(|i| Disc::from_name(discs[i]).expect("checked"))
                    })
                    .collect();
                Ok(())
            },
        },
        Param {
            path: "team_assignment",
            about: "the team board (from 1) of seats 0 to 3, distinct; [] deals them at random",
            per_players: None,
            kind: |_| ParamKind::List {
                item: Box::new(whole(&BOARD_NUMBER)),
                min_len: 0,
                max_len: MAX_PLAYERS,
            },
            get: |r, _| match &r.team_assignment {
                TeamAssignment::Random => ParamValue::List(Vec::new()),
                TeamAssignment::Fixed(boards) => ParamValue::List(
                    boards
                        .iter()
                        .map(|&b| ParamValue::Whole(i64::from(b) + 1))
                        .collect(),
                ),
            },
            set: |r, _, v| {
                let numbers = v.as_wholes().expect("checked");
                r.team_assignment = assignment_of(&numbers).map_err(|(_, m)| m)?;
                Ok(())
            },
        },
        switch_param!(
            random_start,
            "whether the top board's rotation and the disc's orientation start at random"
        ),
        named_param!(
            disc,
            DISC_KINDS,
            "the North Pole disc: one entry open, or two opposite ones"
        ),
        switch_param!(
            team_play,
            "2 against 2 (seats 0 + 2 against 1 + 3), 3 pawns each, the two-boot disc"
        ),
        switch_param!(
            storm_colour_public,
            "whether the draw pile's top card shows its storm colour to all"
        ),
        named_param!(
            storm_hazard_direction,
            HAZARD_DIRECTIONS,
            "which way a Storm disc turns the board: by the top card, or fixed"
        ),
        named_param!(
            scoreboard_mask,
            SCOREBOARD_MASKS,
            "whether the first pawn to reach the Pole earns the disc on the scoreboard"
        ),
        whole_param!(
            round_limit,
            ROUND_LIMIT,
            "rounds after which an unfinished game ends and is scored"
        ),
        named_param!(
            tie_break,
            TIE_BREAKS,
            "who wins a tie after Pole count and ship count: every tied seat, or the earliest"
        ),
    ];

    fn name(&self) -> &str {
        &self.name
    }

    fn colours(&self) -> &[String] {
        &self.colours
    }

    /// The whole rules' check ([`Rules::check`]), then what the engine derives from them.
    fn settle(&mut self) -> Result<(), String> {
        self.check().map_err(|p| p.message)?;
        self.derive();
        Ok(())
    }

    /// # Examples
    /// ```
    /// use north_pole::Rules;
    /// use floe_core::RuleSet;
    /// let rules = Rules::from_toml("hand_size = 4").unwrap();
    /// assert_eq!(Rules::from_toml(&rules.to_toml()).unwrap(), rules);
    /// ```
    fn to_toml(&self) -> String {
        crate::canonical::to_toml(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{DiscKind, HazardDirection, TieBreak};

    fn load(text: &str) -> Rules {
        Rules::from_toml(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    fn wholes(v: &[i64]) -> ParamValue {
        ParamValue::List(v.iter().map(|&x| ParamValue::Whole(x)).collect())
    }

    fn names(v: &[&str]) -> ParamValue {
        names_value(v.iter().copied())
    }

    /// A rule set with every key changed from the page's.
    const CHANGED: &str = r#"
name = "changed"
sides = [["W", "E"], ["N", "E", "S"], ["E", "N", "W", "S"]]
pawns_on_ship = [3, 2, 1]
storm_threshold = [1, 20, 255]
hand_size = 6
equipment_limit = 6
stack_size = 12
deck = [
    { movement = "Dash", mode = "B", points = 255, blue = 10, red = 0, purple = 3 },
    { movement = "Sling", mode = "C", points = 0, blue = 1, red = 1, purple = 1 },
    { movement = "Pinch", mode = "-", points = 0, blue = 4, red = 4, purple = 4 },
    { movement = "Swoop", mode = "A", points = 2, blue = 0, red = 0, purple = 0 },
]
team_boards = [
    ["Husky", "Igloo"],
    ["Compass", "Pickaxe"],
    ["Husky", "Husky"],
    ["Backpack", "Snowshoes"],
]
team_assignment = [4, 2, 1, 3]
random_start = false
disc = "two-boot"
team_play = true
storm_colour_public = false
storm_hazard_direction = "ccw"
scoreboard_mask = "off"
round_limit = 1
tie_break = "turn-order"
colours = ["a", "b", "c", "d", "e"]

[map]
name = "tight"
top_cracks = ["d2-d3"]
bottom_cracks = []
windows = ["b2", "g2", "b7", "g7"]

[masks]
Husky = { brown = 4, green = 1, blue = 0 }
Igloo = { green = 0 }
Storm = { blue = 5 }
Bear = { blue = 0 }
blanks = 0
"#;

    #[test]
    fn canonical_rules_load_back_equal() {
        for text in [
            "",
            CHANGED,
            "name = \"odd \\\"name\\\"\\n\"\nteam_assignment = []\n\
             storm_hazard_direction = \"half\"",
            "[map]\nentries = [\"e4\", \"d4\", \"d5\", \"e5\"]\ncorners = []",
        ] {
            floe_conformance::fuzz::check_canonical(text, load);
        }
        let changed = load(CHANGED);
        assert_eq!(changed.map.top_cracks.len(), 1);
        assert_eq!(changed.disc, DiscKind::TwoBoot);
        assert_eq!(changed.storm_hazard_direction, HazardDirection::Fixed(3));
        assert_eq!(changed.tie_break, TieBreak::TurnOrder);
        assert_eq!(changed.team_assignment, TeamAssignment::Fixed([3, 1, 0, 2]));
        assert_eq!(changed.card_count(), 28);
    }

    #[test]
    fn every_parameter_of_the_page_is_declared() {
        let decls = Rules::standard().parameters();
        let paths: Vec<&str> = decls.iter().map(|d| d.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "sides",
                "pawns_on_ship",
                "storm_threshold",
                "hand_size",
                "equipment_limit",
                "stack_size",
                "team_boards",
                "team_assignment",
                "random_start",
                "disc",
                "team_play",
                "storm_colour_public",
                "storm_hazard_direction",
                "scoreboard_mask",
                "round_limit",
                "tie_break",
            ]
        );
        let per_count: Vec<&str> = decls
            .iter()
            .filter(|d| d.per_players == Some(MIN_PLAYERS..=MAX_PLAYERS))
            .map(|d| d.path.as_str())
            .collect();
        assert_eq!(per_count, ["sides", "pawns_on_ship", "storm_threshold"]);
        let r = Rules::standard();
        for d in &decls {
            let counts: Vec<Option<usize>> = match &d.per_players {
                Some(range) => range.clone().map(Some).collect(),
                None => vec![None],
            };
            for n in counts {
                let path = n.map_or(d.path.clone(), |n| format!("{}.{n}", d.path));
                let v = r.parameter(&path).unwrap();
                assert_eq!(d.kind.check(&v), Ok(()), "{} at {n:?}", d.path);
            }
        }
    }

    #[test]
    fn parameters_read_the_standard_rules() {
        let r = Rules::standard();
        let get = |path: &str| r.parameter(path).unwrap();
        assert_eq!(get("sides.2"), names(&["S", "N"]));
        assert_eq!(get("sides.3"), names(&["S", "W", "N"]));
        assert_eq!(get("sides.4"), names(&["S", "W", "N", "E"]));
        assert_eq!(get("pawns_on_ship.2"), ParamValue::Whole(4));
        assert_eq!(get("pawns_on_ship.4"), ParamValue::Whole(2));
        assert_eq!(get("storm_threshold.3"), ParamValue::Whole(10));
        assert_eq!(get("hand_size"), ParamValue::Whole(3));
        assert_eq!(get("equipment_limit"), ParamValue::Whole(3));
        assert_eq!(get("stack_size"), ParamValue::Whole(10));
        let ParamValue::List(boards) = get("team_boards") else {
            panic!("a list")
        };
        assert_eq!(boards.len(), 5);
        assert_eq!(boards[4], names(&["Husky", "Compass"]));
        assert_eq!(get("team_assignment"), wholes(&[]));
        assert_eq!(get("random_start"), ParamValue::Switch(true));
        assert_eq!(get("disc"), ParamValue::Name("one-boot".into()));
        assert_eq!(get("team_play"), ParamValue::Switch(false));
        assert_eq!(get("storm_colour_public"), ParamValue::Switch(true));
        assert_eq!(
            get("storm_hazard_direction"),
            ParamValue::Name("top-card".into())
        );
        assert_eq!(
            get("scoreboard_mask"),
            ParamValue::Name("first-pawn".into())
        );
        assert_eq!(get("round_limit"), ParamValue::Whole(300));
        assert_eq!(get("tie_break"), ParamValue::Name("shared".into()));
    }

    #[test]
    fn every_parameter_sets_like_a_rules_file() {
        let mut r = Rules::standard();
        let set = |r: &mut Rules, path: &str, v: ParamValue| {
            r.set_parameter(path, &v).unwrap_or_else(|e| panic!("{e}"));
        };
        set(&mut r, "sides.2", names(&["W", "E"]));
        set(&mut r, "sides.4", names(&["E", "S", "W", "N"]));
        set(&mut r, "pawns_on_ship.3", ParamValue::Whole(1));
        set(&mut r, "storm_threshold.2", ParamValue::Whole(1));
        set(&mut r, "hand_size", ParamValue::Whole(6));
        set(&mut r, "equipment_limit", ParamValue::Whole(2));
        set(&mut r, "stack_size", ParamValue::Whole(15));
        set(
            &mut r,
            "team_boards",
            ParamValue::List(vec![
                names(&["Husky", "Snowshoes"]),
                names(&["Husky", "Backpack"]),
                names(&["Husky", "Igloo"]),
                names(&["Husky", "Pickaxe"]),
            ]),
        );
        set(&mut r, "team_assignment", wholes(&[2, 1, 4, 3]));
        set(&mut r, "random_start", ParamValue::Switch(false));
        set(&mut r, "disc", ParamValue::Name("two-boot".into()));
        set(&mut r, "team_play", ParamValue::Switch(true));
        set(&mut r, "storm_colour_public", ParamValue::Switch(false));
        set(
            &mut r,
            "storm_hazard_direction",
            ParamValue::Name("cw".into()),
        );
        set(&mut r, "scoreboard_mask", ParamValue::Name("off".into()));
        set(&mut r, "round_limit", ParamValue::Whole(1_000_000));
        set(&mut r, "tie_break", ParamValue::Name("turn-order".into()));
        let file = load(
            "sides = [[\"W\", \"E\"], [\"S\", \"W\", \"N\"], [\"E\", \"S\", \"W\", \"N\"]]\n\
             pawns_on_ship = [4, 1, 2]\nstorm_threshold = [1, 10, 12]\nhand_size = 6\n\
             equipment_limit = 2\nstack_size = 15\n\
             team_boards = [[\"Husky\", \"Snowshoes\"], [\"Husky\", \"Backpack\"], \
             [\"Husky\", \"Igloo\"], [\"Husky\", \"Pickaxe\"]]\n\
             team_assignment = [2, 1, 4, 3]\nrandom_start = false\ndisc = \"two-boot\"\n\
             team_play = true\nstorm_colour_public = false\nstorm_hazard_direction = \"cw\"\n\
             scoreboard_mask = \"off\"\nround_limit = 1000000\ntie_break = \"turn-order\"\n",
        );
        assert_eq!(r, file);
        assert_eq!(
            load(&r.to_toml()),
            r,
            "set values are kept in the canonical form"
        );
        set(&mut r, "team_assignment", wholes(&[]));
        let mut random = file;
        random.team_assignment = TeamAssignment::Random;
        assert_eq!(r, random);
        let empty = load("team_assignment = []");
        assert_eq!(empty.team_assignment, TeamAssignment::Random);
    }

    /// Sets `path` of `r` to the refused value `v`, checks that the rules file `file` (if
    /// given) is refused by the loader with the same message (a kind error, checked before
    /// the rules see the value, has none), and returns the parameter's error.
    fn refused(r: &mut Rules, path: &str, v: ParamValue, file: Option<&str>) -> String {
        let e = r.set_parameter(path, &v).unwrap_err().to_string();
        if let Some(file) = file {
            let loaded = Rules::from_toml(file).unwrap_err();
            assert!(e.ends_with(&loaded.message), "{e} / {loaded}");
        }
        e
    }

    #[test]
    fn parameters_refuse_what_the_loader_refuses() {
        let mut r = Rules::standard();
        let e = refused(
            &mut r,
            "sides.3",
            names(&["S", "W", "S"]),
            Some("sides = [[\"S\", \"N\"], [\"S\", \"W\", \"S\"], [\"S\", \"W\", \"N\", \"E\"]]"),
        );
        assert!(e.contains("side S is listed twice"), "{e}");
        let e = refused(
            &mut r,
            "sides.2",
            names(&["S", "W", "N"]),
            Some(
                "sides = [[\"S\", \"W\", \"N\"], [\"S\", \"W\", \"N\"], \
                 [\"S\", \"W\", \"N\", \"E\"]]",
            ),
        );
        assert!(
            e.contains("needs 2 side names, one per seat, found 3"),
            "{e}"
        );
        let e = refused(&mut r, "sides.2", names(&["S", "X"]), None);
        assert!(e.contains("one of S, W, N, E"), "{e}");
        let e = refused(&mut r, "storm_threshold.3", ParamValue::Whole(0), None);
        assert!(e.contains("from 1 to 255"), "{e}");
        let e = refused(&mut r, "pawns_on_ship.2", ParamValue::Whole(5), None);
        assert!(e.contains("from 1 to 4"), "{e}");
        let e = refused(&mut r, "hand_size", ParamValue::Whole(7), None);
        assert!(e.contains("from 1 to 6"), "{e}");
        let e = refused(&mut r, "equipment_limit", ParamValue::Whole(1), None);
        assert!(e.contains("from 2 to 6"), "{e}");
        let e = refused(
            &mut r,
            "stack_size",
            ParamValue::Whole(16),
            Some("stack_size = 16"),
        );
        assert!(
            e.contains("15 green and blue discs are left for a stack of 16"),
            "{e}"
        );
        assert_eq!(r, Rules::standard(), "refused values change nothing");
    }

    #[test]
    fn team_parameters_and_values_refused_together_are_refused_as_the_loader_does() {
        let mut r = Rules::standard();
        let four = |a: &str| {
            ParamValue::List(vec![
                names(&["Husky", a]),
                names(&["Husky", "Snowshoes"]),
                names(&["Husky", "Igloo"]),
                names(&["Husky", "Pickaxe"]),
            ])
        };
        let e = refused(
            &mut r,
            "team_boards",
            four("Snowshoes"),
            Some(
                "team_boards = [[\"Husky\", \"Snowshoes\"], [\"Husky\", \"Snowshoes\"], \
                 [\"Husky\", \"Igloo\"], [\"Husky\", \"Pickaxe\"]]",
            ),
        );
        assert!(
            e.contains("hold 2 Snowshoes discs, but the Ice Mask table has 1 brown"),
            "{e}"
        );
        let e = refused(&mut r, "team_boards", four("Storm"), None);
        assert!(e.contains("one of Husky, Snowshoes"), "{e}");
        for (boards, message) in [
            (&[1, 2, 3][..], "needs 4 board numbers"),
            (&[1, 2, 3, 1], "board 1 is given twice"),
            (
                &[1, 2, 3, 6],
                "seat 3 gets board 6, but there are 5 team boards",
            ),
        ] {
            let line = format!("team_assignment = {boards:?}");
            let e = refused(&mut r, "team_assignment", wholes(boards), Some(&line));
            assert!(e.contains(message), "{e}");
        }
        let e = refused(&mut r, "disc", ParamValue::Name("three-boot".into()), None);
        assert!(e.contains("one of one-boot, two-boot"), "{e}");
        let e = refused(&mut r, "round_limit", ParamValue::Whole(0), None);
        assert!(e.contains("from 1 to 1000000"), "{e}");
        let e = refused(&mut r, "random_start", ParamValue::Whole(1), None);
        assert!(e.contains("true or false"), "{e}");
        let e = r.parameter("map").unwrap_err();
        assert!(e.message.contains("no such parameter"), "{e}");
        let e = r.parameter("sides").unwrap_err();
        assert!(e.message.contains("sides.2"), "{e}");
        assert_eq!(r, Rules::standard(), "refused values change nothing");
        // A value refused only together with another: the deck is fixed, the hand grows.
        let mut small = load(
            "deck = [{ movement = \"March\", mode = \"A\", points = 1, blue = 8, red = 4, \
             purple = 0 }]",
        );
        let e = refused(
            &mut small,
            "hand_size",
            ParamValue::Whole(4),
            Some(
                "deck = [{ movement = \"March\", mode = \"A\", points = 1, blue = 8, red = 4, \
                 purple = 0 }]\nhand_size = 4",
            ),
        );
        assert!(
            e.contains("the deck of 12 cards is too small for setup"),
            "{e}"
        );
        let mut tight =
            load("stack_size = 9\n[masks]\nHusky = { green = 0 }\nSnowshoes = { green = 0 }");
        let e = refused(&mut tight, "stack_size", ParamValue::Whole(10), None);
        assert!(
            e.contains("9 green and blue discs are left for a stack of 10"),
            "{e}"
        );
    }
}
