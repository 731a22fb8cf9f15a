//! A plain, inline Arctic Race for random players: the speed baseline of the engine.
//!
//! Included (with `#[path]`) by the engine bench, the `versus` example and the test that
//! checks it against the engine.
//!
//! Classic rules only, no `Game` trait, no bots, no views, no logging: one function with
//! fixed arrays. It draws randomness in exactly the order the engine and the random bot
//! do, so it must reach the same result for every seed; a test checks that, which makes it
//! a second, independent check of the engine's round flow as well as a yardstick.

use arctic_race::{ArcticRace, Icon, Rules};
use floe_core::{FloeRng, Game as _, Stream, game_seed, stream_rng};
use rand::RngExt;
use rand::seq::SliceRandom;

const HOME: u8 = 0xFF;
const DONE: u8 = 0xFE;
const WATER: u8 = 0xFF;

/// What one plain game ends with: scores, winners (bit mask), rounds, end cause index.
#[derive(Debug, PartialEq, Eq)]
pub struct PlainResult {
    /// Score per seat.
    pub scores: [i32; 6],
    /// Bit s set when seat s won.
    pub winners: u8,
    /// Rounds played.
    pub rounds: u32,
    /// 0 three-finished, 1 tiles-exhausted, 2 round-limit.
    pub cause: u8,
}

/// The classic layout, unpacked once.
pub struct Plain {
    icons: [Icon; 30],
    faces: Vec<[Icon; 3]>,
    tiles: Vec<u8>,
    removed: [usize; 7],
    points: [[i32; 4]; 5],
}

struct Game<'a> {
    p: &'a Plain,
    n: usize,
    pos: [[u8; 5]; 6],
    place: [[u8; 5]; 6],
    finishers: [u8; 5],
    occ: u64,
    hand: [u8; 6],
    played: [u8; 6],
    token: usize,
    slots: [u8; 5],
    supply: [u8; 30],
    supply_len: usize,
    ran_out: bool,
    chance: FloeRng,
    bots: [FloeRng; 6],
}

/// Picks uniformly among `k` answers as the random bot does (no draw when `k` is 1).
fn pick(rng: &mut FloeRng, k: usize) -> usize {
    if k == 1 {
        0
    } else {
        rng.random_range(0..k as u32) as usize
    }
}

/// Picks one set bit of `mask` as the random bot picks among the answers it stands for.
fn pick_bit(rng: &mut FloeRng, mask: u8) -> usize {
    let mut m = mask;
    for _ in 0..pick(rng, mask.count_ones() as usize) {
        m &= m - 1;
    }
    m.trailing_zeros() as usize
}

impl Plain {
    /// Unpacks the classic rules.
    pub fn classic() -> Plain {
        let game = ArcticRace::classic();
        let rules: &Rules = game.rules();
        let mut icons = [Icon::Blank; 30];
        for (space, icon) in [
            (2, Icon::Plus(1)),
            (4, Icon::Die),
            (22, Icon::Start),
            (24, Icon::Plus(2)),
            (26, Icon::Hand),
            (28, Icon::Arrow),
        ] {
            icons[space] = icon;
        }
        let kinds = 8u8;
        let faces = (0..kinds)
            .map(|k| <[Icon; 3]>::try_from(rules.tile_faces(k)).unwrap())
            .collect();
        let counts = [6, 4, 2, 4, 4, 3, 4, 3];
        let tiles = (0..kinds)
            .flat_map(|k| std::iter::repeat_n(k, counts[k as usize]))
            .collect();
        let points = [
            [7, 5, 4, 3],
            [6, 4, 3, 2],
            [5, 3, 2, 1],
            [5, 3, 2, 1],
            [5, 3, 2, 1],
        ];
        Plain {
            icons,
            faces,
            tiles,
            removed: [0, 0, 8, 6, 4, 2, 0],
            points,
        }
    }

    /// Plays game `index` of a run with master seed `master` among `n` random players.
    pub fn play(&self, n: usize, master: u64, index: u64) -> PlainResult {
        let seed = game_seed(master, index);
        let mut g = Game {
            p: self,
            n,
            pos: [[HOME; 5]; 6],
            place: [[0; 5]; 6],
            finishers: [0; 5],
            occ: 0,
            hand: [31; 6],
            played: [0; 6],
            token: 0,
            slots: [0; 5],
            supply: [0; 30],
            supply_len: 30,
            ran_out: false,
            chance: stream_rng(seed, Stream::Chance),
            bots: std::array::from_fn(|s| stream_rng(seed, Stream::Bot(s as u8))),
        };
        g.supply.copy_from_slice(&self.tiles);
        g.supply.shuffle(&mut g.chance);
        g.supply_len -= self.removed[n];
        for slot in 0..5 {
            g.supply_len -= 1;
            g.slots[slot] = g.supply[g.supply_len];
        }
        g.run()
    }
}

impl Game<'_> {
    fn run(&mut self) -> PlainResult {
        let n = self.n;
        let mut rounds = 0;
        loop {
            let leader = self.token;
            let mut commit = [0usize; 6];
            for i in 0..n {
                let s = (leader + i) % n;
                commit[s] = pick_bit(&mut self.bots[s], self.hand[s]);
                self.hand[s] &= !(1 << commit[s]);
            }
            for i in 0..n {
                let s = (leader + i) % n;
                let card = commit[s];
                self.played[s] |= 1 << card;
                if card == 0 {
                    let free = self.unfinished(s) & 0b111;
                    if free != 0 {
                        let r = pick_bit(&mut self.bots[s], free);
                        self.go(s, r, 1);
                    }
                } else if self.pos[s][card] != DONE && pick(&mut self.bots[s], 2) == 0 {
                    self.go(s, card, card + 1);
                } else {
                    match card {
                        1 => self.collect(s),
                        2 => self.roll(s),
                        3 => self.shift(),
                        _ => self.give_token(s),
                    }
                }
            }
            for s in 0..n {
                if self.hand[s] == 0 {
                    self.collect(s);
                }
            }
            rounds += 1;
            let three = (0..n).any(|s| self.pos[s].iter().filter(|&&p| p == DONE).count() >= 3);
            let cause = if three {
                0
            } else if self.ran_out {
                1
            } else if rounds >= 500 {
                2
            } else {
                continue;
            };
            return self.score(rounds, cause);
        }
    }

    fn collect(&mut self, s: usize) {
        self.hand[s] |= self.played[s];
        self.played[s] = 0;
    }

    fn unfinished(&self, s: usize) -> u8 {
        (0..5)
            .filter(|&r| self.pos[s][r] != DONE)
            .fold(0, |m, r| m | 1 << r)
    }

    fn give_token(&mut self, s: usize) {
        let i = pick(&mut self.bots[s], self.n - 1);
        self.token = if i < self.token { i } else { i + 1 };
    }

    /// Rolls the die for seat `s` and moves what it shows.
    fn roll(&mut self, s: usize) {
        let face = self.chance.random_range(0..6u8) as usize;
        if face == 5 {
            let free = self.unfinished(s);
            if free != 0 {
                let r = pick_bit(&mut self.bots[s], free);
                self.go(s, r, 1);
            }
        } else if self.pos[s][face] != DONE {
            self.go(s, face, face + 1);
        }
    }

    fn icon(&self, space: usize) -> Option<Icon> {
        if (6..21).contains(&space) {
            let tile = self.slots[(space - 6) / 3];
            (tile != WATER).then(|| self.p.faces[tile as usize][(space - 6) % 3])
        } else {
            Some(self.p.icons[space])
        }
    }

    fn go(&mut self, s: usize, r: usize, k: usize) {
        let from = self.pos[s][r];
        let mut to = if from == HOME {
            k - 1
        } else {
            from as usize + k
        };
        if from != HOME {
            self.occ &= !(1 << from);
        }
        while to < 30 && self.occ & 1 << to != 0 {
            to += 1;
        }
        if to >= 30 {
            self.finishers[r] += 1;
            self.place[s][r] = self.finishers[r];
            self.pos[s][r] = DONE;
            return;
        }
        let Some(icon) = self.icon(to) else {
            self.pos[s][r] = HOME;
            return;
        };
        self.pos[s][r] = to as u8;
        self.occ |= 1 << to;
        match icon {
            Icon::Blank => {}
            Icon::Plus(m) => self.go(s, r, m as usize),
            Icon::Start => self.give_token(s),
            Icon::Arrow => self.shift(),
            Icon::Hand => self.collect(s),
            Icon::Die => self.roll(s),
        }
    }

    fn shift(&mut self) {
        for s in 0..self.n {
            for r in 0..5 {
                let p = self.pos[s][r];
                if (18..21).contains(&p) {
                    self.pos[s][r] = HOME;
                } else if (6..18).contains(&p) {
                    self.pos[s][r] += 3;
                }
            }
        }
        self.slots.copy_within(0..4, 1);
        if self.supply_len == 0 {
            self.slots[0] = WATER;
            self.ran_out = true;
        } else {
            self.supply_len -= 1;
            self.slots[0] = self.supply[self.supply_len];
        }
        self.occ = 0;
        for s in 0..self.n {
            for &p in &self.pos[s] {
                if p < 30 {
                    self.occ |= 1 << p;
                }
            }
        }
    }

    fn score(&self, rounds: u32, cause: u8) -> PlainResult {
        let scores: [i32; 6] = std::array::from_fn(|s| {
            (0..5)
                .filter(|&r| self.pos[s][r] == DONE)
                .map(|r| self.p.points[r][(self.place[s][r] as usize).min(4) - 1])
                .sum()
        });
        // Written differently from the engine on purpose, so that the differential test
        // checks the tie-break too: a seat wins when no other seat beats it, and a seat
        // beats another with more points or, on equal points, with the first race (1 to 5)
        // where their places differ going its way (finished beats unfinished).
        let beats = |a: usize, b: usize| {
            if scores[a] != scores[b] {
                return scores[a] > scores[b];
            }
            for r in 0..5 {
                match (self.place[a][r], self.place[b][r]) {
                    (x, y) if x == y => continue,
                    (0, _) => return false,
                    (_, 0) => return true,
                    (x, y) => return x < y,
                }
            }
            false
        };
        let winners = (0..self.n)
            .filter(|&a| !(0..self.n).any(|b| beats(b, a)))
            .fold(0, |m, s| m | 1 << s);
        PlainResult {
            scores,
            winners,
            rounds,
            cause,
        }
    }
}
