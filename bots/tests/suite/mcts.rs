//! The MCTS bot on real positions: the search's bookkeeping, and a known best answer.

use arctic_race::{ALL_CARDS, Action, ActionKey, ArcticRace, Card, Position, Racer, State};
use floe_bots::{Bot, BotSpec, GreedyLookahead, MctsBot, Rollout, Settings, TreeKind};
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
fn mcts_finds_the_winning_move_with_every_tree_and_reward() {
    let (game, st) = winning_move_position();
    let mut answers = ActionList::new();
    game.legal_actions(&st, &mut answers);
    assert_eq!(
        answers.as_slice(),
        [Action::MoveA, Action::ActionB],
        "seat 0 reveals its snowmobile"
    );
    for tree in ["single", "multi", "open"] {
        for reward in ["win", "score", "rank"] {
            let spec = format!("mcts:iters=200,tree={tree},reward={reward}");
            for seed in 0..3 {
                let mut bot = BotSpec::parse(&spec).unwrap().build::<ArcticRace>();
                let view = View::new(&game, &st, Seat(0));
                let answer = bot.act(&view, &answers, &mut stream_rng(seed, Stream::Bot(0)));
                assert_eq!(answer, Action::MoveA, "{spec}, seed {seed}");
            }
        }
    }
}

/// Runs one search of `iters` iterations with `tree` for the first question of a game of
/// `players` seats, returning the bot and its answer.
fn opening_search(
    players: usize,
    iters: u32,
    tree: TreeKind,
) -> (ArcticRace, State, MctsBot<ArcticRace>, Action) {
    let game = ArcticRace::classic();
    let st = game.new_game(players, &mut stream_rng(2, Stream::Chance));
    let mut answers = ActionList::new();
    game.legal_actions(&st, &mut answers);
    let mut bot = MctsBot::new(iters, 0.7, Rollout::Random).with_tree(tree);
    let seat = game.to_act(&st).unwrap();
    let answer = bot.act(
        &View::new(&game, &st, seat),
        &answers,
        &mut stream_rng(2, Stream::Bot(seat.0)),
    );
    (game, st, bot, answer)
}

#[test]
fn every_iteration_passes_through_one_root_child() {
    for tree in [TreeKind::Single, TreeKind::Multi, TreeKind::Open] {
        let (game, st, bot, answer) = opening_search(3, 300, tree);
        let seat = game.to_act(&st).unwrap();
        let root = bot.root(seat).unwrap();
        assert_eq!(root.visits, 300, "the root is visited once per iteration");
        let children = bot.children(root.id);
        assert_eq!(children.iter().map(|c| c.visits).sum::<u32>(), 300);
        for c in &children {
            // A child is available in every iteration after the one that made it, and
            // chosen (so visited) only in those or in the one that made it.
            assert!(c.available + 1 >= c.visits, "{tree:?}: {c:?}");
            assert_eq!(c.mover, seat);
        }
        let most = children.iter().map(|c| c.visits).max().unwrap();
        let chosen = children
            .iter()
            .find(|c| c.key == Some(game.action_key(&st, answer, seat)))
            .unwrap();
        assert_eq!(
            chosen.visits, most,
            "{tree:?}: the answer is a most visited child"
        );
        let value = bot.root_value();
        assert!((0.0..=1.0).contains(&value) && value == root.mean);
    }
}

#[test]
fn only_the_multi_search_keeps_a_tree_for_every_seat() {
    for (tree, trees) in [
        (TreeKind::Single, 1),
        (TreeKind::Multi, 4),
        (TreeKind::Open, 1),
    ] {
        let (_, _, bot, _) = opening_search(4, 200, tree);
        let roots: Vec<_> = (0..4).filter_map(|s| bot.root(Seat(s))).collect();
        assert_eq!(roots.len(), trees, "{tree:?}");
        for root in roots {
            assert_eq!(
                root.visits, 200,
                "{tree:?}: every tree walks every iteration"
            );
        }
    }
}

/// The commits that follow the searching seat's own: in the honest single tree, each later
/// seat's face-down card is one node (the searching seat cannot tell them apart); in the
/// open tree, one node per card that seat could commit.
#[test]
fn face_down_commits_after_the_searching_seat_share_one_node_unless_the_tree_is_open() {
    for tree in [TreeKind::Single, TreeKind::Multi, TreeKind::Open] {
        let (game, st, bot, _) = opening_search(4, 3000, tree);
        let me = game.to_act(&st).unwrap();
        // Follow the most visited line through the commits of the three seats after me.
        let mut node = bot.root(me).unwrap();
        let mut sample = st.clone();
        let mut answers = ActionList::new();
        for depth in 0..4 {
            let children = bot.children(node.id);
            let next = *children.iter().max_by_key(|c| c.visits).unwrap();
            if depth > 0 {
                let mover = next.mover;
                assert_ne!(mover, me);
                game.legal_actions(&sample, &mut answers);
                let cards = answers.len();
                assert!(cards > 1, "seat {mover:?} chooses among its cards");
                match tree {
                    TreeKind::Single | TreeKind::Multi => {
                        assert_eq!(children.len(), 1, "{tree:?}: seat {mover:?}");
                        assert_eq!(next.key, Some(ActionKey::FaceDown));
                    }
                    TreeKind::Open => {
                        assert_eq!(children.len(), cards, "{tree:?}: seat {mover:?}");
                        assert!(children.iter().all(|c| c.key != Some(ActionKey::FaceDown)));
                    }
                }
                // Any card of this seat leads on to the next seat's commit.
                let card = answers[0];
                game.apply(&mut sample, card, &mut stream_rng(0, Stream::Chance));
            } else {
                let Some(ActionKey::Seen(mine)) = next.key else {
                    panic!("my own answer is seen")
                };
                game.apply(&mut sample, mine, &mut stream_rng(0, Stream::Chance));
            }
            node = next;
        }
    }
}

#[test]
fn a_time_limit_ends_a_search_that_has_no_iteration_cap() {
    let (game, st) = winning_move_position();
    let mut answers = ActionList::new();
    game.legal_actions(&st, &mut answers);
    let settings = Settings {
        iters: u32::MAX,
        time_limit: Some(std::time::Duration::from_millis(30)),
        ..Settings::PLAIN
    };
    let mut bot = MctsBot::with_settings(settings, 0.5, GreedyLookahead::SEARCH);
    let view = View::new(&game, &st, Seat(0));
    // Without the limit this search would run for hours; it returns, having searched.
    let answer = bot.act(&view, &answers, &mut stream_rng(1, Stream::Bot(0)));
    let root_visits = bot.root(Seat(0)).unwrap().visits;
    assert!((1..u32::MAX).contains(&root_visits));
    assert!(answers.contains(&answer));
}
