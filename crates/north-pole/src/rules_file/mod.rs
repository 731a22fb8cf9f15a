//! The rules file loader: a TOML file read into [`Rules`], every problem named by line and
//! key.
//!
//! [`Rules::from_toml`] checks a file completely before any game starts. A file may set
//! only the keys it changes: every key it leaves out takes the page's default (the value
//! of [`Rules::standard`]), down to single entries of the tables (`masks.Husky.green`,
//! `map.corners`). The committed file `experiments/rules/north-pole.toml` holds the
//! standard rules with every key. The declared parameters (`params.rs`) refuse exactly
//! what the loader refuses: both read the ranges and names below and run
//! [`Rules::check`].
//!
//! # Shapes
//! - Per player count (`sides`, `pawns_on_ship`, `storm_threshold`): a list of three
//!   entries, for 2, 3 and 4 players, as Arctic writes its `sets`:
//!   `pawns_on_ship = [4, 3, 2]`, `sides = [["S", "N"], ["S", "W", "N"], ["S", "W", "N",
//!   "E"]]`. An error names the entry and its count: `storm_threshold[1] (3 players)`.
//! - `map`: the name of a built-in map (`map = "classic"`, the only one), or a `[map]`
//!   table of the page's data block (`name`, `base_camp.S` .. `base_camp.E`, `corners`,
//!   `entries`, `windows`, `top_cracks`, `bottom_cracks`); a key the table leaves out
//!   keeps its `classic` value, the name included. Squares are named `a1`..`h8`, cracks
//!   `"d2-d3"`.
//! - `deck`: a list of rows `{ movement = "March", mode = "A", points = 1, blue = 9, red
//!   = 9, purple = 4 }` (or `[[deck]]` tables), every key of a row required; `mode = "-"`
//!   for a Pinch. A file that sets `deck` gives the whole table.
//! - `masks`: a table of the disc types (`Husky`, `Snowshoes`, `Backpack`, `Igloo`,
//!   `Pickaxe`, `Compass`, `Storm`, `Hole`, `Bear`), each `{ brown = 5, green = 3, blue =
//!   0 }`, and `blanks`; each count it leaves out keeps the page's value.
//! - `team_boards`: a list of boards, each a list of two equipment names; `team_assignment`:
//!   `"random"` (an empty list means the same), or the boards of seats 0 to 3 as four
//!   distinct board numbers counted from 1 (`[1, 2, 3, 4]` gives seat 0 board T1).
//! - Switches (`random_start`, `team_play`, `storm_colour_public`) are `true` or `false`;
//!   `disc`, `storm_hazard_direction`, `scoreboard_mask` and `tie_break` are names.
//!
//! # Bounds
//! Each bound keeps an assumption of the engine or of the page:
//! - `name`: not empty; `colours`: 4 (one per seat of the largest table) to
//!   [`floe_core::MAX_COLOURS`], non-empty and distinct.
//! - `map`: square names on the board, no square twice in one list, exactly four
//!   `entries`, and then [`Map::check`]: cracks join orthogonal neighbours and appear once,
//!   no square has two roles, base camps (1 to 4 per side), corners (at most
//!   [`MAX_CORNERS`](crate::map::MAX_CORNERS), the state's corner places) and the weak
//!   ice map onto themselves under a quarter turn, every bottom crack lies under a window
//!   at some rotation, and every square and the Pole can be reached from every base camp
//!   at every rotation.
//! - `sides`: per player count N, N distinct sides (one seat per side).
//! - `pawns_on_ship`: 1 to 4 (a colour has 4 pawns; with none in play a player could never
//!   move). `storm_threshold`: 1 to 255 (0 would turn the board every turn; the engine
//!   keeps it in a byte).
//! - `hand_size`: 1 to [`MAX_HAND`] = 6, a side's group in the state holds at most that.
//! - `equipment_limit`: 2 (a team board gives two discs, held from the start) to
//!   [`MAX_EQUIPMENT_LIMIT`] = 6; question D5 then lists at most 6 discards, 3 compass
//!   settings and 4 igloo squares.
//! - `stack_size`: 0 (every square shared from the start) to [`MAX_DISCS`]; the discs left
//!   after the corners and the scoreboard must fill it (below).
//! - `deck`: each row's movement and mode agree (March, Swoop, Gallop and Dash with mode A
//!   or B; Sling with C; Pinch with `-` and no points), points 0 to 255 (the storm pile's
//!   total is kept in 16 bits: 128 cards of 255 points fit), 1 to [`MAX_CARDS`] = 128
//!   cards in all (card ids fit a 128-bit set), and at least `4 * hand_size`: setup deals
//!   `hand_size` cards to each of the four sides before the draw pile exists.
//! - `masks`: hazards (Storm, Hole, Bear) are blue only and equipment never blue; at most
//!   [`MAX_DISCS`] = 64 discs with the blanks (the stack and the removed discs are fixed
//!   arrays); at most [`MAX_PACKS`] = 4 Backpacks, brown and green (the state keeps the
//!   card of every full Backpack one player holds); at least one green disc per corner,
//!   and one more for the scoreboard with `scoreboard_mask = "first-pawn"`; and the green
//!   and blue discs left after those fill the stack.
//! - `team_boards`: 4 (random assignment deals one to each of up to 4 seats, without
//!   replacement) to [`MAX_BOARDS`] = 8 boards (one holder figure each), each two equipment
//!   discs, and the brown discs cover every board at once: for each type, the boards
//!   together hold at most its brown count.
//! - `team_assignment`: four distinct board numbers, each naming a board of `team_boards`.
//! - `round_limit`: 1 to 1 000 000 (0 would end the game before its first round).

use std::fmt;
use std::ops::{Deref, DerefMut, RangeInclusive};

pub use floe_core::RulesError;
pub(crate) use floe_core::rules_file::Problem;
use floe_core::rules_file::{self, Reader, Spanned, SpannedInts, SpannedNames};
use floe_core::{NameTable, out_of_range};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, de::value::MapAccessDeserializer};

use crate::board::{Bits, Name, Square, bit, parse_square};
use crate::deck::{DISCS, DeckRow, Disc, MAX_CARDS, MOVEMENTS, Mode, Movement};
use crate::figures::MAX_BOARDS;
use crate::map::{Map, SIDE_NAMES};
use crate::rules::{
    DiscKind, HazardDirection, MAX_PLAYERS, MIN_PLAYERS, Rules, TeamAssignment, TieBreak,
};
use crate::state::{MAX_DISCS, MAX_HAND, MAX_PACKS, PAWNS};

mod bounds;
mod checks;
mod loader;
#[cfg(test)]
mod tests;

pub(crate) use bounds::*;
