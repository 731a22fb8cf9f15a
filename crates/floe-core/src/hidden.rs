//! Helpers for the games' determinization ([`crate::Game::determinize`]): sampling the
//! facts a seat cannot see the same way in every game.

use arrayvec::ArrayVec;
use rand::seq::SliceRandom;

use crate::FloeRng;

/// Shuffles `pool`, the pieces a seat cannot tell apart (the tiles of the supply and of
/// those removed at setup, say), and deals them back into the two hidden piles they came
/// from: the first `first_len` into `first`, the rest into `second`.
///
/// # Panics
/// Panics if a pile cannot hold its share.
pub fn redeal<T: Copy, const A: usize, const B: usize>(
    pool: &mut [T],
    first_len: usize,
    rng: &mut FloeRng,
    first: &mut ArrayVec<T, A>,
    second: &mut ArrayVec<T, B>,
) {
    pool.shuffle(rng);
    let (a, b) = pool.split_at(first_len);
    first.clear();
    first.extend(a.iter().copied());
    second.clear();
    second.extend(b.iter().copied());
}
