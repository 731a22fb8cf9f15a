//! What one seat knows ([`Observation`]), how an answer looks to each seat
//! ([`ActionKey`]), and the observation as a fixed-length vector.

use std::fmt;

use arrayvec::ArrayVec;
use floe_core::{EncodingLayout, Field, Fields, Seat, Tiler, tiled_len};
use serde::{Serialize, Serializer};

use crate::action::Action;
use crate::cards::{ANIMAL_COUNT, ANIMALS, Animal, CARD_COUNT, Card, CardSet};
use crate::describe::power;
use crate::engine::{Arctic, END_CAUSES, ScoreParts};
use crate::limits::MAX_RIVER;
use crate::rules::{LANDSCAPE_LEN, MAX_PLAYERS, MIN_PLAYERS, Side};
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
        let scores = st.is_over().then(|| {
            Seat::all(st.players())
                .map(|s| FinalScore {
                    parts: game.score_parts(st, s),
                    face_down: crate::scoring::face_down_animals(&st.piles[s.index()], &game.rules),
                })
                .collect()
        });
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
    /// The board: the round, whose question; the Landscape; the River, with a key to how a
    /// card reads; each power card's side and holder, and what it lets its holder do, in
    /// words (a person meets `fox B` before the rules); each seat's pile top, hand and
    /// penalty counts (own cards in full); at the end the score table by component and how
    /// the winner was decided.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_heading(f)?;
        self.write_landscape_and_river(f)?;
        self.write_powers(f)?;
        for s in 0..usize::from(self.players) {
            self.write_seat(f, s)?;
        }
        if let Some(scores) = &self.scores {
            self.write_scores(f, scores)?;
        }
        writeln!(f)
    }
}

impl Observation {
    /// Writes the board's first line: who sees it, the round, whose turn, and the draw pile
    /// and Reserve.
    fn write_heading(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
            true => f.write_str(", Reserve opened"),
            false => write!(f, ", Reserve {}", self.reserve_len),
        }
    }

    /// Writes the Landscape's tokens, the River and the key to how a card reads.
    fn write_landscape_and_river(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
        // A card the key reads out as an example.
        let key = Card::new(3, Animal::Walrus, 1);
        write!(
            f,
            "\n  a card reads: main animal, placement/draw values, companion ({} places {}, \
             draws {}, companion {})",
            key,
            key.placement_value(),
            key.draw_value(),
            key.companion()
        )
    }

    /// Writes each power card's side, its holder and what it lets its holder do.
    fn write_powers(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\n  powers (side up, holder: what it lets its holder do):")?;
        for a in ANIMALS {
            let side = self.sides[a.index()];
            write!(f, "\n    {a} {side}, ")?;
            match self.holders[a.index()] {
                Some(s) => write!(f, "{s}")?,
                None => f.write_str("centre")?,
            }
            write!(f, ": {}", power(a, side))?;
        }
        Ok(())
    }

    /// Writes seat `s`: its pile's size and top cards, its hand and penalty counts, and the
    /// hand, penalty and totem the observer may see.
    fn write_seat(&self, f: &mut fmt::Formatter<'_>, s: usize) -> fmt::Result {
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
        Ok(())
    }

    /// Writes the final score table by component, the end cause and how the winner was
    /// decided.
    fn write_scores(&self, f: &mut fmt::Formatter<'_>, scores: &[FinalScore]) -> fmt::Result {
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
            write!(f, "; {tied} seats tied at {best}: decided by the tie-break")
        } else {
            write!(f, "; top score {best}")
        }
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

/// Returns the fields of the encoding at `players`, in order: the one statement of the
/// layout, which [`encoding_len`], [`encode`] and the docs all read.
const fn fields(players: usize) -> [Field; 17] {
    let p = players;
    let mut tiler = Tiler::new();
    [
        tiler.field(
            "hand",
            &[CARD_COUNT],
            "the observer's hand: a bit per card id, 30 (set - 1) + 5 (animal - 1) + (draw value \
             - 1), animals in the order fox, moose, walrus, orca, puffin, bear",
        ),
        tiler.field(
            "penalty",
            &[CARD_COUNT],
            "the observer's penalty zone: a bit per card id",
        ),
        tiler.field(
            "own_face_down",
            &[CARD_COUNT],
            "the observer's face-down pile cards: a bit per card id",
        ),
        tiler.field(
            "gifts",
            &[CARD_COUNT],
            "the cards the observer gave with bear B whose place (a receiver's penalty zone) \
             it still knows: a bit per card id",
        ),
        tiler.field(
            "river",
            &[CARD_COUNT],
            "the River's cards: a bit per card id",
        ),
        tiler.field(
            "totem",
            &[ANIMAL_COUNT],
            "the observer's totem animal, one-hot (fox, moose, walrus, orca, puffin, bear)",
        ),
        tiler.field(
            "tokens",
            &[ANIMAL_COUNT, LANDSCAPE_LEN],
            "per animal, its token's landscape position, one-hot",
        ),
        tiler.field(
            "powers",
            &[ANIMAL_COUNT, 3 + p],
            "per animal's power card: its side up (A, B) one-hot, then its holder one-hot \
             over the seats and the centre (last)",
        ),
        tiler.field(
            "seats",
            &[p, PER_SEAT],
            "per seat: its pile's face-up cards (a bit per card id); its pile's top card if \
             face up (one-hot by id); its pile's length, its pile's face-down cards, its hand \
             size, its penalty zone size (counts); the cards known to be in its hand; the \
             cards known to be in its hand, penalty zone or face-down pile (bits by id)",
        ),
        tiler.field("draw_pile", &[1], "cards in the draw pile (a count)"),
        tiler.field(
            "reserve",
            &[1],
            "cards in the Reserve while unopened (a count)",
        ),
        tiler.field("reserve_open", &[1], "the Reserve is open (a flag)"),
        tiler.field("round", &[1], "the round in progress, from 0 (a count)"),
        tiler.field(
            "final_round",
            &[1],
            "the final round is being played (a flag)",
        ),
        tiler.field(
            "end_triggered",
            &[1],
            "the end is triggered: the round is finished, then the final round played (a flag)",
        ),
        tiler.field(
            "to_act",
            &[p],
            "the seat whose question is pending, one-hot",
        ),
        tiler.field(
            "phase",
            &[PHASES],
            "the pending question, one-hot: puffin, puffin_give, puffin_take, target, place, \
             fox, direction, walrus, moose_stop, source, penalty_card, discard, bear, \
             bear_seat, bear_animal, bear_card, over",
        ),
    ]
}

/// The layout at each table size from [`MIN_PLAYERS`], laid out at compile time: an encode
/// does no layout work.
const LAYOUTS: [[Field; 17]; MAX_PLAYERS + 1 - MIN_PLAYERS] = {
    let mut all = [fields(MIN_PLAYERS); MAX_PLAYERS + 1 - MIN_PLAYERS];
    let mut i = 0;
    while i < all.len() {
        all[i] = fields(MIN_PLAYERS + i);
        i += 1;
    }
    all
};

/// Returns the length of [`encode`]'s vector at `players`.
pub(crate) fn encoding_len(players: usize) -> usize {
    tiled_len(&fields(players))
}

impl EncodingLayout for Arctic {
    fn encoding_layout(&self, players: usize) -> Vec<Field> {
        fields(players).to_vec()
    }
}

/// Writes 1 at each of `cards`' ids in `out` (a field of a bit per card id). A pile's or
/// the River's cards are marked as they come rather than gathered into a set first: the
/// same bits, without building and walking the set.
/// Returns how many it marked.
fn mark(out: &mut [f32], cards: impl IntoIterator<Item = Card>) -> usize {
    let mut marked = 0;
    for c in cards {
        out[usize::from(c.id())] = 1.0;
        marked += 1;
    }
    marked
}

/// What [`encode`] reads of what one seat knows. An [`Observation`] holds it, and
/// [`SeatView`] reads it straight off a state: so `Game::encode_seen` writes the encoding
/// without building the observation (every pile card by card as the seat sees it), and
/// both write it with the same code. "The observer" is the seat that knows.
pub(crate) trait Shown {
    /// Seats at the table.
    fn players(&self) -> usize;
    /// The observer's hand.
    fn hand(&self) -> CardSet;
    /// The observer's penalty zone.
    fn penalty(&self) -> CardSet;
    /// The observer's face-down pile cards.
    fn own_face_down(&self) -> impl Iterator<Item = Card>;
    /// The cards the observer gave with bear B whose place it still knows.
    fn gifts(&self) -> CardSet;
    /// The River's cards.
    fn river(&self) -> impl Iterator<Item = Card>;
    /// The observer's totem animal.
    fn totem(&self) -> Option<Animal>;
    /// Each animal's token's landscape position.
    fn tokens(&self) -> [u8; ANIMAL_COUNT];
    /// Each power card's side up.
    fn sides(&self) -> [Side; ANIMAL_COUNT];
    /// Each power card's holder (`None`: the centre).
    fn holders(&self) -> [Option<Seat>; ANIMAL_COUNT];
    /// Seat `s`'s face-up pile cards.
    fn face_up(&self, s: usize) -> impl Iterator<Item = Card>;
    /// Seat `s`'s pile's top card if it lies face up.
    fn top_face_up(&self, s: usize) -> Option<Card>;
    /// Cards in seat `s`'s pile.
    fn pile_len(&self, s: usize) -> usize;
    /// Cards in seat `s`'s hand.
    fn hand_size(&self, s: usize) -> u8;
    /// Cards in seat `s`'s penalty zone.
    fn penalty_size(&self, s: usize) -> u8;
    /// The cards known to be in seat `s`'s hand.
    fn in_hand(&self, s: usize) -> CardSet;
    /// The cards known to be in seat `s`'s hand, penalty zone or face-down pile.
    fn private(&self, s: usize) -> CardSet;
    /// Cards in the draw pile.
    fn draw_len(&self) -> u8;
    /// Cards in the Reserve.
    fn reserve_len(&self) -> u8;
    /// Whether the Reserve is open.
    fn reserve_open(&self) -> bool;
    /// The round in progress, from 0.
    fn round(&self) -> u32;
    /// Whether the final round is being played.
    fn final_round(&self) -> bool;
    /// Whether the end is triggered.
    fn end_triggered(&self) -> bool;
    /// The seat whose question is pending.
    fn actor(&self) -> Seat;
    /// The pending question.
    fn phase(&self) -> Phase;
}

impl Shown for Observation {
    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn hand(&self) -> CardSet {
        self.hands[self.seat.index()].unwrap_or_default()
    }

    fn penalty(&self) -> CardSet {
        self.penalties[self.seat.index()].unwrap_or_default()
    }

    fn own_face_down(&self) -> impl Iterator<Item = Card> {
        let pile = self.piles[self.seat.index()].iter().flatten();
        pile.filter(|(_, down)| *down).map(|(c, _)| *c)
    }

    fn gifts(&self) -> CardSet {
        self.gifts
    }

    fn river(&self) -> impl Iterator<Item = Card> {
        self.river.iter().flatten().copied()
    }

    fn totem(&self) -> Option<Animal> {
        self.totems[self.seat.index()]
    }

    fn tokens(&self) -> [u8; ANIMAL_COUNT] {
        self.tokens
    }

    fn sides(&self) -> [Side; ANIMAL_COUNT] {
        self.sides
    }

    fn holders(&self) -> [Option<Seat>; ANIMAL_COUNT] {
        self.holders
    }

    fn face_up(&self, s: usize) -> impl Iterator<Item = Card> {
        let pile = self.piles[s].iter().flatten();
        pile.filter(|(_, down)| !*down).map(|(c, _)| *c)
    }

    fn top_face_up(&self, s: usize) -> Option<Card> {
        match self.piles[s].last() {
            Some(Some((card, false))) => Some(*card),
            _ => None,
        }
    }

    fn pile_len(&self, s: usize) -> usize {
        self.piles[s].len()
    }

    fn hand_size(&self, s: usize) -> u8 {
        self.hand_sizes[s]
    }

    fn penalty_size(&self, s: usize) -> u8 {
        self.penalty_sizes[s]
    }

    fn in_hand(&self, s: usize) -> CardSet {
        self.in_hand[s]
    }

    fn private(&self, s: usize) -> CardSet {
        self.private[s]
    }

    fn draw_len(&self) -> u8 {
        self.draw_len
    }

    fn reserve_len(&self) -> u8 {
        self.reserve_len
    }

    fn reserve_open(&self) -> bool {
        self.reserve_open
    }

    fn round(&self) -> u32 {
        self.round
    }

    fn final_round(&self) -> bool {
        self.final_round
    }

    fn end_triggered(&self) -> bool {
        self.end_triggered
    }

    fn actor(&self) -> Seat {
        self.actor
    }

    fn phase(&self) -> Phase {
        self.phase
    }
}

/// What one seat knows of a state, read off the state: what [`Observation::of`] shows
/// that seat, fact by fact, without building it. Of the other seats' hands, penalty zones
/// and face-down pile cards it reads only their counts, as the observation shows them.
pub(crate) struct SeatView<'a> {
    st: &'a State,
    seat: Seat,
}

impl<'a> SeatView<'a> {
    /// Returns what `seat` knows of `st`.
    pub(crate) fn new(st: &'a State, seat: Seat) -> SeatView<'a> {
        SeatView { st, seat }
    }
}

impl Shown for SeatView<'_> {
    fn players(&self) -> usize {
        self.st.players()
    }

    fn hand(&self) -> CardSet {
        self.st.hands[self.seat.index()]
    }

    fn penalty(&self) -> CardSet {
        self.st.penalties[self.seat.index()]
    }

    fn own_face_down(&self) -> impl Iterator<Item = Card> {
        let pile = self.st.piles[self.seat.index()].iter();
        pile.filter(|c| c.is_face_down()).map(|c| c.card())
    }

    fn gifts(&self) -> CardSet {
        self.st.gifts[self.seat.index()]
    }

    fn river(&self) -> impl Iterator<Item = Card> {
        self.st.river.iter().flatten().copied()
    }

    fn totem(&self) -> Option<Animal> {
        Some(self.st.totems[self.seat.index()])
    }

    fn tokens(&self) -> [u8; ANIMAL_COUNT] {
        self.st.tokens
    }

    fn sides(&self) -> [Side; ANIMAL_COUNT] {
        self.st.sides
    }

    fn holders(&self) -> [Option<Seat>; ANIMAL_COUNT] {
        ANIMALS.map(|a| self.st.holder(a))
    }

    fn face_up(&self, s: usize) -> impl Iterator<Item = Card> {
        let pile = self.st.piles[s].iter();
        pile.filter(|c| !c.is_face_down()).map(|c| c.card())
    }

    fn top_face_up(&self, s: usize) -> Option<Card> {
        let top = self.st.piles[s].last();
        top.filter(|c| !c.is_face_down()).map(|c| c.card())
    }

    fn pile_len(&self, s: usize) -> usize {
        self.st.piles[s].len()
    }

    fn hand_size(&self, s: usize) -> u8 {
        self.st.hands[s].len() as u8
    }

    fn penalty_size(&self, s: usize) -> u8 {
        self.st.penalties[s].len() as u8
    }

    fn in_hand(&self, s: usize) -> CardSet {
        self.st.in_hand[s]
    }

    fn private(&self, s: usize) -> CardSet {
        self.st.private[s]
    }

    fn draw_len(&self) -> u8 {
        self.st.draw.len() as u8
    }

    fn reserve_len(&self) -> u8 {
        self.st.reserve.len() as u8
    }

    fn reserve_open(&self) -> bool {
        self.st.reserve_open
    }

    fn round(&self) -> u32 {
        self.st.round
    }

    fn final_round(&self) -> bool {
        self.st.final_round
    }

    fn end_triggered(&self) -> bool {
        self.st.end_triggered
    }

    fn actor(&self) -> Seat {
        self.st.actor
    }

    fn phase(&self) -> Phase {
        self.st.phase
    }
}

/// Writes what `seen` shows into `out`, field by field as [`fields`] lays them out.
pub(crate) fn encode(seen: &impl Shown, out: &mut [f32]) {
    let players = seen.players();
    let layout = &LAYOUTS[players - MIN_PLAYERS];
    out.fill(0.0);
    let mut fields = Fields::new(out, layout);
    let set = |out: &mut [f32], cards: CardSet| mark(out, cards.iter());
    set(fields.take("hand"), seen.hand());
    set(fields.take("penalty"), seen.penalty());
    mark(fields.take("own_face_down"), seen.own_face_down());
    set(fields.take("gifts"), seen.gifts());
    mark(fields.take("river"), seen.river());
    let totem = fields.take("totem");
    if let Some(t) = seen.totem() {
        totem[t.index()] = 1.0;
    }
    let tokens = fields.take("tokens");
    for (row, pos) in tokens.chunks_exact_mut(LANDSCAPE_LEN).zip(seen.tokens()) {
        row[usize::from(pos)] = 1.0;
    }
    let powers = fields.take("powers");
    let (sides, holders) = (seen.sides(), seen.holders());
    for (a, row) in powers.chunks_exact_mut(3 + players).enumerate() {
        row[usize::from(sides[a] == Side::B)] = 1.0;
        row[2 + holders[a].map_or(players, |s| s.index())] = 1.0;
    }
    let seats = fields.take("seats");
    for (s, row) in seats.chunks_exact_mut(PER_SEAT).enumerate() {
        let (up_cards, rest) = row.split_at_mut(CARD_COUNT);
        // Every pile card not face up is face down (one the observer cannot see included):
        // counted as the face-up ones are marked, rather than in a second pass.
        let face_up = mark(up_cards, seen.face_up(s));
        let (top, rest) = rest.split_at_mut(CARD_COUNT);
        if let Some(card) = seen.top_face_up(s) {
            top[usize::from(card.id())] = 1.0;
        }
        let (counts, rest) = rest.split_at_mut(4);
        counts[0] = seen.pile_len(s) as f32;
        counts[1] = (seen.pile_len(s) - face_up) as f32;
        counts[2] = f32::from(seen.hand_size(s));
        counts[3] = f32::from(seen.penalty_size(s));
        let (in_hand, private) = rest.split_at_mut(CARD_COUNT);
        set(in_hand, seen.in_hand(s));
        set(private, seen.private(s));
    }
    fields.take("draw_pile")[0] = f32::from(seen.draw_len());
    fields.take("reserve")[0] = f32::from(seen.reserve_len());
    fields.take("reserve_open")[0] = f32::from(u8::from(seen.reserve_open()));
    fields.take("round")[0] = seen.round() as f32;
    fields.take("final_round")[0] = f32::from(u8::from(seen.final_round()));
    fields.take("end_triggered")[0] = f32::from(u8::from(seen.end_triggered()));
    fields.take("to_act")[seen.actor().index()] = 1.0;
    fields.take("phase")[seen.phase() as usize] = 1.0;
    fields.finish();
}

#[cfg(test)]
mod tests {
    use floe_conformance::{Fact, check_facts_show_in_their_fields, fields_changed};

    use super::*;
    use crate::cards::PileCard;
    use crate::rules::Rules;

    #[test]
    fn each_fact_changes_the_encoding_in_its_named_fields_only() {
        let game = Arctic::new(Rules::standard());
        let base = State::empty(3, game.rules.river_size());
        fn card(id: u8) -> Card {
            Card::from_id(id).unwrap()
        }
        // Each fact, as seat 0 sees it, and the fields it shows in.
        let changes: [Fact<State>; 17] = [
            ("a card in hand", &["hand", "seats"], |st| {
                st.hands[0].insert(card(7))
            }),
            ("a penalty card", &["penalty", "seats"], |st| {
                st.penalties[0].insert(card(7))
            }),
            ("a face-down pile card", &["own_face_down", "seats"], |st| {
                st.piles[0].push(PileCard::down(card(7)))
            }),
            ("a gift", &["gifts"], |st| st.gifts[0].insert(card(7))),
            ("a River card", &["river"], |st| st.river[0] = Some(card(7))),
            ("the totem", &["totem"], |st| st.totems[0] = Animal::Bear),
            ("a token", &["tokens"], |st| st.tokens[2] = 5),
            ("a power's side", &["powers"], |st| st.sides[1] = Side::B),
            ("a power's holder", &["powers"], |st| st.holders[1] = 2),
            ("another seat's pile", &["seats"], |st| {
                st.piles[1].push(PileCard::up(card(7)))
            }),
            ("the draw pile", &["draw_pile"], |st| st.draw.push(card(7))),
            ("the Reserve", &["reserve"], |st| st.reserve.push(card(7))),
            ("the Reserve opened", &["reserve_open"], |st| {
                st.reserve_open = true
            }),
            ("the round", &["round"], |st| st.round += 1),
            ("the final round", &["final_round"], |st| {
                st.final_round = true
            }),
            ("the end triggered", &["end_triggered"], |st| {
                st.end_triggered = true
            }),
            ("the seat to act", &["to_act"], |st| st.actor = Seat(1)),
        ];
        check_facts_show_in_their_fields(&game, &base, Seat(0), &changes);
        let mut asked = base.clone();
        asked.phase = Phase::Source;
        assert_eq!(fields_changed(&game, &asked, &base, Seat(0)), ["phase"]);
    }
}
