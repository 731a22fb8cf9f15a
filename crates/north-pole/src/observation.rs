//! What a seat sees: the [`Observation`] (the same for every seat, as nothing is private),
//! drawn as text for replays and people, and encoded as numbers for learning front ends.

use std::fmt;

use arrayvec::ArrayVec;
use floe_core::{EncodingLayout, Field, Fields, Tiler, tiled_len};
use serde::{Serialize, Serializer};

use crate::action::CardRef;
use crate::board::{Bits, Name, Square, at, bit, squares, turn, turn_bits};
use crate::card_words::card_key;
use crate::deck::{Card, EQUIPMENT, MOVEMENTS, StormColour};
use crate::ending::END_CAUSES;
use crate::engine::NorthPole;
use crate::map::SIDE_NAMES;
use crate::rules::MAX_PLAYERS;
use crate::state::{MAX_HAND, MAX_PACKS, PAWNS, Phase, Place, State};

/// One seat's public facts.
///
/// Serializes with squares by name (`"d4"`): `side` as its name (`"S"`), `pawns` as the
/// number of its pawns on each square that has any (`{"d1": 2}`), `igloos` as a list of
/// squares, `held` as a count per equipment type (`{"Husky": 1, ...}`), `board` as its
/// name (`"T1"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Its table side.
    #[serde(serialize_with = "side_name")]
    pub side: u8,
    /// The table squares with at least one of its pawns (serialized in `counts`).
    #[serde(skip)]
    pub pawns: Bits,
    /// Squares with one of its pawns in an igloo (table frame).
    #[serde(serialize_with = "square_names")]
    pub igloos: Bits,
    /// Pawns per table square (only squares of `pawns` are set).
    #[serde(rename = "pawns", serialize_with = "pawn_counts")]
    pub counts: [u8; 64],
    /// Pawns on the ship.
    pub ship: u8,
    /// Pawns on the scoreboard.
    pub pole: u8,
    /// Equipment held by type (in [`EQUIPMENT`] order).
    #[serde(serialize_with = "by_equipment")]
    pub held: [u8; EQUIPMENT.len()],
    /// The cards in its full Backpacks, the first filled first.
    #[serde(serialize_with = "list")]
    pub packs: ArrayVec<CardRef, MAX_PACKS>,
    /// Its team board (0 for T1).
    #[serde(serialize_with = "board_name")]
    pub board: u8,
}

/// Everything public in a state, in the table frame: the page's *What each player knows*.
/// The draw pile is known as a set (its order is hidden), the face-down discs as places.
///
/// Serializes (for front ends, as JSON) with squares by name (`"d4"`), square sets as
/// lists of names, card sets as lists of card ids, the end cause by name
/// (`"pole-reached"`), the card groups by table side name (`{"S": [...], ...}`) and the
/// cracks as the squares whose east and north edges are cracked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// Seats at the table.
    pub players: u8,
    /// The seat asked, or `None` once the game is over.
    pub to_act: Option<u8>,
    /// The round, from 1.
    pub round: u32,
    /// The question pending.
    pub phase: Phase,
    /// The end cause once over.
    #[serde(serialize_with = "end_cause_name")]
    pub end_cause: Option<u8>,
    /// Clockwise quarter turns of the top board.
    pub rotation: u8,
    /// The North Pole disc's orientation.
    pub orientation: u8,
    /// Open entries (table squares, holes or not).
    #[serde(rename = "open_entries", serialize_with = "square_names")]
    pub open: Bits,
    /// Each seat's pieces and discs.
    #[serde(serialize_with = "list")]
    pub seats: ArrayVec<SeatView, MAX_PLAYERS>,
    /// The bear's table square.
    #[serde(serialize_with = "square_name")]
    pub bear: Option<Square>,
    /// Holes (table frame).
    #[serde(serialize_with = "square_names")]
    pub holes: Bits,
    /// Face-down discs on corners (table frame).
    #[serde(rename = "face_down_discs", serialize_with = "square_names")]
    pub masks: Bits,
    /// Whether the scoreboard still holds its face-down disc.
    pub scoreboard_disc: bool,
    /// The card group on each table side (S, W, N, E).
    #[serde(rename = "cards_by_side", serialize_with = "by_side")]
    pub groups: [ArrayVec<CardRef, MAX_HAND>; 4],
    /// The draw pile's cards (a set: the order is hidden).
    #[serde(rename = "draw_pile", serialize_with = "card_ids")]
    pub draw: u128,
    /// The storm colour of its top card, where the rules make it public.
    pub top_colour: Option<StormColour>,
    /// The discard pile.
    #[serde(rename = "discard_pile", serialize_with = "card_ids")]
    pub discard: u128,
    /// The storm pile and its total.
    #[serde(rename = "storm_pile", serialize_with = "card_ids")]
    pub storm: u128,
    /// The storm pile's points.
    pub storm_total: u16,
    /// The storm threshold at this table.
    pub threshold: u8,
    /// Discs in the stack.
    pub stack: u8,
    /// Cracks in effect (table frame): bit `s` of `.0` for the edge east of `s`, of `.1`
    /// for the edge north of `s`.
    #[serde(serialize_with = "cracks")]
    pub cracked: (Bits, Bits),
    /// Base camps, weak ice.
    #[serde(rename = "base_camps", serialize_with = "square_names")]
    pub camps: Bits,
    /// The weak ice.
    #[serde(rename = "weak_ice", serialize_with = "square_names")]
    pub weak: Bits,
    /// Whether the team variant is played.
    pub team_play: bool,
}

/// Serializes a square by name (`"d4"`).
fn square_name<S: Serializer>(square: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
    match square {
        Some(sq) => s.collect_str(&Name(*sq)),
        None => s.serialize_none(),
    }
}

/// Serializes a set of squares as their names, in index order (a1, b1, ..., h8).
fn square_names<S: Serializer>(bits: &Bits, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(squares(*bits).map(|sq| Name(sq).to_string()))
}

/// Serializes pawns per square as a map from the names of the squares that hold any.
fn pawn_counts<S: Serializer>(counts: &[u8; 64], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(
        (0..64u8)
            .filter(|&sq| counts[usize::from(sq)] > 0)
            .map(|sq| (Name(sq).to_string(), counts[usize::from(sq)])),
    )
}

/// Serializes a set of card ids as the list of its ids, lowest first.
fn card_ids<S: Serializer>(set: &u128, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq((0..128u8).filter(|&c| set & 1 << c != 0))
}

/// Serializes a list (an `ArrayVec`) as a sequence.
fn list<T: Serialize, const N: usize, S: Serializer>(
    items: &ArrayVec<T, N>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(items.iter())
}

/// Serializes a table side by name (`"S"`).
fn side_name<S: Serializer>(side: &u8, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(SIDE_NAMES[usize::from(*side)])
}

/// Serializes a team board by name (`"T1"`).
fn board_name<S: Serializer>(board: &u8, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("T{}", board + 1))
}

/// Serializes per-equipment counts as a map from the equipment names.
fn by_equipment<S: Serializer>(held: &[u8; EQUIPMENT.len()], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(EQUIPMENT.iter().map(|d| d.name()).zip(held))
}

/// Serializes the card groups as a map from the table side names.
fn by_side<S: Serializer>(
    groups: &[ArrayVec<CardRef, MAX_HAND>; 4],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(SIDE_NAMES.iter().zip(groups.iter().map(|g| g.as_slice())))
}

/// Serializes the end cause by name.
fn end_cause_name<S: Serializer>(cause: &Option<u8>, s: S) -> Result<S::Ok, S::Error> {
    match cause {
        Some(c) => s.serialize_str(END_CAUSES[usize::from(*c)]),
        None => s.serialize_none(),
    }
}

/// Serializes the cracks in effect as the squares whose east edge and those whose north
/// edge is cracked.
fn cracks<S: Serializer>(cracked: &(Bits, Bits), s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Cracks {
        #[serde(serialize_with = "square_names")]
        east_of: Bits,
        #[serde(serialize_with = "square_names")]
        north_of: Bits,
    }
    Cracks {
        east_of: cracked.0,
        north_of: cracked.1,
    }
    .serialize(s)
}

fn count(set: u128) -> u32 {
    set.count_ones()
}

impl Observation {
    /// Returns what every seat knows of `st`.
    pub fn of(game: &NorthPole, st: &State) -> Observation {
        let rules = &game.rules;
        let seen = TableView::new(game, st);
        let players = st.players();
        let seats = (0..players)
            .map(|p| {
                let player = &st.seats[p];
                let mut counts = [0u8; 64];
                let mut pawns = 0;
                for place in player.pawns() {
                    if let Place::Board(s) = *place {
                        let t = turn(s, st.rotation);
                        pawns |= bit(t);
                        counts[usize::from(t)] += 1;
                    }
                }
                SeatView {
                    side: rules.side(players, p),
                    pawns,
                    igloos: seen.igloos(p),
                    counts,
                    ship: player.on_ship(),
                    pole: player.at_pole(),
                    held: player.held,
                    packs: player.packs.iter().map(|&c| game.card_ref(c)).collect(),
                    board: player.board,
                }
            })
            .collect();
        let groups = std::array::from_fn(|side| {
            st.groups[st.group_of(side as u8)]
                .iter()
                .map(|&c| game.card_ref(c))
                .collect()
        });
        let over = st.is_over();
        Observation {
            players: st.players,
            to_act: seen.to_act(),
            round: seen.round(),
            phase: st.phase,
            end_cause: over.then_some(st.end_cause),
            rotation: st.rotation,
            orientation: st.orientation,
            open: seen.open(),
            seats,
            bear: seen.bear(),
            holes: seen.holes(),
            masks: seen.masks(),
            scoreboard_disc: seen.scoreboard_disc(),
            groups,
            draw: st.draw.iter().fold(0u128, |a, &c| a | 1 << c),
            top_colour: seen.top_colour(),
            discard: st.discard,
            storm: st.storm,
            storm_total: st.storm_total,
            threshold: seen.threshold(),
            stack: seen.stack(),
            cracked: seen.cracked(),
            camps: rules.geo.all_camps,
            weak: rules.geo.weak,
            team_play: rules.team_play,
        }
    }

    /// Returns what table square `s` shows: its pieces, else its mark (possibly longer
    /// than the drawing's three characters, on a crowded shared square).
    fn cell(&self, s: Square) -> String {
        let mut text = String::new();
        for (p, seat) in self.seats.iter().enumerate() {
            for _ in 0..seat.counts[usize::from(s)] {
                text.push(char::from(b'0' + p as u8));
            }
            if seat.igloos & bit(s) != 0 {
                text.push('^');
            }
        }
        if self.bear == Some(s) {
            text.push('b');
        }
        if text.is_empty() {
            let mark = if self.holes & bit(s) != 0 {
                "X"
            } else if self.masks & bit(s) != 0 {
                "?"
            } else if self.open & bit(s) != 0 {
                "*"
            } else if self.weak & bit(s) != 0 {
                ":"
            } else if self.camps & bit(s) != 0 {
                "."
            } else {
                ""
            };
            text.push_str(mark);
        }
        text
    }
}

/// Writes the names of `cards`, comma-separated.
fn card_list(cards: &[CardRef]) -> String {
    if cards.is_empty() {
        return "none".into();
    }
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Observation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_board(f)?;
        let open: Vec<String> = squares(self.open).map(|s| Name(s).to_string()).collect();
        writeln!(
            f,
            "top board turned {} clockwise; disc orientation {}, open entries {}",
            floe_io::count(self.rotation, "quarter"),
            self.orientation,
            open.join(" ")
        )?;
        self.write_seats(f)?;
        for (side, group) in self.groups.iter().enumerate() {
            writeln!(
                f,
                "cards on side {}: {}",
                SIDE_NAMES[side],
                card_list(group)
            )?;
        }
        // A key under the cards: `50 (Dash A 2)` says little to a newcomer.
        let packed = self.seats.iter().flat_map(|s| s.packs.iter());
        if let Some(key) = card_key(self.groups.iter().flatten().chain(packed).copied()) {
            writeln!(f, "{key}")?;
        }
        let top = self
            .top_colour
            .map_or(String::new(), |c| format!(", top card {}", c.name()));
        writeln!(
            f,
            "storm pile {} of {} ({}); draw pile {}{top}; discard pile {}; stack {}; scoreboard disc {}",
            self.storm_total,
            self.threshold,
            floe_io::count(count(self.storm), "card"),
            floe_io::count(count(self.draw), "card"),
            count(self.discard),
            floe_io::count(self.stack, "disc"),
            if self.scoreboard_disc {
                "face down"
            } else {
                "taken"
            }
        )?;
        if let Some(cause) = self.end_cause {
            writeln!(f, "game over: {}", END_CAUSES[usize::from(cause)])?;
        }
        Ok(())
    }
}

impl Observation {
    /// Writes the board: each square's pieces, cracks in effect, and the key.
    fn write_board(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (east, north) = self.cracked;
        writeln!(f, "    a   b   c   d   e   f   g   h")?;
        // Squares with more pieces than a cell shows: drawn cut with `+`, listed in full.
        let mut crowded = Vec::new();
        for y in (0..8u8).rev() {
            // The edge line north of rank y.
            let mut line = String::from("  +");
            for x in 0..8u8 {
                let s = at(x, y);
                let cracked = y < 7 && north & bit(s) != 0;
                line.push_str(if cracked { "===+" } else { "---+" });
            }
            writeln!(f, "{line}")?;
            let mut row = format!("{} |", y + 1);
            for x in 0..8u8 {
                let s = at(x, y);
                let cell = self.cell(s);
                if cell.len() > 3 {
                    row.push_str(&format!("{}+", &cell[..2]));
                    crowded.push(format!("{} {cell}", Name(s)));
                } else {
                    row.push_str(&format!("{cell:^3}"));
                }
                row.push(if x < 7 && east & bit(s) != 0 {
                    '#'
                } else {
                    '|'
                });
            }
            writeln!(f, "{row}")?;
        }
        writeln!(f, "  +---+---+---+---+---+---+---+---+")?;
        if !crowded.is_empty() {
            writeln!(f, "  crowded squares: {}", crowded.join(", "))?;
        }
        writeln!(
            f,
            "  0-3 pawns by seat (^ igloo), b bear, X hole, ? face-down disc, * open entry, : weak ice, . base camp; # and === cracks in effect"
        )?;
        Ok(())
    }

    /// Writes each seat's line: side, team, board, ship, Pole, discs and backpack cards.
    fn write_seats(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (p, seat) in self.seats.iter().enumerate() {
            let discs: Vec<String> = EQUIPMENT
                .iter()
                .filter(|d| seat.held[d.index()] > 0)
                .map(|d| format!("{d} x{}", seat.held[d.index()]))
                .collect();
            let team = if self.team_play {
                format!(", team {}", p % 2 + 1)
            } else {
                String::new()
            };
            writeln!(
                f,
                "seat {p} (side {}{team}, board T{}): ship {}, Pole {}, discs: {}{}",
                SIDE_NAMES[usize::from(seat.side)],
                seat.board + 1,
                seat.ship,
                seat.pole,
                if discs.is_empty() {
                    "none".into()
                } else {
                    discs.join(", ")
                },
                if seat.packs.is_empty() {
                    String::new()
                } else {
                    format!("; backpack cards: {}", card_list(&seat.packs))
                }
            )?;
        }
        Ok(())
    }
}

/// What [`encode`] reads of what every seat sees, in the table frame. An [`Observation`]
/// holds it, and [`TableView`] reads it straight off a state: so `Game::encode_seen` writes
/// the encoding without building the observation (its pawn counts per square, its card
/// lists, its draw pile as a set, which the encoding only counts), and both write it with
/// the same code.
pub(crate) trait Shown {
    /// Seats at the table.
    fn players(&self) -> usize;
    /// Writes seat `p`'s pawns on each table square (a count) into `plane`, all 0 before.
    fn pawns(&self, p: usize, plane: &mut [f32]);
    /// The table squares with one of seat `p`'s pawns in an igloo.
    fn igloos(&self, p: usize) -> Bits;
    /// Seat `p`'s pawns on the ship.
    fn ship(&self, p: usize) -> u8;
    /// Seat `p`'s pawns on the scoreboard.
    fn pole(&self, p: usize) -> u8;
    /// Seat `p`'s equipment held by type (in [`EQUIPMENT`] order).
    fn held(&self, p: usize) -> [u8; EQUIPMENT.len()];
    /// Seat `p`'s full Backpacks.
    fn packs(&self, p: usize) -> usize;
    /// The cards of the group on table side `side` (S, W, N, E).
    fn group(&self, side: usize) -> impl Iterator<Item = Card>;
    /// The bear's table square.
    fn bear(&self) -> Option<Square>;
    /// Holes.
    fn holes(&self) -> Bits;
    /// Face-down discs on corners.
    fn masks(&self) -> Bits;
    /// Open entries.
    fn open(&self) -> Bits;
    /// Cracks in effect, as [`Observation::cracked`].
    fn cracked(&self) -> (Bits, Bits);
    /// The storm pile's points.
    fn storm_total(&self) -> u16;
    /// The storm threshold at this table.
    fn threshold(&self) -> u8;
    /// Cards in the draw pile.
    fn draw_len(&self) -> usize;
    /// The discard pile.
    fn discard(&self) -> u128;
    /// Discs in the stack.
    fn stack(&self) -> u8;
    /// The round, from 1.
    fn round(&self) -> u32;
    /// Clockwise quarter turns of the top board.
    fn rotation(&self) -> u8;
    /// The North Pole disc's orientation.
    fn orientation(&self) -> u8;
    /// The seat asked, or `None` once the game is over.
    fn to_act(&self) -> Option<u8>;
    /// The storm colour of the draw pile's top card, where the rules make it public.
    fn top_colour(&self) -> Option<StormColour>;
    /// Whether the scoreboard still holds its face-down disc.
    fn scoreboard_disc(&self) -> bool;
}

impl Shown for Observation {
    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn pawns(&self, p: usize, plane: &mut [f32]) {
        let seat = &self.seats[p];
        for s in squares(seat.pawns) {
            plane[usize::from(s)] = f32::from(seat.counts[usize::from(s)]);
        }
    }

    fn igloos(&self, p: usize) -> Bits {
        self.seats[p].igloos
    }

    fn ship(&self, p: usize) -> u8 {
        self.seats[p].ship
    }

    fn pole(&self, p: usize) -> u8 {
        self.seats[p].pole
    }

    fn held(&self, p: usize) -> [u8; EQUIPMENT.len()] {
        self.seats[p].held
    }

    fn packs(&self, p: usize) -> usize {
        self.seats[p].packs.len()
    }

    fn group(&self, side: usize) -> impl Iterator<Item = Card> {
        self.groups[side].iter().map(|c| c.card())
    }

    fn bear(&self) -> Option<Square> {
        self.bear
    }

    fn holes(&self) -> Bits {
        self.holes
    }

    fn masks(&self) -> Bits {
        self.masks
    }

    fn open(&self) -> Bits {
        self.open
    }

    fn cracked(&self) -> (Bits, Bits) {
        self.cracked
    }

    fn storm_total(&self) -> u16 {
        self.storm_total
    }

    fn threshold(&self) -> u8 {
        self.threshold
    }

    fn draw_len(&self) -> usize {
        count(self.draw) as usize
    }

    fn discard(&self) -> u128 {
        self.discard
    }

    fn stack(&self) -> u8 {
        self.stack
    }

    fn round(&self) -> u32 {
        self.round
    }

    fn rotation(&self) -> u8 {
        self.rotation
    }

    fn orientation(&self) -> u8 {
        self.orientation
    }

    fn to_act(&self) -> Option<u8> {
        self.to_act
    }

    fn top_colour(&self) -> Option<StormColour> {
        self.top_colour
    }

    fn scoreboard_disc(&self) -> bool {
        self.scoreboard_disc
    }
}

/// A state as every seat sees it, in the table frame: the one reading of the state behind
/// [`Observation::of`] and `Game::encode_seen` alike.
pub(crate) struct TableView<'a> {
    game: &'a NorthPole,
    st: &'a State,
}

impl<'a> TableView<'a> {
    /// Returns the view of `st` under `game`'s rules.
    pub(crate) fn new(game: &'a NorthPole, st: &'a State) -> TableView<'a> {
        TableView { game, st }
    }

    /// Returns `s` in the table frame.
    fn turned(&self, s: Square) -> Square {
        turn(s, self.st.rotation)
    }
}

impl Shown for TableView<'_> {
    fn players(&self) -> usize {
        self.st.players()
    }

    fn pawns(&self, p: usize, plane: &mut [f32]) {
        for place in self.st.seats[p].pawns() {
            if let Place::Board(s) = *place {
                plane[usize::from(self.turned(s))] += 1.0;
            }
        }
    }

    fn igloos(&self, p: usize) -> Bits {
        turn_bits(self.st.seats[p].squares().1, self.st.rotation)
    }

    fn ship(&self, p: usize) -> u8 {
        self.st.seats[p].on_ship()
    }

    fn pole(&self, p: usize) -> u8 {
        self.st.seats[p].at_pole()
    }

    fn held(&self, p: usize) -> [u8; EQUIPMENT.len()] {
        self.st.seats[p].held
    }

    fn packs(&self, p: usize) -> usize {
        self.st.seats[p].packs.len()
    }

    fn group(&self, side: usize) -> impl Iterator<Item = Card> {
        let group = &self.st.groups[self.st.group_of(side as u8)];
        group.iter().map(|&c| self.game.rules.card(c))
    }

    fn bear(&self) -> Option<Square> {
        self.st.bear.map(|s| self.turned(s))
    }

    fn holes(&self) -> Bits {
        turn_bits(self.st.holes, self.st.rotation)
    }

    fn masks(&self) -> Bits {
        let discs = self.st.corner_discs.iter();
        discs.fold(0, |a, &(s, _)| a | bit(self.turned(s)))
    }

    fn open(&self) -> Bits {
        let (rules, r) = (&self.game.rules, self.st.rotation);
        turn_bits(rules.geo.open(rules.disc_kind(), r, self.st.orientation), r)
    }

    fn cracked(&self) -> (Bits, Bits) {
        self.game.rules.geo.cracked[usize::from(self.st.rotation)]
    }

    fn storm_total(&self) -> u16 {
        self.st.storm_total
    }

    fn threshold(&self) -> u8 {
        self.game.rules.threshold(self.st.players())
    }

    fn draw_len(&self) -> usize {
        self.st.draw.len()
    }

    fn discard(&self) -> u128 {
        self.st.discard
    }

    fn stack(&self) -> u8 {
        self.st.stack.len() as u8
    }

    fn round(&self) -> u32 {
        self.st.round + u32::from(!self.st.is_over())
    }

    fn rotation(&self) -> u8 {
        self.st.rotation
    }

    fn orientation(&self) -> u8 {
        self.st.orientation
    }

    fn to_act(&self) -> Option<u8> {
        (!self.st.is_over()).then_some(self.st.seat)
    }

    fn top_colour(&self) -> Option<StormColour> {
        let rules = &self.game.rules;
        let top = self.st.draw.last().filter(|_| rules.storm_colour_public);
        top.map(|&c| rules.card(c).colour)
    }

    fn scoreboard_disc(&self) -> bool {
        self.st.scoreboard_disc.is_some()
    }
}

/// Squares per side of the board: a plane is `SIDE` ranks of `SIDE` files.
const SIDE: usize = crate::board::SIDE as usize;
/// Numbers per seat: ship, Pole, each equipment type, full Backpacks.
const PER_SEAT: usize = 3 + EQUIPMENT.len();
/// Numbers per table side's group: a count per movement and mode, and its points.
const PER_GROUP: usize = MOVEMENTS.len() * 4 + 1;
/// The round that counts as 1 in the encoding: far beyond a game's usual length.
const ROUND_SCALE: f32 = 300.0;

/// The shape of a board plane, in the table frame: rank 1 to 8, each from file a to h.
const PLANE: &[usize] = &[SIDE, SIDE];

/// The fields of the encoding, in order (the same at every table size: per-seat fields
/// have a row for each of the most seats, all 0 for a seat the table lacks): the one
/// statement of the layout, which [`encoding_len`], [`encode`] and the docs all read. A
/// constant, so an encode does no layout work.
const FIELDS: [Field; 20] = {
    let mut tiler = Tiler::new();
    [
        tiler.field(
            "pawns",
            &[MAX_PLAYERS, SIDE, SIDE],
            "per seat, its pawns on each square (a count); a plane holds the squares rank by \
             rank from a1 (a1, b1, ..., h1, a2, ...), in the table frame",
        ),
        tiler.field("igloos", PLANE, "the squares with a pawn in an igloo"),
        tiler.field("bear", PLANE, "the bear's square"),
        tiler.field("holes", PLANE, "the holes"),
        tiler.field(
            "face_down_discs",
            PLANE,
            "the corners with a face-down disc",
        ),
        tiler.field("open_entries", PLANE, "the open entries"),
        tiler.field(
            "cracks_east",
            PLANE,
            "the squares whose edge to the east is cracked",
        ),
        tiler.field(
            "cracks_north",
            PLANE,
            "the squares whose edge to the north is cracked",
        ),
        tiler.field(
            "seats",
            &[MAX_PLAYERS, PER_SEAT],
            "per seat: pawns on the ship, pawns on the Pole, equipment held per type \
             (Husky, Snowshoes, Backpack, Igloo, Pickaxe, Compass), full Backpacks (counts)",
        ),
        tiler.field(
            "card_groups",
            &[4, PER_GROUP],
            "per table side (S, W, N, E), its card group: cards per movement (March, Swoop, \
             Gallop, Dash, Sling, Pinch), each by mode (A, B, C, -), then the group's points",
        ),
        tiler.field(
            "storm",
            &[1],
            "the storm pile's points / the storm threshold",
        ),
        tiler.field("draw_pile", &[1], "cards in the draw pile (a count)"),
        tiler.field("discard_pile", &[1], "cards in the discard pile (a count)"),
        tiler.field("stack", &[1], "discs in the stack (a count)"),
        tiler.field("round", &[1], "the round / 300"),
        tiler.field(
            "rotation",
            &[4],
            "clockwise quarter turns of the top board, one-hot",
        ),
        tiler.field(
            "orientation",
            &[4],
            "the North Pole disc's orientation, one-hot",
        ),
        tiler.field(
            "to_act",
            &[MAX_PLAYERS],
            "the seat asked, one-hot (all 0 once the game is over)",
        ),
        tiler.field(
            "top_colour",
            &[3],
            "the storm colour of the draw pile's top card (blue, red, purple), one-hot; all 0 \
             where the rules keep it hidden",
        ),
        tiler.field(
            "scoreboard_disc",
            &[1],
            "the scoreboard still holds its face-down disc (a flag)",
        ),
    ]
};

/// Returns the encoding's length (the same at every table size).
pub(crate) fn encoding_len() -> usize {
    tiled_len(&FIELDS)
}

impl EncodingLayout for NorthPole {
    fn encoding_layout(&self, _players: usize) -> Vec<Field> {
        FIELDS.to_vec()
    }
}

/// Writes what `seen` shows into `out` (of [`encoding_len`] numbers), field by field as
/// [`FIELDS`] lays them out.
pub(crate) fn encode(seen: &impl Shown, out: &mut [f32]) {
    out.fill(0.0);
    let mut fields = Fields::new(out, &FIELDS);
    let plane = |out: &mut [f32], bits: Bits| {
        for s in squares(bits) {
            out[usize::from(s)] = 1.0;
        }
    };
    let players = seen.players();
    let pawns = fields.take("pawns");
    for (p, out) in pawns
        .chunks_exact_mut(SIDE * SIDE)
        .take(players)
        .enumerate()
    {
        seen.pawns(p, out);
    }
    let igloos = fields.take("igloos");
    for p in 0..players {
        plane(igloos, seen.igloos(p));
    }
    plane(fields.take("bear"), seen.bear().map_or(0, bit));
    plane(fields.take("holes"), seen.holes());
    plane(fields.take("face_down_discs"), seen.masks());
    plane(fields.take("open_entries"), seen.open());
    let (east, north) = seen.cracked();
    plane(fields.take("cracks_east"), east);
    plane(fields.take("cracks_north"), north);
    let seats = fields.take("seats");
    for (p, out) in seats.chunks_exact_mut(PER_SEAT).take(players).enumerate() {
        out[0] = f32::from(seen.ship(p));
        out[1] = f32::from(seen.pole(p));
        for (k, &n) in seen.held(p).iter().enumerate() {
            out[2 + k] = f32::from(n);
        }
        out[2 + EQUIPMENT.len()] = seen.packs(p) as f32;
    }
    let groups = fields.take("card_groups");
    for (side, out) in groups.chunks_exact_mut(PER_GROUP).enumerate() {
        for card in seen.group(side) {
            out[card.movement as usize * 4 + card.mode as usize] += 1.0;
            out[PER_GROUP - 1] += f32::from(card.points);
        }
    }
    fields.take("storm")[0] = f32::from(seen.storm_total()) / f32::from(seen.threshold().max(1));
    fields.take("draw_pile")[0] = seen.draw_len() as f32;
    fields.take("discard_pile")[0] = count(seen.discard()) as f32;
    fields.take("stack")[0] = f32::from(seen.stack());
    fields.take("round")[0] = seen.round() as f32 / ROUND_SCALE;
    fields.take("rotation")[usize::from(seen.rotation())] = 1.0;
    fields.take("orientation")[usize::from(seen.orientation())] = 1.0;
    let to_act = fields.take("to_act");
    if let Some(seat) = seen.to_act() {
        to_act[usize::from(seat)] = 1.0;
    }
    let top_colour = fields.take("top_colour");
    if let Some(c) = seen.top_colour() {
        top_colour[c as usize] = 1.0;
    }
    fields.take("scoreboard_disc")[0] = f32::from(u8::from(seen.scoreboard_disc()));
    fields.finish();
}

const _: () = assert!(PAWNS <= 9, "a cell draws one digit per pawn");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_square;
    use crate::rules::Rules;
    use floe_core::{Stream, stream_rng};

    /// A two-player game dealt on the board's fixed start (no random rotation).
    fn fixed_start() -> (NorthPole, State) {
        let mut rules = Rules::standard();
        rules.random_start = false;
        let game = NorthPole::new(rules);
        let st = game.deal(2, &mut stream_rng(1, Stream::Chance), &mut |_| {});
        (game, st)
    }

    #[test]
    fn a_crowded_square_is_cut_in_the_grid_and_listed_in_full() {
        let (game, mut st) = fixed_start();
        let d1 = parse_square("d1").unwrap();
        for i in 0..PAWNS {
            st.seats[0].set_pawn(i, Place::Board(d1));
        }
        st.seats[0].set_igloo(0, true);
        st.seats[1].set_pawn(0, Place::Board(d1));
        let text = Observation::of(&game, &st).to_string();
        assert!(text.contains("1 | ? |   | . |00+| . |"), "{text}");
        assert!(text.contains("crowded squares: d1 0000^1\n"), "{text}");
    }

    #[test]
    fn an_observation_serializes_to_json_with_squares_and_cards_by_name() {
        let (game, mut st) = fixed_start();
        let json = |st: &State| serde_json::to_value(Observation::of(&game, st)).unwrap();
        let seen = json(&st);
        assert_eq!(seen["players"], 2);
        assert_eq!(seen["round"], 1);
        assert_eq!(seen["phase"], "travel");
        assert_eq!(seen["to_act"], 0);
        assert_eq!(seen["end_cause"], serde_json::Value::Null);
        assert_eq!(seen["bear"], serde_json::Value::Null);
        assert_eq!(
            seen["face_down_discs"],
            serde_json::json!(["a1", "h1", "a8", "h8"])
        );
        assert_eq!(seen["scoreboard_disc"], true);
        let seat = &seen["seats"][0];
        assert_eq!(seat["side"], "S");
        assert_eq!(seat["ship"], 4);
        assert_eq!(seat["pawns"], serde_json::json!({}));
        assert_eq!(seat["held"].as_object().unwrap().len(), EQUIPMENT.len());
        assert_eq!(seen["seats"][1]["side"], "N");
        // Every side's cards, by id and face.
        for (side, name) in SIDE_NAMES.iter().enumerate() {
            let group = &st.groups[st.group_of(side as u8)];
            let cards = seen["cards_by_side"][name].as_array().unwrap();
            assert_eq!(cards.len(), group.len(), "{name}");
            for (json, &id) in cards.iter().zip(group) {
                let card = game.rules.card(id);
                assert_eq!(json["id"], id);
                assert_eq!(json["movement"], card.movement.name());
                assert_eq!(json["points"], card.points);
            }
        }
        // The draw pile as a set of ids: its order, like the face-down discs, is hidden.
        let mut ids: Vec<u8> = st.draw.to_vec();
        ids.sort_unstable();
        assert_eq!(seen["draw_pile"], serde_json::json!(ids));
        let mut hidden = st.clone();
        let below_top = hidden.draw.len() - 1;
        hidden.draw[..below_top].reverse();
        hidden.corner_discs.reverse();
        assert_ne!(hidden, st);
        assert_eq!(json(&hidden), seen);
        // Pawns by square name, counted; igloos as a list of squares.
        let d1 = parse_square("d1").unwrap();
        for i in 0..PAWNS {
            st.seats[0].set_pawn(i, Place::Board(d1));
        }
        st.seats[0].set_igloo(0, true);
        st.seats[1].set_pawn(0, Place::Board(d1));
        let seen = json(&st);
        assert_eq!(seen["seats"][0]["pawns"], serde_json::json!({"d1": 4}));
        assert_eq!(seen["seats"][0]["igloos"], serde_json::json!(["d1"]));
        assert_eq!(seen["seats"][0]["ship"], 0);
        assert_eq!(seen["seats"][1]["pawns"], serde_json::json!({"d1": 1}));
    }
}

/// The encoding's fields, each shown by changing one fact of a state.
#[cfg(test)]
mod encoding_tests {
    use floe_conformance::{Fact, check_facts_show_in_their_fields, fields_changed};
    use floe_core::{Seat, Stream, stream_rng};

    use super::*;
    use crate::board::parse_square;
    use crate::rules::Rules;

    #[test]
    fn each_fact_changes_the_encoding_in_its_named_fields_only() {
        let mut rules = Rules::standard();
        rules.random_start = false;
        let game = NorthPole::new(rules);
        let base = game.deal(2, &mut stream_rng(1, Stream::Chance), &mut |_| {});
        fn d4() -> Square {
            parse_square("d4").unwrap()
        }
        // Each fact, as seat 0 sees it, and the fields it shows in.
        let changes: [Fact<State>; 13] = [
            ("a pawn leaves the ship", &["pawns", "seats"], |st| {
                st.seats[1].set_pawn(0, Place::Board(d4()))
            }),
            ("the bear", &["bear"], |st| st.bear = Some(d4())),
            ("a hole", &["holes"], |st| st.holes |= bit(d4())),
            ("equipment", &["seats"], |st| st.seats[1].held[0] += 1),
            ("a card group", &["card_groups"], |st| {
                let card = st.groups[0].pop().unwrap();
                st.groups[1].push(card);
            }),
            ("the storm", &["storm"], |st| st.storm_total += 1),
            // Its bottom card: the top card's colour stays.
            ("the draw pile", &["draw_pile"], |st| {
                st.draw.remove(0);
            }),
            ("the discard pile", &["discard_pile"], |st| st.discard |= 1),
            ("the stack", &["stack"], |st| {
                st.stack.pop();
            }),
            ("the round", &["round"], |st| st.round += 1),
            ("the seat to act", &["to_act"], |st| st.seat = 1),
            ("the scoreboard disc", &["scoreboard_disc"], |st| {
                st.scoreboard_disc = None
            }),
            ("a face-down disc", &["face_down_discs"], |st| {
                st.corner_discs.pop();
            }),
        ];
        check_facts_show_in_their_fields(&game, &base, Seat(0), &changes);
        let mut on_d4 = base.clone();
        on_d4.seats[0].set_pawn(0, Place::Board(d4()));
        let mut in_igloo = on_d4.clone();
        in_igloo.seats[0].set_igloo(0, true);
        let changed = fields_changed(&game, &in_igloo, &on_d4, Seat(0));
        assert_eq!(changed, ["igloos"], "a pawn in an igloo");
    }

    #[test]
    fn the_round_is_scaled_as_its_meaning_says() {
        let round = FIELDS.iter().find(|f| f.name == "round").unwrap();
        assert_eq!(round.meaning, format!("the round / {ROUND_SCALE}"));
    }
}
