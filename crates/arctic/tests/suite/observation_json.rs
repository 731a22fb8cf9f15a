//! An observation serializes to JSON a front end hands its user as a dict: the public
//! facts, the observer's own cards, and nothing of another seat's hidden cards.

use arctic::{Arctic, Card, State};
use floe_core::{ActionList, Game, Seat, Stream, stream_rng};
use serde_json::Value;

fn json(game: &Arctic, st: &State, seat: u8) -> Value {
    serde_json::to_value(game.observe(st, Seat(seat))).unwrap()
}

fn names(cards: impl IntoIterator<Item = Card>) -> Vec<String> {
    cards.into_iter().map(|c| c.to_string()).collect()
}

#[test]
fn an_observation_serializes_to_json_with_only_the_own_private_cards() {
    let game = Arctic::standard();
    let mut rng = stream_rng(11, Stream::Chance);
    let st = game.new_game(2, &mut rng);
    let actor = st.actor().0;
    let seen = json(&game, &st, 0);
    assert_eq!(seen["seat"], 0);
    assert_eq!(seen["round"], 1);
    assert_eq!(seen["to_act"], actor);
    assert_eq!(seen["phase"], serde_json::to_value(st.phase()).unwrap());
    assert!(seen["phase"].is_string());
    assert_eq!(seen["draw_pile"], st.draw_pile().len());
    assert_eq!(seen["end_cause"], Value::Null);
    assert_eq!(seen["landscape"].as_object().unwrap().len(), 6);
    assert!(seen["landscape"]["walrus"].is_u64());
    assert!(["A", "B"].contains(&seen["powers"]["fox"]["side"].as_str().unwrap()));
    let river: Vec<&str> = seen["river"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(Value::as_str)
        .collect();
    assert_eq!(river, names(st.river()));
    // Seat 0's own hand and totem; of seat 1 only its sizes and the cards known to all.
    let seats = seen["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    let own = st.hand(Seat(0));
    assert_eq!(seats[0]["hand"], serde_json::json!(names(own.iter())));
    assert_eq!(seats[0]["hand_size"], own.len());
    assert_eq!(seats[0]["totem"], st.totem(Seat(0)).name());
    assert_eq!(seats[1]["hand_size"], st.hand(Seat(1)).len());
    for key in ["hand", "penalty", "totem", "score"] {
        assert!(seats[1].get(key).is_none(), "seat 1's {key}: {}", seats[1]);
    }
    let text = seen.to_string();
    let hidden = st.hand(Seat(1)).minus(st.known_in_hand(Seat(1)));
    assert!(!hidden.is_empty());
    for card in hidden.iter() {
        assert!(!text.contains(&format!("\"{card}\"")), "{card} in {text}");
    }
    // Another hand card for seat 1 (swapped with the draw pile) or another totem changes
    // its own JSON, never seat 0's.
    let mut varied = st.clone();
    varied.swap_places(hidden.nth(0).unwrap(), *st.draw_pile().last().unwrap());
    let other = arctic::ANIMALS
        .into_iter()
        .find(|&a| a != st.totem(Seat(1)))
        .unwrap();
    varied.set_totem(Seat(1), other);
    assert_eq!(json(&game, &varied, 0), seen);
    assert_ne!(json(&game, &varied, 1), json(&game, &st, 1));
}

#[test]
fn a_finished_games_json_shows_every_score_and_totem() {
    let game = Arctic::standard();
    let mut rng = stream_rng(12, Stream::Chance);
    let mut st = game.new_game(3, &mut rng);
    let mut answers = ActionList::new();
    while game.to_act(&st).is_some() {
        game.legal_actions(&st, &mut answers);
        game.apply(&mut st, answers[0], &mut rng);
    }
    let seen = json(&game, &st, 1);
    assert_eq!(seen["phase"], "over");
    assert_eq!(seen["to_act"], Value::Null);
    assert!(seen["end_cause"].is_string());
    let outcome = game.outcome(&st).unwrap();
    for (s, seat) in seen["seats"].as_array().unwrap().iter().enumerate() {
        assert_eq!(seat["totem"], st.totem(Seat(s as u8)).name());
        let score = &seat["score"];
        assert_eq!(score["total"], outcome.scores[s], "{score}");
        let parts = ["runs", "diversity", "totem", "penalty"].map(|k| score[k].as_i64().unwrap());
        assert_eq!(parts.iter().sum::<i64>(), score["total"].as_i64().unwrap());
    }
}
