//! Rule data: every row of the rules page's Parameters table, the map and the tables.
//!
//! [`Rules::standard`] equals the page. The rules file loader (`rules_file.rs`) reads a
//! TOML file into these fields and refuses, by file line and key, whatever the page
//! refuses; the declared parameters (`params.rs`) change them one at a time under the
//! same checks. The derived tables ([`Geometry`], the card list) are rebuilt by
//! [`Rules::derive`] whenever the data changes.

use crate::deck::{Card, DeckRow, Disc, Masks, cards_of, standard_deck, standard_team_boards};
pub use crate::map::DiscKind;
use crate::map::{Geometry, Map};

/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 4;

/// How the second starting disc's team board is given to each seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamAssignment {
    /// Boards dealt at random, without replacement.
    Random,
    /// Seat `i` gets board `boards[i]` (indices into `team_boards`, distinct).
    Fixed([u8; MAX_PLAYERS]),
}

/// Which way a Storm disc turns the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HazardDirection {
    /// By the storm colour of the draw pile's top card, as a weather storm.
    TopCard,
    /// Always a fixed number of clockwise quarter turns (1, 2 or 3).
    Fixed(u8),
}

/// Who wins a tie at the round limit after Pole count and ship count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// Every player still tied wins.
    Shared,
    /// The tied player earliest in seat order wins.
    TurnOrder,
}

/// The rules of Race to the North Pole, as data.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// The rule set's name (written into every result row).
    pub name: String,
    /// The board map.
    pub map: Map,
    /// The table side (0 S, 1 W, 2 N, 3 E) of each seat, per player count 2, 3, 4.
    pub sides: [[u8; MAX_PLAYERS]; 3],
    /// Pawns on each ship at setup, per player count 2, 3, 4 (the rest of 4 start on
    /// the scoreboard).
    pub pawns_on_ship: [u8; 3],
    /// Storm pile total that triggers a storm, per player count 2, 3, 4.
    pub storm_threshold: [u8; 3],
    /// Cards per side at setup, after a redraw and after phase 4.
    pub hand_size: u8,
    /// Discs a player may keep.
    pub equipment_limit: u8,
    /// Discs in the ambush stack.
    pub stack_size: u8,
    /// The action deck table.
    pub deck: Vec<DeckRow>,
    /// The Ice Mask table.
    pub masks: Masks,
    /// Each team board's two brown discs.
    pub team_boards: Vec<[Disc; 2]>,
    /// How team boards are given out.
    pub team_assignment: TeamAssignment,
    /// Whether the top board and the disc start at a random rotation and orientation.
    pub random_start: bool,
    /// The North Pole disc.
    pub disc: DiscKind,
    /// Two against two (4 players, seats 0 + 2 against 1 + 3, 3 pawns each on the ship,
    /// the two-boot disc).
    pub team_play: bool,
    /// Whether the draw pile's top card shows its storm colour to all.
    pub storm_colour_public: bool,
    /// Which way a Storm disc turns the board.
    pub storm_hazard_direction: HazardDirection,
    /// Whether the first pawn to reach the Pole earns a face-down disc there
    /// (`first-pawn`); `false` is `off`.
    pub scoreboard_mask: bool,
    /// Rounds after which an unfinished game ends and is scored.
    pub round_limit: u32,
    /// Who wins a tie at the round limit.
    pub tie_break: TieBreak,
    /// Pawn colours (cosmetic), one per seat of the largest table at least.
    pub colours: Vec<String>,
    /// Derived: the map at every rotation.
    pub(crate) geo: Geometry,
    /// Derived: the cards by id.
    pub(crate) cards: Vec<Card>,
}

impl Rules {
    /// The rules of the page.
    pub fn standard() -> Rules {
        let mut rules = Rules {
            name: "standard".into(),
            map: Map::classic(),
            sides: [[0, 2, 0, 0], [0, 1, 2, 0], [0, 1, 2, 3]],
            pawns_on_ship: [4, 3, 2],
            storm_threshold: [8, 10, 12],
            hand_size: 3,
            equipment_limit: 3,
            stack_size: 10,
            deck: standard_deck(),
            masks: Masks::standard(),
            team_boards: standard_team_boards(),
            team_assignment: TeamAssignment::Random,
            random_start: true,
            disc: DiscKind::OneBoot,
            team_play: false,
            storm_colour_public: true,
            storm_hazard_direction: HazardDirection::TopCard,
            scoreboard_mask: true,
            round_limit: 300,
            tie_break: TieBreak::Shared,
            colours: ["white", "blue", "orange", "black"]
                .map(String::from)
                .to_vec(),
            geo: Geometry::new(&Map::classic()),
            cards: Vec::new(),
        };
        rules.derive();
        rules
    }

    /// Rebuilds the derived tables from the data.
    pub(crate) fn derive(&mut self) {
        self.geo = Geometry::new(&self.map);
        self.cards = cards_of(&self.deck);
    }

    /// Returns the table side of `seat` at a table of `players`.
    pub fn side(&self, players: usize, seat: usize) -> u8 {
        self.sides[players - MIN_PLAYERS][seat]
    }

    /// Returns the pawns each player has in play (on the ship at setup).
    pub fn pawns_in_play(&self, players: usize) -> u8 {
        if self.team_play {
            3
        } else {
            self.pawns_on_ship[players - MIN_PLAYERS]
        }
    }

    /// Returns the storm threshold at a table of `players`.
    pub fn threshold(&self, players: usize) -> u8 {
        self.storm_threshold[players - MIN_PLAYERS]
    }

    /// Returns the disc in play: two boots in team play.
    pub fn disc_kind(&self) -> DiscKind {
        if self.team_play {
            DiscKind::TwoBoot
        } else {
            self.disc
        }
    }

    /// Returns the number of cards in the deck.
    pub fn card_count(&self) -> usize {
        self.cards.len()
    }

    /// Returns card `id`.
    pub fn card(&self, id: u8) -> Card {
        self.cards[usize::from(id)]
    }
}
