"""Measures games stepped in batches from Python (`floe.VectorGame`) against the
single-game Gymnasium environment stepped game by game, on every game, and on Goofspiel
against OpenSpiel's own Python loops (pip package `open_spiel`, if installed): its
learning environment (`rl_environment.Environment`, an observation and the legal answers
at each step, as `FloeEnv` gives) and its bare game loop (a random legal answer per
step, no observation).
Build first with the release-like profile:

    (cd crates/floe-py && maturin develop --profile quick)
    python scripts/vector_speed.py [--batch 256] [--seconds 2] [--rounds 3] [--games goofspiel]

Every figure counts the learning seat's steps (each with the bots' answers after it, an
observation and an action mask), answers drawn uniformly among the legal ones with numpy.
Two figures are printed for each loop: the whole loop (choosing the answers included) and
the stepping alone (the time spent inside `FloeEnv.reset` and `FloeEnv.step`, or inside
`VectorGame.step`, the agent's choice left out on both sides). The batch's choice finds
every game's legal answers in one pass over the masks, then draws one per game.
On Goofspiel the batch is timed again on one core (`threads=1`), against OpenSpiel's bare
loop, which runs on one; and Floe's PettingZoo environment with both seats agents, as in
OpenSpiel's learning environment, against it.
The runs alternate, round after round; the median and the range of the rounds are
printed, since a shared machine is noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import numpy as np

import floe
from floe.gymnasium import FloeEnv

GAMES = [("goofspiel", 2), ("arctic-race", 2), ("arctic", 2), ("north-pole", 2)]


def single(game: str, players: int, seconds: float) -> tuple:
    """(steps, games, steps stepping alone) a second of one FloeEnv stepped from Python."""
    env = FloeEnv(game, players=players)
    rng = np.random.default_rng(0)
    steps = episodes = 0
    stepping = 0.0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        called = time.perf_counter()
        observation, _ = env.reset(seed=episodes)
        stepping += time.perf_counter() - called
        ended = False
        while not ended:
            legal = np.flatnonzero(observation["action_mask"])
            action = legal[rng.integers(len(legal))]
            called = time.perf_counter()
            observation, _, ended, _, _ = env.step(action)
            stepping += time.perf_counter() - called
            steps += 1
        episodes += 1
    spent = time.perf_counter() - started
    return steps / spent, episodes / spent, steps / stepping


def choose(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A legal answer drawn uniformly in each row of `masks` (0 in a row without one: a
    game whose episode ended, dealt anew at the next step whatever its answer)."""
    # The masks' 1s, row after row, in one pass: a few per row among hundreds of answers.
    legal = np.flatnonzero(masks.view(np.bool_))
    rows, answers = np.divmod(legal, masks.shape[1])
    counts = np.bincount(rows, minlength=len(masks))
    firsts = np.cumsum(counts) - counts
    asked = counts > 0
    chosen = np.zeros(len(masks), dtype=np.int64)
    chosen[asked] = answers[firsts[asked] + rng.integers(0, counts[asked])]
    return chosen


def batched(game: str, players: int, batch: int, seconds: float, threads=None) -> tuple:
    """(steps, games, steps stepping alone) a second of a VectorGame of `batch` games, on
    at most `threads` threads (one per core if None)."""
    games = floe.VectorGame(game, players=players, batch=batch, threads=threads)
    _, mask = games.reset()
    rng = np.random.default_rng(0)
    steps = episodes = 0
    stepping = 0.0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        actions = choose(rng, mask)
        called = time.perf_counter()
        _, mask, _, finished = games.step(actions)
        stepping += time.perf_counter() - called
        steps += batch
        episodes += int(finished.sum())
    spent = time.perf_counter() - started
    # A step that deals a game's next one is not a step of the seat's.
    return (steps - episodes) / spent, episodes / spent, (steps - episodes) / stepping


def open_spiel(seconds: float):
    """(answers, games) a second of OpenSpiel's per-step Python loop on its Goofspiel with
    Floe's standard rules (5 cards, prizes shuffled, 2 players, turn-based as Floe asks)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game_as_turn_based("goofspiel(num_cards=5,players=2,points_order=random)")
    rng = random.Random(1)
    answers = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                answers += 1
        games += 1
    spent = time.perf_counter() - started
    return answers / spent, games / spent


def open_spiel_rl(seconds: float):
    """(steps, games) a second of OpenSpiel's learning environment on the same Goofspiel:
    each step both seats answer at once (a random legal answer each, the second standing
    for FloeEnv's opponent) and it returns every seat's observation and legal answers."""
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    env = rl_environment.Environment("goofspiel(num_cards=5,players=2,points_order=random)")
    rng = random.Random(1)
    steps = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        step = env.reset()
        while not step.last():
            legal = step.observations["legal_actions"]
            step = env.step([rng.choice(legal[0]), rng.choice(legal[1])])
            steps += 1
        games += 1
    spent = time.perf_counter() - started
    return steps / spent, games / spent


def petting_zoo(seconds: float):
    """(steps, games) a second of Floe's PettingZoo environment (`floe.pettingzoo.env`,
    wrapped as PettingZoo's games are) on Goofspiel, both seats agents as in OpenSpiel's
    learning environment: each answer a random legal one, read from the agent's mask."""
    try:
        from floe import pettingzoo
    except ImportError:
        return None
    env = pettingzoo.env("goofspiel", players=2)
    rng = np.random.default_rng(0)
    steps = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.reset(seed=games)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        games += 1
    spent = time.perf_counter() - started
    return steps / spent, games / spent


def spread(values: list) -> str:
    return f"{statistics.median(values):>12,.0f} ({min(values):,.0f}-{max(values):,.0f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(g for g, _ in GAMES), help="which games")
    opts = parser.parse_args()
    print(f"batch {opts.batch}; median (range) of {opts.rounds} alternating rounds")
    for game, players in GAMES:
        if game not in opts.games.split(","):
            continue
        one, many, theirs, learning, one_core, zoo = [], [], [], [], [], []
        for _ in range(opts.rounds):
            one.append(single(game, players, opts.seconds))
            many.append(batched(game, players, opts.batch, opts.seconds))
            if game == "goofspiel":
                measured = open_spiel(opts.seconds)
                if measured is not None:
                    theirs.append(measured)
                    learning.append(open_spiel_rl(opts.seconds))
                    one_core.append(batched(game, players, opts.batch, opts.seconds, 1))
                    zoo.append(petting_zoo(opts.seconds))
        print(f"{game} ({players} players), steps a second:")
        for figure, at in (("whole loop", 0), ("stepping alone", 2)):
            ratio = statistics.median(m[at] / o[at] for m, o in zip(many, one))
            print(f"  {figure}:")
            print(f"    FloeEnv game by game {spread([o[at] for o in one])}")
            print(f"    VectorGame           {spread([m[at] for m in many])}   {ratio:5.1f}x")
        if game == "goofspiel":
            if not theirs:
                print("  OpenSpiel: `pip install open_spiel` to compare")
                continue
            ratio = statistics.median(m[1] / t[1] for m, t in zip(many, theirs))
            cored = statistics.median(m[1] / t[1] for m, t in zip(one_core, theirs))
            alone = statistics.median(o[1] / r[1] for o, r in zip(one, learning))
            print("  games a second:")
            print(f"  VectorGame             {spread([m[1] for m in many])}")
            print(f"  OpenSpiel Python loop  {spread([t[1] for t in theirs])}   {ratio:5.1f}x")
            print(f"  VectorGame, one core   {spread([m[1] for m in one_core])}   {cored:5.1f}x")
            print(f"  FloeEnv game by game   {spread([o[1] for o in one])}")
            print(f"  OpenSpiel rl_environment {spread([r[1] for r in learning])}   {alone:5.1f}x")
            if all(zoo):
                ratio = statistics.median(z[1] / r[1] for z, r in zip(zoo, learning))
                print(f"  PettingZoo, both seats {spread([z[1] for z in zoo])}   {ratio:5.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
