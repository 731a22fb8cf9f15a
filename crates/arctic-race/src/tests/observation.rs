//! What one seat knows ([`Game::observe`]), how answers look to each seat
//! ([`Game::action_key`]), where turns start, and the board an observation prints.

use std::collections::HashSet;

use floe_core::{ActionList, Game, Seat, Stream, stream_rng};

use super::support::*;
use crate::pieces::{Action, Card};
use crate::state::{Phase, State};

const MASTER: u64 = 0x0B5E_47E5;
/// Random games (2 to 6 players in turn) per property.
const GAMES: u64 = 200;

#[test]
fn a_determinized_state_looks_the_same_to_the_seat_that_sampled_it() {
    let game = game();
    let mut rng = stream_rng(5, Stream::Colours);
    let mut sample = blank_river(2);
    let (mut compared, mut differed) = (0, 0);
    for index in 0..GAMES {
        play(&game, MASTER, index, |game, st| {
            for seat in Seat::all(st.players()) {
                game.determinize(st, seat, &mut rng, &mut sample);
                assert_eq!(
                    game.observe(&sample, seat),
                    game.observe(st, seat),
                    "game {index}, {seat}"
                );
                compared += 1;
                differed += usize::from(sample != *st);
            }
        });
    }
    assert!(
        differed * 2 > compared,
        "most samples differ in hidden facts: {differed} of {compared}"
    );
}

/// Round 1 of a three-player game after seat 0 committed `card`.
fn after_seat_0_commits(card: Card) -> State {
    let mut table = Table::new(blank_river(3));
    table.answer(Action::Commit(card));
    table.st
}

#[test]
fn another_seats_face_down_card_is_hidden_from_all_but_its_owner() {
    let game = game();
    let (skier, sled) = (
        after_seat_0_commits(Card::Skier),
        after_seat_0_commits(Card::DogSled),
    );
    assert_ne!(skier, sled);
    for observer in [S1, S2] {
        let seen = game.observe(&skier, observer);
        assert_eq!(seen, game.observe(&sled, observer), "{observer}");
        assert!(seen.has_face_down(S0));
    }
    assert_ne!(game.observe(&skier, S0), game.observe(&sled, S0));
    assert!(
        !game.observe(&skier, S0).has_face_down(S0),
        "its own card is seen"
    );
}

#[test]
fn only_another_seats_commits_share_a_key() {
    let game = game();
    let mut answers = ActionList::new();
    let (mut shared, mut told_apart) = (0, 0);
    for index in 0..GAMES {
        play(&game, MASTER, index, |game, st| {
            let Some(actor) = game.to_act(st) else {
                return;
            };
            game.legal_actions(st, &mut answers);
            for observer in Seat::all(st.players()) {
                let keys: HashSet<_> = answers
                    .iter()
                    .map(|&a| game.action_key(st, a, observer))
                    .collect();
                if st.phase() == Phase::Commit && observer != actor {
                    assert_eq!(keys.len(), 1, "game {index}: {answers:?}");
                    shared += 1;
                } else {
                    assert_eq!(keys.len(), answers.len(), "game {index}: {answers:?}");
                    told_apart += 1;
                }
            }
        });
    }
    assert!(shared > 1000 && told_apart > 1000, "{shared} {told_apart}");
    // The shared key is none of the seen answers' keys.
    let st = blank_river(2);
    let face_down = game.action_key(&st, Action::Commit(Card::Skier), S1);
    assert_ne!(
        face_down,
        game.action_key(&st, Action::Commit(Card::Skier), S0)
    );
    assert_eq!(
        face_down,
        game.action_key(&st, Action::Commit(Card::DogSled), S1)
    );
}

#[test]
fn every_question_starts_a_turn() {
    let game = game();
    for index in 0..GAMES {
        play(&game, MASTER, index, |game, st| {
            if game.to_act(st).is_some() {
                assert!(game.turn_starts(st), "game {index}: {:?}", st.phase());
            }
        });
    }
}

#[test]
fn an_observation_prints_as_a_board() {
    let game = game();
    let river = [Some(PLUS1), None, Some(DIE), Some(ARROW), Some(START)];
    let st = scenario(3, &river, &[BLANK, HAND, PLUS2])
        .with_racers(&[(S0, 3, on(4)), (S1, 5, on(7)), (S2, 4, on(23))])
        .with_finished(S2, &[1])
        .with_finished(S0, &[1])
        .with_played(S1, &[Card::Skier, Card::Snowmobile]);
    let mut table = Table::new(st);
    table.answer(Action::Commit(Card::Snowboarder));
    table.answer(Action::Commit(Card::OneTwoThree));
    let board = game.observe(&table.st, S1).to_string();
    let expected = [
        "seat 1 sees round 1: seat 2 commits a card; start token with seat 0, seat 0 led this round",
        "  bank A   0-5    .     .     +1    .     die   .",
        "                                          s0r3",
        "  slot 0   6-8    .     +1    .",
        "                        s1r5",
        "  slot 1   9-11   open water",
        "  slot 2  12-14   .     die   .",
        "  slot 3  15-17   arrow .     .",
        "  slot 4  18-20   .     .     start",
        "  bank B  21-29   .     start .     +2    .     hand  .     arrow .",
        "                              s2r4",
        "  supply 3 tiles, 0 gone",
        "  seat 0: home r2 r4 r5, r1 finished 2nd; played -; a card face down",
        "  seat 1 (you): home r1 r2 r3 r4; played skier, snowmobile; hand snowboarder, dog sled; face down 1-2-3",
        "  seat 2: home r2 r3 r5, r1 finished 1st; played -",
    ];
    assert_eq!(board.lines().collect::<Vec<_>>(), expected, "{board}");
    assert!(board.ends_with('\n'));
    // Seat 0 sees its own card instead, and seat 1's only as face down.
    let seat_0 = game.observe(&table.st, S0).to_string();
    assert!(seat_0.contains("seat 0 (you): home r2 r4 r5, r1 finished 2nd; played -; hand 1-2-3, skier, dog sled, snowmobile; face down snowboarder\n"), "{seat_0}");
    assert!(
        seat_0.contains("seat 1: home r1 r2 r3 r4; played skier, snowmobile; a card face down\n"),
        "{seat_0}"
    );
}

#[test]
fn a_replay_from_one_seat_sees_others_commits_face_down_and_a_board_each_round() {
    let mut t = Table::new(blank_river(2));
    let events = t.commit(&[Card::Skier, Card::DogSled]);
    let seen: Vec<String> = events
        .iter()
        .map(|&e| t.game.seen_by(e, S0).to_string())
        .collect();
    assert_eq!(
        seen[..3],
        [
            "seat 0: commit the skier card",
            "seat 1: commit a card face down",
            "seat 0 reveals the skier card (A: move racer 3 three spaces; B: roll the die)",
        ]
    );
    // Reveals and every other event are public: seat 1 sees them as they are.
    assert!(events.iter().skip(1).all(|&e| t.game.seen_by(e, S1) == e));
    assert!(t.game.shows_board(&round_start(2, S1)));
    assert!(!t.game.shows_board(&events[0]));
}

#[test]
fn the_narrators_board_shows_every_hand_and_face_down_card() {
    let mut t = Table::new(blank_river(2));
    t.answer(Action::Commit(Card::Skier));
    let all = t.game.observe_all(&t.st).unwrap().to_string();
    assert!(
        all.starts_with("the table: round 1: seat 1 commits a card"),
        "{all}"
    );
    assert!(all.contains("  seat 0: home r1 r2 r3 r4 r5; played -; hand 1-2-3, snowboarder, dog sled, snowmobile; face down skier\n"), "{all}");
    assert!(all.contains("  seat 1: home r1 r2 r3 r4 r5; played -; hand 1-2-3, snowboarder, skier, dog sled, snowmobile\n"), "{all}");
    let seat_1 = t.game.observe(&t.st, S1).to_string();
    assert!(
        seat_1.contains("  seat 0: home r1 r2 r3 r4 r5; played -; a card face down\n"),
        "{seat_1}"
    );
}

#[test]
fn an_observation_serializes_to_json_with_only_the_own_hand_and_face_down_card() {
    let game = game();
    let mut rng = stream_rng(3, Stream::Chance);
    let mut st = game.new_game(3, &mut rng);
    // Round 1: seat 0 commits the skier, seat 1 the dog sled; seat 2 is asked.
    for card in [Card::Skier, Card::DogSled] {
        game.apply(&mut st, Action::Commit(card), &mut rng);
    }
    assert_eq!(game.to_act(&st), Some(S2));
    let json = |st: &State, seat| serde_json::to_value(game.observe(st, seat)).unwrap();
    let seen = json(&st, S0);
    assert_eq!(seen["seat"], 0);
    assert_eq!(seen["round"], 1);
    assert_eq!(seen["phase"], "commit");
    assert_eq!(seen["to_act"], 2);
    assert_eq!(seen["start_token"], 0);
    assert_eq!(seen["end_cause"], serde_json::Value::Null);
    assert_eq!(seen["track"].as_array().unwrap().len(), 30);
    assert_eq!(seen["track"][2], "+1");
    assert_eq!(seen["river"]["first_space"], 6);
    assert_eq!(seen["river"]["tiles"].as_array().unwrap().len(), 5);
    assert_eq!(seen["supply"], st.supply_len());
    let seats = seen["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    assert_eq!(
        seats[0]["racers"][0],
        serde_json::json!({"racer": 1, "position": "home"})
    );
    // Seat 0's own hand and face-down card; of seat 1 only that a card is face down.
    assert_eq!(
        seats[0]["hand"],
        serde_json::json!(["1-2-3", "snowboarder", "dog sled", "snowmobile"])
    );
    assert_eq!(seats[0]["face_down_card"], "skier");
    assert_eq!(seats[1]["face_down"], true);
    assert_eq!(seats[2]["face_down"], false);
    // Every seat's hand size is public; a face-down card is out of the hand.
    let sizes: Vec<_> = seats.iter().map(|s| s["hand_size"].clone()).collect();
    assert_eq!(sizes, [4, 4, 5]);
    for other in &seats[1..] {
        assert!(other.get("hand").is_none(), "{other}");
        assert!(other.get("face_down_card").is_none(), "{other}");
    }
    // Seat 1 committing another card changes its own JSON, never seat 0's.
    let mut other_card = st.clone();
    other_card.change_committed(S1, Card::Snowmobile);
    assert_eq!(json(&other_card, S0), seen);
    assert_ne!(json(&other_card, S1), json(&st, S1));
    assert_eq!(json(&st, S1)["seats"][1]["face_down_card"], "dog sled");
    // A narrator sees every hand and face-down card.
    let all = serde_json::to_value(game.observe_all(&st).unwrap()).unwrap();
    assert_eq!(all["seat"], serde_json::Value::Null);
    assert_eq!(all["seats"][1]["face_down_card"], "dog sled");
    assert_eq!(all["seats"][2]["face_down_card"], serde_json::Value::Null);
}
