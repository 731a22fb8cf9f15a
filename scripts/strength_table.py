"""Prints the README's "Search strength" table from the committed strength experiments.

Reads results/mcts-strength-GAME/pairwise.csv (and arctic-honesty's) and prints, for each
game, player count and line-up, the share of games where the first bot scored above the
second with its 95% Wilson interval (as pairwise.csv gives it), the share tied, and the
score share with ties counted half, whose 95% interval is the normal approximation over
the games' results (1, 1/2 or 0). Standard library only:

    python3 scripts/strength_table.py
"""

import csv
import math
from pathlib import Path

RESULTS = Path(__file__).resolve().parent.parent / "results"
RUNS = [
    ("mcts-strength-arctic-race", "mcts:iters="),
    ("mcts-strength-arctic", "mcts:iters="),
    ("mcts-strength-north-pole", "mcts:iters="),
    ("arctic-honesty", "mcts:iters=1000"),
]


def pct(x):
    return f"{100 * x:.1f}%"


def rows(folder, first_prefix):
    """Yields each pair whose first bot's spec starts with first_prefix (the searcher)."""
    path = RESULTS / folder / "pairwise.csv"
    for row in csv.DictReader(path.open()):
        bot, opponent = row["bot"], row["opponent"]
        if not bot.startswith(first_prefix) or bot == opponent:
            continue
        if folder == "arctic-honesty" and "tree=open" in bot:
            continue
        yield row


def main():
    print("| game | players | first | second | games | first above (95% CI) | tied | score share, ties half (95% CI) |")
    print("|---|---|---|---|---|---|---|---|")
    for folder, prefix in RUNS:
        for r in rows(folder, prefix):
            n = int(r["games"])
            above, tied = float(r["share_above"]), float(r["share_tied"])
            below = 1.0 - above - tied
            score = above + tied / 2
            var = above * 1.0 + tied * 0.25 - score * score
            half = 1.96 * math.sqrt(max(var, 0.0) / n)
            print(
                f"| {r['game']} | {r['players']} | `{r['bot']}` | `{r['opponent']}` | {n} | "
                f"{pct(above)} ({pct(float(r['ci_low']))}-{pct(float(r['ci_high']))}) | {pct(tied)} | "
                f"{pct(score)} ({pct(max(score - half, 0.0))}-{pct(min(score + half, 1.0))}) |"
            )
            assert below >= -1e-9


if __name__ == "__main__":
    main()
