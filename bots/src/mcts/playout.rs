//! How a playout answers, and the move averages (MAST) one of its policies learns from.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::hash::DefaultHasher;

use floe_core::{MAX_SEATS, Seat};

/// How playouts choose answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rollout {
    /// Uniformly at random.
    Random,
    /// With a depth-0 greedy bot for every seat (strong, slow: every step tries every
    /// answer to the end of the turn).
    Greedy,
    /// Move-average sampling (MAST, Finnsson and Björnsson 2008): the answer whose key has
    /// the best mean result for its seat so far in this decision, a random one with chance
    /// `epsilon` (answers never seen count as the best).
    Mast,
    /// Epsilon-greedy on the standing: the answer after which the seat asked stands best
    /// (one step, judged as greedy judges), a random one with chance `epsilon`.
    Standing,
}

/// The most answers of one iteration the averages credit: a playout to the end of a long
/// game answers thousands of questions, and its first answers say the most about the
/// decision; the bound keeps the buffer one size, allocated once.
const NOTED: usize = 1024;

/// A deterministic hasher: the table is only looked up, never iterated, but a fixed hash
/// keeps its cost the same from run to run.
type Fixed = BuildHasherDefault<DefaultHasher>;

/// Each answer's running mean result for the seat that gave it, over the iterations of
/// one decision, keyed by how the answer looks to the searching seat (its action key): a
/// hidden answer of another seat shares one entry with every answer that looks like it,
/// so the averages learn nothing the searching seat cannot see.
pub(crate) struct MoveAverages<K> {
    table: HashMap<(Seat, K), (f64, u32), Fixed>,
    /// The answers of the current iteration, credited when it ends.
    given: Vec<(Seat, K)>,
}

impl<K: Copy + Eq + std::hash::Hash> MoveAverages<K> {
    pub(crate) fn new() -> MoveAverages<K> {
        MoveAverages {
            table: HashMap::default(),
            given: Vec::new(),
        }
    }

    /// Forgets every average, keeping the memory, and makes room for `keys` distinct keys
    /// (a game has a bounded number: its answers per seat and a few hidden ones), so that
    /// iterations never allocate.
    pub(crate) fn clear(&mut self, keys: usize) {
        self.table.clear();
        self.table.reserve(keys);
        self.given.clear();
        self.given.reserve(NOTED);
    }

    /// Notes that `seat` gave an answer keyed `key` in the current iteration (beyond the
    /// first [`NOTED`], it is not credited).
    pub(crate) fn note(&mut self, seat: Seat, key: K) {
        if self.given.len() < NOTED {
            self.given.push((seat, key));
        }
    }

    /// Credits every answer of the iteration with its seat's `result`, and starts the next.
    pub(crate) fn credit(&mut self, result: &[f64; MAX_SEATS]) {
        for &(seat, key) in &self.given {
            let entry = self.table.entry((seat, key)).or_insert((0.0, 0));
            entry.0 += result[seat.index()];
            entry.1 += 1;
        }
        self.given.clear();
    }

    /// Returns the mean result of answers keyed `key` for `seat`, or 1 (the most a result
    /// can be, so an untried answer is tried) if there is none yet.
    pub(crate) fn mean(&self, seat: Seat, key: K) -> f64 {
        match self.table.get(&(seat, key)) {
            Some(&(sum, n)) if n > 0 => sum / f64::from(n),
            _ => 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_credit_each_answer_with_its_seats_result_and_favour_the_untried() {
        let mut m: MoveAverages<u8> = MoveAverages::new();
        m.note(Seat(0), 1);
        m.note(Seat(1), 1);
        let mut r = [0.0; MAX_SEATS];
        r[0] = 1.0;
        r[1] = 0.25;
        m.credit(&r);
        m.note(Seat(0), 1);
        r[0] = 0.0;
        m.credit(&r);
        assert_eq!(m.mean(Seat(0), 1), 0.5);
        assert_eq!(m.mean(Seat(1), 1), 0.25);
        assert_eq!(m.mean(Seat(0), 2), 1.0, "untried");
        m.clear(8);
        assert_eq!(m.mean(Seat(0), 1), 1.0);
        for _ in 0..2 * NOTED {
            m.note(Seat(0), 3);
        }
        m.credit(&r);
        assert_eq!(
            m.table[&(Seat(0), 3)].1 as usize,
            NOTED,
            "a long iteration's tail is not credited"
        );
    }
}
