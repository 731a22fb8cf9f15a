//! The rules file loader: a TOML file read into [`Rules`], every problem named by line and
//! key.
//!
//! [`Rules::from_toml`] checks a file completely before any game starts. A file may set
//! only the keys it changes: every key it leaves out takes the page's default (the value
//! of [`Rules::standard`]), down to single entries of the tables (`masks.Husky.green`,
//! `map.corners`). The committed file `experiments/rules/north-pole.toml` holds the
//! standard rules with every key. The declared parameters (`params.rs`) refuse exactly
//! what the loader refuses: both read the ranges and names below and run
//! [`Rules::check`].
//!
//! # Shapes
//! - Per player count (`sides`, `pawns_on_ship`, `storm_threshold`): a list of three
//!   entries, for 2, 3 and 4 players, as Arctic writes its `sets`:
//!   `pawns_on_ship = [4, 3, 2]`, `sides = [["S", "N"], ["S", "W", "N"], ["S", "W", "N",
//!   "E"]]`. An error names the entry and its count: `storm_threshold[1] (3 players)`.
//! - `map`: the name of a built-in map (`map = "classic"`, the only one), or a `[map]`
//!   table of the page's data block (`name`, `base_camp.S` .. `base_camp.E`, `corners`,
//!   `entries`, `windows`, `top_cracks`, `bottom_cracks`); a key the table leaves out
//!   keeps its `classic` value, the name included. Squares are named `a1`..`h8`, cracks
//!   `"d2-d3"`.
//! - `deck`: a list of rows `{ movement = "March", mode = "A", points = 1, blue = 9, red
//!   = 9, purple = 4 }` (or `[[deck]]` tables), every key of a row required; `mode = "-"`
//!   for a Pinch. A file that sets `deck` gives the whole table.
//! - `masks`: a table of the disc types (`Husky`, `Snowshoes`, `Backpack`, `Igloo`,
//!   `Pickaxe`, `Compass`, `Storm`, `Hole`, `Bear`), each `{ brown = 5, green = 3, blue =
//!   0 }`, and `blanks`; each count it leaves out keeps the page's value.
//! - `team_boards`: a list of boards, each a list of two equipment names; `team_assignment`:
//!   `"random"` (an empty list means the same), or the boards of seats 0 to 3 as four
//!   distinct board numbers counted from 1 (`[1, 2, 3, 4]` gives seat 0 board T1).
//! - Switches (`random_start`, `team_play`, `storm_colour_public`) are `true` or `false`;
//!   `disc`, `storm_hazard_direction`, `scoreboard_mask` and `tie_break` are names.
//!
//! # Bounds
//! Each bound keeps an assumption of the engine or of the page:
//! - `name`: not empty; `colours`: 4 (one per seat of the largest table) to
//!   [`floe_core::MAX_COLOURS`], non-empty and distinct.
//! - `map`: square names on the board, no square twice in one list, exactly four
//!   `entries`, and then [`Map::check`]: cracks join orthogonal neighbours and appear once,
//!   no square has two roles, base camps (1 to 4 per side), corners (at most
//!   [`MAX_CORNERS`](crate::map::MAX_CORNERS), the state's corner places) and the weak
//!   ice map onto themselves under a quarter turn, every bottom crack lies under a window
//!   at some rotation, and every square and the Pole can be reached from every base camp
//!   at every rotation.
//! - `sides`: per player count N, N distinct sides (one seat per side).
//! - `pawns_on_ship`: 1 to 4 (a colour has 4 pawns; with none in play a player could never
//!   move). `storm_threshold`: 1 to 255 (0 would turn the board every turn; the engine
//!   keeps it in a byte).
//! - `hand_size`: 1 to [`MAX_HAND`] = 6, a side's group in the state holds at most that.
//! - `equipment_limit`: 2 (a team board gives two discs, held from the start) to
//!   [`MAX_EQUIPMENT_LIMIT`] = 6; question D5 then lists at most 6 discards, 3 compass
//!   settings and 4 igloo squares.
//! - `stack_size`: 0 (every square shared from the start) to [`MAX_DISCS`]; the discs left
//!   after the corners and the scoreboard must fill it (below).
//! - `deck`: each row's movement and mode agree (March, Swoop, Gallop and Dash with mode A
//!   or B; Sling with C; Pinch with `-` and no points), points 0 to 255 (the storm pile's
//!   total is kept in 16 bits: 128 cards of 255 points fit), 1 to [`MAX_CARDS`] = 128
//!   cards in all (card ids fit a 128-bit set), and at least `4 * hand_size`: setup deals
//!   `hand_size` cards to each of the four sides before the draw pile exists.
//! - `masks`: hazards (Storm, Hole, Bear) are blue only and equipment never blue; at most
//!   [`MAX_DISCS`] = 64 discs with the blanks (the stack and the removed discs are fixed
//!   arrays); at most [`MAX_PACKS`] = 4 Backpacks, brown and green (the state keeps the
//!   card of every full Backpack one player holds); at least one green disc per corner,
//!   and one more for the scoreboard with `scoreboard_mask = "first-pawn"`; and the green
//!   and blue discs left after those fill the stack.
//! - `team_boards`: 4 (random assignment deals one to each of up to 4 seats, without
//!   replacement) to [`MAX_BOARDS`] = 8 boards (one holder figure each), each two equipment
//!   discs, and the brown discs cover every board at once: for each type, the boards
//!   together hold at most its brown count.
//! - `team_assignment`: four distinct board numbers, each naming a board of `team_boards`.
//! - `round_limit`: 1 to 1 000 000 (0 would end the game before its first round).

use std::fmt;
use std::ops::{Deref, DerefMut, RangeInclusive};

pub use floe_core::RulesError;
use floe_core::out_of_range;
pub(crate) use floe_core::rules_file::Problem;
use floe_core::rules_file::{self, Reader, Spanned, SpannedInts, SpannedNames};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, de::value::MapAccessDeserializer};

use crate::board::{Bits, Name, Square, bit, parse_square};
use crate::deck::{DISCS, DeckRow, Disc, MAX_CARDS, MOVEMENTS, Mode, Movement};
use crate::figures::MAX_BOARDS;
use crate::map::{Map, SIDE_NAMES};
use crate::rules::{
    DiscKind, HazardDirection, MAX_PLAYERS, MIN_PLAYERS, Rules, TeamAssignment, TieBreak,
};
use crate::state::{MAX_DISCS, MAX_HAND, MAX_PACKS, PAWNS};

/// Largest `equipment_limit` a rules file may set.
pub(crate) const MAX_EQUIPMENT_LIMIT: usize = 6;
/// Largest round limit a rules file may set.
pub(crate) const MAX_ROUND_LIMIT: u32 = 1_000_000;
/// Fewest team boards: random assignment deals one to each seat of the largest table.
pub(crate) const MIN_BOARDS: usize = MAX_PLAYERS;
/// Discs on one team board.
pub(crate) const BOARD_DISCS: usize = 2;

/// Allowed values of each `pawns_on_ship` entry.
pub(crate) const PAWNS_ON_SHIP: RangeInclusive<i64> = 1..=PAWNS as i64;
/// Allowed values of each `storm_threshold` entry.
pub(crate) const STORM_THRESHOLD: RangeInclusive<i64> = 1..=u8::MAX as i64;
/// Allowed values of `hand_size` (the deck bounds it further).
pub(crate) const HAND_SIZE: RangeInclusive<i64> = 1..=MAX_HAND as i64;
/// Allowed values of `equipment_limit`.
pub(crate) const EQUIPMENT_LIMIT: RangeInclusive<i64> =
    BOARD_DISCS as i64..=MAX_EQUIPMENT_LIMIT as i64;
/// Allowed values of `stack_size` (the Ice Mask table bounds it further).
pub(crate) const STACK_SIZE: RangeInclusive<i64> = 0..=MAX_DISCS as i64;
/// Allowed values of `round_limit`.
pub(crate) const ROUND_LIMIT: RangeInclusive<i64> = 1..=MAX_ROUND_LIMIT as i64;
/// Allowed storm points of a deck row.
pub(crate) const POINTS: RangeInclusive<i64> = 0..=u8::MAX as i64;
/// Allowed cards of one colour in a deck row (the total bounds them further).
pub(crate) const CARD_COUNT: RangeInclusive<i64> = 0..=MAX_CARDS as i64;
/// Allowed discs of one colour and type, and blanks (the total bounds them further).
pub(crate) const DISC_COUNT: RangeInclusive<i64> = 0..=MAX_DISCS as i64;
/// Allowed board numbers in `team_assignment` (1-based; `team_boards` bounds them
/// further).
pub(crate) const BOARD_NUMBER: RangeInclusive<i64> = 1..=MAX_BOARDS as i64;

/// The built-in maps, by the name `map = "..."` gives.
pub(crate) const MAP_NAMES: [&str; 1] = ["classic"];
/// The North Pole discs, as a rules file names them.
pub(crate) const DISC_KINDS: [(&str, DiscKind); 2] = [
    ("one-boot", DiscKind::OneBoot),
    ("two-boot", DiscKind::TwoBoot),
];
/// The directions a Storm disc turns the board, as a rules file names them.
pub(crate) const HAZARD_DIRECTIONS: [(&str, HazardDirection); 4] = [
    ("top-card", HazardDirection::TopCard),
    ("cw", HazardDirection::Fixed(1)),
    ("ccw", HazardDirection::Fixed(3)),
    ("half", HazardDirection::Fixed(2)),
];
/// The scoreboard mask settings, as a rules file names them.
pub(crate) const SCOREBOARD_MASKS: [(&str, bool); 2] = [("first-pawn", true), ("off", false)];
/// The tie-breaks, as a rules file names them.
pub(crate) const TIE_BREAKS: [(&str, TieBreak); 2] = [
    ("shared", TieBreak::Shared),
    ("turn-order", TieBreak::TurnOrder),
];
/// How `team_assignment` names random assignment.
pub(crate) const RANDOM: &str = "random";

/// Returns the names of a table of named values.
pub(crate) fn names_of<T>(table: &[(&'static str, T)]) -> Vec<&'static str> {
    table.iter().map(|(n, _)| *n).collect()
}

/// Returns the value named `name` in `table`.
pub(crate) fn by_name<T: Copy>(table: &[(&str, T)], name: &str) -> Option<T> {
    table.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

/// Returns the name of `value` in `table`.
///
/// # Panics
/// If `value` has no name: the loader and the parameters only ever store named values.
pub(crate) fn name_in<T: PartialEq>(table: &[(&'static str, T)], value: &T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| v == value)
        .map(|(n, _)| *n)
        .expect("the loader and the parameters store only named values")
}

/// Returns the key of the per-player-count entry of `key` for `players`, or of its item
/// `item`: `storm_threshold[1] (3 players)`, `sides[2][0] (4 players)`.
pub(crate) fn count_key(key: &str, players: usize, item: Option<usize>) -> String {
    rules_file::count_key(key, MIN_PLAYERS, players, item)
}

/// Returns the sides (0 S .. 3 E) of the seats at a table of `players` from their names,
/// or the index of the first bad name and why it is bad.
pub(crate) fn sides_of(
    players: usize,
    names: &[&str],
) -> Result<[u8; MAX_PLAYERS], (Option<usize>, String)> {
    if names.len() != players {
        return Err((
            None,
            format!(
                "needs {players} side names, one per seat, found {}",
                names.len()
            ),
        ));
    }
    let mut sides = [0; MAX_PLAYERS];
    for (i, name) in names.iter().enumerate() {
        let Some(side) = SIDE_NAMES.iter().position(|s| s == name) else {
            return Err((
                Some(i),
                format!("unknown side {name:?}: allowed {}", SIDE_NAMES.join(", ")),
            ));
        };
        if sides[..i].contains(&(side as u8)) {
            return Err((
                Some(i),
                format!("side {name} is listed twice (one seat per side)"),
            ));
        }
        sides[i] = side as u8;
    }
    Ok(sides)
}

/// Returns team board assignment from 1-based board numbers: none for random, else one per
/// seat; or the index of the first bad number and why it is bad. (Whether each board
/// exists is [`Rules::check`]'s business.)
pub(crate) fn assignment_of(numbers: &[i64]) -> Result<TeamAssignment, (Option<usize>, String)> {
    if numbers.is_empty() {
        return Ok(TeamAssignment::Random);
    }
    if numbers.len() != MAX_PLAYERS {
        return Err((
            None,
            format!(
                "needs {MAX_PLAYERS} board numbers, one per seat 0 to {} (or \"{RANDOM}\"), \
                 found {}",
                MAX_PLAYERS - 1,
                numbers.len()
            ),
        ));
    }
    let mut boards = [0; MAX_PLAYERS];
    for (i, &n) in numbers.iter().enumerate() {
        if !BOARD_NUMBER.contains(&n) {
            return Err((Some(i), out_of_range(n, &BOARD_NUMBER)));
        }
        boards[i] = (n - 1) as u8;
    }
    Ok(TeamAssignment::Fixed(boards))
}

impl Rules {
    /// Parses and checks the rules file `text`; every key it leaves out takes the page's
    /// default, and a file without a `name` is named `standard`.
    ///
    /// # Errors
    /// Returns the first problem found, naming the line and the key: a TOML syntax error,
    /// an unknown key, a value of the wrong type, or a value out of the bounds listed in
    /// the module documentation.
    ///
    /// # Examples
    /// ```
    /// let rules = north_pole::Rules::from_toml("hand_size = 4\nround_limit = 40").unwrap();
    /// assert_eq!((rules.hand_size, rules.round_limit), (4, 40));
    /// let err = north_pole::Rules::from_toml("name = \"x\"\nround_limit = 0").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: round_limit: 0 is out of range: allowed 1..=1000000");
    /// ```
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        Rules::from_toml_named(text, None)
    }

    /// Parses and checks a rules file as [`Rules::from_toml`] does, except that a file
    /// without a `name` key names its rules `default_name` (when given) instead of
    /// `standard`, so a user's variant is not labelled as the standard rules.
    ///
    /// # Errors
    /// As [`Rules::from_toml`].
    pub fn from_toml_named(text: &str, default_name: Option<&str>) -> Result<Rules, RulesError> {
        let parsed: RulesFile = rules_file::parse(text)?;
        let mut loader = Loader(Reader::new(text));
        let mut rules = Rules::standard();
        if let Some(name) = default_name {
            rules.name = name.to_string();
        }
        loader.read(parsed, &mut rules)?;
        rules.check().map_err(|p| loader.blame(&p))?;
        rules.derive();
        Ok(rules)
    }

    /// Checks what no single value shows: the map ([`Map::check`]), the seats' sides, the
    /// deck rows and the deal, the Ice Mask table and the setup of the discs, the team
    /// boards and their assignment (see the module documentation's *Bounds*). The loader
    /// runs it on every file and the parameters on every value they set.
    ///
    /// # Errors
    /// Names the keys involved and says what is wrong.
    pub(crate) fn check(&self) -> Result<(), Problem> {
        self.map.check().map_err(|p| {
            // `map.base_camp.S` is named at its own line, else at that of `map.base_camp`,
            // else at that of `map`.
            let mut keys = vec![format!("map.{}", p.key)];
            if let Some((table, _)) = p.key.split_once('.') {
                keys.push(format!("map.{table}"));
            }
            keys.push("map".into());
            Problem {
                keys,
                message: p.message,
                precise: true,
            }
        })?;
        self.check_sides()?;
        self.check_deck()?;
        self.check_masks()?;
        self.check_boards()?;
        if let HazardDirection::Fixed(q) = self.storm_hazard_direction
            && !(1..=3).contains(&q)
        {
            return Err(Problem::new(
                &["storm_hazard_direction"],
                format!("a Storm disc turns the board 1 to 3 quarters, not {q}"),
            ));
        }
        Ok(())
    }

    fn check_sides(&self) -> Result<(), Problem> {
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            let sides = &self.sides[players - MIN_PLAYERS][..players];
            for (i, &s) in sides.iter().enumerate() {
                let key = count_key("sides", players, Some(i));
                let whole = count_key("sides", players, None);
                if usize::from(s) >= SIDE_NAMES.len() {
                    return Err(Problem::new(
                        &[&key, &whole, "sides"],
                        format!("side {s} is not a table side 0 to 3"),
                    ));
                }
                if sides[..i].contains(&s) {
                    return Err(Problem::new(
                        &[&key, &whole, "sides"],
                        format!(
                            "side {} is listed twice (one seat per side)",
                            SIDE_NAMES[usize::from(s)]
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_deck(&self) -> Result<(), Problem> {
        for (i, row) in self.deck.iter().enumerate() {
            let row_key = format!("deck[{i}]");
            let key = |field: &str| format!("{row_key}.{field}");
            let modes: &[Mode] = match row.movement {
                Movement::March | Movement::Swoop | Movement::Gallop | Movement::Dash => {
                    &[Mode::A, Mode::B]
                }
                Movement::Sling => &[Mode::C],
                Movement::Pinch => &[Mode::None],
            };
            if !modes.contains(&row.mode) {
                let allowed: Vec<&str> = modes.iter().map(|m| m.name()).collect();
                return Err(Problem::new(
                    &[&key("mode"), &row_key, "deck"],
                    format!(
                        "a {} has mode {}, not {}",
                        row.movement.name(),
                        allowed.join(" or "),
                        row.mode.name()
                    ),
                ));
            }
            if row.movement == Movement::Pinch && row.points != 0 {
                return Err(Problem::new(
                    &[&key("points"), &row_key, "deck"],
                    format!(
                        "a Pinch has no points (it plays another card), not {}",
                        row.points
                    ),
                ));
            }
        }
        let cards: usize = self
            .deck
            .iter()
            .flat_map(|r| r.counts)
            .map(usize::from)
            .sum();
        if !(1..=MAX_CARDS).contains(&cards) {
            return Err(Problem::new(
                &["deck"],
                format!("holds {cards} cards; a deck holds 1 to {MAX_CARDS}"),
            ));
        }
        let dealt = SIDE_NAMES.len() * usize::from(self.hand_size);
        if cards < dealt {
            return Err(Problem::new(
                &["deck", "hand_size"],
                format!(
                    "the deck of {cards} cards is too small for setup: dealing {} cards to \
                     each of the 4 sides takes {dealt}",
                    self.hand_size
                ),
            ));
        }
        Ok(())
    }

    fn check_masks(&self) -> Result<(), Problem> {
        let masks = &self.masks;
        for disc in DISCS {
            let c = masks.counts[disc.index()];
            let table = format!("masks.{disc}");
            let key = |colour: &str| format!("{table}.{colour}");
            let (colour, n, what) = if disc.is_hazard() {
                match (c.brown, c.green) {
                    (0, 0) => continue,
                    (0, n) => ("green", n, "hazards are blue discs only"),
                    (n, _) => ("brown", n, "hazards are blue discs only"),
                }
            } else if c.blue > 0 {
                ("blue", c.blue, "equipment is brown or green, never blue")
            } else {
                continue;
            };
            return Err(Problem::new(
                &[&key(colour), &table, "masks"],
                format!("{n} {colour} {disc} discs: {what}"),
            ));
        }
        let total = masks.total();
        if total > MAX_DISCS {
            return Err(Problem::new(
                &["masks"],
                format!("holds {total} discs with the blanks; at most {MAX_DISCS}"),
            ));
        }
        let packs = masks.counts[Disc::Backpack.index()];
        let all_packs = usize::from(packs.brown) + usize::from(packs.green);
        if all_packs > MAX_PACKS {
            return Err(Problem::new(
                &[
                    "masks.Backpack.green",
                    "masks.Backpack.brown",
                    "masks.Backpack",
                    "masks",
                ],
                format!(
                    "{all_packs} Backpacks (brown and green); at most {MAX_PACKS}, the full \
                     Backpacks one player can hold"
                ),
            ));
        }
        let corners = self.map.corners.count_ones() as usize;
        let scoreboard = usize::from(self.scoreboard_mask);
        let greens_key: Vec<String> = DISCS.iter().map(|d| format!("masks.{d}.green")).collect();
        let mut keys: Vec<&str> = greens_key.iter().map(String::as_str).collect();
        keys.extend(["masks", "map.corners", "map", "scoreboard_mask"]);
        let placed = corners + scoreboard;
        let green = masks.green();
        let scoreboard_note = if self.scoreboard_mask {
            " and the scoreboard"
        } else {
            ""
        };
        if green < placed {
            return Err(Problem::new(
                &keys,
                format!(
                    "the disc tables are too small for setup: {green} green discs cannot \
                     cover the {corners} corners{scoreboard_note} ({placed} are needed)"
                ),
            ));
        }
        let left = green - placed + masks.blue();
        if left < usize::from(self.stack_size) {
            keys.insert(0, "stack_size");
            return Err(Problem::new(
                &keys,
                format!(
                    "the disc tables are too small for setup: after the {corners} \
                     corners{scoreboard_note}, {left} green and blue discs are left for a \
                     stack of {}",
                    self.stack_size
                ),
            ));
        }
        Ok(())
    }

    fn check_boards(&self) -> Result<(), Problem> {
        let boards = self.team_boards.len();
        if !(MIN_BOARDS..=MAX_BOARDS).contains(&boards) {
            return Err(Problem::new(
                &["team_boards"],
                format!(
                    "has {boards} boards; {MIN_BOARDS} to {MAX_BOARDS} (random assignment \
                     deals one to each of up to {MAX_PLAYERS} seats)"
                ),
            ));
        }
        for (i, board) in self.team_boards.iter().enumerate() {
            for (j, disc) in board.iter().enumerate() {
                if disc.is_hazard() {
                    return Err(Problem::new(
                        &[
                            &format!("team_boards[{i}][{j}]"),
                            &format!("team_boards[{i}]"),
                            "team_boards",
                        ],
                        format!("{disc} is a hazard: a team board holds equipment"),
                    ));
                }
            }
        }
        for disc in DISCS {
            let needed: usize = self
                .team_boards
                .iter()
                .map(|b| b.iter().filter(|&&d| d == disc).count())
                .sum();
            let brown = usize::from(self.masks.counts[disc.index()].brown);
            if needed > brown {
                return Err(Problem::new(
                    &[
                        "team_boards",
                        &format!("masks.{disc}.brown"),
                        &format!("masks.{disc}"),
                        "masks",
                    ],
                    format!(
                        "the {boards} team boards hold {needed} {disc} discs, but the Ice Mask \
                         table has {brown} brown ones: every board must be coverable at once"
                    ),
                ));
            }
        }
        if let TeamAssignment::Fixed(fixed) = &self.team_assignment {
            for (seat, &b) in fixed.iter().enumerate() {
                let item = format!("team_assignment[{seat}]");
                let keys = [item.as_str(), "team_assignment", "team_boards"];
                if usize::from(b) >= boards {
                    return Err(Problem::new(
                        &keys,
                        format!(
                            "seat {seat} gets board {}, but there are {boards} team boards",
                            u16::from(b) + 1
                        ),
                    ));
                }
                if fixed[..seat].contains(&b) {
                    return Err(Problem::new(
                        &keys,
                        format!(
                            "board {} is given twice (one board per seat)",
                            u16::from(b) + 1
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// A rules file as written; every key optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    name: Option<Spanned<String>>,
    map: Option<Spanned<MapField>>,
    sides: Option<Spanned<Vec<SpannedNames>>>,
    pawns_on_ship: Option<SpannedInts>,
    storm_threshold: Option<SpannedInts>,
    hand_size: Option<Spanned<i64>>,
    equipment_limit: Option<Spanned<i64>>,
    stack_size: Option<Spanned<i64>>,
    deck: Option<Spanned<Vec<Spanned<RowFile>>>>,
    masks: Option<Spanned<MasksFile>>,
    team_boards: Option<Spanned<Vec<SpannedNames>>>,
    team_assignment: Option<Spanned<AssignmentField>>,
    random_start: Option<Spanned<bool>>,
    disc: Option<Spanned<String>>,
    team_play: Option<Spanned<bool>>,
    storm_colour_public: Option<Spanned<bool>>,
    storm_hazard_direction: Option<Spanned<String>>,
    scoreboard_mask: Option<Spanned<String>>,
    round_limit: Option<Spanned<i64>>,
    tie_break: Option<Spanned<String>>,
    colours: Option<SpannedNames>,
}

/// `map`: a built-in map's name, or a table of the map's data.
enum MapField {
    Named(String),
    Table(Box<MapFile>),
}

impl<'de> Deserialize<'de> for MapField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MapField, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = MapField;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map name or a [map] table")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<MapField, E> {
                Ok(MapField::Named(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<MapField, A::Error> {
                MapFile::deserialize(MapAccessDeserializer::new(m))
                    .map(|t| MapField::Table(Box::new(t)))
            }
        }
        d.deserialize_any(Either)
    }
}

/// The `[map]` table: the page's data block, every key optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    name: Option<Spanned<String>>,
    base_camp: Option<Spanned<CampsFile>>,
    corners: Option<SpannedNames>,
    entries: Option<SpannedNames>,
    windows: Option<SpannedNames>,
    top_cracks: Option<SpannedNames>,
    bottom_cracks: Option<SpannedNames>,
}

/// `map.base_camp`: the base camp squares of each side.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CampsFile {
    #[serde(rename = "S")]
    s: Option<SpannedNames>,
    #[serde(rename = "W")]
    w: Option<SpannedNames>,
    #[serde(rename = "N")]
    n: Option<SpannedNames>,
    #[serde(rename = "E")]
    e: Option<SpannedNames>,
}

/// One row of the action deck table; every key required.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RowFile {
    movement: Spanned<String>,
    mode: Spanned<String>,
    points: Spanned<i64>,
    blue: Spanned<i64>,
    red: Spanned<i64>,
    purple: Spanned<i64>,
}

/// The `[masks]` table: counts per disc type, and the blanks.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MasksFile {
    #[serde(rename = "Husky")]
    husky: Option<Spanned<MaskFile>>,
    #[serde(rename = "Snowshoes")]
    snowshoes: Option<Spanned<MaskFile>>,
    #[serde(rename = "Backpack")]
    backpack: Option<Spanned<MaskFile>>,
    #[serde(rename = "Igloo")]
    igloo: Option<Spanned<MaskFile>>,
    #[serde(rename = "Pickaxe")]
    pickaxe: Option<Spanned<MaskFile>>,
    #[serde(rename = "Compass")]
    compass: Option<Spanned<MaskFile>>,
    #[serde(rename = "Storm")]
    storm: Option<Spanned<MaskFile>>,
    #[serde(rename = "Hole")]
    hole: Option<Spanned<MaskFile>>,
    #[serde(rename = "Bear")]
    bear: Option<Spanned<MaskFile>>,
    blanks: Option<Spanned<i64>>,
}

/// One disc type's counts by colour; each optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MaskFile {
    brown: Option<Spanned<i64>>,
    green: Option<Spanned<i64>>,
    blue: Option<Spanned<i64>>,
}

/// `team_assignment`: `"random"`, or a list of board numbers.
enum AssignmentField {
    Named(String),
    Boards(Vec<Spanned<i64>>),
}

impl<'de> Deserialize<'de> for AssignmentField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<AssignmentField, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = AssignmentField;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"random\" or a list of board numbers")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<AssignmentField, E> {
                Ok(AssignmentField::Named(v.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<AssignmentField, A::Error> {
                let mut boards = Vec::new();
                while let Some(b) = s.next_element::<Spanned<i64>>()? {
                    boards.push(b);
                }
                Ok(AssignmentField::Boards(boards))
            }
        }
        d.deserialize_any(Either)
    }
}

/// Reads a parsed file into rules with the shared [`Reader`], which remembers where each
/// key it read lies; the methods here read the keys only North Pole has.
struct Loader<'a>(Reader<'a>);

impl<'a> Deref for Loader<'a> {
    type Target = Reader<'a>;

    fn deref(&self) -> &Reader<'a> {
        &self.0
    }
}

impl DerefMut for Loader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Loader<'_> {
    /// Reads a per-player-count list of whole numbers: one entry for each count 2 to 4,
    /// each in `range`.
    fn per_count(
        &mut self,
        v: &SpannedInts,
        key: &str,
        range: &RangeInclusive<i64>,
    ) -> Result<[u8; 3], RulesError> {
        let mut out = [0; 3];
        for (players, item) in self.per_players(v, key, MIN_PLAYERS..=MAX_PLAYERS, "values")? {
            let x = self.int(item, &count_key(key, players, None), range)?;
            out[players - MIN_PLAYERS] = x as u8;
        }
        Ok(out)
    }

    /// Reads a list of square names of `key`, none twice.
    fn squares(&mut self, v: &SpannedNames, key: &str) -> Result<Vec<Square>, RulesError> {
        self.at(key, v.span());
        let mut out: Vec<Square> = Vec::new();
        for (i, name) in v.get_ref().iter().enumerate() {
            let item = format!("{key}[{i}]");
            self.at(&item, name.span());
            let text = name.get_ref().trim();
            let sq = parse_square(text).ok_or_else(|| {
                self.err(
                    &item,
                    format!("{text:?} is not a square: squares are named a1 to h8"),
                )
            })?;
            if out.contains(&sq) {
                return Err(self.err(
                    &item,
                    format!("{} is listed twice (a square is used once)", Name(sq)),
                ));
            }
            out.push(sq);
        }
        Ok(out)
    }

    /// Reads a list of square names of `key` as a set, none twice.
    fn square_set(&mut self, v: &SpannedNames, key: &str) -> Result<Bits, RulesError> {
        Ok(self.squares(v, key)?.into_iter().fold(0, |a, s| a | bit(s)))
    }

    /// Reads a list of cracks `"d2-d3"` of `key`, each lower square first. Whether they
    /// join neighbours, and appear once, is [`Map::check`]'s business.
    fn cracks(&mut self, v: &SpannedNames, key: &str) -> Result<Vec<(Square, Square)>, RulesError> {
        self.at(key, v.span());
        let mut out = Vec::new();
        for (i, crack) in v.get_ref().iter().enumerate() {
            let item = format!("{key}[{i}]");
            self.at(&item, crack.span());
            let text = crack.get_ref().trim();
            let pair = text
                .split_once('-')
                .and_then(|(a, b)| Some((parse_square(a.trim())?, parse_square(b.trim())?)));
            let Some((a, b)) = pair else {
                return Err(self.err(
                    &item,
                    format!(
                        "{text:?} is not a crack: write the two squares it parts, like \"d2-d3\""
                    ),
                ));
            };
            out.push((a.min(b), a.max(b)));
        }
        Ok(out)
    }

    /// Reads the `sides` key: one list of side names for each player count.
    fn sides(
        &mut self,
        v: &Spanned<Vec<SpannedNames>>,
        rules: &mut Rules,
    ) -> Result<(), RulesError> {
        let what = "lists of side names";
        for (players, list) in
            self.per_players_lists(v, "sides", MIN_PLAYERS..=MAX_PLAYERS, what)?
        {
            let names: Vec<&str> = list.iter().map(|s| s.get_ref().trim()).collect();
            rules.sides[players - MIN_PLAYERS] = sides_of(players, &names)
                .map_err(|(j, message)| self.err(&count_key("sides", players, j), message))?;
        }
        Ok(())
    }

    /// Reads the `map` key: a built-in map's name or a table over the `classic` map.
    fn map(&mut self, v: Spanned<MapField>, rules: &mut Rules) -> Result<(), RulesError> {
        self.at("map", v.span());
        let table = match v.into_inner() {
            MapField::Named(name) => {
                rules.map = match name.trim() {
                    "classic" => Map::classic(),
                    _ => {
                        return Err(self.err(
                            "map",
                            format!(
                                "unknown map {name:?}: allowed {}, or a [map] table",
                                MAP_NAMES.join(", ")
                            ),
                        ));
                    }
                };
                return Ok(());
            }
            MapField::Table(table) => table,
        };
        let mut map = Map::classic();
        if let Some(v) = &table.name {
            map.name = self.name(v, "map.name")?;
        }
        if let Some(camps) = table.base_camp {
            self.at("map.base_camp", camps.span());
            let camps = camps.into_inner();
            for (side, list) in [camps.s, camps.w, camps.n, camps.e].into_iter().enumerate() {
                if let Some(list) = list {
                    let key = format!("map.base_camp.{}", SIDE_NAMES[side]);
                    map.base_camps[side] = self.square_set(&list, &key)?;
                }
            }
        }
        if let Some(list) = &table.corners {
            map.corners = self.square_set(list, "map.corners")?;
        }
        if let Some(list) = &table.entries {
            let entries = self.squares(list, "map.entries")?;
            map.entries = entries.as_slice().try_into().map_err(|_| {
                self.err(
                    "map.entries",
                    format!(
                        "needs exactly 4 squares, the entries E0 to E3 clockwise from the \
                         south-west; found {}",
                        entries.len()
                    ),
                )
            })?;
        }
        if let Some(list) = &table.windows {
            map.windows = self.square_set(list, "map.windows")?;
        }
        if let Some(list) = &table.top_cracks {
            map.top_cracks = self.cracks(list, "map.top_cracks")?;
        }
        if let Some(list) = &table.bottom_cracks {
            map.bottom_cracks = self.cracks(list, "map.bottom_cracks")?;
        }
        rules.map = map;
        Ok(())
    }

    /// Reads the `deck` key: the whole table.
    fn deck(
        &mut self,
        v: &Spanned<Vec<Spanned<RowFile>>>,
        rules: &mut Rules,
    ) -> Result<(), RulesError> {
        self.at("deck", v.span());
        let movements: Vec<&str> = MOVEMENTS.iter().map(|m| m.name()).collect();
        let modes = ["A", "B", "C", "-"];
        let mut deck = Vec::new();
        for (i, row) in v.get_ref().iter().enumerate() {
            let key = format!("deck[{i}]");
            self.at(&key, row.span());
            let r = row.get_ref();
            let field = |f: &str| format!("{key}.{f}");
            let movement = self.named(
                &r.movement,
                &field("movement"),
                &movements,
                Movement::from_name,
            )?;
            let mode = self.named(&r.mode, &field("mode"), &modes, Mode::from_name)?;
            let points = self.int(&r.points, &field("points"), &POINTS)? as u8;
            let mut counts = [0; 3];
            for (c, (colour, n)) in [("blue", &r.blue), ("red", &r.red), ("purple", &r.purple)]
                .into_iter()
                .enumerate()
            {
                counts[c] = self.int(n, &field(colour), &CARD_COUNT)? as u8;
            }
            deck.push(DeckRow {
                movement,
                mode,
                points,
                counts,
            });
        }
        rules.deck = deck;
        Ok(())
    }

    /// Reads the `masks` key: counts it leaves out keep the page's values.
    fn masks(&mut self, v: &Spanned<MasksFile>, rules: &mut Rules) -> Result<(), RulesError> {
        self.at("masks", v.span());
        let m = v.get_ref();
        let types = [
            &m.husky,
            &m.snowshoes,
            &m.backpack,
            &m.igloo,
            &m.pickaxe,
            &m.compass,
            &m.storm,
            &m.hole,
            &m.bear,
        ];
        for (disc, counts) in DISCS.into_iter().zip(types) {
            let Some(counts) = counts else { continue };
            let table = format!("masks.{disc}");
            self.at(&table, counts.span());
            let c = counts.get_ref();
            let into = &mut rules.masks.counts[disc.index()];
            for (colour, n, slot) in [
                ("brown", &c.brown, &mut into.brown),
                ("green", &c.green, &mut into.green),
                ("blue", &c.blue, &mut into.blue),
            ] {
                if let Some(n) = n {
                    *slot = self.int(n, &format!("{table}.{colour}"), &DISC_COUNT)? as u8;
                }
            }
        }
        if let Some(n) = &m.blanks {
            rules.masks.blanks = self.int(n, "masks.blanks", &DISC_COUNT)? as u8;
        }
        Ok(())
    }

    /// Reads the `team_boards` key: the whole list.
    fn team_boards(
        &mut self,
        v: &Spanned<Vec<SpannedNames>>,
        rules: &mut Rules,
    ) -> Result<(), RulesError> {
        self.at("team_boards", v.span());
        let names: Vec<&str> = DISCS.iter().map(|d| d.name()).collect();
        let mut boards = Vec::new();
        for (i, board) in v.get_ref().iter().enumerate() {
            let key = format!("team_boards[{i}]");
            self.at(&key, board.span());
            if board.get_ref().len() != BOARD_DISCS {
                return Err(self.err(
                    &key,
                    format!(
                        "a team board holds {BOARD_DISCS} discs, found {}",
                        board.get_ref().len()
                    ),
                ));
            }
            let mut discs = [Disc::Husky; BOARD_DISCS];
            for (j, name) in board.get_ref().iter().enumerate() {
                discs[j] = self.named(name, &format!("{key}[{j}]"), &names, Disc::from_name)?;
            }
            boards.push(discs);
        }
        rules.team_boards = boards;
        Ok(())
    }

    /// Reads the `team_assignment` key.
    fn team_assignment(
        &mut self,
        v: &Spanned<AssignmentField>,
        rules: &mut Rules,
    ) -> Result<(), RulesError> {
        self.at("team_assignment", v.span());
        rules.team_assignment = match v.get_ref() {
            AssignmentField::Named(name) if name.trim() == RANDOM => TeamAssignment::Random,
            AssignmentField::Named(name) => {
                return Err(self.err(
                    "team_assignment",
                    format!(
                        "unknown value {name:?}: allowed \"{RANDOM}\" or a list of \
                         {MAX_PLAYERS} board numbers"
                    ),
                ));
            }
            AssignmentField::Boards(boards) => {
                for (i, b) in boards.iter().enumerate() {
                    self.at(&format!("team_assignment[{i}]"), b.span());
                }
                let numbers: Vec<i64> = boards.iter().map(|b| *b.get_ref()).collect();
                assignment_of(&numbers).map_err(|(i, message)| {
                    let key = i.map_or("team_assignment".into(), |i| {
                        format!("team_assignment[{i}]")
                    });
                    self.err(&key, message)
                })?
            }
        };
        Ok(())
    }

    /// Reads every key `f` sets into `rules`, checking each value on its own.
    fn read(&mut self, f: RulesFile, rules: &mut Rules) -> Result<(), RulesError> {
        if let Some(v) = &f.name {
            rules.name = self.name(v, "name")?;
        }
        if let Some(v) = f.map {
            self.map(v, rules)?;
        }
        if let Some(v) = &f.sides {
            self.sides(v, rules)?;
        }
        if let Some(v) = &f.pawns_on_ship {
            rules.pawns_on_ship = self.per_count(v, "pawns_on_ship", &PAWNS_ON_SHIP)?;
        }
        if let Some(v) = &f.storm_threshold {
            rules.storm_threshold = self.per_count(v, "storm_threshold", &STORM_THRESHOLD)?;
        }
        if let Some(v) = &f.hand_size {
            rules.hand_size = self.int(v, "hand_size", &HAND_SIZE)? as u8;
        }
        if let Some(v) = &f.equipment_limit {
            rules.equipment_limit = self.int(v, "equipment_limit", &EQUIPMENT_LIMIT)? as u8;
        }
        if let Some(v) = &f.stack_size {
            rules.stack_size = self.int(v, "stack_size", &STACK_SIZE)? as u8;
        }
        if let Some(v) = &f.deck {
            self.deck(v, rules)?;
        }
        if let Some(v) = &f.masks {
            self.masks(v, rules)?;
        }
        if let Some(v) = &f.team_boards {
            self.team_boards(v, rules)?;
        }
        if let Some(v) = &f.team_assignment {
            self.team_assignment(v, rules)?;
        }
        if let Some(v) = &f.random_start {
            rules.random_start = self.switch(v, "random_start");
        }
        if let Some(v) = &f.disc {
            rules.disc = self.named(v, "disc", &names_of(&DISC_KINDS), |n| {
                by_name(&DISC_KINDS, n)
            })?;
        }
        if let Some(v) = &f.team_play {
            rules.team_play = self.switch(v, "team_play");
        }
        if let Some(v) = &f.storm_colour_public {
            rules.storm_colour_public = self.switch(v, "storm_colour_public");
        }
        if let Some(v) = &f.storm_hazard_direction {
            let names = names_of(&HAZARD_DIRECTIONS);
            rules.storm_hazard_direction =
                self.named(v, "storm_hazard_direction", &names, |n| {
                    by_name(&HAZARD_DIRECTIONS, n)
                })?;
        }
        if let Some(v) = &f.scoreboard_mask {
            let names = names_of(&SCOREBOARD_MASKS);
            rules.scoreboard_mask = self.named(v, "scoreboard_mask", &names, |n| {
                by_name(&SCOREBOARD_MASKS, n)
            })?;
        }
        if let Some(v) = &f.round_limit {
            rules.round_limit = self.int(v, "round_limit", &ROUND_LIMIT)? as u32;
        }
        if let Some(v) = &f.tie_break {
            rules.tie_break = self.named(v, "tie_break", &names_of(&TIE_BREAKS), |n| {
                by_name(&TIE_BREAKS, n)
            })?;
        }
        if let Some(list) = &f.colours {
            rules.colours = self.colours(list, MAX_PLAYERS)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{Masks, standard_deck, standard_team_boards};
    use floe_core::RuleSet;

    /// The committed rules file of the standard rules.
    const STANDARD_FILE: &str = include_str!("../../../experiments/rules/north-pole.toml");

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
        let named = Rules::from_toml_named("", Some("mine")).unwrap();
        assert_eq!(named.name, "mine");
        let named = Rules::from_toml_named("name = \"x\"", Some("mine")).unwrap();
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
        let e = error(
            "sides = [\n[\"S\", \"N\"],\n[\"S\", \"W\", \"S\"],\n[\"S\", \"W\", \"N\", \"E\"]]",
        );
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
        let e =
            error("sides = [[\"S\", \"X\"], [\"S\", \"W\", \"N\"], [\"S\", \"W\", \"N\", \"E\"]]");
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
}
