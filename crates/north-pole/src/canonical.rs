//! The canonical rules file: [`Rules`] written back through serde, every key, in the order
//! of the page's Parameters table (the tables `deck`, `map` and `masks` last, as TOML
//! needs). It is what fingerprints and run plans record, and it loads back into equal
//! rules.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::board::{Bits, Name, Square, squares};
use crate::deck::{DISCS, DeckRow, Masks};
use crate::map::{Map, SIDE_NAMES};
use crate::rules::{MAX_PLAYERS, MIN_PLAYERS, Rules, TeamAssignment};
use crate::rules_file::{DISC_KINDS, HAZARD_DIRECTIONS, RANDOM, SCOREBOARD_MASKS, TIE_BREAKS};

/// Returns `rules` as a complete rules file.
pub(crate) fn to_toml(rules: &Rules) -> String {
    toml::to_string(&CanonicalRules::of(rules)).expect("rules serialise to TOML")
}

/// A rules file in canonical form.
#[derive(Serialize)]
struct CanonicalRules<'a> {
    name: &'a str,
    sides: Vec<Vec<&'static str>>,
    pawns_on_ship: &'a [u8],
    storm_threshold: &'a [u8],
    hand_size: u8,
    equipment_limit: u8,
    stack_size: u8,
    team_boards: Vec<[&'static str; 2]>,
    team_assignment: Assignment,
    random_start: bool,
    disc: &'static str,
    team_play: bool,
    storm_colour_public: bool,
    storm_hazard_direction: &'static str,
    scoreboard_mask: &'static str,
    round_limit: u32,
    tie_break: &'static str,
    colours: &'a [String],
    deck: Vec<CanonicalRow>,
    map: CanonicalMap<'a>,
    masks: &'a Masks,
}

impl<'a> CanonicalRules<'a> {
    fn of(r: &'a Rules) -> CanonicalRules<'a> {
        CanonicalRules {
            name: &r.name,
            sides: (MIN_PLAYERS..=MAX_PLAYERS)
                .map(|n| {
                    let sides = &r.sides[n - MIN_PLAYERS][..n];
                    sides.iter().map(|&s| SIDE_NAMES[usize::from(s)]).collect()
                })
                .collect(),
            pawns_on_ship: &r.pawns_on_ship,
            storm_threshold: &r.storm_threshold,
            hand_size: r.hand_size,
            equipment_limit: r.equipment_limit,
            stack_size: r.stack_size,
            team_boards: r.team_boards.iter().map(|b| b.map(|d| d.name())).collect(),
            team_assignment: match &r.team_assignment {
                TeamAssignment::Random => Assignment::Random(RANDOM),
                TeamAssignment::Fixed(boards) => {
                    Assignment::Fixed(boards.iter().map(|&b| u16::from(b) + 1).collect())
                }
            },
            random_start: r.random_start,
            disc: DISC_KINDS.name(r.disc),
            team_play: r.team_play,
            storm_colour_public: r.storm_colour_public,
            storm_hazard_direction: HAZARD_DIRECTIONS.name(r.storm_hazard_direction),
            scoreboard_mask: SCOREBOARD_MASKS.name(r.scoreboard_mask),
            round_limit: r.round_limit,
            tie_break: TIE_BREAKS.name(r.tie_break),
            colours: &r.colours,
            deck: r.deck.iter().map(CanonicalRow::of).collect(),
            map: CanonicalMap::of(&r.map),
            masks: &r.masks,
        }
    }
}

/// `team_assignment`: the word for a random assignment, or each seat's 1-based board.
#[derive(Serialize)]
#[serde(untagged)]
enum Assignment {
    Random(&'static str),
    Fixed(Vec<u16>),
}

/// One row of the deck table.
#[derive(Serialize)]
struct CanonicalRow {
    movement: &'static str,
    mode: &'static str,
    points: u8,
    blue: u8,
    red: u8,
    purple: u8,
}

impl CanonicalRow {
    fn of(row: &DeckRow) -> CanonicalRow {
        let [blue, red, purple] = row.counts;
        CanonicalRow {
            movement: row.movement.name(),
            mode: row.mode.name(),
            points: row.points,
            blue,
            red,
            purple,
        }
    }
}

/// The `[map]` table, squares by name.
#[derive(Serialize)]
struct CanonicalMap<'a> {
    name: &'a str,
    #[serde(serialize_with = "base_camps")]
    base_camp: [Bits; 4],
    corners: Vec<String>,
    entries: Vec<String>,
    windows: Vec<String>,
    top_cracks: Vec<String>,
    bottom_cracks: Vec<String>,
}

impl<'a> CanonicalMap<'a> {
    fn of(map: &'a Map) -> CanonicalMap<'a> {
        let cracks = |cracks: &[(Square, Square)]| {
            cracks
                .iter()
                .map(|&(a, b)| format!("{}-{}", Name(a), Name(b)))
                .collect()
        };
        CanonicalMap {
            name: &map.name,
            base_camp: map.base_camps,
            corners: names(squares(map.corners)),
            entries: names(map.entries),
            windows: names(squares(map.windows)),
            top_cracks: cracks(&map.top_cracks),
            bottom_cracks: cracks(&map.bottom_cracks),
        }
    }
}

/// The names of `squares`, in order.
fn names(squares: impl IntoIterator<Item = Square>) -> Vec<String> {
    squares.into_iter().map(|s| Name(s).to_string()).collect()
}

/// `base_camp`: each side's camp squares, keyed by the side's name in board order.
fn base_camps<S: Serializer>(camps: &[Bits; 4], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(camps.len()))?;
    for (side, &camp) in SIDE_NAMES.iter().zip(camps) {
        map.serialize_entry(side, &names(squares(camp)))?;
    }
    map.end()
}

/// `[masks]`: each disc's counts by colour, keyed by the disc's name in the page's order,
/// then the blanks.
impl Serialize for Masks {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(DISCS.len() + 1))?;
        for disc in DISCS {
            map.serialize_entry(disc.name(), &self.counts[disc.index()])?;
        }
        map.serialize_entry("blanks", &self.blanks)?;
        map.end()
    }
}
