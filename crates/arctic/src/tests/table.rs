//! A small builder of exact situations for the Rules tests: cards put by hand into
//! hands, piles, the River, penalty zones, the draw pile and the Reserve, powers given,
//! tokens placed; then a turn started and answered step by step.

use floe_core::{ActionList, Seat};

use crate::action::Action;
use crate::cards::{Animal, Card, CardSet, PileCard};
use crate::engine::Arctic;
use crate::event::Event;
use crate::rules::{Rules, Side};
use crate::state::{Phase, State};

/// Returns the card of set 1 with main animal `animal` and draw value `draw`.
pub(crate) fn card(animal: Animal, draw: u8) -> Card {
    Card::new(1, animal, draw)
}

/// Returns the card of set `set` with main animal `animal` and draw value `draw`.
pub(crate) fn card_of(set: u8, animal: Animal, draw: u8) -> Card {
    Card::new(set, animal, draw)
}

/// A table being laid out.
pub(crate) struct Table {
    game: Arctic,
    st: State,
}

impl Table {
    /// Returns an empty table of `players` seats under the page's rules, powers side A in
    /// the centre.
    pub(crate) fn new(players: usize) -> Table {
        Table::with_rules(players, Rules::standard())
    }

    /// Returns an empty table of `players` seats under `rules`.
    pub(crate) fn with_rules(players: usize, rules: Rules) -> Table {
        let st = State::empty(players, rules.river_size());
        Table {
            game: Arctic::new(rules),
            st,
        }
    }

    /// Puts `cards` into `seat`'s hand.
    pub(crate) fn hand(mut self, seat: usize, cards: &[Card]) -> Table {
        self.st.hands[seat] = CardSet::of(cards.iter().copied());
        self
    }

    /// Lays `seat`'s pile, bottom first.
    pub(crate) fn pile(mut self, seat: usize, cards: &[PileCard]) -> Table {
        self.st.piles[seat].clear();
        self.st.piles[seat].extend(cards.iter().copied());
        self
    }

    /// Lays the River's first slots.
    pub(crate) fn river(mut self, cards: &[Card]) -> Table {
        self.st.river = Default::default();
        for (slot, &c) in self.st.river.iter_mut().zip(cards) {
            *slot = Some(c);
        }
        self
    }

    /// Puts `cards` into `seat`'s penalty zone.
    pub(crate) fn penalty(mut self, seat: usize, cards: &[Card]) -> Table {
        self.st.penalties[seat] = CardSet::of(cards.iter().copied());
        self
    }

    /// Lays the draw pile, bottom first (its top card last).
    pub(crate) fn draw(mut self, cards: &[Card]) -> Table {
        self.st.draw.clear();
        self.st.draw.extend(cards.iter().copied());
        self
    }

    /// Lays the unopened Reserve, bottom first.
    pub(crate) fn reserve(mut self, cards: &[Card]) -> Table {
        self.st.reserve.clear();
        self.st.reserve.extend(cards.iter().copied());
        self
    }

    /// Marks the Reserve opened and used up: the end is triggered.
    pub(crate) fn reserve_used(mut self) -> Table {
        self.st.reserve.clear();
        self.st.reserve_open = true;
        self.st.end_triggered = true;
        self
    }

    /// Gives `animal`'s power, side `side` up, to `seat` (`None`: the centre).
    pub(crate) fn power(mut self, animal: Animal, side: Side, seat: Option<usize>) -> Table {
        self.st.sides[animal.index()] = side;
        self.st.holders[animal.index()] = seat.map_or(crate::state::CENTRE, |s| s as u8);
        self
    }

    /// Puts `animal`'s token at `position`.
    pub(crate) fn token(mut self, animal: Animal, position: u8) -> Table {
        self.st.tokens[animal.index()] = position;
        self
    }

    /// Sets the round in progress (from 0) and whether it is the final round.
    pub(crate) fn round(mut self, round: u32, last: bool) -> Table {
        self.st.round = round;
        self.st.final_round = last;
        self
    }

    /// Starts `seat`'s turn and plays on to its first question asked.
    ///
    /// Every other seat left with neither a pile nor a hand gets one card in hand (a set 3
    /// fox, draw value 1 to 4 by seat), since no real game reaches a turn with neither: the
    /// first turn places a card, and a pile emptied by puffin B leaves its card in hand.
    pub(crate) fn start(mut self, seat: usize) -> Play {
        self.st.actor = Seat(seat as u8);
        for other in (0..self.st.players()).filter(|&s| s != seat) {
            if self.st.hands[other].is_empty() && self.st.piles[other].is_empty() {
                self.st.hands[other].insert(card_of(3, crate::cards::Animal::Fox, other as u8 + 1));
            }
        }
        let mut play = Play {
            game: self.game,
            st: self.st,
            answers: ActionList::new(),
            log: Vec::new(),
        };
        let Play {
            game,
            st,
            answers,
            log,
        } = &mut play;
        game.begin_turn(st, &mut |e| log.push(e));
        game.settle(st, answers, &mut |e| log.push(e));
        play
    }
}

/// A turn in progress on a laid-out table.
pub(crate) struct Play {
    pub(crate) game: Arctic,
    pub(crate) st: State,
    pub(crate) answers: ActionList<Action>,
    /// Every event so far.
    pub(crate) log: Vec<Event>,
}

impl Play {
    /// Returns the question pending.
    pub(crate) fn phase(&self) -> Phase {
        self.st.phase
    }

    /// Returns the answers to the question pending.
    pub(crate) fn answers(&self) -> Vec<Action> {
        self.answers.to_vec()
    }

    /// Answers `action` (which must be allowed) and plays on to the next question asked.
    pub(crate) fn answer(&mut self, action: Action) -> &mut Play {
        assert!(
            self.answers.contains(&action),
            "{action} is not among {:?} at {:?}",
            self.answers,
            self.st.phase
        );
        let Play {
            game,
            st,
            answers,
            log,
        } = self;
        game.answer(st, action, false, &mut |e| log.push(e));
        game.settle(st, answers, &mut |e| log.push(e));
        self
    }

    /// Answers each of `actions` in turn.
    pub(crate) fn answer_all(&mut self, actions: &[Action]) -> &mut Play {
        for &a in actions {
            self.answer(a);
        }
        self
    }

    /// Returns the events whose `Debug` form starts with `kind` (`"Penalised"`).
    pub(crate) fn events(&self, kind: &str) -> Vec<Event> {
        self.log
            .iter()
            .filter(|e| format!("{e:?}").starts_with(kind))
            .copied()
            .collect()
    }
}
