//! Arctic Race passes the conformance kit at every player count.

use arctic_race::{ArcticRace, Card, State};
use floe_conformance::{Kit, Varier};
use floe_core::{FloeRng, Game, Seat};
use rand::RngExt;

/// Swaps two unseen tiles of different kinds among the supply and the tiles removed at
/// setup: the supply's order, or which tiles were removed, changes.
fn unseen_tiles(_: &ArcticRace, st: &State, _: Seat, rng: &mut FloeRng) -> Option<State> {
    let mut unseen: Vec<u8> = st.supply().iter().chain(st.removed()).copied().collect();
    let n = unseen.len();
    if n < 2 {
        return None;
    }
    let i = rng.random_range(0..n);
    let from = rng.random_range(0..n);
    let j = (0..n)
        .map(|k| (from + k) % n)
        .find(|&j| unseen[j] != unseen[i])?;
    unseen.swap(i, j);
    let (supply, removed) = unseen.split_at(st.supply_len());
    let mut varied = st.clone();
    varied.set_hidden_tiles(supply, removed);
    Some(varied)
}

/// Changes another seat's face-down card to another card of its hand.
fn others_card(_: &ArcticRace, st: &State, seat: Seat, rng: &mut FloeRng) -> Option<State> {
    let others: Vec<Seat> = Seat::all(st.players())
        .filter(|&o| o != seat && st.committed(o).is_some() && st.hand(o) != 0)
        .collect();
    let other = *others.get(rng.random_range(0..others.len().max(1)))?;
    let hand: Vec<Card> = Card::in_set(st.hand(other)).collect();
    let mut varied = st.clone();
    varied.change_committed(other, hand[rng.random_range(0..hand.len())]);
    Some(varied)
}

#[test]
fn arctic_race_conforms() {
    let game = ArcticRace::classic();
    let kit = Kit {
        players: 2..=6,
        max_rounds: game.rules().round_limit(),
        variers: &[
            Varier::new(
                "the supply's tiles and order vs the removed tiles",
                unseen_tiles,
            ),
            Varier::new("another seat's face-down card", others_card),
        ],
        games: 6,
    };
    floe_conformance::check(&game, &kit);
}
