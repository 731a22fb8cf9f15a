//! Rule data: every row of the rules page's Parameters table, and the TOML loader.
//!
//! The built-in [`Rules::standard`] equals the page. Everything the page marks as assumed
//! (sets per player count, power sides, tie-break) is data here, so a user changes it with
//! a rules file instead of recompiling.

use floe_core::MAX_COLOURS;

use crate::cards::{ANIMAL_COUNT, Animal};

/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Landscape positions (cards), worth `landscape_values[i]` each.
pub const LANDSCAPE_LEN: usize = 6;
/// Where every token starts: position 2.
pub const TOKEN_START: u8 = 2;
/// Entries of a points table: for run length (or animal count) 0 to 6, the last standing
/// for 6 or more.
pub const POINTS_LEN: usize = 7;

/// Which side of one power card is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Side A.
    A,
    /// Side B.
    B,
}

/// How a rules file sets a power card's side: fixed, or drawn at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SideRule {
    /// Always this side.
    Fixed(Side),
    /// Each side with probability 1/2, drawn at setup from the game's chance stream.
    Random,
}

/// Who wins a tie for the top score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The tied player earliest in turn order (seat 0 first).
    TurnOrder,
    /// Every tied player shares the win.
    Shared,
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
        self.sets(players).count_ones() as usize * crate::cards::SET_SIZE
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

// Colours are dealt from a fixed-size array: the standard list must fit it.
const _: () = assert!(STANDARD_COLOURS.len() <= MAX_COLOURS);
