//! Arctic passes the conformance kit at 2, 3 and 4 players, its fair-play check varying
//! each hidden fact the rules page lists in turn.

use arctic::{ANIMALS, Arctic, Card, CardSet, State};
use floe_conformance::{Kit, Varier};
use floe_core::{FloeRng, Seat};
use rand::RngExt;

/// Returns a random element of `items`, or `None` if it is empty.
fn pick<T: Copy>(items: &[T], rng: &mut FloeRng) -> Option<T> {
    (!items.is_empty()).then(|| items[rng.random_range(0..items.len())])
}

/// The cards no seat knows the place of: the draw pile and the unopened Reserve.
fn unknown_to_all(st: &State) -> Vec<Card> {
    st.draw_pile().iter().chain(st.reserve()).copied().collect()
}

/// Swaps a card of another seat's, taken from `cards` (by seat), that `seat` cannot place
/// (not tracked as in that seat's hand or private cards, not a gift of `seat`'s), with a
/// card of the draw pile or the Reserve.
fn swap_others(
    st: &State,
    seat: Seat,
    rng: &mut FloeRng,
    cards: impl Fn(&State, Seat) -> CardSet,
) -> Option<State> {
    let hidden: Vec<Card> = Seat::all(st.players())
        .filter(|&o| o != seat)
        .flat_map(|o| {
            let known = st.known_in_hand(o).union(st.known_private(o));
            cards(st, o).minus(known).minus(st.gifts(seat)).iter()
        })
        .collect();
    let a = pick(&hidden, rng)?;
    let b = pick(&unknown_to_all(st), rng)?;
    let mut varied = st.clone();
    varied.swap_places(a, b);
    Some(varied)
}

fn others_hands(_: &Arctic, st: &State, seat: Seat, rng: &mut FloeRng) -> Option<State> {
    swap_others(st, seat, rng, |st, o| st.hand(o))
}

fn others_penalties(_: &Arctic, st: &State, seat: Seat, rng: &mut FloeRng) -> Option<State> {
    swap_others(st, seat, rng, |st, o| st.penalty(o))
}

fn others_face_down(_: &Arctic, st: &State, seat: Seat, rng: &mut FloeRng) -> Option<State> {
    swap_others(st, seat, rng, |st, o| {
        CardSet::of(
            st.pile(o)
                .iter()
                .filter(|c| c.is_face_down())
                .map(|c| c.card()),
        )
    })
}

/// Swaps two cards of the draw pile.
fn draw_order(_: &Arctic, st: &State, _: Seat, rng: &mut FloeRng) -> Option<State> {
    let draw = st.draw_pile();
    let (a, b) = (pick(draw, rng)?, pick(draw, rng)?);
    let mut varied = st.clone();
    varied.swap_places(a, b);
    (a != b).then_some(varied)
}

/// Swaps a card of the unopened Reserve with one of the draw pile.
fn reserve(_: &Arctic, st: &State, _: Seat, rng: &mut FloeRng) -> Option<State> {
    let (a, b) = (pick(st.reserve(), rng)?, pick(st.draw_pile(), rng)?);
    let mut varied = st.clone();
    varied.swap_places(a, b);
    Some(varied)
}

/// Gives another seat a totem no seat holds.
fn others_totems(_: &Arctic, st: &State, seat: Seat, rng: &mut FloeRng) -> Option<State> {
    let seats: Vec<Seat> = Seat::all(st.players()).collect();
    let other = pick(
        &seats
            .iter()
            .copied()
            .filter(|&o| o != seat)
            .collect::<Vec<_>>(),
        rng,
    )?;
    let unused: Vec<_> = ANIMALS
        .into_iter()
        .filter(|&a| seats.iter().all(|&s| st.totem(s) != a))
        .collect();
    let mut varied = st.clone();
    varied.set_totem(other, pick(&unused, rng)?);
    Some(varied)
}

#[test]
fn arctic_conforms() {
    let game = Arctic::standard();
    let variers: &[Varier<Arctic>] = &[
        Varier::new("another seat's hand cards", others_hands),
        Varier::new("another seat's penalty cards", others_penalties),
        Varier::new("another seat's face-down fox cards", others_face_down),
        Varier::new("the draw pile's order", draw_order),
        Varier::new("the Reserve", reserve),
        Varier::new("another seat's totem", others_totems),
    ];
    let kit = Kit {
        players: 2..=4,
        max_rounds: game.rules().round_limit(),
        variers,
        games: 6,
    };
    floe_conformance::check(&game, &kit);
}
