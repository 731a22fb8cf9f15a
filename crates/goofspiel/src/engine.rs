//! [`Goofspiel`]: the rules data plus the round flow, implementing [`Game`].

use floe_core::{
    ActionList, Descriptor, EncodingLayout, Field, FloeRng, Game, Outcome, Seat, Standing,
};
use rand::seq::SliceRandom;

use crate::event::Event;
use crate::info;
use crate::observation::{self, ActionKey, Observation};
use crate::rules::{MAX_CARDS, MAX_PLAYERS, MIN_PLAYERS, Prizes, Rules};
use crate::state::{Bid, NO_BID, NOBODY, Round, State, cards_in};

/// The one way a game ends: every card has been bid.
pub const END_CAUSES: [&str; 1] = ["cards-out"];

/// Goofspiel under one set of [`Rules`].
#[derive(Clone, Debug)]
pub struct Goofspiel {
    pub(crate) rules: Rules,
}

impl Goofspiel {
    /// Returns the game under `rules`.
    pub fn new(rules: Rules) -> Goofspiel {
        Goofspiel { rules }
    }

    /// Returns the game under the standard rules.
    pub fn standard() -> Goofspiel {
        Goofspiel::new(Rules::standard())
    }

    /// Returns a game of `players` seats with the prize deck stacked as `deck` (top first;
    /// a permutation of 1..=K), its first prize turned up and the first bid pending (bids
    /// with one answer, as in a game of one card, already made).
    ///
    /// # Panics
    /// Panics if `deck` is not a permutation of 1..=K or `players` is out of range.
    pub fn scenario(&self, players: usize, deck: &[u8]) -> State {
        let mut sorted = deck.to_vec();
        sorted.sort_unstable();
        assert!(
            sorted.iter().copied().eq(1..=self.rules.cards),
            "a deck holds the cards 1..={} once each",
            self.rules.cards
        );
        self.start(players, deck, &mut |_| {})
    }

    /// Deals the hands, stacks `deck` (top first), turns up the first prize and makes the
    /// forced bids.
    fn start(&self, players: usize, deck: &[u8], log: &mut impl FnMut(Event)) -> State {
        self.assert_seats(players);
        let mut st = State::bare(players, self.rules.cards, deck);
        let mut answers = ActionList::new();
        self.turn_up(&mut st, &mut answers, log);
        self.answer_forced(&mut st, &mut answers, log);
        st
    }

    /// Turns up the next prize and asks seat 0 to bid.
    fn turn_up(&self, st: &mut State, answers: &mut ActionList<Bid>, log: &mut impl FnMut(Event)) {
        st.deck_len -= 1;
        st.prize = st.deck[usize::from(st.deck_len)];
        st.actor = Seat(0);
        log(Event::PrizeUp {
            round: st.round + 1,
            prize: st.prize,
        });
        self.legal_actions(st, answers);
    }

    /// The seat asked bids `bid`; the next seat is asked, or after the last the round ends.
    fn answer(
        &self,
        st: &mut State,
        bid: Bid,
        forced: bool,
        answers: &mut ActionList<Bid>,
        log: &mut impl FnMut(Event),
    ) {
        let seat = self.to_act(st).expect("the game is over: no bid to make");
        let s = seat.index();
        assert!(
            (1..=MAX_CARDS as u8).contains(&bid.0) && st.hands[s] & 1 << bid.0 != 0,
            "{seat} cannot bid {}",
            bid.0
        );
        st.hands[s] &= !(1 << bid.0);
        st.bids[s] = bid.0;
        log(Event::Bid {
            seat,
            card: bid.0,
            forced,
        });
        if s + 1 < st.players() {
            st.actor = Seat(seat.0 + 1);
            self.legal_actions(st, answers);
        } else {
            self.end_round(st, answers, log);
        }
    }

    /// Reveals the bids, gives the prize to the single highest bid (or discards it, with
    /// seat 0's tie bonus), then turns up the next prize or ends the game.
    fn end_round(
        &self,
        st: &mut State,
        answers: &mut ActionList<Bid>,
        log: &mut impl FnMut(Event),
    ) {
        let players = st.players();
        let bids = st.bids;
        log(Event::Revealed {
            players: st.players,
            bids,
        });
        let top = bids[..players].iter().copied().max().unwrap_or(NO_BID);
        let tops = bids[..players].iter().filter(|&&b| b == top).count();
        let taker = if tops == 1 {
            let s = bids.iter().position(|&b| b == top).expect("a top bid");
            st.points[s] += i32::from(st.prize);
            st.won[s] += 1;
            log(Event::Taken {
                seat: Seat(s as u8),
                prize: st.prize,
            });
            s as u8
        } else {
            let bonus = if bids[0] == top {
                self.rules.tie_bonus
            } else {
                0
            };
            st.points[0] += i32::from(bonus);
            log(Event::Discarded {
                prize: st.prize,
                bonus,
            });
            NOBODY
        };
        st.past[st.round()] = Round {
            prize: st.prize,
            bids,
            taker,
        };
        st.bids = [NO_BID; MAX_PLAYERS];
        st.round += 1;
        if st.is_over() {
            answers.clear();
            log(Event::GameOver { rounds: st.round });
        } else {
            self.turn_up(st, answers, log);
        }
    }

    /// Makes every pending bid that has one answer (`answers` holds the pending
    /// question's), leaving the answers of the next real question (or none) in `answers`.
    fn answer_forced(
        &self,
        st: &mut State,
        answers: &mut ActionList<Bid>,
        log: &mut impl FnMut(Event),
    ) {
        while answers.len() == 1 {
            self.answer(st, answers[0], true, answers, log);
        }
    }
}

impl EncodingLayout for Goofspiel {
    fn encoding_layout(&self, players: usize) -> Vec<Field> {
        observation::fields(self.rules.cards(), players).to_vec()
    }
}

/// Most cards of a game with the prizes shuffled that [`Game::deals`] lists for an exact
/// solver: at 5 cards (120 deals) `floe solve --bots random --samples 1 --resamples 0`
/// took 110 s (release build, 913,010 questions); 6 would be 720 deals and a hundredfold
/// the positions.
pub const SOLVED_SHUFFLED: usize = 5;

/// Most cards of a game with the prizes in a known order that [`Game::deals`] lists: at
/// 6 cards the same `floe solve` took 35 s (289,874 questions), at 5 cards under a second.
pub const SOLVED_IN_ORDER: usize = 6;

/// Calls `each` with every order of `deck[from..]` after `deck[..from]`: each card in
/// turn swapped to the front of the rest, and back after.
fn orders(deck: &mut [u8], from: usize, each: &mut impl FnMut(&[u8])) {
    if from == deck.len() {
        each(deck);
        return;
    }
    for i in from..deck.len() {
        deck.swap(from, i);
        orders(deck, from + 1, each);
        deck.swap(from, i);
    }
}

impl Game for Goofspiel {
    type State = State;
    type Action = Bid;
    type Event = Event;
    type Observation = Observation;
    type ActionKey = ActionKey;
    type Rules = Rules;

    const DESCRIPTOR: Descriptor = Descriptor {
        name: "goofspiel",
        about: "Goofspiel (2-4 players), a small game for tests and learning: secret simultaneous \
                bids for prize cards, with a `tie_bonus` parameter that tilts it toward seat 0 by a \
                known amount",
        player_counts: MIN_PLAYERS..=MAX_PLAYERS,
        end_causes: &END_CAUSES,
        progress_name: "prizes_won",
        hidden: false,
        figures: &[],
        guide: include_str!("../../../docs/goofspiel.md"),
        drawing: "",
    };

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn from_rules(rules: Rules) -> Goofspiel {
        Goofspiel::new(rules)
    }

    /// No seat scores below 0. A seat takes at most every prize, and seat 0 adds at most
    /// the tie bonus each round; a round gives one or the other, so the sum of both bounds
    /// the score without being reachable.
    fn score_bounds(&self, _players: usize) -> (i32, i32) {
        let r = &self.rules;
        (0, r.prize_total() + r.cards() as i32 * r.tie_bonus())
    }

    fn new_game_logged(
        &self,
        players: usize,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> State {
        let mut deck = [0u8; MAX_CARDS];
        let deck = &mut deck[..self.rules.cards()];
        for (slot, card) in deck.iter_mut().zip(1..) {
            *slot = card;
        }
        match self.rules.prizes() {
            Prizes::Shuffled => deck.shuffle(rng),
            Prizes::Descending => deck.reverse(),
            Prizes::Ascending => {}
        }
        self.start(players, deck, log)
    }

    /// Every order of a shuffled deck alike, or the one deal of a known order; at two
    /// seats and up to [`SOLVED_SHUFFLED`] or [`SOLVED_IN_ORDER`] cards.
    fn deals(&self, players: usize) -> Result<Vec<(State, f64)>, String> {
        let cards = self.rules.cards();
        let (most, order) = match self.rules.prizes() {
            Prizes::Shuffled => (SOLVED_SHUFFLED, "shuffled"),
            _ => (SOLVED_IN_ORDER, "in a known order"),
        };
        if players != 2 {
            return Err(format!(
                "{} is solved exactly at 2 players only, not {players}",
                self.name()
            ));
        }
        if cards > most {
            return Err(format!(
                "{} with {cards} cards is too large to solve exactly: with the prizes {order}, \
                 at most {most} cards",
                self.name()
            ));
        }
        if !self.rules.deck_hidden() {
            let mut no_chance = floe_core::stream_rng(0, floe_core::Stream::Chance);
            return Ok(vec![(self.new_game(players, &mut no_chance), 1.0)]);
        }
        let mut deck: Vec<u8> = (1..=cards as u8).collect();
        let mut out = Vec::new();
        orders(&mut deck, 0, &mut |d| out.push(self.scenario(players, d)));
        let chance = 1.0 / out.len() as f64;
        Ok(out.into_iter().map(|s| (s, chance)).collect())
    }

    fn players(&self, st: &State) -> usize {
        st.players()
    }

    fn to_act(&self, st: &State) -> Option<Seat> {
        (!st.is_over()).then_some(st.actor)
    }

    fn legal_actions(&self, st: &State, out: &mut ActionList<Bid>) {
        out.clear();
        if !st.is_over() {
            out.extend(cards_in(st.hands[st.actor.index()]).map(Bid));
        }
    }

    fn advance(
        &self,
        st: &mut State,
        action: Bid,
        _rng: &mut FloeRng,
        answers: &mut ActionList<Bid>,
        log: &mut impl FnMut(Event),
    ) {
        self.answer(st, action, false, answers, log);
        self.answer_forced(st, answers, log);
    }

    fn outcome(&self, st: &State) -> Option<Outcome> {
        if !st.is_over() {
            return None;
        }
        // Every seat with the best score wins.
        let winners = |scores: &[i32]| {
            let best = scores.iter().copied().max().unwrap_or(0);
            (0..scores.len())
                .filter(|&s| scores[s] == best)
                .fold(0u8, |m, s| m | 1 << s)
        };
        let seat = |s: usize| (st.points[s], st.won[s]);
        Some(Outcome::of_seats(
            st.players(),
            u32::from(st.round),
            0,
            seat,
            winners,
        ))
    }

    fn determinize(&self, st: &State, seat: Seat, rng: &mut FloeRng, out: &mut State) {
        info::sample_hidden(st, seat, self.rules.deck_hidden(), rng, out);
    }

    /// Points so far; there is no progress toward points beyond them.
    fn standing(&self, st: &State, seat: Seat) -> Standing {
        Standing {
            points: f64::from(st.points(seat)),
            progress: 0.0,
        }
    }

    /// Every bid is a secret simultaneous choice: the seats before the one asked have
    /// bid this round, face down.
    fn secret_round(&self, st: &State) -> Option<usize> {
        (!st.is_over()).then(|| st.actor.index())
    }

    /// The prize up, every hand (public: the cards not yet revealed, with this round's bid
    /// counted back for a seat that has bid) and the points, folded into one number.
    fn round_key(&self, st: &State, _seat: Seat) -> u64 {
        let mut key = u64::from(st.prize) ^ u64::from(st.round) << 8;
        for s in 0..st.players() {
            let hand = st.hands[s]
                | if st.bids[s] == NO_BID {
                    0
                } else {
                    1 << st.bids[s]
                };
            key = (key ^ u64::from(hand)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            key = (key ^ st.points[s] as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        key
    }

    /// The bids of this round go back to their hands, and seat 0 is asked again.
    fn reopen_round(&self, st: &mut State) {
        for s in 0..st.actor.index() {
            st.hands[s] |= 1 << st.bids[s];
            st.bids[s] = NO_BID;
        }
        st.actor = Seat(0);
    }

    fn observe(&self, st: &State, seat: Seat) -> Observation {
        Observation::of(st, seat, self.rules.deck_hidden())
    }

    fn action_key(&self, st: &State, action: Bid, observer: Seat) -> ActionKey {
        ActionKey::of(action, st.actor, observer)
    }

    fn observe_all(&self, st: &State) -> Option<Observation> {
        Some(Observation::whole(st))
    }

    /// The board is shown when a prize is turned up.
    fn shows_board(&self, event: &Event) -> bool {
        matches!(event, Event::PrizeUp { .. })
    }

    fn is_forced(&self, event: &Event) -> bool {
        matches!(event, Event::Bid { forced: true, .. })
    }

    /// Another seat's bid shows only as a card face down, as [`Game::action_key`] keys it.
    fn seen_by(&self, event: Event, observer: Seat) -> Event {
        match event {
            Event::Bid { seat, card, forced }
                if ActionKey::of(Bid(card), seat, observer) == ActionKey::FaceDown =>
            {
                Event::FaceDown { seat, forced }
            }
            other => other,
        }
    }

    /// Every bid is a turn of its own.
    fn turn_starts(&self, _st: &State) -> bool {
        true
    }

    fn round(&self, st: &State) -> u32 {
        u32::from(st.round)
    }

    fn encoding_len(&self, players: usize) -> usize {
        observation::encoding_len(self.rules.cards(), players)
    }

    fn encode(&self, obs: &Observation, out: &mut [f32]) {
        observation::encode(obs, out);
    }

    /// One number per card: a bid of card c is c - 1.
    fn action_count(&self, _players: usize) -> usize {
        self.rules.cards()
    }

    fn action_index(&self, action: Bid) -> usize {
        usize::from(action.0) - 1
    }

    fn action_at(&self, _players: usize, index: usize) -> Option<Bid> {
        (index < self.rules.cards()).then(|| Bid(index as u8 + 1))
    }
}
