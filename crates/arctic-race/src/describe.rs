//! Arctic Race's questions and answers told in words ([`Describe`]): a card's two actions
//! before it is chosen, and where a move would take its racer.

use floe_core::{Describe, Seat, Stream, stream_rng};

use crate::event::Event;
use crate::pieces::{Action, Card, Icon, Racer};
use crate::race::ArcticRace;
use crate::state::{Phase, Position, State};

impl Describe for ArcticRace {
    fn question(&self, st: &State) -> String {
        match st.phase {
            Phase::Commit => format!(
                "which card do you play this round? It stays face down until, from {} on, \
                 each player in turn reveals theirs and carries out one of its actions",
                st.leader
            ),
            Phase::Reveal => format!(
                "your {} is revealed: which of its actions do you carry out?",
                st.active_card
            ),
            Phase::GiveToken => format!(
                "who gets the start token? Anyone but its holder ({}); the holder leads the \
                 next round",
                st.token
            ),
            Phase::BlackDie => "the die shows black: which of your racers moves one space?".into(),
            Phase::Over(_) => panic!("the game is over: no question is pending"),
        }
    }

    fn answer(&self, st: &State, action: Action) -> String {
        let seat = st.current();
        match action {
            Action::Commit(card) => format!("{action} ({})", actions_of(card)),
            Action::MoveA => {
                let card = st.active_card;
                let racer = card.racer().expect("the 1-2-3 card has no action A answer");
                let moved = self.first_hop(st, seat, racer, usize::from(racer.number()));
                format!("action A: {} ({moved})", card.action_a())
            }
            Action::ActionB => format!("action B: {}", st.active_card.action_b()),
            Action::MoveOne(racer) | Action::BlackDie(racer) => {
                format!(
                    "move {racer} one space ({})",
                    self.first_hop(st, seat, racer, 1)
                )
            }
            Action::GiveToken(to) if to == seat => {
                format!("{action} (yourself): you lead the next round")
            }
            Action::GiveToken(to) => format!("{action}: {to} leads the next round"),
            Action::Pass => format!("{action}: the card is played to no effect"),
        }
    }
}

/// Returns what `card`'s actions do, as its reveal says them (`A: ...; B: ...`).
fn actions_of(card: Card) -> String {
    match card {
        Card::OneTwoThree => format!("A: {}; no B", card.action_a()),
        _ => format!("A: {}; B: {}", card.action_a(), card.action_b()),
    }
}

impl ArcticRace {
    /// Returns where moving `racer` of `seat` `n` spaces lands it, and whether that
    /// space's icon fires: the first step of the chain, which the board alone decides (a
    /// die the icon rolls, or a tile a shift draws, is not foretold).
    fn first_hop(&self, st: &State, seat: Seat, racer: Racer, n: usize) -> String {
        let mut after = st.clone();
        let mut first = None;
        // The chain runs on a copy to its end; only its first step is read, so the die
        // stream it rolls is a throwaway.
        self.move_racer(
            &mut after,
            seat,
            racer,
            n,
            &mut stream_rng(0, Stream::Chance),
            &mut |e| {
                first.get_or_insert(e);
            },
        );
        let from = |s: Option<u8>| s.map_or("home".to_string(), |s| format!("space {s}"));
        let passed = |skipped: u8| match skipped {
            0 => String::new(),
            1 => ", past 1 occupied space".into(),
            n => format!(", past {n} occupied spaces"),
        };
        match first.expect("a move always lands somewhere") {
            Event::Moved {
                from: f,
                to,
                skipped,
                ..
            } => {
                let fires = match st.track[usize::from(to)] {
                    Some(Icon::Blank) | None => String::new(),
                    Some(icon) => format!("; its {icon} fires"),
                };
                format!("{} -> space {to}{}{fires}", from(f), passed(skipped))
            }
            Event::Finished {
                from: f,
                skipped,
                place,
                ..
            } => format!(
                "{} -> finish{}, place {place} in race {}",
                from(f),
                passed(skipped),
                racer.number()
            ),
            Event::Drowned { space, .. } => {
                let at = match st.position(seat, racer) {
                    Position::On(s) => Some(s),
                    _ => None,
                };
                format!("{} -> open water on space {space}: back home", from(at))
            }
            other => unreachable!("a move begins with a landing, not {other:?}"),
        }
    }
}
