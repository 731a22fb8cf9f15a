//! The log of a game: what a replay prints, one event per line.

use std::fmt;

use floe_core::{Seat, forced_note};

use crate::rules::MAX_PLAYERS;

/// One thing that happened in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A prize card was turned up.
    PrizeUp {
        /// The round, from 1.
        round: u8,
        /// The prize's value.
        prize: u8,
    },
    /// A seat bid a card face down.
    Bid {
        /// Who bid.
        seat: Seat,
        /// The card.
        card: u8,
        /// The engine bid for the seat, which held one card only.
        forced: bool,
    },
    /// Another seat bid a card face down: an [`Event::Bid`] as an observer who cannot
    /// see the card saw it ([`floe_core::Game::seen_by`]).
    FaceDown {
        /// Who bid.
        seat: Seat,
        /// The engine bid for the seat, which held one card only.
        forced: bool,
    },
    /// Every seat's bid was turned up.
    Revealed {
        /// Seats at the table.
        players: u8,
        /// The bids, by seat.
        bids: [u8; MAX_PLAYERS],
    },
    /// The highest bid took the prize.
    Taken {
        /// The highest bidder.
        seat: Seat,
        /// The prize's value.
        prize: u8,
    },
    /// The highest bid was tied: nobody took the prize.
    Discarded {
        /// The prize's value.
        prize: u8,
        /// The tie bonus seat 0 got, being among the tied (0 when it was not).
        bonus: u8,
    },
    /// The last prize was bid for.
    GameOver {
        /// Rounds played.
        rounds: u8,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::PrizeUp { round, prize } => write!(f, "== round {round}: prize {prize} up =="),
            Event::Bid { seat, card, forced } => {
                write!(f, "{seat} bids {card} face down{}", forced_note(forced))
            }
            Event::FaceDown { seat, forced } => {
                write!(f, "{seat} bids a card face down{}", forced_note(forced))
            }
            Event::Revealed { players, bids } => {
                f.write_str("bids revealed:")?;
                for (s, b) in bids[..usize::from(players)].iter().enumerate() {
                    write!(
                        f,
                        " seat {s} {b}{}",
                        if s + 1 < usize::from(players) {
                            ","
                        } else {
                            ""
                        }
                    )?;
                }
                Ok(())
            }
            Event::Taken { seat, prize } => write!(f, "{seat} takes prize {prize}"),
            Event::Discarded { prize, bonus } => {
                write!(f, "top bid tied: prize {prize} discarded")?;
                if bonus > 0 {
                    write!(f, "; seat 0 gets the tie bonus of {bonus}")?;
                }
                Ok(())
            }
            Event::GameOver { rounds } => {
                write!(f, "== game over after {rounds} rounds: cards-out ==")
            }
        }
    }
}
