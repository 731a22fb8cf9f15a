//! The log of a game: what a replay prints, one event per line.

use std::fmt;

use floe_core::Seat;

use crate::action::Action;
use crate::cards::{Animal, Card};
use crate::rules::Side;

/// Where a drawn card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The River (a public card).
    River,
    /// The draw pile's top (orca B: seen by the drawer only).
    Pile,
    /// The drawer's own penalty zone (bear A: seen by the drawer only).
    Penalty,
}

/// Where a placed card went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Face up on top.
    Top,
    /// Face up to the bottom of the pile (fox B).
    Bottom,
    /// Face down directly under the top card (fox A); seen by its owner only.
    UnderTop,
}

impl Source {
    /// Where the card came from, as the log says it.
    pub fn words(self) -> &'static str {
        match self {
            Source::River => "from the River",
            Source::Pile => "from the draw pile",
            Source::Penalty => "from its penalty zone",
        }
    }
}

impl Placement {
    /// Where the card went, as the log says it.
    pub fn words(self) -> &'static str {
        match self {
            Placement::Top => "on top",
            Placement::Bottom => "at the bottom (fox B)",
            Placement::UnderTop => "face down under the top (fox A)",
        }
    }
}

/// One thing that happened in a game. A card another seat may not see is an `Option`:
/// [`floe_core::Game::seen_by`] blanks it for such a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The power cards were laid out with these sides up (fox first).
    Powers {
        /// The side up of each power card.
        sides: [Side; 6],
    },
    /// A seat was dealt its totem.
    Totem {
        /// The seat.
        seat: Seat,
        /// Its totem; `None` as another seat saw it.
        animal: Option<Animal>,
    },
    /// A turn began.
    TurnStarts {
        /// The seat whose turn it is.
        seat: Seat,
        /// The round, from 1.
        round: u32,
        /// Whether it is the final round (no draws).
        last: bool,
    },
    /// A seat answered a question.
    Answered {
        /// Who answered.
        seat: Seat,
        /// The answer; `None` as a seat that cannot see it saw it.
        action: Option<Action>,
        /// The engine answered, the question having one answer.
        forced: bool,
        /// Whether the answer is hidden from other seats.
        hidden: bool,
        /// A seat that sees the hidden answer too (the receiver of a bear B card).
        shown_to: Option<Seat>,
    },
    /// A puffin A swap: a hand card into the River, a River card into the hand.
    Swapped {
        /// Who swapped.
        seat: Seat,
        /// The card given to the River.
        gave: Card,
        /// The card taken from it.
        took: Card,
    },
    /// Puffin B: the top card of the pile back into the hand.
    TookBack {
        /// Who took it.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A card was placed on a pile.
    Placed {
        /// Whose pile.
        seat: Seat,
        /// The card; `None` for a face-down card as others saw it.
        card: Option<Card>,
        /// Where it went.
        to: Placement,
    },
    /// A shortfall card went face down into a penalty zone (`card` `None` as others saw
    /// it), or was skipped because no card was left (`skipped`).
    Penalised {
        /// Whose zone.
        seat: Seat,
        /// The card.
        card: Option<Card>,
        /// No card was left to take.
        skipped: bool,
    },
    /// A power card changed hands (or was taken again by its holder).
    PowerTaken {
        /// The new holder.
        seat: Seat,
        /// The power's animal.
        animal: Animal,
        /// The former holder (`None`: from the centre).
        from: Option<Seat>,
    },
    /// A token moved on the Landscape.
    TokenMoved {
        /// The token's animal.
        animal: Animal,
        /// Its position before.
        from: u8,
        /// Its position after.
        to: u8,
    },
    /// A card was drawn into a hand.
    Drew {
        /// Who drew.
        seat: Seat,
        /// From where.
        source: Source,
        /// The card; `None` for a pile or penalty card as others saw it.
        card: Option<Card>,
    },
    /// A River slot was refilled from the draw pile.
    Refilled {
        /// The slot, from 0.
        slot: u8,
        /// The card.
        card: Card,
    },
    /// A hand card was discarded face down into the penalty zone (hand limit).
    Discarded {
        /// Who discarded.
        seat: Seat,
        /// The card; `None` as others saw it.
        card: Option<Card>,
    },
    /// Bear B: a penalty card was given to another seat's zone.
    Gave {
        /// The giver.
        from: Seat,
        /// The receiver.
        to: Seat,
        /// The card; `None` as a third seat saw it.
        card: Option<Card>,
    },
    /// The draw pile ran out and the Reserve became the draw pile: the end is triggered.
    ReserveOpened {
        /// The seat whose turn it was.
        seat: Seat,
    },
    /// The game is over.
    GameOver {
        /// The end cause's name.
        cause: &'static str,
        /// Rounds played, the final round included.
        rounds: u32,
    },
}

impl Event {
    /// Returns the event as `observer` saw it: the cards it cannot see blanked.
    pub(crate) fn seen_by(self, observer: Seat) -> Event {
        let hide = |seat: Seat, card: Option<Card>| card.filter(|_| seat == observer);
        match self {
            Event::Totem { seat, animal } => Event::Totem {
                seat,
                animal: animal.filter(|_| seat == observer),
            },
            // Whether a hidden answer was the only one would tell how many cards of a
            // kind the seat holds: the observer learns neither.
            Event::Answered {
                seat,
                hidden: true,
                shown_to,
                ..
            } if seat != observer && shown_to != Some(observer) => Event::Answered {
                seat,
                action: None,
                forced: false,
                hidden: true,
                shown_to,
            },
            Event::Placed {
                seat,
                card,
                to: Placement::UnderTop,
            } => Event::Placed {
                seat,
                card: hide(seat, card),
                to: Placement::UnderTop,
            },
            Event::Penalised {
                seat,
                card,
                skipped,
            } => Event::Penalised {
                seat,
                card: hide(seat, card),
                skipped,
            },
            Event::Drew { seat, source, card } if source != Source::River => Event::Drew {
                seat,
                source,
                card: hide(seat, card),
            },
            Event::Discarded { seat, card } => Event::Discarded {
                seat,
                card: hide(seat, card),
            },
            Event::Gave { from, to, card } => Event::Gave {
                from,
                to,
                card: card.filter(|_| observer == from || observer == to),
            },
            other => other,
        }
    }
}

/// A card as the log shows it: named, or "a card" when the reader does not see it.
struct CardOrHidden(Option<Card>);

impl fmt::Display for CardOrHidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(c) => write!(f, "{c}"),
            None => f.write_str("a card"),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Powers { sides } => {
                f.write_str("powers:")?;
                for (a, side) in crate::cards::ANIMALS.iter().zip(sides) {
                    write!(f, " {a} {side}")?;
                }
                Ok(())
            }
            Event::Totem { seat, animal } => match animal {
                Some(a) => write!(f, "{seat} is dealt the {a} totem"),
                None => write!(f, "{seat} is dealt a totem"),
            },
            Event::TurnStarts { seat, round, last } => {
                let kind = if last { "final round" } else { "round" };
                write!(f, "{kind} {round}: {seat}'s turn")
            }
            Event::Answered {
                seat,
                action,
                forced,
                ..
            } => {
                let how = floe_core::forced_note(forced);
                match action {
                    Some(a) => write!(f, "  {seat} answers {a}{how}"),
                    None => write!(f, "  {seat} answers, unseen{how}"),
                }
            }
            Event::Swapped { seat, gave, took } => {
                write!(f, "  {seat} swaps {gave} into the River for {took}")
            }
            Event::TookBack { seat, card } => write!(f, "  {seat} takes {card} back"),
            Event::Placed { seat, card, to } => {
                let (card, to) = (CardOrHidden(card), to.words());
                write!(f, "  {seat} places {card} {to}")
            }
            Event::Penalised {
                seat,
                skipped: true,
                ..
            } => write!(f, "  {seat}'s penalty card is skipped: no card is left"),
            Event::Penalised { seat, card, .. } => {
                let card = CardOrHidden(card);
                write!(f, "  {seat} takes {card} as a penalty card")
            }
            Event::PowerTaken { seat, animal, from } => match from {
                Some(from) if from == seat => write!(f, "  {seat} keeps the {animal} power"),
                Some(from) => write!(f, "  {seat} takes the {animal} power from {from}"),
                None => write!(f, "  {seat} takes the {animal} power"),
            },
            Event::TokenMoved { animal, from, to } => {
                write!(f, "  the {animal} token moves from {from} to {to}")
            }
            Event::Drew { seat, source, card } => {
                let (card, source) = (CardOrHidden(card), source.words());
                write!(f, "  {seat} draws {card} {source}")
            }
            Event::Refilled { slot, card } => write!(f, "  River slot {slot}: {card}"),
            Event::Discarded { seat, card } => {
                let card = CardOrHidden(card);
                write!(f, "  {seat} discards {card} face down")
            }
            Event::Gave { from, to, card } => {
                let card = CardOrHidden(card);
                write!(f, "  {from} gives {card} to {to}'s penalty zone")
            }
            Event::ReserveOpened { seat } => write!(
                f,
                "  the draw pile is empty in {seat}'s turn: the Reserve is opened, the end is triggered"
            ),
            Event::GameOver { cause, rounds } => {
                write!(f, "game over after {rounds} rounds: {cause}")
            }
        }
    }
}
