//! The loader's and the checks' tests: each bound of the module documentation.

use super::*;
use crate::deck::{Masks, standard_deck, standard_team_boards};
use floe_core::RuleSet;

/// The committed rules file of the standard rules.
const STANDARD_FILE: &str = include_str!("../../../../experiments/rules/north-pole.toml");

fn error(text: &str) -> RulesError {
    match Rules::from_toml(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

/// Checks that `e` names `line` and `key`, in its fields and its message.
fn names(e: &RulesError, line: usize, key: &str) {
    assert_eq!((e.line, e.key.as_str()), (Some(line), key), "{e}");
    let start = format!("line {line}: {key}: ");
    assert!(e.to_string().starts_with(&start), "{e}");
}

/// Checks that `e` names `line` and `key` and says `message`.
fn says(e: &RulesError, line: usize, key: &str, message: &str) {
    names(e, line, key);
    assert!(e.message.contains(message), "{e}");
}

/// A deck of one row.
fn deck(movement: &str, mode: &str, points: u32, counts: [u32; 3]) -> String {
    let [b, r, p] = counts;
    format!(
        "deck = [{{ movement = \"{movement}\", mode = \"{mode}\", points = {points}, \
         blue = {b}, red = {r}, purple = {p} }}]\n"
    )
}

/// Returns every key of a TOML text, tables flattened (`map.base_camp.S`).
fn keys(text: &str) -> Vec<String> {
    fn walk(prefix: &str, table: &toml::Table, out: &mut Vec<String>) {
        for (k, v) in table {
            let key = format!("{prefix}{k}");
            match v.as_table() {
                Some(t) => walk(&format!("{key}."), t, out),
                None => out.push(key),
            }
        }
    }
    let mut out = Vec::new();
    walk("", &toml::from_str(text).unwrap(), &mut out);
    out.sort();
    out
}

#[test]
fn the_committed_file_is_the_standard_rules_with_every_key() {
    let r = Rules::from_toml(STANDARD_FILE).unwrap();
    assert_eq!(r, Rules::standard());
    let all = keys(STANDARD_FILE);
    assert_eq!(all, keys(&Rules::standard().to_toml()));
    assert_eq!(all.len(), 19 + 10 + 9 * 3 + 1, "{all:?}");
}

#[test]
fn missing_keys_take_the_pages_defaults() {
    assert_eq!(Rules::from_toml("").unwrap(), Rules::standard());
    assert_eq!(
        Rules::from_toml("map = \"classic\"").unwrap(),
        Rules::standard()
    );
    assert_eq!(
        Rules::from_toml("[map]\n[masks]").unwrap(),
        Rules::standard()
    );
    let r = Rules::from_toml("hand_size = 4\n[masks]\nHusky = { green = 4 }\n").unwrap();
    assert_eq!(r.hand_size, 4);
    assert_eq!(r.masks.counts[Disc::Husky.index()].brown, 5);
    assert_eq!(r.masks.counts[Disc::Husky.index()].green, 4);
    assert_eq!(r.masks.counts[Disc::Storm.index()].blue, 2);
    assert_eq!(r.deck, standard_deck());
    assert_eq!(r.name, "standard");
    let r = Rules::from_toml("[map]\nname = \"mine\"\n").unwrap();
    assert_eq!(
        r.map,
        Map {
            name: "mine".into(),
            ..Map::classic()
        }
    );
    let r = Rules::from_toml("[map]\nbottom_cracks = []\n").unwrap();
    assert!(r.map.bottom_cracks.is_empty());
    assert_eq!(r.map.top_cracks, Map::classic().top_cracks);
    let named = <Rules as floe_core::RulesFile>::read("", Some("mine")).unwrap();
    assert_eq!(named.name, "mine");
    let named = <Rules as floe_core::RulesFile>::read("name = \"x\"", Some("mine")).unwrap();
    assert_eq!(named.name, "x");
}

#[test]
fn standard_matches_the_pages_parameters() {
    let r = Rules::standard();
    assert_eq!(r.map, Map::classic());
    let sides: Vec<Vec<&str>> = (2..=4)
        .map(|n| {
            (0..n)
                .map(|s| SIDE_NAMES[usize::from(r.side(n, s))])
                .collect()
        })
        .collect();
    assert_eq!(
        sides,
        [
            vec!["S", "N"],
            vec!["S", "W", "N"],
            vec!["S", "W", "N", "E"]
        ]
    );
    let pawns: Vec<u8> = (2..=4).map(|n| r.pawns_in_play(n)).collect();
    assert_eq!(pawns, [4, 3, 2]);
    let thresholds: Vec<u8> = (2..=4).map(|n| r.threshold(n)).collect();
    assert_eq!(thresholds, [8, 10, 12]);
    assert_eq!((r.hand_size, r.equipment_limit, r.stack_size), (3, 3, 10));
    assert_eq!(r.deck, standard_deck());
    assert_eq!(r.card_count(), 110);
    assert_eq!(r.masks, Masks::standard());
    assert_eq!(r.masks.total(), 32);
    assert_eq!(r.team_boards, standard_team_boards());
    assert_eq!(r.team_boards.len(), 5);
    assert_eq!(r.team_assignment, TeamAssignment::Random);
    assert!(r.random_start);
    assert_eq!(r.disc, DiscKind::OneBoot);
    assert!(!r.team_play);
    assert!(r.storm_colour_public);
    assert_eq!(r.storm_hazard_direction, HazardDirection::TopCard);
    assert!(r.scoreboard_mask);
    assert_eq!(r.round_limit, 300);
    assert_eq!(r.tie_break, TieBreak::Shared);
    assert_eq!(r.colours, ["white", "blue", "orange", "black"]);
    assert_eq!(r.check(), Ok(()));
}

#[test]
fn a_crack_that_does_not_join_orthogonal_neighbours_is_refused() {
    let e = error("name = \"x\"\n[map]\ntop_cracks = [\"d2-d3\", \"a1-c1\"]\n");
    says(
        &e,
        3,
        "map.top_cracks",
        "a1-c1 does not join two orthogonal neighbours",
    );
    let e = error("[map]\n\nbottom_cracks = [\"c2-c3\", \"c3-d4\"]\n");
    says(
        &e,
        3,
        "map.bottom_cracks",
        "c3-d4 does not join two orthogonal neighbours",
    );
    let e = error("[map]\ntop_cracks = [\"d2-d2\"]\n");
    says(&e, 2, "map.top_cracks", "d2-d2 does not join");
    let e = error("[map]\ntop_cracks = [\"d2-d3\", \"d3-d2\"]\n");
    says(&e, 2, "map.top_cracks", "d2-d3 is listed twice");
    let e = error("[map]\ntop_cracks = [\n  \"d2-d3\",\n  \"d2 d3\",\n]\n");
    says(&e, 4, "map.top_cracks[1]", "\"d2 d3\" is not a crack");
    let e = error("[map]\ntop_cracks = [\"d2-d9\"]\n");
    names(&e, 2, "map.top_cracks[0]");
}

#[test]
fn a_square_used_twice_is_refused() {
    let e = error("[map]\ncorners = [\"a1\", \"h1\", \"a1\", \"a8\"]\n");
    says(
        &e,
        2,
        "map.corners[2]",
        "a1 is listed twice (a square is used once)",
    );
    let e = error("[map]\nname = \"m\"\nwindows = [\"c1\", \"b2\"]\n");
    says(&e, 3, "map.windows", "c1 already used elsewhere in the map");
    // The clash is found on the corners, which this file leaves out: the error names
    // them, at the line of the table.
    let e = error("[map]\nbase_camp.S = [\"c1\", \"d1\", \"e1\", \"h1\"]\n");
    says(&e, 1, "map.corners", "h1 already used elsewhere in the map");
    let e = error("[map]\nentries = [\"d4\", \"d5\", \"e5\"]\n");
    says(&e, 2, "map.entries", "needs exactly 4 squares");
    let e = error("[map]\nentries = [\"d4\", \"d5\", \"e5\", \"d5\"]\n");
    says(&e, 2, "map.entries[3]", "d5 is listed twice");
    let e = error("[map]\nwindows = [\"b2\", \"i2\"]\n");
    says(&e, 2, "map.windows[1]", "\"i2\" is not a square");
}

#[test]
fn a_bottom_crack_never_under_a_window_is_refused() {
    let e = error("[map]\nbottom_cracks = [\"c2-c3\", \"d1-d2\"]\n");
    says(
        &e,
        2,
        "map.bottom_cracks",
        "d1-d2 is never under a window, so it would never count",
    );
    // Fewer windows leave a classic bottom crack uncovered.
    let e = error("[map]\nwindows = [\"b2\", \"g2\", \"b7\", \"g7\"]\n\nname = \"w\"");
    names(&e, 1, "map.bottom_cracks");
}

#[test]
fn a_map_that_fails_the_reachability_check_is_refused() {
    let e = error("name = \"x\"\n[map]\ntop_cracks = [\"d2-d3\", \"g1-h1\", \"h1-h2\"]\n");
    says(
        &e,
        3,
        "map.top_cracks",
        "the map fails the reachability check",
    );
    assert!(e.message.contains("h1 cannot be reached"), "{e}");
}

#[test]
fn a_map_that_does_not_turn_onto_itself_is_refused() {
    let e = error("[map]\nbase_camp.S = [\"c1\", \"d1\", \"e1\"]\n");
    says(
        &e,
        2,
        "map.base_camp.S",
        "a quarter turn clockwise must take side S",
    );
    let e = error("[map]\nbase_camp.W = [\"a2\", \"a3\", \"a4\", \"a5\"]\n");
    says(&e, 2, "map.base_camp.S", "onto side W's");
    let e = error("[map]\ncorners = [\"a1\", \"h1\", \"h8\"]\n");
    says(
        &e,
        2,
        "map.corners",
        "a quarter turn must take the corners onto themselves",
    );
    let e = error("[map]\nentries = [\"d4\", \"d5\", \"e5\", \"g4\"]\n");
    names(&e, 2, "map.entries");
    let e = error("map = \"hex\"");
    says(
        &e,
        1,
        "map",
        "unknown map \"hex\": allowed classic, or a [map] table",
    );
    let e = error("[map]\nname = \"\"");
    says(&e, 2, "map.name", "must not be empty");
}

#[test]
fn deck_or_disc_tables_too_small_for_setup_are_refused() {
    let text = format!("hand_size = 3\n{}", deck("March", "A", 1, [5, 5, 1]));
    let e = error(&text);
    says(
        &e,
        2,
        "deck",
        "the deck of 11 cards is too small for setup: dealing 3 cards to each of the 4 \
         sides takes 12",
    );
    assert!(
        Rules::from_toml(&format!(
            "hand_size = 3\n{}",
            deck("March", "A", 1, [6, 5, 1])
        ))
        .is_ok()
    );
    let e = error(&format!(
        "{}\nhand_size = 6\n",
        deck("Dash", "B", 3, [20, 2, 1])
    ));
    says(&e, 1, "deck", "the deck of 23 cards is too small");
    let greens = "[masks]\nHusky = { green = 0 }\nSnowshoes = { green = 0 }\n\
                  Backpack = { green = 0 }\nIgloo = { green = 0 }\nPickaxe = { green = 2 }\n\
                  Compass = { green = 2 }\n";
    let e = error(greens);
    says(
        &e,
        2,
        "masks.Husky.green",
        "the disc tables are too small for setup: 4 green discs cannot cover the 4 \
         corners and the scoreboard (5 are needed)",
    );
    // Without the scoreboard disc the corners are covered, but the stack is not.
    let e = error(&format!("scoreboard_mask = \"off\"\n{greens}"));
    says(
        &e,
        3,
        "masks.Husky.green",
        "after the 4 corners, 5 green and blue discs are left for a stack of 10",
    );
    let e = error("name = \"x\"\nstack_size = 16\n");
    says(
        &e,
        2,
        "stack_size",
        "after the 4 corners and the scoreboard, 15 green and blue discs are left for a \
         stack of 16",
    );
    assert!(Rules::from_toml("stack_size = 15").is_ok());
    assert!(Rules::from_toml("stack_size = 16\nscoreboard_mask = \"off\"").is_ok());
    let e = error(
        "[map]\ncorners = []\n[masks]\nHusky = { green = 0 }\nSnowshoes = { green = 0 }\n\
         Backpack = { green = 0 }\nIgloo = { green = 0 }\nPickaxe = { green = 0 }\n\
         Compass = { green = 0 }\n",
    );
    says(
        &e,
        4,
        "masks.Husky.green",
        "0 green discs cannot cover the 0 corners and the scoreboard (1 are needed)",
    );
}

#[test]
fn a_round_limit_of_zero_is_refused() {
    let e = error("name = \"x\"\nround_limit = 0\n");
    names(&e, 2, "round_limit");
    assert_eq!(e.message, "0 is out of range: allowed 1..=1000000");
    names(&error("round_limit = 1000001"), 1, "round_limit");
    assert_eq!(Rules::from_toml("round_limit = 1").unwrap().round_limit, 1);
}

#[test]
fn a_storm_threshold_of_zero_is_refused() {
    let e = error("name = \"x\"\nstorm_threshold = [8, 0, 12]\n");
    names(&e, 2, "storm_threshold[1] (3 players)");
    assert_eq!(e.message, "0 is out of range: allowed 1..=255");
    names(
        &error("storm_threshold = [8, 10, 256]"),
        1,
        "storm_threshold[2] (4 players)",
    );
    let e = error("storm_threshold = [8, 10]");
    says(
        &e,
        1,
        "storm_threshold",
        "needs 3 values, for 2 to 4 players; found 2",
    );
    let r = Rules::from_toml("storm_threshold = [1, 255, 7]").unwrap();
    assert_eq!(
        (r.threshold(2), r.threshold(3), r.threshold(4)),
        (1, 255, 7)
    );
}

#[test]
fn unknown_keys_bad_types_and_syntax_are_refused() {
    let e = error("hand_size = 3\nhand_sise = 3\n");
    says(&e, 2, "(file)", "hand_sise");
    let e = error("[map]\ncorner = [\"a1\"]\n");
    says(&e, 2, "(file)", "corner");
    let e = error("[map]\nbase_camp.X = [\"a1\"]\n");
    says(&e, 2, "(file)", "X");
    let e = error("[masks]\nWolf = { blue = 1 }\n");
    says(&e, 2, "(file)", "Wolf");
    let e = error("[masks]\nBear = { blue = 1, red = 1 }\n");
    says(&e, 2, "(file)", "red");
    let e = error(&deck("March", "A", 1, [9, 9, 9]).replace(" }", ", green = 1 }"));
    says(&e, 1, "(file)", "green");
    let e = error("deck = [{ movement = \"March\", mode = \"A\", points = 1, blue = 9 }]");
    says(&e, 1, "(file)", "missing field");
    names(&error("hand_size = \"three\"\n"), 1, "hand_size");
    names(
        &error("name = \"a\"\nround_limit = = 3\n"),
        2,
        "round_limit",
    );
    names(&error("\nmap = 3\n"), 2, "map");
    names(&error("team_assignment = 2.5"), 1, "team_assignment");
    names(
        &error("team_assignment = [1, \"2\", 3, 4]"),
        1,
        "team_assignment",
    );
    names(&error("random_start = 1"), 1, "random_start");
    names(&error("sides = [\"S\", \"N\"]"), 1, "sides");
    names(&error("hand_size = 99999999999999999999"), 1, "hand_size");
}

#[test]
fn bad_deck_rows_are_refused() {
    let e = error(&deck("Sling", "A", 4, [40, 0, 0]));
    says(&e, 1, "deck[0].mode", "a Sling has mode C, not A");
    let e = error(&deck("March", "C", 1, [40, 0, 0]));
    says(&e, 1, "deck[0].mode", "a March has mode A or B, not C");
    let e = error(&deck("Dash", "-", 1, [40, 0, 0]));
    says(&e, 1, "deck[0].mode", "a Dash has mode A or B, not -");
    let e = error(&deck("Pinch", "A", 0, [40, 0, 0]));
    says(&e, 1, "deck[0].mode", "a Pinch has mode -, not A");
    let e = error(&deck("Pinch", "-", 1, [40, 0, 0]));
    says(
        &e,
        1,
        "deck[0].points",
        "a Pinch has no points (it plays another card), not 1",
    );
    let e = error(&deck("Hop", "A", 1, [40, 0, 0]));
    says(
        &e,
        1,
        "deck[0].movement",
        "unknown value \"Hop\": allowed March, Swoop, Gallop, Dash, Sling, Pinch",
    );
    let e = error(&deck("March", "D", 1, [40, 0, 0]));
    says(&e, 1, "deck[0].mode", "allowed A, B, C, -");
    let e = error(&deck("March", "A", 256, [40, 0, 0]));
    says(
        &e,
        1,
        "deck[0].points",
        "256 is out of range: allowed 0..=255",
    );
    let e = error(&deck("March", "A", 1, [40, 0, 129]));
    says(
        &e,
        1,
        "deck[0].purple",
        "129 is out of range: allowed 0..=128",
    );
    let e = error(&deck("March", "A", 1, [100, 29, 0]));
    says(&e, 1, "deck", "holds 129 cards; a deck holds 1 to 128");
    let e = error("deck = []");
    says(&e, 1, "deck", "holds 0 cards");
    let two = "deck = [\n    { movement = \"March\", mode = \"A\", points = 1, blue = 9, red = \
               9, purple = 4 },\n    { movement = \"Sling\", mode = \"B\", points = 4, \
               blue = 4, red = 4, purple = 2 },\n]\n";
    says(&error(two), 3, "deck[1].mode", "a Sling has mode C, not B");
    let tables = "[[deck]]\nmovement = \"Gallop\"\nmode = \"A\"\npoints = 2\nblue = 20\nred = \
                  0\npurple = 0\n\n[[deck]]\nmovement = \"Sling\"\nmode = \"C\"\npoints = \
                  -1\nblue = 1\nred = 1\npurple = 1\n";
    says(&error(tables), 12, "deck[1].points", "-1 is out of range");
    let r = Rules::from_toml(&tables.replace("-1", "4")).unwrap();
    assert_eq!(r.card_count(), 23);
    let r = Rules::from_toml(&deck("Pinch", "–", 0, [6, 6, 0])).unwrap();
    assert_eq!(r.deck[0].mode, Mode::None);
}

#[test]
fn bad_ice_mask_tables_are_refused() {
    let e = error("[masks]\nStorm = { brown = 1 }\n");
    says(
        &e,
        2,
        "masks.Storm.brown",
        "1 brown Storm discs: hazards are blue discs only",
    );
    let e = error("[masks]\nBear = { green = 2, blue = 0 }\n");
    says(&e, 2, "masks.Bear.green", "hazards are blue discs only");
    let e = error("[masks]\nHusky = { blue = 1 }\n");
    says(
        &e,
        2,
        "masks.Husky.blue",
        "equipment is brown or green, never blue",
    );
    let e = error("[masks]\nBackpack = { green = 4 }\n");
    says(
        &e,
        2,
        "masks.Backpack.green",
        "5 Backpacks (brown and green); at most 4",
    );
    let e = error("[masks]\nHole = { blue = 40 }\n");
    says(&e, 1, "masks", "holds 70 discs with the blanks; at most 64");
    let e = error("[masks]\nblanks = 35\n");
    says(&e, 1, "masks", "holds 65");
    assert!(Rules::from_toml("[masks]\nblanks = 34\n").is_ok());
    let e = error("[masks]\nblanks = 65\n");
    says(&e, 2, "masks.blanks", "65 is out of range: allowed 0..=64");
    let e = error("[masks]\nCompass = { green = -1 }\n");
    says(&e, 2, "masks.Compass.green", "-1 is out of range");
    let r = Rules::from_toml("[masks]\nHole = { blue = 0 }\nBear = { blue = 9 }\n").unwrap();
    assert_eq!(r.masks.blue(), 11);
}

#[test]
fn bad_team_boards_are_refused() {
    let boards = |list: &str| format!("team_boards = [{list}]\n");
    let four = "[\"Husky\", \"Snowshoes\"], [\"Husky\", \"Backpack\"], [\"Husky\", \"Igloo\"]";
    let e = error(&boards(four));
    says(&e, 1, "team_boards", "has 3 boards; 4 to 8");
    let r = Rules::from_toml(&boards(&format!("{four}, [\"Husky\", \"Compass\"]"))).unwrap();
    assert_eq!(r.team_boards.len(), 4);
    let nine = ["[\"Igloo\", \"Pickaxe\"]"; 9].join(", ");
    let e = error(&format!(
        "{}[masks]\nIgloo = {{ brown = 9 }}\nPickaxe = {{ brown = 9 }}",
        boards(&nine)
    ));
    says(&e, 1, "team_boards", "has 9 boards");
    let e = error(&boards(&format!("{four}, [\"Husky\", \"Bear\"]")));
    says(
        &e,
        1,
        "team_boards[3][1]",
        "Bear is a hazard: a team board holds equipment",
    );
    let e = error(&boards(&format!("{four}, [\"Husky\", \"Sled\"]")));
    says(&e, 1, "team_boards[3][1]", "unknown value \"Sled\"");
    let e = error(&boards(&format!("{four}, [\"Husky\"]")));
    says(
        &e,
        1,
        "team_boards[3]",
        "a team board holds 2 discs, found 1",
    );
    let e = error(&boards(&format!("{four}, [\"Husky\", \"Igloo\"]")));
    says(
        &e,
        1,
        "team_boards",
        "the 4 team boards hold 2 Igloo discs, but the Ice Mask table has 1 brown ones",
    );
    let e = error("[masks]\nHusky = { brown = 4 }\n");
    says(
        &e,
        2,
        "masks.Husky.brown",
        "the 5 team boards hold 5 Husky discs",
    );
    let six = format!(
        "{four}, [\"Husky\", \"Pickaxe\"], [\"Husky\", \"Compass\"], [\"Husky\", \"Compass\"]"
    );
    let ok = format!(
        "{}[masks]\nHusky = {{ brown = 6 }}\nCompass = {{ brown = 2 }}\n",
        boards(&six)
    );
    assert_eq!(Rules::from_toml(&ok).unwrap().team_boards.len(), 6);
}

#[test]
fn bad_team_assignments_are_refused() {
    let e = error("team_assignment = \"fixed\"");
    says(
        &e,
        1,
        "team_assignment",
        "unknown value \"fixed\": allowed \"random\" or a list of 4 board numbers",
    );
    let e = error("team_assignment = [1, 2, 3]");
    says(
        &e,
        1,
        "team_assignment",
        "needs 4 board numbers, one per seat 0 to 3",
    );
    let e = error("team_assignment = [\n1,\n0,\n2, 3]");
    says(
        &e,
        3,
        "team_assignment[1]",
        "0 is out of range: allowed 1..=8",
    );
    let e = error("team_assignment = [1, 2, 3, 3]");
    says(
        &e,
        1,
        "team_assignment[3]",
        "board 3 is given twice (one board per seat)",
    );
    let e = error("team_assignment = [1, 2, 3, 6]");
    says(
        &e,
        1,
        "team_assignment[3]",
        "seat 3 gets board 6, but there are 5 team boards",
    );
    let r = Rules::from_toml("team_assignment = [5, 1, 2, 3]").unwrap();
    assert_eq!(r.team_assignment, TeamAssignment::Fixed([4, 0, 1, 2]));
    let r = Rules::from_toml("team_assignment = \"random\"").unwrap();
    assert_eq!(r.team_assignment, TeamAssignment::Random);
}

#[test]
fn bad_sides_and_pawns_are_refused() {
    let e = error("sides = [[\"S\", \"N\"], [\"S\", \"W\", \"N\"]]");
    says(
        &e,
        1,
        "sides",
        "needs 3 lists of side names, for 2 to 4 players; found 2",
    );
    let e =
        error("sides = [\n[\"S\", \"N\"],\n[\"S\", \"W\", \"S\"],\n[\"S\", \"W\", \"N\", \"E\"]]");
    says(
        &e,
        3,
        "sides[1][2] (3 players)",
        "side S is listed twice (one seat per side)",
    );
    let e = error(
        "sides = [[\"S\", \"N\", \"E\"], [\"S\", \"W\", \"N\"], [\"S\", \"W\", \"N\", \"E\"]]",
    );
    says(
        &e,
        1,
        "sides[0] (2 players)",
        "needs 2 side names, one per seat, found 3",
    );
    let e = error("sides = [[\"S\", \"X\"], [\"S\", \"W\", \"N\"], [\"S\", \"W\", \"N\", \"E\"]]");
    says(
        &e,
        1,
        "sides[0][1] (2 players)",
        "unknown side \"X\": allowed S, W, N, E",
    );
    let r = Rules::from_toml(
        "sides = [[\"W\", \"E\"], [\"E\", \"N\", \"W\"], [\"N\", \"E\", \"S\", \"W\"]]",
    )
    .unwrap();
    assert_eq!(r.sides, [[1, 3, 0, 0], [3, 2, 1, 0], [2, 3, 0, 1]]);
    let e = error("pawns_on_ship = [4, 3, 5]");
    says(
        &e,
        1,
        "pawns_on_ship[2] (4 players)",
        "5 is out of range: allowed 1..=4",
    );
    names(
        &error("pawns_on_ship = [0, 3, 2]"),
        1,
        "pawns_on_ship[0] (2 players)",
    );
    names(&error("pawns_on_ship = [4, 3, 2, 1]"), 1, "pawns_on_ship");
}

#[test]
fn values_beyond_the_engines_capacity_are_refused() {
    let e = error("hand_size = 7");
    says(&e, 1, "hand_size", "7 is out of range: allowed 1..=6");
    names(&error("hand_size = 0"), 1, "hand_size");
    let e = error("equipment_limit = 1");
    says(&e, 1, "equipment_limit", "1 is out of range: allowed 2..=6");
    names(&error("equipment_limit = 7"), 1, "equipment_limit");
    let e = error("stack_size = 65");
    says(&e, 1, "stack_size", "65 is out of range: allowed 0..=64");
    names(&error("stack_size = -1"), 1, "stack_size");
    assert_eq!(Rules::from_toml("stack_size = 0").unwrap().stack_size, 0);
}

#[test]
fn bad_names_switches_and_colours_are_refused() {
    let e = error("disc = \"three-boot\"");
    says(
        &e,
        1,
        "disc",
        "unknown value \"three-boot\": allowed one-boot, two-boot",
    );
    let e = error("storm_hazard_direction = \"left\"");
    says(
        &e,
        1,
        "storm_hazard_direction",
        "allowed top-card, cw, ccw, half",
    );
    let e = error("scoreboard_mask = \"on\"");
    says(&e, 1, "scoreboard_mask", "allowed first-pawn, off");
    let e = error("tie_break = \"seat\"");
    says(
        &e,
        1,
        "tie_break",
        "unknown value \"seat\": allowed shared, turn-order",
    );
    says(&error("name = \" \""), 1, "name", "must not be empty");
    let e = error("colours = [\"red\", \"blue\", \"green\"]");
    says(&e, 1, "colours", "found 3");
    let e = error("colours = [\"red\", \"blue\",\n\"red\", \"pink\"]");
    names(&e, 2, "colours[2]");
    let r = Rules::from_toml(
        "disc = \"two-boot\"\nstorm_hazard_direction = \"half\"\nscoreboard_mask = \"off\"\n\
         tie_break = \"turn-order\"\nrandom_start = false\nteam_play = true\n\
         storm_colour_public = false\n",
    )
    .unwrap();
    assert_eq!(r.disc, DiscKind::TwoBoot);
    assert_eq!(r.storm_hazard_direction, HazardDirection::Fixed(2));
    assert!(!r.scoreboard_mask && !r.random_start && r.team_play && !r.storm_colour_public);
    assert_eq!(r.tie_break, TieBreak::TurnOrder);
}

#[test]
fn a_problem_with_a_default_value_names_the_key_without_a_line() {
    let mut r = Rules::standard();
    r.storm_hazard_direction = HazardDirection::Fixed(0);
    let p = r.check().unwrap_err();
    assert_eq!(p.keys, ["storm_hazard_direction"]);
    let e = Reader::new("").blame(&p);
    assert_eq!(e.line, None);
    assert!(
        e.to_string()
            .starts_with("storm_hazard_direction: a Storm disc turns"),
        "{e}"
    );
    assert!(
        e.message
            .ends_with("because the file does not set `storm_hazard_direction`)"),
        "{e}"
    );
}
