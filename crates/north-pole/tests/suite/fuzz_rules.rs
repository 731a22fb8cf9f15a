//! Fuzzes the rules loader, `Rules::from_toml`, with arbitrary bytes, TOML-like text and
//! mutations of `experiments/rules/north-pole.toml` and of the canonical rules file.
//!
//! Asserted for every input: no panic; an error has a message and names its place (a line
//! of the file, or a key of the rules); accepted rules write canonical rules that load
//! back equal, and one game with random bots plays to its end on them. Every case must
//! finish within a second. The `#[ignore]`d `*_long` test runs the same properties with
//! many more cases (`FLOE_FUZZ_CASES` overrides their count).

use floe_conformance::fuzz;
use floe_core::RuleSet;
use north_pole::{NorthPole, Rules, RulesError};

const STANDARD: &str = include_str!("../../../../experiments/rules/north-pole.toml");

/// Loads `text` into a game.
fn load(text: &str) -> Result<NorthPole, RulesError> {
    Rules::from_toml(text).map(NorthPole::new)
}

/// Checks that rules loaded from `text`, if any, write canonical rules that load back to
/// equal rules, derived data included (the loader's own check compares the text).
fn loads_back_equal(text: &str) {
    if let Ok(rules) = Rules::from_toml(text) {
        assert_eq!(
            Rules::from_toml(&rules.to_toml()).as_ref(),
            Ok(&rules),
            "canonical rules load back equal"
        );
    }
}

/// Rules at the edges of what the loader accepts, each of which must play.
const EXTREMES: &[&str] = &[
    // The smallest deck that deals the largest hands; the smallest limit; no stack.
    "hand_size = 6\nequipment_limit = 2\nstack_size = 0\n\
     deck = [{ movement = \"Gallop\", mode = \"B\", points = 255, blue = 8, red = 8, \
     purple = 8 }]",
    // Mostly Pinches, storms at every chance, one pawn each, the largest limit.
    "pawns_on_ship = [1, 1, 1]\nstorm_threshold = [1, 1, 1]\nequipment_limit = 6\n\
     deck = [{ movement = \"Pinch\", mode = \"-\", points = 0, blue = 20, red = 20, \
     purple = 20 },\n\
     { movement = \"March\", mode = \"A\", points = 1, blue = 1, red = 1, purple = 1 }]",
    // Only Slings, and a stack of hazards only (the five green discs lie on the corners and
    // the scoreboard).
    "deck = [{ movement = \"Sling\", mode = \"C\", points = 4, blue = 40, red = 40, \
     purple = 48 }]\n\
     stack_size = 49\nstorm_hazard_direction = \"cw\"\n[masks]\n\
     Husky = { green = 1 }\nSnowshoes = { green = 1 }\nBackpack = { green = 1 }\n\
     Igloo = { green = 1 }\nPickaxe = { green = 1 }\nCompass = { green = 0 }\n\
     Storm = { blue = 20 }\nHole = { blue = 20 }\nBear = { blue = 9 }\nblanks = 0",
    // Eight team boards assigned by hand, four Backpacks, no scoreboard disc, the largest
    // stack it allows.
    "team_boards = [[\"Husky\", \"Snowshoes\"], [\"Husky\", \"Backpack\"], [\"Igloo\", \"Igloo\"], \
     [\"Pickaxe\", \"Compass\"], [\"Husky\", \"Husky\"], [\"Backpack\", \"Backpack\"], \
     [\"Compass\", \"Snowshoes\"], [\"Pickaxe\", \"Husky\"]]\n\
     team_assignment = [8, 6, 2, 3]\nscoreboard_mask = \"off\"\nstack_size = 21\n\
     random_start = false\ndisc = \"two-boot\"\ntie_break = \"turn-order\"\n[masks]\n\
     Husky = { brown = 5 }\nBackpack = { brown = 4, green = 0 }\nIgloo = { brown = 2 }\n\
     Pickaxe = { brown = 2 }\nCompass = { brown = 2 }\nSnowshoes = { brown = 2, green = 10 }",
    // No corners and a map without cracks; every square shared from the start.
    "stack_size = 0\n[map]\ncorners = []\ntop_cracks = []\nbottom_cracks = []",
    // Team play on its shortest rounds.
    "team_play = true\nround_limit = 1\nstorm_colour_public = false",
    // Seats on other sides.
    "sides = [[\"E\", \"W\"], [\"N\", \"E\", \"S\"], [\"W\", \"S\", \"E\", \"N\"]]\n\
     storm_hazard_direction = \"half\"",
];

#[test]
fn rules_at_the_edges_play() {
    for text in EXTREMES {
        let rules = Rules::from_toml(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        for pick in 0..6 {
            let reload = |t: &str| load(t).map_err(|e| e.to_string());
            fuzz::check_accepted(&NorthPole::new(rules.clone()), reload, pick);
        }
    }
}

// Both valid files: the committed one and the canonical one. The keys are the top-level
// keys of a rules file: what an error without a line must name.
floe_conformance::rules_loader_tests! {
    game: "north-pole",
    files: [STANDARD, Rules::standard().to_toml()],
    load: load,
    keys: &[
        "name", "map", "sides", "pawns_on_ship", "storm_threshold", "hand_size",
        "equipment_limit", "stack_size", "deck", "masks", "team_boards", "team_assignment",
        "random_start", "disc", "team_play", "storm_colour_public", "storm_hazard_direction",
        "scoreboard_mask", "round_limit", "tie_break", "colours",
    ],
    also: loads_back_equal,
    long: "long run: cargo test --release -p north-pole --test fuzz_rules -- --ignored",
}
