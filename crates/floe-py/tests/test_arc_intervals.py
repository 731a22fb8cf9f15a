"""arc.csv's figures checked against numpy and scipy: for every measure of how a game
unfolds, the games it is defined in, the mean and sample sd of games.csv's per-game
values, and the 95% interval: the normal approximation's (mean +- z sd / sqrt(games),
z = scipy.stats.norm.ppf(0.975), not 1.96 rounded), or for a yes/no measure Wilson's
(scipy.stats.binomtest's). Both tables keep 6 decimals."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Dict, List

import numpy as np
import pytest
from scipy import stats

from conftest import run_cli

#: Half a unit of the tables' sixth decimal, and a little for the doubles' own rounding.
TOLERANCE = 5e-7 + 1e-9
YES_NO = {"comeback", "runaway"}


def run(floe_cli: Path, out: Path, flags: List[str]):
    """arc.csv's rows by measure, and games.csv's per-game values of each measure (those
    defined, in game order)."""
    done = run_cli(floe_cli, "simulate", *flags, "--per-game", "--arc", "--quiet",
                   "--out", str(out))
    assert done.returncode == 0, done.stderr
    with open(out / "arc.csv", newline="") as f:
        arc = {row["measure"]: row for row in csv.DictReader(f)}
    first: Dict[int, dict] = {}
    with open(out / "games.csv", newline="") as f:
        for row in csv.DictReader(f):
            first.setdefault(int(row["game_index"]), row)
    values = {m: [float(r[m]) for _, r in sorted(first.items()) if r[m] != ""] for m in arc}
    return arc, values


def expected(measure: str, x: np.ndarray) -> dict:
    """The figures of a measure whose defined per-game values are `x`."""
    n = len(x)
    if n == 0:
        return dict(games=0, mean=None, sd=None, ci_low=None, ci_high=None)
    mean, sd = x.mean(), (x.std(ddof=1) if n >= 2 else None)
    if n < 2:
        low = high = None
    elif measure in YES_NO:
        ci = stats.binomtest(int(x.sum()), n).proportion_ci(0.95, method="wilson")
        low, high = ci.low, ci.high
    else:
        half = stats.norm.ppf(0.975) * sd / np.sqrt(n)
        low, high = mean - half, mean + half
    return dict(games=n, mean=mean, sd=sd, ci_low=low, ci_high=high)


@pytest.mark.parametrize(
    "flags",
    [
        ["--game", "goofspiel", "--players", "3", "--games", "60", "--seed", "5"],
        ["--game", "arctic-race", "--players", "2", "--bots", "greedy,random", "--games",
         "40", "--seed", "3"],
        # Two games, the winner behind in one only: a deficit of one game (a mean, no
        # spread nor interval) beside measures of two (the fewest with both).
        ["--game", "arctic", "--players", "3", "--games", "2", "--seed", "5"],
    ],
)
def test_arc_csv_is_numpy_and_scipy_on_games_csv(floe_cli, tmp_path, flags):
    arc, values = run(floe_cli, tmp_path, flags)
    assert list(arc) == ["lead_changes", "drama", "deficit", "decided_at", "comeback",
                         "runaway", "real_choices", "branching"]
    for measure, row in arc.items():
        x = np.array(values[measure])
        want = expected(measure, x)
        assert row["interval"] == ("wilson" if measure in YES_NO else "normal"), measure
        assert int(row["games"]) == want["games"], measure
        for field in ["mean", "sd", "ci_low", "ci_high"]:
            if want[field] is None:
                assert row[field] == "", (measure, field)
            else:
                assert abs(float(row[field]) - want[field]) <= TOLERANCE, (
                    measure, field, row[field], want[field])


def test_the_normal_interval_uses_z_unrounded(floe_cli, tmp_path):
    """1.96 for z would move an interval of this run beyond the tables' rounding: the
    check above tells the two apart."""
    arc, values = run(floe_cli, tmp_path, ["--game", "goofspiel", "--players", "3",
                                           "--games", "60", "--seed", "5"])
    row, x = arc["deficit"], np.array(values["deficit"])
    rounded = x.mean() + 1.96 * x.std(ddof=1) / np.sqrt(len(x))
    assert abs(float(row["ci_high"]) - rounded) > TOLERANCE
