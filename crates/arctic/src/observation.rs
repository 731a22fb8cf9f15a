//! What one seat knows ([`Observation`]), how an answer looks to each seat
//! ([`ActionKey`]), and the observation as a fixed-length vector.

use std::fmt;

use arrayvec::ArrayVec;
use floe_core::Seat;
use serde::{Serialize, Serializer};

use crate::action::Action;
use crate::cards::{ANIMAL_COUNT, ANIMALS, Animal, CARD_COUNT, Card, CardSet};
use crate::engine::{Arctic, END_CAUSES, ScoreParts};
use crate::limits::MAX_RIVER;
use crate::rules::{MAX_PLAYERS, Side};
use crate::state::{Phase, State, Turn};

/// A pile as one seat sees it, bottom first: `None` for a face-down card it cannot see.
pub type SeenPile = ArrayVec<Option<(Card, bool)>, CARD_COUNT>;

/// The final score of one seat, by component, with the animals its face-down cards
/// counted as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalScore {
    /// The score by component.
    pub parts: ScoreParts,
    /// The animal each face-down card counted as, bottom to top.
    pub face_down: Vec<Animal>,
}

/// What one seat knows of a game of Arctic: the public facts, its own private ones, and
/// at the end every seat's score by component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The seat that observes.
    pub seat: Seat,
    /// A narrator's view: nothing hidden.
    whole: bool,
    players: u8,
    /// Each pile; a card is `(card, face down)`, `None` when unseen.
    piles: [SeenPile; MAX_PLAYERS],
    /// Hands and penalty zones: the observer's own, every seat's in a narrator's view.
    hands: [Option<CardSet>; MAX_PLAYERS],
    penalties: [Option<CardSet>; MAX_PLAYERS],
    totems: [Option<Animal>; MAX_PLAYERS],
    hand_sizes: [u8; MAX_PLAYERS],
    penalty_sizes: [u8; MAX_PLAYERS],
    river: [Option<Card>; MAX_RIVER],
    river_size: u8,
    draw_len: u8,
    reserve_len: u8,
    reserve_open: bool,
    tokens: [u8; ANIMAL_COUNT],
    sides: [Side; ANIMAL_COUNT],
    holders: [Option<Seat>; ANIMAL_COUNT],
    in_hand: [CardSet; MAX_PLAYERS],
    private: [CardSet; MAX_PLAYERS],
    /// The cards the observer gave with bear B whose place it still knows.
    gifts: CardSet,
    round: u32,
    final_round: bool,
    end_triggered: bool,
    actor: Seat,
    phase: Phase,
    /// The turn in progress, its hidden choices blanked.
    turn: Turn,
    /// Every seat's final score, once the game is over.
    scores: Option<Vec<FinalScore>>,
    /// The end cause, once the game is over.
    end_cause: Option<&'static str>,
}

impl Observation {
    /// Returns what `seat` knows of `st` (everything with `whole`).
    pub(crate) fn of(game: &Arctic, st: &State, seat: Seat, whole: bool) -> Observation {
        let players = st.players();
        let sees = |s: usize| whole || s == seat.index();
        let mut piles: [SeenPile; MAX_PLAYERS] = Default::default();
        for (s, pile) in piles.iter_mut().enumerate().take(players) {
            pile.extend(
                st.piles[s].iter().map(|c| {
                    (!c.is_face_down() || sees(s)).then_some((c.card(), c.is_face_down()))
                }),
            );
        }
        let per_seat = |f: &dyn Fn(usize) -> CardSet| {
            std::array::from_fn(|s| (s < players && sees(s)).then(|| f(s)))
        };
        let mut turn = st.turn;
        if !sees(st.actor.index()) {
            turn.held = None;
            turn.penalty_animal = None;
            turn.bear_animal = None;
        }
        let scores = st.is_over().then(|| {
            Seat::all(players)
                .map(|s| FinalScore {
                    parts: game.score_parts(st, s),
                    face_down: crate::scoring::face_down_animals(&st.piles[s.index()], &game.rules),
                })
                .collect()
        });
        Observation {
            seat,
            whole,
            players: st.players,
            piles,
            hands: per_seat(&|s| st.hands[s]),
            penalties: per_seat(&|s| st.penalties[s]),
            totems: std::array::from_fn(|s| {
                (s < players && (sees(s) || st.is_over())).then(|| st.totems[s])
            }),
            hand_sizes: st.hands.map(|h| h.len() as u8),
            penalty_sizes: st.penalties.map(|p| p.len() as u8),
            river: st.river,
            river_size: st.river_size,
            draw_len: st.draw.len() as u8,
            reserve_len: st.reserve.len() as u8,
            reserve_open: st.reserve_open,
            tokens: st.tokens,
            sides: st.sides,
            holders: ANIMALS.map(|a| st.holder(a)),
            in_hand: st.in_hand,
            private: st.private,
            gifts: if whole {
                CardSet::EMPTY
            } else {
                st.gifts[seat.index()]
            },
            round: st.round,
            final_round: st.final_round,
            end_triggered: st.end_triggered,
            actor: st.actor,
            phase: st.phase,
            turn,
            scores,
            end_cause: st.is_over().then(|| END_CAUSES[usize::from(st.end_cause)]),
        }
    }

    /// Returns the cards the observer holds in hand (`None` for a narrator's view).
    pub fn hand(&self) -> Option<CardSet> {
        if self.whole {
            None
        } else {
            self.hands[self.seat.index()]
        }
    }
}

/// Writes a set of cards as `[a, b]`.
fn write_set(f: &mut fmt::Formatter<'_>, set: CardSet) -> fmt::Result {
    f.write_str("[")?;
    for (i, c) in set.iter().enumerate() {
        write!(f, "{}{c}", if i == 0 { "" } else { ", " })?;
    }
    f.write_str("]")
}

/// Cards of a pile a board shows: the top ones (the whole pile is in the final scores).
const PILE_SHOWN: usize = 4;

impl fmt::Display for Observation {
    /// The board: the round, whose question; the Landscape; the River; the powers; each
    /// seat's pile top, hand and penalty counts (own cards in full); at the end the score
    /// table by component and how the winner was decided.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players = usize::from(self.players);
        match self.whole {
            true => f.write_str("the table")?,
            false => write!(f, "{} sees", self.seat)?,
        }
        let round = if self.final_round {
            "final round".to_string()
        } else {
            format!("round {}", self.round + 1)
        };
        write!(f, ": {round}, {} to play", self.actor)?;
        write!(f, "; draw pile {}", self.draw_len)?;
        match self.reserve_open {
            true => f.write_str(", Reserve opened")?,
            false => write!(f, ", Reserve {}", self.reserve_len)?,
        }
        f.write_str("\n  landscape:")?;
        for a in ANIMALS {
            write!(f, " {a} {}", self.tokens[a.index()])?;
        }
        f.write_str("\n  River:")?;
        for slot in &self.river[..usize::from(self.river_size)] {
            match slot {
                Some(c) => write!(f, " [{c}]")?,
                None => f.write_str(" [-]")?,
            }
        }
        f.write_str("\n  powers:")?;
        for a in ANIMALS {
            write!(f, " {a} {:?}", self.sides[a.index()])?;
            match self.holders[a.index()] {
                Some(s) => write!(f, " ({s})")?,
                None => f.write_str(" (centre)")?,
            }
            f.write_str(";")?;
        }
        for s in 0..players {
            let pile = &self.piles[s];
            write!(f, "\n  seat {s}: pile {}", pile.len())?;
            let down = pile.iter().filter(|c| c.is_none_or(|(_, d)| d)).count();
            if down > 0 {
                write!(f, " ({down} face down)")?;
            }
            f.write_str(", top")?;
            for c in pile.iter().rev().take(PILE_SHOWN) {
                match c {
                    Some((card, false)) => write!(f, " [{card}]")?,
                    Some((card, true)) => write!(f, " [{card}, face down]")?,
                    None => f.write_str(" [face down]")?,
                }
            }
            write!(
                f,
                "; hand {}, penalty {}",
                self.hand_sizes[s], self.penalty_sizes[s]
            )?;
            if let Some(hand) = self.hands[s] {
                f.write_str("\n    hand ")?;
                write_set(f, hand)?;
            }
            if let Some(penalty) = self.penalties[s].filter(|p| !p.is_empty()) {
                f.write_str("\n    penalty ")?;
                write_set(f, penalty)?;
            }
            if let Some(totem) = self.totems[s] {
                write!(f, "\n    totem {totem}")?;
            }
        }
        if let Some(scores) = &self.scores {
            f.write_str("\n  scores: seat: runs + diversity + totem + penalty = total")?;
            for (s, score) in scores.iter().enumerate() {
                let p = &score.parts;
                write!(
                    f,
                    "\n    seat {s}: {} + {} + {} + {} = {}",
                    p.pile.runs,
                    p.pile.diversity,
                    p.totem,
                    p.penalty,
                    p.total()
                )?;
                if !score.face_down.is_empty() {
                    let names: Vec<&str> = score.face_down.iter().map(|a| a.name()).collect();
                    write!(f, " (face-down cards as {})", names.join(", "))?;
                }
            }
            let totals: Vec<i32> = scores.iter().map(|s| s.parts.total()).collect();
            let best = totals.iter().copied().max().unwrap_or(0);
            let tied = totals.iter().filter(|&&t| t == best).count();
            write!(f, "\n  end: {}", self.end_cause.unwrap_or("?"))?;
            if tied > 1 {
                write!(f, "; {tied} seats tied at {best}: decided by the tie-break")?;
            } else {
                write!(f, "; top score {best}")?;
            }
        }
        writeln!(f)
    }
}

impl Serialize for FinalScore {
    /// Serializes the score as its components and total, flat: `runs`, `diversity`,
    /// `totem`, `penalty`, `total`, and `face_down_as`, the animals the face-down cards
    /// counted as.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Flat<'a> {
            runs: i32,
            diversity: i32,
            totem: i32,
            penalty: i32,
            total: i32,
            face_down_as: &'a [Animal],
        }
        let p = &self.parts;
        Flat {
            runs: p.pile.runs,
            diversity: p.pile.diversity,
            totem: p.totem,
            penalty: p.penalty,
            total: p.total(),
            face_down_as: &self.face_down,
        }
        .serialize(serializer)
    }
}

/// An [`Observation`] as a front end hands it to a user (JSON, a Python dict): the public
/// facts, and the hand, penalty zone, totem and face-down pile cards of the seats the
/// observer sees (its own; every seat's in a narrator's view). Of another seat, only the
/// sizes of its hand and penalty zone and the cards everyone knows it holds.
#[derive(Serialize)]
struct Json<'a> {
    /// The seat that observes; `None` in a narrator's view.
    seat: Option<Seat>,
    /// The round in progress, from 1 (the final round has the number after the last).
    round: u32,
    /// Whether the final round is in progress.
    final_round: bool,
    /// Whether the end is triggered (this round is finished, then the final round played).
    end_triggered: bool,
    /// The question pending (`"place"`, `"source"`, ..., `"over"`).
    phase: Phase,
    /// The seat whose turn it is; `None` once over.
    to_act: Option<Seat>,
    /// The turn in progress, its hidden choices `null`.
    turn: &'a Turn,
    /// Cards in the draw pile.
    draw_pile: u8,
    /// Cards in the unopened Reserve.
    reserve: u8,
    reserve_open: bool,
    /// Each animal's token position on the Landscape.
    landscape: ByAnimal<u8>,
    /// The River's slots, `None` for an empty one.
    river: &'a [Option<Card>],
    /// Each power card: its side up and its holder (`None`: in the centre).
    powers: ByAnimal<PowerJson>,
    /// The cards the observer gave with bear B whose place it still knows (none in a
    /// narrator's view).
    #[serde(skip_serializing_if = "Option::is_none")]
    gifts: Option<CardSet>,
    seats: Vec<SeatJson<'a>>,
    /// How the game ended, once over (`"deck-exhausted"`, `"round-limit"`).
    end_cause: Option<&'static str>,
}

/// Values by animal, serialized as a map from the animal's name.
struct ByAnimal<T>([T; ANIMAL_COUNT]);

impl<T: Serialize> Serialize for ByAnimal<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(ANIMALS.iter().map(|a| a.name()).zip(&self.0))
    }
}

/// One power card in [`Json`].
#[derive(Serialize)]
struct PowerJson {
    side: Side,
    holder: Option<Seat>,
}

/// One seat in [`Json`].
#[derive(Serialize)]
struct SeatJson<'a> {
    seat: Seat,
    /// Its pile, bottom first: each card with whether it lies face down; `card` is `None`
    /// for a face-down card the observer cannot see.
    pile: Vec<PileCardJson>,
    hand_size: u8,
    penalty_size: u8,
    /// Public tracking: the cards everyone knows to be in its hand.
    known_in_hand: CardSet,
    /// Public tracking: the cards everyone knows to be in its hand, penalty zone or
    /// face-down pile cards.
    known_private: CardSet,
    /// Its hand, when the observer sees it.
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<CardSet>,
    /// Its penalty zone, when the observer sees it.
    #[serde(skip_serializing_if = "Option::is_none")]
    penalty: Option<CardSet>,
    /// Its totem, when the observer sees it (every seat's once over).
    #[serde(skip_serializing_if = "Option::is_none")]
    totem: Option<Animal>,
    /// Its final score, once over.
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<&'a FinalScore>,
}

/// One pile card in [`SeatJson`].
#[derive(Serialize)]
struct PileCardJson {
    card: Option<Card>,
    face_down: bool,
}

impl Serialize for Observation {
    /// Serializes the observation as a map for front ends (JSON, a Python dict): `seat`
    /// (`null` in a narrator's view), `round`, `final_round`, `end_triggered`, `phase`,
    /// `to_act`, `turn`, `draw_pile`, `reserve`, `reserve_open`, `landscape`, `river`,
    /// `powers`, `gifts`, `end_cause`, and `seats`, each with its `pile`, sizes and
    /// publicly known cards, plus `hand`, `penalty` and `totem` only for a seat the
    /// observer sees (every totem once over) and its `score` once over. Cards are named
    /// as they print (`"walrus 5/1 bear"`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let over = self.phase == Phase::Over;
        let seats = (0..usize::from(self.players))
            .map(|s| SeatJson {
                seat: Seat(s as u8),
                pile: self.piles[s]
                    .iter()
                    .map(|c| PileCardJson {
                        card: c.map(|(card, _)| card),
                        face_down: c.is_none_or(|(_, down)| down),
                    })
                    .collect(),
                hand_size: self.hand_sizes[s],
                penalty_size: self.penalty_sizes[s],
                known_in_hand: self.in_hand[s],
                known_private: self.private[s],
                hand: self.hands[s],
                penalty: self.penalties[s],
                totem: self.totems[s],
                score: self.scores.as_ref().map(|scores| &scores[s]),
            })
            .collect();
        Json {
            seat: (!self.whole).then_some(self.seat),
            round: self.round + 1,
            final_round: self.final_round,
            end_triggered: self.end_triggered,
            phase: self.phase,
            to_act: (!over).then_some(self.actor),
            turn: &self.turn,
            draw_pile: self.draw_len,
            reserve: self.reserve_len,
            reserve_open: self.reserve_open,
            landscape: ByAnimal(self.tokens),
            river: &self.river[..usize::from(self.river_size)],
            powers: ByAnimal(std::array::from_fn(|a| PowerJson {
                side: self.sides[a],
                holder: self.holders[a],
            })),
            gifts: (!self.whole).then_some(self.gifts),
            seats,
            end_cause: self.end_cause,
        }
        .serialize(serializer)
    }
}

/// How an answer looks to one observer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKey {
    /// The answer itself: the observer sees it.
    Seen(Action),
    /// An answer to this question the observer cannot see (another seat's card moved face
    /// down, drawn from its penalty zone, or given with bear B).
    Hidden(Phase),
}

impl ActionKey {
    /// Returns the key of `action`, answered now in `st`, for `observer`.
    pub(crate) fn of(game: &Arctic, st: &State, action: Action, observer: Seat) -> ActionKey {
        let (hidden, shown_to) = game.hidden(st, action);
        if hidden && observer != st.actor && shown_to != Some(observer) {
            ActionKey::Hidden(st.phase)
        } else {
            ActionKey::Seen(action)
        }
    }
}

/// Numbers per seat in the encoding: pile face-up cards (120), top card (120), pile
/// length, face-down count, hand size, penalty size (4), `in_hand` and `private` (240).
const PER_SEAT: usize = 2 * CARD_COUNT + 4 + 2 * CARD_COUNT;
/// Numbers of the pending question (one-hot over the phases).
const PHASES: usize = 17;

/// Returns the length of [`encode`]'s vector at `players`.
pub(crate) fn encoding_len(players: usize) -> usize {
    // Own hand, penalty, face-down cards and gifts, and the River (5 x 120); the own
    // totem (6); tokens one-hot (36); per power its side (2) and holder or centre
    // (players + 1); per seat; the counters (6); the actor (players); the phase.
    5 * CARD_COUNT
        + ANIMAL_COUNT
        + ANIMAL_COUNT * 6
        + ANIMAL_COUNT * (3 + players)
        + players * PER_SEAT
        + 6
        + players
        + PHASES
}

/// Writes `obs` into `out` as [`encoding_len`] lays it out.
pub(crate) fn encode(obs: &Observation, out: &mut [f32]) {
    let players = usize::from(obs.players);
    assert_eq!(
        out.len(),
        encoding_len(players),
        "an encoding buffer of the right length"
    );
    out.fill(0.0);
    let me = obs.seat.index();
    let mut at = 0;
    let set = |out: &mut [f32], at: &mut usize, cards: CardSet| {
        for c in cards.iter() {
            out[*at + usize::from(c.id())] = 1.0;
        }
        *at += CARD_COUNT;
    };
    set(out, &mut at, obs.hands[me].unwrap_or_default());
    set(out, &mut at, obs.penalties[me].unwrap_or_default());
    let own_down = obs.piles[me]
        .iter()
        .flatten()
        .filter(|(_, d)| *d)
        .map(|(c, _)| *c);
    set(out, &mut at, CardSet::of(own_down));
    set(out, &mut at, obs.gifts);
    set(
        out,
        &mut at,
        CardSet::of(obs.river.iter().flatten().copied()),
    );
    if let Some(t) = obs.totems[me] {
        out[at + t.index()] = 1.0;
    }
    at += ANIMAL_COUNT;
    for &pos in &obs.tokens {
        out[at + usize::from(pos)] = 1.0;
        at += 6;
    }
    for a in 0..ANIMAL_COUNT {
        out[at + usize::from(obs.sides[a] == Side::B)] = 1.0;
        out[at + 2 + obs.holders[a].map_or(players, |s| s.index())] = 1.0;
        at += 3 + players;
    }
    for s in 0..players {
        let pile = &obs.piles[s];
        let up = pile.iter().flatten().filter(|(_, d)| !*d).map(|(c, _)| *c);
        set(out, &mut at, CardSet::of(up));
        if let Some(Some((top, false))) = pile.last() {
            out[at + usize::from(top.id())] = 1.0;
        }
        at += CARD_COUNT;
        out[at] = pile.len() as f32;
        out[at + 1] = pile.iter().filter(|c| c.is_none_or(|(_, d)| d)).count() as f32;
        out[at + 2] = f32::from(obs.hand_sizes[s]);
        out[at + 3] = f32::from(obs.penalty_sizes[s]);
        at += 4;
        set(out, &mut at, obs.in_hand[s]);
        set(out, &mut at, obs.private[s]);
    }
    out[at] = f32::from(obs.draw_len);
    out[at + 1] = f32::from(obs.reserve_len);
    out[at + 2] = f32::from(u8::from(obs.reserve_open));
    out[at + 3] = obs.round as f32;
    out[at + 4] = f32::from(u8::from(obs.final_round));
    out[at + 5] = f32::from(u8::from(obs.end_triggered));
    at += 6;
    out[at + obs.actor.index()] = 1.0;
    at += players;
    out[at + obs.phase as usize] = 1.0;
}
