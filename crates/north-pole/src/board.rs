//! Squares, directions, quarter turns and 64-bit square sets (bitboards).
//!
//! A square is its index 8y + x (a1 = 0, h8 = 63). Positions on the rules page are in the
//! table frame; the engine keeps pieces in top-board coordinates and a rotation count r,
//! the number of clockwise quarter turns the top board has made: a piece on top square t
//! stands on table square [`turn`]`(t, r)`.

use std::fmt;

/// A square index 0..64 (8y + x).
pub type Square = u8;

/// A set of squares, bit `s` for square `s`.
pub type Bits = u64;

/// Squares per side of the board.
pub const SIDE: u8 = 8;

/// Returns the set holding only `sq`.
pub const fn bit(sq: Square) -> Bits {
    1 << sq
}

/// Returns the file (x, 0..8, west to east) of `sq`.
pub const fn file(sq: Square) -> u8 {
    sq % SIDE
}

/// Returns the rank (y, 0..8, south to north) of `sq`.
pub const fn rank(sq: Square) -> u8 {
    sq / SIDE
}

/// Returns the square at file `x`, rank `y`.
pub const fn at(x: u8, y: u8) -> Square {
    y * SIDE + x
}

/// Returns where `sq` goes after `quarters` clockwise quarter turns: (x, y) to (y, 7 - x)
/// per turn.
pub const fn turn(sq: Square, quarters: u8) -> Square {
    TURNS[(quarters % 4) as usize][sq as usize]
}

/// `TURNS[q][s]`: where square `s` goes after `q` quarter turns, looked up since every
/// answer and listed target crosses between the top board's frame and the table's.
const TURNS: [[Square; 64]; 4] = {
    let mut table = [[0; 64]; 4];
    let mut sq = 0;
    while sq < 64 {
        let (mut x, mut y) = (file(sq), rank(sq));
        let mut q = 0;
        while q < 4 {
            table[q][sq as usize] = at(x, y);
            (x, y) = (y, SIDE - 1 - x);
            q += 1;
        }
        sq += 1;
    }
    table
};

/// Returns the set `bits` after `quarters` clockwise quarter turns.
pub fn turn_bits(bits: Bits, quarters: u8) -> Bits {
    squares(bits).fold(0, |acc, sq| acc | bit(turn(sq, quarters)))
}

/// Returns the squares of `bits` in index order.
pub fn squares(mut bits: Bits) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let sq = bits.trailing_zeros() as Square;
        bits &= bits - 1;
        Some(sq)
    })
}

/// Returns the square named `name` (`"d4"`).
pub fn parse_square(name: &str) -> Option<Square> {
    let b = name.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(at(b[0] - b'a', b[1] - b'1'))
}

/// A square's name, as the rules page writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name(pub Square);

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + file(self.0)),
            char::from(b'1' + rank(self.0))
        )
    }
}

/// One of the eight step directions. The first four are straight, the last four
/// diagonal; turning a direction clockwise by a quarter is `(d + 1) % 4` within its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Dir {
    /// Toward rank 8.
    N,
    /// Toward file h.
    E,
    /// Toward rank 1.
    S,
    /// Toward file a.
    W,
    /// North-east.
    NE,
    /// South-east.
    SE,
    /// South-west.
    SW,
    /// North-west.
    NW,
}

/// Every direction, straight ones first.
pub const DIRS: [Dir; 8] = [
    Dir::N,
    Dir::E,
    Dir::S,
    Dir::W,
    Dir::NE,
    Dir::SE,
    Dir::SW,
    Dir::NW,
];

/// The straight directions.
pub const STRAIGHT: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

/// The diagonal directions.
pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

impl Dir {
    /// Returns the step (dx, dy).
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
            Dir::NE => (1, 1),
            Dir::SE => (1, -1),
            Dir::SW => (-1, -1),
            Dir::NW => (-1, 1),
        }
    }

    /// Returns the index of the direction in [`DIRS`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns the direction pointing the other way.
    pub const fn opposite(self) -> Dir {
        DIRS[self.index() ^ 2]
    }

    /// Returns whether the direction is diagonal.
    pub const fn is_diagonal(self) -> bool {
        self as u8 >= 4
    }

    /// Returns the two straight directions a diagonal one is made of (north or south
    /// first, then east or west).
    pub const fn parts(self) -> (Dir, Dir) {
        match self {
            Dir::NE => (Dir::N, Dir::E),
            Dir::SE => (Dir::S, Dir::E),
            Dir::SW => (Dir::S, Dir::W),
            Dir::NW => (Dir::N, Dir::W),
            straight => (straight, straight),
        }
    }
}

/// Returns the square one step from `sq` in `dir`, if it is on the board.
pub const fn step(sq: Square, dir: Dir) -> Option<Square> {
    let (dx, dy) = dir.delta();
    let x = file(sq) as i8 + dx;
    let y = rank(sq) as i8 + dy;
    if x < 0 || y < 0 || x >= SIDE as i8 || y >= SIDE as i8 {
        None
    } else {
        Some(at(x as u8, y as u8))
    }
}

/// Returns every square of `bits` moved one step in `dir`, those leaving the board
/// dropped.
pub const fn shift(bits: Bits, dir: Dir) -> Bits {
    const NOT_A: Bits = 0xfefe_fefe_fefe_fefe;
    const NOT_H: Bits = 0x7f7f_7f7f_7f7f_7f7f;
    match dir {
        Dir::N => bits << 8,
        Dir::S => bits >> 8,
        Dir::E => (bits << 1) & NOT_A,
        Dir::W => (bits >> 1) & NOT_H,
        Dir::NE => (bits << 9) & NOT_A,
        Dir::NW => (bits << 7) & NOT_H,
        Dir::SE => (bits >> 7) & NOT_A,
        Dir::SW => (bits >> 9) & NOT_H,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::sq;

    #[test]
    fn quarter_turns_move_squares_as_the_page_says() {
        assert_eq!(turn(sq("c1"), 1), sq("a6"));
        assert_eq!(turn(sq("d4"), 1), sq("d5"));
        assert_eq!(turn(sq("c1"), 3), sq("h3"));
        assert_eq!(turn(sq("c1"), 2), sq("f8"));
        for s in 0..64 {
            assert_eq!(turn(s, 4), s);
        }
    }

    #[test]
    fn names_round_trip_and_bad_names_are_none() {
        for s in 0..64 {
            assert_eq!(parse_square(&Name(s).to_string()), Some(s));
        }
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("a9"), None);
        assert_eq!(parse_square("a10"), None);
    }

    #[test]
    fn shifts_match_single_steps() {
        for s in 0..64 {
            for d in DIRS {
                let expect = step(s, d).map_or(0, bit);
                assert_eq!(shift(bit(s), d), expect, "{} {d:?}", Name(s));
            }
        }
    }
}
