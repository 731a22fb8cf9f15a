//! TEMPORARY placeholder, replaced by the real module.
use crate::cards::{Animal, PileCard};
use crate::rules::Rules;
/// tmp
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PileScore {
    /// r
    pub runs: i32,
    /// d
    pub diversity: i32,
}
impl PileScore {
    /// t
    pub fn total(&self) -> i32 {
        self.runs + self.diversity
    }
}
pub(crate) fn pile_score(pile: &[PileCard], rules: &Rules) -> PileScore {
    let mut best = [0usize; 6];
    let mut cur: Option<(Animal, usize)> = None;
    for c in pile {
        let a = c.card().animal();
        cur = match cur {
            Some((b, n)) if b == a => Some((a, n + 1)),
            _ => Some((a, 1)),
        };
        let (a, n) = cur.unwrap();
        best[a.index()] = best[a.index()].max(n);
    }
    let runs = best.iter().map(|&l| rules.run_points(l)).sum();
    let k = best.iter().filter(|&&l| l >= 2).count();
    PileScore {
        runs,
        diversity: rules.diversity_points(k),
    }
}
pub(crate) fn face_down_animals(pile: &[PileCard], _rules: &Rules) -> Vec<Animal> {
    pile.iter()
        .filter(|c| c.is_face_down())
        .map(|_| Animal::Fox)
        .collect()
}
