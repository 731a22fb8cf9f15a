"""Measures the Python package against the CLI: a bulk run's wall time both ways, and how
many answers a second a game stepped from Python takes. Build both in release first:

    cargo build --release
    (cd crates/floe-py && maturin develop --release)
    python scripts/python_speed.py

Prints the best of three runs of each (on a quiet machine) and the ratio.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import floe

ROOT = Path(__file__).resolve().parent.parent
RUNS = [("arctic-race", 4, 1_000_000), ("arctic", 4, 200_000), ("north-pole", 4, 50_000)]


def best_of(times: int, work) -> float:
    best = float("inf")
    for _ in range(times):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def main() -> int:
    cli = ROOT / "target" / "release" / "floe"
    print("bulk run (random bots)            CLI s   Python s   Python speed / CLI speed")
    for game, players, games in RUNS:
        args = ["simulate", "--game", game, "--players", str(players), "--games", str(games)]

        def by_cli() -> None:
            with tempfile.TemporaryDirectory() as out:
                subprocess.run([str(cli), *args, "--out", out, "--quiet"], check=True)

        def by_python() -> None:
            floe.simulate(game=game, players=players, games=games)

        c, p = best_of(3, by_cli), best_of(3, by_python)
        print(f"{game:>11} {players}p {games:>9,} games   {c:7.2f}   {p:8.2f}   {c / p:6.1%}")
    print("stepped from Python (random answers)   steps/s")
    for game, players, _ in RUNS:
        chooser = random.Random(1)
        steps, started = 0, time.perf_counter()
        seed = 0
        while time.perf_counter() - started < 3.0:
            g = floe.Game(game, players=players, seed=seed)
            while not g.is_over():
                g.apply(chooser.choice(g.legal_actions())[0])
                steps += 1
            seed += 1
        rate = steps / (time.perf_counter() - started)
        print(f"{game:>11} {players}p   {rate:12,.0f}   ({seed} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
