//! Figures: what a game measures of each finished game beside its outcome (Arctic's turns,
//! score by component, penalty cards, who won with each power), declared by the game
//! ([`crate::Game::figures`]) and summed by the runner.

use crate::{MAX_SEATS, Seat};

/// Most figures a game may declare ([`crate::Game::figures`]): the runner's buffer
/// ([`Figures`]) holds this many, each with a value per seat.
pub const MAX_FIGURES: usize = 16;

/// Whether a figure has one value per game or one per seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureScope {
    /// One value per game (Arctic: turns played).
    Game,
    /// One value per seat of a game (Arctic: each seat's penalty cards).
    Seat,
}

/// One figure a game measures at the end of each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FigureDecl {
    /// Its name in `figures.csv`: lower case, digits and `_` (CSV-safe, no quoting).
    pub name: &'static str,
    /// What it measures, for `columns.csv` and the docs.
    pub meaning: &'static str,
    /// One value per game or per seat.
    pub scope: FigureScope,
    /// The fixed-point scale of the values: a value v stands for v / scale (1 for whole
    /// numbers; [`crate::WIN_SHARE_UNITS`] for win shares), so sums stay exact integers.
    pub scale: u32,
}

impl FigureDecl {
    /// Returns a whole-number figure with one value per game.
    pub const fn game(name: &'static str, meaning: &'static str) -> FigureDecl {
        FigureDecl {
            name,
            meaning,
            scope: FigureScope::Game,
            scale: 1,
        }
    }

    /// Returns a whole-number figure with one value per seat.
    pub const fn seat(name: &'static str, meaning: &'static str) -> FigureDecl {
        FigureDecl {
            name,
            meaning,
            scope: FigureScope::Seat,
            scale: 1,
        }
    }

    /// Returns this figure with values in units of 1/`scale`.
    pub const fn scaled(self, scale: u32) -> FigureDecl {
        FigureDecl { scale, ..self }
    }

    /// Returns whether the figure has a value per seat.
    pub fn per_seat(&self) -> bool {
        self.scope == FigureScope::Seat
    }
}

/// The values of a game's figures for one finished game: a fixed-size buffer the runner
/// owns and reuses, so measuring allocates nothing. Figure `f` of
/// [`crate::Game::figures`] has a value per seat (a per-game figure uses slot 0); a value
/// left unset is "not defined in this game" (Arctic: a power nobody holds has no holder
/// who won) and is left out of the figure's statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    values: [[Option<i64>; MAX_SEATS]; MAX_FIGURES],
}

impl Default for Figures {
    fn default() -> Figures {
        Figures::new()
    }
}

impl Figures {
    /// Returns a buffer with no value set.
    pub const fn new() -> Figures {
        Figures {
            values: [[None; MAX_SEATS]; MAX_FIGURES],
        }
    }

    /// Unsets every value.
    pub fn clear(&mut self) {
        self.values = [[None; MAX_SEATS]; MAX_FIGURES];
    }

    /// Sets the value of the per-game figure `figure`.
    ///
    /// # Panics
    /// Panics if `figure` is not below [`MAX_FIGURES`].
    pub fn set(&mut self, figure: usize, value: i64) {
        self.values[figure][0] = Some(value);
    }

    /// Sets the value of the per-seat figure `figure` for `seat`.
    ///
    /// # Panics
    /// Panics if `figure` is not below [`MAX_FIGURES`].
    pub fn set_seat(&mut self, figure: usize, seat: Seat, value: i64) {
        self.values[figure][seat.index()] = Some(value);
    }

    /// Returns the value of figure `figure` at `slot` (the seat, or 0 for a per-game
    /// figure), `None` when it is not defined.
    pub fn get(&self, figure: usize, slot: usize) -> Option<i64> {
        self.values.get(figure)?.get(slot).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_set_read_and_cleared() {
        let mut f = Figures::new();
        f.set(0, 42);
        f.set_seat(3, Seat(2), -7);
        assert_eq!(f.get(0, 0), Some(42));
        assert_eq!(f.get(3, 2), Some(-7));
        assert_eq!(f.get(3, 1), None);
        assert_eq!(f.get(MAX_FIGURES, 0), None);
        f.clear();
        assert_eq!(f, Figures::default());
    }
}
