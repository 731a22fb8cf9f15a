//! Seats: the places at the table, numbered clockwise from the first start player.

use std::fmt;

/// The most players any Floe game seats; fixed-size per-seat arrays use it.
pub const MAX_SEATS: usize = 6;

/// A place at the table. Seat 0 starts; seats go clockwise in increasing order.
///
/// Serializes as its number (`0`), as observations hand it to front ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize)]
pub struct Seat(pub u8);

impl Seat {
    /// Returns the seat as an index into per-seat arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Returns the seat `steps` places clockwise of this one at a table of `players`.
    #[inline]
    pub fn clockwise(self, steps: usize, players: usize) -> Seat {
        Seat(((self.index() + steps) % players) as u8)
    }

    /// Iterates over the seats of a table of `players`, in seat order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> {
        (0..players as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_wraps_around_the_table() {
        assert_eq!(Seat(2).clockwise(1, 3), Seat(0));
        assert_eq!(Seat(1).clockwise(4, 4), Seat(1));
        assert_eq!(
            Seat::all(3).collect::<Vec<_>>(),
            vec![Seat(0), Seat(1), Seat(2)]
        );
    }
}
