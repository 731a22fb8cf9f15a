//! Action cards and Ice Mask discs: their kinds, and the tables the rules hold them in.

use std::fmt;

/// How a card moves its actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Movement {
    /// One straight step.
    March,
    /// One diagonal step.
    Swoop,
    /// One step of either kind.
    Gallop,
    /// One or two straight steps in one line.
    Dash,
    /// No move: an ambush along a straight line.
    Sling,
    /// Plays a card with points of another side.
    Pinch,
}

/// Every movement, in the order the rules file names them.
pub const MOVEMENTS: [Movement; 6] = [
    Movement::March,
    Movement::Swoop,
    Movement::Gallop,
    Movement::Dash,
    Movement::Sling,
    Movement::Pinch,
];

impl Movement {
    /// Returns the movement's name as the page and rules file write it.
    pub fn name(self) -> &'static str {
        ["March", "Swoop", "Gallop", "Dash", "Sling", "Pinch"][self as usize]
    }

    /// Returns the movement named `name`.
    pub fn from_name(name: &str) -> Option<Movement> {
        MOVEMENTS.into_iter().find(|m| m.name() == name)
    }
}

floe_core::serialize_by_name!(Movement);

/// A card's ambush mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Mode {
    /// Move only.
    A,
    /// Move, or move to ambush.
    B,
    /// Ambush without moving (a Sling).
    C,
    /// No mode of its own (a Pinch, which plays another card).
    None,
}

impl Mode {
    /// Returns the mode's name as the page writes it (`–` for none).
    pub fn name(self) -> &'static str {
        ["A", "B", "C", "-"][self as usize]
    }

    /// Returns the mode named `name` (`-` or `–` for none).
    pub fn from_name(name: &str) -> Option<Mode> {
        match name {
            "A" => Some(Mode::A),
            "B" => Some(Mode::B),
            "C" => Some(Mode::C),
            "-" | "–" => Some(Mode::None),
            _ => None,
        }
    }
}

floe_core::serialize_by_name!(Mode);

/// A card's storm colour: which way a storm turns the board when it is on top of the
/// draw pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum StormColour {
    /// A quarter turn clockwise.
    Blue,
    /// A quarter turn counter-clockwise.
    Red,
    /// A half turn.
    Purple,
}

/// The storm colours in card-id order within a row.
pub const STORM_COLOURS: [StormColour; 3] =
    [StormColour::Blue, StormColour::Red, StormColour::Purple];

impl StormColour {
    /// Returns the clockwise quarter turns a storm of this colour makes.
    pub fn quarters(self) -> u8 {
        match self {
            StormColour::Blue => 1,
            StormColour::Red => 3,
            StormColour::Purple => 2,
        }
    }

    /// Returns the colour's name.
    pub fn name(self) -> &'static str {
        ["blue", "red", "purple"][self as usize]
    }
}

floe_core::serialize_by_name!(StormColour);

/// One row of the action deck table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeckRow {
    /// The movement.
    pub movement: Movement,
    /// The ambush mode.
    pub mode: Mode,
    /// Storm points.
    pub points: u8,
    /// Cards of each storm colour (blue, red, purple).
    pub counts: [u8; 3],
}

/// One card, as the engine reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    /// The movement.
    pub movement: Movement,
    /// The ambush mode.
    pub mode: Mode,
    /// Storm points.
    pub points: u8,
    /// The storm colour.
    pub colour: StormColour,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.movement {
            Movement::Pinch => write!(f, "Pinch"),
            m => write!(f, "{} {} {}", m.name(), self.mode.name(), self.points),
        }
    }
}

/// Most cards a deck may hold: card ids fit a 128-bit set.
pub const MAX_CARDS: usize = 128;

/// The page's action deck table.
pub fn standard_deck() -> Vec<DeckRow> {
    use Mode::{A, B, C};
    use Movement::{Dash, Gallop, March, Pinch, Sling, Swoop};
    let row = |movement, mode, points, counts| DeckRow {
        movement,
        mode,
        points,
        counts,
    };
    vec![
        row(March, A, 1, [9, 9, 4]),
        row(Swoop, A, 1, [6, 6, 4]),
        row(Gallop, A, 2, [4, 4, 2]),
        row(Dash, A, 2, [5, 5, 2]),
        row(March, B, 2, [4, 4, 2]),
        row(Swoop, B, 2, [4, 4, 2]),
        row(Gallop, B, 3, [2, 2, 2]),
        row(Dash, B, 3, [2, 2, 2]),
        row(Sling, C, 4, [4, 4, 2]),
        row(Pinch, Mode::None, 0, [4, 4, 0]),
    ]
}

/// Lists the cards of `deck` by id: rows in table order, within a row blue, red, purple.
pub fn cards_of(deck: &[DeckRow]) -> Vec<Card> {
    let mut cards = Vec::new();
    for row in deck {
        for (colour, &n) in STORM_COLOURS.iter().zip(&row.counts) {
            for _ in 0..n {
                cards.push(Card {
                    movement: row.movement,
                    mode: row.mode,
                    points: row.points,
                    colour: *colour,
                });
            }
        }
    }
    cards
}

/// An Ice Mask disc's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Disc {
    /// One extra play.
    Husky,
    /// A play may cross cracks.
    Snowshoes,
    /// Stores a card for a later play.
    Backpack,
    /// Protects a pawn.
    Igloo,
    /// Opens any weak ice, or breaks an igloo.
    Pickaxe,
    /// Turns the North Pole disc.
    Compass,
    /// Hazard: the board turns.
    Storm,
    /// Hazard: a hole in the ice.
    Hole,
    /// Hazard: the polar bear.
    Bear,
}

/// Every disc type: equipment, then hazards.
pub const DISCS: [Disc; 9] = [
    Disc::Husky,
    Disc::Snowshoes,
    Disc::Backpack,
    Disc::Igloo,
    Disc::Pickaxe,
    Disc::Compass,
    Disc::Storm,
    Disc::Hole,
    Disc::Bear,
];

/// Equipment types, in the page's type order (used for answer lists): the discs before
/// the hazards.
pub const EQUIPMENT: [Disc; 6] = *DISCS.first_chunk().expect("six equipment types");

impl Disc {
    /// Returns the type's name as the page writes it.
    pub fn name(self) -> &'static str {
        [
            "Husky",
            "Snowshoes",
            "Backpack",
            "Igloo",
            "Pickaxe",
            "Compass",
            "Storm",
            "Hole",
            "Bear",
        ][self as usize]
    }

    /// Returns the type named `name`.
    pub fn from_name(name: &str) -> Option<Disc> {
        DISCS.into_iter().find(|d| d.name() == name)
    }

    /// Returns whether the disc is a hazard (blue).
    pub fn is_hazard(self) -> bool {
        self as u8 >= Disc::Storm as u8
    }

    /// Returns the disc's index in [`DISCS`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Disc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Counts of one disc type by colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct MaskCount {
    /// Brown: starting equipment, on the team boards.
    pub brown: u8,
    /// Green: equipment found on the board or in the stack.
    pub green: u8,
    /// Blue: hazards.
    pub blue: u8,
}

/// The Ice Mask table: counts per type (in [`DISCS`] order) and the unused brown blanks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Masks {
    /// Counts of each type, indexed by [`Disc::index`].
    pub counts: [MaskCount; 9],
    /// Brown blanks: in the box, never used.
    pub blanks: u8,
}

impl Masks {
    /// The page's Ice Mask table.
    pub fn standard() -> Masks {
        let c = |brown, green, blue| MaskCount { brown, green, blue };
        Masks {
            counts: [
                c(5, 3, 0),
                c(1, 3, 0),
                c(1, 2, 0),
                c(1, 2, 0),
                c(1, 3, 0),
                c(1, 2, 0),
                c(0, 0, 2),
                c(0, 0, 2),
                c(0, 0, 1),
            ],
            blanks: 2,
        }
    }

    /// Returns every disc in the box, blanks included.
    pub fn total(&self) -> usize {
        self.counts
            .iter()
            .map(|c| usize::from(c.brown) + usize::from(c.green) + usize::from(c.blue))
            .sum::<usize>()
            + usize::from(self.blanks)
    }

    /// Returns the green discs.
    pub fn green(&self) -> usize {
        self.counts.iter().map(|c| usize::from(c.green)).sum()
    }

    /// Returns the blue discs.
    pub fn blue(&self) -> usize {
        self.counts.iter().map(|c| usize::from(c.blue)).sum()
    }
}

/// The page's team boards: a Husky and one other brown disc each (T1..T5).
pub fn standard_team_boards() -> Vec<[Disc; 2]> {
    [
        Disc::Snowshoes,
        Disc::Backpack,
        Disc::Igloo,
        Disc::Pickaxe,
        Disc::Compass,
    ]
    .into_iter()
    .map(|d| [Disc::Husky, d])
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_tables_hold_the_pages_totals() {
        let cards = cards_of(&standard_deck());
        assert_eq!(cards.len(), 110);
        let points: u32 = cards.iter().map(|c| u32::from(c.points)).sum();
        assert_eq!(points, 198);
        for (colour, n) in STORM_COLOURS.iter().zip([44, 44, 22]) {
            assert_eq!(cards.iter().filter(|c| c.colour == *colour).count(), n);
        }
        let m = Masks::standard();
        assert_eq!(m.total(), 32);
        assert_eq!((m.green(), m.blue()), (15, 5));
    }
}
