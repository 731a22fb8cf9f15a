//! Where a card takes an actor: the targets of one play, by bitboards.
//!
//! [`Board`] gathers, for the player P to move, the sets a move reads (pieces, friends,
//! igloos, holes, shared squares, open entries) in top-board coordinates at the current
//! rotation; [`Board::reach`] lists the targets of one card and actor with the equipment
//! P may spend ([`Gear`]). The rules are the page's *Movement and ambush legality*.

use crate::board::{Bits, DIAGONAL, DIRS, Dir, STRAIGHT, bit, shift, squares, step as step_square};
use crate::deck::{Card, Mode, Movement};
use crate::map::Geometry;
use crate::rules::{MAX_PLAYERS, Rules};
use crate::state::{Actor, State};

/// The equipment a play may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gear {
    /// Snowshoes: steps ignore cracks.
    pub shoes: bool,
    /// Pickaxe: every weak-ice square is open, igloos do not protect.
    pub pick: bool,
}

impl Gear {
    /// No equipment.
    pub const NONE: Gear = Gear {
        shoes: false,
        pick: false,
    };
}

/// The targets of one card and actor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Squares the play can end on or sling at (top frame).
    pub squares: Bits,
    /// Whether it can reach the Pole.
    pub pole: bool,
}

impl Reach {
    /// Returns whether there is no target.
    pub fn is_empty(self) -> bool {
        self.squares == 0 && !self.pole
    }
}

/// What a move of player P reads of the board, in top-board coordinates.
///
/// Gathered once per question (the engine's state keeps places, not sets), with the sets
/// every [`Board::reach`] reads already combined, since a question asks for the targets of
/// several cards and actors.
pub struct Board<'a> {
    geo: &'a Geometry,
    /// `geo.clear` at the current rotation.
    clear: &'a [Bits; 8],
    /// Squares with any piece.
    occupied: Bits,
    /// The bear's square.
    bear: Bits,
    /// Squares a move may end on: no hole, and shared or empty.
    free: Bits,
    /// `victims[bear][pick]`: the squares whose piece the bear (or P's pawn) may ambush,
    /// with a Pickaxe or not: opposing, not shared, not in an igloo unless a Pickaxe is
    /// spent; none while the stack is empty.
    victims: [[Bits; 2]; 2],
    /// Weak-ice squares open onto the Pole.
    open: Bits,
    /// Whether ambushes are possible at all (the stack is not empty).
    ambush: bool,
    /// Squares with a pawn of P's outside an igloo.
    own_free: Bits,
    /// Squares with a pawn of P's in an igloo.
    own_igloo: Bits,
}

impl<'a> Board<'a> {
    /// Returns the board as player `seat` reads it in `st`.
    pub fn of(rules: &'a Rules, st: &State, seat: usize) -> Board<'a> {
        let geo = &rules.geo;
        let (mut occupied, mut igloos) = (0, 0);
        let mut each = [(0, 0); MAX_PLAYERS];
        for (sets, player) in each.iter_mut().zip(&st.seats[..st.players()]) {
            *sets = player.squares();
            occupied |= sets.0 | sets.1;
            igloos |= sets.1;
        }
        let (own_free, own_igloo) = each[seat];
        let mut friends = own_free | own_igloo;
        if rules.team_play {
            // Team play seats four, each pair opposite.
            let (free, ig) = each[(seat + 2) % 4];
            friends |= free | ig;
        }
        let bear = st.bear.map_or(0, bit);
        occupied |= bear;
        let ambush = !st.stack_empty();
        let shared = if ambush { geo.all_camps } else { !0 };
        let victims = |opposing: Bits| {
            let open = if ambush { opposing & !shared } else { 0 };
            [open & !igloos, open]
        };
        Board {
            geo,
            clear: &geo.clear[usize::from(st.rotation)],
            occupied,
            bear,
            free: !st.holes & (shared | !occupied),
            victims: [
                victims(occupied & !friends),
                victims(occupied & !friends & !bear),
            ],
            open: geo.open(rules.disc_kind(), st.rotation, st.orientation),
            ambush,
            own_free,
            own_igloo,
        }
    }

    /// Returns the pieces P may move: each own pawn on the board (one per square and igloo
    /// state), then the bear; in top-board coordinates.
    pub fn actors(&self) -> impl Iterator<Item = Actor> + use<> {
        let free = squares(self.own_free).map(|s| Actor::Pawn(s, false));
        let igloo = squares(self.own_igloo).map(|s| Actor::Pawn(s, true));
        let bear = (self.bear != 0).then_some(Actor::Bear);
        free.chain(igloo).chain(bear)
    }

    /// Returns the targets of `card` played on `actor` with `gear`.
    pub fn reach(&self, card: Card, actor: Actor, gear: Gear) -> Reach {
        match actor {
            Actor::Pawn(s, igloo) => self.reach_from(card, bit(s), igloo, false, gear),
            Actor::Bear => self.reach_from(card, self.bear, false, true, gear),
        }
    }

    /// Returns whether `card` played with `gear` has a target for some piece P may move.
    pub fn moves_some(&self, card: Card, gear: Gear) -> bool {
        let pieces = [
            (self.own_free, false, false),
            (self.own_igloo, true, false),
            (self.bear, false, true),
        ];
        pieces.into_iter().any(|(from, in_igloo, bear)| {
            from != 0 && !self.reach_from(card, from, in_igloo, bear, gear).is_empty()
        })
    }

    /// Returns the targets of `card` played with `gear` on any of the pieces `from`: P's
    /// pawns in igloos if `in_igloo`, the bear if `bear`, else P's pawns outside igloos.
    /// They are the union of each piece's targets, so one call over all of them tells
    /// whether any can move.
    fn reach_from(&self, card: Card, from: Bits, in_igloo: bool, bear: bool, gear: Gear) -> Reach {
        let camps = self.geo.all_camps;
        let victims = self.victims[usize::from(bear)][usize::from(gear.pick)];
        // The pieces that may move into an ambush: not in an igloo or on a base camp.
        let ambushers = if card.mode == Mode::B && !in_igloo {
            from & !camps
        } else {
            0
        };
        let free = self.free;
        let open = if gear.pick { self.geo.weak } else { self.open };
        // The squares from which a step in each direction is allowed (Snowshoes ignore
        // cracks).
        let clear = if gear.shoes {
            &self.geo.on_board
        } else {
            self.clear
        };
        let step = |from: Bits, d: Dir| shift(from & clear[d.index()], d);
        let single = |dirs: &[Dir]| {
            dirs.iter().fold(0, |acc, &d| {
                acc | step(from, d) & free | step(ambushers, d) & victims
            })
        };
        let mut out = Reach::default();
        match card.movement {
            Movement::March => out.squares = single(&STRAIGHT),
            Movement::Swoop => out.squares = single(&DIAGONAL),
            Movement::Gallop => out.squares = single(&DIRS),
            Movement::Dash => {
                for d in STRAIGHT {
                    // A first step onto a free square may go on in the same line, onto a
                    // free square or, from off the base camps, into an ambush; a first
                    // step may be an ambush itself.
                    let b = step(from, d) & free;
                    let b_ambush = step(ambushers, d);
                    out.squares |= b
                        | b_ambush & victims
                        | step(b, d) & free
                        | step(b_ambush & free & !camps, d) & victims;
                    if step(from & !self.geo.weak, d) & free & self.geo.weak & open != 0 {
                        out.pole = true;
                    }
                }
            }
            Movement::Sling => {
                if self.ambush && !in_igloo {
                    for from in squares(from & !camps) {
                        for d in STRAIGHT {
                            let mut at = from;
                            while let Some(next) = step_square(at, d) {
                                at = next;
                                if self.occupied & bit(at) != 0 {
                                    out.squares |= bit(at) & victims & !camps;
                                    break;
                                }
                            }
                        }
                    }
                }
                return out;
            }
            Movement::Pinch => return out,
        }
        if from & open != 0 {
            out.pole = true;
        }
        out
    }
}
