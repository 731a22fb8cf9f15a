//! Race to the North Pole passes the conformance kit at 2, 3 and 4 players and in team
//! play, its fair-play check varying the two facts the page hides from every seat: the
//! draw pile's order and the face-down discs.

use std::ops::RangeInclusive;

use floe_conformance::{Kit, Varier};
use floe_core::{FloeRng, Game, Seat};
use north_pole::{NorthPole, Rules, State};
use rand::RngExt;

/// Swaps two cards of the draw pile, the top card only with one of its storm colour (the
/// colour is public).
fn draw_order(game: &NorthPole, st: &State, _: Seat, rng: &mut FloeRng) -> Option<State> {
    let n = st.draw.len();
    if n < 3 {
        return None;
    }
    let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
    let colour = |i: usize| game.rules().card(st.draw[i]).colour;
    let touches_top = a == n - 1 || b == n - 1;
    if a == b || (touches_top && colour(a) != colour(b)) {
        return None;
    }
    let mut varied = st.clone();
    varied.draw.swap(a, b);
    Some(varied)
}

/// Swaps two face-down discs of different types: among the stack and the removed ones
/// freely, onto a corner or the scoreboard only a green one (those places hold green
/// discs, as everyone knows).
fn face_down(_: &NorthPole, st: &State, _: Seat, rng: &mut FloeRng) -> Option<State> {
    let mut varied = st.clone();
    let corners = st.corner_discs.len();
    let board = corners + usize::from(st.scoreboard_disc.is_some());
    let places = board + st.stack.len() + st.removed.len();
    if places < 2 {
        return None;
    }
    let (a, b) = (rng.random_range(0..places), rng.random_range(0..places));
    let get = |s: &State, i: usize| {
        if i < corners {
            s.corner_discs[i].1
        } else if i < board {
            s.scoreboard_disc.expect("a scoreboard disc")
        } else if i < board + s.stack.len() {
            s.stack[i - board]
        } else {
            s.removed[i - board - s.stack.len()]
        }
    };
    let (da, db) = (get(st, a), get(st, b));
    if da == db || ((a < board || b < board) && (da.is_hazard() || db.is_hazard())) {
        return None;
    }
    let mut set = |i: usize, d| {
        if i < corners {
            varied.corner_discs[i].1 = d;
        } else if i < board {
            varied.scoreboard_disc = Some(d);
        } else if i < board + st.stack.len() {
            varied.stack[i - board] = d;
        } else {
            varied.removed[i - board - st.stack.len()] = d;
        }
    };
    set(a, db);
    set(b, da);
    Some(varied)
}

const VARIERS: &[Varier<NorthPole>] = &[
    Varier::new("the draw pile's order", draw_order),
    Varier::new("the face-down discs", face_down),
];

/// Checks `game` with the kit at `players`, four random games each.
fn conforms(game: &NorthPole, players: RangeInclusive<usize>) {
    let kit = Kit {
        players,
        max_rounds: game.rules().round_limit,
        variers: VARIERS,
        games: 4,
    };
    floe_conformance::check(game, &kit);
}

#[test]
fn north_pole_conforms() {
    conforms(&NorthPole::standard(), 2..=4);
}

#[test]
fn north_pole_conforms_in_team_play() {
    let mut rules = Rules::standard();
    rules.team_play = true;
    conforms(&NorthPole::new(rules), 4..=4);
}
