//! No bot reads what its player does not know.
//!
//! For states met in real games, the hidden parts are resampled from the acting seat's
//! point of view (`Game::determinize` changes exactly what that seat cannot see). Every
//! known bot, seeded alike, must answer the same in the true state and in the resampled one.

use arctic_race::ArcticRace;
use floe_bots::{Bot, BotSpec, KNOWN_BOTS};
use floe_core::{ActionList, Game, Stream, View, stream_rng};
use floe_onnx::write::Dense;
use rand::RngExt;

#[test]
fn every_bot_answers_the_same_whatever_it_cannot_see() {
    let game = ArcticRace::classic();
    let mut answers = ActionList::new();
    let mut changed = 0;
    // A search bot is tried with a small budget on fewer games, to keep the test quick,
    // with each kind of tree; a learned bot at the one table its network fits (3 seats),
    // picking by its scores and drawing from them.
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("policy.onnx");
    let (enc, answers_len) = (game.encoding_len(3), game.action_count(3));
    std::fs::write(
        &model,
        Dense::seeded(&[enc, 8, answers_len], true, 3).to_onnx(),
    )
    .unwrap();
    let specs = KNOWN_BOTS.iter().flat_map(|known| match known.name {
        "mcts" => ["single", "multi", "open"]
            .map(|tree| (format!("mcts:iters=20,tree={tree}"), 3, None))
            .to_vec(),
        "onnx" => ["best", "sample"]
            .map(|pick| (format!("onnx:{},pick={pick}", model.display()), 30, Some(3)))
            .to_vec(),
        name => vec![(name.to_string(), 60u64, None)],
    });
    for (name, games, players) in specs {
        let mut bot = BotSpec::parse(&name).unwrap().build::<ArcticRace>();
        for seed in 0..games {
            let mut chance = stream_rng(seed, Stream::Chance);
            let players = players.unwrap_or(2 + seed as usize % 5);
            let mut state = game.new_game(players, &mut chance);
            let mut other = state.clone();
            while let Some(seat) = game.to_act(&state) {
                game.legal_actions(&state, &mut answers);
                game.determinize(
                    &state,
                    seat,
                    &mut stream_rng(seed, Stream::Colours),
                    &mut other,
                );
                changed += usize::from(other != state);
                let mut rng_a = stream_rng(seed, Stream::Bot(seat.0));
                let mut rng_b = rng_a.clone();
                let a = bot.act(&View::new(&game, &state, seat), &answers, &mut rng_a);
                let b = bot.act(&View::new(&game, &other, seat), &answers, &mut rng_b);
                assert_eq!(
                    a, b,
                    "bot {name} answered differently when only hidden facts changed"
                );
                let pick = answers[chance.random_range(0..answers.len())];
                game.apply(&mut state, pick, &mut chance);
            }
        }
    }
    assert!(
        changed > 1000,
        "the hidden parts really were changed ({changed} states)"
    );
}
