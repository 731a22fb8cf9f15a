//! Bot decisions per second at the opening of every listed game: greedy, MCTS (iterations
//! per second), and the learned bots with networks of 64 hidden units written for each
//! game's table.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use floe_benches::{games, players};
use floe_bots::{Bot, BotSpec};
use floe_core::{ActionList, Game, Stream, View, stream_rng};
use floe_games::GameVisitor;

/// One bench: its name, the spec built and the throughput count of one decision (1 for
/// decisions, the iteration budget for MCTS, which the spec fixes so that a game's own
/// default `iters` does not change what is counted).
type Bench<'a> = (&'a str, &'a str, u64);

/// Benches one decision at the opening of a game per spec.
struct Decisions<'a> {
    c: &'a mut Criterion,
    group: &'a str,
    specs: &'a [Bench<'a>],
    sample_size: usize,
}

impl GameVisitor for Decisions<'_> {
    type Output = ();
    fn visit<G: Game + 'static>(self, game: G) {
        let players = players(&game);
        let state = game.new_game(players, &mut stream_rng(1, Stream::Chance));
        let mut answers = ActionList::new();
        game.legal_actions(&state, &mut answers);
        let seat = game.to_act(&state).expect("the game has begun");
        assert!(answers.len() > 1, "the opening question is a real choice");
        let name = format!("{}/{}_{players}p_opening", game.name(), self.group);
        let mut group = self.c.benchmark_group(name);
        group.sample_size(self.sample_size);
        let networks = tempfile::tempdir().expect("a folder for the networks");
        for &(label, spec, per_decision) in self.specs {
            let spec = with_networks(spec, &game, players, networks.path());
            let mut bot = BotSpec::parse(&spec).expect("a known bot").build::<G>();
            let mut rng = stream_rng(1, Stream::Bot(seat.0));
            group.throughput(Throughput::Elements(per_decision));
            group.bench_function(label, |b| {
                b.iter(|| {
                    let action = bot.act(&View::new(&game, &state, seat), &answers, &mut rng);
                    assert!(
                        answers.contains(&action),
                        "the answer is one of those offered"
                    );
                    black_box(action)
                })
            });
        }
        group.finish();
    }
}

/// Returns `spec` with `{policy}` and `{value}` replaced by networks written for `game` at
/// `players` in `dir`: dense, 64 hidden units, the policy taking the legal mask.
fn with_networks<G: Game>(spec: &str, game: &G, players: usize, dir: &Path) -> String {
    if !spec.contains('{') {
        return spec.to_string();
    }
    let (policy, value) = floe_onnx::write::table_networks(
        dir,
        game.encoding_len(players),
        game.action_count(players),
        64,
    )
    .expect("the bench's networks are written");
    let (policy, value) = (policy.display().to_string(), value.display().to_string());
    spec.replace("{policy}", &policy).replace("{value}", &value)
}

/// Benches `specs` on every listed game.
fn bench_specs(c: &mut Criterion, group: &str, specs: &[Bench<'_>], sample_size: usize) {
    for name in games() {
        let decisions = Decisions {
            c: &mut *c,
            group,
            specs,
            sample_size,
        };
        floe_games::visit(name, None, decisions).expect("a registered game");
    }
}

/// Greedy decisions per second at three depths. The deepest answers the rest of each turn
/// at random: searching every answer of three whole turns is exponential in their length
/// (Race to the North Pole's turns ask several questions each).
fn greedy_decision(c: &mut Criterion) {
    let specs = [
        ("greedy:depth=0", "greedy:depth=0", 1),
        ("greedy", "greedy", 1),
        (
            "greedy:depth=2,turn=random",
            "greedy:depth=2,turn=random",
            1,
        ),
    ];
    bench_specs(c, "greedy", &specs, 100);
}

/// MCTS iterations per second (the throughput of a decision of 1000 iterations) with the
/// game's other defaults; then with one part changed each: the other trees, the learned
/// playouts, the root answers on separate samples, regret matching at secret rounds; with greedy playouts, a decision of
/// 100 (each playout step is a greedy decision).
fn mcts_decision(c: &mut Criterion) {
    let specs = [
        ("mcts", "mcts:iters=1000", 1000),
        ("mcts:tree=multi", "mcts:iters=1000,tree=multi", 1000),
        ("mcts:tree=open", "mcts:iters=1000,tree=open", 1000),
        ("mcts:rollout=mast", "mcts:iters=1000,rollout=mast", 1000),
        (
            "mcts:rollout=standing",
            "mcts:iters=1000,rollout=standing",
            1000,
        ),
        ("mcts:paired=off", "mcts:iters=1000,paired=off", 1000),
        ("mcts:simul=regret", "mcts:iters=1000,simul=regret", 1000),
        (
            "mcts:iters=100,rollout=greedy",
            "mcts:iters=100,rollout=greedy",
            100,
        ),
    ];
    bench_specs(c, "mcts", &specs, 20);
}

/// The learned bots: an `onnx` decision (a forward pass of the policy), and the search of
/// 1000 iterations guided by a prior and judging its leaves by a value network.
fn learned_decision(c: &mut Criterion) {
    let specs = [
        ("onnx", "onnx:{policy}", 1),
        (
            "mcts:prior,value",
            "mcts:iters=1000,prior={policy},value={value},bias=1",
            1000,
        ),
    ];
    bench_specs(c, "learned", &specs, 20);
}

criterion_group!(benches, greedy_decision, mcts_decision, learned_decision);
criterion_main!(benches);
