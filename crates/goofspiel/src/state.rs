//! The state of one game and the one kind of answer, a [`Bid`]: fixed-size plain data.

use std::fmt;

use floe_core::Seat;

use crate::rules::{MAX_CARDS, MAX_PLAYERS};

/// A set of card values, bit `c` for card `c` (1..=13).
pub(crate) type Cards = u16;
const _: () = assert!(MAX_CARDS < Cards::BITS as usize);

/// `bids` value of a seat that has not bid this round.
pub(crate) const NO_BID: u8 = 0;
/// `taker` value of a prize nobody took (the top bid was tied).
pub(crate) const NOBODY: u8 = 0xFF;

/// Returns the set of cards 1..=`k`.
pub(crate) fn cards_up_to(k: u8) -> Cards {
    ((1 << (k + 1)) - 1) & !1
}

/// Iterates over the cards of `set`, lowest first.
pub(crate) fn cards_in(set: Cards) -> impl Iterator<Item = u8> {
    (1..=MAX_CARDS as u8).filter(move |&c| set & 1 << c != 0)
}

/// One answer: the seat asked bids this card (face down) for the prize up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid(pub u8);

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bid {}", self.0)
    }
}

/// One finished round: the prize, every seat's bid (revealed) and who took the prize.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Round {
    pub(crate) prize: u8,
    pub(crate) bids: [u8; MAX_PLAYERS],
    /// The seat that took the prize, or [`NOBODY`].
    pub(crate) taker: u8,
}

/// The full state of one game of Goofspiel, hidden parts included.
///
/// Hidden: the order of the prize deck, and each seat's face-down bid of this round from
/// every other seat. Everything else is public (the cards left in a hand are the cards not
/// yet revealed, less this round's bid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) players: u8,
    /// K.
    pub(crate) cards: u8,
    /// Cards in hand per seat (a card bid this round is no longer in hand).
    pub(crate) hands: [Cards; MAX_PLAYERS],
    /// This round's face-down bid per seat, or [`NO_BID`].
    pub(crate) bids: [u8; MAX_PLAYERS],
    /// The seat asked to bid.
    pub(crate) actor: Seat,
    /// The face-down prize deck; its top is `deck[deck_len - 1]`. Hidden.
    pub(crate) deck: [u8; MAX_CARDS],
    pub(crate) deck_len: u8,
    /// The prize card turned up this round (meaningless once the game is over).
    pub(crate) prize: u8,
    /// The rounds played so far, first first.
    pub(crate) past: [Round; MAX_CARDS],
    /// Rounds completed; the game is over when it reaches `cards`.
    pub(crate) round: u8,
    /// Points per seat: prizes won, plus seat 0's tie bonuses.
    pub(crate) points: [i32; MAX_PLAYERS],
    /// Prizes taken per seat.
    pub(crate) won: [u8; MAX_PLAYERS],
}

impl State {
    /// Returns the state before the first prize is turned up: full hands, the prize deck
    /// `deck` (top first) face down.
    pub(crate) fn bare(players: usize, cards: u8, deck: &[u8]) -> State {
        let mut st = State {
            players: players as u8,
            cards,
            hands: [cards_up_to(cards); MAX_PLAYERS],
            bids: [NO_BID; MAX_PLAYERS],
            actor: Seat(0),
            deck: [0; MAX_CARDS],
            deck_len: deck.len() as u8,
            prize: 0,
            past: [Round::default(); MAX_CARDS],
            round: 0,
            points: [0; MAX_PLAYERS],
            won: [0; MAX_PLAYERS],
        };
        for (slot, &card) in st.deck.iter_mut().zip(deck.iter().rev()) {
            *slot = card;
        }
        st
    }

    /// Returns the number of players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Returns whether the game is over (every prize has been bid for).
    pub fn is_over(&self) -> bool {
        self.round == self.cards
    }

    /// Returns the prize card up, or `None` once the game is over.
    pub fn prize(&self) -> Option<u8> {
        (!self.is_over()).then_some(self.prize)
    }

    /// Returns the cards in `seat`'s hand, lowest first.
    pub fn hand(&self, seat: Seat) -> impl Iterator<Item = u8> {
        cards_in(self.hands[seat.index()])
    }

    /// Returns the card `seat` has bid face down this round, if it has bid.
    pub fn bid(&self, seat: Seat) -> Option<u8> {
        let b = self.bids[seat.index()];
        (b != NO_BID).then_some(b)
    }

    /// Returns `seat`'s points so far.
    pub fn points(&self, seat: Seat) -> i32 {
        self.points[seat.index()]
    }

    /// Returns the number of prizes `seat` has taken.
    pub fn prizes_won(&self, seat: Seat) -> u8 {
        self.won[seat.index()]
    }

    /// Returns the number of rounds completed.
    pub fn round(&self) -> usize {
        usize::from(self.round)
    }

    /// Returns the prize deck still face down, top first.
    pub fn deck(&self) -> impl Iterator<Item = u8> {
        self.deck[..usize::from(self.deck_len)]
            .iter()
            .rev()
            .copied()
    }
}

/// Builders for exact situations (rule tests, the conformance kit's variers): each
/// changes one hidden fact and keeps every card in one place; they do not check that the
/// situation could arise in play.
impl State {
    /// Replaces the face-down prize deck with `deck` (top first), which must hold the same
    /// cards.
    ///
    /// # Panics
    /// Panics if `deck` holds other cards than the deck does.
    pub fn set_deck(&mut self, deck: &[u8]) {
        let wanted = deck.iter().fold(0 as Cards, |set, &c| set | 1 << c);
        let held = self.deck().fold(0 as Cards, |set, c| set | 1 << c);
        assert!(
            deck.len() == usize::from(self.deck_len) && wanted == held,
            "a new deck order must hold the same cards"
        );
        for (slot, &card) in self.deck.iter_mut().zip(deck.iter().rev()) {
            *slot = card;
        }
    }

    /// Changes `seat`'s face-down bid of this round to `card`, which goes from its hand to
    /// the table while the card it had bid goes back to its hand.
    ///
    /// # Panics
    /// Panics if `seat` has not bid this round or does not hold `card`.
    pub fn change_bid(&mut self, seat: Seat, card: u8) {
        let s = seat.index();
        assert!(self.bids[s] != NO_BID, "{seat} has not bid this round");
        assert!(
            self.hands[s] & 1 << card != 0,
            "{seat} does not hold {card}"
        );
        self.hands[s] = (self.hands[s] | 1 << self.bids[s]) & !(1 << card);
        self.bids[s] = card;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bid_fits_in_one_byte() {
        assert_eq!(std::mem::size_of::<Bid>(), 1);
    }

    #[test]
    fn card_sets_hold_cards_one_to_k() {
        assert_eq!(
            cards_in(cards_up_to(5)).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
        assert_eq!(cards_in(cards_up_to(13)).count(), 13);
    }

    #[test]
    fn builders_keep_every_card_in_one_place() {
        let mut st = State::bare(2, 3, &[2, 3, 1]);
        assert_eq!(st.deck().collect::<Vec<_>>(), [2, 3, 1]);
        st.set_deck(&[1, 2, 3]);
        assert_eq!(st.deck().collect::<Vec<_>>(), [1, 2, 3]);
        st.hands[0] &= !(1 << 2);
        st.bids[0] = 2;
        st.change_bid(Seat(0), 3);
        assert_eq!(st.hand(Seat(0)).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(st.bid(Seat(0)), Some(3));
    }
}
