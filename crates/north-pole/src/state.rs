//! The state of one game: fixed size, no heap.

use arrayvec::ArrayVec;

use crate::board::{Bits, Square, bit};
use crate::deck::{Disc, EQUIPMENT, MAX_CARDS};
use crate::map::MAX_CORNERS;
use crate::rules::MAX_PLAYERS;

/// Most cards in one side's group (`hand_size` is at most this).
pub const MAX_HAND: usize = 6;
/// Pawns per colour.
pub const PAWNS: usize = 4;
/// Most Backpacks one player can hold full (every Backpack of the box, as the loader
/// caps the Ice Mask table).
pub const MAX_PACKS: usize = 4;
/// Most discs the box may hold (the loader caps the Ice Mask table).
pub const MAX_DISCS: usize = 64;

/// Where a pawn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// On its player's ship.
    Ship,
    /// On this square of the top board (top-board coordinates).
    Board(Square),
    /// On the scoreboard: it reached the Pole (or was placed there at setup).
    Pole,
}

/// One player's pieces and discs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// Each pawn's place.
    pawns: [Place; PAWNS],
    /// Bit `i`: pawn `i` stands in an igloo.
    igloos: u8,
    /// The squares of the pawns outside igloos and in them ([`Player::squares`]), kept
    /// with `pawns` and `igloos` by the only ways to change them, since the board every
    /// card, actor and target question reads is built from them.
    squares: (Bits, Bits),
    /// Equipment held, by type (in [`EQUIPMENT`] order); Backpacks full or empty.
    pub held: [u8; EQUIPMENT.len()],
    /// The cards in full Backpacks, the first filled first.
    pub packs: ArrayVec<u8, MAX_PACKS>,
    /// The team board's index.
    pub board: u8,
}

/// A player with every pawn on the scoreboard, no igloo, nothing held and team board 0:
/// the state before the deal.
impl Default for Player {
    fn default() -> Player {
        Player {
            pawns: [Place::Pole; PAWNS],
            igloos: 0,
            squares: (0, 0),
            held: [0; EQUIPMENT.len()],
            packs: ArrayVec::new(),
            board: 0,
        }
    }
}

impl Player {
    /// Returns the number of discs held.
    pub fn discs(&self) -> u8 {
        self.held.iter().sum()
    }

    /// Returns the number of this type held.
    pub fn has(&self, disc: Disc) -> u8 {
        self.held[disc.index()]
    }

    /// Returns the empty Backpacks held.
    pub fn empty_packs(&self) -> u8 {
        self.held[Disc::Backpack.index()] - self.packs.len() as u8
    }

    /// Returns the pawns on the scoreboard.
    pub fn at_pole(&self) -> u8 {
        self.pawns.iter().filter(|&&p| p == Place::Pole).count() as u8
    }

    /// Returns the pawns on the ship.
    pub fn on_ship(&self) -> u8 {
        self.pawns.iter().filter(|&&p| p == Place::Ship).count() as u8
    }

    /// Returns the squares (top frame) with a pawn of this player outside an igloo, and
    /// those with one of its pawns in an igloo (a shared square may be in both).
    pub fn squares(&self) -> (Bits, Bits) {
        self.squares
    }

    /// Returns each pawn's place.
    pub fn pawns(&self) -> &[Place; PAWNS] {
        &self.pawns
    }

    /// Returns the pawns in igloos: bit `i` for pawn `i`.
    pub fn igloos(&self) -> u8 {
        self.igloos
    }

    /// Puts pawn `i` on `place` (an igloo under it stays until [`Player::set_igloo`]).
    pub fn set_pawn(&mut self, i: usize, place: Place) {
        self.pawns[i] = place;
        self.squares = self.find_squares();
    }

    /// Puts pawn `i` in an igloo, or takes it out.
    pub fn set_igloo(&mut self, i: usize, in_igloo: bool) {
        if in_igloo {
            self.igloos |= 1 << i;
        } else {
            self.igloos &= !(1 << i);
        }
        self.squares = self.find_squares();
    }

    /// Returns [`Player::squares`] read from the pawns.
    fn find_squares(&self) -> (Bits, Bits) {
        let (mut free, mut igloos) = (0, 0);
        for (i, p) in self.pawns.iter().enumerate() {
            if let Place::Board(s) = *p {
                if self.igloos & (1 << i) != 0 {
                    igloos |= bit(s);
                } else {
                    free |= bit(s);
                }
            }
        }
        (free, igloos)
    }
}

/// The question pending, in the order of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// D1: which base camp square a pawn goes to.
    Travel,
    /// D2: a free point; what comes after it.
    Free(AfterFree),
    /// D3: which card (or Backpack card, or redraw).
    Card,
    /// D3a: which card the Pinch plays.
    Pinch,
    /// D3b: which actor.
    Actor,
    /// D3c: which target.
    Target,
    /// D4: which disc to discard for a play after a redraw.
    Keep,
    /// D5: over the equipment limit.
    Limit,
    /// D6: a Husky's extra play.
    Husky,
    /// D7: store a card in a Backpack.
    Store,
    /// The game is over.
    Over,
}

impl Phase {
    /// Returns the question's name: the variant's in snake case (`"card"`), a free point's
    /// with what comes after it (`"free_then_play"`).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Travel => "travel",
            Phase::Free(AfterFree::Play) => "free_then_play",
            Phase::Free(AfterFree::Husky) => "free_then_husky",
            Phase::Free(AfterFree::Store) => "free_then_store",
            Phase::Card => "card",
            Phase::Pinch => "pinch",
            Phase::Actor => "actor",
            Phase::Target => "target",
            Phase::Keep => "keep",
            Phase::Limit => "limit",
            Phase::Husky => "husky",
            Phase::Store => "store",
            Phase::Over => "over",
        }
    }
}

floe_core::serialize_by_name!(Phase);

/// What follows a free point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterFree {
    /// Step 3, the play phase (after phase 1).
    Play,
    /// Step 6, the Husky (after a weather check).
    Husky,
    /// Step 7, the Backpack (after a redraw with no play).
    Store,
}

/// Which piece a play moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// An own pawn on this top square, in an igloo or not.
    Pawn(Square, bool),
    /// The polar bear.
    Bear,
}

/// The play being asked for, step by step (D3 to D3c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    /// The card chosen in D3.
    pub card: u8,
    /// Whether it came from a Backpack.
    pub from_pack: bool,
    /// The card a Pinch plays (D3a).
    pub pinched: Option<u8>,
    /// The actor (D3b).
    pub actor: Actor,
}

/// Counts of the game's events, for the figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Storms that turned the board (weather and Storm discs).
    pub storms: u16,
    /// Ambushes (moves and slings).
    pub ambushes: u16,
    /// Holes made.
    pub holes: u16,
    /// Times the bear came onto the board.
    pub bears: u16,
    /// Redraws.
    pub redraws: u16,
    /// The round (from 1) in which the stack emptied; 0 while it has not.
    pub stack_empty_round: u16,
    /// Turns played.
    pub turns: u32,
}

/// The whole state of one game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Seats at the table.
    pub players: u8,
    /// The seat to play.
    pub seat: u8,
    /// The round, from 0.
    pub round: u32,
    /// The question pending.
    pub phase: Phase,
    /// Clockwise quarter turns the top board has made (0..4).
    pub rotation: u8,
    /// The North Pole disc's orientation (0..4).
    pub orientation: u8,
    /// Each seat's pieces and discs.
    pub seats: [Player; MAX_PLAYERS],
    /// The polar bear's top square, while it is on the board.
    pub bear: Option<Square>,
    /// Squares (top frame) with a hole.
    pub holes: Bits,
    /// The card groups, by top-board side: table side `s` holds group `(s - rotation) % 4`.
    pub groups: [ArrayVec<u8, MAX_HAND>; 4],
    /// The face-down draw pile, top last.
    pub draw: ArrayVec<u8, MAX_CARDS>,
    /// The discard pile (order does not matter: it is shuffled when used).
    pub discard: u128,
    /// The storm pile.
    pub storm: u128,
    /// The storm pile's points.
    pub storm_total: u16,
    /// Face-down discs on corner squares (top frame).
    pub corner_discs: ArrayVec<(Square, Disc), MAX_CORNERS>,
    /// The face-down disc on the scoreboard.
    pub scoreboard_disc: Option<Disc>,
    /// The ambush stack, top last.
    pub stack: ArrayVec<Disc, MAX_DISCS>,
    /// Discs that left the game unseen at setup.
    pub removed: ArrayVec<Disc, MAX_DISCS>,
    /// Discs out of the game otherwise: unused brown ones and blanks, used or discarded
    /// equipment, hazards that took effect.
    pub spent: u8,
    /// Whether this turn's redraw has happened.
    pub redrawn: bool,
    /// Whether the pending D3 is the turn's first play, which offers `redraw` when no
    /// legal play is equipment-free (step 3.2).
    pub redraw_allowed: bool,
    /// Whether the pending question opens the seat's turn.
    pub turn_opening: bool,
    /// The play being asked for.
    pub play: Play,
    /// Index into the end causes once the game is over.
    pub end_cause: u8,
    /// Event counts.
    pub tally: Tally,
}

impl State {
    /// Returns the number of seats.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Returns the group index of table side `side` now.
    pub fn group_of(&self, side: u8) -> usize {
        usize::from((side + 4 - self.rotation) % 4)
    }

    /// Returns whether the stack is empty (every square is then shared).
    pub fn stack_empty(&self) -> bool {
        self.stack.is_empty()
    }

    /// Returns whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_squares_follow_its_pawns_and_igloos() {
        let mut p = Player::default();
        assert_eq!(p.squares(), (0, 0), "every pawn at the Pole");
        // Two pawns on one square (a base camp is shared), one of them in an igloo.
        p.set_pawn(0, Place::Board(3));
        p.set_pawn(1, Place::Board(3));
        p.set_pawn(2, Place::Ship);
        p.set_igloo(1, true);
        assert_eq!(p.squares(), (bit(3), bit(3)));
        // The pawn outside the igloo leaves: the square keeps the one inside.
        p.set_pawn(0, Place::Board(11));
        assert_eq!(p.squares(), (bit(11), bit(3)));
        // Out of the igloo, then off the board.
        p.set_igloo(1, false);
        assert_eq!(p.squares(), (bit(11) | bit(3), 0));
        p.set_pawn(1, Place::Pole);
        p.set_pawn(0, Place::Ship);
        assert_eq!(p.squares(), (0, 0));
        assert_eq!((p.on_ship(), p.at_pole()), (2, 2));
    }
}
