"""Prints the "Search strength" table of docs/researchers.md from the committed strength experiments.

Reads results/mcts-strength-GAME/pairwise.csv and bots.csv (and arctic-honesty's) and
prints, for each game, player count and line-up:

- the share of games the first bot won: one of its seats won the game, so it finished
  above every seat of the second (from bots.csv, whose win rate is per seat-game; with
  two seats each at 4 players a game is won by one side or the other), with its 95%
  Wilson interval;
- the share of seat pairs, one seat of each bot, in which the first scored above the
  second, with its 95% Wilson interval (as pairwise.csv gives it), and the share tied;
- the score share of those pairs with ties counted half, whose 95% interval is the
  normal approximation over the games' results (1, 1/2 or 0).

Standard library only:

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


def wilson(share, n, z=1.96):
    """The 95% Wilson score interval of a share of n trials."""
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def games_won(folder, pair):
    """The share of the line-up's games that one of pair's first bot's seats won."""
    path = RESULTS / folder / "bots.csv"
    for row in csv.DictReader(path.open()):
        if (row["players"], row["bots"], row["bot"]) == (pair["players"], pair["bots"], pair["bot"]):
            return float(row["win_rate"]) * int(row["games"]) / int(pair["games"])
    raise KeyError(f"{path}: no row for {pair['bot']} in {pair['bots']} at {pair['players']} players")


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
    print(
        "| game | players | first | second | games | games won by first (95% CI) "
        "| seat pairs: first above (95% CI) | tied | score share, ties half (95% CI) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for folder, prefix in RUNS:
        for r in rows(folder, prefix):
            n = int(r["games"])
            above, tied = float(r["share_above"]), float(r["share_tied"])
            below = 1.0 - above - tied
            score = above + tied / 2
            var = above * 1.0 + tied * 0.25 - score * score
            half = 1.96 * math.sqrt(max(var, 0.0) / n)
            won = games_won(folder, r)
            won_low, won_high = wilson(won, n)
            print(
                f"| {r['game']} | {r['players']} | `{r['bot']}` | `{r['opponent']}` | {n} | "
                f"{pct(won)} ({pct(won_low)}-{pct(won_high)}) | "
                f"{pct(above)} ({pct(float(r['ci_low']))}-{pct(float(r['ci_high']))}) | {pct(tied)} | "
                f"{pct(score)} ({pct(max(score - half, 0.0))}-{pct(min(score + half, 1.0))}) |"
            )
            assert below >= -1e-9


if __name__ == "__main__":
    main()
