//! Learned bots from ONNX files, in every game: the `onnx` bot answers as its network's
//! forward pass (worked out here by hand) says on every position of seeded games; it and
//! the search guided by a prior and a value network allocate nothing once their buffers
//! have grown; a network that does not fit a table is refused before any game, naming the
//! file, the tensor and the shapes.

use std::path::{Path, PathBuf};

use arctic::Arctic;
use arctic_race::ArcticRace;
use floe_bots::{Bot, BotSpec, SpecError};
use floe_core::{ActionList, FloeRng, Game, View, game_seed};
use floe_onnx::write::{Dense, Layer};
use goofspiel::Goofspiel;
use north_pole::NorthPole;
use rand::SeedableRng;

/// Writes `dense` to `dir` as `name` and returns its path.
fn written(dir: &Path, name: &str, dense: &Dense) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, dense.to_onnx()).unwrap();
    path
}

/// A policy network (with the mask) and a value network for `game` at `players`.
fn networks<G: Game>(game: &G, players: usize, dir: &Path) -> (Dense, PathBuf, PathBuf) {
    let (enc, answers) = (game.encoding_len(players), game.action_count(players));
    let policy = Dense::seeded(&[enc, 16, answers], true, 11);
    let value = Dense::seeded(&[enc, 8, 1], false, 29);
    let p = written(dir, &format!("{}-policy.onnx", game.name()), &policy);
    let v = written(dir, &format!("{}-value.onnx", game.name()), &value);
    (policy, p, v)
}

/// Plays seeded games of `game` at `players` with the `onnx` bot in every seat and checks
/// each answer: the legal answer the plain forward pass scores best.
fn answers_follow_the_forward_pass<G: Game>(game: G, players: usize) {
    let dir = tempfile::tempdir().unwrap();
    let (policy, path, _) = networks(&game, players, dir.path());
    let spec = BotSpec::parse(&format!("onnx:{}", path.display())).unwrap();
    spec.check_table(&game, players).unwrap();
    let mut bot = spec.build::<G>();
    let mut asked = 0;
    for g in 0..3 {
        let mut rng = FloeRng::seed_from_u64(game_seed(7, g));
        let mut state = game.new_game(players, &mut rng);
        let mut answers = ActionList::new();
        let mut enc = vec![0.0; game.encoding_len(players)];
        while let Some(seat) = game.to_act(&state) {
            game.legal_actions(&state, &mut answers);
            game.encode(&game.observe(&state, seat), &mut enc);
            let scores = policy.forward(&enc, None);
            let best = answers
                .iter()
                .copied()
                .reduce(|a, b| {
                    if scores[game.action_index(b)] > scores[game.action_index(a)] {
                        b
                    } else {
                        a
                    }
                })
                .unwrap();
            let view = View::new(&game, &state, seat);
            let got = bot.act(&view, &answers, &mut rng);
            assert_eq!(got, best, "{} game {g}, question {asked}", game.name());
            asked += 1;
            game.apply(&mut state, got, &mut rng);
        }
    }
    assert!(asked > 10, "{} asked only {asked} questions", game.name());
}

#[test]
fn the_onnx_bot_answers_as_its_network_scores_in_every_game() {
    answers_follow_the_forward_pass(ArcticRace::classic(), 2);
    answers_follow_the_forward_pass(ArcticRace::classic(), 4);
    answers_follow_the_forward_pass(Arctic::standard(), 3);
    answers_follow_the_forward_pass(NorthPole::standard(), 2);
    answers_follow_the_forward_pass(Goofspiel::standard(), 2);
}

/// Plays `game` at two seats with the `onnx` bot and a search guided by both networks,
/// and checks that neither allocates once warmed up by `warm_up` games (the search's
/// turn plans grow to the longest turn met).
fn learned_bots_allocate_nothing<G: Game>(game: G, warm_up: u64) {
    let dir = tempfile::tempdir().unwrap();
    let (_, policy, value) = networks(&game, 2, dir.path());
    let onnx = format!("onnx:{},pick=sample", policy.display());
    let mcts = format!(
        "mcts:iters=12,prior={},value={},bias=1",
        policy.display(),
        value.display()
    );
    floe_conformance::check_bots_allocate_nothing(&game, &[&onnx, &mcts], warm_up, 3);
}

#[test]
fn learned_bots_allocate_nothing_in_arctic_race() {
    learned_bots_allocate_nothing(ArcticRace::classic(), 2);
}

#[test]
fn learned_bots_allocate_nothing_in_arctic() {
    learned_bots_allocate_nothing(Arctic::standard(), 2);
}

/// At most 30 rounds, as North Pole's own no-allocation test plays: a game that runs
/// on grows its record of the course past what the warm-up games needed.
#[test]
fn learned_bots_allocate_nothing_in_north_pole() {
    let mut rules = north_pole::Rules::standard();
    rules.round_limit = 30;
    learned_bots_allocate_nothing(NorthPole::new(rules), 6);
}

#[test]
fn learned_bots_allocate_nothing_in_goofspiel() {
    learned_bots_allocate_nothing(Goofspiel::standard(), 2);
}

#[test]
fn a_network_that_does_not_fit_the_table_is_refused_naming_the_tensor() {
    let dir = tempfile::tempdir().unwrap();
    let game = ArcticRace::classic();
    let (_, policy, value) = networks(&game, 2, dir.path());
    let shown = floe_io::gate::path(&policy);
    // Built for two players, refused at three: the encoding has another length.
    let spec = BotSpec::parse(&format!("onnx:{}", policy.display())).unwrap();
    let e = spec.check_table(&game, 3).unwrap_err().to_string();
    let enc3 = game.encoding_len(3);
    assert_eq!(
        e,
        format!(
            "bot \"onnx\": the ONNX model {shown} does not fit arctic-race at 3 players as a \
             policy network: input \"obs\" has shape [batch, {}], but Floe feeds [1, {enc3}] \
             (the encoded observation, {enc3} values; see docs/encodings.md)",
            game.encoding_len(2)
        )
    );
    // A value network given as a policy, and a policy as a value.
    let wrong = BotSpec::parse(&format!("mcts:prior={}", value.display())).unwrap();
    let e = wrong.check_table(&game, 2).unwrap_err().to_string();
    assert!(
        e.contains("as a policy network: output \"scores\" has shape [batch, 1]"),
        "{e}"
    );
    let wrong = BotSpec::parse(&format!("mcts:value={}", policy.display())).unwrap();
    let e = wrong.check_table(&game, 2).unwrap_err().to_string();
    assert!(e.contains("as a value network: output \"scores\""), "{e}");
}

#[test]
fn onnx_specs_name_their_model_and_are_told_apart_by_its_contents() {
    let dir = tempfile::tempdir().unwrap();
    let game = Goofspiel::standard();
    let (_, policy, _) = networks(&game, 2, dir.path());
    let short = BotSpec::parse(&format!("onnx:{}", policy.display())).unwrap();
    let long = BotSpec::parse(&format!("onnx:model={},pick=best", policy.display())).unwrap();
    assert_eq!(short.to_string(), format!("onnx:{}", policy.display()));
    assert!(!short.searches());
    let ids = BotSpec::identities(&[short, long]);
    let digest = ids[&floe_io::gate::path(&policy)].clone();
    assert!(
        digest.starts_with("sha256 ") && digest.len() == 7 + 64,
        "{digest}"
    );
    assert_eq!(
        BotSpec::parse("onnx").unwrap_err(),
        SpecError::Needs {
            bot: "onnx".into(),
            param: "model".into(),
            example: "onnx:policy.onnx".into()
        }
    );
    let e = BotSpec::parse("onnx:no-such.onnx").unwrap_err().to_string();
    assert!(
        e.starts_with("bot \"onnx\": parameter \"model\": cannot read the ONNX model"),
        "{e}"
    );
    let e = BotSpec::parse("mcts:prior=no-such.onnx")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("bot \"mcts\": parameter \"prior\": cannot read"),
        "{e}"
    );
}

#[test]
fn a_value_network_makes_the_search_judge_each_new_leaf_unless_a_cut_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let game = Goofspiel::standard();
    let (_, _, value) = networks(&game, 2, dir.path());
    let settings = |text: &str| {
        BotSpec::parse(text)
            .unwrap()
            .mcts_settings::<Goofspiel>()
            .unwrap()
    };
    let v = value.display();
    assert_eq!(
        settings(&format!("mcts:value={v}")).cut,
        floe_bots::Cut::Turns(0)
    );
    assert_eq!(
        settings(&format!("mcts:value={v},cut=3")).cut,
        floe_bots::Cut::Turns(3)
    );
    assert_eq!(
        settings(&format!("mcts:value={v},cut=end")).cut,
        floe_bots::Cut::End
    );
    assert_eq!(settings("mcts").cut, floe_bots::Cut::End);
}

/// A search guided by a policy that favours one answer, whatever it sees, tries that
/// answer first and, with widening that lets in one answer per node, answers it.
#[test]
fn the_search_follows_its_prior_where_iterations_are_few() {
    let dir = tempfile::tempdir().unwrap();
    let game = NorthPole::standard();
    let players = 2;
    let mut rng = FloeRng::seed_from_u64(3);
    let state = game.new_game(players, &mut rng);
    let mut legal = ActionList::new();
    game.legal_actions(&state, &mut legal);
    assert!(legal.len() > 2, "a real choice opens the game");
    let favoured = legal[legal.len() - 1];
    let (enc, answers) = (game.encoding_len(players), game.action_count(players));
    let mut bias = vec![0.0; answers];
    bias[game.action_index(favoured)] = 50.0;
    let favours_one = Dense {
        inputs: enc,
        layers: vec![Layer {
            weights: vec![0.0; enc * answers],
            bias,
        }],
        mask: true,
    };
    let path = written(dir.path(), "favours.onnx", &favours_one);
    let spec = BotSpec::parse(&format!(
        "mcts:iters=20,widen=0.01,prior={}",
        path.display()
    ))
    .unwrap();
    let mut bot = spec.build::<NorthPole>();
    let plain = BotSpec::parse("mcts:iters=20").unwrap();
    let mut plain = plain.build::<NorthPole>();
    let mut differ = 0;
    for seed in 0..20 {
        let view = View::new(&game, &state, game.to_act(&state).unwrap());
        let got = bot.act(&view, &legal, &mut FloeRng::seed_from_u64(seed));
        assert_eq!(got, favoured, "seed {seed}");
        differ +=
            usize::from(plain.act(&view, &legal, &mut FloeRng::seed_from_u64(seed)) != favoured);
    }
    assert!(
        differ > 0,
        "the plain search answers the favoured answer anyway"
    );
}
