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
use serde::{Serialize, Serializer};

use crate::event::Ordinal;
use crate::pieces::{Action, CARDS, Card, CardSet, Icon, RACERS, Racer};
use crate::rules::Rules;
use crate::state::{NO_CARD, Phase, Position, State};

/// `committed` value, in an observation, of another seat's face-down card.
const FACE_DOWN: u8 = 0xFE;

/// Where the track's parts lie: what a board printout and the encoding need of the rules
/// to read the laid-out track, carried along so an observation stands on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Track spaces (L).
    pub(crate) track_len: u8,
    /// First river space.
    pub(crate) river_start: u8,
    /// River slots.
    pub(crate) slots: u8,
    /// Spaces per slot.
    pub(crate) slot_len: u8,
}

impl Layout {
    pub(crate) fn of(rules: &Rules) -> Layout {
        Layout {
            track_len: rules.track_len as u8,
            river_start: rules.river_start as u8,
            slots: rules.slots as u8,
            slot_len: rules.slot_len as u8,
        }
    }

    /// Returns the first space past the river.
    fn river_end(self) -> usize {
        usize::from(self.river_start) + usize::from(self.slots) * usize::from(self.slot_len)
    }
}

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
    /// Where the banks and the river lie on the track.
    pub(crate) layout: Layout,
    /// A narrator's view ([`Observation::whole`]): nothing masked, every seat's hand and
    /// face-down card shown.
    whole: bool,
}

impl Observation {
    /// Returns what `seat` knows of `st`, played under `rules`.
    pub(crate) fn of(rules: &Rules, st: &State, seat: Seat) -> Observation {
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
            layout: Layout::of(rules),
            whole: false,
        }
    }

    /// Returns everything there is to know of `st`, as a narrator sees it (the board of a
    /// replay told in full): no card is masked, so every hand and face-down card shows.
    /// `seat` is seat 0, for the encoding only.
    pub(crate) fn whole(rules: &Rules, st: &State) -> Observation {
        Observation {
            seat: Seat(0),
            state: st.clone(),
            supply_len: st.supply.len() as u8,
            layout: Layout::of(rules),
            whole: true,
        }
    }

    /// Returns whether the observer sees `seat`'s hand and face-down card.
    fn sees_cards_of(&self, seat: Seat) -> bool {
        self.whole || seat == self.seat
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

    /// Returns the racer standing on track space `space`, if any.
    fn racer_on(&self, space: usize) -> Option<(Seat, Racer)> {
        let st = &self.state;
        Seat::all(st.players())
            .flat_map(|seat| Racer::all().map(move |racer| (seat, racer)))
            .find(|&(seat, racer)| st.position(seat, racer) == Position::On(space as u8))
    }

    /// Writes spaces `from..to` of the track, a column each: a row of icons (`.` for
    /// blank, `~` for open water), and beneath it, when racers stand there, a row with
    /// each racer's token under its space (`s1r2`: racer 2 of seat 1), indented by
    /// `indent` to line up with the icons. One token to a column keeps every racer
    /// readable, however crowded the stretch.
    fn write_spaces(
        &self,
        f: &mut fmt::Formatter<'_>,
        (from, to): (usize, usize),
        indent: usize,
    ) -> fmt::Result {
        let (mut icons, mut racers) = (String::new(), String::new());
        for space in from..to {
            let icon = match self.state.track[space] {
                Some(Icon::Blank) => ".".to_string(),
                Some(icon) => icon.to_string(),
                None => "~".to_string(),
            };
            let token = self
                .racer_on(space)
                .map(|(seat, racer)| format!("s{}r{}", seat.0, racer.number()))
                .unwrap_or_default();
            icons.push_str(&format!("{icon:<COLUMN$}"));
            racers.push_str(&format!("{token:<COLUMN$}"));
        }
        writeln!(f, "{}", icons.trim_end())?;
        if !racers.trim().is_empty() {
            writeln!(f, "{:indent$}{}", "", racers.trim_end())?;
        }
        Ok(())
    }
}

/// Width of a track space's column on the board: the longest icon name (`start`,
/// `arrow`) or racer token (`s1r2`) and a blank.
const COLUMN: usize = 6;

/// Width of a board line's label (`  bank A   0-5    `), where its spaces begin.
const LABEL: usize = 18;

/// Writes the cards of `set` by name, comma-separated, or `-` for none.
fn write_cards(f: &mut fmt::Formatter<'_>, set: CardSet) -> fmt::Result {
    if set == 0 {
        return f.write_str("-");
    }
    for (i, card) in Card::in_set(set).enumerate() {
        write!(f, "{}{}", if i == 0 { "" } else { ", " }, card.name())?;
    }
    Ok(())
}

impl fmt::Display for Observation {
    /// A board a person can follow: who sees what round and whose question is pending;
    /// the track, bank by bank and slot by slot, each with its racers in a row beneath
    /// (see `write_spaces`); the supply; then each seat's racers off the track and cards. The observer's
    /// hand and face-down card are shown; of the others, only that a card is face down.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let st = &self.state;
        let actor = st.current();
        match self.whole {
            true => f.write_str("the table: ")?,
            false => write!(f, "{} sees ", self.seat)?,
        }
        match st.phase {
            Phase::Over(cause) => write!(
                f,
                "the game over after {} rounds ({})",
                st.round,
                cause.name()
            )?,
            phase => {
                write!(f, "round {}: ", st.round + 1)?;
                match phase {
                    Phase::Commit => write!(f, "{actor} commits a card")?,
                    Phase::Reveal => write!(f, "{actor} carries out its {}", st.active_card)?,
                    Phase::GiveToken => write!(f, "{actor} gives the start token away")?,
                    _ => write!(f, "{actor} moves a racer 1 space (black die)")?,
                }
            }
        }
        writeln!(
            f,
            "; start token with {}, {} led this round",
            st.token, st.leader
        )?;
        let layout = self.layout;
        let (river_start, river_end) = (usize::from(layout.river_start), layout.river_end());
        let len = usize::from(layout.slot_len);
        let label = |f: &mut fmt::Formatter<'_>, part: &str, from: usize, to: usize| {
            let label = format!("  {part}  {from:>2}-{:<2}", to - 1);
            write!(f, "{label:<LABEL$}")
        };
        if river_start > 0 {
            label(f, "bank A", 0, river_start)?;
            self.write_spaces(f, (0, river_start), LABEL)?;
        }
        for slot in 0..usize::from(layout.slots) {
            let from = river_start + slot * len;
            label(f, &format!("slot {slot}"), from, from + len)?;
            match st.slot(slot) {
                Some(_) => self.write_spaces(f, (from, from + len), LABEL)?,
                None => writeln!(f, "open water")?,
            }
        }
        let track_len = usize::from(layout.track_len);
        if river_end < track_len {
            label(f, "bank B", river_end, track_len)?;
            self.write_spaces(f, (river_end, track_len), LABEL)?;
        }
        let gone: u32 = st.gone.iter().map(|&g| u32::from(g)).sum();
        writeln!(
            f,
            "  supply {}, {gone} gone",
            floe_io::count(self.supply_len, "tile")
        )?;
        for seat in Seat::all(st.players()) {
            let s = seat.index();
            write!(f, "  {seat}")?;
            if seat == self.seat && !self.whole {
                f.write_str(" (you)")?;
            }
            f.write_str(": home")?;
            let mut home = Racer::all()
                .filter(|&r| st.position(seat, r) == Position::Home)
                .peekable();
            if home.peek().is_none() {
                f.write_str(" -")?;
            }
            for racer in home {
                write!(f, " r{}", racer.number())?;
            }
            for racer in Racer::all() {
                if let Position::Finished(place) = st.position(seat, racer) {
                    write!(f, ", r{} finished {}", racer.number(), Ordinal(place))?;
                }
            }
            f.write_str("; played ")?;
            write_cards(f, st.played[s])?;
            if self.sees_cards_of(seat) {
                f.write_str("; hand ")?;
                write_cards(f, st.hand[s])?;
                if let Some(card) = st.committed(seat) {
                    write!(f, "; face down {}", card.name())?;
                }
            } else if self.has_face_down(seat) {
                f.write_str("; a card face down")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// An [`Observation`] as a front end hands it to a user (JSON, a Python dict): the public
/// facts, and the hand and face-down card of the seats the observer sees (its own; every
/// seat's in a narrator's view). Of another seat, only whether it has a card face down.
#[derive(Serialize)]
struct Json {
    /// The seat that observes; `None` in a narrator's view.
    seat: Option<Seat>,
    /// The round in progress, from 1; once over, the rounds played.
    round: u32,
    /// The question pending: `commit`, `reveal`, `give_token`, `black_die`, or `over`.
    phase: &'static str,
    /// The seat asked; `None` once over.
    to_act: Option<Seat>,
    /// The revealed card whose action is being carried out (reveal, give-token and
    /// black-die questions).
    card_carried_out: Option<Card>,
    /// How the game ended, once over (`three-finished`, ...).
    end_cause: Option<&'static str>,
    /// The start-token holder.
    start_token: Seat,
    /// The seat that commits and reveals first this round.
    leader: Seat,
    /// What each track space shows, space 0 first: its icon, `None` for open water.
    track: Vec<Option<Icon>>,
    river: RiverJson,
    /// Tiles in the face-down supply.
    supply: u8,
    /// Whether a shift found the supply empty this round (the game ends with it).
    supply_ran_out: bool,
    /// The tile kinds pushed out of the river so far, one entry per tile.
    tiles_gone: Vec<u8>,
    seats: Vec<SeatJson>,
}

/// Where the river lies on the track, and its tiles.
#[derive(Serialize)]
struct RiverJson {
    /// The first river space (the spaces before it are bank A).
    first_space: u8,
    /// Spaces per slot (the spaces after the last slot are bank B).
    slot_len: u8,
    /// The tile kind in each slot (its row of the rules' tile table), `None` for open
    /// water.
    tiles: Vec<Option<u8>>,
}

/// One seat in [`Json`].
#[derive(Serialize)]
struct SeatJson {
    seat: Seat,
    racers: Vec<RacerJson>,
    /// Its played pile.
    played: Vec<Card>,
    /// Whether it has a card face down this round.
    face_down: bool,
    /// How many cards it holds in hand (the face-down card not counted): public, since
    /// every seat has the same cards and every played pile is open.
    hand_size: u32,
    /// Its hand, when the observer sees it.
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<Vec<Card>>,
    /// Its face-down card (`null`: none), when the observer sees it.
    #[serde(skip_serializing_if = "Option::is_none")]
    face_down_card: Option<Option<Card>>,
}

/// One racer in [`SeatJson`]: `position` is `home`, `track` (with `space`) or `finished`
/// (with `place`, 1 = first in its race).
#[derive(Serialize)]
struct RacerJson {
    /// Its printed number, 1 to 5, which is also its race.
    racer: u8,
    position: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    space: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<u8>,
}

impl Serialize for Observation {
    /// Serializes the observation as a map for front ends (JSON, a Python dict): `seat`
    /// (`null` in a narrator's view), `round`, `phase`, `to_act`, `card_carried_out`,
    /// `end_cause`, `start_token`, `leader`, `track` (icon names), `river`, `supply`,
    /// `supply_ran_out`, `tiles_gone`, and `seats`, each with its `racers`, `played`
    /// pile, `face_down` flag and `hand_size`, plus `hand` and `face_down_card` only for a seat the
    /// observer sees. Cards are named as boards name them (`"dog sled"`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let st = &self.state;
        let over = matches!(st.phase, Phase::Over(_));
        let seats = Seat::all(st.players())
            .map(|seat| {
                let racers = Racer::all()
                    .map(|racer| {
                        let (position, space, place) = match st.position(seat, racer) {
                            Position::Home => ("home", None, None),
                            Position::On(space) => ("track", Some(space), None),
                            Position::Finished(place) => ("finished", None, Some(place)),
                        };
                        RacerJson {
                            racer: racer.number(),
                            position,
                            space,
                            place,
                        }
                    })
                    .collect();
                let sees = self.sees_cards_of(seat);
                let face_down = st.committed[seat.index()] != NO_CARD;
                // A masked face-down card was counted back into the hand it came from.
                let masked = face_down && !sees;
                SeatJson {
                    seat,
                    racers,
                    played: Card::in_set(st.played(seat)).collect(),
                    face_down,
                    hand_size: st.hand(seat).count_ones() - u32::from(masked),
                    hand: sees.then(|| Card::in_set(st.hand(seat)).collect()),
                    face_down_card: sees.then(|| st.committed(seat)),
                }
            })
            .collect();
        let layout = self.layout;
        Json {
            seat: (!self.whole).then_some(self.seat),
            round: st.round + u32::from(!over),
            phase: match st.phase {
                Phase::Commit => "commit",
                Phase::Reveal => "reveal",
                Phase::GiveToken => "give_token",
                Phase::BlackDie => "black_die",
                Phase::Over(_) => "over",
            },
            to_act: (!over).then(|| st.current()),
            card_carried_out: matches!(
                st.phase,
                Phase::Reveal | Phase::GiveToken | Phase::BlackDie
            )
            .then_some(st.active_card),
            end_cause: match st.phase {
                Phase::Over(cause) => Some(cause.name()),
                _ => None,
            },
            start_token: st.token,
            leader: st.leader,
            track: st.track[..usize::from(layout.track_len)].to_vec(),
            river: RiverJson {
                first_space: layout.river_start,
                slot_len: layout.slot_len,
                tiles: (0..usize::from(layout.slots)).map(|s| st.slot(s)).collect(),
            },
            supply: self.supply_len,
            supply_ran_out: st.supply_ran_out,
            tiles_gone: (0..)
                .zip(st.gone)
                .flat_map(|(kind, n)| std::iter::repeat_n(kind, usize::from(n)))
                .collect(),
            seats,
        }
        .serialize(serializer)
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
