"""A tiny learning example: a linear softmax policy learns 2-player Goofspiel against
`random` through Floe's Gymnasium environment (numpy only, no deep-learning framework),
then meets `random` in a `floe.tournament` with seat rotation over duplicate deals; with
``--onnx PATH`` it is exported to ONNX and rated at Rust speed as the bot ``onnx:PATH``
against random, greedy and mcts, and guides the search as its prior.

The policy scores each answer by a linear function of the seat's encoding (the game's
observation vector: the prize up, the seat's hand, each seat's points and unplayed
cards, the prizes taken) and picks among the legal answers by a softmax of the scores.
It is trained by REINFORCE (the policy gradient of the final reward, each seat's share of
the win, less a running-mean baseline), half of its games at each seat, from a fixed seed.
The trained policy then plays greedily (its highest-scoring legal answer) as a Python bot.

Run it from the repository (or anywhere the `floe` package is installed)::

    python scripts/learn_goofspiel.py            # trains, prints the curve and the result
    python scripts/learn_goofspiel.py --check    # also fails unless it beats random by MARGIN
    python scripts/learn_goofspiel.py --onnx policy.onnx   # also exports and rates it in Rust

Importable: `train()` returns the policy and its training curve, `evaluate()` the
tournament's tables, `main()` does both and checks the margin.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Tuple

import numpy as np

import floe
import floe.gymnasium

#: The game and its table.
GAME = "goofspiel"
PLAYERS = 2
#: Training games (half at each seat), and games per policy-gradient update.
EPISODES = 20000
BATCH = 20
#: Adam's step size.
LEARNING_RATE = 0.02
#: The seed of the policy's weights and its sampling, and of the training deals.
SEED = 2024
#: Tournament games (a whole number of duplicate cycles) and its master seed, distinct
#: from the training deals' seeds.
EVAL_GAMES = 4000
EVAL_SEED = 1_000_003
#: Games of the Rust tournament of the exported network (a whole number of the five
#: entrants' duplicate cycles).
RUST_GAMES = 2000
#: What the check asks: the lower end of the learned bot's win-rate interval above
#: one half (random's share against itself) by this much.
MARGIN = 0.25


@dataclass
class Policy:
    """A masked linear softmax policy: answer a scores ``weights[a] @ x + bias[a]``."""

    weights: np.ndarray
    bias: np.ndarray

    @classmethod
    def zeros(cls, actions: int, features: int) -> "Policy":
        return cls(np.zeros((actions, features)), np.zeros(actions))

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The softmax of the legal answers' scores (0 for the others)."""
        scores = self.weights @ x + self.bias
        scores = np.where(mask > 0, scores, -np.inf)
        scores -= scores.max()
        p = np.exp(scores)
        return p / p.sum()

    def best(self, x: np.ndarray, mask: np.ndarray) -> int:
        """The legal answer of highest score (the lowest number among equals)."""
        scores = np.where(mask > 0, self.weights @ x + self.bias, -np.inf)
        return int(np.argmax(scores))


@dataclass
class Curve:
    """The training's mean reward per block of games, and how long it took."""

    block: int
    rewards: List[float] = field(default_factory=list)
    seconds: float = 0.0


#: The prizes' total (cards 1 to 5), the most points a seat can hold.
MOST_POINTS = 15.0


def scale(env_or_game: Any) -> np.ndarray:
    """Each encoding value's scale: 1 for the flags, 1/15 for the seats' points (the
    second value of each seat's part of the field `seats`), so every input is at most 1.
    A product by constants, which the exported network does with one `Mul`."""
    game = getattr(env_or_game, "game", env_or_game)
    layout = {f["name"]: f for f in game.encoding_layout()}
    seats = layout["seats"]
    factors = np.ones(game.encoding_len)
    per_seat = seats["shape"][1]
    factors[seats["start"] + 1 : seats["stop"] : per_seat] = 1.0 / MOST_POINTS
    return factors


def features(observation: Any, factors: np.ndarray) -> np.ndarray:
    """The policy's input: the encoding as float64, scaled by `factors`."""
    return np.asarray(observation, dtype=np.float64) * factors


def train(episodes: int = EPISODES, seed: int = SEED, block: int = 2000) -> Tuple[Policy, Curve]:
    """Trains a policy by REINFORCE against `random`, alternating seats 0 and 1: after
    every ``BATCH`` games, one Adam step along the batch's policy gradient, each game's
    answers weighted by its reward less the batch's mean."""
    rng = np.random.default_rng(seed)
    # Goofspiel is Floe's small test game, left out of `floe.games()` and so of the ids
    # `floe.gymnasium` registers: its environment class is made directly.
    envs = [
        floe.gymnasium.FloeEnv(GAME, players=PLAYERS, seat=s, opponents="random") for s in (0, 1)
    ]
    actions = envs[0].action_space.n
    width = envs[0].observation_space["observation"].shape[0]
    factors = scale(floe.Game(GAME, players=PLAYERS))
    policy = Policy.zeros(actions, width)
    adam = Adam([policy.weights, policy.bias])
    curve = Curve(block)
    rewards: List[float] = []
    batch: List[Tuple[float, List[Tuple[np.ndarray, np.ndarray, int]]]] = []
    start = time.perf_counter()
    for episode in range(episodes):
        env = envs[episode % 2]
        # A deal of the training's own: master seed `seed`'s stream, game `episode`.
        observation, _ = env.reset(seed=seed * 1_000_000 + episode)
        steps = []
        reward, done = 0.0, False
        while not done:
            x = features(observation["observation"], factors)
            mask = observation["action_mask"]
            p = policy.probabilities(x, mask)
            answer = int(rng.choice(len(p), p=p))
            steps.append((x, p, answer))
            observation, reward, done, _, _ = env.step(answer)
        batch.append((float(reward), steps))
        rewards.append(float(reward))
        if len(batch) == BATCH:
            mean = np.mean([r for r, _ in batch])
            grad_w, grad_b = np.zeros_like(policy.weights), np.zeros_like(policy.bias)
            for r, steps in batch:
                for x, p, answer in steps:
                    # The gradient of log p(answer) by the scores: one-hot(answer) - p.
                    g = -p
                    g[answer] += 1.0
                    grad_w += (r - mean) * np.outer(g, x)
                    grad_b += (r - mean) * g
            adam.ascend([grad_w / BATCH, grad_b / BATCH])
            batch.clear()
        if (episode + 1) % block == 0:
            curve.rewards.append(float(np.mean(rewards[-block:])))
    curve.seconds = time.perf_counter() - start
    return policy, curve


class Adam:
    """Adam's steps (Kingma and Ba, 2015) of gradient ascent on `params`, in place."""

    def __init__(self, params: List[np.ndarray], rate: float = LEARNING_RATE) -> None:
        self.params, self.rate, self.t = params, rate, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def ascend(self, grads: List[np.ndarray], b1: float = 0.9, b2: float = 0.999) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p += self.rate * (m / (1 - b1**self.t)) / (np.sqrt(v / (1 - b2**self.t)) + 1e-8)


def learned_bot(policy: Policy) -> floe.PythonBot:
    """The trained policy as a Python bot: its best legal answer, a pure function of what
    the seat sees (so the tournament's tables do not depend on the thread count)."""

    factors = scale(floe.Game(GAME, players=PLAYERS))

    def answer(observation: floe.Observation, legal: List[Tuple[int, str]]) -> int:
        mask = np.zeros(policy.bias.shape[0])
        for number, _ in legal:
            mask[number] = 1
        return policy.best(features(observation.encoding, factors), mask)

    return floe.bot(answer, "learned")


def evaluate(policy: Policy, games: int = EVAL_GAMES, seed: int = EVAL_SEED) -> Dict[str, Any]:
    """The learned bot against `random`: a tournament with seat rotation over duplicate
    deals (each deal played with the entrants at both seats)."""
    return floe.tournament(
        game=GAME, players=PLAYERS, bots=[learned_bot(policy), "random"], games=games,
        seed=seed, duplicate=True, progress=False,
    )


def rows(table: Any) -> List[Dict[str, Any]]:
    """A table's rows as dicts (a pandas frame, or a dict of columns without pandas)."""
    if hasattr(table, "to_dict"):
        return table.to_dict("records")
    return [dict(zip(table, values)) for values in zip(*table.values())]


def learned_row(tables: Dict[str, Any]) -> Dict[str, Any]:
    """The learned bot's row of the `tournament` table, as a dict."""
    return next(r for r in rows(tables["tournament"]) if r["bot"] == "python:learned")


def export(policy: Policy, path: str) -> None:
    """Writes the policy as an ONNX network Floe plays (`docs/learned.md`): inputs the
    encoding `obs` and the legal mask `mask`, output a score per answer, `scores`; the
    scaling a `Mul`, the linear layer a `Gemm`, the mask a billion off each answer not on
    offer. Needs the `onnx` package (``pip install onnx``)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    game = floe.Game(GAME, players=PLAYERS)
    width, actions = game.encoding_len, game.action_count
    consts = {
        "factors": scale(game).astype(np.float32),
        "weights": policy.weights.astype(np.float32),
        "bias": policy.bias.astype(np.float32),
        "one": np.ones(1, np.float32),
        "big": np.full(1, 1e9, np.float32),
    }
    nodes = [
        helper.make_node("Mul", ["obs", "factors"], ["x"]),
        helper.make_node("Gemm", ["x", "weights", "bias"], ["z"], transB=1),
        helper.make_node("Sub", ["mask", "one"], ["off"]),
        helper.make_node("Mul", ["off", "big"], ["penalty"]),
        helper.make_node("Add", ["z", "penalty"], ["scores"]),
    ]
    graph = helper.make_graph(
        nodes, "goofspiel-policy",
        [helper.make_tensor_value_info("obs", TensorProto.FLOAT, ["batch", width]),
         helper.make_tensor_value_info("mask", TensorProto.FLOAT, ["batch", actions])],
        [helper.make_tensor_value_info("scores", TensorProto.FLOAT, ["batch", actions])],
        [numpy_helper.from_array(v, k) for k, v in consts.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    onnx.save(model, path)


def agreement(policy: Policy, path: str, deals: int = 200) -> Tuple[int, int]:
    """Asks the exported network (the Rust bot ``onnx:PATH``) and the Python policy the
    same questions, on `deals` deals played at random: how many answers agree, of how
    many."""
    factors = scale(floe.Game(GAME, players=PLAYERS))
    rng = np.random.default_rng(SEED)
    same = asked = 0
    for deal in range(deals):
        game = floe.Game(GAME, players=PLAYERS, seed=EVAL_SEED + deal)
        while not game.is_over():
            x, mask = game.encoded(game.to_act())
            same += game.bot_answer(f"onnx:{path}") == policy.best(features(x, factors), mask)
            asked += 1
            legal = [n for n, _ in game.legal_actions()]
            game.apply(legal[int(rng.integers(len(legal)))], events=False)
    return same, asked


def rate_in_rust(path: str, games: int, mcts: str) -> Dict[str, Any]:
    """The exported network as Rust bots in a duplicate tournament (seats rotated, each
    deal played by every pairing at both seats): `onnx:PATH`, and the search `mcts` with
    the network as its prior, against random, greedy and `mcts` itself."""
    return floe.tournament(
        game=GAME, players=PLAYERS, games=games, seed=EVAL_SEED, duplicate=True,
        progress=False,
        bots=["random", "greedy", f"onnx:{path}", mcts, f"{mcts},prior={path},bias=1"],
    )


def main(argv: List[str] = sys.argv[1:]) -> Dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=EPISODES, help="training games")
    parser.add_argument("--games", type=int, default=EVAL_GAMES, help="tournament games")
    parser.add_argument("--check", action="store_true",
                        help=f"exit non-zero unless the win rate's lower bound is above "
                             f"0.5 + {MARGIN}")
    parser.add_argument("--onnx", metavar="PATH",
                        help="also export the policy to this ONNX file and rate it in Rust")
    parser.add_argument("--rust-games", type=int, default=RUST_GAMES,
                        help="games of the Rust tournament (a multiple of 10)")
    parser.add_argument("--mcts", default="mcts:iters=1000",
                        help="the search the network is rated against and guides")
    args = parser.parse_args(argv)
    policy, curve = train(args.episodes)
    print(f"trained on {args.episodes} games of {GAME} against random in "
          f"{curve.seconds:.1f} s; mean reward per {curve.block} games:")
    print("  " + " ".join(f"{r:.3f}" for r in curve.rewards))
    start = time.perf_counter()
    tables = evaluate(policy, args.games)
    row = learned_row(tables)
    print(f"tournament of {args.games} games (duplicate deals, seats rotated) in "
          f"{time.perf_counter() - start:.1f} s:")
    print(f"  learned wins {row['win_rate']:.3f} of its games "
          f"(95% interval {row['ci_low']:.3f} to {row['ci_high']:.3f}) against random")
    beats = row["ci_low"] > 0.5 + MARGIN
    print(f"  {'beats' if beats else 'does NOT beat'} random by the stated margin: "
          f"interval's lower end {row['ci_low']:.3f} > 0.5 + {MARGIN}")
    result = {"curve": curve, "row": row, "tables": tables, "beats": beats}
    if args.onnx:
        export(policy, args.onnx)
        same, asked = agreement(policy, args.onnx)
        print(f"exported to {args.onnx}: the Rust bot onnx:{args.onnx} and the Python "
              f"policy agree on {same} of {asked} answers")
        start = time.perf_counter()
        rust = rate_in_rust(args.onnx, args.rust_games, args.mcts)
        print(f"Rust tournament of {args.rust_games} games (duplicate deals, seats rotated) "
              f"in {time.perf_counter() - start:.1f} s:")
        for r in rows(rust["tournament"]):
            print(f"  {r['bot']:<50} wins {r['win_rate']:.3f} "
                  f"({r['ci_low']:.3f} to {r['ci_high']:.3f})")
        result.update(rust=rust, agreement=(same, asked))
        if args.check and same != asked:
            raise SystemExit(1)
    if args.check and not beats:
        raise SystemExit(1)
    return result


if __name__ == "__main__":
    main()
