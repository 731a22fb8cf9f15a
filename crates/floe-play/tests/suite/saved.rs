//! A stepped game kept and set up again: saved as its steps it stands where it stood and
//! goes on identically, bots included; written as a record it is told again by the
//! record's replay and opens where it ended; a seat whose bot was also asked something
//! else is a person's in the record.

use std::path::Path;

use floe_bots::Registry;
use floe_play::people::{PERSON, Record, replay_record};
use floe_play::saved::{Saved, open_record, record_of};
use floe_play::session::{Session, Step};

/// Where the seat asked stands: every seat's observation and the answers offered.
fn position(game: &Session) -> Vec<String> {
    let mut seen: Vec<String> = (0..game.players())
        .map(|s| game.observation(s).unwrap().json)
        .collect();
    seen.extend(game.answers().into_iter().map(|a| a.text));
    seen
}

/// Plays `game` on with `bots` (the bot of each seat, `None` for the first answer
/// offered) for `answers` answers or to the end.
fn play_on(game: &mut Session, bots: &[Option<String>], answers: usize) {
    for _ in 0..answers {
        let Some(seat) = game.to_act() else { return };
        let answer = match &bots[seat] {
            Some(spec) => game.bot_answer(spec).unwrap(),
            None => game.answers()[0].index,
        };
        game.apply_quietly(answer).unwrap();
    }
}

/// Arctic Race for 2, seat 1 played by greedy, seat 0 answered from outside; seat 0 also
/// asks `mcts:iters=30` for advice once, which it does not take.
fn a_game_half_played() -> (Session, Vec<Option<String>>) {
    let bots = vec![None, Some("greedy".to_string())];
    let mut game = Session::new("arctic-race", None, 2, 9).unwrap();
    play_on(&mut game, &bots, 6);
    while game.to_act() != Some(0) {
        play_on(&mut game, &bots, 1);
    }
    game.bot_answer("mcts:iters=30").unwrap();
    play_on(&mut game, &bots, 10);
    (game, bots)
}

#[test]
fn a_saved_game_stands_where_it_stood_and_goes_on_identically() {
    let (mut game, bots) = a_game_half_played();
    let text = Saved::of(&game, &bots).to_json();
    let saved = Saved::from_json(&text).unwrap();
    assert_eq!(saved.bots, bots);
    assert!(
        saved
            .steps
            .iter()
            .any(|s| matches!(s, Step::Asked { spec, .. } if &**spec == "mcts:iters=30")),
        "the advice asked is a step"
    );
    let mut again = saved.restore(&Registry::default()).unwrap();
    assert_eq!(position(&again), position(&game));
    assert_eq!(again.steps(), game.steps());
    // Both seats by bots from here: greedy's random numbers went on as they were.
    let all_bots = vec![Some("random".to_string()), Some("greedy".to_string())];
    play_on(&mut game, &all_bots, 10_000);
    play_on(&mut again, &all_bots, 10_000);
    assert_eq!(game.outcome(), again.outcome());
    assert!(game.outcome().is_some());
}

#[test]
fn a_step_that_does_not_replay_is_named() {
    let (game, bots) = a_game_half_played();
    let mut saved = Saved::of(&game, &bots);
    let at = saved
        .steps
        .iter()
        .position(|s| matches!(s, Step::Asked { .. }))
        .unwrap();
    if let Step::Asked { answer, .. } = &mut saved.steps[at] {
        *answer = 9_999;
    }
    let e = saved
        .restore(&Registry::default())
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.starts_with(&format!(
            "step {at} of the saved game: bot \"greedy\" answers"
        )),
        "{e}"
    );
}

#[test]
fn a_record_tells_the_game_again_and_opens_where_it_ended() {
    let (mut game, bots) = a_game_half_played();
    let record = record_of(&game, &bots);
    // Seat 0 took answers from outside (and asked a bot for advice): a person's seat.
    assert_eq!(record.seats, [PERSON, "greedy"]);
    let path = Path::new("half.toml");
    let opened = |record: &Record| {
        let text = record.to_toml();
        let read: Record = toml::from_str(&text).unwrap();
        open_record(&read, path, &Registry::default()).unwrap()
    };
    let (half, seated) = opened(&record);
    assert_eq!(seated, bots);
    assert_eq!(position(&half), position(&game));
    // Finished, the record is told again by `floe replay --record`.
    play_on(&mut game, &bots, 10_000);
    let whole = record_of(&game, &bots);
    let (ended, _) = opened(&whole);
    assert_eq!(ended.outcome(), game.outcome());
    let told = replay_record(&whole, path, None, &Registry::default()).unwrap();
    assert!(told.contains(&game.final_scores().unwrap()), "{told}");
}

#[test]
fn a_seat_whose_bot_was_asked_something_else_is_a_persons() {
    let bots = vec![None, Some("greedy".to_string())];
    let mut game = Session::new("arctic-race", None, 2, 9).unwrap();
    while game.to_act() != Some(1) {
        play_on(&mut game, &bots, 1);
    }
    game.bot_answer("random").unwrap();
    play_on(&mut game, &bots, 20);
    let record = record_of(&game, &bots);
    assert_eq!(record.seats, [PERSON, PERSON]);
    let (opened, _) = open_record(&record, Path::new("r.toml"), &Registry::default()).unwrap();
    assert_eq!(position(&opened), position(&game));
}

#[test]
fn a_record_answer_not_offered_is_named_with_the_file() {
    let (game, bots) = a_game_half_played();
    let mut record = record_of(&game, &bots);
    record.answers[1] = 9_999;
    let e = open_record(&record, Path::new("bad.toml"), &Registry::default())
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.starts_with("record bad.toml: answer 1 of the record (9999)"),
        "{e}"
    );
}
