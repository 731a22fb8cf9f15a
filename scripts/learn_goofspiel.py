"""A tiny learning example: a linear softmax policy learns 2-player Goofspiel against
`random` through Floe's Gymnasium environment (numpy only, no deep-learning framework),
then meets `random` in a `floe.tournament` with seat rotation over duplicate deals.

The policy scores each answer by a linear function of the seat's encoding (the game's
observation vector: the prize up, the seat's hand, each seat's points and unplayed
cards, the prizes taken) and picks among the legal answers by a softmax of the scores.
It is trained by REINFORCE (the policy gradient of the final reward, each seat's share of
the win, less a running-mean baseline), half of its games at each seat, from a fixed seed.
The trained policy then plays greedily (its highest-scoring legal answer) as a Python bot.

Run it from the repository (or anywhere the `floe` package is installed)::

    python scripts/learn_goofspiel.py            # trains, prints the curve and the result
    python scripts/learn_goofspiel.py --check    # also fails unless it beats random by MARGIN

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


def features(observation: Any) -> np.ndarray:
    """The policy's input: the encoding as float64, its counts (the seats' points, up to
    the prizes' total of 15) scaled to at most 1 like its flags."""
    x = np.asarray(observation, dtype=np.float64)
    return np.where(x > 1.0, x / 15.0, x)


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
            x, mask = features(observation["observation"]), observation["action_mask"]
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

    def answer(observation: floe.Observation, legal: List[Tuple[int, str]]) -> int:
        mask = np.zeros(policy.bias.shape[0])
        for number, _ in legal:
            mask[number] = 1
        return policy.best(features(observation.encoding), mask)

    return floe.bot(answer, "learned")


def evaluate(policy: Policy, games: int = EVAL_GAMES, seed: int = EVAL_SEED) -> Dict[str, Any]:
    """The learned bot against `random`: a tournament with seat rotation over duplicate
    deals (each deal played with the entrants at both seats)."""
    return floe.tournament(
        game=GAME, players=PLAYERS, bots=[learned_bot(policy), "random"], games=games,
        seed=seed, duplicate=True, progress=False,
    )


def learned_row(tables: Dict[str, Any]) -> Dict[str, Any]:
    """The learned bot's row of the `tournament` table, as a dict."""
    table = tables["tournament"]
    if hasattr(table, "to_dict"):
        rows = table.to_dict("records")
    else:
        rows = [dict(zip(table, values)) for values in zip(*table.values())]
    return next(r for r in rows if r["bot"] == "python:learned")


def main(argv: List[str] = sys.argv[1:]) -> Dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=EPISODES, help="training games")
    parser.add_argument("--games", type=int, default=EVAL_GAMES, help="tournament games")
    parser.add_argument("--check", action="store_true",
                        help=f"exit non-zero unless the win rate's lower bound is above "
                             f"0.5 + {MARGIN}")
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
    if args.check and not beats:
        raise SystemExit(1)
    return {"curve": curve, "row": row, "tables": tables, "beats": beats}


if __name__ == "__main__":
    main()
