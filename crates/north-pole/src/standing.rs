//! The greedy evaluation: how a seat stands, as the `greedy` bot and cut-off playouts
//! judge it.
//!
//! In order of weight: pawns at the Pole (the score); then the pawns' shortest legal
//! distance to the Pole at the current rotation (single steps of any kind, cracks and
//! holes respected, a pawn on the ship one step beyond its side's nearest base camp);
//! then discs held. The distance part and the disc part are folded into a progress value
//! in 0..1, so that one more pawn at the Pole always outweighs any progress.
//!
//! What it ignores: the other pieces (they block and can be ambushed; the distance walks
//! through them), the cards in hand and on the other sides (which steps the next turn
//! can make), the storm pile (how soon the board turns and where the entry will be),
//! the stack (shared squares once it empties), the value of each disc type, and in team
//! play the teammate's pawns.

use floe_core::{MAX_SEATS, Standing};

use crate::board::{Bits, bit};
use crate::engine::NorthPole;
use crate::state::{PAWNS, Place, State};

/// A pawn's distance when no path reaches the Pole (holes wall it in), and the most
/// a distance counts.
const FAR: u32 = 16;

/// Returns the distance rings to the Pole in `st`: ring `k` holds the squares `k + 1`
/// single steps from it (ring 0: the open entries without a hole). Squares in no ring
/// are walled off.
///
/// The rings stop growing once every square of `wanted` lies in one (the later rings are
/// left empty): a distance to a square of `wanted` reads no further, and the search asks
/// for a standing at the end of every playout.
fn rings(game: &NorthPole, st: &State, wanted: Bits) -> [Bits; FAR as usize] {
    let geo = &game.rules.geo;
    let r = st.rotation;
    let mut ring = [0; FAR as usize];
    ring[0] = geo.open(game.rules.disc_kind(), r, st.orientation) & !st.holes;
    let mut seen = ring[0];
    for k in 1..FAR as usize {
        if ring[k - 1] == 0 || wanted & !seen == 0 {
            break;
        }
        let grown = geo.reach_once(r, ring[k - 1]) & !seen & !st.holes;
        ring[k] = grown;
        seen |= grown;
    }
    ring
}

/// Returns the distance to the Pole from a square of `bits` nearest to it.
fn distance(ring: &[Bits; FAR as usize], bits: Bits) -> u32 {
    ring.iter()
        .position(|&r| r & bits != 0)
        .map_or(FAR, |k| k as u32 + 1)
}

/// Returns how `seat` stands in `st` (see the module doc).
pub(crate) fn standing(game: &NorthPole, st: &State, seat: usize) -> Standing {
    let ring = rings(game, st, wanted(game, st, seat));
    stand(game, st, seat, &ring)
}

/// Writes how every seat stands into `out`: the rings are grown once, as far as every
/// seat's pawns (a ring read sooner is the same), since the search judges all seats at
/// the end of every playout.
pub(crate) fn standings(game: &NorthPole, st: &State, out: &mut [Standing; MAX_SEATS]) {
    let seats = 0..st.players();
    let all = seats.clone().fold(0, |acc, s| acc | wanted(game, st, s));
    let ring = rings(game, st, all);
    for s in seats {
        out[s] = stand(game, st, s, &ring);
    }
}

/// Returns the base camps of `seat`'s side, on the table now.
fn camps(game: &NorthPole, st: &State, seat: usize) -> Bits {
    let side = game.rules.side(st.players(), seat);
    game.rules.geo.camps[usize::from(st.rotation)][usize::from(side)]
}

/// Returns the squares whose distance `seat`'s standing reads: its pawns', and its base
/// camps' while a pawn is on the ship.
fn wanted(game: &NorthPole, st: &State, seat: usize) -> Bits {
    let camps = camps(game, st, seat);
    st.seats[seat].pawns().iter().fold(0, |acc, p| match p {
        Place::Board(s) => acc | bit(*s),
        Place::Ship => acc | camps,
        Place::Pole => acc,
    })
}

/// Returns how `seat` stands, its distances read from `ring` (grown as far as
/// [`wanted`] at least).
fn stand(game: &NorthPole, st: &State, seat: usize, ring: &[Bits; FAR as usize]) -> Standing {
    let player = &st.seats[seat];
    let camps = camps(game, st, seat);
    let mut total = 0;
    for &p in player.pawns() {
        total += match p {
            Place::Pole => 0,
            Place::Board(s) => distance(ring, bit(s)),
            Place::Ship => (distance(ring, camps) + 1).min(FAR),
        };
    }
    let most = FAR * PAWNS as u32;
    let discs = f64::from(player.discs().min(7));
    let progress = (f64::from(most - total) + discs / 8.0) / f64::from(most + 1);
    Standing {
        points: f64::from(game.score(st, seat)),
        progress,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_square;
    use crate::state::Phase;
    use floe_core::{Stream, stream_rng};

    #[test]
    fn distances_count_single_steps_to_the_open_entry() {
        let mut rules = crate::Rules::standard();
        rules.random_start = false;
        let game = NorthPole::new(rules);
        let mut st = game.deal(2, &mut stream_rng(1, Stream::Chance), &mut |_| {});
        st.phase = Phase::Card;
        let ring = rings(&game, &st, !0);
        let at = |name: &str| distance(&ring, bit(parse_square(name).unwrap()));
        assert_eq!(at("d4"), 1, "the open entry");
        assert_eq!(at("c3"), 2, "a diagonal step onto d4");
        assert_eq!(at("e5"), 2, "weak ice, not open: one step to d4 first");
        st.holes |= bit(parse_square("d4").unwrap());
        let ring = rings(&game, &st, !0);
        assert_eq!(
            distance(&ring, bit(parse_square("c3").unwrap())),
            FAR,
            "a hole on the only entry"
        );
    }
}
