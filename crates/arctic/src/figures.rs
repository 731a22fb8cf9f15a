//! Arctic's figures: what the statistics measure of each finished game beside its outcome
//! (`figures.csv`): the game's length, each seat's score by component and penalty cards,
//! whether the top score was tied, and how the holder of each power card fared.

use floe_core::{FigureDecl, Figures, Outcome, Seat, WIN_SHARE_UNITS};

use crate::cards::{ANIMAL_COUNT, ANIMALS};
use crate::engine::Arctic;
use crate::state::State;

/// Index of `turns` in [`FIGURES`].
pub const TURNS: usize = 0;
/// Index of `runs`.
pub const RUNS: usize = 1;
/// Index of `diversity`.
pub const DIVERSITY: usize = 2;
/// Index of `totem`.
pub const TOTEM: usize = 3;
/// Index of `penalty`.
pub const PENALTY: usize = 4;
/// Index of `penalty_cards`.
pub const PENALTY_CARDS: usize = 5;
/// Index of `top_tied`.
pub const TOP_TIED: usize = 6;
/// Index of the first power's `ANIMAL_holder_win` (fox); animal `a` is at
/// `HOLDER_WIN + a.index()`.
pub const HOLDER_WIN: usize = 7;

/// The figures of Arctic, in the order of `figures.csv`: turns, score by component and
/// penalty cards per seat, tied top scores, and the win share of each power card's holder.
pub const FIGURES: [FigureDecl; HOLDER_WIN + ANIMAL_COUNT] = [
    FigureDecl::game(
        "turns",
        "turns played in the game, every seat's turns counted (the final round's included)",
    ),
    FigureDecl::seat(
        "runs",
        "the seat's points from runs: each animal's longest run in its pile, face-down cards given their best animals",
    ),
    FigureDecl::seat(
        "diversity",
        "the seat's points from diversity: the animals whose longest run in its pile is 2 or more",
    ),
    FigureDecl::seat(
        "totem",
        "the seat's points from its totem: the Landscape value under its totem animal's token",
    ),
    FigureDecl::seat(
        "penalty",
        "the seat's points from its penalty cards (negative under the page's rules)",
    ),
    FigureDecl::seat("penalty_cards", "penalty cards the seat holds at the end"),
    FigureDecl::game(
        "top_tied",
        "1 if two or more seats share the top score, else 0: its mean is the share of games decided by the tie-break (with tie_break = shared, a shared win)",
    ),
    holder_win("fox_holder_win", HOLDER_MEANINGS[0]),
    holder_win("moose_holder_win", HOLDER_MEANINGS[1]),
    holder_win("walrus_holder_win", HOLDER_MEANINGS[2]),
    holder_win("orca_holder_win", HOLDER_MEANINGS[3]),
    holder_win("puffin_holder_win", HOLDER_MEANINGS[4]),
    holder_win("bear_holder_win", HOLDER_MEANINGS[5]),
];

/// Returns the figure `name`, meaning `meaning`: the win share of a power card's holder,
/// in [`WIN_SHARE_UNITS`].
const fn holder_win(name: &'static str, meaning: &'static str) -> FigureDecl {
    FigureDecl::game(name, meaning).scaled(WIN_SHARE_UNITS)
}

/// What each power's `ANIMAL_holder_win` means, in the animals' order.
const HOLDER_MEANINGS: [&str; ANIMAL_COUNT] = [
    "the win share (1, 1/k of a win shared by k, else 0) of the seat holding the fox power card at the end; its mean is the holder's win rate; not defined when the card lies in the centre",
    "the win share of the seat holding the moose power card at the end (as fox_holder_win)",
    "the win share of the seat holding the walrus power card at the end (as fox_holder_win)",
    "the win share of the seat holding the orca power card at the end (as fox_holder_win)",
    "the win share of the seat holding the puffin power card at the end (as fox_holder_win)",
    "the win share of the seat holding the bear power card at the end (as fox_holder_win)",
];

/// Writes the figures of the finished game `st` with `outcome` into `out`.
pub(crate) fn measure(game: &Arctic, st: &State, outcome: &Outcome, out: &mut Figures) {
    out.set(TURNS, i64::from(st.turns()));
    for seat in Seat::all(st.players()) {
        let parts = game.score_parts(st, seat);
        out.set_seat(RUNS, seat, i64::from(parts.pile.runs));
        out.set_seat(DIVERSITY, seat, i64::from(parts.pile.diversity));
        out.set_seat(TOTEM, seat, i64::from(parts.totem));
        out.set_seat(PENALTY, seat, i64::from(parts.penalty));
        out.set_seat(PENALTY_CARDS, seat, st.penalty(seat).len() as i64);
    }
    let top = outcome.top_score();
    let at_top = outcome.seat_scores().iter().filter(|&&s| s == top).count();
    out.set(TOP_TIED, i64::from(at_top > 1));
    for animal in ANIMALS {
        if let Some(holder) = st.holder(animal) {
            let share = outcome.win_share_units(holder);
            out.set(HOLDER_WIN + animal.index(), i64::from(share));
        }
    }
}
