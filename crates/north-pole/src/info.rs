//! What is hidden from every seat, and the determinization that samples it.
//!
//! The page: nothing is private; unknown to all are the draw pile's order and the
//! face-down discs (on the corners, on the scoreboard, in the stack, and those removed
//! unseen at setup). [`sample`] resamples exactly these:
//! 1. The draw pile's order. With `storm_colour_public`, its top card is drawn uniformly
//!    among its cards of the public colour, and the rest shuffled under it.
//! 2. The face-down discs. U, the green and blue discs not yet revealed, is dealt again:
//!    its green discs uniformly to the face-down corner and scoreboard places, the rest of
//!    U shuffled into the stack's places, in order, and the removed places.
//!
//! Everything else stays. Both steps start from a canonical order (the draw pile's cards
//! by id, the discs by type), so the sample depends only on what the seats know.

use arrayvec::ArrayVec;
use floe_core::FloeRng;
use floe_core::hidden::redeal;
use rand::RngExt;
use rand::seq::SliceRandom;

use crate::deck::Disc;
use crate::engine::in_id_order;
use crate::rules::Rules;
use crate::state::{MAX_DISCS, State};

/// Writes into `out` a state every seat holds possible in `st`, its hidden parts drawn
/// from `rng`.
pub(crate) fn sample(rules: &Rules, st: &State, rng: &mut FloeRng, out: &mut State) {
    out.clone_from(st);
    // 1. The draw pile.
    let top_colour = st.draw.last().map(|&c| rules.card(c).colour);
    // In id order without a sort (the search samples at every iteration).
    out.draw.clear();
    out.draw.extend(in_id_order(&st.draw));
    match top_colour.filter(|_| rules.storm_colour_public) {
        Some(colour) => {
            let matching = out
                .draw
                .iter()
                .filter(|&&c| rules.card(c).colour == colour)
                .count();
            let pick = rng.random_range(0..matching);
            let at = out
                .draw
                .iter()
                .enumerate()
                .filter(|&(_, &c)| rules.card(c).colour == colour)
                .nth(pick)
                .map(|(i, _)| i)
                .expect("the top card has this colour");
            let top = out.draw.remove(at);
            out.draw.shuffle(rng);
            out.draw.push(top);
        }
        None => out.draw.shuffle(rng),
    }
    // 2. The face-down discs.
    let mut unseen: ArrayVec<Disc, MAX_DISCS> = ArrayVec::new();
    unseen.extend(st.corner_discs.iter().map(|&(_, d)| d));
    unseen.extend(st.scoreboard_disc);
    unseen.extend(st.stack.iter().copied());
    unseen.extend(st.removed.iter().copied());
    unseen.sort_unstable();
    let greens = unseen.iter().take_while(|d| !d.is_hazard()).count();
    unseen[..greens].shuffle(rng);
    let mut next = 0;
    for place in &mut out.corner_discs {
        place.1 = unseen[next];
        next += 1;
    }
    if let Some(disc) = &mut out.scoreboard_disc {
        *disc = unseen[next];
        next += 1;
    }
    let stack = st.stack.len();
    redeal(
        &mut unseen[next..],
        stack,
        rng,
        &mut out.stack,
        &mut out.removed,
    );
}
