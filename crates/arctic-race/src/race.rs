//! [`ArcticRace`]: the game value, the rules in force. Its behaviour lives in the modules
//! named for what they do (round flow in `engine`, moves in `movement`, hidden information
//! in `info`), each adding methods to this one type.

use crate::rules::Rules;
use crate::state::{State, WATER};

/// Arctic Race under one set of [`Rules`].
#[derive(Clone, Debug)]
pub struct ArcticRace {
    pub(crate) rules: Rules,
}

impl ArcticRace {
    /// Returns the game under `rules`.
    pub fn new(rules: Rules) -> ArcticRace {
        ArcticRace { rules }
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
