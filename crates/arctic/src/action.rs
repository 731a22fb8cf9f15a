//! [`Action`]: one answer to one question, and the fixed numbering of every answer.

use std::fmt;

use floe_core::Seat;

use crate::cards::{ANIMAL_COUNT, Animal, CARD_COUNT, Card};
use crate::rules::MAX_PLAYERS;

use crate::limits::MAX_TARGET;

/// One answer. Which question it answers is the state's pending [`crate::Phase`], so one
/// variant serves every question that picks a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `no` (D1, D2, D5, D10).
    No,
    /// `yes` (D1, D2, D5, D10).
    Yes,
    /// A card: from the hand (D1a, D4, D9), the River (D1b, D8) or the own penalty zone
    /// (D8a, D10c).
    Card(Card),
    /// The placement target t (D3).
    Target(u8),
    /// The main animal's token moves +1, the companion's -1 (D6).
    Plus,
    /// The main animal's token moves -1, the companion's +1 (D6).
    Minus,
    /// No walrus move (D7).
    WalrusNone,
    /// The walrus moves its token one card left (D7).
    WalrusLeft,
    /// The walrus moves its token one card right (D7).
    WalrusRight,
    /// `stop` drawing (D8m).
    Stop,
    /// `draw` another card (D8m).
    Draw,
    /// Draw the draw pile's top card (D8, orca B).
    Pile,
    /// Draw one of the own penalty cards of this animal (D8, bear A).
    Penalty(Animal),
    /// The seat receiving a bear B card (D10a).
    Seat(Seat),
    /// The animal of the bear B card (D10b).
    Animal(Animal),
}

/// Where each kind of answer starts in the numbering.
const CARDS_AT: usize = 2;
const TARGETS_AT: usize = CARDS_AT + CARD_COUNT;
const SINGLES_AT: usize = TARGETS_AT + MAX_TARGET as usize + 1;
/// The answers without a value, in numbering order.
const SINGLES: [Action; 8] = [
    Action::Plus,
    Action::Minus,
    Action::WalrusNone,
    Action::WalrusLeft,
    Action::WalrusRight,
    Action::Stop,
    Action::Draw,
    Action::Pile,
];
const PENALTIES_AT: usize = SINGLES_AT + SINGLES.len();
const SEATS_AT: usize = PENALTIES_AT + ANIMAL_COUNT;
const ANIMALS_AT: usize = SEATS_AT + MAX_PLAYERS;
/// How many answers are numbered.
pub(crate) const ACTION_COUNT: usize = ANIMALS_AT + ANIMAL_COUNT;

impl Action {
    /// Returns the answer's fixed number, below [`ACTION_COUNT`].
    pub(crate) fn index(self) -> usize {
        match self {
            Action::No => 0,
            Action::Yes => 1,
            Action::Card(c) => CARDS_AT + usize::from(c.id()),
            Action::Target(t) => TARGETS_AT + usize::from(t),
            Action::Penalty(a) => PENALTIES_AT + a.index(),
            Action::Seat(s) => SEATS_AT + s.index(),
            Action::Animal(a) => ANIMALS_AT + a.index(),
            single => {
                SINGLES_AT
                    + SINGLES
                        .iter()
                        .position(|&s| s == single)
                        .expect("every other answer is a single")
            }
        }
    }

    /// Returns the answer numbered `index`, if any (seats up to `players`).
    pub(crate) fn at(index: usize, players: usize) -> Option<Action> {
        Some(match index {
            0 => Action::No,
            1 => Action::Yes,
            i if i < TARGETS_AT => Action::Card(Card::from_id((i - CARDS_AT) as u8)?),
            i if i < SINGLES_AT => Action::Target((i - TARGETS_AT) as u8),
            i if i < PENALTIES_AT => SINGLES[i - SINGLES_AT],
            i if i < SEATS_AT => Action::Penalty(Animal::at(i - PENALTIES_AT)),
            i if i < ANIMALS_AT => {
                let seat = i - SEATS_AT;
                if seat >= players {
                    return None;
                }
                Action::Seat(Seat(seat as u8))
            }
            i if i < ACTION_COUNT => Action::Animal(Animal::at(i - ANIMALS_AT)),
            _ => return None,
        })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::No => f.write_str("no"),
            Action::Yes => f.write_str("yes"),
            Action::Card(c) => write!(f, "{c}"),
            Action::Target(t) => write!(f, "target {t}"),
            Action::Plus => f.write_str("+1"),
            Action::Minus => f.write_str("-1"),
            Action::WalrusNone => f.write_str("none"),
            Action::WalrusLeft => f.write_str("walrus -1"),
            Action::WalrusRight => f.write_str("walrus +1"),
            Action::Stop => f.write_str("stop"),
            Action::Draw => f.write_str("draw"),
            Action::Pile => f.write_str("pile"),
            Action::Penalty(a) => write!(f, "penalty:{a}"),
            Action::Seat(s) => write!(f, "to {s}"),
            Action::Animal(a) => write!(f, "{a}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_gives_its_answer_back() {
        for i in 0..ACTION_COUNT {
            let a = Action::at(i, MAX_PLAYERS).expect("numbered");
            assert_eq!(a.index(), i, "{a}");
        }
        assert_eq!(Action::at(ACTION_COUNT, 4), None);
        assert_eq!(
            Action::at(SEATS_AT + 2, 2),
            None,
            "no seat 2 at two players"
        );
    }
}
