//! The answer lists: how long they can get, and the checked entry point for answers
//! from outside ([`Game::try_advance`]).

use floe_core::{ActionList, Game, MAX_ACTIONS, Stream, stream_rng};

use super::support::*;
use crate::answers::most_answers;
use crate::pieces::{Action, Card};
use crate::state::Phase;

const MASTER: u64 = 0x0A25_3E25;
/// Random games (2 to 6 players in turn) per property.
const GAMES: u64 = 600;

#[test]
fn the_longest_answer_list_is_a_full_hand_and_fits_the_list() {
    // Commits: a full hand of 5; reveals: A and B, or the 1-2-3 card's 3 racers; black
    // die: 5 racers; the token: every seat but the holder, at most 5.
    for players in 2..=6 {
        assert_eq!(most_answers(players), 5, "{players} players");
        assert!(most_answers(players) <= MAX_ACTIONS);
    }
    let mut longest = [0; 7];
    let mut answers = ActionList::new();
    for index in 0..GAMES {
        play(&game(), MASTER, index, |game, st| {
            game.legal_actions(st, &mut answers);
            let players = st.players();
            assert!(
                answers.len() <= most_answers(players),
                "game {index}: {answers:?}"
            );
            longest[players] = longest[players].max(answers.len());
        });
    }
    assert_eq!(longest[2..], [5; 5], "the bound is reached at every table");
}

#[test]
fn an_answer_that_is_not_allowed_is_refused_and_changes_nothing() {
    let game = game();
    let st = blank_river(3);
    let mut after = st.clone();
    let mut answers = ActionList::new();
    let mut rng = stream_rng(1, Stream::Chance);
    let refused = game
        .try_advance(
            &mut after,
            Action::MoveA,
            &mut rng,
            &mut answers,
            &mut |_| {},
        )
        .unwrap_err();
    assert_eq!(refused.action, Action::MoveA);
    assert_eq!(refused.allowed.to_vec(), Table::new(st.clone()).legal());
    assert_eq!(after, st);
    assert_eq!(rng, stream_rng(1, Stream::Chance), "no chance was drawn");
    assert_eq!(
        refused.to_string(),
        "\"action A (move)\" is not an answer now; answers: commit the 1-2-3 card | \
         commit the snowboarder card | commit the skier card | commit the dog sled card | \
         commit the snowmobile card"
    );
    // A card no longer in hand is refused too, and after the end every answer is.
    let mut table = Table::new(st.with_played(S0, &[Card::Skier]));
    let mut before = table.st.clone();
    let skier = Action::Commit(Card::Skier);
    assert!(
        game.try_advance(&mut before, skier, &mut rng, &mut answers, &mut |_| {})
            .is_err()
    );
    table.st.phase = Phase::Over(crate::EndCause::RoundLimit);
    let over = game
        .try_advance(&mut table.st, skier, &mut rng, &mut answers, &mut |_| {})
        .unwrap_err();
    assert!(over.allowed.is_empty());
    assert!(over.to_string().contains("the game is over"));
}

#[test]
fn an_allowed_answer_does_what_advance_does() {
    let game = game();
    let mut choices = stream_rng(9, Stream::Bot(1));
    let (mut checked, mut refused) = (0, 0);
    for index in 0..GAMES / 10 {
        play(&game, MASTER, index, |game, st| {
            if game.to_act(st).is_none() {
                return;
            }
            let answer = random_answer(game, st, &mut choices);
            let rng = stream_rng(index, Stream::Chance);
            let (mut by_try, mut by_advance) = (st.clone(), st.clone());
            let (mut try_answers, mut advance_answers) = (ActionList::new(), ActionList::new());
            let (mut try_log, mut advance_log) = (Vec::new(), Vec::new());
            let (mut try_rng, mut advance_rng) = (rng.clone(), rng.clone());
            game.try_advance(
                &mut by_try,
                answer,
                &mut try_rng,
                &mut try_answers,
                &mut |e| try_log.push(e),
            )
            .expect("a listed answer is allowed");
            game.advance(
                &mut by_advance,
                answer,
                &mut advance_rng,
                &mut advance_answers,
                &mut |e| advance_log.push(e),
            );
            assert_eq!(by_try, by_advance, "game {index}");
            assert_eq!(try_answers, advance_answers, "game {index}");
            assert_eq!(try_log, advance_log, "game {index}");
            assert_eq!(try_rng, advance_rng, "game {index}");
            checked += 1;
            // Every numbered answer that is not listed is refused.
            let listed = Table::new(st.clone()).legal();
            for index in 0..game.action_count(st.players()) {
                let Some(other) = game.action_at(st.players(), index) else {
                    continue;
                };
                if !listed.contains(&other) {
                    let mut copy = st.clone();
                    let err = game
                        .try_advance(
                            &mut copy,
                            other,
                            &mut rng.clone(),
                            &mut try_answers,
                            &mut |_| {},
                        )
                        .unwrap_err();
                    assert_eq!(err.allowed.to_vec(), listed);
                    assert_eq!(copy, *st);
                    refused += 1;
                }
            }
        });
    }
    assert!(
        checked > 1000 && refused > 10 * checked,
        "{checked} {refused}"
    );
}
