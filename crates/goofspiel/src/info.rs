//! Sampling what a seat cannot see ("determinizing"): the order of the prize deck and the
//! bids other seats have made face down this round.

use floe_core::{FloeRng, Seat};
use rand::RngExt;
use rand::seq::SliceRandom;

use crate::state::{NO_BID, State, cards_in};

/// Writes into `out` a copy of `st` whose hidden parts are resampled from what `seat`
/// knows: the deck's order when `deck_hidden` (the rules shuffle it; otherwise every seat
/// knows it). Only public facts and `seat`'s own cards are read (a hidden deck is sorted
/// before it is shuffled, so its old order leaves no trace), and the number of draws taken
/// from `rng` is the same for every state `seat` cannot tell apart from `st`.
pub(crate) fn sample_hidden(
    st: &State,
    seat: Seat,
    deck_hidden: bool,
    rng: &mut FloeRng,
    out: &mut State,
) {
    out.clone_from(st);
    for other in Seat::all(st.players()).filter(|&o| o != seat) {
        let o = other.index();
        if st.bids[o] == NO_BID {
            continue;
        }
        let candidates = st.hands[o] | 1 << st.bids[o];
        let pick = rng.random_range(0..candidates.count_ones() as usize);
        let card = cards_in(candidates).nth(pick).expect("pick is in range");
        out.bids[o] = card;
        out.hands[o] = candidates & !(1 << card);
    }
    if deck_hidden {
        let deck = &mut out.deck[..usize::from(st.deck_len)];
        deck.sort_unstable();
        deck.shuffle(rng);
    }
}
