//! Rule data: every row of the rules page's Parameters table, and the TOML loader.
//!
//! The built-in [`Rules::standard`] equals the page, and so does the committed rules file
//! `experiments/rules/arctic.toml`. Everything the page marks as assumed (sets per player
//! count, power sides, tie-break) is data here, so a user changes it with a rules file
//! instead of recompiling.
//!
//! [`Rules::from_toml`] checks a file completely before any game starts and names the
//! line and the key of the first problem. A file may set only the keys it
//! changes: every key it leaves out takes the page's default (the value of
//! [`Rules::standard`]). The declared parameters (`params.rs`) refuse exactly what the
//! loader refuses: both read the ranges below and run [`Rules::check`].
//!
//! # Bounds
//! Each bound keeps an assumption of the engine or of the page:
//! - `sets`: per player count, 1 to 4 distinct set numbers, each 1 to 4 (the cards are
//!   the four printed sets; card ids stay below 128, so a hand is a 128-bit set).
//! - The deal: at every player count N from 2 to 4, the deck (30 cards per set) must hold
//!   the Reserve, N hands and the River, `deck_size(N) >= reserve(N) + N * hand_size +
//!   river_size`; setup deals them before the draw pile exists.
//! - `hand_size`: at least 1. A seat's pile is empty only before its first placement, and
//!   step 1 must leave a card on it (V1); with an empty hand nothing could be placed.
//! - `hand_limit`: at least `hand_size` (so every turn starts with a hand within the
//!   limit) and at most [`MAX_HAND_LIMIT`] = 14. A turn adds at most 6 cards to a hand
//!   before the discards (puffin B's take-back, then 5 draws while moose B places none;
//!   or 6 draws with moose A after placing one), so D9 offers at most `hand_limit + 6`
//!   answers: the page allows no question more than 20.
//! - `river_size`: 1 to [`MAX_RIVER`] = 10, the River's fixed capacity in the state. The
//!   River is the only draw source without a power. D8 then offers at most 10 River
//!   cards, the pile and 6 animals: 17 answers.
//! - `empty_top_placement`: 1 to 5, a card's placement values. With 0, a first turn
//!   would place nothing and leave no V1; above 5, moose B's target p + 1 would pass the
//!   largest target the answers number ([`crate::limits::MAX_TARGET`] = 6).
//! - `landscape_values`: exactly six, one per Landscape position (tokens move on 0..5).
//! - `run_points`, `diversity_points`: exactly 7 entries (0 to 6, the last for 6 or more),
//!   in any order: fox A cards are scored exactly under any tables (see `scoring.rs`),
//!   though only non-decreasing ones keep that scoring free of allocation on long
//!   stretches of face-down cards.
//! - Points (`landscape_values`, `run_points`, `diversity_points`) lie in -1000..=1000
//!   and `penalty_points` in -1000..=0 (a penalty never rewards), so that no score can
//!   overflow: 120 penalty cards at -1000 are far inside `i32`.
//! - `power_side.<animal>`: `A`, `B` or `random`; `tie_break`: `turn-order` or `shared`.
//! - `round_limit`: 1 to 1 000 000 (0 would end the game before its first round ends).
//! - `name`: not empty; `colours`: 4 (one per seat of the largest table) to
//!   [`floe_core::MAX_COLOURS`], non-empty and distinct.

use std::ops::RangeInclusive;

pub use floe_core::RulesError;
pub(crate) use floe_core::rules_file::Problem;
use floe_core::rules_file::{self, Reader, Spanned, SpannedInts, count_key};
use floe_core::{MAX_COLOURS, NameTable, out_of_range};
use serde::Deserialize;

use crate::cards::{ANIMAL_COUNT, ANIMALS, Animal, CARD_COUNT, SET_SIZE};
use crate::limits::MAX_TARGET;
pub use crate::limits::{MAX_PLAYERS, MAX_RIVER, MIN_PLAYERS};
/// Landscape positions (cards), worth `landscape_values[i]` each.
pub const LANDSCAPE_LEN: usize = 6;
/// Where every token starts: position 2.
pub const TOKEN_START: u8 = 2;
/// Entries of a points table: for run length (or animal count) 0 to 6, the last standing
/// for 6 or more.
pub const POINTS_LEN: usize = 7;

/// Most answers the page allows any question (Decisions).
pub(crate) const MAX_ANSWERS: usize = 20;
/// Most cards one turn adds to a hand before the discards: puffin B's take-back and 5
/// draws (moose B may place none), or 6 draws with moose A after placing one.
pub(crate) const MOST_GAINED_PER_TURN: usize = 6;
/// Largest `hand_limit`: D9 then offers at most `MAX_ANSWERS` answers.
pub const MAX_HAND_LIMIT: usize = MAX_ANSWERS - MOST_GAINED_PER_TURN;
/// Largest placement value of a card; also the largest `empty_top_placement`.
pub(crate) const MAX_PLACEMENT: u8 = 5;
/// Largest round limit a rules file may set.
pub(crate) const MAX_ROUND_LIMIT: u32 = 1_000_000;

// Moose B raises a placement value by one: the answers number targets up to MAX_TARGET.
const _: () = assert!(MAX_PLACEMENT < MAX_TARGET);
// D8: every River card, the pile (orca B) and one answer per animal (bear A).
const _: () = assert!(MAX_RIVER + 1 + ANIMAL_COUNT <= MAX_ANSWERS);
// D4: a full hand and puffin B's take-back.
const _: () = assert!(MAX_HAND_LIMIT < MAX_ANSWERS);
// D8a and D10c: the penalty cards of one animal, at most 5 per set.
const _: () = assert!(CARD_COUNT / ANIMAL_COUNT <= MAX_ANSWERS);

/// Allowed set numbers in `sets`.
pub(crate) const SET_NUMBERS: RangeInclusive<i64> = 1..=(CARD_COUNT / SET_SIZE) as i64;
/// Allowed values of `reserve_per_extra_player` (the deal check bounds it further).
pub(crate) const RESERVE_PER_EXTRA_PLAYER: RangeInclusive<i64> = 0..=CARD_COUNT as i64;
/// Allowed values of `hand_size` (the deal check and `hand_limit` bound it further).
pub(crate) const HAND_SIZE: RangeInclusive<i64> = 1..=MAX_HAND_LIMIT as i64;
/// Allowed values of `hand_limit` (at least `hand_size` too).
pub(crate) const HAND_LIMIT: RangeInclusive<i64> = 1..=MAX_HAND_LIMIT as i64;
/// Allowed values of `river_size`.
pub(crate) const RIVER_SIZE: RangeInclusive<i64> = 1..=MAX_RIVER as i64;
/// Allowed values of `empty_top_placement`.
pub(crate) const EMPTY_TOP_PLACEMENT: RangeInclusive<i64> = 1..=MAX_PLACEMENT as i64;
/// Allowed values of every entry of `landscape_values`, `run_points` and
/// `diversity_points`.
pub(crate) const POINTS: RangeInclusive<i64> = -1000..=1000;
/// Allowed values of `penalty_points`.
pub(crate) const PENALTY_POINTS: RangeInclusive<i64> = -1000..=0;
/// Allowed values of `round_limit`.
pub(crate) const ROUND_LIMIT: RangeInclusive<i64> = 1..=MAX_ROUND_LIMIT as i64;
/// The power sides a rules file may set, as it writes them.
pub(crate) const SIDE_RULES: NameTable<SideRule> = NameTable::new(&[
    ("A", SideRule::Fixed(Side::A)),
    ("B", SideRule::Fixed(Side::B)),
    ("random", SideRule::Random),
]);
/// The tie-breaks, as a rules file writes them.
pub(crate) const TIE_BREAKS: NameTable<TieBreak> = NameTable::new(&[
    ("turn-order", TieBreak::TurnOrder),
    ("shared", TieBreak::Shared),
]);

/// Which side of one power card is up. Serializes as `"A"` or `"B"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Side {
    /// Side A.
    A,
    /// Side B.
    B,
}

/// A side as the rules and the cards name it: `A` or `B`.
impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// How a rules file sets a power card's side: fixed, or drawn at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SideRule {
    /// Always this side.
    Fixed(Side),
    /// Each side with probability 1/2, drawn at setup from the game's chance stream.
    Random,
}

impl SideRule {
    /// Returns the rule named `name` as a rules file writes it (`A`, `B`, `random`).
    pub fn from_name(name: &str) -> Option<SideRule> {
        SIDE_RULES.value(name)
    }

    /// Returns the rule's name as a rules file writes it.
    pub fn name(self) -> &'static str {
        SIDE_RULES.name(self)
    }
}

/// Who wins a tie for the top score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The tied player earliest in turn order (seat 0 first).
    TurnOrder,
    /// Every tied player shares the win.
    Shared,
}

impl TieBreak {
    /// Returns the tie-break named `name` as a rules file writes it.
    pub fn from_name(name: &str) -> Option<TieBreak> {
        TIE_BREAKS.value(name)
    }

    /// Returns the tie-break's name as a rules file writes it.
    pub fn name(self) -> &'static str {
        TIE_BREAKS.name(self)
    }
}

/// Points by run length or by number of animals: entry `i` for `i` (the last for 6 or
/// more).
pub type Points = [i32; POINTS_LEN];

/// The validated rules of one Arctic variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub(crate) name: String,
    /// The card sets shuffled together, per player count (index N - 2): bit s - 1 for
    /// set s.
    pub(crate) sets: [u8; MAX_PLAYERS - 1],
    /// The Reserve holds this many cards per player beyond the first.
    pub(crate) reserve_per_extra_player: u8,
    /// Cards dealt to each hand.
    pub(crate) hand_size: u8,
    /// A hand holding more at the end of the draw discards down to it.
    pub(crate) hand_limit: u8,
    /// Cards in the River.
    pub(crate) river_size: u8,
    /// The placement value p when there is no face-up top card.
    pub(crate) empty_top_placement: u8,
    /// The value of each Landscape position.
    pub(crate) landscape_values: [i32; LANDSCAPE_LEN],
    /// Points of an animal's longest run, by its length.
    pub(crate) run_points: Points,
    /// Points by the number of animals with a run of 2 or more.
    pub(crate) diversity_points: Points,
    /// Points per penalty card (negative).
    pub(crate) penalty_points: i32,
    /// Each power card's side, by animal.
    pub(crate) power_side: [SideRule; ANIMAL_COUNT],
    pub(crate) tie_break: TieBreak,
    /// A game not ended by then ends after this round (end cause `round-limit`).
    pub(crate) round_limit: u32,
    /// Cosmetic colours in seat order (at least one per seat of the largest table).
    pub(crate) colours: Vec<String>,
}

/// The triangular numbers T of the page, T(6 or more) = 15: the default points of runs
/// and of diversity.
const TRIANGLE: Points = [0, 0, 1, 3, 6, 10, 15];
const STANDARD_COLOURS: [&str; MAX_PLAYERS] = ["red", "blue", "green", "yellow"];
// Colours are dealt from a fixed-size array: the standard list must fit it.
const _: () = assert!(STANDARD_COLOURS.len() <= MAX_COLOURS);

impl Rules {
    /// Returns the rules of the page: sets 1..N, a Reserve of 5 per extra player, hands of
    /// 3 with a limit of 7, a River of 6, every power side drawn at random, ties to the
    /// earlier seat, a round limit of 100.
    pub fn standard() -> Rules {
        Rules {
            name: "standard".into(),
            sets: [0b0011, 0b0111, 0b1111],
            reserve_per_extra_player: 5,
            hand_size: 3,
            hand_limit: 7,
            river_size: 6,
            empty_top_placement: 1,
            landscape_values: [0, 1, 3, 6, 10, 15],
            run_points: TRIANGLE,
            diversity_points: TRIANGLE,
            penalty_points: -1,
            power_side: [SideRule::Random; ANIMAL_COUNT],
            tie_break: TieBreak::TurnOrder,
            round_limit: 100,
            colours: STANDARD_COLOURS.map(String::from).into(),
        }
    }

    /// Returns the card sets in play at `players` (bit s - 1 for set s).
    pub fn sets(&self, players: usize) -> u8 {
        self.sets[players - MIN_PLAYERS]
    }

    /// Returns the number of cards in play at `players`.
    pub fn deck_size(&self, players: usize) -> usize {
        self.sets(players).count_ones() as usize * SET_SIZE
    }

    /// Returns the size of the Reserve at `players`.
    pub fn reserve_size(&self, players: usize) -> usize {
        usize::from(self.reserve_per_extra_player) * (players - 1)
    }

    /// Returns the cards dealt to each hand.
    pub fn hand_size(&self) -> usize {
        usize::from(self.hand_size)
    }

    /// Returns the end-of-turn hand limit.
    pub fn hand_limit(&self) -> usize {
        usize::from(self.hand_limit)
    }

    /// Returns the number of River cards.
    pub fn river_size(&self) -> usize {
        usize::from(self.river_size)
    }

    /// Returns the placement value with no face-up top card.
    pub fn empty_top_placement(&self) -> u8 {
        self.empty_top_placement
    }

    /// Returns the value of Landscape position `position`.
    pub fn landscape_value(&self, position: u8) -> i32 {
        self.landscape_values[usize::from(position)]
    }

    /// Returns the points of a longest run of `len` cards.
    pub fn run_points(&self, len: usize) -> i32 {
        self.run_points[len.min(POINTS_LEN - 1)]
    }

    /// Returns the points of `animals` animals with a run of 2 or more.
    pub fn diversity_points(&self, animals: usize) -> i32 {
        self.diversity_points[animals.min(POINTS_LEN - 1)]
    }

    /// Returns the points per penalty card.
    pub fn penalty_points(&self) -> i32 {
        self.penalty_points
    }

    /// Returns how the side of `animal`'s power card is set.
    pub fn power_side(&self, animal: Animal) -> SideRule {
        self.power_side[animal.index()]
    }

    /// Returns the tie-break.
    pub fn tie_break(&self) -> TieBreak {
        self.tie_break
    }

    /// Returns the round limit.
    pub fn round_limit(&self) -> u32 {
        self.round_limit
    }
}

/// Returns the key of the `sets` entry for `players`, or of its item `item`:
/// `sets[2] (4 players)`, `sets[2][0] (4 players)`.
pub(crate) fn sets_key(players: usize, item: Option<usize>) -> String {
    count_key("sets", MIN_PLAYERS, players, item)
}

/// Returns the bit set of the set numbers `numbers` (bit s - 1 for set s), or the index of
/// the first bad number and why it is bad.
pub(crate) fn sets_mask(numbers: &[i64]) -> Result<u8, (Option<usize>, String)> {
    let most = *SET_NUMBERS.end() as usize;
    if numbers.is_empty() || numbers.len() > most {
        return Err((
            None,
            format!("needs 1 to {most} set numbers, found {}", numbers.len()),
        ));
    }
    let mut mask = 0u8;
    for (i, &s) in numbers.iter().enumerate() {
        if !SET_NUMBERS.contains(&s) {
            return Err((Some(i), out_of_range(s, &SET_NUMBERS)));
        }
        let bit = 1 << (s - 1);
        if mask & bit != 0 {
            return Err((Some(i), format!("set {s} is listed twice")));
        }
        mask |= bit;
    }
    Ok(mask)
}

/// Returns the set numbers of the bit set `mask`, ascending.
pub(crate) fn set_numbers(mask: u8) -> Vec<u8> {
    (1..=*SET_NUMBERS.end() as u8)
        .filter(|s| mask & (1 << (s - 1)) != 0)
        .collect()
}

impl Rules {
    /// Parses and checks the rules file `text`; every key it leaves out takes the page's
    /// default, and a file without a `name` is named `standard`.
    ///
    /// # Errors
    /// Returns the first problem found, naming the line and the key: a TOML
    /// syntax error, an unknown key, a value of the wrong type, or a value out of the
    /// bounds listed in the module documentation.
    ///
    /// # Examples
    /// ```
    /// let rules = arctic::Rules::from_toml("hand_limit = 9\nround_limit = 40").unwrap();
    /// assert_eq!((rules.hand_limit(), rules.round_limit()), (9, 40));
    /// let err = arctic::Rules::from_toml("name = \"x\"\nround_limit = 0").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: round_limit: 0 is out of range: allowed 1..=1000000");
    /// ```
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        <Rules as floe_core::RulesFile>::read(text, None)
    }

    /// Checks what no single value shows: that every allowed player count can be dealt,
    /// and that hands start within the hand limit.
    /// The loader runs it on every file and the parameters on every value they set.
    ///
    /// # Errors
    /// Names the keys involved and says what is wrong.
    pub(crate) fn check(&self) -> Result<(), Problem> {
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            let deck = self.deck_size(players);
            let reserve = self.reserve_size(players);
            let need = reserve + players * self.hand_size() + self.river_size();
            if deck < need {
                let sets: Vec<String> = set_numbers(self.sets(players))
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                return Err(Problem::new(
                    &[
                        &sets_key(players, None),
                        "reserve_per_extra_player",
                        "hand_size",
                        "river_size",
                    ],
                    format!(
                        "at {players} players the deck (sets {}: {deck} cards) cannot deal the \
                         Reserve ({reserve}), {players} hands of {} and a River of {}: {need} \
                         cards are needed",
                        sets.join(", "),
                        self.hand_size,
                        self.river_size
                    ),
                ));
            }
        }
        if self.hand_limit < self.hand_size {
            return Err(Problem::new(
                &["hand_limit", "hand_size"],
                format!(
                    "a hand limit of {} is below the starting hand of {}: every hand must \
                     start within the limit",
                    self.hand_limit, self.hand_size
                ),
            ));
        }
        Ok(())
    }
}

/// A rules file as written; every key optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    name: Option<Spanned<String>>,
    sets: Option<Spanned<Vec<SpannedInts>>>,
    reserve_per_extra_player: Option<Spanned<i64>>,
    hand_size: Option<Spanned<i64>>,
    hand_limit: Option<Spanned<i64>>,
    river_size: Option<Spanned<i64>>,
    empty_top_placement: Option<Spanned<i64>>,
    landscape_values: Option<SpannedInts>,
    run_points: Option<SpannedInts>,
    diversity_points: Option<SpannedInts>,
    penalty_points: Option<Spanned<i64>>,
    power_side: Option<PowerSideFile>,
    tie_break: Option<Spanned<String>>,
    round_limit: Option<Spanned<i64>>,
    colours: Option<Spanned<Vec<Spanned<String>>>>,
}

/// The `[power_side]` table: one key per animal, each optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerSideFile {
    fox: Option<Spanned<String>>,
    moose: Option<Spanned<String>>,
    walrus: Option<Spanned<String>>,
    orca: Option<Spanned<String>>,
    puffin: Option<Spanned<String>>,
    bear: Option<Spanned<String>>,
}

/// Reads every key `f` sets into `rules` with `r`, checking each value on its own.
fn read(r: &mut Reader, f: RulesFile, rules: &mut Rules) -> Result<(), RulesError> {
    if let Some(v) = &f.name {
        rules.name = r.name(v, "name")?;
    }
    if let Some(sets) = &f.sets {
        let what = "lists of set numbers";
        for (players, list) in r.per_players_lists(sets, "sets", MIN_PLAYERS..=MAX_PLAYERS, what)? {
            let numbers: Vec<i64> = list.iter().map(|s| *s.get_ref()).collect();
            rules.sets[players - MIN_PLAYERS] = sets_mask(&numbers)
                .map_err(|(j, message)| r.err(&sets_key(players, j), message))?;
        }
    }
    if let Some(v) = &f.reserve_per_extra_player {
        let x = r.int(v, "reserve_per_extra_player", &RESERVE_PER_EXTRA_PLAYER)?;
        rules.reserve_per_extra_player = x as u8;
    }
    if let Some(v) = &f.hand_size {
        rules.hand_size = r.int(v, "hand_size", &HAND_SIZE)? as u8;
    }
    if let Some(v) = &f.hand_limit {
        rules.hand_limit = r.int(v, "hand_limit", &HAND_LIMIT)? as u8;
    }
    if let Some(v) = &f.river_size {
        rules.river_size = r.int(v, "river_size", &RIVER_SIZE)? as u8;
    }
    if let Some(v) = &f.empty_top_placement {
        let x = r.int(v, "empty_top_placement", &EMPTY_TOP_PLACEMENT)?;
        rules.empty_top_placement = x as u8;
    }
    if let Some(v) = &f.landscape_values {
        rules.landscape_values = r.ints(v, "landscape_values", &POINTS)?;
    }
    if let Some(v) = &f.run_points {
        rules.run_points = r.ints(v, "run_points", &POINTS)?;
    }
    if let Some(v) = &f.diversity_points {
        rules.diversity_points = r.ints(v, "diversity_points", &POINTS)?;
    }
    if let Some(v) = &f.penalty_points {
        rules.penalty_points = r.int(v, "penalty_points", &PENALTY_POINTS)? as i32;
    }
    if let Some(p) = f.power_side {
        let sides = [p.fox, p.moose, p.walrus, p.orca, p.puffin, p.bear];
        for (animal, side) in ANIMALS.into_iter().zip(sides) {
            if let Some(v) = side {
                let key = format!("power_side.{animal}");
                rules.power_side[animal.index()] = r.one_of(&v, &key, &SIDE_RULES)?;
            }
        }
    }
    if let Some(v) = &f.tie_break {
        rules.tie_break = r.one_of(v, "tie_break", &TIE_BREAKS)?;
    }
    if let Some(v) = &f.round_limit {
        rules.round_limit = r.int(v, "round_limit", &ROUND_LIMIT)? as u32;
    }
    if let Some(list) = &f.colours {
        rules.colours = r.colours(list, MAX_PLAYERS)?;
    }
    Ok(())
}

impl floe_core::RulesFile for Rules {
    fn builtin() -> Rules {
        Rules::standard()
    }

    fn read(text: &str, default_name: Option<&str>) -> Result<Rules, RulesError> {
        let mut reader = Reader::new(text);
        let parsed: RulesFile = rules_file::parse(text)?;
        let mut rules = Rules::standard();
        if let Some(name) = default_name {
            rules.name = name.to_string();
        }
        read(&mut reader, parsed, &mut rules)?;
        rules.check().map_err(|p| reader.blame(&p))?;
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_core::RuleSet;

    /// The committed rules file of the standard rules.
    const STANDARD_FILE: &str = include_str!("../../../experiments/rules/arctic.toml");

    fn error(text: &str) -> RulesError {
        Rules::from_toml(text).unwrap_err()
    }

    /// Checks that `e` names the file, `line` and `key` in its message.
    fn names(e: &RulesError, line: usize, key: &str) {
        assert_eq!((e.line, e.key.as_str()), (Some(line), key), "{e}");
        let start = format!("line {line}: {key}: ");
        assert!(e.to_string().starts_with(&start), "{e}");
    }

    #[test]
    fn the_committed_file_is_the_standard_rules_with_every_key() {
        let r = Rules::from_toml(STANDARD_FILE).unwrap();
        assert_eq!(r, Rules::standard());
        let keys = |text: &str| {
            let table: toml::Table = toml::from_str(text).unwrap();
            let mut keys: Vec<String> = table
                .iter()
                .flat_map(|(k, v)| match v.as_table() {
                    Some(t) => t.keys().map(|s| format!("{k}.{s}")).collect(),
                    None => vec![k.clone()],
                })
                .collect();
            keys.sort();
            keys
        };
        assert_eq!(keys(STANDARD_FILE), keys(&Rules::standard().to_toml()));
    }

    #[test]
    fn missing_keys_take_the_pages_defaults() {
        assert_eq!(Rules::from_toml("").unwrap(), Rules::standard());
        let r = Rules::from_toml("hand_limit = 9\n[power_side]\nfox = \"A\"\n").unwrap();
        assert_eq!(r.hand_limit(), 9);
        assert_eq!(r.power_side(Animal::Fox), SideRule::Fixed(Side::A));
        assert_eq!(r.power_side(Animal::Bear), SideRule::Random);
        assert_eq!(r.name(), "standard");
        let named = <Rules as floe_core::RulesFile>::read("", Some("mine")).unwrap();
        assert_eq!(named.name(), "mine");
        let named = <Rules as floe_core::RulesFile>::read("name = \"x\"", Some("mine")).unwrap();
        assert_eq!(named.name(), "x");
    }

    #[test]
    fn standard_matches_the_pages_parameters() {
        let r = Rules::standard();
        let decks: Vec<usize> = (2..=4).map(|n| r.deck_size(n)).collect();
        assert_eq!(decks, [60, 90, 120]);
        let reserves: Vec<usize> = (2..=4).map(|n| r.reserve_size(n)).collect();
        assert_eq!(reserves, [5, 10, 15]);
        let draw_piles: Vec<usize> = (2..=4)
            .map(|n| r.deck_size(n) - r.reserve_size(n) - n * r.hand_size() - r.river_size())
            .collect();
        assert_eq!(draw_piles, [43, 65, 87]);
        assert_eq!(r.run_points(9), 15);
        assert_eq!(r.check(), Ok(()));
    }

    #[test]
    fn a_deck_too_small_to_deal_is_refused() {
        let e = error("name = \"x\"\nsets = [[1, 2], [1, 2, 3], [1]]\n");
        names(&e, 2, "sets[2] (4 players)");
        assert!(
            e.message.contains("at 4 players the deck (sets 1: 30 cards) cannot deal the Reserve (15), 4 hands of 3 and a River of 6: 33 cards are needed"),
            "{e}"
        );
        let e = error("hand_size = 3\n\nreserve_per_extra_player = 35\n");
        names(&e, 3, "reserve_per_extra_player");
        assert!(e.message.contains("at 4 players"), "{e}");
        // The sets are blamed first when the file sets them.
        let e = error("hand_limit = 14\nhand_size = 14\nsets = [[1], [1, 2, 3], [1, 2, 3, 4]]\n");
        names(&e, 3, "sets[0] (2 players)");
        let e = error(
            "hand_limit = 14\nhand_size = 12\nriver_size = 10\nsets = [[1, 2], [1, 2, 3], [1, 2]]",
        );
        names(&e, 4, "sets[2] (4 players)");
    }

    #[test]
    fn a_hand_limit_below_the_hand_is_refused() {
        let e = error("hand_size = 5\nhand_limit = 4\n");
        names(&e, 2, "hand_limit");
        assert!(e.message.contains("below the starting hand of 5"), "{e}");
        let e = error("hand_size = 8\n");
        names(&e, 1, "hand_size");
        assert!(e.message.contains("a hand limit of 7"), "{e}");
        let e = error("hand_limit = 15\n");
        names(&e, 1, "hand_limit");
        assert_eq!(e.message, "15 is out of range: allowed 1..=14");
        let e = error("\nhand_size = 0\n");
        names(&e, 2, "hand_size");
    }

    #[test]
    fn a_landscape_without_six_values_is_refused() {
        let e = error("name = \"x\"\nlandscape_values = [0, 1, 3, 6, 10]\n");
        names(&e, 2, "landscape_values");
        assert_eq!(e.message, "needs exactly 6 values, found 5");
        let e = error("landscape_values = [0, 1, 3, 6, 10, 15, 21]");
        names(&e, 1, "landscape_values");
        let e = error("landscape_values = [0, 1, 3, 6, 10,\n 1001]");
        names(&e, 2, "landscape_values[5]");
    }

    #[test]
    fn an_unknown_power_side_is_refused() {
        let e = error("[power_side]\nfox = \"A\"\nmoose = \"C\"\n");
        names(&e, 3, "power_side.moose");
        assert_eq!(e.message, "unknown value \"C\": allowed A, B, random");
        let e = error("[power_side]\nseal = \"A\"\n");
        names(&e, 2, "(file)");
        assert!(e.message.contains("seal"), "{e}");
    }

    #[test]
    fn a_round_limit_of_zero_is_refused() {
        let e = error("name = \"x\"\nround_limit = 0\n");
        names(&e, 2, "round_limit");
        assert_eq!(e.message, "0 is out of range: allowed 1..=1000000");
    }

    #[test]
    fn unknown_keys_bad_types_and_syntax_are_refused() {
        let e = error("hand_size = 3\nhand_sise = 3\n");
        names(&e, 2, "(file)");
        assert!(e.message.contains("hand_sise"), "{e}");
        let e = error("hand_size = \"three\"\n");
        names(&e, 1, "hand_size");
        let e = error("name = \"a\"\nround_limit = = 3\n");
        names(&e, 2, "round_limit");
    }

    #[test]
    fn values_beyond_the_engines_capacity_are_refused() {
        let e = error("river_size = 11");
        names(&e, 1, "river_size");
        assert_eq!(e.message, "11 is out of range: allowed 1..=10");
        names(&error("river_size = 0"), 1, "river_size");
        let e = error("empty_top_placement = 0");
        names(&e, 1, "empty_top_placement");
        assert_eq!(e.message, "0 is out of range: allowed 1..=5");
        names(&error("empty_top_placement = 6"), 1, "empty_top_placement");
        names(
            &error("reserve_per_extra_player = -1"),
            1,
            "reserve_per_extra_player",
        );
        names(&error("round_limit = 1000001"), 1, "round_limit");
    }

    #[test]
    fn points_tables_have_seven_entries_in_any_order() {
        let e = error("run_points = [0, 0, 1, 3, 6, 10]");
        names(&e, 1, "run_points");
        assert_eq!(e.message, "needs exactly 7 values, found 6");
        let decreasing = "diversity_points = [0, 0, 1, 3, 6, 10, 9]";
        let rules = Rules::from_toml(decreasing).unwrap();
        assert_eq!(rules.diversity_points(6), 9);
        let e = error("penalty_points = 1");
        names(&e, 1, "penalty_points");
        assert_eq!(e.message, "1 is out of range: allowed -1000..=0");
        names(
            &error("run_points = [0, 0, 1, 3, 6, 10, 1001]"),
            1,
            "run_points[6]",
        );
    }

    #[test]
    fn bad_sets_are_refused() {
        let e = error("sets = [[1, 2], [1, 2, 3]]");
        names(&e, 1, "sets");
        assert!(e.message.contains("needs 3 lists"), "{e}");
        let e = error("sets = [\n[1, 2],\n[1, 2, 2],\n[1, 2, 3, 4]]");
        names(&e, 3, "sets[1][2] (3 players)");
        assert_eq!(e.message, "set 2 is listed twice");
        let e = error("sets = [[1, 5], [1, 2, 3], [1, 2, 3, 4]]");
        names(&e, 1, "sets[0][1] (2 players)");
        assert_eq!(e.message, "5 is out of range: allowed 1..=4");
        let e = error("sets = [[], [1, 2, 3], [1, 2, 3, 4]]");
        names(&e, 1, "sets[0] (2 players)");
        let r = Rules::from_toml("sets = [[3, 4], [4, 1, 2], [2, 3, 4, 1]]").unwrap();
        assert_eq!(r.sets(2), 0b1100);
        assert_eq!(r.sets(4), 0b1111);
    }

    #[test]
    fn bad_tie_breaks_names_and_colours_are_refused() {
        let e = error("tie_break = \"seat\"");
        names(&e, 1, "tie_break");
        assert_eq!(
            e.message,
            "unknown value \"seat\": allowed turn-order, shared"
        );
        names(&error("name = \" \""), 1, "name");
        let e = error("colours = [\"red\", \"blue\", \"green\"]");
        names(&e, 1, "colours");
        assert!(e.message.contains("found 3"), "{e}");
        let e = error("colours = [\"red\", \"blue\",\n\"red\", \"pink\"]");
        names(&e, 2, "colours[2]");
    }
}
