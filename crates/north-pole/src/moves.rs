//! Where a card takes an actor: the targets of one play, by bitboards.
//!
//! [`Board`] gathers, for the player P to move, the sets a move reads (pieces, friends,
//! igloos, holes, shared squares, open entries) in top-board coordinates at the current
//! rotation; [`Board::reach`] lists the targets of one card and actor with the equipment
//! P may spend ([`Gear`]). The rules are the page's *Movement and ambush legality*.

use crate::board::{Bits, DIAGONAL, DIRS, Dir, STRAIGHT, Square, bit, shift, squares, step};
use crate::deck::{Card, Mode, Movement};
use crate::map::Geometry;
use crate::rules::Rules;
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
pub struct Board<'a> {
    geo: &'a Geometry,
    rotation: usize,
    /// Squares with any piece.
    occupied: Bits,
    /// Squares with a pawn of P or of P's teammate.
    friends: Bits,
    /// Squares with a pawn in an igloo.
    igloos: Bits,
    /// The bear's square.
    bear: Bits,
    holes: Bits,
    /// Base camps.
    camps: Bits,
    /// Squares any number of pieces may share: base camps, or all once the stack is empty.
    shared: Bits,
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
        let r = usize::from(st.rotation);
        let (mut occupied, mut friends, mut igloos) = (0, 0, 0);
        for (p, player) in st.seats[..st.players()].iter().enumerate() {
            let (free, ig) = player.squares();
            occupied |= free | ig;
            igloos |= ig;
            if p == seat || (rules.team_play && p % 2 == seat % 2) {
                friends |= free | ig;
            }
        }
        let (own_free, own_igloo) = st.seats[seat].squares();
        let bear = st.bear.map_or(0, bit);
        let ambush = !st.stack_empty();
        Board {
            geo,
            rotation: r,
            occupied: occupied | bear,
            friends,
            igloos,
            bear,
            holes: st.holes,
            camps: geo.all_camps,
            shared: if ambush { geo.all_camps } else { !0 },
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

    /// Returns the free squares: no hole, and shared or empty.
    fn free(&self) -> Bits {
        !self.holes & (self.shared | !self.occupied)
    }

    /// Returns the squares whose piece `bear` (or P's pawn) may ambush, with a Pickaxe
    /// if `pick`: opposing, not shared, not in an igloo unless a Pickaxe is spent.
    fn victims(&self, bear: bool, pick: bool) -> Bits {
        if !self.ambush {
            return 0;
        }
        let opposing = if bear {
            self.occupied & !self.friends & !self.bear
        } else {
            self.occupied & !self.friends
        };
        let guarded = if pick { 0 } else { self.igloos };
        opposing & !self.shared & !guarded
    }

    /// Returns the squares from which a step in `d` is allowed, with Snowshoes if `shoes`.
    fn clear(&self, d: Dir, shoes: bool) -> Bits {
        if shoes {
            self.geo.on_board[d.index()]
        } else {
            self.geo.clear[self.rotation][d.index()]
        }
    }

    /// Returns the targets of `card` played on `actor` with `gear`.
    pub fn reach(&self, card: Card, actor: Actor, gear: Gear) -> Reach {
        let (from, in_igloo, bear) = match actor {
            Actor::Pawn(s, igloo) => (s, igloo, false),
            Actor::Bear => (self.bear.trailing_zeros() as Square, false, true),
        };
        let a = bit(from);
        let victims = self.victims(bear, gear.pick);
        let may_ambush = card.mode == Mode::B && !in_igloo && a & self.camps == 0;
        let free = self.free();
        let open = if gear.pick { self.geo.weak } else { self.open };
        let mut out = Reach::default();
        let single = |dirs: &[Dir], out: &mut Reach| {
            let mut steps = 0;
            for &d in dirs {
                steps |= shift(a & self.clear(d, gear.shoes), d);
            }
            out.squares |= steps & free;
            if may_ambush {
                out.squares |= steps & victims;
            }
        };
        match card.movement {
            Movement::March => single(&STRAIGHT, &mut out),
            Movement::Swoop => single(&DIAGONAL, &mut out),
            Movement::Gallop => single(&DIRS, &mut out),
            Movement::Dash => {
                for d in STRAIGHT {
                    let b = shift(a & self.clear(d, gear.shoes), d);
                    if b & free != 0 {
                        out.squares |= b;
                        let c = shift(b & self.clear(d, gear.shoes), d);
                        if c & free != 0 || (may_ambush && b & self.camps == 0 && c & victims != 0)
                        {
                            out.squares |= c;
                        }
                        if a & self.geo.weak == 0 && b & self.geo.weak & open != 0 {
                            out.pole = true;
                        }
                    } else if may_ambush && b & victims != 0 {
                        out.squares |= b;
                    }
                }
            }
            Movement::Sling => {
                if self.ambush && !in_igloo && a & self.camps == 0 {
                    for d in STRAIGHT {
                        let mut at = from;
                        while let Some(next) = step(at, d) {
                            at = next;
                            if self.occupied & bit(at) != 0 {
                                out.squares |= bit(at) & victims & !self.camps;
                                break;
                            }
                        }
                    }
                }
                return out;
            }
            Movement::Pinch => return out,
        }
        if a & open != 0 {
            out.pole = true;
        }
        out
    }
}
