#!/usr/bin/env python3
"""Writes the expected Bradley-Terry ratings of a committed fixture of head-to-head counts.

Floe fits its ratings (`crates/floe-sim/src/ratings.rs`) with Hunter's (2004) MM iteration
and takes their standard errors from the Fisher information. This script computes the
same quantities independently, once, so that a Rust test can compare against them:

- the ratings with the `choix` package (iterative Luce spectral ranking, a different
  algorithm from MM), checked against choix's Newton-CG maximiser of the likelihood;
- the standard errors with `statsmodels`: a binomial GLM (logistic regression without an
  intercept) on a design with entrant 0 as the reference, whose covariance is then
  centred to the mean-zero anchor (C V C with C = I - 11'/n).

Input: `counts.csv` (`a,b,a_above,b_above,tied`: per pair of entrants, the games in which a
scored above b, b above a, and both the same). A tie counts half a win each way. choix
takes whole comparisons, so it is fed doubled counts (a win is two comparisons, a tie one
each way): the likelihood is squared, and its maximiser the same. The GLM takes the
fractional wins directly, with the games as the binomial trials.

Output: `expected.csv` (`entrant,rating,se`) on the Elo scale (natural-log strengths times
400 / ln 10), mean rating 0.

Run once, in a virtual environment:
    python3 -m venv /tmp/venv-choix
    /tmp/venv-choix/bin/pip install choix numpy scipy statsmodels
    /tmp/venv-choix/bin/python scripts/bradley-terry-fixture.py
"""

import csv
import math
from pathlib import Path

import choix
import numpy as np
import statsmodels.api as sm

FIXTURE = Path(__file__).resolve().parent.parent / "crates/floe-sim/tests/fixtures/bradley-terry"
ELO = 400.0 / math.log(10.0)


def main():
    with open(FIXTURE / "counts.csv", newline="") as f:
        pairs = [tuple(int(x) for x in row.values()) for row in csv.DictReader(f)]
    n = 1 + max(max(a, b) for a, b, *_ in pairs)

    # Ratings: choix on doubled whole comparisons (winner, loser).
    data = []
    for a, b, above, below, tied in pairs:
        data += [(a, b)] * (2 * above + tied) + [(b, a)] * (2 * below + tied)
    theta = choix.ilsr_pairwise(n, data, alpha=0.0, max_iter=100_000, tol=1e-15)
    theta = theta - theta.mean()
    newton = choix.opt_pairwise(n, data, alpha=0.0, method="Newton-CG", tol=1e-14)
    newton = newton - newton.mean()
    assert np.max(np.abs(theta - newton)) < 1e-7, (theta, newton)

    # Standard errors: a binomial GLM, entrant 0 the reference (its strength fixed at 0).
    design = np.zeros((len(pairs), n - 1))
    outcome = np.zeros((len(pairs), 2))
    for row, (a, b, above, below, tied) in enumerate(pairs):
        if a > 0:
            design[row, a - 1] = 1.0
        if b > 0:
            design[row, b - 1] = -1.0
        outcome[row] = [above + tied / 2, below + tied / 2]
    glm = sm.GLM(outcome, design, family=sm.families.Binomial()).fit(tol=1e-14, maxiter=1000)
    reference = np.concatenate([[0.0], glm.params])
    assert np.max(np.abs((reference - reference.mean()) - theta)) < 1e-7
    cov = np.zeros((n, n))
    cov[1:, 1:] = glm.cov_params()
    centre = np.eye(n) - np.ones((n, n)) / n
    se = np.sqrt(np.diag(centre @ cov @ centre.T))

    with open(FIXTURE / "expected.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["entrant", "rating", "se"])
        for i in range(n):
            w.writerow([i, f"{ELO * theta[i]:.9f}", f"{ELO * se[i]:.9f}"])


if __name__ == "__main__":
    main()
