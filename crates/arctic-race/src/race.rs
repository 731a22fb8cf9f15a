//! [`ArcticRace`]: the game value, the rules in force. Its behaviour lives in the modules
//! named for what they do (round flow in `engine`, moves in `movement`, hidden information
//! in `info`), each adding methods to this one type.

use floe_core::MAX_SEATS;

use crate::pieces::RACERS;
use crate::rules::Rules;
use crate::state::{State, WATER};

/// Arctic Race under one set of [`Rules`].
#[derive(Clone, Debug)]
pub struct ArcticRace {
    pub(crate) rules: Rules,
    /// What positions and places are worth toward a standing, worked out from `rules`.
    pub(crate) worth: Box<Worth>,
}

/// The numbers a standing ([`floe_core::Game::standing`]) reads, worked out once from the
/// rules: a standing is read at every answer the greedy bot judges and for every seat at
/// every round a run follows how games unfold, and looking these up costs a fraction of
/// working them out each time (the same arithmetic, so the same values bit for bit).
#[derive(Clone, Debug)]
pub(crate) struct Worth {
    /// By a racer's position byte: `(space + 1) / (track_len + 1)` on the track, the share
    /// of its race's next place it stands to win; 0 at [`HOME`](crate::state::HOME) and
    /// [`FINISHED`](crate::state::FINISHED).
    pub(crate) track_share: [f64; 256],
    /// By race and place byte: the place's points (places 1 to [`MAX_PLACE`]), 0 for
    /// place 0 (not finished) and the bytes past them. A row per byte value, so that a
    /// standing indexes it by a racer's place with no check.
    pub(crate) place_points: [[i32; 256]; RACERS],
}

/// The last place a standing reads: each seat has one racer in each race, so places run
/// from 1 to the most seats, and the next place of a race every racer finished is one more.
const MAX_PLACE: usize = MAX_SEATS + 1;

impl Worth {
    fn of(rules: &Rules) -> Worth {
        let len = rules.track_len as f64 + 1.0;
        Worth {
            track_share: std::array::from_fn(|p| match p {
                p if p < rules.track_len => (p as f64 + 1.0) / len,
                _ => 0.0,
            }),
            place_points: std::array::from_fn(|race| {
                std::array::from_fn(|place| match place {
                    1..=MAX_PLACE => rules.points(race, place as u8),
                    _ => 0,
                })
            }),
        }
    }
}

impl ArcticRace {
    /// Returns the game under `rules`.
    pub fn new(rules: Rules) -> ArcticRace {
        let worth = Box::new(Worth::of(&rules));
        ArcticRace { rules, worth }
    }

    /// Returns the game under the built-in `classic` rules.
    pub fn classic() -> ArcticRace {
        ArcticRace::new(Rules::classic())
    }

    /// Returns a state at the start of round 1 with every racer home, full hands, seat 0
    /// holding the start token, and the river filled from `slots` (`None` = open water).
    /// The supply holds `supply` (its last element on top); no tiles are removed. The
    /// builders on [`State`] set up the rest of an exact board situation.
    pub fn scenario(&self, players: usize, slots: &[Option<u8>], supply: &[u8]) -> State {
        let mut st = State::bare(players);
        for (i, s) in slots.iter().enumerate() {
            st.slots[i] = s.unwrap_or(WATER);
        }
        st.supply.extend(supply.iter().copied());
        self.lay_track(&mut st);
        st
    }
}
