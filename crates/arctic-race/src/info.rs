//! What each player knows, and sampling the rest ("determinizing").
//!
//! Public: the board, every racer, every played pile, the start-token holder, the finish
//! order, the supply's size, and every tile that has been on the river. Hidden: which
//! tiles are in the supply (and its order) versus removed at setup, the cards others
//! committed this round and have not revealed, and future die rolls.

use arrayvec::ArrayVec;
use floe_core::hidden::redeal;
use floe_core::{FloeRng, Seat};
use rand::RngExt;

use crate::pieces::Card;
use crate::race::ArcticRace;
use crate::rules::{MAX_TILE_KINDS, MAX_TILES};
use crate::state::{NO_CARD, State, WATER};

impl ArcticRace {
    /// Writes into `out` a copy of `st` whose hidden parts are resampled from what `seat`
    /// knows. Only public facts and `seat`'s own cards are read, so the result (and the
    /// number of draws taken from `rng`) is the same for every state `seat` cannot tell
    /// apart from `st`.
    pub(crate) fn sample_hidden(&self, st: &State, seat: Seat, rng: &mut FloeRng, out: &mut State) {
        let rules = &self.rules;
        out.clone_from(st);

        // Unseen tiles: the whole set minus those on the river and those gone, as counts.
        let mut unseen = [0u8; MAX_TILE_KINDS];
        for &k in &rules.tile_set {
            unseen[k as usize] += 1;
        }
        for &k in st.slots[..rules.slots].iter().filter(|&&k| k != WATER) {
            unseen[k as usize] -= 1;
        }
        for (count, gone) in unseen.iter_mut().zip(st.gone) {
            *count -= gone;
        }
        let mut pool: ArrayVec<u8, MAX_TILES> = ArrayVec::new();
        for (kind, &count) in unseen.iter().enumerate() {
            pool.extend(std::iter::repeat_n(kind as u8, count as usize));
        }
        let supply = st.supply.len();
        redeal(&mut pool, supply, rng, &mut out.supply, &mut out.removed);

        redeal_face_down(st, seat, rng, out);
    }
}

/// Gives every seat but `seat` a face-down card drawn from what it could have committed
/// (any card not on its played pile), the rest back in its hand.
pub(crate) fn redeal_face_down(st: &State, seat: Seat, rng: &mut FloeRng, out: &mut State) {
    for other in Seat::all(st.players()).filter(|&o| o != seat) {
        let o = other.index();
        if st.committed[o] == NO_CARD {
            continue;
        }
        let candidates = st.hand[o] | 1 << st.committed[o];
        let pick = rng.random_range(0..candidates.count_ones() as usize);
        let card = Card::in_set(candidates)
            .nth(pick)
            .expect("pick is in range");
        out.committed[o] = card as u8;
        out.hand[o] = candidates & !card.bit();
    }
}
