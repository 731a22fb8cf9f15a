//! The animals and the 120 animal cards: ids, values and companions, and sets of cards.
//!
//! A card is (set d in 1..=4, main animal a, draw value k in 1..=5), one card per triple,
//! with id 30(d-1) + 5(a-1) + (k-1). Its placement value is 6 - k, and its companion is
//! the animal `o` places after the main one in the fixed order (wrapping), with offset
//! o = ((k + d - 2) mod 5) + 1 (the rules page's table; so the companion is never the main
//! animal).

use std::fmt;

use serde::{Serialize, Serializer};

/// Number of animals.
pub const ANIMAL_COUNT: usize = 6;
/// Number of animal cards in all four sets.
pub const CARD_COUNT: usize = 120;
/// Cards in one set.
pub const SET_SIZE: usize = 30;

/// An animal, in the rules' fixed order (the deck formula and the Landscape use it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Animal {
    /// 1: fox.
    Fox,
    /// 2: moose.
    Moose,
    /// 3: walrus.
    Walrus,
    /// 4: orca.
    Orca,
    /// 5: puffin.
    Puffin,
    /// 6: bear.
    Bear,
}

/// Every animal in the fixed order.
pub const ANIMALS: [Animal; ANIMAL_COUNT] = [
    Animal::Fox,
    Animal::Moose,
    Animal::Walrus,
    Animal::Orca,
    Animal::Puffin,
    Animal::Bear,
];

impl Animal {
    /// Returns the animal's place in the fixed order, from 0 (fox) to 5 (bear).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Returns the animal at place `i` (0 to 5) of the fixed order.
    ///
    /// # Panics
    /// Panics if `i` is 6 or more.
    pub fn at(i: usize) -> Animal {
        ANIMALS[i]
    }

    /// Returns the animal's name as rules files and replays write it (`"fox"`).
    pub fn name(self) -> &'static str {
        ["fox", "moose", "walrus", "orca", "puffin", "bear"][self.index()]
    }

    /// Returns the animal named `name` (as [`Animal::name`] writes it).
    pub fn from_name(name: &str) -> Option<Animal> {
        ANIMALS.into_iter().find(|a| a.name() == name)
    }
}

impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

floe_core::serialize_by_name!(Animal);

/// The main animal of each card id ([`Card::animal`]): `id % 30 / 5` looked up, as
/// scoring reads it for every card of a pile.
const ANIMAL_OF_ID: [Animal; 128] = {
    let mut table = [Animal::Fox; 128];
    let mut id = 0;
    while id < 128 {
        table[id] = ANIMALS[id % 30 / 5];
        id += 1;
    }
    table
};

/// One animal card, by its id (0 to 119).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// Returns the card of set `set` (1 to 4), main animal `animal` and draw value `draw`
    /// (1 to 5).
    ///
    /// # Panics
    /// Panics if `set` or `draw` is out of range.
    pub fn new(set: u8, animal: Animal, draw: u8) -> Card {
        assert!((1..=4).contains(&set), "a set is 1 to 4, not {set}");
        assert!(
            (1..=5).contains(&draw),
            "a draw value is 1 to 5, not {draw}"
        );
        Card(30 * (set - 1) + 5 * animal as u8 + (draw - 1))
    }

    /// Returns the card with id `id`, if it is below 120.
    pub fn from_id(id: u8) -> Option<Card> {
        (usize::from(id) < CARD_COUNT).then_some(Card(id))
    }

    /// Returns the card's id, 30(d-1) + 5(a-1) + (k-1).
    pub fn id(self) -> u8 {
        self.0
    }

    /// Returns the card's set d, 1 to 4 (printed on its back).
    pub fn set(self) -> u8 {
        self.0 / 30 + 1
    }

    /// Returns the card's main animal.
    pub fn animal(self) -> Animal {
        // Ids are below 128, so the mask changes nothing but spares the bounds check.
        ANIMAL_OF_ID[usize::from(self.0 & 0x7F)]
    }

    /// Returns the draw value k, 1 to 5.
    pub fn draw_value(self) -> u8 {
        self.0 % 5 + 1
    }

    /// Returns the placement value p = 6 - k.
    pub fn placement_value(self) -> u8 {
        6 - self.draw_value()
    }

    /// Returns the companion offset o = ((k + d - 2) mod 5) + 1, 1 to 5.
    pub fn offset(self) -> u8 {
        (self.draw_value() + self.set() - 2) % 5 + 1
    }

    /// Returns the companion animal: `offset` places after the main one, wrapping.
    pub fn companion(self) -> Animal {
        Animal::at((self.animal().index() + usize::from(self.offset())) % ANIMAL_COUNT)
    }

    /// Returns every card of the sets in `sets` (bit s - 1 for set s), by id.
    pub fn of_sets(sets: u8) -> impl Iterator<Item = Card> {
        (0..CARD_COUNT as u8)
            .map(Card)
            .filter(move |c| sets & (1 << (c.set() - 1)) != 0)
    }
}

impl fmt::Display for Card {
    /// `walrus 5/1 bear`: main animal, placement and draw values, companion. The four
    /// together name one card.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}/{} {}",
            self.animal(),
            self.placement_value(),
            self.draw_value(),
            self.companion()
        )
    }
}

impl Serialize for Card {
    /// Serializes the card as it prints, and as the answer that picks it prints
    /// (`"walrus 5/1 bear"`: main animal, placement and draw values, companion).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A set of cards: one bit per card id.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u128);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// Returns the set holding `cards`.
    pub fn of(cards: impl IntoIterator<Item = Card>) -> CardSet {
        let mut set = CardSet::EMPTY;
        for c in cards {
            set.insert(c);
        }
        set
    }

    /// Adds `card`.
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    /// Removes `card`; returns whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.0);
        had
    }

    /// Returns whether `card` is in the set.
    pub fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Returns the number of cards.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Returns whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Returns the cards of both sets.
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Returns the cards of `self` not in `other`.
    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Returns the cards in both sets.
    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Returns the cards whose main animal is `animal`.
    pub fn of_animal(self, animal: Animal) -> CardSet {
        CardSet(self.0 & ANIMAL_MASKS[animal.index()])
    }

    /// Returns the cards in id order.
    ///
    /// Walks the set as two 64-bit halves, the low one first: finding and clearing the
    /// lowest bit of a 128-bit number takes both halves at every card, and an encoding
    /// walks a hundred cards' sets at every step.
    pub fn iter(self) -> impl Iterator<Item = Card> + Clone {
        /// The cards of one half, whose bit 0 is card `base`.
        fn half(mut bits: u64, base: u8) -> impl Iterator<Item = Card> + Clone {
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let id = base + bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    Card(id)
                })
            })
        }
        half(self.0 as u64, 0).chain(half((self.0 >> 64) as u64, 64))
    }

    /// Returns the `i`-th card in id order, if there are more than `i`.
    pub fn nth(self, i: usize) -> Option<Card> {
        self.iter().nth(i)
    }
}

impl Serialize for CardSet {
    /// Serializes the set as the list of its cards, in id order.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Per animal, the bits of its cards (ids 5a..5a+4 of every set).
const ANIMAL_MASKS: [u128; ANIMAL_COUNT] = {
    let mut masks = [0u128; ANIMAL_COUNT];
    let mut id = 0;
    while id < CARD_COUNT {
        masks[id % 30 / 5] |= 1 << id;
        id += 1;
    }
    masks
};

/// A card in a pile: the card and whether it lies face down (placed with fox A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PileCard(u8);

/// The bit of a [`PileCard`] that marks it face down (ids stay below 128).
const FACE_DOWN: u8 = 0x80;

impl PileCard {
    /// Returns `card` lying face up.
    pub fn up(card: Card) -> PileCard {
        PileCard(card.0)
    }

    /// Returns `card` lying face down.
    pub fn down(card: Card) -> PileCard {
        PileCard(card.0 | FACE_DOWN)
    }

    /// Returns the card.
    pub fn card(self) -> Card {
        Card(self.0 & !FACE_DOWN)
    }

    /// Returns whether the card lies face down.
    pub fn is_face_down(self) -> bool {
        self.0 & FACE_DOWN != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules test 1, the deck half: 120 distinct ids, the offset table of the page, and
    /// every ordered (main, companion) pair 4 times.
    #[test]
    fn rules_test_01_deck() {
        let all: Vec<Card> = Card::of_sets(0b1111).collect();
        assert_eq!(all.len(), 120);
        let ids = CardSet::of(all.iter().copied());
        assert_eq!(ids.len(), 120, "ids are distinct");
        for set in 1..=4 {
            for animal in ANIMALS {
                for draw in 1..=5 {
                    let c = Card::new(set, animal, draw);
                    assert_eq!((c.set(), c.animal(), c.draw_value()), (set, animal, draw));
                    assert_eq!(c.placement_value() + c.draw_value(), 6);
                }
            }
        }
        // The page's table: offset by set (rows) and k (columns).
        let table: [[u8; 5]; 4] = [
            [1, 2, 3, 4, 5],
            [2, 3, 4, 5, 1],
            [3, 4, 5, 1, 2],
            [4, 5, 1, 2, 3],
        ];
        for (d, row) in table.iter().enumerate() {
            for (k, &o) in row.iter().enumerate() {
                let c = Card::new(d as u8 + 1, Animal::Fox, k as u8 + 1);
                assert_eq!(c.offset(), o, "set {} k {}", d + 1, k + 1);
            }
        }
        let mut pairs = [[0; 6]; 6];
        for c in &all {
            assert_ne!(c.companion(), c.animal());
            pairs[c.animal().index()][c.companion().index()] += 1;
        }
        for (a, row) in pairs.iter().enumerate() {
            for (b, &n) in row.iter().enumerate() {
                assert_eq!(n, if a == b { 0 } else { 4 }, "pair {a} {b}");
            }
        }
        // The page's example: set 3, walrus, k = 1 has o = 3, companion bear.
        let c = Card::new(3, Animal::Walrus, 1);
        assert_eq!((c.offset(), c.companion()), (3, Animal::Bear));
        assert_eq!(c.to_string(), "walrus 5/1 bear");
    }

    #[test]
    fn sets_and_pile_cards_keep_their_cards() {
        let a = Card::new(1, Animal::Orca, 2);
        let b = Card::new(4, Animal::Bear, 5);
        let mut s = CardSet::of([a, b]);
        assert_eq!(s.iter().collect::<Vec<_>>(), [a, b]);
        assert_eq!(s.of_animal(Animal::Bear).iter().collect::<Vec<_>>(), [b]);
        assert!(s.remove(a) && !s.remove(a));
        assert_eq!(s.len(), 1);
        assert_eq!(Card::of_sets(0b0011).count(), 60);
        let down = PileCard::down(b);
        assert!(down.is_face_down() && !PileCard::up(b).is_face_down());
        assert_eq!(down.card(), b);
    }
}
