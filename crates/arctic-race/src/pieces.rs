//! The small pieces of Arctic Race: racers, cards, icons and the answers to questions.

use std::fmt;

use floe_core::Seat;
use serde::{Serialize, Serializer};

/// Racers (and so races) per player.
pub const RACERS: usize = 5;

/// One of a player's five racers; `Racer(0)` is racer 1, the cross-country skier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Racer(pub u8);

impl Racer {
    /// Returns the racer with the printed number `number` (1..=5).
    ///
    /// # Panics
    /// Panics if `number` is not in 1..=5.
    pub fn numbered(number: u8) -> Racer {
        assert!(
            (1..=RACERS as u8).contains(&number),
            "racer numbers are 1..=5"
        );
        Racer(number - 1)
    }

    /// Returns the printed number (1..=5), which is also the race it runs in.
    pub fn number(self) -> u8 {
        self.0 + 1
    }

    /// Returns the racer as an index into per-racer arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Iterates over racers 1..=5.
    pub fn all() -> impl Iterator<Item = Racer> {
        (0..RACERS as u8).map(Racer)
    }
}

impl fmt::Display for Racer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "racer {}", self.number())
    }
}

/// A race card. Each player holds one of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Card {
    /// Moves racer 1, 2 or 3 one space; no action B.
    OneTwoThree = 0,
    /// A: racer 2 moves two spaces. B: collect all played cards, this one included.
    Snowboarder = 1,
    /// A: racer 3 moves three spaces. B: roll the die.
    Skier = 2,
    /// A: racer 4 moves four spaces. B: shift the river.
    DogSled = 3,
    /// A: racer 5 moves five spaces. B: give the start token away.
    Snowmobile = 4,
}

/// Cards per player.
pub const CARDS: usize = 5;

/// A set of one player's cards, as a bit mask over [`Card`] discriminants.
pub type CardSet = u8;

/// The set holding all five cards.
pub const ALL_CARDS: CardSet = (1 << CARDS) - 1;

impl Card {
    /// All five cards, in discriminant order.
    pub const ALL: [Card; CARDS] = [
        Card::OneTwoThree,
        Card::Snowboarder,
        Card::Skier,
        Card::DogSled,
        Card::Snowmobile,
    ];

    /// Returns the card's bit in a [`CardSet`].
    pub fn bit(self) -> CardSet {
        1 << self as u8
    }

    /// Returns the racer action A moves, or `None` for the 1-2-3 card.
    pub fn racer(self) -> Option<Racer> {
        match self {
            Card::OneTwoThree => None,
            other => Some(Racer(other as u8)),
        }
    }

    /// Iterates over the cards of `set`.
    pub fn in_set(set: CardSet) -> impl Iterator<Item = Card> {
        Card::ALL.into_iter().filter(move |c| set & c.bit() != 0)
    }
}

impl Card {
    /// Returns the card's short name, as a board lists cards ("skier").
    pub fn name(self) -> &'static str {
        match self {
            Card::OneTwoThree => "1-2-3",
            Card::Snowboarder => "snowboarder",
            Card::Skier => "skier",
            Card::DogSled => "dog sled",
            Card::Snowmobile => "snowmobile",
        }
    }
}

impl Card {
    /// Returns what the card's action A does, as the rules page's card table says.
    pub fn action_a(self) -> &'static str {
        match self {
            Card::OneTwoThree => "move racer 1, 2 or 3 one space",
            Card::Snowboarder => "move racer 2 two spaces",
            Card::Skier => "move racer 3 three spaces",
            Card::DogSled => "move racer 4 four spaces",
            Card::Snowmobile => "move racer 5 five spaces",
        }
    }

    /// Returns what the card's action B does, as the rules page's card table says
    /// (the 1-2-3 card has none).
    pub fn action_b(self) -> &'static str {
        match self {
            Card::OneTwoThree => "none",
            Card::Snowboarder => "collect the played cards",
            Card::Skier => "roll the die",
            Card::DogSled => "shift the river",
            Card::Snowmobile => "give the start token away",
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} card", self.name())
    }
}

floe_core::serialize_by_name!(Card);

/// A symbol on a track space or a tile space. Landing on it fires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Icon {
    /// Nothing happens.
    #[default]
    Blank,
    /// The same racer moves this many more spaces.
    Plus(u8),
    /// The mover's player gives the start token to someone other than its holder.
    Start,
    /// The river shifts.
    Arrow,
    /// The die is rolled for the mover's player.
    Die,
    /// The mover's player takes all played cards back.
    Hand,
}

impl Icon {
    /// The names accepted in rules files, in the order error messages list them.
    pub const NAMES: [&'static str; 8] =
        ["blank", "+1", "+2", "+3", "start", "arrow", "die", "hand"];

    /// Parses an icon name of a rules file.
    pub fn parse(name: &str) -> Option<Icon> {
        Some(match name {
            "blank" => Icon::Blank,
            "+1" => Icon::Plus(1),
            "+2" => Icon::Plus(2),
            "+3" => Icon::Plus(3),
            "start" => Icon::Start,
            "arrow" => Icon::Arrow,
            "die" => Icon::Die,
            "hand" => Icon::Hand,
            _ => return None,
        })
    }
}

impl fmt::Display for Icon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Icon::Blank => f.write_str("blank"),
            Icon::Plus(n) => write!(f, "+{n}"),
            Icon::Start => f.write_str("start"),
            Icon::Arrow => f.write_str("arrow"),
            Icon::Die => f.write_str("die"),
            Icon::Hand => f.write_str("hand"),
        }
    }
}

impl Serialize for Icon {
    /// Serializes the icon as a rules file names it (`"+2"`, `"start"`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// One answer to one question of Arctic Race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Commit: play this card face down.
    Commit(Card),
    /// Reveal: carry out the card's action A (move its racer).
    MoveA,
    /// Reveal: carry out the card's action B.
    ActionB,
    /// Reveal, 1-2-3 card: move this racer one space.
    MoveOne(Racer),
    /// Reveal, 1-2-3 card with racers 1, 2 and 3 all finished: nothing happens.
    Pass,
    /// Start icon or snowmobile B: give the start token to this seat.
    GiveToken(Seat),
    /// Black die face: move this racer one space.
    BlackDie(Racer),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Commit(card) => write!(f, "commit the {card}"),
            Action::MoveA => f.write_str("action A (move)"),
            Action::ActionB => f.write_str("action B"),
            Action::MoveOne(r) => write!(f, "move {r} one space"),
            Action::Pass => f.write_str("nothing (racers 1-3 all finished)"),
            Action::GiveToken(s) => write!(f, "give the start token to {s}"),
            Action::BlackDie(r) => write!(f, "move {r} one space (black die)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_fits_in_two_bytes() {
        assert!(std::mem::size_of::<Action>() <= 2);
    }

    #[test]
    fn cards_move_their_racer() {
        assert_eq!(Card::Snowmobile.racer(), Some(Racer::numbered(5)));
        assert_eq!(Card::Snowboarder.racer(), Some(Racer::numbered(2)));
        assert_eq!(Card::OneTwoThree.racer(), None);
        assert_eq!(Card::in_set(ALL_CARDS).count(), CARDS);
    }

    #[test]
    fn icon_names_round_trip() {
        for name in Icon::NAMES {
            assert_eq!(Icon::parse(name).unwrap().to_string(), name);
        }
        assert_eq!(Icon::parse("+4"), None);
    }
}
