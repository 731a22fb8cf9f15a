//! The MCTS bot on real positions: the search's bookkeeping, and a known best answer.

use arctic_race::{ALL_CARDS, Action, ArcticRace, Card, Position, Racer, State};
use floe_bots::{Bot, BotSpec};
use floe_core::{ActionList, Game, Seat, Stream, View, stream_rng};

/// Seat 0 has finished racers 1 and 2, and its snowmobile stands on space 26 with the
/// snowmobile card revealed: action A finishes a third racer, which ends the game at the
/// end of the round with seat 0 far ahead. Action B (give the start token) wins nothing.
fn winning_move_position() -> (ArcticRace, State) {
    let game = ArcticRace::classic();
    // Blank tiles (kind 7, 3 copies) and +1 tiles (kind 0): a river the tile set can hold.
    let river = [Some(7), Some(7), Some(7), Some(0), Some(0)];
    let mut st = game.scenario(2, &river, &[0, 0]);
    st.put_racer(Seat(0), Racer::numbered(1), Position::Finished(1));
    st.put_racer(Seat(0), Racer::numbered(2), Position::Finished(1));
    st.put_racer(Seat(0), Racer::numbered(5), Position::On(26));
    st.set_cards(
        Seat(0),
        Card::Snowmobile.bit(),
        ALL_CARDS & !Card::Snowmobile.bit(),
    );
    st.set_cards(
        Seat(1),
        Card::OneTwoThree.bit(),
        ALL_CARDS & !Card::OneTwoThree.bit(),
    );
    let mut rng = stream_rng(1, Stream::Chance);
    game.apply(&mut st, Action::Commit(Card::Snowmobile), &mut rng);
    (game, st)
}

#[test]
fn mcts_finds_the_winning_move() {
    let (game, st) = winning_move_position();
    let mut answers = ActionList::new();
    game.legal_actions(&st, &mut answers);
    assert_eq!(
        answers.as_slice(),
        [Action::MoveA, Action::ActionB],
        "seat 0 reveals its snowmobile"
    );
    for seed in 0..5 {
        let mut bot = BotSpec::parse("mcts:iters=200")
            .unwrap()
            .build::<ArcticRace>();
        let view = View::new(&game, &st, Seat(0));
        let answer = bot.act(&view, &answers, &mut stream_rng(seed, Stream::Bot(0)));
        assert_eq!(answer, Action::MoveA, "seed {seed}");
    }
}

#[test]
fn every_iteration_passes_through_one_root_child() {
    let game = ArcticRace::classic();
    let st = game.new_game(3, &mut stream_rng(2, Stream::Chance));
    let mut answers = ActionList::new();
    game.legal_actions(&st, &mut answers);
    let mut bot = floe_bots::MctsBot::new(300, 0.7, floe_bots::Rollout::Random);
    let answer = bot.act(
        &View::new(&game, &st, Seat(0)),
        &answers,
        &mut stream_rng(2, Stream::Bot(0)),
    );
    assert!(answers.contains(&answer));
    let (visits, root) = bot.root_children_visits();
    assert_eq!(root, 300, "the root is visited once per iteration");
    assert_eq!(visits.iter().map(|(_, v, _)| v).sum::<u32>(), 300);
    for (_, v, available) in &visits {
        // A child is available in every iteration after the one that made it, and chosen
        // (so visited) only in those or in the one that made it.
        assert!(available + 1 >= *v, "visits {v} but available {available}");
    }
    let most = visits.iter().max_by_key(|(_, v, _)| *v).unwrap().0;
    assert_eq!(answer, most, "the answer is the most visited child");
}

#[test]
fn a_time_limit_ends_a_search_that_has_no_iteration_cap() {
    let (game, st) = winning_move_position();
    let mut answers = ActionList::new();
    game.legal_actions(&st, &mut answers);
    let mut bot = floe_bots::MctsBot::new(u32::MAX, 0.7, floe_bots::Rollout::Random)
        .with_time_limit(std::time::Duration::from_millis(30));
    let view = View::new(&game, &st, Seat(0));
    // Without the limit this search would run for hours; it returns, having searched.
    let answer = bot.act(&view, &answers, &mut stream_rng(1, Stream::Bot(0)));
    let (_, root_visits) = bot.root_children_visits();
    assert!((1..u32::MAX).contains(&root_visits));
    assert!(answers.contains(&answer));
}
