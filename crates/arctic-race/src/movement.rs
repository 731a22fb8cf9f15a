//! Everything a revealed action can set off: moves, icons, die rolls, shifts, collecting.
//!
//! A chain follows one thread and ends: every move goes forward and every shift uses up a
//! tile. It is written as a loop, not recursion. A chain can stop at a question (who gets
//! the start token, which racer a black die moves); that is always its last step, so the
//! pending [`Phase`] is all the state a paused chain needs.

use floe_core::{FloeRng, Seat};
use rand::RngExt;

use crate::event::{Event, TileView};
use crate::pieces::{Icon, Racer};
use crate::race::ArcticRace;
use crate::state::{FINISHED, HOME, Phase, Spaces, State, WATER};

/// What is left to do after a step of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// The chain is over.
    Done,
    /// The chain ends with this question.
    Ask(Phase),
}

/// What an answer or a die roll sets off: a move, or no move.
pub(crate) enum Step {
    /// Move this racer this many spaces.
    Move(Racer, usize),
    /// Nothing to move: the chain is over, or stops at a question.
    Then(Flow),
}

impl ArcticRace {
    /// Lays out `st.track`: the banks' printed icons and the tiles of the river.
    pub(crate) fn lay_track(&self, st: &mut State) {
        let rules = &self.rules;
        for (space, icon) in st.track[..rules.track_len]
            .iter_mut()
            .zip(&rules.fixed_icons)
        {
            *space = Some(*icon);
        }
        for slot in 0..rules.slots {
            self.lay_slot(st, slot);
        }
    }

    /// Lays the faces of the tile in river slot `slot` (or open water) onto `st.track`.
    fn lay_slot(&self, st: &mut State, slot: usize) {
        let rules = &self.rules;
        let start = rules.slot_start(slot);
        let spaces = &mut st.track[start..start + rules.slot_len];
        match st.slots[slot] {
            WATER => spaces.fill(None),
            kind => {
                for (space, icon) in spaces.iter_mut().zip(rules.tile_faces(kind)) {
                    *space = Some(*icon);
                }
            }
        }
    }

    /// Moves `racer` of `seat` `n` spaces, then follows the chain its landing sets off.
    pub(crate) fn move_racer(
        &self,
        st: &mut State,
        seat: Seat,
        racer: Racer,
        n: usize,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Event),
    ) -> Flow {
        let (s, len) = (seat.index(), self.rules.track_len);
        let (mut racer, mut n) = (racer, n);
        loop {
            let r = racer.index();
            let from = st.pos[s][r];
            debug_assert!(from != FINISHED, "finished racers never move");
            let mut to = if from == HOME {
                n - 1
            } else {
                st.occupied &= !(1 << from);
                from as usize + n
            };
            // Go on to the next free space: the lowest clear bit at or above `to`.
            let mut skipped = 0;
            if to < len {
                // Spaces from L on are never occupied, so a free one is always found.
                skipped = (!(st.occupied >> to)).trailing_zeros() as u8;
                to += skipped as usize;
            }
            let from = (from != HOME).then_some(from);
            if to >= len {
                st.finishers[r] += 1;
                st.place[s][r] = st.finishers[r];
                st.pos[s][r] = FINISHED;
                st.three_finished |= st.finished_count(seat) >= 3;
                log(Event::Finished {
                    seat,
                    racer,
                    from,
                    to: to as u8,
                    skipped,
                    place: st.place[s][r],
                });
                return Flow::Done;
            }
            log(Event::Moved {
                seat,
                racer,
                from,
                to: to as u8,
                skipped,
            });
            let icon = match st.track[to] {
                None => {
                    st.pos[s][r] = HOME;
                    log(Event::Drowned {
                        seat,
                        racer,
                        space: to as u8,
                    });
                    return Flow::Done;
                }
                Some(icon) => icon,
            };
            st.pos[s][r] = to as u8;
            st.occupied |= 1 << to;
            if icon != Icon::Blank {
                log(Event::IconFired {
                    icon,
                    space: to as u8,
                });
            }
            match icon {
                Icon::Blank => return Flow::Done,
                Icon::Plus(k) => n = k as usize,
                Icon::Start => return Flow::Ask(Phase::GiveToken),
                Icon::Arrow => {
                    self.shift(st, log);
                    return Flow::Done;
                }
                Icon::Hand => {
                    collect(st, seat, false, log);
                    return Flow::Done;
                }
                Icon::Die => match roll(st, seat, rng, log) {
                    Step::Move(next, k) => (racer, n) = (next, k),
                    Step::Then(flow) => return flow,
                },
            }
        }
    }

    /// Shifts the river one slot right, as the arrow icon and the dog sled's action B do.
    pub(crate) fn shift(&self, st: &mut State, log: &mut impl FnMut(Event)) {
        let rules = &self.rules;
        let (first, last) = (rules.slot_start(0), rules.slot_start(rules.slots - 1));
        let end = rules.slot_start(rules.slots);
        let river = below(end) & !below(first);
        let riders = st.occupied & river;
        let swept = (riders & !below(last)).count_ones() as u8;

        let dropped = st.slots[rules.slots - 1];
        if dropped != WATER {
            st.gone[dropped as usize] += 1;
        }
        st.slots.copy_within(0..rules.slots - 1, 1);
        st.track.copy_within(first..last, first + rules.slot_len);
        let entered = st.supply.pop();
        st.slots[0] = entered.unwrap_or(WATER);
        self.lay_slot(st, 0);
        st.supply_ran_out |= entered.is_none();
        let view = |k: u8| (k != WATER).then(|| TileView::new(rules.tile_faces(k)));
        log(Event::Shifted {
            dropped: view(dropped),
            swept,
            entered: entered.and_then(view),
        });

        // Occupancy: the riders of slots 0..last move up one slot; those of the last are gone.
        st.occupied = (st.occupied & !river) | ((riders & below(last)) << rules.slot_len);
        if riders == 0 {
            return;
        }
        // Offsets from the river's first space; home and finished (0xFE, 0xFF) lie beyond
        // every river space, so one comparison tells a rider.
        let (span, last_slot) = ((end - first) as u8, (last - first) as u8);
        for s in 0..st.players() {
            for r in 0..st.pos[s].len() {
                let offset = st.pos[s][r].wrapping_sub(first as u8);
                if offset >= span {
                    continue;
                }
                if offset >= last_slot {
                    st.pos[s][r] = HOME;
                    log(Event::SweptHome {
                        seat: Seat(s as u8),
                        racer: Racer(r as u8),
                    });
                } else {
                    let from = st.pos[s][r];
                    st.pos[s][r] += rules.slot_len as u8;
                    log(Event::Carried {
                        seat: Seat(s as u8),
                        racer: Racer(r as u8),
                        from,
                        to: st.pos[s][r],
                    });
                }
            }
        }
    }
}

/// Returns the set of spaces `0..n` (`n` may be the whole width of the mask).
fn below(n: usize) -> Spaces {
    if n >= Spaces::BITS as usize {
        Spaces::MAX
    } else {
        (1 << n) - 1
    }
}

/// Rolls the die for `seat`: a number moves that racer that many spaces, black asks which
/// unfinished racer moves one space.
pub(crate) fn roll(
    st: &mut State,
    seat: Seat,
    rng: &mut FloeRng,
    log: &mut impl FnMut(Event),
) -> Step {
    let face: u8 = rng.random_range(0..6);
    if face == 5 {
        log(Event::Rolled { seat, face: None });
        if st.pos[seat.index()].iter().all(|&p| p == FINISHED) {
            log(Event::NoEffect { seat });
            return Step::Then(Flow::Done);
        }
        return Step::Then(Flow::Ask(Phase::BlackDie));
    }
    let racer = Racer(face);
    log(Event::Rolled {
        seat,
        face: Some(racer.number()),
    });
    if st.is_finished(seat, racer) {
        log(Event::NoEffect { seat });
        return Step::Then(Flow::Done);
    }
    Step::Move(racer, racer.number() as usize)
}

/// `seat` takes all its played cards back into its hand.
pub(crate) fn collect(st: &mut State, seat: Seat, round_end: bool, log: &mut impl FnMut(Event)) {
    let s = seat.index();
    let cards = st.played[s].count_ones() as u8;
    st.hand[s] |= st.played[s];
    st.played[s] = 0;
    log(Event::Collected {
        seat,
        cards,
        round_end,
    });
}
