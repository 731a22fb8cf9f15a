//! A stepped game: answers checked, the state kept on a refusal, and bots asked through it
//! playing exactly game 0 of the same run.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use floe_lab::request::{RunRequest, plan_run};
use floe_lab::session::Session;

#[test]
fn a_refused_answer_names_the_answers_and_changes_nothing() {
    let mut game = Session::new("arctic", None, 3, 5).unwrap();
    let legal: Vec<usize> = game.answers().iter().map(|a| a.index).collect();
    let illegal = (0..game.action_count())
        .find(|n| !legal.contains(n))
        .unwrap();
    let before = (0..3)
        .map(|s| game.observation(s).unwrap())
        .collect::<Vec<_>>();
    let e = game.apply(illegal).unwrap_err().to_string();
    assert!(e.starts_with(&format!("answer {illegal} (")), "{e}");
    assert!(e.contains(") is not an answer now; answers: "), "{e}");
    let e = game.apply(game.action_count()).unwrap_err().to_string();
    assert!(e.contains("has that number (the numbers run from 0"), "{e}");
    let after = (0..3)
        .map(|s| game.observation(s).unwrap())
        .collect::<Vec<_>>();
    assert_eq!(before, after);
    assert_eq!(
        game.observation(3).unwrap_err().to_string(),
        "seat 3: the table has seats 0 to 2 (3 players)"
    );
}

#[test]
fn bots_asked_through_a_session_play_game_0_of_the_run() {
    for name in ["arctic-race", "arctic", "north-pole"] {
        let bots = ["greedy", "random", "mcts:iters=20"];
        let mut game = Session::new(name, None, 3, 17).unwrap();
        while let Some(seat) = game.to_act() {
            let answer = game.bot_answer(bots[seat]).unwrap();
            game.apply(answer).unwrap();
        }
        let finish = game.outcome().unwrap();
        let plan = plan_run(RunRequest {
            kind: floe_lab::RunKind::Simulate,
            game: name.into(),
            rules: None,
            players: 3,
            bots: bots.join(","),
            games: 1,
            dealing: floe_lab::Dealing {
                seed: 17,
                shuffle_colours: false,
                seating: floe_lab::Seating::Fixed,
            },
            per_game: false,
            outsiders: Vec::new(),
        })
        .unwrap()
        .plan;
        let told = floe_lab::replay::replay(&plan, 0, None, &[]).unwrap();
        let scores: Vec<String> = (0..3)
            .map(|s| format!("  seat {s}: {} points", finish.scores[s]))
            .collect();
        let end = &told[told.rfind("final scores (").unwrap()..];
        assert!(end.starts_with(&format!("final scores ({}):", finish.end_cause)));
        for line in scores {
            assert!(end.contains(&line), "{name}: {line} not in {end}");
        }
        assert!(game.answers().is_empty());
        assert!(game.bot_answer("random").is_err(), "no question once over");
    }
}

#[test]
fn a_copy_shares_the_dice_from_where_it_was_made() {
    let mut game = Session::new("north-pole", None, 2, 3).unwrap();
    game.apply(game.answers()[0].index).unwrap();
    let mut twin = game.clone();
    while game.to_act().is_some() {
        let first = game.answers()[0].index;
        game.apply(first).unwrap();
        twin.apply(first).unwrap();
        assert_eq!(game.observation(0).unwrap(), twin.observation(0).unwrap());
    }
    assert_eq!(game.outcome(), twin.outcome());
}

#[test]
fn a_set_interrupt_flag_ends_a_search_with_a_legal_answer() {
    // A million iterations take seconds in North Pole; with the flag set the search stops
    // at its first look (this test would otherwise take that long, not fail).
    let mut game = Session::new("north-pole", None, 2, 3).unwrap();
    let flag = Arc::new(AtomicBool::new(true));
    game.interrupt_searches_on(flag);
    let legal: Vec<usize> = game.answers().iter().map(|a| a.index).collect();
    let spec = "mcts:iters=1000000";
    assert!(Session::searches(spec) && !Session::searches("greedy"));
    assert!(legal.contains(&game.bot_answer(spec).unwrap()));
}
