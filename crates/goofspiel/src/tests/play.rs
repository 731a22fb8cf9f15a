//! The rules of play: bidding order, who takes a prize, ties and the tie bonus, forced
//! bids, the end.

use floe_core::{Game, RuleSet, Seat};

use super::{bid, rng, with_bonus};
use crate::{Bid, Event, Goofspiel, Rules};

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);

#[test]
fn seats_bid_in_seat_order_from_seat_0_for_the_prize_up() {
    let game = Goofspiel::standard();
    let mut st = game.scenario(3, &[4, 1, 5, 2, 3]);
    assert_eq!((st.prize(), game.to_act(&st)), (Some(4), Some(S0)));
    bid(&game, &mut st, &[2]);
    assert_eq!(game.to_act(&st), Some(S1));
    bid(&game, &mut st, &[3]);
    assert_eq!(game.to_act(&st), Some(S2));
    bid(&game, &mut st, &[1]);
    assert_eq!((st.prize(), game.to_act(&st)), (Some(1), Some(S0)));
    assert_eq!(st.hand(S1).collect::<Vec<_>>(), [1, 2, 4, 5]);
}

#[test]
fn the_highest_bid_takes_the_prize() {
    let game = Goofspiel::standard();
    let mut st = game.scenario(3, &[4, 1, 5, 2, 3]);
    let events = bid(&game, &mut st, &[2, 5, 3]);
    assert_eq!(
        events[3..],
        [
            Event::Revealed {
                players: 3,
                bids: [2, 5, 3, 0]
            },
            Event::Taken { seat: S1, prize: 4 },
            Event::PrizeUp { round: 2, prize: 1 },
        ]
    );
    assert_eq!([st.points(S0), st.points(S1), st.points(S2)], [0, 4, 0]);
    assert_eq!(st.prizes_won(S1), 1);
}

#[test]
fn a_tied_top_bid_discards_the_prize() {
    let game = Goofspiel::standard();
    let mut st = game.scenario(3, &[4, 1, 5, 2, 3]);
    let events = bid(&game, &mut st, &[1, 5, 5]);
    assert!(events.contains(&Event::Discarded { prize: 4, bonus: 0 }));
    assert_eq!([st.points(S0), st.points(S1), st.points(S2)], [0, 0, 0]);
    // A tie below the top bid does not matter: the single highest bid takes the prize.
    let events = bid(&game, &mut st, &[2, 2, 3]);
    assert!(events.contains(&Event::Taken { seat: S2, prize: 1 }));
}

#[test]
fn the_tie_bonus_goes_to_seat_0_only_when_it_is_among_the_tied_top_bidders() {
    let game = with_bonus(3);
    let mut st = game.scenario(3, &[4, 1, 5, 2, 3]);
    let events = bid(&game, &mut st, &[5, 2, 5]);
    assert!(events.contains(&Event::Discarded { prize: 4, bonus: 3 }));
    assert_eq!([st.points(S0), st.points(S1), st.points(S2)], [3, 0, 0]);
    assert_eq!(st.prizes_won(S0), 0, "a bonus is not a prize");
    // Seats 1 and 2 tie at the top, seat 0 bids lower: nobody gets anything.
    let events = bid(&game, &mut st, &[1, 4, 4]);
    assert!(events.contains(&Event::Discarded { prize: 1, bonus: 0 }));
    assert_eq!([st.points(S0), st.points(S1), st.points(S2)], [3, 0, 0]);
    // Seat 0 bids highest alone: it takes the prize, and no bonus.
    bid(&game, &mut st, &[4, 3, 1]);
    assert_eq!([st.points(S0), st.points(S1), st.points(S2)], [8, 0, 0]);
}

#[test]
fn the_last_cards_are_bid_by_the_engine_and_the_game_ends_after_k_rounds() {
    let game = Goofspiel::standard();
    let mut st = game.scenario(2, &[1, 2, 3, 4, 5]);
    bid(&game, &mut st, &[2, 1, 1, 2, 3, 4, 4]);
    assert_eq!((st.round(), st.prize()), (3, Some(4)));
    let events = bid(&game, &mut st, &[3]);
    assert_eq!(
        events[4..],
        [
            // Each seat holds only its 5: the engine bids it.
            Event::Bid {
                seat: S0,
                card: 5,
                forced: true
            },
            Event::Bid {
                seat: S1,
                card: 5,
                forced: true
            },
            Event::Revealed {
                players: 2,
                bids: [5, 5, 0, 0]
            },
            Event::Discarded { prize: 5, bonus: 0 },
            Event::GameOver { rounds: 5 },
        ],
        "{events:?}"
    );
    assert_eq!(game.to_act(&st), None);
    let mut answers = Default::default();
    game.legal_actions(&st, &mut answers);
    assert!(answers.is_empty());
    let outcome = game.outcome(&st).unwrap();
    assert_eq!(outcome.rounds, 5);
    assert_eq!(game.end_causes()[outcome.end_cause as usize], "cards-out");
    // Seat 0 took 1 and 4, seat 1 took 2 and 3 (the tie at 5 went to nobody).
    assert_eq!(outcome.seat_scores(), [5, 5]);
    assert_eq!(outcome.winners, 0b11, "equal top scores share the win");
    assert_eq!(outcome.progress[..2], [2, 2]);
}

#[test]
fn the_top_score_alone_wins() {
    let game = Goofspiel::standard();
    let mut st = game.scenario(3, &[1, 2, 3, 4, 5]);
    let events = bid(&game, &mut st, &[1, 2, 3, 2, 3, 4, 3, 4, 5, 4, 5, 1]);
    let forced = events
        .iter()
        .filter(|e| matches!(e, Event::Bid { forced: true, .. }))
        .count();
    assert_eq!(forced, 3, "the whole last round is forced");
    let outcome = game.outcome(&st).unwrap();
    assert_eq!(outcome.seat_scores(), [5, 4, 6]);
    assert_eq!(outcome.winners, 0b100);
}

#[test]
fn a_game_of_one_card_is_over_at_setup() {
    let mut rules = Rules::standard();
    rules
        .set_parameter("cards", &floe_core::ParamValue::Whole(1))
        .unwrap();
    let game = Goofspiel::new(rules);
    let st = game.new_game(4, &mut rng());
    assert_eq!(game.to_act(&st), None);
    let outcome = game.outcome(&st).unwrap();
    assert_eq!((outcome.rounds, outcome.winners), (1, 0b1111));
}

#[test]
fn a_bid_of_a_card_not_in_hand_is_refused_and_changes_nothing() {
    let game = Goofspiel::standard();
    let mut st = game.scenario(2, &[3, 1, 2, 4, 5]);
    bid(&game, &mut st, &[4, 1]);
    let before = st.clone();
    let mut answers = Default::default();
    let e = game
        .try_advance(&mut st, Bid(4), &mut rng(), &mut answers, &mut |_| {})
        .unwrap_err();
    assert_eq!(e.allowed.as_slice(), [Bid(1), Bid(2), Bid(3), Bid(5)]);
    assert_eq!(st, before);
}

#[test]
fn the_prize_deck_is_shuffled_from_the_games_rng() {
    let game = Goofspiel::standard();
    let first = |seed| {
        let st = game.new_game(
            2,
            &mut floe_core::stream_rng(seed, floe_core::Stream::Chance),
        );
        st.prize().unwrap()
    };
    let mut seen = [false; 6];
    for seed in 0..100 {
        seen[usize::from(first(seed))] = true;
        assert_eq!(first(seed), first(seed));
    }
    assert_eq!(
        seen,
        [false, true, true, true, true, true],
        "every prize comes first"
    );
}

#[test]
fn prizes_stacked_in_a_known_order_turn_up_in_it_whatever_the_seed() {
    for (order, expected) in [("descending", [4, 3, 2, 1]), ("ascending", [1, 2, 3, 4])] {
        let game =
            Goofspiel::new(Rules::from_toml(&format!("cards = 4\nprizes = \"{order}\"")).unwrap());
        for seed in 0..5 {
            let mut st = game.new_game(
                2,
                &mut floe_core::stream_rng(seed, floe_core::Stream::Chance),
            );
            let mut prizes = Vec::new();
            while let Some(prize) = st.prize() {
                prizes.push(prize);
                if st.is_over() {
                    break;
                }
                let card = st.hand(S0).next().unwrap();
                let other = st.hand(S1).next().unwrap();
                bid(&game, &mut st, &[card, other]);
            }
            assert_eq!(prizes[..3], expected[..3], "{order}, seed {seed}");
        }
    }
}

#[test]
fn score_bounds_are_every_prize_plus_a_bonus_each_round() {
    assert_eq!(Goofspiel::standard().score_bounds(2), (0, 15));
    assert_eq!(with_bonus(3).score_bounds(4), (0, 30));
}
