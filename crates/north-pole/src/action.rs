//! [`Action`]: one answer to one question of the Decisions table, and its fixed number.

use std::fmt;

use crate::board::{Name, Square};
use crate::deck::{Card, DISCS, Disc, EQUIPMENT, MAX_CARDS, Mode, Movement, STORM_COLOURS};

/// A card as an answer names it: its id and, for people reading a replay, its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardRef {
    /// The card id (rows of the deck table in order; within a row blue, red, purple).
    pub id: u8,
    /// Movement, mode, points and colour packed: what the card shows.
    face: [u8; 3],
}

impl CardRef {
    /// Returns the reference to card `id` with face `card`.
    pub fn new(id: u8, card: Card) -> CardRef {
        CardRef {
            id,
            face: [
                card.movement as u8,
                card.mode as u8 | (card.colour as u8) << 4,
                card.points,
            ],
        }
    }

    /// Returns the card's face.
    pub fn card(self) -> Card {
        Card {
            movement: crate::deck::MOVEMENTS[usize::from(self.face[0])],
            mode: [Mode::A, Mode::B, Mode::C, Mode::None][usize::from(self.face[1] & 0xf)],
            points: self.face[2],
            colour: STORM_COLOURS[usize::from(self.face[1] >> 4)],
        }
    }
}

impl serde::Serialize for CardRef {
    /// Serializes the card as its id and face: `{"id": 12, "movement": "March", "mode":
    /// "A", "points": 1, "colour": "blue"}` (a Pinch's mode is `"-"`).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Face {
            id: u8,
            movement: Movement,
            mode: Mode,
            points: u8,
            colour: crate::deck::StormColour,
        }
        let card = self.card();
        Face {
            id: self.id,
            movement: card.movement,
            mode: card.mode,
            points: card.points,
            colour: card.colour,
        }
        .serialize(serializer)
    }
}

impl fmt::Display for CardRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let card = self.card();
        if card.movement == Movement::Pinch {
            write!(f, "{} (Pinch)", self.id)
        } else {
            write!(f, "{} ({card})", self.id)
        }
    }
}

/// One answer. Squares are in the table frame, as the page and a reader see them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// D1: the base camp square a pawn leaves the ship for.
    Camp(Square),
    /// D2: no more free actions now.
    Done,
    /// D2, D5: use a Compass, turning the disc to this orientation.
    Compass(u8),
    /// D2, D5: use an Igloo under an own pawn on this square.
    Igloo(Square),
    /// D3: play this card of P's side.
    Card(CardRef),
    /// D3: play the card stored in a full Backpack.
    Pack(CardRef),
    /// D3: discard P's cards and draw new ones.
    Redraw,
    /// D3a: the card a Pinch plays.
    Pinch(CardRef),
    /// D3b: an own pawn on this square, in an igloo or not.
    Pawn(Square, bool),
    /// D3b: the polar bear.
    Bear,
    /// D3c: the square the play ends on or slings at.
    To(Square),
    /// D3c: the North Pole.
    Pole,
    /// D4: discard nothing (the play phase ends).
    Keep,
    /// D4, D5: discard a disc of this type.
    Discard(Disc),
    /// D6: no extra play.
    Stop,
    /// D6: discard a Husky for one more play.
    Husky,
    /// D7: store nothing.
    NoStore,
    /// D7: store this card of P's side in an empty Backpack.
    Store(CardRef),
}

/// Ranges of the answer numbering, in variant order.
const CAMP: usize = 0;
const DONE: usize = CAMP + 64;
const COMPASS: usize = DONE + 1;
const IGLOO: usize = COMPASS + 4;
const CARD: usize = IGLOO + 64;
const PACK: usize = CARD + MAX_CARDS;
const REDRAW: usize = PACK + MAX_CARDS;
const PINCH: usize = REDRAW + 1;
const PAWN: usize = PINCH + MAX_CARDS;
const BEAR: usize = PAWN + 128;
const TO: usize = BEAR + 1;
const POLE: usize = TO + 64;
const KEEP: usize = POLE + 1;
const DISCARD: usize = KEEP + 1;
const STOP: usize = DISCARD + EQUIPMENT.len();
const HUSKY: usize = STOP + 1;
const NO_STORE: usize = HUSKY + 1;
const STORE: usize = NO_STORE + 1;
/// How many answers there are in all.
pub const ACTION_COUNT: usize = STORE + MAX_CARDS;

impl Action {
    /// Returns the answer's fixed number, below [`ACTION_COUNT`].
    pub fn index(self) -> usize {
        let sq = |s: Square| usize::from(s);
        match self {
            Action::Camp(s) => CAMP + sq(s),
            Action::Done => DONE,
            Action::Compass(o) => COMPASS + usize::from(o),
            Action::Igloo(s) => IGLOO + sq(s),
            Action::Card(c) => CARD + usize::from(c.id),
            Action::Pack(c) => PACK + usize::from(c.id),
            Action::Redraw => REDRAW,
            Action::Pinch(c) => PINCH + usize::from(c.id),
            Action::Pawn(s, igloo) => PAWN + 2 * sq(s) + usize::from(igloo),
            Action::Bear => BEAR,
            Action::To(s) => TO + sq(s),
            Action::Pole => POLE,
            Action::Keep => KEEP,
            Action::Discard(d) => DISCARD + d.index(),
            Action::Stop => STOP,
            Action::Husky => HUSKY,
            Action::NoStore => NO_STORE,
            Action::Store(c) => STORE + usize::from(c.id),
        }
    }

    /// Returns the answer numbered `index`; cards are looked up by `card` (`None` for an
    /// id the deck does not have).
    pub fn at(index: usize, card: impl Fn(u8) -> Option<CardRef>) -> Option<Action> {
        let sq = |i: usize| i as Square;
        let id = |i: usize| u8::try_from(i).ok().and_then(&card);
        Some(match index {
            i if i < DONE => Action::Camp(sq(i - CAMP)),
            DONE => Action::Done,
            i if i < IGLOO => Action::Compass((i - COMPASS) as u8),
            i if i < CARD => Action::Igloo(sq(i - IGLOO)),
            i if i < PACK => Action::Card(id(i - CARD)?),
            i if i < REDRAW => Action::Pack(id(i - PACK)?),
            REDRAW => Action::Redraw,
            i if i < PAWN => Action::Pinch(id(i - PINCH)?),
            i if i < BEAR => Action::Pawn(sq((i - PAWN) / 2), (i - PAWN) % 2 == 1),
            BEAR => Action::Bear,
            i if i < POLE => Action::To(sq(i - TO)),
            POLE => Action::Pole,
            KEEP => Action::Keep,
            i if i < STOP => Action::Discard(DISCS[i - DISCARD]),
            STOP => Action::Stop,
            HUSKY => Action::Husky,
            NO_STORE => Action::NoStore,
            i if i < ACTION_COUNT => Action::Store(id(i - STORE)?),
            _ => return None,
        })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Camp(s) => write!(f, "camp:{}", Name(s)),
            Action::Done => f.write_str("done"),
            Action::Compass(o) => write!(f, "compass:{o}"),
            Action::Igloo(s) => write!(f, "igloo:{}", Name(s)),
            Action::Card(c) => write!(f, "card:{c}"),
            Action::Pack(c) => write!(f, "backpack:{c}"),
            Action::Redraw => f.write_str("redraw"),
            Action::Pinch(c) => write!(f, "pinch:{c}"),
            Action::Pawn(s, false) => write!(f, "pawn:{}", Name(s)),
            Action::Pawn(s, true) => write!(f, "pawn:{}(igloo)", Name(s)),
            Action::Bear => f.write_str("bear"),
            Action::To(s) => write!(f, "to:{}", Name(s)),
            Action::Pole => f.write_str("pole"),
            Action::Keep => f.write_str("none"),
            Action::Discard(d) => write!(f, "discard:{d}"),
            Action::Stop => f.write_str("stop"),
            Action::Husky => f.write_str("husky"),
            Action::NoStore => f.write_str("none"),
            Action::Store(c) => write!(f, "store:{c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{cards_of, standard_deck};

    #[test]
    fn every_number_names_one_answer_and_back() {
        let cards = cards_of(&standard_deck());
        let card = |id: u8| cards.get(usize::from(id)).map(|&c| CardRef::new(id, c));
        let mut seen = 0;
        for i in 0..ACTION_COUNT {
            if let Some(a) = Action::at(i, card) {
                assert_eq!(a.index(), i, "{a}");
                seen += 1;
            }
        }
        assert!(seen > 600);
        assert_eq!(Action::at(ACTION_COUNT, card), None);
    }

    #[test]
    fn an_action_is_small() {
        assert!(std::mem::size_of::<Action>() <= 6);
    }
}
