//! The turn flow: setup, the four steps of a turn, the end of the game and the score.
//!
//! The engine moves from question to question. Each step function does what needs no
//! choice and sets [`Phase`] to the next question that is asked (the Decisions table's
//! "asked when"); [`Arctic::settle`] then answers every question with one answer itself,
//! so a caller only ever meets questions with two answers or more.

use arrayvec::ArrayVec;
use floe_core::{ActionList, FloeRng, Seat};
use rand::RngExt;
use rand::seq::SliceRandom;

use crate::action::Action;
use crate::cards::{ANIMAL_COUNT, ANIMALS, Animal, CARD_COUNT, Card, CardSet, PileCard};
use crate::event::{Event, Placement, Source};
use crate::limits::MAX_RIVER;
use crate::rules::{MAX_PLAYERS, Rules, Side, SideRule, TOKEN_START, TieBreak};
use crate::scoring::{PileScore, pile_score};
use crate::state::{CENTRE, Phase, State, Turn};

/// The ways a game ends, as [`floe_core::Outcome::end_cause`] numbers them.
pub const END_CAUSES: [&str; 2] = ["deck-exhausted", "round-limit"];
/// [`END_CAUSES`] index: the Reserve was opened and the final round played.
pub(crate) const DECK_EXHAUSTED: u8 = 0;
/// [`END_CAUSES`] index: the round limit was reached.
pub(crate) const ROUND_LIMIT: u8 = 1;

/// The last Landscape position.
const LAST_POSITION: u8 = 5;

/// Arctic under one set of [`Rules`].
#[derive(Clone, Debug)]
pub struct Arctic {
    pub(crate) rules: Rules,
}

/// One seat's final score, by the page's components.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoreParts {
    /// Runs and diversity of the pile, face-down cards given their best animals.
    pub pile: PileScore,
    /// The Landscape value under the seat's totem animal's token.
    pub totem: i32,
    /// The penalty cards' points (negative with the page's rules).
    pub penalty: i32,
}

impl ScoreParts {
    /// Returns the total.
    pub fn total(&self) -> i32 {
        self.pile.runs + self.pile.diversity + self.totem + self.penalty
    }
}

impl Arctic {
    /// Returns the game under `rules`.
    pub fn new(rules: Rules) -> Arctic {
        Arctic { rules }
    }

    /// Returns the game under the rules of the page.
    pub fn standard() -> Arctic {
        Arctic::new(Rules::standard())
    }

    /// Returns the rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Deals a new game of `players` seats (Setup 1-6) and starts seat 0's first turn.
    pub(crate) fn deal(
        &self,
        players: usize,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> State {
        let r = &self.rules;
        let mut deck: ArrayVec<Card, CARD_COUNT> = Card::of_sets(r.sets(players)).collect();
        deck.shuffle(rng);
        let mut st = State::empty(players, r.river_size());
        // Dealt in the page's order from the top of the shuffled deck (its last card).
        for _ in 0..r.reserve_size(players) {
            st.reserve
                .push(deck.pop().expect("the loader checked the deck size"));
        }
        for seat in 0..players {
            for _ in 0..r.hand_size() {
                st.hands[seat].insert(deck.pop().expect("the loader checked the deck size"));
            }
        }
        for slot in &mut st.river[..r.river_size()] {
            *slot = Some(deck.pop().expect("the loader checked the deck size"));
        }
        st.draw = deck;
        for (i, side) in st.sides.iter_mut().enumerate() {
            *side = match r.power_side(Animal::at(i)) {
                SideRule::Fixed(side) => side,
                SideRule::Random if rng.random_range(0..2) == 0 => Side::A,
                SideRule::Random => Side::B,
            };
        }
        log(Event::Powers { sides: st.sides });
        let mut totems = ANIMALS;
        totems.shuffle(rng);
        for seat in Seat::all(players) {
            st.totems[seat.index()] = totems[seat.index()];
            log(Event::Totem {
                seat,
                animal: Some(totems[seat.index()]),
            });
        }
        self.begin_turn(&mut st, log);
        st
    }

    /// Answers every pending question with one answer, leaving the answers of the next
    /// question with two or more (or none, once the game is over) in `answers`.
    pub(crate) fn settle(
        &self,
        st: &mut State,
        answers: &mut ActionList<Action>,
        log: &mut impl FnMut(Event),
    ) {
        loop {
            self.list(st, answers);
            if answers.len() != 1 {
                return;
            }
            self.answer(st, answers[0], true, log);
        }
    }

    /// Replaces `out` with the answers to the pending question, in the page's order.
    pub(crate) fn list(&self, st: &State, out: &mut ActionList<Action>) {
        out.clear();
        let me = st.actor.index();
        let cards = |out: &mut ActionList<Action>, set: CardSet| {
            out.extend(set.iter().map(Action::Card));
        };
        let animals_in = |set: CardSet| {
            ANIMALS
                .into_iter()
                .filter(move |&a| !set.of_animal(a).is_empty())
        };
        match st.phase {
            Phase::Puffin | Phase::Fox | Phase::Bear => out.extend([Action::No, Action::Yes]),
            Phase::PuffinGive | Phase::Place | Phase::Discard => cards(out, st.hands[me]),
            Phase::PuffinTake => out.extend(st.river().map(Action::Card)),
            Phase::Target => self.targets(st, out),
            Phase::Direction => out.extend([Action::Plus, Action::Minus]),
            Phase::Walrus => {
                out.push(Action::WalrusNone);
                let at = st.tokens[walrus_token(st).index()];
                if at > 0 {
                    out.push(Action::WalrusLeft);
                }
                if at < LAST_POSITION {
                    out.push(Action::WalrusRight);
                }
            }
            Phase::MooseStop => out.extend([Action::Stop, Action::Draw]),
            Phase::Source => {
                out.extend(st.river().map(Action::Card));
                if st.actor_has(Animal::Orca, Side::B) && st.can_take_from_pile() {
                    out.push(Action::Pile);
                }
                if st.actor_has(Animal::Bear, Side::A) {
                    out.extend(animals_in(st.penalties[me]).map(Action::Penalty));
                }
            }
            Phase::PenaltyCard => {
                let animal = st.turn.penalty_animal.expect("an animal was chosen");
                cards(out, st.penalties[me].of_animal(animal));
            }
            Phase::BearSeat => out.extend(
                Seat::all(st.players())
                    .filter(|&s| s != st.actor)
                    .map(Action::Seat),
            ),
            Phase::BearAnimal => out.extend(animals_in(st.penalties[me]).map(Action::Animal)),
            Phase::BearCard => {
                let animal = st.turn.bear_animal.expect("an animal was chosen");
                cards(out, st.penalties[me].of_animal(animal));
            }
            Phase::Over => {}
        }
    }

    /// D3: each t in {p-1, p, p+1} with t >= 0 (0 only on a face-up V0); then, if some t
    /// no larger than the hand is left, those only, else the smallest t alone.
    fn targets(&self, st: &State, out: &mut ActionList<Action>) {
        let p = st.turn.p;
        let face_up_top = st.top(st.actor).is_some_and(|c| !c.is_face_down());
        let hand = st.hands[st.actor.index()].len();
        let mut ts: ArrayVec<u8, 3> = (p.saturating_sub(1)..=p + 1)
            .filter(|&t| t > 0 || p > 0 && face_up_top)
            .collect();
        if ts.iter().any(|&t| usize::from(t) <= hand) {
            ts.retain(|t| usize::from(*t) <= hand);
        } else {
            ts.truncate(1);
        }
        out.extend(ts.into_iter().map(Action::Target));
    }

    /// Returns whether `action`, answered now, is hidden from the seats other than the
    /// actor, and which other seat sees it all the same.
    pub(crate) fn hidden(&self, st: &State, action: Action) -> (bool, Option<Seat>) {
        match (st.phase, action) {
            // The last card goes aside unseen while the fox question is open.
            (Phase::Place, _) => (self.fox_question_follows(st), None),
            (Phase::Source, Action::Penalty(_)) | (Phase::PenaltyCard, _) | (Phase::Discard, _) => {
                (true, None)
            }
            (Phase::BearAnimal | Phase::BearCard, _) => (true, st.turn.bear_to),
            _ => (false, None),
        }
    }

    /// Returns whether placing a card now is the last placement and the fox question
    /// (D5) follows it.
    fn fox_question_follows(&self, st: &State) -> bool {
        st.turn.placed + 1 == st.turn.to_place
            && st.holders[Animal::Fox.index()] == st.actor.0
            && st.top(st.actor).is_some_and(|c| !c.is_face_down())
    }

    /// Carries out the answer `action` to the pending question and moves on to the next
    /// question asked.
    ///
    /// # Panics
    /// Panics if `action` does not answer the pending question.
    pub(crate) fn answer(
        &self,
        st: &mut State,
        action: Action,
        forced: bool,
        log: &mut impl FnMut(Event),
    ) {
        let seat = st.actor;
        let me = seat.index();
        let (hidden, shown_to) = self.hidden(st, action);
        st.turn.asked |= !forced;
        log(Event::Answered {
            seat,
            action: Some(action),
            forced,
            hidden,
            shown_to,
        });
        match (st.phase, action) {
            (Phase::Puffin, Action::No) => self.placement(st, log),
            (Phase::Puffin, Action::Yes) if st.sides[Animal::Puffin.index()] == Side::A => {
                st.phase = Phase::PuffinGive;
            }
            (Phase::Puffin, Action::Yes) => {
                let card = st.piles[me].pop().expect("puffin B needs a pile").card();
                st.hands[me].insert(card);
                st.in_hand[me].insert(card);
                log(Event::TookBack { seat, card });
                self.placement(st, log);
            }
            (Phase::PuffinGive, Action::Card(card)) => {
                st.turn.gave = Some(card);
                st.phase = Phase::PuffinTake;
            }
            (Phase::PuffinTake, Action::Card(took)) => {
                let gave = st.turn.gave.take().expect("a hand card was chosen");
                let slot = river_slot(st, took);
                st.river[slot] = Some(gave);
                st.hands[me].remove(gave);
                forget_shown(st, seat, gave);
                st.hands[me].insert(took);
                st.in_hand[me].insert(took);
                log(Event::Swapped { seat, gave, took });
                self.placement(st, log);
            }
            (Phase::Target, Action::Target(t)) => {
                st.turn.target = t;
                self.start_placing(st, log);
            }
            (Phase::Place, Action::Card(card)) => self.place(st, card, log),
            (Phase::Fox, yes) => self.resolve_fox(st, yes == Action::Yes, log),
            (Phase::Direction, d) => {
                self.move_tokens(st, if d == Action::Plus { 1 } else { -1 }, log);
                self.walrus_step(st, log);
            }
            (Phase::Walrus, how) => {
                let token = walrus_token(st);
                match how {
                    Action::WalrusLeft => move_token(st, token, -1, log),
                    Action::WalrusRight => move_token(st, token, 1, log),
                    _ => {}
                }
                self.draw_step(st, log);
            }
            (Phase::MooseStop, Action::Stop) => self.discard_step(st, log),
            (Phase::MooseStop, _) => st.phase = Phase::Source,
            (Phase::Source, Action::Card(card)) => {
                let slot = river_slot(st, card);
                st.river[slot] = None;
                st.hands[me].insert(card);
                st.in_hand[me].insert(card);
                log(Event::Drew {
                    seat,
                    source: Source::River,
                    card: Some(card),
                });
                if st.actor_has(Animal::Orca, Side::A) {
                    refill_slot(st, slot, log);
                }
                self.drew(st, log);
            }
            (Phase::Source, Action::Pile) => {
                let card = take_from_pile(st, log).expect("pile offered only with a card");
                st.hands[me].insert(card);
                self.drew_from(st, Source::Pile, card, log);
            }
            (Phase::Source, Action::Penalty(animal)) => {
                st.turn.penalty_animal = Some(animal);
                st.phase = Phase::PenaltyCard;
            }
            (Phase::PenaltyCard, Action::Card(card)) => {
                forget_gifts_in(st, seat);
                st.penalties[me].remove(card);
                st.hands[me].insert(card);
                st.turn.penalty_animal = None;
                self.drew_from(st, Source::Penalty, card, log);
            }
            (Phase::Discard, Action::Card(card)) => {
                st.hands[me].remove(card);
                st.penalties[me].insert(card);
                hide_hand(st, seat);
                log(Event::Discarded {
                    seat,
                    card: Some(card),
                });
                self.discard_step(st, log);
            }
            (Phase::Bear, Action::No) => self.refill_and_pass(st, log),
            (Phase::Bear, _) => st.phase = Phase::BearSeat,
            (Phase::BearSeat, Action::Seat(to)) => {
                st.turn.bear_to = Some(to);
                st.phase = Phase::BearAnimal;
            }
            (Phase::BearAnimal, Action::Animal(animal)) => {
                st.turn.bear_animal = Some(animal);
                st.phase = Phase::BearCard;
            }
            (Phase::BearCard, Action::Card(card)) => {
                let to = st.turn.bear_to.expect("a seat was chosen");
                forget_gifts_in(st, seat);
                st.penalties[me].remove(card);
                st.penalties[to.index()].insert(card);
                st.private[me] = CardSet::EMPTY;
                st.gifts[me].insert(card);
                log(Event::Gave {
                    from: seat,
                    to,
                    card: Some(card),
                });
                self.refill_and_pass(st, log);
            }
            (phase, action) => panic!("{action} does not answer the question {phase:?}"),
        }
    }

    /// Starts the actor's turn: step 0, the puffin, if it is asked.
    pub(crate) fn begin_turn(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        st.turn = Turn::default();
        st.turns += 1;
        log(Event::TurnStarts {
            seat: st.actor,
            round: st.round + 1,
            last: st.final_round,
        });
        let me = st.actor.index();
        let puffin_asked = if st.actor_has(Animal::Puffin, Side::A) {
            !st.hands[me].is_empty() && st.river().next().is_some()
        } else {
            st.actor_has(Animal::Puffin, Side::B) && !st.piles[me].is_empty()
        };
        if puffin_asked {
            st.phase = Phase::Puffin;
        } else {
            self.placement(st, log);
        }
    }

    /// Step 1.1-1.2: p from V0, and the target (asked with moose B).
    fn placement(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        st.turn.p = match st.top(st.actor) {
            Some(top) if !top.is_face_down() => top.card().placement_value(),
            _ => self.rules.empty_top_placement(),
        };
        if st.actor_has(Animal::Moose, Side::B) {
            st.phase = Phase::Target;
        } else {
            st.turn.target = st.turn.p;
            self.start_placing(st, log);
        }
    }

    /// Step 1.3: n = min(t, hand size) cards to place.
    fn start_placing(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        let hand = st.hands[st.actor.index()].len();
        st.turn.to_place = st.turn.target.min(hand as u8);
        st.turn.placed = 0;
        if st.turn.to_place == 0 {
            self.after_placement(st, log);
        } else {
            st.phase = Phase::Place;
        }
    }

    /// Places `card`: face up at once, except the last one when the fox question follows.
    fn place(&self, st: &mut State, card: Card, log: &mut impl FnMut(Event)) {
        let seat = st.actor;
        let fox_follows = self.fox_question_follows(st);
        st.hands[seat.index()].remove(card);
        st.turn.placed += 1;
        if fox_follows {
            st.turn.held = Some(card);
            st.phase = Phase::Fox;
            return;
        }
        put_on_top(st, card, log);
        if st.turn.placed == st.turn.to_place {
            self.after_placement(st, log);
        }
    }

    /// Step 1.4: the held last card goes where the fox answer sends it.
    fn resolve_fox(&self, st: &mut State, use_fox: bool, log: &mut impl FnMut(Event)) {
        let seat = st.actor;
        let card = st.turn.held.take().expect("a card is held for the fox");
        let pile = &mut st.piles[seat.index()];
        match (use_fox, st.sides[Animal::Fox.index()]) {
            (false, _) => put_on_top(st, card, log),
            (true, Side::A) => {
                pile.insert(pile.len() - 1, PileCard::down(card));
                hide_hand(st, seat);
                log(Event::Placed {
                    seat,
                    card: Some(card),
                    to: Placement::UnderTop,
                });
            }
            (true, Side::B) => {
                pile.insert(0, PileCard::up(card));
                forget_shown(st, seat, card);
                log(Event::Placed {
                    seat,
                    card: Some(card),
                    to: Placement::Bottom,
                });
            }
        }
        self.after_placement(st, log);
    }

    /// Step 1.5-1.6 and step 2: the shortfall, the power of V1, the tokens.
    fn after_placement(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        let seat = st.actor;
        for _ in st.turn.to_place..st.turn.target {
            let card = take_from_pile(st, log);
            if let Some(c) = card {
                st.penalties[seat.index()].insert(c);
            }
            log(Event::Penalised {
                seat,
                card,
                skipped: card.is_none(),
            });
        }
        let v1 = st.top(seat).expect("V1 exists: a pile is never empty here");
        debug_assert!(!v1.is_face_down(), "V1 is face up");
        let animal = v1.card().animal();
        let from = st.holder(animal);
        st.holders[animal.index()] = seat.0;
        log(Event::PowerTaken { seat, animal, from });
        let (m, c) = (v1.card().animal(), v1.card().companion());
        let legal =
            |d: i8| in_landscape(st.tokens[m.index()], d) && in_landscape(st.tokens[c.index()], -d);
        match (legal(1), legal(-1)) {
            (true, true) => {
                st.phase = Phase::Direction;
                return;
            }
            (true, false) => self.move_tokens(st, 1, log),
            (false, true) => self.move_tokens(st, -1, log),
            (false, false) => {
                // Both tokens on the same end: both move one card inward.
                for animal in [m, c] {
                    let d = if st.tokens[animal.index()] == 0 {
                        1
                    } else {
                        -1
                    };
                    move_token(st, animal, d, log);
                }
            }
        }
        self.walrus_step(st, log);
    }

    /// Moves V1's main token by `d` and its companion's by `-d`.
    fn move_tokens(&self, st: &mut State, d: i8, log: &mut impl FnMut(Event)) {
        let v1 = st.top(st.actor).expect("V1 exists").card();
        move_token(st, v1.animal(), d, log);
        move_token(st, v1.companion(), -d, log);
    }

    /// Step 2's walrus, asked of its holder.
    fn walrus_step(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        if st.holders[Animal::Walrus.index()] == st.actor.0 {
            st.phase = Phase::Walrus;
        } else {
            self.draw_step(st, log);
        }
    }

    /// Step 3 begins (not in the final round): q from V1.
    fn draw_step(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        if st.final_round {
            return self.pass(st, log);
        }
        st.turn.q = st.top(st.actor).expect("V1 exists").card().draw_value();
        st.turn.drawn = 0;
        self.next_draw(st, log);
    }

    /// The actor took `card` into its hand from `source` (the pile or its penalty zone,
    /// which leave nothing to refill): log it, count it and go on.
    fn drew_from(&self, st: &mut State, source: Source, card: Card, log: &mut impl FnMut(Event)) {
        let seat = st.actor;
        log(Event::Drew {
            seat,
            source,
            card: Some(card),
        });
        self.drew(st, log);
    }

    /// A card was drawn: count it and go on.
    fn drew(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        st.turn.drawn += 1;
        self.next_draw(st, log);
    }

    /// Step 3.1: another draw, the moose A question, or the end of the draws.
    fn next_draw(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        let moose_a = st.actor_has(Animal::Moose, Side::A);
        let (q, drawn) = (st.turn.q, st.turn.drawn);
        if drawn >= q + u8::from(moose_a) || !source_has_card(st) {
            return self.discard_step(st, log);
        }
        st.phase = if moose_a && (drawn + 1 == q || drawn == q) {
            Phase::MooseStop
        } else {
            Phase::Source
        };
    }

    /// Step 3.4: discard while the hand is over the limit.
    fn discard_step(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        if st.hands[st.actor.index()].len() > self.rules.hand_limit() {
            st.phase = Phase::Discard;
        } else if st.actor_has(Animal::Bear, Side::B) && !st.penalties[st.actor.index()].is_empty()
        {
            st.phase = Phase::Bear;
        } else {
            self.refill_and_pass(st, log);
        }
    }

    /// Step 3.6, then the next turn.
    fn refill_and_pass(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        for slot in 0..usize::from(st.river_size) {
            if st.river[slot].is_none() {
                refill_slot(st, slot, log);
            }
        }
        self.pass(st, log);
    }

    /// Ends the turn: the next seat's turn, the next round, the final round or the end.
    fn pass(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        st.turn = Turn::default();
        let next = st.actor.0 + 1;
        if usize::from(next) < st.players() {
            st.actor = Seat(next);
            return self.begin_turn(st, log);
        }
        let cause = if st.final_round {
            Some(DECK_EXHAUSTED)
        } else if st.end_triggered {
            st.final_round = true;
            None
        } else if st.round + 1 >= self.rules.round_limit() {
            Some(ROUND_LIMIT)
        } else {
            None
        };
        if let Some(cause) = cause {
            st.phase = Phase::Over;
            st.end_cause = cause;
            log(Event::GameOver {
                cause: END_CAUSES[usize::from(cause)],
                rounds: st.round + 1,
            });
            return;
        }
        st.round += 1;
        st.actor = Seat(0);
        self.begin_turn(st, log);
    }

    /// Returns `seat`'s score as it stands, by component.
    pub fn score_parts(&self, st: &State, seat: Seat) -> ScoreParts {
        let s = seat.index();
        let totem = st.tokens[st.totems[s].index()];
        ScoreParts {
            pile: pile_score(&st.piles[s], &self.rules),
            totem: self.rules.landscape_value(totem),
            penalty: self.rules.penalty_points() * st.penalties[s].len() as i32,
        }
    }

    /// Returns the winners of a finished game with `scores` (bit s for seat s): the top
    /// score, ties to the earliest seat or shared, by the rules' tie-break.
    pub(crate) fn winners(&self, scores: &[i32]) -> u8 {
        let best = scores.iter().copied().max().unwrap_or(0);
        let mut tied = (0..scores.len()).filter(|&s| scores[s] == best);
        match self.rules.tie_break() {
            TieBreak::TurnOrder => 1 << tied.next().expect("a top score"),
            TieBreak::Shared => tied.fold(0, |m, s| m | 1 << s),
        }
    }
}

impl State {
    /// Returns a table of `players` seats before the deal: nothing anywhere, tokens at
    /// their start, powers in the centre, seat 0 to act.
    pub(crate) fn empty(players: usize, river_size: usize) -> State {
        State {
            players: players as u8,
            piles: Default::default(),
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            penalties: [CardSet::EMPTY; MAX_PLAYERS],
            river: [None; MAX_RIVER],
            river_size: river_size as u8,
            draw: ArrayVec::new(),
            reserve: ArrayVec::new(),
            reserve_open: false,
            tokens: [TOKEN_START; ANIMAL_COUNT],
            sides: [Side::A; ANIMAL_COUNT],
            holders: [CENTRE; ANIMAL_COUNT],
            totems: [Animal::Fox; MAX_PLAYERS],
            in_hand: [CardSet::EMPTY; MAX_PLAYERS],
            private: [CardSet::EMPTY; MAX_PLAYERS],
            gifts: [CardSet::EMPTY; MAX_PLAYERS],
            round: 0,
            end_triggered: false,
            final_round: false,
            end_cause: 0,
            actor: Seat(0),
            phase: Phase::Place,
            turn: Turn::default(),
            turns: 0,
        }
    }
}

/// Returns the token the walrus moves: the main animal's (side A) or the companion's (B).
fn walrus_token(st: &State) -> Animal {
    let v1 = st.top(st.actor).expect("V1 exists").card();
    match st.sides[Animal::Walrus.index()] {
        Side::A => v1.animal(),
        Side::B => v1.companion(),
    }
}

/// Returns whether a token at `at` may move by `d`.
fn in_landscape(at: u8, d: i8) -> bool {
    (0..=LAST_POSITION as i8).contains(&(at as i8 + d))
}

/// Moves `animal`'s token by `d`.
fn move_token(st: &mut State, animal: Animal, d: i8, log: &mut impl FnMut(Event)) {
    let from = st.tokens[animal.index()];
    let to = (from as i8 + d) as u8;
    st.tokens[animal.index()] = to;
    log(Event::TokenMoved { animal, from, to });
}

/// Returns the River slot holding `card`.
fn river_slot(st: &State, card: Card) -> usize {
    st.river_slots()
        .iter()
        .position(|&c| c == Some(card))
        .expect("the card lies in the River")
}

/// Puts `card` face up on the actor's pile; it is shown.
fn put_on_top(st: &mut State, card: Card, log: &mut impl FnMut(Event)) {
    let seat = st.actor;
    st.piles[seat.index()].push(PileCard::up(card));
    forget_shown(st, seat, card);
    log(Event::Placed {
        seat,
        card: Some(card),
        to: Placement::Top,
    });
}

/// A card of `seat`'s was shown: it leaves the public tracking sets.
fn forget_shown(st: &mut State, seat: Seat, card: Card) {
    st.in_hand[seat.index()].remove(card);
    st.private[seat.index()].remove(card);
}

/// `seat` moved a hand card face down (fox A, a discard): every card known to be in its
/// hand may now be that one, so `in_hand` moves into `private`.
fn hide_hand(st: &mut State, seat: Seat) {
    let s = seat.index();
    st.private[s] = st.private[s].union(st.in_hand[s]);
    st.in_hand[s] = CardSet::EMPTY;
}

/// `seat` is moving a card out of its penalty zone (bear A or B): the other seats no
/// longer know where the cards they gave it lie. The page keeps no tracking set for
/// them, so they become unseen, as `private` does when its owner uses bear B.
fn forget_gifts_in(st: &mut State, seat: Seat) {
    let zone = st.penalties[seat.index()];
    for gifts in &mut st.gifts {
        *gifts = gifts.minus(zone);
    }
}

/// Refills River slot `slot` from the draw pile, if a card is left.
fn refill_slot(st: &mut State, slot: usize, log: &mut impl FnMut(Event)) {
    if let Some(card) = take_from_pile(st, log) {
        st.river[slot] = Some(card);
        log(Event::Refilled {
            slot: slot as u8,
            card,
        });
    }
}

/// Takes a card from the draw pile: an empty pile with the Reserve unopened opens the
/// Reserve and triggers the end first; with the Reserve used up, there is none.
fn take_from_pile(st: &mut State, log: &mut impl FnMut(Event)) -> Option<Card> {
    if st.draw.is_empty() && !st.reserve_open {
        st.reserve_open = true;
        st.end_triggered = true;
        std::mem::swap(&mut st.draw, &mut st.reserve);
        log(Event::ReserveOpened { seat: st.actor });
    }
    st.draw.pop()
}

/// Returns whether some draw source of the actor has a card (step 3.1's early stop).
fn source_has_card(st: &State) -> bool {
    st.river().next().is_some()
        || st.actor_has(Animal::Orca, Side::B) && st.can_take_from_pile()
        || st.actor_has(Animal::Bear, Side::A) && !st.penalties[st.actor.index()].is_empty()
}
