"""Redoes a committed result from Python: the first-player experiment's random 2-player cell.

results/first-player/seats.csv and tests.csv say that with random bots at 2 players seat 0
wins 49.72% (49.62-49.81) of 1,000,000 games, significantly less than half (chi-square
32.2, p = 1.39e-8). This script plays the same games (same rules, bots, seed and count)
through the Python package, and computes those figures itself with pandas from the
per-game rows: each seat's win share, its 95% Wilson interval, and Pearson's chi-square
test of equal shares. It prints them beside the committed ones.

    pip install ./crates/floe-py pandas
    python scripts/first_player.py            # 1,000,000 games, about 10 s
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pandas

import floe

RESULTS = Path(__file__).resolve().parent.parent / "results" / "first-player"
Z = 1.959963984540054  # the 97.5% normal quantile: a 95% two-sided interval


def wilson(rate: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share `rate` of `n` games."""
    centre = (rate + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(rate * (1 - rate) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    rows = floe.simulate(
        game="arctic-race", players=2, bots="random", games=games, seed=1, per_game=True
    )["games"]
    seats = rows.groupby("seat").agg(games=("won", "size"), share=("win_share", "sum"))
    seats["win_rate"] = seats["share"] / seats["games"]
    seats[["ci_low", "ci_high"]] = [wilson(r, n) for r, n in zip(seats["win_rate"], seats["games"])]
    expected = seats["share"].sum() / len(seats)
    chi2 = float(((seats["share"] - expected) ** 2 / expected).sum())
    p_value = math.erfc(math.sqrt(chi2 / 2))  # chi-square with 1 degree of freedom

    committed = pandas.read_csv(RESULTS / "seats.csv")
    committed = committed[(committed["players"] == 2) & (committed["bots"] == "random")]
    tests = pandas.read_csv(RESULTS / "tests.csv")
    test = tests[(tests["players"] == 2) & (tests["bots"] == "random") & (tests["test"] == "seat")]

    print(f"arctic-race, random bots, 2 players, {games:,} games, seed 1")
    print("seat  win_rate  ci_low    ci_high   | committed: win_rate  ci_low    ci_high")
    for seat, row in seats.iterrows():
        c = committed[committed["seat"] == seat].iloc[0]
        print(
            f"{seat:>4}  {row.win_rate:.6f}  {row.ci_low:.6f}  {row.ci_high:.6f}  |"
            f"            {c.win_rate:.6f}  {c.ci_low:.6f}  {c.ci_high:.6f}"
        )
    print(f"chi2 {chi2:.6f}  p {p_value:.2e}  | committed: chi2 {test.chi2.iloc[0]:.6f}  "
          f"p {test.p_value.iloc[0]:.2e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
