//! The state of one game: fixed-size, plain data, cheap to clone.

use arrayvec::ArrayVec;
use floe_core::{MAX_SEATS, Seat};

use crate::pieces::{ALL_CARDS, Card, CardSet, Icon, RACERS, Racer};
use crate::rules::{MAX_SLOTS, MAX_TILE_KINDS, MAX_TILES, MAX_TRACK};

/// A set of track spaces, one bit each (so a track has at most [`MAX_TRACK`] spaces).
pub(crate) type Spaces = u64;
const _: () = assert!(MAX_TRACK <= Spaces::BITS as usize);

/// `pos` value of a racer at home (before space 0).
pub(crate) const HOME: u8 = 0xFF;
/// `pos` value of a racer that finished (on the point board).
pub(crate) const FINISHED: u8 = 0xFE;
/// `slots` value of a slot with no tile: open water.
pub(crate) const WATER: u8 = 0xFF;
/// `committed` value of a seat with no face-down card.
pub(crate) const NO_CARD: u8 = 0xFF;

/// Where a racer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// Off the track, before space 0.
    Home,
    /// On a track space.
    On(u8),
    /// On the point board, with its place in its race (1 = first).
    Finished(u8),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum EndCause {
    /// A player had three or more finished racers at the end of a round.
    ThreeFinished = 0,
    /// A shift found the supply empty during the round.
    TilesExhausted = 1,
    /// The round limit was reached.
    RoundLimit = 2,
}

/// The end-cause names, indexed by [`EndCause`] discriminant.
pub const END_CAUSES: [&str; 3] = ["three-finished", "tiles-exhausted", "round-limit"];

impl EndCause {
    /// Returns the end cause's name as written in CSV files.
    pub fn name(self) -> &'static str {
        END_CAUSES[self as usize]
    }
}

/// Which question is pending. Every question of a round goes to the seat whose turn it
/// is in the round's order (`step` places after the leader): only its own card sets off a
/// chain, so it is also the one who gives the token away or moves on a black die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Pick a card to play face down.
    Commit,
    /// Pick an action of the revealed card.
    Reveal,
    /// Pick who gets the start token (start icon or snowmobile B).
    GiveToken,
    /// The die showed black: pick which unfinished racer moves one space.
    BlackDie,
    /// The game is over.
    Over(EndCause),
}

/// The full state of one game of Arctic Race, hidden parts included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) players: u8,
    /// Track space per seat and racer, or [`HOME`] / [`FINISHED`].
    pub(crate) pos: [[u8; RACERS]; MAX_SEATS],
    /// Place in its race per seat and racer (1 = first); 0 while unfinished.
    pub(crate) place: [[u8; RACERS]; MAX_SEATS],
    /// Racers finished so far per race.
    pub(crate) finishers: [u8; RACERS],
    /// Bit `s` is set when track space `s` holds a racer.
    pub(crate) occupied: Spaces,
    /// Cards in hand per seat (a committed card is no longer in hand).
    pub(crate) hand: [CardSet; MAX_SEATS],
    /// Cards on the played pile per seat.
    pub(crate) played: [CardSet; MAX_SEATS],
    /// The face-down card per seat this round, or [`NO_CARD`].
    pub(crate) committed: [u8; MAX_SEATS],
    /// The card whose action is being carried out.
    pub(crate) active_card: Card,
    pub(crate) token: Seat,
    /// Start-token holder at the start of the round: the first to commit and reveal.
    pub(crate) leader: Seat,
    /// The seat committing or revealing: the round's order runs clockwise from the
    /// leader, and ends when it comes back to the leader.
    pub(crate) actor: Seat,
    pub(crate) phase: Phase,
    /// Tile kind per river slot, or [`WATER`].
    pub(crate) slots: [u8; MAX_SLOTS],
    /// What a racer landing on each track space meets: its icon, or `None` for open
    /// water. Derived from the layout and `slots`, laid at setup and on every shift, so
    /// that a move finds its landing with one load.
    pub(crate) track: [Option<Icon>; MAX_TRACK],
    /// The face-down supply; its top is the last element. Hidden.
    pub(crate) supply: ArrayVec<u8, MAX_TILES>,
    /// Tiles removed at setup. Hidden.
    pub(crate) removed: ArrayVec<u8, MAX_TILES>,
    /// Tiles pushed out of slot 4 per kind (seen by all before they left).
    pub(crate) gone: [u8; MAX_TILE_KINDS],
    pub(crate) supply_ran_out: bool,
    /// Some seat has three or more finished racers (set when a racer finishes).
    pub(crate) three_finished: bool,
    /// Rounds completed.
    pub(crate) round: u32,
}

impl State {
    /// Returns a state with every racer home, every hand full, seat 0 holding the start
    /// token, the river empty (open water) and no tiles anywhere. Setup and scenario
    /// builders fill in the rest.
    pub(crate) fn bare(players: usize) -> State {
        State {
            players: players as u8,
            pos: [[HOME; RACERS]; MAX_SEATS],
            place: [[0; RACERS]; MAX_SEATS],
            finishers: [0; RACERS],
            occupied: 0,
            hand: [ALL_CARDS; MAX_SEATS],
            played: [0; MAX_SEATS],
            committed: [NO_CARD; MAX_SEATS],
            active_card: Card::OneTwoThree,
            token: Seat(0),
            leader: Seat(0),
            actor: Seat(0),
            phase: Phase::Commit,
            slots: [WATER; MAX_SLOTS],
            track: [None; MAX_TRACK],
            supply: ArrayVec::new(),
            removed: ArrayVec::new(),
            gone: [0; MAX_TILE_KINDS],
            supply_ran_out: false,
            three_finished: false,
            round: 0,
        }
    }

    /// Returns the number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// Returns where `racer` of `seat` is.
    pub fn position(&self, seat: Seat, racer: Racer) -> Position {
        match self.pos[seat.index()][racer.index()] {
            HOME => Position::Home,
            FINISHED => Position::Finished(self.place[seat.index()][racer.index()]),
            space => Position::On(space),
        }
    }

    /// Returns whether `racer` of `seat` has finished.
    pub fn is_finished(&self, seat: Seat, racer: Racer) -> bool {
        self.pos[seat.index()][racer.index()] == FINISHED
    }

    /// Returns the number of finished racers of `seat`.
    pub fn finished_count(&self, seat: Seat) -> u8 {
        self.pos[seat.index()]
            .iter()
            .filter(|&&p| p == FINISHED)
            .count() as u8
    }

    /// Returns the set of `seat`'s racers still running (not finished), bit r for racer r.
    #[inline]
    pub(crate) fn running(&self, seat: Seat) -> u8 {
        let pos = &self.pos[seat.index()];
        (0..RACERS).fold(0, |set, r| set | u8::from(pos[r] != FINISHED) << r)
    }

    /// Returns the cards in `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hand[seat.index()]
    }

    /// Returns the cards on `seat`'s played pile.
    pub fn played(&self, seat: Seat) -> CardSet {
        self.played[seat.index()]
    }

    /// Returns the card `seat` has committed face down this round and not yet revealed.
    pub fn committed(&self, seat: Seat) -> Option<Card> {
        let c = self.committed[seat.index()];
        (c != NO_CARD).then(|| Card::ALL[c as usize])
    }

    /// Returns the start-token holder.
    pub fn token_holder(&self) -> Seat {
        self.token
    }

    /// Returns the seat that commits and reveals first this round.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// Returns the pending question.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Returns the tile kind in river slot `slot`, or `None` for open water.
    pub fn slot(&self, slot: usize) -> Option<u8> {
        (self.slots[slot] != WATER).then_some(self.slots[slot])
    }

    /// Returns the number of tiles left in the supply.
    pub fn supply_len(&self) -> usize {
        self.supply.len()
    }

    /// Returns the tile kinds in the face-down supply, its top last. Hidden from every
    /// seat (bots see only a `View`); for tests and tools.
    pub fn supply(&self) -> &[u8] {
        &self.supply
    }

    /// Returns the tile kinds removed face down at setup. Hidden from every seat.
    pub fn removed(&self) -> &[u8] {
        &self.removed
    }

    /// Returns the number of rounds completed.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Returns the seat whose commit or reveal is current (meaningful in those phases).
    #[inline]
    pub(crate) fn current(&self) -> Seat {
        self.actor
    }

    /// Moves on to the next seat in the round's order; returns `false` when the order
    /// has come back round to the leader (every seat has had its turn).
    #[inline]
    pub(crate) fn next_in_order(&mut self) -> bool {
        let next = self.actor.0 + 1;
        self.actor = Seat(if next == self.players { 0 } else { next });
        self.actor != self.leader
    }

    /// Recomputes the occupancy mask from the racers' positions.
    pub(crate) fn rebuild_occupancy(&mut self) {
        self.occupied = 0;
        for seat in 0..self.players() {
            for &p in &self.pos[seat] {
                if p != HOME && p != FINISHED {
                    self.occupied |= 1 << p;
                }
            }
        }
    }

    /// Counts every card, racer and tile, for conservation checks: returns
    /// (cards per seat, racers per seat, tiles per kind). A seat whose card lies in two
    /// places at once (hand, pile, face down) counts `usize::MAX` cards.
    #[cfg(test)]
    pub(crate) fn census(
        &self,
        rules: &crate::Rules,
    ) -> ([usize; MAX_SEATS], [usize; MAX_SEATS], Vec<usize>) {
        let mut cards = [0; MAX_SEATS];
        let mut racers = [0; MAX_SEATS];
        for s in 0..self.players() {
            let committed = if self.committed[s] == NO_CARD {
                0
            } else {
                1u8 << self.committed[s]
            };
            let all = [self.hand[s], self.played[s], committed];
            cards[s] = all.iter().map(|m| m.count_ones() as usize).sum();
            if all[0] & all[1] != 0 || all[0] & all[2] != 0 || all[1] & all[2] != 0 {
                cards[s] = usize::MAX; // a card in two places at once
            }
            let len = rules.track_len as u8;
            racers[s] = self.pos[s]
                .iter()
                .filter(|&&p| p == HOME || p == FINISHED || p < len)
                .count();
        }
        let mut tiles = vec![0; rules.tile_kinds.len()];
        let placed = self.slots[..rules.slots].iter().filter(|&&k| k != WATER);
        for &k in placed.chain(&self.supply).chain(&self.removed) {
            tiles[k as usize] += 1;
        }
        for (kind, count) in tiles.iter_mut().enumerate() {
            *count += self.gone[kind] as usize;
        }
        (cards, racers, tiles)
    }
}

/// Builders for exact board situations (rule tests, puzzles, bot test positions), to
/// apply to a state from [`crate::ArcticRace::scenario`].
///
/// They set one fact at a time and keep derived data (occupancy) consistent; they do not
/// check that the situation could arise in play.
impl State {
    /// Puts `racer` of `seat` at `position`. A finished racer takes the next place in its race.
    pub fn put_racer(&mut self, seat: Seat, racer: Racer, position: Position) {
        let (s, r) = (seat.index(), racer.index());
        self.place[s][r] = 0;
        self.pos[s][r] = match position {
            Position::Home => HOME,
            Position::On(space) => space,
            Position::Finished(_) => {
                self.finishers[r] += 1;
                self.place[s][r] = self.finishers[r];
                FINISHED
            }
        };
        self.rebuild_occupancy();
        self.three_finished = Seat::all(self.players()).any(|s| self.finished_count(s) >= 3);
    }

    /// Sets `seat`'s hand and played pile.
    pub fn set_cards(&mut self, seat: Seat, hand: CardSet, played: CardSet) {
        self.hand[seat.index()] = hand;
        self.played[seat.index()] = played;
    }

    /// Gives the start token to `seat`, both as holder and as this round's leader.
    pub fn set_token(&mut self, seat: Seat) {
        self.token = seat;
        self.leader = seat;
        self.actor = seat;
    }

    /// Sets the number of rounds completed.
    pub fn set_round(&mut self, round: u32) {
        self.round = round;
    }

    /// Replaces the face-down supply (its top last) and the tiles removed at setup.
    ///
    /// # Panics
    /// Panics if either holds more than [`MAX_TILES`] tiles.
    pub fn set_hidden_tiles(&mut self, supply: &[u8], removed: &[u8]) {
        self.supply.clear();
        self.supply.extend(supply.iter().copied());
        self.removed.clear();
        self.removed.extend(removed.iter().copied());
    }

    /// Changes `seat`'s face-down card to `card`, which leaves its hand while the card it
    /// had face down goes back to its hand.
    ///
    /// # Panics
    /// Panics if `seat` has no card face down or does not hold `card`.
    pub fn change_committed(&mut self, seat: Seat, card: Card) {
        let s = seat.index();
        assert!(self.committed[s] != NO_CARD, "{seat} has no card face down");
        assert!(
            self.hand[s] & card.bit() != 0,
            "{seat} does not hold the {card}"
        );
        self.hand[s] = (self.hand[s] | 1 << self.committed[s]) & !card.bit();
        self.committed[s] = card as u8;
    }
}
