//! The board map (base camps, corners, weak ice, windows, cracks) and what it allows at
//! each rotation of the top board.
//!
//! [`Map`] is the rules page's data block, in the table frame at rotation 0. [`Geometry`]
//! derives from it, once per rule set, everything a move needs at each of the four
//! rotations, in top-board coordinates: the squares from which a step in each direction
//! crosses no crack, the base camps of each table side and the square of each Pole entry.
//! A storm then only changes the rotation count.

use crate::board::{
    Bits, DIAGONAL, DIRS, Dir, Name, STRAIGHT, Square, bit, shift, squares, step, turn, turn_bits,
};

/// Table sides in clockwise order, as seats and the map name them.
pub const SIDE_NAMES: [&str; 4] = ["S", "W", "N", "E"];

/// A blocked edge between two orthogonal neighbours, lower square first.
pub type Crack = (Square, Square);

/// The board map, in the table frame with the top board at rotation 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// The map's name (`classic`).
    pub name: String,
    /// The base camp squares of each table side (S, W, N, E).
    pub base_camps: [Bits; 4],
    /// The corner squares, each holding a face-down disc at setup.
    pub corners: Bits,
    /// The Pole entries E0..E3 (the weak ice), clockwise from the south-west.
    pub entries: [Square; 4],
    /// The squares of the top board with a clear window.
    pub windows: Bits,
    /// Cracks of the top board (they turn with it).
    pub top_cracks: Vec<Crack>,
    /// Cracks of the bottom board (fixed; in effect while a window shows either square).
    pub bottom_cracks: Vec<Crack>,
}

/// What the North Pole disc opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscKind {
    /// One boot: entry E_o.
    OneBoot,
    /// Two boots: E_o and E_(o+2).
    TwoBoot,
}

/// Most corner squares a map may have (the state keeps their discs in a fixed array).
pub const MAX_CORNERS: usize = 4;

/// What is wrong with a map: the key of the data block at fault, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapProblem {
    /// The key (`top_cracks`, `base_camp.S`, ...).
    pub key: String,
    /// What is wrong.
    pub message: String,
}

fn problem(key: &str, message: String) -> MapProblem {
    MapProblem {
        key: key.into(),
        message,
    }
}

/// Returns the names of the squares of `bits`, comma-separated.
fn names(bits: Bits) -> String {
    squares(bits)
        .map(|s| Name(s).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The square named `name`, a name written in the code (the built-in map, tests).
pub(crate) fn sq(name: &str) -> Square {
    crate::board::parse_square(name).expect("a square name written in the code")
}

fn set(names: &[&str]) -> Bits {
    names.iter().fold(0, |acc, n| acc | bit(sq(n)))
}

fn cracks(pairs: &[(&str, &str)]) -> Vec<Crack> {
    pairs
        .iter()
        .map(|&(a, b)| (sq(a).min(sq(b)), sq(a).max(sq(b))))
        .collect()
}

impl Map {
    /// The page's `classic` map.
    pub fn classic() -> Map {
        Map {
            name: "classic".into(),
            base_camps: [
                set(&["c1", "d1", "e1", "f1"]),
                set(&["a3", "a4", "a5", "a6"]),
                set(&["c8", "d8", "e8", "f8"]),
                set(&["h3", "h4", "h5", "h6"]),
            ],
            corners: set(&["a1", "h1", "h8", "a8"]),
            entries: [sq("d4"), sq("d5"), sq("e5"), sq("e4")],
            windows: set(&[
                "b2", "g2", "b7", "g7", "c3", "d3", "e3", "f3", "c4", "f4", "c5", "f5", "c6", "d6",
                "e6", "f6",
            ]),
            top_cracks: cracks(&[
                ("d2", "d3"),
                ("e2", "e3"),
                ("f2", "f3"),
                ("c4", "d4"),
                ("c5", "d5"),
                ("d6", "d7"),
                ("e6", "e7"),
                ("e4", "f4"),
                ("e5", "f5"),
                ("f4", "g4"),
            ]),
            bottom_cracks: cracks(&[("c2", "c3"), ("b6", "c6"), ("f6", "f7"), ("f3", "g3")]),
        }
    }

    /// Returns every base camp square.
    pub fn all_camps(&self) -> Bits {
        self.base_camps.iter().fold(0, |a, &b| a | b)
    }

    /// Returns the weak ice (the entries as a set).
    pub fn weak_ice(&self) -> Bits {
        self.entries.iter().fold(0, |a, &e| a | bit(e))
    }

    /// Checks the map as the page requires: cracks join orthogonal neighbours and appear
    /// once; no square has two roles; base camps (1 to 4 per side), corners (at most
    /// [`MAX_CORNERS`]) and the weak ice map onto themselves under a quarter turn, side onto
    /// next side; every bottom crack lies under a window at some rotation; and every square
    /// and the Pole can be reached from every base camp square at every rotation (and so at
    /// every disc orientation: the entries are squares).
    ///
    /// # Errors
    /// The first problem, with the key at fault.
    pub fn check(&self) -> Result<(), MapProblem> {
        self.check_roles()?;
        self.check_turns()?;
        for (key, list) in [
            ("top_cracks", &self.top_cracks),
            ("bottom_cracks", &self.bottom_cracks),
        ] {
            for (i, &(a, b)) in list.iter().enumerate() {
                if !STRAIGHT.iter().any(|&d| step(a, d) == Some(b)) {
                    return Err(problem(
                        key,
                        format!(
                            "{}-{} does not join two orthogonal neighbours",
                            Name(a),
                            Name(b)
                        ),
                    ));
                }
                if list[..i].contains(&(a, b)) {
                    return Err(problem(
                        key,
                        format!("{}-{} is listed twice", Name(a), Name(b)),
                    ));
                }
            }
        }
        for &(a, b) in &self.bottom_cracks {
            let shown = (0..4).any(|r| turn_bits(self.windows, r) & (bit(a) | bit(b)) != 0);
            if !shown {
                return Err(problem(
                    "bottom_cracks",
                    format!(
                        "{}-{} is never under a window, so it would never count",
                        Name(a),
                        Name(b)
                    ),
                ));
            }
        }
        self.check_reach()
    }

    fn check_roles(&self) -> Result<(), MapProblem> {
        let mut seen: Bits = 0;
        let mut claim = |key: &str, bits: Bits, count: usize| {
            if (bits.count_ones() as usize) < count {
                return Err(problem(key, "lists a square twice".into()));
            }
            if seen & bits != 0 {
                return Err(problem(
                    key,
                    format!(
                        "{} already used elsewhere in the map (a square is used once)",
                        names(seen & bits)
                    ),
                ));
            }
            seen |= bits;
            Ok(())
        };
        for (side, &camps) in self.base_camps.iter().enumerate() {
            let key = format!("base_camp.{}", SIDE_NAMES[side]);
            let n = camps.count_ones() as usize;
            if !(1..=4).contains(&n) {
                return Err(problem(&key, format!("has {n} squares; a side has 1 to 4")));
            }
            claim(&key, camps, n)?;
        }
        let corners = self.corners.count_ones() as usize;
        if corners > MAX_CORNERS {
            return Err(problem(
                "corners",
                format!("has {corners} squares; at most {MAX_CORNERS}"),
            ));
        }
        claim("corners", self.corners, corners)?;
        claim("entries", self.weak_ice(), 4)?;
        // Windows may not be shared with the other roles either.
        claim("windows", self.windows, 0)
    }

    fn check_turns(&self) -> Result<(), MapProblem> {
        for side in 0..4 {
            if turn_bits(self.base_camps[side], 1) != self.base_camps[(side + 1) % 4] {
                return Err(problem(
                    &format!("base_camp.{}", SIDE_NAMES[side]),
                    format!(
                        "a quarter turn clockwise must take side {}'s base camps onto side {}'s",
                        SIDE_NAMES[side],
                        SIDE_NAMES[(side + 1) % 4]
                    ),
                ));
            }
        }
        if turn_bits(self.corners, 1) != self.corners {
            return Err(problem(
                "corners",
                "a quarter turn must take the corners onto themselves".into(),
            ));
        }
        if turn_bits(self.weak_ice(), 1) != self.weak_ice() {
            return Err(problem(
                "entries",
                "a quarter turn must take the weak ice onto itself".into(),
            ));
        }
        Ok(())
    }

    fn check_reach(&self) -> Result<(), MapProblem> {
        let geo = Geometry::new(self);
        for r in 0..4 {
            for from in squares(self.all_camps()) {
                let top = turn(from, 4 - r);
                let reached = geo.reach(r, bit(top), 0);
                let missing = !reached;
                if missing != 0 {
                    let lost = turn(missing.trailing_zeros() as Square, r);
                    return Err(problem(
                        "top_cracks",
                        format!(
                            "the map fails the reachability check: {} cannot be reached from \
                             base camp {} with the top board turned {} clockwise",
                            Name(lost),
                            Name(from),
                            floe_io::count(r, "quarter")
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Everything a move needs at each rotation, in top-board coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// `clear[r][d]`: the squares from which a step in direction `d` (index into
    /// [`DIRS`]) stays on the board and crosses no crack at rotation `r`.
    pub clear: [[Bits; 8]; 4],
    /// `on_board[d]`: the squares from which a step in `d` stays on the board.
    pub on_board: [Bits; 8],
    /// `camps[r][side]`: the base camps of table side `side` at rotation `r`.
    pub camps: [[Bits; 4]; 4],
    /// Every base camp square (the same at every rotation).
    pub all_camps: Bits,
    /// The corners (the same at every rotation).
    pub corners: Bits,
    /// The weak ice (the same at every rotation).
    pub weak: Bits,
    /// `entry[r][i]`: the top square under table entry E_i at rotation `r`.
    pub entry: [[Square; 4]; 4],
    /// `open[disc][r][o]`: the top squares open onto the Pole with the disc of kind `disc`
    /// (0 one boot, 1 two boots) at orientation `o`, at rotation `r`.
    pub open: [[[Bits; 4]; 4]; 2],
    /// `cracked[r]`: the cracks in effect at rotation `r`, in the table frame (for
    /// drawing): bit `s` of `.0` for the edge east of `s`, of `.1` for the edge north of `s`.
    pub cracked: [(Bits, Bits); 4],
}

/// Returns the edges of `cracks` as (east-of, north-of) bit sets.
fn edge_bits(cracks: impl Iterator<Item = Crack>) -> (Bits, Bits) {
    let (mut east, mut north) = (0, 0);
    for (a, b) in cracks {
        if b == a + 1 {
            east |= bit(a);
        } else {
            north |= bit(a);
        }
    }
    (east, north)
}

/// Returns whether the straight step from `a` in `d` crosses one of `edges`.
fn crosses((east, north): (Bits, Bits), a: Square, d: Dir) -> bool {
    match (d, step(a, d)) {
        (_, None) => false,
        (Dir::E, Some(_)) => east & bit(a) != 0,
        (Dir::W, Some(b)) => east & bit(b) != 0,
        (Dir::N, Some(_)) => north & bit(a) != 0,
        (Dir::S, Some(b)) => north & bit(b) != 0,
        _ => unreachable!("straight directions only"),
    }
}

impl Geometry {
    /// Derives the geometry of `map` at every rotation.
    pub fn new(map: &Map) -> Geometry {
        let mut geo = Geometry {
            clear: [[0; 8]; 4],
            on_board: [0; 8],
            camps: [[0; 4]; 4],
            all_camps: map.all_camps(),
            corners: map.corners,
            weak: map.weak_ice(),
            entry: [[0; 4]; 4],
            open: [[[0; 4]; 4]; 2],
            cracked: [(0, 0); 4],
        };
        for d in DIRS {
            geo.on_board[d.index()] = (0..64)
                .filter(|&s| step(s, d).is_some())
                .fold(0, |a, s| a | bit(s));
        }
        for r in 0..4u8 {
            let back = 4 - r;
            let windows = turn_bits(map.windows, r);
            let in_effect = map
                .bottom_cracks
                .iter()
                .filter(|&&(a, b)| windows & (bit(a) | bit(b)) != 0);
            // Both kinds in the top frame: the top cracks as drawn, the bottom ones turned
            // back by r.
            let top = edge_bits(map.top_cracks.iter().copied().chain(in_effect.clone().map(
                |&(a, b)| {
                    let (a, b) = (turn(a, back), turn(b, back));
                    (a.min(b), a.max(b))
                },
            )));
            geo.cracked[r as usize] = edge_bits(
                map.top_cracks
                    .iter()
                    .map(|&(a, b)| {
                        let (a, b) = (turn(a, r), turn(b, r));
                        (a.min(b), a.max(b))
                    })
                    .chain(in_effect.copied()),
            );
            for s in 0..64 {
                for d in STRAIGHT {
                    if step(s, d).is_some() && !crosses(top, s, d) {
                        geo.clear[r as usize][d.index()] |= bit(s);
                    }
                }
                for d in DIAGONAL {
                    let Some(target) = step(s, d) else { continue };
                    let (p, q) = d.parts();
                    let (b, c) = (step(s, p).expect("on board"), step(s, q).expect("on board"));
                    // Blocked only when a crack runs on both sides of the shared corner.
                    let via_b = crosses(top, s, p) || crosses(top, b, q);
                    let via_c = crosses(top, s, q) || crosses(top, c, p);
                    debug_assert_eq!(step(b, q), Some(target));
                    if !(via_b && via_c) {
                        geo.clear[r as usize][d.index()] |= bit(s);
                    }
                }
            }
            for side in 0..4 {
                geo.camps[r as usize][side] = turn_bits(map.base_camps[side], back);
            }
            for i in 0..4 {
                geo.entry[r as usize][i] = turn(map.entries[i], back);
            }
            for o in 0..4 {
                let entry = |i: usize| bit(geo.entry[r as usize][i % 4]);
                geo.open[0][r as usize][o] = entry(o);
                geo.open[1][r as usize][o] = entry(o) | entry(o + 2);
            }
        }
        geo
    }

    /// Returns the top squares open onto the Pole at rotation `r` with a disc of `kind` at
    /// orientation `o`.
    pub fn open(&self, kind: DiscKind, r: u8, o: u8) -> Bits {
        self.open[kind as usize][usize::from(r)][usize::from(o)]
    }

    /// Returns the squares one single step from `from` at rotation `r` (cracks respected;
    /// `from` itself not included unless a step reaches it).
    pub fn reach_once(&self, r: u8, from: Bits) -> Bits {
        DIRS.iter().fold(0, |acc, &d| {
            acc | shift(from & self.clear[r as usize][d.index()], d)
        })
    }

    /// Returns the squares reachable from `from` by single steps at rotation `r`, never
    /// entering `blocked`; cracks respected.
    pub fn reach(&self, r: u8, from: Bits, blocked: Bits) -> Bits {
        let mut seen = from;
        let mut frontier = from;
        while frontier != 0 {
            frontier = self.reach_once(r, frontier) & !seen & !blocked;
            seen |= frontier;
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_passes_the_map_check() {
        assert_eq!(Map::classic().check(), Ok(()));
    }

    #[test]
    fn the_pole_is_four_to_eight_single_steps_from_every_base_camp() {
        let map = Map::classic();
        let geo = Geometry::new(&map);
        for r in 0..4u8 {
            for o in 0..4 {
                let entry = geo.entry[r as usize][o];
                for camp in squares(map.all_camps()) {
                    let from = turn(camp, 4 - r);
                    let mut steps = 1;
                    let mut seen = bit(from);
                    while seen & bit(entry) == 0 {
                        let mut next = seen;
                        for d in DIRS {
                            next |= shift(seen & geo.clear[r as usize][d.index()], d);
                        }
                        seen = next;
                        steps += 1;
                    }
                    assert!(
                        (4..=8).contains(&steps),
                        "{} r{r} o{o}: {steps}",
                        Name(camp)
                    );
                }
            }
        }
    }

    #[test]
    fn diagonal_steps_follow_the_continuous_crack_rule() {
        let geo = Geometry::new(&Map::classic());
        let clear = |from: &str, d: Dir| geo.clear[0][d.index()] & bit(sq(from)) != 0;
        assert!(!clear("c2", Dir::NE), "c2-c3 and d2-d3 form one line");
        assert!(clear("c2", Dir::NW));
        assert!(clear("f4", Dir::NE), "f4-g4 ends at the corner");
        assert!(!clear("f4", Dir::SE), "f4-g4 and f3-g3 form one line");
    }

    #[test]
    fn bad_maps_are_refused_naming_the_key() {
        let key = |m: Map| m.check().unwrap_err().key;
        let mut m = Map::classic();
        m.top_cracks.push((sq("a1"), sq("c1")));
        assert_eq!(key(m), "top_cracks");
        let mut m = Map::classic();
        m.corners |= bit(sq("c1"));
        assert_eq!(key(m), "corners");
        let mut m = Map::classic();
        m.bottom_cracks.push((sq("a2"), sq("a3")));
        let e = m.check().unwrap_err();
        assert!(e.message.contains("a2-a3 is never under a window"), "{e:?}");
        let mut m = Map::classic();
        // Wall off a1's neighbours... h1 corner boxed in by cracks.
        m.top_cracks.push((sq("g1"), sq("h1")));
        m.top_cracks.push((sq("h1"), sq("h2")));
        let e = m.check().unwrap_err();
        assert!(e.message.contains("reachability"), "{e:?}");
    }
}
