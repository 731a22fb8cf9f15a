//! Fair play: on states that differ only in what a seat cannot see, that seat's view, its
//! number for a secret round, its samples of the hidden facts and every bot's answer are
//! the same.

use floe_bots::{AnyBot, Bot, BotSpec, KNOWN_BOTS};
use floe_core::{ActionList, FloeRng, Game, Seat, Stream, View, stream_rng};

use crate::case::{Case, listed};
use crate::{Kit, MIN_VARIED};

/// The MCTS bots of the fair-play check, one per tree kind, two that switch on the
/// search's other parts and two that pick secret choices by their own rules: a budget
/// enough for a search with a tree, small enough for a
/// debug build.
const MCTS: [&str; 7] = [
    "mcts:iters=20,tree=single",
    "mcts:iters=20,tree=multi",
    "mcts:iters=20,tree=open",
    "mcts:iters=20,turn=plan,rollout=mast,widen=1",
    "mcts:iters=20,rollout=standing,cut=0,bias=1,paired=off",
    "mcts:iters=20,simul=regret",
    "mcts:iters=20,simul=exp3,tree=multi",
];

/// A question met on the walk: the state, the seat asked and its answers, and where.
pub(crate) struct Question<'s, G: Game> {
    pub(crate) state: &'s G::State,
    pub(crate) seat: Seat,
    pub(crate) answers: &'s ActionList<G::Action>,
    pub(crate) case: Case,
}

/// Every known bot, built once, to answer on original and varied states; a bot with a
/// network is built for each table met, its network written for that table.
pub(crate) struct Judges<G: Game> {
    /// Each bot's spec, the bot, and the player count its networks fit (`None`: any).
    bots: Vec<(String, AnyBot<G>, Option<usize>)>,
    /// Where the learned bots' networks are written.
    networks: tempfile::TempDir,
}

impl<G: Game> Judges<G> {
    /// Builds every bot of [`KNOWN_BOTS`], MCTS with a small budget and every tree kind;
    /// the learned bots come with the tables ([`Judges::learned_for`]).
    pub(crate) fn new() -> Judges<G> {
        let bots = KNOWN_BOTS
            .iter()
            .flat_map(|known| match known.name {
                "mcts" => MCTS.to_vec(),
                "onnx" => Vec::new(),
                name => vec![name],
            })
            .map(|spec| {
                let bot = BotSpec::parse(spec).expect("a known bot parses").build();
                (spec.to_string(), bot, None)
            })
            .collect();
        let networks = tempfile::tempdir().expect("a folder for the test networks");
        Judges { bots, networks }
    }

    /// Adds the bots with networks for a table of `players`, if not added yet: the `onnx`
    /// bot picking best and drawing, and a search guided by a prior and a value network.
    fn learned_for(&mut self, game: &G, players: usize) {
        if self.bots.iter().any(|b| b.2 == Some(players)) {
            return;
        }
        let dir = self.networks.path().join(players.to_string());
        floe_io::write::folder(&dir).expect("a folder for the table's networks");
        let (policy, value) = floe_onnx::write::table_networks(
            &dir,
            game.encoding_len(players),
            game.action_count(players),
            8,
        )
        .expect("the test networks are written");
        let (policy, value) = (policy.display(), value.display());
        for spec in [
            format!("onnx:{policy}"),
            format!("onnx:{policy},pick=sample"),
            format!("mcts:iters=20,prior={policy},value={value},bias=1"),
        ] {
            let bot = BotSpec::parse(&spec).expect("a learned bot parses").build();
            self.bots.push((spec, bot, Some(players)));
        }
    }

    /// Varies the state of `q` with each varier for the seat asked and checks the varied
    /// state against the original; the bots answer on both, MCTS only `with_mcts`. Counts
    /// each varier that changed something in `varied`.
    pub(crate) fn judge(
        &mut self,
        game: &G,
        kit: &Kit<'_, G>,
        q: &Question<'_, G>,
        hidden: &mut FloeRng,
        varied: &mut [usize],
        with_mcts: bool,
    ) where
        G::State: PartialEq,
    {
        let Question {
            state,
            seat,
            answers,
            case,
        } = *q;
        let case = Case {
            check: "fair-play",
            ..case
        };
        for (count, varier) in varied.iter_mut().zip(kit.variers) {
            let Some(twin) = (varier.vary)(game, state, seat, hidden) else {
                continue;
            };
            let name = varier.name;
            case.ensure(twin != *state, || {
                format!("varier `{name}` changed nothing")
            });
            let (seen, seen_twin) = (game.observe(state, seat), game.observe(&twin, seat));
            case.ensure(seen == seen_twin, || {
                format!("varier `{name}` changed what the seat sees:\n{seen}\nbecame\n{seen_twin}")
            });
            let mut twin_answers = ActionList::new();
            game.legal_actions(&twin, &mut twin_answers);
            case.ensure(twin_answers == *answers, || {
                format!(
                    "varier `{name}` changed the answers: {} became {}",
                    listed(answers),
                    listed(&twin_answers)
                )
            });
            let (key, twin_key) = (game.round_key(state, seat), game.round_key(&twin, seat));
            case.ensure(key == twin_key, || {
                format!("round_key reads the hidden fact `{name}` changes: {key} became {twin_key}")
            });
            let (mut a, mut b) = (state.clone(), state.clone());
            game.determinize(state, seat, &mut hidden.clone(), &mut a);
            game.determinize(&twin, seat, &mut hidden.clone(), &mut b);
            case.ensure(a == b, || {
                format!("determinize reads the hidden fact `{name}` changes: its samples differ")
            });
            *count += 1;
            let players = game.players(state);
            self.learned_for(game, players);
            for (spec, bot, fits) in &mut self.bots {
                if spec.starts_with("mcts") && !with_mcts || fits.is_some_and(|p| p != players) {
                    continue;
                }
                let rng = stream_rng(case.seed, Stream::Bot(seat.0));
                let mut ask = |s: &G::State| {
                    bot.new_game();
                    bot.act(&View::new(game, s, seat), answers, &mut rng.clone())
                };
                let (x, y) = (ask(state), ask(&twin));
                case.ensure(x == y, || {
                    format!("bot {spec} answered {x}, but {y} once varier `{name}` changed a fact it cannot see")
                });
            }
        }
    }
}

/// Checks that each varier changed its fact in at least [`MIN_VARIED`] states.
pub(crate) fn assert_variers_varied<G: Game>(game: &G, kit: &Kit<'_, G>, varied: &[usize]) {
    for (varier, &n) in kit.variers.iter().zip(varied) {
        assert!(
            n >= MIN_VARIED,
            "conformance check `fair-play` failed for {}, players {} to {}: varier `{}` changed \
             its fact in {n} states, fewer than {MIN_VARIED} (play more games, or fix the varier)",
            game.name(),
            kit.players.start(),
            kit.players.end(),
            varier.name
        );
    }
}
