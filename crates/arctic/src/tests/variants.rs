//! Fuzzes the rules loader with variants of the standard rules file, each key set to a
//! value drawn from its bounds, just past them or far off: the loader never panics, an
//! error names the file, a line of the file and a key, and every rules it accepts play
//! random games to the end with the page's invariants (every answer legal, no question
//! above 20 answers, cards conserved).

use floe_core::{RuleSet, Stream, stream_rng};
use rand::RngExt;

use crate::engine::Arctic;
use crate::rules::Rules;
use crate::tests::play::random_games;

/// Candidate values per key, as TOML: in bounds (at the bounds too), then refused ones
/// (past the bounds or of a wrong shape).
const KEYS: &[(&str, &[&str], &[&str])] = &[
    (
        "sets",
        &[
            "[[1, 2], [1, 2, 3], [1, 2, 3, 4]]",
            "[[1], [1, 2], [1, 2, 3]]",
            "[[4, 3], [3, 1, 2], [2, 1, 4]]",
            "[[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]]",
        ],
        &[
            "[[2, 2], [1], [1]]",
            "[[1, 2], [1, 2, 3]]",
            "[[0], [5], [1]]",
            "[[4], [3], [2]]",
        ],
    ),
    (
        "reserve_per_extra_player",
        &["0", "1", "5", "12"],
        &["-1", "40", "121"],
    ),
    ("hand_size", &["1", "2", "3", "5", "7"], &["0", "15"]),
    (
        "hand_limit",
        &["7", "8", "10", "14"],
        &["0", "2", "15", "200"],
    ),
    ("river_size", &["1", "2", "6", "10"], &["0", "11"]),
    ("empty_top_placement", &["1", "3", "5"], &["0", "6"]),
    (
        "landscape_values",
        &["[0, 1, 3, 6, 10, 15]", "[-1000, 0, 0, 0, 0, 1000]"],
        &[
            "[0, 1, 3]",
            "[0, 1, 3, 6, 10, 15, 21]",
            "[0, 1, 3, 6, 10, 1001]",
        ],
    ),
    (
        "run_points",
        &["[0, 0, 0, 0, 0, 0, 0]", "[-1000, -10, 0, 1, 2, 3, 1000]"],
        &["[0, 0, 1, 3, 6, 10]", "[0, 0, 1, 3, 6, 10, 9]"],
    ),
    (
        "diversity_points",
        &["[0, 0, 1, 3, 6, 10, 15]", "[5, 5, 5, 5, 5, 5, 5]"],
        &["[0, 1, 2]", "[3, 2, 1, 0, 0, 0, 0]"],
    ),
    ("penalty_points", &["-1", "0", "-1000"], &["1", "-1001"]),
    (
        "tie_break",
        &["\"turn-order\"", "\"shared\""],
        &["\"seat\"", "3"],
    ),
    ("round_limit", &["1", "2", "100"], &["0", "1000001"]),
    (
        "colours",
        &["[\"a\", \"b\", \"c\", \"d\"]"],
        &["[\"a\", \"b\"]"],
    ),
    ("name", &["\"variant\""], &["\"\""]),
];
const SIDES: &[&str] = &["\"A\"", "\"B\"", "\"random\""];
const BAD_SIDES: &[&str] = &["\"C\"", "1"];
const ANIMALS: [&str; 6] = ["fox", "moose", "walrus", "orca", "puffin", "bear"];

/// Writes a rules file leaving out a quarter of the keys and setting the others to
/// random candidates, a refused one once in 40.
fn variant(rng: &mut floe_core::FloeRng) -> String {
    let mut pick = |good: &[&'static str], bad: &[&'static str]| {
        let values = if rng.random_range(0..40) == 0 {
            bad
        } else {
            good
        };
        let value = values[rng.random_range(0..values.len())];
        (rng.random_range(0..4) > 0).then_some(value)
    };
    let mut text = String::from("# a variant\n");
    for (key, good, bad) in KEYS {
        if let Some(v) = pick(good, bad) {
            text += &format!("{key} = {v}\n");
        }
    }
    text += "[power_side]\n";
    for animal in ANIMALS {
        if let Some(v) = pick(SIDES, BAD_SIDES) {
            text += &format!("{animal} = {v}\n");
        }
    }
    text
}

#[test]
fn accepted_variants_play_and_refused_ones_name_their_place() {
    let mut rng = stream_rng(11, Stream::Chance);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..400 {
        let text = variant(&mut rng);
        match Rules::from_toml(&text) {
            Ok(rules) => {
                accepted += 1;
                let again = Rules::from_toml(&rules.to_toml()).unwrap();
                assert_eq!(again, rules, "canonical rules load back equal:\n{text}");
                let game = Arctic::new(rules);
                for players in 2..=4 {
                    random_games(&game, players, 2);
                }
            }
            Err(e) => {
                refused += 1;
                let line = e.line.expect("every value refused comes from the file");
                assert!((1..=text.lines().count()).contains(&line), "{e}\n{text}");
                assert!(!e.key.is_empty() && !e.message.is_empty(), "{e}");
            }
        }
    }
    assert!(
        accepted > 20 && refused > 20,
        "{accepted} accepted, {refused} refused"
    );
}

#[test]
fn the_extreme_accepted_rules_keep_every_question_within_20_answers() {
    let extremes = [
        "hand_size = 14\nhand_limit = 14\nriver_size = 10\nreserve_per_extra_player = 0\n\
         [power_side]\nmoose = \"A\"\npuffin = \"B\"\norca = \"B\"\nbear = \"A\"\n",
        "hand_size = 1\nhand_limit = 14\nriver_size = 10\n\
         [power_side]\nmoose = \"B\"\npuffin = \"B\"\nbear = \"A\"\norca = \"A\"\n",
        "hand_size = 1\nhand_limit = 1\nriver_size = 1\nempty_top_placement = 5\n\
         sets = [[1], [1, 2], [1, 2, 3]]\nreserve_per_extra_player = 0\n",
        "empty_top_placement = 5\n[power_side]\nmoose = \"B\"\nfox = \"A\"\npuffin = \"B\"\n",
    ];
    for text in extremes {
        let game = Arctic::new(Rules::from_toml(text).unwrap());
        for players in 2..=4 {
            random_games(&game, players, 20);
        }
    }
}
