//! The fixed-length numeric vector of an [`Observation`], for learning front ends.
//!
//! Every value lies in 0..=1, and the length depends only on the rules and the player
//! count. Seats are in seat order (not turned to the observer, who is given one-hot
//! instead: seats differ in this game, seat 0 starts). [`fields`] lays the vector out,
//! field by field; `docs/encodings.md` shows the table it makes.
//!
//! Everything an observation holds is there, directly or derived (others' hands are every
//! card not on their pile), so two observations of one seat encode equally exactly when
//! they are equal.

use floe_core::{EncodingLayout, Field, MAX_SEATS, Seat, Tiler, tiled_len};

use crate::observation::Observation;
use crate::pieces::{CARDS, Card, CardSet, Icon, RACERS, Racer};
use crate::race::ArcticRace;
use crate::rules::Rules;
use crate::state::{END_CAUSES, Phase, Position, State};

/// Values per racer: three place flags, position, place.
const PER_RACER: usize = 5;
/// Phases told apart: four questions and the game over by each end cause.
const PHASES: usize = 4 + END_CAUSES.len();
/// Values per river face: the icons of [`Icon::NAMES`] and open water.
const PER_FACE: usize = Icon::NAMES.len() + 1;

/// Returns the fields of the encoding of a `players`-seat game under `rules`, in order:
/// the one statement of the layout, which [`len`], [`encode`] and the docs all read.
fn fields(rules: &Rules, players: usize) -> [Field; 16] {
    let p = players;
    let mut tiler = Tiler::new();
    [
        tiler.field(
            "racers",
            &[p, RACERS, PER_RACER],
            "per seat and racer: home, on the track, finished (flags); its space / (track \
             length - 1) on the track, else 0; its place / players once finished, else 0",
        ),
        tiler.field(
            "played",
            &[p, CARDS],
            "per seat, its played pile: a bit per card (1-2-3, snowboarder, skier, dog sled, \
             snowmobile)",
        ),
        tiler.field(
            "face_down",
            &[p],
            "per seat: it has a card face down that the observer cannot see (the observer's \
             own is in own_face_down)",
        ),
        tiler.field("observer", &[p], "the observing seat, one-hot"),
        tiler.field("hand", &[CARDS], "the observer's hand: a bit per card"),
        tiler.field(
            "own_face_down",
            &[CARDS],
            "the observer's face-down card, one-hot (all 0 for none)",
        ),
        tiler.field(
            "token_holder",
            &[p],
            "the seat holding the start token, one-hot",
        ),
        tiler.field("leader", &[p], "the seat that leads the round, one-hot"),
        tiler.field(
            "to_act",
            &[p],
            "the seat whose question is pending, one-hot (all 0 once the game is over)",
        ),
        tiler.field(
            "phase",
            &[PHASES],
            "one-hot: commit, reveal, give token, black die, over by three-finished, \
             tiles-exhausted, round-limit",
        ),
        tiler.field(
            "active_card",
            &[CARDS],
            "the revealed card being carried out (reveal, give token, black die), one-hot; \
             else all 0",
        ),
        tiler.field(
            "river",
            &[rules.slots, rules.slot_len, PER_FACE],
            "per river slot and face in walking order: one-hot of blank, +1, +2, +3, start, \
             arrow, die, hand, open water",
        ),
        tiler.field("supply", &[1], "tiles in the supply / tiles in the set"),
        tiler.field(
            "supply_ran_out",
            &[1],
            "a shift found the supply empty (the game ends with this round)",
        ),
        tiler.field(
            "gone",
            &[rules.tile_kinds.len()],
            "per tile kind of the rules: tiles gone / copies in the set (0 for a kind not in \
             the set)",
        ),
        tiler.field("round", &[1], "rounds completed / round limit"),
    ]
}

/// Returns the length of the encoding of a `players`-seat game under `rules`.
pub(crate) fn len(rules: &Rules, players: usize) -> usize {
    tiled_len(&fields(rules, players))
}

impl EncodingLayout for ArcticRace {
    fn encoding_layout(&self, players: usize) -> Vec<Field> {
        fields(&self.rules, players).to_vec()
    }
}

/// Writes the values one after another, field by field.
///
/// In a debug build it holds the layout and checks that each field starts where [`fields`]
/// places it. The order of the fields is the encoder's code, the same at every call, so
/// the debug builds of the tests (the conformance walk encodes every state it meets) check
/// it once for all; a release build, encoding in a learner's hot loop, skips the layout
/// (building and checking it made an encode a quarter slower).
struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
    layout: Option<&'a [Field]>,
}

impl Writer<'_> {
    /// Starts the field `name`: in a debug build, checks that the values written so far
    /// end where the layout starts it.
    fn field(&mut self, name: &str) {
        if let Some(layout) = self.layout {
            let start = layout.iter().find(|f| f.name == name).map(|f| f.start);
            assert_eq!(start, Some(self.at), "the field {name:?} of the layout");
        }
    }

    /// Returns the next `n` values to write, and moves past them: a group of values is
    /// written as one slice, its bounds checked once rather than value by value.
    fn next(&mut self, n: usize) -> &mut [f32] {
        let values = &mut self.out[self.at..self.at + n];
        self.at += n;
        values
    }

    fn value(&mut self, v: f32) {
        debug_assert!((0.0..=1.0).contains(&v), "encoded values lie in 0..=1: {v}");
        self.next(1)[0] = v;
    }

    fn flag(&mut self, b: bool) {
        self.value(f32::from(u8::from(b)));
    }

    /// Writes `n` values, 1 at `hot` and 0 elsewhere (all 0 for `None`).
    fn one_hot(&mut self, n: usize, hot: Option<usize>) {
        let values = self.next(n);
        values.fill(0.0);
        if let Some(v) = hot.and_then(|h| values.get_mut(h)) {
            *v = 1.0;
        }
    }

    /// Writes one bit per card of `set`.
    fn cards(&mut self, set: CardSet) {
        for (v, card) in self.next(CARDS).iter_mut().zip(Card::ALL) {
            *v = f32::from(u8::from(set & card.bit() != 0));
        }
    }

    /// Writes `count / of`, or 0 when `of` is 0.
    fn share(&mut self, count: usize, of: usize) {
        self.value(if of == 0 {
            0.0
        } else {
            count as f32 / of as f32
        });
    }
}

/// Returns the place of `icon` in [`Icon::NAMES`].
fn icon_index(icon: Icon) -> usize {
    match icon {
        Icon::Blank => 0,
        Icon::Plus(n) => usize::from(n),
        Icon::Start => 4,
        Icon::Arrow => 5,
        Icon::Die => 6,
        Icon::Hand => 7,
    }
}

/// What [`encode`] reads of what one seat knows: an [`Observation`]'s masked state, or the
/// state itself, without the copy an observation masks (`Game::encode_seen`). Of the
/// hidden facts the encoding reads only the observer's own hand and face-down card, which
/// both hold alike; of the other seats' face-down cards, only whether there is one.
pub(crate) struct Seen<'a> {
    /// The observer.
    seat: Seat,
    /// The state, its hidden parts read only for the observer.
    st: &'a State,
    /// Tiles in the supply.
    supply_len: usize,
    /// The seats with a card face down that the observer cannot see.
    face_down: [bool; MAX_SEATS],
}

impl<'a> Seen<'a> {
    /// Returns what `obs` shows.
    pub(crate) fn observed(obs: &'a Observation) -> Seen<'a> {
        Seen {
            seat: obs.seat,
            st: obs.public(),
            supply_len: obs.supply_len(),
            face_down: std::array::from_fn(|s| obs.has_face_down(Seat(s as u8))),
        }
    }

    /// Returns what `seat` knows of `st`, as [`Observation::of`] shows it.
    pub(crate) fn state(st: &'a State, seat: Seat) -> Seen<'a> {
        Seen {
            seat,
            st,
            supply_len: st.supply.len(),
            face_down: std::array::from_fn(|s| {
                s != seat.index() && s < st.players() && st.committed(Seat(s as u8)).is_some()
            }),
        }
    }
}

/// Writes what `seen` shows, taken under `rules`, into `out` (of [`len`] values), field by
/// field as [`fields`] lays them out.
///
/// # Panics
/// Panics if `out` is not exactly as long as [`len`] says (a debug build says so before it
/// writes).
pub(crate) fn encode(rules: &Rules, seen: &Seen, out: &mut [f32]) {
    let st = seen.st;
    let players = st.players();
    let layout = cfg!(debug_assertions).then(|| fields(rules, players));
    if let Some(layout) = &layout {
        assert_eq!(
            out.len(),
            tiled_len(layout),
            "the encoding of a {players}-seat game"
        );
    }
    let mut w = Writer {
        out,
        at: 0,
        layout: layout.as_ref().map(|l| &l[..]),
    };
    let seats = || Seat::all(players);
    let last_space = rules.track_len - 1;
    w.field("racers");
    for seat in seats() {
        for racer in Racer::all() {
            let position = st.position(seat, racer);
            w.flag(position == Position::Home);
            w.flag(matches!(position, Position::On(_)));
            w.flag(matches!(position, Position::Finished(_)));
            match position {
                Position::On(space) => w.share(usize::from(space), last_space),
                _ => w.value(0.0),
            }
            match position {
                Position::Finished(place) => w.share(usize::from(place), players),
                _ => w.value(0.0),
            }
        }
    }
    w.field("played");
    for seat in seats() {
        w.cards(st.played(seat));
    }
    w.field("face_down");
    for seat in seats() {
        w.flag(seen.face_down[seat.index()]);
    }
    w.field("observer");
    w.one_hot(players, Some(seen.seat.index()));
    w.field("hand");
    w.cards(st.hand(seen.seat));
    w.field("own_face_down");
    w.one_hot(CARDS, st.committed(seen.seat).map(|c| c as usize));
    let over = matches!(st.phase(), Phase::Over(_));
    w.field("token_holder");
    w.one_hot(players, Some(st.token_holder().index()));
    w.field("leader");
    w.one_hot(players, Some(st.leader().index()));
    w.field("to_act");
    w.one_hot(players, (!over).then(|| st.current().index()));
    let phase = match st.phase() {
        Phase::Commit => 0,
        Phase::Reveal => 1,
        Phase::GiveToken => 2,
        Phase::BlackDie => 3,
        Phase::Over(cause) => 4 + cause as usize,
    };
    w.field("phase");
    w.one_hot(PHASES, Some(phase));
    let carrying_out = matches!(
        st.phase(),
        Phase::Reveal | Phase::GiveToken | Phase::BlackDie
    );
    w.field("active_card");
    w.one_hot(CARDS, carrying_out.then_some(st.active_card as usize));
    w.field("river");
    for slot in 0..rules.slots {
        let start = rules.slot_start(slot);
        for icon in &st.track[start..start + rules.slot_len] {
            w.one_hot(PER_FACE, Some(icon.map_or(PER_FACE - 1, icon_index)));
        }
    }
    w.field("supply");
    w.share(seen.supply_len, rules.tile_count());
    w.field("supply_ran_out");
    w.flag(st.supply_ran_out);
    let mut copies = [0usize; crate::rules::MAX_TILE_KINDS];
    for &kind in &rules.tile_set {
        copies[usize::from(kind)] += 1;
    }
    w.field("gone");
    for (kind, &of) in copies[..rules.tile_kinds.len()].iter().enumerate() {
        w.share(usize::from(st.gone[kind]), of);
    }
    w.field("round");
    w.share(st.round() as usize, rules.round_limit as usize);
    assert_eq!(w.at, w.out.len(), "the encoding of a {players}-seat game");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icons_are_numbered_in_the_order_of_their_names() {
        for (i, name) in Icon::NAMES.iter().enumerate() {
            assert_eq!(icon_index(Icon::parse(name).unwrap()), i, "{name}");
        }
    }

    /// The meanings spell out orders the code states elsewhere: they must agree with it.
    #[test]
    fn the_meanings_list_cards_icons_and_end_causes_in_their_order() {
        let layout = fields(&Rules::classic(), 2);
        let meaning = |name: &str| layout.iter().find(|f| f.name == name).unwrap().meaning;
        let cards: Vec<_> = Card::ALL.iter().map(|c| c.name()).collect();
        assert!(meaning("played").contains(&format!("({})", cards.join(", "))));
        let icons = Icon::NAMES.join(", ");
        assert!(meaning("river").contains(&format!("{icons}, open water")));
        let ends = END_CAUSES.join(", ");
        assert!(meaning("phase").ends_with(&format!("over by {ends}")));
    }
}
