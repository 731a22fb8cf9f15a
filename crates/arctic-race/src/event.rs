//! The log of a game: what `floe replay` prints, one event per line.

use std::fmt;

use floe_core::Seat;

use crate::pieces::{Action, Card, Icon, RACERS, Racer};
use crate::rules::{MAX_SLOT_LEN, TileFaces};
use crate::state::EndCause;
use crate::tie_break::TieBreak;

/// Faces of a tile as shown in a log line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileView {
    faces: TileFaces,
    len: u8,
}

impl TileView {
    pub(crate) fn new(faces: &[Icon]) -> TileView {
        let mut all = [Icon::Blank; MAX_SLOT_LEN];
        all[..faces.len()].copy_from_slice(faces);
        TileView {
            faces: all,
            len: faces.len() as u8,
        }
    }
}

impl fmt::Display for TileView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, icon) in self.faces[..self.len as usize].iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{icon}")?;
        }
        f.write_str("]")
    }
}

/// One thing that happened in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Setup put a tile (or nothing) in a river slot.
    SlotFilled {
        /// The slot.
        slot: u8,
        /// The tile placed.
        tile: TileView,
    },
    /// Setup left this many tiles in the supply after removing some face down.
    SupplyReady {
        /// Tiles in the supply.
        supply: u8,
        /// Tiles removed face down.
        removed: u8,
    },
    /// A round began.
    RoundStart {
        /// Its number, from 1.
        round: u32,
        /// The start-token holder, who commits and reveals first.
        leader: Seat,
    },
    /// A seat answered a question.
    Answered {
        /// Who answered.
        seat: Seat,
        /// The answer.
        action: Action,
        /// The revealed card, for action A or B (`None` for other answers): the log names
        /// the action taken.
        card: Option<Card>,
        /// The engine answered because there was only one answer.
        forced: bool,
    },
    /// Another seat committed a card face down: an [`Event::Answered`] commit as an
    /// observer who cannot see the card saw it ([`floe_core::Game::seen_by`]).
    FaceDown {
        /// Who committed.
        seat: Seat,
        /// The engine committed its last card for it.
        forced: bool,
    },
    /// A seat revealed its card and put it on its played pile.
    Revealed {
        /// Who revealed.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A racer moved and landed on a track space.
    Moved {
        /// Owner.
        seat: Seat,
        /// The racer.
        racer: Racer,
        /// Space it left (`None` = home).
        from: Option<u8>,
        /// Space it landed on.
        to: u8,
        /// Occupied spaces passed over to reach a free one.
        skipped: u8,
    },
    /// The landing space's icon fired.
    IconFired {
        /// The icon.
        icon: Icon,
        /// The space.
        space: u8,
    },
    /// A racer moved past the last space onto the point board.
    Finished {
        /// Owner.
        seat: Seat,
        /// The racer.
        racer: Racer,
        /// Space it left (`None` = home).
        from: Option<u8>,
        /// The space past the track it reached (the track's length or more).
        to: u8,
        /// Occupied spaces at the end of the track passed over.
        skipped: u8,
        /// Its place in its race.
        place: u8,
    },
    /// A racer landed on open water and went home.
    Drowned {
        /// Owner.
        seat: Seat,
        /// The racer.
        racer: Racer,
        /// The water space.
        space: u8,
    },
    /// The die was rolled (`None` = the black face).
    Rolled {
        /// Who rolled.
        seat: Seat,
        /// The face: a racer number, or `None` for black.
        face: Option<u8>,
    },
    /// A die roll did nothing (its racer had finished, or no racer could move).
    NoEffect {
        /// Who rolled.
        seat: Seat,
    },
    /// The river shifted one slot to the right.
    Shifted {
        /// The tile pushed out of the last slot (`None` = it was open water).
        dropped: Option<TileView>,
        /// Racers that went home with it.
        swept: u8,
        /// The tile put in slot 0 (`None` = the supply was empty: open water).
        entered: Option<TileView>,
    },
    /// A racer rode its tile one slot down the river in a shift (no icon fires).
    Carried {
        /// Owner.
        seat: Seat,
        /// The racer.
        racer: Racer,
        /// Space before the shift.
        from: u8,
        /// Space after it.
        to: u8,
    },
    /// A racer went home with the tile pushed out of the last slot.
    SweptHome {
        /// Owner.
        seat: Seat,
        /// The racer.
        racer: Racer,
    },
    /// The start token changed hands.
    TokenGiven {
        /// Old holder.
        from: Seat,
        /// New holder.
        to: Seat,
    },
    /// A seat took its played cards back into its hand.
    Collected {
        /// Who collected.
        seat: Seat,
        /// Cards taken back.
        cards: u8,
        /// At the end of the round, after playing the fifth card.
        round_end: bool,
    },
    /// The game ended.
    GameOver {
        /// Why.
        cause: EndCause,
        /// Rounds played.
        rounds: u32,
    },
    /// The score table's heading, before one [`Event::Score`] per seat.
    ScoreTable,
    /// One seat's row of the score table.
    Score {
        /// The seat.
        seat: Seat,
        /// Place per race (0 = not finished).
        places: [u8; RACERS],
        /// Points per race.
        points: [u8; RACERS],
        /// Their sum.
        total: i32,
    },
    /// How the winners were found: on points, or by the places race by race.
    Decided(TieBreak),
}

/// A place in a race as people write it: `1st`, `2nd`, `3rd`, `4th`.
pub(crate) struct Ordinal(pub(crate) u8);

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let th = match self.0 {
            1 => "st",
            2 => "nd",
            3 => "rd",
            _ => "th",
        };
        write!(f, "{}{th}", self.0)
    }
}

/// Writes ` (skipped occupied space 4)` or ` (skipped occupied spaces 3-4)` for a move that
/// passed over the `skipped` spaces just before `to`, nothing when it passed none.
fn write_skipped(f: &mut fmt::Formatter<'_>, to: u8, skipped: u8) -> fmt::Result {
    match skipped {
        0 => Ok(()),
        1 => write!(f, " (skipped occupied space {})", to - 1),
        n => write!(f, " (skipped occupied spaces {}-{})", to - n, to - 1),
    }
}

/// Writes a seat's answer, the played card's action spelled out.
fn write_answered(
    f: &mut fmt::Formatter<'_>,
    seat: Seat,
    action: Action,
    card: Option<Card>,
    forced: bool,
) -> fmt::Result {
    match (action, card) {
        (Action::MoveA, Some(card)) => write!(f, "{seat}: action A, {}", card.action_a())?,
        (Action::ActionB, Some(card)) => write!(f, "{seat}: action B, {}", card.action_b())?,
        _ => write!(f, "{seat}: {action}")?,
    }
    f.write_str(floe_core::forced_note(forced))
}

/// Writes a revealed card with what its actions do.
fn write_revealed(f: &mut fmt::Formatter<'_>, seat: Seat, card: Card) -> fmt::Result {
    write!(f, "{seat} reveals the {card} (A: {}", card.action_a())?;
    if card != Card::OneTwoThree {
        write!(f, "; B: {}", card.action_b())?;
    }
    f.write_str(")")
}

/// Writes a racer's finish: where it came from, the racers it skipped, its place.
fn write_finished(
    f: &mut fmt::Formatter<'_>,
    (seat, racer): (Seat, Racer),
    from: Option<u8>,
    (to, skipped): (u8, u8),
    place: u8,
) -> fmt::Result {
    write!(f, "  {seat} {racer}: {} -> finish", space(from))?;
    write_skipped(f, to, skipped)?;
    write!(f, ", place {place} in race {}", racer.number())
}

/// Writes a shift of the river: what leaves (and how many racers with it), what enters.
fn write_shifted(
    f: &mut fmt::Formatter<'_>,
    dropped: Option<TileView>,
    swept: u8,
    entered: Option<TileView>,
) -> fmt::Result {
    f.write_str("  the river shifts: ")?;
    match dropped {
        Some(t) => write!(f, "tile {t} leaves the game")?,
        None => f.write_str("open water leaves")?,
    }
    if swept > 0 {
        write!(f, " with {}", floe_io::count(swept, "racer"))?;
    }
    match entered {
        Some(t) => write!(f, "; tile {t} enters slot 0"),
        None => {
            f.write_str("; the supply is empty: slot 0 is open water, the game ends this round")
        }
    }
}

/// Writes a seat taking its played cards back, at the round's end or at its fifth card.
fn write_collected(
    f: &mut fmt::Formatter<'_>,
    seat: Seat,
    cards: u8,
    round_end: bool,
) -> fmt::Result {
    let when = if round_end {
        " (fifth card played)"
    } else {
        ""
    };
    write!(
        f,
        "  {seat} takes {} back{when}",
        floe_io::count(cards, "played card")
    )
}

/// Writes the head of the score table: a column per race, then the total.
fn write_score_head(f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str("score by race (place and points):\n        ")?;
    for race in 1..=RACERS {
        write!(f, "  race {race}")?;
    }
    f.write_str("  total")
}

/// Writes a seat's row of the score table: its place and points in each race, and total.
fn write_score(
    f: &mut fmt::Formatter<'_>,
    seat: Seat,
    places: &[u8],
    points: &[u8],
    total: i32,
) -> fmt::Result {
    write!(f, "  {seat}")?;
    for (&place, &points) in places.iter().zip(points) {
        match place {
            0 => f.write_str("       -")?,
            p => write!(f, "  {} {points:>2}", Ordinal(p))?,
        }
    }
    write!(f, "  {total:>5}")
}

fn space(s: Option<u8>) -> String {
    s.map_or_else(|| "home".to_string(), |s| format!("space {s}"))
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::SlotFilled { slot, tile } => {
                write!(f, "setup: river slot {slot} gets tile {tile}")
            }
            Event::SupplyReady { supply, removed } => {
                write!(
                    f,
                    "setup: {} removed face down, {supply} in the supply",
                    floe_io::count(removed, "tile")
                )
            }
            Event::RoundStart { round, leader } => {
                write!(
                    f,
                    "== round {round}: {leader} holds the start token and goes first =="
                )
            }
            Event::Answered {
                seat,
                action,
                card,
                forced,
            } => write_answered(f, seat, action, card, forced),
            Event::FaceDown { seat, forced } => {
                let how = floe_core::forced_note(forced);
                write!(f, "{seat}: commit a card face down{how}")
            }
            Event::Revealed { seat, card } => write_revealed(f, seat, card),
            Event::Moved {
                seat,
                racer,
                from,
                to,
                skipped,
            } => {
                write!(f, "  {seat} {racer}: {} -> space {to}", space(from))?;
                write_skipped(f, to, skipped)
            }
            Event::IconFired { icon, space } => write!(f, "  icon {icon} on space {space} fires"),
            Event::Finished {
                seat,
                racer,
                from,
                to,
                skipped,
                place,
            } => write_finished(f, (seat, racer), from, (to, skipped), place),
            Event::Drowned { seat, racer, space } => write!(
                f,
                "  {seat} {racer} lands on open water at space {space} and goes home"
            ),
            Event::Rolled { seat, face } => match face {
                Some(n) => write!(f, "  {seat} rolls {n}"),
                None => write!(f, "  {seat} rolls black"),
            },
            Event::NoEffect { seat } => write!(f, "  the roll does nothing for {seat}"),
            Event::Shifted {
                dropped,
                swept,
                entered,
            } => write_shifted(f, dropped, swept, entered),
            Event::Carried {
                seat,
                racer,
                from,
                to,
            } => write!(
                f,
                "  {seat} {racer} rides its tile: space {from} -> space {to}"
            ),
            Event::SweptHome { seat, racer } => {
                write!(f, "  {seat} {racer} goes home with the tile")
            }
            Event::TokenGiven { from, to } => {
                write!(f, "  the start token passes from {from} to {to}")
            }
            Event::Collected {
                seat,
                cards,
                round_end,
            } => write_collected(f, seat, cards, round_end),
            Event::GameOver { cause, rounds } => {
                write!(f, "== game over after {rounds} rounds: {} ==", cause.name())
            }
            Event::ScoreTable => write_score_head(f),
            Event::Score {
                seat,
                places,
                points,
                total,
            } => write_score(f, seat, &places, &points, total),
            Event::Decided(tie) => write!(f, "{tie}"),
        }
    }
}
