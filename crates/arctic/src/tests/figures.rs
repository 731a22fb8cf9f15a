//! The figures of `figures.csv` equal what the score's components, the state and the
//! outcome say, measured through the runner's own loop (`floe_sim::play`).

use floe_bots::BotSpec;
use floe_core::{FigureScope, Figures, Game, Outcome, Seat, WIN_SHARE_UNITS, game_seed};
use floe_sim::{Dealing, Line, Seats, play};

use crate::cards::ANIMALS;
use crate::engine::Arctic;
use crate::event::Event;
use crate::figures::{
    DIVERSITY, FIGURES, HOLDER_WIN, PENALTY, PENALTY_CARDS, RUNS, TOP_TIED, TOTEM, TURNS,
};
use crate::rules::{Rules, TieBreak};
use crate::state::{CENTRE, State};

/// Checks every figure of the finished game `st` against the score parts, the state and
/// `outcome`; `turns` is the count of turn starts the game's log reported.
fn check(game: &Arctic, st: &State, outcome: &Outcome, turns: u32, f: &Figures) {
    assert_eq!(f.get(TURNS, 0), Some(i64::from(turns)));
    for seat in Seat::all(st.players()) {
        let s = seat.index();
        let parts = game.score_parts(st, seat);
        let got = [RUNS, DIVERSITY, TOTEM, PENALTY].map(|i| f.get(i, s).unwrap());
        let want = [
            parts.pile.runs,
            parts.pile.diversity,
            parts.totem,
            parts.penalty,
        ];
        assert_eq!(got, want.map(i64::from), "seat {s}");
        assert_eq!(
            got.iter().sum::<i64>(),
            i64::from(outcome.scores[s]),
            "the parts sum to the score"
        );
        assert_eq!(
            f.get(PENALTY_CARDS, s),
            Some(i64::from(outcome.progress[s]))
        );
        assert_eq!(
            f.get(PENALTY, s).unwrap(),
            i64::from(game.rules().penalty_points()) * f.get(PENALTY_CARDS, s).unwrap()
        );
    }
    for seat in st.players()..6 {
        assert_eq!(f.get(RUNS, seat), None, "no seat {seat}");
    }
    let scores = outcome.seat_scores();
    let best = *scores.iter().max().unwrap();
    let tied = scores.iter().filter(|&&x| x == best).count() > 1;
    assert_eq!(f.get(TOP_TIED, 0), Some(i64::from(tied)));
    if game.rules().tie_break() == TieBreak::Shared {
        assert_eq!(tied, outcome.winner_count() > 1, "a tie is a shared win");
    } else {
        assert_eq!(outcome.winner_count(), 1);
    }
    for animal in ANIMALS {
        let got = f.get(HOLDER_WIN + animal.index(), 0);
        let want = st.holder(animal).map(|h| {
            let share = if outcome.is_winner(h) {
                WIN_SHARE_UNITS / outcome.winner_count()
            } else {
                0
            };
            i64::from(share)
        });
        assert_eq!(got, want, "{animal}");
    }
}

/// Returns a table of `players` random bots.
fn random_table(players: usize) -> Seats<Arctic> {
    let spec = BotSpec::parse("random").unwrap();
    Seats::new((0..players).map(|_| spec.build()).collect())
}

#[test]
fn figures_are_declared_once_each_with_csv_safe_names() {
    assert!(FIGURES.len() <= floe_core::MAX_FIGURES);
    for (i, f) in FIGURES.iter().enumerate() {
        assert!(
            f.name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
            "{}",
            f.name
        );
        assert!(FIGURES[..i].iter().all(|g| g.name != f.name), "{}", f.name);
        assert!(!f.meaning.is_empty());
    }
    let per_seat: Vec<&str> = FIGURES
        .iter()
        .filter(|f| f.scope == FigureScope::Seat)
        .map(|f| f.name)
        .collect();
    assert_eq!(
        per_seat,
        ["runs", "diversity", "totem", "penalty", "penalty_cards"]
    );
    assert_eq!(FIGURES[HOLDER_WIN + 5].name, "bear_holder_win");
    assert_eq!(FIGURES[HOLDER_WIN].scale, WIN_SHARE_UNITS);
}

#[test]
fn figures_of_played_games_equal_the_score_parts_and_the_outcome() {
    let mut tied_seen = [0u32; 2];
    for tie_break in [TieBreak::TurnOrder, TieBreak::Shared] {
        let mut rules = Rules::standard();
        rules.tie_break = tie_break;
        let game = Arctic::new(rules);
        assert_eq!(game.figures(), &FIGURES);
        for players in 2..=4 {
            let mut table = random_table(players);
            for i in 0..40 {
                let mut turns = 0;
                let mut last = None;
                let record = play(
                    &game,
                    &mut table,
                    i,
                    game_seed(players as u64, i),
                    &Dealing::default(),
                    &mut |line| match line {
                        Line::Event(Event::TurnStarts { .. }) => turns += 1,
                        Line::Over(st) => last = Some(st.clone()),
                        _ => {}
                    },
                );
                let st = last.expect("the game ends");
                check(&game, &st, &record.outcome, turns, table.figures());
                let top = table.figures().get(TOP_TIED, 0).unwrap();
                tied_seen[top as usize] += 1;
            }
        }
    }
    assert!(
        tied_seen.iter().all(|&n| n > 0),
        "games with and without a tied top score: {tied_seen:?}"
    );
}

#[test]
fn a_power_in_the_centre_has_no_holder_win_and_a_shared_win_splits() {
    let mut rules = Rules::standard();
    rules.tie_break = TieBreak::Shared;
    let game = Arctic::new(rules);
    let mut table = random_table(3);
    let mut last = None;
    play(&game, &mut table, 0, 7, &Dealing::default(), &mut |line| {
        if let Line::Over(st) = line {
            last = Some(st.clone());
        }
    });
    let mut st = last.unwrap();
    // By hand: the fox back in the centre, the moose with seat 2, the walrus with seat 0,
    // and a shared win of seats 0 and 2.
    st.holders[0] = CENTRE;
    st.holders[1] = 2;
    st.holders[2] = 0;
    let mut outcome = game.outcome(&st).unwrap();
    outcome.scores[..3].copy_from_slice(&[9, 4, 9]);
    outcome.winners = 0b101;
    let mut f = Figures::new();
    game.measure(&st, &outcome, &mut f);
    assert_eq!(f.get(HOLDER_WIN, 0), None, "nobody holds the fox");
    assert_eq!(f.get(HOLDER_WIN + 1, 0), Some(30), "half a win");
    assert_eq!(f.get(HOLDER_WIN + 2, 0), Some(30));
    assert_eq!(f.get(TOP_TIED, 0), Some(1));
    outcome.scores[..3].copy_from_slice(&[9, 4, 8]);
    outcome.winners = 0b001;
    game.measure(&st, &outcome, &mut f);
    assert_eq!(f.get(HOLDER_WIN + 1, 0), Some(0), "the moose's holder lost");
    assert_eq!(f.get(HOLDER_WIN + 2, 0), Some(60));
    assert_eq!(f.get(TOP_TIED, 0), Some(0));
}
