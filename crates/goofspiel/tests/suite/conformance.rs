//! Goofspiel passes the conformance kit at every player count.

use floe_conformance::{Kit, Varier};
use floe_core::{FloeRng, Game, Seat};
use goofspiel::{Goofspiel, Rules, State};
use rand::RngExt;

/// Changes the face-down bid of another seat that has bid this round to another card of
/// its hand.
fn others_bid(_: &Goofspiel, st: &State, seat: Seat, rng: &mut FloeRng) -> Option<State> {
    let bidders: Vec<Seat> = Seat::all(st.players())
        .filter(|&o| o != seat && st.bid(o).is_some() && st.hand(o).next().is_some())
        .collect();
    let other = *bidders.get(rng.random_range(0..bidders.len().max(1)))?;
    let hand: Vec<u8> = st.hand(other).collect();
    let mut varied = st.clone();
    varied.change_bid(other, hand[rng.random_range(0..hand.len())]);
    Some(varied)
}

/// Swaps two cards of the face-down prize deck.
fn deck_order(_: &Goofspiel, st: &State, _: Seat, rng: &mut FloeRng) -> Option<State> {
    let mut deck: Vec<u8> = st.deck().collect();
    if deck.len() < 2 {
        return None;
    }
    let i = rng.random_range(0..deck.len());
    let j = (i + rng.random_range(1..deck.len())) % deck.len();
    deck.swap(i, j);
    let mut varied = st.clone();
    varied.set_deck(&deck);
    Some(varied)
}

const VARIERS: &[Varier<Goofspiel>] = &[
    Varier::new("others' face-down bids", others_bid),
    Varier::new("prize deck order", deck_order),
];

/// Checks `game` with the kit at 2 to 4 players, `games` random games each: a game lasts
/// one round per card. A deck stacked in a known order is not varied: every seat sees it.
fn conforms(game: &Goofspiel, games: u64) {
    let max_rounds = game.rules().cards() as u32;
    let variers = match game.rules().deck_hidden() {
        true => VARIERS,
        false => &VARIERS[..1],
    };
    let kit = Kit {
        players: 2..=4,
        max_rounds,
        variers,
        games,
    };
    floe_conformance::check(game, &kit);
}

#[test]
fn goofspiel_conforms() {
    conforms(&Goofspiel::standard(), 40);
}

#[test]
fn goofspiel_with_13_cards_and_a_tie_bonus_conforms() {
    let rules = Rules::from_toml("cards = 13\ntie_bonus = 20").unwrap();
    assert_eq!(rules.cards(), 13);
    conforms(&Goofspiel::new(rules), 10);
}

#[test]
fn goofspiel_with_the_prizes_in_a_known_order_conforms() {
    for order in ["descending", "ascending"] {
        let rules = Rules::from_toml(&format!("cards = 6\nprizes = \"{order}\"")).unwrap();
        conforms(&Goofspiel::new(rules), 20);
    }
}
