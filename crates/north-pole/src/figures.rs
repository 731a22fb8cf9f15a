//! The figures of Race to the North Pole (`figures.csv`): what the statistics measure of
//! each finished game beside its outcome.

use floe_core::{FigureDecl, Figures, Outcome, Seat, WIN_SHARE_UNITS};

use crate::state::State;

/// Index of `turns` in [`FIGURES`].
pub const TURNS: usize = 0;
/// Index of `storms`.
pub const STORMS: usize = 1;
/// Index of `ambushes`.
pub const AMBUSHES: usize = 2;
/// Index of `holes`.
pub const HOLES: usize = 3;
/// Index of `bears`.
pub const BEARS: usize = 4;
/// Index of `redraws`.
pub const REDRAWS: usize = 5;
/// Index of `stack_empty_round`.
pub const STACK_EMPTY_ROUND: usize = 6;
/// Index of `pole_pawns`.
pub const POLE_PAWNS: usize = 7;
/// Index of `t1_holder_win`; board `b` (0-based) is at `HOLDER_WIN + b`.
pub const HOLDER_WIN: usize = 8;
/// Team boards with a holder figure (the loader allows at most this many boards).
pub const MAX_BOARDS: usize = 8;

/// The figures, in the order of `figures.csv`: turns, storms, ambushes, holes, bear
/// appearances, redraws, the round the stack empties, pawns at the Pole per seat, and each
/// team board's win share.
pub const FIGURES: [FigureDecl; HOLDER_WIN + MAX_BOARDS] = [
    FigureDecl::game("turns", "turns played, every seat's counted"),
    FigureDecl::game(
        "storms",
        "times the top board turned (weather storms and Storm discs; a storm with no card to read does not count)",
    ),
    FigureDecl::game("ambushes", "ambushes: move-ambushes and slings"),
    FigureDecl::game("holes", "holes made by Hole in the Ice discs"),
    FigureDecl::game("bears", "times the polar bear came onto the board"),
    FigureDecl::game("redraws", "redraws (a seat with no equipment-free play)"),
    FigureDecl::game(
        "stack_empty_round",
        "the round (from 1) in which the ambush stack emptied; not defined when it never did",
    ),
    FigureDecl::seat(
        "pole_pawns",
        "the seat's pawns on the scoreboard at the end (pre-placed ones included)",
    ),
    holder("t1_holder_win", 0),
    holder("t2_holder_win", 1),
    holder("t3_holder_win", 2),
    holder("t4_holder_win", 3),
    holder("t5_holder_win", 4),
    holder("t6_holder_win", 5),
    holder("t7_holder_win", 6),
    holder("t8_holder_win", 7),
];

/// What each board's holder figure means.
const HOLDER_MEANINGS: [&str; MAX_BOARDS] = [
    "the win share (1, 1/k of a win shared by k, else 0) of the seat with team board T1; its mean is that board's win rate; not defined when no seat has it",
    "the win share of the seat with team board T2 (as t1_holder_win)",
    "the win share of the seat with team board T3 (as t1_holder_win)",
    "the win share of the seat with team board T4 (as t1_holder_win)",
    "the win share of the seat with team board T5 (as t1_holder_win)",
    "the win share of the seat with team board T6, where the rules have one (as t1_holder_win)",
    "the win share of the seat with team board T7, where the rules have one (as t1_holder_win)",
    "the win share of the seat with team board T8, where the rules have one (as t1_holder_win)",
];

const fn holder(name: &'static str, board: usize) -> FigureDecl {
    FigureDecl::game(name, HOLDER_MEANINGS[board]).scaled(WIN_SHARE_UNITS)
}

/// Writes the figures of the finished game `st` with `outcome` into `out`.
pub(crate) fn measure(st: &State, outcome: &Outcome, out: &mut Figures) {
    let t = &st.tally;
    out.set(TURNS, i64::from(t.turns));
    out.set(STORMS, i64::from(t.storms));
    out.set(AMBUSHES, i64::from(t.ambushes));
    out.set(HOLES, i64::from(t.holes));
    out.set(BEARS, i64::from(t.bears));
    out.set(REDRAWS, i64::from(t.redraws));
    if t.stack_empty_round > 0 {
        out.set(STACK_EMPTY_ROUND, i64::from(t.stack_empty_round));
    }
    for seat in Seat::all(st.players()) {
        let player = &st.seats[seat.index()];
        out.set_seat(POLE_PAWNS, seat, i64::from(player.at_pole()));
        let board = usize::from(player.board);
        out.set(HOLDER_WIN + board, i64::from(outcome.win_share_units(seat)));
    }
}
