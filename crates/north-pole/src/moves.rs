//! Where a card takes an actor: the targets of one play, by bitboards.
//!
//! [`Board`] gathers, for the player P to move, the sets a move reads (pieces, friends,
//! igloos, holes, shared squares, open entries) in top-board coordinates at the current
//! rotation; [`Board::reach`] lists the targets of one card and actor with the equipment
//! P may spend ([`Gear`]), and [`Steps`] which pieces a card can move at all, for all of
//! them at once. The rules are the page's *Movement and ambush legality*.

use crate::board::{
    Bits, DIAGONAL, DIRS, Dir, SIDE, STRAIGHT, bit, shift, squares, step as step_square,
};
use crate::deck::{Card, MOVEMENTS, Mode, Movement};
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

    /// Every set of equipment, the least first: none, Snowshoes, a Pickaxe, both.
    pub const ALL: [Gear; 4] = [
        Gear::NONE,
        Gear {
            shoes: true,
            pick: false,
        },
        Gear {
            shoes: false,
            pick: true,
        },
        Gear {
            shoes: true,
            pick: true,
        },
    ];
}

/// The targets of one card and actor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Squares the play can end on or sling at (top frame).
    pub squares: Bits,
    /// Whether it can reach the Pole.
    pub pole: bool,
}

/// What a move of player P reads of the board, in top-board coordinates.
///
/// Gathered once per question from the sets each player keeps of its pawns, with the sets
/// every [`Board::reach`] and [`Board::steps`] read already combined, since a question
/// asks about several cards and actors.
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
        for player in &st.seats[..st.players()] {
            let (free, igloo) = player.squares();
            occupied |= free | igloo;
            igloos |= igloo;
        }
        let (own_free, own_igloo) = st.seats[seat].squares();
        let mut friends = own_free | own_igloo;
        if rules.team_play {
            // Team play seats four, each pair opposite.
            let (free, igloo) = st.seats[(seat + 2) % 4].squares();
            friends |= free | igloo;
        }
        let bear = st.bear.map_or(0, bit);
        occupied |= bear;
        let ambush = !st.stack_empty();
        // With the stack empty every square is shared: no piece is a victim.
        let shared = if ambush { geo.all_camps } else { !0 };
        let victims = |opposing: Bits| {
            let open = opposing & !shared;
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

    /// Returns the targets of `card` played on `actor` with `gear`.
    pub fn reach(&self, card: Card, actor: Actor, gear: Gear) -> Reach {
        match actor {
            Actor::Pawn(s, igloo) => self.reach_from(card, bit(s), igloo, false, gear),
            Actor::Bear => self.reach_from(card, self.bear, false, true, gear),
        }
    }

    /// Returns the steps a play with `gear` can take here, for asking of several cards
    /// which pieces they move.
    pub fn steps(&self, gear: Gear) -> Steps<'_> {
        self.steps_taking(gear, Kinds::BOTH)
    }

    /// Returns the pieces P may move that `card` moves with `gear`, as [`Steps::movers`]
    /// does, finding only the kind of step the card takes (the actor question asks about
    /// one card).
    pub fn movers(&self, card: Card, gear: Gear) -> (Bits, Bits, bool) {
        self.steps_taking(gear, STEP_KINDS[card.movement as usize])
            .movers(card)
    }

    /// Returns the steps a play with `gear` can take here, of the `kinds` asked for (the
    /// others left empty).
    #[inline(always)]
    fn steps_taking(&self, gear: Gear, kinds: Kinds) -> Steps<'_> {
        let clear = self.clear_for(gear);
        // The squares from which a step of each kind asked for lands in `to`.
        let both = |to: Bits| {
            [
                if kinds.has(Kinds::STRAIGHT) {
                    back(to, clear, STRAIGHT)
                } else {
                    0
                },
                if kinds.has(Kinds::DIAGONAL) {
                    back(to, clear, DIAGONAL)
                } else {
                    0
                },
            ]
        };
        let pick = usize::from(gear.pick);
        let victims = [self.victims[0][pick], self.victims[1][pick]];
        // Only pieces outside igloos and off the base camps move into ambushes.
        let onto_victim = |from: Bits, victims: Bits| {
            if self.ambush && from & !self.geo.all_camps != 0 {
                both(victims)
            } else {
                [0; 2]
            }
        };
        let open = self.open_for(gear);
        let onto_free = both(self.free);
        let onto_victim = [
            onto_victim(self.own_free, victims[0]),
            onto_victim(self.bear, victims[1]),
        ];
        // By kind, whether some piece moves onto a free square or open weak ice (a step of
        // that kind), and whether some piece moves into an ambush.
        let pieces = self.own_free | self.own_igloo | self.bear;
        let camps = self.geo.all_camps;
        let by_kind = |kind: usize, bit: u8| {
            let plain = pieces & (onto_free[kind] | open) != 0;
            let ambush =
                (self.own_free & onto_victim[0][kind] | self.bear & onto_victim[1][kind]) & !camps;
            (
                if plain { bit } else { 0 },
                if ambush != 0 { bit } else { 0 },
            )
        };
        let (straight, straight_ambush) = by_kind(0, Kinds::STRAIGHT);
        let (diagonal, diagonal_ambush) = by_kind(1, Kinds::DIAGONAL);
        let plain = Kinds(straight | diagonal);
        Steps {
            board: self,
            victims,
            open,
            onto_free,
            onto_victim,
            plain,
            armed: Kinds(plain.0 | straight_ambush | diagonal_ambush),
        }
    }

    /// Returns the targets of `card` played with `gear` on any of the pieces `from`: P's
    /// pawns in igloos if `in_igloo`, the bear if `bear`, else P's pawns outside igloos.
    /// They are the union of each piece's targets.
    fn reach_from(&self, card: Card, from: Bits, in_igloo: bool, bear: bool, gear: Gear) -> Reach {
        let camps = self.geo.all_camps;
        let victims = self.victims[usize::from(bear)][usize::from(gear.pick)];
        // The pieces that may move into an ambush: not in an igloo or on a base camp.
        let ambushers = if card.mode == Mode::B && !in_igloo {
            from & !camps
        } else {
            0
        };
        let (free, open, clear) = (self.free, self.open_for(gear), self.clear_for(gear));
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

    /// Returns the pieces of `from` (off the base camps) whose Sling has a target: in some
    /// straight line the first piece is one of `victims` off the base camps.
    fn slingers(&self, from: Bits, victims: Bits) -> Bits {
        if from == 0 {
            return 0;
        }
        let targets = self.occupied & victims & !self.geo.all_camps;
        STRAIGHT.into_iter().fold(0, |acc, d| {
            // The squares from which the first piece in direction d is a target, one
            // square further back each time.
            let mut aiming = shift(targets, d.opposite());
            for _ in 2..SIDE {
                aiming |= shift(aiming & !self.occupied, d.opposite());
            }
            acc | from & aiming
        })
    }

    /// Returns, by direction, the squares from which a step with `gear` is allowed:
    /// Snowshoes ignore cracks.
    fn clear_for(&self, gear: Gear) -> &'a [Bits; 8] {
        if gear.shoes {
            &self.geo.on_board
        } else {
            self.clear
        }
    }

    /// Returns the weak-ice squares open onto the Pole with `gear`: a Pickaxe opens all.
    fn open_for(&self, gear: Gear) -> Bits {
        if gear.pick { self.geo.weak } else { self.open }
    }
}

/// By [`Movement`], the kinds of step it takes.
const STEP_KINDS: [Kinds; MOVEMENTS.len()] = {
    let mut kinds = [Kinds(0); MOVEMENTS.len()];
    let mut i = 0;
    while i < MOVEMENTS.len() {
        let movement = MOVEMENTS[i];
        kinds[movement as usize] = match movement {
            Movement::March | Movement::Dash => Kinds(Kinds::STRAIGHT),
            Movement::Swoop => Kinds(Kinds::DIAGONAL),
            Movement::Gallop => Kinds(Kinds::STRAIGHT | Kinds::DIAGONAL),
            Movement::Sling | Movement::Pinch => Kinds(0),
        };
        i += 1;
    }
    kinds
};

/// A set of kinds of step: [`Kinds::STRAIGHT`], [`Kinds::DIAGONAL`].
#[derive(Clone, Copy)]
struct Kinds(u8);

impl Kinds {
    /// A straight step.
    const STRAIGHT: u8 = 1;
    /// A diagonal step.
    const DIAGONAL: u8 = 2;
    /// Both kinds, for asking about several cards.
    const BOTH: Kinds = Kinds(Kinds::STRAIGHT | Kinds::DIAGONAL);

    /// Returns whether the set holds `kind`.
    const fn has(self, kind: u8) -> bool {
        self.0 & kind != 0
    }

    /// Returns every square if the set holds `kind`, else none: a mask, as cards come in
    /// no order a branch could learn.
    const fn mask(self, kind: u8) -> Bits {
        (0 as Bits).wrapping_sub(self.has(kind) as Bits)
    }
}

/// Returns the squares from which a step in one of `dirs`, allowed from the squares
/// `clear` gives by direction, lands in `to`. Always inlined, with `dirs` one of the fixed
/// sets, so that each step is a constant shift: every question about cards and actors asks
/// it.
#[inline(always)]
fn back(to: Bits, clear: &[Bits; 8], dirs: [Dir; 4]) -> Bits {
    let from = |d: Dir| shift(to, d.opposite()) & clear[d.index()];
    let [a, b, c, d] = dirs;
    from(a) | from(b) | from(c) | from(d)
}

/// The steps a play with one set of equipment can take on a [`Board`], found once for the
/// several cards a question asks about: which pieces each card moves.
pub struct Steps<'b> {
    board: &'b Board<'b>,
    /// The pawns' victims, then the bear's.
    victims: [Bits; 2],
    /// Weak-ice squares open onto the Pole.
    open: Bits,
    /// The squares from which a straight step, and a diagonal one, lands on a free square.
    onto_free: [Bits; 2],
    /// The squares from which a straight step, and a diagonal one, lands on a victim of a
    /// pawn, then of the bear.
    onto_victim: [[Bits; 2]; 2],
    /// The kinds of step by which some piece moves without an ambush: found once, so that
    /// asking whether a card moves anything is a lookup.
    plain: Kinds,
    /// The kinds of step by which some piece moves, ambushes included.
    armed: Kinds,
}

impl Steps<'_> {
    /// Returns the pieces P may move that `card` moves: P's pawns outside igloos, P's
    /// pawns in igloos (by square, top frame), and whether the bear.
    ///
    /// Found for all pieces at once by stepping back from the targets: a piece moves when
    /// one step lands it on a free square or into an ambush, or it stands on open weak
    /// ice. A Dash moves exactly the pieces a March moves, since its second step and its
    /// way onto the Pole both begin with a step onto a free square.
    #[inline]
    pub fn movers(&self, card: Card) -> (Bits, Bits, bool) {
        let b = self.board;
        let camps = b.geo.all_camps;
        // Of a straight step and a diagonal one, those the card takes.
        let kinds = STEP_KINDS[card.movement as usize];
        let (straight, diagonal) = (kinds.mask(Kinds::STRAIGHT), kinds.mask(Kinds::DIAGONAL));
        let takes = |[s, d]: [Bits; 2]| s & straight | d & diagonal;
        match card.movement {
            Movement::Sling if b.ambush => {
                let [pawns, bear] = self.victims;
                return (
                    b.slingers(b.own_free & !camps, pawns),
                    0,
                    b.slingers(b.bear & !camps, bear) != 0,
                );
            }
            Movement::Sling | Movement::Pinch => return (0, 0, false),
            _ => {}
        }
        let onto = takes(self.onto_free) | self.open;
        // Only pieces outside igloos and off the base camps move into ambushes.
        let ambush = if card.mode == Mode::B { !camps } else { 0 };
        let [pawn_ambush, bear_ambush] = [
            takes(self.onto_victim[0]) & ambush,
            takes(self.onto_victim[1]) & ambush,
        ];
        (
            b.own_free & (onto | pawn_ambush),
            b.own_igloo & onto,
            b.bear & (onto | bear_ambush) != 0,
        )
    }

    /// Returns whether `card` has a target for some piece P may move: whether
    /// [`Steps::movers`] finds any, looked up by the kinds of step the card takes (a Sling
    /// asks the board).
    #[inline]
    pub fn moves_some(&self, card: Card) -> bool {
        if card.movement == Movement::Sling {
            let (free, _, bear) = self.movers(card);
            return free != 0 || bear;
        }
        let moving = if card.mode == Mode::B {
            self.armed
        } else {
            self.plain
        };
        moving.0 & STEP_KINDS[card.movement as usize].0 != 0
    }
}

#[cfg(test)]
mod tests {
    use floe_core::{ActionList, Game, Stream, game_seed, stream_rng};
    use rand::RngExt;

    use super::*;
    use crate::board::parse_square;
    use crate::deck::StormColour;
    use crate::engine::NorthPole;
    use crate::state::Place;

    /// What the positions checked held, to show the check met each case.
    #[derive(Default)]
    struct Seen {
        positions: u32,
        igloo_movers: u32,
        ambushing_movers: u32,
        slingers: u32,
        bear_movers: u32,
        stuck_pieces: u32,
        without_ambush: u32,
    }

    /// Checks, for every card kind of the deck and every set of equipment, that the
    /// pieces [`Steps::movers`] says a card moves at `st` are exactly those with a target
    /// of their own by [`Board::reach`].
    fn check(game: &NorthPole, st: &State, seen: &mut Seen) {
        let rules = &game.rules;
        let board = Board::of(rules, st, usize::from(st.seat));
        let has_target = |card, actor, gear| {
            let reach = board.reach(card, actor, gear);
            reach.squares != 0 || reach.pole
        };
        seen.positions += 1;
        seen.without_ambush += u32::from(!board.ambush);
        for gear in Gear::ALL {
            let steps = board.steps(gear);
            for id in 0..rules.card_count() as u8 {
                let card = rules.card(id);
                let (free, igloo, bear) = steps.movers(card);
                assert_eq!(board.movers(card, gear), (free, igloo, bear), "one card's");
                let movers = |pawns: Bits, in_igloo: bool| {
                    squares(pawns)
                        .filter(|&s| has_target(card, Actor::Pawn(s, in_igloo), gear))
                        .fold(0, |acc, s| acc | bit(s))
                };
                let context = || format!("{card} with {gear:?} at {st:?}");
                assert_eq!(free, movers(board.own_free, false), "{}", context());
                assert_eq!(igloo, movers(board.own_igloo, true), "{}", context());
                let bear_moves = board.bear != 0 && has_target(card, Actor::Bear, gear);
                assert_eq!(bear, bear_moves, "the bear: {}", context());
                assert_eq!(steps.moves_some(card), free | igloo != 0 || bear);
                seen.igloo_movers += u32::from(igloo != 0);
                seen.bear_movers += u32::from(bear);
                seen.slingers += u32::from(card.movement == Movement::Sling && free != 0);
                let unarmed = Card {
                    mode: Mode::A,
                    ..card
                };
                let ambushing = free != steps.movers(unarmed).0;
                seen.ambushing_movers += u32::from(card.mode == Mode::B && ambushing);
                let pieces = board.own_free.count_ones() + board.own_igloo.count_ones();
                let moved = free.count_ones() + igloo.count_ones();
                seen.stuck_pieces += pieces - moved;
            }
        }
    }

    #[test]
    fn a_pawn_whose_only_target_is_the_pole_moves() {
        let mut rules = Rules::standard();
        rules.random_start = false;
        let game = NorthPole::new(rules);
        let mut st = game.deal(2, &mut stream_rng(1, Stream::Chance), &mut |_| {});
        // d4 is the open entry at the start; holes on each square a straight step reaches.
        let entry = parse_square("d4").unwrap();
        st.seats[0].set_pawn(0, Place::Board(entry));
        for d in STRAIGHT {
            st.holes |= bit(step_square(entry, d).unwrap());
        }
        let board = Board::of(&game.rules, &st, 0);
        let march = Card {
            movement: Movement::March,
            mode: Mode::A,
            points: 1,
            colour: StormColour::Blue,
        };
        let reach = board.reach(march, Actor::Pawn(entry, false), Gear::NONE);
        assert_eq!((reach.squares, reach.pole), (0, true), "only the Pole");
        assert_eq!(board.steps(Gear::NONE).movers(march).0, bit(entry));
    }

    #[test]
    fn steps_move_exactly_the_pieces_with_a_target_of_their_own() {
        let mut team = Rules::standard();
        team.team_play = true;
        let tables = [
            (NorthPole::standard(), 2),
            (NorthPole::standard(), 3),
            (NorthPole::standard(), 4),
            (NorthPole::new(team), 4),
        ];
        let mut seen = Seen::default();
        let mut answers = ActionList::new();
        for (game, players) in &tables {
            for index in 0..3 {
                let seed = game_seed(*players as u64, index);
                let mut chance = stream_rng(seed, Stream::Chance);
                let mut pick = stream_rng(seed, Stream::Bot(0));
                let mut st = game.new_game(*players, &mut chance);
                game.legal_actions(&st, &mut answers);
                while game.to_act(&st).is_some() {
                    check(game, &st, &mut seen);
                    let answer = answers[pick.random_range(0..answers.len())];
                    game.advance(&mut st, answer, &mut chance, &mut answers, &mut |_| {});
                }
            }
        }
        // The check has met every case, many times.
        assert!(seen.positions > 10_000, "{}", seen.positions);
        for (case, count) in [
            ("a pawn in an igloo moves", seen.igloo_movers),
            ("a piece ambushes", seen.ambushing_movers),
            ("a Sling has a target", seen.slingers),
            ("the bear moves", seen.bear_movers),
            ("a piece cannot move", seen.stuck_pieces),
            ("the stack is empty", seen.without_ambush),
        ] {
            assert!(count >= 100, "{case}: {count} times");
        }
    }
}
