//! What one seat knows ([`Observation`]), how a bid looks to each seat ([`ActionKey`]),
//! and the observation as a fixed-length vector.
//!
//! Public: the prize up, every past round (prize, revealed bids, taker), the scores, who
//! has bid this round, and so the cards each seat has not revealed yet. Private to a
//! seat: its own hand and its own bid this round. Hidden: the prize deck's order and the
//! bids others have made this round.

use std::fmt;

use floe_core::{Field, Fields, Seat, Tiler, tiled_len};
use serde::{Serialize, Serializer};

use crate::state::{Bid, NO_BID, NOBODY, State, cards_in};

/// `bids` value, in an observation, of another seat's face-down bid.
const FACE_DOWN: u8 = 0xFE;

/// What one seat knows of a game of Goofspiel: the state with every hidden part masked.
///
/// Another seat's face-down bid is marked as face down and counted back into the hand it
/// came from (the observer knows only that it is one of those cards); a shuffled prize deck
/// is kept in sorted order (its cards are known: the prizes not yet turned up), a deck the
/// rules stack in a known order as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The seat that observes.
    pub seat: Seat,
    /// The state, hidden parts masked.
    state: State,
    /// A narrator's view ([`Observation::whole`]): nothing masked, every hand and bid
    /// shown.
    whole: bool,
}

impl Observation {
    /// Returns what `seat` knows of `st`, whose deck's order is hidden when `deck_hidden`.
    pub(crate) fn of(st: &State, seat: Seat, deck_hidden: bool) -> Observation {
        let mut state = st.clone();
        if deck_hidden {
            state.deck[..usize::from(st.deck_len)].sort_unstable();
        }
        for other in Seat::all(st.players()).filter(|&o| o != seat) {
            let o = other.index();
            if st.bids[o] != NO_BID {
                state.hands[o] |= 1 << st.bids[o];
                state.bids[o] = FACE_DOWN;
            }
        }
        Observation {
            seat,
            state,
            whole: false,
        }
    }

    /// Returns everything there is to know of `st`, as a narrator sees it (the board of a
    /// replay told in full): every hand and bid. `seat` is seat 0, for the encoding only.
    pub(crate) fn whole(st: &State) -> Observation {
        Observation {
            seat: Seat(0),
            state: st.clone(),
            whole: true,
        }
    }

    /// Returns whether `seat` has bid this round.
    pub fn has_bid(&self, seat: Seat) -> bool {
        self.state.bids[seat.index()] != NO_BID
    }
}

/// Writes the cards of `set` as `[1 3 5]`.
fn write_cards(f: &mut fmt::Formatter<'_>, set: u16) -> fmt::Result {
    f.write_str("[")?;
    for (i, c) in cards_in(set).enumerate() {
        write!(f, "{}{c}", if i == 0 { "" } else { " " })?;
    }
    f.write_str("]")
}

impl fmt::Display for Observation {
    /// Three lines: the round, the prize up, the scores and who has bid; the observer's
    /// own hand and bid (a narrator's view: every seat's); then the past rounds
    /// (`prize: bids -> taker`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let st = &self.state;
        match self.whole {
            true => f.write_str("the table")?,
            false => write!(f, "{} sees", self.seat)?,
        }
        write!(f, ": round {} of {}", st.round + 1, st.cards)?;
        match st.prize() {
            Some(p) => write!(f, ", prize {p} up")?,
            None => f.write_str(", game over")?,
        }
        f.write_str("; scores")?;
        for s in 0..st.players() {
            write!(f, " {}", st.points[s])?;
        }
        f.write_str("; bid:")?;
        let bidders: Vec<String> = Seat::all(st.players())
            .filter(|&s| self.has_bid(s))
            .map(|s| s.0.to_string())
            .collect();
        write!(f, " [{}]", bidders.join(" "))?;
        if self.whole {
            f.write_str("\n  hands:")?;
            for seat in Seat::all(st.players()) {
                write!(f, " {seat} ")?;
                write_cards(f, st.hands[seat.index()])?;
                if let Some(b) = st.bid(seat) {
                    write!(f, " bid {b}")?;
                }
                f.write_str(";")?;
            }
        } else {
            f.write_str("\n  own hand ")?;
            write_cards(f, st.hands[self.seat.index()])?;
            if let Some(b) = st.bid(self.seat) {
                write!(f, ", own bid {b}")?;
            }
        }
        f.write_str("\n  past:")?;
        for round in &st.past[..st.round()] {
            write!(f, " {}:", round.prize)?;
            for b in &round.bids[..st.players()] {
                write!(f, " {b}")?;
            }
            match round.taker {
                NOBODY => f.write_str(" -> none;")?,
                t => write!(f, " -> seat {t};")?,
            }
        }
        writeln!(f)
    }
}

/// An [`Observation`] as a front end hands it to a user (JSON, a Python dict): the public
/// facts, and the hand and bid of the seats the observer sees (its own; every seat's in a
/// narrator's view). Another seat's hand and bid are left out: only whether it has bid.
#[derive(Serialize)]
struct Json {
    /// The seat that observes; `None` in a narrator's view.
    seat: Option<Seat>,
    /// Cards per hand (K), and so rounds in a game.
    cards: u8,
    /// The round in progress, from 1; once over, the rounds played.
    round: u8,
    /// The prize card up, `None` once the game is over.
    prize: Option<u8>,
    /// The prizes still face down, lowest first (their order is hidden).
    prizes_left: Vec<u8>,
    seats: Vec<SeatJson>,
    /// The rounds played, first first.
    past: Vec<RoundJson>,
}

/// One seat in [`Json`].
#[derive(Serialize)]
struct SeatJson {
    seat: Seat,
    points: i32,
    prizes_won: u8,
    /// Whether it has bid this round (face down).
    has_bid: bool,
    /// Its cards in hand, when the observer sees them.
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<Vec<u8>>,
    /// Its bid this round (`null`: none yet), when the observer sees it.
    #[serde(skip_serializing_if = "Option::is_none")]
    bid: Option<Option<u8>>,
}

/// One finished round in [`Json`].
#[derive(Serialize)]
struct RoundJson {
    prize: u8,
    /// Every seat's bid, revealed, by seat.
    bids: Vec<u8>,
    /// The seat that took the prize; `None` when the top bid was tied.
    taker: Option<u8>,
}

impl Serialize for Observation {
    /// Serializes the observation as a map for front ends (JSON, a Python dict): `seat`
    /// (`null` in a narrator's view), `cards`, `round`, `prize`, `prizes_left`, `past`
    /// (each round's prize, bids and taker), and `seats`, each with its `points`,
    /// `prizes_won` and `has_bid`, plus `hand` and `bid` only for a seat the observer
    /// sees.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let st = &self.state;
        let players = st.players();
        let seats = Seat::all(players)
            .map(|seat| {
                let sees = self.whole || seat == self.seat;
                SeatJson {
                    seat,
                    points: st.points(seat),
                    prizes_won: st.prizes_won(seat),
                    has_bid: self.has_bid(seat),
                    hand: sees.then(|| st.hand(seat).collect()),
                    bid: sees.then(|| st.bid(seat)),
                }
            })
            .collect();
        let past = st.past[..st.round()]
            .iter()
            .map(|round| RoundJson {
                prize: round.prize,
                bids: round.bids[..players].to_vec(),
                taker: (round.taker != NOBODY).then_some(round.taker),
            })
            .collect();
        // Sorted already but in a narrator's view, which shows no order either.
        let mut prizes_left = st.deck[..usize::from(st.deck_len)].to_vec();
        prizes_left.sort_unstable();
        Json {
            seat: (!self.whole).then_some(self.seat),
            cards: st.cards,
            round: st.round + u8::from(!st.is_over()),
            prize: st.prize(),
            prizes_left,
            seats,
            past,
        }
        .serialize(serializer)
    }
}

/// How a bid looks to one observer: the card itself to the bidder, only that a card was
/// bid to everyone else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKey {
    /// The observer's own bid.
    Seen(Bid),
    /// Another seat bid a card face down.
    FaceDown,
}

impl ActionKey {
    /// Returns the key of `bid`, made by `actor`, for `observer`.
    pub(crate) fn of(bid: Bid, actor: Seat, observer: Seat) -> ActionKey {
        if actor == observer {
            ActionKey::Seen(bid)
        } else {
            ActionKey::FaceDown
        }
    }
}

/// Returns the fields of the encoding for `cards` and `players`, in order: the one
/// statement of the layout, which [`encoding_len`], [`encode`] and the docs all read.
/// Inlined into [`encode`], which then computes only the sizes it reads.
#[inline]
pub(crate) fn fields(cards: usize, players: usize) -> [Field; 6] {
    let mut tiler = Tiler::new();
    [
        tiler.field(
            "prize",
            &[cards],
            "the prize card up, one-hot (card c at index c - 1, as in every field by card)",
        ),
        tiler.field("hand", &[cards], "the observer's hand: a bit per card"),
        tiler.field("bid", &[cards], "the observer's bid this round, one-hot"),
        tiler.field(
            "to_act",
            &[players],
            "the seat whose bid is pending, one-hot (all 0 once the game is over)",
        ),
        tiler.field(
            "seats",
            &[players, cards + 2],
            "per seat: it has bid this round (a flag), its points, then the cards it has not \
             revealed (a bit per card)",
        ),
        tiler.field(
            "prizes",
            &[cards, players + 1],
            "per prize card, who took it: one-hot over the seats, then discarded (last)",
        ),
    ]
}

/// Returns the length of [`encode`]'s vector for `cards` and `players`.
pub(crate) fn encoding_len(cards: usize, players: usize) -> usize {
    tiled_len(&fields(cards, players))
}

/// Writes `obs` into `out`, field by field as [`fields`] lays them out.
pub(crate) fn encode(obs: &Observation, out: &mut [f32]) {
    let st = &obs.state;
    let (k, n) = (usize::from(st.cards), st.players());
    let layout = fields(k, n);
    out.fill(0.0);
    let mut fields = Fields::new(out, &layout);
    let me = obs.seat.index();
    let prize = fields.take("prize");
    if let Some(p) = st.prize() {
        prize[usize::from(p) - 1] = 1.0;
    }
    let hand = fields.take("hand");
    for c in cards_in(st.hands[me]) {
        hand[usize::from(c) - 1] = 1.0;
    }
    let bid = fields.take("bid");
    if let Some(b) = st.bid(obs.seat) {
        bid[usize::from(b) - 1] = 1.0;
    }
    let to_act = fields.take("to_act");
    if !st.is_over() {
        to_act[st.actor.index()] = 1.0;
    }
    let seats = fields.take("seats");
    for (s, row) in seats.chunks_exact_mut(k + 2).enumerate() {
        row[0] = f32::from(u8::from(st.bids[s] != NO_BID));
        row[1] = st.points[s] as f32;
        // Another seat's face-down bid is already counted back into its hand.
        let unrevealed = st.hands[s]
            | match st.bids[s] {
                NO_BID | FACE_DOWN => 0,
                own => 1 << own,
            };
        for c in cards_in(unrevealed) {
            row[1 + usize::from(c)] = 1.0;
        }
    }
    let prizes = fields.take("prizes");
    for round in &st.past[..st.round()] {
        let row = &mut prizes[(usize::from(round.prize) - 1) * (n + 1)..][..n + 1];
        match round.taker {
            NOBODY => row[n] = 1.0,
            t => row[usize::from(t)] = 1.0,
        }
    }
    fields.finish();
}

#[cfg(test)]
mod tests {
    use crate::engine::Goofspiel;
    use floe_conformance::{Fact, check_facts_show_in_their_fields};

    use super::*;
    use crate::state::Round;

    #[test]
    fn each_fact_changes_the_encoding_in_its_named_fields_only() {
        let game = Goofspiel::standard();
        let base = game.scenario(3, &[4, 1, 5, 2, 3]);
        // Each fact, as seat 0 sees it, and the fields it shows in.
        let changes: [Fact<State>; 6] = [
            ("the prize up", &["prize"], |st| st.prize = 2),
            ("another seat's points", &["seats"], |st| st.points[1] += 1),
            ("another seat's face-down bid", &["seats"], |st| {
                st.hands[1] &= !(1 << 3);
                st.bids[1] = 3;
            }),
            ("the own bid", &["hand", "bid", "seats"], |st| {
                st.hands[0] &= !(1 << 3);
                st.bids[0] = 3;
            }),
            ("a prize taken", &["prizes"], |st| {
                st.past[0] = Round {
                    prize: 4,
                    taker: 1,
                    ..st.past[0]
                };
                st.round = 1;
            }),
            ("a prize discarded", &["prizes"], |st| {
                st.past[0] = Round {
                    prize: 4,
                    taker: NOBODY,
                    ..st.past[0]
                };
                st.round = 1;
            }),
        ];
        check_facts_show_in_their_fields(&game, &base, Seat(0), &changes);
    }
}
