//! [`Event`]: one line of a game's log, as `floe replay` prints it. Squares are in the
//! table frame at the moment of the event.

use std::fmt;

use floe_core::Seat;

use crate::action::Action;
use crate::board::{Name, Square};
use crate::deck::{Disc, StormColour};
use crate::map::SIDE_NAMES;

/// Who a piece belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A pawn of this seat.
    Pawn(Seat),
    /// The polar bear.
    Bear,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Pawn(s) => write!(f, "{s}'s pawn"),
            Piece::Bear => f.write_str("the bear"),
        }
    }
}

/// Why the board turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StormCause {
    /// The weather check: the storm pile reached the threshold.
    Weather(u16),
    /// A Storm disc.
    Disc,
}

/// One thing that happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A turn begins.
    TurnStarts {
        /// The seat to play.
        seat: Seat,
        /// Its table side.
        side: u8,
        /// The round, from 1.
        round: u32,
    },
    /// A seat answered (or the engine did, for a question with one answer).
    Answered {
        /// The seat asked.
        seat: Seat,
        /// The answer.
        action: Action,
        /// Whether the question had only this answer.
        forced: bool,
    },
    /// A piece moved.
    Moved {
        /// The piece.
        piece: Piece,
        /// From (`None`: from the ship).
        from: Option<Square>,
        /// To (`None`: the Pole).
        to: Option<Square>,
    },
    /// A piece was ambushed and sent off.
    Ambushed {
        /// The victim.
        victim: Piece,
        /// Its square.
        at: Square,
    },
    /// A disc was revealed and received.
    Received {
        /// The seat receiving it.
        seat: Seat,
        /// The disc.
        disc: Disc,
        /// Where it came from.
        from: DiscSource,
    },
    /// Equipment was spent or discarded.
    Spent {
        /// The seat.
        seat: Seat,
        /// The disc.
        disc: Disc,
    },
    /// The top board turned.
    Storm {
        /// Clockwise quarter turns.
        quarters: u8,
        /// The storm colour read, if any.
        colour: Option<StormColour>,
        /// Why.
        cause: StormCause,
    },
    /// A hole fills a square.
    Hole {
        /// The square.
        at: Square,
    },
    /// The bear comes onto the board.
    BearAppears {
        /// Its square.
        at: Square,
    },
    /// A pawn went back to its ship (a hazard).
    ToShip {
        /// The pawn's seat.
        seat: Seat,
        /// Its square.
        from: Square,
    },
    /// A seat redrew its cards.
    Redraw {
        /// The seat.
        seat: Seat,
    },
    /// Cards were drawn onto a side.
    Drew {
        /// The table side.
        side: u8,
        /// How many.
        cards: u8,
    },
    /// The discard pile became the draw pile.
    Reshuffled {
        /// Its cards.
        cards: u8,
    },
    /// The game ended.
    GameOver {
        /// Index into the end causes.
        cause: u8,
    },
}

/// Where a received disc came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscSource {
    /// The ambush stack.
    Stack,
    /// A corner square.
    Corner(Square),
    /// The scoreboard.
    Scoreboard,
}

fn place(sq: Option<Square>, none: &str) -> String {
    sq.map_or_else(|| none.to_string(), |s| Name(s).to_string())
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::TurnStarts { seat, side, round } => write!(
                f,
                "-- round {round}, {seat} plays from side {}",
                SIDE_NAMES[usize::from(side)]
            ),
            Event::Answered {
                seat,
                action,
                forced,
            } => write!(
                f,
                "{seat} answers {action}{}",
                floe_core::forced_note(forced)
            ),
            Event::Moved { piece, from, to } => write!(
                f,
                "  {piece} moves {} -> {}",
                place(from, "ship"),
                place(to, "the Pole")
            ),
            Event::Ambushed { victim, at } => {
                write!(f, "  ambush: {victim} on {} is sent off", Name(at))
            }
            Event::Received { seat, disc, from } => {
                let from = match from {
                    DiscSource::Stack => "the stack".to_string(),
                    DiscSource::Corner(s) => format!("the corner {}", Name(s)),
                    DiscSource::Scoreboard => "the scoreboard".to_string(),
                };
                write!(f, "  {seat} reveals {disc} from {from}")
            }
            Event::Spent { seat, disc } => write!(f, "  {seat} discards {disc}"),
            Event::Storm {
                quarters,
                colour,
                cause,
            } => {
                let turn = match quarters {
                    0 => "does not turn (no card to read)",
                    1 => "turns a quarter clockwise",
                    2 => "turns half round",
                    _ => "turns a quarter counter-clockwise",
                };
                let colour = colour.map_or(String::new(), |c| format!(" ({})", c.name()));
                match cause {
                    StormCause::Weather(total) => {
                        write!(f, "  storm! pile at {total}: the board {turn}{colour}")
                    }
                    StormCause::Disc => write!(f, "  storm disc: the board {turn}{colour}"),
                }
            }
            Event::Hole { at } => write!(f, "  a hole opens on {}", Name(at)),
            Event::BearAppears { at } => write!(f, "  the polar bear appears on {}", Name(at)),
            Event::ToShip { seat, from } => {
                write!(f, "  {seat}'s pawn on {} goes back to its ship", Name(from))
            }
            Event::Redraw { seat } => write!(f, "  {seat} redraws"),
            Event::Drew { side, cards } => write!(
                f,
                "  side {} draws {}",
                SIDE_NAMES[usize::from(side)],
                floe_io::count(cards, "card")
            ),
            Event::Reshuffled { cards } => {
                write!(
                    f,
                    "  the discard pile ({}) is shuffled into a new draw pile",
                    floe_io::count(cards, "card")
                )
            }
            Event::GameOver { cause } => write!(
                f,
                "game over: {}",
                crate::ending::END_CAUSES[usize::from(cause)]
            ),
        }
    }
}
