//! A stepped game: answers checked, the state kept on a refusal, and bots asked through it
//! playing exactly game 0 of the same run.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use floe_lab::request::{RunRequest, plan_run};
use floe_play::session::Session;

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
fn every_answer_number_has_a_text_and_only_numbers_past_the_count_are_refused() {
    let game = Session::new("arctic-race", None, 2, 3).unwrap();
    let count = game.action_count();
    let texts: Vec<String> = (0..count).map(|n| game.action_text(n).unwrap()).collect();
    for answer in game.answers() {
        assert_eq!(texts[answer.index], answer.text);
    }
    // The token gifts to the four seats a table of two lacks.
    let wide = Session::new("arctic-race", None, 6, 3).unwrap();
    let unused: Vec<usize> = (0..count)
        .filter(|&n| texts[n] != wide.action_text(n).unwrap())
        .collect();
    assert_eq!(unused.len(), 4);
    for n in unused {
        let text = wide.action_text(n).unwrap() + " (no such answer at 2 players)";
        assert_eq!(texts[n], text);
    }
    assert_eq!(
        game.action_text(count).unwrap_err().to_string(),
        format!(
            "answer {count}: no answer has that number (the numbers run from 0 to {})",
            count - 1
        )
    );
    // North Pole numbers more cards than its rules deal: no table uses those numbers.
    let pole = Session::new("north-pole", None, 2, 3).unwrap();
    let unused = (0..pole.action_count())
        .filter(|&n| {
            pole.action_text(n).unwrap() == "unused (no answer has this number under these rules)"
        })
        .count();
    assert!(unused > 0);
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
            arc: false,
            registry: Default::default(),
        })
        .unwrap()
        .plan;
        let told = floe_play::replay::replay(&plan, 0, None, &Default::default()).unwrap();
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
fn a_bot_played_quietly_plays_and_notes_what_asking_it_and_applying_its_answer_do() {
    for name in ["goofspiel", "arctic-race", "arctic", "north-pole"] {
        let (mut asked, mut played) = (
            Session::new(name, None, 2, 5).unwrap(),
            Session::new(name, None, 2, 5).unwrap(),
        );
        while let Some(seat) = asked.to_act() {
            let bot = ["random", "greedy"][seat];
            let answer = asked.bot_answer(bot).unwrap();
            asked.apply_quietly(answer).unwrap();
            assert_eq!(played.play_bot_quietly(bot).unwrap(), answer, "{name}");
            assert_eq!(
                played.observation(seat).unwrap(),
                asked.observation(seat).unwrap()
            );
        }
        assert_eq!(played.steps(), asked.steps(), "{name}");
        assert_eq!(played.outcome(), asked.outcome(), "{name}");
        assert!(
            played.play_bot_quietly("random").is_err(),
            "no question once over"
        );
    }
}

#[test]
fn a_seated_bot_plays_and_notes_what_the_bot_played_by_its_spec_does() {
    for name in ["goofspiel", "arctic-race", "arctic", "north-pole"] {
        let (mut by_spec, mut seated) = (
            Session::new(name, None, 2, 7).unwrap(),
            Session::new(name, None, 2, 7).unwrap(),
        );
        let bots = ["random", "greedy"].map(|b| b.to_string());
        let at = [0, 1].map(|s| seated.seat_bot(s, &bots[s]).unwrap());
        for seed in [7, 8] {
            by_spec.redeal(seed);
            seated.redeal(seed);
            while let Some(seat) = by_spec.to_act() {
                let other = &at[1 - seat];
                assert!(seated.play_seated_bot(other).is_err(), "{name}: not asked");
                let answer = by_spec.play_bot_quietly(&bots[seat]).unwrap();
                assert_eq!(seated.play_seated_bot(&at[seat]).unwrap(), answer, "{name}");
            }
            assert_eq!(seated.steps(), by_spec.steps(), "{name}");
            assert_eq!(seated.outcome(), by_spec.outcome(), "{name}");
            assert!(seated.play_seated_bot(&at[0]).is_err(), "{name}: over");
        }
        // Another session refuses the seated bot, whether it has no bot where the bot
        // sits or its own bot of the same spec there.
        let mut fresh = Session::new(name, None, 2, 1).unwrap();
        let asked = fresh.to_act().expect("a question at the start");
        let elsewhere = by_spec.clone().seat_bot(asked, "random").unwrap();
        assert!(
            fresh.play_seated_bot(&elsewhere).is_err(),
            "{name}: no bot there"
        );
        let own = fresh.seat_bot(asked, "random").unwrap();
        let refused = fresh.play_seated_bot(&elsewhere).unwrap_err().to_string();
        assert!(
            refused.contains("seated in another session"),
            "{name}: {refused}"
        );
        assert!(fresh.play_seated_bot(&own).is_ok(), "{name}: its own bot");
    }
}

#[test]
fn a_session_that_forgets_its_steps_plays_the_same_game() {
    for name in ["goofspiel", "arctic-race", "arctic", "north-pole"] {
        let (mut kept, mut forgotten) = (
            Session::new(name, None, 2, 9).unwrap(),
            Session::new(name, None, 2, 9).unwrap(),
        );
        forgotten.forget_steps();
        for seed in [9, 10] {
            kept.redeal(seed);
            forgotten.redeal(seed);
            while let Some(seat) = kept.to_act() {
                let answer = if seat == 0 {
                    let answer = kept.bot_answer("random").unwrap();
                    kept.apply_quietly(answer).unwrap();
                    forgotten.apply_quietly(answer).unwrap();
                    answer
                } else {
                    let answer = kept.play_bot_quietly("greedy").unwrap();
                    assert_eq!(forgotten.play_bot_quietly("greedy").unwrap(), answer);
                    answer
                };
                assert_eq!(
                    forgotten.observation(seat).unwrap(),
                    kept.observation(seat).unwrap(),
                    "{name}: after answer {answer}"
                );
            }
            assert!(!kept.steps().is_empty(), "{name}");
            assert!(forgotten.steps().is_empty(), "{name}");
            assert_eq!(forgotten.outcome(), kept.outcome(), "{name}");
        }
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

#[test]
fn every_question_of_every_game_is_told_in_words_with_what_each_answer_does() {
    for name in floe_games::listed_names() {
        for players in [2, 3, 4] {
            let mut game = Session::new(name, None, players, 11).unwrap();
            while game.to_act().is_some() {
                let question = game.question().expect("a question is pending");
                assert!(!question.is_empty(), "{name}");
                // Each answer opens with its name and goes on to say what it does.
                for answer in game.answers() {
                    let name = answer.text.split(' ').next().unwrap();
                    assert!(
                        answer.described.starts_with(name)
                            && answer.described.len() > answer.text.len(),
                        "{name}: {question}: {} says no more than {}",
                        answer.described,
                        answer.text
                    );
                }
                let answer = game.bot_answer("random").unwrap();
                game.apply(answer).unwrap();
            }
            assert_eq!(game.question(), None);
        }
    }
}

#[test]
fn an_answer_that_draws_nothing_hidden_reveals_nothing() {
    // North Pole's first question: which base camp a pawn goes to; the play question that
    // follows it is the same seat's, and nothing hidden has been drawn.
    let game = Session::new("north-pole", None, 2, 3).unwrap();
    let first = game.answers()[0].index;
    assert_eq!(game.revealed_by(&[first], &[0, 1]).unwrap(), None);
    // Arctic Race: seat 0 commits, seat 1 commits face down, seat 0 carries out its
    // card, and seat 1 turns its own card up: seat 0 could not know it.
    let mut race = Session::new("arctic-race", None, 2, 5).unwrap();
    let start = race.clone();
    let mut given = Vec::new();
    while given.len() < 4 {
        let answer = race.answers()[0].index;
        race.apply(answer).unwrap();
        given.push(answer);
    }
    assert_eq!(start.revealed_by(&given[..2], &[0]).unwrap(), None);
    let shown = start
        .revealed_by(&given, &[0])
        .unwrap()
        .expect("a card came out");
    assert!(shown.starts_with("seat 1 reveals the "), "{shown}");
}
