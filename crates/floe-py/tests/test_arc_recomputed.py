"""How a game unfolds, recomputed: `floe replay` told in full prints every seat's standing
at each mark (`standings:` lines: the last is the final scores), every question put to a
seat with its answers, and every answer the engine gave itself to a question with one
answer (a line noting "(only answer)"), and from those
alone this test computes the eight measures of `--arc` again, in plain Python, straight
from their definitions in docs/statistics.md ("How a game unfolds"), and checks them
against the values `floe simulate --per-game --arc` wrote to games.csv.

Nothing here calls Floe's own computation: only its command line, as a reader would."""

from __future__ import annotations

import csv
import math
import re
import statistics
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from conftest import run_cli

MEASURES = [
    "lead_changes", "drama", "deficit", "decided_at",
    "comeback", "runaway", "real_choices", "branching",
]

#: A table whose games (of seed 11) include a shared win, which no winner-following
#: measure is defined for.
SHARED = ("goofspiel", 4, "random")
#: Every game at two tables, greedy bots and greedy mixed with random; and `SHARED`.
TABLES = [
    (game, players, bots)
    for game in ["arctic-race", "arctic", "north-pole", "goofspiel"]
    for players, bots in [(2, "greedy"), (3, "random,greedy,random")]
] + [SHARED]
GAMES = 12

_STANDING = re.compile(r"seat (\d+) (\S+?)(?:, |$)")
_WINNER = re.compile(r"  seat (\d+): .*  WINNER$")


def leader(mark: List[float]) -> Optional[int]:
    """The one seat whose standing is above every other's; none at a tie for the best."""
    best = max(mark)
    top = [seat for seat, v in enumerate(mark) if v == best]
    return top[0] if len(top) == 1 else None


def measures(marks: List[List[float]], answers: List[int], winner: Optional[int]) -> Dict:
    """The eight measures of a game from its marks (the first at the start), each
    question's number of answers and its sole winner (None at a shared win)."""
    out: Dict[str, Optional[float]] = dict.fromkeys(MEASURES)
    # Lead changes: over every mark, those without a leader skipped.
    leaders = [lead for lead in map(leader, marks) if lead is not None]
    out["lead_changes"] = sum(a != b for a, b in zip(leaders, leaders[1:]))
    choices = [a for a in answers if a >= 2]
    if answers:
        out["real_choices"] = len(choices) / len(answers)
    if choices:
        out["branching"] = sum(choices) / len(choices)
    after = marks[1:]  # the n marks after play began, the last at the end
    n = len(after)
    if winner is None or n == 0:
        return out
    leads = [leader(m) == winner for m in after]
    behind = [max(m) - m[winner] for m, led in zip(after, leads) if not led]
    out["drama"] = len(behind) / n
    if behind:
        out["deficit"] = sum(behind) / len(behind)
    # k / n, k the first of the marks 1..n from which the winner leads to the end.
    if leads[-1]:
        k = n
        while k > 1 and leads[k - 2]:
            k -= 1
        out["decided_at"] = k / n
    else:
        out["decided_at"] = 1.0
    half = after[math.ceil(n / 2) - 1]
    out["comeback"] = float(half[winner] < statistics.median(half))
    out["runaway"] = float(leader(half) == winner)
    return out


def told(text: str):
    """A full replay's marks, each question's number of answers, and its sole winner."""
    marks, answers, winners = [], [], []
    for line in text.splitlines():
        if line.startswith("standings: "):
            pairs = _STANDING.findall(line[len("standings: "):])
            assert [int(s) for s, _ in pairs] == list(range(len(pairs))), line
            marks.append([float(v) for _, v in pairs])
        elif " chooses among: " in line:
            answers.append(len(line.split(" chooses among: ", 1)[1].split(" | ")))
        elif "(only answer)" in line:
            answers.append(1)
        elif _WINNER.match(line):
            winners.append(int(_WINNER.match(line).group(1)))
    assert len(winners) <= 1
    return marks, answers, winners[0] if winners else None


def run_games(floe_cli: Path, out: Path, flags: List[str]) -> Dict[int, Dict[str, str]]:
    """Simulates the run of `flags` into `out` and returns games.csv's first row of each
    game (the measures are the game's, on every seat's row alike)."""
    done = run_cli(floe_cli, "simulate", *flags, "--per-game", "--arc", "--quiet",
                   "--out", str(out))
    assert done.returncode == 0, done.stderr
    rows: Dict[int, Dict[str, str]] = {}
    with open(out / "games.csv", newline="") as f:
        for row in csv.DictReader(f):
            rows.setdefault(int(row["game_index"]), row)
    return rows


@pytest.mark.parametrize("game,players,bots", TABLES)
def test_the_measures_recomputed_from_a_replay_are_games_csv(floe_cli, tmp_path, game,
                                                             players, bots):
    flags = ["--game", game, "--players", str(players), "--bots", bots, "--seed", "11",
             "--games", str(GAMES)]
    rows = run_games(floe_cli, tmp_path, flags)
    assert sorted(rows) == list(range(GAMES))

    def replay(index: int) -> str:
        done = run_cli(floe_cli, "replay", *flags, "--index", str(index))
        assert done.returncode == 0, done.stderr
        return done.stdout

    with ThreadPoolExecutor(max_workers=2) as pool:
        games = [told(text) for text in pool.map(replay, range(GAMES))]
    if (game, players, bots) == SHARED:
        assert any(winner is None for _, _, winner in games)
    for index, (marks, answers, winner) in enumerate(games):
        row = rows[index]
        assert all(len(m) == players for m in marks)
        # games.csv's winner: one seat alone, or none (a shared win) where the measures
        # that follow the winner are empty.
        assert (winner is None) == (row["drama"] == ""), f"game {index}"
        mine = measures(marks, answers, winner)
        for name in MEASURES:
            theirs = row[name]
            where = f"{game} {players}p {bots}, game {index}, {name}"
            if mine[name] is None:
                assert theirs == "", where
            else:
                # games.csv keeps 6 decimals: the same value rounded, within half a unit.
                assert theirs != "", where
                assert abs(mine[name] - float(theirs)) <= 5e-7 + 1e-12, (where, mine[name],
                                                                         theirs)


def test_a_seat_s_telling_shows_no_standings(floe_cli):
    flags = ["--game", "goofspiel", "--players", "3", "--seed", "11", "--index", "1"]
    full = run_cli(floe_cli, "replay", *flags).stdout
    seen = run_cli(floe_cli, "replay", *flags, "--seat", "1").stdout
    assert "\nstandings: " in full
    assert "standings" not in seen
