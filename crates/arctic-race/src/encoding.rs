//! The fixed-length numeric vector of an [`Observation`], for learning front ends.
//!
//! Every value lies in 0..=1, and the length depends only on the rules and the player
//! count ([`len`]). Seats are in seat order (not turned to the observer, who is given
//! one-hot instead: seats differ in this game, seat 0 starts). The layout, block by
//! block, with P players, L track spaces, S river slots of F spaces and K tile kinds:
//!
//! | block | values | each |
//! |---|---|---|
//! | racers | P x 5 x 5 | per seat and racer: home, on the track, finished (flags); space / (L - 1) on the track, else 0; place / P once finished, else 0 |
//! | played piles | P x 5 | per seat, one bit per card in [`Card`] order |
//! | face down | P | per seat: it has a card face down |
//! | observer | P | the observing seat, one-hot |
//! | own cards | 5 + 5 | the observer's hand (a bit per card), its face-down card (one-hot, or all 0) |
//! | token holder, leader, seat to act | 3 x P | one-hot each (the seat to act all 0 once the game is over) |
//! | phase | 7 | one-hot: commit, reveal, give token, black die, over by each of the 3 end causes |
//! | active card | 5 | one-hot: the revealed card being carried out (reveal, give token, black die), else all 0 |
//! | river | S x F x 9 | per slot and face: one-hot of the 8 icons in [`Icon::NAMES`] order, or open water |
//! | supply | 1 | tiles in the supply / tiles in the set |
//! | supply ran out | 1 | a shift found the supply empty (the game ends with this round) |
//! | gone | K | per tile kind: tiles gone / copies of that kind in the set (0 for a kind not in the set) |
//! | round | 1 | rounds completed / round limit |
//!
//! Everything an observation holds is there, directly or derived (others' hands are every
//! card not on their pile), so two observations of one seat encode equally exactly when
//! they are equal.

use floe_core::Seat;

use crate::observation::Observation;
use crate::pieces::{CARDS, Card, CardSet, Icon, RACERS, Racer};
use crate::rules::Rules;
use crate::state::{END_CAUSES, Phase, Position};

/// Values per racer: three place flags, position, place.
const PER_RACER: usize = 5;
/// Values per seat: its racers, its played pile, whether it has a card face down, and its
/// one-hot places (observer, token holder, leader, seat to act).
const PER_SEAT: usize = RACERS * PER_RACER + CARDS + 1 + 4;
/// Phases told apart: four questions and the game over by each end cause.
const PHASES: usize = 4 + END_CAUSES.len();
/// Values per river face: the icons of [`Icon::NAMES`] and open water.
const PER_FACE: usize = Icon::NAMES.len() + 1;

/// Returns the length of the encoding of a `players`-seat game under `rules`.
pub(crate) fn len(rules: &Rules, players: usize) -> usize {
    players * PER_SEAT
        + 2 * CARDS // own hand and face-down card
        + PHASES
        + CARDS // active card
        + rules.slots * rules.slot_len * PER_FACE
        + 2 // supply, supply ran out
        + rules.tile_kinds.len()
        + 1 // round
}

/// Writes the values one after another, checking they fill the vector exactly.
struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Writer<'_> {
    fn value(&mut self, v: f32) {
        debug_assert!((0.0..=1.0).contains(&v), "encoded values lie in 0..=1: {v}");
        self.out[self.at] = v;
        self.at += 1;
    }

    fn flag(&mut self, b: bool) {
        self.value(f32::from(u8::from(b)));
    }

    /// Writes `n` values, 1 at `hot` and 0 elsewhere (all 0 for `None`).
    fn one_hot(&mut self, n: usize, hot: Option<usize>) {
        for i in 0..n {
            self.flag(hot == Some(i));
        }
    }

    /// Writes one bit per card of `set`.
    fn cards(&mut self, set: CardSet) {
        for card in Card::ALL {
            self.flag(set & card.bit() != 0);
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

/// Writes `obs`, taken under `rules`, into `out` (of [`len`] values) in the layout of the
/// module's table.
///
/// # Panics
/// Panics if `out` is not exactly as long as [`len`] says.
pub(crate) fn encode(rules: &Rules, obs: &Observation, out: &mut [f32]) {
    let st = obs.public();
    let players = st.players();
    assert_eq!(
        out.len(),
        len(rules, players),
        "the encoding of a {players}-seat game"
    );
    let mut w = Writer { out, at: 0 };
    let seats = || Seat::all(players);
    let last_space = rules.track_len - 1;
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
    for seat in seats() {
        w.cards(st.played(seat));
    }
    for seat in seats() {
        w.flag(obs.has_face_down(seat));
    }
    w.one_hot(players, Some(obs.seat.index()));
    w.cards(st.hand(obs.seat));
    w.one_hot(CARDS, st.committed(obs.seat).map(|c| c as usize));
    let over = matches!(st.phase(), Phase::Over(_));
    w.one_hot(players, Some(st.token_holder().index()));
    w.one_hot(players, Some(st.leader().index()));
    w.one_hot(players, (!over).then(|| st.current().index()));
    let phase = match st.phase() {
        Phase::Commit => 0,
        Phase::Reveal => 1,
        Phase::GiveToken => 2,
        Phase::BlackDie => 3,
        Phase::Over(cause) => 4 + cause as usize,
    };
    w.one_hot(PHASES, Some(phase));
    let carrying_out = matches!(
        st.phase(),
        Phase::Reveal | Phase::GiveToken | Phase::BlackDie
    );
    w.one_hot(CARDS, carrying_out.then_some(st.active_card as usize));
    for slot in 0..rules.slots {
        let start = rules.slot_start(slot);
        for icon in &st.track[start..start + rules.slot_len] {
            w.one_hot(PER_FACE, Some(icon.map_or(PER_FACE - 1, icon_index)));
        }
    }
    w.share(obs.supply_len(), rules.tile_count());
    w.flag(st.supply_ran_out);
    let mut copies = [0usize; crate::rules::MAX_TILE_KINDS];
    for &kind in &rules.tile_set {
        copies[usize::from(kind)] += 1;
    }
    for (kind, &of) in copies[..rules.tile_kinds.len()].iter().enumerate() {
        w.share(usize::from(st.gone[kind]), of);
    }
    w.share(st.round() as usize, rules.round_limit as usize);
    assert_eq!(w.at, w.out.len(), "the layout fills the encoding");
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
}
