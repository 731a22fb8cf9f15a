//! What a seat knows in the middle of a turn: a sample keeps each public fact (the card a
//! puffin A swap gives), and the log another seat reads tells nothing of hidden answers.

use floe_core::{FloeRng, Seat, Stream, stream_rng};

use super::table::{Table, card, card_of};
use crate::action::Action;
use crate::cards::{Animal, Card};
use crate::event::Event;
use crate::rules::Side;
use crate::state::{Phase, State};
use Animal::{Bear, Fox, Moose, Orca, Puffin, Walrus};

fn river() -> Vec<Card> {
    [Moose, Walrus, Orca, Bear, Moose, Walrus]
        .iter()
        .zip(1..=5u8)
        .map(|(&a, k)| card_of(2, a, k))
        .collect()
}

fn draw_pile() -> Vec<Card> {
    let animals = [Moose, Walrus, Orca, Bear];
    animals
        .iter()
        .flat_map(|&a| (1..=5).map(move |k| card_of(3, a, k)))
        .collect()
}

fn sample(st: &State, seat: Seat, i: u64) -> State {
    let mut rng: FloeRng = stream_rng(i, Stream::Bot(seat.0));
    let mut out = st.clone();
    crate::info::sample(st, seat, &mut rng, &mut out);
    out
}

/// Between D1a and D1b every seat knows which hand card the puffin A swap gives: another
/// seat's sample keeps it in the actor's hand, so finishing the swap in the sample moves it
/// to the River, once.
#[test]
fn the_card_a_puffin_a_swap_gives_stays_in_the_hand_in_every_sample() {
    let (given, kept) = (card(Fox, 3), card(Fox, 4));
    let mut play = Table::new(2)
        .hand(0, &[given, kept])
        .hand(1, &[card(Puffin, 1)])
        .power(Puffin, Side::A, Some(0))
        .river(&river())
        .draw(&draw_pile())
        .start(0);
    play.answer(Action::Yes).answer(Action::Card(given));
    assert_eq!(play.phase(), Phase::PuffinTake);
    for i in 0..200 {
        let mut s = sample(&play.st, Seat(1), i);
        assert!(s.hand(Seat(0)).contains(given), "sample {i}");
        play.game
            .answer(&mut s, Action::Card(river()[0]), false, &mut |_| {});
        assert_eq!(
            s.all_cards().filter(|&c| c == given).count(),
            1,
            "sample {i}"
        );
    }
}

/// A bear A draw's penalty card is hidden, and so is whether it was the only card of its
/// animal: the other seat's log shows neither.
#[test]
fn another_seat_does_not_learn_that_a_hidden_answer_was_the_only_one() {
    let mut play = Table::new(2)
        .hand(0, &[card(Fox, 1)])
        .penalty(0, &[card(Orca, 3), card(Bear, 2)])
        .power(Bear, Side::A, Some(0))
        .river(&river())
        .draw(&draw_pile())
        .start(0);
    play.answer(Action::Plus);
    let from = play.log.len();
    play.answer(Action::Penalty(Orca));
    // The animal chosen (D8) and the card (D8a, the only orca card: the engine answers).
    let hidden = play.log[from..]
        .iter()
        .filter(|e| matches!(e, Event::Answered { hidden: true, .. }));
    let mut seen = 0;
    for e in hidden.filter(|e| matches!(e, Event::Answered { forced: true, .. })) {
        let e = e.seen_by(Seat(1));
        assert!(
            matches!(
                e,
                Event::Answered {
                    action: None,
                    forced: false,
                    ..
                }
            ),
            "{e:?}"
        );
        seen += 1;
    }
    assert_eq!(seen, 1, "the penalty card was an answer the engine gave");
}

/// Over random games, the observer key of every answer for every other seat: a discard, a
/// penalty card drawn back (and the animal chosen for it), and a bear B card's animal and
/// card (but for its receiver) are hidden; a draw from the River or the pile, and every
/// answer of the actor's own, are seen.
#[test]
fn the_observer_key_hides_discards_penalty_draws_and_gifts_from_the_others() {
    use floe_core::Game;

    use super::play::random_game;
    use crate::engine::Arctic;
    use crate::observation::ActionKey;

    let game = Arctic::standard();
    let mut hidden_seen = [0usize; 4];
    for players in 2..=4 {
        for i in 0..200 {
            random_game(&game, players, i, |st, answers, actor| {
                for observer in Seat::all(players) {
                    let receiver = st.turn.bear_to == Some(observer);
                    for &a in answers {
                        let key = game.action_key(st, a, observer);
                        let hidden = match (st.phase(), a) {
                            (Phase::Discard | Phase::PenaltyCard, _) => 0,
                            (Phase::Source, Action::Penalty(_)) => 1,
                            (Phase::BearAnimal | Phase::BearCard, _) if !receiver => 2,
                            _ => continue,
                        };
                        if observer == actor {
                            assert_eq!(key, ActionKey::Seen(a));
                        } else {
                            assert_eq!(key, ActionKey::Hidden(st.phase()), "{a} to {observer}");
                            hidden_seen[hidden] += 1;
                        }
                    }
                    if observer != actor && st.phase() == Phase::Source {
                        for &a in answers.iter().filter(|a| !matches!(a, Action::Penalty(_))) {
                            assert_eq!(game.action_key(st, a, observer), ActionKey::Seen(a));
                            hidden_seen[3] += 1;
                        }
                    }
                }
            });
        }
    }
    assert!(
        hidden_seen.iter().all(|&n| n > 0),
        "every case met: {hidden_seen:?}"
    );
}
