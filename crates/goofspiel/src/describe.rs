//! Goofspiel's one question told in words ([`Describe`]).

use floe_core::Describe;

use crate::engine::Goofspiel;
use crate::state::{Bid, State};

impl Describe for Goofspiel {
    fn question(&self, st: &State) -> String {
        format!(
            "which card do you bid, face down, for the prize {}? The single highest bid takes it",
            st.prize
        )
    }

    fn answer(&self, st: &State, bid: Bid) -> String {
        format!("{bid}: play your {} against the prize {}", bid.0, st.prize)
    }
}
