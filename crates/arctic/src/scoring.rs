//! Scoring a pile: runs, diversity and the animals of the face-down (fox A) cards — the
//! rules page's "Scoring" steps 1, 2 and 5 (the totem and the penalty are in the engine).
//!
//! # What is computed
//! Give each face-down card an animal. Then each animal's `L` is its longest run (a maximal
//! stretch of the same main animal, bottom to top), `runs = Σ run_points(L)` and
//! `diversity = diversity_points(#{animals with L >= 2})`. The pile scores the assignment
//! with the largest `runs + diversity`, and among those the largest `runs` (page, step 5:
//! so the split is fixed too). In short: the lexicographic maximum of `(total, runs)` over
//! all 6^m assignments of the m face-down cards.
//!
//! # The page's DP, and why the methods here equal it
//! The page walks the pile bottom to top over states (current run animal, its length, each
//! animal's L), lengths capped at 6 because the tables stop at "6 or more". A state is
//! exactly what the rest of the pile and the final score depend on, so without pruning
//! its final states are the capped L vectors of all assignments, and the page's answer is
//! the maximum above. Its pruning (drop a state when another with the same current run has
//! every L at least as large) only drops states whose every completion is matched or beaten
//! by the dominating state's same completion — true when both tables are non-decreasing,
//! and then the pruned answer, runs split included, is the same maximum. (Read literally,
//! the rule would drop both of two identical states; one must be kept. And "same current
//! run" must mean same animal and same length.) These methods compute that maximum:
//!
//! - **No face-down card**: one linear scan (the hot case).
//! - **One face-down card** (two piles in three of those with some): [`one_face_down`],
//!   the six animals it can take, each scored from the face-up runs with one L raised.
//! - **Few states**: [`exhaustive_in`], the page's DP with only identical states merged
//!   (packed into a `u32` each, deduplicated by sorting), in fixed buffers of
//!   [`EXHAUSTIVE_STACK`] states on the stack, taking each stretch of face-up cards in
//!   one step (see there). Exact for any tables, since it prunes nothing; with a few
//!   face-down cards it is the fastest method (under a microsecond).
//! - **More states, non-decreasing tables** (the page's defaults): [`windows`], a DP over
//!   claimed windows whose state count is bounded (at most [`windows::MAX_STATES`])
//!   however long the face-down stretches are, on the stack too. The page's pruned DP would
//!   be exact here, but its Pareto fronts of L vectors grow without useful bound on long
//!   face-down stretches (tens of thousands of states for 12 in a row).
//! - **More states, other tables**: [`exhaustive_in`] again, its buffers on the heap.
//!   Dominance pruning would be wrong once a table decreases, so nothing smaller is exact
//!   in general; only long face-down stretches under such tables get here.
//!
//! So under non-decreasing tables scoring never allocates.
//!
//! [`face_down_animals`] reports, for the end-of-game display, one assignment reaching the
//! reported `(total, runs)`: the lexicographically smallest sequence of animal indices
//! (fox 0 … bear 5), bottom card first.

use arrayvec::ArrayVec;

use crate::cards::{ANIMAL_COUNT, ANIMALS, Animal, Card, PileCard};
use crate::rules::{POINTS_LEN, Points, Rules};

/// The runs and diversity points of one pile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PileScore {
    /// Points of each animal's longest run, summed over the animals.
    pub runs: i32,
    /// Points of the number of animals whose longest run is 2 or more.
    pub diversity: i32,
}

impl PileScore {
    /// Returns runs + diversity.
    pub fn total(&self) -> i32 {
        self.runs + self.diversity
    }

    /// The order the page ranks scores in: by total, then by the runs part.
    fn rank(self) -> (i32, i32) {
        (self.total(), self.runs)
    }
}

/// Run lengths are capped here: the tables give the same points to any longer run.
const CAP: u8 = (POINTS_LEN - 1) as u8;

/// Each animal's longest run (capped), by animal index.
type Lens = [u8; ANIMAL_COUNT];

/// Returns the score of fixed longest runs `lens`.
fn score_of(lens: &Lens, rules: &Rules) -> PileScore {
    let runs = lens.iter().map(|&l| rules.run_points(usize::from(l))).sum();
    let k = lens.iter().filter(|&&l| l >= 2).count();
    PileScore {
        runs,
        diversity: rules.diversity_points(k),
    }
}

/// Returns whether each entry of `points` is at least the one before.
fn non_decreasing(points: &Points) -> bool {
    points.windows(2).all(|w| w[0] <= w[1])
}

/// Returns the score of `pile`: for face-down cards, the best animals (see the module).
///
/// A pile without face-down cards is one scan. Never allocates under non-decreasing tables.
pub(crate) fn pile_score(pile: &[PileCard], rules: &Rules) -> PileScore {
    let (base, any_down) = face_up_runs(pile);
    if !any_down {
        return score_of(&base, rules);
    }
    let mut downs = pile.iter().enumerate().filter(|(_, c)| c.is_face_down());
    match (downs.next(), downs.next()) {
        (Some((at, _)), None) => one_face_down(pile, at, &base, rules),
        _ => with_face_down(pile, &base, rules),
    }
}

/// [`pile_score`] of a pile with face-down cards, whose face-up runs alone are `base`: out
/// of line, as its buffers take over a hundred kilobytes of stack, which a call must
/// touch page by page before it starts, and most piles have no face-down card.
#[inline(never)]
fn with_face_down(pile: &[PileCard], base: &Lens, rules: &Rules) -> PileScore {
    let mut cur = ArrayVec::<u32, EXHAUSTIVE_STACK>::new();
    let mut next = ArrayVec::<u32, EXHAUSTIVE_STACK>::new();
    if let Some(score) = exhaustive_in(pile, base, rules, &mut cur, &mut next) {
        score
    } else if non_decreasing(&rules.run_points) && non_decreasing(&rules.diversity_points) {
        windows::best(pile, base, rules)
    } else {
        exhaustive_on_heap(pile, rules)
    }
}

/// [`pile_score`] of a pile whose one face-down card is at `at`, its face-up runs alone
/// being `base`: two piles in three with face-down cards have one (the fox's holder placed
/// one). Given an animal, the card joins the run of face-up cards just below it and the
/// run just above when they are of that animal, and changes no other run: so each of the
/// six animals it can take is scored from `base` with that one animal's L raised, exact for
/// any tables, with none of the search's states.
fn one_face_down(pile: &[PileCard], at: usize, base: &Lens, rules: &Rules) -> PileScore {
    let below = face_up_run(pile[..at].iter().rev());
    let above = face_up_run(pile[at + 1..].iter());
    let beside = |run: Option<(usize, usize)>, animal: usize| match run {
        Some((a, len)) if a == animal => len,
        _ => 0,
    };
    (0..ANIMAL_COUNT)
        .map(|animal| {
            let joined = beside(below, animal) + 1 + beside(above, animal);
            let mut lens = *base;
            lens[animal] = lens[animal].max(joined.min(usize::from(CAP)) as u8);
            score_of(&lens, rules)
        })
        .max_by_key(|score| score.rank())
        .expect("six animals")
}

/// Returns the animal and length of the run of face-up cards `cards` begin with (in the
/// order given), `None` when they begin with none.
fn face_up_run<'a>(mut cards: impl Iterator<Item = &'a PileCard>) -> Option<(usize, usize)> {
    let first = cards.next().filter(|c| !c.is_face_down())?;
    let animal = first.card().animal().index();
    let same = cards
        .take_while(|c| !c.is_face_down() && c.card().animal().index() == animal)
        .count();
    Some((animal, 1 + same))
}

/// Returns each animal's longest run of face-up cards alone (a face-down card breaks a
/// run), capped, and whether `pile` has a face-down card. Without one, these are the L
/// values; with some, they are lower bounds of the L values under every assignment.
fn face_up_runs(pile: &[PileCard]) -> (Lens, bool) {
    let mut base = [0u8; ANIMAL_COUNT];
    let mut any_down = false;
    let (mut cur, mut len) = (usize::MAX, 0u8);
    for c in pile {
        if c.is_face_down() {
            any_down = true;
            cur = usize::MAX;
            continue;
        }
        let a = c.card().animal().index();
        len = if a == cur { (len + 1).min(CAP) } else { 1 };
        cur = a;
        base[a] = base[a].max(len);
    }
    (base, any_down)
}

/// Returns the animal given to each face-down card of `pile`, bottom to top, by the
/// assignment reported by [`pile_score`].
///
/// Tie-break: among the assignments reaching the reported `(total, runs)`, the one whose
/// sequence of animal indices (fox 0 … bear 5, bottom card first) is lexicographically
/// smallest. Found greedily: each face-down card in turn, bottom first, takes the first
/// animal with which the rest can still reach the reported score (checked by scoring the
/// pile with that card turned face up as that animal, which is the same as fixing it).
/// Costs up to 6 scorings per face-down card; meant for the end-of-game display.
pub(crate) fn face_down_animals(pile: &[PileCard], rules: &Rules) -> Vec<Animal> {
    let target = pile_score(pile, rules);
    let mut fixed = pile.to_vec();
    let mut animals = Vec::new();
    for i in 0..fixed.len() {
        if !fixed[i].is_face_down() {
            continue;
        }
        let animal = ANIMALS
            .into_iter()
            .find(|&a| {
                fixed[i] = PileCard::up(Card::new(1, a, 1));
                pile_score(&fixed, rules) == target
            })
            .expect("some animal of this card reaches the pile's best score");
        fixed[i] = PileCard::up(Card::new(1, animal, 1));
        animals.push(animal);
    }
    animals
}

/// The exact method for non-decreasing tables: one claimed window per animal.
///
/// Let `B[a]` be the longest run of face-up `a` cards alone, a lower bound of `L[a]` under
/// every assignment. For an assignment, `L[a] = max(B[a], w[a])` with `w[a]` the longest
/// `a` run holding a face-down card; those runs are disjoint, and each is made of whole
/// face-up runs of `a` and face-down cards. Conversely, pick disjoint such windows, at most
/// one per animal, give each window's face-down cards its animal and the other face-down
/// cards anything: then every `L[a] >= max(B[a], w[a])`, so with non-decreasing tables
/// runs and total are both at least those of `max(B, w)`. Hence the lexicographic maximum
/// of `(total, runs)` over window choices equals that over assignments, which is the
/// page's answer (see the module).
///
/// The DP walks the pile in tokens (a maximal face-up run of one animal, or one face-down
/// card) with states (claimed animals, the open window's animal and length capped at 6,
/// how many closed windows lifted an animal from `B < 2` to 2 or more), keeping per state
/// the best sum of run-point gains `R(max(B, w)) - R(B)`. A window only opens on a
/// face-down card or on a face-up run followed by one, and extends over a following
/// face-up run of its animal rather than stopping before it (the runs of an assignment are
/// maximal, so every assignment is still covered). The states are at most
/// [`MAX_STATES`]: at most 37 open windows, 64 claimed sets and 7 counts, the count being at
/// most the number of closed windows.
pub(crate) mod windows {
    use super::*;

    /// Values of the open window: none (0), or 1 + 6 × animal + (length − 1).
    const OPEN_CODES: usize = 1 + ANIMAL_COUNT * CAP as usize;
    /// Values of the count of lifted animals, 0 to 6.
    const COUNTS: usize = ANIMAL_COUNT + 1;
    /// The key space of the states.
    const KEYS: usize = (1 << ANIMAL_COUNT) * OPEN_CODES * COUNTS;
    /// Below this many states, a state is found by a linear search instead of the index.
    const LINEAR: usize = 24;

    /// The most states one step can hold: per claimed set of j animals, j + 1 counts with
    /// no open window, and 6 lengths × j animals × j counts with one (4288).
    pub(crate) const MAX_STATES: usize = {
        let mut n = 0;
        let mut claimed = 0u32;
        while claimed < 1 << ANIMAL_COUNT {
            let j = claimed.count_ones() as usize;
            n += (j + 1) + CAP as usize * j * j;
            claimed += 1;
        }
        n
    };

    /// One DP state and its best gain.
    #[derive(Clone, Copy, Debug)]
    struct State {
        /// Animals whose window is open or closed (bit per animal index).
        claimed: u8,
        /// The open window (see [`OPEN_CODES`]).
        open: u8,
        /// Closed windows that took their animal from `B < 2` to 2 or more.
        lifted: u8,
        /// The best sum of run-point gains over the closed windows.
        gain: i32,
    }

    impl State {
        fn key(self) -> usize {
            (usize::from(self.claimed) * OPEN_CODES + usize::from(self.open)) * COUNTS
                + usize::from(self.lifted)
        }

        /// The open window's animal and length.
        fn window(self) -> Option<(usize, u8)> {
            (self.open != 0).then(|| {
                let w = usize::from(self.open - 1);
                (w / usize::from(CAP), (w % usize::from(CAP)) as u8 + 1)
            })
        }

        /// Returns this state with a window of `animal` and length `len` open.
        fn opened(self, animal: usize, len: u8) -> State {
            State {
                claimed: self.claimed | 1 << animal,
                open: 1 + (animal * usize::from(CAP)) as u8 + len.min(CAP) - 1,
                ..self
            }
        }

        /// Returns this state with its open window (if any) closed and counted.
        fn closed(self, base: &Lens, rules: &Rules) -> State {
            let Some((a, len)) = self.window() else {
                return self;
            };
            let b = base[a];
            State {
                open: 0,
                lifted: self.lifted + u8::from(b < 2 && len >= 2),
                gain: self.gain + rules.run_points(usize::from(b.max(len)))
                    - rules.run_points(usize::from(b)),
                ..self
            }
        }
    }

    /// The states of one step: a list, and (once it is long) an index by key whose entries
    /// are trusted only if they point at a state of that key.
    struct Step<'a> {
        states: &'a mut ArrayVec<State, MAX_STATES>,
        index: &'a mut Option<[u16; KEYS]>,
    }

    impl Step<'_> {
        /// Adds `s`, or raises the gain of the state with its key.
        fn put(&mut self, s: State) {
            let key = s.key();
            let found = match self.index {
                Some(index) => {
                    let i = usize::from(index[key]);
                    (i < self.states.len() && self.states[i].key() == key).then_some(i)
                }
                None => self.states.iter().position(|t| t.key() == key),
            };
            if let Some(i) = found {
                self.states[i].gain = self.states[i].gain.max(s.gain);
                return;
            }
            self.states.push(s);
            match self.index {
                Some(index) => index[key] = (self.states.len() - 1) as u16,
                None if self.states.len() > LINEAR => {
                    let mut index = [0u16; KEYS];
                    for (i, t) in self.states.iter().enumerate() {
                        index[t.key()] = i as u16;
                    }
                    *self.index = Some(index);
                }
                None => {}
            }
        }
    }

    /// Returns the best score of `pile` under non-decreasing tables, `base` being its
    /// face-up runs alone.
    pub(crate) fn best(pile: &[PileCard], base: &Lens, rules: &Rules) -> PileScore {
        // Two buffers, swapped by reference (swapping the arrays would copy them).
        let mut first = ArrayVec::<State, MAX_STATES>::new();
        let mut second = ArrayVec::<State, MAX_STATES>::new();
        let (mut cur, mut next) = (&mut first, &mut second);
        let mut index = None;
        cur.push(State {
            claimed: 0,
            open: 0,
            lifted: 0,
            gain: 0,
        });
        let mut i = 0;
        while i < pile.len() {
            next.clear();
            let mut step = Step {
                states: next,
                index: &mut index,
            };
            if pile[i].is_face_down() {
                i += 1;
                for &s in cur.iter() {
                    let s = match s.window() {
                        Some((a, len)) => {
                            step.put(s.opened(a, len + 1));
                            s.closed(base, rules)
                        }
                        None => s,
                    };
                    step.put(s);
                    for d in 0..ANIMAL_COUNT {
                        if s.claimed & 1 << d == 0 {
                            step.put(s.opened(d, 1));
                        }
                    }
                }
            } else {
                let a = pile[i].card().animal();
                let start = i;
                while i < pile.len() && !pile[i].is_face_down() && pile[i].card().animal() == a {
                    i += 1;
                }
                let (a, run) = (a.index(), (i - start).min(usize::from(CAP)) as u8);
                let down_next = pile.get(i).is_some_and(|c| c.is_face_down());
                for &s in cur.iter() {
                    if let Some((b, len)) = s.window()
                        && b == a
                    {
                        step.put(s.opened(a, len.saturating_add(run)));
                        continue;
                    }
                    let s = s.closed(base, rules);
                    step.put(s);
                    if down_next && s.claimed & 1 << a == 0 {
                        step.put(s.opened(a, run));
                    }
                }
            }
            std::mem::swap(&mut cur, &mut next);
        }
        let base_runs: i32 = base.iter().map(|&l| rules.run_points(usize::from(l))).sum();
        let base_lifted = base.iter().filter(|&&l| l >= 2).count();
        cur.iter()
            .map(|s| {
                let s = s.closed(base, rules);
                PileScore {
                    runs: base_runs + s.gain,
                    diversity: rules.diversity_points(base_lifted + usize::from(s.lifted)),
                }
            })
            .max_by_key(|p| p.rank())
            .expect("a DP step never empties")
    }
}

/// States the exhaustive DP keeps on the stack before moving to the heap.
pub(crate) const EXHAUSTIVE_STACK: usize = 2048;

/// Returns the best score of `pile` by [`exhaustive_in`] with buffers on the heap.
pub(crate) fn exhaustive_on_heap(pile: &[PileCard], rules: &Rules) -> PileScore {
    let base = face_up_runs(pile).0;
    exhaustive_in(pile, &base, rules, &mut Vec::new(), &mut Vec::new()).expect("a Vec never fills")
}

/// A list of packed DP states, of fixed or growing capacity.
trait States {
    fn clear(&mut self);
    /// Adds `s`; returns false if there is no room.
    fn add(&mut self, s: u32) -> bool;
    fn slice(&mut self) -> &mut [u32];
    fn truncate(&mut self, len: usize);
}

impl<const N: usize> States for ArrayVec<u32, N> {
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
    fn add(&mut self, s: u32) -> bool {
        self.try_push(s).is_ok()
    }
    fn slice(&mut self) -> &mut [u32] {
        self
    }
    fn truncate(&mut self, len: usize) {
        ArrayVec::truncate(self, len);
    }
}

impl States for Vec<u32> {
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn add(&mut self, s: u32) -> bool {
        self.push(s);
        true
    }
    fn slice(&mut self) -> &mut [u32] {
        self
    }
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len);
    }
}

/// A packed state: bits 3a..3a+3 hold animal a's L (capped, as its class), bits 18..21 the current run's
/// animal (7: none), bits 21..24 its length (capped).
const CUR_SHIFT: u32 = 18;
const LEN_SHIFT: u32 = 21;
const NO_ANIMAL: u32 = 7;

/// Returns state `s` after `run` cards of animal `a`, the first of which follows the
/// current run (and lengthens it if it is of `a`), its longest runs kept as their
/// [`Classes`].
fn step(s: u32, a: usize, run: u32, classes: &Classes) -> u32 {
    let a32 = a as u32;
    let len = if (s >> CUR_SHIFT) & 7 == a32 {
        ((s >> LEN_SHIFT) & 7) + run
    } else {
        run
    }
    .min(u32::from(CAP));
    let shift = 3 * a32;
    let l = classes[((s >> shift) & 7).max(len) as usize & 7];
    let lens = s & ((1 << CUR_SHIFT) - 1) & !(7 << shift);
    lens | l << shift | a32 << CUR_SHIFT | len << LEN_SHIFT
}

/// By longest run, the shortest longest run that scores the same whatever follows: the
/// same run points and the same side of 2 (diversity) as every length up to it. The
/// lengths of a class are consecutive, so a longer run that comes later lifts two of them
/// alike, to itself or into their class again: keeping the class for the length is exact
/// for any tables, and states that differ only within classes merge (under the page's
/// tables a lone card, a run of 1, is then the same as none).
type Classes = [u32; 8];

/// Returns the [`Classes`] of `rules`' run lengths.
fn classes(rules: &Rules) -> Classes {
    let mut classes = [0; 8];
    for l in 1..=usize::from(CAP) {
        let same = rules.run_points(l) == rules.run_points(l - 1) && l != 2;
        classes[l] = if same { classes[l - 1] } else { l as u32 };
    }
    classes
}

/// Above this many states a stretch of face-up cards merges identical states at once:
/// below it, sorting costs more than carrying a few duplicates to the next face-down card.
const MERGE_FROM: usize = 8;

/// The page's DP on `pile`, whose face-up runs alone are `base` ([`face_up_runs`]),
/// merging identical states only (so exact for any tables), in buffers `cur` and `next`;
/// `None` if they fill up.
///
/// The states start from `base`, not from nothing: a run that holds no face-down card is
/// a run of face-up cards alone, which `base` counts already, so the DP needs to follow
/// only the runs that meet a face-down card. A stretch of face-up cards between two
/// face-down ones is then one step, however long: its first run may go on from the card
/// below it and its last run into the card above, and every run between is in `base`. The
/// final states hold the same longest runs as the page's card-by-card DP, so the same
/// best score.
fn exhaustive_in<S: States>(
    pile: &[PileCard],
    base: &Lens,
    rules: &Rules,
    cur: &mut S,
    next: &mut S,
) -> Option<PileScore> {
    // Swapped by reference below (swapping the buffers themselves would copy them).
    let (mut cur, mut next) = (cur, next);
    let classes = classes(rules);
    let start = (0..ANIMAL_COUNT).fold(NO_ANIMAL << CUR_SHIFT, |s, a| {
        s | classes[usize::from(base[a])] << (3 * a)
    });
    cur.clear();
    cur.add(start);
    let animal = |c: &PileCard| c.card().animal().index();
    // The stretches of face-up cards, each after one face-down card but the first.
    for (i, up) in pile.split(|c| c.is_face_down()).enumerate() {
        if i > 0 {
            next.clear();
            for &s in cur.slice().iter() {
                for a in 0..ANIMAL_COUNT {
                    if !next.add(step(s, a, 1, &classes)) {
                        return None;
                    }
                }
            }
            merge(next);
            std::mem::swap(&mut cur, &mut next);
        }
        let (Some(bottom), Some(top)) = (up.first(), up.last()) else {
            continue;
        };
        let (first, last) = (animal(bottom), animal(top));
        let first_run = up.iter().take_while(|&c| animal(c) == first).count();
        // The last run, when it is not the first: a fresh run of its own length.
        let last_run = (first_run < up.len())
            .then(|| up.iter().rev().take_while(|&c| animal(c) == last).count() as u32);
        for s in cur.slice().iter_mut() {
            *s = step(*s, first, first_run as u32, &classes);
            if let Some(run) = last_run {
                *s = step(*s | NO_ANIMAL << CUR_SHIFT, last, run, &classes);
            }
        }
        if cur.slice().len() > MERGE_FROM {
            merge(cur);
        }
    }
    cur.slice()
        .iter()
        .map(|&s| score_of(&std::array::from_fn(|a| ((s >> (3 * a)) & 7) as u8), rules))
        .max_by_key(|p| p.rank())
}

/// Sorts `states` and keeps one of each.
fn merge<S: States>(states: &mut S) {
    let slice = states.slice();
    slice.sort_unstable();
    let mut kept = 0;
    for i in 0..slice.len() {
        if i == 0 || slice[i] != slice[kept - 1] {
            slice[kept] = slice[i];
            kept += 1;
        }
    }
    states.truncate(kept);
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_core::FloeRng;
    use rand::{RngExt, SeedableRng};

    /// Parses a pile, bottom first: `F M W O P B` face-up fox … bear, `x` a face-down card
    /// (its own animal is irrelevant), spaces ignored.
    fn pile(text: &str) -> Vec<PileCard> {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'x' => PileCard::down(Card::new(2, Animal::Orca, 3)),
                _ => {
                    let i = "FMWOPB".find(c).expect("a pile letter");
                    PileCard::up(Card::new(1, Animal::at(i), 1))
                }
            })
            .collect()
    }

    fn with_tables(runs: Points, diversity: Points) -> Rules {
        Rules {
            run_points: runs,
            diversity_points: diversity,
            ..Rules::standard()
        }
    }

    /// Independent reference: the score of fully known animals, by splitting into runs.
    fn plain(animals: &[Animal], rules: &Rules) -> PileScore {
        let mut longest = [0usize; ANIMAL_COUNT];
        for run in animals.chunk_by(|a, b| a == b) {
            let l = &mut longest[run[0].index()];
            *l = (*l).max(run.len());
        }
        let runs = longest.iter().map(|&l| rules.run_points(l)).sum();
        let k = longest.iter().filter(|&&l| l >= 2).count();
        PileScore {
            runs,
            diversity: rules.diversity_points(k),
        }
    }

    /// Fills the face-down cards of `pile` with `chosen`, in order.
    fn assigned(pile: &[PileCard], chosen: &[Animal]) -> Vec<Animal> {
        let mut chosen = chosen.iter();
        pile.iter()
            .map(|c| {
                if c.is_face_down() {
                    *chosen.next().unwrap()
                } else {
                    c.card().animal()
                }
            })
            .collect()
    }

    /// Brute force over all 6^m assignments, in lexicographic order: the best `(total,
    /// runs)` and the first assignment reaching it.
    fn brute(pile: &[PileCard], rules: &Rules) -> (PileScore, Vec<Animal>) {
        let m = pile.iter().filter(|c| c.is_face_down()).count();
        let mut best: Option<(PileScore, Vec<Animal>)> = None;
        for code in 0..ANIMAL_COUNT.pow(m as u32) {
            let chosen: Vec<Animal> = (0..m)
                .map(|i| Animal::at(code / ANIMAL_COUNT.pow((m - 1 - i) as u32) % ANIMAL_COUNT))
                .collect();
            let score = plain(&assigned(pile, &chosen), rules);
            if best.as_ref().is_none_or(|(b, _)| score.rank() > b.rank()) {
                best = Some((score, chosen));
            }
        }
        best.unwrap()
    }

    /// The windows DP alone (`pile_score` uses it only when states are many).
    fn windows_best(pile: &[PileCard], rules: &Rules) -> PileScore {
        windows::best(pile, &face_up_runs(pile).0, rules)
    }

    /// Rules test 12.
    #[test]
    fn rules_test_12() {
        let rules = Rules::standard();
        // (pile, runs, diversity): fox, fox, puffin, fox, fox scores fox 1, puffin 0,
        // diversity 0; a run of 7 scores 15; F F M M W W O O P P x x F scores 21, both x
        // bear.
        for (cards, runs, diversity) in [
            ("FFPFF", 1, 0),
            ("FFFFFFF", 15, 0),
            ("MMMMMMM", 15, 0),
            ("FFMMWWOOPPxxF", 6, 15),
        ] {
            let got = pile_score(&pile(cards), &rules);
            assert_eq!(got, PileScore { runs, diversity }, "{cards}");
        }
        let p = pile("FFMMWWOOPPxxF");
        assert_eq!(face_down_animals(&p, &rules), [Animal::Bear, Animal::Bear]);
        // BGA's reading (each face-down card joins an adjacent run) reaches only 20.
        let puffins = assigned(&p, &[Animal::Puffin, Animal::Puffin]);
        assert_eq!(plain(&puffins, &rules).total(), 20);
    }

    #[test]
    fn table_cases() {
        let standard = Rules::standard();
        // Only a run of exactly 2 pays: a longer run is worse.
        let pairs = with_tables([0, 0, 5, 0, 0, 0, 0], [0, 0, 1, 3, 6, 10, 15]);
        // Diversity punishes a second animal with a run of 2 or more.
        let lonely = with_tables([0, 0, 1, 3, 6, 10, 15], [0, 0, -20, -20, -20, -20, -20]);
        use Animal::*;
        #[rustfmt::skip]
        let cases: &[(&str, &Rules, i32, i32, &[Animal])] = &[
            ("", &standard, 0, 0, &[]),
            ("F", &standard, 0, 0, &[]),
            ("x", &standard, 0, 0, &[Fox]),
            ("Fx", &standard, 1, 0, &[Fox]),
            ("xM", &standard, 1, 0, &[Moose]),
            ("FxM", &standard, 1, 0, &[Fox]),
            ("FxFxF", &standard, 10, 0, &[Fox, Fox]),
            ("FFMxMM", &standard, 7, 1, &[Moose]),
            ("FFMMWWOOPPBB", &standard, 6, 15, &[]),
            ("FMWOPB", &standard, 0, 0, &[]),
            ("xxxx", &standard, 6, 0, &[Fox, Fox, Fox, Fox]),
            ("xxxxxxxxxxxx", &standard, 30, 1, &[Fox, Fox, Fox, Fox, Fox, Fox, Moose, Moose, Moose, Moose, Moose, Moose]),
            ("FFFxFFF", &standard, 15, 0, &[Fox]),
            ("FFxF", &pairs, 5, 0, &[Moose]),
            ("FxF", &pairs, 0, 0, &[Fox]),
            ("FFxx", &pairs, 10, 1, &[Moose, Moose]),
            ("FFxMM", &lonely, 4, -20, &[Fox]),
            ("FxMM", &lonely, 3, 0, &[Moose]),
            ("FFMxMM", &lonely, 7, -20, &[Moose]),
        ];
        for &(text, rules, runs, diversity, animals) in cases {
            let p = pile(text);
            assert_eq!(
                pile_score(&p, rules),
                PileScore { runs, diversity },
                "pile {text}"
            );
            assert_eq!(face_down_animals(&p, rules), animals, "pile {text}");
        }
    }

    /// Random tables: non-decreasing, or anything (negative and zigzag included).
    fn random_tables(rng: &mut FloeRng, monotone: bool) -> Rules {
        let table = |rng: &mut FloeRng| {
            let mut t = [0i32; POINTS_LEN];
            for i in 0..POINTS_LEN {
                t[i] = if monotone {
                    t[i.saturating_sub(1)] + rng.random_range(0..4)
                } else {
                    rng.random_range(-6..10)
                };
            }
            t
        };
        let runs = table(rng);
        with_tables(runs, table(rng))
    }

    /// A random pile of up to `len` cards with up to `downs` face-down ones, its animals
    /// drawn from the first `animals`.
    fn random_pile(rng: &mut FloeRng, len: usize, downs: usize, animals: usize) -> Vec<PileCard> {
        let n = rng.random_range(0..=len);
        let mut left = downs;
        (0..n)
            .map(|_| {
                let card = Card::new(1, Animal::at(rng.random_range(0..animals)), 1);
                if left > 0 && rng.random_range(0..3) == 0 {
                    left -= 1;
                    PileCard::down(card)
                } else {
                    PileCard::up(card)
                }
            })
            .collect()
    }

    #[test]
    fn equals_brute_force_on_small_piles() {
        let mut rng = FloeRng::seed_from_u64(12);
        for round in 0..1500 {
            let rules = match round % 3 {
                0 => Rules::standard(),
                1 => random_tables(&mut rng, true),
                _ => random_tables(&mut rng, false),
            };
            let animals = [2, 3, 6][round % 3];
            let p = random_pile(&mut rng, 12, 4, animals);
            let (score, chosen) = brute(&p, &rules);
            assert_eq!(pile_score(&p, &rules), score, "{p:?} {rules:?}");
            assert_eq!(exhaustive_on_heap(&p, &rules), score, "{p:?} {rules:?}");
            if round % 3 < 2 {
                assert_eq!(windows_best(&p, &rules), score, "{p:?} {rules:?}");
            }
            assert_eq!(face_down_animals(&p, &rules), chosen, "{p:?} {rules:?}");
        }
    }

    /// A pile with one face-down card, wherever it lies and whatever runs of any length
    /// lie beside it, under any tables (some giving a run of 1 points, or fewer points to
    /// longer runs), scores as every assignment tried.
    #[test]
    fn one_face_down_card_equals_brute_force() {
        let mut rng = FloeRng::seed_from_u64(56);
        for round in 0..3000 {
            let rules = match round % 3 {
                0 => Rules::standard(),
                1 => random_tables(&mut rng, true),
                _ => random_tables(&mut rng, false),
            };
            let mut p = random_pile(&mut rng, 16, 0, [1, 2, 3, 6][round % 4]);
            if p.is_empty() {
                continue;
            }
            let at = rng.random_range(0..p.len());
            p[at] = PileCard::down(p[at].card());
            assert_eq!(
                pile_score(&p, &rules),
                brute(&p, &rules).0,
                "{p:?} {rules:?}"
            );
        }
        for text in [
            "x",
            "Fx",
            "xF",
            "FFFFFFxFFFFFF",
            "FFFxFFFF",
            "FFxMM",
            "FMxMF",
        ] {
            let p = pile(text);
            for rules in [
                Rules::standard(),
                with_tables([5, 3, 1, 0, 9, 2, 4], [0; 7]),
            ] {
                assert_eq!(pile_score(&p, &rules), brute(&p, &rules).0, "{text}");
            }
        }
    }

    /// The windows DP against the page's DP on longer piles with more face-down cards.
    #[test]
    fn windows_equal_the_pages_dp() {
        let mut rng = FloeRng::seed_from_u64(34);
        for round in 0..300 {
            let rules = if round % 2 == 0 {
                Rules::standard()
            } else {
                random_tables(&mut rng, true)
            };
            let p = random_pile(&mut rng, 30, 8, [3, 6][round % 2]);
            let score = exhaustive_on_heap(&p, &rules);
            assert_eq!(windows_best(&p, &rules), score, "{p:?}");
            assert_eq!(pile_score(&p, &rules), score, "{p:?}");
        }
    }

    #[test]
    fn max_states_bound() {
        assert_eq!(windows::MAX_STATES, 4288);
    }

    /// Long piles with 12 face-down cards finish, and agree with the page's DP (which the
    /// windows DP does not use) and with their own reported assignment.
    #[test]
    fn long_piles_with_many_face_down_cards() {
        let standard = Rules::standard();
        let twelve = pile("xxxxxxxxxxxx");
        assert_eq!(pile_score(&twelve, &standard).total(), 31);
        let long = pile("FFMxWWOxxxxOPBBFxFMMxWWOOPPBFMWOPBxxxxxFFFFM");
        let zigzag = with_tables([0, 1, 5, 2, 8, 3, 9], [4, 0, 6, 1, 7, 2, 8]);
        for rules in [&standard, &zigzag] {
            for p in [&twelve, &long] {
                let score = pile_score(p, rules);
                assert_eq!(score, exhaustive_on_heap(p, rules));
                if rules == &standard {
                    assert_eq!(score, windows_best(p, rules));
                }
                let animals = face_down_animals(p, rules);
                assert_eq!(plain(&assigned(p, &animals), rules), score);
            }
        }
    }
}
