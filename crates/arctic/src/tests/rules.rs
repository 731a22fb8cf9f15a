//! The rules page's Rules tests 2-11, 13 and 14, each on the exact situation it names
//! (test 1 is in `cards.rs`, test 12 in `scoring.rs`, test 15 in `play.rs`).

use floe_core::{FloeRng, Seat, Stream, stream_rng};

use super::table::{Play, Table, card, card_of};
use crate::action::Action;
use crate::cards::{Animal, Card, PileCard};
use crate::engine::{DECK_EXHAUSTED, ROUND_LIMIT};
use crate::event::{Event, Source};
use crate::rules::{Rules, Side, TieBreak};
use crate::state::Phase;
use Animal::{Bear, Fox, Moose, Orca, Puffin, Walrus};

fn up(c: Card) -> PileCard {
    PileCard::up(c)
}

/// Six River cards of set 2 (none of them a puffin or a fox).
fn river() -> Vec<Card> {
    [Moose, Walrus, Orca, Bear, Moose, Walrus]
        .iter()
        .zip(1..)
        .map(|(&a, k)| card_of(2, a, if k > 5 { 5 } else { k }))
        .collect()
}

/// A draw pile of set 3 cards (no puffins, no foxes).
fn pile_of(n: usize) -> Vec<Card> {
    [Moose, Walrus, Orca, Bear]
        .iter()
        .flat_map(|&a| (1..=5).map(move |k| card_of(3, a, k)))
        .take(n)
        .collect()
}

/// Answers the first answer until `seat`'s next turn has started (or the game ends); the
/// engine may already have played on through that turn's forced answers.
fn until_turn_of(play: &mut Play, seat: usize) {
    let from = play.log.len();
    let started = |play: &Play| {
        play.log[from..]
            .iter()
            .any(|e| matches!(e, Event::TurnStarts { seat: s, .. } if s.index() == seat))
    };
    while !started(play) && !play.st.is_over() {
        play.answer(play.answers[0]);
    }
}

/// Returns seat 0, holding the orca on `side` and a walrus in hand, its draws stocked by
/// `stock`, played to its draw question (D3): the situation of each orca rule.
fn orca_at_the_source(side: Side, stock: impl FnOnce(Table) -> Table) -> Play {
    let table = Table::new(2)
        .hand(0, &[card(Walrus, 2)])
        .power(Orca, side, Some(0))
        .river(&river());
    let mut play = stock(table).start(0);
    while play.phase() != Phase::Source {
        play.answer(play.answers[0]);
    }
    play
}

/// Returns the last turn start logged.
fn last_turn_start(play: &Play) -> Event {
    *play
        .log
        .iter()
        .rev()
        .find(|e| matches!(e, Event::TurnStarts { .. }))
        .expect("a turn started")
}

#[test]
fn rules_test_02_first_turn_places_one_card_and_moose_b_offers_1_or_2() {
    let game = crate::engine::Arctic::standard();
    let mut rng = stream_rng(3, Stream::Chance);
    let st = floe_core::Game::new_game(&game, 2, &mut rng);
    assert_eq!(
        st.phase,
        Phase::Place,
        "no power is held yet: the first question is D4"
    );
    assert_eq!(st.turn.to_place, 1, "p = 1 on an empty pile");
    let hand: Vec<Card> = st.hands[0].iter().collect();
    let mut play = Table::new(2)
        .hand(0, &hand)
        .river(&river())
        .draw(&pile_of(20))
        .start(0);
    play.answer(Action::Card(hand[0]));
    assert_eq!(play.st.piles[0].len(), 1);
    assert_eq!(play.events("Placed").len(), 1);
    let play = Table::new(2)
        .hand(0, &hand)
        .power(Moose, Side::B, Some(0))
        .river(&river())
        .start(0);
    assert_eq!(play.answers(), [Action::Target(1), Action::Target(2)]);
}

#[test]
fn rules_test_03_fox_is_offered_only_over_a_face_up_top() {
    let (a, b, c) = (card(Moose, 1), card(Walrus, 2), card(Bear, 3));
    // Empty pile: no fox.
    let mut play = Table::new(2)
        .hand(0, &[a, b])
        .power(Fox, Side::A, Some(0))
        .river(&river())
        .start(0);
    play.answer(Action::Card(a));
    assert_ne!(play.phase(), Phase::Fox);
    // A face-down top (puffin B exposed it): no fox.
    let mut play = Table::new(2)
        .hand(0, &[a, b])
        .pile(0, &[up(card(Orca, 1)), PileCard::down(card(Orca, 2))])
        .power(Fox, Side::A, Some(0))
        .river(&river())
        .start(0);
    play.answer(Action::Card(a));
    assert_ne!(play.phase(), Phase::Fox);
    // Fox A with n = 1: V0 stays on top and its power is taken again.
    let v0 = card(Orca, 5);
    let mut play = Table::new(2)
        .hand(0, &[a, b])
        .pile(0, &[up(v0)])
        .power(Fox, Side::A, Some(0))
        .power(Orca, Side::A, Some(1))
        .river(&river())
        .draw(&pile_of(20))
        .start(0);
    play.answer(Action::Card(a));
    assert_eq!(play.phase(), Phase::Fox);
    play.answer(Action::Yes);
    assert_eq!(play.st.piles[0].as_slice(), [PileCard::down(a), up(v0)]);
    assert_eq!(
        play.st.holder(Orca),
        Some(Seat(0)),
        "V0's power is taken again"
    );
    // Fox B with n = 3: the last card goes to the bottom, the second becomes V1.
    let v0 = card(Walrus, 3);
    let mut play = Table::new(2)
        .hand(0, &[a, b, c])
        .pile(0, &[up(v0)])
        .power(Fox, Side::B, Some(0))
        .river(&river())
        .draw(&pile_of(20))
        .start(0);
    // The third card is the only one left: the engine places it, then asks the fox.
    play.answer_all(&[Action::Card(a), Action::Card(b), Action::Yes]);
    assert_eq!(play.st.piles[0].as_slice(), [up(c), up(v0), up(a), up(b)]);
    assert_eq!(
        play.st.holder(b.animal()),
        Some(Seat(0)),
        "V1 is the second card"
    );
}

#[test]
fn rules_test_04_puffin_b_exposing_a_face_down_card_or_emptying_the_pile_gives_p_1() {
    let (h, t) = (card(Moose, 1), card(Bear, 2));
    let mut play = Table::new(2)
        .hand(0, &[h])
        .pile(0, &[PileCard::down(card(Orca, 3)), up(t)])
        .power(Puffin, Side::B, Some(0))
        .power(Moose, Side::B, Some(0))
        .river(&river())
        .start(0);
    assert_eq!(play.phase(), Phase::Puffin);
    play.answer(Action::Yes);
    assert_eq!(play.st.turn.p, 1);
    assert_eq!(play.answers(), [Action::Target(1), Action::Target(2)]);
    let mut play = Table::new(2)
        .hand(0, &[h])
        .pile(0, &[up(t)])
        .power(Puffin, Side::B, Some(0))
        .river(&river())
        .draw(&pile_of(20))
        .start(0);
    play.answer(Action::Yes);
    assert_eq!(play.st.turn.p, 1, "the pile is empty");
    assert_eq!(play.st.turn.target, 1);
    play.answer(Action::Card(h));
    assert_eq!(play.st.piles[0].len(), 1);
    assert!(play.st.penalties[0].is_empty());
}

#[test]
fn rules_test_05_shortfall_takes_penalty_cards_and_moose_b_prunes_targets() {
    let v0 = card(Moose, 2); // p = 4
    let a = card(Walrus, 1);
    let base = || {
        Table::new(2)
            .pile(0, &[up(v0)])
            .river(&river())
            .draw(&pile_of(20))
    };
    // Hand 1, p = 4: the card is placed by the engine, 3 penalty cards follow.
    let play = base().hand(0, &[a]).start(0);
    assert_eq!(play.st.piles[0].len(), 2);
    assert_eq!(play.st.penalties[0].len(), 3);
    // With moose B: D3 = {3}, answered by the engine; 2 penalty cards.
    let play = base().hand(0, &[a]).power(Moose, Side::B, Some(0)).start(0);
    let forced = play.events("Answered");
    assert!(matches!(
        forced[0],
        Event::Answered {
            action: Some(Action::Target(3)),
            forced: true,
            ..
        }
    ));
    assert_eq!(play.st.penalties[0].len(), 2);
    // Hand = p: D3 = {p - 1, p}.
    let hand = [a, card(Walrus, 2), card(Walrus, 3), card(Walrus, 4)];
    let play = base()
        .hand(0, &hand)
        .power(Moose, Side::B, Some(0))
        .start(0);
    assert_eq!(play.answers(), [Action::Target(3), Action::Target(4)]);
}

#[test]
fn rules_test_06_an_empty_hand_places_nothing_yet_v0_acts() {
    let v0 = card(Puffin, 5); // p = 1, q = 5
    let play = Table::new(2)
        .pile(0, &[up(v0)])
        .power(Moose, Side::B, Some(0))
        .river(&river())
        .draw(&pile_of(20))
        .start(0);
    assert!(matches!(
        play.events("Answered")[0],
        Event::Answered {
            action: Some(Action::Target(0)),
            forced: true,
            ..
        }
    ));
    assert!(play.st.penalties[0].is_empty());
    assert_eq!(play.st.holder(Puffin), Some(Seat(0)), "V0's power is taken");
    assert!(!play.events("TokenMoved").is_empty() || play.phase() == Phase::Direction);
    assert!(matches!(play.phase(), Phase::Direction | Phase::Source));
}

/// Starts a turn whose V1 is the fox card with companion moose, tokens at `fox`, `moose`.
fn tokens_turn(fox: u8, moose: u8, walrus: Option<Side>) -> Play {
    let v1 = card(Fox, 1);
    assert_eq!(v1.companion(), Moose);
    let mut table = Table::new(2)
        .hand(0, &[v1])
        .river(&river())
        .draw(&pile_of(20))
        .token(Fox, fox)
        .token(Moose, moose);
    if let Some(side) = walrus {
        table = table.power(Walrus, side, Some(0));
    }
    table.start(0)
}

#[test]
fn rules_test_07_tokens_move_inward_at_the_ends_and_walrus_stays_on_the_landscape() {
    for (fox, moose, after) in [
        (0, 0, (1, 1)),
        (0, 3, (1, 2)),
        (0, 5, (1, 4)),
        (5, 5, (4, 4)),
    ] {
        let play = tokens_turn(fox, moose, None);
        assert_ne!(
            play.phase(),
            Phase::Direction,
            "one way at most: no question"
        );
        assert_eq!(
            (play.st.token(Fox), play.st.token(Moose)),
            after,
            "from {fox} {moose}"
        );
    }
    let mut play = tokens_turn(1, 3, Some(Side::A));
    assert_eq!(play.answers(), [Action::Plus, Action::Minus]);
    play.answer(Action::Minus);
    assert_eq!((play.st.token(Fox), play.st.token(Moose)), (0, 4));
    assert_eq!(play.answers(), [Action::WalrusNone, Action::WalrusRight]);
}

#[test]
fn rules_test_08_walrus_and_orca_work_the_turn_taken_puffin_fox_and_moose_b_the_next() {
    // Walrus taken this turn: its question comes after the tokens.
    let mut play = Table::new(2)
        .hand(0, &[card(Walrus, 5)])
        .river(&river())
        .draw(&pile_of(20))
        .start(0);
    assert_eq!(play.phase(), Phase::Direction);
    play.answer(Action::Plus);
    assert_eq!(play.phase(), Phase::Walrus);
    // Orca A taken this turn: the River card taken is replaced at once.
    let orca = card(Orca, 4);
    let mut play = Table::new(2)
        .hand(0, &[orca])
        .power(Orca, Side::A, None)
        .river(&river())
        .draw(&pile_of(20))
        .start(0);
    if play.phase() == Phase::Direction {
        play.answer(Action::Plus);
    }
    assert_eq!(play.phase(), Phase::Source);
    play.answer(Action::Card(river()[0]));
    assert_eq!(play.st.river().count(), 6, "refilled before the next draw");
    // Puffin, fox and moose B taken this turn work from the next turn.
    for (animal, side, phase) in [
        (Puffin, Side::A, Phase::Puffin),
        (Fox, Side::A, Phase::Fox),
        (Moose, Side::B, Phase::Target),
    ] {
        let taken = card(animal, 5); // p = 1 next turn
        let mut play = Table::new(2)
            .hand(0, &[taken, card(Bear, 1)])
            .hand(1, &[card(Walrus, 1)])
            .power(animal, side, None)
            .river(&river())
            .draw(&pile_of(40))
            .start(0);
        assert_ne!(play.phase(), phase);
        play.answer(Action::Card(taken));
        assert_eq!(play.st.holder(animal), Some(Seat(0)));
        until_turn_of(&mut play, 0);
        if phase == Phase::Fox {
            play.answer(play.answers[0]);
        }
        assert_eq!(play.phase(), phase, "{animal} works from the next turn");
    }
}

#[test]
fn rules_test_09_orca_moose_a_and_bear_a_draws() {
    // Orca A: the refill card can be the next draw.
    let x = card(Bear, 5);
    let mut draw = pile_of(10);
    draw.push(x);
    let mut play = orca_at_the_source(Side::A, |t| t.draw(&draw));
    play.answer(Action::Card(river()[0]));
    assert!(play.answers().contains(&Action::Card(x)));
    // Orca B: the card drawn is hidden from others.
    let mut play = orca_at_the_source(Side::B, |t| t.draw(&draw));
    play.answer(Action::Pile);
    let drew = *play.events("Drew").last().unwrap();
    assert_eq!(
        drew.seen_by(Seat(1)),
        Event::Drew {
            seat: Seat(0),
            source: Source::Pile,
            card: None
        }
    );
    assert!(play.st.hands[0].contains(x) && !play.st.in_hand[0].contains(x));
    // Moose A, q = 1: 0, 1 or 2 draws.
    for draws in 0..=2 {
        let mut play = Table::new(2)
            .hand(0, &[card(Fox, 1)])
            .power(Moose, Side::A, Some(0))
            .river(&river())
            .draw(&pile_of(20))
            .start(0);
        play.answer(Action::Plus);
        for _ in 0..draws {
            play.answer(Action::Draw);
            play.answer(play.answers[0]);
        }
        if draws < 2 {
            assert_eq!(play.answers(), [Action::Stop, Action::Draw]);
            play.answer(Action::Stop);
        }
        assert_eq!(play.events("Drew").len(), draws, "{draws} draws");
    }
    // Bear A: the card leaves the penalty zone and counts as the draw.
    let p = card(Orca, 3);
    let mut play = Table::new(2)
        .hand(0, &[card(Fox, 1)])
        .penalty(0, &[p])
        .power(Bear, Side::A, Some(0))
        .river(&river())
        .draw(&pile_of(20))
        .start(0);
    play.answer(Action::Plus);
    assert!(play.answers().contains(&Action::Penalty(Orca)));
    play.answer(Action::Penalty(Orca));
    assert!(play.st.hands[0].contains(p) && play.st.penalties[0].is_empty());
    assert_eq!(play.events("Drew").len(), 1, "q = 1: that was the draw");
    assert_eq!(play.st.actor, Seat(1));
}

#[test]
fn rules_test_10_two_discards_then_bear_b_once_and_never_in_the_final_round() {
    let placed = card(Fox, 2); // q = 2
    let hand: Vec<Card> = [placed]
        .into_iter()
        .chain((1..=5).map(|k| card_of(4, Walrus, k)))
        .chain([card_of(4, Orca, 1), card_of(4, Orca, 2)])
        .collect();
    assert_eq!(hand.len(), 8);
    let mut play = Table::new(2)
        .hand(0, &hand)
        .penalty(0, &[card(Bear, 4)])
        .power(Bear, Side::B, Some(0))
        .river(&river())
        .draw(&pile_of(20))
        .start(0);
    play.answer(Action::Card(placed));
    let mut phases = Vec::new();
    while play.st.actor == Seat(0) {
        phases.push(play.phase());
        let a = if play.phase() == Phase::Bear {
            Action::Yes
        } else {
            play.answers[0]
        };
        play.answer(a);
    }
    let discards = phases.iter().filter(|&&p| p == Phase::Discard).count();
    assert_eq!(discards, 2, "{phases:?}");
    let bear_at = phases
        .iter()
        .position(|&p| p == Phase::Bear)
        .expect("bear B asked");
    assert!(
        phases[..bear_at]
            .iter()
            .filter(|&&p| p == Phase::Discard)
            .count()
            == 2
    );
    assert_eq!(phases.iter().filter(|&&p| p == Phase::Bear).count(), 1);
    assert_eq!(play.events("Gave").len(), 1);
    assert_eq!(play.st.penalties[1].len(), 1);
    // The final round: no draws, no discards, no bear B.
    let mut play = Table::new(2)
        .hand(0, &hand)
        .penalty(0, &[card(Bear, 4)])
        .power(Bear, Side::B, Some(0))
        .river(&river())
        .round(3, true)
        .start(0);
    play.answer(Action::Card(placed));
    while play.st.actor == Seat(0) && !play.st.is_over() {
        assert!(!matches!(
            play.phase(),
            Phase::Bear | Phase::Discard | Phase::Source
        ));
        play.answer(play.answers[0]);
    }
    assert!(play.events("Drew").is_empty());
}

#[test]
fn rules_test_11_an_empty_draw_pile_opens_the_reserve_and_the_game_ends_after_a_final_round() {
    let reserve = pile_of(8);
    // A refill from an empty draw pile, in seat 0's turn.
    let mut play = Table::new(2)
        .hand(0, &[card(Fox, 1)])
        .hand(1, &[card(Walrus, 1)])
        .river(&river())
        .reserve(&reserve)
        .start(0);
    until_turn_of(&mut play, 1);
    assert_eq!(play.events("ReserveOpened").len(), 1);
    assert!(
        matches!(
            last_turn_start(&play),
            Event::TurnStarts {
                seat: Seat(1),
                last: false,
                ..
            }
        ),
        "the round finishes first"
    );
    let turns_before = play.events("TurnStarts").len();
    while !play.st.is_over() {
        play.answer(play.answers[0]);
    }
    let starts = play.events("TurnStarts");
    let finals: Vec<&Event> = starts[turns_before..]
        .iter()
        .filter(|e| matches!(e, Event::TurnStarts { last: true, .. }))
        .collect();
    assert_eq!(finals.len(), 2, "each seat plays one final turn");
    let first_final = play
        .log
        .iter()
        .position(|e| matches!(e, Event::TurnStarts { last: true, .. }))
        .unwrap();
    assert!(
        !play.log[first_final..]
            .iter()
            .any(|e| matches!(e, Event::Drew { .. })),
        "no draws in the final round"
    );
    assert_eq!(play.st.end_cause, DECK_EXHAUSTED);
    // A penalty draw from an empty draw pile opens the Reserve.
    let play = Table::new(2)
        .hand(0, &[card(Walrus, 1)])
        .pile(0, &[up(card(Moose, 2))])
        .river(&river())
        .reserve(&reserve)
        .start(0);
    assert_eq!(play.events("ReserveOpened").len(), 1);
    assert_eq!(play.st.penalties[0].len(), 3, "taken from the Reserve");
    // An orca B draw from the unopened Reserve alone opens it.
    let mut play = orca_at_the_source(Side::B, |t| t.reserve(&reserve));
    assert!(play.answers().contains(&Action::Pile));
    play.answer(Action::Pile);
    assert_eq!(play.events("ReserveOpened").len(), 1);
    // A trigger in seat N - 1's turn starts the final round at once.
    let mut play = Table::new(2)
        .hand(1, &[card(Fox, 1)])
        .river(&river())
        .reserve(&reserve)
        .start(1);
    until_turn_of(&mut play, 0);
    assert!(matches!(
        last_turn_start(&play),
        Event::TurnStarts {
            seat: Seat(0),
            last: true,
            ..
        }
    ));
    // The Reserve used up: penalty cards skipped, River slots left empty.
    let mut play = Table::new(2)
        .hand(0, &[card(Walrus, 1)])
        .pile(0, &[up(card(Moose, 2))])
        .river(&river())
        .reserve_used()
        .start(0);
    let skipped = play
        .events("Penalised")
        .iter()
        .filter(|e| matches!(e, Event::Penalised { skipped: true, .. }))
        .count();
    assert_eq!(skipped, 3);
    while play.st.actor == Seat(0) {
        play.answer(play.answers[0]);
    }
    assert!(play.st.river().count() < 6, "no refill");
}

#[test]
fn rules_test_13_ties_and_the_round_limit() {
    let mut rules = Rules::standard();
    let game = crate::engine::Arctic::new(rules.clone());
    assert_eq!(game.winners(&[5, 7, 7]), 0b010, "the lower seat");
    rules.tie_break = TieBreak::Shared;
    let game = crate::engine::Arctic::new(rules.clone());
    assert_eq!(game.winners(&[5, 7, 7]), 0b110, "shared");
    rules.round_limit = 1;
    let game = crate::engine::Arctic::new(rules);
    let mut rng = stream_rng(5, Stream::Chance);
    let mut st = floe_core::Game::new_game(&game, 3, &mut rng);
    let mut answers = floe_core::ActionList::new();
    while !st.is_over() {
        game.list(&st, &mut answers);
        let a = answers[0];
        floe_core::Game::advance(&game, &mut st, a, &mut rng, &mut answers, &mut |_| {});
    }
    let outcome = floe_core::Game::outcome(&game, &st).unwrap();
    assert_eq!((outcome.end_cause, outcome.rounds), (ROUND_LIMIT, 1));
    assert_eq!(st.turns, 3, "one round of three turns");
}

/// Samples `st` for `seat` `n` times.
fn samples(play: &Play, seat: Seat, n: u64) -> Vec<crate::state::State> {
    (0..n)
        .map(|i| {
            let mut rng: FloeRng = stream_rng(i, Stream::Bot(seat.0));
            let mut out = play.st.clone();
            crate::info::sample(&play.st, seat, &mut rng, &mut out);
            out
        })
        .collect()
}

#[test]
fn rules_test_14_determinization_keeps_what_the_seat_knows() {
    // Seat 0 takes a River card x and ends its turn.
    let x = river()[0];
    let mut play = Table::new(2)
        .hand(0, &[card(Fox, 1)])
        .hand(1, &[card(Walrus, 1), card(Walrus, 2)])
        .river(&river())
        .draw(&pile_of(30))
        .start(0);
    play.answer(Action::Plus);
    play.answer(Action::Card(x));
    assert_eq!(play.st.actor, Seat(1));
    for s in samples(&play, Seat(1), 100) {
        assert!(
            s.hands[0].contains(x),
            "a River card taken stays in the taker's hand"
        );
        assert_eq!(s.piles, play.st.piles, "public cards never move");
        assert_eq!(s.river, play.st.river);
        assert_eq!(s.hands[1], play.st.hands[1], "the seat's own hand is kept");
    }
    // Seat 0 takes x and then discards face down: x may now be in its penalty zone.
    // Eight cards: one placed, one drawn, so the hand is over the limit of 7.
    let hand: Vec<Card> = (1..=5)
        .map(|k| card_of(4, Walrus, k))
        .chain((1..=3).map(|k| card_of(4, Orca, k)))
        .collect();
    let mut play = Table::new(2)
        .hand(0, &hand)
        .pile(0, &[up(card(Fox, 5))])
        .river(&river())
        .draw(&pile_of(30))
        .start(0);
    play.answer(Action::Card(hand[0])); // q = 1: one draw, then a discard
    while play.phase() != Phase::Source {
        play.answer(play.answers[0]);
    }
    play.answer(Action::Card(x));
    assert_eq!(play.phase(), Phase::Discard);
    play.answer(Action::Card(hand[1]));
    assert!(play.st.private[0].contains(x));
    let kept = samples(&play, Seat(1), 200);
    let in_penalty = kept.iter().filter(|s| s.penalties[0].contains(x)).count();
    assert!(
        kept.iter()
            .all(|s| s.hands[0].contains(x) || s.penalties[0].contains(x))
    );
    assert!(in_penalty > 0, "x may lie in the penalty zone");
    assert!(in_penalty < kept.len(), "or still in the hand");
    assert!(
        kept.iter()
            .all(|s| s.piles == play.st.piles && s.river == play.st.river)
    );
}
