//! What one seat knows ([`Observation`]), how an answer looks to each seat
//! ([`ActionKey`]), and the fixed numbering of every answer.
//!
//! The rules page's "What each player knows": public are the board, every racer, every
//! played pile, the start token, the finish order, the supply's size and every tile that
//! has been on the river; a seat's own hand and face-down card are its own; hidden are the
//! supply's tiles and order, the tiles removed at setup, and the cards others committed
//! face down this round.

use std::fmt;

use floe_core::{MAX_SEATS, Seat};

use crate::pieces::{Action, CARDS, Card, RACERS, Racer};
use crate::state::{NO_CARD, State};

/// `committed` value, in an observation, of another seat's face-down card.
const FACE_DOWN: u8 = 0xFE;

/// What one seat knows of a game of Arctic Race: the state with every hidden part masked.
///
/// The supply's tiles and the removed tiles are dropped (their count is kept); another
/// seat's face-down card is marked as face down and counted back into the hand it came
/// from, since the observer knows only that it is one of those cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The seat that observes.
    pub seat: Seat,
    /// The state, hidden parts masked.
    pub(crate) state: State,
    /// Tiles in the supply.
    pub(crate) supply_len: u8,
}

impl Observation {
    /// Returns what `seat` knows of `st`.
    pub(crate) fn of(st: &State, seat: Seat) -> Observation {
        let mut state = st.clone();
        let supply_len = st.supply.len() as u8;
        state.supply.clear();
        state.removed.clear();
        for other in Seat::all(st.players()).filter(|&o| o != seat) {
            let o = other.index();
            if st.committed[o] != NO_CARD {
                state.hand[o] |= 1 << st.committed[o];
                state.committed[o] = FACE_DOWN;
            }
        }
        Observation {
            seat,
            state,
            supply_len,
        }
    }

    /// Returns the masked state: public facts exact, hidden parts empty (see the type).
    pub fn public(&self) -> &State {
        &self.state
    }

    /// Returns the number of tiles in the supply.
    pub fn supply_len(&self) -> usize {
        usize::from(self.supply_len)
    }

    /// Returns whether `seat` has a card face down that the observer cannot see.
    pub fn has_face_down(&self, seat: Seat) -> bool {
        self.state.committed[seat.index()] == FACE_DOWN
    }
}

impl fmt::Display for Observation {
    /// One line per fact: round and phase, the observer's own cards, then every seat's
    /// racers, played pile and whether it holds a card face down.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let st = &self.state;
        writeln!(
            f,
            "{} sees: round {}, {:?}, start token with {}, supply {} tiles",
            self.seat,
            st.round + 1,
            st.phase,
            st.token,
            self.supply_len
        )?;
        for seat in Seat::all(st.players()) {
            let s = seat.index();
            write!(f, "  {seat}:")?;
            for racer in Racer::all() {
                write!(f, " {racer}@{:?}", st.position(seat, racer))?;
            }
            let cards = |set| {
                Card::in_set(set)
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            write!(f, "; played [{}]", cards(st.played[s]))?;
            if seat == self.seat {
                write!(f, "; hand [{}]", cards(st.hand[s]))?;
                if let Some(c) = st.committed(seat) {
                    write!(f, "; committed {c}")?;
                }
            } else if self.has_face_down(seat) {
                write!(f, "; a card face down")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// How an answer looks to one observer: the answer itself, or, for a card another seat
/// commits face down, only that a card was committed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKey {
    /// The observer sees the answer.
    Seen(Action),
    /// Another seat committed a card face down.
    FaceDown,
}

impl ActionKey {
    /// Returns the key of `action`, answered by `actor`, for `observer`.
    pub(crate) fn of(action: Action, actor: Seat, observer: Seat) -> ActionKey {
        match action {
            Action::Commit(_) if actor != observer => ActionKey::FaceDown,
            a => ActionKey::Seen(a),
        }
    }
}

/// First numbers of each kind of answer in the fixed numbering: commits (one per card),
/// move A, action B, move-one (one per racer), pass, give-token (one per seat), black die
/// (one per racer).
const MOVE_A: usize = CARDS;
const ACTION_B: usize = MOVE_A + 1;
const MOVE_ONE: usize = ACTION_B + 1;
const PASS: usize = MOVE_ONE + RACERS;
const GIVE_TOKEN: usize = PASS + 1;
const BLACK_DIE: usize = GIVE_TOKEN + MAX_SEATS;
/// Every answer's number is below this.
pub(crate) const ACTION_COUNT: usize = BLACK_DIE + RACERS;

/// Returns the fixed number of `action`.
pub(crate) fn action_index(action: Action) -> usize {
    match action {
        Action::Commit(card) => card as usize,
        Action::MoveA => MOVE_A,
        Action::ActionB => ACTION_B,
        Action::MoveOne(r) => MOVE_ONE + r.index(),
        Action::Pass => PASS,
        Action::GiveToken(s) => GIVE_TOKEN + s.index(),
        Action::BlackDie(r) => BLACK_DIE + r.index(),
    }
}

/// Returns the answer numbered `index` at a table of `players`, if there is one.
pub(crate) fn action_at(players: usize, index: usize) -> Option<Action> {
    Some(match index {
        i if i < MOVE_A => Action::Commit(Card::ALL[i]),
        MOVE_A => Action::MoveA,
        ACTION_B => Action::ActionB,
        i if i < PASS => Action::MoveOne(Racer((i - MOVE_ONE) as u8)),
        PASS => Action::Pass,
        i if i < BLACK_DIE => {
            let seat = i - GIVE_TOKEN;
            if seat >= players {
                return None;
            }
            Action::GiveToken(Seat(seat as u8))
        }
        i if i < ACTION_COUNT => Action::BlackDie(Racer((i - BLACK_DIE) as u8)),
        _ => return None,
    })
}
