//! The state of one game of Arctic: fixed-size plain data, hidden parts included.
//!
//! Cards are ids below 128, so hands, penalty zones and the public tracking sets are
//! 128-bit sets and piles are arrays of one byte per card: a state is about a kilobyte and
//! is copied without touching the heap.

use arrayvec::ArrayVec;
use floe_core::Seat;

use crate::cards::{ANIMAL_COUNT, Animal, CARD_COUNT, Card, CardSet, PileCard};
use crate::rules::{MAX_PLAYERS, Side};

use crate::limits::MAX_RIVER;

/// `holders` value of a power card in the centre.
pub(crate) const CENTRE: u8 = 0xFF;

/// A pile of cards, bottom first.
pub type Pile = ArrayVec<PileCard, CARD_COUNT>;

/// The question pending, or the end of the game. Each question is one row of the page's
/// Decisions table; the engine moves to one only when it is asked. Serializes as its
/// name in snake case (`"puffin_give"`, `"over"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// D1 (puffin A) or D2 (puffin B), by the side up: use the puffin?
    Puffin,
    /// D1a: the hand card to give to the River.
    PuffinGive,
    /// D1b: the River card to take.
    PuffinTake,
    /// D3: the placement target t (moose B).
    Target,
    /// D4: the next card to place.
    Place,
    /// D5: use the fox on the last card (held aside, not yet shown)?
    Fox,
    /// D6: the direction of the main animal's token.
    Direction,
    /// D7: the walrus's extra move.
    Walrus,
    /// D8m: draw another card (moose A)?
    MooseStop,
    /// D8: where the next card is drawn from.
    Source,
    /// D8a: which own penalty card of the animal chosen (bear A).
    PenaltyCard,
    /// D9: the hand card to discard face down.
    Discard,
    /// D10: use bear B?
    Bear,
    /// D10a: the seat that receives the penalty card.
    BearSeat,
    /// D10b: the animal of the card given.
    BearAnimal,
    /// D10c: the card given.
    BearCard,
    /// The game is over.
    Over,
}

/// What the turn in progress has settled so far. Serializes with its fields named in
/// full (`placement_value` for p, `draw_value` for q, `held_aside`, `puffin_gives`); an
/// unset choice is `null`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Turn {
    /// The placement value p of V0.
    #[serde(rename = "placement_value")]
    pub(crate) p: u8,
    /// The target t.
    pub(crate) target: u8,
    /// n = min(t, hand size), the cards to place.
    pub(crate) to_place: u8,
    /// Cards placed so far.
    pub(crate) placed: u8,
    /// The last card to place, picked and held aside until the fox question is answered.
    #[serde(rename = "held_aside")]
    pub(crate) held: Option<Card>,
    /// The hand card chosen for a puffin A swap.
    #[serde(rename = "puffin_gives")]
    pub(crate) gave: Option<Card>,
    /// The draw value q of V1.
    #[serde(rename = "draw_value")]
    pub(crate) q: u8,
    /// Cards drawn so far.
    pub(crate) drawn: u8,
    /// The animal of the penalty card to draw back (bear A), chosen at D8.
    pub(crate) penalty_animal: Option<Animal>,
    /// The seat receiving a bear B card.
    pub(crate) bear_to: Option<Seat>,
    /// The animal of the bear B card.
    pub(crate) bear_animal: Option<Animal>,
    /// Whether the seat has answered a question of this turn (one the engine did not
    /// answer itself).
    pub(crate) asked: bool,
}

/// The full state of one game of Arctic.
///
/// Hidden: the draw pile and its order, the Reserve, the totems, and each seat's hand,
/// penalty cards and face-down pile cards from every other seat (see `info.rs` for what
/// each seat knows and the public tracking sets kept here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) players: u8,
    pub(crate) piles: [Pile; MAX_PLAYERS],
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    pub(crate) penalties: [CardSet; MAX_PLAYERS],
    /// The River's slots (the first `river_size` used); `None` is an empty slot.
    pub(crate) river: [Option<Card>; MAX_RIVER],
    pub(crate) river_size: u8,
    /// The draw pile; its top is the last card.
    pub(crate) draw: ArrayVec<Card, CARD_COUNT>,
    /// The Reserve while unopened (its top the last card); empty once opened.
    pub(crate) reserve: ArrayVec<Card, CARD_COUNT>,
    pub(crate) reserve_open: bool,
    /// Landscape position of each animal's token.
    pub(crate) tokens: [u8; ANIMAL_COUNT],
    /// The side up of each power card.
    pub(crate) sides: [Side; ANIMAL_COUNT],
    /// The seat holding each power card, or [`CENTRE`].
    pub(crate) holders: [u8; ANIMAL_COUNT],
    pub(crate) totems: [Animal; MAX_PLAYERS],
    /// Public tracking: cards known to be in each seat's hand.
    pub(crate) in_hand: [CardSet; MAX_PLAYERS],
    /// Public tracking: cards known to be in each seat's hand, penalty zone or face-down
    /// pile cards.
    pub(crate) private: [CardSet; MAX_PLAYERS],
    /// Per seat, the cards it gave with bear B whose place it still knows (in the
    /// receiver's penalty zone).
    pub(crate) gifts: [CardSet; MAX_PLAYERS],
    /// The round in progress, from 0 (the final round has the number after the last).
    pub(crate) round: u32,
    /// The end is triggered: this round is finished, then the final round is played.
    pub(crate) end_triggered: bool,
    /// The final round (steps 0 to 2 only) is in progress.
    pub(crate) final_round: bool,
    /// Index into the end causes, once the game is over.
    pub(crate) end_cause: u8,
    pub(crate) actor: Seat,
    pub(crate) phase: Phase,
    pub(crate) turn: Turn,
    /// Turns played, the one in progress included.
    pub(crate) turns: u32,
}

impl State {
    /// Returns the number of seats.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Returns the question pending.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Returns the seat whose turn it is.
    pub fn actor(&self) -> Seat {
        self.actor
    }

    /// Returns whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Returns `seat`'s pile, bottom first.
    pub fn pile(&self, seat: Seat) -> &[PileCard] {
        &self.piles[seat.index()]
    }

    /// Returns `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// Returns `seat`'s penalty cards.
    pub fn penalty(&self, seat: Seat) -> CardSet {
        self.penalties[seat.index()]
    }

    /// Returns `seat`'s totem.
    pub fn totem(&self, seat: Seat) -> Animal {
        self.totems[seat.index()]
    }

    /// Returns the River's cards in slot order.
    pub fn river(&self) -> impl Iterator<Item = Card> + '_ {
        self.river_slots().iter().flatten().copied()
    }

    /// Returns the River's slots.
    pub(crate) fn river_slots(&self) -> &[Option<Card>] {
        &self.river[..usize::from(self.river_size)]
    }

    /// Returns the draw pile, bottom first.
    pub fn draw_pile(&self) -> &[Card] {
        &self.draw
    }

    /// Returns the unopened Reserve (empty once opened), bottom first.
    pub fn reserve(&self) -> &[Card] {
        &self.reserve
    }

    /// Returns whether the Reserve has been opened (the end is triggered).
    pub fn reserve_open(&self) -> bool {
        self.reserve_open
    }

    /// Returns the Landscape position of `animal`'s token.
    pub fn token(&self, animal: Animal) -> u8 {
        self.tokens[animal.index()]
    }

    /// Returns the side up of `animal`'s power card.
    pub fn side(&self, animal: Animal) -> Side {
        self.sides[animal.index()]
    }

    /// Returns who holds `animal`'s power card (`None`: it lies in the centre).
    pub fn holder(&self, animal: Animal) -> Option<Seat> {
        let h = self.holders[animal.index()];
        (h != CENTRE).then_some(Seat(h))
    }

    /// Returns whether the actor holds `animal`'s power with side `side` up.
    pub(crate) fn actor_has(&self, animal: Animal, side: Side) -> bool {
        self.holders[animal.index()] == self.actor.0 && self.sides[animal.index()] == side
    }

    /// Returns the turns played, the one in progress included (at the end: every turn of
    /// the game, the final round's included).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Returns the round in progress, from 0.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Returns whether the final round is in progress.
    pub fn is_final_round(&self) -> bool {
        self.final_round
    }

    /// Returns the top card of `seat`'s pile.
    pub(crate) fn top(&self, seat: Seat) -> Option<PileCard> {
        self.piles[seat.index()].last().copied()
    }

    /// Returns whether a card can be taken from the draw pile: it holds one, or the
    /// unopened Reserve does.
    pub(crate) fn can_take_from_pile(&self) -> bool {
        !self.draw.is_empty() || !self.reserve_open && !self.reserve.is_empty()
    }

    /// Returns every card of the sets in play, wherever it lies: for the conservation
    /// checks of tests.
    pub fn all_cards(&self) -> impl Iterator<Item = Card> + '_ {
        let seats = 0..self.players();
        let piled = seats
            .clone()
            .flat_map(move |s| self.piles[s].iter().map(|c| c.card()));
        let held = seats.flat_map(move |s| self.hands[s].iter().chain(self.penalties[s].iter()));
        piled
            .chain(held)
            .chain(self.river())
            .chain(self.draw.iter().copied())
            .chain(self.reserve.iter().copied())
            .chain(self.turn.held)
    }

    /// Returns the public tracking set `in_hand(seat)`: the cards everyone knows to be in
    /// `seat`'s hand.
    pub fn known_in_hand(&self, seat: Seat) -> CardSet {
        self.in_hand[seat.index()]
    }

    /// Returns the public tracking set `private(seat)`: the cards everyone knows to be in
    /// `seat`'s hand, penalty zone or face-down pile cards.
    pub fn known_private(&self, seat: Seat) -> CardSet {
        self.private[seat.index()]
    }

    /// Returns the cards `seat` gave with bear B whose place (a receiver's penalty zone) it
    /// still knows.
    pub fn gifts(&self, seat: Seat) -> CardSet {
        self.gifts[seat.index()]
    }

    /// Swaps where cards `a` and `b` lie (a hand, a penalty zone, a pile with the card's
    /// face kept, the River, the draw pile, the Reserve or the card held aside), and which
    /// of them a giver knows as its bear B gift: for tests that change a hidden fact. The
    /// game stays consistent only if neither card is public or tracked where it lies.
    pub fn swap_places(&mut self, a: Card, b: Card) {
        let swap = |c: Card| match c {
            c if c == a => b,
            c if c == b => a,
            c => c,
        };
        let sets = self.hands.iter_mut().chain(&mut self.penalties);
        for set in sets.chain(&mut self.gifts) {
            let (has_a, has_b) = (set.contains(a), set.contains(b));
            if has_a != has_b {
                set.remove(if has_a { a } else { b });
                set.insert(if has_a { b } else { a });
            }
        }
        for pile in &mut self.piles {
            for pc in pile.iter_mut() {
                let card = swap(pc.card());
                *pc = if pc.is_face_down() {
                    PileCard::down(card)
                } else {
                    PileCard::up(card)
                };
            }
        }
        for slot in self.river.iter_mut().flatten() {
            *slot = swap(*slot);
        }
        for card in self
            .draw
            .iter_mut()
            .chain(&mut self.reserve)
            .chain(&mut self.turn.held)
        {
            *card = swap(*card);
        }
    }

    /// Sets `seat`'s totem: for tests that change a hidden fact (another seat's totem is
    /// hidden) or build a situation.
    pub fn set_totem(&mut self, seat: Seat, animal: Animal) {
        self.totems[seat.index()] = animal;
    }
}
