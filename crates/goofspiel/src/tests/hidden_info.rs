//! What each seat knows: observations, action keys, `determinize`, the encoding and the
//! answer numbering.

use floe_core::{Game, Seat};

use super::{bid, rng};
use crate::{ActionKey, Bid, Goofspiel};

#[test]
fn later_seats_do_not_see_earlier_bids() {
    let game = Goofspiel::standard();
    let mut low = game.scenario(3, &[4, 1, 5, 2, 3]);
    let mut high = low.clone();
    bid(&game, &mut low, &[1]);
    bid(&game, &mut high, &[5]);
    assert_eq!(game.observe(&low, Seat(1)), game.observe(&high, Seat(1)));
    assert_eq!(game.observe(&low, Seat(2)), game.observe(&high, Seat(2)));
    assert_ne!(game.observe(&low, Seat(0)), game.observe(&high, Seat(0)));
    assert!(game.observe(&low, Seat(1)).has_bid(Seat(0)));
}

#[test]
fn the_deck_order_is_hidden_but_revealed_bids_are_not() {
    let game = Goofspiel::standard();
    let a = game.scenario(2, &[4, 1, 5, 2, 3]);
    let b = game.scenario(2, &[4, 3, 2, 5, 1]);
    assert_ne!(a, b);
    assert_eq!(game.observe(&a, Seat(0)), game.observe(&b, Seat(0)));
    let (mut x, mut y) = (a.clone(), a);
    bid(&game, &mut x, &[1, 2]);
    bid(&game, &mut y, &[2, 1]);
    assert_ne!(game.observe(&x, Seat(0)), game.observe(&y, Seat(0)));
}

#[test]
fn a_deck_in_a_known_order_is_seen_and_kept_by_determinize() {
    let rules = crate::Rules::from_toml("cards = 5\nprizes = \"descending\"").unwrap();
    let game = Goofspiel::new(rules);
    let st = game.new_game(2, &mut rng());
    let mut sample = st.clone();
    for seed in 0..20 {
        let mut draws = floe_core::stream_rng(seed, floe_core::Stream::Bot(0));
        game.determinize(&st, Seat(0), &mut draws, &mut sample);
        assert_eq!(sample, st, "nothing is hidden before anyone bids");
    }
    let other = game.scenario(2, &[5, 4, 2, 3, 1]);
    assert_ne!(game.observe(&st, Seat(0)), game.observe(&other, Seat(0)));
}

#[test]
fn an_observation_prints_public_facts_and_own_cards() {
    let game = Goofspiel::standard();
    let mut st = game.scenario(3, &[4, 1, 5, 2, 3]);
    bid(&game, &mut st, &[2, 5, 3, 1]);
    assert_eq!(
        game.observe(&st, Seat(0)).to_string(),
        "seat 0 sees: round 2 of 5, prize 1 up; scores 0 4 0; bid: [0]\n  own hand [3 4 5], own bid 1\n  past: 4: 2 5 3 -> seat 1;\n"
    );
    assert_eq!(
        game.observe(&st, Seat(2)).to_string(),
        "seat 2 sees: round 2 of 5, prize 1 up; scores 0 4 0; bid: [0]\n  own hand [1 2 4 5]\n  past: 4: 2 5 3 -> seat 1;\n"
    );
}

#[test]
fn another_seats_bid_looks_the_same_whatever_the_card() {
    let game = Goofspiel::standard();
    let st = game.scenario(2, &[4, 1, 5, 2, 3]);
    assert_eq!(game.action_key(&st, Bid(1), Seat(1)), ActionKey::FaceDown);
    assert_eq!(game.action_key(&st, Bid(5), Seat(1)), ActionKey::FaceDown);
    assert_eq!(
        game.action_key(&st, Bid(5), Seat(0)),
        ActionKey::Seen(Bid(5))
    );
    assert_ne!(
        game.action_key(&st, Bid(1), Seat(0)),
        game.action_key(&st, Bid(5), Seat(0))
    );
}

#[test]
fn determinize_keeps_what_the_seat_knows_and_samples_the_rest() {
    let game = Goofspiel::standard();
    let mut st = game.scenario(3, &[4, 1, 5, 2, 3]);
    bid(&game, &mut st, &[2, 5]);
    let mut out = st.clone();
    let mut bids_seen = [0u32; 6];
    let mut tops_seen = [0u32; 6];
    let mut r = rng();
    for _ in 0..2000 {
        game.determinize(&st, Seat(2), &mut r, &mut out);
        assert_eq!(game.observe(&out, Seat(2)), game.observe(&st, Seat(2)));
        assert_eq!(out.bid(Seat(2)), None);
        bids_seen[usize::from(out.bid(Seat(0)).unwrap())] += 1;
        tops_seen[usize::from(out.deck().next().unwrap())] += 1;
    }
    // Seat 0 may have bid any of its five cards; the next prize is any of 1, 2, 3, 5.
    assert!(bids_seen[1..].iter().all(|&n| n > 300), "{bids_seen:?}");
    assert_eq!(tops_seen[4], 0);
    assert!(
        [1, 2, 3, 5].iter().all(|&c| tops_seen[c] > 400),
        "{tops_seen:?}"
    );
    // Seat 0 knows its own bid: it stays.
    game.determinize(&st, Seat(0), &mut r, &mut out);
    assert_eq!(out.bid(Seat(0)), Some(2));
}

#[test]
fn determinize_reads_only_what_the_seat_knows() {
    let game = Goofspiel::standard();
    let mut a = game.scenario(3, &[4, 1, 5, 2, 3]);
    let mut b = game.scenario(3, &[4, 5, 3, 2, 1]);
    bid(&game, &mut a, &[2, 5]);
    bid(&game, &mut b, &[3, 1]);
    let (mut out_a, mut out_b) = (a.clone(), b.clone());
    game.determinize(&a, Seat(2), &mut rng(), &mut out_a);
    game.determinize(&b, Seat(2), &mut rng(), &mut out_b);
    assert_eq!(out_a, out_b);
}

#[test]
fn answers_are_numbered_by_card_and_the_encoding_fills_its_length() {
    let game = Goofspiel::standard();
    for c in 1..=5 {
        assert_eq!(game.action_index(Bid(c)), usize::from(c) - 1);
        assert_eq!(game.action_at(3, usize::from(c) - 1), Some(Bid(c)));
    }
    assert_eq!((game.action_count(3), game.action_at(3, 5)), (5, None));
    let mut st = game.scenario(3, &[4, 1, 5, 2, 3]);
    bid(&game, &mut st, &[2, 5, 3, 1]);
    let mut out = vec![f32::NAN; game.encoding_len(3)];
    assert_eq!(out.len(), 15 + 3 + 21 + 20);
    game.encode(&game.observe(&st, Seat(0)), &mut out);
    let ones: Vec<usize> = (0..out.len()).filter(|&i| out[i] == 1.0).collect();
    // Prize 1 up; hand 3 4 5; own bid 1; seat 1 to bid; seat 0 has bid, its unrevealed
    // cards are 1 3 4 5; seats 1 and 2 hold all but 5 and 3; prize 4 went to seat 1.
    let hand = [5 + 2, 5 + 3, 5 + 4];
    assert_eq!(ones[..6], [0, hand[0], hand[1], hand[2], 10, 15 + 1]);
    assert_eq!(out[18 + 7 + 1], 4.0, "seat 1's points");
    assert_eq!(out[18 + 21 + 3 * 4 + 1], 1.0, "prize 4 taken by seat 1");
    assert!(out.iter().all(|x| x.is_finite()));
}

#[test]
fn an_observation_serializes_to_json_with_only_the_own_hand_and_bid() {
    let game = Goofspiel::standard();
    let mut st = game.scenario(3, &[4, 1, 5, 2, 3]);
    // Round 1: bids 2, 5, 3 (seat 1 takes the 4); round 2: seats 0 and 1 bid 1 and 4.
    bid(&game, &mut st, &[2, 5, 3, 1, 4]);
    let json =
        |st: &crate::State, seat| serde_json::to_value(game.observe(st, Seat(seat))).unwrap();
    let seen = json(&st, 0);
    assert_eq!(seen["seat"], 0);
    assert_eq!(seen["cards"], 5);
    assert_eq!(seen["round"], 2);
    assert_eq!(seen["prize"], 1);
    assert_eq!(seen["prizes_left"], serde_json::json!([2, 3, 5]));
    assert_eq!(
        seen["past"],
        serde_json::json!([{"prize": 4, "bids": [2, 5, 3], "taker": 1}])
    );
    let seats = seen["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    assert_eq!(seats[1]["points"], 4);
    assert_eq!(seats[1]["prizes_won"], 1);
    // Seat 0's own hand and bid; of seat 1 only that it has bid.
    assert_eq!(seats[0]["hand"], serde_json::json!([3, 4, 5]));
    assert_eq!(seats[0]["bid"], 1);
    assert_eq!(seats[1]["has_bid"], true);
    assert_eq!(seats[2]["has_bid"], false);
    for other in &seats[1..] {
        let mut keys: Vec<&str> = other
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["has_bid", "points", "prizes_won", "seat"], "{other}");
    }
    // Seat 1 bidding another card changes its own JSON, never seat 0's.
    let mut other_bid = st.clone();
    other_bid.change_bid(Seat(1), 2);
    assert_eq!(json(&other_bid, 0), seen);
    assert_ne!(json(&other_bid, 1), json(&st, 1));
    assert_eq!(
        json(&st, 1)["seats"][1]["hand"],
        serde_json::json!([1, 2, 3])
    );
    // A narrator sees every hand and bid.
    let all = serde_json::to_value(game.observe_all(&st).unwrap()).unwrap();
    assert_eq!(all["seat"], serde_json::Value::Null);
    assert_eq!(all["seats"][1]["bid"], 4);
    assert_eq!(all["seats"][2]["bid"], serde_json::Value::Null);
}
