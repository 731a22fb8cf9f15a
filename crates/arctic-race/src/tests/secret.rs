//! The commit as a secret simultaneous choice (rules page, "A round": every seat commits a
//! card face down before any is revealed): what a search is told of the round, by
//! `secret_round` and `reopen_round`.

use floe_core::{Game, Stream, stream_rng};

use super::support::{S0, S1, S2, blank_river, play};
use crate::pieces::{Action, Card};
use crate::race::ArcticRace;
use crate::state::{Phase, State};

const MASTER: u64 = 0x5345_4352_4554;

/// Commits `card` for the seat asked.
fn commit(game: &ArcticRace, st: &mut State, card: Card) {
    let mut chance = stream_rng(1, Stream::Chance);
    game.apply(st, Action::Commit(card), &mut chance);
}

#[test]
fn the_commit_round_counts_the_seats_that_committed_since_the_leader_and_reopens_to_the_leader() {
    let game = ArcticRace::classic();
    let mut st = blank_river(3);
    assert_eq!(game.to_act(&st), Some(S0));
    assert_eq!(game.secret_round(&st), Some(0));
    let opening = st.clone();
    commit(&game, &mut st, Card::ALL[0]);
    assert_eq!(game.to_act(&st), Some(S1));
    assert_eq!(game.secret_round(&st), Some(1));
    commit(&game, &mut st, Card::ALL[2]);
    assert_eq!(game.to_act(&st), Some(S2));
    assert_eq!(game.secret_round(&st), Some(2));
    let mut reopened = st.clone();
    game.reopen_round(&mut reopened);
    assert_eq!(
        reopened, opening,
        "both cards back in hand, the leader asked again"
    );
}

#[test]
fn in_random_games_every_commit_is_declared_secret_and_reopens_to_its_round() {
    let game = ArcticRace::classic();
    let mut commits = 0;
    for index in 0..60 {
        play(&game, MASTER, index, |game, st| {
            let Some(answered) = game.secret_round(st) else {
                assert_ne!(
                    st.phase,
                    Phase::Commit,
                    "game {index}: a commit not declared secret"
                );
                return;
            };
            let mut reopened = st.clone();
            game.reopen_round(&mut reopened);
            assert_eq!(game.secret_round(&reopened), Some(0), "game {index}");
            assert_eq!(game.to_act(&reopened), Some(st.leader), "game {index}");
            let back = (0..st.players())
                .filter(|&s| reopened.hand[s] != st.hand[s])
                .count();
            assert_eq!(
                back, answered,
                "game {index}: every committed card back in its hand"
            );
            commits += 1;
        });
    }
    assert!(commits > 1000, "only {commits} commits met");
}
